//! The Walking Dead's parameters (the kit's `default.cnf`, in its order) and their validation
//! (`docs/games/walking-dead.md`).

use crate::params::{ParamError, ParamSpec, ParamValues};

const fn positive(name: &'static str, default: i64, max: i64, doc: &'static str) -> ParamSpec {
    ParamSpec { name, default, min: 1, max, doc }
}

pub const SPECS: &[ParamSpec] = &[
    ParamSpec { name: "num_players", default: 4, min: 4, max: 4, doc: "number of players" },
    positive("num_rounds", 200, 100_000, "number of rounds"),
    ParamSpec { name: "board_rows", default: 60, min: 60, max: 60, doc: "number of rows" },
    ParamSpec { name: "board_cols", default: 60, min: 60, max: 60, doc: "number of columns" },
    positive("num_ini_units_per_clan", 20, 200, "alive units each clan starts with"),
    ParamSpec { name: "num_ini_zombies", default: 10, min: 0, max: 500, doc: "zombies at the start" },
    positive("num_ini_food", 15, 500, "food items on the board at any time"),
    positive("clan_ini_strength", 1000, 1_000_000, "strength points each clan starts with"),
    positive("points_for_killing_person", 50, 1_000_000, "points for each fight won"),
    ParamSpec {
        name: "points_for_killing_zombie",
        default: 10,
        min: 0,
        max: 1_000_000,
        doc: "points for each zombie killed (less than points_for_killing_person)",
    },
    positive("points_per_owned_cell", 1, 1_000_000, "points per owned cell, in the round's score"),
    positive("food_strength", 50, 1_000_000, "strength points a food item gives"),
    positive("rounds_before_becoming_zombie", 5, 1000, "rounds from a death or first bite to becoming a zombie"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    pub num_rounds: u32,
    pub rows: usize,
    pub cols: usize,
    pub units_per_clan: usize,
    pub zombies: usize,
    pub food: usize,
    pub clan_ini_strength: i64,
    pub points_for_killing_person: i64,
    pub points_for_killing_zombie: i64,
    pub points_per_owned_cell: i64,
    pub food_strength: i64,
    pub rounds_before_becoming_zombie: i32,
}

impl Params {
    pub fn from_values(v: &ParamValues) -> Result<Params, ParamError> {
        let p = Params {
            num_rounds: v.get("num_rounds") as u32,
            rows: v.get("board_rows") as usize,
            cols: v.get("board_cols") as usize,
            units_per_clan: v.get("num_ini_units_per_clan") as usize,
            zombies: v.get("num_ini_zombies") as usize,
            food: v.get("num_ini_food") as usize,
            clan_ini_strength: v.get("clan_ini_strength"),
            points_for_killing_person: v.get("points_for_killing_person"),
            points_for_killing_zombie: v.get("points_for_killing_zombie"),
            points_per_owned_cell: v.get("points_per_owned_cell"),
            food_strength: v.get("food_strength"),
            rounds_before_becoming_zombie: v.get("rounds_before_becoming_zombie") as i32,
        };
        if p.points_for_killing_zombie >= p.points_for_killing_person {
            return Err(ParamError::Invalid(format!(
                "points_for_killing_zombie ({}) must be less than points_for_killing_person ({})",
                p.points_for_killing_zombie, p.points_for_killing_person
            )));
        }
        // Every unit and food item needs its own street cell; a generated board keeps at least
        // half of its cells as street, so this bound always leaves room.
        let items = p.total_units() + p.food;
        if items > p.rows * p.cols / 4 {
            return Err(ParamError::Invalid(format!(
                "4 x num_ini_units_per_clan + num_ini_zombies + num_ini_food is {items}; at most {} fit on a {}x{} board",
                p.rows * p.cols / 4,
                p.rows,
                p.cols
            )));
        }
        Ok(p)
    }

    pub fn defaults() -> Params {
        Params::from_values(&ParamValues::defaults(SPECS)).expect("defaults are valid")
    }

    /// Units of every kind: the clans' and the zombies' (a constant of the match).
    pub fn total_units(&self) -> usize {
        crate::game::NB_PLAYERS * self.units_per_clan + self.zombies
    }
}
