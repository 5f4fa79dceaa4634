//! `arena calibrate`: what one second of bot CPU is worth in fuel, the CPU budget's unit.
//!
//! The CPU budget is a fuel budget so that it is deterministic; `sandbox::FUEL_PER_SECOND` must
//! equal one second of native CPU for the median kit-style C++ player. By default this command
//! measures that: every reference player (`AI*.cc` in `bot-sdk/cpp/reference/<game>/`, or
//! `--players DIR`) is compiled twice, to wasm by `arena build` and natively by the host's g++
//! (`cli/native_cpp.rs`), and each build plays the same matches (the player in seat 0 against
//! three `native:Demo`, seeds 1..=N, default parameters): the wasm build without a budget, its
//! fuel counted by the sandbox, the native build with its thread CPU time measured. Each match
//! gives fuel per native second; the table shows each player's median, then the median over
//! players and how `FUEL_PER_SECOND` compares. Both builds must play the very same match (same
//! replay, but for the header's code hash and runtime): a difference means the SDK behaves
//! differently natively, and the command says so and fails.
//!
//! After the table, the CPU-time backstop (`sandbox::CPU_PER_BUDGET_SECOND`): for each player,
//! its worst match's wasm thread CPU, the CPU a whole budget would take at that match's speed,
//! and how many times that fits below the bound.
//!
//! `--house` is the older measurement: four wasm copies of each house bot, fuel divided by the
//! wall-clock time spent inside their calls.

use super::players;
use super::stats::median;
use anyhow::{bail, Context};
use engine::catalog::{AnyGame, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use engine::replay::Replay;
use sandbox::{Limits, PlayerOptions, FUEL_PER_SECOND};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct CalibrateArgs {
    /// Matches per player (seeds 1..=N, default parameters).
    #[arg(long, default_value_t = 10)]
    matches: u64,
    /// The game whose players are measured.
    #[arg(long, default_value = "pandemic")]
    game: String,
    /// The kit-style C++ players to measure: every AI*.cc in DIR (default:
    /// bot-sdk/cpp/reference/<game> of the checkout).
    #[arg(long, value_name = "DIR")]
    players: Option<PathBuf>,
    /// Write both replays of every match to DIR (<Player>-<seed>-wasm.replay and -native.replay).
    #[arg(long, value_name = "DIR")]
    replays: Option<PathBuf>,
    /// The older measurement instead: four wasm copies of each house bot, fuel per second of
    /// wall-clock time inside their calls.
    #[arg(long)]
    house: bool,
    /// Print the compiler commands.
    #[arg(short, long)]
    verbose: bool,
}

pub fn calibrate(a: CalibrateArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: this is a debug build; use `cargo run --release -p arena -- calibrate`");
    }
    if a.house {
        return calibrate_house(game, a.matches.max(1));
    }
    calibrate_cpp(game, &a)
}

fn setup(game: &dyn AnyGame, seed: u64) -> MatchSetup {
    MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed }
}

/// The reference players' directory: `--players`, else `bot-sdk/cpp/reference/<game>` under the
/// current directory, else under the checkout this binary was built from.
fn players_dir(game: &dyn AnyGame, given: Option<&Path>) -> PathBuf {
    if let Some(d) = given {
        return d.to_path_buf();
    }
    let rel = Path::new("bot-sdk/cpp/reference").join(game.name().replace('-', "_"));
    if rel.is_dir() {
        return rel;
    }
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(&rel);
    if checkout.is_dir() {
        return checkout;
    }
    rel
}

/// Every `AI*.cc` in `dir`, sorted.
fn player_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir).with_context(|| {
        format!("cannot read the players' directory {} (give another with --players DIR)", dir.display())
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("AI") && name.ends_with(".cc") && p.is_file()
        })
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("no player (AI*.cc) in {} (give another directory with --players DIR)", dir.display());
    }
    Ok(files)
}

/// One match of one player, played by both builds.
#[cfg(unix)]
struct Run {
    seed: u64,
    fuel: u64,
    cpu: Duration,
    /// The wasm build's thread CPU time inside its calls (what the sandbox's CPU backstop counts).
    wasm_cpu: Duration,
    /// Why the two builds' matches differ, if they do.
    mismatch: Option<String>,
}

/// Why two replays of what should be the same match differ, or None. The header may differ only
/// in seat 0's code hash and the wasm runtime's version, the summary only in the final CPU
/// shares (the rounds' shares are stored to 1/10000, so a tiny wasm share is 0 there too).
#[cfg(unix)]
fn replay_difference(wasm: &[u8], native: &[u8]) -> Option<String> {
    let (w, n) = match (Replay::parse(wasm), Replay::parse(native)) {
        (Ok(w), Ok(n)) => (w, n),
        (Err(e), _) | (_, Err(e)) => return Some(format!("a replay does not read back: {e}")),
    };
    let mut header = n.header.clone();
    header.wasmtime_version.clone_from(&w.header.wasmtime_version);
    if let (Some(h), Some(wh)) = (header.players.first_mut(), w.header.players.first()) {
        h.hash.clone_from(&wh.hash);
    }
    if header != w.header {
        return Some("the replays' headers differ".into());
    }
    if w.initial != n.initial {
        return Some("the initial states differ".into());
    }
    for (k, (rw, rn)) in w.rounds.iter().zip(&n.rounds).enumerate() {
        if rw.common != rn.common || rw.game != rn.game {
            return Some(format!(
                "round {} differs (scores {:?} with wasm, {:?} natively)",
                k + 1,
                rw.common.scores,
                rn.common.scores
            ));
        }
    }
    // The final CPU shares differ by design (a wasm bot's fuel / a huge budget, a native bot's 0);
    // whether a bot was frozen (-1) must not.
    let mut summary = n.summary.clone();
    for (p, q) in summary.players.iter_mut().zip(&w.summary.players) {
        if p.cpu >= 0.0 && q.cpu >= 0.0 {
            p.cpu = q.cpu;
        }
    }
    if w.summary != summary {
        let scores = |r: &Replay| r.summary.players.iter().map(|p| p.score).collect::<Vec<_>>();
        return Some(format!("the results differ (scores {:?} with wasm, {:?} natively)", scores(&w), scores(&n)));
    }
    None
}

/// Plays `seeds` with both builds of one player; returns each match's measurements.
#[cfg(unix)]
fn measure_player(
    game: &dyn AnyGame,
    sandbox: &sandbox::Sandbox,
    file: &Path,
    name: &str,
    matches: u64,
    a: &CalibrateArgs,
) -> anyhow::Result<Vec<Run>> {
    use super::native_cpp::{build_native, NativeFactory};
    use engine::wire::SharedFactory;
    use std::sync::Arc;

    let files = [file.to_path_buf()];
    let wasm = super::build::build_wasm(&files, game.name(), a.verbose)?;
    let module = sandbox.load(&wasm, Some(game.name())).with_context(|| format!("{} (wasm)", file.display()))?;
    let native = Arc::new(build_native(&files, game.name(), a.verbose)?);
    let demos = || (1..4).map(|_| PlayerSpec::House("Demo".into()));
    let mut runs = Vec::new();
    for seed in 1..=matches {
        // No budget: this measures speed, not limits.
        let options = PlayerOptions::default().fuel(u64::MAX / 8).wall_clock(Duration::from_secs(3600));
        let (factory, log) = module.player_with(name, options);
        let specs: Vec<PlayerSpec> = std::iter::once(PlayerSpec::Wire(factory)).chain(demos()).collect();
        let wasm_out = game.play(&setup(game, seed), &specs, true)?;
        let wr = log.report().ok_or_else(|| anyhow::anyhow!("{name} (wasm) did not start on seed {seed}"))?;

        let (factory, nlog) = NativeFactory::new(native.clone(), name);
        let specs: Vec<PlayerSpec> =
            std::iter::once(PlayerSpec::Wire(SharedFactory(Arc::new(factory)))).chain(demos()).collect();
        let native_out = game.play(&setup(game, seed), &specs, true)?;
        let nr = nlog.report().ok_or_else(|| anyhow::anyhow!("{name} (native) did not start on seed {seed}"))?;

        if let Some(dir) = &a.replays {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            for (kind, out) in [("wasm", &wasm_out), ("native", &native_out)] {
                let path = dir.join(format!("{name}-{seed}-{kind}.replay"));
                std::fs::write(&path, out.replay.as_deref().unwrap_or_default())
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
        let mismatch = match (&wasm_out.replay, &native_out.replay) {
            (Some(w), Some(n)) => replay_difference(w, n),
            _ => Some("a match was not recorded".into()),
        };
        if let Some(f) = &wr.frozen {
            eprintln!("warning: {name} (wasm) was frozen on seed {seed}: {}", f.message);
        }
        if let Some(f) = &nr.frozen {
            eprintln!("warning: {name} (native) was frozen on seed {seed}: {}", f.message);
            let stderr = String::from_utf8_lossy(&nr.stderr);
            if !stderr.trim().is_empty() {
                eprintln!("  its stderr:\n{}", stderr.trim_end());
            }
        }
        runs.push(Run { seed, fuel: wr.fuel_used, cpu: nr.cpu, wasm_cpu: wr.cpu_time, mismatch });
    }
    Ok(runs)
}

/// One line of the table.
#[cfg(unix)]
struct PlayerRow {
    name: String,
    cpu: f64,
    fuel: f64,
    rate: f64,
    rate_min: f64,
    rate_max: f64,
    /// The wasm build's worst match for the CPU backstop: its CPU time, and the CPU a whole
    /// budget would take at that match's speed (CPU per fuel).
    worst_cpu: Duration,
    worst_budget_cpu: f64,
    mismatches: Vec<(u64, String)>,
}

/// The CPU a whole default budget takes at a match's speed (its wasm CPU per fuel), in seconds.
fn budget_cpu(r: &Run) -> f64 {
    if r.fuel == 0 {
        return 0.0;
    }
    r.wasm_cpu.as_secs_f64() / r.fuel as f64 * FUEL_PER_SECOND as f64
}

/// How far each player's worst match stays below the sandbox's CPU-time backstop: the bound is
/// per match ([`sandbox::CPU_PER_BUDGET_SECOND`] per second of budget), so the figure that
/// matters is the CPU a whole budget would take at the player's slowest speed per fuel.
#[cfg(unix)]
fn print_cpu_backstop(rows: &[PlayerRow]) {
    let bound = sandbox::cpu_backstop(FUEL_PER_SECOND).as_secs_f64();
    println!();
    println!(
        "CPU-time backstop: {bound:.0} s of thread CPU per bot per match with the default budget ({:.3e} fuel); \
         each player's worst match (most wasm CPU per fuel):",
        FUEL_PER_SECOND as f64
    );
    println!("{:<16} {:>18} {:>24} {:>18}", "player", "wasm CPU/match", "CPU for a whole budget", "below the bound");
    for r in rows {
        let headroom = if r.worst_budget_cpu > 0.0 { bound / r.worst_budget_cpu } else { f64::INFINITY };
        println!(
            "{:<16} {:>16.4} s {:>22.3} s {:>16.1} x",
            r.name,
            r.worst_cpu.as_secs_f64(),
            r.worst_budget_cpu,
            headroom
        );
    }
}

fn calibrate_cpp(game: &'static dyn AnyGame, a: &CalibrateArgs) -> anyhow::Result<()> {
    #[cfg(not(unix))]
    {
        let _ = (game, a);
        bail!("measuring C++ players natively needs a Unix host; `arena calibrate --house` works here");
    }
    #[cfg(unix)]
    {
        let matches = a.matches.max(1);
        let dir = players_dir(game, a.players.as_deref());
        let files = player_files(&dir)?;
        let sandbox = players::sandbox(Limits::default())?;
        println!(
            "{}: {} kit-style C++ players from {}, each in seat 0 against three native:Demo, seeds 1..={matches}, \
             default parameters; wasm build (fuel, no budget) and native build (g++ -O2, thread CPU time)",
            game.title(),
            files.len(),
            dir.display()
        );
        println!(
            "{:<16} {:>16} {:>14} {:>26} {:>12}",
            "player", "native CPU/match", "fuel/match", "fuel per native second", "same match"
        );
        let mut rows = Vec::new();
        for file in &files {
            let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let name = stem.strip_prefix("AI").filter(|s| !s.is_empty()).unwrap_or(&stem).to_string();
            let runs = measure_player(game, &sandbox, file, &name, matches, a)
                .with_context(|| format!("measuring {}", file.display()))?;
            let mut cpu: Vec<f64> = runs.iter().map(|r| r.cpu.as_secs_f64()).collect();
            let mut fuel: Vec<f64> = runs.iter().map(|r| r.fuel as f64).collect();
            let mut rates: Vec<f64> =
                runs.iter().filter(|r| r.cpu > Duration::ZERO).map(|r| r.fuel as f64 / r.cpu.as_secs_f64()).collect();
            let rate = median(&mut rates);
            let worst = runs.iter().max_by(|x, y| budget_cpu(x).total_cmp(&budget_cpu(y)));
            let row = PlayerRow {
                worst_cpu: worst.map(|r| r.wasm_cpu).unwrap_or_default(),
                worst_budget_cpu: worst.map(budget_cpu).unwrap_or(0.0),
                name,
                cpu: median(&mut cpu),
                fuel: median(&mut fuel),
                rate,
                rate_min: rates.first().copied().unwrap_or(f64::NAN),
                rate_max: rates.last().copied().unwrap_or(f64::NAN),
                mismatches: runs.iter().filter_map(|r| r.mismatch.clone().map(|m| (r.seed, m))).collect(),
            };
            let same = if row.mismatches.is_empty() {
                format!("{matches}/{matches}")
            } else {
                format!("DIFFER {}/{matches}", row.mismatches.len())
            };
            println!(
                "{:<16} {:>14.4} s {:>14.3e} {:>10.3e} ({:.2e}..{:.2e}) {:>12}",
                row.name, row.cpu, row.fuel, row.rate, row.rate_min, row.rate_max, same
            );
            rows.push(row);
        }

        let mut rates: Vec<f64> = rows.iter().map(|r| r.rate).filter(|r| r.is_finite()).collect();
        let med = median(&mut rates);
        if med.is_finite() {
            let lo = rows.iter().filter(|r| r.rate.is_finite()).min_by(|x, y| x.rate.total_cmp(&y.rate));
            let hi = rows.iter().filter(|r| r.rate.is_finite()).max_by(|x, y| x.rate.total_cmp(&y.rate));
            println!("median over the {} players: {med:.3e} fuel per native second", rates.len());
            if let (Some(lo), Some(hi)) = (lo, hi) {
                println!(
                    "spread: min {:.3e} ({}), max {:.3e} ({}): max/min {:.2}",
                    lo.rate,
                    lo.name,
                    hi.rate,
                    hi.name,
                    hi.rate / lo.rate
                );
            }
            println!(
                "sandbox::FUEL_PER_SECOND = {:.3e}, {:.2} x the median {med:.3e}: one budget = {:.2} s of native CPU \
                 for the median player",
                FUEL_PER_SECOND as f64,
                FUEL_PER_SECOND as f64 / med,
                FUEL_PER_SECOND as f64 / med
            );
        }

        print_cpu_backstop(&rows);

        let bad: Vec<&PlayerRow> = rows.iter().filter(|r| !r.mismatches.is_empty()).collect();
        if !bad.is_empty() {
            eprintln!();
            eprintln!(
                "*** THE NATIVE AND WASM BUILDS PLAYED DIFFERENT MATCHES: the SDK behaves differently natively ***"
            );
            for r in &bad {
                for (seed, why) in &r.mismatches {
                    eprintln!("  {} seed {seed}: {why}", r.name);
                }
            }
            bail!(
                "{} of {} players played different matches natively and in wasm (see above); their figures compare \
                 different work",
                bad.len(),
                rows.len()
            );
        }
        Ok(())
    }
}

/// Fuel and busy time for each match of four copies of one house bot.
fn measure_house(game: &dyn AnyGame, bot: &str, matches: u64) -> anyhow::Result<Vec<(u64, Duration)>> {
    let sandbox = players::sandbox(Limits::default())?;
    let (_, module) = players::load(&sandbox, game, bot)?;
    let mut out = Vec::new();
    for seed in 1..=matches {
        // No budget: this measures speed, not limits.
        let options = PlayerOptions::default().fuel(u64::MAX / 8).wall_clock(Duration::from_secs(3600)).measure_busy();
        let seats: Vec<_> = (0..4).map(|_| module.player_with(bot, options.clone())).collect();
        let specs: Vec<PlayerSpec> = seats.iter().map(|(f, _)| PlayerSpec::Wire(f.clone())).collect();
        game.play(&setup(game, seed), &specs, false)?;
        let (mut fuel, mut busy) = (0u64, Duration::ZERO);
        for (_, log) in &seats {
            let r = log.report().ok_or_else(|| anyhow::anyhow!("{bot} did not start"))?;
            if let Some(f) = r.frozen {
                bail!("{bot} was frozen during calibration: {}", f.message);
            }
            fuel += r.fuel_used;
            busy += r.busy;
        }
        out.push((fuel, busy));
    }
    Ok(out)
}

/// The older measurement: the wasm house bots, fuel per second of wall-clock time in their calls.
fn calibrate_house(game: &dyn AnyGame, matches: u64) -> anyhow::Result<()> {
    println!("{}: {matches} matches of four wasm copies of each house bot, no budget", game.title());
    let mut dummy_rate = None;
    for bot in ["Dummy", "Demo"] {
        let runs = measure_house(game, bot, matches)?;
        let mut rates: Vec<f64> = runs.iter().map(|(f, t)| *f as f64 / t.as_secs_f64().max(1e-9)).collect();
        let med = median(&mut rates);
        let mut fuel: Vec<f64> = runs.iter().map(|(f, _)| (f / 4) as f64).collect();
        let fuel = median(&mut fuel);
        println!(
            "  {bot:<6} {:>6.2} G fuel/s (min {:.2}, max {:.2}); fuel per bot per match: median {:.3e} ({:.1}% of the budget)",
            med / 1e9,
            rates[0] / 1e9,
            rates[rates.len() - 1] / 1e9,
            fuel,
            fuel / FUEL_PER_SECOND as f64 * 100.0
        );
        if bot == "Dummy" {
            dummy_rate = Some(med);
        }
    }
    if let Some(rate) = dummy_rate {
        println!(
            "one second of Dummy-like code here = {:.2e} fuel; the budget constant (sandbox::FUEL_PER_SECOND) is {:.0e} \
             ({:.2} s here); set another per competition with --fuel",
            rate,
            FUEL_PER_SECOND as f64,
            FUEL_PER_SECOND as f64 / rate
        );
    }
    Ok(())
}
