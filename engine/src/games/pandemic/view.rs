//! What a sandboxed bot sees: the Pandemic setup and round views and the order record of the bot
//! ABI. The byte layout is specified in `docs/bot-abi.md`; both SDKs decode exactly this.

use super::state::State;
use crate::game::NB_PLAYERS;

pub use crate::games::shared::grid_view::{decode_order, ORDER_SIZE};
use crate::games::shared::grid_view::{encode_board, encode_round_head, put_i32 as i32s};

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
    encode_board(&s.board, out);
}

/// Round, status, scores, owners, virus, masks and units.
pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    let cells = s.virus.len();
    out.reserve(64 + 8 * NB_PLAYERS + 4 * (s.city_owner.len() + s.path_owner.len()) + 2 * cells + 28 * s.units.len());
    encode_round_head(s.round, status, &s.scores, &s.city_owner, &s.path_owner, out);
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
