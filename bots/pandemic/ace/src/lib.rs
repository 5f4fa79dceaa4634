//! Ace: an example Pandemic bot, clearly stronger than the house bot Dummy.
//!
//! Every round:
//! 1. [`status`]: units per region, owners, and what each region is worth to us per round
//!    (its cells, the change of our connected-component bonus, part of an enemy owner's loss).
//! 2. [`plan`]: masks go to the nearest unit that needs one; then units go to regions greedily
//!    by value per step, each region getting just the units it needs: one more than the
//!    strongest enemy on a region to take, enough to match the enemies near a region to keep.
//! 3. [`tactics`]: a unit next to an enemy attacks the weakest one; otherwise it steps toward
//!    its goal (or, inside its region, toward the enemies there) on a free cell with little
//!    virus.
//!
//! Distances to regions are computed once ([`map`]). No randomness: the same view gives the
//! same orders.

pub mod fight;
pub mod map;
pub mod plan;
pub mod search;
pub mod status;
pub mod tactics;

use arena_bot::pandemic::{Game, Player};

/// The player.
#[derive(Default)]
pub struct Ace {
    map: Option<map::Map>,
    search: search::Search,
    taken: Vec<bool>,
}

impl Player for Ace {
    fn play(&mut self, g: &mut Game) {
        let map = self.map.get_or_insert_with(|| map::Map::new(g));
        let st = status::Status::read(g, map);
        let goals = plan::assign(g, map, &st, &mut self.search);
        tactics::orders(g, map, &st, &goals, &mut self.search, &mut self.taken);
    }
}

arena_bot::pandemic_bot!(Ace);
