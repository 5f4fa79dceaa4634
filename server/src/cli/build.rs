//! `arena build`: compiles a Jutge-kit player (`AIName.cc`, unchanged) to a WebAssembly bot.
//!
//! The C++ SDK (`bot-sdk/cpp/`: the kit's headers and the runtime that speaks the bot ABI of
//! `docs/bot-abi.md`) is embedded in this binary and written to a cache directory, so the command
//! works from anywhere, without a checkout. The compiler is clang for wasm32-wasi: `$ARENA_CXX`,
//! else `clang++-19`, else `clang++`, with the WASI sysroot `$WASI_SYSROOT`, else `/usr` (Debian's
//! wasi-libc and libc++ packages). The SDK's runtime objects are compiled once per compiler and
//! cached next to the sources.
//!
//! After linking, the module's imports are checked against the ABI, so that a player who reads
//! the clock learns it now rather than at upload.

use anyhow::{bail, Context};
use arena::games::{GameAssets, SdkFile, CPP_SHARED_HEADERS, GAMES};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(clap::Args)]
pub struct BuildArgs {
    /// The player's C++ sources: AIName.cc, then any other .cc files it needs.
    #[arg(required = true, value_name = "FILE.cc")]
    files: Vec<PathBuf>,
    /// The game the player plays (the C++ SDK supports: pandemic, ork-island, walking-dead, purge,
    /// mad-max).
    #[arg(short, long)]
    game: String,
    /// Where to write the bot (default: the first file's name with .wasm, e.g. AIName.wasm).
    #[arg(short, long, value_name = "FILE.wasm")]
    output: Option<PathBuf>,
    /// Print the compiler commands.
    #[arg(short, long)]
    verbose: bool,
}

macro_rules! sdk_files {
    ($($path:literal),* $(,)?) => {
        &[$(SdkFile {
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/", $path)),
        }),*]
    };
}

/// The SDK's runtime sources every game uses (its headers are `arena::games::CPP_SHARED_HEADERS`).
const RUNTIME_FILES: &[SdkFile] = sdk_files![
    "runtime/arena_runtime.cc",
    // Only in native builds (`arena calibrate`, cli/native_cpp.rs), never in a .wasm bot.
    "runtime/native_host.cc",
];

/// The SDK files every game uses: the shared headers and the runtime.
fn common_files() -> impl Iterator<Item = &'static SdkFile> {
    CPP_SHARED_HEADERS.iter().chain(RUNTIME_FILES)
}

/// The game-independent runtime, compiled into every bot.
const COMMON_RUNTIME: &str = "runtime/arena_runtime.cc";

/// A game the C++ SDK supports: its headers and runtime live in `bot-sdk/cpp/<dir>/`, and
/// `<dir>/arena_main.cc` implements its part of the ABI (the game's row of `arena::games`).
pub(super) type GameSdk = GameAssets;

/// A game's own SDK files: its headers and `arena_main.cc`.
fn game_files(game: &'static GameSdk) -> impl Iterator<Item = &'static SdkFile> {
    game.cpp_headers.iter().chain(std::iter::once(&game.cpp_main))
}

/// Compiler flags for every source, after the target, sysroot and include directories.
const CXXFLAGS: &[&str] = &[
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
const RUNTIME_CXXFLAGS: &[&str] = &["-mbulk-memory"];

/// Link flags.
const LDFLAGS: &[&str] = &[
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
const STDOUT_SYMBOLS: &[(&str, &str)] = &[
    ("_ZNSt3__24coutE", "std::cout"),
    ("_ZNSt3__25wcoutE", "std::wcout"),
    ("printf", "printf"),
    ("vprintf", "vprintf"),
    ("puts", "puts"),
    ("putchar", "putchar"),
    ("stdout", "stdout"),
];

const DEBIAN_PACKAGES: &str =
    "clang-19 lld-19 wasi-libc libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32";

fn install_hint() -> String {
    format!(
        "install Debian's packages (sudo apt-get install {DEBIAN_PACKAGES}), or wasi-sdk \
         (https://github.com/WebAssembly/wasi-sdk) with ARENA_CXX=<wasi-sdk>/bin/clang++ and \
         WASI_SYSROOT=<wasi-sdk>/share/wasi-sysroot"
    )
}

pub fn run(a: BuildArgs) -> anyhow::Result<()> {
    let output = match &a.output {
        Some(o) => o.clone(),
        None => {
            let stem = a.files.first().and_then(|f| f.file_stem()).unwrap_or_default();
            PathBuf::from(stem).with_extension("wasm")
        }
    };
    let bytes = build_wasm(&a.files, &a.game, a.verbose)?;
    std::fs::write(&output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    eprintln!("built {} ({:.1} KB) from {}", output.display(), bytes.len() as f64 / 1000.0, file_names(&a.files));
    Ok(())
}

/// Compiles a player's sources (`AIName.cc` first) for `game` to a checked WebAssembly module.
pub(super) fn build_wasm(files: &[PathBuf], game: &str, verbose: bool) -> anyhow::Result<Vec<u8>> {
    let game = sdk_for(game)?;
    check_sources(files)?;
    let names = file_names(files);
    let tc = Toolchain::find()?;
    let work = WorkDir::new()?;
    let sdk = SdkDir::prepare(game, &work)?;
    let color = std::io::stderr().is_terminal();

    // The SDK runtime: compiled once per compiler, cached.
    let mut runtime_objs = Vec::new();
    for src in [COMMON_RUNTIME.to_string(), format!("{}/arena_main.cc", game.dir)] {
        runtime_objs.push(sdk.runtime_object(&tc, game, &src, verbose)?);
    }

    // The player's files, with the compiler's messages shown as they come.
    let mut objs = Vec::new();
    let mut failed = Vec::new();
    for (k, f) in files.iter().enumerate() {
        let stem = f.file_stem().unwrap_or_default().to_string_lossy();
        let obj = work.path.join(format!("{k}-{stem}.o"));
        let mut cmd = tc.compile_command(&sdk.dir, game);
        if color {
            cmd.arg("-fcolor-diagnostics");
        }
        cmd.arg("-c").arg(f).arg("-o").arg(&obj);
        let status = compile_with_hints(&mut cmd, verbose)?;
        if !status.success() {
            failed.push(f.display().to_string());
        }
        objs.push((obj, f.display().to_string()));
    }
    if !failed.is_empty() {
        bail!("{} did not compile (the compiler's messages are above)", failed.join(", "));
    }

    // Link, tracing the player's uses of stdout.
    let wasm_path = work.path.join("bot.wasm");
    let mut cmd = tc.link_command();
    for (sym, _) in STDOUT_SYMBOLS {
        cmd.arg(format!("-Wl,-y,{sym}"));
    }
    cmd.args(objs.iter().map(|(o, _)| o)).args(&runtime_objs).arg("-o").arg(&wasm_path);
    if verbose {
        eprintln!("+ {}", show_command(&cmd));
    }
    let out = cmd.output().with_context(|| format!("cannot run {}", tc.cxx.display()))?;
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    let text = rename_objects(&text, &objs, &runtime_objs);
    if !out.status.success() {
        return Err(link_error(&text, &names, &tc));
    }
    let (traces, rest): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| is_trace_line(l));
    for line in rest {
        eprintln!("{line}");
    }
    for w in stdout_warnings(&traces, &objs) {
        eprintln!("warning: {w}");
    }

    let bytes = std::fs::read(&wasm_path).with_context(|| format!("cannot read {}", wasm_path.display()))?;
    check_module(&bytes, game.name).map_err(|e| anyhow::anyhow!("{names} {e}"))?;
    Ok(bytes)
}

pub(super) fn sdk_for(game: &str) -> anyhow::Result<&'static GameSdk> {
    if let Some(g) = arena::games::assets(game) {
        return Ok(g);
    }
    // Every game of the catalog has its SDK (`every_catalog_game_has_its_sdk`).
    let supported: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    bail!("unknown game `{game}`; the C++ SDK supports: {}", supported.join(", "))
}

/// Checks that the player's files are C++ sources that exist.
pub(super) fn check_sources(files: &[PathBuf]) -> anyhow::Result<()> {
    if files.is_empty() {
        bail!("no C++ source given");
    }
    files.iter().try_for_each(|f| check_source(f))
}

fn check_source(f: &Path) -> anyhow::Result<()> {
    let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "cc" | "cpp" | "cxx" | "c++" | "C" => {}
        "o" => bail!(
            "{}: object files are native code and cannot go into a WebAssembly bot; give the .cc source",
            f.display()
        ),
        "h" | "hh" | "hpp" | "hxx" => {
            bail!("{}: give the .cc files; the sources include their headers themselves", f.display())
        }
        _ => bail!("{}: not a C++ source file (.cc)", f.display()),
    }
    if !f.is_file() {
        bail!("{}: no such file", f.display());
    }
    Ok(())
}

/// "AIName.cc" or "AIName.cc, util.cc": how messages name the bot's sources.
pub(super) fn file_names(files: &[PathBuf]) -> String {
    files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// The compiler and the WASI sysroot.
struct Toolchain {
    cxx: PathBuf,
    /// None: the compiler's own default (wasi-sdk's clang knows its sysroot).
    sysroot: Option<PathBuf>,
    /// `cxx --version`, part of the runtime objects' cache key.
    version: String,
}

impl Toolchain {
    fn find() -> anyhow::Result<Toolchain> {
        let from_env = std::env::var_os("ARENA_CXX").filter(|v| !v.is_empty());
        let cxx = match &from_env {
            Some(c) => PathBuf::from(c),
            None => ["clang++-19", "clang++"].iter().find_map(|n| find_in_path(n)).ok_or_else(|| {
                anyhow::anyhow!(
                    "no C++ compiler for WebAssembly: neither clang++-19 nor clang++ is in PATH; {}",
                    install_hint()
                )
            })?,
        };
        let out = Command::new(&cxx).arg("--version").output().with_context(|| {
            format!(
                "cannot run the C++ compiler {}{}",
                cxx.display(),
                if from_env.is_some() { " (ARENA_CXX)" } else { "" }
            )
        })?;
        if !out.status.success() {
            bail!("{} --version failed: {}", cxx.display(), String::from_utf8_lossy(&out.stderr).trim());
        }
        let version = String::from_utf8_lossy(&out.stdout).into_owned();
        let sysroot = match std::env::var_os("WASI_SYSROOT").filter(|v| !v.is_empty()) {
            Some(s) => {
                let s = PathBuf::from(s);
                check_sysroot(&s).with_context(|| format!("WASI_SYSROOT={}", s.display()))?;
                Some(s)
            }
            None => {
                let usr = PathBuf::from("/usr");
                match check_sysroot(&usr) {
                    Ok(()) => Some(usr),
                    // wasi-sdk's clang finds its own sysroot.
                    Err(_) if from_env.is_some() => None,
                    Err(e) => return Err(e.context("no WebAssembly C/C++ library in /usr")),
                }
            }
        };
        Ok(Toolchain { cxx, sysroot, version })
    }

    fn base_command(&self) -> Command {
        let mut cmd = Command::new(&self.cxx);
        cmd.arg("--target=wasm32-wasi");
        if let Some(s) = &self.sysroot {
            cmd.arg(format!("--sysroot={}", s.display()));
        }
        cmd
    }

    fn compile_command(&self, sdk_dir: &Path, game: &GameSdk) -> Command {
        let mut cmd = self.base_command();
        // -isystem: the SDK's headers never warn in the player's build.
        cmd.arg("-isystem").arg(sdk_dir.join(game.dir));
        cmd.arg("-isystem").arg(sdk_dir.join("include"));
        cmd.args(CXXFLAGS);
        cmd
    }

    fn link_command(&self) -> Command {
        let mut cmd = self.base_command();
        cmd.args(LDFLAGS);
        cmd
    }
}

/// Checks that a sysroot holds wasi-libc and libc++ for wasm32-wasi.
fn check_sysroot(root: &Path) -> anyhow::Result<()> {
    let has = |lib: &str| ["wasm32-wasi", "wasm32-wasip1"].iter().any(|t| root.join("lib").join(t).join(lib).is_file());
    if !has("libc.a") {
        bail!("wasi-libc is missing (no lib/wasm32-wasi/libc.a); {}", install_hint());
    }
    if !has("libc++.a") || !has("libc++abi.a") {
        bail!("libc++ for wasm32 is missing (no lib/wasm32-wasi/libc++.a or libc++abi.a); {}", install_hint());
    }
    Ok(())
}

pub(super) fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// A fresh private directory for one build, removed at the end.
pub(super) struct WorkDir {
    pub(super) path: PathBuf,
}

impl WorkDir {
    pub(super) fn new() -> anyhow::Result<WorkDir> {
        let base = std::env::temp_dir();
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        for k in 0..100u32 {
            let path = base.join(format!("arena-build-{}-{}", std::process::id(), nanos + u128::from(k)));
            // create_dir fails if the name exists: the directory is ours alone.
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(WorkDir { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e).with_context(|| format!("cannot create {}", path.display())),
            }
        }
        bail!("cannot create a build directory in {}", base.display())
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The SDK's sources on disk: in the user's cache directory (`$XDG_CACHE_HOME/arena` or
/// `~/.cache/arena`), in a directory named by their content hash, or in the build directory when
/// there is no cache.
pub(super) struct SdkDir {
    pub(super) dir: PathBuf,
}

impl SdkDir {
    pub(super) fn prepare(game: &'static GameSdk, work: &WorkDir) -> anyhow::Result<SdkDir> {
        let files = || common_files().chain(game_files(game));
        let mut key = Fnv::new();
        key.add(env!("CARGO_PKG_VERSION").as_bytes());
        for f in files() {
            key.add(f.path.as_bytes());
            key.add(f.text.as_bytes());
        }
        let cached = cache_root().map(|r| r.join(format!("cpp-sdk-{:016x}", key.finish())));
        for dir in cached.into_iter().chain([work.path.join("sdk")]) {
            if files().all(|f| write_if_changed(&dir.join(f.path), f.text).is_ok()) {
                return Ok(SdkDir { dir });
            }
        }
        bail!("cannot write the C++ SDK into {}", work.path.display())
    }

    /// The object file of one SDK runtime source, compiled if not cached yet.
    fn runtime_object(&self, tc: &Toolchain, game: &GameSdk, src: &str, verbose: bool) -> anyhow::Result<PathBuf> {
        let mut key = Fnv::new();
        key.add(tc.cxx.as_os_str().as_encoded_bytes());
        key.add(tc.version.as_bytes());
        if let Some(s) = &tc.sysroot {
            key.add(s.as_os_str().as_encoded_bytes());
        }
        for f in CXXFLAGS.iter().chain(RUNTIME_CXXFLAGS) {
            key.add(f.as_bytes());
        }
        let dir = self.dir.join(format!("obj-{}-{:016x}", game.dir, key.finish()));
        let stem = Path::new(src).file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let obj = dir.join(format!("{stem}.o"));
        if obj.is_file() {
            return Ok(obj);
        }
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let tmp = dir.join(format!("{stem}.o.tmp-{}", std::process::id()));
        let mut cmd = tc.compile_command(&self.dir, game);
        if src == COMMON_RUNTIME {
            cmd.args(RUNTIME_CXXFLAGS);
        }
        cmd.arg("-c").arg(self.dir.join(src)).arg("-o").arg(&tmp);
        if !run_status(&mut cmd, verbose)?.success() {
            let _ = std::fs::remove_file(&tmp);
            bail!(
                "the C++ SDK's runtime ({src}) does not compile with {}; is it clang 19 or later for wasm32-wasi? {}",
                tc.cxx.display(),
                install_hint()
            );
        }
        std::fs::rename(&tmp, &obj).with_context(|| format!("cannot write {}", obj.display()))?;
        Ok(obj)
    }
}

pub(super) fn cache_root() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from).filter(|p| p.is_absolute());
    let base =
        xdg.or_else(|| std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("arena"))
}

/// Writes `text` to `path` unless it already holds it, through a temporary file and a rename so
/// that a concurrent build never reads half a file.
fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|b| b == text.as_bytes()) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp-{}", std::process::id()));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// 64-bit FNV-1a: a stable hash for cache keys (not for security).
pub(super) struct Fnv(u64);

impl Fnv {
    pub(super) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub(super) fn add(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().chain(&[0xff]) {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub(super) fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) fn show_command(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

fn run_status(cmd: &mut Command, verbose: bool) -> anyhow::Result<std::process::ExitStatus> {
    if verbose {
        eprintln!("+ {}", show_command(cmd));
    }
    cmd.status().with_context(|| format!("cannot run {}", cmd.get_program().to_string_lossy()))
}

/// Runs a compile of the player's sources, its messages shown as they come, each error that is
/// a known GNU-only construct followed by a line that says what to write instead (gnu_hints.rs).
/// The messages go through as bytes: a source excerpt in Latin-1 stays as it is.
fn compile_with_hints(cmd: &mut Command, verbose: bool) -> anyhow::Result<std::process::ExitStatus> {
    use std::io::{BufRead, Write};
    if verbose {
        eprintln!("+ {}", show_command(cmd));
    }
    let program = cmd.get_program().to_string_lossy().into_owned();
    let mut child =
        cmd.stderr(std::process::Stdio::piped()).spawn().with_context(|| format!("cannot run {program}"))?;
    let mut hints = super::gnu_hints::Hints::default();
    let mut out = std::io::stderr().lock();
    if let Some(pipe) = child.stderr.take() {
        for line in std::io::BufReader::new(pipe).split(b'\n') {
            let line = line.with_context(|| format!("cannot read {program}'s messages"))?;
            if let Some(hint) = hints.line(&String::from_utf8_lossy(&line)) {
                let _ = writeln!(out, "{hint}");
            }
            let _ = out.write_all(&line);
            let _ = out.write_all(b"\n");
        }
    }
    if let Some(hint) = hints.finish() {
        let _ = writeln!(out, "{hint}");
    }
    child.wait().with_context(|| format!("cannot run {program}"))
}

/// The linker's messages with the build's object paths replaced by the sources they come from.
fn rename_objects(text: &str, objs: &[(PathBuf, String)], runtime: &[PathBuf]) -> String {
    let mut text = text.to_string();
    for (obj, src) in objs {
        text = text.replace(&obj.display().to_string(), src);
    }
    for obj in runtime {
        text = text.replace(&obj.display().to_string(), "<arena SDK runtime>");
    }
    text
}

fn is_trace_line(line: &str) -> bool {
    [": reference to ", ": definition of ", ": lazy definition of "].iter().any(|p| line.contains(p))
}

/// "AIName.cc writes to stdout (std::cout)..." for each player file that references stdout.
fn stdout_warnings(traces: &[&str], objs: &[(PathBuf, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for (_, src) in objs {
        let mut uses: Vec<&str> = Vec::new();
        for line in traces {
            let Some(sym) = line.strip_prefix(src.as_str()).and_then(|r| r.strip_prefix(": reference to ")) else {
                continue;
            };
            if let Some((_, name)) = STDOUT_SYMBOLS.iter().find(|(s, _)| *s == sym.trim()) {
                if !uses.contains(name) {
                    uses.push(name);
                }
            }
        }
        if !uses.is_empty() {
            out.push(format!(
                "{src} writes to stdout ({}): a bot that writes to stdout is frozen; write debug output to cerr",
                uses.join(", ")
            ));
        }
    }
    out
}

/// Time functions that wasi-libc declares but does not define: calling one fails to link.
const CLOCK_FUNCTIONS: &[&str] = &["clock", "times", "getrusage"];

/// A failed link, explained when the cause is known; otherwise the linker's messages.
fn link_error(text: &str, names: &str, tc: &Toolchain) -> anyhow::Error {
    if text.contains("undefined symbol: arena_new_player") {
        return anyhow::anyhow!(
            "no player in {names}: a player file ends with `RegisterPlayer(PLAYER_NAME);` \
             (see AIDemo.cc in bot-sdk/cpp/examples)"
        );
    }
    if text.contains("duplicate symbol: arena_new_player") {
        return anyhow::anyhow!("{names} register more than one player (RegisterPlayer): a bot has exactly one");
    }
    let clocks: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split("undefined symbol: ").nth(1))
        .map(str::trim)
        .filter(|s| CLOCK_FUNCTIONS.contains(s))
        .collect();
    if !clocks.is_empty() {
        let mut uses: Vec<String> = clocks.iter().map(|c| format!("{c}()")).collect();
        uses.dedup();
        return anyhow::anyhow!("{names} uses the clock ({}): bots may not read the time", uses.join(", "));
    }
    eprint!("{text}");
    if text.contains("wasm-ld") && (text.contains("unable to execute") || text.contains("not found")) {
        return anyhow::anyhow!("the WebAssembly linker wasm-ld is missing; {}", install_hint());
    }
    if text.contains("libclang_rt.builtins-wasm32.a") {
        return anyhow::anyhow!(
            "compiler-rt for wasm32 is missing (libclang_rt.builtins-wasm32.a for {}); {}",
            tc.cxx.display(),
            install_hint()
        );
    }
    anyhow::anyhow!("{names} did not link (the linker's messages are above)")
}

/// What the ABI lets a bot import (docs/bot-abi.md).
const ALLOWED_IMPORTS: &[(&str, &str)] = &[
    ("arena", "random"),
    ("arena", "orders"),
    ("arena", "fail"),
    ("wasi_snapshot_preview1", "fd_write"),
    ("wasi_snapshot_preview1", "fd_read"),
    ("wasi_snapshot_preview1", "fd_close"),
    ("wasi_snapshot_preview1", "fd_seek"),
    ("wasi_snapshot_preview1", "fd_fdstat_get"),
    ("wasi_snapshot_preview1", "environ_sizes_get"),
    ("wasi_snapshot_preview1", "environ_get"),
    ("wasi_snapshot_preview1", "args_sizes_get"),
    ("wasi_snapshot_preview1", "args_get"),
    ("wasi_snapshot_preview1", "proc_exit"),
];

/// Whether an import (module, name) is of a kind of refused import.
type ImportKind = fn(&str, &str) -> bool;

/// Why a module's imports are refused, one reason per kind of import, in this order.
const IMPORT_REASONS: &[(ImportKind, &str)] = &[
    (
        |m, n| m == "wasi_snapshot_preview1" && n.starts_with("clock_"),
        "uses the clock ({}): bots may not read the time (time(), clock_gettime(), gettimeofday(), std::chrono clocks)",
    ),
    (
        |m, n| m == "wasi_snapshot_preview1" && n == "random_get",
        "uses the host's randomness ({}): bots may not (std::random_device, getentropy()); use random(l, u), \
         or rand() / std::mt19937 with a fixed seed",
    ),
    (
        |m, n| m == "wasi_snapshot_preview1" && (n.starts_with("path_") || n.starts_with("fd_")),
        "uses files ({}): bots may not open files",
    ),
    (|m, n| m == "wasi_snapshot_preview1" && n.starts_with("sock_"), "uses the network ({}): bots may not"),
    (|m, n| m == "wasi_snapshot_preview1" && n == "poll_oneoff", "waits or sleeps ({}): bots may not"),
    (|_, _| true, "imports {}, which the sandbox does not offer (docs/bot-abi.md lists what a bot may import)"),
];

/// Checks a built module: valid WebAssembly, only the ABI's imports, and the ABI's exports for
/// `game`. The error completes a sentence that starts with the sources' names.
fn check_module(bytes: &[u8], game: &str) -> Result<(), String> {
    use wasmparser::{ExternalKind, Parser, Payload, TypeRef};
    wasmparser::Validator::new().validate_all(bytes).map_err(|e| format!("built an invalid module: {e}"))?;
    let mut refused: Vec<Vec<String>> = vec![Vec::new(); IMPORT_REASONS.len()];
    let mut exports: Vec<(String, ExternalKind)> = Vec::new();
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(|e| e.to_string())? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    let is_func = matches!(import.ty, TypeRef::Func(_));
                    if is_func && ALLOWED_IMPORTS.contains(&(import.module, import.name)) {
                        continue;
                    }
                    let k = IMPORT_REASONS.iter().position(|(f, _)| f(import.module, import.name)).unwrap_or(0);
                    let shown = if import.module == "wasi_snapshot_preview1" {
                        import.name.to_string()
                    } else {
                        format!("{}.{}", import.module, import.name)
                    };
                    refused[k].push(shown);
                }
            }
            Payload::ExportSection(reader) => {
                for export in reader {
                    let export = export.map_err(|e| e.to_string())?;
                    exports.push((export.name.to_string(), export.kind));
                }
            }
            _ => {}
        }
    }
    let mut reasons = Vec::new();
    for (names, (_, why)) in refused.iter().zip(IMPORT_REASONS) {
        if !names.is_empty() {
            reasons.push(why.replace("{}", &names.join(", ")));
        }
    }
    if !reasons.is_empty() {
        return Err(reasons.join("; it also "));
    }
    let marker = format!("arena_game_{}", game.replace('-', "_"));
    let mut missing = String::new();
    let has = |name: &str, kind: ExternalKind| exports.iter().any(|(n, k)| n == name && *k == kind);
    if !has("memory", ExternalKind::Memory) {
        missing.push_str(" memory");
    }
    for f in ["arena_abi_v1", marker.as_str(), "arena_alloc", "arena_start", "arena_play"] {
        if !has(f, ExternalKind::Func) {
            let _ = write!(missing, " {f}");
        }
    }
    if !missing.is_empty() {
        return Err(format!("built a module without the ABI's exports{missing} (a bug in the C++ SDK)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module importing functions `() -> ()` by (module, name), and exporting what `exports` names.
    fn module(imports: &[(&str, &str)], exports: &[&str]) -> Vec<u8> {
        fn name(out: &mut Vec<u8>, s: &str) {
            out.push(s.len() as u8);
            out.extend_from_slice(s.as_bytes());
        }
        fn section(out: &mut Vec<u8>, id: u8, body: Vec<u8>) {
            out.push(id);
            let mut n = body.len();
            while n >= 0x80 {
                out.push((n & 0x7f) as u8 | 0x80);
                n >>= 7;
            }
            out.push(n as u8);
            out.extend(body);
        }
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        section(&mut m, 1, vec![1, 0x60, 0, 0]);
        let mut imp = vec![imports.len() as u8];
        for (module, n) in imports {
            name(&mut imp, module);
            name(&mut imp, n);
            imp.extend([0, 0]);
        }
        section(&mut m, 2, imp);
        let funcs = exports.iter().filter(|e| **e != "memory").count();
        let mut fs = vec![funcs as u8];
        fs.extend(std::iter::repeat_n(0u8, funcs));
        section(&mut m, 3, fs);
        section(&mut m, 5, vec![1, 0, 1]);
        let mut ex = vec![exports.len() as u8];
        let mut f = imports.len() as u8;
        for e in exports {
            name(&mut ex, e);
            if *e == "memory" {
                ex.extend([2, 0]);
            } else {
                ex.extend([0, f]);
                f += 1;
            }
        }
        section(&mut m, 7, ex);
        let mut code = vec![funcs as u8];
        for _ in 0..funcs {
            code.extend([2, 0, 0x0b]);
        }
        section(&mut m, 10, code);
        m
    }

    const EXPORTS: &[&str] =
        &["memory", "arena_abi_v1", "arena_game_pandemic", "arena_alloc", "arena_start", "arena_play"];

    #[test]
    fn accepts_the_abi_imports_and_exports() {
        let m = module(ALLOWED_IMPORTS, EXPORTS);
        assert_eq!(check_module(&m, "pandemic"), Ok(()));
    }

    #[test]
    fn names_the_clock_randomness_and_files() {
        let m = module(&[("wasi_snapshot_preview1", "clock_time_get"), ("arena", "random")], EXPORTS);
        let e = check_module(&m, "pandemic").unwrap_err();
        assert!(e.starts_with("uses the clock (clock_time_get): bots may not read the time"), "{e}");
        let m = module(
            &[
                ("wasi_snapshot_preview1", "random_get"),
                ("wasi_snapshot_preview1", "path_open"),
                ("wasi_snapshot_preview1", "fd_prestat_get"),
                ("env", "magic"),
            ],
            EXPORTS,
        );
        let e = check_module(&m, "pandemic").unwrap_err();
        assert!(e.contains("uses the host's randomness (random_get)"), "{e}");
        assert!(e.contains("uses files (path_open, fd_prestat_get)"), "{e}");
        assert!(e.contains("imports env.magic, which the sandbox does not offer"), "{e}");
    }

    #[test]
    fn wants_the_game_marker() {
        let m = module(&[], EXPORTS);
        let e = check_module(&m, "ork-island").unwrap_err();
        assert!(e.contains("arena_game_ork_island"), "{e}");
        assert!(check_module(b"\0asm\x01\0\0\0garbage", "pandemic").unwrap_err().contains("invalid module"));
    }

    #[test]
    fn game_directories_are_the_markers_names() {
        for g in GAMES {
            assert!(engine::catalog::ALL_GAME_NAMES.contains(&g.name), "{}", g.name);
            assert_eq!(g.dir, g.name.replace('-', "_"), "{}", g.name);
            assert!(game_files(g).any(|f| f.path == format!("{}/arena_main.cc", g.dir)), "{}", g.name);
        }
    }

    #[test]
    fn every_catalog_game_has_its_sdk() {
        for name in engine::catalog::ALL_GAME_NAMES {
            assert!(sdk_for(name).is_ok(), "the C++ SDK does not support {name}");
        }
        let e = sdk_for("chess").err().expect("chess has no SDK").to_string();
        assert!(e.starts_with("unknown game `chess`; the C++ SDK supports: pandemic, "), "{e}");
        assert!(e.ends_with(", mad-max"), "{e}");
    }

    #[test]
    fn every_sdk_file_is_embedded() {
        // Adding a header to bot-sdk/cpp/ without listing it here would break builds outside the
        // repository only: catch it here.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bot-sdk/cpp");
        let mut on_disk = Vec::new();
        let mut dirs: Vec<String> = vec!["include".into(), "runtime".into()];
        dirs.extend(GAMES.iter().map(|g| g.dir.to_string()));
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(root.join(&d)).unwrap() {
                let e = e.unwrap();
                let rel = format!("{d}/{}", e.file_name().to_string_lossy());
                if e.file_type().unwrap().is_dir() {
                    dirs.push(rel);
                } else {
                    on_disk.push(rel);
                }
            }
        }
        let embedded: Vec<&str> = common_files().chain(GAMES.iter().flat_map(game_files)).map(|f| f.path).collect();
        for f in &on_disk {
            assert!(embedded.contains(&f.as_str()), "bot-sdk/cpp/{f} is not embedded in build.rs");
        }
    }
}
