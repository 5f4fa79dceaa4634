//! [`Game`]: the decoded Walking Dead view and the bot's actions.

use super::types::{Cell, CellType, Dir, Pos, Settings, Unit, UnitType};
use crate::lazy::{bytes_at_most, fields, on_board, CellIndex, InPlaceView, PerRound, RoundBuf};
use crate::runner::{Orders, View};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::runner::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per unit in the round view.
const UNIT_SIZE: usize = 20;

/// Bytes of the round view's head: round, CPU shares, scores, strengths.
const HEAD: usize = 4 + 20 * NB_PLAYERS;

/// Each clan's alive and dead units and the zombies, by ascending id.
#[derive(Clone, Debug, Default)]
struct Lists {
    alive: [Vec<usize>; NB_PLAYERS],
    dead: [Vec<usize>; NB_PLAYERS],
    zombies: Vec<usize>,
}

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle. Each
/// round's view is kept as the host wrote it and read in place; the units as structs, the unit
/// and food on each cell and the clans' lists are built on first use in a round
/// (`crate::lazy`). Where the kit answers -1 ("none"), this answers `None`; positions off the
/// board read as waste cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    me: usize,
    settings: Settings,
    waste: Vec<bool>,
    /// The round view (before the first round: one with nothing in it).
    view: RoundBuf,
    /// Where the food list and the units start in the view, and their numbers.
    food_at: usize,
    nb_food: usize,
    units_at: usize,
    nb_units: usize,
    units: PerRound<Vec<Unit>>,
    unit_at: PerRound<CellIndex>,
    food: PerRound<CellIndex>,
    lists: PerRound<Lists>,
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
        let mut g = Game { me: header.me, settings, waste, orders: Orders::new(), ..Game::default() };
        // Until the first round: a view of that round's shape with nothing in it.
        let empty = vec![0; HEAD + n + 8];
        let layout = g.check_round(&empty, true)?;
        g.view.set(&empty);
        g.load_round(layout);
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

    fn decode_unit(id: usize, b: &[u8]) -> Unit {
        let [kind, player, i, j, rounds_for_zombie] = fields::<5>(b);
        Unit {
            kind: UnitType::from_code(kind as u8).unwrap_or_default(),
            id,
            player: usize::try_from(player).ok(),
            pos: Pos::new(i, j),
            rounds_for_zombie,
        }
    }

    /// The units, decoded on first use in a round.
    fn decoded_units(&self) -> &Vec<Unit> {
        self.units.get(|v| {
            v.clear();
            v.extend(self.unit_records().enumerate().map(|(id, b)| Self::decode_unit(id, b)));
        })
    }

    /// The unit on each cell, built on first use in a round.
    fn unit_index(&self) -> &CellIndex {
        self.unit_at.get(|ix| {
            ix.clear(self.waste.len());
            let cols = self.settings.board_cols as usize;
            for (id, b) in self.unit_records().enumerate() {
                let [_, _, i, j] = fields::<4>(b);
                ix.mark(i as usize * cols + j as usize, id);
            }
        })
    }

    /// The food on each cell, built on first use in a round.
    fn food_index(&self) -> &CellIndex {
        self.food.get(|ix| {
            ix.clear(self.waste.len());
            let cols = self.settings.board_cols as usize;
            for f in self.view.slice(self.food_at + 4, self.nb_food * 8).chunks_exact(8) {
                let [i, j] = fields::<2>(f);
                ix.mark(i as usize * cols + j as usize, 0);
            }
        })
    }

    /// The clans' lists, built on first use in a round.
    fn lists(&self) -> &Lists {
        self.lists.get(|l| {
            for v in l.alive.iter_mut().chain(l.dead.iter_mut()) {
                v.clear();
            }
            l.zombies.clear();
            for (id, b) in self.unit_records().enumerate() {
                let [kind, player] = fields::<2>(b);
                match (kind, usize::try_from(player)) {
                    (0, Ok(pl)) => l.alive[pl].push(id),
                    (1, Ok(pl)) => l.dead[pl].push(id),
                    _ => l.zombies.push(id),
                }
            }
        })
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
        self.view.i32(0)
    }
    /// A cell (`g.cell(p)` or `g.cell((i, j))`); off the board, a waste cell with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        match self.cell_index(p) {
            None => Cell::default(),
            Some(k) => Cell {
                kind: if self.waste[k] { CellType::Waste } else { CellType::Street },
                owner: usize::from(self.view.bytes()[HEAD + k]).checked_sub(1),
                id: self.unit_index().get(k),
                food: self.food_index().get(k).is_some(),
            },
        }
    }
    /// Number of units of every kind (constant during the match).
    pub fn num_units(&self) -> usize {
        self.nb_units
    }
    /// A unit (read from the view). Panics on a bad id (the kit aborts too).
    pub fn unit(&self, id: usize) -> Unit {
        assert!(id < self.nb_units, "unit({id}): there are {} units", self.nb_units);
        Self::decode_unit(id, self.view.slice(self.units_at + 4 + id * UNIT_SIZE, UNIT_SIZE))
    }
    /// Every unit, by id.
    pub fn units(&self) -> &[Unit] {
        self.decoded_units()
    }
    /// The ids of a clan's alive units, ascending (empty for a bad id).
    pub fn alive_units(&self, pl: usize) -> Vec<usize> {
        self.lists().alive.get(pl).cloned().unwrap_or_default()
    }
    /// The ids of a clan's dead units, ascending (empty for a bad id).
    pub fn dead_units(&self, pl: usize) -> Vec<usize> {
        self.lists().dead.get(pl).cloned().unwrap_or_default()
    }
    /// The ids of the zombies, ascending.
    pub fn zombies(&self) -> Vec<usize> {
        self.lists().zombies.clone()
    }
    /// A clan's strength: floor(strength points / alive units), 0 with none (or a bad id).
    pub fn strength(&self, pl: usize) -> i32 {
        if pl < NB_PLAYERS {
            self.view.i32(4 + 16 * NB_PLAYERS + 4 * pl)
        } else {
            0
        }
    }
    /// A clan's score (0 for a bad id).
    pub fn score(&self, pl: usize) -> i64 {
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

impl InPlaceView for Game {
    type Layout = [usize; 4];

    /// Checks a round view without keeping anything: its layout (the lengths of its parts), and
    /// with `full` every value an accessor relies on (`read_round`; the view the host writes in
    /// place is trusted, and only its layout is checked); returns where its food and units are
    /// and how many: `[food_at, nb_food, units_at, nb_units]`.
    fn check_round(&self, view: &[u8], full: bool) -> Result<Self::Layout, ViewError> {
        let (rows, cols) = (self.settings.board_rows, self.settings.board_cols);
        let mut r = Reader::new(view);
        r.bytes(HEAD, "round, status, scores and strengths")?;
        let at = r.offset();
        let owners = r.bytes(self.waste.len(), "owners")?;
        if full && !bytes_at_most(owners, NB_PLAYERS as u8) {
            return Err(ViewError { what: "an owner is not 0..=4", at });
        }
        let food_at = r.offset();
        let nb_food = r.index(r.remaining() / 8, "number of food items")?;
        let at = r.offset();
        let food = r.bytes(nb_food * 8, "food")?;
        for f in food[..if full { food.len() } else { 0 }].chunks_exact(8) {
            let [i, j] = fields::<2>(f);
            if !on_board(i, j, rows, cols) {
                return Err(ViewError { what: "food off the board", at });
            }
        }
        let units_at = r.offset();
        let nb_units = r.index(r.remaining() / UNIT_SIZE, "number of units")?;
        let at = r.offset();
        let bad = |what| Err(ViewError { what, at });
        let block = r.bytes(nb_units * UNIT_SIZE, "units")?;
        for u in block[..if full { block.len() } else { 0 }].chunks_exact(UNIT_SIZE) {
            let [kind, player, i, j] = fields::<4>(u);
            match (kind, player) {
                (0 | 1, 0..=3) | (2, -1..=3) => {}
                (0..=2, -1) => return bad("an alive or dead unit has no player"),
                (0..=2, _) => return bad("a unit's player is not -1..=3"),
                _ => return bad("a unit's type"),
            }
            if !on_board(i, j, rows, cols) {
                return bad("a unit is off the board");
            }
        }
        r.finish()?;
        Ok([food_at, nb_food, units_at, nb_units])
    }

    /// The view in `self.view` checked: forgets last round's indexes.
    fn load_round(&mut self, [food_at, nb_food, units_at, nb_units]: [usize; 4]) {
        (self.food_at, self.nb_food, self.units_at, self.nb_units) = (food_at, nb_food, units_at, nb_units);
        self.units.reset();
        self.unit_at.reset();
        self.food.reset();
        self.lists.reset();
    }

    fn empty_round(&self) -> (usize, Self::Layout) {
        (HEAD + self.waste.len() + 8, [HEAD + self.waste.len(), 0, HEAD + self.waste.len() + 4, 0])
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
