//! Native house bots for tests and benchmarks: Null (no orders) and Demo (random sensible moves:
//! attack an adjacent enemy it would beat, otherwise step to a random land neighbour, preferring
//! cities and paths it does not own).

use super::state::Order;
use super::OrkIsland;
use crate::grid::Dir;
use crate::referee::{Bot, BotFailure, FreezeReason, Turn};

pub use crate::referee::Null;

pub const HOUSE_BOTS: &[&str] = &["Null", "Demo"];

/// A house bot by (case-insensitive) name.
pub fn house_bot(name: &str) -> Option<Box<dyn Bot<OrkIsland>>> {
    match name.to_ascii_lowercase().as_str() {
        "null" => Some(Box::new(Null)),
        "demo" => Some(Box::new(Demo)),
        _ => None,
    }
}

/// The kit-style example player.
pub struct Demo;

impl Bot<OrkIsland> for Demo {
    fn name(&self) -> &str {
        "Demo"
    }
    fn hash(&self) -> String {
        format!("native:Demo@{}", env!("CARGO_PKG_VERSION"))
    }
    fn play(&mut self, turn: &mut Turn<'_, OrkIsland>) -> Result<(), BotFailure> {
        let s = turn.state();
        let me = turn.me();
        for id in s.orks_of(me) {
            let ork = s.orks[id];
            let (mut attack, mut wanted, mut open) = (Vec::new(), Vec::new(), Vec::new());
            for d in Dir::MOVES {
                let q = ork.pos.step(d);
                let Some(cost) = s.params.cost(s.board.cell(q)) else { continue };
                let health = ork.health - cost;
                match s.ork_on(q) {
                    Some(o) if o.player != me => {
                        if health > o.health {
                            attack.push(d);
                        }
                    }
                    Some(_) => {}
                    None if health < 0 => {}
                    None => {
                        let not_mine = s
                            .board
                            .city_at(q)
                            .map(|c| s.city_owner[c] != me as i8)
                            .or_else(|| s.board.path_at(q).map(|p| s.path_owner[p] != me as i8))
                            .unwrap_or(false);
                        if not_mine {
                            wanted.push(d);
                        }
                        open.push(d);
                    }
                }
            }
            let Some(choices) = [attack, wanted, open].into_iter().find(|v| !v.is_empty()) else { continue };
            // Stay still now and then, like the kit's demo.
            if turn.random(0, 7) == 0 {
                continue;
            }
            let dir = choices[turn.random(0, choices.len() as i32 - 1) as usize];
            turn.order(Order { unit: id, dir })
                .map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
        Ok(())
    }
}
