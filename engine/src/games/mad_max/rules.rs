//! One round of Mad Max (`docs/games/mad-max.md`, "A round, in order"): the orders in one
//! random order, upkeep, respawn, cities and scores, recharge.

use super::dir::Dir;
use super::moves;
use super::placement;
use super::state::{Order, RoundLog, State, UnitType};
use crate::game::NB_PLAYERS;
use crate::rng::GameRng;

/// Plays the round `s.round` with each player's accepted orders (own units, first order each).
pub fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
    s.log = RoundLog::default();
    let n = s.units.len();
    // 1. Orders: `None` and units that may not move (judged now, before any move) are dropped;
    // the rest run in one uniformly random order.
    let mut list: Vec<Order> =
        orders.iter().flatten().copied().filter(|o| o.dir != Dir::None && o.unit < n && s.can_move(o.unit)).collect();
    rng.shuffle(&mut list);
    let mut captured = vec![false; n];
    for o in list {
        if !captured[o.unit] && moves::apply(s, o.unit, o.dir, &mut captured, rng) {
            s.log.moves.push(o);
        }
    }
    upkeep(s, &mut captured, rng);
    let mut cars = Vec::new();
    let mut warriors = Vec::new();
    for id in (0..n).filter(|&id| captured[id]) {
        match s.units[id].kind {
            UnitType::Car => cars.push(id),
            UnitType::Warrior => warriors.push(id),
        }
    }
    placement::respawn(s, cars, warriors, rng);
    conquer(s);
    recharge(s, &captured);
    s.round += 1;
}

/// Step 3: Warriors of the player whose turn it is lose 1 food and 1 water (captured at 0 by a
/// random other team); every car that may move now loses 1 fuel if it has any.
fn upkeep(s: &mut State, captured: &mut [bool], rng: &mut GameRng) {
    for id in 0..s.units.len() {
        if captured[id] || !s.can_move(id) {
            continue;
        }
        let u = &mut s.units[id];
        match u.kind {
            UnitType::Warrior => {
                u.food -= 1;
                u.water -= 1;
                if u.food <= 0 || u.water <= 0 {
                    let me = u.player;
                    let others: Vec<usize> = (0..NB_PLAYERS).filter(|&t| t != me).collect();
                    let team = others[rng.index(others.len())];
                    placement::capture(s, id, team, captured);
                }
            }
            UnitType::Car => {
                if u.food > 0 {
                    u.food -= 1;
                }
            }
        }
    }
}

/// Step 5: A city changes owner when one team alone has the most warriors on it; then every team
/// scores its cities.
fn conquer(s: &mut State) {
    for (c, cells) in s.board.cities().iter().enumerate() {
        let mut count = [0usize; NB_PLAYERS];
        for &p in cells {
            if let Some(u) = s.unit_on(p) {
                if u.kind == UnitType::Warrior {
                    count[u.player] += 1;
                }
            }
        }
        let most = *count.iter().max().expect("four teams");
        let leaders: Vec<usize> = (0..NB_PLAYERS).filter(|&t| count[t] == most).collect();
        if most > 0 && leaders.len() == 1 {
            s.city_owner[c] = leaders[0] as u8;
        }
    }
    let owned = s.num_cities();
    for (score, n) in s.total_score.iter_mut().zip(owned) {
        *score += n as i64;
    }
}

/// Step 6: Units not captured this round that may move now: a warrior of the player whose turn it
/// is refills its food on any City cell and its water next to Water; a car refills its fuel
/// next to a Station.
fn recharge(s: &mut State, captured: &[bool]) {
    let turn = s.turn();
    let (health, fuel) = (s.params.warriors_health, s.params.cars_fuel);
    for (id, _) in captured.iter().enumerate().filter(|(_, &c)| !c) {
        let u = s.units[id];
        match u.kind {
            UnitType::Warrior if u.player == turn => {
                if s.board.at(u.pos) == super::board::CellType::City {
                    s.units[id].food = health;
                }
                if s.board.near_water(u.pos) {
                    s.units[id].water = health;
                }
            }
            UnitType::Car if s.can_move(id) && s.board.near_station(u.pos) => s.units[id].food = fuel,
            _ => {}
        }
    }
}
