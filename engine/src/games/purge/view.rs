//! What a sandboxed bot sees of The Purge (byte layout in `docs/bot-abi.md`).
//!
//! Setup view: the 33 parameters of `default.cnf` after `num_players`, in its order (i32 each),
//! then one byte per cell, row-major: 0 street, 1 building.
//! Round view: the round being played (i32, from 0), status (f64 × 4), scores (i64 × 4), one
//! byte per cell for its item (0 none, 1 money, 2 food, 3 gun, 4 bazooka), the barricades (count,
//! then player, row, column, resistance, i32 each), the alive citizens (count, then id, type
//! (0 builder, 1 warrior), player, row, column, weapon (0 hammer, 1 gun, 2 bazooka, 3 none), life,
//! i32 each), then the number of citizen ids so far (i32).
//! Order record: citizen id, kind (0 move, 1 build) and direction (0..3, the kit's `Dir` order),
//! i32 LE each.

use super::params::SPECS;
use super::state::{CitizenType, Item, Order, OrderKind, State, Weapon};
use crate::game::NB_PLAYERS;
use crate::games::shared::grid_view::put_i32;
use crate::grid::Dir;
use crate::params::ParamValues;

pub const ORDER_SIZE: usize = 12;

/// The parameters as the setup view lists them (everything after `num_players`).
pub fn param_values(s: &State) -> Vec<i64> {
    let p = &s.params;
    let v = [
        i64::from(p.num_days),
        i64::from(p.rounds_per_day),
        p.rows as i64,
        p.cols as i64,
        p.builders as i64,
        p.warriors as i64,
        p.money as i64,
        p.food as i64,
        p.guns as i64,
        p.bazookas as i64,
        p.builder_life,
        p.warrior_life,
        p.money_points,
        p.kill_builder_points,
        p.kill_warrior_points,
        p.food_incr_life,
        p.life_lost_in_attack,
        p.attack.builder,
        p.attack.hammer,
        p.attack.gun,
        p.attack.bazooka,
        p.demolish.builder,
        p.demolish.hammer,
        p.demolish.gun,
        p.demolish.bazooka,
        i64::from(p.regen_builder),
        i64::from(p.regen_warrior),
        i64::from(p.regen_food),
        i64::from(p.regen_money),
        i64::from(p.regen_weapon),
        p.resistance_step,
        p.max_resistance,
        p.max_barricades as i64,
    ];
    debug_assert_eq!(v.len(), SPECS.len() - 1);
    v.to_vec()
}

/// The parameters back from the setup view's values (for tests and the SDK's mirror).
pub fn params_from(values: &[i64]) -> Option<ParamValues> {
    let mut v = ParamValues::defaults(SPECS);
    for (spec, &x) in SPECS[1..].iter().zip(values) {
        v.set(SPECS, spec.name, x).ok()?;
    }
    Some(v)
}

pub fn item_code(item: Option<Item>) -> u8 {
    match item {
        None => 0,
        Some(Item::Money) => 1,
        Some(Item::Food) => 2,
        Some(Item::Gun) => 3,
        Some(Item::Bazooka) => 4,
    }
}

pub fn item_from_code(code: u8) -> Option<Option<Item>> {
    Some(match code {
        0 => None,
        1 => Some(Item::Money),
        2 => Some(Item::Food),
        3 => Some(Item::Gun),
        4 => Some(Item::Bazooka),
        _ => return None,
    })
}

/// The kit's `WeaponType` order: Hammer, Gun, Bazooka, NoWeapon.
pub fn weapon_code(w: Option<Weapon>) -> u8 {
    match w {
        Some(Weapon::Hammer) => 0,
        Some(Weapon::Gun) => 1,
        Some(Weapon::Bazooka) => 2,
        None => 3,
    }
}

pub fn weapon_from_code(code: u8) -> Option<Option<Weapon>> {
    Some(match code {
        0 => Some(Weapon::Hammer),
        1 => Some(Weapon::Gun),
        2 => Some(Weapon::Bazooka),
        3 => None,
        _ => return None,
    })
}

pub fn kind_code(k: CitizenType) -> u8 {
    match k {
        CitizenType::Builder => 0,
        CitizenType::Warrior => 1,
    }
}

pub fn encode_setup(s: &State, out: &mut Vec<u8>) {
    for v in param_values(s) {
        put_i32(out, v);
    }
    out.extend(s.board.buildings().cells().iter().map(|&b| u8::from(b)));
}

pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    out.reserve(128 + s.item.len() + 16 * 12 + 28 * s.citizens.len());
    put_i32(out, i64::from(s.round));
    for st in status {
        out.extend_from_slice(&st.to_le_bytes());
    }
    for sc in &s.scores() {
        out.extend_from_slice(&sc.to_le_bytes());
    }
    out.extend(s.item.iter().map(|&i| item_code(i)));
    let barricades: Vec<usize> = (0..s.barricade.len()).filter(|&k| s.barricade[k].is_some()).collect();
    put_i32(out, barricades.len() as i64);
    for k in barricades {
        let (b, p) = (s.barricade[k].expect("listed"), s.board.pos(k));
        for v in [b.player as i64, p.i.into(), p.j.into(), b.resistance] {
            put_i32(out, v);
        }
    }
    let alive = s.citizens.iter().filter(|c| c.alive);
    put_i32(out, alive.clone().count() as i64);
    for c in alive {
        for v in [
            c.id as i64,
            kind_code(c.kind).into(),
            c.player as i64,
            c.pos.i.into(),
            c.pos.j.into(),
            weapon_code(c.weapon).into(),
            c.life,
        ] {
            put_i32(out, v);
        }
    }
    put_i32(out, s.citizens.len() as i64);
}

/// Reads an order record; `None` when malformed (negative id, unknown kind, direction outside
/// 0..3, short).
pub fn decode_order(record: &[u8]) -> Option<Order> {
    let field = |k: usize| -> Option<i32> { Some(i32::from_le_bytes(record.get(4 * k..4 * k + 4)?.try_into().ok()?)) };
    let citizen = usize::try_from(field(0)?).ok()?;
    let kind = match field(1)? {
        0 => OrderKind::Move,
        1 => OrderKind::Build,
        _ => return None,
    };
    let dir = match field(2)? {
        d @ 0..=3 => Dir::from_code(d as u8)?,
        _ => return None,
    };
    Some(Order { citizen, kind, dir })
}
