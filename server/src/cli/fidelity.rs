//! `arena fidelity`: do Arena's matches score like the kit's? A Demo plays four-way on many
//! seeds (the engine's native Demo by default, or any bot: `--bot AIDemo.wasm`, the kit's own
//! AIDemo.cc built with `arena build`), and the distributions of the winner's score and of the
//! total score are compared with the kit's Demo x4 figures (measured once with the kit's
//! `./Game`, committed as numbers in `server/kit-figures/<game>/demo_scores.txt`) by a
//! two-sample Kolmogorov-Smirnov test. Arena's Demo is the kit's `AIDemo` behaviour, so a low
//! p-value points at the rules or the board generator (the game's docs page, "Fidelity to the
//! kit").

use super::seeds::{parse_seed_list, Seeds};
use super::stats::{ks_two_sample, mean, median};
use anyhow::Context;
use engine::catalog::PlayerSpec;
use engine::params::ParamValues;
use engine::referee::MatchSetup;

#[derive(clap::Args)]
pub struct FidelityArgs {
    /// The game.
    game: String,
    /// Seeds of Arena's matches (the kit's figures are for seeds 1..100).
    #[arg(long, default_value = "1..100", value_parser = parse_seed_list)]
    seeds: Seeds,
    /// The bot measured: with the Demo check, the bot of all four seats (default `native:Demo`);
    /// with `--dummy`, the Dummy (default the house `Dummy`). A house bot or a .wasm file.
    #[arg(long)]
    bot: Option<String>,
    /// Compare the Dummy's own score in three line-ups (against three Demos, four Dummies,
    /// against three Nulls) with the kit's Dummy, instead of Demo x4 (`dummy_lineups`).
    #[arg(long)]
    dummy: bool,
    /// Matches played at once (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// The kit's figures: (winner's score, total score) per seed.
fn kit_scores(game: &str) -> Option<&'static str> {
    arena::games::assets(game).and_then(|g| g.kit.demo_scores)
}

fn parse_scores(text: &str) -> anyhow::Result<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<f64> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .with_context(|| format!("line {}", n + 1))?;
        anyhow::ensure!(f.len() == 3, "line {}: expected `seed winner_score total_score`", n + 1);
        out.push((f[1], f[2]));
    }
    Ok(out)
}

pub fn fidelity(a: FidelityArgs) -> anyhow::Result<()> {
    if a.dummy {
        return super::dummy_lineups::dummy_lineups(&a.game, a.bot.as_deref(), &a.seeds.0, a.jobs, a.json);
    }
    let game = super::game(&a.game)?;
    let kit = parse_scores(kit_scores(game.name()).with_context(|| format!("no kit figures for {}", game.name()))?)?;
    let sandbox = super::players::sandbox(sandbox::Limits::default())?;
    let bot = a.bot.clone().unwrap_or_else(|| "native:Demo".into());
    let seats = super::players::seats(&sandbox, game, &vec![bot.clone(); 4], false)?;
    let players: Vec<PlayerSpec> = seats.specs;
    let arena = super::seeds::par_seeds(&a.seeds.0, a.jobs, |seed| {
        let setup = MatchSetup {
            params: ParamValues::defaults(game.param_specs()),
            board: engine::cnf::BoardSource::Generated,
            seed,
        };
        let out = game.play(&setup, &players, false).with_context(|| format!("seed {seed}"))?;
        let scores: Vec<f64> = out.summary.players.iter().map(|p| p.score as f64).collect();
        Ok((scores.iter().copied().fold(f64::MIN, f64::max), scores.iter().sum::<f64>()))
    })?;
    let figures = [("winner score", 0usize), ("total score", 1)];
    let rows: Vec<serde_json::Value> = figures
        .iter()
        .map(|&(name, k)| {
            let pick = |v: &[(f64, f64)]| -> Vec<f64> { v.iter().map(|t| if k == 0 { t.0 } else { t.1 }).collect() };
            let (x, y) = (pick(&arena), pick(&kit));
            let (d, p) = ks_two_sample(&x, &y);
            serde_json::json!({
                "name": name, "arena_mean": mean(&x), "arena_median": median(&mut x.clone()),
                "kit_mean": mean(&y), "kit_median": median(&mut y.clone()), "d": d, "p": p,
            })
        })
        .collect();
    if a.json {
        let out = serde_json::json!({ "game": game.name(), "seeds": a.seeds.0.len(), "kit_seeds": kit.len(), "figures": rows });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    println!(
        "{}: {} x4 on {} seeds against the kit's Demo x4 on {} seeds (two-sample Kolmogorov-Smirnov)",
        game.title(),
        bot,
        a.seeds.0.len(),
        kit.len()
    );
    println!(
        "{:<14} {:>11} {:>11} {:>11} {:>11} {:>6} {:>7}",
        "figure", "Arena mean", "median", "kit mean", "median", "D", "p"
    );
    for r in &rows {
        let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
        println!(
            "{:<14} {:>11.0} {:>11.0} {:>11.0} {:>11.0} {:>6.3} {:>7.4}{}",
            r["name"].as_str().unwrap_or(""),
            f("arena_mean"),
            f("arena_median"),
            f("kit_mean"),
            f("kit_median"),
            f("d"),
            f("p"),
            if f("p") > 0.05 { "" } else { "  (differs: p <= 0.05)" }
        );
    }
    Ok(())
}
