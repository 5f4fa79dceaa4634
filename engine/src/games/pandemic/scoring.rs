//! Ownership of cities and paths, and the points they give (statement step 7).

use super::state::State;
use crate::game::NB_PLAYERS;

/// The player with strictly more units than every other among `counts`, if any.
fn majority(counts: &[u32; NB_PLAYERS]) -> Option<usize> {
    let best = (0..NB_PLAYERS).max_by_key(|&p| (counts[p], std::cmp::Reverse(p)))?;
    let unique = counts[best] > 0 && (0..NB_PLAYERS).all(|p| p == best || counts[p] < counts[best]);
    unique.then_some(best)
}

/// Updates owners from the units on the board, then adds this round's points.
pub fn score_round(s: &mut State) {
    let board = s.board.clone();
    let mut city_counts = vec![[0u32; NB_PLAYERS]; board.cities().len()];
    let mut path_counts = vec![[0u32; NB_PLAYERS]; board.paths().len()];
    // After respawns every unit is on the board.
    for u in &s.units {
        let (p, pos) = (u.player, u.pos);
        if let Some(c) = board.city_at(pos) {
            city_counts[c][p] += 1;
        } else if let Some(q) = board.path_at(pos) {
            path_counts[q][p] += 1;
        }
    }
    for (c, counts) in city_counts.iter().enumerate() {
        if let Some(p) = majority(counts) {
            s.city_owner[c] = p as i8;
        }
    }
    for (q, counts) in path_counts.iter().enumerate() {
        if let Some(p) = majority(counts) {
            s.path_owner[q] = p as i8;
        }
    }
    let points = round_points(s);
    for (score, add) in s.scores.iter_mut().zip(points) {
        *score += add;
    }
}

/// The points each player gets for the current ownership.
pub fn round_points(s: &State) -> [i64; NB_PLAYERS] {
    let params = &s.params;
    let board = &s.board;
    let mut points = [0i64; NB_PLAYERS];
    for (c, city) in board.cities().iter().enumerate() {
        if let Ok(p) = usize::try_from(s.city_owner[c]) {
            points[p] += params.bonus_per_city_cell * city.len() as i64;
        }
    }
    // Union-find over cities, joined by paths whose owner also owns both ends.
    let mut parent: Vec<usize> = (0..board.cities().len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (q, path) in board.paths().iter().enumerate() {
        let Ok(p) = usize::try_from(s.path_owner[q]) else { continue };
        points[p] += params.bonus_per_path_cell * path.cells.len() as i64;
        let (a, b) = path.ends;
        if s.city_owner[a] == p as i8 && s.city_owner[b] == p as i8 {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
    }
    let mut size = vec![0u32; parent.len()];
    for c in 0..parent.len() {
        if s.city_owner[c] >= 0 {
            let r = find(&mut parent, c);
            size[r] += 1;
        }
    }
    for (root, &n) in size.iter().enumerate() {
        if n > 0 {
            let p = s.city_owner[root] as usize;
            // 2^s saturates: a FIXED board may hold a component of 63+ cities.
            let bonus = if n >= 63 { i64::MAX } else { 1i64 << n };
            points[p] = points[p].saturating_add(params.factor_connected_component.saturating_mul(bonus));
        }
    }
    points
}
