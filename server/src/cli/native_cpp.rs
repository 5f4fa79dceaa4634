//! A native host for C++ players: the same kit-style player `arena build` compiles to wasm,
//! compiled instead by the host's C++ compiler into a shared object and played in-process, with
//! each call's thread CPU time measured. `arena calibrate` plays one match with both builds of
//! a player and divides the fuel the wasm build burned by the native CPU seconds, which is what
//! the CPU budget's unit (`sandbox::FUEL_PER_SECOND`) must mean: one second of native CPU for
//! kit-style C++.
//!
//! **Build.** The player's sources, the SDK's game-independent runtime
//! (`runtime/arena_runtime.cc`), the game's `arena_main.cc` and `runtime/native_host.cc` (which
//! defines the ABI's host imports natively, calling back into this module) are compiled in one
//! command by `$ARENA_NATIVE_CXX`, else `g++`, else `c++`, with the kits' `-std=gnu++17 -O2`,
//! into a `.so` cached by content hash next to `arena build`'s SDK cache
//! (`~/.cache/arena/native-cpp/`). libstdc++ and libgcc are linked statically and every symbol
//! but the native host's entry points is hidden (and GNU unique symbols are off): each loaded
//! copy of the object then has its own globals, streams included.
//!
//! **Instances.** The SDK's runtime keeps its state in globals (the player, the view buffer, the
//! order buffer), so each bot instance loads its own copy of the `.so` (a fresh file in a private
//! temporary directory, removed once loaded: `dlopen` of a path already loaded would return the
//! same copy). Four instances of one player in one match are four copies; every match loads
//! fresh ones. (What the C library itself keeps globally, such as `rand()`'s state, is still
//! shared between copies, and natively is glibc's rather than wasi-libc's.)
//!
//! **Calls.** As the sandbox does for a wasm bot ([`sandbox::WasmFactory`]), the host gets a
//! view buffer from the bot's `arena_alloc` (again only when a view is longer), copies the view
//! into it and calls `arena_start` / `arena_play`; `random(l, u)` and the order records go to the
//! round's [`WireTurn`]. The calls go through `native_host.cc`'s wrappers, which catch every C++
//! exception and return a status: nothing unwinds across the boundary, either way (the Rust
//! callbacks catch panics too). A bot that fails (`arena_host_fail`, an uncaught exception, a
//! refused host call) is frozen with reason `trap` like its wasm build; one that calls `abort()`
//! or crashes natively takes the process with it, which is why this host is for measuring
//! trusted reference players, never for uploads.
//!
//! **Time.** Each call into the bot is timed with `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, the
//! CPU time of the calling thread (the bot runs on it), and summed per instance in its
//! [`NativeReport`]. Native bots have no budget: their CPU share is always 0.
//!
//! The object is loaded with the `libloading` crate: a small, widely used safe wrapper around
//! `dlopen`/`dlsym`/`dlclose` (and Windows' equivalents) that ties each symbol to the library's
//! lifetime and turns loader errors into messages, which is all this needs.

use anyhow::{bail, Context};
use arena::cpp_build::sdk::{self as build_sdk, cache_root, Fnv, SdkDir, WorkDir};
use arena::cpp_build::toolchain::find_in_path;
use arena::cpp_build::{self as build, show_command};
use engine::referee::{BotFailure, FreezeReason, MAX_ORDERS_PER_ROUND};
use engine::wire::{WireBot, WireBotFactory, WireTurn};
use sha2::{Digest, Sha256};
use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Compiler flags of a native build (`-fPIC -shared` and the link flags come after).
const NATIVE_CXXFLAGS: &[&str] = &[
    // What the kits compile with.
    "-std=gnu++17",
    "-O2",
    // The SDK's wasm attributes (export_name, import_module) mean nothing natively.
    "-Wno-attributes",
    // Only the native host's entry points are exported; the rest binds inside the object.
    "-fvisibility=hidden",
];

/// GNU-only: inline variables and template statics would otherwise be `STB_GNU_UNIQUE`, shared by
/// every copy of the object in the process whatever `dlopen` was asked.
const GNU_ONLY_FLAGS: &[&str] = &["-fno-gnu-unique"];

/// Link flags: a self-contained object (own libstdc++), nothing left undefined, and every
/// reference to a symbol the object defines bound inside it (-Bsymbolic: native_host.cc's abort()
/// and __assert_fail, which the C library's headers declare with default visibility).
const NATIVE_LDFLAGS: &[&str] = &[
    "-fPIC",
    "-shared",
    "-static-libstdc++",
    "-static-libgcc",
    "-Wl,--exclude-libs,ALL",
    "-Wl,-z,defs",
    "-Wl,-Bsymbolic",
];

/// Captured stderr per bot instance, as the sandbox's default.
const STDERR_CAP: usize = 64 << 10;

/// The native C++ compiler.
struct NativeToolchain {
    cxx: PathBuf,
    /// `cxx --version`, part of the cache key.
    version: String,
    gnu: bool,
}

impl NativeToolchain {
    fn find() -> anyhow::Result<NativeToolchain> {
        let from_env = std::env::var_os("ARENA_NATIVE_CXX").filter(|v| !v.is_empty());
        let cxx = match &from_env {
            Some(c) => PathBuf::from(c),
            None => ["g++", "c++"].iter().find_map(|n| find_in_path(n)).ok_or_else(|| {
                anyhow::anyhow!(
                    "no native C++ compiler: neither g++ nor c++ is in PATH (sudo apt-get install g++, \
                     or set ARENA_NATIVE_CXX)"
                )
            })?,
        };
        let out = Command::new(&cxx).arg("--version").output().with_context(|| {
            format!(
                "cannot run the native C++ compiler {}{}",
                cxx.display(),
                if from_env.is_some() { " (ARENA_NATIVE_CXX)" } else { "" }
            )
        })?;
        if !out.status.success() {
            bail!("{} --version failed: {}", cxx.display(), String::from_utf8_lossy(&out.stderr).trim());
        }
        let version = String::from_utf8_lossy(&out.stdout).into_owned();
        let gnu = !version.contains("clang");
        Ok(NativeToolchain { cxx, version, gnu })
    }

    fn flags(&self) -> Vec<&'static str> {
        let mut f: Vec<&str> = NATIVE_CXXFLAGS.to_vec();
        if self.gnu {
            f.extend(GNU_ONLY_FLAGS);
        }
        f.extend(NATIVE_LDFLAGS);
        f
    }
}

/// A player's native build: a shared object on disk that each instance copies and loads.
pub struct NativeBuild {
    path: PathBuf,
    /// `native-cpp:sha256:<hex>` of the object.
    hash: String,
    /// The build directory, when there is no cache to keep the object in.
    _work: Option<WorkDir>,
}

/// Compiles a player's sources (`AIName.cc` first) for `game` natively into a shared object, or
/// finds it in the cache.
pub fn build_native(files: &[PathBuf], game: &str, verbose: bool) -> anyhow::Result<NativeBuild> {
    let sdk_game = build_sdk::sdk_for(game)?;
    build::check_sources(files)?;
    let names = build::file_names(files);
    let tc = NativeToolchain::find()?;
    let work = WorkDir::new()?;
    let sdk = SdkDir::prepare(sdk_game, &work)?;

    let mut key = Fnv::new();
    key.add(b"arena-native-cpp-1");
    key.add(env!("CARGO_PKG_VERSION").as_bytes());
    key.add(tc.cxx.as_os_str().as_encoded_bytes());
    key.add(tc.version.as_bytes());
    for f in tc.flags() {
        key.add(f.as_bytes());
    }
    key.add(sdk_game.name.as_bytes());
    // The SDK's directory is named by the hash of its files (in the cache).
    key.add(sdk.dir.as_os_str().as_encoded_bytes());
    let mut dirs: Vec<PathBuf> = Vec::new();
    for f in files {
        let text = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        key.add(&text);
        let dir = f.parent().map(Path::to_path_buf).unwrap_or_default();
        if !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    // Headers next to the sources, which they may include.
    for d in &dirs {
        let dir = if d.as_os_str().is_empty() { Path::new(".") } else { d.as_path() };
        let mut headers: Vec<PathBuf> =
            std::fs::read_dir(dir).map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
        headers.retain(|p| {
            matches!(p.extension().and_then(|e| e.to_str()), Some("h" | "hh" | "hpp" | "hxx" | "inc")) && p.is_file()
        });
        headers.sort();
        for h in headers {
            key.add(h.as_os_str().as_encoded_bytes());
            key.add(&std::fs::read(&h).unwrap_or_default());
        }
    }
    let stem = files[0].file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let file = format!("{}-{stem}-{:016x}.so", sdk_game.dir, key.finish());

    let cached = cache_root().map(|r| r.join("native-cpp")).filter(|d| std::fs::create_dir_all(d).is_ok());
    if let Some(dir) = &cached {
        let path = dir.join(&file);
        if path.is_file() {
            return finish(path, None);
        }
    }
    let tmp = work.path.join(&file);
    let mut cmd = Command::new(&tc.cxx);
    cmd.arg("-isystem").arg(sdk.dir.join(sdk_game.dir));
    cmd.arg("-isystem").arg(sdk.dir.join("include"));
    cmd.args(tc.flags());
    cmd.args(files);
    cmd.arg(sdk.dir.join("runtime/arena_runtime.cc"));
    cmd.arg(sdk.dir.join(sdk_game.dir).join("arena_main.cc"));
    cmd.arg(sdk.dir.join("runtime/native_host.cc"));
    cmd.arg("-o").arg(&tmp);
    if verbose {
        eprintln!("+ {}", show_command(&cmd));
    }
    let status = cmd.status().with_context(|| format!("cannot run {}", tc.cxx.display()))?;
    if !status.success() {
        bail!("{names} did not compile natively with {} (the compiler's messages are above)", tc.cxx.display());
    }
    match cached {
        Some(dir) => {
            let path = dir.join(&file);
            // A rename within one file system: a concurrent build never sees half an object.
            let staged = dir.join(format!("{file}.tmp-{}", std::process::id()));
            std::fs::copy(&tmp, &staged).with_context(|| format!("cannot write {}", staged.display()))?;
            std::fs::rename(&staged, &path).with_context(|| format!("cannot write {}", path.display()))?;
            finish(path, None)
        }
        None => finish(tmp, Some(work)),
    }
}

fn finish(path: PathBuf, work: Option<WorkDir>) -> anyhow::Result<NativeBuild> {
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let hash = format!("native-cpp:sha256:{:x}", Sha256::digest(&bytes));
    Ok(NativeBuild { path, hash, _work: work })
}

/// What one native bot instance (one seat of one match) did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NativeReport {
    pub name: String,
    /// Thread CPU time spent inside the bot's calls (`arena_alloc`, `arena_start`, `arena_play`).
    pub cpu: Duration,
    /// Wall-clock time spent inside them.
    pub busy: Duration,
    /// `arena_play` calls that returned normally.
    pub rounds: u32,
    /// The bot's std::cerr / std::clog, up to 64 KiB.
    pub stderr: Vec<u8>,
    pub stderr_truncated: bool,
    pub frozen: Option<BotFailure>,
}

type Slot = Arc<Mutex<NativeReport>>;

/// The caller's handle on a native player's instances: one [`NativeReport`] per instance.
#[derive(Clone, Default)]
pub struct NativeLog {
    runs: Arc<Mutex<Vec<Slot>>>,
}

impl NativeLog {
    /// The latest instance's report.
    pub fn report(&self) -> Option<NativeReport> {
        let runs = self.runs.lock().unwrap_or_else(PoisonError::into_inner);
        runs.last().map(|r| r.lock().unwrap_or_else(PoisonError::into_inner).clone())
    }
}

/// Makes a [`NativeBot`] per match for one player.
pub struct NativeFactory {
    build: Arc<NativeBuild>,
    name: String,
    log: NativeLog,
}

impl NativeFactory {
    pub fn new(build: Arc<NativeBuild>, name: &str) -> (NativeFactory, NativeLog) {
        let log = NativeLog::default();
        (NativeFactory { build, name: name.to_string(), log: log.clone() }, log)
    }
}

impl WireBotFactory for NativeFactory {
    fn name(&self) -> &str {
        &self.name
    }
    fn create(&self, _game: &'static str) -> Box<dyn WireBot> {
        let report = Arc::new(Mutex::new(NativeReport { name: self.name.clone(), ..NativeReport::default() }));
        self.log.runs.lock().unwrap_or_else(PoisonError::into_inner).push(report.clone());
        Box::new(NativeBot {
            build: self.build.clone(),
            name: self.name.clone(),
            report,
            live: None,
            cpu: Duration::ZERO,
            busy: Duration::ZERO,
            rounds: 0,
            failure: None,
        })
    }
}

// The callbacks' and entry points' types, as native_host.cc declares them.
type RandomFn = extern "C" fn(*mut c_void, i32, i32, *mut i32) -> i32;
type OrdersFn = extern "C" fn(*mut c_void, *const c_void, i32) -> i32;
type FailFn = extern "C" fn(*mut c_void, i32, *const c_char, i32);
type StderrFn = extern "C" fn(*mut c_void, *const c_char, i32);
type BindFn = unsafe extern "C" fn(*mut c_void, RandomFn, OrdersFn, FailFn, StderrFn);
type UnbindFn = unsafe extern "C" fn();
type AllocFn = unsafe extern "C" fn(i32, *mut *mut u8) -> i32;
type CallFn = unsafe extern "C" fn(*const u8, i32) -> i32;

/// What the callbacks see: the round's turn while `arena_play` runs, and what they report.
struct Ctx {
    turn: Option<NonNull<dyn WireTurn + 'static>>,
    failure: Option<BotFailure>,
    stderr: Vec<u8>,
    stderr_truncated: bool,
}

impl Ctx {
    fn stop(&mut self, reason: FreezeReason, message: String) {
        if self.failure.is_none() {
            self.failure = Some(BotFailure { reason, message });
        }
    }
}

/// Runs a callback's body with the context, turning a panic into a stopped bot (a panic must
/// not unwind into C++).
fn with_ctx<R>(ctx: *mut c_void, stopped: R, f: impl FnOnce(&mut Ctx) -> R) -> R {
    if ctx.is_null() {
        return stopped;
    }
    // SAFETY: `ctx` is the `Ctx` the bot was bound to (a live Box, see `Live`); the bot calls back
    // only during a call the host makes, on the host's thread, while nothing else touches it.
    let ctx = unsafe { &mut *ctx.cast::<Ctx>() };
    match catch_unwind(AssertUnwindSafe(|| f(&mut *ctx))) {
        Ok(r) => r,
        Err(_) => {
            ctx.stop(FreezeReason::Trap, "the native host panicked in a callback".into());
            stopped
        }
    }
}

extern "C" fn cb_random(ctx: *mut c_void, l: i32, u: i32, out: *mut i32) -> i32 {
    with_ctx(ctx, 1, |ctx| {
        if l > u {
            ctx.stop(FreezeReason::Trap, format!("random({l}, {u}): the lower bound is above the upper bound"));
            return 1;
        }
        let Some(mut turn) = ctx.turn else {
            ctx.stop(FreezeReason::Trap, "arena.random was called outside arena_play".into());
            return 1;
        };
        // SAFETY: `turn` is set only while arena_play runs (see `NativeBot::round`); `out` is the
        // C++ caller's local.
        unsafe { *out = turn.as_mut().random(l, u) };
        0
    })
}

extern "C" fn cb_orders(ctx: *mut c_void, records: *const c_void, count: i32) -> i32 {
    with_ctx(ctx, 1, |ctx| {
        let Some(mut turn) = ctx.turn else {
            ctx.stop(FreezeReason::Trap, "arena.orders was called outside arena_play".into());
            return 1;
        };
        if count < 0 || (count > 0 && records.is_null()) {
            ctx.stop(FreezeReason::Trap, format!("arena.orders: bad records ({count} at {records:?})"));
            return 1;
        }
        // SAFETY: as in cb_random; the SDK passes `count` records of the game's size at `records`.
        let turn = unsafe { turn.as_mut() };
        let len = count as usize * turn.order_size();
        let bytes: &[u8] = if len == 0 { &[] } else { unsafe { std::slice::from_raw_parts(records.cast(), len) } };
        match turn.orders(bytes) {
            Ok(()) => 0,
            Err(_) => {
                ctx.stop(FreezeReason::Orders, format!("gave more than {MAX_ORDERS_PER_ROUND} orders in one round"));
                1
            }
        }
    })
}

extern "C" fn cb_fail(ctx: *mut c_void, kind: i32, text: *const c_char, len: i32) {
    with_ctx(ctx, (), |ctx| {
        let text = if text.is_null() || len <= 0 {
            String::new()
        } else {
            // SAFETY: the bot passes `len` bytes at `text`.
            String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len as usize) }).into_owned()
        };
        let words = sandbox::fail_kind_words(kind);
        // As the sandbox does: the detail is the last line of the captured stderr, past the cap.
        let detail = if text.is_empty() { words } else { text.as_str() };
        let newline = if ctx.stderr.last().is_some_and(|&b| b != b'\n') { "\n" } else { "" };
        ctx.stderr.extend_from_slice(format!("{newline}[arena] {detail}\n").as_bytes());
        ctx.stop(FreezeReason::Trap, words.to_string());
    })
}

extern "C" fn cb_stderr(ctx: *mut c_void, text: *const c_char, len: i32) {
    with_ctx(ctx, (), |ctx| {
        if text.is_null() || len <= 0 {
            return;
        }
        // SAFETY: the bot passes `len` bytes at `text`.
        let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len as usize) };
        let room = STDERR_CAP.saturating_sub(ctx.stderr.len());
        ctx.stderr.extend_from_slice(&bytes[..bytes.len().min(room)]);
        if bytes.len() > room {
            ctx.stderr_truncated = true;
        }
    })
}

/// A loaded copy of the object, bound to its context.
struct Live {
    alloc: AllocFn,
    start: CallFn,
    play: CallFn,
    unbind: UnbindFn,
    ctx: NonNull<Ctx>,
    /// The view buffer from the last `arena_alloc`, and its length.
    buf: Option<(NonNull<u8>, usize)>,
    /// Last: the entry points above are valid while it is loaded.
    lib: Option<libloading::Library>,
}

// SAFETY: the object's code runs only on the thread that calls the bot (the match's), one call
// at a time; the raw pointers are the object's and the context's, owned by this value.
unsafe impl Send for Live {}

impl Live {
    fn load(build: &NativeBuild) -> Result<Live, String> {
        // A private copy: dlopen of a path already loaded would share its globals.
        let work = WorkDir::new().map_err(|e| format!("{e:#}"))?;
        let path = work.path.join("bot.so");
        std::fs::copy(&build.path, &path).map_err(|e| format!("cannot copy {}: {e}", build.path.display()))?;
        // SAFETY: loading runs the object's static constructors: the player's and the SDK's code,
        // built by build_native from trusted sources (this host is for reference players).
        let lib =
            unsafe { libloading::Library::new(&path) }.map_err(|e| format!("cannot load {}: {e}", path.display()))?;
        drop(work);
        // SAFETY: the types are native_host.cc's; the pointers are used only while `lib` lives.
        let (bind, unbind, alloc, start, play) = unsafe {
            let sym = |name: &[u8]| -> Result<*const c_void, String> {
                lib.get::<*const c_void>(name)
                    .map(|s| *s)
                    .map_err(|e| format!("{}: {e}", String::from_utf8_lossy(name)))
            };
            (
                std::mem::transmute::<*const c_void, BindFn>(sym(b"arena_native_bind")?),
                std::mem::transmute::<*const c_void, UnbindFn>(sym(b"arena_native_unbind")?),
                std::mem::transmute::<*const c_void, AllocFn>(sym(b"arena_native_alloc")?),
                std::mem::transmute::<*const c_void, CallFn>(sym(b"arena_native_start")?),
                std::mem::transmute::<*const c_void, CallFn>(sym(b"arena_native_play")?),
            )
        };
        let ctx = NonNull::from(Box::leak(Box::new(Ctx {
            turn: None,
            failure: None,
            stderr: Vec::new(),
            stderr_truncated: false,
        })));
        // SAFETY: `ctx` lives until Drop, which unbinds before freeing it.
        unsafe { bind(ctx.as_ptr().cast(), cb_random, cb_orders, cb_fail, cb_stderr) };
        Ok(Live { alloc, start, play, unbind, ctx, buf: None, lib: Some(lib) })
    }

    fn ctx(&mut self) -> &mut Ctx {
        // SAFETY: owned by self; the bot is not running when the host looks.
        unsafe { self.ctx.as_mut() }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        // SAFETY: the object is still loaded; after unbind it never calls back.
        unsafe { (self.unbind)() };
        drop(self.lib.take());
        // SAFETY: made by Box::leak in `load`, and nothing refers to it any more.
        drop(unsafe { Box::from_raw(self.ctx.as_ptr()) });
    }
}

/// The calling thread's CPU time.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid clock id and a valid out pointer.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if r != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn trapped(message: String) -> BotFailure {
    BotFailure { reason: FreezeReason::Trap, message }
}

/// A native C++ bot playing one match: loaded by [`WireBot::start`], then one `arena_play` per
/// round, each call timed.
pub struct NativeBot {
    build: Arc<NativeBuild>,
    name: String,
    report: Slot,
    live: Option<Live>,
    cpu: Duration,
    busy: Duration,
    rounds: u32,
    failure: Option<BotFailure>,
}

impl NativeBot {
    /// Runs one call into the bot, timed; a nonzero status is the failure the callbacks recorded.
    fn call(&mut self, f: impl FnOnce(&mut Live) -> i32) -> Result<(), BotFailure> {
        let live = self.live.as_mut().ok_or_else(|| trapped("the bot is not loaded".into()))?;
        let (c0, t0) = (thread_cpu(), Instant::now());
        let status = f(live);
        self.cpu += thread_cpu().saturating_sub(c0);
        self.busy += t0.elapsed();
        let failure = live.ctx().failure.take();
        match (status, failure) {
            (0, None) => Ok(()),
            (_, Some(f)) => Err(f),
            (s, None) => Err(trapped(format!("stopped (status {s}) without saying why"))),
        }
    }

    /// Copies a view into the bot's buffer (a new one from `arena_alloc` only when it grew).
    fn hand_over(&mut self, view: &[u8]) -> Result<(*const u8, i32), BotFailure> {
        let len = i32::try_from(view.len())
            .map_err(|_| trapped(format!("a view of {} bytes does not fit the ABI", view.len())))?;
        let have = self.live.as_ref().and_then(|l| l.buf).filter(|(_, cap)| view.len() <= *cap);
        let ptr = match have {
            Some((p, _)) => p,
            None => {
                let mut out: *mut u8 = std::ptr::null_mut();
                // SAFETY: the object's arena_alloc wrapper, with a valid out pointer.
                self.call(|l| unsafe { (l.alloc)(len, &mut out) })?;
                let p = NonNull::new(out).ok_or_else(|| trapped(format!("arena_alloc({len}) returned null")))?;
                if let Some(l) = self.live.as_mut() {
                    l.buf = Some((p, view.len()));
                }
                p
            }
        };
        // SAFETY: arena_alloc returned a buffer of at least `len` bytes, which the host may
        // overwrite until the next arena_alloc.
        unsafe { std::ptr::copy_nonoverlapping(view.as_ptr(), ptr.as_ptr(), view.len()) };
        Ok((ptr.as_ptr(), len))
    }

    fn begin(&mut self, setup: &[u8]) -> Result<(), BotFailure> {
        self.live = Some(Live::load(&self.build).map_err(|e| trapped(format!("native build: {e}")))?);
        let (ptr, len) = self.hand_over(setup)?;
        // SAFETY: the object's arena_start wrapper, with the view just copied.
        self.call(|l| unsafe { (l.start)(ptr, len) })
    }

    fn round(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        let (ptr, len) = self.hand_over(turn.view())?;
        let p: NonNull<dyn WireTurn + '_> = NonNull::from(turn);
        // SAFETY: only the lifetime changes; the pointer is cleared below, before `turn`'s
        // borrow ends, and used only during the call.
        let p = unsafe { std::mem::transmute::<NonNull<dyn WireTurn + '_>, NonNull<dyn WireTurn + 'static>>(p) };
        if let Some(l) = self.live.as_mut() {
            l.ctx().turn = Some(p);
        }
        // SAFETY: the object's arena_play wrapper, with the view just copied.
        let r = self.call(|l| unsafe { (l.play)(ptr, len) });
        if let Some(l) = self.live.as_mut() {
            l.ctx().turn = None;
        }
        r?;
        self.rounds += 1;
        Ok(())
    }

    fn publish(&mut self) {
        let mut r = self.report.lock().unwrap_or_else(PoisonError::into_inner);
        r.cpu = self.cpu;
        r.busy = self.busy;
        r.rounds = self.rounds;
        r.frozen.clone_from(&self.failure);
        if let Some(l) = self.live.as_mut() {
            let ctx = l.ctx();
            r.stderr.append(&mut ctx.stderr);
            r.stderr_truncated |= ctx.stderr_truncated;
        }
    }

    fn settle(&mut self, outcome: Result<(), BotFailure>) -> Result<(), BotFailure> {
        if let Err(f) = &outcome {
            self.failure = Some(f.clone());
        }
        self.publish();
        if outcome.is_err() {
            self.live = None;
        }
        outcome
    }
}

impl WireBot for NativeBot {
    fn name(&self) -> &str {
        &self.name
    }
    fn hash(&self) -> String {
        self.build.hash.clone()
    }
    fn start(&mut self, setup_view: &[u8]) -> Result<(), BotFailure> {
        if let Some(f) = &self.failure {
            return Err(f.clone());
        }
        if self.live.is_some() {
            return Err(trapped("started twice".into()));
        }
        let outcome = self.begin(setup_view);
        self.settle(outcome)
    }
    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        if let Some(f) = &self.failure {
            return Err(f.clone());
        }
        let outcome = self.round(turn);
        self.settle(outcome)
    }
    fn cpu_share(&self) -> f64 {
        0.0
    }
}

impl Drop for NativeBot {
    fn drop(&mut self) {
        self.publish();
    }
}
