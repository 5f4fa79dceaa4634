//! `arena tournament`: a whole elimination tournament (Jutge's format, `docs/tournament.md`)
//! played locally on all cores. The `tournament` crate decides the matches; this plays them in
//! the sandbox, a turn at a time (a turn's matches in parallel), and prints who went out in which
//! round and the final table, or JSON.

use super::players;
use anyhow::Context;
use engine::catalog::PlayerSpec;
use engine::referee::MatchSetup;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use tournament::{Config, Entrant, MatchResult, Outcome, PendingMatch, PlayedMatch, Seat, Stage, Tournament};

#[derive(clap::Args)]
pub struct TournamentArgs {
    /// The game (see `arena list`).
    game: String,
    /// The entrants: .wasm files or house bots. A bot given twice plays twice, named by file
    /// stem (or house name) with a suffix: Demo, Demo-2, Demo-3...
    #[arg(required = true, num_args = 2.., value_name = "BOT")]
    bots: Vec<String>,
    /// How many players reach the final (more than four: semifinals first).
    #[arg(long, default_value_t = 4)]
    finalists: usize,
    /// Matches in the final series (and in each semifinal group's series).
    #[arg(long, default_value_t = 4)]
    final_matches: usize,
    /// The tournament seed: every match seed and draw derives from it.
    #[arg(short, long, default_value_t = 1)]
    seed: u64,
    /// Replays of a match whose saved/out boundary is tied, before the seat order decides.
    #[arg(long, default_value_t = 3)]
    tie_replays: u32,
    /// A Jutge `.cnf` parameter file for every match (defaults otherwise).
    #[arg(short = 'i', long)]
    config: Option<PathBuf>,
    /// Matches played at once (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Write every match's replay into this directory.
    #[arg(long)]
    out_dir: Option<PathBuf>,
    /// Print the whole tournament as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    sandbox: players::SandboxArgs,
}

/// Display names: the bot's name, with `-2`, `-3`... for the second, third... copy.
fn unique_names(names: &[String]) -> Vec<String> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut taken: std::collections::HashSet<String> = names.iter().cloned().collect();
    names
        .iter()
        .map(|n| {
            let k = seen.entry(n.as_str()).or_insert(0);
            *k += 1;
            if *k == 1 {
                return n.clone();
            }
            let mut i = *k;
            loop {
                let candidate = format!("{n}-{i}");
                if taken.insert(candidate.clone()) {
                    return candidate;
                }
                i += 1;
            }
        })
        .collect()
}

/// The name of a filler seat in the output.
const FILLER: &str = "(Dummy)";

fn match_file_name(game: &str, key: &tournament::MatchKey) -> String {
    let stage = match key.stage {
        Stage::Round(r) => format!("r{r:03}"),
        Stage::Semifinal(l) => format!("semi{l}"),
        Stage::Final => "final".to_string(),
    };
    format!("{game}-{stage}-t{}-m{}-a{}.replay", key.turn, key.index, key.attempt)
}

pub fn tournament(a: TournamentArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    let sandbox = a.sandbox.sandbox()?;
    let (params, board) = super::run::load_setup(game, a.config.as_ref())?;
    game.check(&MatchSetup { params: params.clone(), board: board.clone(), seed: 1 }).with_context(|| {
        a.config.as_ref().map_or_else(|| "default parameters".to_string(), |p| p.display().to_string())
    })?;
    // Load each distinct argument once.
    let mut modules: HashMap<&str, (String, sandbox::BotModule)> = HashMap::new();
    for arg in &a.bots {
        if !modules.contains_key(arg.as_str()) {
            modules.insert(arg, players::load(&sandbox, game, arg)?);
        }
    }
    let base: Vec<String> = a.bots.iter().map(|b| modules[b.as_str()].0.clone()).collect();
    let names = unique_names(&base);
    let entrants: Vec<Entrant> =
        a.bots.iter().zip(&names).map(|(b, n)| Entrant::new(n.clone(), modules[b.as_str()].1.hash())).collect();
    let config =
        Config { seed: a.seed, finalists: a.finalists, final_matches: a.final_matches, tie_replays: a.tie_replays };
    let mut t = Tournament::new(config, entrants)?;
    // A player per entrant (by sorted index) and the filler.
    let by_name: HashMap<&str, &str> =
        names.iter().map(String::as_str).zip(a.bots.iter().map(String::as_str)).collect();
    let specs: Vec<PlayerSpec> =
        t.entrants().iter().map(|e| PlayerSpec::Wire(modules[by_name[e.name.as_str()]].1.player(&e.name).0)).collect();
    let dummy = players::load(&sandbox, game, "Dummy")?.1;
    let filler = PlayerSpec::Wire(dummy.player(FILLER).0);
    if let Some(dir) = &a.out_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let jobs = a.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);

    let bar = if !a.json && std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(u64::from(t.total_rounds()) + 1);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} round {pos}/{len} {msg} [{elapsed_precise}, eta {eta}]")
                .expect("valid template"),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let start = Instant::now();
    let mut played = 0usize;
    while !t.is_done() {
        let batch = t.next_matches();
        let play = |m: &PendingMatch| -> anyhow::Result<MatchResult> {
            let seats: Vec<PlayerSpec> = m
                .seats
                .iter()
                .map(|s| match s {
                    Seat::Entrant(e) => specs[*e].clone(),
                    Seat::Dummy => filler.clone(),
                })
                .collect();
            let setup = MatchSetup { params: params.clone(), board: board.clone(), seed: m.seed };
            let out = game.play(&setup, &seats, a.out_dir.is_some()).with_context(|| format!("{}", m.key))?;
            if let (Some(dir), Some(bytes)) = (&a.out_dir, &out.replay) {
                let path = dir.join(match_file_name(game.name(), &m.key));
                std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
            }
            let p = &out.summary.players;
            Ok(MatchResult {
                scores: std::array::from_fn(|s| p[s].score),
                frozen: std::array::from_fn(|s| p[s].frozen.is_some()),
            })
        };
        // A pool of workers pulls the turn's matches in order.
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<anyhow::Result<MatchResult>>>> =
            Mutex::new((0..batch.len()).map(|_| None).collect());
        std::thread::scope(|scope| {
            for _ in 0..jobs.min(batch.len()) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(m) = batch.get(i) else { break };
                    let r = play(m);
                    results.lock().expect("no worker panicked")[i] = Some(r);
                    bar.set_message(format!("({} matches)", played + i + 1));
                });
            }
        });
        let results = results.into_inner().expect("no worker panicked");
        for (m, r) in batch.iter().zip(results) {
            let r = r.context("a match was not played")??;
            t.record(m.key, r)?;
            played += 1;
        }
        bar.set_position(t.rounds().len() as u64 + u64::from(t.is_done()));
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();

    if a.json {
        println!("{}", serde_json::to_string_pretty(&to_json(&t, game.name(), a.seed))?);
    } else {
        print_summary(&t, game.title());
    }
    eprintln!(
        "{played} matches in {seconds:.1} s on {jobs} cores: {:.1} matches/s, {:.2} matches/s/core",
        played as f64 / seconds,
        played as f64 / seconds / jobs as f64
    );
    Ok(())
}

fn seat_name(t: &Tournament, s: &Seat) -> String {
    match s {
        Seat::Entrant(e) => t.entrants()[*e].name.clone(),
        Seat::Dummy => FILLER.to_string(),
    }
}

fn match_json(t: &Tournament, m: &PlayedMatch) -> Value {
    let name = |e: usize| t.entrants()[e].name.clone();
    let mut v = json!({
        "seed": m.seed,
        "attempt": m.key.attempt,
        "players": m.seats.iter().map(|s| seat_name(t, s)).collect::<Vec<_>>(),
        "scores": m.result.scores,
        "frozen": m.result.frozen,
    });
    let o = v.as_object_mut().expect("an object");
    match &m.outcome {
        Outcome::Replayed => {
            o.insert("saved".into(), json!([]));
            o.insert("replayed".into(), json!(true));
        }
        Outcome::Saved(s) => {
            o.insert("saved".into(), json!(s.iter().map(|&e| name(e)).collect::<Vec<_>>()));
        }
        Outcome::Out(e) => {
            o.insert("saved".into(), json!([]));
            o.insert("out".into(), json!(name(*e)));
        }
        Outcome::Points(p) => {
            o.insert("points".into(), json!(p));
        }
    }
    if m.tiebreak {
        o.insert("tiebreak".into(), json!(true));
    }
    v
}

fn series_json(t: &Tournament, s: &tournament::SeriesLog) -> Value {
    json!({
        "matches": s.matches.iter().map(|m| match_json(t, m)).collect::<Vec<_>>(),
        "standings": s.standings.iter().map(|r| json!({
            "name": t.entrants()[r.entrant].name, "points": r.points, "place": r.place,
            "places": r.places, "advances": r.advances,
        })).collect::<Vec<_>>(),
    })
}

fn to_json(t: &Tournament, game: &str, seed: u64) -> Value {
    let name = |e: usize| t.entrants()[e].name.clone();
    let rounds: Vec<Value> = t
        .rounds()
        .iter()
        .map(|r| {
            json!({
                "round": r.round,
                "turns": r.turns.iter().map(|turn| {
                    let mut v = json!({ "matches": turn.matches.iter().map(|m| match_json(t, m)).collect::<Vec<_>>() });
                    if let Some(e) = turn.alone {
                        v["alone"] = json!(name(e));
                    }
                    v
                }).collect::<Vec<_>>(),
                "out": name(r.out),
            })
        })
        .collect();
    let semifinals: Vec<Value> = t
        .series()
        .iter()
        .filter_map(|s| match s.stage {
            Stage::Semifinal(level) => {
                let mut v = series_json(t, s);
                v["level"] = json!(level);
                v["group"] = json!(s.group);
                Some(v)
            }
            _ => None,
        })
        .collect();
    let fin = t.series().iter().find(|s| s.stage == Stage::Final).map(|s| series_json(t, s));
    let standings: Vec<Value> = t
        .standings()
        .iter()
        .map(|s| {
            json!({
                "name": name(s.entrant), "hash": t.entrants()[s.entrant].hash, "place": s.place,
                "eliminated_in_round": s.eliminated_in_round, "eliminated_in_semifinal": s.eliminated_in_semifinal,
            })
        })
        .collect();
    let c = t.config();
    json!({
        "game": game,
        "seed": seed,
        "finalists": c.finalists,
        "final_matches": c.final_matches,
        "tie_replays": c.tie_replays,
        "entrants": t.entrants().len(),
        "matches_played": t.recorded().len(),
        "rounds": rounds,
        "semifinals": semifinals,
        "final": fin,
        "standings": standings,
    })
}

fn print_summary(t: &Tournament, title: &str) {
    let name = |e: usize| t.entrants()[e].name.as_str();
    println!(
        "{title}: elimination tournament, {} entrants, seed {}, {} matches",
        t.entrants().len(),
        t.config().seed,
        t.recorded().len()
    );
    for r in t.rounds() {
        let matches: usize = r.turns.iter().map(|turn| turn.matches.len()).sum();
        println!("round {:>3}: out {:<16} ({} turns, {matches} matches)", r.round, name(r.out), r.turns.len());
    }
    for s in t.series() {
        let label = match s.stage {
            Stage::Semifinal(l) => format!("semifinal {l}, group {}", s.group + 1),
            _ => "final".to_string(),
        };
        println!("{label} ({} matches, 4/3/2/1 points per match):", s.matches.len());
        println!(
            "  {:>5}  {:<16} {:>6}  {:>3} {:>3} {:>3} {:>3}",
            "place", "name", "points", "1st", "2nd", "3rd", "4th"
        );
        for r in &s.standings {
            let mark = if r.advances { "  → goes on" } else { "" };
            println!(
                "  {:>5}  {:<16} {:>6}  {:>3} {:>3} {:>3} {:>3}{mark}",
                r.place,
                name(r.entrant),
                r.points,
                r.places[0],
                r.places[1],
                r.places[2],
                r.places[3]
            );
        }
    }
    let top: Vec<String> = t.standings().iter().take(4).map(|s| format!("{}. {}", s.place, name(s.entrant))).collect();
    println!("standings: {}", top.join(", "));
}

#[cfg(test)]
mod tests {
    #[test]
    fn copies_get_suffixes() {
        let names: Vec<String> = ["Demo", "Demo", "Null", "Demo", "Demo-2"].iter().map(|s| s.to_string()).collect();
        assert_eq!(super::unique_names(&names), vec!["Demo", "Demo-3", "Null", "Demo-4", "Demo-2"]);
    }
}
