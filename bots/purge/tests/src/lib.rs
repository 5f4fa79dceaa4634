//! Native matches of The Purge house bots (the SDK's `native` feature): helpers for the
//! tests in `tests/` and the `strength` example.

use arena_bot::native;
use arena_bot::purge::{Player, Runner};
use engine::catalog::PlayerSpec;
use engine::referee::{MatchOutput, MatchSetup};

pub use house_testkit::{house, strictly_first};
pub use purge_demo::Demo;
pub use purge_dummy::Dummy;
pub use purge_null::Null;

const GAME: &str = "purge";

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

/// Prints the Dummy's own score in the three line-ups of `arena fidelity purge --dummy`, natively
/// (see [`house_testkit::print_lineups`]): `cargo run --release -p purge-house-tests --example lineups --
/// [first_seed] [count]`.
pub fn print_lineups() {
    house_testkit::print_lineups(GAME, || sdk::<Dummy>("Dummy"), || sdk::<Demo>("Demo"), || sdk::<Null>("Null"))
}
