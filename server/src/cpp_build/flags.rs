//! The compiler's and the linker's flags: one list for `arena build` and the server, so that the
//! same source gives the same module on both.

/// Compiler flags for every source, after the target, sysroot and include directories.
pub const CXXFLAGS: &[&str] = &[
    // GCC's default dialect, which the kits are written for (GNU extensions included).
    "-std=gnu++17",
    // -O3, not the kits' -O2: measured on the reference players (scripts/bench-bot-speed.sh
    // flags; bot-sdk/README.md, "Speed"), the BFS-style ones burn 20-31% less fuel with the same
    // moves, the others the same; -flto added little more, -fno-exceptions nothing.
    "-O3",
    // Pre-C++17 library names that GCC's libstdc++ still offers in C++17 (random_shuffle,
    // bind1st, auto_ptr, unary_function...), so older kit code compiles unchanged.
    "-D_LIBCPP_ENABLE_CXX17_REMOVED_AUTO_PTR",
    "-D_LIBCPP_ENABLE_CXX17_REMOVED_BINDERS",
    "-D_LIBCPP_ENABLE_CXX17_REMOVED_RANDOM_SHUFFLE",
    "-D_LIBCPP_ENABLE_CXX17_REMOVED_UNARY_BINARY_FUNCTION",
    "-D_LIBCPP_DISABLE_DEPRECATION_WARNINGS",
    // `register int x;` is an error in clang's C++17, a warning in GCC's.
    "-Wno-register",
    // So is a narrowing conversion in braces (`int a[] = {x.size()}`, `vector<int> v = {d / 2}`).
    "-Wno-error=c++11-narrowing",
    // Declares clock(), times() and getrusage() without wasi-libc's deprecation notice (which
    // suggests an emulation library): the link then fails and says that bots may not read the time.
    "-D_WASI_EMULATED_PROCESS_CLOCKS",
];

/// Flags of the SDK's game-independent runtime only: its memset, memcpy and memmove use the
/// bulk-memory instructions for long lengths (a sixth of some BFS players' time was wasi-libc's
/// word loops), while the player's code keeps its small copies inline (with -mbulk-memory
/// everywhere, every variable-length copy becomes a call into the host, and some players ran
/// 5-10% slower). See `runtime/arena_runtime.cc`.
pub const RUNTIME_CXXFLAGS: &[&str] = &["-mbulk-memory"];

/// Link flags.
pub const LDFLAGS: &[&str] = &[
    // A WASI reactor: no main(); `_initialize` runs the static constructors, then the host calls
    // the ABI's exports.
    "-mexec-model=reactor",
    // A 1 MiB stack, placed first in memory so that an overflow traps instead of overwriting data.
    "-Wl,-z,stack-size=1048576",
    "-Wl,--stack-first",
    // No debug sections, but the name section stays: a freeze's backtrace names the functions.
    "-Wl,--strip-debug",
    // The stack pointer, exported so that the host can tell a stack overflow (the pointer below
    // the stack's bottom) from another out-of-bounds access.
    "-Wl,--export=__stack_pointer",
];

/// Library symbols that write to stdout, which freezes a bot; traced in the player's objects.
pub const STDOUT_SYMBOLS: &[(&str, &str)] = &[
    ("_ZNSt3__24coutE", "std::cout"),
    ("_ZNSt3__25wcoutE", "std::wcout"),
    ("printf", "printf"),
    ("vprintf", "vprintf"),
    ("puts", "puts"),
    ("putchar", "putchar"),
    ("stdout", "stdout"),
];
