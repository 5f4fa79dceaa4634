//! How a game writes its part of a replay.

use super::wire::Writer;
use crate::game::Game;

/// Encodes a game's initial state and every round. Implementations keep whatever they need of
/// the previous round to write compact changes.
pub trait ReplayCodec<G: Game>: Sized {
    /// Writes the initial state (board included) and returns the encoder for the rounds.
    fn start(state: &G::State, out: &mut Writer) -> Self;
    /// Writes the state after one round (and the orders it executed).
    fn round(&mut self, state: &G::State, out: &mut Writer);
}
