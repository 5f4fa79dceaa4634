//! The order of the grid games where each unit steps one cell (Pandemic, Ork Island): a unit
//! and a direction, and its 8-byte record in the bot ABI.

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
