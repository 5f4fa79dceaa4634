//! Native matches of the Pandemic house bots (the SDK's `native` feature): helpers for the tests
//! in `tests/` and the `strength` example.

use arena_bot::native;
use arena_bot::pandemic::{Player, Runner};
use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{MatchOutput, MatchSetup};

pub use pandemic_ace::Ace;
pub use pandemic_demo::Demo;
pub use pandemic_dummy::Dummy;
pub use pandemic_null::Null;

/// A match with the default parameters, except `overrides`.
pub fn setup(seed: u64, overrides: &[(&str, i64)]) -> MatchSetup {
    let game = catalog::find("pandemic").expect("pandemic");
    let mut params = ParamValues::defaults(game.param_specs());
    for &(k, v) in overrides {
        params.set(game.param_specs(), k, v).expect("parameter");
    }
    MatchSetup { params, board: BoardSource::Generated, seed }
}

/// An SDK bot run natively.
pub fn sdk<P: Player + Default + Send + 'static>(name: &str) -> PlayerSpec {
    native::player::<Runner<P>>(name)
}

/// A native house bot of the engine.
pub fn house(name: &str) -> PlayerSpec {
    PlayerSpec::House(name.to_string())
}

/// Plays a match.
pub fn play(setup: &MatchSetup, players: Vec<PlayerSpec>, record: bool) -> MatchOutput {
    catalog::find("pandemic").expect("pandemic").play(setup, &players, record).expect("match")
}

/// `hero` in seat `seat`, `other` in the three other seats. Returns the four scores.
pub fn one_against_three(seed: u64, seat: usize, hero: PlayerSpec, other: impl Fn() -> PlayerSpec) -> Vec<i64> {
    let players = (0..4).map(|s| if s == seat { hero.clone() } else { other() }).collect();
    play(&setup(seed, &[]), players, false).summary.players.iter().map(|p| p.score).collect()
}

/// Whether `scores[seat]` is strictly the highest.
pub fn strictly_first(scores: &[i64], seat: usize) -> bool {
    scores.iter().enumerate().all(|(s, &x)| s == seat || x < scores[seat])
}
