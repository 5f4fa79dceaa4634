//! The dynamic state of an Ork Island match.

use super::board::Board;
use super::params::Params;
use crate::game::NB_PLAYERS;
use crate::grid::Pos;
use std::sync::Arc;

/// An ork. Health 0 is alive; only negative health kills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ork {
    pub id: usize,
    pub player: usize,
    pub pos: Pos,
    pub health: i32,
}

pub use crate::games::shared::grid_view::Order;

/// What happened in the last round, beyond the state itself (for the replay and the viewer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundLog {
    /// The moves tried, in execution order (orders of orks killed earlier in the round are not
    /// listed).
    pub moves: Vec<Order>,
}

#[derive(Clone, Debug)]
pub struct State {
    pub params: Arc<Params>,
    pub board: Arc<Board>,
    /// Rounds played so far; bots see this as `round()`.
    pub round: u32,
    pub orks: Vec<Ork>,
    /// Ork id per cell, -1 when empty.
    pub unit_at: Vec<i32>,
    /// Owner per city / path, -1 when none.
    pub city_owner: Vec<i8>,
    pub path_owner: Vec<i8>,
    pub scores: [i64; NB_PLAYERS],
    pub log: RoundLog,
}

impl State {
    /// A state at round 0 with no orks on `board` (see `setup::place_orks`).
    pub fn empty(params: Params, board: Board) -> State {
        let cells = board.rows() * board.cols();
        State {
            city_owner: vec![-1; board.cities().len()],
            path_owner: vec![-1; board.paths().len()],
            params: Arc::new(params),
            board: Arc::new(board),
            round: 0,
            orks: Vec::new(),
            unit_at: vec![-1; cells],
            scores: [0; NB_PLAYERS],
            log: RoundLog::default(),
        }
    }

    /// The ork on a cell, if any.
    pub fn ork_on(&self, p: Pos) -> Option<&Ork> {
        if !self.board.contains(p) {
            return None;
        }
        let u = self.unit_at[self.board.index(p)];
        (u >= 0).then(|| &self.orks[u as usize])
    }

    /// Ids of the orks a player owns, ascending.
    pub fn orks_of(&self, player: usize) -> Vec<usize> {
        self.orks.iter().filter(|u| u.player == player).map(|u| u.id).collect()
    }

    /// Puts ork `id` on `p` (which must be free).
    pub fn place(&mut self, id: usize, p: Pos) {
        let k = self.board.index(p);
        debug_assert_eq!(self.unit_at[k], -1, "cell {p} is taken");
        self.unit_at[k] = id as i32;
        self.orks[id].pos = p;
    }

    /// Takes ork `id` off the board (it died).
    pub fn lift(&mut self, id: usize) {
        let k = self.board.index(self.orks[id].pos);
        if self.unit_at[k] == id as i32 {
            self.unit_at[k] = -1;
        }
    }
}
