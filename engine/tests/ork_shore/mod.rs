//! The kit's shore rule, re-derived here independently of the engine, for Ork Island tests:
//! shore cells are each row's first and last non-WATER cells; an ork appears on a random one that
//! is not CITY or PATH and has no ork on it or its 4 neighbours, else on the first such cell in
//! row-major order that is not WATER, CITY or PATH.
#![allow(dead_code)]

use engine::games::ork_island::board::{Board, CellType};
use engine::games::ork_island::state::State;
use engine::grid::Pos;

/// Each row's first non-WATER cell from the left and from the right (once if the same), rows in
/// order.
pub fn row_ends(b: &Board) -> Vec<Pos> {
    let mut ends = Vec::new();
    for i in 0..b.rows() as i32 {
        let land: Vec<Pos> =
            (0..b.cols() as i32).map(|j| Pos::new(i, j)).filter(|&p| b.cell(p) != CellType::Water).collect();
        if let (Some(&l), Some(&r)) = (land.first(), land.last()) {
            ends.push(l);
            if r != l {
                ends.push(r);
            }
        }
    }
    ends
}

/// GRASS, FOREST or SAND.
pub fn plain(b: &Board, p: Pos) -> bool {
    matches!(b.cell(p), CellType::Grass | CellType::Forest | CellType::Sand)
}

/// No ork of `orks` on `p` or its 4 neighbours.
pub fn clear(orks: &[Pos], p: Pos) -> bool {
    orks.iter().all(|o| o.manhattan(p) > 1)
}

/// The shore cells where an ork may appear next to the orks at `orks`.
pub fn qualifying(b: &Board, orks: &[Pos]) -> Vec<Pos> {
    row_ends(b).into_iter().filter(|&p| plain(b, p) && clear(orks, p)).collect()
}

/// The fallback when no shore cell qualifies: the first cell in row-major order that is not
/// WATER, CITY or PATH and has no ork on it or its 4 neighbours.
pub fn fallback(b: &Board, orks: &[Pos]) -> Option<Pos> {
    b.cell_types().positions().find(|&p| plain(b, p) && clear(orks, p))
}

/// A plain row end.
pub fn on_row_end(s: &State, p: Pos) -> bool {
    plain(&s.board, p) && row_ends(&s.board).contains(&p)
}

/// Checks that `s`'s orks were placed one by one in id order by the rule, each with the orks
/// of lower id already there, and returns how many took the fallback.
pub fn check_placed_by_the_rule(s: &State) -> usize {
    let b = &s.board;
    let mut placed = Vec::new();
    let mut fallbacks = 0;
    for u in &s.orks {
        let spots = qualifying(b, &placed);
        if spots.is_empty() {
            fallbacks += 1;
            assert_eq!(Some(u.pos), fallback(b, &placed), "ork {}: no shore cell qualifies", u.id);
        } else {
            assert!(spots.contains(&u.pos), "ork {} at {} is not on a qualifying shore cell", u.id, u.pos);
        }
        placed.push(u.pos);
    }
    fallbacks
}
