//! The Purge house bots, played natively through the SDK (the same views, draws and orders as
//! their WebAssembly builds).

use purge_house_tests::*;

/// SDK Demos replay exactly like the engine's native Demos: same algorithm, same draws.
#[test]
fn demo_replays_like_the_engine_demo() {
    for seed in [1u64, 7, 42] {
        let s = setup(seed, &[]);
        let native = play(&s, vec![house("Demo"), house("Demo"), house("Demo"), house("Demo")], true);
        let sdk_demos = play(&s, (0..4).map(|_| sdk::<Demo>("Demo")).collect(), true);
        house_testkit::assert_same_match(&native, &sdk_demos, &format!("seed {seed}"));
    }
    let s = setup(3, &[("num_days", 2), ("num_ini_warriors", 4)]);
    let a = play(&s, vec![house("Null"), house("Demo"), house("Demo"), sdk::<Dummy>("Dummy")], true);
    let b = play(&s, vec![sdk::<Null>("Null"), sdk::<Demo>("Demo"), house("Demo"), sdk::<Dummy>("Dummy")], true);
    house_testkit::assert_same_match(&a, &b, "mixed bots");
}

/// The qualification requirement: over seeds 1..=20 with the default parameters (the hero's
/// seat rotating with the seed), Dummy is strictly first against three Demos at least 17 times,
/// and Demo is never strictly first against three Dummies. (The kit's Dummy, whose rule this
/// Dummy follows order for order, is strictly first on 19 of these seeds and 95 of 1..=100 with
/// the kit's draws; this one on 17 and 89 with its own: `cargo run --example strength -- 1 100`.)
#[test]
fn dummy_beats_demo_clearly() {
    let duels = duels(1..=20);
    let wins: Vec<u64> = duels.iter().filter(|d| d.dummy_first()).map(|d| d.seed).collect();
    let demo_firsts: Vec<u64> = duels.iter().filter(|d| d.demo_first()).map(|d| d.seed).collect();
    assert!(wins.len() >= 17, "Dummy first only on seeds {wins:?}");
    assert!(demo_firsts.is_empty(), "Demo first against three Dummies on seeds {demo_firsts:?}");
}

/// Dummy plays any legal parameters without freezing: the smallest and largest boards, one
/// citizen of each type, no items, short days, many barricades.
#[test]
fn dummy_survives_unusual_parameters() {
    let cases: &[&[(&str, i64)]] = &[
        &[("board_rows", 12), ("board_cols", 12), ("num_ini_builders", 1), ("num_ini_warriors", 1)],
        &[("board_rows", 25), ("board_cols", 50), ("num_ini_builders", 6), ("num_ini_warriors", 4)],
        &[("num_ini_money", 0), ("num_ini_food", 0), ("num_ini_guns", 0), ("num_ini_bazookas", 0)],
        &[("num_rounds_per_day", 2), ("num_days", 40)],
        &[("max_num_barricades", 50), ("barricade_resistance_step", 1)],
    ];
    for (k, &o) in cases.iter().enumerate() {
        let s = setup(100 + k as u64, o);
        let out =
            play(&s, vec![sdk::<Dummy>("Dummy"), house("Demo"), sdk::<Dummy>("Dummy"), sdk::<Null>("Null")], false);
        for p in &out.summary.players {
            assert!(p.frozen.is_none(), "case {k}: {} frozen: {:?}", p.name, p.frozen);
        }
    }
}

/// The house bots' match results, pinned: Demo, Dummy, Demo and Null on seeds 1..=3 with the
/// default parameters score exactly these (measured natively when the Dummy was rebuilt after the
/// kit's; `arena run purge Demo Dummy Demo Null -s <seed>` with the prebuilt WebAssembly bots
/// gives the same). A change to the SDK must not change a house bot's moves.
#[test]
fn house_bot_results_are_pinned() {
    let pinned: [(u64, [i64; 4]); 3] = [(1, [115, 665, 110, 100]), (2, [110, 555, 0, 0]), (3, [110, 355, 15, 0])];
    for (seed, scores) in pinned {
        let players = vec![sdk::<Demo>("Demo"), sdk::<Dummy>("Dummy"), sdk::<Demo>("Demo"), sdk::<Null>("Null")];
        let out = play(&setup(seed, &[]), players, false);
        let got: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        assert_eq!(got, scores, "seed {seed}");
    }
}
