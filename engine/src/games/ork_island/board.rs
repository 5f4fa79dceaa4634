//! The static part of an Ork Island board: terrain, cities, paths and the shore. It never changes
//! during a match, so states share it behind an `Arc`.

pub use crate::games::shared::conquest::PathInfo;
use crate::games::shared::conquest::{PathEndsError, Regions, Terrain};
use crate::grid::{Grid, Pos};
use serde::{Deserialize, Serialize};

/// Cell types, in the kit's order (their codes in views and replays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum CellType {
    Water = 0,
    Grass = 1,
    Forest = 2,
    Sand = 3,
    City = 4,
    Path = 5,
}

impl CellType {
    pub const ALL: [CellType; 6] =
        [CellType::Water, CellType::Grass, CellType::Forest, CellType::Sand, CellType::City, CellType::Path];

    pub fn from_code(code: u8) -> Option<CellType> {
        CellType::ALL.get(usize::from(code)).copied()
    }

    pub fn code(self) -> u8 {
        self as u8
    }
}

impl Terrain for CellType {
    const OFF_BOARD: CellType = CellType::Water;
    const CITY: CellType = CellType::City;
    const PATH: CellType = CellType::Path;
    fn code(self) -> u8 {
        self as u8
    }
    fn from_code(code: u8) -> Option<CellType> {
        CellType::from_code(code)
    }
}

/// Why a board is not playable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("the board must be square and at least 20x20, got {rows}x{cols}")]
    Size { rows: usize, cols: usize },
    #[error("the outer ring must be WATER, but {0} is not")]
    OpenBorder(Pos),
    #[error("the board has no city; at least 1 is needed")]
    NoCities,
    #[error("cell {0} cannot be reached from the rest of the island")]
    Disconnected(Pos),
    #[error("the path through {at} touches {touching} cities; a path must join exactly two")]
    PathEnds { at: Pos, touching: usize },
}

impl From<PathEndsError> for BoardError {
    fn from(e: PathEndsError) -> BoardError {
        BoardError::PathEnds { at: e.at, touching: e.touching }
    }
}

/// An Ork Island board: the shared cities-and-paths board (its accessors through `Deref`) plus
/// the shore.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    regions: Regions<CellType>,
    /// Row-major indices of the shore, the kit's: each row's first non-WATER cell from the left,
    /// then its first from the right (once when they are the same cell; none for a row of water).
    shore: Vec<u32>,
}

impl std::ops::Deref for Board {
    type Target = Regions<CellType>;
    fn deref(&self) -> &Regions<CellType> {
        &self.regions
    }
}

impl Board {
    /// Builds a board from its cell types, finding cities (4-connected CITY groups, numbered in
    /// row-major order of their first cell), paths (4-connected PATH groups, same numbering) and
    /// each path's two end cities. FIXED boards come this way.
    pub fn from_cells(cells: Grid<CellType>) -> Result<Board, BoardError> {
        Board::from_regions(Regions::from_cells(cells)?)
    }

    /// Builds a board from explicit cities and paths (the generator's output). Cells listed in
    /// cities and paths must have the matching type.
    pub fn from_parts(cells: Grid<CellType>, cities: Vec<Vec<Pos>>, paths: Vec<PathInfo>) -> Result<Board, BoardError> {
        Board::from_regions(Regions::from_parts(cells, cities, paths))
    }

    /// Adds what this game needs to the shared board and checks the game's rules.
    pub fn from_regions(regions: Regions<CellType>) -> Result<Board, BoardError> {
        let shore = row_ends(&regions);
        let board = Board { regions, shore };
        board.check()?;
        Ok(board)
    }

    /// Square, at least 20x20, WATER ring, at least one city, every land cell 4-connected to
    /// every other.
    fn check(&self) -> Result<(), BoardError> {
        let (rows, cols) = (self.rows(), self.cols());
        if rows != cols || rows < 20 {
            return Err(BoardError::Size { rows, cols });
        }
        if let Some(p) = self.first_open_border() {
            return Err(BoardError::OpenBorder(p));
        }
        if self.cities().is_empty() {
            return Err(BoardError::NoCities);
        }
        if let Some(p) = self.first_unreachable() {
            return Err(BoardError::Disconnected(p));
        }
        Ok(())
    }

    /// The shore cells (row-major indices), where orks appear: for each row in order, its first
    /// non-WATER cell from the left, then its first from the right when that is another cell.
    /// These are the kit's shore cells: river and lake banks are not shore, and inner cells of
    /// the coast are not either. CITY and PATH row ends are listed; no ork appears on them.
    pub fn shore(&self) -> &[u32] {
        &self.shore
    }
}

/// Each row's first non-WATER cell from the left, then its first from the right unless it is the
/// same cell, as row-major indices, rows in order.
fn row_ends(regions: &Regions<CellType>) -> Vec<u32> {
    let (rows, cols) = (regions.rows(), regions.cols());
    let mut ends = Vec::new();
    for i in 0..rows {
        let at = |j: usize| Pos::new(i as i32, j as i32);
        let land = |j: &usize| regions.cell(at(*j)) != CellType::Water;
        let (Some(left), Some(right)) = ((0..cols).find(land), (0..cols).rev().find(land)) else {
            continue;
        };
        ends.push(regions.index(at(left)) as u32);
        if right != left {
            ends.push(regions.index(at(right)) as u32);
        }
    }
    ends
}
