//! [`Game`]: the decoded Walking Dead view and the bot's actions.

use super::types::{Cell, CellType, Dir, Pos, Settings, Unit, UnitType};
use crate::runner::{Orders, View};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::runner::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per unit in the round view.
const UNIT_SIZE: usize = 20;

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle, refilled
/// in place every round. Where the kit answers -1 ("none"), this answers `None`; positions off
/// the board read as waste cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    me: usize,
    settings: Settings,
    waste: Vec<bool>,
    round: i32,
    status: [f64; NB_PLAYERS],
    scores: [i64; NB_PLAYERS],
    strength: [i32; NB_PLAYERS],
    /// Owner + 1 per cell (0 none), as the view has them.
    owner: Vec<u8>,
    food: Vec<bool>,
    /// The cells `food` marks, to clear them next round.
    food_cells: Vec<usize>,
    units: Vec<Unit>,
    unit_at: Vec<i32>,
    alive: [Vec<usize>; NB_PLAYERS],
    dead: [Vec<usize>; NB_PLAYERS],
    zombies: Vec<usize>,
    orders: Orders,
}

impl Game {
    // ---- decoding -------------------------------------------------------------------------

    /// Decodes a whole setup view (common header included), as `arena_start` receives it.
    pub fn from_setup_view(setup: &[u8]) -> Result<Game, ViewError> {
        let (header, mut r) = crate::runtime::read_header(setup, super::GAME)?;
        let g = Game::read_setup(header, &mut r)?;
        r.finish()?;
        Ok(g)
    }

    /// Decodes the game part of the setup view.
    pub(crate) fn read_setup(header: Header, r: &mut Reader<'_>) -> Result<Game, ViewError> {
        let mut v = [0i32; 12];
        for x in v.iter_mut() {
            *x = r.i32("a parameter")?;
        }
        let settings = Settings {
            num_rounds: v[0],
            board_rows: v[1],
            board_cols: v[2],
            num_ini_units_per_clan: v[3],
            num_ini_zombies: v[4],
            num_ini_food: v[5],
            clan_ini_strength: v[6],
            points_for_killing_person: v[7],
            points_for_killing_zombie: v[8],
            points_per_owned_cell: v[9],
            food_strength: v[10],
            rounds_before_becoming_zombie: v[11],
        };
        if settings.board_rows <= 0 || settings.board_cols <= 0 {
            return Err(r.error("rows and cols must be positive"));
        }
        let n = (settings.board_rows as usize)
            .checked_mul(settings.board_cols as usize)
            .ok_or_else(|| r.error("rows x cols is too large"))?;
        let mut waste = Vec::with_capacity(n);
        for &c in r.bytes(n, "cell types")? {
            waste.push(match c {
                0 => false,
                1 => true,
                _ => return Err(r.error("a cell type is not 0 or 1")),
            });
        }
        Ok(Game {
            me: header.me,
            settings,
            waste,
            owner: vec![0; n],
            food: vec![false; n],
            unit_at: vec![-1; n],
            orders: Orders::new(),
            ..Game::default()
        })
    }

    /// Decodes a round view, as `arena_play` receives it, into this game (in place).
    pub fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        let mut r = Reader::new(view);
        self.round = r.i32("round")?;
        for s in self.status.iter_mut() {
            *s = r.f64("status")?;
        }
        for s in self.scores.iter_mut() {
            *s = r.i64("score")?;
        }
        for s in self.strength.iter_mut() {
            *s = r.i32("strength")?;
        }
        let n = self.waste.len();
        // Copied as they are (owner + 1), checked in one pass: the round's largest decoding job.
        let owners = r.bytes(n, "owners")?;
        if owners.iter().any(|&b| b > 4) {
            return Err(r.error("an owner is not 0..=4"));
        }
        self.owner.copy_from_slice(owners);
        for &k in &self.food_cells {
            self.food[k] = false;
        }
        self.food_cells.clear();
        let nb_food = r.index(n, "number of food items")?;
        for _ in 0..nb_food {
            let p = Pos::new(r.i32("a food row")?, r.i32("a food column")?);
            let k = self.cell_index(p).ok_or_else(|| r.error("food off the board"))?;
            self.food[k] = true;
            self.food_cells.push(k);
        }
        for u in &self.units {
            if let Some(k) = self.cell_index(u.pos) {
                self.unit_at[k] = -1;
            }
        }
        self.units.clear();
        self.zombies.clear();
        for l in self.alive.iter_mut().chain(self.dead.iter_mut()) {
            l.clear();
        }
        let nb_units = r.index(r.remaining() / UNIT_SIZE, "number of units")?;
        for id in 0..nb_units {
            let kind = UnitType::from_code(r.index(2, "a unit's type")? as u8).unwrap_or_default();
            let player = r.i32("a unit's player")?;
            let player = match player {
                -1 => None,
                0..=3 => Some(player as usize),
                _ => return Err(r.error("a unit's player is not -1..=3")),
            };
            let pos = Pos::new(r.i32("a unit's row")?, r.i32("a unit's column")?);
            let rounds_for_zombie = r.i32("a unit's rounds for zombie")?;
            let k = self.cell_index(pos).ok_or_else(|| r.error("a unit is off the board"))?;
            self.unit_at[k] = id as i32;
            match (kind, player) {
                (UnitType::Alive, Some(pl)) => self.alive[pl].push(id),
                (UnitType::Dead, Some(pl)) => self.dead[pl].push(id),
                (UnitType::Zombie, _) => self.zombies.push(id),
                _ => return Err(r.error("an alive or dead unit has no player")),
            }
            self.units.push(Unit { kind, id, player, pos, rounds_for_zombie });
        }
        r.finish()
    }

    /// Gives the buffered orders to the host. Called when the buffer holds [`ORDER_CHUNK`]
    /// records and at the end of each round; a bot need not call it.
    pub fn flush_orders(&mut self) {
        self.orders.flush();
    }

    // ---- settings -------------------------------------------------------------------------

    /// All parameters.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    /// Number of players (4).
    pub fn num_players(&self) -> usize {
        NB_PLAYERS
    }
    /// Number of rounds of the match.
    pub fn num_rounds(&self) -> i32 {
        self.settings.num_rounds
    }
    /// Number of rows (60).
    pub fn board_rows(&self) -> i32 {
        self.settings.board_rows
    }
    /// Number of columns (60).
    pub fn board_cols(&self) -> i32 {
        self.settings.board_cols
    }
    /// Alive units each clan starts with.
    pub fn num_ini_units_per_clan(&self) -> i32 {
        self.settings.num_ini_units_per_clan
    }
    /// Zombies at the start.
    pub fn num_ini_zombies(&self) -> i32 {
        self.settings.num_ini_zombies
    }
    /// Food items on the board at any time.
    pub fn num_ini_food(&self) -> i32 {
        self.settings.num_ini_food
    }
    /// Strength points each clan starts with.
    pub fn clan_ini_strength(&self) -> i32 {
        self.settings.clan_ini_strength
    }
    /// Points for each fight won.
    pub fn points_for_killing_person(&self) -> i32 {
        self.settings.points_for_killing_person
    }
    /// Points for each zombie killed.
    pub fn points_for_killing_zombie(&self) -> i32 {
        self.settings.points_for_killing_zombie
    }
    /// Points per owned cell in each round's score.
    pub fn points_per_owned_cell(&self) -> i32 {
        self.settings.points_per_owned_cell
    }
    /// Strength points a food item gives.
    pub fn food_strength(&self) -> i32 {
        self.settings.food_strength
    }
    /// Rounds from a death or a first bite to becoming a zombie.
    pub fn rounds_before_becoming_zombie(&self) -> i32 {
        self.settings.rounds_before_becoming_zombie
    }
    /// `pl` is a player id (0..4).
    pub fn player_ok(&self, pl: usize) -> bool {
        pl < NB_PLAYERS
    }
    /// The position is on the board (`g.pos_ok(p)` or `g.pos_ok((i, j))`).
    pub fn pos_ok(&self, p: impl Into<Pos>) -> bool {
        let p = p.into();
        p.i >= 0 && p.j >= 0 && p.i < self.settings.board_rows && p.j < self.settings.board_cols
    }
    /// Row-major index of a position on the board.
    pub fn cell_index(&self, p: impl Into<Pos>) -> Option<usize> {
        let p = p.into();
        self.pos_ok(p).then(|| p.i as usize * self.settings.board_cols as usize + p.j as usize)
    }

    // ---- state ----------------------------------------------------------------------------

    /// The bot's player id.
    pub fn me(&self) -> usize {
        self.me
    }
    /// The kit's round number: rounds played so far, 0 in the first round (the statement's round
    /// r is `round() + 1`).
    pub fn round(&self) -> i32 {
        self.round
    }
    /// A cell (`g.cell(p)` or `g.cell((i, j))`); off the board, a waste cell with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        match self.cell_index(p) {
            None => Cell::default(),
            Some(k) => Cell {
                kind: if self.waste[k] { CellType::Waste } else { CellType::Street },
                owner: usize::from(self.owner[k]).checked_sub(1),
                id: usize::try_from(self.unit_at[k]).ok(),
                food: self.food[k],
            },
        }
    }
    /// Number of units of every kind (constant during the match).
    pub fn num_units(&self) -> usize {
        self.units.len()
    }
    /// A unit. Panics on a bad id (the kit aborts too).
    pub fn unit(&self, id: usize) -> Unit {
        self.units[id]
    }
    /// Every unit, by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// The ids of a clan's alive units, ascending (empty for a bad id).
    pub fn alive_units(&self, pl: usize) -> Vec<usize> {
        self.alive.get(pl).cloned().unwrap_or_default()
    }
    /// The ids of a clan's dead units, ascending (empty for a bad id).
    pub fn dead_units(&self, pl: usize) -> Vec<usize> {
        self.dead.get(pl).cloned().unwrap_or_default()
    }
    /// The ids of the zombies, ascending.
    pub fn zombies(&self) -> Vec<usize> {
        self.zombies.clone()
    }
    /// A clan's strength: floor(strength points / alive units), 0 with none (or a bad id).
    pub fn strength(&self, pl: usize) -> i32 {
        self.strength.get(pl).copied().unwrap_or(0)
    }
    /// A clan's score (0 for a bad id).
    pub fn score(&self, pl: usize) -> i64 {
        self.scores.get(pl).copied().unwrap_or(0)
    }
    /// A player's CPU share so far (0..1), -1 once it is frozen (or for a bad id).
    pub fn status(&self, pl: usize) -> f64 {
        self.status.get(pl).copied().unwrap_or(-1.0)
    }

    // ---- actions --------------------------------------------------------------------------

    /// Orders unit `id` to move in `dir` (the kit's `move`). Only the first order per unit and
    /// round counts; diagonal moves are ignored; more than 1000 orders in one round abort the
    /// bot.
    pub fn move_unit(&mut self, id: usize, dir: Dir) {
        self.orders.push(id, dir.code());
    }

    /// A uniform integer in `l..=u` from this bot's own random stream. Panics if `l > u`.
    pub fn random(&self, l: i32, u: i32) -> i32 {
        crate::abi::random(l, u)
    }

    /// A uniformly random permutation of `0..n`, drawn like the engine's (see
    /// [`crate::runner::random_permutation`]).
    pub fn random_permutation(&self, n: usize) -> Vec<usize> {
        crate::runner::random_permutation(n)
    }
}

impl View for Game {
    const GAME: &'static str = super::GAME;
    fn read_setup(header: Header, r: &mut Reader<'_>) -> Result<Self, ViewError> {
        Game::read_setup(header, r)
    }
    fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        Game::read_round(self, view)
    }
    fn flush_orders(&mut self) {
        Game::flush_orders(self)
    }
}
