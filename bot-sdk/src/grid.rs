//! The small types every grid game shares, with the kits' names: directions, positions, paths
//! between cities and orders. Each game module re-exports them.

use std::fmt;
use std::ops::{Add, AddAssign};

/// A direction (the kit's `Dir`), in the kit's order and with the ABI's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// Row + 1.
    Bottom = 0,
    /// Column + 1.
    Right = 1,
    /// Row - 1.
    Top = 2,
    /// Column - 1.
    Left = 3,
    /// Stay.
    None = 4,
}

impl Dir {
    /// The four moves, in kit order.
    pub const MOVES: [Dir; 4] = [Dir::Bottom, Dir::Right, Dir::Top, Dir::Left];
    /// The five directions, in kit order.
    pub const ALL: [Dir; 5] = [Dir::Bottom, Dir::Right, Dir::Top, Dir::Left, Dir::None];

    /// The direction with this code (0..=4).
    pub fn from_code(code: u8) -> Option<Dir> {
        Dir::ALL.get(code as usize).copied()
    }

    /// The ABI code (0..=4).
    pub fn code(self) -> u8 {
        self as u8
    }

    /// (row, column) change.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Bottom => (1, 0),
            Dir::Right => (0, 1),
            Dir::Top => (-1, 0),
            Dir::Left => (0, -1),
            Dir::None => (0, 0),
        }
    }

    /// The opposite direction (`None` for `None`).
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Bottom => Dir::Top,
            Dir::Right => Dir::Left,
            Dir::Top => Dir::Bottom,
            Dir::Left => Dir::Right,
            Dir::None => Dir::None,
        }
    }
}

/// A position: `i` is the row (grows downwards), `j` the column. Ordered row-major, printed
/// `(i, j)`, and `pos + dir` is the neighbour in `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Row.
    pub i: i32,
    /// Column.
    pub j: i32,
}

impl Pos {
    /// The position `(i, j)`.
    pub const fn new(i: i32, j: i32) -> Pos {
        Pos { i, j }
    }

    /// Manhattan distance.
    pub fn manhattan(self, other: Pos) -> i32 {
        (self.i - other.i).abs() + (self.j - other.j).abs()
    }
}

impl From<(i32, i32)> for Pos {
    fn from((i, j): (i32, i32)) -> Pos {
        Pos { i, j }
    }
}

impl Add<Dir> for Pos {
    type Output = Pos;
    fn add(self, d: Dir) -> Pos {
        let (di, dj) = d.delta();
        Pos { i: self.i + di, j: self.j + dj }
    }
}

impl Add<Pos> for Pos {
    type Output = Pos;
    fn add(self, o: Pos) -> Pos {
        Pos { i: self.i + o.i, j: self.j + o.j }
    }
}

impl AddAssign<Dir> for Pos {
    fn add_assign(&mut self, d: Dir) {
        *self = *self + d;
    }
}

impl AddAssign<Pos> for Pos {
    fn add_assign(&mut self, o: Pos) {
        *self = *self + o;
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.i, self.j)
    }
}

/// A path (the kit's `Path`): the two cities it joins and its cells (city cells excluded).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Path {
    /// The ids of the two cities it joins (smaller first on generated boards).
    pub ends: (usize, usize),
    /// Its cells.
    pub cells: Vec<Pos>,
}

/// An order (the kit's `Command`): move unit (or ork) `id` one cell in `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    /// The unit (or ork).
    pub id: usize,
    /// Where to.
    pub dir: Dir,
}
