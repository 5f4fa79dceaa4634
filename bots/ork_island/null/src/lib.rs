//! Null: Arena's Ork Island house bot that gives no orders (the kit's `AINull.cc`).

use arena_bot::ork_island::{Game, Player};

/// Gives no orders.
#[derive(Default)]
pub struct Null;

impl Player for Null {
    fn play(&mut self, _g: &mut Game) {}
}

arena_bot::ork_island_bot!(Null);
