//! FIXED Walking Dead boards in `.cnf` files, in the kit's layout:
//!
//! ```text
//! FIXED
//!    000000000011111111112222222222333333333344444444445555555555
//!    012345678901234567890123456789012345678901234567890123456789   <- column labels, skipped
//! 00 ............................................................   <- 60 rows: a row label,
//! 01 ....WWWW.....0.........................................1....      then `.` street,
//! ...                                                                   `W` waste, `0`..`3`
//! units 90                                                               street owned by a clan
//! type id player row column rounds                             <- header line, optional
//! a 0 0 1 13 -1                                                <- `a` alive, `z` zombie
//! ...
//! food 15
//! row column
//! 10 20
//! ...
//! ```
//! `units` lists every unit once (ids `0..4 × num_ini_units_per_clan + num_ini_zombies`), with
//! `num_ini_units_per_clan` alive units per clan on street cells their clan owns, counters -1
//! or `1..=rounds_before_becoming_zombie` (bitten), and `num_ini_zombies` zombies of player -1
//! and counter -1; no dead unit. `food` lists `num_ini_food` street cells with no unit. Either
//! section may be left out: its items are then placed as on a random board.

use super::board::Board;
use super::params::Params;
use super::setup;
use super::state::{State, Unit, UnitType};
use crate::cnf::CnfError;
use crate::game::{SetupError, NB_PLAYERS};
use crate::games::shared::fixed_grid::{self, Section};
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// A cell of the FIXED grid: waste, or street with an owner (-1 none).
#[derive(Clone, Copy)]
struct FixedCell {
    waste: bool,
    owner: i8,
}

fn cell(c: char) -> Option<FixedCell> {
    match c {
        'W' => Some(FixedCell { waste: true, owner: -1 }),
        '.' => Some(FixedCell { waste: false, owner: -1 }),
        '0'..='3' => Some(FixedCell { waste: false, owner: c as i8 - b'0' as i8 }),
        _ => None,
    }
}

fn unit_word(w: &str) -> Option<i64> {
    match w {
        "a" => Some(UnitType::Alive.code().into()),
        "d" => Some(UnitType::Dead.code().into()),
        "z" => Some(UnitType::Zombie.code().into()),
        _ => None,
    }
}

/// The state a FIXED board describes (missing units or food placed with `rng`).
pub fn state(params: &Params, lines: &[(usize, String)], rng: &mut GameRng) -> Result<State, SetupError> {
    let (cells, last_line, sections) = fixed_grid::parse_with_words(
        params.rows,
        params.cols,
        lines,
        FixedCell { waste: true, owner: -1 },
        cell,
        "`.` street, `W` waste, `0`..`3` street owned by that player",
        &[("units", 6), ("food", 2)],
        unit_word,
    )?;
    let mut waste = Grid::new(params.rows, params.cols, false);
    for p in cells.positions() {
        waste[p] = cells[p].waste;
    }
    let board = Board::new(waste);
    if board.streets().is_empty() {
        return Err(CnfError::new(last_line, "the board has no street cell").into());
    }
    let mut s = State::empty(params.clone(), board);
    for p in cells.positions() {
        s.set_owner(p, cells[p].owner);
    }
    let (mut units, mut food) = (None, None);
    for sec in sections {
        let slot = if sec.name == "units" { &mut units } else { &mut food };
        if slot.is_some() {
            return Err(CnfError::new(sec.line, format!("`{}` is given twice", sec.name)).into());
        }
        *slot = Some(sec);
    }
    match units {
        Some(sec) => read_units(&mut s, &sec)?,
        None => {
            let placed = setup::initial_state(params.clone(), (*s.board).clone(), rng)?;
            let owners = s.owner.clone();
            s = placed;
            // The grid's owners stay; placed alive units own their cells as well.
            for (k, o) in owners.into_iter().enumerate() {
                if o >= 0 && s.unit_at[k] < 0 {
                    s.owner[k] = o;
                }
            }
            s.food.iter_mut().for_each(|f| *f = false);
        }
    }
    match food {
        Some(sec) => read_food(&mut s, &sec)?,
        None => {
            for _ in 0..params.food {
                setup::add_food(&mut s, rng)?;
            }
        }
    }
    Ok(s)
}

fn read_units(s: &mut State, sec: &Section) -> Result<(), CnfError> {
    let p = s.params.clone();
    let total = p.total_units();
    if sec.rows.len() != total {
        return Err(CnfError::new(
            sec.line,
            format!("{} units listed; 4 x num_ini_units_per_clan + num_ini_zombies is {total}", sec.rows.len()),
        ));
    }
    let mut units: Vec<Option<Unit>> = vec![None; total];
    let mut alive = [0usize; NB_PLAYERS];
    let mut zombies = 0;
    for (m, v) in &sec.rows {
        let err = |msg: String| CnfError::new(*m, msg);
        let kind = UnitType::from_code(v[0] as u8)
            .filter(|_| (0..=2).contains(&v[0]))
            .ok_or_else(|| err(format!("unit type {} is not `a` (alive) or `z` (zombie)", v[0])))?;
        let id = usize::try_from(v[1])
            .ok()
            .filter(|&id| id < total)
            .ok_or_else(|| err(format!("unit id {} is not in 0..{total}", v[1])))?;
        let pos = Pos::new(v[3] as i32, v[4] as i32);
        if !s.board.is_street(pos) {
            return Err(err(format!("unit {id} at {pos} is not on a street cell")));
        }
        if s.unit_at[s.board.index(pos)] >= 0 {
            return Err(err(format!("two units at {pos}")));
        }
        let (player, rounds) = (v[2], v[5]);
        match kind {
            UnitType::Dead => return Err(err(format!("unit {id} is dead; a FIXED board holds no dead unit"))),
            UnitType::Zombie => {
                if player != -1 || rounds != -1 {
                    return Err(err(format!("zombie {id} must have player -1 and rounds -1")));
                }
                zombies += 1;
            }
            UnitType::Alive => {
                let pl = usize::try_from(player)
                    .ok()
                    .filter(|&pl| pl < NB_PLAYERS)
                    .ok_or_else(|| err(format!("unit {id}: player {player} is not in 0..4")))?;
                if s.owner[s.board.index(pos)] != pl as i8 {
                    return Err(err(format!(
                        "unit {id} of player {pl} at {pos} stands on a cell player {pl} does not own"
                    )));
                }
                let r = i64::from(p.rounds_before_becoming_zombie);
                if rounds != -1 && !(1..=r).contains(&rounds) {
                    return Err(err(format!("unit {id}: rounds {rounds} must be -1 or in 1..={r}")));
                }
                alive[pl] += 1;
            }
        }
        if units[id].is_some() {
            return Err(err(format!("unit id {id} is listed twice")));
        }
        units[id] = Some(Unit { id, kind, player: player as i32, pos, rounds_for_zombie: rounds as i32 });
        let k = s.board.index(pos);
        s.unit_at[k] = id as i32;
    }
    s.units = units.into_iter().map(|u| u.expect("every id listed once")).collect();
    if let Some(pl) = (0..NB_PLAYERS).find(|&pl| alive[pl] != p.units_per_clan) {
        return Err(CnfError::new(
            sec.line,
            format!("player {pl} has {} alive units; num_ini_units_per_clan is {}", alive[pl], p.units_per_clan),
        ));
    }
    if zombies != p.zombies {
        return Err(CnfError::new(sec.line, format!("{zombies} zombies listed; num_ini_zombies is {}", p.zombies)));
    }
    Ok(())
}

fn read_food(s: &mut State, sec: &Section) -> Result<(), CnfError> {
    if sec.rows.len() != s.params.food {
        return Err(CnfError::new(
            sec.line,
            format!("{} food items listed; num_ini_food is {}", sec.rows.len(), s.params.food),
        ));
    }
    s.food.iter_mut().for_each(|f| *f = false);
    for (m, v) in &sec.rows {
        let pos = Pos::new(v[0] as i32, v[1] as i32);
        if !s.board.is_street(pos) {
            return Err(CnfError::new(*m, format!("food at {pos} is not on a street cell")));
        }
        let k = s.board.index(pos);
        if s.unit_at[k] >= 0 || s.food[k] {
            return Err(CnfError::new(*m, format!("food at {pos} shares its cell with a unit or food")));
        }
        s.food[k] = true;
    }
    Ok(())
}
