//! One round of The Walking Dead, in the statement's order (`docs/games/walking-dead.md`,
//! "A round, in order"): the players' moves, the zombies, conversions, rebirths, the clan switch,
//! strength and food, scores.

use super::moves::{execute_move, interleave, MovePhase};
use super::placement::regeneration_cell;
use super::setup::add_food;
use super::state::{Order, RoundLog, State, UnitType};
use super::zombies::{convert, move_zombies};
use crate::game::NB_PLAYERS;
use crate::rng::GameRng;

/// The chance of a clan switch at the end of each round: 1 in 5.
pub const SWITCH: (u32, u32) = (1, 5);

/// Plays one round with each player's accepted orders (alive units it owned at the start of the
/// round, first order per unit).
pub fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
    s.log = RoundLog::default();
    // Fights use the strengths of the start of the round.
    let strength: [i64; NB_PLAYERS] = std::array::from_fn(|c| s.strength(c));
    let mut phase = MovePhase::default();
    for o in interleave(orders, rng) {
        execute_move(s, o, &strength, &mut phase, rng);
    }
    move_zombies(s, &mut phase.food_gone, rng);
    convert(s);
    rebirths(s, rng);
    clan_switch(s, rng);
    let alive = s.alive_counts();
    let food_strength = s.params.food_strength;
    for ((points, eaten), alive) in s.strength_points.iter_mut().zip(phase.eaten).zip(alive) {
        let grown = points.saturating_add(food_strength.saturating_mul(eaten));
        *points = (grown - alive as i64).max(0);
    }
    for _ in 0..phase.food_gone {
        // The cell the food left (or a unit's) is free again, so there is always a cell.
        let placed = add_food(s, rng);
        debug_assert!(placed.is_ok(), "no cell for food");
    }
    s.round += 1;
    s.scores = s.compute_scores();
}

/// Zombies killed this round come back, in kill order, as alive units of their killer's clan.
fn rebirths(s: &mut State, rng: &mut GameRng) {
    for (id, clan) in s.log.zombie_kills.clone() {
        // The zombie left a cell free: there is always one.
        let Some(at) = regeneration_cell(s, rng) else { continue };
        let u = &mut s.units[id];
        u.kind = UnitType::Alive;
        u.player = clan as i32;
        u.rounds_for_zombie = -1;
        s.place(id, at);
        s.set_owner(at, clan as i8);
    }
}

/// With probability 1/5, a random alive unit of the clan with the most alive units joins the
/// clan with the fewest (ties drawn uniformly; all equal: two distinct random clans).
fn clan_switch(s: &mut State, rng: &mut GameRng) {
    if rng.below(SWITCH.1) >= SWITCH.0 {
        return;
    }
    let alive = s.alive_counts();
    let (most, fewest) = (*alive.iter().max().expect("4 clans"), *alive.iter().min().expect("4 clans"));
    let (from, to) = if most == fewest {
        let from = rng.index(NB_PLAYERS);
        let to = (from + 1 + rng.index(NB_PLAYERS - 1)) % NB_PLAYERS;
        (from, to)
    } else {
        let big: Vec<usize> = (0..NB_PLAYERS).filter(|&c| alive[c] == most).collect();
        let small: Vec<usize> = (0..NB_PLAYERS).filter(|&c| alive[c] == fewest).collect();
        (big[rng.index(big.len())], small[rng.index(small.len())])
    };
    let members = s.alive_units(from);
    if members.is_empty() {
        return;
    }
    let id = members[rng.index(members.len())];
    s.units[id].player = to as i32;
    let at = s.units[id].pos;
    s.set_owner(at, to as i8);
    s.log.switch = Some((id, from, to));
}
