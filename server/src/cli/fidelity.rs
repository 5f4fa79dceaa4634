//! `arena fidelity`: do Arena's matches score like the kit's? A Demo plays four-way on many
//! seeds (the engine's native Demo by default, or any bot: `--bot AIDemo.wasm`, the kit's own
//! AIDemo.cc built with `arena build`), and the distributions of the winner's score and of the
//! total score are compared with the kit's Demo x4 figures (measured once with the kit's
//! `./Game`, committed as numbers in `server/kit-figures/<game>/demo_scores.txt`) by a
//! two-sample Kolmogorov-Smirnov test. Arena's Demo is the kit's `AIDemo` behaviour, so a low
//! p-value points at the rules or the board generator (the game's docs page, "Fidelity to the
//! kit").
//!
//! The test is a few lines (the asymptotic distribution of the statistic, as in Numerical
//! Recipes' `kstwo`), so it is written here rather than pulled in with a statistics crate.

use super::calibrate::median;
use super::seeds::{parse_seed_list, Seeds};
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
    match game {
        "pandemic" => Some(include_str!("../../kit-figures/pandemic/demo_scores.txt")),
        "ork-island" => Some(include_str!("../../kit-figures/ork_island/demo_scores.txt")),
        _ => None,
    }
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

/// The two-sample Kolmogorov-Smirnov statistic D and its p-value (asymptotic, with the usual
/// small-sample correction of the effective size).
pub fn ks_two_sample(a: &[f64], b: &[f64]) -> (f64, f64) {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    let (na, nb) = (a.len() as f64, b.len() as f64);
    let (mut i, mut j, mut d) = (0usize, 0usize, 0.0f64);
    while i < a.len() && j < b.len() {
        let x = a[i].min(b[j]);
        while i < a.len() && a[i] <= x {
            i += 1;
        }
        while j < b.len() && b[j] <= x {
            j += 1;
        }
        d = d.max((i as f64 / na - j as f64 / nb).abs());
    }
    let n = (na * nb / (na + nb)).sqrt();
    let lambda = (n + 0.12 + 0.11 / n) * d;
    (d, kolmogorov_q(lambda))
}

/// Q(λ) = 2 Σ_{k≥1} (-1)^{k-1} e^{-2k²λ²}: the probability that the statistic exceeds λ.
fn kolmogorov_q(lambda: f64) -> f64 {
    if lambda < 0.2 {
        return 1.0;
    }
    let mut sum = 0.0;
    let mut sign = 1.0;
    for k in 1..=100 {
        let k = k as f64;
        let term = sign * (-2.0 * k * k * lambda * lambda).exp();
        sum += term;
        if term.abs() < 1e-12 {
            break;
        }
        sign = -sign;
    }
    (2.0 * sum).clamp(0.0, 1.0)
}

pub fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ks_finds_the_same_and_different_distributions() {
        let a: Vec<f64> = (0..100).map(f64::from).collect();
        let (d, p) = ks_two_sample(&a, &a);
        assert_eq!(d, 0.0);
        assert_eq!(p, 1.0);
        // Shifted by half the range: clearly different.
        let b: Vec<f64> = (50..150).map(f64::from).collect();
        let (d, p) = ks_two_sample(&a, &b);
        assert!((d - 0.5).abs() < 1e-12, "{d}");
        assert!(p < 1e-9, "{p}");
        // Interleaved samples of one distribution: D = 0.01, p near 1.
        let odd: Vec<f64> = (0..100).map(|k| f64::from(2 * k + 1)).collect();
        let even: Vec<f64> = (0..100).map(|k| f64::from(2 * k)).collect();
        let (d, p) = ks_two_sample(&even, &odd);
        assert!((d - 0.01).abs() < 1e-12, "{d}");
        assert!(p > 0.99, "{p}");
        // A known value: D = 0.2 with 100 and 100 samples gives p ≈ 0.037 (scipy: 0.0366 exact-ish).
        assert!((kolmogorov_q((50f64.sqrt() + 0.12 + 0.11 / 50f64.sqrt()) * 0.2) - 0.035).abs() < 0.01);
    }
}
