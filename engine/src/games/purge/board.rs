//! The static board: street or building per cell, and the street cells listed once.

use crate::games::shared::chains::{groups, EIGHT_STEPS};
use crate::grid::{Grid, Pos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    building: Grid<bool>,
    streets: Vec<Pos>,
}

/// The 4-neighbours of a cell, in the kit's `Dir` order (down, right, up, left).
pub const STRAIGHT: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

impl Board {
    pub fn new(building: Grid<bool>) -> Board {
        let streets = building.positions().filter(|&p| !building[p]).collect();
        Board { building, streets }
    }

    pub fn rows(&self) -> usize {
        self.building.rows()
    }

    pub fn cols(&self) -> usize {
        self.building.cols()
    }

    pub fn contains(&self, p: Pos) -> bool {
        self.building.contains(p)
    }

    pub fn index(&self, p: Pos) -> usize {
        self.building.index(p)
    }

    pub fn pos(&self, k: usize) -> Pos {
        self.building.pos(k)
    }

    /// On the board and not a building.
    pub fn is_street(&self, p: Pos) -> bool {
        self.building.get(p).is_some_and(|b| !b)
    }

    pub fn buildings(&self) -> &Grid<bool> {
        &self.building
    }

    /// The street cells in row-major order.
    pub fn streets(&self) -> &[Pos] {
        &self.streets
    }

    /// Sizes of the 4-connected groups of street cells, in order of their first cell.
    pub fn street_components(&self) -> Vec<usize> {
        components(&self.building, false)
    }

    /// Sizes of the 8-connected groups of building cells (the generator's chains, which never
    /// touch each other), in order of their first cell.
    pub fn building_groups(&self) -> Vec<usize> {
        groups(&self.building, true, &EIGHT_STEPS)
    }
}

/// Sizes of the 4-connected groups of cells equal to `value`, in order of their first cell.
pub fn components(g: &Grid<bool>, value: bool) -> Vec<usize> {
    groups(g, value, &STRAIGHT)
}
