//! Native house bots for tests and benchmarks: Null (no orders) and Demo, the behaviour of the
//! kit's example player (`AIDemo`, Mad Max 1.6).
//!
//! Demo, in its own turn (round mod 4 = me), goes through its warriors in a random order
//! (`random_permutation`): with `random(0, 2) == 0` it orders Right; otherwise, standing on a
//! City cell, Bottom (the kit's example looks at its own cell, not the neighbours); otherwise,
//! by round: before 40 Left, before 120 None, then with `random(0, 1)` it draws four distinct
//! random cells of a 60 × 60 board (`random(0, 59)` twice each) and orders Bottom when a random
//! one of them (in row-major order, `random(0, 3)`) is in the lower half, else RT; failing the
//! coin, the first that holds of: player 0's status above 0.8 → Left, player 1's score above
//! 10000 → TL, a car on (4, 2) → BR, food below 20 → a random straight direction
//! (`2 * random(0, 3)`), water above 10 → Left, cell (10, 20) owned by player 2 → None, player 3
//! owning one city → LB (and nothing else). Every round it gives each of its cars, the first
//! time it sees it, a kind `random(0, 1)`; a car that can move gets a random move
//! (`random(0, 7)`) for kind 0 and Top for kind 1. (The kit's Demo also writes positions to
//! stderr; Arena's does not.)

use super::board::CellType;
use super::dir::Dir;
use super::state::{Order, UnitType};
use super::MadMax;
use crate::grid::Pos;
use crate::outcome::{BotFailure, FreezeReason};
use crate::referee::{Bot, Turn};
use std::collections::{BTreeMap, BTreeSet};

pub use crate::referee::Null;

pub const HOUSE_BOTS: &[&str] = &["Null", "Demo"];

/// A house bot by (case-insensitive) name.
pub fn house_bot(name: &str) -> Option<Box<dyn Bot<MadMax>>> {
    match name.to_ascii_lowercase().as_str() {
        "null" => Some(Box::new(Null)),
        "demo" => Some(Box::new(Demo::default())),
        _ => None,
    }
}

/// The kit's example player.
#[derive(Default)]
pub struct Demo {
    /// Each car's kind, fixed the first time the car is seen: 0 random moves, 1 Top.
    kind: BTreeMap<usize, i32>,
}

impl Bot<MadMax> for Demo {
    fn name(&self) -> &str {
        "Demo"
    }
    fn hash(&self) -> String {
        format!("native:Demo@{}", env!("CARGO_PKG_VERSION"))
    }
    fn play(&mut self, turn: &mut Turn<'_, MadMax>) -> Result<(), BotFailure> {
        let s = turn.state();
        let me = turn.me();
        let mut orders = Vec::new();
        if s.turn() == me {
            let warriors = s.ids_of(me, UnitType::Warrior);
            let perm = turn.random_permutation(warriors.len());
            for k in perm {
                let id = warriors[k];
                let u = s.units[id];
                let dir = if turn.random(0, 2) == 0 {
                    Some(Dir::Right)
                } else if s.board.at(u.pos) == CellType::City {
                    Some(Dir::Bottom)
                } else if s.round < 40 {
                    Some(Dir::Left)
                } else if s.round < 120 {
                    Some(Dir::None)
                } else if turn.random(0, 1) == 1 {
                    let mut cells = BTreeSet::new();
                    while cells.len() < 4 {
                        let i = turn.random(0, 59);
                        let j = turn.random(0, 59);
                        cells.insert((i, j));
                    }
                    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
                    Some(if cells[turn.random(0, 3) as usize].0 >= 30 { Dir::Bottom } else { Dir::RT })
                } else if turn.status(0) > 0.8 {
                    Some(Dir::Left)
                } else if s.total_score[1] > 10000 {
                    Some(Dir::TL)
                } else if s.unit_on(Pos::new(4, 2)).is_some_and(|v| v.kind == UnitType::Car) {
                    Some(Dir::BR)
                } else if u.food < 20 {
                    Dir::from_code(2 * turn.random(0, 3) as u8)
                } else if u.water > 10 {
                    Some(Dir::Left)
                } else if s.owner_at(Pos::new(10, 20)) == Some(2) {
                    Some(Dir::None)
                } else if s.num_cities()[3] == 1 {
                    Some(Dir::LB)
                } else {
                    None
                };
                if let Some(dir) = dir {
                    orders.push(Order { unit: id, dir });
                }
            }
        }
        for id in s.ids_of(me, UnitType::Car) {
            let kind = match self.kind.get(&id) {
                Some(&k) => k,
                None => {
                    let k = turn.random(0, 1);
                    self.kind.insert(id, k);
                    k
                }
            };
            if s.can_move(id) {
                let dir = if kind == 0 { Dir::from_code(turn.random(0, 7) as u8) } else { Some(Dir::Top) };
                orders.extend(dir.map(|dir| Order { unit: id, dir }));
            }
        }
        for o in orders {
            turn.order(o).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
        Ok(())
    }
}
