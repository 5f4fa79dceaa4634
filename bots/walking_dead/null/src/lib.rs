//! Null: Arena's The Walking Dead house bot that gives no orders (the kit's `AINull.cc`).

use arena_bot::walking_dead::{Game, Player};

/// Gives no orders.
#[derive(Default)]
pub struct Null;

impl Player for Null {
    fn play(&mut self, _g: &mut Game) {}
}

arena_bot::walking_dead_bot!(Null);
