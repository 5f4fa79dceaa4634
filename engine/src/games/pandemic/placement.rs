//! Where units (re)appear and where masks spawn.

use super::board::CellType;
use super::state::State;
use crate::grid::{Dir, Pos};
use crate::rng::GameRng;

/// A free spot: a GRASS cell with no unit on it or on its four neighbours.
fn is_free_spot(s: &State, p: Pos) -> bool {
    s.board.cell(p) == CellType::Grass
        && s.unit_on(p).is_none()
        && Dir::MOVES.iter().all(|&d| s.unit_on(p.step(d)).is_none())
}

/// A cell for a unit that (re)spawns: uniformly random among the free spots of the ring just
/// inside the outer wall; if there is none, among all free spots of the board; if still none,
/// among all empty non-wall cells. `None` only when the board is full.
pub fn spawn_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    let (rows, cols) = (s.board.rows() as i32, s.board.cols() as i32);
    let mut ring: Vec<Pos> = Vec::with_capacity(4 * rows as usize);
    // The ring in row-major order: row 1, then both sides, then row rows-2.
    let mut consider = |p: Pos| {
        if is_free_spot(s, p) {
            ring.push(p);
        }
    };
    (1..cols - 1).for_each(|j| consider(Pos::new(1, j)));
    for i in 2..rows - 2 {
        consider(Pos::new(i, 1));
        consider(Pos::new(i, cols - 2));
    }
    (1..cols - 1).for_each(|j| consider(Pos::new(rows - 2, j)));
    if ring.is_empty() {
        ring = s.board.cell_types().positions().filter(|&p| is_free_spot(s, p)).collect();
    }
    if ring.is_empty() {
        ring = s
            .board
            .cell_types()
            .positions()
            .filter(|&p| s.board.cell(p) != CellType::Wall && s.unit_on(p).is_none())
            .collect();
    }
    (!ring.is_empty()).then(|| ring[rng.index(ring.len())])
}

/// A cell for a new mask: uniformly random among GRASS cells with no unit and no mask, at least
/// two cells away from the outer border (so never on the respawn ring).
pub fn mask_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    let (rows, cols) = (s.board.rows() as i32, s.board.cols() as i32);
    let spots: Vec<Pos> = s
        .board
        .cell_types()
        .positions()
        .filter(|p| p.i >= 2 && p.j >= 2 && p.i <= rows - 3 && p.j <= cols - 3)
        .filter(|&p| s.board.cell(p) == CellType::Grass && s.unit_on(p).is_none() && !s.mask_at(p))
        .collect();
    (!spots.is_empty()).then(|| spots[rng.index(spots.len())])
}
