//! The host calls of the bot ABI (`docs/bot-abi.md`, "Imports the bot may use").
//!
//! - On `wasm32`: the imports `arena.random`, `arena.orders`, `arena.fail` and
//!   `wasi_snapshot_preview1.fd_write` (fd 2 only).
//! - Elsewhere with the `native` feature: the engine's `WireTurn` of the round being played by a
//!   `arena_bot::native::NativeBot` (a thread-local set for the duration of one `play`); the log
//!   goes to the process's stderr.
//! - Elsewhere without `native`: [`random`] and [`orders`] panic (there is no host); the log goes
//!   to the process's stderr.
//!
//! Bots do not call these directly: [`crate::pandemic::Game`] wraps them.

/// A uniform integer in `l..=u` from the bot's own random stream. Panics if `l > u` (the host
/// would trap).
pub fn random(l: i32, u: i32) -> i32 {
    assert!(l <= u, "random({l}, {u}): the lower bound must not exceed the upper one");
    imp::random(l, u)
}

/// Gives order records (`records.len()` must be a multiple of the game's record size). Giving
/// more than 1000 in a round aborts the bot at once.
pub fn orders(records: &[u8], record_size: usize) {
    if records.is_empty() {
        return;
    }
    debug_assert_eq!(records.len() % record_size, 0);
    imp::orders(records, records.len() / record_size)
}

/// Stops the bot after a panic: the host freezes it (reason `trap`, "panicked") and shows `text`
/// to its owner. Only on wasm32; elsewhere the panic goes on as usual (the text to stderr).
pub fn fail_panic(text: &str) {
    imp::fail_panic(text)
}

/// Appends bytes to the bot's stderr (captured by the host, 64 KiB per match).
pub fn write_stderr(bytes: &[u8]) {
    if !bytes.is_empty() {
        imp::write_stderr(bytes)
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    #[link(wasm_import_module = "arena")]
    extern "C" {
        #[link_name = "random"]
        fn arena_random(l: i32, u: i32) -> i32;
        #[link_name = "orders"]
        fn arena_orders(ptr: *const u8, count: i32);
        #[link_name = "fail"]
        fn arena_fail(kind: i32, ptr: *const u8, len: i32) -> !;
    }

    /// `arena.fail`'s kind for a Rust panic (docs/bot-abi.md, "Freezes").
    const FAIL_PANIC: i32 = 1;

    pub fn fail_panic(text: &str) {
        // SAFETY: the host reads `text`, which is live; it never returns.
        unsafe { arena_fail(FAIL_PANIC, text.as_ptr(), text.len().min(i32::MAX as usize) as i32) }
    }

    /// A WASI `ciovec`: pointer and length, 32-bit each on wasm32.
    #[repr(C)]
    struct Ciovec {
        buf: *const u8,
        len: usize,
    }

    #[link(wasm_import_module = "wasi_snapshot_preview1")]
    extern "C" {
        fn fd_write(fd: i32, iovs: *const Ciovec, iovs_len: i32, nwritten: *mut usize) -> i32;
    }

    pub fn random(l: i32, u: i32) -> i32 {
        // SAFETY: a plain host call with integer arguments.
        unsafe { arena_random(l, u) }
    }

    pub fn orders(records: &[u8], count: usize) {
        // SAFETY: the host reads `count` records from `records`, which is live and long enough.
        unsafe { arena_orders(records.as_ptr(), count as i32) }
    }

    pub fn write_stderr(bytes: &[u8]) {
        let iov = Ciovec { buf: bytes.as_ptr(), len: bytes.len() };
        let mut written = 0usize;
        // SAFETY: one valid iovec over live bytes and a valid out-pointer. The host always
        // accepts writes to fd 2 whole, so the result is not looked at.
        unsafe {
            fd_write(2, &iov, 1, &mut written);
        }
    }
}

#[cfg(all(not(target_arch = "wasm32"), feature = "native"))]
mod imp {
    pub use crate::native_host::{orders, random};

    pub fn fail_panic(text: &str) {
        write_stderr(format!("{text}\n").as_bytes());
    }

    pub fn write_stderr(bytes: &[u8]) {
        use std::io::Write;
        let _ = std::io::stderr().write_all(bytes);
    }
}

#[cfg(all(not(target_arch = "wasm32"), not(feature = "native")))]
mod imp {
    const NO_HOST: &str = "arena_bot: no bot host here: the host calls exist only in a WebAssembly bot \
        (build with bot-sdk/build-bot.sh), or natively with the SDK's `native` feature \
        (arena_bot::native::NativeBot)";

    pub fn random(_l: i32, _u: i32) -> i32 {
        panic!("{NO_HOST}")
    }

    pub fn orders(_records: &[u8], _count: usize) {
        panic!("{NO_HOST}")
    }

    pub fn fail_panic(text: &str) {
        write_stderr(format!("{text}\n").as_bytes());
    }

    pub fn write_stderr(bytes: &[u8]) {
        use std::io::Write;
        let _ = std::io::stderr().write_all(bytes);
    }
}
