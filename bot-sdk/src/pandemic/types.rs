//! The kit's small types: cell types, directions, positions, cells, units, cities and paths.

pub use crate::grid::{Command, Dir, Path, Pos};

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
