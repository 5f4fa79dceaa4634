//! Pandemic's parameters (the kit's `default.cnf`, in its order) and their validation.

use crate::params::{ParamError, ParamSpec, ParamValues};

pub const SPECS: &[ParamSpec] = &[
    ParamSpec { name: "nb_players", default: 4, min: 4, max: 4, doc: "number of players" },
    ParamSpec { name: "rows", default: 70, min: 20, max: 250, doc: "number of rows (the board is square)" },
    ParamSpec { name: "cols", default: 70, min: 20, max: 250, doc: "number of columns (must equal rows)" },
    ParamSpec { name: "nb_rounds", default: 200, min: 1, max: 100_000, doc: "number of rounds" },
    ParamSpec { name: "initial_health", default: 100, min: 1, max: 1_000_000, doc: "initial health of each unit" },
    ParamSpec { name: "nb_units", default: 15, min: 1, max: 10_000, doc: "units each player controls initially" },
    ParamSpec {
        name: "bonus_per_city_cell",
        default: 1,
        min: 0,
        max: 1_000_000,
        doc: "points per cell of an owned city, every round",
    },
    ParamSpec {
        name: "bonus_per_path_cell",
        default: 1,
        min: 0,
        max: 1_000_000,
        doc: "points per cell of an owned path, every round",
    },
    ParamSpec {
        name: "factor_connected_component",
        default: 2,
        min: 0,
        max: 1_000_000,
        doc: "factor f of the f x 2^s bonus per connected component of s cities",
    },
    ParamSpec {
        name: "infection_factor",
        default: 50,
        min: 1,
        max: 1_000_000,
        doc: "a unit in a cell with virus v gets infected with probability v / infection_factor",
    },
    ParamSpec {
        name: "mask_protection",
        default: 20,
        min: 1,
        max: 1_000_000,
        doc: "a mask divides the infection probability by this",
    },
];

/// Fixed constants of the rules (not parameters).
pub const ATTACK_DAMAGE: (i32, i32) = (25, 40);
pub const MASK_EVERY: u32 = 5;
pub const VIRUS_PER_SOURCE: u8 = 3;
pub const VIRUS_CAP_GRASS: u8 = 4;
pub const VIRUS_CAP_URBAN: u8 = 10;
pub const INFECTION_DAMAGE: (i32, i32) = (2, 5);
pub const RESPAWN_INFECTED_PROBABILITY: f64 = 0.2;
pub const RESPAWN_DAMAGE: (i32, i32) = (2, 4);
/// Damages of each player's first three units at round 0 (statement; the kit used 1, 2, 3).
pub const INITIAL_DAMAGES: [i32; 3] = [2, 3, 4];

#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub nb_players: usize,
    pub rows: usize,
    pub cols: usize,
    pub nb_rounds: u32,
    pub initial_health: i32,
    pub nb_units: usize,
    pub bonus_per_city_cell: i64,
    pub bonus_per_path_cell: i64,
    pub factor_connected_component: i64,
    pub infection_factor: f64,
    pub mask_protection: f64,
}

impl Params {
    pub fn from_values(v: &ParamValues) -> Result<Params, ParamError> {
        let p = Params {
            nb_players: v.get("nb_players") as usize,
            rows: v.get("rows") as usize,
            cols: v.get("cols") as usize,
            nb_rounds: v.get("nb_rounds") as u32,
            initial_health: v.get("initial_health") as i32,
            nb_units: v.get("nb_units") as usize,
            bonus_per_city_cell: v.get("bonus_per_city_cell"),
            bonus_per_path_cell: v.get("bonus_per_path_cell"),
            factor_connected_component: v.get("factor_connected_component"),
            infection_factor: v.get("infection_factor") as f64,
            mask_protection: v.get("mask_protection") as f64,
        };
        if p.rows != p.cols {
            return Err(ParamError::Invalid(format!(
                "the board must be square: rows = {} but cols = {}",
                p.rows, p.cols
            )));
        }
        if p.rows * p.cols < 100 * p.nb_units {
            return Err(ParamError::Invalid(format!(
                "rows x cols must be at least 100 x nb_units: {}x{} < 100 x {}",
                p.rows, p.cols, p.nb_units
            )));
        }
        Ok(p)
    }

    pub fn defaults() -> Params {
        Params::from_values(&ParamValues::defaults(SPECS)).expect("defaults are valid")
    }

    pub fn total_units(&self) -> usize {
        self.nb_players * self.nb_units
    }
}
