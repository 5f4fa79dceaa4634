//! Mad Max's parameters (the kit's `default.cnf`, in its order) and their validation
//! (`docs/games/mad-max.md`, "Parameters").

use crate::game::NB_PLAYERS;
use crate::params::{ParamError, ParamSpec, ParamValues};

const fn spec(name: &'static str, default: i64, min: i64, max: i64, doc: &'static str) -> ParamSpec {
    ParamSpec { name, default, min, max, doc }
}

pub const SPECS: &[ParamSpec] = &[
    spec("nb_players", 4, 4, 4, "number of players"),
    spec("nb_rounds", 500, 1, 100_000, "number of rounds, numbered from 0"),
    spec("nb_cities", 8, 0, 400, "number of cities (a multiple of 4: nb_cities / 4 per player)"),
    spec("nb_warriors", 20, 2, 1000, "warriors each player starts with"),
    spec("nb_cars", 3, 1, 200, "cars each player starts with"),
    spec("warriors_health", 40, 1, 1_000_000, "a warrior's maximum (and initial) food and water"),
    spec("cars_fuel", 100, 1, 1_000_000, "a car's maximum (and initial) fuel"),
    spec("damage", 6, 1, 1_000_000, "food and water an attacked warrior loses"),
    spec("rows", 60, 40, 200, "number of rows"),
    spec("cols", 60, 40, 200, "number of columns"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    pub nb_rounds: u32,
    pub nb_cities: usize,
    pub nb_warriors: usize,
    pub nb_cars: usize,
    pub warriors_health: i32,
    pub cars_fuel: i32,
    pub damage: i32,
    pub rows: usize,
    pub cols: usize,
}

impl Params {
    pub fn from_values(v: &ParamValues) -> Result<Params, ParamError> {
        let p = Params {
            nb_rounds: v.get("nb_rounds") as u32,
            nb_cities: v.get("nb_cities") as usize,
            nb_warriors: v.get("nb_warriors") as usize,
            nb_cars: v.get("nb_cars") as usize,
            warriors_health: v.get("warriors_health") as i32,
            cars_fuel: v.get("cars_fuel") as i32,
            damage: v.get("damage") as i32,
            rows: v.get("rows") as usize,
            cols: v.get("cols") as usize,
        };
        let invalid = |m: String| Err(ParamError::Invalid(m));
        if !p.nb_cities.is_multiple_of(NB_PLAYERS) {
            return invalid(format!(
                "nb_cities ({}) must be a multiple of 4: each player starts with as many",
                p.nb_cities
            ));
        }
        if p.nb_warriors < p.cities_per_player() {
            return invalid(format!(
                "nb_warriors ({}) must be at least nb_cities / 4 ({}): each city starts with a warrior of its owner",
                p.nb_warriors,
                p.cities_per_player()
            ));
        }
        let units = p.nb_units();
        if units > p.rows * p.cols / 4 {
            return invalid(format!(
                "4 x (nb_warriors + nb_cars) is {units}; at most {} units fit on a {}x{} board",
                p.rows * p.cols / 4,
                p.rows,
                p.cols
            ));
        }
        Ok(p)
    }

    pub fn defaults() -> Params {
        Params::from_values(&ParamValues::defaults(SPECS)).expect("defaults are valid")
    }

    /// Cities each player owns at the start.
    pub fn cities_per_player(&self) -> usize {
        self.nb_cities / NB_PLAYERS
    }

    /// Units in the match (constant: captured units change team).
    pub fn nb_units(&self) -> usize {
        NB_PLAYERS * (self.nb_warriors + self.nb_cars)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(&str, i64)]) -> Result<Params, ParamError> {
        let mut v = ParamValues::defaults(SPECS);
        for &(n, x) in pairs {
            v.set(SPECS, n, x)?;
        }
        Params::from_values(&v)
    }

    #[test]
    fn defaults_are_the_kits() {
        let p = Params::defaults();
        assert_eq!((p.nb_rounds, p.nb_cities, p.nb_warriors, p.nb_cars), (500, 8, 20, 3));
        assert_eq!((p.warriors_health, p.cars_fuel, p.damage, p.rows, p.cols), (40, 100, 6, 60, 60));
        assert_eq!(p.nb_units(), 92);
    }

    #[test]
    fn the_kits_validation() {
        assert!(matches!(with(&[("nb_cities", 6)]), Err(ParamError::Invalid(m)) if m.contains("multiple of 4")));
        assert!(matches!(with(&[("nb_cities", 12), ("nb_warriors", 2)]), Err(ParamError::Invalid(_))));
        assert!(matches!(with(&[("nb_warriors", 1)]), Err(ParamError::OutOfRange { .. })));
        assert!(matches!(with(&[("nb_cars", 0)]), Err(ParamError::OutOfRange { .. })));
        assert!(matches!(with(&[("rows", 39)]), Err(ParamError::OutOfRange { .. })));
        assert!(matches!(with(&[("damage", 0)]), Err(ParamError::OutOfRange { .. })));
        assert!(matches!(with(&[("nb_warriors", 1000)]), Err(ParamError::Invalid(m)) if m.contains("units fit")));
        assert!(with(&[("nb_cities", 0), ("nb_rounds", 1)]).is_ok());
    }
}
