//! One order, applied to the board as it is now (a round's step 2 and 3): a move into food,
//! money, a weapon, a barricade or a citizen, or a builder's build.

use super::state::{CitizenType, Fight, Item, Order, OrderKind, Pending, Regen, State};
use crate::grid::Pos;
use crate::rng::GameRng;

/// How an order ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The citizen was killed earlier this round: skipped.
    Skipped,
    /// Nothing happened (off the board, a building, a rule forbids it).
    Ignored,
    /// Moved to a free cell, taking what was there.
    Moved(Option<Item>),
    /// Entered one of its own barricades.
    Entered,
    /// Hit a rival barricade at night; `destroyed` when its resistance fell to 0.
    Demolished { destroyed: bool },
    /// Fought a rival citizen at night.
    Fought(Fight),
    /// Built a new barricade.
    Built,
    /// Reinforced one of its own barricades.
    Reinforced,
}

/// Executes one order.
pub fn execute(s: &mut State, o: Order, rng: &mut GameRng) -> Outcome {
    let c = s.citizens[o.citizen];
    if !c.alive {
        return Outcome::Skipped;
    }
    s.log.orders.push(o);
    let (di, dj) = o.dir.delta();
    let to = Pos::new(c.pos.i + di, c.pos.j + dj);
    if (di, dj) == (0, 0) || !s.board.is_street(to) {
        return Outcome::Ignored;
    }
    match o.kind {
        OrderKind::Move => step(s, o.citizen, to, rng),
        OrderKind::Build => build(s, o.citizen, to),
    }
}

fn queue(s: &mut State, what: Regen) {
    let p = &s.params;
    let rounds = match what {
        Regen::Citizen { kind: CitizenType::Builder, .. } => p.regen_builder,
        Regen::Citizen { kind: CitizenType::Warrior, .. } => p.regen_warrior,
        Regen::Item(Item::Food) => p.regen_food,
        Regen::Item(Item::Money) => p.regen_money,
        Regen::Item(Item::Gun | Item::Bazooka) => p.regen_weapon,
    };
    s.queue.push(Pending { what, rounds: i64::from(rounds) });
}

fn step(s: &mut State, id: usize, to: Pos, rng: &mut GameRng) -> Outcome {
    let k = s.board.index(to);
    let c = s.citizens[id];
    if let Some(b) = s.barricade[k] {
        if b.player == c.player {
            if s.citizen_at[k] >= 0 {
                return Outcome::Ignored;
            }
            s.relocate(id, to);
            return Outcome::Entered;
        }
        if s.is_day() {
            return Outcome::Ignored;
        }
        let resistance = b.resistance - s.demolish_strength(&c);
        let destroyed = resistance <= 0;
        s.barricade[k] = (!destroyed).then_some(super::state::Barricade { resistance, ..b });
        return Outcome::Demolished { destroyed };
    }
    if let Some(other) = s.citizen_on(to).copied() {
        if s.is_day() || other.player == c.player {
            return Outcome::Ignored;
        }
        return Outcome::Fought(fight(s, id, other.id, rng));
    }
    let taken = s.item[k].take();
    match taken {
        Some(Item::Food) => {
            let max = match c.kind {
                CitizenType::Builder => s.params.builder_life,
                CitizenType::Warrior => s.params.warrior_life,
            };
            let life = &mut s.citizens[id].life;
            *life = (*life + s.params.food_incr_life).min(max);
        }
        Some(Item::Money) => s.money_points[c.player] += s.params.money_points,
        // A warrior keeps the stronger; a builder destroys it.
        Some(weapon @ (Item::Gun | Item::Bazooka)) if c.kind == CitizenType::Warrior => {
            let w = &mut s.citizens[id].weapon;
            *w = (*w).max(weapon.weapon());
        }
        Some(Item::Gun | Item::Bazooka) | None => {}
    }
    if let Some(item) = taken {
        queue(s, Regen::Item(item));
    }
    s.relocate(id, to);
    Outcome::Moved(taken)
}

/// A night fight: the mover wins with probability s1 / (s1 + s2); the loser loses life and, at
/// 0 or less, dies (queued to come back) and the winner's clan gains the kill points.
fn fight(s: &mut State, attacker: usize, defender: usize, rng: &mut GameRng) -> Fight {
    let (a, d) = (s.citizens[attacker], s.citizens[defender]);
    let (s1, s2) = (s.attack_strength(&a), s.attack_strength(&d));
    let attacker_won = i64::from(rng.below((s1 + s2) as u32)) < s1;
    let (winner, loser) = if attacker_won { (a, d) } else { (d, a) };
    s.citizens[loser.id].life -= s.params.life_lost_in_attack;
    let killed = s.citizens[loser.id].life <= 0;
    if killed {
        s.remove(loser.id);
        s.kill_points[winner.player] += match loser.kind {
            CitizenType::Builder => s.params.kill_builder_points,
            CitizenType::Warrior => s.params.kill_warrior_points,
        };
        queue(s, Regen::Citizen { player: loser.player, kind: loser.kind });
    }
    let f = Fight { attacker, defender, attacker_won, killed };
    s.log.fights.push(f);
    f
}

/// A build order: builders only, by day, not from inside a barricade; onto a free street cell
/// (a new barricade, within the player's maximum) or one of its own barricades (reinforced, up
/// to the maximum resistance).
fn build(s: &mut State, id: usize, to: Pos) -> Outcome {
    let c = s.citizens[id];
    let from = s.board.index(c.pos);
    let k = s.board.index(to);
    if c.kind != CitizenType::Builder || !s.is_day() || s.barricade[from].is_some() {
        return Outcome::Ignored;
    }
    if s.item[k].is_some() || s.citizen_at[k] >= 0 {
        return Outcome::Ignored;
    }
    let p = s.params.clone();
    match s.barricade[k] {
        Some(b) if b.player != c.player => Outcome::Ignored,
        Some(mut b) => {
            b.resistance = (b.resistance + p.resistance_step).min(p.max_resistance);
            s.barricade[k] = Some(b);
            Outcome::Reinforced
        }
        None => {
            if s.barricades_of(c.player).len() >= p.max_barricades {
                return Outcome::Ignored;
            }
            s.barricade[k] = Some(super::state::Barricade { player: c.player, resistance: p.resistance_step });
            Outcome::Built
        }
    }
}
