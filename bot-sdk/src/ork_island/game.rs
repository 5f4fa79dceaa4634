//! [`Game`]: the decoded Ork Island view and the bot's actions.

use super::types::{Cell, CellType, Pos, Settings, Unit};
use crate::conquest::{Common, Regions, View};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::conquest::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per ork in the round view.
const UNIT_SIZE: usize = 16;

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle, refilled
/// in place every round. Where the kit answers -1 ("none"), this answers `None`; positions off
/// the board read as WATER cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    common: Common,
    settings: Settings,
    kind: Vec<CellType>,
    units: Vec<Unit>,
    unit_at: Vec<i32>,
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
        let mut g = Game {
            common: Common::new(header.me, settings.rows, settings.cols),
            settings,
            kind,
            unit_at: vec![-1; n],
            ..Game::default()
        };
        g.common.regions = Regions::read(r, n, |p| g.cell_index(p))?;
        Ok(g)
    }

    /// Decodes a round view, as `arena_play` receives it, into this game (in place).
    pub fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        let mut r = Reader::new(view);
        self.common.head.read(&mut r)?;
        self.common.regions.read_owners(&mut r)?;
        let nb_units = r.index(r.remaining() / UNIT_SIZE, "number of orks")?;
        for u in &self.units {
            if let Some(k) = self.cell_index(u.pos) {
                self.unit_at[k] = -1;
            }
        }
        self.units.clear();
        for id in 0..nb_units {
            let player = r.index(NB_PLAYERS - 1, "an ork's player")?;
            let pos = Pos::new(r.i32("an ork's row")?, r.i32("an ork's column")?);
            let health = r.i32("an ork's health")?;
            let k = self.cell_index(pos).ok_or_else(|| r.error("an ork is off the board"))?;
            self.unit_at[k] = id as i32;
            self.units.push(Unit { id, player, pos, health });
        }
        r.finish()
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
            unit_id: usize::try_from(self.unit_at[k]).ok(),
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
        self.cell_index(p).and_then(|k| usize::try_from(self.unit_at[k]).ok())
    }
    /// Every cell's type, row-major (for fast loops; see [`Common::cell_index`]).
    pub fn cell_types(&self) -> &[CellType] {
        &self.kind
    }

    /// The number of orks (all players): the kit's `nb_units()`.
    pub fn nb_units(&self) -> usize {
        self.units.len()
    }
    /// An ork by id. Panics on a bad id.
    pub fn unit(&self, id: usize) -> &Unit {
        match self.units.get(id) {
            Some(u) => u,
            None => panic!("unit({id}): there are {} orks", self.units.len()),
        }
    }
    /// All orks, by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// The ids of a player's orks, ascending (the kit's `orks(pl)`; allocates, see
    /// [`Game::units_of`]).
    pub fn orks(&self, pl: usize) -> Vec<usize> {
        self.units_of(pl).map(|u| u.id).collect()
    }
    /// A player's orks, by ascending id.
    pub fn units_of(&self, pl: usize) -> impl Iterator<Item = &Unit> + '_ {
        self.units.iter().filter(move |u| u.player == pl)
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
}

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
