//! [`Game`]: the decoded Mad Max view and the bot's actions.

use super::types::{Cell, CellType, Dir, Pos, Unit, UnitType};
use crate::lazy::{bytes_at_most, fields, on_board, CellIndex, InPlaceView, PerRound, RoundBuf};
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

/// Bytes of the round view's head: round, CPU shares, scores.
const HEAD: usize = 4 + 16 * NB_PLAYERS;

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle. Each
/// round's view is kept as the host wrote it and read in place; the unit on each cell is found
/// through an index built on first use in a round (`crate::lazy`). Where the kit answers -1
/// ("none"), this answers `None`; positions off the board read as desert cells with nothing on
/// them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    me: usize,
    params: [i32; NB_PARAMS],
    kind: Vec<CellType>,
    /// City index per cell, -1 off cities.
    city_at: Vec<i32>,
    cities: Vec<Vec<Pos>>,
    /// The round view (before the first round: one with no units, every city player 0's).
    view: RoundBuf,
    /// Where the units start in the view (their count, then their records).
    units_at: usize,
    nb_units: usize,
    unit_at: PerRound<CellIndex>,
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
        let mut g = Game { me: header.me, params, kind, city_at: vec![-1; n], ..Game::default() };
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
        // Until the first round: a view of that round's shape with no units.
        g.units_at = HEAD + count;
        g.view.set(&vec![0; g.units_at + 4]);
        Ok(g)
    }

    /// Takes a round view, as `arena_play` receives it (a copy: a WebAssembly bot reads the
    /// host's buffer itself). A view that does not check leaves the game as it was.
    pub fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        self.read_round_copied(view)
    }

    /// The units' records in the view.
    fn unit_records(&self) -> std::slice::ChunksExact<'_, u8> {
        self.view.slice(self.units_at + 4, self.nb_units * UNIT_SIZE).chunks_exact(UNIT_SIZE)
    }

    /// The unit on each cell, built on first use in a round.
    fn unit_index(&self) -> &CellIndex {
        self.unit_at.get(|ix| {
            ix.clear(self.kind.len());
            let cols = self.cols() as usize;
            for (id, b) in self.unit_records().enumerate() {
                let [_, _, i, j] = fields::<4>(b);
                ix.mark(i as usize * cols + j as usize, id);
            }
        })
    }

    /// The ids of a player's units of one type, ascending.
    fn units_of(&self, pl: usize, kind: i32) -> Vec<usize> {
        let mine = self.unit_records().map(fields::<2>).enumerate();
        mine.filter(|(_, [k, p])| *k == kind && *p as usize == pl).map(|(id, _)| id).collect()
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
        self.view.i32(0)
    }
    /// A cell (`g.cell(p)` or `g.cell((i, j))`); off the board, desert with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        match self.cell_index(p) {
            None => Cell::default(),
            Some(k) => Cell {
                kind: self.kind[k],
                owner: usize::try_from(self.city_at[k]).ok().and_then(|c| self.city_owner(c)),
                id: self.unit_index().get(k),
            },
        }
    }
    /// The type of a cell (Desert off the board), without building a [`Cell`].
    pub fn cell_type(&self, p: impl Into<Pos>) -> CellType {
        self.cell_index(p).map_or(CellType::Desert, |k| self.kind[k])
    }
    /// The unit on a cell, if any (a cheaper `cell(p).id`).
    pub fn unit_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| self.unit_index().get(k))
    }
    /// Number of units (constant: captured units change team).
    pub fn nb_units(&self) -> usize {
        self.nb_units
    }
    /// A unit (`None` for an unknown id), read from the view.
    pub fn unit(&self, id: usize) -> Option<Unit> {
        if id >= self.nb_units {
            return None;
        }
        let [kind, player, i, j, food, water] =
            fields::<6>(self.view.slice(self.units_at + 4 + id * UNIT_SIZE, UNIT_SIZE));
        let kind = if kind == 0 { UnitType::Warrior } else { UnitType::Car };
        Some(Unit { kind, id, player: player as usize, food, water, pos: Pos::new(i, j) })
    }
    /// Cities a player owns now (0 for a bad id).
    pub fn num_cities(&self, pl: usize) -> i32 {
        self.view.slice(HEAD, self.cities.len()).iter().filter(|&&o| usize::from(o) == pl).count() as i32
    }
    /// A player's score so far (0 for a bad id).
    pub fn total_score(&self, pl: usize) -> i64 {
        if pl < NB_PLAYERS {
            self.view.i64(4 + 8 * NB_PLAYERS + 8 * pl)
        } else {
            0
        }
    }
    /// A player's CPU share so far (0..1), -1 once it is frozen (or for a bad id).
    pub fn status(&self, pl: usize) -> f64 {
        if pl < NB_PLAYERS {
            self.view.f64(4 + 8 * pl)
        } else {
            -1.0
        }
    }
    /// The ids of a player's warriors, ascending (empty for a bad id).
    pub fn warriors(&self, pl: usize) -> Vec<usize> {
        self.units_of(pl, 0)
    }
    /// The ids of a player's cars, ascending (empty for a bad id).
    pub fn cars(&self, pl: usize) -> Vec<usize> {
        self.units_of(pl, 1)
    }
    /// Whether unit `id` may move this round: its player's turn (round mod 4), or a car with
    /// fuel on a road.
    pub fn can_move(&self, id: usize) -> bool {
        let Some(u) = self.unit(id) else { return false };
        if u.player as i32 == self.round().rem_euclid(NB_PLAYERS as i32) {
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
        (c < self.cities.len()).then(|| usize::from(self.view.bytes()[HEAD + c]))
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

impl InPlaceView for Game {
    type Layout = usize;

    /// Checks a round view without keeping anything: its layout (the lengths of its parts), and
    /// with `full` every value an accessor relies on (`read_round`; the view the host writes in
    /// place is trusted, and only its layout is checked: a round then costs no fuel per cell or
    /// unit); returns its number of units.
    fn check_round(&self, view: &[u8], full: bool) -> Result<Self::Layout, ViewError> {
        let (rows, cols) = (self.rows(), self.cols());
        let mut r = Reader::new(view);
        r.bytes(HEAD, "round, status and scores")?;
        let at = r.offset();
        let owners = r.bytes(self.cities.len(), "city owners")?;
        if full && !bytes_at_most(owners, NB_PLAYERS as u8 - 1) {
            return Err(ViewError { what: "a city's owner is not a player", at });
        }
        let n = r.index(r.remaining() / UNIT_SIZE, "number of units")?;
        let at = r.offset();
        let bad = |what| Err(ViewError { what, at });
        let block = r.bytes(n * UNIT_SIZE, "units")?;
        for b in block[..if full { block.len() } else { 0 }].chunks_exact(UNIT_SIZE) {
            let [kind, player, i, j] = fields::<4>(b);
            if !(0..=1).contains(&kind) {
                return bad("a unit's type is not 0 or 1");
            }
            if player as u32 >= NB_PLAYERS as u32 {
                return bad("a unit's player");
            }
            if !on_board(i, j, rows, cols) {
                return bad("a unit is off the board");
            }
        }
        r.finish()?;
        Ok(n)
    }

    /// The view in `self.view` checked: forgets last round's index.
    fn load_round(&mut self, nb_units: usize) {
        self.nb_units = nb_units;
        self.unit_at.reset();
    }

    fn empty_round(&self) -> (usize, Self::Layout) {
        (self.units_at + 4, 0)
    }

    fn round(&self) -> &RoundBuf {
        &self.view
    }

    fn round_mut(&mut self) -> &mut RoundBuf {
        &mut self.view
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
    fn view_buffer(&mut self) -> Option<&mut Vec<u8>> {
        Some(self.view.storage())
    }
    fn read_round_in_place(&mut self, len: usize) -> Result<(), ViewError> {
        InPlaceView::read_round_in_place(self, len)
    }
}
