//! Properties of Pandemic's random board generator.

use engine::games::pandemic::board::{Board, CellType};
use engine::games::pandemic::generator::generate;
use engine::grid::{Dir, Pos};
use engine::rng::{GameRng, Stream};
use std::collections::BTreeSet;

fn board(seed: u64, size: usize) -> Board {
    generate(size, &mut GameRng::new(seed, Stream::Board))
}

/// (seed, size) pairs: 200 seeds at the default size 70, then a few at other sizes.
fn cases() -> Vec<(u64, usize)> {
    let mut v: Vec<(u64, usize)> = (0..200).map(|s| (s, 70)).collect();
    for size in [20, 21, 30, 34, 35, 45] {
        v.extend((1000..1030).map(|s| (s, size)));
    }
    v
}

fn is_open(b: &Board, p: Pos) -> bool {
    b.cell(p) != CellType::Wall
}

/// Cities touching `p` through its 4 sides.
fn cities_beside(b: &Board, p: Pos) -> impl Iterator<Item = usize> + '_ {
    Dir::MOVES.into_iter().filter_map(move |d| b.city_at(p.step(d)))
}

fn check_shape(b: &Board, size: usize, ctx: &str) {
    assert_eq!((b.rows(), b.cols()), (size, size), "{ctx}: size");
    let n = size as i32;
    for k in 0..n {
        for p in [Pos::new(0, k), Pos::new(n - 1, k), Pos::new(k, 0), Pos::new(k, n - 1)] {
            assert_eq!(b.cell(p), CellType::Wall, "{ctx}: border cell {p} is not WALL");
        }
    }
}

fn check_connected(b: &Board, ctx: &str) {
    let cells = b.cell_types();
    let open: Vec<Pos> = cells.positions().filter(|&p| is_open(b, p)).collect();
    assert!(!open.is_empty(), "{ctx}: no open cell");
    let mut seen = vec![false; cells.cells().len()];
    let mut stack = vec![open[0]];
    seen[b.index(open[0])] = true;
    let mut reached = 1;
    while let Some(p) = stack.pop() {
        for d in Dir::MOVES {
            let q = p.step(d);
            if b.contains(q) && is_open(b, q) && !seen[b.index(q)] {
                seen[b.index(q)] = true;
                reached += 1;
                stack.push(q);
            }
        }
    }
    assert_eq!(reached, open.len(), "{ctx}: {} open cells unreachable", open.len() - reached);
}

fn check_cities(b: &Board, ctx: &str) {
    let cities = b.cities();
    assert!(cities.len() >= 8, "{ctx}: only {} cities", cities.len());
    let mut listed = 0;
    for (id, city) in cities.iter().enumerate() {
        assert!(!city.is_empty(), "{ctx}: city {id} is empty");
        let (i0, i1) = (city.iter().map(|p| p.i).min().unwrap(), city.iter().map(|p| p.i).max().unwrap());
        let (j0, j1) = (city.iter().map(|p| p.j).min().unwrap(), city.iter().map(|p| p.j).max().unwrap());
        let (h, w) = (i1 - i0 + 1, j1 - j0 + 1);
        assert!((2..=6).contains(&h) && (2..=6).contains(&w), "{ctx}: city {id} is {h}x{w}");
        let rect: Vec<Pos> = (i0..=i1).flat_map(|i| (j0..=j1).map(move |j| Pos::new(i, j))).collect();
        assert_eq!(city, &rect, "{ctx}: city {id} is not a solid row-major rectangle");
        for &p in city {
            assert_eq!(b.cell(p), CellType::City, "{ctx}: city {id} cell {p}");
            assert_eq!(b.city_at(p), Some(id), "{ctx}: city id at {p}");
            // No other city around, not even diagonally.
            for di in -1..=1 {
                for dj in -1..=1 {
                    let q = Pos::new(p.i + di, p.j + dj);
                    if let Some(other) = b.city_at(q) {
                        assert_eq!(other, id, "{ctx}: cities {id} and {other} touch at {p}/{q}");
                    }
                }
            }
        }
        listed += city.len();
    }
    let city_cells = b.cell_types().cells().iter().filter(|&&c| c == CellType::City).count();
    assert_eq!(city_cells, listed, "{ctx}: CITY cells outside the listed cities");
}

fn check_paths(b: &Board, ctx: &str) {
    let mut owner = vec![usize::MAX; b.rows() * b.cols()];
    let mut listed = 0;
    for (id, path) in b.paths().iter().enumerate() {
        let (a, c) = path.ends;
        assert!(a < c, "{ctx}: path {id} ends {:?} are not two ordered distinct cities", path.ends);
        assert!(c < b.cities().len(), "{ctx}: path {id} ends at unknown city {c}");
        assert!(!path.cells.is_empty(), "{ctx}: path {id} is empty");
        for (k, &p) in path.cells.iter().enumerate() {
            assert_eq!(b.cell(p), CellType::Path, "{ctx}: path {id} cell {p}");
            assert_eq!(b.path_at(p), Some(id), "{ctx}: path id at {p}");
            assert_eq!(owner[b.index(p)], usize::MAX, "{ctx}: {p} is listed twice (path {id})");
            owner[b.index(p)] = id;
            if k > 0 {
                let prev = path.cells[k - 1];
                assert_eq!(prev.manhattan(p), 1, "{ctx}: path {id} jumps from {prev} to {p}");
            }
        }
        // Walking order: from a city of the first end to a city of the second.
        let first = path.cells[0];
        let last = *path.cells.last().unwrap();
        assert!(cities_beside(b, first).any(|x| x == a), "{ctx}: path {id} does not start at city {a}");
        assert!(cities_beside(b, last).any(|x| x == c), "{ctx}: path {id} does not end at city {c}");
        let touched: BTreeSet<usize> = path.cells.iter().flat_map(|&p| cities_beside(b, p)).collect();
        assert_eq!(touched, BTreeSet::from([a, c]), "{ctx}: path {id} touches the wrong cities");
        listed += path.cells.len();
    }
    let path_cells = b.cell_types().cells().iter().filter(|&&c| c == CellType::Path).count();
    assert_eq!(path_cells, listed, "{ctx}: PATH cells outside the listed paths");
    // Distinct paths never touch, so they never cross.
    for p in b.cell_types().positions() {
        let id = owner[b.index(p)];
        if id == usize::MAX {
            continue;
        }
        for d in Dir::MOVES {
            if let Some(other) = b.path_at(p.step(d)) {
                assert_eq!(other, id, "{ctx}: paths {id} and {other} touch at {p}");
            }
        }
    }
}

/// Interior walls never come within 2 cells (Chebyshev) of a path, so they never block one.
/// (Like the kit's, a wall line may run beside a city: only ruins keep away from cities.)
fn check_interior_walls(b: &Board, ctx: &str) {
    let n = b.rows() as i32;
    for p in b.cell_types().positions() {
        if b.cell(p) != CellType::Wall || p.i == 0 || p.j == 0 || p.i == n - 1 || p.j == n - 1 {
            continue;
        }
        for di in -2..=2 {
            for dj in -2..=2 {
                let q = Pos::new(p.i + di, p.j + dj);
                assert!(b.cell(q) != CellType::Path, "{ctx}: interior wall {p} is next to a path at {q}");
            }
        }
    }
}

#[test]
fn boards_are_valid() {
    for (seed, size) in cases() {
        let b = board(seed, size);
        let ctx = format!("seed {seed}, size {size}");
        check_shape(&b, size, &ctx);
        check_connected(&b, &ctx);
        check_cities(&b, &ctx);
        check_paths(&b, &ctx);
        check_interior_walls(&b, &ctx);
    }
}

#[test]
fn boards_survive_a_round_trip_through_their_cells() {
    // FIXED boards are read back from cell types alone: the same cities and paths must emerge.
    for (seed, size) in cases().into_iter().step_by(5) {
        let b = board(seed, size);
        let back =
            Board::from_cells(b.cell_types().clone()).unwrap_or_else(|e| panic!("seed {seed}, size {size}: {e}"));
        let sets = |x: &Board| {
            let cities: BTreeSet<Vec<Pos>> = x.cities().iter().cloned().collect();
            // Each path as its cell set and the set of its two end cities' first cells.
            let paths: BTreeSet<(Vec<Pos>, BTreeSet<Pos>)> = x
                .paths()
                .iter()
                .map(|p| {
                    let mut cells = p.cells.clone();
                    cells.sort_unstable();
                    (cells, BTreeSet::from([x.cities()[p.ends.0][0], x.cities()[p.ends.1][0]]))
                })
                .collect();
            (cities, paths)
        };
        assert_eq!(sets(&back), sets(&b), "seed {seed}, size {size}");
    }
}

#[test]
fn boards_have_paths_and_interior_walls() {
    let n = 100;
    let (mut with_paths, mut with_walls, mut paths) = (0, 0, 0);
    for seed in 0..n {
        let b = board(seed, 70);
        paths += b.paths().len();
        with_paths += usize::from(b.paths().len() >= 3);
        let walls = b.cell_types().cells().iter().filter(|&&c| c == CellType::Wall).count();
        with_walls += usize::from(walls > 4 * 70 - 4);
    }
    assert!(with_paths >= 90, "only {with_paths}/{n} boards have 3 paths or more");
    assert!(with_walls >= 90, "only {with_walls}/{n} boards have interior walls");
    assert!(paths >= 6 * n as usize, "only {paths} paths on {n} boards");
}

#[test]
fn same_seed_same_board() {
    for (seed, size) in [(0, 70), (1, 70), (77, 70), (5, 20), (6, 30), (7, 45), (u64::MAX, 70)] {
        let a = board(seed, size);
        let b = board(seed, size);
        assert_eq!(a.cell_types(), b.cell_types(), "seed {seed}: cells differ");
        assert_eq!(a.cities(), b.cities(), "seed {seed}: cities differ");
        assert_eq!(a.paths(), b.paths(), "seed {seed}: paths differ");
    }
}

#[test]
fn board_depends_only_on_the_rng_state() {
    let mut rng = GameRng::new(42, Stream::Board);
    let first = generate(70, &mut rng);
    let mut copy = rng.clone();
    let second = generate(70, &mut rng);
    // The rng moved on, so the next board differs; a copy of the state gives it again.
    assert_ne!(first.cell_types(), second.cell_types());
    assert_eq!(generate(70, &mut copy), second);
    // Other streams of the same seed give other boards.
    assert_ne!(generate(70, &mut GameRng::new(42, Stream::Rules)).cell_types(), first.cell_types());
}

#[test]
fn different_seeds_different_boards() {
    for size in [70, 20] {
        let boards: Vec<Board> = (0..40).map(|s| board(s, size)).collect();
        for (x, a) in boards.iter().enumerate() {
            for (y, b) in boards.iter().enumerate().skip(x + 1) {
                assert_ne!(a.cell_types(), b.cell_types(), "size {size}: seeds {x} and {y} give one board");
            }
        }
    }
}

#[test]
#[should_panic(expected = "at least 20x20")]
fn tiny_boards_are_refused() {
    board(0, 19);
}
