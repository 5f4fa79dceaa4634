//! What a sandboxed bot sees of Ork Island: the setup and round views of the bot ABI (byte
//! layout in `docs/bot-abi.md`); orders are the shared 8-byte unit order records.

use super::state::State;
use crate::game::NB_PLAYERS;
pub use crate::games::shared::grid_view::{decode_order, ORDER_SIZE};
use crate::games::shared::grid_view::{encode_board, encode_round_head, put_i32};

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
    encode_board(&s.board, out);
}

/// Round, status, scores, owners and orks.
pub fn encode_round(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
    out.reserve(64 + 8 * NB_PLAYERS + 4 * (s.city_owner.len() + s.path_owner.len()) + 16 * s.orks.len());
    encode_round_head(s.round, status, &s.scores, &s.city_owner, &s.path_owner, out);
    put_i32(out, s.orks.len() as i64);
    for u in &s.orks {
        for v in [u.player as i64, u.pos.i as i64, u.pos.j as i64, u.health as i64] {
            put_i32(out, v);
        }
    }
}
