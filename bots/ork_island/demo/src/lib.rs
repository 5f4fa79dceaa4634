//! Demo: Arena's Ork Island example bot, the same algorithm and the same `random` calls as the
//! engine's native Demo (`engine/src/games/ork_island/house.rs`), so that a match of WebAssembly
//! Demos replays exactly like a match of native ones.
//!
//! For each of its orks by ascending id: attack an adjacent enemy it would beat (its health after
//! paying the cell's cost strictly above the enemy's); otherwise step into an empty land
//! neighbour it survives entering that is a city or path cell it does not own; otherwise into any
//! such neighbour. With probability 1/8 (`random(0, 7) == 0`) the ork stays instead; otherwise
//! `random(0, n - 1)` picks among the `n` equal choices. An ork with no choice draws nothing.

use arena_bot::ork_island::{CellType, Dir, Game, Player};

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
        for id in 0..g.nb_units() {
            let ork = *g.unit(id);
            if ork.player != me {
                continue;
            }
            self.attack.clear();
            self.wanted.clear();
            self.open.clear();
            for d in Dir::MOVES {
                let c = g.cell(ork.pos + d);
                if c.kind == CellType::Water {
                    continue;
                }
                let health = ork.health - g.cost(c.kind);
                match c.unit_id {
                    Some(o) if g.unit(o).player != me => {
                        if health > g.unit(o).health {
                            self.attack.push(d);
                        }
                    }
                    Some(_) => {}
                    None if health < 0 => {}
                    None => {
                        let not_mine = c
                            .city_id
                            .map(|k| g.city_owner(k) != Some(me))
                            .or_else(|| c.path_id.map(|k| g.path_owner(k) != Some(me)))
                            .unwrap_or(false);
                        if not_mine {
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

arena_bot::ork_island_bot!(Demo);
