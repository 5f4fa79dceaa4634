//! The bot-ABI pieces the grid games share (Pandemic, Ork Island; `docs/bot-abi.md`): the
//! order (a unit steps one cell) and its 8-byte record, the board part of the setup view and
//! the head of the round view.

use crate::game::NB_PLAYERS;
use crate::games::shared::conquest::{Regions, Terrain};
use crate::grid::Dir;

/// Move unit `unit` one cell in `dir` (`Dir::None` = stay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    pub unit: usize,
    pub dir: Dir,
}

/// An order record: unit id, direction (0 bottom, 1 right, 2 top, 3 left, 4 none); i32 LE each.
pub const ORDER_SIZE: usize = 8;

/// Reads an order record; `None` when malformed (negative unit, unknown direction, short).
pub fn decode_order(record: &[u8]) -> Option<Order> {
    let unit = i32::from_le_bytes(record.get(0..4)?.try_into().ok()?);
    let dir = i32::from_le_bytes(record.get(4..8)?.try_into().ok()?);
    let dir = Dir::from_code(u8::try_from(dir).ok()?)?;
    Some(Order { unit: usize::try_from(unit).ok()?, dir })
}

/// Appends `v` as an i32 LE, saturating (every field fits by the parameter ranges).
pub fn put_i32(out: &mut Vec<u8>, v: i64) {
    out.extend_from_slice(&(v.clamp(i32::MIN as i64, i32::MAX as i64) as i32).to_le_bytes());
}

/// Cell types (one byte each, row-major), then the cities (count; per city its cell count and
/// cells as i32 row, column) and the paths (count; per path its two cities, cell count, cells).
pub fn encode_board<T: Terrain>(b: &Regions<T>, out: &mut Vec<u8>) {
    out.extend(b.cell_types().cells().iter().map(|&c| c.code()));
    put_i32(out, b.cities().len() as i64);
    for city in b.cities() {
        put_i32(out, city.len() as i64);
        for c in city {
            put_i32(out, c.i as i64);
            put_i32(out, c.j as i64);
        }
    }
    put_i32(out, b.paths().len() as i64);
    for path in b.paths() {
        put_i32(out, path.ends.0 as i64);
        put_i32(out, path.ends.1 as i64);
        put_i32(out, path.cells.len() as i64);
        for c in &path.cells {
            put_i32(out, c.i as i64);
            put_i32(out, c.j as i64);
        }
    }
}

/// The start of every round view: round (i32), status (f64 × 4), scores (i64 × 4), then the city
/// owners and the path owners (each a count and i32 owners, -1 for none).
pub fn encode_round_head(
    round: u32,
    status: &[f64; NB_PLAYERS],
    scores: &[i64; NB_PLAYERS],
    city_owner: &[i8],
    path_owner: &[i8],
    out: &mut Vec<u8>,
) {
    put_i32(out, round as i64);
    for st in status {
        out.extend_from_slice(&st.to_le_bytes());
    }
    for sc in scores {
        out.extend_from_slice(&sc.to_le_bytes());
    }
    for owners in [city_owner, path_owner] {
        put_i32(out, owners.len() as i64);
        for &o in owners {
            put_i32(out, o as i64);
        }
    }
}
