//! The generators' board statistics stay those of the kits (`docs/boards.md`): over seeds
//! 1..100 with default parameters, the mean of every figure `arena boards` prints is within 10%
//! of the kit's mean (`Game::KIT_BOARD_MEANS`).
//!
//! 100 boards of each game take well under a second: the engine is built with opt-level 2 even
//! in the dev profile (the workspace's `Cargo.toml`), so the debug run of CI checks all 100 too.

use engine::cnf::BoardSource;
use engine::game::Game;
use engine::games::ork_island::OrkIsland;
use engine::games::pandemic::Pandemic;
use engine::games::purge::Purge;
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};

/// The mean of each figure over `seeds`, in `G::board_stats` order.
fn means<G: Game>(seeds: std::ops::RangeInclusive<u64>) -> Vec<(&'static str, f64)> {
    let params = G::params(&ParamValues::defaults(G::param_specs())).expect("default parameters");
    let mut sums: Vec<(&'static str, f64)> = Vec::new();
    let count = seeds.clone().count() as f64;
    for seed in seeds {
        let state = G::setup(&params, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board))
            .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", G::NAME));
        let stats = G::board_stats(&state);
        if sums.is_empty() {
            sums = stats.iter().map(|s| (s.name, 0.0)).collect();
        }
        for (sum, s) in sums.iter_mut().zip(&stats) {
            assert_eq!(sum.0, s.name);
            sum.1 += s.value / count;
        }
    }
    sums
}

fn check_against_kit<G: Game>() {
    let ours = means::<G>(1..=100);
    assert_eq!(
        ours.iter().map(|m| m.0).collect::<Vec<_>>(),
        G::KIT_BOARD_MEANS.iter().map(|k| k.0).collect::<Vec<_>>(),
        "{}: the figures and the kit's means are listed alike",
        G::NAME
    );
    let off: Vec<String> = ours
        .iter()
        .zip(G::KIT_BOARD_MEANS)
        .filter(|((_, mean), (_, kit))| (mean / kit - 1.0).abs() > 0.10)
        .map(|((name, mean), (_, kit))| format!("{name}: {mean:.1} against the kit's {kit}"))
        .collect();
    assert!(off.is_empty(), "{}: means more than 10% off the kit's: {off:?}", G::NAME);
}

#[test]
fn pandemic_boards_match_the_kit() {
    check_against_kit::<Pandemic>();
}

#[test]
fn ork_island_boards_match_the_kit() {
    check_against_kit::<OrkIsland>();
}

#[test]
fn walking_dead_boards_match_the_kit() {
    check_against_kit::<engine::games::walking_dead::WalkingDead>();
}

#[test]
fn purge_boards_match_the_kit() {
    check_against_kit::<Purge>();
}

#[test]
fn mad_max_boards_match_the_kit() {
    check_against_kit::<engine::games::mad_max::MadMax>();
}
