//! `arena fidelity <game> --dummy`: does Arena's Dummy *play* like the kit's, not only rank like
//! it? Its own score is compared, line-up by line-up, with the kit's Dummy's over the same seeds:
//! against three Demos, among four Dummies (four copies of the one measured), against three Nulls.
//! The measured Dummy sits at seat `seed mod 4`, as in `arena strength`. The kit's figures are measured once natively with the
//! kit's `./Game` (`scripts/kit-<game>.py KIT lineups`) and committed as numbers in
//! `server/kit-figures/<game>/dummy_lineups.txt`, one `line-up seed score` per line. Each line-up
//! gets a two-sample Kolmogorov-Smirnov test (`stats::ks_two_sample`).

use super::stats::{ks_two_sample, mean, median};
use anyhow::Context;
use engine::catalog::{AnyGame, PlayerSpec};
use engine::params::ParamValues;
use engine::referee::MatchSetup;

/// The line-ups, by the names the kit's figures use: the three other seats' bot.
pub const LINEUPS: [(&str, &str); 3] = [("demos", "Demo"), ("dummies", "Dummy"), ("nulls", "Null")];

/// The kit's Dummy scores of one game: (line-up, seed, score).
fn kit_lineups(game: &str) -> Option<&'static str> {
    arena::games::assets(game).map(|g| g.kit.dummy_lineups)
}

/// Parses `line-up seed score` lines (`#` comments and blank lines skipped).
pub fn parse_lineups(text: &str) -> anyhow::Result<Vec<(String, u64, f64)>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let [lineup, seed, score] = f[..] else {
            anyhow::bail!("line {}: expected `line-up seed score`, found `{line}`", n + 1);
        };
        anyhow::ensure!(
            LINEUPS.iter().any(|(l, _)| *l == lineup),
            "line {}: unknown line-up `{lineup}` (demos, dummies, nulls)",
            n + 1
        );
        let seed = seed.parse().with_context(|| format!("line {}: seed `{seed}`", n + 1))?;
        let score = score.parse().with_context(|| format!("line {}: score `{score}`", n + 1))?;
        out.push((lineup.to_string(), seed, score));
    }
    Ok(out)
}

/// The measured Dummy's score in each seed's match: it at seat `seed mod 4`, `other` elsewhere.
fn play_lineup(
    game: &dyn AnyGame,
    dummy: &PlayerSpec,
    other: &PlayerSpec,
    seeds: &[u64],
    jobs: Option<usize>,
) -> anyhow::Result<Vec<f64>> {
    super::seeds::par_seeds(seeds, jobs, |seed| {
        let seat = (seed % 4) as usize;
        let specs: Vec<PlayerSpec> = (0..4).map(|s| if s == seat { dummy.clone() } else { other.clone() }).collect();
        let setup = MatchSetup {
            params: ParamValues::defaults(game.param_specs()),
            board: engine::cnf::BoardSource::Generated,
            seed,
        };
        let out = game.play(&setup, &specs, false).with_context(|| format!("seed {seed}"))?;
        Ok(out.summary.players[seat].score as f64)
    })
}

pub fn dummy_lineups(
    game: &str,
    bot: Option<&str>,
    seeds: &[u64],
    jobs: Option<usize>,
    json: bool,
) -> anyhow::Result<()> {
    let game = super::game(game)?;
    let kit_text = kit_lineups(game.name()).with_context(|| format!("no kit figures for {}", game.name()))?;
    let kit = parse_lineups(kit_text).with_context(|| format!("server/kit-figures of {}", game.name()))?;
    anyhow::ensure!(
        !kit.is_empty(),
        "no kit Dummy line-ups for {} yet: measure them with scripts/kit-{}.py KIT lineups",
        game.name(),
        game.name()
    );
    let sandbox = super::players::sandbox(sandbox::Limits::default())?;
    let bot = bot.unwrap_or("Dummy").to_string();
    let spec = |name: &str| -> anyhow::Result<PlayerSpec> {
        super::players::seats(&sandbox, game, &[name.to_string()], false)?.specs.pop().context("no player")
    };
    let dummy = spec(&bot)?;
    let mut rows = Vec::new();
    for (lineup, other) in LINEUPS {
        // Among four Dummies, the other three are copies of the one measured.
        let others = if other == "Dummy" { spec(&bot)? } else { spec(other)? };
        let arena = play_lineup(game, &dummy, &others, seeds, jobs)?;
        let kit: Vec<f64> = kit.iter().filter(|(l, _, _)| l == lineup).map(|&(_, _, s)| s).collect();
        let (d, p) = ks_two_sample(&arena, &kit);
        rows.push(serde_json::json!({
            "lineup": lineup, "against": other, "seeds": arena.len(), "kit_seeds": kit.len(),
            "arena_mean": mean(&arena), "arena_median": median(&mut arena.clone()),
            "kit_mean": mean(&kit), "kit_median": median(&mut kit.clone()), "d": d, "p": p,
        }));
    }
    if json {
        let out = serde_json::json!({ "game": game.name(), "dummy": bot, "lineups": rows });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    println!(
        "{}: the score of {bot} (seat seed mod 4, {} seeds) against the kit's Dummy's (two-sample Kolmogorov-Smirnov)",
        game.title(),
        seeds.len()
    );
    println!(
        "{:<22} {:>11} {:>11} {:>11} {:>11} {:>6} {:>7}",
        "line-up", "Arena mean", "median", "kit mean", "median", "D", "p"
    );
    for r in &rows {
        let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
        let against = r["against"].as_str().unwrap_or("");
        let label = if against == "Dummy" { "four Dummies".to_string() } else { format!("vs three {against}s") };
        println!(
            "{:<22} {:>11.0} {:>11.0} {:>11.0} {:>11.0} {:>6.3} {:>7.4}{}",
            label,
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
    fn every_games_kit_file_parses() {
        for game in engine::catalog::ALL_GAME_NAMES {
            let text = kit_lineups(game).unwrap_or_else(|| panic!("{game} has no kit line-up file"));
            parse_lineups(text).unwrap_or_else(|e| panic!("{game}: {e:#}"));
        }
    }

    #[test]
    fn bad_lines_name_their_line() {
        let ok = parse_lineups("# kit\ndemos 1 120\n\nnulls 2 7.5\n").unwrap();
        assert_eq!(ok, vec![("demos".into(), 1, 120.0), ("nulls".into(), 2, 7.5)]);
        assert!(parse_lineups("demos 1\n").unwrap_err().to_string().contains("line 1"));
        assert!(parse_lineups("x\ndemos 1 2\nfoes 3 4\n").unwrap_err().to_string().contains("line 1"));
        assert!(parse_lineups("foes 3 4\n").unwrap_err().to_string().contains("unknown line-up `foes`"));
        assert!(parse_lineups("demos x 4\n").unwrap_err().to_string().contains("seed `x`"));
    }
}
