//! One move of a unit and its collisions (`docs/games/mad-max.md`, "A round", step 2).
//! When a rule gives a unit to "a random other team", the team is drawn uniformly among those
//! owning neither unit (two distinct ones when both cars of a crash go).

use super::board::CellType;
use super::dir::Dir;
use super::placement::capture;
use super::state::{State, UnitType};
use crate::game::NB_PLAYERS;
use crate::rng::GameRng;

/// A team owning none of `not`, uniformly.
fn other_team(not: &[usize], rng: &mut GameRng) -> usize {
    let choices: Vec<usize> = (0..NB_PLAYERS).filter(|t| !not.contains(t)).collect();
    choices[rng.index(choices.len())]
}

/// The team that captures the unit of `victim` beaten by one of `winner`: the winner's, or a
/// random other team when both are of one team.
fn captor(winner: usize, victim: usize, rng: &mut GameRng) -> usize {
    if winner == victim {
        other_team(&[winner], rng)
    } else {
        winner
    }
}

fn step(s: &mut State, id: usize, to: crate::grid::Pos) {
    let from = s.board.index(s.units[id].pos);
    s.unit_at[from] = -1;
    s.unit_at[s.board.index(to)] = id as i32;
    s.units[id].pos = to;
}

/// Plays unit `id`'s move in `dir` (not `None`); false when the target is off the board or a
/// cell the unit may not enter (the move fails and nothing happens).
pub fn apply(s: &mut State, id: usize, dir: Dir, captured: &mut [bool], rng: &mut GameRng) -> bool {
    let u = s.units[id];
    let to = dir.from(u.pos);
    let Some(cell) = s.board.get(to) else { return false };
    let enters = match u.kind {
        UnitType::Car => cell.car_can_enter(),
        UnitType::Warrior => cell.warrior_can_enter(),
    };
    if !enters {
        return false;
    }
    let target = s.unit_at[s.board.index(to)];
    if target < 0 {
        step(s, id, to);
        return true;
    }
    let id2 = target as usize;
    let v = s.units[id2];
    match (u.kind, v.kind) {
        (UnitType::Car, UnitType::Car) => {
            let first = other_team(&[u.player, v.player], rng);
            let second = other_team(&[u.player, v.player, first], rng);
            capture(s, id2, first, captured);
            capture(s, id, second, captured);
        }
        (UnitType::Car, UnitType::Warrior) => {
            let team = captor(u.player, v.player, rng);
            capture(s, id2, team, captured);
            step(s, id, to);
        }
        (UnitType::Warrior, UnitType::Car) => {
            let team = captor(v.player, u.player, rng);
            capture(s, id, team, captured);
        }
        (UnitType::Warrior, UnitType::Warrior) => {
            if s.board.at(u.pos) == CellType::City && cell == CellType::City {
                // Thunderdome: the mover survives with probability proportional to its water.
                let mover_wins = (rng.below((u.water + v.water) as u32) as i32) < u.water;
                let (winner, loser, loser_id) = if mover_wins { (u, v, id2) } else { (v, u, id) };
                let team = captor(winner.player, loser.player, rng);
                capture(s, loser_id, team, captured);
            } else {
                let max = s.params.warriors_health;
                let damage = s.params.damage;
                let f = v.food.min(damage);
                let w = v.water.min(damage);
                s.units[id2].food -= f;
                s.units[id2].water -= w;
                let m = &mut s.units[id];
                m.food = (m.food + f / 2).min(max);
                m.water = (m.water + w / 2).min(max);
                if s.units[id2].food <= 0 || s.units[id2].water <= 0 {
                    let team = captor(u.player, v.player, rng);
                    capture(s, id2, team, captured);
                }
            }
        }
    }
    true
}
