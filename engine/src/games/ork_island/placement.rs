//! Where orks appear: at the start and when they regenerate after dying.

use super::board::CellType;
use super::state::State;
use crate::grid::{Dir, Pos};
use crate::rng::GameRng;

/// No ork on `p` or on its four neighbours.
fn clear_around(s: &State, p: Pos) -> bool {
    s.ork_on(p).is_none() && Dir::MOVES.iter().all(|&d| s.ork_on(p.step(d)).is_none())
}

/// A cell for an ork that appears: uniformly random among the shore cells (land that is not CITY
/// or PATH, next to WATER) with no ork on them or their four neighbours. If there is none, the
/// first such cell in row-major order that is not WATER, CITY or PATH (the spec's fallback);
/// failing that, the first empty land cell. `None` only when the island is full.
pub fn spawn_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    let board = &s.board;
    let spots: Vec<Pos> =
        board.shore().iter().map(|&k| board.pos(k as usize)).filter(|&p| clear_around(s, p)).collect();
    if !spots.is_empty() {
        return Some(spots[rng.index(spots.len())]);
    }
    let plain = |p: &Pos| matches!(board.cell(*p), CellType::Grass | CellType::Forest | CellType::Sand);
    let cells = board.cell_types();
    cells
        .positions()
        .find(|p| plain(p) && clear_around(s, *p))
        .or_else(|| cells.positions().find(|&p| board.cell(p) != CellType::Water && s.ork_on(p).is_none()))
}
