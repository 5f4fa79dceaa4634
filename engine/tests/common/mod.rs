//! Helpers the engine's tests share: the platform's conformance harness (`conformance`), and a small
//! hand-made Pandemic board for scenario tests.
#![allow(dead_code)]

#[macro_use]
pub mod conformance;

use engine::cnf::BoardSource;
use engine::game::{Game, NB_PLAYERS};
use engine::games::pandemic::params::Params;
use engine::games::pandemic::state::{Order, State};
use engine::games::pandemic::{fixed, rules, Pandemic};
use engine::grid::{Dir, Pos};
use engine::params::ParamValues;
use engine::rng::{GameRng, Stream};

/// 20x20: city 0 (rows 3-5, cols 3-5, 9 cells), city 1 (rows 3-4, cols 12-13, 4 cells),
/// city 2 (rows 12-13, cols 3-4, 4 cells); path 0 joins cities 0 and 1 along row 4 (cols 6-11,
/// 6 cells); path 1 joins cities 0 and 2 along col 4 (rows 6-11, 6 cells); a wall at (15, 10).
pub const BOARD: [&str; 20] = [
    "XXXXXXXXXXXXXXXXXXXX",
    "X..................X",
    "X..................X",
    "X..CCC......CC.....X",
    "X..CCCPPPPPPCC.....X",
    "X..CCC.............X",
    "X...P..............X",
    "X...P..............X",
    "X...P..............X",
    "X...P..............X",
    "X...P..............X",
    "X...P..............X",
    "X..CC..............X",
    "X..CC..............X",
    "X..................X",
    "X.........X........X",
    "X..................X",
    "X..................X",
    "X..................X",
    "XXXXXXXXXXXXXXXXXXXX",
];

/// A unit line for the FIXED board: (player, row, col, health, damage, turns, immune, mask).
pub type U = (usize, i32, i32, i32, i32, i32, bool, bool);

/// Parameters for the test board: 20x20, `nb_units` per player, other values default.
pub fn params(nb_units: i64, changes: &[(&str, i64)]) -> ParamValues {
    let specs = Pandemic::param_specs();
    let mut v = ParamValues::defaults(specs);
    v.set(specs, "rows", 20).unwrap();
    v.set(specs, "cols", 20).unwrap();
    v.set(specs, "nb_units", nb_units).unwrap();
    for (n, x) in changes {
        v.set(specs, n, *x).unwrap();
    }
    v
}

/// The `.cnf` board lines: the grid, the units (ids in list order) and the masks.
pub fn fixed_lines(units: &[U], masks: &[(i32, i32)]) -> Vec<(usize, String)> {
    let mut text = vec!["   00000000001111111111".to_string(), "   01234567890123456789".to_string()];
    text.extend(BOARD.iter().enumerate().map(|(i, r)| format!("{i:02} {r}")));
    text.push(format!("units {}", units.len()));
    text.push("id player row col health damage turns immune mask".into());
    for (id, u) in units.iter().enumerate() {
        text.push(format!("{id} {} {} {} {} {} {} {} {}", u.0, u.1, u.2, u.3, u.4, u.5, u.6 as u8, u.7 as u8));
    }
    text.push(format!("masks {}", masks.len()));
    text.push("row col".into());
    for (i, j) in masks {
        text.push(format!("{i} {j}"));
    }
    text.into_iter().enumerate().map(|(k, l)| (k + 1, l)).collect()
}

/// A state on the test board with exactly these units (one per player per `nb_units`).
pub fn state_with(units: &[U], masks: &[(i32, i32)], changes: &[(&str, i64)]) -> State {
    let nb_units = (units.len() / NB_PLAYERS) as i64;
    let values = params(nb_units, changes);
    let p = Params::from_values(&values).unwrap();
    let fixed = fixed::parse(&p, &fixed_lines(units, masks)).unwrap();
    fixed::into_state(p, fixed)
}

/// Four healthy units far apart (one per player), with `first` replacing player 0's unit.
pub fn four_units(first: U) -> Vec<U> {
    vec![
        first,
        (1, 17, 17, 100, 0, 0, false, false),
        (2, 17, 2, 100, 0, 0, false, false),
        (3, 2, 17, 100, 0, 0, false, false),
    ]
}

pub fn healthy(player: usize, i: i32, j: i32) -> U {
    (player, i, j, 100, 0, 0, false, false)
}

/// Plays one round where `orders` are given by their units' owners.
pub fn step(s: &mut State, orders: &[(usize, Dir)], rng: &mut GameRng) {
    let mut per: [Vec<Order>; NB_PLAYERS] = Default::default();
    for &(unit, dir) in orders {
        per[s.units[unit].player].push(Order { unit, dir });
    }
    rules::play_round(s, &per, rng);
}

pub fn rng(seed: u64) -> GameRng {
    GameRng::new(seed, Stream::Rules)
}

pub fn at(i: i32, j: i32) -> Pos {
    Pos::new(i, j)
}

/// Checks the invariants every state must keep.
pub fn check_invariants(s: &State) {
    let cells = s.board.rows() * s.board.cols();
    let mut seen = vec![false; cells];
    for u in &s.units {
        let k = s.board.index(u.pos);
        assert!(!seen[k], "two units on {}", u.pos);
        seen[k] = true;
        assert_eq!(s.unit_at[k], u.id as i32, "unit_at out of sync for unit {}", u.id);
        assert_ne!(s.board.cell(u.pos), engine::games::pandemic::board::CellType::Wall, "unit {} on a wall", u.id);
        assert!(u.player < NB_PLAYERS);
        assert!(u.health >= 0, "a live unit has negative health");
        assert!(!(u.immune && u.damage > 0), "unit {} immune and infected", u.id);
        assert!(u.damage == 0 || (2..=5).contains(&u.damage), "damage {}", u.damage);
    }
    assert_eq!(s.unit_at.iter().filter(|&&u| u >= 0).count(), s.units.len());
    for (k, &v) in s.virus.iter().enumerate() {
        assert!(v <= s.board.virus_caps()[k], "virus {v} over the cap at cell {k}");
    }
}

pub fn board_source_generated() -> BoardSource {
    BoardSource::Generated
}
