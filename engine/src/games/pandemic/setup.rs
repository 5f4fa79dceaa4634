//! The initial state of a match (round 0).

use super::board::Board;
use super::params::{Params, INITIAL_DAMAGES};
use super::placement::spawn_cell;
use super::state::{RoundLog, State, Unit};
use crate::game::{SetupError, NB_PLAYERS};
use crate::rng::GameRng;
use std::sync::Arc;

/// An empty state on `board`: no units, no virus, no masks, no owners.
pub fn empty_state(params: Params, board: Board) -> State {
    let cells = board.rows() * board.cols();
    State {
        city_owner: vec![-1; board.cities().len()],
        path_owner: vec![-1; board.paths().len()],
        params: Arc::new(params),
        board: Arc::new(board),
        round: 0,
        units: Vec::new(),
        unit_at: vec![-1; cells],
        virus: vec![0; cells],
        mask: vec![false; cells],
        scores: [0; NB_PLAYERS],
        log: RoundLog::default(),
    }
}

/// Places each player's units (player 0 first, ascending id `player * nb_units + k`) on the
/// spawn ring with the respawn rule. Each player's first three units start infected with
/// damages 2, 3 and 4. Fails when the board has fewer open cells than units.
pub fn place_initial_units(s: &mut State, rng: &mut GameRng) -> Result<(), SetupError> {
    let (nb_units, health) = (s.params.nb_units, s.params.initial_health);
    for player in 0..NB_PLAYERS {
        for k in 0..nb_units {
            let id = player * nb_units + k;
            let Some(pos) = spawn_cell(s, rng) else {
                return Err(SetupError::Other(format!(
                    "the board has room for only {id} units; nb_players x nb_units is {}",
                    NB_PLAYERS * nb_units
                )));
            };
            let damage = INITIAL_DAMAGES.get(k).copied().unwrap_or(0);
            s.units.push(Unit { id, player, pos, health, damage, turns: 0, immune: false, mask: false });
            let cell = s.board.index(pos);
            s.unit_at[cell] = id as i32;
        }
    }
    Ok(())
}
