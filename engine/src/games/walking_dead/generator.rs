//! The random board (`docs/games/walking-dead.md`, "Board generator"): an all-street board
//! where eight waste chains share a budget of half the cells, kept only when the street cells
//! form one 4-connected component.
//!
//! The chains are drawn by [`crate::games::shared::chains`]. Most stop well before their share, as in
//! the kit: about a fifth of the board ends up as waste.

use super::board::Board;
use crate::games::shared::chains::{self, Start};
use crate::rng::GameRng;

/// Chains per board.
pub const CHAINS: usize = 8;

/// A generated board: the first draw whose streets are one 4-connected component.
pub fn generate(rows: usize, cols: usize, rng: &mut GameRng) -> Board {
    loop {
        let waste = chains::draw(rows, cols, CHAINS, rows * cols / 2, Start::Counted, rng);
        if super::board::street_components(&waste).len() == 1 {
            return Board::new(waste);
        }
    }
}
