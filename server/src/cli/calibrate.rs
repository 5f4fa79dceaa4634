//! `arena calibrate`: how much fuel one second of typical bot code burns on this machine.
//!
//! The CPU budget is a fuel budget so that it is deterministic; the constant
//! `sandbox::FUEL_PER_SECOND` (10^10) is what one second meant when it was measured with this
//! command. It plays matches of four wasm house bots with no budget, and divides the fuel each
//! bot used by the time spent inside its calls. Dummy is the representative workload: a BFS
//! over the board every round, the kind of code players write.

use super::players;
use engine::catalog::PlayerSpec;
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use sandbox::{Limits, PlayerOptions, FUEL_PER_SECOND};
use std::time::Duration;

#[derive(clap::Args)]
pub struct CalibrateArgs {
    /// Matches per house bot (seeds 1..=N, default parameters).
    #[arg(long, default_value_t = 10)]
    matches: u64,
    /// The game whose house bots are measured.
    #[arg(long, default_value = "pandemic")]
    game: String,
}

/// Fuel per second for each match of four copies of one house bot.
fn measure(game: &dyn engine::catalog::AnyGame, bot: &str, matches: u64) -> anyhow::Result<Vec<(u64, Duration)>> {
    let sandbox = players::sandbox(Limits::default())?;
    let (_, module) = players::load(&sandbox, game, bot)?;
    let mut out = Vec::new();
    for seed in 1..=matches {
        // No budget: this measures speed, not limits.
        let options = PlayerOptions::default().fuel(u64::MAX / 8).wall_clock(Duration::from_secs(3600));
        let seats: Vec<_> = (0..4).map(|_| module.player_with(bot, options.clone())).collect();
        let specs: Vec<PlayerSpec> = seats.iter().map(|(f, _)| PlayerSpec::Wire(f.clone())).collect();
        let setup =
            MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
        game.play(&setup, &specs, false)?;
        let (mut fuel, mut busy) = (0u64, Duration::ZERO);
        for (_, log) in &seats {
            let r = log.report().ok_or_else(|| anyhow::anyhow!("{bot} did not start"))?;
            if let Some(f) = r.frozen {
                anyhow::bail!("{bot} was frozen during calibration: {}", f.message);
            }
            fuel += r.fuel_used;
            busy += r.busy;
        }
        out.push((fuel, busy));
    }
    Ok(out)
}

pub fn calibrate(a: CalibrateArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: this is a debug build; use `cargo run --release -p arena -- calibrate`");
    }
    let matches = a.matches.max(1);
    println!("{}: {matches} matches of four wasm copies of each house bot, no budget", game.title());
    let mut dummy_rate = None;
    for bot in ["Dummy", "Demo"] {
        let runs = measure(game, bot, matches)?;
        let mut rates: Vec<f64> = runs.iter().map(|(f, t)| *f as f64 / t.as_secs_f64().max(1e-9)).collect();
        rates.sort_by(f64::total_cmp);
        let median = rates[rates.len() / 2];
        let mut fuel: Vec<u64> = runs.iter().map(|(f, _)| f / 4).collect();
        fuel.sort();
        println!(
            "  {bot:<6} {:>6.2} G fuel/s (min {:.2}, max {:.2}); fuel per bot per match: median {:.3e} ({:.1}% of the budget)",
            median / 1e9,
            rates[0] / 1e9,
            rates[rates.len() - 1] / 1e9,
            fuel[fuel.len() / 2] as f64,
            fuel[fuel.len() / 2] as f64 / FUEL_PER_SECOND as f64 * 100.0
        );
        if bot == "Dummy" {
            dummy_rate = Some(median);
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
