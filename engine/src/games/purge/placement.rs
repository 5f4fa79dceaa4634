//! Where things appear. At the start, anything goes on a uniformly random *empty* street cell (no
//! item, barricade or citizen); what regenerates goes on a uniformly random *safe* one: empty,
//! with no citizen in the 5×5 square centred on it.
//!
//! Both draws are uniform: by rejection (a uniform street cell, kept if it qualifies) for up to
//! `TRIES` draws, then by listing every qualifying cell, which is exact when they are rare.

use super::state::State;
use crate::grid::Pos;
use crate::rng::GameRng;

/// Rejection draws before listing the cells.
const TRIES: usize = 64;

/// Half the side of the safety square.
const REACH: i32 = 2;

/// An empty cell with no citizen in its 5×5 square.
pub fn is_safe(s: &State, p: Pos) -> bool {
    if !s.is_empty(p) {
        return false;
    }
    for i in p.i - REACH..=p.i + REACH {
        for j in p.j - REACH..=p.j + REACH {
            let q = Pos::new(i, j);
            if s.board.contains(q) && s.citizen_at[s.board.index(q)] >= 0 {
                return false;
            }
        }
    }
    true
}

/// A uniformly random street cell satisfying `ok`, `None` when there is none.
pub fn draw_cell(s: &State, ok: impl Fn(&State, Pos) -> bool, rng: &mut GameRng) -> Option<Pos> {
    let streets = s.board.streets();
    if streets.is_empty() {
        return None;
    }
    for _ in 0..TRIES {
        let p = streets[rng.index(streets.len())];
        if ok(s, p) {
            return Some(p);
        }
    }
    let cells: Vec<Pos> = streets.iter().copied().filter(|&p| ok(s, p)).collect();
    (!cells.is_empty()).then(|| cells[rng.index(cells.len())])
}

/// A uniformly random empty cell (initial placement).
pub fn empty_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    draw_cell(s, |s, p| s.is_empty(p), rng)
}

/// A uniformly random safe cell (regeneration).
pub fn safe_cell(s: &State, rng: &mut GameRng) -> Option<Pos> {
    draw_cell(s, is_safe, rng)
}
