//! The initial state: the board, then every player's orks on the shore.

use super::board::Board;
use super::params::Params;
use super::placement::spawn_cell;
use super::state::{Ork, State};
use crate::game::SetupError;
use crate::grid::Pos;
use crate::rng::GameRng;

/// Round 0 on `board`: ork ids are `player × nb_orks + k`, each with `initial_health`, placed
/// player by player (player 0 first, ascending id) by the respawn rule.
pub fn initial_state(params: Params, board: Board, rng: &mut GameRng) -> Result<State, SetupError> {
    let land = board.cell_types().cells().iter().filter(|&&t| t != super::board::CellType::Water).count();
    let needed = params.total_orks();
    if land < needed {
        return Err(SetupError::Other(format!("the island has {land} land cells for {needed} orks")));
    }
    let mut s = State::empty(params, board);
    let (players, per_player, health) = (s.params.nb_players, s.params.nb_orks, s.params.initial_health);
    for player in 0..players {
        for k in 0..per_player {
            let id = player * per_player + k;
            s.orks.push(Ork { id, player, pos: Pos::new(-1, -1), health });
            let cell = spawn_cell(&s, rng).ok_or_else(|| SetupError::Other(format!("no free cell for ork {id}")))?;
            s.place(id, cell);
        }
    }
    Ok(s)
}
