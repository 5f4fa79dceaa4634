//! Demo: Arena's Ork Island example bot, the behaviour of the Jutge kit's `AIDemo`, with the
//! same decisions and the same `random` calls as the engine's native Demo
//! (`engine/src/games/ork_island/house.rs`, which documents the behaviour), so that a match of
//! WebAssembly Demos replays exactly like a match of native ones.
//!
//! Each round, unless past half the match, strictly leading or at CPU status 0.9: with
//! `random(0, 3) != 0`, every ork, in the order of `random_permutation(n)`, moves in the first
//! direction (down, right, up, left, stay) that stays on the board.

use arena_bot::ork_island::{Dir, Game, Player};

/// The kit's example player.
#[derive(Default)]
pub struct Demo;

impl Player for Demo {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let leads = (0..4).all(|p| p == me || g.total_score(me) > g.total_score(p));
        if g.round() > g.nb_rounds() / 2 || leads || g.status(me) >= 0.9 {
            return;
        }
        if g.random(0, 3) == 0 {
            return;
        }
        let mine = g.orks(me);
        for k in g.random_permutation(mine.len()) {
            let pos = g.unit(mine[k]).pos;
            if let Some(dir) = Dir::ALL.into_iter().find(|&d| g.pos_ok(pos + d)) {
                g.move_unit(mine[k], dir);
            }
        }
    }
}

arena_bot::ork_island_bot!(Demo);
