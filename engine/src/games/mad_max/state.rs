//! The dynamic state of a Mad Max match.

use super::board::{Board, CellType};
use super::dir::Dir;
use super::params::Params;
use crate::game::NB_PLAYERS;
use crate::grid::Pos;
use std::sync::Arc;

/// The kit's `UnitType`, with its codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum UnitType {
    Warrior = 0,
    Car = 1,
}

impl UnitType {
    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(c: u8) -> Option<UnitType> {
        [UnitType::Warrior, UnitType::Car].get(c as usize).copied()
    }
}

/// A unit. Its id never changes; a captured unit changes team and comes back refilled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub id: usize,
    pub kind: UnitType,
    pub player: usize,
    /// A warrior's food, a car's fuel.
    pub food: i32,
    /// A warrior's water; 0 for cars.
    pub water: i32,
    pub pos: Pos,
}

/// Move unit `unit` one cell in `dir` (`None` is accepted and dropped, as in the kit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    pub unit: usize,
    pub dir: Dir,
}

/// What happened in the last round beyond the state itself (for the replay and the viewer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundLog {
    /// The moves executed, in execution order (those of units captured earlier in the round and
    /// those into cells the unit may not enter are left out, as in the kit's output).
    pub moves: Vec<Order>,
}

#[derive(Clone, Debug)]
pub struct State {
    pub params: Arc<Params>,
    pub board: Arc<Board>,
    /// The round being played, from 0 (the kit's `round()`); `nb_rounds` once over.
    pub round: u32,
    pub units: Vec<Unit>,
    /// Unit id per cell, -1 when empty.
    pub unit_at: Vec<i32>,
    /// Owner of each city, by city index.
    pub city_owner: Vec<u8>,
    pub total_score: [i64; NB_PLAYERS],
    pub log: RoundLog,
}

impl State {
    /// Round 0 on `board` with no unit; cities owned as `owners` says, and scored once.
    pub fn empty(params: Params, board: Board, owners: Vec<u8>) -> State {
        let cells = board.rows() * board.cols();
        let mut s = State {
            params: Arc::new(params),
            board: Arc::new(board),
            round: 0,
            units: Vec::new(),
            unit_at: vec![-1; cells],
            city_owner: owners,
            total_score: [0; NB_PLAYERS],
            log: RoundLog::default(),
        };
        s.total_score = s.num_cities().map(|n| n as i64);
        s
    }

    /// The unit on a cell, if any.
    pub fn unit_on(&self, p: Pos) -> Option<&Unit> {
        if !self.board.contains(p) {
            return None;
        }
        let id = self.unit_at[self.board.index(p)];
        (id >= 0).then(|| &self.units[id as usize])
    }

    /// Whether a cell of the board holds no unit.
    pub fn is_free(&self, p: Pos) -> bool {
        self.unit_at[self.board.index(p)] < 0
    }

    /// Adds a unit of `player` with full food, water or fuel on `pos` (an empty cell).
    pub fn add_unit(&mut self, kind: UnitType, player: usize, pos: Pos) {
        let id = self.units.len();
        let (food, water) = self.refill(kind);
        self.units.push(Unit { id, kind, player, food, water, pos });
        let k = self.board.index(pos);
        debug_assert!(self.unit_at[k] < 0, "two units on {pos}");
        self.unit_at[k] = id as i32;
    }

    /// Food (fuel) and water of a fresh unit.
    pub fn refill(&self, kind: UnitType) -> (i32, i32) {
        match kind {
            UnitType::Warrior => (self.params.warriors_health, self.params.warriors_health),
            UnitType::Car => (self.params.cars_fuel, 0),
        }
    }

    /// The player whose turn the current round is.
    pub fn turn(&self) -> usize {
        self.round as usize % NB_PLAYERS
    }

    /// The kit's `can_move`: the unit's player's turn, or a car with fuel on a Road cell.
    pub fn can_move(&self, id: usize) -> bool {
        let u = &self.units[id];
        u.player == self.turn() || (u.kind == UnitType::Car && u.food > 0 && self.board.at(u.pos) == CellType::Road)
    }

    /// Cities owned by each player.
    pub fn num_cities(&self) -> [usize; NB_PLAYERS] {
        let mut n = [0; NB_PLAYERS];
        for &o in &self.city_owner {
            n[o as usize] += 1;
        }
        n
    }

    /// The owner of the city a cell belongs to.
    pub fn owner_at(&self, p: Pos) -> Option<usize> {
        self.board.city_of(p).map(|c| self.city_owner[c] as usize)
    }

    /// Ids of a player's units of a kind, ascending (the kit's `warriors(pl)` and `cars(pl)`).
    pub fn ids_of(&self, player: usize, kind: UnitType) -> Vec<usize> {
        self.units.iter().filter(|u| u.player == player && u.kind == kind).map(|u| u.id).collect()
    }

    /// Checks the invariants of a state between rounds (tests and debug builds).
    pub fn check(&self) -> Result<(), String> {
        let p = &self.params;
        if self.units.len() != p.nb_units() {
            return Err(format!("{} units, expected {}", self.units.len(), p.nb_units()));
        }
        let warriors = self.units.iter().filter(|u| u.kind == UnitType::Warrior).count();
        if warriors != NB_PLAYERS * p.nb_warriors {
            return Err(format!("{warriors} warriors, expected {}", NB_PLAYERS * p.nb_warriors));
        }
        let mut seen = 0;
        for (k, &id) in self.unit_at.iter().enumerate() {
            if id >= 0 {
                seen += 1;
                let u = self.units.get(id as usize).ok_or(format!("cell {k} names unit {id}"))?;
                if self.board.index(u.pos) != k {
                    return Err(format!("unit {id} is at {} but listed on cell {k}", u.pos));
                }
            }
        }
        if seen != self.units.len() {
            return Err(format!("{seen} units on the board, {} exist", self.units.len()));
        }
        for u in &self.units {
            if u.player >= NB_PLAYERS {
                return Err(format!("unit {} has player {}", u.id, u.player));
            }
            let cell = self.board.at(u.pos);
            match u.kind {
                UnitType::Warrior => {
                    if !cell.warrior_can_enter() {
                        return Err(format!("warrior {} stands on {cell:?}", u.id));
                    }
                    if !(1..=p.warriors_health).contains(&u.food) || !(1..=p.warriors_health).contains(&u.water) {
                        return Err(format!("warrior {} has food {} and water {}", u.id, u.food, u.water));
                    }
                }
                UnitType::Car => {
                    if !cell.car_can_enter() {
                        return Err(format!("car {} stands on {cell:?}", u.id));
                    }
                    if !(0..=p.cars_fuel).contains(&u.food) || u.water != 0 {
                        return Err(format!("car {} has fuel {} and water {}", u.id, u.food, u.water));
                    }
                }
            }
        }
        Ok(())
    }
}
