//! One round of Pandemic, in the statement's order.

use super::params::{ATTACK_DAMAGE, INFECTION_DAMAGE, MASK_EVERY, RESPAWN_DAMAGE, RESPAWN_INFECTED_PROBABILITY};
use super::placement::{mask_cell, spawn_cell};
use super::scoring::score_round;
use super::state::{Order, State};
use super::virus::spread;
use crate::game::NB_PLAYERS;
use crate::grid::Dir;
use crate::rng::GameRng;

/// The chance that a unit infected for `t` rounds heals this round.
pub fn heal_probability(t: i32) -> f64 {
    let t = f64::from(t);
    (0.001 * (t * t / 16.0 + 1.0)).min(1.0)
}

/// The chance that a susceptible unit catches the virus in a cell with level `virus`.
pub fn infection_probability(virus: u8, mask: bool, infection_factor: f64, mask_protection: f64) -> f64 {
    let p = f64::from(virus) / infection_factor;
    if mask {
        p / mask_protection
    } else {
        p
    }
}

/// Plays one round with each player's accepted orders (one per unit, units it owned at the start
/// of the round).
pub fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
    let n = s.units.len();
    s.log.moves.clear();
    s.log.virus_sources.clear();
    // New owner of each unit killed this round.
    let mut killed: Vec<Option<usize>> = vec![None; n];

    // 1-2. All orders in one uniformly random order.
    let mut all: Vec<Order> = orders.iter().flatten().filter(|o| o.dir != Dir::None).copied().collect();
    rng.shuffle(&mut all);
    for o in all {
        if killed[o.unit].is_some() {
            continue;
        }
        s.log.moves.push(o);
        execute_move(s, o, rng, &mut killed);
    }

    // 3. Virus, from unmasked infected units still on the board.
    let mut sources: Vec<u32> = s
        .units
        .iter()
        .filter(|u| killed[u.id].is_none() && u.infected() && !u.mask)
        .map(|u| s.board.index(u.pos) as u32)
        .collect();
    sources.sort_unstable();
    let mut scratch = Vec::with_capacity(s.virus.len());
    spread(&s.board, &mut s.virus, &sources, &mut scratch);
    s.log.virus_sources = sources;

    // 4. Infection and healing, then virus damage.
    let (factor, protection) = (s.params.infection_factor, s.params.mask_protection);
    for u in s.units.iter_mut() {
        if killed[u.id].is_some() {
            continue;
        }
        if u.infected() {
            u.turns += 1;
            if rng.chance(heal_probability(u.turns)) {
                u.damage = 0;
                u.turns = 0;
                u.immune = true;
            }
        } else if !u.immune {
            let v = s.virus[s.board.index(u.pos)];
            let p = infection_probability(v, u.mask, factor, protection);
            if p > 0.0 && rng.chance(p) {
                u.damage = rng.range(INFECTION_DAMAGE.0, INFECTION_DAMAGE.1);
                u.turns = 0;
            }
        }
    }
    for (u, fate) in s.units.iter_mut().zip(killed.iter_mut()) {
        if fate.is_some() || !u.infected() {
            continue;
        }
        u.health -= u.damage;
        if u.health < 0 {
            let cell = s.board.index(u.pos);
            s.unit_at[cell] = -1;
            *fate = Some(rng.index(NB_PLAYERS));
        }
    }

    // 5. Respawns, by ascending id.
    for (id, new_owner) in killed.iter().enumerate() {
        let Some(player) = *new_owner else { continue };
        respawn(s, id, player, rng);
    }

    // 6. A mask every five rounds, except after the last.
    s.round += 1;
    if s.round.is_multiple_of(MASK_EVERY) && s.round < s.params.nb_rounds {
        if let Some(p) = mask_cell(s, rng) {
            let k = s.board.index(p);
            s.mask[k] = true;
        }
    }

    // 7. Ownership and points.
    score_round(s);
}

fn execute_move(s: &mut State, o: Order, rng: &mut GameRng, killed: &mut [Option<usize>]) {
    let from = s.units[o.unit].pos;
    let to = from.step(o.dir);
    if s.board.cell(to) == super::board::CellType::Wall {
        return;
    }
    let target = s.board.index(to);
    let occupant = s.unit_at[target];
    if occupant >= 0 {
        let b = occupant as usize;
        let attacker = s.units[o.unit].player;
        if s.units[b].player == attacker {
            return;
        }
        s.units[b].health -= rng.range(ATTACK_DAMAGE.0, ATTACK_DAMAGE.1);
        if s.units[b].health >= 0 {
            return;
        }
        // The defender dies (its mask with it) and will respawn for the attacker's player.
        killed[b] = Some(attacker);
        s.unit_at[target] = -1;
    }
    let source = s.board.index(from);
    s.unit_at[source] = -1;
    s.unit_at[target] = o.unit as i32;
    let u = &mut s.units[o.unit];
    u.pos = to;
    if !u.mask && s.mask[target] {
        u.mask = true;
        s.mask[target] = false;
    }
}

/// Brings a dead unit back for `player`: full health, no mask, not immune, infected with
/// probability 1/5 (damage 2..4), on a spawn cell.
pub fn respawn(s: &mut State, id: usize, player: usize, rng: &mut GameRng) {
    let health = s.params.initial_health;
    let cell = spawn_cell(s, rng);
    let infected = rng.chance(RESPAWN_INFECTED_PROBABILITY);
    let damage = if infected { rng.range(RESPAWN_DAMAGE.0, RESPAWN_DAMAGE.1) } else { 0 };
    let u = &mut s.units[id];
    u.player = player;
    u.health = health;
    u.mask = false;
    u.immune = false;
    u.damage = damage;
    u.turns = 0;
    // Setup guarantees at least as many open cells as units, and this unit's old cell is free,
    // so there is always a cell.
    debug_assert!(cell.is_some(), "no cell to respawn unit {id}");
    if let Some(p) = cell {
        u.pos = p;
        let k = s.board.index(p);
        s.unit_at[k] = id as i32;
    }
}
