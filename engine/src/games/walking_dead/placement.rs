//! Where units and food appear: a *safe* cell is a street cell with no unit and no food on it or
//! anywhere in the 5×5 square centred on it; with none, any street cell with no unit and no food.
//!
//! Both choices are uniform. The safe cell is drawn by rejection (a uniform street cell, kept if
//! safe) for up to `TRIES` draws, then by listing every safe cell: rejection conditioned on
//! success is uniform over the safe cells, and the listing is exact when they are rare.

use super::state::State;
use crate::grid::Pos;
use crate::rng::GameRng;

/// Rejection draws before listing the safe cells.
const TRIES: usize = 64;

/// Half the side of the safety square.
const REACH: i32 = 2;

/// A street cell with no unit and no food.
pub fn is_empty(s: &State, p: Pos) -> bool {
    if !s.board.is_street(p) {
        return false;
    }
    let k = s.board.index(p);
    s.unit_at[k] < 0 && !s.food[k]
}

/// An empty cell whose 5×5 square holds no unit and no food.
pub fn is_safe(s: &State, p: Pos) -> bool {
    if !is_empty(s, p) {
        return false;
    }
    for i in p.i - REACH..=p.i + REACH {
        for j in p.j - REACH..=p.j + REACH {
            let q = Pos::new(i, j);
            if s.board.contains(q) {
                let k = s.board.index(q);
                if s.unit_at[k] >= 0 || s.food[k] {
                    return false;
                }
            }
        }
    }
    true
}

/// A safe cell, else an empty one; `None` only when no street cell is empty.
pub fn regeneration_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    let streets = s.board.streets();
    if streets.is_empty() {
        return None;
    }
    for _ in 0..TRIES {
        let p = streets[rng.index(streets.len())];
        if is_safe(s, p) {
            return Some(p);
        }
    }
    let safe: Vec<Pos> = streets.iter().copied().filter(|&p| is_safe(s, p)).collect();
    if !safe.is_empty() {
        return Some(safe[rng.index(safe.len())]);
    }
    let empty: Vec<Pos> = streets.iter().copied().filter(|&p| is_empty(s, p)).collect();
    (!empty.is_empty()).then(|| empty[rng.index(empty.len())])
}
