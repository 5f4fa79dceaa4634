//! What drives a player in every game: the order buffer (records of unit id and direction code,
//! given to the host in chunks), the [`View`] a game's decoded state implements, the
//! [`PlayerOf`] link to the game's `Player` trait, and the generic [`Runner`].

use crate::runtime::{Driver, Header, Reader, ViewError};

/// Size of one order record: `i32` unit id, `i32` direction code.
pub const ORDER_SIZE: usize = 8;

/// Orders are given to the host in chunks of this many records (and at the end of the round),
/// so the buffer stays small.
pub const ORDER_CHUNK: usize = 256;

/// The round's orders, given to the host in chunks.
#[derive(Clone, Debug, Default)]
pub(crate) struct Orders(Vec<u8>);

impl Orders {
    pub(crate) fn new() -> Orders {
        Orders(Vec::with_capacity(ORDER_CHUNK * ORDER_SIZE))
    }
    /// Adds the order "unit `id` moves in the direction of code `dir`".
    pub(crate) fn push(&mut self, id: usize, dir: u8) {
        // An id that does not fit is sent as -1: ignored by the host (and counted), like any
        // order for a unit the bot does not own.
        let id = i32::try_from(id).unwrap_or(-1);
        self.0.extend_from_slice(&id.to_le_bytes());
        self.0.extend_from_slice(&i32::from(dir).to_le_bytes());
        if self.0.len() >= ORDER_CHUNK * ORDER_SIZE {
            self.flush();
        }
    }
    pub(crate) fn flush(&mut self) {
        crate::abi::orders(&self.0, ORDER_SIZE);
        self.0.clear();
    }
}

/// Orders of `N` `i32` fields each (The Purge's citizen, kind and direction), given to the host
/// in chunks like [`Orders`].
#[derive(Clone, Debug, Default)]
pub(crate) struct RecordOrders<const N: usize>(Vec<u8>);

impl<const N: usize> RecordOrders<N> {
    pub(crate) fn new() -> Self {
        RecordOrders(Vec::with_capacity(ORDER_CHUNK * 4 * N))
    }
    pub(crate) fn push(&mut self, fields: [i32; N]) {
        for f in fields {
            self.0.extend_from_slice(&f.to_le_bytes());
        }
        if self.0.len() >= ORDER_CHUNK * 4 * N {
            self.flush();
        }
    }
    pub(crate) fn flush(&mut self) {
        crate::abi::orders(&self.0, 4 * N);
        self.0.clear();
    }
}

/// A game's decoded view, as a [`Runner`] drives it.
pub trait View: Sized {
    /// The game's name in the views.
    const GAME: &'static str;
    /// Decodes the game part of the setup view.
    fn read_setup(header: Header, r: &mut Reader<'_>) -> Result<Self, ViewError>;
    /// Takes a round view (a copy of it; the SDK's games read it in place from there).
    fn read_round(&mut self, view: &[u8]) -> Result<(), ViewError>;
    /// Gives the buffered orders to the host.
    fn flush_orders(&mut self);
    /// The buffer the host may write round views into (zero-copy rounds, see
    /// [`crate::runtime::Driver::view_buffer`]); `None`: views go through
    /// [`View::read_round`].
    fn view_buffer(&mut self) -> Option<&mut Vec<u8>> {
        None
    }
    /// Takes the round view of `len` bytes at the start of [`View::view_buffer`].
    fn read_round_in_place(&mut self, len: usize) -> Result<(), ViewError> {
        let _ = len;
        Err(ViewError { what: "this view keeps no buffer", at: 0 })
    }
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

    fn view_buffer(&mut self) -> Option<&mut Vec<u8>> {
        self.game.view_buffer()
    }

    fn play_in_place(&mut self, len: usize) -> Result<(), ViewError> {
        self.game.read_round_in_place(len)?;
        self.player.play_round(&mut self.game);
        self.game.flush_orders();
        Ok(())
    }
}

/// A uniformly random permutation of `0..n` from the bot's own stream: Fisher–Yates from the
/// last index down, i.e. `v = [0, 1, .., n-1]`, then for `k` from `n-1` down to 1 swap `v[k]`
/// with `v[random(0, k)]`. That makes `n-1` draws, the same as the engine's
/// `Turn::random_permutation`, so native and WebAssembly bots get the same permutations.
pub fn random_permutation(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    for k in (1..n).rev() {
        let r = crate::abi::random(0, i32::try_from(k).unwrap_or(i32::MAX)) as usize;
        v.swap(k, r);
    }
    v
}
