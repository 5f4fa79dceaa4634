//! The Purge's small types: the four directions, cell, bonus, weapon and citizen types, cells,
//! citizens (positions are the shared [`crate::grid::Pos`]).

pub use crate::grid::Pos;
use std::ops::{Add, AddAssign};

/// A direction (the kit's `Dir`), with the ABI's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// Row + 1.
    Down = 0,
    /// Column + 1.
    Right = 1,
    /// Row - 1.
    Up = 2,
    /// Column - 1.
    Left = 3,
}

impl Dir {
    /// The four directions, in kit order.
    pub const ALL: [Dir; 4] = [Dir::Down, Dir::Right, Dir::Up, Dir::Left];

    /// The direction with this code (0..=3).
    pub fn from_code(code: u8) -> Option<Dir> {
        Dir::ALL.get(usize::from(code)).copied()
    }

    /// The ABI code (0..=3).
    pub fn code(self) -> u8 {
        self as u8
    }

    /// (row, column) change.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Down => (1, 0),
            Dir::Right => (0, 1),
            Dir::Up => (-1, 0),
            Dir::Left => (0, -1),
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

/// A cell's type (the kit's `CellType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CellType {
    /// Citizens walk here.
    #[default]
    Street,
    /// Nobody enters.
    Building,
}

/// What bonus a cell holds (the kit's `BonusType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BonusType {
    /// Points for the clan that takes it.
    Money,
    /// Life for the citizen that takes it.
    Food,
    /// None.
    #[default]
    NoBonus,
}

/// A weapon (the kit's `WeaponType`), weakest first; `NoWeapon` for builders and empty cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WeaponType {
    /// Every warrior's first weapon.
    Hammer,
    /// Stronger than a hammer.
    Gun,
    /// The strongest.
    Bazooka,
    /// None.
    #[default]
    NoWeapon,
}

impl WeaponType {
    /// The weapon of this view code (0 hammer, 1 gun, 2 bazooka, 3 none).
    pub fn from_code(code: i32) -> Option<WeaponType> {
        Some(match code {
            0 => WeaponType::Hammer,
            1 => WeaponType::Gun,
            2 => WeaponType::Bazooka,
            3 => WeaponType::NoWeapon,
            _ => return None,
        })
    }
}

/// The stronger of two weapons (the kit's `strongestWeapon`); `NoWeapon` is the weakest.
pub fn strongest_weapon(a: WeaponType, b: WeaponType) -> WeaponType {
    match (a, b) {
        (WeaponType::NoWeapon, x) | (x, WeaponType::NoWeapon) => x,
        (a, b) => a.max(b),
    }
}

/// A citizen's type (the kit's `CitizenType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CitizenType {
    /// Builds barricades by day; carries no weapon.
    #[default]
    Builder,
    /// Carries a weapon.
    Warrior,
}

/// A cell (the kit's `Cell`); the kit's -1 ("none") is `None` here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Street or building.
    pub kind: CellType,
    /// Money, food or none.
    pub bonus: BonusType,
    /// A gun, a bazooka or none.
    pub weapon: WeaponType,
    /// The barricade's resistance.
    pub resistance: Option<i32>,
    /// The barricade's owner.
    pub b_owner: Option<usize>,
    /// The citizen on the cell.
    pub id: Option<usize>,
}

impl Cell {
    /// A street cell with no bonus, weapon, barricade or citizen (the kit's `is_empty`).
    pub fn is_empty(&self) -> bool {
        self.kind == CellType::Street
            && self.bonus == BonusType::NoBonus
            && self.weapon == WeaponType::NoWeapon
            && self.b_owner.is_none()
            && self.id.is_none()
    }
}

/// A citizen (the kit's `Citizen`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Citizen {
    /// Builder or warrior.
    pub kind: CitizenType,
    /// Its id.
    pub id: usize,
    /// Its player.
    pub player: usize,
    /// Where it stands.
    pub pos: Pos,
    /// `NoWeapon` for builders.
    pub weapon: WeaponType,
    /// Its life.
    pub life: i32,
}
