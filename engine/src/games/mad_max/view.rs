//! What a sandboxed bot sees of Mad Max (byte layout in `docs/bot-abi.md`).
//!
//! Setup view: the 9 parameters of `default.cnf` after `nb_players`, in its order (i32 each),
//! one byte per cell, row-major (the kit's `CellType` codes: 0 Desert, 1 Road, 2 City, 3 Water,
//! 4 Station, 5 Wall), then the cities (count, then per city its cell count and each cell's row
//! and column, row-major; i32 each), numbered as the round view's owners.
//! Round view: the round being played (i32, from 0), status (f64 × 4), total scores (i64 × 4),
//! the owner of each city (u8 each), then the units (count, then by id: type (0 warrior, 1 car),
//! player, row, column, food (a car's fuel) and water, i32 each).
//! Order record: unit id and direction (0..8, the kit's `Dir` order, 8 `None`), i32 LE each.

use super::dir::Dir;
use super::state::{Order, State};
use crate::game::NB_PLAYERS;
use crate::games::shared::grid_view::put_i32;

pub const ORDER_SIZE: usize = 8;

/// The parameters as the setup view lists them (everything after `nb_players`).
pub fn param_values(s: &State) -> [i64; 9] {
    let p = &s.params;
    [
        i64::from(p.nb_rounds),
        p.nb_cities as i64,
        p.nb_warriors as i64,
        p.nb_cars as i64,
        i64::from(p.warriors_health),
        i64::from(p.cars_fuel),
        i64::from(p.damage),
        p.rows as i64,
        p.cols as i64,
    ]
}

pub fn encode_setup(s: &State, out: &mut Vec<u8>) {
    for v in param_values(s) {
        put_i32(out, v);
    }
    out.extend(s.board.cells().cells().iter().map(|c| c.code()));
    let cities = s.board.cities();
    put_i32(out, cities.len() as i64);
    for c in cities {
        put_i32(out, c.len() as i64);
        for p in c {
            put_i32(out, p.i.into());
            put_i32(out, p.j.into());
        }
    }
}

pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    out.reserve(80 + s.city_owner.len() + 24 * s.units.len());
    put_i32(out, i64::from(s.round));
    for st in status {
        out.extend_from_slice(&st.to_le_bytes());
    }
    for sc in &s.total_score {
        out.extend_from_slice(&sc.to_le_bytes());
    }
    out.extend_from_slice(&s.city_owner);
    put_i32(out, s.units.len() as i64);
    for u in &s.units {
        for v in [u.kind.code() as i32, u.player as i32, u.pos.i, u.pos.j, u.food, u.water] {
            put_i32(out, v.into());
        }
    }
}

/// Reads an order record; `None` when malformed (negative unit, direction outside 0..8, short).
pub fn decode_order(record: &[u8]) -> Option<Order> {
    let unit = i32::from_le_bytes(record.get(0..4)?.try_into().ok()?);
    let dir = i32::from_le_bytes(record.get(4..8)?.try_into().ok()?);
    let dir = Dir::from_code(u8::try_from(dir).ok()?)?;
    Some(Order { unit: usize::try_from(unit).ok()?, dir })
}
