//! The backstops that bound what a bot costs in real time whatever its fuel says: the thread CPU
//! time and the wall clock (read with `Instant`), both checked at every epoch tick (10 ms) while
//! the bot's code runs, and a [`MatchStop`] that ends every bot of a match at once (a decided
//! sanity match, a cancelled match). Fuel stays the rule of the game; these only bound runaway code.
//!
//! Why thread CPU time (`CLOCK_THREAD_CPUTIME_ID` through `libc`, already a dependency): the
//! wall clock depends on the machine's load (a bot on a busy 2-core machine gets a fraction of a
//! core), the CPU time a thread spent does not, so the CPU bound costs a worker the same on an
//! idle and a loaded machine. The check runs in wasmtime's epoch callback, which runs on the
//! thread executing the bot, so the clock read is that bot's.

use engine::referee::{BotFailure, FreezeReason};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// CPU time of the calling thread, or `None` where the platform has no such clock.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: a plain system call writing into a local struct.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
        ok.then(|| Duration::new(ts.tv_sec.max(0) as u64, ts.tv_nsec.clamp(0, 999_999_999) as u32))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Ends every bot of a match that holds it: their next call, or the one running (within a tick),
/// freezes them with the given reason instead of running. Cheap to clone (shared).
#[derive(Clone, Default)]
pub struct MatchStop {
    inner: Arc<StopInner>,
}

#[derive(Default)]
struct StopInner {
    stopped: AtomicBool,
    why: Mutex<Option<String>>,
}

impl MatchStop {
    /// How the message of a bot frozen by a stop begins.
    pub const MESSAGE_PREFIX: &'static str = "stopped by the host: ";

    pub fn new() -> MatchStop {
        MatchStop::default()
    }

    /// Stops the match; the first reason given is the one the bots are frozen with.
    pub fn stop(&self, why: impl Into<String>) {
        let mut w = self.inner.why.lock().unwrap_or_else(PoisonError::into_inner);
        if w.is_none() {
            *w = Some(why.into());
        }
        self.inner.stopped.store(true, Ordering::Release);
    }

    pub fn is_stopped(&self) -> bool {
        self.inner.stopped.load(Ordering::Acquire)
    }

    /// The freeze a stopped match gives its bots.
    pub(crate) fn failure(&self) -> BotFailure {
        let why = self.inner.why.lock().unwrap_or_else(PoisonError::into_inner).clone();
        BotFailure {
            reason: FreezeReason::Cpu,
            message: format!("{}{}", Self::MESSAGE_PREFIX, why.unwrap_or_else(|| "the match was stopped".into())),
        }
    }
}

impl std::fmt::Debug for MatchStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatchStop").field("stopped", &self.is_stopped()).finish()
    }
}

/// What the epoch callback checks during one call into the bot (set before each call).
#[derive(Clone, Default)]
pub(crate) struct Deadlines {
    /// The instant at which the wall-clock backstop is reached (`None`: beyond `Instant`'s range).
    pub wall_until: Option<Instant>,
    /// The thread CPU time at which the CPU backstop is reached (`None`: no CPU clock).
    pub cpu_until: Option<Duration>,
    /// The CPU backstop's freeze, ready to return.
    pub cpu_failure: Option<BotFailure>,
    pub stop: Option<MatchStop>,
}

/// What the epoch callback decides at a tick.
pub(crate) enum Verdict {
    /// Run one more tick.
    Continue,
    /// The wall-clock backstop: wasmtime's epoch interrupt.
    Interrupt,
    /// The CPU backstop or a stop: the call ends with this freeze.
    Freeze(BotFailure),
}

impl Deadlines {
    /// The epoch callback's verdict at a tick.
    pub(crate) fn check(&self) -> Verdict {
        if let Some(stop) = self.stop.as_ref().filter(|s| s.is_stopped()) {
            return Verdict::Freeze(stop.failure());
        }
        if self.wall_until.is_some_and(|t| Instant::now() >= t) {
            return Verdict::Interrupt;
        }
        if let (Some(until), Some(now)) = (self.cpu_until, thread_cpu_time()) {
            if now >= until {
                let f = self.cpu_failure.clone().unwrap_or(BotFailure {
                    reason: FreezeReason::Cpu,
                    message: "ran past the CPU-time backstop".into(),
                });
                return Verdict::Freeze(f);
            }
        }
        Verdict::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_clock_advances_with_work_and_a_stop_keeps_its_first_reason() {
        if let Some(t0) = thread_cpu_time() {
            let mut x = 0u64;
            while thread_cpu_time().unwrap() < t0 + Duration::from_millis(5) {
                x = std::hint::black_box(x.wrapping_add(1));
            }
            assert!(x > 0);
        }
        let stop = MatchStop::new();
        assert!(!stop.is_stopped());
        stop.stop("first");
        stop.clone().stop("second");
        assert!(stop.is_stopped());
        assert_eq!(stop.failure().message, "stopped by the host: first");
    }
}
