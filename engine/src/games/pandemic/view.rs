//! What a sandboxed bot sees: the Pandemic setup and round views and the order record of the bot
//! ABI. The byte layout is specified in `docs/bot-abi.md`; both SDKs decode exactly this.

use super::state::State;
use crate::game::NB_PLAYERS;

use crate::games::unit_order::put_i32 as i32s;
pub use crate::games::unit_order::{decode_order, ORDER_SIZE};

/// Parameters, cell types, cities and paths.
pub fn encode_setup(s: &State, out: &mut Vec<u8>) {
    let p = &s.params;
    for v in [
        p.rows as i64,
        p.cols as i64,
        p.nb_rounds as i64,
        p.initial_health as i64,
        p.nb_units as i64,
        p.bonus_per_city_cell,
        p.bonus_per_path_cell,
        p.factor_connected_component,
    ] {
        i32s(out, v);
    }
    out.extend_from_slice(&p.infection_factor.to_le_bytes());
    out.extend_from_slice(&p.mask_protection.to_le_bytes());
    out.extend(s.board.cell_types().cells().iter().map(|&c| c as u8));
    let cities = s.board.cities();
    i32s(out, cities.len() as i64);
    for city in cities {
        i32s(out, city.len() as i64);
        for c in city {
            i32s(out, c.i as i64);
            i32s(out, c.j as i64);
        }
    }
    let paths = s.board.paths();
    i32s(out, paths.len() as i64);
    for path in paths {
        i32s(out, path.ends.0 as i64);
        i32s(out, path.ends.1 as i64);
        i32s(out, path.cells.len() as i64);
        for c in &path.cells {
            i32s(out, c.i as i64);
            i32s(out, c.j as i64);
        }
    }
}

/// Round, status, scores, owners, virus, masks and units.
pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    let cells = s.virus.len();
    out.reserve(64 + 8 * NB_PLAYERS + 4 * (s.city_owner.len() + s.path_owner.len()) + 2 * cells + 28 * s.units.len());
    i32s(out, s.round as i64);
    for st in status {
        out.extend_from_slice(&st.to_le_bytes());
    }
    for sc in s.scores {
        out.extend_from_slice(&sc.to_le_bytes());
    }
    i32s(out, s.city_owner.len() as i64);
    for &o in &s.city_owner {
        i32s(out, o as i64);
    }
    i32s(out, s.path_owner.len() as i64);
    for &o in &s.path_owner {
        i32s(out, o as i64);
    }
    out.extend_from_slice(&s.virus);
    out.extend(s.mask.iter().map(|&m| m as u8));
    i32s(out, s.units.len() as i64);
    for u in &s.units {
        for v in [u.player as i64, u.pos.i as i64, u.pos.j as i64, u.health as i64, u.damage as i64, u.turns as i64] {
            i32s(out, v);
        }
        i32s(out, (u.immune as i64) | ((u.mask as i64) << 1));
    }
}
