//! The wasmtime engine configuration. Everything that changes compiled code lives here, so the
//! compile worker (another process) builds exactly the same engine from [`EngineParams`].

use crate::host::MAX_TABLE_ELEMENTS;
use std::num::NonZeroUsize;
use wasmparser::WasmFeatures;
use wasmtime::{
    Config, InstanceAllocationStrategy, OptLevel, PoolingAllocationConfig, ProfilingStrategy, WasmBacktraceDetails,
};

/// Guard pages after each memory's reservation (wasmtime's default on 64-bit hosts).
const GUARD: u64 = 2 << 30;
/// A 32-bit memory's whole address space.
const FULL_RESERVATION: u64 = 4 << 30;
/// Tables per module (toolchains emit one; reference types allow a few).
const TABLES_PER_MODULE: u32 = 4;
/// Size of wasmtime's per-instance structure (grows with the number of functions and globals).
const INSTANCE_SIZE: usize = 8 << 20;
/// Bytes of each linear memory (and table) the pool keeps mapped when an instance ends, reset
/// to their initial contents in place instead of being given back to the kernel: the next
/// match's bot then takes no page faults there (issue 21: page faults, `madvise` and `mprotect`
/// were about 8% of the CPU of `arena run purge Demo Demo Demo Demo`). Costs up to this much
/// RAM per warm pool slot (at most wasmtime's 100 unused warm slots, plus those in use).
const KEEP_RESIDENT: usize = 4 << 20;
/// Frames kept in a trap's backtrace: a stack overflow would otherwise walk thousands.
const BACKTRACE_FRAMES: usize = 16;

/// The engine settings that must agree between the compiler and the runner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineParams {
    pub memory: usize,
    pub wasm_stack: usize,
}

/// The WebAssembly features a bot may use, for both the validator and the engine: WebAssembly 2.0
/// (SIMD included) plus tail calls, extended constants and the "lime" encodings LLVM emits.
/// Threads, relaxed SIMD, multi-memory, memory64, GC (and so `externref`) and exceptions are
/// off: the first two are nondeterministic, the others are not needed and widen the attack
/// surface (and wasmtime is built without GC support).
pub(crate) fn features() -> WasmFeatures {
    (WasmFeatures::WASM2
        | WasmFeatures::TAIL_CALL
        | WasmFeatures::EXTENDED_CONST
        | WasmFeatures::BULK_MEMORY_OPT
        | WasmFeatures::CALL_INDIRECT_OVERLONG)
        & !WasmFeatures::GC_TYPES
}

/// The memory reservation: the cap rounded up to whole wasm pages.
fn reservation(memory: usize) -> u64 {
    (memory as u64).div_ceil(65536) * 65536
}

/// The deterministic engine configuration, with or without the pooling allocator.
pub(crate) fn config(p: &EngineParams, pool_slots: Option<u32>) -> Config {
    let mut c = Config::new();
    // Determinism: fuel counts instructions, NaNs are canonical, no threads, no relaxed SIMD.
    c.consume_fuel(true)
        .epoch_interruption(true)
        .cranelift_nan_canonicalization(true)
        .cranelift_opt_level(OptLevel::Speed)
        .max_wasm_stack(p.wasm_stack)
        .wasm_backtrace_details(WasmBacktraceDetails::Disable)
        .wasm_backtrace_max_frames(NonZeroUsize::new(BACKTRACE_FRAMES))
        // Reserve the whole 4 GiB address space of a 32-bit memory plus a guard region: wasm
        // code then needs no explicit bounds checks (out-of-bounds accesses fault into the
        // guard), which made Null (view decoding) 8% and Dummy (BFS) twice as fast. It is
        // address space only (PROT_NONE), so even hundreds of slots cost no RAM; the memory cap
        // is enforced by the limiter.
        .memory_reservation(FULL_RESERVATION)
        .memory_reservation_for_growth(0)
        .memory_may_move(false)
        .memory_guard_size(GUARD);
    // For profiling bots with `perf` (`ARENA_PERF_MAP=1`): the JIT code's symbols go to
    // /tmp/perf-<pid>.map. Changes nothing a bot can observe.
    if std::env::var_os("ARENA_PERF_MAP").is_some_and(|v| !v.is_empty() && v != "0") {
        c.profiler(ProfilingStrategy::PerfMap);
    }
    let wanted = features();
    c.wasm_features(WasmFeatures::all() & !wanted, false);
    c.wasm_features(wanted, true);
    if let Some(slots) = pool_slots {
        let mut pool = PoolingAllocationConfig::new();
        pool.total_core_instances(slots)
            .total_memories(slots)
            .total_tables(slots)
            .max_memories_per_module(1)
            .max_memory_size(reservation(p.memory) as usize)
            .max_tables_per_module(TABLES_PER_MODULE)
            .table_elements(MAX_TABLE_ELEMENTS)
            .max_core_instance_size(INSTANCE_SIZE)
            .linear_memory_keep_resident(KEEP_RESIDENT)
            .table_keep_resident(KEEP_RESIDENT)
            // Reset only the pages the bot touched (Linux 6.7+; otherwise all of the above).
            .pagemap_scan(wasmtime::Enabled::Auto);
        c.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    }
    c
}
