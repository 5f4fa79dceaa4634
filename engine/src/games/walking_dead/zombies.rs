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

/// The steps toward the nearest alive unit that a zombie may take: bit d is set when
/// `EIGHT[d]` leads to a cell at the smallest distance among its neighbours (none when no alive
/// unit is reachable).
pub type Steps = u8;

/// For every zombie on the board (by id; 0 for other units), its [`Steps`], with the distances of
/// [`distances`]. Boards up to 64 × 64 (all real ones: boards are 60 × 60) use a bit-parallel
/// search that stops once every zombie has met the search front; wider ones fall back to
/// [`distances`].
pub fn zombie_steps(s: &State) -> Vec<Steps> {
    if s.board.rows() <= 64 && s.board.cols() <= 64 {
        steps_by_rows(s)
    } else {
        steps_from_distances(s, &distances(s))
    }
}

/// The zombies that move this round: zombies standing on their own cell.
fn zombie_ids(s: &State) -> impl Iterator<Item = usize> + '_ {
    s.units
        .iter()
        .filter(move |z| z.kind == UnitType::Zombie && s.unit_at[s.board.index(z.pos)] == z.id as i32)
        .map(|z| z.id)
}

/// [`zombie_steps`] read off a full distance map (the reference the fast search is tested against).
pub fn steps_from_distances(s: &State, dist: &[u16]) -> Vec<Steps> {
    let mut out = vec![0; s.units.len()];
    for id in zombie_ids(s) {
        let z = s.units[id].pos;
        let mut best = FAR;
        let mut steps = 0;
        for (d, (di, dj)) in EIGHT.iter().enumerate() {
            let q = Pos::new(z.i + di, z.j + dj);
            if !s.board.contains(q) {
                continue;
            }
            let dq = dist[s.board.index(q)];
            if dq < best {
                best = dq;
                steps = 0;
            }
            if dq == best && dq != FAR {
                steps |= 1 << d;
            }
        }
        out[id] = steps;
    }
    out
}

/// The search one row of the board per machine word: bit j of `front[i]` is cell (i, j). Each
/// level spreads the front to its 8 neighbours with shifts; a zombie's steps are the neighbours in
/// the first level that touches it (level 0: the alive units themselves).
fn steps_by_rows(s: &State) -> Vec<Steps> {
    let rows = s.board.rows();
    let streets = s.board.street_rows();
    // Street cells with no unit (where the front may spread), and the alive units (level 0).
    let mut open = [0u64; 64];
    let mut front = [0u64; 64];
    open[..rows].copy_from_slice(streets);
    let mut out = vec![0; s.units.len()];
    let mut waiting = Vec::new();
    for u in &s.units {
        let (i, bit) = (u.pos.i as usize, 1u64 << u.pos.j);
        if s.unit_at[s.board.index(u.pos)] != u.id as i32 {
            continue;
        }
        open[i] &= !bit;
        match u.kind {
            UnitType::Alive => front[i] |= bit,
            UnitType::Zombie => waiting.push(u.id),
            UnitType::Dead => {}
        }
    }
    let mut seen = front;
    // The cells next to a waiting zombie: a level that touches none of them resolves none.
    let mut watch = [0u64; 64];
    let mut rewatch = true;
    while !waiting.is_empty() {
        if rewatch {
            watch = [0; 64];
            for &id in &waiting {
                let z = s.units[id].pos;
                let around = ((0b111u128 << z.j) >> 1) as u64;
                for w in &mut watch[(z.i - 1).max(0) as usize..((z.i + 2) as usize).min(rows)] {
                    *w |= around;
                }
            }
        }
        rewatch = front.iter().zip(&watch).any(|(f, w)| f & w != 0);
        if rewatch {
            waiting.retain(|&id| {
                let steps = steps_in(&front[..rows], s.units[id].pos);
                out[id] = steps;
                steps == 0
            });
        }
        // The next level: the front's 8-neighbourhood among open cells not reached yet.
        let mut spread = [0u64; 66];
        for (w, f) in spread[1..].iter_mut().zip(&front[..rows]) {
            *w = f | f << 1 | f >> 1;
        }
        let mut any = 0;
        for i in 0..rows {
            let n = (spread[i] | spread[i + 1] | spread[i + 2]) & open[i] & !seen[i];
            front[i] = n;
            seen[i] |= n;
            any |= n;
        }
        if any == 0 {
            break;
        }
    }
    out
}

/// The directions from `z` into the cells set in `front` (rows of bits), as [`Steps`].
fn steps_in(front: &[u64], z: Pos) -> Steps {
    let row = |di: i32| -> u64 {
        let i = z.i + di;
        // Bits j-1, j, j+1 of row i as bits 0, 1, 2 (0 off the board).
        if i < 0 || i as usize >= front.len() {
            0
        } else {
            ((front[i as usize] as u128) << 1 >> z.j) as u64 & 0b111
        }
    };
    let (below, here, above) = (row(1), row(0), row(-1));
    let mut steps = 0;
    for (d, (di, dj)) in EIGHT.iter().enumerate() {
        let r = match di {
            1 => below,
            0 => here,
            _ => above,
        };
        steps |= ((r >> (dj + 1)) as u8 & 1) << d;
    }
    steps
}

/// Moves every zombie on the board, in increasing id order.
pub fn move_zombies(s: &mut State, food_gone: &mut usize, rng: &mut GameRng) {
    let steps = zombie_steps(s);
    let r = s.params.rounds_before_becoming_zombie;
    for (id, &steps) in steps.iter().enumerate() {
        let z = s.units[id];
        if steps == 0 || z.kind != UnitType::Zombie || s.unit_at[s.board.index(z.pos)] != id as i32 {
            continue;
        }
        let pick = rng.index(steps.count_ones() as usize);
        let d = (0..8).filter(|d| steps >> d & 1 == 1).nth(pick).unwrap_or(0);
        let (di, dj) = EIGHT[d];
        let to = Pos::new(z.pos.i + di, z.pos.j + dj);
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
