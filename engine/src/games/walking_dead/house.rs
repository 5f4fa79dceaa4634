//! Native house bots for tests and benchmarks: Null (no orders) and Demo, the behaviour of the
//! kit's example player (`AIDemo`). Its WebAssembly twin is `bots/walking_dead/demo`: the same
//! decisions and the same `random` draws, so native and WebAssembly Demos play identical matches.
//!
//! Demo, each round, does nothing once its CPU status reaches 0.9 or past half the match
//! (`round() > num_rounds / 2`, `round()` being the kit's: 0 in the first round). Otherwise, its
//! alive units in ascending id order:
//! - in even rounds, each draws `random(0, 3)` among Up, Down, Left, Right and moves there when
//!   the cell is on the board and not waste;
//! - in odd rounds, it draws `random(0, 3)` once: on 0 or 1 every unit moves Left (same check);
//!   otherwise each unit attacks the first zombie among its Up, Down, Left, Right neighbours.
//!
//! It never looks for food or enemies: the kit's example only shows the API.

use super::dir::Dir;
use super::state::{Order, UnitType};
use super::WalkingDead;
use crate::outcome::{BotFailure, FreezeReason};
use crate::referee::{Bot, Turn};

pub use crate::referee::Null;

pub const HOUSE_BOTS: &[&str] = &["Null", "Demo"];

/// The kit Demo's direction list, in its order.
const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

/// A house bot by (case-insensitive) name.
pub fn house_bot(name: &str) -> Option<Box<dyn Bot<WalkingDead>>> {
    match name.to_ascii_lowercase().as_str() {
        "null" => Some(Box::new(Null)),
        "demo" => Some(Box::new(Demo)),
        _ => None,
    }
}

/// The kit's example player.
pub struct Demo;

impl Bot<WalkingDead> for Demo {
    fn name(&self) -> &str {
        "Demo"
    }
    fn hash(&self) -> String {
        format!("native:Demo@{}", env!("CARGO_PKG_VERSION"))
    }
    fn play(&mut self, turn: &mut Turn<'_, WalkingDead>) -> Result<(), BotFailure> {
        let s = turn.state();
        let me = turn.me();
        // The kit's numbering, as the kit's Demo sees it: 0 in the first round.
        let round = s.round;
        if turn.status(me) >= 0.9 || round > s.params.num_rounds / 2 {
            return Ok(());
        }
        let alive = s.alive_units(me);
        let free = |id: usize, d: Dir| s.board.is_street(d.from(s.units[id].pos));
        let mut orders = Vec::new();
        if round.is_multiple_of(2) {
            for &id in &alive {
                let d = DIRS[turn.random(0, 3) as usize];
                if free(id, d) {
                    orders.push(Order { unit: id, dir: d });
                }
            }
        } else if turn.random(0, 3) <= 1 {
            orders
                .extend(alive.iter().filter(|&&id| free(id, Dir::Left)).map(|&id| Order { unit: id, dir: Dir::Left }));
        } else {
            for &id in &alive {
                let zombie = |d: &Dir| s.unit_on(d.from(s.units[id].pos)).is_some_and(|u| u.kind == UnitType::Zombie);
                if let Some(&d) = DIRS.iter().find(|d| zombie(d)) {
                    orders.push(Order { unit: id, dir: d });
                }
            }
        }
        for o in orders {
            turn.order(o).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
        Ok(())
    }
}
