//! Ork Island's small types: cell types, cells, orks and the settings (directions, positions,
//! paths and commands are the shared ones of [`crate::grid`]).

pub use crate::grid::{Command, Dir, Path, Pos};

/// The type of a cell (the kit's `CellType`), with the ABI's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum CellType {
    /// Never entered. Positions off the board read as water.
    #[default]
    Water = 0,
    /// Costs `cost_grass()` health to enter.
    Grass = 1,
    /// Costs `cost_forest()`.
    Forest = 2,
    /// Costs `cost_sand()`.
    Sand = 3,
    /// Part of a city; costs `cost_city()`.
    City = 4,
    /// Part of a path between two cities; costs `cost_path()`.
    Path = 5,
}

impl CellType {
    /// The six types, in code order.
    pub const ALL: [CellType; 6] =
        [CellType::Water, CellType::Grass, CellType::Forest, CellType::Sand, CellType::City, CellType::Path];

    /// The cell type with this code (0..=5).
    pub fn from_code(code: u8) -> Option<CellType> {
        CellType::ALL.get(usize::from(code)).copied()
    }
}

/// Everything about one cell (the kit's `Cell`). Ids are `None` where the kit says -1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Cell {
    /// The cell type (the kit's `type`).
    pub kind: CellType,
    /// The ork on the cell.
    pub unit_id: Option<usize>,
    /// The city the cell belongs to (CITY cells only).
    pub city_id: Option<usize>,
    /// The path the cell belongs to (PATH cells only).
    pub path_id: Option<usize>,
}

/// An ork (the kit's `Unit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Unit {
    /// Its id: its index in [`crate::ork_island::Game::units`].
    pub id: usize,
    /// Its owner.
    pub player: usize,
    /// Where it stands.
    pub pos: Pos,
    /// Health; 0 is alive, the ork dies when a move leaves it below 0.
    pub health: i32,
}

/// The match parameters (the kit's settings). [`crate::ork_island::Game`] has one accessor per
/// field, with the kit's names.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Settings {
    /// Number of rows.
    pub rows: i32,
    /// Number of columns (equal to `rows`).
    pub cols: i32,
    /// Number of rounds of the match.
    pub nb_rounds: i32,
    /// Health of a new or regenerated ork.
    pub initial_health: i32,
    /// Orks each player controls at the start.
    pub nb_orks: i32,
    /// Health paid to move into GRASS.
    pub cost_grass: i32,
    /// Health paid to move into FOREST.
    pub cost_forest: i32,
    /// Health paid to move into SAND.
    pub cost_sand: i32,
    /// Health paid to move into CITY.
    pub cost_city: i32,
    /// Health paid to move into PATH.
    pub cost_path: i32,
    /// Points per cell of an owned city, every round.
    pub bonus_per_city_cell: i32,
    /// Points per cell of an owned path, every round.
    pub bonus_per_path_cell: i32,
    /// `f` of the `f × 2^s` bonus per connected component of `s` owned cities.
    pub factor_connected_component: i32,
}
