//! Text output to the bot's stderr, which the host captures (64 KiB per bot per match, shown
//! with the match). Writing costs fuel (1 per byte plus 50 per call), so keep it for debugging.
//!
//! Use [`eprint!`](crate::eprint), [`eprintln!`](crate::eprintln) or [`log!`](macro@crate::log) (the
//! same as `eprintln!`). Each macro call formats into a reused buffer and makes one host call.
//! `std`'s own `eprintln!` prints nothing in a `wasm32-unknown-unknown` bot, and `println!`
//! (stdout) also prints nothing there: use these.

use std::cell::RefCell;
use std::fmt::{self, Write};

thread_local! {
    static LINE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Formats `args` (plus a newline if `newline`) and writes it to stderr in one host call.
/// What the macros call.
pub fn write(args: fmt::Arguments<'_>, newline: bool) {
    LINE.with(|line| match line.try_borrow_mut() {
        Ok(mut s) => {
            s.clear();
            let _ = s.write_fmt(args);
            if newline {
                s.push('\n');
            }
            crate::abi::write_stderr(s.as_bytes());
            // Do not keep a huge buffer around after one long message.
            if s.capacity() > 4096 {
                *s = String::new();
            }
        }
        // Logging from inside a `Display` being logged: format into a temporary buffer.
        Err(_) => {
            let mut s = String::new();
            let _ = s.write_fmt(args);
            if newline {
                s.push('\n');
            }
            crate::abi::write_stderr(s.as_bytes());
        }
    })
}

/// Like `std::eprint!`, to the bot's captured stderr.
#[macro_export]
macro_rules! eprint {
    ($($arg:tt)*) => {
        $crate::log::write(::core::format_args!($($arg)*), false)
    };
}

/// Like `std::eprintln!`, to the bot's captured stderr.
#[macro_export]
macro_rules! eprintln {
    () => {
        $crate::log::write(::core::format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::log::write(::core::format_args!($($arg)*), true)
    };
}

/// The same as [`eprintln!`](crate::eprintln): one line to the bot's captured stderr.
#[macro_export]
macro_rules! log {
    ($($arg:tt)*) => {
        $crate::eprintln!($($arg)*)
    };
}
