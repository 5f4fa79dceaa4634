//! The static board: street or waste per cell, and the street cells listed once.

use crate::games::shared::chains::{groups, EIGHT_STEPS};
use crate::grid::{Grid, Pos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    waste: Grid<bool>,
    streets: Vec<Pos>,
    /// The street cells among each cell's 8 neighbours, as row-major indices: cell k's are
    /// `king[king_at[k]..king_at[k + 1]]` (the zombies' search reads them every round).
    king_at: Vec<u32>,
    king: Vec<u16>,
    /// Bit j of `street_rows[i]` is set when cell (i, j) is street (boards up to 64 columns; empty
    /// for wider ones): the zombies' bit-parallel search starts from it.
    street_rows: Vec<u64>,
}

/// The 4-neighbours of a cell (kit order: down, right, up, left).
pub const STRAIGHT: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The 8 neighbours of a cell, in the kit's `Dir` order.
pub const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The most cells a board may have (the neighbour lists hold u16 indices; boards are 60 × 60).
pub const MAX_CELLS: usize = 1 << 16;

impl Board {
    /// A board of these cells; at most [`MAX_CELLS`] of them.
    pub fn new(waste: Grid<bool>) -> Board {
        assert!(waste.rows() * waste.cols() <= MAX_CELLS, "a board has at most 65536 cells");
        let streets = waste.positions().filter(|&p| !waste[p]).collect();
        let mut king_at = Vec::with_capacity(waste.rows() * waste.cols() + 1);
        let mut king = Vec::new();
        for p in waste.positions() {
            king_at.push(king.len() as u32);
            for (di, dj) in KING {
                let q = Pos::new(p.i + di, p.j + dj);
                if waste.get(q) == Some(&false) {
                    king.push(waste.index(q) as u16);
                }
            }
        }
        king_at.push(king.len() as u32);
        let mut street_rows = Vec::new();
        if waste.cols() <= 64 {
            street_rows = vec![0; waste.rows()];
            for p in waste.positions().filter(|&p| !waste[p]) {
                street_rows[p.i as usize] |= 1 << p.j;
            }
        }
        Board { waste, streets, king_at, king, street_rows }
    }

    /// The street cells among cell k's 8 neighbours (row-major indices).
    pub fn king_neighbours(&self, k: usize) -> &[u16] {
        &self.king[self.king_at[k] as usize..self.king_at[k + 1] as usize]
    }

    /// The street cells as one bit mask per row (boards up to 64 columns; empty otherwise).
    pub fn street_rows(&self) -> &[u64] {
        &self.street_rows
    }

    pub fn rows(&self) -> usize {
        self.waste.rows()
    }

    pub fn cols(&self) -> usize {
        self.waste.cols()
    }

    pub fn contains(&self, p: Pos) -> bool {
        self.waste.contains(p)
    }

    pub fn index(&self, p: Pos) -> usize {
        self.waste.index(p)
    }

    pub fn pos(&self, k: usize) -> Pos {
        self.waste.pos(k)
    }

    /// On the board and not waste.
    pub fn is_street(&self, p: Pos) -> bool {
        self.waste.get(p).is_some_and(|w| !w)
    }

    pub fn waste(&self) -> &Grid<bool> {
        &self.waste
    }

    /// The street cells in row-major order.
    pub fn streets(&self) -> &[Pos] {
        &self.streets
    }

    /// The 4-connected components of the street cells, each as its size.
    pub fn street_components(&self) -> Vec<usize> {
        street_components(&self.waste)
    }

    /// The 8-connected groups of waste cells (the generator's chains), each as its size.
    pub fn waste_groups(&self) -> Vec<usize> {
        groups(&self.waste, true, &EIGHT_STEPS)
    }
}

/// The 4-connected components of the street cells of a waste grid, each as its size.
pub fn street_components(waste: &Grid<bool>) -> Vec<usize> {
    groups(waste, false, &STRAIGHT)
}
