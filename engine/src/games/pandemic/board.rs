//! The static part of a Pandemic board: cell types, cities and paths.
//! It never changes during a match, so states share it behind an `Arc`.

use super::params::{VIRUS_CAP_GRASS, VIRUS_CAP_URBAN};
use crate::games::conquest::{components, touched_cities};
use crate::grid::{Dir, Grid, Pos};
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

pub use crate::games::conquest::PathInfo;

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Grid<CellType>,
    city_id: Grid<i16>,
    path_id: Grid<i16>,
    cities: Vec<Vec<Pos>>,
    paths: Vec<PathInfo>,
    /// Per cell: 0 wall, 1 grass, 2 city or path (virus flows only within a region).
    region: Vec<u8>,
    /// Per cell: the virus cap (0 on walls).
    virus_cap: Vec<u8>,
}

impl Board {
    /// Builds a board from its cell types, finding cities (4-connected CITY groups, numbered in
    /// row-major order of their first cell) and paths (4-connected PATH groups, same numbering)
    /// and each path's two end cities.
    pub fn from_cells(cells: Grid<CellType>) -> Result<Board, BoardError> {
        let city_groups = components(&cells, |&t| t == CellType::City);
        let path_groups = components(&cells, |&t| t == CellType::Path);
        let mut city_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, group) in city_groups.iter().enumerate() {
            for &p in group {
                city_id[p] = id as i16;
            }
        }
        let mut paths = Vec::with_capacity(path_groups.len());
        for group in path_groups {
            let touching = touched_cities(&group, &city_id);
            if touching.len() != 2 {
                return Err(BoardError::PathEnds { at: group[0], touching: touching.len() });
            }
            paths.push(PathInfo { ends: (touching[0], touching[1]), cells: group });
        }
        Board::from_parts(cells, city_groups, paths)
    }

    /// Builds a board from explicit cities and paths (the generator's output). Cells listed in
    /// cities and paths must have the matching type.
    pub fn from_parts(cells: Grid<CellType>, cities: Vec<Vec<Pos>>, paths: Vec<PathInfo>) -> Result<Board, BoardError> {
        let mut city_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, city) in cities.iter().enumerate() {
            for &p in city {
                debug_assert_eq!(cells[p], CellType::City);
                city_id[p] = id as i16;
            }
        }
        let mut path_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, path) in paths.iter().enumerate() {
            for &p in &path.cells {
                debug_assert_eq!(cells[p], CellType::Path);
                path_id[p] = id as i16;
            }
        }
        let region: Vec<u8> = cells
            .cells()
            .iter()
            .map(|t| match t {
                CellType::Wall => 0,
                CellType::Grass => 1,
                CellType::City | CellType::Path => 2,
            })
            .collect();
        let virus_cap = region.iter().map(|&r| [0, VIRUS_CAP_GRASS, VIRUS_CAP_URBAN][r as usize]).collect();
        let board = Board { cells, city_id, path_id, cities, paths, region, virus_cap };
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
        for p in self.cells.positions() {
            let border = p.i == 0 || p.j == 0 || p.i as usize == rows - 1 || p.j as usize == cols - 1;
            if border && self.cells[p] != CellType::Wall {
                return Err(BoardError::OpenBorder(p));
            }
        }
        if self.cities.is_empty() {
            return Err(BoardError::NoCities(0));
        }
        if let Some(p) = self.first_unreachable() {
            return Err(BoardError::Disconnected(p));
        }
        Ok(())
    }

    /// The first non-wall cell (row-major) not 4-connected to the first non-wall cell.
    pub fn first_unreachable(&self) -> Option<Pos> {
        let open = |p: Pos| self.cells.get(p).is_some_and(|&c| c != CellType::Wall);
        let start = self.cells.positions().find(|&p| open(p))?;
        let mut seen = Grid::new(self.rows(), self.cols(), false);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(p) = stack.pop() {
            for d in Dir::MOVES {
                let q = p.step(d);
                if open(q) && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        self.cells.positions().find(|&p| open(p) && !seen[p])
    }

    pub fn rows(&self) -> usize {
        self.cells.rows()
    }

    pub fn cols(&self) -> usize {
        self.cells.cols()
    }

    pub fn contains(&self, p: Pos) -> bool {
        self.cells.contains(p)
    }

    pub fn index(&self, p: Pos) -> usize {
        self.cells.index(p)
    }

    pub fn pos(&self, index: usize) -> Pos {
        self.cells.pos(index)
    }

    /// The cell type; positions off the board read as WALL.
    pub fn cell(&self, p: Pos) -> CellType {
        self.cells.get(p).copied().unwrap_or(CellType::Wall)
    }

    pub fn cell_types(&self) -> &Grid<CellType> {
        &self.cells
    }

    /// The city id of a cell, if it is a city cell.
    pub fn city_at(&self, p: Pos) -> Option<usize> {
        self.city_id.get(p).and_then(|&c| usize::try_from(c).ok())
    }

    /// The path id of a cell, if it is a path cell.
    pub fn path_at(&self, p: Pos) -> Option<usize> {
        self.path_id.get(p).and_then(|&c| usize::try_from(c).ok())
    }

    /// Per cell (row-major): 0 wall, 1 grass, 2 city or path.
    pub fn regions(&self) -> &[u8] {
        &self.region
    }

    /// Per cell (row-major): the highest virus level (4 grass, 10 city or path, 0 wall).
    pub fn virus_caps(&self) -> &[u8] {
        &self.virus_cap
    }

    pub fn cities(&self) -> &[Vec<Pos>] {
        &self.cities
    }

    pub fn paths(&self) -> &[PathInfo] {
        &self.paths
    }
}
