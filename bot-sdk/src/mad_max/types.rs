//! Mad Max's small types: the nine directions, cell and unit types, cells and units (positions
//! are the shared [`crate::grid::Pos`]).

pub use crate::grid::Pos;
use std::ops::{Add, AddAssign};

/// A direction (the kit's `Dir`), counter-clockwise from Bottom, with the ABI's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// Row + 1.
    Bottom = 0,
    /// Row + 1, column + 1.
    BR = 1,
    /// Column + 1.
    Right = 2,
    /// Row - 1, column + 1.
    RT = 3,
    /// Row - 1.
    Top = 4,
    /// Row - 1, column - 1.
    TL = 5,
    /// Column - 1.
    Left = 6,
    /// Row + 1, column - 1.
    LB = 7,
    /// Stay.
    None = 8,
}

impl Dir {
    /// The nine directions, in kit order.
    pub const ALL: [Dir; 9] =
        [Dir::Bottom, Dir::BR, Dir::Right, Dir::RT, Dir::Top, Dir::TL, Dir::Left, Dir::LB, Dir::None];
    /// The eight moves, in kit order.
    pub const MOVES: [Dir; 8] = [Dir::Bottom, Dir::BR, Dir::Right, Dir::RT, Dir::Top, Dir::TL, Dir::Left, Dir::LB];

    /// The direction with this code (0..=8).
    pub fn from_code(code: u8) -> Option<Dir> {
        Dir::ALL.get(usize::from(code)).copied()
    }

    /// The ABI code (0..=8).
    pub fn code(self) -> u8 {
        self as u8
    }

    /// (row, column) change.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Bottom => (1, 0),
            Dir::BR => (1, 1),
            Dir::Right => (0, 1),
            Dir::RT => (-1, 1),
            Dir::Top => (-1, 0),
            Dir::TL => (-1, -1),
            Dir::Left => (0, -1),
            Dir::LB => (1, -1),
            Dir::None => (0, 0),
        }
    }

    /// The opposite move (`(d + 4) % 8` in the kit); `None` stays.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::None => Dir::None,
            d => Dir::MOVES[(d as usize + 4) % 8],
        }
    }
}

impl Add<Dir> for Pos {
    type Output = Pos;
    fn add(self, d: Dir) -> Pos {
        let (di, dj) = d.delta();
        Pos::new(self.i + di, self.j + dj)
    }
}

impl AddAssign<Dir> for Pos {
    fn add_assign(&mut self, d: Dir) {
        *self = *self + d;
    }
}

/// A cell's type (the kit's `CellType`), with the view's codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum CellType {
    /// Warriors and cars (slowly, off roads).
    #[default]
    Desert = 0,
    /// Warriors and cars; a car with fuel on a road moves every round.
    Road = 1,
    /// Warriors only; a warrior on one refills its food.
    City = 2,
    /// Nobody; refills the water of warriors next to it.
    Water = 3,
    /// Nobody; refills the fuel of cars next to it.
    Station = 4,
    /// Nobody.
    Wall = 5,
}

impl CellType {
    /// The six types, in kit order.
    pub const ALL: [CellType; 6] =
        [CellType::Desert, CellType::Road, CellType::City, CellType::Water, CellType::Station, CellType::Wall];

    /// The type of this view code (0..=5).
    pub fn from_code(code: u8) -> Option<CellType> {
        CellType::ALL.get(usize::from(code)).copied()
    }
}

/// A unit's type (the kit's `UnitType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum UnitType {
    /// Walks on desert, roads and cities.
    #[default]
    Warrior,
    /// Drives on desert and roads.
    Car,
}

/// A cell (the kit's `Cell`); the kit's -1 ("none") is `None` here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Its type.
    pub kind: CellType,
    /// The owner of the city, on City cells.
    pub owner: Option<usize>,
    /// The unit on it.
    pub id: Option<usize>,
}

/// A unit (the kit's `Unit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unit {
    /// Warrior or car.
    pub kind: UnitType,
    /// Its id (it never changes, captures included).
    pub id: usize,
    /// Its player.
    pub player: usize,
    /// A warrior's food; a car's fuel.
    pub food: i32,
    /// A warrior's water; 0 for cars.
    pub water: i32,
    /// Where it stands.
    pub pos: Pos,
}
