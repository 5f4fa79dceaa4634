//! The Purge's parameters (the kit's `default.cnf`, in its order) and their validation (the
//! statement's Figure 5, `docs/games/purge.md`).

use crate::params::{ParamError, ParamSpec, ParamValues};

const fn spec(name: &'static str, default: i64, min: i64, max: i64, doc: &'static str) -> ParamSpec {
    ParamSpec { name, default, min, max, doc }
}

/// Upper bound for the values the statement leaves unbounded ("every other value >= 1").
const BIG: i64 = 1_000_000;

pub const SPECS: &[ParamSpec] = &[
    spec("num_players", 4, 4, 4, "number of players"),
    spec("num_days", 5, 1, 10_000, "number of days"),
    spec("num_rounds_per_day", 50, 2, 10_000, "rounds per day (even): the first half is daylight, then night"),
    spec("board_rows", 15, 12, 25, "number of rows"),
    spec("board_cols", 30, 12, 50, "number of columns"),
    spec("num_ini_builders", 4, 1, 6, "builders each player starts with"),
    spec("num_ini_warriors", 2, 1, 4, "warriors each player starts with"),
    spec("num_ini_money", 10, 0, 10, "money items on the board"),
    spec("num_ini_food", 5, 0, 10, "food items on the board"),
    spec("num_ini_guns", 4, 0, 5, "guns on the board"),
    spec("num_ini_bazookas", 2, 0, 4, "bazookas on the board"),
    spec("builder_ini_life", 60, 1, BIG, "a builder's initial (and maximum) life"),
    spec("warrior_ini_life", 100, 1, BIG, "a warrior's initial (and maximum) life"),
    spec("money_points", 5, 1, BIG, "points for each money item collected"),
    spec("kill_builder_points", 100, 1, BIG, "points for killing a builder"),
    spec("kill_warrior_points", 250, 1, BIG, "points for killing a warrior"),
    spec("food_incr_life", 20, 1, BIG, "life a food item gives"),
    spec("life_lost_in_attack", 20, 1, BIG, "life the loser of a fight loses"),
    spec("builder_strength_attack", 1, 1, BIG, "a builder's attack strength"),
    spec("hammer_strength_attack", 10, 1, BIG, "attack strength with a hammer"),
    spec("gun_strength_attack", 100, 1, BIG, "attack strength with a gun"),
    spec("bazooka_strength_attack", 1000, 1, BIG, "attack strength with a bazooka"),
    spec("builder_strength_demolish", 3, 1, BIG, "a builder's demolition strength"),
    spec("hammer_strength_demolish", 10, 1, BIG, "demolition strength with a hammer"),
    spec("gun_strength_demolish", 10, 1, BIG, "demolition strength with a gun"),
    spec("bazooka_strength_demolish", 30, 1, BIG, "demolition strength with a bazooka"),
    spec("num_rounds_regen_builder", 50, 1, BIG, "rounds before a dead builder comes back"),
    spec("num_rounds_regen_warrior", 50, 1, BIG, "rounds before a dead warrior comes back"),
    spec("num_rounds_regen_food", 10, 1, BIG, "rounds before eaten food comes back"),
    spec("num_rounds_regen_money", 5, 1, BIG, "rounds before collected money comes back"),
    spec("num_rounds_regen_weapon", 40, 1, BIG, "rounds before a taken weapon comes back"),
    spec("barricade_resistance_step", 40, 1, BIG, "resistance a build order adds"),
    spec("barricade_max_resistance", 320, 1, BIG, "a barricade's maximum resistance"),
    spec("max_num_barricades", 3, 1, BIG, "barricades a player may have at once"),
];

/// Attack or demolition strengths: a builder's, then with a hammer, a gun, a bazooka.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strengths {
    pub builder: i64,
    pub hammer: i64,
    pub gun: i64,
    pub bazooka: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    pub num_days: u32,
    pub rounds_per_day: u32,
    pub rows: usize,
    pub cols: usize,
    pub builders: usize,
    pub warriors: usize,
    pub money: usize,
    pub food: usize,
    pub guns: usize,
    pub bazookas: usize,
    pub builder_life: i64,
    pub warrior_life: i64,
    pub money_points: i64,
    pub kill_builder_points: i64,
    pub kill_warrior_points: i64,
    pub food_incr_life: i64,
    pub life_lost_in_attack: i64,
    pub attack: Strengths,
    pub demolish: Strengths,
    pub regen_builder: u32,
    pub regen_warrior: u32,
    pub regen_food: u32,
    pub regen_money: u32,
    pub regen_weapon: u32,
    pub resistance_step: i64,
    pub max_resistance: i64,
    pub max_barricades: usize,
}

impl Params {
    pub fn from_values(v: &ParamValues) -> Result<Params, ParamError> {
        let strengths = |kind: &str| Strengths {
            builder: v.get(&format!("builder_strength_{kind}")),
            hammer: v.get(&format!("hammer_strength_{kind}")),
            gun: v.get(&format!("gun_strength_{kind}")),
            bazooka: v.get(&format!("bazooka_strength_{kind}")),
        };
        let p = Params {
            num_days: v.get("num_days") as u32,
            rounds_per_day: v.get("num_rounds_per_day") as u32,
            rows: v.get("board_rows") as usize,
            cols: v.get("board_cols") as usize,
            builders: v.get("num_ini_builders") as usize,
            warriors: v.get("num_ini_warriors") as usize,
            money: v.get("num_ini_money") as usize,
            food: v.get("num_ini_food") as usize,
            guns: v.get("num_ini_guns") as usize,
            bazookas: v.get("num_ini_bazookas") as usize,
            builder_life: v.get("builder_ini_life"),
            warrior_life: v.get("warrior_ini_life"),
            money_points: v.get("money_points"),
            kill_builder_points: v.get("kill_builder_points"),
            kill_warrior_points: v.get("kill_warrior_points"),
            food_incr_life: v.get("food_incr_life"),
            life_lost_in_attack: v.get("life_lost_in_attack"),
            attack: strengths("attack"),
            demolish: strengths("demolish"),
            regen_builder: v.get("num_rounds_regen_builder") as u32,
            regen_warrior: v.get("num_rounds_regen_warrior") as u32,
            regen_food: v.get("num_rounds_regen_food") as u32,
            regen_money: v.get("num_rounds_regen_money") as u32,
            regen_weapon: v.get("num_rounds_regen_weapon") as u32,
            resistance_step: v.get("barricade_resistance_step"),
            max_resistance: v.get("barricade_max_resistance"),
            max_barricades: v.get("max_num_barricades") as usize,
        };
        let invalid = |m: String| Err(ParamError::Invalid(m));
        if !p.rounds_per_day.is_multiple_of(2) {
            return invalid(format!(
                "num_rounds_per_day ({}) must be even: half daylight, half night",
                p.rounds_per_day
            ));
        }
        if u64::from(p.num_days) * u64::from(p.rounds_per_day) > 1_000_000 {
            return invalid(format!(
                "num_days x num_rounds_per_day is {}; at most 1000000 rounds",
                u64::from(p.num_days) * u64::from(p.rounds_per_day)
            ));
        }
        for (kind, s) in [("attack", p.attack), ("demolish", p.demolish)] {
            if !(s.builder <= s.hammer && s.hammer <= s.gun && s.gun <= s.bazooka) {
                return invalid(format!(
                    "{kind} strengths must grow: builder ({}) <= hammer ({}) <= gun ({}) <= bazooka ({})",
                    s.builder, s.hammer, s.gun, s.bazooka
                ));
            }
        }
        if p.resistance_step > p.max_resistance {
            return invalid(format!(
                "barricade_resistance_step ({}) must be at most barricade_max_resistance ({})",
                p.resistance_step, p.max_resistance
            ));
        }
        Ok(p)
    }

    pub fn defaults() -> Params {
        Params::from_values(&ParamValues::defaults(SPECS)).expect("defaults are valid")
    }

    /// Rounds in the match: days × rounds per day.
    pub fn num_rounds(&self) -> u32 {
        self.num_days * self.rounds_per_day
    }

    /// Round r is daylight in the first half of its day.
    pub fn is_day(&self, round: u32) -> bool {
        round % self.rounds_per_day < self.rounds_per_day / 2
    }

    /// Citizens each player starts with.
    pub fn citizens_per_player(&self) -> usize {
        self.builders + self.warriors
    }
}
