//! Pandemic's random board generator, after the kit's (`docs/games/pandemic.md`, "Board
//! generator"; its statistics in `docs/boards.md`).
//!
//! A board is drawn from the board stream only, so it is a pure function of the rng state
//! (no other randomness, no hash-map iteration). One attempt:
//!
//! 1. Border ring of WALL, the rest GRASS.
//! 2. Cities: `range(8, 22)` cities, each with up to 100 attempts at a rectangle with sides
//!    `range(2, 6)` and a top-left corner uniform on the board, kept when the box from 3 cells
//!    before (above / left) to 2 cells after it holds no WALL (so it stays off the border ring)
//!    and no CITY. Cities therefore never touch, not even diagonally.
//! 3. Ruins ("old cities"): `range(5, 9)` ruins, each with up to 100 attempts at a rectangle with
//!    sides `range(3, 6)` under the same rule (its box holds no WALL, CITY or ruin). They are
//!    written as WALL at the very end.
//! 4. Paths: `3 * cities^2` tries. A try draws two cities A and B (a try with A = B is lost), a
//!    random cell of A and one of B, and grows a [`curve_towards`] from the first to the second:
//!    4-neighbour steps, each strictly closer (Euclidean), keeping its heading when it can. The
//!    curve is kept only if it reaches the target and every cell of it (those inside A and B
//!    included) is more than 2 cells (Chebyshev) from every earlier path, every ruin and every
//!    city other than A and B. Its cells outside A and B form the path. Two paths may join the
//!    same pair of cities. Ends are stored as (min, max), the cells walking from the first end.
//! 5. Wall lines: up to 100 tries, until 7 lines are laid. Try k draws a cell P1 of a ruin
//!    (uniform over all ruin cells) and a cell P2, of a ruin when k is even, of a random city
//!    when k is odd; when they are more than sqrt(72) apart, a [`curve_towards`] from P2 to P1
//!    is cut into segments: the first 5 cells are left out, then each segment of `range(3, 6)`
//!    cells is kept with probability `range(55, 75) / 100` (drawn once per line). The line is
//!    laid only if every kept cell is more than 2 cells (Chebyshev) from every WALL (the border,
//!    earlier lines; not the ruins) and every PATH; its GRASS cells become WALL (it may run
//!    beside or through a city, which stays CITY).
//! 6. The attempt is kept when it has at least 8 cities and `Board::from_parts` accepts it
//!    (every non-wall cell 4-connected); otherwise the whole generation is redone, drawing on
//!    from the same rng.
//!
//! The kit keeps its list of ruin cells across redone attempts (a slip); here each attempt
//! starts afresh, which only matters for the few boards whose first attempt fails.
//!
//! Small boards: with the rules above, boards under 35 rarely get 8 cities (a 20x20 board
//! almost never), so below size 35 the margins are 2 before / 1 after, city sides are
//! `range(2, min(6, 3 + (size - 20) / 5))`, there are `range(16, 30)` cities and ruin sides
//! are `range(3, 3 + (size - 20) / 10)`. From size 35 on, the rules are exactly those above.

use crate::games::pandemic::board::{Board, CellType, PathInfo};
use crate::games::shared::conquest::curve_towards;
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// A board needs at least this many cities.
const MIN_CITIES: usize = 8;
/// Upper bound of cities (one near-mask bit per city).
const MAX_CITY_TRIES: i32 = 30;
/// Attempts at placing one city or ruin, and tries at wall lines (the kit's MAX_ATTEMPTS).
const ATTEMPTS: usize = 100;

const CITY_MASK: u64 = (1 << MAX_CITY_TRIES) - 1;
const RUIN_BIT: u64 = 1 << MAX_CITY_TRIES;
const PATH_BIT: u64 = RUIN_BIT << 1;
const LINE_BIT: u64 = RUIN_BIT << 2;
const BORDER_BIT: u64 = RUIN_BIT << 3;
/// How far (Chebyshev) the `near` mask spreads a feature.
const NEAR: i32 = 2;
const NO_CITY: u8 = u8::MAX;
/// Boards smaller than this use the small-board city and ruin rules (see the module doc).
const SMALL_BOARD: usize = 35;
/// A wall line joins cells more than this apart (squared; the kit's 2 x 6 x 6).
const LINE_MIN_DIST2: i32 = 72;

/// Generates a random valid board of `size` x `size` (size >= 20) from the board stream.
pub fn generate(size: usize, rng: &mut GameRng) -> Board {
    assert!(size >= 20, "Pandemic boards are at least 20x20, got {size}");
    let mut gen = Generator::new(size);
    loop {
        if let Some(board) = gen.attempt(rng) {
            return board;
        }
    }
}

/// Generation rules that depend on the board size.
#[derive(Clone, Copy, Debug)]
struct Params {
    cities: (i32, i32),
    city_side: (i32, i32),
    /// Free margin before (above / left of) a new city or ruin.
    before: i32,
    /// Free margin after (below / right of) a new city or ruin.
    after: i32,
    ruins: (i32, i32),
    ruin_side: (i32, i32),
    path_tries_per_city2: usize,
    lines: usize,
    /// Cells left out at the start of a wall line.
    line_skip: i32,
    line_segment: (i32, i32),
    /// Percent chance that a segment is laid, drawn per line.
    line_percent: (i32, i32),
}

impl Params {
    fn for_size(n: usize) -> Params {
        let mut p = Params {
            cities: (8, 22),
            city_side: (2, 6),
            before: 3,
            after: 2,
            ruins: (5, 9),
            ruin_side: (3, 6),
            path_tries_per_city2: 3,
            lines: 7,
            line_skip: 5,
            line_segment: (3, 6),
            line_percent: (55, 75),
        };
        if n < SMALL_BOARD {
            let extra = (n as i32 - 20).max(0);
            p.cities = (16, MAX_CITY_TRIES);
            p.city_side = (2, (3 + extra / 5).min(6));
            p.before = 2;
            p.after = 1;
            p.ruin_side = (3, 3 + extra / 10);
        }
        p
    }
}

/// An axis-aligned rectangle of cells.
#[derive(Clone, Copy, Debug)]
struct Rect {
    top: i32,
    left: i32,
    h: i32,
    w: i32,
}

impl Rect {
    /// The 1x1 rectangle of one cell.
    fn cell(p: Pos) -> Rect {
        Rect { top: p.i, left: p.j, h: 1, w: 1 }
    }

    fn bottom(self) -> i32 {
        self.top + self.h - 1
    }

    fn right(self) -> i32 {
        self.left + self.w - 1
    }

    /// Does `self` grown by `before` (top/left) and `after` (bottom/right) meet `other`?
    fn box_meets(self, before: i32, after: i32, other: Rect) -> bool {
        other.bottom() >= self.top - before
            && other.top <= self.bottom() + after
            && other.right() >= self.left - before
            && other.left <= self.right() + after
    }

    fn random_cell(self, rng: &mut GameRng) -> Pos {
        Pos::new(self.top + rng.below(self.h as u32) as i32, self.left + rng.below(self.w as u32) as i32)
    }
}

/// Reusable buffers of the generator (one allocation per `generate` call).
struct Generator {
    n: i32,
    params: Params,
    cells: Vec<CellType>,
    /// Bit set of the features within Chebyshev distance [`NEAR`] of each cell.
    near: Vec<u64>,
    /// City index of each cell, or [`NO_CITY`].
    city_of: Vec<u8>,
    cities: Vec<Rect>,
    ruins: Vec<Rect>,
    /// The cells of all ruins, in placing order: wall lines draw their ends from them.
    ruin_cells: Vec<Pos>,
    paths: Vec<PathInfo>,
    walk: Vec<Pos>,
}

impl Generator {
    fn new(size: usize) -> Generator {
        let n = i32::try_from(size).expect("board size fits in i32");
        Generator {
            n,
            params: Params::for_size(size),
            cells: vec![CellType::Grass; size * size],
            near: vec![0; size * size],
            city_of: vec![NO_CITY; size * size],
            cities: Vec::with_capacity(MAX_CITY_TRIES as usize),
            ruins: Vec::new(),
            ruin_cells: Vec::new(),
            paths: Vec::new(),
            walk: Vec::new(),
        }
    }

    fn idx(&self, p: Pos) -> usize {
        debug_assert!(p.i >= 0 && p.j >= 0 && p.i < self.n && p.j < self.n);
        (p.i * self.n + p.j) as usize
    }

    /// Sets `bit` in `near` on every cell within Chebyshev distance [`NEAR`] of `r`.
    fn mark_near(&mut self, r: Rect, bit: u64) {
        let n = self.n;
        let (i0, i1) = ((r.top - NEAR).max(0), (r.bottom() + NEAR).min(n - 1));
        let (j0, j1) = ((r.left - NEAR).max(0), (r.right() + NEAR).min(n - 1));
        for i in i0..=i1 {
            let row = (i * n) as usize;
            for m in &mut self.near[row + j0 as usize..=row + j1 as usize] {
                *m |= bit;
            }
        }
    }

    fn reset(&mut self) {
        let n = self.n;
        for i in 0..n {
            for j in 0..n {
                let border = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                let k = (i * n + j) as usize;
                self.cells[k] = if border { CellType::Wall } else { CellType::Grass };
                let near_border = i <= NEAR || j <= NEAR || i >= n - 1 - NEAR || j >= n - 1 - NEAR;
                self.near[k] = if near_border { BORDER_BIT } else { 0 };
            }
        }
        self.city_of.fill(NO_CITY);
        self.cities.clear();
        self.ruins.clear();
        self.ruin_cells.clear();
        self.paths.clear();
    }

    /// Up to [`ATTEMPTS`] draws of a rectangle with sides in `side` and a top-left corner
    /// uniform on the board (as the kit draws them), until one whose box (`before` / `after`
    /// cells around it) stays off the border ring and meets no city nor ruin.
    fn find_spot(&self, rng: &mut GameRng, side: (i32, i32)) -> Option<Rect> {
        let (n, before, after) = (self.n, self.params.before, self.params.after);
        for _ in 0..ATTEMPTS {
            let top = rng.range(0, n - 1);
            let left = rng.range(0, n - 1);
            let r = Rect { top, left, h: rng.range(side.0, side.1), w: rng.range(side.0, side.1) };
            let inside = |a: i32, last: i32| a - before >= 1 && last + after <= n - 2;
            if !inside(r.top, r.bottom()) || !inside(r.left, r.right()) {
                continue;
            }
            let meets = |o: &Rect| r.box_meets(before, after, *o);
            if !self.cities.iter().any(meets) && !self.ruins.iter().any(meets) {
                return Some(r);
            }
        }
        None
    }

    /// One full generation attempt; `None` if the board is not acceptable.
    fn attempt(&mut self, rng: &mut GameRng) -> Option<Board> {
        let p = self.params;
        self.reset();
        self.place_cities(rng, p);
        if self.cities.len() < MIN_CITIES {
            return None;
        }
        self.place_ruins(rng, p);
        self.place_paths(rng, p);
        self.place_wall_lines(rng, p);
        for k in 0..self.ruins.len() {
            self.fill(self.ruins[k], CellType::Wall);
        }
        self.build()
    }

    fn fill(&mut self, r: Rect, kind: CellType) {
        for i in r.top..=r.bottom() {
            let row = (i * self.n) as usize;
            self.cells[row + r.left as usize..=row + r.right() as usize].fill(kind);
        }
    }

    fn place_cities(&mut self, rng: &mut GameRng, p: Params) {
        let count = rng.range(p.cities.0, p.cities.1);
        for _ in 0..count {
            let Some(r) = self.find_spot(rng, p.city_side) else { continue };
            let id = self.cities.len();
            self.cities.push(r);
            self.fill(r, CellType::City);
            for i in r.top..=r.bottom() {
                let row = (i * self.n) as usize;
                self.city_of[row + r.left as usize..=row + r.right() as usize].fill(id as u8);
            }
            self.mark_near(r, 1 << id);
        }
    }

    fn place_ruins(&mut self, rng: &mut GameRng, p: Params) {
        let count = rng.range(p.ruins.0, p.ruins.1);
        for _ in 0..count {
            let Some(r) = self.find_spot(rng, p.ruin_side) else { continue };
            self.ruins.push(r);
            for i in r.top..=r.bottom() {
                self.ruin_cells.extend((r.left..=r.right()).map(|j| Pos::new(i, j)));
            }
            self.mark_near(r, RUIN_BIT);
        }
    }

    fn place_paths(&mut self, rng: &mut GameRng, p: Params) {
        let nc = self.cities.len();
        let tries = p.path_tries_per_city2 * nc * nc;
        for _ in 0..tries {
            // As in the kit, a try that draws one city twice is lost: fewer pairs get joined.
            let a = rng.index(nc);
            let b = rng.index(nc);
            if a == b || !self.try_path(rng, a, b) {
                continue;
            }
            let (lo, hi) = (a.min(b), a.max(b));
            let mut cells = self.walk.clone();
            if a != lo {
                cells.reverse();
            }
            for &q in &cells {
                let k = self.idx(q);
                self.cells[k] = CellType::Path;
                self.mark_near(Rect::cell(q), PATH_BIT);
            }
            self.paths.push(PathInfo { ends: (lo, hi), cells });
        }
    }

    /// Grows a curve from city `a` to city `b`, its cells outside them into `self.walk`; true if
    /// it reaches its target and every cell of it (inside `a` and `b` too, as in the kit) keeps
    /// clear of other paths, ruins and other cities.
    fn try_path(&mut self, rng: &mut GameRng, a: usize, b: usize) -> bool {
        let from = self.cities[a].random_cell(rng);
        let to = self.cities[b].random_cell(rng);
        let forbidden = (CITY_MASK | RUIN_BIT | PATH_BIT) & !(1u64 << a) & !(1u64 << b);
        let (n, near, city_of, walk) = (self.n, &self.near, &self.city_of, &mut self.walk);
        walk.clear();
        curve_towards(rng, from, to, |q| {
            let k = (q.i * n + q.j) as usize;
            if near[k] & forbidden != 0 {
                return false;
            }
            if city_of[k] == NO_CITY {
                walk.push(q);
            }
            true
        })
    }

    fn place_wall_lines(&mut self, rng: &mut GameRng, p: Params) {
        if self.ruin_cells.is_empty() {
            return;
        }
        let mut laid = 0;
        for k in 0..ATTEMPTS {
            if laid == p.lines {
                break;
            }
            let to = self.ruin_cells[rng.index(self.ruin_cells.len())];
            let from = if k % 2 == 0 {
                self.ruin_cells[rng.index(self.ruin_cells.len())]
            } else {
                let c = rng.index(self.cities.len());
                self.cities[c].random_cell(rng)
            };
            if (to.i - from.i).pow(2) + (to.j - from.j).pow(2) <= LINE_MIN_DIST2 {
                continue;
            }
            let mut curve = std::mem::take(&mut self.walk);
            curve.clear();
            // The line need not reach its target: whatever the curve covers is cut up.
            curve_towards(rng, from, to, |q| {
                curve.push(q);
                true
            });
            let percent = rng.range(p.line_percent.0, p.line_percent.1);
            // Segments: the first `line_skip` cells off, then on or off per segment.
            let (mut left, mut on) = (p.line_skip, false);
            let mut kept = 0;
            for x in 0..curve.len() {
                if left == 0 {
                    on = rng.below(100) < percent as u32;
                    left = rng.range(p.line_segment.0, p.line_segment.1);
                }
                if on {
                    curve[kept] = curve[x];
                    kept += 1;
                }
                left -= 1;
            }
            curve.truncate(kept);
            let blocked = BORDER_BIT | LINE_BIT | PATH_BIT;
            if curve.iter().all(|&q| self.near[self.idx(q)] & blocked == 0) {
                for &q in &curve {
                    let k = self.idx(q);
                    if self.cells[k] == CellType::Grass && !self.ruins_hold(q) {
                        self.cells[k] = CellType::Wall;
                        self.mark_near(Rect::cell(q), LINE_BIT);
                    }
                }
                laid += 1;
            }
            self.walk = curve;
        }
    }

    /// Whether a ruin covers `q` (ruins are still GRASS until the end, and only their own
    /// lines' cells may lie on them).
    fn ruins_hold(&self, q: Pos) -> bool {
        self.ruins.iter().any(|r| q.i >= r.top && q.i <= r.bottom() && q.j >= r.left && q.j <= r.right())
    }

    fn build(&mut self) -> Option<Board> {
        let size = self.n as usize;
        let mut grid = Grid::new(size, size, CellType::Grass);
        grid.cells_mut().copy_from_slice(&self.cells);
        let cities = self
            .cities
            .iter()
            .map(|r| {
                let mut v = Vec::with_capacity((r.h * r.w) as usize);
                for i in r.top..=r.bottom() {
                    for j in r.left..=r.right() {
                        v.push(Pos::new(i, j));
                    }
                }
                v
            })
            .collect();
        Board::from_parts(grid, cities, std::mem::take(&mut self.paths)).ok()
    }
}
