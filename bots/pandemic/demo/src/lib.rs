//! Demo: Arena's Pandemic example bot, the behaviour of the Jutge kit's `AIDemo`, with the same
//! decisions and the same `random` calls as the engine's native Demo
//! (`engine/src/games/pandemic/house.rs`, which documents the behaviour), so that a match of
//! WebAssembly Demos replays exactly like a match of native ones.
//!
//! Each round, unless past half the match, strictly leading or at CPU status 0.9, every unit in
//! the order of `random_permutation(n)`: three times in four a random direction (staying
//! included), otherwise a few fixed rules on its state and its cell.

use arena_bot::pandemic::{CellType, Dir, Game, Player, Pos, Unit};

/// The kit's example player.
#[derive(Default)]
pub struct Demo;

/// The fixed rules for a unit that did not draw a random move; `None` means no order.
fn rule_move(g: &Game, u: &Unit) -> Option<Dir> {
    let me = g.me();
    if u.infected() {
        let mask = Dir::MOVES.into_iter().find(|&d| g.pos_ok(u.pos + d) && g.mask_at(u.pos + d));
        return Some(mask.unwrap_or(Dir::None));
    }
    if u.immune {
        return Some(Dir::Left);
    }
    if g.kind(u.pos) == CellType::City {
        let city = g.city_at(u.pos);
        return Some(if city.is_none_or(|c| g.city_owner(c) != Some(me)) {
            Dir::Top
        } else if g.virus(u.pos) >= 3 {
            Dir::Right
        } else {
            Dir::Bottom
        });
    }
    let probe = Pos::new(3, 4);
    if g.pos_ok(probe) && g.kind(probe) == CellType::Wall {
        return Some(Dir::None);
    }
    if u.health < 30 {
        return Some(Dir::Bottom);
    }
    if let Some(above) = g.unit_at(u.pos + Dir::Top) {
        let above = g.unit(above);
        return Some(if above.player == me {
            Dir::Right
        } else if above.turns >= 15 {
            Dir::None
        } else if above.mask {
            Dir::Left
        } else {
            Dir::Top
        });
    }
    (g.random(0, 1) != 0).then(|| Dir::ALL[g.random(0, 2) as usize])
}

impl Player for Demo {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let leads = (0..4).all(|p| p == me || g.total_score(me) > g.total_score(p));
        if g.round() > g.nb_rounds() / 2 || leads || g.status(me) >= 0.9 {
            return;
        }
        let mine = g.my_units(me);
        for k in g.random_permutation(mine.len()) {
            let u = *g.unit(mine[k]);
            let dir = if g.random(0, 3) != 0 { Some(Dir::ALL[g.random(0, 4) as usize]) } else { rule_move(g, &u) };
            if let Some(dir) = dir {
                g.move_unit(u.id, dir);
            }
        }
    }
}

arena_bot::pandemic_bot!(Demo);
