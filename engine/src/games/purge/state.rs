//! The state of a match of The Purge: citizens, the items and barricades on the board, the
//! regeneration queue and the scores.

use super::board::Board;
use super::params::Params;
use crate::game::NB_PLAYERS;
use crate::grid::{Dir, Pos};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CitizenType {
    Builder,
    Warrior,
}

/// A warrior's weapon, weakest first (builders carry none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weapon {
    Hammer,
    Gun,
    Bazooka,
}

/// What a street cell may hold (at most one item).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Money,
    Food,
    Gun,
    Bazooka,
}

impl Item {
    /// The weapon this item is, if it is one.
    pub fn weapon(self) -> Option<Weapon> {
        match self {
            Item::Gun => Some(Weapon::Gun),
            Item::Bazooka => Some(Weapon::Bazooka),
            Item::Money | Item::Food => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Citizen {
    pub id: usize,
    pub kind: CitizenType,
    pub player: usize,
    pub pos: Pos,
    /// `None` for builders.
    pub weapon: Option<Weapon>,
    pub life: i64,
    /// False once killed: the id is never reused (a reborn citizen gets a new one).
    pub alive: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Barricade {
    pub player: usize,
    pub resistance: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    Move,
    Build,
}

/// One order: move a citizen, or make a builder build, toward `dir` (never `Dir::None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    pub citizen: usize,
    pub kind: OrderKind,
    pub dir: Dir,
}

/// Something waiting to come back, with the rounds left (it is due at 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    pub what: Regen,
    pub rounds: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Regen {
    Citizen { player: usize, kind: CitizenType },
    Item(Item),
}

impl Regen {
    /// Placement priority: citizens, then food and money, then weapons.
    pub fn priority(self) -> u8 {
        match self {
            Regen::Citizen { .. } => 0,
            Regen::Item(Item::Food | Item::Money) => 1,
            Regen::Item(Item::Gun | Item::Bazooka) => 2,
        }
    }
}

/// A fight of the round: the mover, the citizen attacked, who won and whether the loser died.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fight {
    pub attacker: usize,
    pub defender: usize,
    pub attacker_won: bool,
    pub killed: bool,
}

/// What happened in the last round beyond the state itself (for the replay and the viewer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundLog {
    /// Orders executed, in execution order (orders of citizens killed earlier are left out).
    pub orders: Vec<Order>,
    pub fights: Vec<Fight>,
    /// Citizens that came back this round (new ids).
    pub reborn: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct State {
    pub params: Arc<Params>,
    pub board: Arc<Board>,
    /// The round being played next (0 at the start; rounds are numbered from 0).
    pub round: u32,
    /// Every citizen ever, by id (dead ones off the board).
    pub citizens: Vec<Citizen>,
    /// Citizen id per cell, -1 when none.
    pub citizen_at: Vec<i32>,
    pub item: Vec<Option<Item>>,
    pub barricade: Vec<Option<Barricade>>,
    pub queue: Vec<Pending>,
    pub money_points: [i64; NB_PLAYERS],
    pub kill_points: [i64; NB_PLAYERS],
    pub log: RoundLog,
}

impl State {
    /// Round 0 on `board` with no citizen, item or barricade.
    pub fn empty(params: Params, board: Board) -> State {
        let cells = board.rows() * board.cols();
        State {
            params: Arc::new(params),
            board: Arc::new(board),
            round: 0,
            citizens: Vec::new(),
            citizen_at: vec![-1; cells],
            item: vec![None; cells],
            barricade: vec![None; cells],
            queue: Vec::new(),
            money_points: [0; NB_PLAYERS],
            kill_points: [0; NB_PLAYERS],
            log: RoundLog::default(),
        }
    }

    /// Whether the round being played is daylight.
    pub fn is_day(&self) -> bool {
        self.params.is_day(self.round)
    }

    /// Money points plus kill points.
    pub fn scores(&self) -> [i64; NB_PLAYERS] {
        std::array::from_fn(|p| self.money_points[p] + self.kill_points[p])
    }

    /// The citizen on a cell, if any.
    pub fn citizen_on(&self, p: Pos) -> Option<&Citizen> {
        let id = *self.citizen_at.get(self.board.index(p))?;
        (id >= 0).then(|| &self.citizens[id as usize])
    }

    /// Adds a citizen at `p` with the next id, full life, and a hammer if a warrior.
    pub fn add_citizen(&mut self, player: usize, kind: CitizenType, p: Pos) -> usize {
        let id = self.citizens.len();
        let (weapon, life) = match kind {
            CitizenType::Builder => (None, self.params.builder_life),
            CitizenType::Warrior => (Some(Weapon::Hammer), self.params.warrior_life),
        };
        self.citizens.push(Citizen { id, kind, player, pos: p, weapon, life, alive: true });
        let k = self.board.index(p);
        self.citizen_at[k] = id as i32;
        id
    }

    /// Moves a citizen to `p` (which must be free of citizens).
    pub fn relocate(&mut self, id: usize, p: Pos) {
        let from = self.board.index(self.citizens[id].pos);
        self.citizen_at[from] = -1;
        self.citizens[id].pos = p;
        let k = self.board.index(p);
        self.citizen_at[k] = id as i32;
    }

    /// Takes a dead citizen off the board.
    pub fn remove(&mut self, id: usize) {
        let k = self.board.index(self.citizens[id].pos);
        self.citizen_at[k] = -1;
        self.citizens[id].alive = false;
    }

    /// Ids of the alive citizens of `player` of a type, ascending.
    pub fn citizens_of(&self, player: usize, kind: CitizenType) -> Vec<usize> {
        self.citizens.iter().filter(|c| c.alive && c.player == player && c.kind == kind).map(|c| c.id).collect()
    }

    /// The barricades of `player`, as positions in row-major order.
    pub fn barricades_of(&self, player: usize) -> Vec<Pos> {
        (0..self.barricade.len())
            .filter(|&k| self.barricade[k].is_some_and(|b| b.player == player))
            .map(|k| self.board.pos(k))
            .collect()
    }

    /// A citizen's attack strength: a builder's, or its weapon's.
    pub fn attack_strength(&self, c: &Citizen) -> i64 {
        let s = &self.params.attack;
        match c.weapon {
            None => s.builder,
            Some(Weapon::Hammer) => s.hammer,
            Some(Weapon::Gun) => s.gun,
            Some(Weapon::Bazooka) => s.bazooka,
        }
    }

    /// A citizen's demolition strength: a builder's, or its weapon's.
    pub fn demolish_strength(&self, c: &Citizen) -> i64 {
        let s = &self.params.demolish;
        match c.weapon {
            None => s.builder,
            Some(Weapon::Hammer) => s.hammer,
            Some(Weapon::Gun) => s.gun,
            Some(Weapon::Bazooka) => s.bazooka,
        }
    }

    /// A street cell with no item, barricade or citizen (the kit's `Cell::is_empty`).
    pub fn is_empty(&self, p: Pos) -> bool {
        if !self.board.is_street(p) {
            return false;
        }
        let k = self.board.index(p);
        self.item[k].is_none() && self.barricade[k].is_none() && self.citizen_at[k] < 0
    }
}
