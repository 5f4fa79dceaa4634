//! Native matches of the Ork Island house bots (the SDK's `native` feature): helpers for the tests
//! in `tests/` and the `strength` example.

use arena_bot::native;
use arena_bot::ork_island::{Player, Runner};
use engine::catalog::PlayerSpec;
use engine::referee::{MatchOutput, MatchSetup};

pub use house_testkit::{house, strictly_first};
pub use ork_island_demo::Demo;
pub use ork_island_dummy::Dummy;
pub use ork_island_null::Null;

const GAME: &str = "ork-island";

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

/// `hero` in seat `seat`, `other` in the three other seats. Returns the four scores.
pub fn one_against_three(seed: u64, seat: usize, hero: PlayerSpec, other: impl Fn() -> PlayerSpec) -> Vec<i64> {
    house_testkit::one_against_three(GAME, seed, seat, hero, other)
}

/// Dummy against three Demos and Demo against three Dummies on `seeds` (see
/// [`house_testkit::duels`]).
pub fn duels(seeds: impl IntoIterator<Item = u64>) -> Vec<house_testkit::Duel> {
    house_testkit::duels(GAME, seeds, || sdk::<Dummy>("Dummy"))
}

/// Prints the Dummy's own score in the three line-ups of `arena fidelity ork-island --dummy`, natively
/// (see [`house_testkit::print_lineups`]): `cargo run --release -p ork-island-house-tests --example lineups --
/// [first_seed] [count]`.
pub fn print_lineups() {
    house_testkit::print_lineups(GAME, || sdk::<Dummy>("Dummy"), || sdk::<Demo>("Demo"), || sdk::<Null>("Null"))
}
