//! The static part of an Ork Island board: terrain, cities, paths and the shore. It never changes
//! during a match, so states share it behind an `Arc`.

pub use crate::games::conquest::PathInfo;
use crate::games::conquest::{components, touched_cities};
use crate::grid::{Dir, Grid, Pos};
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Grid<CellType>,
    city_id: Grid<i16>,
    path_id: Grid<i16>,
    cities: Vec<Vec<Pos>>,
    paths: Vec<PathInfo>,
    /// Row-major indices of the shore: not WATER, CITY or PATH, with WATER among its 4 neighbours.
    shore: Vec<u32>,
}

impl Board {
    /// Builds a board from its cell types, finding cities (4-connected CITY groups, numbered in
    /// row-major order of their first cell), paths (4-connected PATH groups, same numbering) and
    /// each path's two end cities. FIXED boards come this way.
    pub fn from_cells(cells: Grid<CellType>) -> Result<Board, BoardError> {
        let cities = components(&cells, |&t| t == CellType::City);
        let path_groups = components(&cells, |&t| t == CellType::Path);
        let mut city_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, city) in cities.iter().enumerate() {
            for &p in city {
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
        Board::from_parts(cells, cities, paths)
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
        let is_water = |p: Pos| cells.get(p).is_none_or(|&t| t == CellType::Water);
        let shore = cells
            .positions()
            .filter(|&p| matches!(cells[p], CellType::Grass | CellType::Forest | CellType::Sand))
            .filter(|&p| Dir::MOVES.iter().any(|&d| is_water(p.step(d))))
            .map(|p| cells.index(p) as u32)
            .collect();
        let board = Board { cells, city_id, path_id, cities, paths, shore };
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
        for p in self.cells.positions() {
            let border = p.i == 0 || p.j == 0 || p.i as usize == rows - 1 || p.j as usize == cols - 1;
            if border && self.cells[p] != CellType::Water {
                return Err(BoardError::OpenBorder(p));
            }
        }
        if self.cities.is_empty() {
            return Err(BoardError::NoCities);
        }
        if let Some(p) = self.first_unreachable() {
            return Err(BoardError::Disconnected(p));
        }
        Ok(())
    }

    /// The first land cell (row-major) not 4-connected to the first land cell.
    pub fn first_unreachable(&self) -> Option<Pos> {
        let land = |p: Pos| self.cells.get(p).is_some_and(|&c| c != CellType::Water);
        let start = self.cells.positions().find(|&p| land(p))?;
        let mut seen = Grid::new(self.rows(), self.cols(), false);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(p) = stack.pop() {
            for d in Dir::MOVES {
                let q = p.step(d);
                if land(q) && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        self.cells.positions().find(|&p| land(p) && !seen[p])
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

    /// The cell type; positions off the board read as WATER.
    pub fn cell(&self, p: Pos) -> CellType {
        self.cells.get(p).copied().unwrap_or(CellType::Water)
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

    pub fn cities(&self) -> &[Vec<Pos>] {
        &self.cities
    }

    pub fn paths(&self) -> &[PathInfo] {
        &self.paths
    }

    /// The shore cells (row-major indices), where orks appear.
    pub fn shore(&self) -> &[u32] {
        &self.shore
    }
}
