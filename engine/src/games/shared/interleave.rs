//! The order in which the players' orders are executed, shared by the games whose kits interleave
//! them (The Walking Dead, The Purge): repeatedly a uniformly drawn player among those with
//! orders left gives its next one, so each player's own order is kept.

use crate::game::NB_PLAYERS;
use crate::rng::GameRng;

/// The players' orders in execution order.
pub fn interleave<O: Copy>(orders: &[Vec<O>; NB_PLAYERS], rng: &mut GameRng) -> Vec<O> {
    let mut next = [0usize; NB_PLAYERS];
    let total: usize = orders.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(total);
    let mut left = [0usize; NB_PLAYERS];
    while out.len() < total {
        let mut n = 0;
        for p in 0..NB_PLAYERS {
            if next[p] < orders[p].len() {
                left[n] = p;
                n += 1;
            }
        }
        let p = left[rng.index(n)];
        out.push(orders[p][next[p]]);
        next[p] += 1;
    }
    out
}
