//! Native matches of The Walking Dead house bots (the SDK's `native` feature): helpers for the
//! tests in `tests/` and the `strength` example.

use arena_bot::native;
use arena_bot::walking_dead::{Player, Runner};
use engine::catalog::PlayerSpec;
use engine::referee::{MatchOutput, MatchSetup};

pub use house_testkit::{house, strictly_first};
pub use walking_dead_demo::Demo;
pub use walking_dead_dummy::Dummy;
pub use walking_dead_null::Null;

const GAME: &str = "walking-dead";

/// A match with the default parameters, except `overrides`.
pub fn setup(seed: u64, overrides: &[(&str, i64)]) -> MatchSetup {
    house_testkit::setup(GAME, seed, overrides)
}

/// An SDK bot run natively.
pub fn sdk<P: Player + Default + Send + 'static>(name: &str) -> PlayerSpec {
    native::player::<Runner<P>>(name)
}

/// Plays a match.
pub fn play(setup: &MatchSetup, players: Vec<PlayerSpec>, record: bool) -> MatchOutput {
    house_testkit::play(GAME, setup, players, record)
}

/// Dummy against three Demos and Demo against three Dummies on `seeds` (see
/// [`house_testkit::duels`]).
pub fn duels(seeds: impl IntoIterator<Item = u64>) -> Vec<house_testkit::Duel> {
    house_testkit::duels(GAME, seeds, || sdk::<Dummy>("Dummy"))
}

/// Prints the Dummy's own score in the three line-ups of `arena fidelity walking-dead --dummy`, natively
/// (see [`house_testkit::print_lineups`]): `cargo run --release -p walking-dead-house-tests --example lineups --
/// [first_seed] [count]`.
pub fn print_lineups() {
    house_testkit::print_lineups(GAME, || sdk::<Dummy>("Dummy"), || sdk::<Demo>("Demo"), || sdk::<Null>("Null"))
}
