//! [`Game`]: the decoded Purge view and the bot's actions.

use super::types::{BonusType, Cell, CellType, Citizen, CitizenType, Dir, Pos, WeaponType};
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

/// What the bot sees and does: the kit's `State`, `Settings` and `Action` in one handle, refilled
/// in place every round. Where the kit answers -1 ("none"), this answers `None`; positions off
/// the board read as building cells with nothing on them.
#[derive(Clone, Debug, Default)]
pub struct Game {
    me: usize,
    params: Vec<i32>,
    building: Vec<bool>,
    round: i32,
    status: [f64; NB_PLAYERS],
    scores: [i64; NB_PLAYERS],
    /// Item code per cell (0 none, 1 money, 2 food, 3 gun, 4 bazooka), as the view has them.
    item: Vec<u8>,
    /// Barricade per cell: (owner, resistance).
    barricade: Vec<Option<(usize, i32)>>,
    barricade_cells: Vec<usize>,
    /// Citizens by id (`None` for ids of the dead).
    citizens: Vec<Option<Citizen>>,
    citizen_at: Vec<i32>,
    builders: [Vec<usize>; NB_PLAYERS],
    warriors: [Vec<usize>; NB_PLAYERS],
    barricades: [Vec<Pos>; NB_PLAYERS],
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
        Ok(Game {
            me: header.me,
            params,
            building,
            item: vec![0; n],
            barricade: vec![None; n],
            citizen_at: vec![-1; n],
            orders: RecordOrders::new(),
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
        let n = self.building.len();
        let items = r.bytes(n, "items")?;
        if !item_codes_ok(items) {
            return Err(r.error("an item is not 0..=4"));
        }
        self.item.copy_from_slice(items);
        for &k in &self.barricade_cells {
            self.barricade[k] = None;
        }
        self.barricade_cells.clear();
        for l in self.barricades.iter_mut() {
            l.clear();
        }
        // Barricades and citizens are read from their whole block, one bounds check each
        // (reading field by field was most of a bot's time in the sandbox).
        let nb = r.index(r.remaining() / BARRICADE_SIZE, "number of barricades")?;
        let at = r.offset();
        for b in r.bytes(nb * BARRICADE_SIZE, "barricades")?.chunks_exact(BARRICADE_SIZE) {
            let [pl, i, j, resistance] = fields::<4>(b);
            let pl = usize::try_from(pl)
                .ok()
                .filter(|&pl| pl < NB_PLAYERS)
                .ok_or(ViewError { what: "a barricade's player", at })?;
            let p = Pos::new(i, j);
            let k = self.cell_index(p).ok_or(ViewError { what: "a barricade off the board", at })?;
            self.barricade[k] = Some((pl, resistance));
            self.barricade_cells.push(k);
            self.barricades[pl].push(p);
        }
        for c in self.citizens.iter().flatten() {
            if let Some(k) = self.cell_index(c.pos) {
                self.citizen_at[k] = -1;
            }
        }
        for l in self.builders.iter_mut().chain(self.warriors.iter_mut()) {
            l.clear();
        }
        let alive = r.index(r.remaining() / CITIZEN_SIZE, "number of citizens")?;
        let at = r.offset();
        let bad = |what| ViewError { what, at };
        let block = r.bytes(alive * CITIZEN_SIZE, "citizens")?;
        // The number of ids follows the citizens: read it first, to fill the table in place.
        let ids = r.index(i32::MAX as usize, "number of citizen ids")?;
        self.citizens.clear();
        self.citizens.resize(ids, None);
        for c in block.chunks_exact(CITIZEN_SIZE) {
            let [id, kind, player, i, j, weapon, life] = fields::<7>(c);
            let id = usize::try_from(id).ok().filter(|&id| id < ids).ok_or(bad("a citizen's id"))?;
            let kind = match kind {
                0 => CitizenType::Builder,
                1 => CitizenType::Warrior,
                _ => return Err(bad("a citizen's type is not 0 or 1")),
            };
            let player = usize::try_from(player).ok().filter(|&p| p < NB_PLAYERS).ok_or(bad("a citizen's player"))?;
            let pos = Pos::new(i, j);
            let weapon = WeaponType::from_code(weapon).ok_or(bad("a citizen's weapon is not 0..=3"))?;
            let k = self.cell_index(pos).ok_or(bad("a citizen is off the board"))?;
            self.citizen_at[k] = id as i32;
            match kind {
                CitizenType::Builder => self.builders[player].push(id),
                CitizenType::Warrior => self.warriors[player].push(id),
            }
            self.citizens[id] = Some(Citizen { kind, id, player, pos, weapon, life });
        }
        r.finish()
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
        self.round
    }
    /// This round is daylight.
    pub fn is_day(&self) -> bool {
        self.is_round_day(self.round)
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
                let (bonus, weapon) = match self.item[k] {
                    1 => (BonusType::Money, WeaponType::NoWeapon),
                    2 => (BonusType::Food, WeaponType::NoWeapon),
                    3 => (BonusType::NoBonus, WeaponType::Gun),
                    4 => (BonusType::NoBonus, WeaponType::Bazooka),
                    _ => (BonusType::NoBonus, WeaponType::NoWeapon),
                };
                Cell {
                    kind: if self.building[k] { CellType::Building } else { CellType::Street },
                    bonus,
                    weapon,
                    resistance: self.barricade[k].map(|b| b.1),
                    b_owner: self.barricade[k].map(|b| b.0),
                    id: usize::try_from(self.citizen_at[k]).ok(),
                }
            }
        }
    }
    /// A citizen alive now (`None` for the ids of the dead and unknown ids).
    pub fn citizen(&self, id: usize) -> Option<Citizen> {
        self.citizens.get(id).copied().flatten()
    }
    /// Citizen ids so far (the dead included; reborn citizens get new ids).
    pub fn num_citizen_ids(&self) -> usize {
        self.citizens.len()
    }
    /// The ids of a player's builders, ascending (empty for a bad id).
    pub fn builders(&self, pl: usize) -> Vec<usize> {
        self.builders.get(pl).cloned().unwrap_or_default()
    }
    /// The ids of a player's warriors, ascending (empty for a bad id).
    pub fn warriors(&self, pl: usize) -> Vec<usize> {
        self.warriors.get(pl).cloned().unwrap_or_default()
    }
    /// The positions of a player's barricades, row-major (empty for a bad id).
    pub fn barricades(&self, pl: usize) -> Vec<Pos> {
        self.barricades.get(pl).cloned().unwrap_or_default()
    }
    /// A player's score (0 for a bad id).
    pub fn score(&self, pl: usize) -> i64 {
        self.scores.get(pl).copied().unwrap_or(0)
    }
    /// A player's CPU share so far (0..1), -1 once it is frozen (or for a bad id).
    pub fn status(&self, pl: usize) -> f64 {
        self.status.get(pl).copied().unwrap_or(-1.0)
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

/// The `N` little-endian `i32` fields at the start of `b` (at least `4 N` bytes long).
fn fields<const N: usize>(b: &[u8]) -> [i32; N] {
    std::array::from_fn(|k| i32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]))
}

/// Whether every byte is an item code (at most 4), eight bytes at a time: the check byte by
/// byte was a third of a Demo's time in the sandbox. A byte b < 128 is at most 4 iff b + 123 <
/// 128; a byte of 128 or more has its high bit set already (and its carry only spoils a
/// verdict that is false anyway).
fn item_codes_ok(items: &[u8]) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut words = items.chunks_exact(8);
    let whole = words.by_ref().all(|w| {
        let v = u64::from_le_bytes(<[u8; 8]>::try_from(w).unwrap_or([0xff; 8]));
        (v.wrapping_add(LOW * 123) | v) & (LOW * 0x80) == 0
    });
    whole && words.remainder().iter().all(|&b| b <= 4)
}

/// An id that does not fit is sent as -1: ignored by the host (and counted).
fn id_field(id: usize) -> i32 {
    i32::try_from(id).unwrap_or(-1)
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

#[cfg(test)]
mod tests {
    #[test]
    fn item_codes_are_checked_word_by_word_and_in_the_tail() {
        for len in [0usize, 1, 7, 8, 9, 450, 451] {
            let ok = vec![4u8; len];
            assert!(super::item_codes_ok(&ok), "{len}");
            for at in [0, len / 2, len.saturating_sub(1)] {
                for bad in [5u8, 7, 8, 127, 128, 200, 255] {
                    if len == 0 {
                        continue;
                    }
                    let mut v: Vec<u8> = (0..len).map(|k| (k % 5) as u8).collect();
                    assert!(super::item_codes_ok(&v), "{len}");
                    v[at] = bad;
                    assert!(!super::item_codes_ok(&v), "{len} {at} {bad}");
                }
            }
        }
    }
}
