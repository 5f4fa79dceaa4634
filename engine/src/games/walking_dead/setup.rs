//! The initial state (round 0): the clans' alive units on safe cells, each owning its cell, then
//! the zombies, then the food.

use super::board::Board;
use super::params::Params;
use super::placement::regeneration_cell;
use super::state::{State, Unit, UnitType};
use crate::game::{SetupError, NB_PLAYERS};
use crate::grid::Pos;
use crate::rng::GameRng;

/// Places every unit and food item on `board` (ids `player × units_per_clan + k`, then zombies).
pub fn initial_state(params: Params, board: Board, rng: &mut GameRng) -> Result<State, SetupError> {
    let mut s = State::empty(params, board);
    let p = s.params.clone();
    for player in 0..NB_PLAYERS {
        for _ in 0..p.units_per_clan {
            add_unit(&mut s, UnitType::Alive, player as i32, rng)?;
        }
    }
    for _ in 0..p.zombies {
        add_unit(&mut s, UnitType::Zombie, -1, rng)?;
    }
    for _ in 0..p.food {
        add_food(&mut s, rng)?;
    }
    Ok(s)
}

fn no_room(what: &str, s: &State) -> SetupError {
    SetupError::Other(format!(
        "no empty street cell left for {what}: the board has {} street cells",
        s.board.streets().len()
    ))
}

fn add_unit(s: &mut State, kind: UnitType, player: i32, rng: &mut GameRng) -> Result<(), SetupError> {
    let at = regeneration_cell(s, rng).ok_or_else(|| no_room("a unit", s))?;
    let id = s.units.len();
    s.units.push(Unit { id, kind, player, pos: Pos::default(), rounds_for_zombie: -1 });
    s.place(id, at);
    if kind == UnitType::Alive {
        s.set_owner(at, player as i8);
    }
    Ok(())
}

/// Adds one food item on a regeneration cell.
pub fn add_food(s: &mut State, rng: &mut GameRng) -> Result<(), SetupError> {
    let at = regeneration_cell(s, rng).ok_or_else(|| no_room("food", s))?;
    let k = s.board.index(at);
    s.food[k] = true;
    Ok(())
}
