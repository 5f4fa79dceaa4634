//! What the engine's fuzz targets share: a heap counter (to bound what one input makes the code
//! under test allocate) and the proptest settings (`ARENA_FUZZ_CASES` cases, divided per
//! property).
#![allow(dead_code)]

use proptest::test_runner::Config as ProptestConfig;

/// Counts the heap each thread holds, to bound what one input makes the code under test allocate.
pub mod heap {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    pub struct Counting;

    thread_local! {
        static LIVE: Cell<isize> = const { Cell::new(0) };
        static PEAK: Cell<isize> = const { Cell::new(0) };
    }

    fn grow(n: usize) {
        let _ = LIVE.try_with(|live| {
            let v = live.get() + n as isize;
            live.set(v);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(v)));
        });
    }

    fn shrink(n: usize) {
        let _ = LIVE.try_with(|live| live.set(live.get() - n as isize));
    }

    // SAFETY: every call goes to `System` unchanged; the counters are thread-local cells without
    // destructors, read with `try_with` so that no call can fail or unwind.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            // SAFETY: the caller's contract, passed on.
            let p = unsafe { System.alloc(layout) };
            if !p.is_null() {
                grow(layout.size());
            }
            p
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            // SAFETY: as above.
            let p = unsafe { System.alloc_zeroed(layout) };
            if !p.is_null() {
                grow(layout.size());
            }
            p
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: as above.
            unsafe { System.dealloc(ptr, layout) };
            shrink(layout.size());
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // SAFETY: as above.
            let p = unsafe { System.realloc(ptr, layout, new_size) };
            if !p.is_null() {
                shrink(layout.size());
                grow(new_size);
            }
            p
        }
    }

    /// Runs `f`; returns its result and the most heap this thread held during the call beyond what
    /// it held before.
    pub fn peak<R>(f: impl FnOnce() -> R) -> (R, usize) {
        let base = LIVE.with(Cell::get);
        PEAK.with(|p| p.set(base));
        let r = f();
        let peak = PEAK.with(Cell::get);
        (r, (peak - base).max(0) as usize)
    }
}

/// Settings for a property that takes `1/divisor` of the cases: `ARENA_FUZZ_CASES`, or
/// `default_cases` when it is unset.
pub fn config(default_cases: u32, divisor: u32) -> ProptestConfig {
    let cases = std::env::var("ARENA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default_cases);
    ProptestConfig { cases: (cases / divisor).max(1), max_shrink_iters: 2000, ..ProptestConfig::default() }
}
