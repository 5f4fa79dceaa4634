//! The SDK's decoded Mad Max view equals the engine's state, field by field: the views are
//! encoded by the engine from real states, after rounds of random play so that there are
//! captures, respawns, conquered cities and changing scores.

use arena_bot::mad_max::{CellType, Dir, Game, Pos, UnitType};
use engine::cnf::BoardSource;
use engine::game::Game as _;
use engine::games::mad_max::{self as em, MadMax};
use engine::grid;
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use engine::wire::setup_view;

fn check(g: &Game, s: &em::State, status: &[f64; 4], me: usize) {
    let p = &s.params;
    assert_eq!((g.me(), g.nb_players()), (me, 4));
    assert_eq!(
        [g.nb_rounds(), g.nb_cities(), g.nb_warriors(), g.nb_cars(), g.warriors_health(), g.cars_fuel(), g.damage()],
        [
            p.nb_rounds as i32,
            p.nb_cities as i32,
            p.nb_warriors as i32,
            p.nb_cars as i32,
            p.warriors_health,
            p.cars_fuel,
            p.damage
        ]
    );
    assert_eq!((g.rows(), g.cols()), (p.rows as i32, p.cols as i32));
    assert_eq!(g.round(), s.round as i32);
    let owned = s.num_cities();
    for (pl, &st) in status.iter().enumerate() {
        assert!(g.player_ok(pl));
        assert_eq!((g.total_score(pl), g.status(pl), g.num_cities(pl)), (s.total_score[pl], st, owned[pl] as i32));
        assert_eq!(g.warriors(pl), s.ids_of(pl, em::UnitType::Warrior));
        assert_eq!(g.cars(pl), s.ids_of(pl, em::UnitType::Car));
    }
    assert!(!g.player_ok(4));
    assert_eq!((g.total_score(9), g.num_cities(9), g.warriors(9)), (0, 0, vec![]));
    assert_eq!(g.cities().len(), s.board.cities().len());
    for i in -1..=s.board.rows() as i32 {
        for j in -1..=s.board.cols() as i32 {
            let (ep, sp) = (grid::Pos::new(i, j), Pos::new(i, j));
            let c = g.cell(sp);
            assert_eq!(c, g.cell((i, j)));
            assert_eq!(g.pos_ok(sp), s.board.contains(ep));
            if s.board.contains(ep) {
                assert_eq!(c.kind as u8, s.board.at(ep).code(), "type at {sp}");
                assert_eq!(c.owner, s.owner_at(ep), "owner at {sp}");
                assert_eq!(c.id, s.unit_on(ep).map(|u| u.id), "unit at {sp}");
                assert_eq!(g.unit_at(sp), c.id);
                assert_eq!(g.cell_type(sp), c.kind);
            } else {
                assert_eq!(c, Default::default());
            }
        }
    }
    assert_eq!(g.nb_units(), s.units.len());
    assert_eq!(g.unit(s.units.len()), None);
    for u in &s.units {
        let v = g.unit(u.id).unwrap();
        assert_eq!(v.kind == UnitType::Car, u.kind == em::UnitType::Car, "unit {}", u.id);
        assert_eq!((v.id, v.player, v.food, v.water), (u.id, u.player, u.food, u.water));
        assert_eq!(v.pos, Pos::new(u.pos.i, u.pos.j));
        assert_eq!(g.can_move(u.id), s.can_move(u.id), "unit {} in round {}", u.id, s.round);
    }
}

#[test]
fn the_decoded_view_is_the_engine_state() {
    for (seed, changes) in [(3u64, vec![]), (8, vec![("damage", 20), ("cars_fuel", 10)])] {
        let specs = MadMax::param_specs();
        let mut values = ParamValues::defaults(specs);
        for (k, v) in &changes {
            values.set(specs, k, *v).unwrap();
        }
        let params = MadMax::params(&values).unwrap();
        let mut state =
            MadMax::setup(&params, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap();
        let mut games: Vec<Game> =
            (0..4).map(|me| Game::from_setup_view(&setup_view::<MadMax>(&state, me)).expect("setup view")).collect();
        let mut rules = GameRng::new(seed, Stream::Rules);
        let mut orders_rng = GameRng::new(seed, Stream::Bot(0));
        let mut captures = 0;
        for r in 0..120u32 {
            let status = [0.01 * r as f64, 0.5, -1.0, 1.0];
            let mut view = Vec::new();
            MadMax::encode_round_view(&state, &status, &mut view);
            for (me, g) in games.iter_mut().enumerate() {
                g.read_round(&view).expect("round view");
                check(g, &state, &status, me);
            }
            let before: Vec<usize> = state.units.iter().map(|u| u.player).collect();
            let mut orders: [Vec<em::Order>; 4] = Default::default();
            for u in &state.units {
                let dir = em::Dir::ALL[orders_rng.range(0, 8) as usize];
                orders[u.player].push(em::Order { unit: u.id, dir });
            }
            MadMax::play_round(&mut state, &orders, &mut rules);
            captures += state.units.iter().zip(&before).filter(|(u, &b)| u.player != b).count();
        }
        assert!(captures > 0, "views after captures were checked");
    }
}

#[test]
fn malformed_views_are_refused() {
    let params = em::params::Params::defaults();
    let state = MadMax::setup(&params, &BoardSource::Generated, &mut GameRng::new(1, Stream::Board)).unwrap();
    let setup = setup_view::<MadMax>(&state, 2);
    assert!(Game::from_setup_view(&setup[..setup.len() - 3]).is_err());
    let purge = engine::games::purge::Purge::setup(
        &engine::games::purge::params::Params::defaults(),
        &BoardSource::Generated,
        &mut GameRng::new(1, Stream::Board),
    )
    .unwrap();
    assert!(
        Game::from_setup_view(&setup_view::<engine::games::purge::Purge>(&purge, 0)).is_err(),
        "a Purge view is not a Mad Max view"
    );
    let mut g = Game::from_setup_view(&setup).unwrap();
    let mut view = Vec::new();
    MadMax::encode_round_view(&state, &[0.0; 4], &mut view);
    assert!(g.read_round(&view).is_ok());
    assert!(g.read_round(&view[..view.len() - 1]).is_err());
    // A unit's player out of range.
    let mut bad = view.clone();
    let first = bad.len() - 24 * state.units.len();
    bad[first + 4..first + 8].copy_from_slice(&7i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
    // A city owner out of range.
    let mut bad = view.clone();
    bad[4 + 32 + 32] = 4;
    assert!(g.read_round(&bad).is_err());
}

#[test]
fn orders_are_8_byte_records_with_the_kit_directions() {
    for d in Dir::ALL {
        let mut record = Vec::new();
        record.extend_from_slice(&17i32.to_le_bytes());
        record.extend_from_slice(&i32::from(d.code()).to_le_bytes());
        let o = MadMax::decode_order(&record).unwrap();
        assert_eq!((o.unit, o.dir.code(), o.dir.delta()), (17, d.code(), d.delta()));
    }
    assert_eq!(arena_bot::mad_max::ORDER_SIZE, MadMax::ORDER_SIZE);
    assert_eq!(Pos::new(3, 3) + Dir::RT, Pos::new(2, 4));
    assert_eq!(Dir::TL.opposite(), Dir::BR);
    assert_eq!(Dir::None.opposite(), Dir::None);
    assert_eq!(CellType::from_code(5), Some(CellType::Wall));
    let mut bad = 17i32.to_le_bytes().to_vec();
    bad.extend_from_slice(&9i32.to_le_bytes());
    assert_eq!(MadMax::decode_order(&bad), None);
}
