//! The dynamic state of a Pandemic match.

use super::board::Board;
use super::params::Params;
use crate::game::NB_PLAYERS;
use crate::grid::Pos;
use std::sync::Arc;

/// A unit. `damage > 0` means infected (health lost per round); `turns` counts the rounds it has
/// been infected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub id: usize,
    pub player: usize,
    pub pos: Pos,
    pub health: i32,
    pub damage: i32,
    pub turns: i32,
    pub immune: bool,
    pub mask: bool,
}

impl Unit {
    pub fn infected(&self) -> bool {
        self.damage > 0
    }
}

pub use crate::games::shared::grid_view::Order;

/// What happened in the last round, beyond the state itself (for the replay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundLog {
    /// The moves executed, in execution order (stays and orders of units killed earlier in the
    /// round are not listed).
    pub moves: Vec<Order>,
    /// Cells that got +3 virus this round (unmasked infected units after the moves).
    pub virus_sources: Vec<u32>,
}

#[derive(Clone, Debug)]
pub struct State {
    pub params: Arc<Params>,
    pub board: Arc<Board>,
    /// Rounds played so far; bots see this as `round()`.
    pub round: u32,
    pub units: Vec<Unit>,
    /// Unit id per cell, -1 when empty.
    pub unit_at: Vec<i32>,
    pub virus: Vec<u8>,
    pub mask: Vec<bool>,
    /// Owner per city / path, -1 when none.
    pub city_owner: Vec<i8>,
    pub path_owner: Vec<i8>,
    pub scores: [i64; NB_PLAYERS],
    pub log: RoundLog,
}

impl State {
    pub fn cell_index(&self, p: Pos) -> usize {
        self.board.index(p)
    }

    /// The unit on a cell, if any.
    pub fn unit_on(&self, p: Pos) -> Option<&Unit> {
        if !self.board.contains(p) {
            return None;
        }
        let u = self.unit_at[self.board.index(p)];
        (u >= 0).then(|| &self.units[u as usize])
    }

    /// Ids of the units a player owns, ascending.
    pub fn units_of(&self, player: usize) -> Vec<usize> {
        self.units.iter().filter(|u| u.player == player).map(|u| u.id).collect()
    }

    pub fn virus_at(&self, p: Pos) -> u8 {
        self.virus[self.board.index(p)]
    }

    pub fn mask_at(&self, p: Pos) -> bool {
        self.mask[self.board.index(p)]
    }
}
