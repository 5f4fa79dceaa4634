//! [`Game`]: the decoded Purge view and the bot's actions.

use super::types::{BonusType, Cell, CellType, Citizen, CitizenType, Dir, Pos, WeaponType};
use crate::lazy::{bytes_at_most, fields, i32_at, on_board, CellIndex, InPlaceView, PerRound, RoundBuf};
use crate::runner::{RecordOrders, View};
use crate::runtime::{Header, Reader, ViewError, NB_PLAYERS};

/// Size of one order record: citizen id, kind (0 move, 1 build), direction code, `i32` each.
pub const ORDER_SIZE: usize = 12;

/// Bytes per citizen and per barricade in the round view.
const CITIZEN_SIZE: usize = 28;
const BARRICADE_SIZE: usize = 16;

/// The parameters, in the kit's `default.cnf` order after `num_players`.
const NB_PARAMS: usize = 33;

macro_rules! settings {
    ($($(#[$doc:meta])* $name:ident = $k:expr;)*) => {
        impl Game {
            $($(#[$doc])* pub fn $name(&self) -> i32 { self.params.get($k).copied().unwrap_or(0) })*
        }
    };
}

settings! {
    /// Number of days.
    num_days = 0;
    /// Rounds per day: the first half daylight, then night.
    num_rounds_per_day = 1;
    /// Number of rows.
    board_rows = 2;
    /// Number of columns.
    board_cols = 3;
    /// Builders each player starts with.
    num_ini_builders = 4;
    /// Warriors each player starts with.
    num_ini_warriors = 5;
    /// Money items on the board.
    num_ini_money = 6;
    /// Food items on the board.
    num_ini_food = 7;
    /// Guns on the board.
    num_ini_guns = 8;
    /// Bazookas on the board.
    num_ini_bazookas = 9;
    /// A builder's initial (and maximum) life.
    builder_ini_life = 10;
    /// A warrior's initial (and maximum) life.
    warrior_ini_life = 11;
    /// Points for each money item.
    money_points = 12;
    /// Points for killing a builder.
    kill_builder_points = 13;
    /// Points for killing a warrior.
    kill_warrior_points = 14;
    /// Life a food item gives.
    food_incr_life = 15;
    /// Life the loser of a fight loses.
    life_lost_in_attack = 16;
    /// A builder's attack strength.
    builder_strength_attack = 17;
    /// Attack strength with a hammer.
    hammer_strength_attack = 18;
    /// Attack strength with a gun.
    gun_strength_attack = 19;
    /// Attack strength with a bazooka.
    bazooka_strength_attack = 20;
    /// A builder's demolition strength.
    builder_strength_demolish = 21;
    /// Demolition strength with a hammer.
    hammer_strength_demolish = 22;
    /// Demolition strength with a gun.
    gun_strength_demolish = 23;
    /// Demolition strength with a bazooka.
    bazooka_strength_demolish = 24;
    /// Rounds before a dead builder comes back.
    num_rounds_regen_builder = 25;
    /// Rounds before a dead warrior comes back.
    num_rounds_regen_warrior = 26;
    /// Rounds before eaten food comes back.
    num_rounds_regen_food = 27;
    /// Rounds before collected money comes back.
    num_rounds_regen_money = 28;
    /// Rounds before a taken weapon comes back.
    num_rounds_regen_weapon = 29;
    /// Resistance a build order adds.
    barricade_resistance_step = 30;
    /// A barricade's maximum resistance.
    barricade_max_resistance = 31;
    /// Barricades a player may have at once.
    max_num_barricades = 32;
}

/// Bytes of the round view's head: round, CPU shares, scores.
const HEAD: usize = 4 + 16 * NB_PLAYERS;

/// Where the parts of a round view start and how many records they have.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Layout {
    /// The barricades' count, then their records.
    barricades_at: usize,
    nb_barricades: usize,
    /// The citizens' count, then their records.
    citizens_at: usize,
    nb_citizens: usize,
    /// The number of citizen ids.
    ids: usize,
}

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle. Each
/// round's view is kept as the host wrote it and read in place; the citizen and barricade on
/// each cell and the citizens by id are found through indexes built on first use in a round
/// (`crate::lazy`). Where the kit answers -1 ("none"), this answers `None`; positions off the
/// board read as building cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    me: usize,
    params: Vec<i32>,
    building: Vec<bool>,
    /// The round view (before the first round: one with nothing in it).
    view: RoundBuf,
    layout: Layout,
    /// Per cell: the citizen's id, the barricade's record.
    citizen_at: PerRound<CellIndex>,
    barricade_at: PerRound<CellIndex>,
    /// Per citizen id: its record (-1 for the dead).
    record_of: PerRound<Vec<i32>>,
    orders: RecordOrders<3>,
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
        let mut params = Vec::with_capacity(NB_PARAMS);
        for _ in 0..NB_PARAMS {
            params.push(r.i32("a parameter")?);
        }
        let (rows, cols) = (params[2], params[3]);
        if rows <= 0 || cols <= 0 || params[1] <= 0 {
            return Err(r.error("rows, cols and rounds per day must be positive"));
        }
        let n = (rows as usize).checked_mul(cols as usize).ok_or_else(|| r.error("rows x cols is too large"))?;
        let mut building = Vec::with_capacity(n);
        for &c in r.bytes(n, "cell types")? {
            building.push(match c {
                0 => false,
                1 => true,
                _ => return Err(r.error("a cell type is not 0 or 1")),
            });
        }
        let mut g = Game { me: header.me, params, building, orders: RecordOrders::new(), ..Game::default() };
        // Until the first round: a view of that round's shape with nothing in it.
        let empty = vec![0; HEAD + n + 12];
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

    /// The barricades' records in the view.
    fn barricade_records(&self) -> std::slice::ChunksExact<'_, u8> {
        let l = &self.layout;
        self.view.slice(l.barricades_at + 4, l.nb_barricades * BARRICADE_SIZE).chunks_exact(BARRICADE_SIZE)
    }

    /// The citizens' records in the view.
    fn citizen_records(&self) -> std::slice::ChunksExact<'_, u8> {
        let l = &self.layout;
        self.view.slice(l.citizens_at + 4, l.nb_citizens * CITIZEN_SIZE).chunks_exact(CITIZEN_SIZE)
    }

    /// The citizen on each cell, built on first use in a round.
    fn citizen_index(&self) -> &CellIndex {
        self.citizen_at.get(|ix| {
            ix.clear(self.building.len());
            let cols = self.board_cols() as usize;
            for c in self.citizen_records() {
                let [id, _, _, i, j] = fields::<5>(c);
                ix.mark(i as usize * cols + j as usize, id as usize);
            }
        })
    }

    /// The barricade (its record) on each cell, built on first use in a round.
    fn barricade_index(&self) -> &CellIndex {
        self.barricade_at.get(|ix| {
            ix.clear(self.building.len());
            let cols = self.board_cols() as usize;
            for (k, b) in self.barricade_records().enumerate() {
                let [_, i, j] = fields::<3>(b);
                ix.mark(i as usize * cols + j as usize, k);
            }
        })
    }

    /// The record of each citizen id, built on first use in a round.
    fn records(&self) -> &Vec<i32> {
        self.record_of.get(|v| {
            v.clear();
            v.resize(self.layout.ids, -1);
            for (k, c) in self.citizen_records().enumerate() {
                v[i32_at(c, 0) as usize] = k as i32;
            }
        })
    }

    /// The ids of a player's citizens of one type, ascending.
    fn citizens_of(&self, pl: usize, kind: i32) -> Vec<usize> {
        let mut v = Vec::new();
        for c in self.citizen_records() {
            let [id, k, player] = fields::<3>(c);
            if k == kind && player as usize == pl {
                v.push(id as usize);
            }
        }
        v
    }

    /// Gives the buffered orders to the host. Called when the buffer is full and at the end of
    /// each round; a bot need not call it.
    pub fn flush_orders(&mut self) {
        self.orders.flush();
    }

    // ---- settings -------------------------------------------------------------------------

    /// Number of players (4).
    pub fn num_players(&self) -> usize {
        NB_PLAYERS
    }
    /// Rounds in the match: days × rounds per day.
    pub fn num_rounds(&self) -> i32 {
        self.num_days().saturating_mul(self.num_rounds_per_day())
    }
    /// A citizen type's initial (and maximum) life.
    pub fn citizen_ini_life(&self, t: CitizenType) -> i32 {
        match t {
            CitizenType::Builder => self.builder_ini_life(),
            CitizenType::Warrior => self.warrior_ini_life(),
        }
    }
    /// Rounds before a dead citizen of this type comes back.
    pub fn num_rounds_regen_citizen(&self, t: CitizenType) -> i32 {
        match t {
            CitizenType::Builder => self.num_rounds_regen_builder(),
            CitizenType::Warrior => self.num_rounds_regen_warrior(),
        }
    }
    /// Attack strength with a weapon (`NoWeapon`: a builder's).
    pub fn weapon_strength_attack(&self, w: WeaponType) -> i32 {
        match w {
            WeaponType::Hammer => self.hammer_strength_attack(),
            WeaponType::Gun => self.gun_strength_attack(),
            WeaponType::Bazooka => self.bazooka_strength_attack(),
            WeaponType::NoWeapon => self.builder_strength_attack(),
        }
    }
    /// Demolition strength with a weapon (`NoWeapon`: a builder's).
    pub fn weapon_strength_demolish(&self, w: WeaponType) -> i32 {
        match w {
            WeaponType::Hammer => self.hammer_strength_demolish(),
            WeaponType::Gun => self.gun_strength_demolish(),
            WeaponType::Bazooka => self.bazooka_strength_demolish(),
            WeaponType::NoWeapon => self.builder_strength_demolish(),
        }
    }
    /// `pl` is a player id (0..4).
    pub fn player_ok(&self, pl: usize) -> bool {
        pl < NB_PLAYERS
    }
    /// The position is on the board (`g.pos_ok(p)` or `g.pos_ok((i, j))`).
    pub fn pos_ok(&self, p: impl Into<Pos>) -> bool {
        let p = p.into();
        p.i >= 0 && p.j >= 0 && p.i < self.board_rows() && p.j < self.board_cols()
    }
    /// Row-major index of a position on the board.
    pub fn cell_index(&self, p: impl Into<Pos>) -> Option<usize> {
        let p = p.into();
        self.pos_ok(p).then(|| p.i as usize * self.board_cols() as usize + p.j as usize)
    }
    /// Round `r` is daylight (the first half of its day).
    pub fn is_round_day(&self, r: i32) -> bool {
        let per_day = self.num_rounds_per_day().max(1);
        r.rem_euclid(per_day) < per_day / 2
    }
    /// Round `r` is night.
    pub fn is_round_night(&self, r: i32) -> bool {
        !self.is_round_day(r)
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
    /// This round is daylight.
    pub fn is_day(&self) -> bool {
        self.is_round_day(self.round())
    }
    /// This round is night.
    pub fn is_night(&self) -> bool {
        !self.is_day()
    }
    /// A cell (`g.cell(p)` or `g.cell((i, j))`); off the board, a building with nothing on it.
    pub fn cell(&self, p: impl Into<Pos>) -> Cell {
        match self.cell_index(p) {
            None => Cell { kind: CellType::Building, ..Cell::default() },
            Some(k) => {
                let (bonus, weapon) = match self.view.bytes()[HEAD + k] {
                    1 => (BonusType::Money, WeaponType::NoWeapon),
                    2 => (BonusType::Food, WeaponType::NoWeapon),
                    3 => (BonusType::NoBonus, WeaponType::Gun),
                    4 => (BonusType::NoBonus, WeaponType::Bazooka),
                    _ => (BonusType::NoBonus, WeaponType::NoWeapon),
                };
                let barricade = self.barricade_index().get(k).map(|b| {
                    fields::<4>(self.view.slice(self.layout.barricades_at + 4 + b * BARRICADE_SIZE, BARRICADE_SIZE))
                });
                Cell {
                    kind: if self.building[k] { CellType::Building } else { CellType::Street },
                    bonus,
                    weapon,
                    resistance: barricade.map(|b| b[3]),
                    b_owner: barricade.map(|b| b[0] as usize),
                    id: self.citizen_index().get(k),
                }
            }
        }
    }
    /// A citizen alive now (`None` for the ids of the dead and unknown ids).
    pub fn citizen(&self, id: usize) -> Option<Citizen> {
        let k = usize::try_from(*self.records().get(id)?).ok()?;
        let b = self.view.slice(self.layout.citizens_at + 4 + k * CITIZEN_SIZE, CITIZEN_SIZE);
        let [_, kind, player, i, j, weapon, life] = fields::<7>(b);
        Some(Citizen {
            kind: if kind == 0 { CitizenType::Builder } else { CitizenType::Warrior },
            id,
            player: player as usize,
            pos: Pos::new(i, j),
            weapon: WeaponType::from_code(weapon).unwrap_or(WeaponType::NoWeapon),
            life,
        })
    }
    /// Citizen ids so far (the dead included; reborn citizens get new ids).
    pub fn num_citizen_ids(&self) -> usize {
        self.layout.ids
    }
    /// The ids of a player's builders, ascending (empty for a bad id).
    pub fn builders(&self, pl: usize) -> Vec<usize> {
        self.citizens_of(pl, 0)
    }
    /// The ids of a player's warriors, ascending (empty for a bad id).
    pub fn warriors(&self, pl: usize) -> Vec<usize> {
        self.citizens_of(pl, 1)
    }
    /// The positions of a player's barricades, row-major (empty for a bad id).
    pub fn barricades(&self, pl: usize) -> Vec<Pos> {
        let mine = self.barricade_records().map(fields::<3>).filter(|b| b[0] as usize == pl);
        mine.map(|[_, i, j]| Pos::new(i, j)).collect()
    }
    /// A player's score (0 for a bad id).
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

    /// Orders citizen `id` to move in `dir` (the kit's `move`). Only the first order per citizen
    /// and round counts; more than 1000 orders in one round abort the bot.
    pub fn move_citizen(&mut self, id: usize, dir: Dir) {
        self.orders.push([id_field(id), 0, i32::from(dir.code())]);
    }

    /// Orders builder `id` to build toward `dir` (the kit's `build`): by day, from outside a
    /// barricade, onto a free street cell or one of the player's barricades.
    pub fn build(&mut self, id: usize, dir: Dir) {
        self.orders.push([id_field(id), 1, i32::from(dir.code())]);
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

/// An id that does not fit is sent as -1: ignored by the host (and counted).
fn id_field(id: usize) -> i32 {
    i32::try_from(id).unwrap_or(-1)
}

impl InPlaceView for Game {
    type Layout = Layout;

    /// Checks a round view without keeping anything: its layout (the lengths of its parts), and
    /// with `full` every value an accessor relies on (`read_round`; the view the host writes in
    /// place is trusted, and only its layout is checked); returns where its parts are.
    fn check_round(&self, view: &[u8], full: bool) -> Result<Self::Layout, ViewError> {
        let (rows, cols) = (self.board_rows(), self.board_cols());
        let mut r = Reader::new(view);
        r.bytes(HEAD, "round, status and scores")?;
        let at = r.offset();
        let items = r.bytes(self.building.len(), "items")?;
        if full && !bytes_at_most(items, 4) {
            return Err(ViewError { what: "an item is not 0..=4", at });
        }
        let barricades_at = r.offset();
        let nb_barricades = r.index(r.remaining() / BARRICADE_SIZE, "number of barricades")?;
        let at = r.offset();
        let block = r.bytes(nb_barricades * BARRICADE_SIZE, "barricades")?;
        for b in block[..if full { block.len() } else { 0 }].chunks_exact(BARRICADE_SIZE) {
            let [pl, i, j] = fields::<3>(b);
            if pl as u32 >= NB_PLAYERS as u32 {
                return Err(ViewError { what: "a barricade's player", at });
            }
            if !on_board(i, j, rows, cols) {
                return Err(ViewError { what: "a barricade off the board", at });
            }
        }
        let citizens_at = r.offset();
        let nb_citizens = r.index(r.remaining() / CITIZEN_SIZE, "number of citizens")?;
        let at = r.offset();
        let bad = |what| ViewError { what, at };
        let block = r.bytes(nb_citizens * CITIZEN_SIZE, "citizens")?;
        let ids = r.index(i32::MAX as usize, "number of citizen ids")?;
        for c in block[..if full { block.len() } else { 0 }].chunks_exact(CITIZEN_SIZE) {
            let [id, kind, player, i, j, weapon] = fields::<6>(c);
            if !usize::try_from(id).is_ok_and(|id| id < ids) {
                return Err(bad("a citizen's id"));
            }
            if !(0..=1).contains(&kind) {
                return Err(bad("a citizen's type is not 0 or 1"));
            }
            if player as u32 >= NB_PLAYERS as u32 {
                return Err(bad("a citizen's player"));
            }
            if WeaponType::from_code(weapon).is_none() {
                return Err(bad("a citizen's weapon is not 0..=3"));
            }
            if !on_board(i, j, rows, cols) {
                return Err(bad("a citizen is off the board"));
            }
        }
        r.finish()?;
        Ok(Layout { barricades_at, nb_barricades, citizens_at, nb_citizens, ids })
    }

    /// The view in `self.view` checked: forgets last round's indexes.
    fn load_round(&mut self, layout: Layout) {
        self.layout = layout;
        self.citizen_at.reset();
        self.barricade_at.reset();
        self.record_of.reset();
    }

    fn empty_round(&self) -> (usize, Self::Layout) {
        let n = self.building.len();
        (HEAD + n + 12, Layout { barricades_at: HEAD + n, citizens_at: HEAD + n + 4, ..Layout::default() })
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

#[cfg(test)]
mod tests {
    #[test]
    fn item_codes_are_checked_word_by_word_and_in_the_tail() {
        let item_codes_ok = |v: &[u8]| crate::lazy::bytes_at_most(v, 4);
        for len in [0usize, 1, 7, 8, 9, 450, 451] {
            let ok = vec![4u8; len];
            assert!(item_codes_ok(&ok), "{len}");
            for at in [0, len / 2, len.saturating_sub(1)] {
                for bad in [5u8, 7, 8, 127, 128, 200, 255] {
                    if len == 0 {
                        continue;
                    }
                    let mut v: Vec<u8> = (0..len).map(|k| (k % 5) as u8).collect();
                    assert!(item_codes_ok(&v), "{len}");
                    v[at] = bad;
                    assert!(!item_codes_ok(&v), "{len} {at} {bad}");
                }
            }
        }
    }
}
