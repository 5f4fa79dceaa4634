//! The SDK's decoded Pandemic view equals the engine's state, field by field: the views are
//! encoded by the engine (`setup_view`, `Pandemic::encode_round_view`) from real states (generated
//! and FIXED boards, after rounds of random play so that there are infections, masks, owners and
//! scores).

use arena_bot::pandemic::{CellType, Dir, Game, Pos};
use engine::cnf::{self, BoardSource};
use engine::game::Game as _;
use engine::games::pandemic::{self as ep, Pandemic};
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

/// Every accessor of `g` against `s`.
fn check(g: &Game, s: &ep::State, status: &[f64; 4], me: usize) {
    let p = &s.params;
    assert_eq!(g.me(), me);
    assert_eq!(g.nb_players(), 4);
    assert_eq!(g.rows(), p.rows as i32);
    assert_eq!(g.cols(), p.cols as i32);
    assert_eq!(g.nb_rounds(), p.nb_rounds as i32);
    assert_eq!(g.initial_health(), p.initial_health);
    assert_eq!(g.nb_units(), p.nb_units as i32);
    assert_eq!(g.bonus_per_city_cell() as i64, p.bonus_per_city_cell);
    assert_eq!(g.bonus_per_path_cell() as i64, p.bonus_per_path_cell);
    assert_eq!(g.factor_connected_component() as i64, p.factor_connected_component);
    assert_eq!(g.infection_factor(), p.infection_factor);
    assert_eq!(g.mask_protection(), p.mask_protection);
    assert_eq!(g.round(), s.round as i32);
    for (pl, &st) in status.iter().enumerate() {
        assert!(g.player_ok(pl));
        assert_eq!(g.total_score(pl), s.scores[pl]);
        assert_eq!(g.status(pl), st);
        let mine: Vec<usize> = s.units_of(pl);
        assert_eq!(g.my_units(pl), mine);
    }
    assert!(!g.player_ok(4));

    // Cities and paths.
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

    // Every cell, and a ring of positions off the board.
    for i in -1..=p.rows as i32 {
        for j in -1..=p.cols as i32 {
            let ep = grid::Pos::new(i, j);
            let sp = Pos::new(i, j);
            let c = g.cell(sp);
            assert_eq!(c, g.cell((i, j)));
            assert_eq!(g.pos_ok(sp), b.contains(ep));
            assert_eq!(c.kind as u8, b.cell(ep) as u8, "type at {sp}");
            assert_eq!(g.kind(sp), c.kind);
            assert_eq!(c.city_id, b.city_at(ep), "city at {sp}");
            assert_eq!(c.path_id, b.path_at(ep), "path at {sp}");
            assert_eq!(g.city_at(sp), c.city_id);
            assert_eq!(g.path_at(sp), c.path_id);
            if b.contains(ep) {
                assert_eq!(c.unit_id, s.unit_on(ep).map(|u| u.id), "unit at {sp}");
                assert_eq!(c.virus, s.virus_at(ep) as i32, "virus at {sp}");
                assert_eq!(c.mask, s.mask_at(ep), "mask at {sp}");
                let k = g.cell_index(sp).unwrap();
                assert_eq!(k, s.cell_index(ep));
                assert_eq!(g.cell_pos(k), sp);
                assert_eq!(g.cell_types()[k], c.kind);
                assert_eq!(g.virus_levels()[k] as i32, c.virus);
                assert_eq!(g.masks()[k], c.mask);
            } else {
                assert_eq!(c, Default::default());
                assert_eq!(c.kind, CellType::Wall);
                assert_eq!(g.cell_index(sp), None);
            }
            assert_eq!(g.unit_at(sp), c.unit_id);
            assert_eq!(g.virus(sp), c.virus);
            assert_eq!(g.mask_at(sp), c.mask);
        }
    }

    let masks: Vec<usize> = (0..s.mask.len()).filter(|&k| s.mask[k]).collect();
    assert_eq!(g.mask_cells(), masks);

    // Units.
    assert_eq!(g.total_units(), s.units.len());
    assert_eq!(g.units().len(), s.units.len());
    for u in &s.units {
        let v = g.unit(u.id);
        assert_eq!(
            (v.id, v.player, v.pos, v.health, v.damage, v.turns, v.immune, v.mask, v.infected()),
            (u.id, u.player, sdk_pos(u.pos), u.health, u.damage, u.turns, u.immune, u.mask, u.infected()),
            "unit {}",
            u.id
        );
    }
}

/// Plays `rounds` rounds of random orders (from a fixed stream) and checks the decoded view
/// before each, for every seat.
fn play_and_check(mut state: ep::State, seed: u64, rounds: u32) -> (usize, usize) {
    let mut games: Vec<Game> =
        (0..4).map(|me| Game::from_setup_view(&setup_view::<Pandemic>(&state, me)).expect("setup view")).collect();
    let mut rules = GameRng::new(seed, Stream::Rules);
    let mut orders_rng = GameRng::new(seed, Stream::Bot(0));
    let (mut infected, mut masked) = (0, 0);
    for r in 0..rounds {
        let status = [0.25 * r as f64 / rounds as f64, 0.5, -1.0, 1.0];
        let mut view = Vec::new();
        Pandemic::encode_round_view(&state, &status, &mut view);
        for (me, g) in games.iter_mut().enumerate() {
            g.read_round(&view).expect("round view");
            check(g, &state, &status, me);
        }
        infected += state.units.iter().filter(|u| u.infected()).count();
        masked += state.units.iter().filter(|u| u.mask).count() + state.mask.iter().filter(|&&m| m).count();
        let mut orders: [Vec<ep::Order>; 4] = Default::default();
        for u in &state.units {
            let dir = grid::Dir::from_code(orders_rng.range(0, 4) as u8).unwrap();
            orders[u.player].push(ep::Order { unit: u.id, dir });
        }
        Pandemic::play_round(&mut state, &orders, &mut rules);
    }
    (infected, masked)
}

fn params(pairs: &[(&str, i64)]) -> ep::params::Params {
    let mut v = ParamValues::defaults(Pandemic::param_specs());
    for &(k, x) in pairs {
        v.set(Pandemic::param_specs(), k, x).unwrap();
    }
    Pandemic::params(&v).unwrap()
}

#[test]
fn generated_boards_decode_to_the_engine_state() {
    for (seed, size) in [(1u64, 70i64), (2, 40), (3, 25)] {
        let p = params(&[("rows", size), ("cols", size), ("nb_rounds", 60), ("nb_units", 6)]);
        let state = Pandemic::setup(&p, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap();
        let (infected, masked) = play_and_check(state, seed, 60);
        assert!(infected > 0 && masked > 0, "the states exercised infections and masks");
    }
}

#[test]
fn other_parameters_decode() {
    let p = params(&[
        ("rows", 30),
        ("cols", 30),
        ("nb_rounds", 7),
        ("initial_health", 777),
        ("nb_units", 9),
        ("bonus_per_city_cell", 3),
        ("bonus_per_path_cell", 0),
        ("factor_connected_component", 1_000_000),
        ("infection_factor", 13),
        ("mask_protection", 1),
    ]);
    let state = Pandemic::setup(&p, &BoardSource::Generated, &mut GameRng::new(9, Stream::Board)).unwrap();
    play_and_check(state, 9, 7);
}

const FIXED: &str = "Pandemic v1
rows 20
cols 20
nb_rounds 30
nb_units 2
FIXED
XXXXXXXXXXXXXXXXXXXX
X..................X
X..................X
X..CCC........CCC..X
X..CCCPPPPPPPPCCC..X
X..CCC........CCC..X
X..................X
X..................X
X..................X
X..................X
X..................X
X..................X
X.......XXXX.......X
X.......XXXX.......X
X.......XXXX.......X
X..................X
X..................X
X..................X
X..................X
XXXXXXXXXXXXXXXXXXXX
units 8
id player row col health damage turns immune mask
0 0 1 1 100 2 0 0 0
1 0 4 7 100 0 0 0 1
2 1 1 18 100 3 5 0 0
3 1 1 16 100 0 0 1 0
4 2 18 1 100 4 0 0 0
5 2 4 4 100 0 0 1 1
6 3 18 18 100 0 0 0 0
7 3 18 16 100 0 0 0 0
masks 2
row col
9 9
10 2
";

#[test]
fn a_fixed_board_with_flags_and_masks_decodes() {
    let cfg = cnf::parse(FIXED, Pandemic::param_specs()).unwrap();
    let p = Pandemic::params(&cfg.params).unwrap();
    let state = Pandemic::setup(&p, &cfg.board, &mut GameRng::new(5, Stream::Board)).unwrap();
    let view = setup_view::<Pandemic>(&state, 3);
    let mut g = Game::from_setup_view(&view).unwrap();
    let mut round = Vec::new();
    Pandemic::encode_round_view(&state, &[0.0; 4], &mut round);
    g.read_round(&round).unwrap();
    // Spot checks by hand, then everything against the engine.
    assert_eq!(g.nb_cities(), 2);
    assert_eq!(g.nb_paths(), 1);
    assert_eq!(g.path(0).ends, (0, 1));
    assert_eq!(g.path(0).cells.len(), 8);
    assert_eq!(g.cell((4, 7)).path_id, Some(0));
    assert_eq!(g.cell((4, 7)).unit_id, Some(1));
    assert_eq!(g.cell((4, 4)).city_id, Some(0));
    assert_eq!(g.cell((3, 15)).city_id, Some(1));
    assert_eq!(g.cell((12, 8)).kind, CellType::Wall);
    assert!(g.cell((9, 9)).mask && g.mask_at((10, 2)));
    let u5 = g.unit(5);
    assert!(u5.immune && u5.mask && !u5.infected());
    assert_eq!((g.unit(2).damage, g.unit(2).turns), (3, 5));
    assert_eq!(Pos::new(4, 4) + Dir::Right, Pos::new(4, 5));
    check(&g, &state, &[0.0; 4], 3);
    play_and_check(state, 5, 30);
}

#[test]
fn malformed_views_are_errors_not_panics() {
    let p = params(&[("rows", 20), ("cols", 20), ("nb_units", 2)]);
    let state = Pandemic::setup(&p, &BoardSource::Generated, &mut GameRng::new(1, Stream::Board)).unwrap();
    let setup = setup_view::<Pandemic>(&state, 0);
    let mut round = Vec::new();
    Pandemic::encode_round_view(&state, &[0.0; 4], &mut round);
    // Every truncation fails cleanly.
    for n in 0..setup.len() {
        assert!(Game::from_setup_view(&setup[..n]).is_err(), "setup cut at {n}");
    }
    let mut g = Game::from_setup_view(&setup).unwrap();
    for n in 0..round.len() {
        assert!(g.read_round(&round[..n]).is_err(), "round cut at {n}");
    }
    // Trailing bytes, a bad cell type, a wrong game name, a bad owner, a unit off the board.
    let mut long = setup.clone();
    long.push(0);
    assert!(Game::from_setup_view(&long).is_err());
    let mut bad = setup.clone();
    bad[24 + 40 + 10] = 7;
    assert!(Game::from_setup_view(&bad).is_err());
    let mut bad = setup.clone();
    bad[8] = b'P';
    assert!(Game::from_setup_view(&bad).is_err());
    let mut bad = round.clone();
    bad[4 + 32 + 32 + 4..][..4].copy_from_slice(&7i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
    let mut bad = round.clone();
    let masks_at = 4 + 32 + 32 + 4 + 4 * g.nb_cities() + 4 + 4 * g.nb_paths() + 400;
    bad[masks_at + 13] = 2;
    assert!(g.read_round(&bad).is_err());
    assert!(g.masks().iter().all(|&m| !m), "an error leaves the flags as they were");
    bad[masks_at + 13] = 1;
    g.read_round(&bad).unwrap();
    assert_eq!(g.mask_cells(), [13]);
    assert!(g.masks()[13] && g.mask_at(g.cell_pos(13)));
    let mut bad = round.clone();
    let last_unit = bad.len() - 28;
    bad[last_unit + 4..][..4].copy_from_slice(&20i32.to_le_bytes());
    assert!(g.read_round(&bad).is_err());
    // Garbage of every length up to 300 bytes.
    let mut rng = GameRng::new(3, Stream::Rules);
    for n in 0..300 {
        let junk: Vec<u8> = (0..n).map(|_| rng.next_u32() as u8).collect();
        let _ = Game::from_setup_view(&junk);
        let _ = g.read_round(&junk);
    }
    // And the real view still decodes afterwards.
    g.read_round(&round).unwrap();
    check(&g, &state, &[0.0; 4], 0);
}

#[test]
fn positions_and_directions_follow_the_kit() {
    let p = Pos::new(3, 5);
    assert_eq!(p + Dir::Bottom, Pos::new(4, 5));
    assert_eq!(p + Dir::Right, Pos::new(3, 6));
    assert_eq!(p + Dir::Top, Pos::new(2, 5));
    assert_eq!(p + Dir::Left, Pos::new(3, 4));
    assert_eq!(p + Dir::None, p);
    assert_eq!(p + Pos::new(1, 1), Pos::new(4, 6));
    assert!(Pos::new(1, 9) < Pos::new(2, 0));
    assert_eq!(p.to_string(), "(3, 5)");
    for (k, d) in Dir::ALL.iter().enumerate() {
        assert_eq!(d.code() as usize, k);
        assert_eq!(Dir::from_code(k as u8), Some(*d));
        let e = grid::Dir::from_code(k as u8).unwrap();
        assert_eq!(d.delta(), e.delta());
        assert_eq!((p + *d + d.opposite()), p);
    }
    assert_eq!(Dir::from_code(5), None);
}
