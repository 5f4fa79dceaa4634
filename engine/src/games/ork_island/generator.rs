//! Ork Island's random board generator, after the kit's (`docs/games/ork-island.md`, "Board
//! generator"; its statistics in `docs/boards.md`).
//!
//! A board is drawn from the board stream only (no other randomness, no hash-map iteration), so
//! it is a pure function of the rng state. `n` is the side, the centre is (n/2, n/2),
//! `m = n / 5`, and the centre block is the square of side `2 × ceil(sqrt(nb_orks))` around the
//! centre. Every flood fill below runs over 8-neighbours on the whole board: each time a marked
//! cell looks at an unmarked neighbour, it marks it with some probability; then, as in the kit,
//! gaps are filled until none is left: an unmarked cell (row and column in 2..n-3) between two
//! marked cells of its column or of its row is marked, and so is an unmarked pair between two
//! marked cells. One attempt:
//!
//! 1. Island: all GRASS inside a WATER ring. Up to 100 flood fills from the centre, where a look
//!    marks a cell with probability `0.3 / d`, `d` being its L^p distance to the centre with
//!    `p = range(20, 40) / 10` drawn per look, taken as 1 when at most n/2. The first fill that
//!    marks at least 75% of the cells wins and its unmarked cells become WATER; if none does,
//!    only the ring is water.
//! 2. Forests: `range(8, 12)` seeds, uniform among the cells at least m from the border; from
//!    each, a flood fill where a look marks a cell with probability `q / e` (`e` the Euclidean
//!    distance to the seed, `q = range(5, 15) / 10` per seed); marked GRASS becomes FOREST.
//! 3. Deserts: the same with `q = range(8, 20) / 10`; marked GRASS becomes SAND.
//! 4. Rivers: `range(4, 10)` tries. A try draws a source at least m from the border; unless it
//!    is in the centre block or within 4 cells (Chebyshev) of a river cell, up to 100 attempts
//!    at a [`smooth_curve`] of 8-neighbour steps, each strictly farther (Euclidean) from the
//!    source, until stuck; the first curve none of whose cells is within 4 cells of a river cell
//!    is the river. Its land cells are river cells (still land for now; the sea parts of a
//!    river do not count for the distances).
//! 5. Cities: `range(8, 25)` tries, each of up to 100 attempts at a rectangle with sides
//!    `range(2, 6)` and a top-left corner uniform on the board, kept if the box from 2 cells
//!    before to 1 cell after it lies on the board and holds no WATER and no CITY (rivers may
//!    be covered).
//! 6. Paths: `3 × cities²` tries; a try draws two cities A and B (a try with A = B is lost) and
//!    grows a [`curve_towards`] from a random cell of A to a random cell of B: 4-neighbour steps,
//!    each strictly closer (Euclidean), keeping its heading when it can. It is kept only if it
//!    reaches the target and every cell of it (inside A and B too) is more than 2 cells
//!    (Chebyshev) from other paths and from cities other than A and B. Its cells outside A and
//!    B form the path, even over water (a path is a causeway, as in the kit).
//! 7. River cells not under a city or a path become WATER (cities and paths are bridges). Land
//!    not 4-connected to the centre becomes WATER, except CITY and PATH cells.
//! 8. The attempt is kept if it has at least 8 cities and all its land is 4-connected to the
//!    centre; otherwise the generator starts again, drawing on from the same rng.
//!
//! Small boards rarely get 8 cities: after [`STRICT_ATTEMPTS`] failed attempts, a board with at
//! least one city and connected land is accepted (a 70×70 board never gets there in practice).

use super::board::{Board, CellType, PathInfo};
use crate::games::shared::conquest::{curve_towards, smooth_curve, CURVE_DIRS8};
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// A board needs at least this many cities.
pub const MIN_CITIES: usize = 8;
/// Attempts that must reach [`MIN_CITIES`] before fewer cities are accepted.
pub const STRICT_ATTEMPTS: usize = 200;
/// Attempts at one river or city (the kit's MAX_ATTEMPTS), and fills at the island.
const ATTEMPTS: usize = 100;
/// Rivers keep more than this many cells (Chebyshev) apart.
const RIVER_GAP: i32 = 4;

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
    /// Per cell: the cities within 2 (Chebyshev), one bit per city id.
    near_city: Grid<u32>,
    /// Per cell: whether a river cell is within [`RIVER_GAP`] (Chebyshev).
    near_river: Grid<bool>,
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
            near_city: Grid::new(n, n, 0),
            near_river: Grid::new(n, n, false),
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

    /// Uniform among the cells at least `m` from the border.
    fn random_cell_away_from_border(&self, rng: &mut GameRng) -> Pos {
        let span = (self.n - 2 * self.m).max(1) as u32;
        Pos::new(self.m + rng.below(span) as i32, self.m + rng.below(span) as i32)
    }

    /// A flood fill from `start` over 8-neighbours on the whole board: a marked cell marks
    /// each unmarked neighbour it looks at with probability `accept(neighbour, rng)`; then the
    /// kit's gaps are filled ([`fill_gaps`]). Each look is one independent draw whose chance
    /// depends only on the cell looked at, so the law of the marked set does not depend on the
    /// order of the looks: a stack does as well as the kit's queue.
    fn flood(&self, start: Pos, rng: &mut GameRng, mut accept: impl FnMut(Pos, &mut GameRng) -> f64) -> Grid<bool> {
        let mut marked = Grid::new(self.n as usize, self.n as usize, false);
        marked[start] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for (di, dj) in CURVE_DIRS8 {
                let q = Pos::new(p.i + di, p.j + dj);
                if !marked.contains(q) || marked[q] {
                    continue;
                }
                let p = accept(q, rng);
                if rng.chance(p) {
                    marked[q] = true;
                    stack.push(q);
                }
            }
        }
        fill_gaps(&mut marked);
        marked
    }

    fn island(&mut self, rng: &mut GameRng) {
        let (n, centre) = (self.n, self.centre);
        let total = (n * n) as usize;
        for _ in 0..ATTEMPTS {
            let marked = self.flood(centre, rng, |q, rng| {
                let p = f64::from(rng.range(20, 40)) / 10.0;
                let (di, dj) = (f64::from((q.i - centre.i).abs()), f64::from((q.j - centre.j).abs()));
                let d = (di.powf(p) + dj.powf(p)).powf(1.0 / p);
                0.3 / if d <= f64::from(n / 2) { 1.0 } else { d }
            });
            // The kit counts marked cells of the whole board, the ring included.
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

    fn rivers(&mut self, rng: &mut GameRng) {
        let tries = rng.range(4, 10);
        for _ in 0..tries {
            let source = self.random_cell_away_from_border(rng);
            let in_block = source.i >= self.block.top
                && source.i < self.block.top + self.block.h
                && source.j >= self.block.left
                && source.j < self.block.left + self.block.w;
            if in_block || self.near_river[source] {
                continue;
            }
            let mut curve = Vec::new();
            for _ in 0..ATTEMPTS {
                curve.clear();
                if self.river_curve(source, rng, &mut curve) {
                    self.lay_river(&curve);
                    break;
                }
            }
        }
    }

    /// A smooth 8-directional curve from `source`, each step strictly farther from it, into
    /// `curve`; false as soon as a cell comes within [`RIVER_GAP`] of an earlier river.
    fn river_curve(&self, source: Pos, rng: &mut GameRng, curve: &mut Vec<Pos>) -> bool {
        let dist2 = |p: Pos| (p.i - source.i).pow(2) + (p.j - source.j).pow(2);
        let cells = &self.cells;
        let near = &self.near_river;
        smooth_curve(
            rng,
            source,
            &CURVE_DIRS8,
            |a, b| cells.contains(b) && dist2(b) > dist2(a),
            |p| {
                curve.push(p);
                !near[p]
            },
        )
    }

    /// Marks the land cells of `curve` as river, and the cells around them as near a river.
    fn lay_river(&mut self, curve: &[Pos]) {
        for &p in curve {
            // Only land counts as river, as in the kit: the sea parts of a curve do not keep
            // later rivers away.
            if self.cells[p] == CellType::Water {
                continue;
            }
            self.river[p] = true;
            for di in -RIVER_GAP..=RIVER_GAP {
                for dj in -RIVER_GAP..=RIVER_GAP {
                    let q = Pos::new(p.i + di, p.j + dj);
                    if self.cells.contains(q) {
                        self.near_river[q] = true;
                    }
                }
            }
        }
    }

    fn place_cities(&mut self, rng: &mut GameRng) {
        let tries = rng.range(8, 25);
        for _ in 0..tries {
            for _ in 0..ATTEMPTS {
                // The kit's draw: a corner anywhere on the board, then the sides.
                let (top, left) = (rng.range(0, self.n - 1), rng.range(0, self.n - 1));
                let r = Rect { top, left, h: rng.range(2, 6), w: rng.range(2, 6) };
                let (h, w) = (r.h, r.w);
                let bx = Rect { top: r.top - 2, left: r.left - 2, h: h + 3, w: w + 3 };
                let on_board = bx.top >= 0 && bx.left >= 0 && bx.top + bx.h <= self.n && bx.left + bx.w <= self.n;
                if on_board && bx.cells().all(|p| self.cells[p] != CellType::Water && self.cells[p] != CellType::City) {
                    let id = self.cities.len() as i16;
                    for p in r.cells() {
                        self.cells[p] = CellType::City;
                        self.city[p] = id;
                    }
                    let around = Rect { top: r.top - 2, left: r.left - 2, h: h + 4, w: w + 4 };
                    for p in around.cells() {
                        if self.cells.contains(p) {
                            self.near_city[p] |= 1 << id;
                        }
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
            // As in the kit, a try that draws one city twice is lost: fewer pairs get joined.
            let (a, b) = (rng.index(nc), rng.index(nc));
            if a == b {
                continue;
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

    /// The cells of a path from city `a` to city `b`, if acceptable: the curve reaches its
    /// target and every cell of it, inside `a` and `b` too (as in the kit), keeps clear of other
    /// paths and other cities. Water does not stop it.
    fn try_path(&self, rng: &mut GameRng, a: usize, b: usize) -> Option<Vec<Pos>> {
        let from = self.cities[a].random_cell(rng);
        let to = self.cities[b].random_cell(rng);
        let others = !(1u32 << a) & !(1u32 << b);
        let mut walk = Vec::new();
        let reached = curve_towards(rng, from, to, |q| {
            if self.near_path[q] || self.near_city[q] & others != 0 {
                return false;
            }
            if self.city[q] < 0 {
                walk.push(q);
            }
            true
        });
        (reached && !walk.is_empty()).then_some(walk)
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

/// The kit's gap filling, repeated until nothing changes: scanning the cells with row and
/// column in 2..n-3 in row-major order, an unmarked cell between two marked cells of its column
/// or of its row is marked; otherwise an unmarked pair going down (or right) between two marked
/// cells is marked. It closes the narrow inlets of a flood, not only its holes.
fn fill_gaps(marked: &mut Grid<bool>) {
    let n = marked.rows() as i32;
    // A gap lies between marked cells, so within their bounding box, which filling keeps: only
    // that box is scanned (forest and desert patches are small).
    let (mut i0, mut i1, mut j0, mut j1) = (n, -1, n, -1);
    for p in marked.positions().filter(|&p| marked[p]) {
        (i0, i1, j0, j1) = (i0.min(p.i), i1.max(p.i), j0.min(p.j), j1.max(p.j));
    }
    let (rows, cols) = (i0.max(2)..i1.min(n - 3) + 1, j0.max(2)..j1.min(n - 3) + 1);
    let mut changed = true;
    while changed {
        changed = false;
        for i in rows.clone() {
            for j in cols.clone() {
                let m = |di: i32, dj: i32| marked[Pos::new(i + di, j + dj)];
                if m(0, 0) {
                    continue;
                }
                let second = if (m(-1, 0) && m(1, 0)) || (m(0, -1) && m(0, 1)) {
                    None
                } else if m(-1, 0) && !m(1, 0) && m(2, 0) {
                    Some(Pos::new(i + 1, j))
                } else if m(0, -1) && !m(0, 1) && m(0, 2) {
                    Some(Pos::new(i, j + 1))
                } else {
                    continue;
                };
                marked[Pos::new(i, j)] = true;
                if let Some(q) = second {
                    marked[q] = true;
                }
                changed = true;
            }
        }
    }
}
