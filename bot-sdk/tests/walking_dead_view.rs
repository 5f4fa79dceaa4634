//! The SDK's decoded Walking Dead view equals the engine's state, field by field: the views are
//! encoded by the engine from real states, after rounds of random play so that there are fights,
//! dead units, bites, zombies killed and reborn, owners and scores.

use arena_bot::walking_dead::{CellType, Dir, Game, Pos, UnitType};
use engine::cnf::BoardSource;
use engine::game::Game as _;
use engine::games::walking_dead::{self as ew, WalkingDead};
use engine::grid;
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use engine::wire::setup_view;

fn check(g: &Game, s: &ew::State, status: &[f64; 4], me: usize) {
    let p = &s.params;
    assert_eq!((g.me(), g.num_players()), (me, 4));
    assert_eq!((g.board_rows(), g.board_cols(), g.num_rounds()), (60, 60, p.num_rounds as i32));
    assert_eq!(
        [g.num_ini_units_per_clan(), g.num_ini_zombies(), g.num_ini_food(), g.rounds_before_becoming_zombie()],
        [p.units_per_clan as i32, p.zombies as i32, p.food as i32, p.rounds_before_becoming_zombie]
    );
    assert_eq!(
        [g.clan_ini_strength(), g.points_for_killing_person(), g.points_for_killing_zombie()].map(i64::from),
        [p.clan_ini_strength, p.points_for_killing_person, p.points_for_killing_zombie]
    );
    assert_eq!(
        [g.points_per_owned_cell(), g.food_strength()].map(i64::from),
        [p.points_per_owned_cell, p.food_strength]
    );
    assert_eq!(g.round(), s.round as i32, "the kit's round(): rounds played so far");
    for (pl, &st) in status.iter().enumerate() {
        assert!(g.player_ok(pl));
        assert_eq!((g.score(pl), g.status(pl)), (s.scores[pl], st));
        assert_eq!(i64::from(g.strength(pl)), s.strength(pl));
        assert_eq!(g.alive_units(pl), s.alive_units(pl));
        assert_eq!(g.dead_units(pl), s.dead_units(pl));
    }
    assert_eq!(g.zombies(), s.zombies());
    assert!(!g.player_ok(4));
    assert_eq!((g.score(9), g.strength(9), g.alive_units(9)), (0, 0, vec![]));
    for i in -1..=60 {
        for j in -1..=60 {
            let (ep, sp) = (grid::Pos::new(i, j), Pos::new(i, j));
            let c = g.cell(sp);
            assert_eq!(c, g.cell((i, j)));
            assert_eq!(g.pos_ok(sp), s.board.contains(ep));
            assert_eq!(c.kind == CellType::Street, s.board.is_street(ep), "type at {sp}");
            if s.board.contains(ep) {
                let k = s.board.index(ep);
                assert_eq!(c.owner, usize::try_from(s.owner[k]).ok(), "owner at {sp}");
                assert_eq!(c.food, s.food[k]);
                assert_eq!(c.id, s.unit_on(ep).map(|u| u.id), "unit at {sp}");
                assert_eq!(c.is_empty(), s.board.is_street(ep) && c.id.is_none() && !c.food);
            } else {
                assert_eq!(c, Default::default());
            }
        }
    }
    assert_eq!(g.num_units(), s.units.len());
    for u in &s.units {
        let v = g.unit(u.id);
        assert_eq!(v.kind as u8, u.kind.code(), "unit {}", u.id);
        assert_eq!((v.id, v.pos, v.rounds_for_zombie), (u.id, Pos::new(u.pos.i, u.pos.j), u.rounds_for_zombie));
        assert_eq!(v.player.map_or(-1, |p| p as i32), u.player);
    }
}

#[test]
fn the_decoded_view_is_the_engine_state() {
    for (seed, changes) in [(3u64, vec![]), (8, vec![("num_ini_zombies", 40), ("rounds_before_becoming_zombie", 2)])] {
        let specs = WalkingDead::param_specs();
        let mut values = ParamValues::defaults(specs);
        for (k, v) in &changes {
            values.set(specs, k, *v).unwrap();
        }
        let params = WalkingDead::params(&values).unwrap();
        let mut state =
            WalkingDead::setup(&params, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap();
        let mut games: Vec<Game> = (0..4)
            .map(|me| Game::from_setup_view(&setup_view::<WalkingDead>(&state, me)).expect("setup view"))
            .collect();
        let mut rules = GameRng::new(seed, Stream::Rules);
        let mut orders_rng = GameRng::new(seed, Stream::Bot(0));
        let mut kinds_seen = [false; 3];
        for r in 0..80u32 {
            let status = [0.01 * r as f64, 0.5, -1.0, 1.0];
            let mut view = Vec::new();
            WalkingDead::encode_round_view(&state, &status, &mut view);
            for (me, g) in games.iter_mut().enumerate() {
                g.read_round(&view).expect("round view");
                check(g, &state, &status, me);
            }
            for u in &state.units {
                kinds_seen[u.kind.code() as usize] = true;
            }
            let mut orders: [Vec<ew::Order>; 4] = Default::default();
            for u in &state.units {
                if let Some(c) = u.alive_of() {
                    let dir = ew::Dir::STRAIGHT[orders_rng.range(0, 3) as usize];
                    orders[c].push(ew::Order { unit: u.id, dir });
                }
            }
            WalkingDead::play_round(&mut state, &orders, &mut rules);
        }
        assert_eq!(kinds_seen, [true; 3], "views with alive, dead and zombie units were checked");
        assert!(state.scores.iter().any(|&x| x > 0));
    }
}

#[test]
fn malformed_views_are_refused() {
    let params = ew::params::Params::defaults();
    let state = WalkingDead::setup(&params, &BoardSource::Generated, &mut GameRng::new(1, Stream::Board)).unwrap();
    let setup = setup_view::<WalkingDead>(&state, 2);
    assert!(Game::from_setup_view(&setup[..setup.len() - 3]).is_err());
    let ork = engine::games::ork_island::OrkIsland::setup(
        &engine::games::ork_island::params::Params::defaults(),
        &BoardSource::Generated,
        &mut GameRng::new(1, Stream::Board),
    )
    .unwrap();
    assert!(
        Game::from_setup_view(&setup_view::<engine::games::ork_island::OrkIsland>(&ork, 0)).is_err(),
        "an Ork Island view is not a Walking Dead view"
    );
    let mut g = Game::from_setup_view(&setup).unwrap();
    let mut view = Vec::new();
    WalkingDead::encode_round_view(&state, &[0.0; 4], &mut view);
    assert!(g.read_round(&view).is_ok());
    assert!(g.read_round(&view[..view.len() - 1]).is_err());
    // A unit's player out of range.
    let mut bad = view.clone();
    let first = bad.len() - 20 * state.units.len();
    bad[first + 4..first + 8].copy_from_slice(&7i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
}

#[test]
fn orders_are_8_byte_records_with_the_kit_directions() {
    for d in Dir::ALL {
        let mut record = Vec::new();
        record.extend_from_slice(&17i32.to_le_bytes());
        record.extend_from_slice(&i32::from(d.code()).to_le_bytes());
        let o = WalkingDead::decode_order(&record).unwrap();
        assert_eq!((o.unit, o.dir.code(), o.dir.delta()), (17, d.code(), d.delta()));
    }
    assert_eq!(arena_bot::walking_dead::ORDER_SIZE, WalkingDead::ORDER_SIZE);
    assert_eq!(Pos::new(3, 3) + Dir::RU, Pos::new(2, 4));
    assert_eq!(Dir::UL.opposite(), Dir::DR);
    assert_eq!(UnitType::from_code(2), Some(UnitType::Zombie));
}
