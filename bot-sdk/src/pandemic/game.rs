//! [`Game`]: the decoded Pandemic view and the bot's actions.

use super::types::{Cell, CellType, Pos, Settings, Unit};
use crate::conquest::{Common, Regions, View};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::conquest::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per unit in the round view.
const UNIT_SIZE: usize = 28;

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle. The
/// same value lives for the whole match; each round refills it in place (no allocation after the
/// first round).
///
/// Ids: units, players, cities and paths are `usize`; where the kit answers -1 ("none"), this
/// answers `None`. Positions off the board read as WALL cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    common: Common,
    settings: Settings,
    kind: Vec<CellType>,
    virus: Vec<u8>,
    /// 0 or 1 per cell (checked when decoding, see [`Game::masks`]).
    mask: Vec<u8>,
    mask_cells: Vec<usize>,
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
        let mut v = [0i32; 8];
        for (k, what) in [
            "rows",
            "cols",
            "nb_rounds",
            "initial_health",
            "nb_units",
            "bonus_per_city_cell",
            "bonus_per_path_cell",
            "factor_connected_component",
        ]
        .into_iter()
        .enumerate()
        {
            v[k] = r.i32(what)?;
        }
        let settings = Settings {
            rows: v[0],
            cols: v[1],
            nb_rounds: v[2],
            initial_health: v[3],
            nb_units: v[4],
            bonus_per_city_cell: v[5],
            bonus_per_path_cell: v[6],
            factor_connected_component: v[7],
            infection_factor: r.f64("infection_factor")?,
            mask_protection: r.f64("mask_protection")?,
        };
        let (rows, cols) = (settings.rows, settings.cols);
        if rows <= 0 || cols <= 0 {
            return Err(r.error("rows and cols must be positive"));
        }
        let n = (rows as usize).checked_mul(cols as usize).ok_or_else(|| r.error("rows x cols is too large"))?;
        let types = r.bytes(n, "cell types")?;
        let mut kind = Vec::with_capacity(n);
        for &c in types {
            kind.push(CellType::from_code(c).ok_or_else(|| r.error("a cell type is not 0..=3"))?);
        }
        let mut g = Game {
            common: Common::new(header.me, settings.rows, settings.cols),
            settings,
            kind,
            virus: vec![0; n],
            mask: vec![0; n],
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
        let n = self.kind.len();
        self.virus.copy_from_slice(r.bytes(n, "virus levels")?);
        let at = r.offset();
        let masks = r.bytes(n, "masks")?;
        // Few cells hold a mask: look at 8 cells at a time, list them and check the flags, then
        // copy (`masks()` relies on every byte being 0 or 1).
        self.mask_cells.clear();
        let mut chunks = masks.chunks_exact(8);
        let mut base = 0;
        for c in &mut chunks {
            if u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]) != 0 {
                Self::list_masks(c, base, at, &mut self.mask_cells)?;
            }
            base += 8;
        }
        Self::list_masks(chunks.remainder(), base, at, &mut self.mask_cells)?;
        self.mask.copy_from_slice(masks);
        let nb_units = r.index(r.remaining() / UNIT_SIZE, "number of units")?;
        for u in &self.units {
            if let Some(k) = self.cell_index(u.pos) {
                self.unit_at[k] = -1;
            }
        }
        self.units.clear();
        self.units.reserve(nb_units);
        for id in 0..nb_units {
            let player = r.index(NB_PLAYERS - 1, "a unit's player")?;
            let pos = Pos::new(r.i32("a unit's row")?, r.i32("a unit's column")?);
            let health = r.i32("a unit's health")?;
            let damage = r.i32("a unit's damage")?;
            let turns = r.i32("a unit's turns")?;
            let flags = r.i32("a unit's flags")?;
            let k = self.cell_index(pos).ok_or_else(|| r.error("a unit is off the board"))?;
            self.unit_at[k] = id as i32;
            self.units.push(Unit {
                id,
                player,
                pos,
                health,
                damage,
                turns,
                immune: flags & 1 != 0,
                mask: flags & 2 != 0,
            });
        }
        r.finish()
    }

    fn list_masks(bytes: &[u8], base: usize, at: usize, out: &mut Vec<usize>) -> Result<(), ViewError> {
        for (t, &b) in bytes.iter().enumerate() {
            match b {
                0 => {}
                1 => out.push(base + t),
                _ => return Err(ViewError { what: "a mask flag is not 0 or 1", at: at + base + t }),
            }
        }
        Ok(())
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
    /// Health of a new or respawned unit.
    pub fn initial_health(&self) -> i32 {
        self.settings.initial_health
    }
    /// Units each player controls at the start.
    pub fn nb_units(&self) -> i32 {
        self.settings.nb_units
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
    /// Infection probability on a cell with virus `v` is `v / infection_factor()`.
    pub fn infection_factor(&self) -> f64 {
        self.settings.infection_factor
    }
    /// A mask divides the infection probability by this.
    pub fn mask_protection(&self) -> f64 {
        self.settings.mask_protection
    }

    // ---- state ----------------------------------------------------------------------------

    /// Everything about a cell (`g.cell(p)` or `g.cell((i, j))`); off the board: a WALL cell
    /// with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        let Some(k) = self.cell_index(p) else { return Cell::default() };
        Cell {
            kind: self.kind[k],
            unit_id: usize::try_from(self.unit_at[k]).ok(),
            city_id: self.common.regions.city_id(k),
            path_id: self.common.regions.path_id(k),
            virus: self.virus[k] as i32,
            mask: self.mask[k] != 0,
        }
    }
    /// The cell type (WALL off the board).
    pub fn kind(&self, p: impl Into<Pos>) -> CellType {
        self.cell_index(p).map_or(CellType::Wall, |k| self.kind[k])
    }
    /// The unit on a cell.
    pub fn unit_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| usize::try_from(self.unit_at[k]).ok())
    }
    /// The virus level of a cell (0 off the board).
    pub fn virus(&self, p: impl Into<Pos>) -> i32 {
        self.cell_index(p).map_or(0, |k| self.virus[k] as i32)
    }
    /// A mask lies on the cell.
    pub fn mask_at(&self, p: impl Into<Pos>) -> bool {
        self.cell_index(p).is_some_and(|k| self.mask[k] != 0)
    }
    /// Every cell's type, row-major (for fast loops; see [`Common::cell_index`]).
    pub fn cell_types(&self) -> &[CellType] {
        &self.kind
    }
    /// Every cell's virus level, row-major.
    pub fn virus_levels(&self) -> &[u8] {
        &self.virus
    }
    /// Every cell's mask flag, row-major.
    pub fn masks(&self) -> &[bool] {
        // SAFETY: every byte is 0 or 1 (checked by `read_round`; 0 before the first round), which
        // are the representations of `false` and `true`; same size and alignment.
        unsafe { std::slice::from_raw_parts(self.mask.as_ptr().cast::<bool>(), self.mask.len()) }
    }
    /// Row-major indices of the cells where a mask lies, ascending (see [`Common::cell_pos`]).
    pub fn mask_cells(&self) -> &[usize] {
        &self.mask_cells
    }

    /// The number of units (all players).
    pub fn total_units(&self) -> usize {
        self.units.len()
    }
    /// A unit by id. Panics on a bad id.
    pub fn unit(&self, id: usize) -> &Unit {
        match self.units.get(id) {
            Some(u) => u,
            None => panic!("unit({id}): there are {} units", self.units.len()),
        }
    }
    /// All units, by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// The ids of a player's units, ascending (allocates; see [`Game::units_of`]).
    pub fn my_units(&self, pl: usize) -> Vec<usize> {
        self.units_of(pl).map(|u| u.id).collect()
    }
    /// A player's units, by ascending id.
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
