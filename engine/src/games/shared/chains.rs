//! Building chains, the random boards of The Walking Dead (waste) and The Purge (buildings): the
//! kits of both games draw their obstacles the same way, with a different number of chains and
//! budget (`docs/games/walking-dead.md` and `docs/games/purge.md`, "Board generator").
//!
//! Chain k gets the remaining budget divided by the chains still to draw (the last takes all that
//! is left). It starts on a random inner cell with no chain among its 8 neighbours, heading one
//! of the four directions; at each step it goes straight with probability 7/8 when the cell
//! ahead is acceptable, otherwise it takes a uniformly random acceptable direction (the one ahead
//! included), and it stops when none is. Acceptable: inside the border, not taken, no cell of
//! another chain among its 8 neighbours and at most 2 of its own. The cells a chain takes leave
//! the budget; what it could not use stays for the next chains.

use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// Draws of a chain's start cell before the chain gives up (its share stays in the budget).
const START_TRIES: usize = 1000;

const EIGHT: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const FOUR: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// How a chain's start cell counts against its share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The start is one of the share's cells (The Walking Dead).
    Counted,
    /// The share is the steps after the start: a chain can take one cell more (The Purge: a
    /// board may hold one building more than the budget, as in the kit).
    Extra,
}

/// One draw of `chains` chains sharing `budget` cells: true where a chain lies.
pub fn draw(rows: usize, cols: usize, chains: usize, budget: usize, start: Start, rng: &mut GameRng) -> Grid<bool> {
    let mut chain: Grid<i8> = Grid::new(rows, cols, -1);
    let mut budget = budget;
    for k in 0..chains {
        let share = if k + 1 == chains { budget } else { budget / (chains - k) };
        let used = draw_chain(&mut chain, k as i8, share, start, rng);
        budget = budget.saturating_sub(used);
    }
    let mut taken = Grid::new(rows, cols, false);
    for p in chain.positions() {
        taken[p] = chain[p] >= 0;
    }
    taken
}

fn inner(g: &Grid<i8>, p: Pos) -> bool {
    p.i >= 1 && p.j >= 1 && (p.i as usize) + 1 < g.rows() && (p.j as usize) + 1 < g.cols()
}

/// Whether chain `k` may take cell `p`.
fn acceptable(g: &Grid<i8>, p: Pos, k: i8) -> bool {
    if !inner(g, p) || g[p] >= 0 {
        return false;
    }
    let mut own = 0;
    for (di, dj) in EIGHT {
        let c = g[Pos::new(p.i + di, p.j + dj)];
        if c >= 0 && c != k {
            return false;
        }
        own += usize::from(c == k);
    }
    own <= 2
}

/// Lays chain `k` for a share of `share` cells; returns how many it took.
fn draw_chain(g: &mut Grid<i8>, k: i8, share: usize, start: Start, rng: &mut GameRng) -> usize {
    if share == 0 || g.rows() < 3 || g.cols() < 3 {
        return 0;
    }
    let first = (0..START_TRIES).find_map(|_| {
        let p = Pos::new(rng.range(1, g.rows() as i32 - 2), rng.range(1, g.cols() as i32 - 2));
        let clear = g[p] < 0 && EIGHT.iter().all(|(di, dj)| g[Pos::new(p.i + di, p.j + dj)] < 0);
        clear.then_some(p)
    });
    let Some(mut at) = first else { return 0 };
    g[at] = k;
    let mut used = 1;
    let limit = match start {
        Start::Counted => share,
        Start::Extra => share + 1,
    };
    let mut heading = rng.index(4);
    while used < limit {
        let ahead = Pos::new(at.i + FOUR[heading].0, at.j + FOUR[heading].1);
        if !(acceptable(g, ahead, k) && rng.below(8) != 0) {
            let options: Vec<usize> =
                (0..4).filter(|&d| acceptable(g, Pos::new(at.i + FOUR[d].0, at.j + FOUR[d].1), k)).collect();
            if options.is_empty() {
                break;
            }
            heading = options[rng.index(options.len())];
        }
        at = Pos::new(at.i + FOUR[heading].0, at.j + FOUR[heading].1);
        g[at] = k;
        used += 1;
    }
    used
}

/// The 4-neighbour steps, in the kits' order (down, right, up, left).
pub const FOUR_STEPS: [(i32, i32); 4] = FOUR;
/// The 8-neighbour steps.
pub const EIGHT_STEPS: [(i32, i32); 8] = EIGHT;

/// Sizes of the connected groups of cells equal to `value` (neighbours by `steps`), in order of
/// their first cell: the boards' street components and the chains as groups.
pub fn groups(g: &Grid<bool>, value: bool, steps: &[(i32, i32)]) -> Vec<usize> {
    let mut seen = Grid::new(g.rows(), g.cols(), false);
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for p in g.positions() {
        if g[p] != value || seen[p] {
            continue;
        }
        seen[p] = true;
        stack.push(p);
        let mut size = 0;
        while let Some(c) = stack.pop() {
            size += 1;
            for &(di, dj) in steps {
                let n = Pos::new(c.i + di, c.j + dj);
                if g.get(n) == Some(&value) && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    sizes
}
