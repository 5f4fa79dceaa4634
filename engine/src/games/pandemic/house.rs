//! Native house bots for tests and benchmarks: Null (no orders) and Demo (random sensible
//! moves: attack an adjacent enemy, otherwise step to a random open neighbour, preferring
//! cities and paths it does not own).

use super::board::CellType;
use super::state::Order;
use super::Pandemic;
use crate::grid::Dir;
use crate::referee::{Bot, BotFailure, FreezeReason, Turn};

pub use crate::referee::Null;

pub const HOUSE_BOTS: &[&str] = &["Null", "Demo"];

/// A house bot by (case-insensitive) name.
pub fn house_bot(name: &str) -> Option<Box<dyn Bot<Pandemic>>> {
    match name.to_ascii_lowercase().as_str() {
        "null" => Some(Box::new(Null)),
        "demo" => Some(Box::new(Demo)),
        _ => None,
    }
}

/// The kit-style example player.
pub struct Demo;

impl Bot<Pandemic> for Demo {
    fn name(&self) -> &str {
        "Demo"
    }
    fn hash(&self) -> String {
        format!("native:Demo@{}", env!("CARGO_PKG_VERSION"))
    }
    fn play(&mut self, turn: &mut Turn<'_, Pandemic>) -> Result<(), BotFailure> {
        let s = turn.state();
        let me = turn.me();
        for id in s.units_of(me) {
            let pos = s.units[id].pos;
            let mut attack = Vec::new();
            let mut wanted = Vec::new();
            let mut open = Vec::new();
            for d in Dir::MOVES {
                let q = pos.step(d);
                let t = s.board.cell(q);
                if t == CellType::Wall {
                    continue;
                }
                match s.unit_on(q) {
                    Some(o) if o.player != me => attack.push(d),
                    Some(_) => {}
                    None => {
                        let not_mine = s
                            .board
                            .city_at(q)
                            .map(|c| s.city_owner[c] != me as i8)
                            .or_else(|| s.board.path_at(q).map(|p| s.path_owner[p] != me as i8))
                            .unwrap_or(false);
                        if not_mine || s.mask_at(q) {
                            wanted.push(d);
                        }
                        open.push(d);
                    }
                }
            }
            let choices = [attack, wanted, open].into_iter().find(|v| !v.is_empty());
            let Some(choices) = choices else { continue };
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
