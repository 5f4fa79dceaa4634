//! Native house bots for tests and benchmarks: Null (no orders) and Demo, the behaviour of the
//! Jutge kit's example player (`AIDemo`), so that Demo x4 scores like the kit's (`arena
//! fidelity pandemic`). Its WebAssembly twin is `bots/pandemic/demo`: the same decisions and the
//! same `random` draws, so native and WebAssembly Demos play identical matches.
//!
//! Demo, each round:
//! - does nothing past half the match (`round > nb_rounds / 2`), while it strictly leads every
//!   other player in total score, or once its CPU status reaches 0.9;
//! - otherwise takes its units (ascending ids) in the order of `random_permutation(n)` and, per
//!   unit: with `random(0, 3) != 0` moves in `random(0, 4)` (any of the five directions, staying
//!   included); else, infected, steps onto the first adjacent mask in kit direction order (or
//!   stays); else, immune, goes left; else, on a city, goes up if the city is not its own, right
//!   if the cell's virus is at least 3, down otherwise; else stays if the cell at row 3 column 4
//!   is a wall, goes down below 30 health, reacts to a unit right above (its own: right; one
//!   infected for 15 rounds or more: stay; a masked one: left; else attack it, up), and otherwise
//!   with `random(0, 1) != 0` moves in `random(0, 2)` (down, right or up).
//!
//! None of it seeks cities: the kit's example only shows the API, and the fidelity check needs
//! its strength, not a better one.

use super::board::CellType;
use super::state::{Order, State, Unit};
use super::Pandemic;
use crate::grid::{Dir, Pos};
use crate::outcome::{BotFailure, FreezeReason};
use crate::referee::{Bot, Turn};

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

/// The kit's example player.
pub struct Demo;

/// True if `me`'s total score is strictly above every other player's.
fn leads(s: &State, me: usize) -> bool {
    s.scores.iter().enumerate().all(|(p, &v)| p == me || s.scores[me] > v)
}

/// The kit's fixed rules for a unit that did not draw a random move; `None` means no order.
fn rule_move(s: &State, me: usize, u: &Unit, turn: &mut Turn<'_, Pandemic>) -> Option<Dir> {
    if u.infected() {
        let mask = Dir::MOVES.into_iter().find(|&d| {
            let q = u.pos.step(d);
            s.board.contains(q) && s.mask_at(q)
        });
        return Some(mask.unwrap_or(Dir::None));
    }
    if u.immune {
        return Some(Dir::Left);
    }
    if let Some(city) = s.board.city_at(u.pos) {
        return Some(if s.city_owner[city] != me as i8 {
            Dir::Top
        } else if s.virus_at(u.pos) >= 3 {
            Dir::Right
        } else {
            Dir::Bottom
        });
    }
    let probe = Pos::new(3, 4);
    if s.board.contains(probe) && s.board.cell(probe) == CellType::Wall {
        return Some(Dir::None);
    }
    if u.health < 30 {
        return Some(Dir::Bottom);
    }
    if let Some(above) = s.unit_on(u.pos.step(Dir::Top)) {
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
    (turn.random(0, 1) != 0).then(|| Dir::ALL[turn.random(0, 2) as usize])
}

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
        if s.round > s.params.nb_rounds / 2 || leads(s, me) || turn.status(me) >= 0.9 {
            return Ok(());
        }
        let mine = s.units_of(me);
        for k in turn.random_permutation(mine.len()) {
            let u = &s.units[mine[k]];
            let dir = if turn.random(0, 3) != 0 {
                Some(Dir::ALL[turn.random(0, 4) as usize])
            } else {
                rule_move(s, me, u, turn)
            };
            if let Some(dir) = dir {
                turn.order(Order { unit: u.id, dir })
                    .map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
            }
        }
        Ok(())
    }
}
