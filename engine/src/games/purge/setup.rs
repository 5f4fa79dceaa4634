//! The initial state (round 0): for each player in order its builders then its warriors, then
//! the food, the money, the guns and the bazookas, each on a random empty street cell.

use super::board::Board;
use super::params::Params;
use super::placement::empty_cell;
use super::state::{CitizenType, Item, State};
use crate::game::{SetupError, NB_PLAYERS};
use crate::rng::GameRng;

/// Places every citizen and item on `board` (ids `player × (builders + warriors) + k`, builders
/// first).
pub fn initial_state(params: Params, board: Board, rng: &mut GameRng) -> Result<State, SetupError> {
    let mut s = State::empty(params, board);
    let p = s.params.clone();
    for player in 0..NB_PLAYERS {
        for kind in std::iter::repeat_n(CitizenType::Builder, p.builders)
            .chain(std::iter::repeat_n(CitizenType::Warrior, p.warriors))
        {
            let at = empty_cell(&s, rng).ok_or_else(|| no_room("a citizen", &s))?;
            s.add_citizen(player, kind, at);
        }
    }
    for (item, n) in [(Item::Food, p.food), (Item::Money, p.money), (Item::Gun, p.guns), (Item::Bazooka, p.bazookas)] {
        for _ in 0..n {
            let at = empty_cell(&s, rng).ok_or_else(|| no_room("an item", &s))?;
            let k = s.board.index(at);
            s.item[k] = Some(item);
        }
    }
    Ok(s)
}

fn no_room(what: &str, s: &State) -> SetupError {
    SetupError::Other(format!(
        "no empty street cell left for {what}: the board has {} street cells",
        s.board.streets().len()
    ))
}
