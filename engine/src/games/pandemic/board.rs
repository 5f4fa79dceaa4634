//! The static part of a Pandemic board: cell types, cities and paths.
//! It never changes during a match, so states share it behind an `Arc`.

use super::params::{VIRUS_CAP_GRASS, VIRUS_CAP_URBAN};
use crate::grid::{Grid, Pos};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum CellType {
    Wall = 0,
    Grass = 1,
    City = 2,
    Path = 3,
}

impl CellType {
    pub fn from_code(code: u8) -> Option<CellType> {
        match code {
            0 => Some(CellType::Wall),
            1 => Some(CellType::Grass),
            2 => Some(CellType::City),
            3 => Some(CellType::Path),
            _ => None,
        }
    }

    /// City and path cells form one virus region; grass another; walls none.
    pub fn is_urban(self) -> bool {
        matches!(self, CellType::City | CellType::Path)
    }
}

pub use crate::games::shared::conquest::PathInfo;
use crate::games::shared::conquest::{PathEndsError, Regions, Terrain};

impl Terrain for CellType {
    const OFF_BOARD: CellType = CellType::Wall;
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
    #[error("the outer ring must be WALL, but {0} is not")]
    OpenBorder(Pos),
    #[error("the board has {0} cities; at least 1 is needed")]
    NoCities(usize),
    #[error("cell {0} cannot be reached from the rest of the board")]
    Disconnected(Pos),
    #[error("the path through {at} touches {touching} cities; a path must join exactly two")]
    PathEnds { at: Pos, touching: usize },
}

impl From<PathEndsError> for BoardError {
    fn from(e: PathEndsError) -> BoardError {
        BoardError::PathEnds { at: e.at, touching: e.touching }
    }
}

/// A Pandemic board: the shared cities-and-paths board (its accessors through `Deref`) plus the
/// virus regions and caps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    regions: Regions<CellType>,
    /// Per cell: 0 wall, 1 grass, 2 city or path (virus flows only within a region).
    region: Vec<u8>,
    /// Per cell: the virus cap (0 on walls).
    virus_cap: Vec<u8>,
}

impl std::ops::Deref for Board {
    type Target = Regions<CellType>;
    fn deref(&self) -> &Regions<CellType> {
        &self.regions
    }
}

impl Board {
    /// Builds a board from its cell types, finding cities (4-connected CITY groups, numbered in
    /// row-major order of their first cell) and paths (4-connected PATH groups, same numbering)
    /// and each path's two end cities.
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
        let region: Vec<u8> = regions
            .cell_types()
            .cells()
            .iter()
            .map(|t| match t {
                CellType::Wall => 0,
                CellType::Grass => 1,
                CellType::City | CellType::Path => 2,
            })
            .collect();
        let virus_cap = region.iter().map(|&r| [0, VIRUS_CAP_GRASS, VIRUS_CAP_URBAN][r as usize]).collect();
        let board = Board { regions, region, virus_cap };
        board.check()?;
        Ok(board)
    }

    /// Square, at least 20x20, walled ring, at least one city, every non-wall cell
    /// 4-connected to every other.
    fn check(&self) -> Result<(), BoardError> {
        let (rows, cols) = (self.rows(), self.cols());
        if rows != cols || rows < 20 {
            return Err(BoardError::Size { rows, cols });
        }
        if let Some(p) = self.first_open_border() {
            return Err(BoardError::OpenBorder(p));
        }
        if self.cities().is_empty() {
            return Err(BoardError::NoCities(0));
        }
        if let Some(p) = self.first_unreachable() {
            return Err(BoardError::Disconnected(p));
        }
        Ok(())
    }

    /// Per cell (row-major): 0 wall, 1 grass, 2 city or path.
    pub fn regions(&self) -> &[u8] {
        &self.region
    }

    /// Per cell (row-major): the highest virus level (4 grass, 10 city or path, 0 wall).
    pub fn virus_caps(&self) -> &[u8] {
        &self.virus_cap
    }
}
