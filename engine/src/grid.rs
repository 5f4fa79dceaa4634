//! Positions, directions and row-major grids shared by every game.

use serde::{Deserialize, Serialize};

/// A cell position: `i` is the row (grows downwards), `j` the column (grows rightwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
pub struct Pos {
    pub i: i32,
    pub j: i32,
}

impl Pos {
    pub const fn new(i: i32, j: i32) -> Self {
        Pos { i, j }
    }

    /// The neighbour in `dir` (the position itself for [`Dir::None`]).
    pub fn step(self, dir: Dir) -> Pos {
        let (di, dj) = dir.delta();
        Pos::new(self.i + di, self.j + dj)
    }

    /// Chebyshev (king-move) distance.
    pub fn chebyshev(self, other: Pos) -> i32 {
        (self.i - other.i).abs().max((self.j - other.j).abs())
    }

    /// Manhattan distance.
    pub fn manhattan(self, other: Pos) -> i32 {
        (self.i - other.i).abs() + (self.j - other.j).abs()
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.i, self.j)
    }
}

/// The four moves plus "stay", in the Jutge kits' order (bottom = row + 1, right = col + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Dir {
    Bottom = 0,
    Right = 1,
    Top = 2,
    Left = 3,
    None = 4,
}

impl Dir {
    /// The four real moves, in kit order.
    pub const MOVES: [Dir; 4] = [Dir::Bottom, Dir::Right, Dir::Top, Dir::Left];
    /// The five directions, in kit order (the four moves, then staying).
    pub const ALL: [Dir; 5] = [Dir::Bottom, Dir::Right, Dir::Top, Dir::Left, Dir::None];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Bottom => (1, 0),
            Dir::Right => (0, 1),
            Dir::Top => (-1, 0),
            Dir::Left => (0, -1),
            Dir::None => (0, 0),
        }
    }

    /// The direction with this kit code (0..=4), if any.
    pub fn from_code(code: u8) -> Option<Dir> {
        match code {
            0 => Some(Dir::Bottom),
            1 => Some(Dir::Right),
            2 => Some(Dir::Top),
            3 => Some(Dir::Left),
            4 => Some(Dir::None),
            _ => None,
        }
    }

    pub fn code(self) -> u8 {
        self as u8
    }
}

/// A rectangular row-major grid of `T`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    pub fn new(rows: usize, cols: usize, fill: T) -> Self {
        Grid { rows, cols, cells: vec![fill; rows * cols] }
    }
}

impl<T> Grid<T> {
    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.i >= 0 && p.j >= 0 && (p.i as usize) < self.rows && (p.j as usize) < self.cols
    }

    /// Row-major index of an in-bounds position.
    pub fn index(&self, p: Pos) -> usize {
        debug_assert!(self.contains(p), "{p} outside {}x{}", self.rows, self.cols);
        p.i as usize * self.cols + p.j as usize
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new((index / self.cols) as i32, (index % self.cols) as i32)
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        if self.contains(p) {
            Some(&self.cells[self.index(p)])
        } else {
            None
        }
    }

    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// All positions in row-major order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows * self.cols).map(move |k| self.pos(k))
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        &self.cells[Grid::index(self, p)]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        let k = Grid::index(self, p);
        &mut self.cells[k]
    }
}
