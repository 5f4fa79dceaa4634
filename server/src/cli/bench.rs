//! `arena bench`: median match times, replay size.

use super::players;
use anyhow::Context;
use engine::catalog::{AnyGame, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Repetitions of each module cache measurement (load times, `arena run` CPU times).
    #[arg(long, default_value_t = 3)]
    cache_runs: usize,
    /// Matches per measurement (seeds 1..=N).
    #[arg(long, default_value_t = 100)]
    matches: u64,
    /// The game.
    #[arg(long, default_value = "pandemic")]
    game: String,
    /// The C++ reference player of the wasm-against-native row (`bot-sdk/cpp/reference/<game>/AI<NAME>.cc`;
    /// default: the game's `*Solid`, else `*Planner`, player).
    #[arg(long, value_name = "NAME")]
    cpp_player: Option<String>,
    /// Matches of the wasm-against-native row (seeds 1..=N).
    #[arg(long, default_value_t = 5)]
    cpp_matches: u64,
}

struct Figures {
    median: Duration,
    p90: Duration,
    mean: Duration,
    replay_bytes: Vec<usize>,
}

fn measure(game: &dyn AnyGame, players: &[PlayerSpec], record: bool, matches: u64) -> anyhow::Result<Figures> {
    let mut times = Vec::new();
    let mut sizes = Vec::new();
    for seed in 1..=matches {
        let setup =
            MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
        let t = Instant::now();
        let out = game.play(&setup, players, record)?;
        times.push(t.elapsed());
        if let Some(r) = out.replay {
            sizes.push(r.len());
        }
    }
    times.sort();
    sizes.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    Ok(Figures { median: times[times.len() / 2], p90: times[times.len() * 9 / 10], mean, replay_bytes: sizes })
}

pub fn bench(a: BenchArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: this is a debug build; use `cargo run --release -p arena -- bench` for real figures");
    }
    let matches = a.matches.max(1);
    let native = |b: &str| -> Vec<PlayerSpec> { (0..4).map(|_| PlayerSpec::House(b.to_string())).collect() };
    let sandbox = players::sandbox(sandbox::Limits::default())?;
    let wasm = |b: &str| -> anyhow::Result<Vec<PlayerSpec>> {
        Ok(players::seats(&sandbox, game, &[b.to_string(), b.to_string(), b.to_string(), b.to_string()], false)?.specs)
    };
    // One warm-up match so that page faults, lazy statics and compilation are not measured.
    measure(game, &native("Demo"), true, 1)?;
    measure(game, &wasm("Demo")?, true, 1)?;
    measure(game, &wasm("Dummy")?, true, 1)?;
    println!("{} default matches, {matches} seeds each, one thread:", game.title());
    let mut setup_times: Vec<Duration> = (1..=matches)
        .map(|seed| {
            let setup =
                MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
            let t = Instant::now();
            game.check(&setup).map(|_| t.elapsed())
        })
        .collect::<Result<_, _>>()?;
    setup_times.sort();
    println!("  {:<36} median {:>7.3} ms", "board generation and setup", ms(setup_times[setup_times.len() / 2]));
    let mut medians = Vec::new();
    for (label, bots, record) in [
        ("engine alone (4 native Null)", native("Null"), false),
        ("4 native Demo, no replay", native("Demo"), false),
        ("4 native Demo, replay recorded", native("Demo"), true),
        ("4 wasm Demo, replay recorded", wasm("Demo")?, true),
        ("4 wasm Dummy, replay recorded", wasm("Dummy")?, true),
    ] {
        let f = measure(game, &bots, record, matches)?;
        print!("  {label:<36} median {:>7.3} ms  p90 {:>7.3} ms  mean {:>7.3} ms", ms(f.median), ms(f.p90), ms(f.mean));
        if !f.replay_bytes.is_empty() {
            let b = &f.replay_bytes;
            print!(
                "  replay median {:.1} KB, max {:.1} KB",
                b[b.len() / 2] as f64 / 1000.0,
                b[b.len() - 1] as f64 / 1000.0
            );
        }
        println!();
        medians.push(f.median);
    }
    println!(
        "  wasm Demo / native Demo (both recording): {:.2}x (goal <= 1.5x, wasm <= 10 ms)",
        medians[3].as_secs_f64() / medians[2].as_secs_f64()
    );
    let f = sandbox::bench::run(&sandbox, 2000, 20_000).map_err(|e| anyhow::anyhow!("sandbox bench: {e}"))?;
    println!(
        "sandbox ({} allocator): instantiate from the cached module {:.1} us (goal <= 50 us, incl. a {:.1} KB setup view); \
         per bot per round {:.2} us (goal <= 2 us, incl. a {:.1} KB round view)",
        if f.pooling { "pooling" } else { "on-demand" },
        f.instantiate.as_secs_f64() * 1e6,
        f.setup_bytes as f64 / 1000.0,
        f.round.as_secs_f64() * 1e6,
        f.view_bytes as f64 / 1000.0
    );
    // The C++ rows need `arena build` (clang-19) and, for the native build, g++: a machine
    // without them prints why they are missing instead.
    #[cfg(unix)]
    if let Err(e) = reference_rows(game, a.cpp_player.as_deref(), a.cpp_matches.max(1)) {
        println!("C++ reference player, wasm against native: not measured: {e:#}");
    }
    if let Err(e) = module_cache_rows(game, a.cache_runs.max(1)) {
        println!("module cache: not measured: {e:#}");
    }
    Ok(())
}

/// The directory of the game's reference C++ players (from the current directory or the
/// checkout this binary was built from).
fn reference_dir(game: &dyn AnyGame) -> anyhow::Result<PathBuf> {
    let rel = Path::new("bot-sdk/cpp/reference").join(game.name().replace('-', "_"));
    [rel.clone(), Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(&rel)]
        .into_iter()
        .find(|d| d.is_dir())
        .with_context(|| format!("no reference C++ players in {}", rel.display()))
}

/// The reference player of the wasm-against-native row: `AI<name>.cc`, or the game's heaviest
/// sound player (`*Solid`, else `*Planner`).
fn reference_player(game: &dyn AnyGame, name: Option<&str>) -> anyhow::Result<(String, PathBuf)> {
    let (dir, files) = reference_files(game)?;
    let stem = |p: &PathBuf| p.file_stem().unwrap_or_default().to_string_lossy().trim_start_matches("AI").to_string();
    let found = match name {
        Some(n) => files.iter().find(|p| stem(p).eq_ignore_ascii_case(n.trim_start_matches("AI"))),
        None => ["Solid", "Planner"].iter().find_map(|suffix| files.iter().find(|p| stem(p).ends_with(suffix))),
    };
    let file = found.with_context(|| {
        format!(
            "no reference player {} in {}; there are {}",
            name.unwrap_or("*Solid or *Planner"),
            dir.display(),
            files.iter().map(stem).collect::<Vec<_>>().join(", ")
        )
    })?;
    Ok((stem(file), file.clone()))
}

/// CPU time (user + system) of this process and its waited-for children (the compile workers).
#[cfg(unix)]
fn process_cpu() -> Duration {
    rusage(libc::RUSAGE_SELF) + rusage(libc::RUSAGE_CHILDREN)
}

/// A default match of four copies of one C++ reference player, wasm against native (issue 21:
/// within 1.5x): the native build is `arena calibrate`'s (g++ -O2 shared object played
/// in-process, `native_cpp`), the wasm build `arena build`'s; the wasm match is measured with a
/// cold module cache (the compile included) and a warm one. Figures are the CPU time of this
/// process and its compile workers from loading the players to the end of the match, median
/// over seeds 1..=N; the wasm bots have no budget, so both builds do the same work.
#[cfg(unix)]
fn reference_rows(game: &dyn AnyGame, name: Option<&str>, matches: u64) -> anyhow::Result<()> {
    use super::native_cpp::{build_native, NativeFactory};
    use engine::wire::SharedFactory;
    use sandbox::PlayerOptions;
    use std::sync::Arc;

    let (name, file) = reference_player(game, name)?;
    let files = [file.clone()];
    let wasm = super::build::build_wasm(&files, game.name(), false).context("arena build")?;
    let native = Arc::new(build_native(&files, game.name(), false).context("the native build (g++)")?);
    let tmp = std::env::temp_dir().join(format!("arena-bench-ref-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let setup =
        |seed| MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
    let unlimited = || PlayerOptions::default().fuel(u64::MAX / 8).wall_clock(Duration::from_secs(3600));
    let wasm_match = |cache: &Path, seed: u64| -> anyhow::Result<(Duration, bool)> {
        let sb = players::sandbox_with(sandbox::Limits::default(), Some(cache.to_path_buf()))?;
        let t = process_cpu();
        let module = sb.load(&wasm, Some(game.name()))?;
        let specs: Vec<PlayerSpec> =
            (0..4).map(|_| PlayerSpec::Wire(module.player_with(&name, unlimited()).0)).collect();
        game.play(&setup(seed), &specs, true)?;
        Ok((process_cpu().saturating_sub(t), module.from_cache()))
    };
    let result = (|| -> anyhow::Result<(Vec<Duration>, Vec<Duration>, Vec<Duration>)> {
        let (mut nat, mut cold, mut warm) = (Vec::new(), Vec::new(), Vec::new());
        // Warm-up: page faults, lazy statics, the native object's first load.
        let (f, _) = NativeFactory::new(native.clone(), &name);
        game.play(
            &setup(1),
            &[
                PlayerSpec::Wire(SharedFactory(Arc::new(f))),
                PlayerSpec::House("Null".into()),
                PlayerSpec::House("Null".into()),
                PlayerSpec::House("Null".into()),
            ],
            false,
        )?;
        for seed in 1..=matches {
            let t = process_cpu();
            let specs: Vec<PlayerSpec> = (0..4)
                .map(|_| PlayerSpec::Wire(SharedFactory(Arc::new(NativeFactory::new(native.clone(), &name).0))))
                .collect();
            game.play(&setup(seed), &specs, true)?;
            nat.push(process_cpu().saturating_sub(t));
            let cache = tmp.join(format!("cache-{seed}"));
            let (c, hit) = wasm_match(&cache, seed)?;
            anyhow::ensure!(!hit, "the cold module cache was not cold");
            cold.push(c);
            let (w, hit) = wasm_match(&cache, seed)?;
            anyhow::ensure!(hit, "the warm run did not load the module from the cache");
            warm.push(w);
        }
        Ok((nat, cold, warm))
    })();
    let _ = std::fs::remove_dir_all(&tmp);
    let (nat, cold, warm) = result?;
    let (nat, cold, warm) = (median(nat), median(cold), median(warm));
    let ratio = |d: Duration| d.as_secs_f64() / nat.as_secs_f64().max(1e-9);
    println!(
        "4 x C++ {name} ({:.0} KB wasm), default match, median of {matches} seeds, CPU: native {:.1} ms; \
         wasm, cold module cache {:.1} ms ({:.2}x), warm {:.1} ms ({:.2}x native, goal <= 1.5x)",
        wasm.len() as f64 / 1000.0,
        ms(nat),
        ms(cold),
        ratio(cold),
        ms(warm),
        ratio(warm)
    );
    Ok(())
}

/// The game's reference players' directory and their sources (`AI*.cc`), by name.
fn reference_files(game: &dyn AnyGame) -> anyhow::Result<(PathBuf, Vec<PathBuf>)> {
    let dir = reference_dir(game)?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cc"))
        .collect();
    files.sort();
    Ok((dir, files))
}

/// The reference C++ players of `game` (`bot-sdk/cpp/reference/<game>`, from the current
/// directory or the checkout this binary was built from), built to wasm.
fn cpp_bots(game: &dyn AnyGame) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let (_, files) = reference_files(game)?;
    files
        .iter()
        .map(|f| {
            let name = f.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let wasm = super::build::build_wasm(std::slice::from_ref(f), game.name(), false)
                .with_context(|| format!("arena build {}", f.display()))?;
            Ok((name, wasm))
        })
        .collect()
}

/// CPU time (user + system) of this process's waited-for children so far.
#[cfg(unix)]
fn children_cpu() -> Duration {
    rusage(libc::RUSAGE_CHILDREN)
}

/// CPU time (user + system) of `who` (`RUSAGE_SELF`, `RUSAGE_CHILDREN`).
#[cfg(unix)]
fn rusage(who: libc::c_int) -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(who, &mut u) };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(u.ru_utime) + tv(u.ru_stime)
}

/// The CPU time of one `arena run` of `bots` on `cnf` (its compile workers included).
#[cfg(unix)]
fn run_cpu(game: &dyn AnyGame, bots: &[String], cnf: &Path, cache: &[&str]) -> anyhow::Result<Duration> {
    let exe = std::env::current_exe()?;
    let before = children_cpu();
    let out = std::process::Command::new(exe)
        .args(["run", game.name()])
        .args(bots)
        .arg("--config")
        .arg(cnf)
        .arg("--no-replay")
        .args(cache)
        .stdin(std::process::Stdio::null())
        .output()?;
    if !out.status.success() {
        anyhow::bail!("arena run {} failed: {}", bots.join(" "), String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(children_cpu().saturating_sub(before))
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Load times of a C++ bot with a cold and a warm module cache, and the CPU time of a whole
/// `arena run` of one round, four distinct C++ bots against four house bots, without the cache
/// and on a second run (issue 21: at most 1.5x the house bots'). What is measured is Arena's
/// start-up, so the four C++ bots are the reference players whose first round costs least fuel;
/// the four heaviest are shown beside them (their first round is most of their difference).
fn module_cache_rows(game: &dyn AnyGame, runs: usize) -> anyhow::Result<()> {
    let tmp = std::env::temp_dir().join(format!("arena-bench-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp)?;
    let result = module_cache_rows_in(game, runs, &tmp);
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

fn module_cache_rows_in(game: &dyn AnyGame, runs: usize, tmp: &Path) -> anyhow::Result<()> {
    let bots = cpp_bots(game)?;
    let (name, wasm) = bots.iter().max_by_key(|(_, w)| w.len()).context("no C++ player")?;
    let (mut cold, mut warm) = (Vec::new(), Vec::new());
    for k in 0..runs {
        let dir = tmp.join(format!("load-{k}"));
        let sb = players::sandbox_with(sandbox::Limits::default(), Some(dir.clone()))?;
        let t = Instant::now();
        sb.load(wasm, Some(game.name()))?;
        cold.push(t.elapsed());
        let sb = players::sandbox_with(sandbox::Limits::default(), Some(dir))?;
        let t = Instant::now();
        let m = sb.load(wasm, Some(game.name()))?;
        warm.push(t.elapsed());
        anyhow::ensure!(m.from_cache(), "the second load did not come from the module cache");
    }
    println!(
        "module load of the C++ bot {name} ({:.0} KB), median of {runs}: cold cache (compile worker) {:.1} ms, \
         warm cache {:.2} ms",
        wasm.len() as f64 / 1000.0,
        ms(median(cold)),
        ms(median(warm))
    );
    #[cfg(unix)]
    {
        anyhow::ensure!(bots.len() >= 4, "{} has fewer than four reference C++ players", game.name());
        let mut params = ParamValues::defaults(game.param_specs());
        let mut cnf_text = String::new();
        // The fewest rounds the game allows: one (Purge: one day of two rounds).
        for spec in game.param_specs() {
            if ["nb_rounds", "num_rounds", "num_days", "num_rounds_per_day"].contains(&spec.name) {
                params.set(game.param_specs(), spec.name, spec.min)?;
                cnf_text += &format!("{} {}\n", spec.name, spec.min);
            }
        }
        let cnf = tmp.join("one-round.cnf");
        std::fs::write(&cnf, cnf_text)?;
        // What each player's own first round costs (fuel, deterministic): the runs below measure
        // Arena's start-up with the four lightest, and show the four heaviest beside them.
        let sb = players::sandbox_with(sandbox::Limits::default(), None)?;
        let mut by_work = Vec::new();
        for (n, w) in &bots {
            let (factory, log) = sb.load(w, Some(game.name()))?.player_with(n, sandbox::PlayerOptions::default());
            let nulls = (0..3).map(|_| PlayerSpec::House("Null".into()));
            let specs: Vec<PlayerSpec> = std::iter::once(PlayerSpec::Wire(factory)).chain(nulls).collect();
            game.play(&MatchSetup { params: params.clone(), board: BoardSource::Generated, seed: 1 }, &specs, false)?;
            let fuel = log.report().map_or(0, |r| r.fuel_used);
            let p = tmp.join(format!("{n}.wasm"));
            std::fs::write(&p, w)?;
            by_work.push((fuel, n.clone(), p.display().to_string()));
        }
        by_work.sort();
        let written = Instant::now();
        let light: Vec<String> = by_work[..4].iter().map(|(_, _, p)| p.clone()).collect();
        let heavy: Vec<String> = by_work[by_work.len() - 4..].iter().map(|(_, _, p)| p.clone()).collect();
        let list = |range: &[(u64, String, String)]| {
            range.iter().map(|(f, n, _)| format!("{n} {:.1e}", *f as f64)).collect::<Vec<_>>().join(", ")
        };
        println!("  fuel over the fewest rounds, lightest four: {}", list(&by_work[..4]));
        println!("  fuel over the fewest rounds, heaviest four: {}", list(&by_work[by_work.len() - 4..]));
        let house: Vec<String> = {
            let names = crate_house_names(game);
            (0..4).map(|k| names[k % names.len()].clone()).collect()
        };
        let mut figures = Vec::new();
        for (label, seats) in [
            ("4 distinct C++ bots, lightest", &light),
            ("4 distinct C++ bots, heaviest", &heavy),
            ("4 house bots", &house),
        ] {
            let cache = tmp.join(format!("run-cache-{}", figures.len()));
            let cache = cache.display().to_string();
            let with_cache = ["--module-cache", cache.as_str()];
            let mut none = Vec::new();
            let mut second = Vec::new();
            for _ in 0..runs {
                none.push(run_cpu(game, seats, &cnf, &["--no-module-cache"])?);
            }
            // A player's bot files are older than a few seconds: `arena run` remembers the hash
            // of a file only once it has settled (cli/file_hash.rs).
            std::thread::sleep(Duration::from_secs(3).saturating_sub(written.elapsed()));
            run_cpu(game, seats, &cnf, &with_cache)?; // fills the cache
            for _ in 0..runs {
                second.push(run_cpu(game, seats, &cnf, &with_cache)?);
            }
            let (none, second) = (median(none), median(second));
            println!(
                "  arena run, {label}, fewest rounds: CPU {:.0} ms without the module cache, {:.1} ms on a second run",
                ms(none),
                ms(second)
            );
            figures.push((none, second));
        }
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64().max(1e-9);
        println!(
            "  C++ bots / house bots, CPU of arena run: {:.2}x on a second run (goal <= 1.5x), {:.2}x without the \
             cache; the heaviest four (their own first round included): {:.2}x, {:.2}x",
            ratio(figures[0].1, figures[2].1),
            ratio(figures[0].0, figures[2].0),
            ratio(figures[1].1, figures[2].1),
            ratio(figures[1].0, figures[2].0)
        );
    }
    Ok(())
}

/// The game's house bots' names (wasm, as `arena run` takes them).
fn crate_house_names(game: &dyn AnyGame) -> Vec<String> {
    arena::games::house_bots(game.name()).iter().map(|b| b.name.to_string()).collect()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
