//! Ork Island's board generator and initial placement, over many seeds and sizes.

use engine::games::ork_island::board::{Board, CellType};
use engine::games::ork_island::generator::{generate, MIN_CITIES};
use engine::games::ork_island::params::{Params, SPECS};
use engine::games::ork_island::setup::initial_state;
use engine::grid::{Dir, Pos};
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};
use std::collections::BTreeSet;

mod ork_shore;

fn board(n: usize, seed: u64) -> Board {
    generate(n, 15, &mut GameRng::new(seed, Stream::Board))
}

/// Every land cell 4-connected to the centre.
fn connected_to_centre(b: &Board) -> bool {
    let n = b.rows() as i32;
    let centre = Pos::new(n / 2, n / 2);
    let land = |p: Pos| b.cell(p) != CellType::Water;
    if !land(centre) {
        return false;
    }
    let mut seen = BTreeSet::from([centre]);
    let mut stack = vec![centre];
    while let Some(p) = stack.pop() {
        for d in Dir::MOVES {
            let q = p.step(d);
            if land(q) && seen.insert(q) {
                stack.push(q);
            }
        }
    }
    b.cell_types().positions().filter(|&p| land(p)).all(|p| seen.contains(&p))
}

fn check_board(b: &Board, n: usize, min_cities: usize) {
    assert_eq!((b.rows(), b.cols()), (n, n));
    for p in b.cell_types().positions() {
        let border = p.i == 0 || p.j == 0 || p.i as usize == n - 1 || p.j as usize == n - 1;
        if border {
            assert_eq!(b.cell(p), CellType::Water, "border {p}");
        }
    }
    assert!(b.cities().len() >= min_cities, "{} cities", b.cities().len());
    assert!(connected_to_centre(b), "land cut off from the centre");
    // Cities are solid rectangles of sides 2..=6, at least one cell apart.
    for (id, city) in b.cities().iter().enumerate() {
        let (i0, i1) = (city.iter().map(|p| p.i).min().unwrap(), city.iter().map(|p| p.i).max().unwrap());
        let (j0, j1) = (city.iter().map(|p| p.j).min().unwrap(), city.iter().map(|p| p.j).max().unwrap());
        let (h, w) = (i1 - i0 + 1, j1 - j0 + 1);
        assert!((2..=6).contains(&h) && (2..=6).contains(&w), "city {id}: {h}x{w}");
        assert_eq!(city.len() as i32, h * w, "city {id} is a solid rectangle");
        assert!(city.iter().all(|&p| b.cell(p) == CellType::City && b.city_at(p) == Some(id)));
    }
    // Paths: PATH cells, 4-connected in walking order, touching exactly their two cities at
    // their ends, more than 2 cells from every other path.
    for (id, path) in b.paths().iter().enumerate() {
        let (a, c) = path.ends;
        assert!(a < c, "path {id} ends {a}, {c}");
        assert!(path.cells.iter().all(|&p| b.cell(p) == CellType::Path && b.path_at(p) == Some(id)));
        assert!(path.cells.windows(2).all(|w| w[0].manhattan(w[1]) == 1), "path {id} is a 4-connected walk");
        let touches = |p: Pos, city: usize| Dir::MOVES.iter().any(|&d| b.city_at(p.step(d)) == Some(city));
        assert!(touches(path.cells[0], a) && touches(*path.cells.last().unwrap(), c), "path {id} ends");
        for (other_id, other) in b.paths().iter().enumerate().filter(|(k, _)| *k != id) {
            let close = path.cells.iter().any(|p| other.cells.iter().any(|q| p.chebyshev(*q) <= 2));
            assert!(!close, "paths {id} and {other_id} come within 2 cells");
        }
    }
    // Read back from its cells alone (as a FIXED board would be), it is the same island.
    let again = Board::from_cells(b.cell_types().clone()).expect("the cells make a valid board");
    let as_sets = |b: &Board| -> (BTreeSet<Vec<Pos>>, usize) {
        (
            b.cities()
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    c.sort();
                    c
                })
                .collect(),
            b.paths().len(),
        )
    };
    assert_eq!(as_sets(&again), as_sets(b));
}

#[test]
fn default_boards_follow_the_spec() {
    let mut terrain = [0usize; 6];
    for seed in 1..=25 {
        let b = board(70, seed);
        check_board(&b, 70, MIN_CITIES);
        for &t in b.cell_types().cells() {
            terrain[t as usize] += 1;
        }
    }
    // Every terrain appears, the island covers most of the board, and there are paths.
    assert!(terrain.iter().all(|&n| n > 0), "{terrain:?}");
    let total: usize = terrain.iter().sum();
    assert!(terrain[0] * 2 < total, "mostly land: {terrain:?}");
    assert!((1..=25).map(|s| board(70, s).paths().len()).sum::<usize>() >= 25, "paths are made");
}

#[test]
fn boards_of_every_size_are_playable() {
    for n in [20, 25, 30, 40, 55, 100] {
        for seed in 1..=4 {
            let b = board(n, seed);
            check_board(&b, n, 1);
        }
    }
}

#[test]
fn boards_are_reproducible_from_the_seed() {
    assert_eq!(board(70, 5), board(70, 5));
    assert_ne!(board(70, 5), board(70, 6));
}

#[test]
fn orks_start_on_the_row_ends_apart_from_each_other() {
    for seed in [1, 2, 3] {
        let mut rng = GameRng::new(seed, Stream::Board);
        let s = initial_state(Params::defaults(), board(70, seed), &mut rng).unwrap();
        assert_eq!(s.orks.len(), 60);
        assert_eq!(s.round, 0);
        assert_eq!(s.scores, [0; 4]);
        assert!(s.city_owner.iter().chain(&s.path_owner).all(|&o| o == -1));
        for u in &s.orks {
            assert_eq!((u.id, u.player, u.health), (u.id, u.id / 15, 100));
            let p = u.pos;
            assert!(matches!(s.board.cell(p), CellType::Grass | CellType::Forest | CellType::Sand));
            assert!(s.orks.iter().filter(|o| o.id != u.id).all(|o| o.pos.manhattan(p) > 1), "{p} apart");
            assert_eq!(s.unit_at[s.board.index(p)], u.id as i32);
        }
        // Each on a qualifying row end (the fallback only once none is left), in id order.
        let fallbacks = ork_shore::check_placed_by_the_rule(&s);
        let on_ends = s.orks.iter().filter(|u| ork_shore::on_row_end(&s, u.pos)).count();
        assert_eq!(on_ends + fallbacks, 60, "seed {seed}");
        assert!(on_ends >= 30, "seed {seed}: {on_ends} orks on row ends");
    }
}

#[test]
fn parameters_are_checked() {
    let mut v = ParamValues::defaults(SPECS);
    v.set(SPECS, "cols", 60).unwrap();
    assert!(Params::from_values(&v).unwrap_err().to_string().contains("square"));
    let mut v = ParamValues::defaults(SPECS);
    v.set(SPECS, "nb_orks", 50).unwrap();
    assert!(Params::from_values(&v).unwrap_err().to_string().contains("100 x nb_orks"));
    assert!(ParamValues::defaults(SPECS).clone().set(SPECS, "cost_sand", -1).is_err());
    let p = Params::defaults();
    assert_eq!((p.rows, p.nb_rounds, p.initial_health, p.nb_orks, p.factor_connected_component), (70, 200, 100, 15, 2));
}
