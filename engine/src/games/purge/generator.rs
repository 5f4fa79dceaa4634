//! The random board (`docs/games/purge.md`, "Board generator"): an all-street board where
//! five building chains share a budget of a fifth of the cells, kept only when the street cells
//! form one 4-connected component. The chains are drawn by [`crate::games::shared::chains`]; as in the
//! kit, a chain's start cell does not count against its share, so a board may hold one building
//! more than the budget.

use super::board::{components, Board};
use crate::games::shared::chains::{self, Start};
use crate::rng::GameRng;

/// Chains per board.
pub const CHAINS: usize = 5;

/// A generated board: the first draw whose streets are one 4-connected component.
pub fn generate(rows: usize, cols: usize, rng: &mut GameRng) -> Board {
    loop {
        let building = chains::draw(rows, cols, CHAINS, rows * cols / 5, Start::Extra, rng);
        if components(&building, false).len() == 1 {
            return Board::new(building);
        }
    }
}
