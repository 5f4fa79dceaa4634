//! Native house bots for tests and benchmarks: Null (no orders) and Demo, the behaviour of the
//! kit's example player (`AIDemo`, the 2024 kit; the 2020 kit's is the same).
//!
//! Demo, each round, does nothing once its CPU status reaches 0.9 or past half the match
//! (`round() > num_rounds / 2`). Otherwise, with the directions in the order Up, Down, Left,
//! Right:
//! - by day, its builders in ascending id order: when one of the four neighbours holds food, it
//!   moves to the last such direction; otherwise it draws `random(0, 3)`: on 0 or 1 it builds
//!   toward the first direction that stays on the board (whatever is there); else it draws a
//!   direction with `random(0, 3)` and moves there when the cell is on the board and holds no
//!   citizen or a builder;
//! - by night, its warriors in ascending id order: `random(0, 9) < 6`, then a direction drawn with
//!   `random(0, 3)`, moved to when on the board.
//!
//! Its warriors never move by day nor its builders by night: the kit's example only shows the
//! API. (The kit's Demo also writes its barricades and orders to stderr; Arena's does not.)

use super::state::{CitizenType, Item, Order, OrderKind};
use super::Purge;
use crate::grid::{Dir, Pos};
use crate::outcome::{BotFailure, FreezeReason};
use crate::referee::{Bot, Turn};

pub use crate::referee::Null;

pub const HOUSE_BOTS: &[&str] = &["Null", "Demo"];

/// The kit Demo's direction list, in its order.
const DIRS: [Dir; 4] = [Dir::Top, Dir::Bottom, Dir::Left, Dir::Right];

/// A house bot by (case-insensitive) name.
pub fn house_bot(name: &str) -> Option<Box<dyn Bot<Purge>>> {
    match name.to_ascii_lowercase().as_str() {
        "null" => Some(Box::new(Null)),
        "demo" => Some(Box::new(Demo)),
        _ => None,
    }
}

/// The kit's example player.
pub struct Demo;

fn step(p: Pos, d: Dir) -> Pos {
    let (di, dj) = d.delta();
    Pos::new(p.i + di, p.j + dj)
}

impl Bot<Purge> for Demo {
    fn name(&self) -> &str {
        "Demo"
    }
    fn hash(&self) -> String {
        format!("native:Demo@{}", env!("CARGO_PKG_VERSION"))
    }
    fn play(&mut self, turn: &mut Turn<'_, Purge>) -> Result<(), BotFailure> {
        let s = turn.state();
        let me = turn.me();
        if turn.status(me) >= 0.9 || s.round > s.params.num_rounds() / 2 {
            return Ok(());
        }
        let on_board = |p: Pos| s.board.contains(p);
        let mut orders = Vec::new();
        if s.is_day() {
            for id in s.citizens_of(me, CitizenType::Builder) {
                let p = s.citizens[id].pos;
                let food = DIRS
                    .iter()
                    .rev()
                    .find(|&&d| on_board(step(p, d)) && s.item[s.board.index(step(p, d))] == Some(Item::Food));
                if let Some(&d) = food {
                    orders.push(Order { citizen: id, kind: OrderKind::Move, dir: d });
                } else if turn.random(0, 3) <= 1 {
                    if let Some(&d) = DIRS.iter().find(|&&d| on_board(step(p, d))) {
                        orders.push(Order { citizen: id, kind: OrderKind::Build, dir: d });
                    }
                } else {
                    let d = DIRS[turn.random(0, 3) as usize];
                    let to = step(p, d);
                    if on_board(to) && s.citizen_on(to).is_none_or(|c| c.kind == CitizenType::Builder) {
                        orders.push(Order { citizen: id, kind: OrderKind::Move, dir: d });
                    }
                }
            }
        } else {
            for id in s.citizens_of(me, CitizenType::Warrior) {
                if turn.random(0, 9) < 6 {
                    let d = DIRS[turn.random(0, 3) as usize];
                    if on_board(step(s.citizens[id].pos, d)) {
                        orders.push(Order { citizen: id, kind: OrderKind::Move, dir: d });
                    }
                }
            }
        }
        for o in orders {
            turn.order(o).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
        Ok(())
    }
}
