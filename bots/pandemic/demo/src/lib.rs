//! Demo: Arena's Pandemic example bot, the same algorithm and the same `random` calls as the
//! engine's native Demo (`engine/src/games/pandemic/house.rs`), so that a match of WebAssembly
//! Demos replays exactly like a match of native ones.
//!
//! For each of its units by ascending id: attack an adjacent enemy if there is one; otherwise
//! step into an empty neighbour that is a city or path cell it does not own or holds a mask;
//! otherwise into any empty open neighbour. With probability 1/8 (`random(0, 7) == 0`) the unit
//! stays instead; otherwise `random(0, n - 1)` picks among the `n` equal choices. A unit with no
//! choice at all draws nothing.

use arena_bot::pandemic::{CellType, Dir, Game, Player};

/// The kit-style example player.
#[derive(Default)]
pub struct Demo {
    attack: Vec<Dir>,
    wanted: Vec<Dir>,
    open: Vec<Dir>,
}

impl Player for Demo {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        for id in 0..g.total_units() {
            if g.unit(id).player != me {
                continue;
            }
            let pos = g.unit(id).pos;
            self.attack.clear();
            self.wanted.clear();
            self.open.clear();
            for d in Dir::MOVES {
                let c = g.cell(pos + d);
                if c.kind == CellType::Wall {
                    continue;
                }
                match c.unit_id {
                    Some(o) if g.unit(o).player != me => self.attack.push(d),
                    Some(_) => {}
                    None => {
                        let not_mine = c
                            .city_id
                            .map(|k| g.city_owner(k) != Some(me))
                            .or_else(|| c.path_id.map(|k| g.path_owner(k) != Some(me)))
                            .unwrap_or(false);
                        if not_mine || c.mask {
                            self.wanted.push(d);
                        }
                        self.open.push(d);
                    }
                }
            }
            let choices = [&self.attack, &self.wanted, &self.open].into_iter().find(|v| !v.is_empty());
            let Some(choices) = choices else { continue };
            // Stay still now and then, like the kit's demo.
            if g.random(0, 7) == 0 {
                continue;
            }
            let dir = choices[g.random(0, choices.len() as i32 - 1) as usize];
            g.move_unit(id, dir);
        }
    }
}

arena_bot::pandemic_bot!(Demo);
