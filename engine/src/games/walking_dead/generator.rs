//! The random board (`../shared/specs/walking-dead.md`, "Board generator"): an all-street board
//! where eight waste chains share a budget of half the cells, kept only when the street cells
//! form one 4-connected component.
//!
//! A chain starts on a random inner cell with no waste among its 8 neighbours, heading one of
//! the four directions; at each step it goes straight with probability 7/8 when the cell ahead
//! is acceptable, otherwise it takes a uniformly random acceptable direction (the one ahead
//! included), and it stops when none is. Acceptable: inside the border, not waste, no cell of
//! another chain among its 8 neighbours and at most 2 of its own. Most chains stop well before
//! their share, as in the kit: about a fifth of the board ends up as waste.

use super::board::Board;
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// Chains per board.
pub const CHAINS: usize = 8;

/// Draws of a chain's start cell before the chain gives up (its share stays in the budget).
const START_TRIES: usize = 1000;

const EIGHT: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const FOUR: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// A generated board: the first draw whose streets are one 4-connected component.
pub fn generate(rows: usize, cols: usize, rng: &mut GameRng) -> Board {
    loop {
        let waste = draw_waste(rows, cols, rng);
        if super::board::street_components(&waste).len() == 1 {
            return Board::new(waste);
        }
    }
}

/// One draw of the eight chains. Each cell holds its chain's number, or -1 for street.
fn draw_waste(rows: usize, cols: usize, rng: &mut GameRng) -> Grid<bool> {
    let mut chain: Grid<i8> = Grid::new(rows, cols, -1);
    let mut budget = rows * cols / 2;
    for k in 0..CHAINS {
        let share = if k + 1 == CHAINS { budget } else { budget / (CHAINS - k) };
        let used = draw_chain(&mut chain, k as i8, share, rng);
        budget -= used;
    }
    let mut waste = Grid::new(rows, cols, false);
    for p in chain.positions() {
        waste[p] = chain[p] >= 0;
    }
    waste
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

/// Lays chain `k` of at most `share` cells; returns how many it took.
fn draw_chain(g: &mut Grid<i8>, k: i8, share: usize, rng: &mut GameRng) -> usize {
    if share == 0 || g.rows() < 3 || g.cols() < 3 {
        return 0;
    }
    let start = (0..START_TRIES).find_map(|_| {
        let p = Pos::new(rng.range(1, g.rows() as i32 - 2), rng.range(1, g.cols() as i32 - 2));
        let clear = g[p] < 0 && EIGHT.iter().all(|(di, dj)| g[Pos::new(p.i + di, p.j + dj)] < 0);
        clear.then_some(p)
    });
    let Some(mut at) = start else { return 0 };
    g[at] = k;
    let mut used = 1;
    let mut heading = rng.index(4);
    while used < share {
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
