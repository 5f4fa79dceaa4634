//! The one build of a Jutge-kit player (`AIName.cc`, unchanged) to a WebAssembly bot, shared by
//! `arena build` (and the commands that take a `.cc` file) and the server's source uploads, so
//! that the same source and Arena version give the same module, byte for byte, on both.
//!
//! The C++ SDK (`bot-sdk/cpp/`: the kit's headers and the runtime that speaks the bot ABI of
//! `docs/bot-abi.md`) is embedded in the binary and written to a cache directory (`sdk.rs`). The
//! compiler is clang for wasm32-wasi with the flags of `flags.rs` (`toolchain.rs`). Each source
//! is compiled from its own directory under its bare file name, and the SDK's directory is mapped
//! to `arena-sdk`, so that no path of the machine enters the module. After linking, the module's
//! imports are checked against the ABI (`module_check.rs`), so that a player who reads the clock
//! learns it now rather than at upload.
//!
//! On the server every command of a build runs in a jail (`jail.rs`: Landlock, rlimits, a fresh
//! process group, no network) with its messages captured under a cap (`process.rs`); `arena build`
//! on a player's own machine runs the compiler directly.

mod flags;
pub mod gnu_hints;
pub mod jail;
mod link_messages;
pub mod module_check;
pub mod process;
pub mod sdk;
pub mod toolchain;

use anyhow::bail;
use jail::Jail;
use process::Usage;
use sdk::{sdk_for, SdkDir, WorkDir, COMMON_RUNTIME};
use std::path::{Path, PathBuf};
use std::process::Command;
use toolchain::Toolchain;

pub use flags::STDOUT_SYMBOLS;

/// Why a build gave no module.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    /// The host's problem (no compiler, no SDK directory): not the player's fault.
    #[error("{0}")]
    Setup(String),
    /// The player's sources did not compile or link, or built a module the ABI refuses.
    #[error("{0}")]
    Source(String),
    /// A limit of the jail was hit (the sentence names the limit and its value).
    #[error("{0}")]
    Limit(String),
}

/// How to build.
#[derive(Clone, Copy, Default)]
pub struct BuildSettings<'a> {
    /// Hand each command line over as a message first (`arena build -v`).
    pub verbose: bool,
    /// Ask the compiler for coloured messages (a terminal).
    pub color: bool,
    /// Run every command on the player's code in this jail, its messages rid of the machine's
    /// paths (the server).
    pub jail: Option<&'a Jail>,
}

/// A built and checked module.
#[derive(Clone, Debug)]
pub struct Built {
    pub wasm: Vec<u8>,
    /// Warnings of the build's own (a write to stdout), besides the compiler's messages.
    pub warnings: Vec<String>,
    /// What the player's compiles and the link used (the SDK's runtime, cached, not counted).
    pub usage: Usage,
}

/// Builds a player from `files` (`AIName.cc` first), each compiled from its directory; the
/// compiler's messages, and hints after known GNU-only constructs (`gnu_hints`), go to `on_line`.
pub fn build(
    files: &[PathBuf],
    game: &str,
    settings: &BuildSettings,
    on_line: &mut dyn FnMut(&[u8]),
) -> Result<Built, BuildError> {
    let (game, tc, work) = prepare(game)?;
    build_in(&work, files, game, tc, settings, on_line)
}

/// Builds one uploaded source (`bytes`, named `file_name`, e.g. `AIName.cc`) in a scratch
/// directory of its own, removed after.
pub fn build_source(
    bytes: &[u8],
    file_name: &str,
    game: &str,
    settings: &BuildSettings,
    on_line: &mut dyn FnMut(&[u8]),
) -> Result<Built, BuildError> {
    let (game, tc, work) = prepare(game)?;
    let src_dir = work.path.join("src");
    std::fs::create_dir(&src_dir).map_err(|e| BuildError::Setup(format!("cannot create the build directory: {e}")))?;
    let path = src_dir.join(file_name);
    std::fs::write(&path, bytes).map_err(|e| BuildError::Setup(format!("cannot write the source: {e}")))?;
    build_in(&work, &[path], game, tc, settings, on_line)
}

/// What every build starts from: the game's SDK, the toolchain and a fresh scratch directory.
fn prepare(game: &str) -> Result<(&'static sdk::GameSdk, &'static Toolchain, WorkDir), BuildError> {
    let game = sdk_for(game).map_err(|e| BuildError::Source(e.to_string()))?;
    let tc = toolchain().map_err(BuildError::Setup)?;
    let work = WorkDir::new().map_err(|e| BuildError::Setup(format!("{e:#}")))?;
    Ok((game, tc, work))
}

/// A jail for the toolchain `tc` with `limits`, after checking that this host enforces it: a run
/// of the compiler's `--version` inside. `Err` says why the host cannot jail.
pub fn probe_jail(tc: &Toolchain, limits: jail::JailLimits) -> Result<Jail, String> {
    let jail = Jail::for_compiler(&tc.cxx, &tc.sysroot_dirs(), limits)?;
    let scratch = WorkDir::new().map_err(|e| format!("{e:#}"))?;
    let mut cmd = Command::new(&tc.cxx);
    cmd.arg("--version");
    let out = process::run(cmd, Some((&jail, scratch.path.as_path(), &[] as &[&Path])), &mut |_| {});
    match out {
        Ok(o) if o.status.success() => Ok(jail),
        Ok(o) => Err(format!("{} --version fails inside the jail ({})", tc.cxx.display(), o.status)),
        Err(e) => Err(format!("cannot start a jailed process: {e}")),
    }
}

/// The compiler, found once per process.
pub fn toolchain() -> Result<&'static Toolchain, String> {
    static TOOLCHAIN: std::sync::OnceLock<Result<Toolchain, String>> = std::sync::OnceLock::new();
    TOOLCHAIN.get_or_init(|| Toolchain::find().map_err(|e| format!("{e:#}"))).as_ref().map_err(Clone::clone)
}

/// What a build's result depends on besides the sources and the game: Arena's version, the
/// SDK's files, the compiler's version and the flags. Part of the server's compile cache key.
pub fn build_key(game: &str) -> Result<String, BuildError> {
    let game = sdk_for(game).map_err(|e| BuildError::Source(e.to_string()))?;
    let tc = toolchain().map_err(BuildError::Setup)?;
    let mut key = sdk::Fnv::new();
    key.add(env!("CARGO_PKG_VERSION").as_bytes());
    for f in sdk::all_files(game) {
        key.add(f.path.as_bytes());
        key.add(f.text.as_bytes());
    }
    key.add(tc.version.as_bytes());
    for f in flags::CXXFLAGS.iter().chain(flags::RUNTIME_CXXFLAGS).chain(flags::LDFLAGS) {
        key.add(f.as_bytes());
    }
    Ok(format!("{}-{:016x}", env!("CARGO_PKG_VERSION"), key.finish()))
}

fn build_in(
    work: &WorkDir,
    files: &[PathBuf],
    game: &'static sdk::GameSdk,
    tc: &Toolchain,
    settings: &BuildSettings,
    on_line: &mut dyn FnMut(&[u8]),
) -> Result<Built, BuildError> {
    let setup = |e: anyhow::Error| BuildError::Setup(format!("{e:#}"));
    let names = file_names(files);
    let sdk = SdkDir::prepare(game, work).map_err(setup)?;
    // What the player sees of the machine's paths: the SDK's directory and the build's become
    // names of their own (the server only; `arena build` shows its user's real paths).
    let hide: Vec<(String, &str)> = if settings.jail.is_some() {
        let mut h = vec![(format!("{}/", work.path.join("src").display()), ""), (work.path.display().to_string(), ".")];
        h.push((sdk.dir.display().to_string(), "arena-sdk"));
        if let Some(s) = &tc.sysroot {
            h.push((format!("{}/include/", s.display()), "sysroot/include/"));
        }
        h
    } else {
        Vec::new()
    };
    let mut show = |line: &[u8]| {
        if hide.is_empty() {
            return on_line(line);
        }
        let mut text = String::from_utf8_lossy(line).into_owned();
        for (from, to) in &hide {
            text = text.replace(from.as_str(), to);
        }
        on_line(text.as_bytes())
    };

    // The SDK runtime: compiled once per compiler, cached.
    let mut runtime_objs = Vec::new();
    for src in [COMMON_RUNTIME.to_string(), format!("{}/arena_main.cc", game.dir)] {
        runtime_objs.push(sdk.runtime_object(tc, game, &src, settings.verbose, &mut show).map_err(setup)?);
    }
    let readable = [sdk.dir.as_path()];
    let jail = settings.jail.map(|j| (j, work.path.as_path(), &readable[..]));

    // The player's files, from their own directories, with hints after known GNU-only errors.
    let mut usage = Usage::default();
    let mut objs = Vec::new();
    let mut failed = Vec::new();
    for (k, f) in files.iter().enumerate() {
        let stem = f.file_stem().unwrap_or_default().to_string_lossy();
        let obj = work.path.join(format!("{k}-{stem}.o"));
        let mut cmd = tc.compile_command(&sdk.dir, game);
        if settings.color {
            cmd.arg("-fcolor-diagnostics");
        }
        let (dir, name) = split_path(f);
        cmd.current_dir(dir).arg("-c").arg(&name).arg("-o").arg(&obj);
        if settings.verbose {
            show(format!("+ {}", show_command(&cmd)).as_bytes());
        }
        let mut hints = gnu_hints::Hints::default();
        let out = process::run(cmd, jail, &mut |line| {
            if let Some(hint) = hints.line(&String::from_utf8_lossy(line)) {
                show(hint.as_bytes());
            }
            show(line);
        })
        .map_err(|e| BuildError::Setup(format!("cannot run {}: {e}", tc.cxx.display())))?;
        if let Some(hint) = hints.finish() {
            show(hint.as_bytes());
        }
        usage.add(out.usage);
        if let Some(limit) = out.limit {
            return Err(BuildError::Limit(format!("{} stopped at the {limit}", name.display())));
        }
        let shown = name.display().to_string();
        if !out.status.success() {
            failed.push(shown.clone());
        }
        objs.push((obj, shown));
    }
    if !failed.is_empty() {
        return Err(BuildError::Source(format!(
            "{} did not compile (the compiler's messages are above)",
            failed.join(", ")
        )));
    }

    // Link, tracing the player's uses of stdout.
    let wasm_path = work.path.join("bot.wasm");
    let mut cmd = tc.link_command();
    for (sym, _) in STDOUT_SYMBOLS {
        cmd.arg(format!("-Wl,-y,{sym}"));
    }
    cmd.current_dir(&work.path);
    cmd.args(objs.iter().map(|(o, _)| o)).args(&runtime_objs).arg("-o").arg(&wasm_path);
    if settings.verbose {
        show(format!("+ {}", show_command(&cmd)).as_bytes());
    }
    let mut text = String::new();
    let out = process::run(cmd, jail, &mut |line| {
        text.push_str(&String::from_utf8_lossy(line));
        text.push('\n');
    })
    .map_err(|e| BuildError::Setup(format!("cannot run {}: {e}", tc.cxx.display())))?;
    usage.add(out.usage);
    if let Some(limit) = out.limit {
        return Err(BuildError::Limit(format!("the link stopped at the {limit}")));
    }
    let text = link_messages::rename_objects(&text, &objs, &runtime_objs);
    if !out.status.success() {
        return Err(link_messages::link_error(&text, &names, tc, &mut show));
    }
    let (traces, rest): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| link_messages::is_trace_line(l));
    for line in rest {
        show(line.as_bytes());
    }
    let warnings = link_messages::stdout_warnings(&traces, &objs);

    let wasm = std::fs::read(&wasm_path)
        .map_err(|e| BuildError::Setup(format!("cannot read {}: {e}", wasm_path.display())))?;
    module_check::check_module(&wasm, game.name).map_err(|e| BuildError::Source(format!("{names} {e}")))?;
    Ok(Built { wasm, warnings, usage })
}

/// Checks that the player's files are C++ sources that exist.
pub fn check_sources(files: &[PathBuf]) -> anyhow::Result<()> {
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

/// A source's directory (`.` for a bare name) and file name.
fn split_path(f: &Path) -> (PathBuf, PathBuf) {
    let name = f.file_name().map(PathBuf::from).unwrap_or_else(|| f.to_path_buf());
    let dir = match f.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    (dir, name)
}

/// "AIName.cc" or "AIName.cc, util.cc": how messages name the bot's sources.
pub fn file_names(files: &[PathBuf]) -> String {
    files.iter().map(|f| f.file_name().map(Path::new).unwrap_or(f).display().to_string()).collect::<Vec<_>>().join(", ")
}

/// A command as a shell line, for `-v`.
pub fn show_command(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}
