//! Demo: Arena's The Walking Dead example bot, the behaviour of the Jutge kit's `AIDemo`, with the
//! same decisions and the same `random` calls as the engine's native Demo
//! (`engine/src/games/walking_dead/house.rs`, which documents the behaviour), so that a match of
//! WebAssembly Demos replays exactly like a match of native ones.

use arena_bot::walking_dead::{CellType, Dir, Game, Player, UnitType};

/// The kit Demo's direction list, in its order.
const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

/// The kit's example player.
#[derive(Default)]
pub struct Demo;

impl Player for Demo {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        if g.status(me) >= 0.9 || g.round() > g.num_rounds() / 2 {
            return;
        }
        let alive = g.alive_units(me);
        let free = |g: &Game, id: usize, d: Dir| {
            let p = g.unit(id).pos + d;
            g.pos_ok(p) && g.cell(p).kind != CellType::Waste
        };
        if g.round() % 2 == 0 {
            for &id in &alive {
                let d = DIRS[g.random(0, 3) as usize];
                if free(g, id, d) {
                    g.move_unit(id, d);
                }
            }
        } else if g.random(0, 3) <= 1 {
            for &id in &alive {
                if free(g, id, Dir::Left) {
                    g.move_unit(id, Dir::Left);
                }
            }
        } else {
            for &id in &alive {
                let pos = g.unit(id).pos;
                let zombie = |d: &Dir| g.cell(pos + *d).id.is_some_and(|z| g.unit(z).kind == UnitType::Zombie);
                if let Some(&d) = DIRS.iter().find(|d| zombie(d)) {
                    g.move_unit(id, d);
                }
            }
        }
    }
}

arena_bot::walking_dead_bot!(Demo);
