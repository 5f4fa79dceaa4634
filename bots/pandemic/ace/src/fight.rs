//! Fights: who stands next to whom, and whether a fight is worth having. A hit takes 25..40
//! health and a unit dies below 0, converted to its killer: a lost fight costs a unit and gives
//! the enemy one.

use crate::map::Map;
use arena_bot::pandemic::Game;

/// Per cell, the units next to it.
pub struct Front {
    /// Enemy units next to each cell.
    pub foes: Vec<u8>,
    /// Our units next to each cell.
    pub allies: Vec<u8>,
    /// Enemy units at most two steps (Manhattan) from each cell.
    pub near: Vec<u8>,
}

impl Front {
    pub fn new(g: &Game, map: &Map, me: usize) -> Front {
        let n = map.len();
        let mut front = Front { foes: vec![0; n], allies: vec![0; n], near: vec![0; n] };
        let cols = map.cols as isize;
        for u in g.units() {
            let Some(k) = g.cell_index(u.pos).filter(|&k| map.open[k]) else { continue };
            let count = if u.player == me { &mut front.allies } else { &mut front.foes };
            for s in 0..4 {
                count[map.next(k, s)] += 1;
            }
            if u.player != me {
                for di in -2isize..=2 {
                    for dj in (di.abs() - 2)..=(2 - di.abs()) {
                        let q = k as isize + di * cols + dj;
                        if (0..n as isize).contains(&q) {
                            front.near[q as usize] += 1;
                        }
                    }
                }
            }
        }
        front
    }

    /// The weakest enemy next to cell `k`: (its health, its direction from `k`, its cell).
    pub fn weakest(&self, g: &Game, map: &Map, me: usize, k: usize) -> Option<(i32, usize, usize)> {
        (0..4)
            .filter_map(|s| {
                let q = map.next(k, s);
                let u = g.units().get(g.unit_at(g.cell_pos(q))?)?;
                // Ties: the one most of ours already hit.
                (u.player != me).then_some((u.health, std::cmp::Reverse(self.allies[q]), s, q))
            })
            .min()
            .map(|(h, _, s, q)| (h, s, q))
    }

    /// Whether a unit of ours with `health` standing on `k` (`joins`: not yet next to the enemy
    /// it would fight) wins the fight against the weakest enemy next to `k`. No enemy: true.
    pub fn favourable(&self, g: &Game, map: &Map, me: usize, k: usize, health: i32, joins: bool) -> bool {
        let Some((foe_health, _, q)) = self.weakest(g, map, me, k) else { return true };
        let with = self.allies[q] as i32 + joins as i32;
        outlasts(health, self.foes[k] as i32, foe_health, with)
    }
}

/// Hits that most likely kill a unit with `health` (a hit takes 32.5 on average).
fn hits(health: i32) -> i32 {
    health.max(0) * 2 / 65 + 1
}

/// Rounds `n` attackers take to kill a unit with `health`.
fn rounds(health: i32, n: i32) -> i32 {
    let n = n.max(1);
    (hits(health) + n - 1) / n
}

/// Whether our unit (`health`, hit by `against` enemies) kills the enemy (`foe_health`, hit by
/// `with` of ours) before it dies.
pub fn outlasts(health: i32, against: i32, foe_health: i32, with: i32) -> bool {
    let (ours, theirs) = (rounds(health, against), rounds(foe_health, with));
    theirs < ours || (theirs == ours && health >= foe_health)
}
