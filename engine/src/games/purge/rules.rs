//! A round of The Purge, in the order of `docs/games/purge.md` ("A round, in order"): the
//! players' orders interleaved, regeneration, barricades vanishing at the end of a night.

use super::orders::execute;
use super::placement::safe_cell;
use super::state::{Order, Regen, RoundLog, State};
use crate::game::NB_PLAYERS;
use crate::games::shared::interleave::interleave;
use crate::rng::GameRng;

/// Plays one round with each player's accepted orders (citizens it owned at the start of the
/// round, the first order per citizen).
pub fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
    s.log = RoundLog::default();
    for o in interleave(orders, rng) {
        execute(s, o, rng);
    }
    regenerate(s, rng);
    let r = s.params.rounds_per_day;
    if s.round % r == r - 1 {
        s.barricade.fill(None);
    }
    s.round += 1;
}

/// Every counter drops by one; what is due is placed on a safe cell, citizens first, then food
/// and money, then weapons, each group in queue order; with no safe cell it waits a round.
pub fn regenerate(s: &mut State, rng: &mut GameRng) {
    for p in &mut s.queue {
        p.rounds -= 1;
    }
    let mut due: Vec<usize> = (0..s.queue.len()).filter(|&i| s.queue[i].rounds <= 0).collect();
    due.sort_by_key(|&i| s.queue[i].what.priority());
    let mut placed = vec![false; s.queue.len()];
    for i in due {
        let Some(at) = safe_cell(s, rng) else { continue };
        match s.queue[i].what {
            Regen::Citizen { player, kind } => {
                let id = s.add_citizen(player, kind, at);
                s.log.reborn.push(id);
            }
            Regen::Item(item) => {
                let k = s.board.index(at);
                s.item[k] = Some(item);
            }
        }
        placed[i] = true;
    }
    let mut i = 0;
    s.queue.retain(|_| {
        i += 1;
        !placed[i - 1]
    });
}
