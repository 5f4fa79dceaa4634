//! Budgets (`docs/bot-abi.md`, "Budgets and freezes") and the human formatting of sizes and
//! durations used in every message.

use std::time::Duration;

/// Fuel that stands for one second of CPU: what the median kit-style C++ reference player
/// (`bot-sdk/cpp/reference/pandemic`) burns in its wasm build for one second of its native
/// (g++ -O2) CPU time on identical matches: 3.07e10 measured by `arena calibrate` (3 runs:
/// 2.6e10 to 3.3e10; players from 0.9e10 to 3.8e10), 2.9e10 against the Jutge kit itself
/// (`docs/bot-abi.md`, "The CPU budget"). The default budget is one second per bot per match.
pub const FUEL_PER_SECOND: u64 = 30_000_000_000;

/// The pinned wasmtime version: fuel costs depend on it, so it is part of the rules and replays
/// record it.
pub const WASMTIME_VERSION: &str = "48.0.8";

/// Real CPU time (the bot thread's, `CLOCK_THREAD_CPUTIME_ID`) a bot may use per second of its
/// fuel budget before the CPU backstop freezes it: ten times the nominal second. The slowest
/// kit-style reference player (RefMultiBfs, 0.9e10 fuel per native second, `docs/bot-abi.md`
/// "The CPU budget") would spend a whole budget in about 3.3 native seconds, its wasm build in
/// somewhat more; `arena calibrate` prints how far each reference player's worst match stays
/// below this bound. A tight empty loop (`loop br 0`) costs about 15 s of CPU per budget.
pub const CPU_PER_BUDGET_SECOND: Duration = Duration::from_secs(10);

/// The smallest CPU backstop, whatever the budget (tiny test budgets still get a whole second).
pub const MIN_CPU_BACKSTOP: Duration = Duration::from_secs(1);

/// The CPU-time backstop for a fuel budget: [`CPU_PER_BUDGET_SECOND`] per [`FUEL_PER_SECOND`],
/// at least `MIN_CPU_BACKSTOP` (an unlimited budget, as `arena calibrate` uses, gets a bound
/// of centuries).
pub fn cpu_backstop(fuel: u64) -> Duration {
    let secs = fuel as f64 / FUEL_PER_SECOND as f64 * CPU_PER_BUDGET_SECOND.as_secs_f64();
    Duration::try_from_secs_f64(secs.min(1e10)).unwrap_or(Duration::MAX).max(MIN_CPU_BACKSTOP)
}

/// How often the epoch ticker advances the engine's epoch (the wall-clock backstop's resolution).
pub const TICK: Duration = Duration::from_millis(10);

const KIB: u64 = 1024;
const MIB: u64 = 1024 * 1024;

/// The limits a [`crate::Sandbox`] enforces. `memory`, `wasm_stack` and `max_instances` shape the
/// wasmtime engine and are fixed per sandbox; `fuel`, `wall_clock` and `stderr` are defaults that
/// [`crate::PlayerOptions`] may override per player (a per-competition setting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Fuel per bot per match (the CPU budget). Default one second: [`FUEL_PER_SECOND`].
    pub fuel: u64,
    /// Linear memory cap per bot, in bytes (initial or grown). Default 64 MiB.
    pub memory: usize,
    /// Wall-clock backstop per bot per match. Default 30 s: an honest bot that spends its whole
    /// budget in slow-running code (map-heavy C++ runs about 3e9 fuel per second here) takes
    /// about 10 s, and must never meet it.
    pub wall_clock: Duration,
    /// CPU-time backstop per bot per match (thread CPU time inside its calls). Default
    /// [`cpu_backstop`] of the default fuel: 10 s. [`crate::PlayerOptions::fuel`] without
    /// [`crate::PlayerOptions::cpu_time`] scales it with the budget.
    pub cpu_time: Duration,
    /// Largest accepted module, in bytes. Default 16 MiB.
    pub module_size: usize,
    /// CPU time a compilation may use, every compiler thread counted, when it runs in a child
    /// process ([`crate::CompileMode::Subprocess`]; enforced as the child's `RLIMIT_CPU`, whole
    /// seconds, rounded up). Default 10 s; a real bot compiles in well under a second. CPU time,
    /// not the wall clock, so that a loaded machine (a deadline's burst of uploads) refuses no
    /// module that an idle one accepts.
    pub compile_cpu: Duration,
    /// Wall-clock backstop of a compilation. In a child process it only catches a worker that
    /// waits instead of computing ([`Limits::compile_cpu`] bounds the work); in-process
    /// ([`crate::CompileMode::InProcess`], tests and the local runner) it is the only bound.
    /// Default 60 s.
    pub compile_timeout: Duration,
    /// Most memory a compilation may use, in bytes, when it runs in a child process
    /// ([`crate::CompileMode::Subprocess`]; enforced as the child's `RLIMIT_DATA`). Default
    /// 1 GiB; a real bot's compilation uses well under 200 MiB.
    pub compile_memory: usize,
    /// Stderr kept per bot per match (its head and its tail, repeated lines collapsed), in
    /// bytes. Default 64 KiB. A live sink ([`crate::PlayerOptions::on_stderr`]) sees more.
    pub stderr: usize,
    /// Native stack the bot's wasm may use, in bytes. Default 512 KiB.
    pub wasm_stack: usize,
    /// Bot instances alive at once (pooling allocator slots; a match holds 4). Default 512.
    pub max_instances: u32,
    /// Compiled modules kept in the cache. Default 64.
    pub max_cached_modules: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            fuel: FUEL_PER_SECOND,
            memory: 64 << 20,
            wall_clock: Duration::from_secs(30),
            cpu_time: cpu_backstop(FUEL_PER_SECOND),
            module_size: 16 << 20,
            compile_cpu: Duration::from_secs(10),
            compile_timeout: Duration::from_secs(60),
            compile_memory: 1 << 30,
            stderr: 64 << 10,
            wasm_stack: 512 << 10,
            max_instances: 512,
            max_cached_modules: 64,
        }
    }
}

/// `16 MiB`, `17.2 MiB`, `64 KiB`, `100 bytes`.
pub(crate) fn fmt_bytes(bytes: u64) -> String {
    let unit = |n: u64, u: u64, name: &str| {
        if n.is_multiple_of(u) {
            format!("{} {name}", n / u)
        } else {
            format!("{:.1} {name}", n as f64 / u as f64)
        }
    };
    if bytes >= MIB {
        unit(bytes, MIB, "MiB")
    } else if bytes >= KIB {
        unit(bytes, KIB, "KiB")
    } else {
        format!("{bytes} bytes")
    }
}

/// `10 s`, `2.5 s`, `200 ms`.
pub(crate) fn fmt_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms >= 1000 {
        if ms.is_multiple_of(1000) {
            format!("{} s", ms / 1000)
        } else {
            format!("{:.1} s", d.as_secs_f64())
        }
    } else if ms > 0 {
        format!("{ms} ms")
    } else {
        format!("{} µs", d.as_micros())
    }
}

/// The CPU time a fuel amount stands for, to three significant digits: `1 s`, `0.00333 s`.
pub(crate) fn fmt_fuel_seconds(fuel: u64) -> String {
    let s = fuel as f64 / FUEL_PER_SECOND as f64;
    let digits = if s >= 1.0 || s <= 0.0 { 2 } else { (2 - s.log10().floor() as i64).max(0) as usize };
    let text = format!("{s:.digits$}");
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { &text };
    format!("{text} s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_durations_read_well() {
        assert_eq!(fmt_bytes(16 << 20), "16 MiB");
        assert_eq!(fmt_bytes((17.2 * MIB as f64) as u64), "17.2 MiB");
        assert_eq!(fmt_bytes(64 << 10), "64 KiB");
        assert_eq!(fmt_bytes(12), "12 bytes");
        assert_eq!(fmt_duration(Duration::from_secs(10)), "10 s");
        assert_eq!(fmt_duration(Duration::from_millis(200)), "200 ms");
        assert_eq!(fmt_duration(Duration::from_millis(2500)), "2.5 s");
        assert_eq!(fmt_fuel_seconds(FUEL_PER_SECOND), "1 s");
        assert_eq!(fmt_fuel_seconds(100_000_000), "0.00333 s");
        assert_eq!(fmt_fuel_seconds(FUEL_PER_SECOND * 3 / 2), "1.5 s");
    }

    #[test]
    fn the_cpu_backstop_scales_with_the_budget() {
        assert_eq!(cpu_backstop(FUEL_PER_SECOND), CPU_PER_BUDGET_SECOND);
        assert_eq!(cpu_backstop(FUEL_PER_SECOND * 2), CPU_PER_BUDGET_SECOND * 2);
        assert_eq!(cpu_backstop(1000), MIN_CPU_BACKSTOP);
        assert!(cpu_backstop(u64::MAX / 8) > Duration::from_secs(1_000_000));
    }
}
