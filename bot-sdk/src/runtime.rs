//! What every game shares: reading views, the common setup header, the [`Driver`] a game module
//! implements, and the WebAssembly exports of the bot ABI (`docs/bot-abi.md`).
//!
//! Adding a game to the SDK: a module with its typed view and a `Driver` (decode the setup view's
//! game part once, then each round view, call the player, flush its orders), and an entry macro
//! that calls [`export_bot!`](crate::export_bot) with the game's marker export name
//! (`arena_game_<game>`) and the driver type. See [`crate::pandemic`].

use std::fmt;

/// The ABI version this SDK speaks (`arena_abi_v1`).
pub const ABI_VERSION: u32 = 1;

/// The number of players of every Arena game.
pub const NB_PLAYERS: usize = 4;

/// A view that does not follow the ABI's layout. The host is trusted, so this only happens on a
/// version mismatch; the bot then stops with this message (a trap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewError {
    /// What was being read, or what was wrong.
    pub what: &'static str,
    /// Byte offset in the view.
    pub at: usize,
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed view at byte {}: {}", self.at, self.what)
    }
}

impl std::error::Error for ViewError {}

/// Reads little-endian fields from a view, with bounds checks (never panics).
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, at: 0 }
    }

    /// The current offset.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// An error at the current offset.
    pub fn error(&self, what: &'static str) -> ViewError {
        ViewError { what, at: self.at }
    }

    /// The next `n` bytes; `what` names the field in the error.
    pub fn bytes(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], ViewError> {
        if n > self.remaining() {
            return Err(self.error(what));
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], ViewError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.bytes(N, what)?);
        Ok(a)
    }

    /// A `u32`.
    pub fn u32(&mut self, what: &'static str) -> Result<u32, ViewError> {
        self.array(what).map(u32::from_le_bytes)
    }

    /// An `i32`.
    pub fn i32(&mut self, what: &'static str) -> Result<i32, ViewError> {
        self.array(what).map(i32::from_le_bytes)
    }

    /// An `i64`.
    pub fn i64(&mut self, what: &'static str) -> Result<i64, ViewError> {
        self.array(what).map(i64::from_le_bytes)
    }

    /// An `f64`.
    pub fn f64(&mut self, what: &'static str) -> Result<f64, ViewError> {
        self.array(what).map(f64::from_le_bytes)
    }

    /// An `i32` count or id in `0..=max`.
    pub fn index(&mut self, max: usize, what: &'static str) -> Result<usize, ViewError> {
        let at = self.at;
        let v = self.i32(what)?;
        match usize::try_from(v) {
            Ok(v) if v <= max => Ok(v),
            _ => Err(ViewError { what, at }),
        }
    }

    /// Fails unless every byte was read.
    pub fn finish(&self) -> Result<(), ViewError> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(self.error("unexpected bytes after the end of the view"))
        }
    }
}

/// The common header of every setup view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The bot's player id (0..3).
    pub me: usize,
    /// The number of players (4).
    pub nb_players: usize,
}

/// Reads the common header of a setup view for `game` and returns it with a reader at the game
/// part.
pub fn read_header<'a>(setup: &'a [u8], game: &str) -> Result<(Header, Reader<'a>), ViewError> {
    let mut r = Reader::new(setup);
    if r.u32("ABI version")? != ABI_VERSION {
        return Err(ViewError { what: "ABI version: this SDK speaks version 1", at: 0 });
    }
    let n = r.u32("game name length")? as usize;
    if r.bytes(n, "game name")? != game.as_bytes() {
        return Err(ViewError { what: "game name: the bot was built for another game", at: 8 });
    }
    let me = r.u32("me")? as usize;
    let nb_players = r.u32("nb_players")? as usize;
    if nb_players != NB_PLAYERS || me >= nb_players {
        return Err(r.error("me or nb_players out of range"));
    }
    Ok((Header { me, nb_players }, r))
}

/// A game's side of the SDK: holds the decoded view and the player, and runs one round.
pub trait Driver: Sized {
    /// The game's name in the setup view (`pandemic`).
    const GAME: &'static str;

    /// Decodes the game part of the setup view (the reader is past the common header) and makes
    /// the player. Must read the whole rest of the view.
    fn start(header: Header, setup: &mut Reader<'_>) -> Result<Self, ViewError>;

    /// Decodes a round view, lets the player play and gives its orders to the host.
    fn play(&mut self, view: &[u8]) -> Result<(), ViewError>;

    /// Zero-copy rounds: the buffer the host may write round views into, if the driver keeps
    /// one (the SDK's games do: they read their views in place, see `crate::lazy`). Once the
    /// bot has started, `arena_alloc` hands the host this buffer (grown to the length asked),
    /// and each `arena_play` whose view lies at its start calls [`Driver::play_in_place`].
    fn view_buffer(&mut self) -> Option<&mut Vec<u8>> {
        None
    }

    /// As [`Driver::play`], for a view of `len` bytes already at the start of
    /// [`Driver::view_buffer`].
    fn play_in_place(&mut self, len: usize) -> Result<(), ViewError> {
        let _ = len;
        Err(ViewError { what: "this driver keeps no view buffer", at: 0 })
    }
}

/// Decodes a whole setup view for driver `D`.
pub fn start<D: Driver>(setup: &[u8]) -> Result<D, ViewError> {
    let (header, mut r) = read_header(setup, D::GAME)?;
    let d = D::start(header, &mut r)?;
    r.finish()?;
    Ok(d)
}

/// Exports the bot ABI's functions for driver type `$driver`, with the game marker `$marker`
/// (`arena_game_pandemic`). Only on `wasm32`: on other targets it expands to nothing, so several
/// bots can be linked into one native test binary. Used by the games' entry macros
/// ([`pandemic_bot!`](crate::pandemic_bot)); a bot does not call it directly.
#[macro_export]
macro_rules! export_bot {
    ($marker:ident, $driver:ty) => {
        #[cfg(target_arch = "wasm32")]
        const _: () = {
            static BOT: $crate::runtime::wasm::Slot<$driver> = $crate::runtime::wasm::Slot::new();

            /// Marker: this bot speaks ABI version 1.
            #[unsafe(no_mangle)]
            pub extern "C" fn arena_abi_v1() {}

            /// Marker: the game this bot plays.
            #[unsafe(no_mangle)]
            pub extern "C" fn $marker() {}

            /// A buffer of at least `len` bytes for the host to write a view into.
            #[unsafe(no_mangle)]
            pub extern "C" fn arena_alloc(len: i32) -> i32 {
                $crate::runtime::wasm::alloc(&BOT, len)
            }

            /// The setup view is at `ptr..ptr + len`.
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn arena_start(ptr: i32, len: i32) {
                // SAFETY: the host wrote the view there (ABI contract).
                unsafe { $crate::runtime::wasm::start(&BOT, ptr, len) }
            }

            /// The round view is at `ptr..ptr + len`.
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn arena_play(ptr: i32, len: i32) {
                // SAFETY: the host wrote the view there (ABI contract).
                unsafe { $crate::runtime::wasm::play(&BOT, ptr, len) }
            }
        };
    };
}

/// `panicked at src/lib.rs:8:22: <message>`: a panic in one line, for its owner.
pub fn panic_text(info: &std::panic::PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(a panic without a message)");
    match info.location() {
        Some(l) => format!("panicked at {}:{}:{}: {message}", l.file(), l.line(), l.column()),
        None => format!("panicked: {message}"),
    }
}

/// The WebAssembly side of the exports (what [`export_bot!`](crate::export_bot) calls).
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub mod wasm {
    use super::Driver;
    use std::cell::UnsafeCell;

    /// A global for single-threaded WebAssembly: the exports are never re-entered.
    pub struct Slot<T>(UnsafeCell<Option<T>>);

    // SAFETY: wasm32 bots run on one thread (threads are off in the host).
    unsafe impl<T> Sync for Slot<T> {}

    impl<T> Slot<T> {
        /// An empty slot.
        pub const fn new() -> Self {
            Slot(UnsafeCell::new(None))
        }

        /// SAFETY: no other reference to the content is live.
        #[allow(clippy::mut_from_ref)]
        unsafe fn get(&self) -> &mut Option<T> {
            unsafe { &mut *self.0.get() }
        }
    }

    static BUFFER: Slot<Vec<u8>> = Slot::new();

    /// `arena_alloc`: grows the view buffer to `len` bytes and returns its address. Before
    /// `arena_start` the buffer is the runtime's; once the bot has started, the driver's
    /// ([`Driver::view_buffer`]: the host writes round views straight into the game's buffer).
    pub fn alloc<D: Driver>(slot: &Slot<D>, len: i32) -> i32 {
        let len = usize::try_from(len).unwrap_or(0);
        // SAFETY: single-threaded; the host does not call exports re-entrantly.
        let driver_buf = unsafe { slot.get() }.as_mut().and_then(|d| d.view_buffer());
        // SAFETY: as above.
        let buf = match driver_buf {
            Some(b) => b,
            None => unsafe { BUFFER.get() }.get_or_insert_with(Vec::new),
        };
        if buf.len() < len {
            buf.resize(len, 0);
        }
        buf.as_mut_ptr() as i32
    }

    /// SAFETY: `ptr..ptr + len` must be readable (the host wrote a view there).
    unsafe fn view<'a>(ptr: i32, len: i32) -> &'a [u8] {
        let len = usize::try_from(len).unwrap_or(0);
        if len == 0 {
            return &[];
        }
        unsafe { std::slice::from_raw_parts(ptr as usize as *const u8, len) }
    }

    /// `arena_start`: installs the panic hook (a panic freezes the bot through `arena.fail`, with
    /// "panicked at src/lib.rs:8:22: <message>" for its owner), decodes the setup view and makes
    /// the player.
    ///
    /// SAFETY: as [`view`]; not re-entered.
    pub unsafe fn start<D: Driver>(slot: &Slot<D>, ptr: i32, len: i32) {
        std::panic::set_hook(Box::new(|info| crate::abi::fail_panic(&super::panic_text(info))));
        let setup = unsafe { view(ptr, len) };
        match super::start::<D>(setup) {
            Ok(mut d) => {
                // The host may write the first round view where it wrote the setup view: that
                // buffer becomes the driver's (the allocation moves with the Vec, not its bytes).
                if let Some(buf) = d.view_buffer() {
                    // SAFETY: single-threaded, not re-entered; `setup` is no longer used.
                    if let Some(runtime_buf) = unsafe { BUFFER.get() }.take() {
                        *buf = runtime_buf;
                    }
                }
                *unsafe { slot.get() } = Some(d)
            }
            Err(e) => panic!("arena_bot: setup view: {e}"),
        }
    }

    /// `arena_play`: one round.
    ///
    /// SAFETY: as [`view`]; not re-entered.
    pub unsafe fn play<D: Driver>(slot: &Slot<D>, ptr: i32, len: i32) {
        let Some(d) = (unsafe { slot.get() }) else {
            panic!("arena_bot: arena_play was called before arena_start");
        };
        let n = usize::try_from(len).unwrap_or(0);
        // The view is normally in the driver's own buffer (see `alloc`): read it in place.
        let in_place = d.view_buffer().is_some_and(|b| b.as_ptr() as usize == ptr as u32 as usize && n <= b.len());
        let r = if in_place {
            d.play_in_place(n)
        } else {
            let round = unsafe { view(ptr, len) };
            d.play(round)
        };
        if let Err(e) = r {
            panic!("arena_bot: round view: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_told_in_one_line_with_its_place() {
        use std::sync::{Arc, Mutex};
        let seen = Arc::new(Mutex::new(Vec::<String>::new()));
        let keep = seen.clone();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| keep.lock().unwrap().push(panic_text(info))));
        let v: Vec<i32> = Vec::new();
        let line = line!() + 1;
        let r = std::panic::catch_unwind(|| v[std::hint::black_box(3)]);
        let _ = std::panic::catch_unwind(|| std::panic::panic_any(7u8));
        std::panic::set_hook(previous);
        assert!(r.is_err());
        let seen = seen.lock().unwrap();
        let first = seen.iter().find(|t| t.contains("index out of bounds")).expect("the panic was seen");
        assert!(first.starts_with(&format!("panicked at {}:{line}:", file!())), "{first}");
        assert!(first.ends_with("index out of bounds: the len is 0 but the index is 3"), "{first}");
        assert!(seen.iter().any(|t| t.ends_with(": (a panic without a message)")), "{seen:?}");
    }

    #[test]
    fn reader_checks_bounds() {
        let mut r = Reader::new(&[1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 9]);
        assert_eq!(r.u32("a"), Ok(1));
        assert_eq!(r.i32("b"), Ok(-1));
        assert_eq!(r.i32("c"), Err(ViewError { what: "c", at: 8 }));
        assert_eq!(r.remaining(), 1);
        assert!(r.finish().is_err());
        assert_eq!(r.bytes(1, "d"), Ok(&[9u8][..]));
        assert!(r.finish().is_ok());
    }

    #[test]
    fn index_rejects_negative_and_large_values() {
        let bytes: Vec<u8> = [-1i32, 5, 6].iter().flat_map(|v| v.to_le_bytes()).collect();
        let mut r = Reader::new(&bytes);
        assert!(r.index(10, "neg").is_err());
        assert_eq!(r.index(5, "ok"), Ok(5));
        assert!(r.index(5, "big").is_err());
    }

    #[test]
    fn header_is_checked() {
        let mut v = Vec::new();
        for x in [1u32, 8] {
            v.extend_from_slice(&x.to_le_bytes());
        }
        v.extend_from_slice(b"pandemic");
        for x in [2u32, 4] {
            v.extend_from_slice(&x.to_le_bytes());
        }
        let (h, r) = read_header(&v, "pandemic").unwrap();
        assert_eq!(h, Header { me: 2, nb_players: 4 });
        assert_eq!(r.remaining(), 0);
        assert!(read_header(&v, "ork_island").is_err());
        v[0] = 2;
        assert!(read_header(&v, "pandemic").is_err());
    }
}
