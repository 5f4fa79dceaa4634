//! What a sandboxed bot sees of The Walking Dead (byte layout in `docs/bot-abi.md`).
//!
//! Setup view: the 12 parameters of `default.cnf` after `num_players`, in its order (i32 each),
//! then one byte per cell, row-major: 0 street, 1 waste.
//! Round view: the kit's round number (i32): rounds played so far, 0 in the first round (the
//! statement's round r is this + 1; kit players set themselves up at round 0), status (f64 × 4), scores
//! (i64 × 4), strengths (i32 × 4), one byte per cell (owner + 1, 0 for none), the food (count,
//! then row and column i32 each), the units (count, then type, player, row, column and rounds
//! for zombie, i32 each).
//! Order record: unit id and direction (0..7, the kit's `Dir` order), i32 LE each.

use super::dir::Dir;
use super::state::{Order, State};
use crate::game::NB_PLAYERS;
use crate::games::shared::grid_view::put_i32;

pub const ORDER_SIZE: usize = 8;

pub fn encode_setup(s: &State, out: &mut Vec<u8>) {
    let p = &s.params;
    for v in [
        i64::from(p.num_rounds),
        p.rows as i64,
        p.cols as i64,
        p.units_per_clan as i64,
        p.zombies as i64,
        p.food as i64,
        p.clan_ini_strength,
        p.points_for_killing_person,
        p.points_for_killing_zombie,
        p.points_per_owned_cell,
        p.food_strength,
        i64::from(p.rounds_before_becoming_zombie),
    ] {
        put_i32(out, v);
    }
    out.extend(s.board.waste().cells().iter().map(|&w| u8::from(w)));
}

pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    out.reserve(128 + s.owner.len() + 8 * s.params.food + 20 * s.units.len());
    put_i32(out, i64::from(s.round));
    for st in status {
        out.extend_from_slice(&st.to_le_bytes());
    }
    for sc in &s.scores {
        out.extend_from_slice(&sc.to_le_bytes());
    }
    for c in 0..NB_PLAYERS {
        put_i32(out, s.strength(c));
    }
    out.extend(s.owner.iter().map(|&o| (o + 1) as u8));
    let food: Vec<usize> = (0..s.food.len()).filter(|&k| s.food[k]).collect();
    put_i32(out, food.len() as i64);
    for k in food {
        let p = s.board.pos(k);
        put_i32(out, p.i.into());
        put_i32(out, p.j.into());
    }
    put_i32(out, s.units.len() as i64);
    for u in &s.units {
        for v in [u.kind.code() as i32, u.player, u.pos.i, u.pos.j, u.rounds_for_zombie] {
            put_i32(out, v.into());
        }
    }
}

/// Reads an order record; `None` when malformed (negative unit, direction outside 0..7, short).
pub fn decode_order(record: &[u8]) -> Option<Order> {
    let unit = i32::from_le_bytes(record.get(0..4)?.try_into().ok()?);
    let dir = i32::from_le_bytes(record.get(4..8)?.try_into().ok()?);
    let dir = Dir::from_code(u8::try_from(dir).ok()?)?;
    Some(Order { unit: usize::try_from(unit).ok()?, dir })
}
