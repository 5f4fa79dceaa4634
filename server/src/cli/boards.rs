//! `arena boards`: the generator's statistics over many seeds, next to the kit's means
//! (`docs/boards.md`), so that anyone can compare Arena's boards with the kit's.

use super::seeds::{parse_seed_list, Seeds};
use anyhow::Context;
use engine::referee::MatchSetup;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct BoardsArgs {
    /// The game.
    game: String,
    /// Seeds: `1..100` is seeds 1 to 100 inclusive; `7` one seed.
    #[arg(long, default_value = "1..100", value_parser = parse_seed_list)]
    seeds: Seeds,
    /// A Jutge `.cnf` file (parameters, or a FIXED board) instead of the defaults.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Print JSON: `{"game", "seeds", "stats": [{"name", "mean", "min", "max", "kit_mean"}]}`.
    #[arg(long)]
    json: bool,
}

/// One figure over the seeds.
#[derive(serde::Serialize)]
struct Row {
    name: &'static str,
    mean: f64,
    min: f64,
    max: f64,
    /// The kit's mean (default parameters only), when measured.
    kit_mean: Option<f64>,
}

pub fn boards(a: BoardsArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    let (params, board) = super::run::load_setup(game, a.config.as_ref())?;
    let seeds = &a.seeds.0;
    let mut rows: Vec<Row> = Vec::new();
    for &seed in seeds {
        let setup = MatchSetup { params: params.clone(), board: board.clone(), seed };
        let stats = game.board_stats(&setup).with_context(|| format!("seed {seed}"))?;
        if rows.is_empty() {
            let kit = |name: &str| game.kit_board_means().iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
            // The kit's figures are for its default parameters and generated boards.
            let defaults = a.config.is_none();
            rows = stats
                .iter()
                .map(|s| Row {
                    name: s.name,
                    mean: 0.0,
                    min: f64::INFINITY,
                    max: f64::NEG_INFINITY,
                    kit_mean: kit(s.name).filter(|_| defaults),
                })
                .collect();
        }
        for (row, s) in rows.iter_mut().zip(&stats) {
            row.mean += s.value / seeds.len() as f64;
            row.min = row.min.min(s.value);
            row.max = row.max.max(s.value);
        }
    }
    if a.json {
        let out = serde_json::json!({ "game": game.name(), "seeds": seeds.len(), "stats": rows });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    println!("{}: board statistics over {} seeds (round 0)", game.title(), seeds.len());
    println!("{:<18} {:>9} {:>7} {:>7} {:>9} {:>8}", "figure", "mean", "min", "max", "kit mean", "vs kit");
    for r in &rows {
        let (kit, diff) = match r.kit_mean {
            Some(k) => (format!("{k:.1}"), format!("{:+.0}%", (r.mean / k - 1.0) * 100.0)),
            None => ("-".into(), "-".into()),
        };
        println!("{:<18} {:>9.1} {:>7} {:>7} {kit:>9} {diff:>8}", r.name, r.mean, r.min, r.max);
    }
    Ok(())
}
