//! Dummy: Arena's The Walking Dead house bot, the player a bot must beat to qualify.
//!
//! Each round, each alive unit in ascending id order:
//! 1. attacks an adjacent zombie (Down, Right, Up, Left order);
//! 2. else attacks an adjacent enemy unit whose clan is not stronger than its own;
//! 3. else walks toward the nearest food within [`FOOD_REACH`] steps (breadth-first search over
//!    street cells free of units, ties broken by the search order Down, Right, Up, Left), unless
//!    another unit of the clan already goes for that food;
//! 4. else steps onto a neighbouring empty street cell its clan does not own, drawn with
//!    `random`; with none, onto any neighbouring empty street cell.
//!
//! It never flees zombies and never looks further than [`FOOD_REACH`]: strong enough to beat
//! Demo, weak enough for a simple sound player.

use arena_bot::walking_dead::{CellType, Dir, Game, Player, Pos, UnitType};
use std::collections::VecDeque;

/// How far (in steps) a unit looks for food.
pub const FOOD_REACH: u32 = 12;

/// The house bot Dummy.
#[derive(Default)]
pub struct Dummy {
    dist: Vec<u32>,
    first: Vec<u8>,
}

impl Dummy {
    /// The first step toward the nearest food not in `taken`, and that food's cell.
    fn toward_food(&mut self, g: &Game, from: Pos, taken: &[Pos]) -> Option<(Dir, Pos)> {
        let (rows, cols) = (g.board_rows(), g.board_cols());
        let n = (rows * cols) as usize;
        self.dist.clear();
        self.dist.resize(n, u32::MAX);
        self.first.clear();
        self.first.resize(n, 0);
        let idx = |p: Pos| (p.i * cols + p.j) as usize;
        let mut queue = VecDeque::new();
        self.dist[idx(from)] = 0;
        queue.push_back(from);
        while let Some(p) = queue.pop_front() {
            let d = self.dist[idx(p)];
            if d >= FOOD_REACH {
                continue;
            }
            for (k, dir) in Dir::STRAIGHT.into_iter().enumerate() {
                let q = p + dir;
                if !g.pos_ok(q) || self.dist[idx(q)] != u32::MAX {
                    continue;
                }
                let c = g.cell(q);
                if c.kind == CellType::Waste || c.id.is_some() {
                    continue;
                }
                self.dist[idx(q)] = d + 1;
                self.first[idx(q)] = if d == 0 { k as u8 } else { self.first[idx(p)] };
                if c.food && !taken.contains(&q) {
                    return Some((Dir::STRAIGHT[self.first[idx(q)] as usize], q));
                }
                queue.push_back(q);
            }
        }
        None
    }
}

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let mine = g.strength(me);
        let mut taken: Vec<Pos> = Vec::new();
        for id in g.alive_units(me) {
            let pos = g.unit(id).pos;
            let neighbour = |d: Dir| g.cell(pos + d).id.map(|u| g.unit(u));
            if let Some(d) =
                Dir::STRAIGHT.into_iter().find(|&d| neighbour(d).is_some_and(|u| u.kind == UnitType::Zombie))
            {
                g.move_unit(id, d);
                continue;
            }
            let weaker = |d: Dir| {
                neighbour(d).is_some_and(|u| {
                    u.kind == UnitType::Alive && u.player.is_some_and(|p| p != me && g.strength(p) <= mine)
                })
            };
            if let Some(d) = Dir::STRAIGHT.into_iter().find(|&d| weaker(d)) {
                g.move_unit(id, d);
                continue;
            }
            if let Some((d, food)) = self.toward_food(g, pos, &taken) {
                taken.push(food);
                g.move_unit(id, d);
                continue;
            }
            let empty = |d: &Dir| g.pos_ok(pos + *d) && g.cell(pos + *d).is_empty();
            let fresh: Vec<Dir> =
                Dir::STRAIGHT.into_iter().filter(|d| empty(d) && g.cell(pos + *d).owner != Some(me)).collect();
            let options = if fresh.is_empty() { Dir::STRAIGHT.into_iter().filter(empty).collect() } else { fresh };
            if !options.is_empty() {
                let d = options[g.random(0, options.len() as i32 - 1) as usize];
                g.move_unit(id, d);
            }
        }
    }
}

arena_bot::walking_dead_bot!(Dummy);
