//! What the host offers a bot: the `arena` imports, the WASI subset of `docs/bot-abi.md`, the
//! memory cap, and the per-instance state those need. Every host call is charged to the bot's
//! fuel: [`HOST_CALL_FUEL`] plus one per byte copied.

use crate::limits::fmt_bytes;
use crate::stderr_log::{Round, StderrLog};
use engine::referee::{BotFailure, FreezeReason, MAX_ORDERS_PER_ROUND};
use engine::wire::WireTurn;
use std::fmt;
use std::ptr::NonNull;
use std::sync::Arc;
use wasmtime::{Caller, Engine, Extern, Global, Linker, Memory, ResourceLimiter, Trap};

/// Fuel charged for every host call (either direction), on top of one per byte copied.
pub const HOST_CALL_FUEL: u64 = 50;

/// Entries a function table may have, initially or grown (C++ vtables and Rust trait objects
/// live there); the pooling allocator's table slot size.
pub(crate) const MAX_TABLE_ELEMENTS: usize = 100_000;

/// Receives a bot's stderr live, one line at a time (without the newline), with the round that
/// wrote it (`None`: before the first round).
pub type StderrSink = Arc<dyn Fn(Round, &str) + Send + Sync>;

/// A failure decided by the host (a bad call, the memory cap, the order cap): carried through
/// wasmtime as the trap's error and turned back into the freeze.
#[derive(Debug)]
pub(crate) struct Freeze(pub BotFailure);

impl fmt::Display for Freeze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Freeze {}

pub(crate) fn trap(message: impl Into<String>) -> wasmtime::Error {
    wasmtime::Error::new(Freeze(BotFailure { reason: FreezeReason::Trap, message: message.into() }))
}

/// The current round's [`WireTurn`], reachable from the host functions while `arena_play` runs.
///
/// Store data must be `'static`, the turn is a borrow: the pointer erases the lifetime. It is
/// set right before the call into the bot and cleared right after (by a drop guard, so a panic
/// clears it too), and host functions run synchronously on the same thread within that call,
/// while the borrow is live and otherwise unused.
#[derive(Clone, Copy)]
pub(crate) struct TurnPtr(NonNull<dyn WireTurn + 'static>);

// SAFETY: the pointer is only dereferenced on the thread that set it, during the call.
unsafe impl Send for TurnPtr {}

impl TurnPtr {
    pub(crate) fn new(turn: &mut dyn WireTurn) -> TurnPtr {
        let p: NonNull<dyn WireTurn + '_> = NonNull::from(turn);
        // SAFETY: only the lifetime changes; see the type's comment for why it is not outlived.
        TurnPtr(unsafe { std::mem::transmute::<NonNull<dyn WireTurn + '_>, NonNull<dyn WireTurn + 'static>>(p) })
    }

    /// # Safety
    /// Only while the borrow it was made from is live (during the guest call).
    unsafe fn get<'a>(self) -> &'a mut dyn WireTurn {
        // SAFETY: by the caller's contract.
        unsafe { &mut *self.0.as_ptr() }
    }
}

/// Refuses memory growth past the cap with an error, which makes `memory.grow` trap: the bot is
/// frozen with reason `memory` instead of seeing a failed allocation it might mishandle.
pub(crate) struct MemoryCap {
    pub cap: usize,
}

impl ResourceLimiter for MemoryCap {
    fn memory_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        if desired > self.cap {
            return Err(wasmtime::Error::new(Freeze(BotFailure {
                reason: FreezeReason::Memory,
                message: format!(
                    "tried to grow its memory to {}; the limit is {}",
                    fmt_bytes(desired as u64),
                    fmt_bytes(self.cap as u64)
                ),
            })));
        }
        Ok(true)
    }

    fn table_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        // A failed table.grow returns -1, as the spec allows; tables are not a budget of the ABI.
        Ok(desired <= MAX_TABLE_ELEMENTS)
    }
}

/// A bot's stderr while it runs: split into lines filed under the current round, kept in a
/// [`StderrLog`] (bounded), and optionally echoed live to a sink up to a (large) safety limit.
pub(crate) struct Stderr {
    pub log: StderrLog,
    /// The round the bot is playing (`None` before the first).
    pub round: Round,
    /// The unfinished last line.
    pending: Vec<u8>,
    live: Option<StderrSink>,
    live_limit: u64,
    live_sent: u64,
}

/// What a live stderr sink receives at most per bot per match by default: a safety limit far
/// above any debugging (the kept log has its own, smaller cap).
pub const LIVE_STDERR_LIMIT: u64 = 1 << 30;

/// The longest line: a longer one is cut into lines of this size.
pub const LINE_LIMIT: usize = 16 << 10;

/// The line a live sink gets when the bot's stderr goes over the safety limit.
pub fn live_limit_note(limit: u64) -> String {
    format!("[arena: stderr went over the safety limit of {} for one bot; the rest is not shown]", fmt_bytes(limit))
}

impl Stderr {
    pub(crate) fn new(cap: usize, live: Option<StderrSink>, live_limit: u64) -> Self {
        Stderr { log: StderrLog::new(cap), round: None, pending: Vec::new(), live, live_limit, live_sent: 0 }
    }

    fn write(&mut self, data: &[u8]) {
        let mut rest = data;
        while !rest.is_empty() {
            let room = LINE_LIMIT - self.pending.len();
            match rest.iter().take(room).position(|&b| b == b'\n') {
                Some(nl) => {
                    self.pending.extend_from_slice(&rest[..nl]);
                    rest = &rest[nl + 1..];
                    self.end_line();
                }
                None if rest.len() >= room => {
                    self.pending.extend_from_slice(&rest[..room]);
                    rest = &rest[room..];
                    self.end_line();
                }
                None => {
                    self.pending.extend_from_slice(rest);
                    rest = &[];
                }
            }
        }
    }

    /// Files the pending bytes as one line.
    fn end_line(&mut self) {
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        self.line(&text);
    }

    fn line(&mut self, text: &str) {
        self.log.push(self.round, text);
        if let Some(sink) = &self.live {
            if self.live_sent < self.live_limit {
                self.live_sent += text.len() as u64 + 1;
                sink(self.round, text);
                if self.live_sent >= self.live_limit {
                    sink(self.round, &live_limit_note(self.live_limit));
                }
            }
        }
    }

    /// Ends a call into the bot: an unfinished line is filed under this round.
    pub(crate) fn end_call(&mut self) {
        if !self.pending.is_empty() {
            self.end_line();
        }
    }

    /// Appends the freeze's detail as the last line (the log's tail keeps it, and the live sink
    /// gets it past its limit): the owner always reads why the bot stopped.
    pub(crate) fn write_final(&mut self, line: &str) {
        self.end_call();
        let text = format!("[arena] {line}");
        self.log.push(self.round, &text);
        if let Some(sink) = &self.live {
            sink(self.round, &text);
        }
    }
}

impl Drop for Stderr {
    fn drop(&mut self) {
        self.end_call();
    }
}

/// Per-instance host state (the wasmtime store's data).
pub(crate) struct Host {
    pub limiter: MemoryCap,
    /// The bot's memory, once instantiated (host calls from its start function look it up).
    pub memory: Option<Memory>,
    pub turn: Option<TurnPtr>,
    pub stderr: Stderr,
    /// What the bot said when it stopped itself (`arena.fail`), or what the host makes of a trap:
    /// the freeze's private detail, for the bot's owner only.
    pub detail: Option<String>,
    /// The exported `__stack_pointer` global (`arena build` and the Rust SDK export it) and its
    /// value at start, the stack's size when the stack is placed first: tells a stack overflow
    /// from another out-of-bounds access.
    pub stack: Option<(Global, u32)>,
    /// What the epoch callback checks during the current call (the backstops, the match stop).
    pub deadlines: crate::backstop::Deadlines,
}

/// The longest text `arena.fail` keeps.
pub const FAIL_TEXT_LIMIT: usize = 4096;

/// The public words for each `arena.fail` kind (docs/bot-abi.md, "Freezes"); the bot's own text
/// is the private detail.
pub fn fail_kind_words(kind: i32) -> &'static str {
    match kind {
        1 => "panicked",
        2 => "uncaught exception",
        3 => "assertion failed",
        4 => "abort() called",
        5 => "the SDK stopped the bot",
        _ => "stopped itself",
    }
}

/// Charges a host call: [`HOST_CALL_FUEL`] plus `bytes`. Not enough fuel puts the bot out of CPU.
pub(crate) fn charge(caller: &mut Caller<'_, Host>, bytes: u64) -> wasmtime::Result<()> {
    let cost = HOST_CALL_FUEL.saturating_add(bytes);
    let fuel = caller.get_fuel()?;
    if fuel < cost {
        caller.set_fuel(0)?;
        return Err(Trap::OutOfFuel.into());
    }
    caller.set_fuel(fuel - cost)
}

fn memory(caller: &mut Caller<'_, Host>) -> wasmtime::Result<Memory> {
    if let Some(m) = caller.data().memory {
        return Ok(m);
    }
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(trap("the module has no exported memory")),
    }
}

/// `data[ptr..ptr + len]`, or a trap naming the call.
fn range(data: &[u8], ptr: i32, len: u64, call: &str) -> wasmtime::Result<std::ops::Range<usize>> {
    let start = ptr as u32 as u64;
    let end = start.saturating_add(len);
    if end > data.len() as u64 {
        return Err(trap(format!(
            "{call}: bad pointer: bytes {start}..{end} are outside the bot's memory ({} bytes)",
            data.len()
        )));
    }
    Ok(start as usize..end as usize)
}

fn put_u32(data: &mut [u8], ptr: i32, v: u32, call: &str) -> wasmtime::Result<()> {
    let r = range(data, ptr, 4, call)?;
    data[r].copy_from_slice(&v.to_le_bytes());
    Ok(())
}

fn get_u32(data: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&data[at..at + 4]);
    u32::from_le_bytes(w)
}

const ERRNO_SUCCESS: i32 = 0;
const ERRNO_BADF: i32 = 8;
const ERRNO_SPIPE: i32 = 70;
const FILETYPE_CHARACTER_DEVICE: u8 = 2;
const RIGHTS_FD_READ: u64 = 1 << 1;
const RIGHTS_FD_WRITE: u64 = 1 << 6;
const WASI: &str = "wasi_snapshot_preview1";

/// The linker with every import the ABI allows (and nothing else).
pub(crate) fn linker(engine: &Engine) -> wasmtime::Result<Linker<Host>> {
    let mut l = Linker::new(engine);

    l.func_wrap("arena", "random", |mut caller: Caller<'_, Host>, lo: i32, hi: i32| -> wasmtime::Result<i32> {
        charge(&mut caller, 0)?;
        if lo > hi {
            return Err(trap(format!("random({lo}, {hi}): the lower bound is above the upper bound")));
        }
        let turn = caller.data().turn.ok_or_else(|| trap("arena.random was called outside arena_play"))?;
        // SAFETY: `turn` is set only during arena_play, which is running (see TurnPtr).
        Ok(unsafe { turn.get() }.random(lo, hi))
    })?;

    l.func_wrap("arena", "orders", |mut caller: Caller<'_, Host>, ptr: i32, count: i32| -> wasmtime::Result<()> {
        let turn = caller.data().turn.ok_or_else(|| trap("arena.orders was called outside arena_play"))?;
        if count < 0 {
            return Err(trap(format!("arena.orders: negative count {count}")));
        }
        // SAFETY: as above.
        let size = unsafe { turn.get() }.order_size() as u64;
        let len = count as u64 * size;
        charge(&mut caller, len)?;
        let mem = memory(&mut caller)?;
        let data = mem.data(&caller);
        let r = range(data, ptr, len, "arena.orders")?;
        // SAFETY: as above; `data` is the bot's memory, not part of the turn.
        unsafe { turn.get() }.orders(&data[r]).map_err(|_| {
            wasmtime::Error::new(Freeze(BotFailure {
                reason: FreezeReason::Orders,
                message: format!("gave more than {MAX_ORDERS_PER_ROUND} orders in one round"),
            }))
        })
    })?;

    l.func_wrap(
        "arena",
        "fail",
        |mut caller: Caller<'_, Host>, kind: i32, ptr: i32, len: i32| -> wasmtime::Result<()> {
            let words = fail_kind_words(kind);
            let take = (len.max(0) as usize).min(FAIL_TEXT_LIMIT);
            let text = memory(&mut caller).ok().and_then(|mem| {
                let data = mem.data(&caller);
                let r = range(data, ptr, take as u64, "arena.fail").ok()?;
                Some(String::from_utf8_lossy(&data[r]).into_owned())
            });
            let text = match text {
                Some(t) if kind == 2 => Some(crate::demangle::exception_text(&t)),
                t => t,
            };
            caller.data_mut().detail = Some(text.unwrap_or_else(|| words.to_string()));
            Err(trap(words))
        },
    )?;

    l.func_wrap(
        WASI,
        "fd_write",
        |mut caller: Caller<'_, Host>, fd: i32, iovs: i32, iovs_len: i32, nwritten: i32| -> wasmtime::Result<i32> {
            if fd == 1 {
                return Err(trap("wrote to stdout (fd 1): only stderr is allowed"));
            }
            if fd != 2 {
                charge(&mut caller, 0)?;
                return Ok(ERRNO_BADF);
            }
            let mem = memory(&mut caller)?;
            // Check every buffer and price the call before copying anything.
            let list_len = iovs_len as u32 as u64 * 8;
            let total = {
                let data = mem.data(&caller);
                let list = range(data, iovs, list_len, "fd_write")?;
                let mut total = 0u64;
                for iov in data[list].chunks_exact(8) {
                    let len = u64::from(get_u32(iov, 4));
                    range(data, get_u32(iov, 0) as i32, len, "fd_write")?;
                    total += len;
                }
                total
            };
            charge(&mut caller, list_len + total)?;
            let (data, host) = mem.data_and_store_mut(&mut caller);
            let list = range(data, iovs, list_len, "fd_write")?;
            for iov in data[list].chunks_exact(8) {
                let start = get_u32(iov, 0) as usize;
                let end = start.saturating_add(get_u32(iov, 4) as usize);
                // Checked above; memory cannot shrink in between.
                if let Some(bytes) = data.get(start..end) {
                    host.stderr.write(bytes);
                }
            }
            put_u32(data, nwritten, u32::try_from(total).unwrap_or(u32::MAX), "fd_write")?;
            Ok(ERRNO_SUCCESS)
        },
    )?;

    l.func_wrap(WASI, "fd_read", |mut caller: Caller<'_, Host>, _: i32, _: i32, _: i32, _: i32| {
        charge(&mut caller, 0).map(|_| ERRNO_BADF)
    })?;
    l.func_wrap(WASI, "fd_close", |mut caller: Caller<'_, Host>, fd: i32| {
        charge(&mut caller, 0).map(|_| if (0..=2).contains(&fd) { ERRNO_SUCCESS } else { ERRNO_BADF })
    })?;
    l.func_wrap(WASI, "fd_seek", |mut caller: Caller<'_, Host>, _: i32, _: i64, _: i32, _: i32| {
        charge(&mut caller, 0).map(|_| ERRNO_SPIPE)
    })?;
    l.func_wrap(WASI, "fd_fdstat_get", |mut caller: Caller<'_, Host>, fd: i32, buf: i32| -> wasmtime::Result<i32> {
        if !(0..=2).contains(&fd) {
            charge(&mut caller, 0)?;
            return Ok(ERRNO_BADF);
        }
        charge(&mut caller, 24)?;
        // struct fdstat: u8 filetype, u16 flags (at 2), u64 rights_base (at 8), u64 inheriting (at 16).
        let mut stat = [0u8; 24];
        stat[0] = FILETYPE_CHARACTER_DEVICE;
        stat[8..16].copy_from_slice(&(RIGHTS_FD_READ | RIGHTS_FD_WRITE).to_le_bytes());
        let mem = memory(&mut caller)?;
        let data = mem.data_mut(&mut caller);
        let r = range(data, buf, 24, "fd_fdstat_get")?;
        data[r].copy_from_slice(&stat);
        Ok(ERRNO_SUCCESS)
    })?;
    for name in ["environ_sizes_get", "args_sizes_get"] {
        l.func_wrap(WASI, name, move |mut caller: Caller<'_, Host>, count: i32, size: i32| -> wasmtime::Result<i32> {
            charge(&mut caller, 8)?;
            let mem = memory(&mut caller)?;
            let data = mem.data_mut(&mut caller);
            put_u32(data, count, 0, name)?;
            put_u32(data, size, 0, name)?;
            Ok(ERRNO_SUCCESS)
        })?;
    }
    for name in ["environ_get", "args_get"] {
        l.func_wrap(WASI, name, |mut caller: Caller<'_, Host>, _: i32, _: i32| {
            charge(&mut caller, 0).map(|_| ERRNO_SUCCESS)
        })?;
    }
    l.func_wrap(WASI, "proc_exit", |_: Caller<'_, Host>, code: i32| -> wasmtime::Result<()> {
        Err(trap(format!("exit({code})")))
    })?;
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn stderr_lines_carry_their_round_and_stop_live_at_the_safety_limit() {
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let l = lines.clone();
        let sink: StderrSink = Arc::new(move |r: Round, s: &str| l.lock().unwrap().push(format!("{r:?} {s}")));
        let mut e = Stderr::new(1 << 10, Some(sink), 12);
        e.write(b"ab\ncd");
        e.write(b"ef\n");
        e.round = Some(0);
        e.write(b"0123456789\nlost");
        e.end_call();
        e.write_final("frozen");
        assert_eq!(
            *lines.lock().unwrap(),
            [
                "None ab",
                "None cdef",
                "Some(0) 0123456789",
                &format!("Some(0) {}", live_limit_note(12)),
                "Some(0) [arena] frozen"
            ]
        );
        // The log keeps everything within its own cap.
        assert_eq!(e.log.render().text, "ab\ncdef\n0123456789\nlost\n[arena] frozen\n");
    }

    #[test]
    fn a_long_line_is_cut_at_the_line_limit() {
        let mut e = Stderr::new(1 << 20, None, u64::MAX);
        e.write(&vec![b'x'; LINE_LIMIT + 5]);
        e.end_call();
        let lines: Vec<usize> = e.log.head().iter().map(|l| l.text.len()).collect();
        assert_eq!(lines, [LINE_LIMIT, 5]);
    }
}
