//! Who plays a seat: a `.wasm` file, a kit player's `AIName.cc` (built, cached), a house bot (embedded wasm) or, for tests and benchmarks,
//! a native house bot (`native:Demo`).

use anyhow::{bail, Context};
use arena::games as house;
use engine::catalog::{AnyGame, PlayerSpec};
use sandbox::{BotLog, BotModule, CompileMode, Limits, PlayerOptions, Sandbox};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Sandbox settings from the command line.
#[derive(clap::Args, Clone, Debug)]
pub struct SandboxArgs {
    /// CPU budget per bot per match, in fuel (default: one second, 3·10^10; see `arena calibrate`).
    #[arg(long, value_name = "FUEL")]
    pub fuel: Option<u64>,
    /// Memory cap per bot, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub memory: usize,
    /// Print each wasm bot's stderr live, every line, prefixed with its seat, name and round
    /// (up to a safety limit of 1 GiB per bot, which says so when hit).
    #[arg(long)]
    pub stderr: bool,
    #[command(flatten)]
    pub cache: ModuleCacheArgs,
}

/// Where compiled bots are kept between runs (the sandbox's on-disk module cache).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ModuleCacheArgs {
    /// Keep compiled bots in DIR, so that later runs load them without compiling (default:
    /// $XDG_CACHE_HOME/arena/modules or ~/.cache/arena/modules; `off`: no cache).
    #[arg(long, value_name = "DIR", env = "ARENA_MODULE_CACHE")]
    pub module_cache: Option<PathBuf>,
    /// Compile every bot afresh, without the module cache.
    #[arg(long)]
    pub no_module_cache: bool,
}

impl ModuleCacheArgs {
    /// The cache directory, or `None` when turned off (or when there is no home directory).
    pub fn dir(&self) -> Option<PathBuf> {
        if self.no_module_cache {
            return None;
        }
        match &self.module_cache {
            Some(d) if d.as_os_str() == "off" => None,
            Some(d) => Some(d.clone()),
            None => sandbox::module_cache::default_dir(),
        }
    }

    /// The settings from the environment alone (`ARENA_MODULE_CACHE`), for commands without
    /// the flags.
    pub fn from_env() -> ModuleCacheArgs {
        let module_cache = std::env::var_os("ARENA_MODULE_CACHE").filter(|v| !v.is_empty()).map(PathBuf::from);
        ModuleCacheArgs { module_cache, no_module_cache: false }
    }
}

impl SandboxArgs {
    pub fn limits(&self) -> Limits {
        let mut l = Limits::default();
        if let Some(f) = self.fuel {
            l.fuel = f;
        }
        l.memory = self.memory << 20;
        l
    }

    /// A sandbox with these limits and module cache ([`sandbox_with`]).
    pub fn sandbox(&self) -> anyhow::Result<Sandbox> {
        sandbox_with(self.limits(), self.cache.dir())
    }
}

/// [`sandbox_with`] and the module cache the environment asks for (the default directory
/// unless `ARENA_MODULE_CACHE` says otherwise).
pub fn sandbox(limits: Limits) -> anyhow::Result<Sandbox> {
    sandbox_with(limits, ModuleCacheArgs::from_env().dir())
}

/// A sandbox that compiles untrusted modules in a child process (`arena __compile-worker`), so a
/// module that takes too long to compile is killed at the limit, and keeps compiled modules in
/// `cache` (then a module compiled by an earlier run starts no compile worker at all).
pub fn sandbox_with(limits: Limits, cache: Option<PathBuf>) -> anyhow::Result<Sandbox> {
    let mut sandbox = Sandbox::new(limits).map_err(|e| anyhow::anyhow!("cannot start the sandbox: {e}"))?;
    if let Ok(program) = std::env::current_exe() {
        sandbox = sandbox.with_compile_mode(CompileMode::Subprocess { program, args: vec!["__compile-worker".into()] });
    }
    if let Some(dir) = cache {
        sandbox = sandbox.with_module_cache(dir);
    }
    Ok(sandbox)
}

/// The seats of a match and, for wasm bots, their logs (stderr, fuel).
pub struct Seats {
    pub specs: Vec<PlayerSpec>,
    pub logs: Vec<Option<BotLog>>,
}

/// The display name of a bot file: its stem (`AIFoo.wasm` → `Foo`, as the kits name players).
fn file_name(path: &Path) -> String {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "bot".into());
    stem.strip_prefix("AI").filter(|s| !s.is_empty()).map(str::to_string).unwrap_or(stem)
}

/// Loads a `.wasm` file, a kit player's C++ source (`AIName.cc`, built as `arena build` does,
/// cached) or an embedded house bot; returns its display name and module.
pub fn load(sandbox: &Sandbox, game: &dyn AnyGame, arg: &str) -> anyhow::Result<(String, BotModule)> {
    if super::cc_source::is_source(Path::new(arg)) {
        let path = Path::new(arg);
        let cache = sandbox.module_cache().map(|c| c.dir().to_path_buf());
        let bytes = super::cc_source::build_cached(path, game.name(), cache.as_deref())?;
        let module = sandbox.load(&bytes, Some(game.name())).with_context(|| path.display().to_string())?;
        return Ok((file_name(path), module));
    }
    if arg.ends_with(".wasm") || Path::new(arg).is_file() {
        let path = Path::new(arg);
        let module = load_file(sandbox, game, path)?;
        return Ok((file_name(path), module));
    }
    match house::find_house_bot(game.name(), arg) {
        Some(b) => {
            let module =
                sandbox.load(b.wasm, Some(game.name())).with_context(|| format!("house bot {} (embedded)", b.name))?;
            Ok((b.name.to_string(), module))
        }
        None => {
            let names: Vec<&str> = house::house_bots(game.name()).iter().map(|b| b.name).collect();
            bail!("unknown bot `{arg}`: not a .wasm file nor a house bot of {} ({})", game.name(), names.join(", "))
        }
    }
}

/// Loads a `.wasm` file; with a module cache, an unchanged file's hash is remembered rather than
/// computed again (`file_hash`).
fn load_file(sandbox: &Sandbox, game: &dyn AnyGame, path: &Path) -> anyhow::Result<BotModule> {
    let unreadable = || format!("cannot read {}", path.display());
    let named = || path.display().to_string();
    let Some(cache) = sandbox.module_cache() else {
        let bytes = std::fs::read(path).with_context(unreadable)?;
        return sandbox.load(&bytes, Some(game.name())).with_context(named);
    };
    let hashes = super::file_hash::FileHashes::new(cache.dir());
    let read = hashes.read(path).with_context(unreadable)?;
    Ok(match read.sha256 {
        Some(sha256) => sandbox.load_hashed(&read.bytes, sha256, Some(game.name())).with_context(named)?,
        None => {
            let module = sandbox.load(&read.bytes, Some(game.name())).with_context(named)?;
            hashes.remember(&read, &module.sha256());
            module
        }
    })
}

/// What to do with the bots' stderr as they write it.
#[derive(Clone, Debug, Default)]
pub struct LiveStderr {
    /// Print every line on our stderr, prefixed with seat, name and round.
    pub print: bool,
    /// Write each bot's whole stderr to `DIR/<seat>-<name>.stderr`.
    pub dir: Option<PathBuf>,
    /// Keep this much stderr per bot in its report (default: the sandbox's cap).
    pub kept: Option<usize>,
}

impl LiveStderr {
    fn wanted(&self) -> bool {
        self.print || self.dir.is_some()
    }
}

/// The round as the live prefix shows it.
fn round_label(round: sandbox::Round) -> String {
    round.map_or_else(|| "start".to_string(), |r| format!("r{r}"))
}

/// The sink for one seat's stderr.
fn live_sink(
    live: &LiveStderr,
    seat: usize,
    name: &str,
) -> anyhow::Result<impl Fn(sandbox::Round, &str) + Send + Sync + 'static> {
    let file = match &live.dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            let path = dir.join(format!("{seat}-{name}.stderr"));
            let f = std::fs::File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
            Some(std::sync::Mutex::new(std::io::BufWriter::new(f)))
        }
        None => None,
    };
    let print = live.print;
    let name = name.to_string();
    Ok(move |round: sandbox::Round, line: &str| {
        if print {
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err, "[{seat} {name} {}] {line}", round_label(round));
        }
        if let Some(f) = &file {
            let mut f = f.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let _ = writeln!(f, "{line}");
        }
    })
}

/// Resolves the four bot arguments. `live` prints stderr lines as bots write them.
pub fn seats(sandbox: &Sandbox, game: &dyn AnyGame, args: &[String], live: bool) -> anyhow::Result<Seats> {
    seats_named(sandbox, game, args, None, &LiveStderr { print: live, ..LiveStderr::default() })
}

/// As [`seats`], with the players' names given (`arena run --names`: a server match played again
/// under the names it had, so that the replays are the same bytes) and the stderr's destinations.
pub fn seats_named(
    sandbox: &Sandbox,
    game: &dyn AnyGame,
    args: &[String],
    names: Option<&[String]>,
    live: &LiveStderr,
) -> anyhow::Result<Seats> {
    let mut specs = Vec::new();
    let mut logs = Vec::new();
    for (seat, arg) in args.iter().enumerate() {
        if let Some(native) = arg.strip_prefix("native:") {
            if !game.house_bots().iter().any(|b| b.eq_ignore_ascii_case(native)) {
                bail!("unknown native bot `{native}`; native house bots: {}", game.house_bots().join(", "));
            }
            specs.push(PlayerSpec::House(native.to_string()));
            logs.push(None);
            continue;
        }
        let (file_name, module) = load(sandbox, game, arg)?;
        let name = names.and_then(|n| n.get(seat)).cloned().unwrap_or(file_name);
        let mut options = PlayerOptions::default();
        if live.wanted() {
            options = options.on_stderr(live_sink(live, seat, &name)?);
        }
        if let Some(cap) = live.kept {
            options = options.stderr(cap);
        }
        let (factory, log) = module.player_with(&name, options);
        specs.push(PlayerSpec::Wire(factory));
        logs.push(Some(log));
    }
    Ok(Seats { specs, logs })
}
