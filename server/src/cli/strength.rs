//! `arena strength`: how often does a player take first place against three copies of an
//! opponent (Dummy by default)? The Dummy's calibration against the kit's (issue 14,
//! `docs/games/<game>.md`, "Fidelity to the kit"): each player plays seeds 1..100 from seat
//! `seed mod 4`, default parameters (or a `.cnf` file's, `-i`), and a tie for first counts as
//! first place, as in the kit measurement. The kit's column (measured once natively, committed as numbers in
//! `server/kit-figures/<game>/dummy_rates.txt`) is printed next to players of the same name.
//!
//! `scripts/dummy-table.sh <game>` builds the reference players and runs this.

use super::seeds::{parse_seed_list, Seeds};
use anyhow::Context;
use engine::catalog::{AnyGame, PlayerSpec};
use engine::referee::MatchSetup;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct StrengthArgs {
    /// The game.
    game: String,
    /// The players to measure: .wasm files (or house bots).
    #[arg(required = true, value_name = "PLAYER")]
    players: Vec<String>,
    /// The opponent in the three other seats: a house bot or a .wasm file.
    #[arg(long, default_value = "Dummy")]
    against: String,
    /// The seeds; the player sits at seat `seed mod 4`.
    #[arg(long, default_value = "1..100", value_parser = parse_seed_list)]
    seeds: Seeds,
    /// A Jutge `.cnf` parameter file (default parameters otherwise): how the Dummy fares on a
    /// course's own settings. The kit's column, measured with the defaults, is then left out.
    #[arg(short = 'i', long)]
    config: Option<PathBuf>,
    /// Matches played at once (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// The kit's first-place percentages by player name.
fn kit_rates(game: &str) -> Vec<(String, f64)> {
    let text = arena::games::assets(game).map_or("", |g| g.kit.dummy_rates);
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (name, pct) = l.split_once(char::is_whitespace)?;
            Some((name.to_string(), pct.trim().parse().ok()?))
        })
        .collect()
}

/// One player's results: first places and matches.
struct Row {
    name: String,
    firsts: usize,
    matches: usize,
    frozen: usize,
}

fn measure(
    game: &dyn AnyGame,
    template: &MatchSetup,
    me: &PlayerSpec,
    name: &str,
    opponent: &PlayerSpec,
    seeds: &[u64],
    jobs: Option<usize>,
) -> anyhow::Result<Row> {
    let play = |seed: u64| -> anyhow::Result<(bool, bool)> {
        let seat = (seed % 4) as usize;
        let specs: Vec<PlayerSpec> = (0..4).map(|s| if s == seat { me.clone() } else { opponent.clone() }).collect();
        let setup = MatchSetup { seed, ..template.clone() };
        let out = game.play(&setup, &specs, false).with_context(|| format!("{name}, seed {seed}"))?;
        let r = &out.summary.players[seat];
        Ok((r.rank == 1, r.frozen.is_some()))
    };
    let results = super::seeds::par_seeds(seeds, jobs, play)?;
    let mut row = Row { name: name.to_string(), firsts: 0, matches: 0, frozen: 0 };
    for (first, frozen) in results {
        row.matches += 1;
        row.firsts += usize::from(first);
        row.frozen += usize::from(frozen);
    }
    Ok(row)
}

pub fn strength(a: StrengthArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    let sandbox = super::players::sandbox(sandbox::Limits::default())?;
    let opponent = super::players::seats(&sandbox, game, std::slice::from_ref(&a.against), false)?
        .specs
        .pop()
        .context("no opponent")?;
    let (params, board) = super::run::load_setup(game, a.config.as_ref())?;
    // Every match plays with these parameters and board, on its own seed.
    let template = MatchSetup { params, board, seed: 1 };
    if let Some(path) = &a.config {
        // Parameter and board errors before any match, naming the file.
        game.check(&template).with_context(|| path.display().to_string())?;
    }
    // The kit's rates hold for its default parameters only.
    let kit = if a.config.is_none() { kit_rates(game.name()) } else { Vec::new() };
    let mut rows = Vec::new();
    for p in &a.players {
        let name = if PathBuf::from(p).is_file() { super::players::load(&sandbox, game, p)?.0 } else { p.clone() };
        let me =
            super::players::seats(&sandbox, game, std::slice::from_ref(p), false)?.specs.pop().context("no player")?;
        rows.push(measure(game, &template, &me, &name, &opponent, &a.seeds.0, a.jobs)?);
    }
    let kit_of = |name: &str| kit.iter().find(|(n, _)| n == name).map(|&(_, v)| v);
    if a.json {
        let out: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "player": r.name, "matches": r.matches, "firsts": r.firsts,
                    "percent": 100.0 * r.firsts as f64 / r.matches.max(1) as f64,
                    "kit_percent": kit_of(&r.name), "frozen": r.frozen,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(
                &serde_json::json!({ "game": game.name(), "against": a.against, "config": a.config, "players": out })
            )?
        );
        return Ok(());
    }
    let settings = match &a.config {
        Some(path) => format!("the parameters of {}; the kit's column is for the defaults", path.display()),
        None => "default parameters".to_string(),
    };
    println!(
        "{}: first places against three {} ({} seeds, the player at seat seed mod 4, {settings})",
        game.title(),
        a.against,
        a.seeds.0.len()
    );
    println!("{:<14} {:>8} {:>8} {:>7} {:>7}", "player", "Arena", "kit", "gap", "frozen");
    for r in &rows {
        let pct = (100.0 * r.firsts as f64 / r.matches.max(1) as f64).round();
        let (kit, gap) = match kit_of(&r.name) {
            Some(k) => (format!("{k:.0}%"), format!("{:+.0}", pct - k.round())),
            None => ("-".into(), "-".into()),
        };
        println!("{:<14} {:>7.0}% {:>8} {:>7} {:>7}", r.name, pct, kit, gap, r.frozen);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_reference_player_has_its_kit_rate() {
        // The kit's column names each reference player of bot-sdk/cpp/reference/<game>/ once.
        for g in arena::games::GAMES {
            let rates = super::kit_rates(g.name);
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bot-sdk/cpp/reference").join(g.dir);
            let mut players: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .filter_map(|e| {
                    let name = e.unwrap().file_name().to_string_lossy().into_owned();
                    Some(name.strip_prefix("AI")?.strip_suffix(".cc")?.to_string())
                })
                .collect();
            let mut named: Vec<String> = rates.iter().map(|(n, _)| n.clone()).collect();
            players.sort();
            named.sort();
            assert_eq!(named, players, "{}: the kit's rates and the reference players", g.name);
            assert!(rates.iter().all(|(_, v)| (0.0..=100.0).contains(v)), "{rates:?}");
        }
    }
}
