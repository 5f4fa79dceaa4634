//! The kit's small types: cell types, directions, positions, cells, units, cities and paths.

use std::fmt;
use std::ops::{Add, AddAssign};

/// The type of a cell (the kit's `CellType`), with the ABI's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum CellType {
    /// Not walkable. Positions off the board read as walls.
    #[default]
    Wall = 0,
    /// Open ground; masks lie only on grass.
    Grass = 1,
    /// Part of a city.
    City = 2,
    /// Part of a path between two cities.
    Path = 3,
}

impl CellType {
    /// The cell type with this code (0..=3).
    pub fn from_code(code: u8) -> Option<CellType> {
        match code {
            0 => Some(CellType::Wall),
            1 => Some(CellType::Grass),
            2 => Some(CellType::City),
            3 => Some(CellType::Path),
            _ => None,
        }
    }

    /// City or path: the cells that score, and one virus region.
    pub fn is_urban(self) -> bool {
        matches!(self, CellType::City | CellType::Path)
    }
}

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

/// Everything about one cell (the kit's `Cell`). Ids are `None` where the kit says -1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cell {
    /// The cell type (the kit's `type`).
    pub kind: CellType,
    /// The unit on the cell.
    pub unit_id: Option<usize>,
    /// The city the cell belongs to (CITY cells only).
    pub city_id: Option<usize>,
    /// The path the cell belongs to (PATH cells only).
    pub path_id: Option<usize>,
    /// Virus level: 0..=4 on grass, 0..=10 on cities and paths.
    pub virus: i32,
    /// A mask lies on the cell (worn masks are in [`Unit::mask`]).
    pub mask: bool,
}

/// A unit (the kit's `Unit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Unit {
    /// Its id: its index in [`crate::pandemic::Game::units`].
    pub id: usize,
    /// Its owner.
    pub player: usize,
    /// Where it stands.
    pub pos: Pos,
    /// Health; the unit dies when it goes below 0.
    pub health: i32,
    /// Health lost per round to the virus; > 0 means infected.
    pub damage: i32,
    /// Rounds infected so far.
    pub turns: i32,
    /// Healed from the virus: cannot be infected again.
    pub immune: bool,
    /// Wears a mask.
    pub mask: bool,
}

impl Unit {
    /// `damage > 0`.
    pub fn infected(&self) -> bool {
        self.damage > 0
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

/// An order (the kit's `Command`): move unit `id` one cell in `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    /// The unit.
    pub id: usize,
    /// Where to.
    pub dir: Dir,
}

/// The match parameters (the kit's settings). [`crate::pandemic::Game`] has one accessor per
/// field, with the kit's names.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Settings {
    /// Number of rows.
    pub rows: i32,
    /// Number of columns (equal to `rows`).
    pub cols: i32,
    /// Number of rounds of the match.
    pub nb_rounds: i32,
    /// Health of a new or respawned unit.
    pub initial_health: i32,
    /// Units each player controls at the start.
    pub nb_units: i32,
    /// Points per cell of an owned city, every round.
    pub bonus_per_city_cell: i32,
    /// Points per cell of an owned path, every round.
    pub bonus_per_path_cell: i32,
    /// `f` of the `f × 2^s` bonus per connected component of `s` owned cities.
    pub factor_connected_component: i32,
    /// A unit on a cell with virus `v` gets infected with probability `v / infection_factor`.
    pub infection_factor: f64,
    /// A mask divides the infection probability by this.
    pub mask_protection: f64,
}
