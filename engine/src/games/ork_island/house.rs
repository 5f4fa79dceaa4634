//! Native house bots for tests and benchmarks: Null (no orders) and Demo, the behaviour of the
//! Jutge kit's example player (`AIDemo`), so that Demo x4 scores like the kit's (`arena
//! fidelity ork-island`). Its WebAssembly twin is `bots/ork_island/demo`: the same decisions and
//! the same `random` draws, so native and WebAssembly Demos play identical matches.
//!
//! Demo, each round:
//! - does nothing past half the match (`round > nb_rounds / 2`), while it strictly leads every
//!   other player in total score, or once its CPU status reaches 0.9;
//! - otherwise, with `random(0, 3) != 0`, takes its orks (ascending ids) in the order of
//!   `random_permutation(n)` and moves each in the first direction, in kit order (down, right,
//!   up, left, stay), whose cell is on the board: down, except on the last row.
//!
//! It never looks at cities or enemies: the kit's example only shows the API, and the fidelity
//! check needs its strength, not a better one.

use super::state::Order;
use super::OrkIsland;
use crate::grid::Dir;
use crate::outcome::{BotFailure, FreezeReason};
use crate::referee::{Bot, Turn};

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

/// The kit's example player.
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
        let leads = s.scores.iter().enumerate().all(|(p, &v)| p == me || s.scores[me] > v);
        if s.round > s.params.nb_rounds / 2 || leads || turn.status(me) >= 0.9 {
            return Ok(());
        }
        if turn.random(0, 3) == 0 {
            return Ok(());
        }
        let mine = s.orks_of(me);
        for k in turn.random_permutation(mine.len()) {
            let ork = &s.orks[mine[k]];
            let Some(dir) = Dir::ALL.into_iter().find(|&d| s.board.contains(ork.pos.step(d))) else { continue };
            turn.order(Order { unit: ork.id, dir })
                .map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
        Ok(())
    }
}
