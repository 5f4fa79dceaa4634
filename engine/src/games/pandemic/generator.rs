//! Pandemic's random board generator.
//!
//! A board is drawn from the board stream only, so it is a pure function of the rng state
//! (no other randomness, no hash-map iteration). One attempt:
//!
//! 1. Border ring of WALL, the rest GRASS.
//! 2. Cities: `range(8, 22)` tries to place a rectangle with sides `range(2, 6)` whose top-left
//!    corner is uniform among the spots where the box from (top-3, left-3) to
//!    (bottom+2, right+2) lies inside the board without touching the border ring; the city is
//!    kept if that box holds no CITY. Cities therefore never touch (not even diagonally).
//! 3. Ruins ("old cities"): `range(5, 9)` tries at rectangles with sides `range(3, 6)` whose box
//!    grown by 2 on every side lies inside the board, off the border ring, and holds no city
//!    or ruin. They are written as WALL at the very end.
//! 4. Paths: `3 * cities^2` tries. Each picks two distinct random cities A and B, a random
//!    start cell in A and a random target cell in B, and walks 4-neighbour steps that strictly
//!    reduce the distance to the target (for 4-moves Manhattan and Euclidean distance select the
//!    same moves: those that shrink |di| or |dj|). A vertical step is chosen with probability
//!    |di| / (|di| + |dj|), which makes the walk a uniformly random monotone lattice path to the
//!    target. The walk stops when the next cell belongs to B; the cells visited outside A form
//!    the path (4-connected, walking order from A). It is rejected as soon as one cell is
//!    within Chebyshev distance 2 of a city other than A and B, of a ruin, or of an earlier
//!    path (so paths never touch, cross or reach a third city). Two paths may join the same
//!    pair of cities. Ends are stored as (min, max) and the cells reordered to walk from the
//!    first end.
//! 5. Wall lines: 7 tries. Each walks, in the same way, from a random cell of a random ruin
//!    towards a random cell of a random city for at most `range(6, 18)` cells, stopping
//!    before the first cell within Chebyshev distance 2 of a city, a path, the border, another
//!    ruin or another wall line; walks shorter than 4 cells are dropped. The walked cells are
//!    laid alternately as WALL ("on", `range(2, 5)` cells, starting at the ruin) and GRASS
//!    ("off", 2 cells, so a gap is always passable even where the line turns).
//! 6. The attempt is kept when it has at least 8 cities and `Board::from_parts` accepts it
//!    (every non-wall cell 4-connected); otherwise the whole generation is redone, drawing on
//!    from the same rng.
//!
//! The walls form separate blobs without holes (the border ring; each ruin with the first
//! segment of its lines; each further segment), more than 2 cells apart, so the open area is
//! connected by construction; the final check is only a safety net.
//!
//! Small boards: with the rules above, boards under 35 rarely get 8 cities (a 20x20 board
//! almost never), so below size 35 the city margin is 2 before / 1 after, city sides are
//! `range(2, min(6, 3 + (size - 20) / 5))`, there are `range(16, 30)` city tries and ruin sides
//! are `range(3, 3 + (size - 20) / 10)`. From size 35 on, the rules are exactly those above.

use crate::games::conquest::step_towards;
use crate::games::pandemic::board::{Board, CellType, PathInfo};
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// A board needs at least this many cities.
const MIN_CITIES: usize = 8;
/// Upper bound of city tries (one near-mask bit per city).
const MAX_CITY_TRIES: i32 = 30;
/// Upper bound of ruin tries (one near-mask bit per ruin).
const MAX_RUIN_TRIES: i32 = 9;

const RUIN_SHIFT: u32 = MAX_CITY_TRIES as u32;
const CITY_MASK: u64 = (1 << RUIN_SHIFT) - 1;
const RUIN_MASK: u64 = ((1 << MAX_RUIN_TRIES) - 1) << RUIN_SHIFT;
const PATH_BIT: u64 = 1 << (RUIN_SHIFT + MAX_RUIN_TRIES as u32);
const LINE_BIT: u64 = PATH_BIT << 1;
const BORDER_BIT: u64 = PATH_BIT << 2;
/// How far (Chebyshev) the `near` mask spreads a feature.
const NEAR: i32 = 2;
const NO_CITY: u8 = u8::MAX;
/// Boards smaller than this use the small-board city and ruin rules (see the module doc).
const SMALL_BOARD: usize = 35;

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
    city_tries: (i32, i32),
    city_side: (i32, i32),
    /// Free margin before (above / left of) a new city.
    city_before: i32,
    /// Free margin after (below / right of) a new city.
    city_after: i32,
    ruin_tries: (i32, i32),
    ruin_side: (i32, i32),
    path_tries_per_city2: usize,
    line_tries: usize,
    line_len: (i32, i32),
    line_on: (i32, i32),
    line_off: (i32, i32),
}

impl Params {
    fn for_size(n: usize) -> Params {
        let mut p = Params {
            city_tries: (8, 22),
            city_side: (2, 6),
            city_before: 3,
            city_after: 2,
            ruin_tries: (5, 9),
            ruin_side: (3, 6),
            path_tries_per_city2: 3,
            line_tries: 7,
            line_len: (6, 18),
            line_on: (2, 5),
            line_off: (2, 2),
        };
        if n < SMALL_BOARD {
            let extra = (n as i32 - 20).max(0);
            p.city_tries = (16, MAX_CITY_TRIES);
            p.city_side = (2, (3 + extra / 5).min(6));
            p.city_before = 2;
            p.city_after = 1;
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

    fn contains(self, p: Pos) -> bool {
        p.i >= self.top && p.i <= self.bottom() && p.j >= self.left && p.j <= self.right()
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
            ruins: Vec::with_capacity(MAX_RUIN_TRIES as usize),
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
        self.paths.clear();
    }

    /// A random `h` x `w` rectangle whose box grown by `before` / `after` stays inside the
    /// ring of cells 1..n-2, or `None` if there is no room.
    fn random_rect(&self, rng: &mut GameRng, h: i32, w: i32, before: i32, after: i32) -> Option<Rect> {
        let lo = 1 + before;
        let (hi_i, hi_j) = (self.n - 2 - after - h + 1, self.n - 2 - after - w + 1);
        if hi_i < lo || hi_j < lo {
            return None;
        }
        let top = rng.range(lo, hi_i);
        let left = rng.range(lo, hi_j);
        Some(Rect { top, left, h, w })
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
        let tries = rng.range(p.city_tries.0, p.city_tries.1);
        for _ in 0..tries {
            let h = rng.range(p.city_side.0, p.city_side.1);
            let w = rng.range(p.city_side.0, p.city_side.1);
            let Some(r) = self.random_rect(rng, h, w, p.city_before, p.city_after) else {
                continue;
            };
            if self.cities.iter().any(|&c| r.box_meets(p.city_before, p.city_after, c)) {
                continue;
            }
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
        let tries = rng.range(p.ruin_tries.0, p.ruin_tries.1);
        for _ in 0..tries {
            let h = rng.range(p.ruin_side.0, p.ruin_side.1);
            let w = rng.range(p.ruin_side.0, p.ruin_side.1);
            let Some(r) = self.random_rect(rng, h, w, NEAR, NEAR) else {
                continue;
            };
            let blocked = |o: &Rect| r.box_meets(NEAR, NEAR, *o);
            if self.cities.iter().any(blocked) || self.ruins.iter().any(blocked) {
                continue;
            }
            let bit = 1 << (RUIN_SHIFT + self.ruins.len() as u32);
            self.ruins.push(r);
            self.mark_near(r, bit);
        }
    }

    /// One greedy step from `cur` towards `target` (which must differ from `cur`): a vertical
    /// step with probability |di| / (|di| + |dj|), else a horizontal one.
    fn place_paths(&mut self, rng: &mut GameRng, p: Params) {
        let nc = self.cities.len();
        let tries = p.path_tries_per_city2 * nc * nc;
        for _ in 0..tries {
            let a = rng.index(nc);
            let mut b = rng.index(nc - 1);
            if b >= a {
                b += 1;
            }
            if self.try_path(rng, a, b) {
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
    }

    /// Walks from city `a` to city `b` into `self.walk`; true if the path is acceptable.
    fn try_path(&mut self, rng: &mut GameRng, a: usize, b: usize) -> bool {
        let mut cur = self.cities[a].random_cell(rng);
        let target = self.cities[b].random_cell(rng);
        let forbidden = (CITY_MASK | RUIN_MASK | PATH_BIT) & !(1u64 << a) & !(1u64 << b);
        self.walk.clear();
        loop {
            let next = step_towards(rng, cur, target);
            let k = self.idx(next);
            let c = self.city_of[k];
            if c as usize == b {
                return !self.walk.is_empty();
            }
            if c as usize != a {
                if self.near[k] & forbidden != 0 {
                    return false;
                }
                self.walk.push(next);
            }
            cur = next;
        }
    }

    fn place_wall_lines(&mut self, rng: &mut GameRng, p: Params) {
        if self.ruins.is_empty() {
            return;
        }
        for _ in 0..p.line_tries {
            let r = rng.index(self.ruins.len());
            let c = rng.index(self.cities.len());
            let max_len = rng.range(p.line_len.0, p.line_len.1) as usize;
            let ruin = self.ruins[r];
            let mut cur = ruin.random_cell(rng);
            let target = self.cities[c].random_cell(rng);
            let forbidden = !(1u64 << (RUIN_SHIFT + r as u32));
            self.walk.clear();
            while self.walk.len() < max_len {
                let next = step_towards(rng, cur, target);
                if !ruin.contains(next) {
                    if self.near[self.idx(next)] & forbidden != 0 {
                        break;
                    }
                    self.walk.push(next);
                }
                cur = next;
            }
            if self.walk.len() < 4 {
                continue;
            }
            // Alternate "on" (laid as WALL, starting at the ruin) and "off" segments.
            let walk = std::mem::take(&mut self.walk);
            let mut rest = &walk[..];
            let mut on = true;
            while !rest.is_empty() {
                let len = if on { rng.range(p.line_on.0, p.line_on.1) } else { rng.range(p.line_off.0, p.line_off.1) }
                    as usize;
                let (segment, tail) = rest.split_at(len.min(rest.len()));
                if on {
                    for &q in segment {
                        let k = self.idx(q);
                        self.cells[k] = CellType::Wall;
                        self.mark_near(Rect::cell(q), LINE_BIT);
                    }
                }
                rest = tail;
                on = !on;
            }
            self.walk = walk;
        }
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
