//! What the games of cities and paths (Pandemic, Ork Island) share in their views and actions:
//! the cities and paths with their owners, the head of the round view (round, CPU shares,
//! scores), the order buffer, and the [`Runner`] that drives a player. Each game's `Game`
//! holds these and adds its own cells and units.

use crate::grid::{Dir, Path, Pos};
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
