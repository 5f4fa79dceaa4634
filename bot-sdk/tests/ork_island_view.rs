//! The SDK's decoded Ork Island view equals the engine's state, field by field: the views are
//! encoded by the engine (`setup_view`, `OrkIsland::encode_round_view`) from real states, after
//! rounds of random play so that there are fights, owners and scores.

use arena_bot::ork_island::{CellType, Command, Dir, Game, Pos};
use engine::cnf::BoardSource;
use engine::game::Game as _;
use engine::games::ork_island::{self as eo, OrkIsland};
use engine::grid;
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use engine::wire::setup_view;

fn sdk_pos(p: grid::Pos) -> Pos {
    Pos::new(p.i, p.j)
}

fn opt(v: i8) -> Option<usize> {
    usize::try_from(v).ok()
}

fn check(g: &Game, s: &eo::State, status: &[f64; 4], me: usize) {
    let p = &s.params;
    assert_eq!((g.me(), g.nb_players()), (me, 4));
    assert_eq!((g.rows(), g.cols(), g.nb_rounds()), (p.rows as i32, p.cols as i32, p.nb_rounds as i32));
    assert_eq!((g.initial_health(), g.nb_orks()), (p.initial_health, p.nb_orks as i32));
    assert_eq!(
        [g.cost_grass(), g.cost_forest(), g.cost_sand(), g.cost_city(), g.cost_path()],
        [p.cost_grass, p.cost_forest, p.cost_sand, p.cost_city, p.cost_path]
    );
    for t in CellType::ALL {
        let engine_t = eo::board::CellType::from_code(t as u8).unwrap();
        assert_eq!(g.cost(t), p.cost(engine_t).unwrap_or(i32::MAX), "{t:?}");
    }
    assert_eq!(
        [g.bonus_per_city_cell() as i64, g.bonus_per_path_cell() as i64, g.factor_connected_component() as i64],
        [p.bonus_per_city_cell, p.bonus_per_path_cell, p.factor_connected_component]
    );
    assert_eq!(g.round(), s.round as i32);
    for (pl, &st) in status.iter().enumerate() {
        assert!(g.player_ok(pl));
        assert_eq!((g.total_score(pl), g.status(pl)), (s.scores[pl], st));
        assert_eq!(g.orks(pl), s.orks_of(pl));
    }
    assert!(!g.player_ok(4));

    let b = &s.board;
    assert_eq!(g.nb_cities(), b.cities().len());
    for (id, city) in b.cities().iter().enumerate() {
        assert_eq!(g.city(id), city.iter().map(|&c| sdk_pos(c)).collect::<Vec<_>>());
        assert_eq!(g.city_owner(id), opt(s.city_owner[id]));
    }
    assert_eq!(g.nb_paths(), b.paths().len());
    for (id, path) in b.paths().iter().enumerate() {
        assert_eq!(g.path(id).ends, path.ends);
        assert_eq!(g.path(id).cells, path.cells.iter().map(|&c| sdk_pos(c)).collect::<Vec<_>>());
        assert_eq!(g.path_owner(id), opt(s.path_owner[id]));
    }
    for i in -1..=p.rows as i32 {
        for j in -1..=p.cols as i32 {
            let (ep, sp) = (grid::Pos::new(i, j), Pos::new(i, j));
            let c = g.cell(sp);
            assert_eq!(c, g.cell((i, j)));
            assert_eq!(g.pos_ok(sp), b.contains(ep));
            assert_eq!(c.kind as u8, b.cell(ep) as u8, "type at {sp}");
            assert_eq!(g.kind(sp), c.kind);
            assert_eq!((c.city_id, c.path_id), (b.city_at(ep), b.path_at(ep)), "ids at {sp}");
            assert_eq!(c.unit_id, s.ork_on(ep).map(|u| u.id), "ork at {sp}");
            assert_eq!(g.unit_at(sp), c.unit_id);
            if !b.contains(ep) {
                assert_eq!(c, Default::default());
                assert_eq!(c.kind, CellType::Water);
            }
        }
    }
    assert_eq!(g.nb_units(), s.orks.len());
    for u in &s.orks {
        let v = g.unit(u.id);
        assert_eq!((v.id, v.player, v.pos, v.health), (u.id, u.player, sdk_pos(u.pos), u.health), "ork {}", u.id);
    }
}

#[test]
fn the_decoded_view_is_the_engine_state() {
    for (seed, changes) in [(3u64, vec![]), (8, vec![("rows", 30), ("cols", 30), ("nb_orks", 6), ("cost_forest", 7)])] {
        let specs = OrkIsland::param_specs();
        let mut values = ParamValues::defaults(specs);
        for (k, v) in &changes {
            values.set(specs, k, *v).unwrap();
        }
        let params = OrkIsland::params(&values).unwrap();
        let mut state =
            OrkIsland::setup(&params, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap();
        let mut games: Vec<Game> =
            (0..4).map(|me| Game::from_setup_view(&setup_view::<OrkIsland>(&state, me)).expect("setup view")).collect();
        let mut rules = GameRng::new(seed, Stream::Rules);
        let mut orders_rng = GameRng::new(seed, Stream::Bot(0));
        let mut conversions = 0;
        for r in 0..60u32 {
            let status = [0.01 * r as f64, 0.5, -1.0, 1.0];
            let mut view = Vec::new();
            OrkIsland::encode_round_view(&state, &status, &mut view);
            for (me, g) in games.iter_mut().enumerate() {
                g.read_round(&view).expect("round view");
                check(g, &state, &status, me);
            }
            let before: Vec<usize> = state.orks.iter().map(|u| u.player).collect();
            let mut orders: [Vec<eo::Order>; 4] = Default::default();
            for u in &state.orks {
                let dir = grid::Dir::from_code(orders_rng.range(0, 4) as u8).unwrap();
                orders[u.player].push(eo::Order { unit: u.id, dir });
            }
            OrkIsland::play_round(&mut state, &orders, &mut rules);
            conversions += state.orks.iter().zip(&before).filter(|(u, &p)| u.player != p).count();
        }
        assert!(conversions > 0, "fights happened, so views with converted orks were checked");
        assert!(state.scores.iter().any(|&x| x > 0));
    }
}

#[test]
fn malformed_views_are_refused_with_the_place() {
    let params = OrkIsland::params(&ParamValues::defaults(OrkIsland::param_specs())).unwrap();
    let state = OrkIsland::setup(&params, &BoardSource::Generated, &mut GameRng::new(1, Stream::Board)).unwrap();
    let setup = setup_view::<OrkIsland>(&state, 2);
    assert!(Game::from_setup_view(&setup[..setup.len() - 3]).is_err());
    assert!(
        Game::from_setup_view(&setup_view::<engine::games::pandemic::Pandemic>(
            &engine::games::pandemic::Pandemic::setup(
                &engine::games::pandemic::params::Params::defaults(),
                &BoardSource::Generated,
                &mut GameRng::new(1, Stream::Board)
            )
            .unwrap(),
            0
        ))
        .is_err(),
        "a Pandemic view is not an Ork Island view"
    );
    let mut g = Game::from_setup_view(&setup).unwrap();
    let mut view = Vec::new();
    OrkIsland::encode_round_view(&state, &[0.0; 4], &mut view);
    assert!(g.read_round(&view).is_ok());
    let e = g.read_round(&view[..view.len() - 1]).unwrap_err();
    assert!(e.to_string().contains("ork") || e.at > 0, "{e}");
    // An ork's player out of range.
    let mut bad = view.clone();
    let first_ork = bad.len() - 16 * state.orks.len();
    bad[first_ork..first_ork + 4].copy_from_slice(&7i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
}

#[test]
fn orders_are_the_shared_8_byte_records() {
    // Commands and move_unit write the same records the engine decodes.
    let c = Command { id: 17, dir: Dir::Left };
    let mut record = Vec::new();
    record.extend_from_slice(&(c.id as i32).to_le_bytes());
    record.extend_from_slice(&(c.dir.code() as i32).to_le_bytes());
    assert_eq!(OrkIsland::decode_order(&record), Some(eo::Order { unit: 17, dir: grid::Dir::Left }));
    assert_eq!(arena_bot::ork_island::ORDER_SIZE, OrkIsland::ORDER_SIZE);
}
