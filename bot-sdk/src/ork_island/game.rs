//! [`Game`]: the decoded Ork Island view and the bot's actions.

use super::types::{Cell, CellType, Pos, Settings, Unit};
use crate::conquest::{Common, Regions, RoundHead, View};
use crate::lazy::{fields, i32_at, on_board, CellIndex, InPlaceView, PerRound, RoundBuf};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::conquest::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per ork in the round view.
const UNIT_SIZE: usize = 16;

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle. Each
/// round's view is kept as the host wrote it and read in place; the orks as structs and the ork
/// on each cell are built on first use in a round (`crate::lazy`). Where the kit answers -1
/// ("none"), this answers `None`; positions off the board read as WATER cells with nothing on
/// them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    common: Common,
    settings: Settings,
    kind: Vec<CellType>,
    /// The round view (before the first round: one with no orks).
    view: RoundBuf,
    /// Where the orks start in the view.
    units_at: usize,
    nb_units: usize,
    units: PerRound<Vec<Unit>>,
    unit_at: PerRound<CellIndex>,
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
        let names = [
            "rows",
            "cols",
            "nb_rounds",
            "initial_health",
            "nb_orks",
            "cost_grass",
            "cost_forest",
            "cost_sand",
            "cost_city",
            "cost_path",
            "bonus_per_city_cell",
            "bonus_per_path_cell",
            "factor_connected_component",
        ];
        let mut v = [0i32; 13];
        for (k, what) in names.into_iter().enumerate() {
            v[k] = r.i32(what)?;
        }
        let settings = Settings {
            rows: v[0],
            cols: v[1],
            nb_rounds: v[2],
            initial_health: v[3],
            nb_orks: v[4],
            cost_grass: v[5],
            cost_forest: v[6],
            cost_sand: v[7],
            cost_city: v[8],
            cost_path: v[9],
            bonus_per_city_cell: v[10],
            bonus_per_path_cell: v[11],
            factor_connected_component: v[12],
        };
        if settings.rows <= 0 || settings.cols <= 0 {
            return Err(r.error("rows and cols must be positive"));
        }
        let n = (settings.rows as usize)
            .checked_mul(settings.cols as usize)
            .ok_or_else(|| r.error("rows x cols is too large"))?;
        let mut kind = Vec::with_capacity(n);
        for &c in r.bytes(n, "cell types")? {
            kind.push(CellType::from_code(c).ok_or_else(|| r.error("a cell type is not 0..=5"))?);
        }
        let mut g =
            Game { common: Common::new(header.me, settings.rows, settings.cols), settings, kind, ..Game::default() };
        g.common.regions = Regions::read(r, n, |p| g.cell_index(p))?;
        // Until the first round: a view of that round's shape with no orks.
        g.units_at = RoundHead::LEN + g.common.regions.owners_len() + 4;
        g.view.set(&vec![0; g.units_at]);
        Ok(g)
    }

    /// Takes a round view, as `arena_play` receives it (a copy: a WebAssembly bot reads the
    /// host's buffer itself). A view that does not check leaves the game as it was.
    pub fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        self.read_round_copied(view)
    }

    /// The orks, decoded on first use in a round.
    fn decoded_units(&self) -> &Vec<Unit> {
        self.units.get(|v| {
            v.clear();
            let block = self.view.slice(self.units_at, self.nb_units * UNIT_SIZE);
            v.extend(block.chunks_exact(UNIT_SIZE).enumerate().map(|(id, b)| {
                let [player, i, j, health] = fields::<4>(b);
                Unit { id, player: player as usize, pos: Pos::new(i, j), health }
            }));
        })
    }

    /// The ork on each cell, built on first use in a round.
    fn unit_index(&self) -> &CellIndex {
        self.unit_at.get(|ix| {
            ix.clear(self.kind.len());
            let cols = self.settings.cols as usize;
            let block = self.view.slice(self.units_at, self.nb_units * UNIT_SIZE);
            for (id, b) in block.chunks_exact(UNIT_SIZE).enumerate() {
                let [_, i, j] = fields::<3>(b);
                ix.mark(i as usize * cols + j as usize, id);
            }
        })
    }

    // ---- settings -------------------------------------------------------------------------

    /// All parameters.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    /// Number of rows.
    pub fn rows(&self) -> i32 {
        self.settings.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> i32 {
        self.settings.cols
    }
    /// Number of rounds of the match.
    pub fn nb_rounds(&self) -> i32 {
        self.settings.nb_rounds
    }
    /// Health of a new or regenerated ork.
    pub fn initial_health(&self) -> i32 {
        self.settings.initial_health
    }
    /// Orks each player controls at the start.
    pub fn nb_orks(&self) -> i32 {
        self.settings.nb_orks
    }
    /// Health paid to move into GRASS.
    pub fn cost_grass(&self) -> i32 {
        self.settings.cost_grass
    }
    /// Health paid to move into FOREST.
    pub fn cost_forest(&self) -> i32 {
        self.settings.cost_forest
    }
    /// Health paid to move into SAND.
    pub fn cost_sand(&self) -> i32 {
        self.settings.cost_sand
    }
    /// Health paid to move into CITY.
    pub fn cost_city(&self) -> i32 {
        self.settings.cost_city
    }
    /// Health paid to move into PATH.
    pub fn cost_path(&self) -> i32 {
        self.settings.cost_path
    }
    /// Health paid to move into a cell of type `t`; `i32::MAX` for WATER, which can never be
    /// entered (the kit also warns on stderr; this does not, to spare the bot's fuel).
    pub fn cost(&self, t: CellType) -> i32 {
        match t {
            CellType::Water => i32::MAX,
            CellType::Grass => self.settings.cost_grass,
            CellType::Forest => self.settings.cost_forest,
            CellType::Sand => self.settings.cost_sand,
            CellType::City => self.settings.cost_city,
            CellType::Path => self.settings.cost_path,
        }
    }
    /// Points per cell of an owned city, every round.
    pub fn bonus_per_city_cell(&self) -> i32 {
        self.settings.bonus_per_city_cell
    }
    /// Points per cell of an owned path, every round.
    pub fn bonus_per_path_cell(&self) -> i32 {
        self.settings.bonus_per_path_cell
    }
    /// `f` of the `f × 2^s` bonus per connected component of `s` owned cities.
    pub fn factor_connected_component(&self) -> i32 {
        self.settings.factor_connected_component
    }

    // ---- state ----------------------------------------------------------------------------

    /// Everything about a cell (`g.cell(p)` or `g.cell((i, j))`); off the board: a WATER cell
    /// with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        let Some(k) = self.cell_index(p) else { return Cell::default() };
        Cell {
            kind: self.kind[k],
            unit_id: self.unit_index().get(k),
            city_id: self.common.regions.city_id(k),
            path_id: self.common.regions.path_id(k),
        }
    }
    /// The cell type (WATER off the board).
    pub fn kind(&self, p: impl Into<Pos>) -> CellType {
        self.cell_index(p).map_or(CellType::Water, |k| self.kind[k])
    }
    /// The ork on a cell.
    pub fn unit_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| self.unit_index().get(k))
    }
    /// Every cell's type, row-major (for fast loops; see [`Common::cell_index`]).
    pub fn cell_types(&self) -> &[CellType] {
        &self.kind
    }

    /// The number of orks (all players): the kit's `nb_units()`.
    pub fn nb_units(&self) -> usize {
        self.nb_units
    }
    /// An ork by id. Panics on a bad id.
    pub fn unit(&self, id: usize) -> &Unit {
        match self.decoded_units().get(id) {
            Some(u) => u,
            None => panic!("unit({id}): there are {} orks", self.nb_units),
        }
    }
    /// All orks, by id.
    pub fn units(&self) -> &[Unit] {
        self.decoded_units()
    }
    /// The ids of a player's orks, ascending (the kit's `orks(pl)`; allocates, see
    /// [`Game::units_of`]).
    pub fn orks(&self, pl: usize) -> Vec<usize> {
        let players = self.view.slice(self.units_at, self.nb_units * UNIT_SIZE).chunks_exact(UNIT_SIZE);
        players.enumerate().filter(|(_, b)| i32_at(b, 0) as usize == pl).map(|(id, _)| id).collect()
    }
    /// A player's orks, by ascending id.
    pub fn units_of(&self, pl: usize) -> impl Iterator<Item = &Unit> + '_ {
        self.decoded_units().iter().filter(move |u| u.player == pl)
    }
}

impl InPlaceView for Game {
    type Layout = usize;

    /// Checks a round view without keeping anything: its layout (the lengths of its parts), and
    /// with `full` every value an accessor relies on (`read_round`; the view the host writes in
    /// place is trusted, and only its layout is checked: a round then costs no fuel per cell or
    /// unit); returns its number of orks.
    fn check_round(&self, view: &[u8], full: bool) -> Result<Self::Layout, ViewError> {
        let (rows, cols) = (self.settings.rows, self.settings.cols);
        let mut r = Reader::new(view);
        r.bytes(RoundHead::LEN, "round, status and scores")?;
        self.common.regions.check_owners(&mut r)?;
        let nb_units = r.index(r.remaining() / UNIT_SIZE, "number of orks")?;
        let at = r.offset();
        let block = r.bytes(nb_units * UNIT_SIZE, "orks")?;
        for u in block[..if full { block.len() } else { 0 }].chunks_exact(UNIT_SIZE) {
            let [player, i, j] = fields::<3>(u);
            if player as u32 >= NB_PLAYERS as u32 {
                return Err(ViewError { what: "an ork's player", at });
            }
            if !on_board(i, j, rows, cols) {
                return Err(ViewError { what: "an ork is off the board", at });
            }
        }
        r.finish()?;
        Ok(nb_units)
    }

    /// The view in `self.view` checked: reads its head and owners, forgets last round's indexes.
    fn load_round(&mut self, nb_units: usize) {
        let b = self.view.bytes();
        self.common.head.load(b);
        self.common.regions.load_owners(b, RoundHead::LEN);
        self.nb_units = nb_units;
        self.units.reset();
        self.unit_at.reset();
    }

    fn empty_round(&self) -> (usize, Self::Layout) {
        (self.units_at, 0)
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

    fn read_setup(header: Header, r: &mut Reader<'_>) -> Result<Game, ViewError> {
        Game::read_setup(header, r)
    }
    fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        Game::read_round(self, view)
    }
    fn flush_orders(&mut self) {
        self.common.flush_orders()
    }
    fn view_buffer(&mut self) -> Option<&mut Vec<u8>> {
        Some(self.view.storage())
    }
    fn read_round_in_place(&mut self, len: usize) -> Result<(), ViewError> {
        InPlaceView::read_round_in_place(self, len)
    }
}

// Deref as inheritance, which the Rust API guidelines advise against, on purpose: it mirrors the
// kits' C++ shape (the game state is also the player), so that `game.cell(p)` reads as in the kit.
impl std::ops::Deref for Game {
    type Target = Common;
    fn deref(&self) -> &Common {
        &self.common
    }
}

impl std::ops::DerefMut for Game {
    fn deref_mut(&mut self) -> &mut Common {
        &mut self.common
    }
}
