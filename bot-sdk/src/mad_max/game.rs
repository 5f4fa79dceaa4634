//! [`Game`]: the decoded Mad Max view and the bot's actions.

use super::types::{Cell, CellType, Dir, Pos, Unit, UnitType};
use crate::runner::{Orders, View};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::runner::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per unit in the round view.
const UNIT_SIZE: usize = 24;

/// The parameters, in the kit's `default.cnf` order after `nb_players`.
const NB_PARAMS: usize = 9;

macro_rules! settings {
    ($($(#[$doc:meta])* $name:ident = $k:expr;)*) => {
        impl Game {
            $($(#[$doc])* pub fn $name(&self) -> i32 { self.params[$k] })*
        }
    };
}

settings! {
    /// Number of rounds, numbered from 0.
    nb_rounds = 0;
    /// Number of cities.
    nb_cities = 1;
    /// Warriors each player starts with.
    nb_warriors = 2;
    /// Cars each player starts with.
    nb_cars = 3;
    /// A warrior's maximum (and initial) food and water.
    warriors_health = 4;
    /// A car's maximum (and initial) fuel.
    cars_fuel = 5;
    /// Food and water an attacked warrior loses.
    damage = 6;
    /// Number of rows.
    rows = 7;
    /// Number of columns.
    cols = 8;
}

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle, refilled
/// in place every round. Where the kit answers -1 ("none"), this answers `None`; positions off
/// the board read as desert cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    me: usize,
    params: [i32; NB_PARAMS],
    kind: Vec<CellType>,
    /// City index per cell, -1 off cities.
    city_at: Vec<i32>,
    cities: Vec<Vec<Pos>>,
    round: i32,
    status: [f64; NB_PLAYERS],
    scores: [i64; NB_PLAYERS],
    city_owner: Vec<u8>,
    num_cities: [i32; NB_PLAYERS],
    units: Vec<Unit>,
    unit_at: Vec<i32>,
    warriors: [Vec<usize>; NB_PLAYERS],
    cars: [Vec<usize>; NB_PLAYERS],
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
        let mut params = [0i32; NB_PARAMS];
        for x in params.iter_mut() {
            *x = r.i32("a parameter")?;
        }
        let (rows, cols) = (params[7], params[8]);
        if rows <= 0 || cols <= 0 {
            return Err(r.error("rows and cols must be positive"));
        }
        let n = (rows as usize).checked_mul(cols as usize).ok_or_else(|| r.error("rows x cols is too large"))?;
        let mut kind = Vec::with_capacity(n);
        for &c in r.bytes(n, "cell types")? {
            kind.push(CellType::from_code(c).ok_or_else(|| r.error("a cell type is not 0..=5"))?);
        }
        let mut g = Game { me: header.me, params, kind, city_at: vec![-1; n], unit_at: vec![-1; n], ..Game::default() };
        let count = r.index(r.remaining() / 4, "number of cities")?;
        for c in 0..count {
            let len = r.index(r.remaining() / 8, "a city's size")?;
            let mut cells = Vec::with_capacity(len);
            for _ in 0..len {
                let p = Pos::new(r.i32("a city cell's row")?, r.i32("a city cell's column")?);
                let k = g.cell_index(p).ok_or_else(|| r.error("a city cell is off the board"))?;
                g.city_at[k] = c as i32;
                cells.push(p);
            }
            g.cities.push(cells);
        }
        g.city_owner = vec![0; count];
        Ok(g)
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
        let owners = r.bytes(self.cities.len(), "city owners")?;
        if owners.iter().any(|&o| usize::from(o) >= NB_PLAYERS) {
            return Err(r.error("a city's owner is not a player"));
        }
        self.city_owner.copy_from_slice(owners);
        self.num_cities = [0; NB_PLAYERS];
        for &o in owners {
            self.num_cities[usize::from(o)] += 1;
        }
        for u in &self.units {
            if let Some(k) = self.cell_index(u.pos) {
                self.unit_at[k] = -1;
            }
        }
        for l in self.warriors.iter_mut().chain(self.cars.iter_mut()) {
            l.clear();
        }
        // The units are read from their whole block, one bounds check in all.
        let n = r.index(r.remaining() / UNIT_SIZE, "number of units")?;
        let at = r.offset();
        let bad = |what| ViewError { what, at };
        let block = r.bytes(n * UNIT_SIZE, "units")?;
        self.units.clear();
        for (id, b) in block.chunks_exact(UNIT_SIZE).enumerate() {
            let [kind, player, i, j, food, water] = fields::<6>(b);
            let kind = match kind {
                0 => UnitType::Warrior,
                1 => UnitType::Car,
                _ => return Err(bad("a unit's type is not 0 or 1")),
            };
            let player = usize::try_from(player).ok().filter(|&p| p < NB_PLAYERS).ok_or(bad("a unit's player"))?;
            let pos = Pos::new(i, j);
            let k = self.cell_index(pos).ok_or(bad("a unit is off the board"))?;
            self.unit_at[k] = id as i32;
            match kind {
                UnitType::Warrior => self.warriors[player].push(id),
                UnitType::Car => self.cars[player].push(id),
            }
            self.units.push(Unit { kind, id, player, food, water, pos });
        }
        r.finish()
    }

    /// Gives the buffered orders to the host. Called when the buffer holds [`ORDER_CHUNK`]
    /// orders and at the end of each round; a bot need not call it.
    pub fn flush_orders(&mut self) {
        self.orders.flush();
    }

    // ---- settings -------------------------------------------------------------------------

    /// Number of players (4).
    pub fn nb_players(&self) -> usize {
        NB_PLAYERS
    }
    /// `pl` is a player id (0..4).
    pub fn player_ok(&self, pl: usize) -> bool {
        pl < NB_PLAYERS
    }
    /// The position is on the board (`g.pos_ok(p)` or `g.pos_ok((i, j))`).
    pub fn pos_ok(&self, p: impl Into<Pos>) -> bool {
        let p = p.into();
        p.i >= 0 && p.j >= 0 && p.i < self.rows() && p.j < self.cols()
    }
    /// Row-major index of a position on the board.
    pub fn cell_index(&self, p: impl Into<Pos>) -> Option<usize> {
        let p = p.into();
        self.pos_ok(p).then(|| p.i as usize * self.cols() as usize + p.j as usize)
    }

    // ---- state ----------------------------------------------------------------------------

    /// The bot's player id.
    pub fn me(&self) -> usize {
        self.me
    }
    /// The round being played, from 0.
    pub fn round(&self) -> i32 {
        self.round
    }
    /// A cell (`g.cell(p)` or `g.cell((i, j))`); off the board, desert with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        match self.cell_index(p) {
            None => Cell::default(),
            Some(k) => Cell {
                kind: self.kind[k],
                owner: usize::try_from(self.city_at[k]).ok().map(|c| usize::from(self.city_owner[c])),
                id: usize::try_from(self.unit_at[k]).ok(),
            },
        }
    }
    /// The type of a cell (Desert off the board), without building a [`Cell`].
    pub fn cell_type(&self, p: impl Into<Pos>) -> CellType {
        self.cell_index(p).map_or(CellType::Desert, |k| self.kind[k])
    }
    /// The unit on a cell, if any (a cheaper `cell(p).id`).
    pub fn unit_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| usize::try_from(self.unit_at[k]).ok())
    }
    /// Number of units (constant: captured units change team).
    pub fn nb_units(&self) -> usize {
        self.units.len()
    }
    /// A unit (`None` for an unknown id).
    pub fn unit(&self, id: usize) -> Option<Unit> {
        self.units.get(id).copied()
    }
    /// Cities a player owns now (0 for a bad id).
    pub fn num_cities(&self, pl: usize) -> i32 {
        self.num_cities.get(pl).copied().unwrap_or(0)
    }
    /// A player's score so far (0 for a bad id).
    pub fn total_score(&self, pl: usize) -> i64 {
        self.scores.get(pl).copied().unwrap_or(0)
    }
    /// A player's CPU share so far (0..1), -1 once it is frozen (or for a bad id).
    pub fn status(&self, pl: usize) -> f64 {
        self.status.get(pl).copied().unwrap_or(-1.0)
    }
    /// The ids of a player's warriors, ascending (empty for a bad id).
    pub fn warriors(&self, pl: usize) -> Vec<usize> {
        self.warriors.get(pl).cloned().unwrap_or_default()
    }
    /// The ids of a player's cars, ascending (empty for a bad id).
    pub fn cars(&self, pl: usize) -> Vec<usize> {
        self.cars.get(pl).cloned().unwrap_or_default()
    }
    /// Whether unit `id` may move this round: its player's turn (round mod 4), or a car with
    /// fuel on a road.
    pub fn can_move(&self, id: usize) -> bool {
        let Some(u) = self.units.get(id) else { return false };
        if u.player as i32 == self.round.rem_euclid(NB_PLAYERS as i32) {
            return true;
        }
        u.kind == UnitType::Car && u.food > 0 && self.cell_type(u.pos) == CellType::Road
    }
    /// The cities, each its cells in row-major order (the kit's players find them themselves).
    pub fn cities(&self) -> &[Vec<Pos>] {
        &self.cities
    }
    /// The owner of city `c` (by index in [`Game::cities`]).
    pub fn city_owner(&self, c: usize) -> Option<usize> {
        self.city_owner.get(c).map(|&o| usize::from(o))
    }

    // ---- actions --------------------------------------------------------------------------

    /// Orders unit `id` to move in `dir` (the kit's `command`). Only the first order per unit
    /// and round counts (`None` included); more than 1000 orders in one round abort the bot.
    pub fn command(&mut self, id: usize, dir: Dir) {
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

/// The `N` little-endian `i32` fields at the start of `b` (at least `4 N` bytes long).
fn fields<const N: usize>(b: &[u8]) -> [i32; N] {
    std::array::from_fn(|k| i32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]))
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
