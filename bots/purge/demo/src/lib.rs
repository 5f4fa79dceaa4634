//! Demo: Arena's The Purge example bot, the behaviour of the Jutge kit's `AIDemo`, with the same
//! decisions and the same `random` calls as the engine's native Demo
//! (`engine/src/games/purge/house.rs`, which documents the behaviour), so that a match of
//! WebAssembly Demos replays exactly like a match of native ones.

use arena_bot::purge::{BonusType, CitizenType, Dir, Game, Player};

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
        if g.is_day() {
            for id in g.builders(me) {
                let Some(c) = g.citizen(id) else { continue };
                let p = c.pos;
                let food = DIRS.iter().rev().find(|&&d| g.pos_ok(p + d) && g.cell(p + d).bonus == BonusType::Food);
                if let Some(&d) = food {
                    g.move_citizen(id, d);
                } else if g.random(0, 3) <= 1 {
                    if let Some(&d) = DIRS.iter().find(|&&d| g.pos_ok(p + d)) {
                        g.build(id, d);
                    }
                } else {
                    let d = DIRS[g.random(0, 3) as usize];
                    let to = p + d;
                    let free = |g: &Game| {
                        g.cell(to).id.and_then(|o| g.citizen(o)).is_none_or(|o| o.kind == CitizenType::Builder)
                    };
                    if g.pos_ok(to) && free(g) {
                        g.move_citizen(id, d);
                    }
                }
            }
        } else {
            for id in g.warriors(me) {
                if g.random(0, 9) < 6 {
                    let d = DIRS[g.random(0, 3) as usize];
                    if g.citizen(id).is_some_and(|c| g.pos_ok(c.pos + d)) {
                        g.move_citizen(id, d);
                    }
                }
            }
        }
    }
}

arena_bot::purge_bot!(Demo);
