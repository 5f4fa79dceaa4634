//! Null: Arena's Mad Max house bot that gives no orders (the kit's `AINull.cc`).

use arena_bot::mad_max::{Game, Player};

/// Gives no orders.
#[derive(Default)]
pub struct Null;

impl Player for Null {
    fn play(&mut self, _g: &mut Game) {}
}

arena_bot::mad_max_bot!(Null);
