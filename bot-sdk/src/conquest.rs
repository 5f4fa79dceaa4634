//! What the games of cities and paths (Pandemic, Ork Island) share in their views and actions:
//! the cities and paths with their owners, the head of the round view (round, CPU shares,
//! scores), the order buffer, and the [`Runner`] that drives a player. Each game's `Game`
//! holds these and adds its own cells and units.

use crate::grid::{Command, Dir, Path, Pos};
use crate::runtime::{Driver, Header, Reader, ViewError, NB_PLAYERS};

/// Size of one order record: `i32` unit id, `i32` direction.
pub const ORDER_SIZE: usize = 8;

/// Orders are given to the host in chunks of this many records (and at the end of the round),
/// so the buffer stays small.
pub const ORDER_CHUNK: usize = 256;

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

    /// Decodes the owners of the round view (`nb_cities`, owners, `nb_paths`, owners).
    pub(crate) fn read_owners(&mut self, r: &mut Reader<'_>) -> Result<(), ViewError> {
        for (owners, what) in [(&mut self.city_owner, "nb_cities"), (&mut self.path_owner, "nb_paths")] {
            let at = r.offset();
            if r.i32(what)? != owners.len() as i32 {
                return Err(ViewError { what: "the number of cities or paths differs from the setup view", at });
            }
            for o in owners.iter_mut() {
                let v = r.i32("an owner")?;
                if !(-1..NB_PLAYERS as i32).contains(&v) {
                    return Err(r.error("an owner is not -1..=3"));
                }
                *o = v as i8;
            }
        }
        Ok(())
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
    pub(crate) fn read(&mut self, r: &mut Reader<'_>) -> Result<(), ViewError> {
        self.round = r.i32("round")?;
        for s in &mut self.status {
            *s = r.f64("status")?;
        }
        for s in &mut self.scores {
            *s = r.i64("total score")?;
        }
        Ok(())
    }
    pub(crate) fn total_score(&self, pl: usize) -> i64 {
        self.scores.get(pl).copied().unwrap_or(0)
    }
    pub(crate) fn status(&self, pl: usize) -> f64 {
        self.status.get(pl).copied().unwrap_or(-1.0)
    }
}

/// The round's orders, given to the host in chunks.
#[derive(Clone, Debug, Default)]
pub(crate) struct Orders(Vec<u8>);

impl Orders {
    pub(crate) fn new() -> Orders {
        Orders(Vec::with_capacity(ORDER_CHUNK * ORDER_SIZE))
    }
    /// Adds the order "unit `id` moves in `dir`".
    pub(crate) fn push(&mut self, id: usize, dir: Dir) {
        // An id that does not fit is sent as -1: ignored by the host (and counted), like any
        // order for a unit the bot does not own.
        let id = i32::try_from(id).unwrap_or(-1);
        self.0.extend_from_slice(&id.to_le_bytes());
        self.0.extend_from_slice(&(dir.code() as i32).to_le_bytes());
        if self.0.len() >= ORDER_CHUNK * ORDER_SIZE {
            self.flush();
        }
    }
    pub(crate) fn flush(&mut self) {
        crate::abi::orders(&self.0, ORDER_SIZE);
        self.0.clear();
    }
}

/// A game's decoded view, as a [`Runner`] drives it.
pub trait View: Sized {
    /// The game's name in the views.
    const GAME: &'static str;
    /// Decodes the game part of the setup view.
    fn read_setup(header: Header, r: &mut Reader<'_>) -> Result<Self, ViewError>;
    /// Decodes a round view in place.
    fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError>;
    /// Gives the buffered orders to the host.
    fn flush_orders(&mut self);
}

/// A player of the game whose view is `G` (each game's `Player` trait is one).
pub trait PlayerOf<G> {
    /// Plays one round.
    fn play_round(&mut self, g: &mut G);
}

/// Runs a player: decodes the views, calls `play`, gives the orders. What the games' `*_bot!`
/// macros export, and what `arena_bot::native::NativeBot` runs natively. Each game names it
/// `Runner<P>` (`arena_bot::pandemic::Runner<MyBot>`).
pub struct Runner<G, P> {
    game: G,
    player: P,
}

impl<G, P> Runner<G, P> {
    /// The decoded view.
    pub fn game(&self) -> &G {
        &self.game
    }
    /// The player.
    pub fn player(&self) -> &P {
        &self.player
    }
}

impl<G: View, P: PlayerOf<G> + Default> Driver for Runner<G, P> {
    const GAME: &'static str = G::GAME;

    fn start(header: Header, setup: &mut Reader<'_>) -> Result<Self, ViewError> {
        Ok(Runner { game: G::read_setup(header, setup)?, player: P::default() })
    }

    fn play(&mut self, view: &[u8]) -> Result<(), ViewError> {
        self.game.read_round(view)?;
        self.player.play_round(&mut self.game);
        self.game.flush_orders();
        Ok(())
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
        self.orders.push(id, dir);
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

    /// A uniformly random permutation of `0..n`: Fisher–Yates from the last index down, i.e.
    /// `v = [0, 1, .., n-1]`, then for `k` from `n-1` down to 1 swap `v[k]` with
    /// `v[random(0, k)]`. That makes `n-1` draws, the same as the engine's
    /// `Turn::random_permutation`, so native and WebAssembly bots get the same permutations.
    pub fn random_permutation(&self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        for k in (1..n).rev() {
            let r = self.random(0, i32::try_from(k).unwrap_or(i32::MAX)) as usize;
            v.swap(k, r);
        }
        v
    }
}
