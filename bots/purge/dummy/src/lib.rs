//! Dummy: Arena's The Purge house bot, the player a bot must beat to qualify, rebuilt after the
//! kit's Dummy (`docs/games/purge.md`, "Fidelity to the kit": the rule below reproduces every
//! order of the kit's Dummy, round for round, when it draws from the kit's generator).
//!
//! Every round, its warriors and then its builders, each in ascending id order. First the
//! citizen draws `random(0, 99)`: above [`STAY_BELOW`] it takes a random step (a random
//! permutation of the four directions, the first one onto a street cell, whatever stands there:
//! an item, a barricade, a citizen of either clan), and that is all for it this round.
//! Otherwise:
//! - by day, a warrior without a bazooka walks toward the nearest weapon stronger than its own;
//! - by night, a warrior walks toward the nearest rival it would beat (a weaker weapon, or the
//!   same and less life), through free cells and rivals, and attacks it when next to it;
//! - by day, a builder builds on the first empty neighbouring cell (Down, Right, Up, Left) while
//!   the clan has fewer barricades than allowed at the start of the round; else, while one of
//!   the clan's barricades is below the maximum resistance and it does not stand on one, it
//!   walks toward the nearest of them (it never reinforces: it only walks in); else toward the
//!   nearest money;
//! - by night, a builder at half its initial life or less, not on a barricade, walks toward the
//!   nearest empty barricade of its clan; any other builder stays.
//!
//! "Walks toward" is the first step of a breadth-first path (neighbours in the order Down,
//! Right, Up, Left) through street cells with no citizen and no rival barricade, with no bound
//! on its length; nothing reachable, no order.

use arena_bot::purge::{
    strongest_weapon, BonusType, CellType, Citizen, CitizenType, Dir, Game, Player, Pos, WeaponType,
};
use std::collections::VecDeque;

/// A draw of `random(0, 99)` at most this skips the random step (16% of the time).
pub const STAY_BELOW: i32 = 15;

/// The house bot Dummy.
#[derive(Default)]
pub struct Dummy;

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let day = g.is_day();
        for id in g.warriors(me) {
            let Some(c) = g.citizen(id) else { continue };
            if random_step(g, &c) {
                continue;
            }
            let d = if day {
                if c.weapon == WeaponType::Bazooka {
                    continue;
                }
                let own = c.weapon;
                walk(g, c.pos, |g, p| stronger_weapon(own, g.cell(p).weapon), calm)
            } else {
                walk(g, c.pos, |g, p| weaker_rival(g, &c, p), fight)
            };
            if let Some(d) = d {
                g.move_citizen(id, d);
            }
        }
        let barricades = g.barricades(me).len();
        for id in g.builders(me) {
            let Some(c) = g.citizen(id) else { continue };
            if random_step(g, &c) {
                continue;
            }
            if !day {
                let half = g.builder_ini_life() / 2;
                if c.life <= half && g.cell(c.pos).resistance.is_none() {
                    let to = walk(g, c.pos, |g, p| g.cell(p).b_owner == Some(me) && g.cell(p).id.is_none(), calm);
                    if let Some(d) = to {
                        g.move_citizen(id, d);
                    }
                }
                continue;
            }
            if barricades < g.max_num_barricades().max(0) as usize {
                if let Some(d) = Dir::ALL.into_iter().find(|&d| g.cell(c.pos + d).is_empty()) {
                    g.build(id, d);
                    continue;
                }
            }
            let max = g.barricade_max_resistance();
            let weak = |g: &Game, p: Pos| {
                let cell = g.cell(p);
                cell.b_owner == Some(me) && cell.resistance.is_some_and(|r| r < max)
            };
            let any_weak = g.barricades(me).into_iter().any(|p| weak(g, p));
            if any_weak && !weak(g, c.pos) {
                if let Some(d) = walk(g, c.pos, weak, calm) {
                    g.move_citizen(id, d);
                    continue;
                }
            }
            if let Some(d) = walk(g, c.pos, |g, p| g.cell(p).bonus == BonusType::Money, calm) {
                g.move_citizen(id, d);
            }
        }
    }
}

/// The random step; false (nothing drawn but the first number) when the citizen skips it.
fn random_step(g: &mut Game, c: &Citizen) -> bool {
    if g.random(0, 99) <= STAY_BELOW {
        return false;
    }
    let street = |d: Dir| g.cell(c.pos + d).kind == CellType::Street;
    if let Some(d) = g.random_permutation(4).into_iter().map(|k| Dir::ALL[k]).find(|&d| street(d)) {
        g.move_citizen(c.id, d);
    }
    true
}

/// A weapon `w` on the board that would replace `own`.
fn stronger_weapon(own: WeaponType, w: WeaponType) -> bool {
    w != WeaponType::NoWeapon && strongest_weapon(own, w) != own
}

/// A rival on `p` that `c` would beat: weaker attack strength, or the same and less life.
fn weaker_rival(g: &Game, c: &Citizen, p: Pos) -> bool {
    let strength = |x: &Citizen| match x.kind {
        CitizenType::Builder => g.builder_strength_attack(),
        CitizenType::Warrior => g.weapon_strength_attack(x.weapon),
    };
    let rival = g.cell(p).id.and_then(|o| g.citizen(o)).filter(|o| o.player != c.player);
    rival.is_some_and(|o| (strength(c), c.life) > (strength(&o), o.life))
}

/// Passable on a peaceful walk: a street cell with no citizen and no rival barricade.
fn calm(g: &Game, p: Pos) -> bool {
    let cell = g.cell(p);
    cell.kind == CellType::Street && cell.id.is_none() && cell.b_owner.is_none_or(|o| o == g.me())
}

/// Passable on a hunt: a street cell with no citizen of the clan (barricades do not stop it).
fn fight(g: &Game, p: Pos) -> bool {
    let cell = g.cell(p);
    cell.kind == CellType::Street && cell.id.and_then(|o| g.citizen(o)).is_none_or(|o| o.player != g.me())
}

/// The first step of a breadth-first path from `from` to the nearest cell where `target` holds
/// (checked as cells leave the queue), through cells where `passable` holds.
fn walk(g: &Game, from: Pos, target: impl Fn(&Game, Pos) -> bool, passable: fn(&Game, Pos) -> bool) -> Option<Dir> {
    let (rows, cols) = (g.board_rows(), g.board_cols());
    let index = |p: Pos| (p.i * cols + p.j) as usize;
    let mut first: Vec<Option<Option<Dir>>> = vec![None; (rows * cols).max(0) as usize];
    first[index(from)] = Some(None);
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let step = first[index(p)].flatten();
        if target(g, p) {
            return step;
        }
        for d in Dir::ALL {
            let q = p + d;
            if g.pos_ok(q) && first[index(q)].is_none() && passable(g, q) {
                first[index(q)] = Some(step.or(Some(d)));
                queue.push_back(q);
            }
        }
    }
    None
}

arena_bot::purge_bot!(Dummy);
