//! [`Game`]: the decoded Pandemic view and the bot's actions.

use super::types::{Cell, CellType, Pos, Settings, Unit};
use crate::conquest::{Common, Regions, RoundHead, View};
use crate::lazy::{bytes_at_most, fields, on_board, CellIndex, InPlaceView, PerRound, RoundBuf};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

pub use crate::conquest::{ORDER_CHUNK, ORDER_SIZE};

/// Bytes per unit in the round view.
const UNIT_SIZE: usize = 28;

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle. The
/// same value lives for the whole match. Each round's view is kept as the host wrote it and read
/// in place: cells and units are read from it on access, and what is derived (the units as
/// structs, the unit on each cell, the cells with a mask) is built on first use in a round
/// (`crate::lazy`). After the first rounds nothing is allocated.
///
/// Ids: units, players, cities and paths are `usize`; where the kit answers -1 ("none"), this
/// answers `None`. Positions off the board read as WALL cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    common: Common,
    settings: Settings,
    kind: Vec<CellType>,
    /// The round view (before the first round: one with no units, no virus and no mask).
    view: RoundBuf,
    /// Where the virus levels, the mask flags and the units start in the view.
    virus_at: usize,
    mask_at: usize,
    units_at: usize,
    nb_units: usize,
    units: PerRound<Vec<Unit>>,
    unit_at: PerRound<CellIndex>,
    mask_cells: PerRound<Vec<usize>>,
    /// Whether every mask flag is 0 or 1, for [`Game::masks`] (a view read in place is not
    /// checked when it arrives).
    masks_ok: PerRound<bool>,
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
        let mut g =
            Game { common: Common::new(header.me, settings.rows, settings.cols), settings, kind, ..Game::default() };
        g.common.regions = Regions::read(r, n, |p| g.cell_index(p))?;
        // Until the first round: a view of that round's shape with nothing in it.
        g.virus_at = RoundHead::LEN + g.common.regions.owners_len();
        g.mask_at = g.virus_at + n;
        g.units_at = g.mask_at + n + 4;
        g.view.set(&vec![0; g.units_at]);
        Ok(g)
    }

    /// Takes a round view, as `arena_play` receives it (a copy: a WebAssembly bot reads the
    /// host's buffer itself). A view that does not check leaves the game as it was.
    pub fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError> {
        self.read_round_copied(view)
    }

    /// The units, decoded on first use in a round.
    fn decoded_units(&self) -> &Vec<Unit> {
        self.units.get(|v| {
            v.clear();
            let block = self.view.slice(self.units_at, self.nb_units * UNIT_SIZE);
            v.extend(block.chunks_exact(UNIT_SIZE).enumerate().map(|(id, b)| {
                let [player, i, j, health, damage, turns, flags] = fields::<7>(b);
                Unit {
                    id,
                    player: player as usize,
                    pos: Pos::new(i, j),
                    health,
                    damage,
                    turns,
                    immune: flags & 1 != 0,
                    mask: flags & 2 != 0,
                }
            }));
        })
    }

    /// The unit on each cell, built on first use in a round.
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

    /// The player of unit `id` (< `nb_units`), read from the view.
    fn unit_player(&self, id: usize) -> usize {
        self.view.i32(self.units_at + id * UNIT_SIZE) as usize
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
        let b = self.view.bytes();
        Cell {
            kind: self.kind[k],
            unit_id: self.unit_index().get(k),
            city_id: self.common.regions.city_id(k),
            path_id: self.common.regions.path_id(k),
            virus: b[self.virus_at + k] as i32,
            mask: b[self.mask_at + k] != 0,
        }
    }
    /// The cell type (WALL off the board).
    pub fn kind(&self, p: impl Into<Pos>) -> CellType {
        self.cell_index(p).map_or(CellType::Wall, |k| self.kind[k])
    }
    /// The unit on a cell.
    pub fn unit_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| self.unit_index().get(k))
    }
    /// The virus level of a cell (0 off the board).
    pub fn virus(&self, p: impl Into<Pos>) -> i32 {
        self.cell_index(p).map_or(0, |k| self.view.bytes()[self.virus_at + k] as i32)
    }
    /// A mask lies on the cell.
    pub fn mask_at(&self, p: impl Into<Pos>) -> bool {
        self.cell_index(p).is_some_and(|k| self.view.bytes()[self.mask_at + k] != 0)
    }
    /// Every cell's type, row-major (for fast loops; see [`Common::cell_index`]).
    pub fn cell_types(&self) -> &[CellType] {
        &self.kind
    }
    /// Every cell's virus level, row-major (straight from the view).
    pub fn virus_levels(&self) -> &[u8] {
        self.view.slice(self.virus_at, self.kind.len())
    }
    /// Every cell's mask flag, row-major (straight from the view).
    pub fn masks(&self) -> &[bool] {
        let flags = self.view.slice(self.mask_at, self.kind.len());
        let ok = *self.masks_ok.get(|ok| *ok = bytes_at_most(flags, 1));
        assert!(ok, "arena_bot: a mask flag of the round view is not 0 or 1");
        // SAFETY: every byte is 0 or 1 (checked just above), which are the representations of
        // `false` and `true`; same size and alignment.
        unsafe { std::slice::from_raw_parts(flags.as_ptr().cast::<bool>(), flags.len()) }
    }
    /// Row-major indices of the cells where a mask lies, ascending (see [`Common::cell_pos`]).
    pub fn mask_cells(&self) -> &[usize] {
        self.mask_cells.get(|out| {
            out.clear();
            // Few cells hold a mask: look at 8 cells at a time.
            let flags = self.view.slice(self.mask_at, self.kind.len());
            let mut chunks = flags.chunks_exact(8);
            let mut base = 0;
            for c in &mut chunks {
                if u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) != 0 {
                    out.extend(c.iter().enumerate().filter(|(_, &f)| f != 0).map(|(t, _)| base + t));
                }
                base += 8;
            }
            out.extend(chunks.remainder().iter().enumerate().filter(|(_, &f)| f != 0).map(|(t, _)| base + t));
        })
    }

    /// The number of units (all players).
    pub fn total_units(&self) -> usize {
        self.nb_units
    }
    /// A unit by id. Panics on a bad id.
    pub fn unit(&self, id: usize) -> &Unit {
        match self.decoded_units().get(id) {
            Some(u) => u,
            None => panic!("unit({id}): there are {} units", self.nb_units),
        }
    }
    /// All units, by id.
    pub fn units(&self) -> &[Unit] {
        self.decoded_units()
    }
    /// The ids of a player's units, ascending (allocates; see [`Game::units_of`]).
    pub fn my_units(&self, pl: usize) -> Vec<usize> {
        (0..self.nb_units).filter(|&id| self.unit_player(id) == pl).collect()
    }
    /// A player's units, by ascending id.
    pub fn units_of(&self, pl: usize) -> impl Iterator<Item = &Unit> + '_ {
        self.decoded_units().iter().filter(move |u| u.player == pl)
    }
}

impl InPlaceView for Game {
    type Layout = usize;

    /// Checks a round view without keeping anything: its layout (the lengths of its parts), and
    /// with `full` every value an accessor relies on (`read_round`; the view the host writes in
    /// place is trusted, and only its layout is checked: a round then costs no fuel per cell or
    /// unit); returns its number of units.
    fn check_round(&self, view: &[u8], full: bool) -> Result<Self::Layout, ViewError> {
        let (rows, cols) = (self.settings.rows, self.settings.cols);
        let mut r = Reader::new(view);
        r.bytes(RoundHead::LEN, "round, status and scores")?;
        self.common.regions.check_owners(&mut r)?;
        let n = self.kind.len();
        r.bytes(n, "virus levels")?;
        let at = r.offset();
        // `masks()` relies on every byte being 0 or 1 (it checks them itself otherwise).
        let masks = r.bytes(n, "masks")?;
        if full && !bytes_at_most(masks, 1) {
            return Err(ViewError { what: "a mask flag is not 0 or 1", at });
        }
        let nb_units = r.index(r.remaining() / UNIT_SIZE, "number of units")?;
        let at = r.offset();
        let block = r.bytes(nb_units * UNIT_SIZE, "units")?;
        for u in block[..if full { block.len() } else { 0 }].chunks_exact(UNIT_SIZE) {
            let [player, i, j] = fields::<3>(u);
            if player as u32 >= NB_PLAYERS as u32 {
                return Err(ViewError { what: "a unit's player", at });
            }
            if !on_board(i, j, rows, cols) {
                return Err(ViewError { what: "a unit is off the board", at });
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
        self.mask_cells.reset();
        self.masks_ok.reset();
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
