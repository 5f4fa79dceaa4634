//! The Walking Dead's small types: the eight directions, cell and unit types, cells, units and
//! the settings (positions are the shared [`crate::grid::Pos`]).

pub use crate::grid::Pos;
use std::ops::{Add, AddAssign};

/// A direction (the kit's `Dir`), counter-clockwise from `Down`, with the ABI's codes. Alive
/// units move only `Down`, `Right`, `Up`, `Left`; zombies move in all eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// Row + 1.
    Down = 0,
    /// Row + 1, column + 1.
    DR = 1,
    /// Column + 1.
    Right = 2,
    /// Row - 1, column + 1.
    RU = 3,
    /// Row - 1.
    Up = 4,
    /// Row - 1, column - 1.
    UL = 5,
    /// Column - 1.
    Left = 6,
    /// Row + 1, column - 1.
    LD = 7,
}

impl Dir {
    /// The eight directions, in kit order.
    pub const ALL: [Dir; 8] = [Dir::Down, Dir::DR, Dir::Right, Dir::RU, Dir::Up, Dir::UL, Dir::Left, Dir::LD];
    /// The four an alive unit can take, in kit order.
    pub const STRAIGHT: [Dir; 4] = [Dir::Down, Dir::Right, Dir::Up, Dir::Left];

    /// The direction with this code (0..=7).
    pub fn from_code(code: u8) -> Option<Dir> {
        Dir::ALL.get(usize::from(code)).copied()
    }

    /// The ABI code (0..=7).
    pub fn code(self) -> u8 {
        self as u8
    }

    /// (row, column) change.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Down => (1, 0),
            Dir::DR => (1, 1),
            Dir::Right => (0, 1),
            Dir::RU => (-1, 1),
            Dir::Up => (-1, 0),
            Dir::UL => (-1, -1),
            Dir::Left => (0, -1),
            Dir::LD => (1, -1),
        }
    }

    /// The opposite direction (`(d + 4) % 8` in the kit).
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }

    /// Whether alive units can take it (not diagonal).
    pub fn is_straight(self) -> bool {
        (self as u8).is_multiple_of(2)
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

/// The type of a cell (the kit's `CellType`). Positions off the board read as waste.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum CellType {
    /// Units and zombies walk here.
    Street = 0,
    /// Never entered.
    #[default]
    Waste = 1,
}

/// The type of a unit (the kit's `UnitType`), with the ABI's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum UnitType {
    /// Moves on its clan's orders.
    #[default]
    Alive = 0,
    /// Killed in a fight; becomes a zombie when its counter runs out.
    Dead = 1,
    /// Belongs to nobody and chases the nearest alive unit.
    Zombie = 2,
}

impl UnitType {
    /// The unit type with this code (0..=2).
    pub fn from_code(code: u8) -> Option<UnitType> {
        [UnitType::Alive, UnitType::Dead, UnitType::Zombie].get(usize::from(code)).copied()
    }
}

/// Everything about one cell (the kit's `Cell`). Owner and unit are `None` where the kit says -1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cell {
    /// Street or waste (the kit's `type`).
    pub kind: CellType,
    /// The clan owning the cell.
    pub owner: Option<usize>,
    /// The unit on the cell (the kit's `id`).
    pub id: Option<usize>,
    /// Whether the cell holds food.
    pub food: bool,
}

impl Cell {
    /// A street cell with no unit and no food (the kit's `is_empty()`).
    pub fn is_empty(&self) -> bool {
        self.kind == CellType::Street && self.id.is_none() && !self.food
    }
}

/// A unit (the kit's `Unit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Unit {
    /// Alive, dead or zombie (the kit's `type`).
    pub kind: UnitType,
    /// Its id, kept through death, zombification and rebirth.
    pub id: usize,
    /// Its clan; `None` for zombies (the kit's -1).
    pub player: Option<usize>,
    /// Where it stands.
    pub pos: Pos,
    /// Rounds left before it becomes a zombie; -1 when it is not converting.
    pub rounds_for_zombie: i32,
}

/// The match's parameters (the kit's `Settings`; `default.cnf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct Settings {
    pub num_rounds: i32,
    pub board_rows: i32,
    pub board_cols: i32,
    pub num_ini_units_per_clan: i32,
    pub num_ini_zombies: i32,
    pub num_ini_food: i32,
    pub clan_ini_strength: i32,
    pub points_for_killing_person: i32,
    pub points_for_killing_zombie: i32,
    pub points_per_owned_cell: i32,
    pub food_strength: i32,
    pub rounds_before_becoming_zombie: i32,
}
