//! Whole Ork Island matches with the native house bots: the platform's checks
//! (`common::conformance`), properties checked on every state a bot is shown, and the bot view.

#[macro_use]
mod common;

use common::conformance::{play, setup, spied_match, TestGame};
use engine::cnf::BoardSource;
use engine::game::Game;
use engine::games::ork_island::board::CellType;
use engine::games::ork_island::house::{Demo, Null};
use engine::games::ork_island::params::Params;
use engine::games::ork_island::{replay, view, Order, Ork, OrkIsland, State};
use engine::grid::{Dir, Pos};
use engine::referee::{Bot, BotFailure, MatchSetup, Turn};
use proptest::prelude::*;
use std::collections::BTreeSet;

mod ork_shore;

#[derive(Clone, Debug)]
pub struct Snapshot {
    round: u32,
    orks: Vec<Ork>,
    city_owner: Vec<i8>,
    path_owner: Vec<i8>,
    scores: [i64; 4],
}

/// A replay's frame 0 holds no scores (the replay's scores start with round 1), so the scores
/// count from round 1 on.
impl PartialEq for Snapshot {
    fn eq(&self, o: &Snapshot) -> bool {
        (self.round, &self.orks, &self.city_owner, &self.path_owner) == (o.round, &o.orks, &o.city_owner, &o.path_owner)
            && (self.round == 0 || self.scores == o.scores)
    }
}

impl TestGame for OrkIsland {
    type Snapshot = Snapshot;
    type Board = engine::games::ork_island::board::Board;
    const KIT_DEFAULTS: &'static [(&'static str, i64)] = &[
        ("nb_players", 4),
        ("rows", 70),
        ("cols", 70),
        ("nb_rounds", 200),
        ("initial_health", 100),
        ("nb_orks", 15),
        ("cost_grass", 1),
        ("cost_forest", 2),
        ("cost_sand", 3),
        ("cost_city", 0),
        ("cost_path", 0),
        ("bonus_per_city_cell", 1),
        ("bonus_per_path_cell", 1),
        ("factor_connected_component", 2),
    ];
    const KIT_ROUNDS: usize = 200;
    const SHORT: &'static [(&'static str, i64)] = &[("nb_rounds", 10)];
    const FIRST_ROUND: u32 = 0;

    fn rounds(p: &Params) -> usize {
        p.nb_rounds as usize
    }

    fn snapshot(s: &State) -> Snapshot {
        Snapshot {
            round: s.round,
            orks: s.orks.clone(),
            city_owner: s.city_owner.clone(),
            path_owner: s.path_owner.clone(),
            scores: s.scores,
        }
    }

    fn replay_snapshots(bytes: &[u8]) -> (Self::Board, Vec<Snapshot>) {
        let d = replay::read(bytes).unwrap();
        let frames = d
            .frames
            .iter()
            .map(|f| Snapshot {
                round: f.round,
                orks: f.orks.clone(),
                city_owner: f.city_owner.clone(),
                path_owner: f.path_owner.clone(),
                scores: f.common.scores,
            })
            .collect();
        (d.board, frames)
    }

    /// The invariants, and from round to round: orks that jumped came back where the rule
    /// says, scores never decrease, an owned city never becomes unowned.
    fn check_invariants(s: &State, prev: Option<&Snapshot>) {
        check_invariants(s);
        assert_eq!(s.orks.len(), 4 * s.params.nb_orks, "the number of orks never changes");
        if let Some(prev) = prev {
            check_regenerations(s, &prev.orks);
            assert!((0..4).all(|p| s.scores[p] >= prev.scores[p]), "scores never decrease");
            for (c, &o) in prev.city_owner.iter().enumerate() {
                assert!(o == -1 || s.city_owner[c] != -1, "an owned city never becomes unowned");
            }
        }
    }

    /// Plays like Demo.
    fn wander(t: &mut Turn<'_, OrkIsland>) -> Result<(), BotFailure> {
        Demo.play(t)
    }

    fn some_order(_: &State) -> Order {
        Order { unit: 0, dir: Dir::Right }
    }
}

conformance!(OrkIsland);

fn check_invariants(s: &State) {
    let mut cells = BTreeSet::new();
    for (id, u) in s.orks.iter().enumerate() {
        assert_eq!(u.id, id);
        assert!(u.player < 4);
        assert!(cells.insert(u.pos), "two orks on {}", u.pos);
        assert_ne!(s.board.cell(u.pos), CellType::Water, "ork {id} in the water at {}", u.pos);
        assert_eq!(s.unit_at[s.board.index(u.pos)], id as i32);
        assert!((0..=s.params.initial_health).contains(&u.health), "ork {id} health {}", u.health);
    }
    assert_eq!(s.unit_at.iter().filter(|&&u| u >= 0).count(), s.orks.len());
}

/// Orks that jumped more than one cell since `prev` died and came back (in id order, after every
/// move): each on a qualifying row end, or on the fallback when none qualified. Orks that came
/// back next to where they were cannot be told from movers; they count as already there.
fn check_regenerations(s: &State, prev: &[Ork]) {
    let jumped: Vec<usize> = s.orks.iter().filter(|u| u.pos.manhattan(prev[u.id].pos) > 1).map(|u| u.id).collect();
    for &id in &jumped {
        let u = s.orks[id];
        assert_eq!(u.health, s.params.initial_health, "ork {id} came back with full health");
        let present: Vec<Pos> =
            s.orks.iter().filter(|o| o.id != id && !(o.id > id && jumped.contains(&o.id))).map(|o| o.pos).collect();
        let spots = ork_shore::qualifying(&s.board, &present);
        if spots.is_empty() {
            assert_eq!(Some(u.pos), ork_shore::fallback(&s.board, &present), "ork {id}, round {}", s.round);
        } else {
            assert!(
                spots.contains(&u.pos),
                "ork {id} came back at {}, not on a free row end (round {})",
                u.pos,
                s.round
            );
        }
    }
}

#[test]
fn demo_matches_keep_the_invariants_and_replay_as_played() {
    for (seed, changes) in
        [(1, vec![]), (2, vec![]), (3, vec![("rows", 30), ("cols", 30), ("nb_orks", 5), ("cost_sand", 9)])]
    {
        let s = setup::<OrkIsland>(seed, &changes);
        let out = spied_match(&s, [Box::new(Demo), Box::new(Demo), Box::new(Null)]);
        // Demo conquers something; Null, never moving, nothing it did not start on.
        let finals: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        assert!(finals[..3].iter().any(|&x| x > 0), "seed {seed}: {finals:?}");
    }
}

/// A whole match of a spy and three Demos: nobody is frozen.
fn spied_demo_match(setup: &MatchSetup) {
    let out = spied_match(setup, [Box::new(Demo), Box::new(Demo), Box::new(Demo)]);
    assert!(out.summary.players.iter().all(|p| p.frozen.is_none()));
}

/// Small boards with any costs, health, orks and scoring.
fn small_params() -> impl Strategy<Value = (Vec<(&'static str, i64)>, u64)> {
    (20i64..=34, 1i64..=10, 1i64..=30, 1i64..=30, 0i64..=6, 0i64..=6, 0i64..=6, 0i64..=2, 0u64..1_000_000).prop_map(
        |(rows, orks, rounds, health, grass, forest, sand, city, seed)| {
            let changes = vec![
                ("rows", rows),
                ("cols", rows),
                ("nb_orks", orks.min(rows * rows / 100)),
                ("nb_rounds", rounds),
                ("initial_health", health),
                ("cost_grass", grass),
                ("cost_forest", forest),
                ("cost_sand", sand),
                ("cost_city", city),
                ("cost_path", city),
            ];
            (changes, seed)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_parameters_and_seed_keep_the_invariants((changes, seed) in small_params()) {
        spied_demo_match(&setup::<OrkIsland>(seed, &changes));
    }
}

#[test]
fn default_matches_on_many_seeds_keep_the_invariants() {
    for seed in 100..110 {
        spied_demo_match(&setup::<OrkIsland>(seed, &[]));
    }
}

#[test]
fn replays_of_rules_version_1_still_read() {
    // Written by the engine before rules version 2 (`arena run ork-island native:Demo x4 --seed 7`,
    // 20x20, 2 orks each, 10 rounds): a replay stores every state, so it reads as played, with
    // orks where the old rule put them (next to any water, not only on the row ends).
    let bytes = include_bytes!("data/ork_island_rules_v1.replay");
    let decoded = replay::read(bytes).unwrap();
    assert_eq!(OrkIsland::RULES_VERSION, 2);
    assert_eq!((decoded.replay.header.rules_version, decoded.replay.header.seed), (1, 7));
    assert_eq!(decoded.frames.len(), 11);
    assert_eq!(decoded.frames.last().unwrap().common.scores, [84, 80, 171, 14]);
    let setup = MatchSetup { params: decoded.replay.header.params.clone(), board: BoardSource::Generated, seed: 7 };
    // Played again under version 2, the same seed starts the orks on row ends only.
    let now = play(&setup, [Box::new(Demo), Box::new(Demo), Box::new(Demo), Box::new(Demo)]);
    let now = replay::read(now.replay.as_ref().unwrap()).unwrap();
    assert_eq!(now.replay.header.rules_version, 2);
    let start = |d: &replay::OrkIslandReplay| d.frames[0].orks.iter().map(|u| u.pos).collect::<Vec<_>>();
    let ends = ork_shore::row_ends(&now.board);
    assert!(start(&now).iter().all(|p| ends.contains(p)));
    assert!(start(&decoded).iter().any(|p| !ends.contains(p)), "version 1 used other shore cells");
}

#[test]
fn damaged_replays_are_refused_not_panicked_on() {
    let out = play(
        &setup::<OrkIsland>(4, &[("nb_rounds", 20)]),
        [Box::new(Demo), Box::new(Demo), Box::new(Null), Box::new(Null)],
    );
    let bytes = out.replay.unwrap();
    assert!(replay::read(&bytes).is_ok());
    for cut in [1, bytes.len() / 3, bytes.len() - 1] {
        assert!(replay::read(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    for k in (0..bytes.len()).step_by(97) {
        let mut bad = bytes.clone();
        bad[k] ^= 0x5a;
        let _ = replay::read(&bad); // an error or, rarely, another valid file; never a panic
    }
}

#[test]
fn the_round_view_carries_the_orks_and_owners() {
    let mut out = Vec::new();
    let s = {
        let p = OrkIsland::params(&setup::<OrkIsland>(5, &[]).params).unwrap();
        let mut rng = engine::rng::GameRng::new(5, engine::rng::Stream::Board);
        OrkIsland::setup(&p, &BoardSource::Generated, &mut rng).unwrap()
    };
    view::encode_round(&s, &[0.25, 0.5, 0.0, -1.0], &mut out);
    let i32_at = |k: usize| i32::from_le_bytes(out[k..k + 4].try_into().unwrap());
    assert_eq!(i32_at(0), 0, "round");
    assert_eq!(f64::from_le_bytes(out[4..12].try_into().unwrap()), 0.25);
    let owners_at = 4 + 32 + 32;
    let nc = i32_at(owners_at) as usize;
    assert_eq!(nc, s.board.cities().len());
    let np_at = owners_at + 4 + 4 * nc;
    let np = i32_at(np_at) as usize;
    assert_eq!(np, s.board.paths().len());
    let orks_at = np_at + 4 + 4 * np;
    assert_eq!(i32_at(orks_at) as usize, 60);
    let first = orks_at + 4;
    let o = s.orks[0];
    assert_eq!([i32_at(first), i32_at(first + 4), i32_at(first + 8), i32_at(first + 12)], [0, o.pos.i, o.pos.j, 100]);
    assert_eq!(out.len(), first + 16 * 60);

    let mut setup_view = Vec::new();
    view::encode_setup(&s, &mut setup_view);
    let params: Vec<i32> =
        (0..13).map(|k| i32::from_le_bytes(setup_view[4 * k..4 * k + 4].try_into().unwrap())).collect();
    assert_eq!(params, [70, 70, 200, 100, 15, 1, 2, 3, 0, 0, 1, 1, 2]);
    assert_eq!(
        setup_view[52..52 + 4900].iter().filter(|&&c| c == CellType::City as u8).count(),
        s.board.cities().iter().map(Vec::len).sum::<usize>()
    );
}
