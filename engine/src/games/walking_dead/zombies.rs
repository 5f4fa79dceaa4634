//! The zombies' turn (steps 3-4 of a round): one breadth-first search over 8-neighbours from
//! every alive unit, each zombie steps toward the nearest, then conversions.

use super::state::{State, UnitType};
use crate::grid::Pos;
use crate::rng::GameRng;
use std::collections::VecDeque;

const EIGHT: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// Distance (in king moves) from each cell to the nearest alive unit, through street cells with
/// no dead unit and no zombie; `u32::MAX` where unreachable.
pub fn distances(s: &State) -> Vec<u32> {
    let b = &s.board;
    let mut dist = vec![u32::MAX; b.rows() * b.cols()];
    let mut queue = VecDeque::new();
    for u in &s.units {
        if u.kind == UnitType::Alive && s.unit_at[b.index(u.pos)] == u.id as i32 {
            dist[b.index(u.pos)] = 0;
            queue.push_back(u.pos);
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[b.index(p)] + 1;
        for (di, dj) in EIGHT {
            let q = Pos::new(p.i + di, p.j + dj);
            if !b.is_street(q) {
                continue;
            }
            let k = b.index(q);
            if dist[k] != u32::MAX || s.unit_at[k] >= 0 {
                continue;
            }
            dist[k] = d;
            queue.push_back(q);
        }
    }
    dist
}

/// Moves every zombie on the board, in increasing id order.
pub fn move_zombies(s: &mut State, food_gone: &mut usize, rng: &mut GameRng) {
    let dist = distances(s);
    let r = s.params.rounds_before_becoming_zombie;
    for id in 0..s.units.len() {
        let z = s.units[id];
        if z.kind != UnitType::Zombie || s.unit_at[s.board.index(z.pos)] != id as i32 {
            continue;
        }
        let mut best = u32::MAX;
        let mut options: Vec<Pos> = Vec::with_capacity(8);
        for (di, dj) in EIGHT {
            let q = Pos::new(z.pos.i + di, z.pos.j + dj);
            if !s.board.contains(q) {
                continue;
            }
            let d = dist[s.board.index(q)];
            if d < best {
                best = d;
                options.clear();
            }
            if d == best && d != u32::MAX {
                options.push(q);
            }
        }
        if options.is_empty() {
            continue;
        }
        let to = options[rng.index(options.len())];
        let k = s.board.index(to);
        match s.unit_on(to).map(|u| (u.id, u.kind)) {
            Some((victim, UnitType::Alive)) => {
                let v = &mut s.units[victim];
                if v.rounds_for_zombie < 0 {
                    v.rounds_for_zombie = r + 1;
                }
                s.log.bites.push((id, victim));
            }
            Some(_) => {}
            None => {
                if std::mem::replace(&mut s.food[k], false) {
                    *food_gone += 1;
                }
                s.owner[k] = -1;
                s.lift(id);
                s.place(id, to);
            }
        }
    }
}

/// Counters above 0 drop by one; units reaching 0 become zombies and their cell loses its owner.
pub fn convert(s: &mut State) {
    for id in 0..s.units.len() {
        let u = &mut s.units[id];
        if u.rounds_for_zombie <= 0 {
            continue;
        }
        u.rounds_for_zombie -= 1;
        if u.rounds_for_zombie == 0 {
            u.kind = UnitType::Zombie;
            u.player = -1;
            u.rounds_for_zombie = -1;
            let p = u.pos;
            s.set_owner(p, -1);
        }
    }
}
