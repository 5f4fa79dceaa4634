//! What the games of cities and paths (Pandemic, Ork Island) share in their views and actions:
//! the cities and paths with their owners and the head of the round view (round, CPU shares,
//! scores). Each game's `Game` holds these and adds its own cells and units; the order buffer
//! and the [`Runner`] that drives a player are every game's ([`crate::runner`]).

use crate::grid::{Command, Dir, Path, Pos};
use crate::lazy::i32_at;
pub(crate) use crate::runner::Orders;
pub use crate::runner::{PlayerOf, Runner, View, ORDER_CHUNK, ORDER_SIZE};
use crate::runtime::{Reader, ViewError, NB_PLAYERS};

fn owner(o: i8) -> Option<usize> {
    usize::try_from(o).ok()
}

/// The cities and paths of a board: their cells, each cell's city and path id, their owners.
#[derive(Clone, Debug, Default)]
pub(crate) struct Regions {
    city_id: Vec<i32>,
    path_id: Vec<i32>,
    cities: Vec<Vec<Pos>>,
    paths: Vec<Path>,
    city_owner: Vec<i8>,
    path_owner: Vec<i8>,
}

impl Regions {
    /// Decodes the cities and paths of the setup view, on a board of `n` cells where `index`
    /// gives a position's row-major index.
    pub(crate) fn read(
        r: &mut Reader<'_>,
        n: usize,
        index: impl Fn(Pos) -> Option<usize>,
    ) -> Result<Regions, ViewError> {
        let mut g = Regions { city_id: vec![-1; n], path_id: vec![-1; n], ..Regions::default() };
        let nb_cities = r.index(r.remaining() / 4, "nb_cities")?;
        g.cities.reserve_exact(nb_cities);
        for id in 0..nb_cities {
            let cells = Self::read_cells(r, &index, &mut g.city_id, id as i32)?;
            g.cities.push(cells);
        }
        let nb_paths = r.index(r.remaining() / 12, "nb_paths")?;
        g.paths.reserve_exact(nb_paths);
        for id in 0..nb_paths {
            let a = r.index(nb_cities.saturating_sub(1), "a path's first city")?;
            let b = r.index(nb_cities.saturating_sub(1), "a path's second city")?;
            let cells = Self::read_cells(r, &index, &mut g.path_id, id as i32)?;
            g.paths.push(Path { ends: (a, b), cells });
        }
        g.city_owner = vec![-1; nb_cities];
        g.path_owner = vec![-1; nb_paths];
        Ok(g)
    }

    /// A city's or path's cell list; marks its cells with `id` in `ids`.
    fn read_cells(
        r: &mut Reader<'_>,
        index: &impl Fn(Pos) -> Option<usize>,
        ids: &mut [i32],
        id: i32,
    ) -> Result<Vec<Pos>, ViewError> {
        let n = r.index(r.remaining() / 8, "a cell count")?;
        let mut cells = Vec::with_capacity(n);
        for _ in 0..n {
            let p = Pos::new(r.i32("a cell's row")?, r.i32("a cell's column")?);
            let k = index(p).ok_or_else(|| r.error("a city or path cell is off the board"))?;
            ids[k] = id;
            cells.push(p);
        }
        Ok(cells)
    }

    /// Checks the owners of a round view (`nb_cities`, owners, `nb_paths`, owners), without
    /// keeping them (see [`Regions::load_owners`]).
    pub(crate) fn check_owners(&self, r: &mut Reader<'_>) -> Result<(), ViewError> {
        for (n, what) in [(self.city_owner.len(), "nb_cities"), (self.path_owner.len(), "nb_paths")] {
            let at = r.offset();
            if r.i32(what)? != n as i32 {
                return Err(ViewError { what: "the number of cities or paths differs from the setup view", at });
            }
            let at = r.offset();
            let owners = r.bytes(4 * n, "owners")?;
            if !owners.chunks_exact(4).all(|o| (-1..NB_PLAYERS as i32).contains(&i32_at(o, 0))) {
                return Err(ViewError { what: "an owner is not -1..=3", at });
            }
        }
        Ok(())
    }

    /// Keeps the owners of a checked round view whose owners start at byte `at`; returns the
    /// offset after them.
    pub(crate) fn load_owners(&mut self, view: &[u8], mut at: usize) -> usize {
        for owners in [&mut self.city_owner, &mut self.path_owner] {
            at += 4;
            for o in owners.iter_mut() {
                *o = i32_at(view, at) as i8;
                at += 4;
            }
        }
        at
    }

    /// Bytes of the owners' part of a round view.
    pub(crate) fn owners_len(&self) -> usize {
        8 + 4 * (self.city_owner.len() + self.path_owner.len())
    }

    /// The city of the cell with row-major index `k`.
    pub(crate) fn city_id(&self, k: usize) -> Option<usize> {
        usize::try_from(self.city_id[k]).ok()
    }
    /// The path of the cell with row-major index `k`.
    pub(crate) fn path_id(&self, k: usize) -> Option<usize> {
        usize::try_from(self.path_id[k]).ok()
    }
    pub(crate) fn nb_cities(&self) -> usize {
        self.cities.len()
    }
    pub(crate) fn city(&self, id: usize) -> &[Pos] {
        &self.cities[id]
    }
    pub(crate) fn city_owner(&self, id: usize) -> Option<usize> {
        self.city_owner.get(id).and_then(|&o| owner(o))
    }
    pub(crate) fn nb_paths(&self) -> usize {
        self.paths.len()
    }
    pub(crate) fn path(&self, id: usize) -> &Path {
        &self.paths[id]
    }
    pub(crate) fn path_owner(&self, id: usize) -> Option<usize> {
        self.path_owner.get(id).and_then(|&o| owner(o))
    }
}

/// The head of every round view: round, CPU shares, total scores.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RoundHead {
    pub(crate) round: i32,
    pub(crate) status: [f64; NB_PLAYERS],
    pub(crate) scores: [i64; NB_PLAYERS],
}

impl RoundHead {
    /// Bytes of the head: round, CPU shares, scores.
    pub(crate) const LEN: usize = 4 + 16 * NB_PLAYERS;

    /// Reads the head at the start of a view at least [`RoundHead::LEN`] bytes long.
    pub(crate) fn load(&mut self, view: &[u8]) {
        self.round = i32_at(view, 0);
        for (k, s) in self.status.iter_mut().enumerate() {
            *s = f64::from_bits(u64::from_le_bytes(view[4 + 8 * k..12 + 8 * k].try_into().unwrap_or([0; 8])));
        }
        for (k, s) in self.scores.iter_mut().enumerate() {
            let at = 4 + 8 * NB_PLAYERS + 8 * k;
            *s = i64::from_le_bytes(view[at..at + 8].try_into().unwrap_or([0; 8]));
        }
    }
    pub(crate) fn total_score(&self, pl: usize) -> i64 {
        self.scores.get(pl).copied().unwrap_or(0)
    }
    pub(crate) fn status(&self, pl: usize) -> f64 {
        self.status.get(pl).copied().unwrap_or(-1.0)
    }
}

/// What a bot sees and does in every game of cities and paths, whatever the game: who it is, the
/// board's size, the round, scores and CPU shares, the cities and paths with their owners, its
/// orders and its random stream. Each game's `Game` dereferences to it, so these are methods
/// of `g` too (`g.me()`, `g.city_owner(id)`, `g.execute(c)`).
#[derive(Clone, Debug, Default)]
pub struct Common {
    me: usize,
    rows: i32,
    cols: i32,
    pub(crate) regions: Regions,
    pub(crate) head: RoundHead,
    orders: Orders,
}

impl Common {
    pub(crate) fn new(me: usize, rows: i32, cols: i32) -> Common {
        Common { me, rows, cols, orders: Orders::new(), ..Common::default() }
    }

    /// Gives the buffered orders to the host. Called when the buffer holds [`ORDER_CHUNK`]
    /// records and at the end of each round; a bot need not call it.
    pub fn flush_orders(&mut self) {
        self.orders.flush();
    }

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
        p.i >= 0 && p.j >= 0 && p.i < self.rows && p.j < self.cols
    }
    /// Row-major index (`i × cols + j`) of a position on the board.
    pub fn cell_index(&self, p: impl Into<Pos>) -> Option<usize> {
        let p = p.into();
        self.pos_ok(p).then(|| p.i as usize * self.cols as usize + p.j as usize)
    }
    /// The position of a row-major index.
    pub fn cell_pos(&self, index: usize) -> Pos {
        let cols = self.cols.max(1) as usize;
        Pos::new((index / cols) as i32, (index % cols) as i32)
    }

    /// The bot's player id.
    pub fn me(&self) -> usize {
        self.me
    }
    /// Rounds played so far (0 in the first round).
    pub fn round(&self) -> i32 {
        self.head.round
    }
    /// A player's total score (0 for a bad id).
    pub fn total_score(&self, pl: usize) -> i64 {
        self.head.total_score(pl)
    }
    /// A player's CPU share so far (0..1), -1 once it is frozen (or for a bad id).
    pub fn status(&self, pl: usize) -> f64 {
        self.head.status(pl)
    }

    /// The city of a cell.
    pub fn city_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| self.regions.city_id(k))
    }
    /// The path of a cell.
    pub fn path_at(&self, p: impl Into<Pos>) -> Option<usize> {
        self.cell_index(p).and_then(|k| self.regions.path_id(k))
    }
    /// The number of cities.
    pub fn nb_cities(&self) -> usize {
        self.regions.nb_cities()
    }
    /// A city's cells. Panics on a bad id.
    pub fn city(&self, id: usize) -> &[Pos] {
        self.regions.city(id)
    }
    /// A city's owner.
    pub fn city_owner(&self, id: usize) -> Option<usize> {
        self.regions.city_owner(id)
    }
    /// The number of paths.
    pub fn nb_paths(&self) -> usize {
        self.regions.nb_paths()
    }
    /// A path: its two cities and its cells. Panics on a bad id.
    pub fn path(&self, id: usize) -> &Path {
        self.regions.path(id)
    }
    /// A path's owner.
    pub fn path_owner(&self, id: usize) -> Option<usize> {
        self.regions.path_owner(id)
    }

    /// Orders unit `id` to move one cell in `dir` (the kit's `move`). Only the first order per
    /// unit and round counts; more than 1000 orders in one round abort the bot.
    pub fn move_unit(&mut self, id: usize, dir: Dir) {
        self.orders.push(id, dir.code());
    }
    /// Gives a command (the kit's `execute`): the same as [`Common::move_unit`].
    pub fn execute(&mut self, c: Command) {
        self.move_unit(c.id, c.dir)
    }

    /// A uniform integer in `l..=u` from this bot's own random stream (derived from the match
    /// seed: the same seed gives the same draws). Panics if `l > u`.
    pub fn random(&self, l: i32, u: i32) -> i32 {
        crate::abi::random(l, u)
    }

    /// A uniformly random permutation of `0..n` (see [`crate::runner::random_permutation`]).
    pub fn random_permutation(&self, n: usize) -> Vec<usize> {
        crate::runner::random_permutation(n)
    }
}
