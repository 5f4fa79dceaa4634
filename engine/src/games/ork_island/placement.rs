//! Where orks appear: at the start and when they regenerate after dying.

use super::board::CellType;
use super::state::State;
use crate::grid::{Dir, Pos};
use crate::rng::GameRng;

/// No ork on `p` or on its four neighbours.
fn clear_around(s: &State, p: Pos) -> bool {
    s.ork_on(p).is_none() && Dir::MOVES.iter().all(|&d| s.ork_on(p.step(d)).is_none())
}

/// GRASS, FOREST or SAND: not WATER, CITY or PATH.
fn plain(t: CellType) -> bool {
    matches!(t, CellType::Grass | CellType::Forest | CellType::Sand)
}

/// A cell for an ork that appears (spec, "A round, in order", step 3): uniformly random among
/// the qualifying shore cells, those of [`Board::shore`](super::board::Board::shore) (each row's
/// two ends) that are not CITY or PATH and have no ork on them or their four neighbours. If
/// none qualifies, the first cell in row-major order that is not WATER, CITY or PATH and has no
/// ork on it or its four neighbours; failing that (beyond the spec), the first empty land cell.
/// `None` only when the island is full.
pub fn spawn_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    let board = &s.board;
    let spots: Vec<Pos> = board
        .shore()
        .iter()
        .map(|&k| board.pos(k as usize))
        .filter(|&p| plain(board.cell(p)) && clear_around(s, p))
        .collect();
    if !spots.is_empty() {
        return Some(spots[rng.index(spots.len())]);
    }
    let cells = board.cell_types();
    cells
        .positions()
        .find(|&p| plain(board.cell(p)) && clear_around(s, p))
        .or_else(|| cells.positions().find(|&p| board.cell(p) != CellType::Water && s.ork_on(p).is_none()))
}
