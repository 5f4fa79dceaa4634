//! Demo: Arena's Mad Max example bot, the behaviour of the Jutge kit's `AIDemo`, with the same
//! decisions and the same `random` calls as the engine's native Demo
//! (`engine/src/games/mad_max/house.rs`, which documents the behaviour), so that a match of
//! WebAssembly Demos replays exactly like a match of native ones.

use arena_bot::mad_max::{CellType, Dir, Game, Player, Pos, UnitType};
use std::collections::{BTreeMap, BTreeSet};

/// The kit's example player.
#[derive(Default)]
pub struct Demo {
    /// Each car's kind, fixed the first time the car is seen: 0 random moves, 1 Top.
    kind: BTreeMap<usize, i32>,
}

impl Demo {
    fn warrior_dir(&self, g: &Game, id: usize) -> Option<Dir> {
        let u = g.unit(id)?;
        if g.random(0, 2) == 0 {
            return Some(Dir::Right);
        }
        if g.cell_type(u.pos) == CellType::City {
            return Some(Dir::Bottom);
        }
        let r = g.round();
        Some(if r < 40 {
            Dir::Left
        } else if r < 120 {
            Dir::None
        } else if g.random(0, 1) == 1 {
            let mut cells = BTreeSet::new();
            while cells.len() < 4 {
                let i = g.random(0, 59);
                let j = g.random(0, 59);
                cells.insert((i, j));
            }
            let cells: Vec<(i32, i32)> = cells.into_iter().collect();
            if cells[g.random(0, 3) as usize].0 >= 30 {
                Dir::Bottom
            } else {
                Dir::RT
            }
        } else if g.status(0) > 0.8 {
            Dir::Left
        } else if g.total_score(1) > 10000 {
            Dir::TL
        } else if g.unit_at(Pos::new(4, 2)).and_then(|v| g.unit(v)).is_some_and(|v| v.kind == UnitType::Car) {
            Dir::BR
        } else if u.food < 20 {
            Dir::from_code(2 * g.random(0, 3) as u8)?
        } else if u.water > 10 {
            Dir::Left
        } else if g.cell((10, 20)).owner == Some(2) {
            Dir::None
        } else if g.num_cities(3) == 1 {
            Dir::LB
        } else {
            return None;
        })
    }
}

impl Player for Demo {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        if g.round() % 4 == me as i32 {
            let warriors = g.warriors(me);
            for k in g.random_permutation(warriors.len()) {
                let id = warriors[k];
                if let Some(d) = self.warrior_dir(g, id) {
                    g.command(id, d);
                }
            }
        }
        for id in g.cars(me) {
            let kind = *self.kind.entry(id).or_insert_with(|| g.random(0, 1));
            if g.can_move(id) {
                let d = if kind == 0 { Dir::MOVES[g.random(0, 7) as usize] } else { Dir::Top };
                g.command(id, d);
            }
        }
    }
}

arena_bot::mad_max_bot!(Demo);
