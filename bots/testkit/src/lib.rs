//! Native matches for the house bots' tests (`bots/<game>/tests`), whatever the game: default
//! parameters with overrides, one bot against three, who came first.

use engine::catalog::{self, AnyGame, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{MatchOutput, MatchSetup};

fn game(name: &str) -> &'static dyn AnyGame {
    catalog::find(name).unwrap_or_else(|| panic!("{name} is not in the catalog"))
}

/// A match of `game` with the default parameters, except `overrides`.
pub fn setup(game_name: &str, seed: u64, overrides: &[(&str, i64)]) -> MatchSetup {
    let g = game(game_name);
    let mut params = ParamValues::defaults(g.param_specs());
    for &(k, v) in overrides {
        params.set(g.param_specs(), k, v).expect("parameter");
    }
    MatchSetup { params, board: BoardSource::Generated, seed }
}

/// A native house bot of the engine.
pub fn house(name: &str) -> PlayerSpec {
    PlayerSpec::House(name.to_string())
}

/// Plays a match.
pub fn play(game_name: &str, setup: &MatchSetup, players: Vec<PlayerSpec>, record: bool) -> MatchOutput {
    game(game_name).play(setup, &players, record).expect("match")
}

/// `hero` in seat `seat`, `other` in the three other seats, default parameters. Returns the four
/// scores.
pub fn one_against_three(
    game_name: &str,
    seed: u64,
    seat: usize,
    hero: PlayerSpec,
    other: impl Fn() -> PlayerSpec,
) -> Vec<i64> {
    let players = (0..4).map(|s| if s == seat { hero.clone() } else { other() }).collect();
    play(game_name, &setup(game_name, seed, &[]), players, false).summary.players.iter().map(|p| p.score).collect()
}

/// Whether `scores[seat]` is strictly the highest.
pub fn strictly_first(scores: &[i64], seat: usize) -> bool {
    scores.iter().enumerate().all(|(s, &x)| s == seat || x < scores[seat])
}
