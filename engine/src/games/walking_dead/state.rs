//! The dynamic state of a Walking Dead match.

use super::board::Board;
use super::dir::Dir;
use super::params::Params;
use crate::game::NB_PLAYERS;
use crate::grid::Pos;
use std::sync::Arc;

/// The kit's `UnitType`, with its codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum UnitType {
    Alive = 0,
    Dead = 1,
    Zombie = 2,
}

impl UnitType {
    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(c: u8) -> Option<UnitType> {
        [UnitType::Alive, UnitType::Dead, UnitType::Zombie].get(c as usize).copied()
    }
}

/// A unit. Its id never changes, through death, zombification and rebirth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub id: usize,
    pub kind: UnitType,
    /// The clan; -1 for zombies.
    pub player: i32,
    pub pos: Pos,
    /// Rounds left before becoming a zombie; -1 when not converting.
    pub rounds_for_zombie: i32,
}

impl Unit {
    /// The clan of an alive unit.
    pub fn alive_of(&self) -> Option<usize> {
        (self.kind == UnitType::Alive).then_some(self.player as usize)
    }
}

/// Move unit `unit` one cell in `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    pub unit: usize,
    pub dir: Dir,
}

/// A fight of the last round: `attacker` moved into `defender`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fight {
    pub attacker: usize,
    pub defender: usize,
    /// Won by surprise (the 30% draw) or on strength.
    pub surprise: bool,
    pub attacker_won: bool,
}

/// What happened in the last round beyond the state itself (for the replay and the viewer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundLog {
    /// Moves tried, in execution order (orders of units killed earlier in the round are left out).
    pub moves: Vec<Order>,
    pub fights: Vec<Fight>,
    /// Zombies killed, in kill order, with the clan they come back for.
    pub zombie_kills: Vec<(usize, usize)>,
    /// Bites: (zombie, unit bitten).
    pub bites: Vec<(usize, usize)>,
    /// A unit that changed clans at the end of the round: (unit, from, to).
    pub switch: Option<(usize, usize, usize)>,
}

#[derive(Clone, Debug)]
pub struct State {
    pub params: Arc<Params>,
    pub board: Arc<Board>,
    /// Rounds played so far (the kit's `round()` during a round is this + 1).
    pub round: u32,
    pub units: Vec<Unit>,
    /// Unit id per cell, -1 when empty.
    pub unit_at: Vec<i32>,
    /// Whether a cell holds food.
    pub food: Vec<bool>,
    /// Owner per cell, -1 when none.
    pub owner: Vec<i8>,
    pub strength_points: [i64; NB_PLAYERS],
    pub zombies_killed: [i64; NB_PLAYERS],
    pub fights_won: [i64; NB_PLAYERS],
    pub scores: [i64; NB_PLAYERS],
    pub log: RoundLog,
}

impl State {
    /// Round 0 on `board` with no unit, no food, nothing owned.
    pub fn empty(params: Params, board: Board) -> State {
        let cells = board.rows() * board.cols();
        State {
            strength_points: [params.clan_ini_strength; NB_PLAYERS],
            params: Arc::new(params),
            board: Arc::new(board),
            round: 0,
            units: Vec::new(),
            unit_at: vec![-1; cells],
            food: vec![false; cells],
            owner: vec![-1; cells],
            zombies_killed: [0; NB_PLAYERS],
            fights_won: [0; NB_PLAYERS],
            scores: [0; NB_PLAYERS],
            log: RoundLog::default(),
        }
    }

    /// The unit on a cell, if any.
    pub fn unit_on(&self, p: Pos) -> Option<&Unit> {
        if !self.board.contains(p) {
            return None;
        }
        let u = self.unit_at[self.board.index(p)];
        (u >= 0).then(|| &self.units[u as usize])
    }

    pub fn has_food(&self, p: Pos) -> bool {
        self.board.contains(p) && self.food[self.board.index(p)]
    }

    /// Puts unit `id` on `p` (which must be free).
    pub fn place(&mut self, id: usize, p: Pos) {
        let k = self.board.index(p);
        debug_assert_eq!(self.unit_at[k], -1, "cell {p} is taken");
        self.unit_at[k] = id as i32;
        self.units[id].pos = p;
    }

    /// Takes unit `id` off the board.
    pub fn lift(&mut self, id: usize) {
        let k = self.board.index(self.units[id].pos);
        if self.unit_at[k] == id as i32 {
            self.unit_at[k] = -1;
        }
    }

    pub fn set_owner(&mut self, p: Pos, owner: i8) {
        let k = self.board.index(p);
        self.owner[k] = owner;
    }

    /// Ids of a clan's alive units, ascending (the kit's `alive_units(pl)`).
    pub fn alive_units(&self, player: usize) -> Vec<usize> {
        self.units.iter().filter(|u| u.alive_of() == Some(player)).map(|u| u.id).collect()
    }

    /// Ids of a clan's dead units, ascending.
    pub fn dead_units(&self, player: usize) -> Vec<usize> {
        self.units.iter().filter(|u| u.kind == UnitType::Dead && u.player == player as i32).map(|u| u.id).collect()
    }

    /// Ids of the zombies, ascending.
    pub fn zombies(&self) -> Vec<usize> {
        self.units.iter().filter(|u| u.kind == UnitType::Zombie).map(|u| u.id).collect()
    }

    pub fn alive_counts(&self) -> [usize; NB_PLAYERS] {
        let mut n = [0; NB_PLAYERS];
        for u in &self.units {
            if let Some(p) = u.alive_of() {
                n[p] += 1;
            }
        }
        n
    }

    /// A clan's strength: floor(strength points / alive units), 0 with no alive unit.
    pub fn strength(&self, player: usize) -> i64 {
        strength(self.strength_points[player], self.alive_counts()[player])
    }

    /// Cells each clan owns.
    pub fn owned_cells(&self) -> [i64; NB_PLAYERS] {
        // Branch-free: slot 0 counts the cells nobody owns.
        let mut n = [0i64; NB_PLAYERS + 1];
        for &o in &self.owner {
            n[(o + 1) as usize] += 1;
        }
        [n[1], n[2], n[3], n[4]]
    }

    /// The score formula of the statement, from the counts so far and the cells owned now.
    pub fn compute_scores(&self) -> [i64; NB_PLAYERS] {
        let p = &self.params;
        let owned = self.owned_cells();
        std::array::from_fn(|c| {
            p.points_for_killing_zombie * self.zombies_killed[c]
                + p.points_for_killing_person * self.fights_won[c]
                + p.points_per_owned_cell * owned[c]
        })
    }
}

/// floor(points / alive), 0 when `alive` is 0.
pub fn strength(points: i64, alive: usize) -> i64 {
    if alive == 0 {
        0
    } else {
        points / alive as i64
    }
}
