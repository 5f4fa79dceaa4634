//! `arena run`: one match or many, printed as a table or JSON, with replays.

use super::players::{self, Seats};
use super::seeds::{parse_seed_list, Seeds};
use anyhow::Context;
use engine::catalog::AnyGame;
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{MatchSetup, MatchSummary};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct RunArgs {
    /// The game: pandemic, ork-island, walking-dead, purge, mad-max (see `arena list`).
    game: String,
    /// Four players: .wasm files, house bots (Null, Demo, Dummy; run in the sandbox like any
    /// upload) or native house bots (native:Demo, for comparisons).
    #[arg(num_args = 4, required = true, value_names = ["BOT1", "BOT2", "BOT3", "BOT4"])]
    bots: Vec<String>,
    /// The match seed.
    #[arg(short, long, default_value_t = 1, conflicts_with = "seeds")]
    seed: u64,
    /// Play many seeds and print a summary: `1..100` is seeds 1 to 100 inclusive.
    #[arg(long, value_parser = parse_seed_list)]
    seeds: Option<Seeds>,
    /// A Jutge `.cnf` parameter file (defaults otherwise).
    #[arg(short = 'i', long)]
    config: Option<PathBuf>,
    /// Where to write the replay of a single match (default: <game>-<seed>.replay).
    #[arg(short, long, conflicts_with = "seeds")]
    out: Option<PathBuf>,
    /// With --seeds: write every match's replay into this directory as <game>-<seed>.replay.
    #[arg(long, requires = "seeds")]
    out_dir: Option<PathBuf>,
    /// The players' names, comma-separated, one per seat (default: the file's or house bot's
    /// name). A match page's "play it again" command sets them as the server had them.
    #[arg(long, value_delimiter = ',', num_args = 1, value_name = "A,B,C,D")]
    names: Option<Vec<String>>,
    /// Do not write a replay.
    #[arg(long, conflicts_with_all = ["out", "out_dir"])]
    no_replay: bool,
    /// Write each wasm bot's whole stderr to DIR/<seat>-<name>.stderr: every line, no cap but a
    /// safety limit of 1 GiB per bot.
    #[arg(long, value_name = "DIR", conflicts_with = "seeds")]
    stderr_dir: Option<PathBuf>,
    /// Keep the bots' stderr round by round in <replay>.stderr.json beside the replay (up to
    /// 32 MiB per bot, its start and its end), which `arena view` shows in its stderr panel. The
    /// replay itself never carries stderr.
    #[arg(long, conflicts_with_all = ["seeds", "no_replay"])]
    keep_stderr: bool,
    /// Print a machine-readable summary (an object per match; an array with --seeds).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    sandbox: super::players::SandboxArgs,
}

pub(super) fn load_setup(game: &dyn AnyGame, config: Option<&PathBuf>) -> anyhow::Result<(ParamValues, BoardSource)> {
    match config {
        None => Ok((ParamValues::defaults(game.param_specs()), BoardSource::Generated)),
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            let c = game.parse_config(&text).with_context(|| format!("{}", path.display()))?;
            Ok((c.params, c.board))
        }
    }
}

pub fn run(a: RunArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    let sandbox = a.sandbox.sandbox()?;
    if let Some(names) = a.names.as_ref().filter(|n| n.len() != 4) {
        anyhow::bail!("--names needs 4 names, one per seat, separated by commas; {} given", names.len());
    }
    let live = players::LiveStderr {
        print: a.sandbox.stderr,
        dir: a.stderr_dir.clone(),
        kept: a.keep_stderr.then_some(KEPT_STDERR),
    };
    let Seats { specs, logs } = players::seats_named(&sandbox, game, &a.bots, a.names.as_deref(), &live)?;
    let (params, board) = load_setup(game, a.config.as_ref())?;
    let seeds = a.seeds.clone().map(|s| s.0).unwrap_or_else(|| vec![a.seed]);
    // Find parameter and board errors before playing, and name the file they come from.
    let first = MatchSetup { params: params.clone(), board: board.clone(), seed: seeds[0] };
    game.check(&first).with_context(|| match &a.config {
        Some(path) => path.display().to_string(),
        None => "default parameters".to_string(),
    })?;
    let many = a.seeds.is_some();
    if let Some(dir) = &a.out_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let record = !a.no_replay && (!many || a.out_dir.is_some());
    let bar = if many && !a.json && std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(seeds.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} matches, {per_sec}, eta {eta}")
                .expect("valid template"),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut summaries = Vec::with_capacity(seeds.len());
    for &seed in &seeds {
        let setup = MatchSetup { params: params.clone(), board: board.clone(), seed };
        let out = game.play(&setup, &specs, record).with_context(|| format!("seed {seed}"))?;
        if let Some(bytes) = &out.replay {
            let path = match (&a.out, &a.out_dir) {
                (Some(p), _) => p.clone(),
                (None, Some(dir)) => dir.join(format!("{}-{seed}.replay", game.name())),
                (None, None) => PathBuf::from(format!("{}-{seed}.replay", game.name())),
            };
            std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
            if !many && !a.json {
                eprintln!("replay written to {} ({:.1} KB)", path.display(), bytes.len() as f64 / 1000.0);
            }
            if a.keep_stderr {
                let side = write_stderr(&path, &logs)?;
                if !a.json {
                    eprintln!("stderr by round written to {} (`arena view` shows it)", side.display());
                }
            }
        }
        if !many {
            // Why a bot stopped, in its own words (the table has the public words): for the person
            // running the match, who owns the bots here.
            for (p, log) in logs.iter().enumerate() {
                let Some(r) = log.as_ref().and_then(|l| l.report()) else { continue };
                if let Some(detail) = &r.frozen_detail {
                    eprintln!("player {p} ({}) stopped: {detail}", r.name);
                }
            }
        }
        if !many && !a.json && !a.sandbox.stderr && a.stderr_dir.is_none() {
            for (p, log) in logs.iter().enumerate() {
                let Some(r) = log.as_ref().and_then(|l| l.report()) else { continue };
                if !r.stderr.is_empty() {
                    eprintln!(
                        "player {p} ({}) wrote {} bytes to stderr; --stderr prints it, --stderr-dir DIR keeps it",
                        r.name, r.stderr_log.written
                    );
                }
            }
        }
        summaries.push(out.summary);
        bar.inc(1);
    }
    bar.finish_and_clear();
    match (a.json, many) {
        (true, false) => println!("{}", serde_json::to_string_pretty(&summaries[0])?),
        (true, true) => println!("{}", serde_json::to_string_pretty(&summaries)?),
        (false, false) => print_match(game, &summaries[0]),
        (false, true) => print_table(game, &summaries),
    }
    Ok(())
}

/// What `--keep-stderr` keeps per bot.
const KEPT_STDERR: usize = 32 << 20;

/// Writes the seats' stderr beside the replay; returns the file's path.
fn write_stderr(replay: &std::path::Path, logs: &[Option<sandbox::BotLog>]) -> anyhow::Result<PathBuf> {
    let seats = logs
        .iter()
        .enumerate()
        .filter_map(|(p, log)| Some(arena::stderr_rounds::from_report(p as u8, &log.as_ref()?.report()?)))
        .collect();
    let path = arena::stderr_rounds::side_file(replay);
    let json = serde_json::to_vec(&arena::stderr_rounds::MatchStderr { seats })?;
    std::fs::write(&path, json).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

fn cpu_text(cpu: f64) -> String {
    if cpu < 0.0 {
        "out".to_string()
    } else {
        format!("{:.0}%", cpu * 100.0)
    }
}

fn print_match(game: &dyn AnyGame, s: &MatchSummary) {
    println!("{}, seed {}, {} rounds", game.title(), s.seed, s.rounds);
    println!("{:>6}  {:<12} {:>10} {:>5} {:>5}  status", "player", "name", "score", "rank", "cpu");
    for (p, r) in s.players.iter().enumerate() {
        let status = match &r.frozen {
            None => "playing to the end".to_string(),
            Some(f) => format!("frozen in round {} ({}): {}", f.round, f.reason, f.message),
        };
        println!("{p:>6}  {:<12} {:>10} {:>5} {:>5}  {status}", r.name, r.score, r.rank, cpu_text(r.cpu));
    }
    let winners: Vec<String> = s.winners().iter().map(|&p| format!("{} (player {p})", s.players[p].name)).collect();
    println!("{}: {}", if winners.len() > 1 { "winners (tied)" } else { "winner" }, winners.join(", "));
}

fn print_table(game: &dyn AnyGame, all: &[MatchSummary]) {
    let n = all.len() as f64;
    println!("{}, {} matches (seeds {}..{})", game.title(), all.len(), all[0].seed, all[all.len() - 1].seed);
    println!("{:>6}  {:<12} {:>6} {:>12} {:>10} {:>7}", "player", "name", "wins", "mean score", "mean rank", "frozen");
    for p in 0..all[0].players.len() {
        let wins = all.iter().filter(|s| s.players[p].rank == 1).count();
        let score: f64 = all.iter().map(|s| s.players[p].score as f64).sum::<f64>() / n;
        let rank: f64 = all.iter().map(|s| f64::from(s.players[p].rank)).sum::<f64>() / n;
        let frozen = all.iter().filter(|s| s.players[p].frozen.is_some()).count();
        println!("{p:>6}  {:<12} {wins:>6} {score:>12.1} {rank:>10.2} {frozen:>7}", all[0].players[p].name);
    }
    println!("(a tie for first counts as a win for each tied player)");
}
