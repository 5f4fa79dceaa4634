//! The zombies' turn (steps 3-4 of a round): one breadth-first search over 8-neighbours from
//! every alive unit, each zombie steps toward the nearest, then conversions.

use super::state::{State, UnitType};
use crate::grid::Pos;
use crate::rng::GameRng;

const EIGHT: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The distance of a cell no alive unit can reach.
pub const FAR: u16 = u16::MAX;

/// Distance (in king moves) from each cell to the nearest alive unit, through street cells with
/// no dead unit and no zombie; [`FAR`] where unreachable.
pub fn distances(s: &State) -> Vec<u16> {
    let b = &s.board;
    let mut dist = vec![FAR; b.rows() * b.cols()];
    // A breadth-first search over cell indices: `queue[head..]` is the frontier.
    let mut queue: Vec<u16> = Vec::with_capacity(b.streets().len());
    for u in &s.units {
        let k = b.index(u.pos);
        if u.kind == UnitType::Alive && s.unit_at[k] == u.id as i32 {
            dist[k] = 0;
            queue.push(k as u16);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let k = queue[head] as usize;
        head += 1;
        let d = dist[k] + 1;
        for &q in b.king_neighbours(k) {
            let q = q as usize;
            if dist[q] == FAR && s.unit_at[q] < 0 {
                dist[q] = d;
                queue.push(q as u16);
            }
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
        let mut best = FAR;
        let mut options: [Pos; 8] = [Pos::default(); 8];
        let mut n = 0;
        for (di, dj) in EIGHT {
            let q = Pos::new(z.pos.i + di, z.pos.j + dj);
            if !s.board.contains(q) {
                continue;
            }
            let d = dist[s.board.index(q)];
            if d < best {
                best = d;
                n = 0;
            }
            if d == best && d != FAR {
                options[n] = q;
                n += 1;
            }
        }
        if n == 0 {
            continue;
        }
        let to = options[rng.index(n)];
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
