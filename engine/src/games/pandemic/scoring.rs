//! Ownership of cities and paths, and the points they give (statement step 7; shared with Ork
//! Island in [`crate::games::shared::conquest`]).

use super::state::State;
use crate::game::NB_PLAYERS;
use crate::games::shared::conquest::{self, Bonuses};

/// Updates owners from the units on the board, then adds this round's points.
pub fn score_round(s: &mut State) {
    // After respawns every unit is on the board.
    let board = &s.board;
    conquest::update_owners(
        s.units.iter().map(|u| (u.player, u.pos)),
        |p| board.city_at(p),
        |p| board.path_at(p),
        &mut s.city_owner,
        &mut s.path_owner,
    );
    let points = round_points(s);
    for (score, add) in s.scores.iter_mut().zip(points) {
        *score += add;
    }
}

/// The points each player gets for the current ownership.
pub fn round_points(s: &State) -> [i64; NB_PLAYERS] {
    let bonus = Bonuses {
        per_city_cell: s.params.bonus_per_city_cell,
        per_path_cell: s.params.bonus_per_path_cell,
        factor_connected_component: s.params.factor_connected_component,
    };
    conquest::round_points(&bonus, s.board.cities(), s.board.paths(), &s.city_owner, &s.path_owner)
}
