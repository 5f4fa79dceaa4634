//! The Arena sandbox: runs players' WebAssembly bots under the bot ABI (`docs/bot-abi.md`) with
//! deterministic CPU budgets, a memory cap, and CPU-time and wall-clock backstops.
//!
//! Why wasmtime: it meters execution with *fuel* (an instruction count, so a bot's CPU use is
//! the same on every machine and under any load, which keeps matches reproducible), interrupts
//! runaway code with *epochs* (the wall-clock backstop for instructions that are slow rather
//! than many), caps memory through a resource limiter, compiles ahead of time with Cranelift
//! (near-native speed) and instantiates from a pooling allocator in microseconds. The
//! version is pinned exactly ([`WASMTIME_VERSION`]): fuel costs are part of the rules.
//!
//! Design:
//! - [`Sandbox`]: one engine configured for determinism (fuel, NaN canonicalisation, no threads,
//!   no relaxed SIMD, one memory, bounded wasm stack), a pool of instance slots, an epoch ticker
//!   thread, and a cache of compiled modules keyed by the sha256 of their bytes; optionally a
//!   [`ModuleCache`] on disk, so that each bot compiles once per machine, not once per process.
//! - [`Sandbox::load`]: static checks with wasmparser first ([`LoadError`] says what is wrong and
//!   the limit), then compilation under a timeout, in-process or in a killable child process
//!   ([`CompileMode`], [`compile_worker_main`]).
//! - [`BotModule::player`]: an [`engine::wire::SharedFactory`] for the catalog and a [`BotLog`]
//!   to read each bot's stderr, exact fuel and freeze afterwards.
//! - [`WasmBot`]: one instance per bot per match, created lazily at the first round under the
//!   fuel budget; per round, one copy of the view into the bot's buffer and one call.
//! - [`mod@bench`]: the host-overhead figures `arena bench` prints.

mod backstop;
pub mod bench;
mod bot;
mod check;
mod compile;
mod config;
mod demangle;
mod host;
mod limits;
pub mod module_cache;
mod sandbox;
pub mod stderr_log;

pub use backstop::{thread_cpu_time, MatchStop};
pub use bot::{BotLog, BotReport, PlayerOptions, WasmBot, WasmFactory};
pub use check::{LoadError, ModuleInfo};
pub use compile::{compile_worker_main, CompileMode};
pub use host::{fail_kind_words, live_limit_note, StderrSink, HOST_CALL_FUEL, LINE_LIMIT, LIVE_STDERR_LIMIT};
pub use limits::{cpu_backstop, Limits, CPU_PER_BUDGET_SECOND, FUEL_PER_SECOND, TICK, WASMTIME_VERSION};
pub use module_cache::{ModuleCache, ModuleCacheError, ModuleCacheStats};
pub use sandbox::{BotModule, ModuleSource, Sandbox, SandboxError};
pub use stderr_log::{RenderedStderr, Round, StderrLog};

// Shared across match threads.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Sandbox>();
    shareable::<BotModule>();
    shareable::<BotLog>();
    const fn sendable<T: Send>() {}
    sendable::<WasmBot>();
};
