//! Null: Arena's The Purge house bot that gives no orders (the kit's `AINull.cc`).

use arena_bot::purge::{Game, Player};

/// Gives no orders.
#[derive(Default)]
pub struct Null;

impl Player for Null {
    fn play(&mut self, _g: &mut Game) {}
}

arena_bot::purge_bot!(Null);
