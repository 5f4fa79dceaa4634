//! Ork Island's random board generator, after `shared/specs/ork-island.md` ("Board generator").
//!
//! A board is drawn from the board stream only (no other randomness, no hash-map iteration), so
//! it is a pure function of the rng state. `n` is the side, the centre is (n/2, n/2),
//! `m = n / 5`, and the centre block is the square of side `2 × ceil(sqrt(nb_orks))` around the
//! centre. One attempt:
//!
//! 1. Island: all GRASS inside a WATER ring. Up to 100 tries of a flood fill from the centre
//!    over 8-neighbours inside the ring: each time a marked cell looks at an unmarked neighbour,
//!    it marks it with probability `0.3 / d`, `d` being the neighbour's L^p distance to the
//!    centre with `p = 2 + 2 × unit()` drawn per look, taken as 1 below n/2. Unmarked groups of
//!    1 or 2 cells (4-connected) are then marked. The first try that marks at least 75% of the
//!    cells wins and its unmarked cells become WATER; if none does, only the ring is water.
//! 2. Forests: `range(8, 12)` seeds, uniform among the cells at least m from the border; from
//!    each, a flood fill over 8-neighbours inside the ring where a look marks a cell with
//!    probability `q / e` (`e` the Euclidean distance to the seed, `q = range(5, 15) / 10` per
//!    seed); marked GRASS becomes FOREST.
//! 3. Deserts: the same with `q = range(8, 20) / 10`; marked GRASS becomes SAND.
//! 4. Rivers: `range(4, 10)` tries. A try draws a source at least m from the border, outside the
//!    centre block and more than 4 cells (Chebyshev) from every river, and makes up to 100
//!    attempts at a curve: a first direction uniform among the 8, then at each step the same
//!    direction or one turned by 45° (uniform among those whose cell is strictly farther from
//!    the source in Euclidean distance and inside the ring), until none is. A curve that comes
//!    within 4 cells (Chebyshev) of another river is rejected. The land cells of the first
//!    accepted curve are river (still land for now).
//! 5. Cities: `range(8, 25)` tries, each of up to 100 attempts at a rectangle with sides
//!    `range(2, 6)` and a uniform top-left corner, kept if the box from 2 cells before to 1
//!    cell after it lies on the board and holds no WATER and no CITY (rivers may be covered).
//! 6. Paths: `3 × cities²` tries; a try joins two distinct random cities A and B by a monotone
//!    lattice walk ([`step_towards`]) from a random cell of A towards a random cell of B, ending
//!    at the first cell of B. The cells walked outside A form the path; it is kept only if it
//!    is not empty, never re-enters A, crosses no WATER, and every cell is more than 2 cells
//!    (Chebyshev) from other paths and from cities other than A and B.
//! 7. River cells not under a city or a path become WATER (cities and paths are bridges). Land
//!    not 4-connected to the centre becomes WATER, except CITY and PATH cells.
//! 8. The attempt is kept if it has at least 8 cities and all its land is 4-connected to the
//!    centre; otherwise the generator starts again, drawing on from the same rng.
//!
//! Small boards rarely get 8 cities: after [`STRICT_ATTEMPTS`] failed attempts, a board with at
//! least one city and connected land is accepted (a 70×70 board never gets there in practice).

use super::board::{Board, CellType, PathInfo};
use crate::games::conquest::step_towards;
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// A board needs at least this many cities.
pub const MIN_CITIES: usize = 8;
/// Attempts that must reach [`MIN_CITIES`] before fewer cities are accepted.
pub const STRICT_ATTEMPTS: usize = 200;
/// The 8 neighbour offsets, clockwise from the top: turning by 45° is ±1 here.
const DIRS8: [(i32, i32); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// A random board of side `n` for `nb_orks` orks per player.
pub fn generate(n: usize, nb_orks: usize, rng: &mut GameRng) -> Board {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let min_cities = if attempt <= STRICT_ATTEMPTS { MIN_CITIES } else { 1 };
        if let Some(board) = Generator::new(n, nb_orks).attempt(rng, min_cities) {
            return board;
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    top: i32,
    left: i32,
    h: i32,
    w: i32,
}

impl Rect {
    fn random_cell(self, rng: &mut GameRng) -> Pos {
        Pos::new(self.top + rng.below(self.h as u32) as i32, self.left + rng.below(self.w as u32) as i32)
    }

    fn cells(self) -> impl Iterator<Item = Pos> {
        (self.top..self.top + self.h).flat_map(move |i| (self.left..self.left + self.w).map(move |j| Pos::new(i, j)))
    }
}

struct Generator {
    n: i32,
    m: i32,
    centre: Pos,
    /// The centre block, which river sources avoid.
    block: Rect,
    cells: Grid<CellType>,
    river: Grid<bool>,
    /// City id per cell, -1 when none.
    city: Grid<i16>,
    /// Per cell: whether a path cell is within 2 (Chebyshev).
    near_path: Grid<bool>,
    rivers: Vec<Vec<Pos>>,
    cities: Vec<Rect>,
    paths: Vec<PathInfo>,
}

impl Generator {
    fn new(n: usize, nb_orks: usize) -> Generator {
        let side = 2 * (nb_orks as f64).sqrt().ceil() as i32;
        let ni = n as i32;
        let centre = Pos::new(ni / 2, ni / 2);
        let mut cells = Grid::new(n, n, CellType::Grass);
        for p in cells.positions().collect::<Vec<_>>() {
            if on_ring(ni, p) {
                cells[p] = CellType::Water;
            }
        }
        Generator {
            n: ni,
            m: ni / 5,
            centre,
            block: Rect { top: centre.i - side / 2, left: centre.j - side / 2, h: side, w: side },
            cells,
            river: Grid::new(n, n, false),
            city: Grid::new(n, n, -1),
            near_path: Grid::new(n, n, false),
            rivers: Vec::new(),
            cities: Vec::new(),
            paths: Vec::new(),
        }
    }

    fn attempt(mut self, rng: &mut GameRng, min_cities: usize) -> Option<Board> {
        self.island(rng);
        self.patches(rng, (5, 15), CellType::Forest);
        self.patches(rng, (8, 20), CellType::Sand);
        self.rivers(rng);
        self.place_cities(rng);
        self.place_paths(rng);
        self.flood_rivers_and_cut_offs();
        if self.cities.len() < min_cities {
            return None;
        }
        self.build()
    }

    fn inner(&self, p: Pos) -> bool {
        p.i > 0 && p.j > 0 && p.i < self.n - 1 && p.j < self.n - 1
    }

    /// At least `m` cells from the border.
    fn away_from_border(&self, p: Pos) -> bool {
        p.i >= self.m && p.j >= self.m && p.i < self.n - self.m && p.j < self.n - self.m
    }

    fn random_cell_away_from_border(&self, rng: &mut GameRng) -> Pos {
        let span = (self.n - 2 * self.m).max(1) as u32;
        Pos::new(self.m + rng.below(span) as i32, self.m + rng.below(span) as i32)
    }

    /// A flood fill from `start` over 8-neighbours inside the ring: a marked cell marks each
    /// unmarked neighbour it looks at with probability `accept(neighbour, rng)`.
    fn flood(&self, start: Pos, rng: &mut GameRng, mut accept: impl FnMut(Pos, &mut GameRng) -> f64) -> Grid<bool> {
        let mut marked = Grid::new(self.n as usize, self.n as usize, false);
        marked[start] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for (di, dj) in DIRS8 {
                let q = Pos::new(p.i + di, p.j + dj);
                if !self.inner(q) || marked[q] {
                    continue;
                }
                let p = accept(q, rng);
                if rng.chance(p) {
                    marked[q] = true;
                    stack.push(q);
                }
            }
        }
        marked
    }

    fn island(&mut self, rng: &mut GameRng) {
        let (n, centre) = (self.n, self.centre);
        let total = (n * n) as usize;
        for _ in 0..100 {
            let mut marked = self.flood(centre, rng, |q, rng| {
                let p = 2.0 + 2.0 * rng.unit();
                let (di, dj) = (f64::from((q.i - centre.i).abs()), f64::from((q.j - centre.j).abs()));
                let d = (di.powf(p) + dj.powf(p)).powf(1.0 / p);
                0.3 / if d < f64::from(n) / 2.0 { 1.0 } else { d }
            });
            fill_small_holes(&mut marked, |p| self.inner(p));
            if marked.cells().iter().filter(|&&b| b).count() * 4 >= total * 3 {
                for p in marked.positions().collect::<Vec<_>>() {
                    if !marked[p] {
                        self.cells[p] = CellType::Water;
                    }
                }
                return;
            }
        }
    }

    /// Forests or deserts: patches of `kind` over GRASS, `q = range(k.0, k.1) / 10` per seed.
    fn patches(&mut self, rng: &mut GameRng, k: (i32, i32), kind: CellType) {
        let seeds = rng.range(8, 12);
        for _ in 0..seeds {
            let seed = self.random_cell_away_from_border(rng);
            let q = f64::from(rng.range(k.0, k.1)) / 10.0;
            let marked = self.flood(seed, rng, |p, _| {
                let (di, dj) = (f64::from(p.i - seed.i), f64::from(p.j - seed.j));
                q / (di * di + dj * dj).sqrt()
            });
            for p in marked.positions().collect::<Vec<_>>() {
                if marked[p] && self.cells[p] == CellType::Grass {
                    self.cells[p] = kind;
                }
            }
        }
    }

    fn near_river(&self, p: Pos) -> bool {
        self.rivers.iter().flatten().any(|r| r.chebyshev(p) <= 4)
    }

    fn rivers(&mut self, rng: &mut GameRng) {
        let tries = rng.range(4, 10);
        for _ in 0..tries {
            let source = self.random_cell_away_from_border(rng);
            let in_block = source.i >= self.block.top
                && source.i < self.block.top + self.block.h
                && source.j >= self.block.left
                && source.j < self.block.left + self.block.w;
            if in_block || !self.away_from_border(source) || self.near_river(source) {
                continue;
            }
            for _ in 0..100 {
                let curve = self.river_curve(source, rng);
                if !curve.iter().any(|&p| self.near_river(p)) {
                    for &p in &curve {
                        if self.cells[p] != CellType::Water {
                            self.river[p] = true;
                        }
                    }
                    self.rivers.push(curve);
                    break;
                }
            }
        }
    }

    /// A smooth 8-directional curve from `source`, each step strictly farther from it.
    fn river_curve(&self, source: Pos, rng: &mut GameRng) -> Vec<Pos> {
        let dist2 = |p: Pos| (p.i - source.i).pow(2) + (p.j - source.j).pow(2);
        let mut dir = rng.index(8);
        let mut curve = vec![source];
        let mut cur = source;
        loop {
            let options: Vec<usize> = [dir + 7, dir, dir + 1]
                .into_iter()
                .map(|d| d % 8)
                .filter(|&d| {
                    let q = Pos::new(cur.i + DIRS8[d].0, cur.j + DIRS8[d].1);
                    self.inner(q) && dist2(q) > dist2(cur)
                })
                .collect();
            if options.is_empty() {
                return curve;
            }
            dir = options[rng.index(options.len())];
            cur = Pos::new(cur.i + DIRS8[dir].0, cur.j + DIRS8[dir].1);
            curve.push(cur);
        }
    }

    fn place_cities(&mut self, rng: &mut GameRng) {
        let tries = rng.range(8, 25);
        for _ in 0..tries {
            for _ in 0..100 {
                let (h, w) = (rng.range(2, 6), rng.range(2, 6));
                let r = Rect { top: rng.range(0, self.n - h), left: rng.range(0, self.n - w), h, w };
                let bx = Rect { top: r.top - 2, left: r.left - 2, h: h + 3, w: w + 3 };
                let on_board = bx.top >= 0 && bx.left >= 0 && bx.top + bx.h <= self.n && bx.left + bx.w <= self.n;
                if on_board && bx.cells().all(|p| self.cells[p] != CellType::Water && self.cells[p] != CellType::City) {
                    let id = self.cities.len() as i16;
                    for p in r.cells() {
                        self.cells[p] = CellType::City;
                        self.city[p] = id;
                    }
                    self.cities.push(r);
                    break;
                }
            }
        }
    }

    fn place_paths(&mut self, rng: &mut GameRng) {
        let nc = self.cities.len();
        if nc < 2 {
            return;
        }
        for _ in 0..3 * nc * nc {
            let a = rng.index(nc);
            let mut b = rng.index(nc - 1);
            if b >= a {
                b += 1;
            }
            let Some(mut cells) = self.try_path(rng, a, b) else { continue };
            for &q in &cells {
                self.cells[q] = CellType::Path;
                for di in -2..=2 {
                    for dj in -2..=2 {
                        let r = Pos::new(q.i + di, q.j + dj);
                        if self.cells.contains(r) {
                            self.near_path[r] = true;
                        }
                    }
                }
            }
            // Cells walk from the first end.
            if a > b {
                cells.reverse();
            }
            self.paths.push(PathInfo { ends: (a.min(b), a.max(b)), cells });
        }
    }

    /// The cells of a path from city `a` to city `b`, if acceptable.
    fn try_path(&self, rng: &mut GameRng, a: usize, b: usize) -> Option<Vec<Pos>> {
        let mut cur = self.cities[a].random_cell(rng);
        let target = self.cities[b].random_cell(rng);
        let mut walk = Vec::new();
        loop {
            let next = step_towards(rng, cur, target);
            let c = self.city[next];
            if c == b as i16 {
                return (!walk.is_empty()).then_some(walk);
            }
            if c == a as i16 {
                if !walk.is_empty() {
                    return None;
                }
            } else {
                if self.cells[next] == CellType::Water || self.near_path[next] || self.near_other_city(next, a, b) {
                    return None;
                }
                walk.push(next);
            }
            cur = next;
        }
    }

    fn near_other_city(&self, p: Pos, a: usize, b: usize) -> bool {
        (-2..=2).any(|di| {
            (-2..=2).any(|dj| {
                let c = self.city.get(Pos::new(p.i + di, p.j + dj)).copied().unwrap_or(-1);
                c >= 0 && c != a as i16 && c != b as i16
            })
        })
    }

    fn flood_rivers_and_cut_offs(&mut self) {
        for p in self.cells.positions().collect::<Vec<_>>() {
            if self.river[p] && !matches!(self.cells[p], CellType::City | CellType::Path) {
                self.cells[p] = CellType::Water;
            }
        }
        let reached = self.reached_from_centre();
        for p in self.cells.positions().collect::<Vec<_>>() {
            if !reached[p] && !matches!(self.cells[p], CellType::Water | CellType::City | CellType::Path) {
                self.cells[p] = CellType::Water;
            }
        }
    }

    /// Land 4-connected to the centre.
    fn reached_from_centre(&self) -> Grid<bool> {
        let land = |p: Pos| self.cells.get(p).is_some_and(|&t| t != CellType::Water);
        let mut seen = Grid::new(self.n as usize, self.n as usize, false);
        if !land(self.centre) {
            return seen;
        }
        seen[self.centre] = true;
        let mut stack = vec![self.centre];
        while let Some(p) = stack.pop() {
            for (di, dj) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                let q = Pos::new(p.i + di, p.j + dj);
                if land(q) && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        seen
    }

    /// The board, if every land cell is 4-connected to the centre.
    fn build(self) -> Option<Board> {
        let reached = self.reached_from_centre();
        if self.cells.positions().any(|p| self.cells[p] != CellType::Water && !reached[p]) {
            return None;
        }
        let cities = self.cities.iter().map(|r| r.cells().collect()).collect();
        Board::from_parts(self.cells, cities, self.paths).ok()
    }
}

fn on_ring(n: i32, p: Pos) -> bool {
    p.i == 0 || p.j == 0 || p.i == n - 1 || p.j == n - 1
}

/// Marks the unmarked 4-connected groups of 1 or 2 cells inside the ring.
fn fill_small_holes(marked: &mut Grid<bool>, inner: impl Fn(Pos) -> bool) {
    let holes = crate::games::conquest::components(marked, |&m| !m);
    for hole in holes {
        if hole.len() <= 2 && hole.iter().all(|&p| inner(p)) {
            for p in hole {
                marked[p] = true;
            }
        }
    }
}
