//! Ork Island's parameters (the kit's `default.cnf`, in its order) and their validation.

use crate::params::{ParamError, ParamSpec, ParamValues};

const fn cost(name: &'static str, default: i64, doc: &'static str) -> ParamSpec {
    ParamSpec { name, default, min: 0, max: 1_000_000, doc }
}

const fn bonus(name: &'static str, default: i64, doc: &'static str) -> ParamSpec {
    ParamSpec { name, default, min: 0, max: 1_000_000, doc }
}

pub const SPECS: &[ParamSpec] = &[
    ParamSpec { name: "nb_players", default: 4, min: 4, max: 4, doc: "number of players" },
    ParamSpec { name: "rows", default: 70, min: 20, max: 250, doc: "number of rows (the board is square)" },
    ParamSpec { name: "cols", default: 70, min: 20, max: 250, doc: "number of columns (must equal rows)" },
    ParamSpec { name: "nb_rounds", default: 200, min: 1, max: 100_000, doc: "number of rounds" },
    ParamSpec { name: "initial_health", default: 100, min: 1, max: 1_000_000, doc: "initial health of each ork" },
    ParamSpec { name: "nb_orks", default: 15, min: 1, max: 10_000, doc: "orks each player controls initially" },
    cost("cost_grass", 1, "health an ork pays to move into GRASS"),
    cost("cost_forest", 2, "health an ork pays to move into FOREST"),
    cost("cost_sand", 3, "health an ork pays to move into SAND"),
    cost("cost_city", 0, "health an ork pays to move into CITY"),
    cost("cost_path", 0, "health an ork pays to move into PATH"),
    bonus("bonus_per_city_cell", 1, "points per cell of an owned city, every round"),
    bonus("bonus_per_path_cell", 1, "points per cell of an owned path, every round"),
    bonus("factor_connected_component", 2, "factor f of the f x 2^s bonus per connected component of s cities"),
];

#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub nb_players: usize,
    pub rows: usize,
    pub cols: usize,
    pub nb_rounds: u32,
    pub initial_health: i32,
    pub nb_orks: usize,
    pub cost_grass: i32,
    pub cost_forest: i32,
    pub cost_sand: i32,
    pub cost_city: i32,
    pub cost_path: i32,
    pub bonus_per_city_cell: i64,
    pub bonus_per_path_cell: i64,
    pub factor_connected_component: i64,
}

impl Params {
    pub fn from_values(v: &ParamValues) -> Result<Params, ParamError> {
        let p = Params {
            nb_players: v.get("nb_players") as usize,
            rows: v.get("rows") as usize,
            cols: v.get("cols") as usize,
            nb_rounds: v.get("nb_rounds") as u32,
            initial_health: v.get("initial_health") as i32,
            nb_orks: v.get("nb_orks") as usize,
            cost_grass: v.get("cost_grass") as i32,
            cost_forest: v.get("cost_forest") as i32,
            cost_sand: v.get("cost_sand") as i32,
            cost_city: v.get("cost_city") as i32,
            cost_path: v.get("cost_path") as i32,
            bonus_per_city_cell: v.get("bonus_per_city_cell"),
            bonus_per_path_cell: v.get("bonus_per_path_cell"),
            factor_connected_component: v.get("factor_connected_component"),
        };
        if p.rows != p.cols {
            return Err(ParamError::Invalid(format!(
                "the board must be square: rows = {} but cols = {}",
                p.rows, p.cols
            )));
        }
        if p.rows * p.cols < 100 * p.nb_orks {
            return Err(ParamError::Invalid(format!(
                "rows x cols must be at least 100 x nb_orks: {}x{} < 100 x {}",
                p.rows, p.cols, p.nb_orks
            )));
        }
        Ok(p)
    }

    pub fn defaults() -> Params {
        Params::from_values(&ParamValues::defaults(SPECS)).expect("defaults are valid")
    }

    pub fn total_orks(&self) -> usize {
        self.nb_players * self.nb_orks
    }

    /// What moving into a cell of type `t` costs; `None` for WATER (never entered).
    pub fn cost(&self, t: super::board::CellType) -> Option<i32> {
        use super::board::CellType::*;
        match t {
            Water => None,
            Grass => Some(self.cost_grass),
            Forest => Some(self.cost_forest),
            Sand => Some(self.cost_sand),
            City => Some(self.cost_city),
            Path => Some(self.cost_path),
        }
    }

    pub fn bonuses(&self) -> crate::games::shared::conquest::Bonuses {
        crate::games::shared::conquest::Bonuses {
            per_city_cell: self.bonus_per_city_cell,
            per_path_cell: self.bonus_per_path_cell,
            factor_connected_component: self.factor_connected_component,
        }
    }
}
