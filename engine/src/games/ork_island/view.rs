//! What a sandboxed bot sees of Ork Island: the setup and round views of the bot ABI (byte
//! layout in `docs/bot-abi.md`); orders are the shared 8-byte unit order records.

use super::state::State;
use crate::game::NB_PLAYERS;
use crate::games::unit_order::put_i32;
pub use crate::games::unit_order::{decode_order, ORDER_SIZE};

/// Parameters, cell types, cities and paths.
pub fn encode_setup(s: &State, out: &mut Vec<u8>) {
    let p = &s.params;
    for v in [
        p.rows as i64,
        p.cols as i64,
        p.nb_rounds as i64,
        p.initial_health as i64,
        p.nb_orks as i64,
        p.cost_grass as i64,
        p.cost_forest as i64,
        p.cost_sand as i64,
        p.cost_city as i64,
        p.cost_path as i64,
        p.bonus_per_city_cell,
        p.bonus_per_path_cell,
        p.factor_connected_component,
    ] {
        put_i32(out, v);
    }
    out.extend(s.board.cell_types().cells().iter().map(|&c| c.code()));
    let cities = s.board.cities();
    put_i32(out, cities.len() as i64);
    for city in cities {
        put_i32(out, city.len() as i64);
        for c in city {
            put_i32(out, c.i as i64);
            put_i32(out, c.j as i64);
        }
    }
    let paths = s.board.paths();
    put_i32(out, paths.len() as i64);
    for path in paths {
        put_i32(out, path.ends.0 as i64);
        put_i32(out, path.ends.1 as i64);
        put_i32(out, path.cells.len() as i64);
        for c in &path.cells {
            put_i32(out, c.i as i64);
            put_i32(out, c.j as i64);
        }
    }
}

/// Round, status, scores, owners and orks.
pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    out.reserve(64 + 8 * NB_PLAYERS + 4 * (s.city_owner.len() + s.path_owner.len()) + 16 * s.orks.len());
    put_i32(out, s.round as i64);
    for st in status {
        out.extend_from_slice(&st.to_le_bytes());
    }
    for sc in s.scores {
        out.extend_from_slice(&sc.to_le_bytes());
    }
    for owners in [&s.city_owner, &s.path_owner] {
        put_i32(out, owners.len() as i64);
        for &o in owners.iter() {
            put_i32(out, o as i64);
        }
    }
    put_i32(out, s.orks.len() as i64);
    for u in &s.orks {
        for v in [u.player as i64, u.pos.i as i64, u.pos.j as i64, u.health as i64] {
            put_i32(out, v);
        }
    }
}
