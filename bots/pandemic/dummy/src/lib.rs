//! Dummy: Arena's Pandemic qualification opponent. It plays like the kit's Dummy (github
//! Vikoey04/FIB-EDA `AIDummy.o`), rule for rule as far as its orders show (the kit's `./Game`
//! built natively with every order logged; `scripts/kit-pandemic.py KIT orders`, and
//! `docs/games/pandemic.md`, "Fidelity to the kit").
//!
//! Every round one multi-source breadth-first search from every *target* cell (a city or path
//! cell of a region it does not own; only walls block) gives each cell its distance to the
//! nearest target. Then each unit, by ascending id, gets one order:
//! 1. in one case of [`RANDOM_MOVE`] (the kit: a quarter), a uniformly random direction, never
//!    "stay", walls and own units included;
//! 2. otherwise, looking at its neighbours in a random rotation of the four directions (start
//!    drawn per unit, then counterclockwise: BOTTOM, LEFT, TOP, RIGHT from BOTTOM):
//!    - it steps onto an adjacent mask, even wearing one;
//!    - else it attacks an adjacent enemy, whatever its health, except in one case of
//!      [`SPARE`], where it carries on as if there were none;
//!    - else, with nothing left to take, it stays;
//!    - else, standing on a target, it moves onto each adjacent target cell (free or held by
//!      one of its units) with probability 1 / [`WANDER`] (tried in turn), and stays otherwise;
//!    - else it takes the first step (in the rotation) of a shortest path to a target.
//!
//! The rotation is what breaks ties between shortest paths: of two equal steps the later one
//! clockwise (BOTTOM, RIGHT, TOP, LEFT) wins three times in four, as in the kit.
//!
//! Deterministic: its draws come from the SDK's seeded `random`. At most 1000 orders per round
//! (units past that stay).

use arena_bot::pandemic::{CellType, Dir, Game, Player, Pos};

/// One unit order in this many is a random direction.
pub const RANDOM_MOVE: i32 = 4;
/// One adjacent enemy in this many is spared (the unit goes on as if it were not there).
pub const SPARE: i32 = 10;
/// On a target, each adjacent target cell is taken with probability 1 / `WANDER`.
pub const WANDER: i32 = 5;

/// The platform's cap on orders per round (more freezes the bot).
const MAX_ORDERS: usize = 1000;

const INF: u16 = u16::MAX;
/// Distance of wall cells: never entered, never expanded.
const BLOCKED: u16 = u16::MAX - 1;

/// The qualification opponent.
#[derive(Default)]
pub struct Dummy {
    /// Set up on the first round.
    ready: bool,
    /// Row-major offsets of the neighbours in `Dir::MOVES` order (`+cols`, `+1`, `-cols`, `-1`).
    /// The outer ring is wall, so the neighbours of open cells are on the board.
    step: [isize; 4],
    /// `INF` on open cells, `BLOCKED` on walls (and on the outer ring): what `dist` is reset to.
    empty: Vec<u16>,
    /// Cells of each region: cities, then paths.
    regions: Vec<Vec<u32>>,
    dist: Vec<u16>,
    queue: Vec<u32>,
    /// Per cell: one of our units stands there (round stamp); the search stops once it has
    /// reached them all.
    goal: Vec<u32>,
    stamp: u32,
}

impl Dummy {
    fn setup(&mut self, g: &Game) {
        let n = g.cell_types().len();
        let (rows, cols) = (g.rows(), g.cols());
        self.step = [cols as isize, 1, -(cols as isize), -1];
        self.empty = (0..n)
            .map(|k| {
                let p = g.cell_pos(k);
                let ring = p.i == 0 || p.j == 0 || p.i == rows - 1 || p.j == cols - 1;
                if ring || g.cell_types()[k] == CellType::Wall {
                    BLOCKED
                } else {
                    INF
                }
            })
            .collect();
        let cells =
            |list: &[Pos]| -> Vec<u32> { list.iter().filter_map(|&p| g.cell_index(p)).map(|k| k as u32).collect() };
        self.regions = (0..g.nb_cities()).map(|c| cells(g.city(c))).collect();
        self.regions.extend((0..g.nb_paths()).map(|t| cells(&g.path(t).cells)));
        self.dist = self.empty.clone();
        self.queue = Vec::with_capacity(n);
        self.goal = vec![0; n];
        self.ready = true;
    }

    fn owner(g: &Game, r: usize) -> Option<usize> {
        let nc = g.nb_cities();
        if r < nc {
            g.city_owner(r)
        } else {
            g.path_owner(r - nc)
        }
    }

    /// Distances to the nearest target cell, until `goals` cells of our units are reached.
    /// Returns whether there is any target.
    fn distances(&mut self, g: &Game, mut goals: usize) -> bool {
        let me = g.me();
        self.dist.copy_from_slice(&self.empty);
        self.queue.clear();
        for r in 0..self.regions.len() {
            if Self::owner(g, r) != Some(me) {
                for &k in &self.regions[r] {
                    self.dist[k as usize] = 0;
                    self.queue.push(k);
                }
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        let (dist, queue, goal, stamp) = (&mut self.dist[..], &mut self.queue, &self.goal[..], self.stamp);
        let cols = self.step[0] as usize;
        let mut head = 0;
        while head < queue.len() {
            let k = queue[head] as usize;
            head += 1;
            if goal[k] == stamp {
                goals -= 1;
                if goals == 0 {
                    break;
                }
            }
            let d = dist[k];
            // Open cells are off the outer ring, so the four neighbours are on the board.
            for q in [k + cols, k + 1, k - cols, k - 1] {
                if dist[q] == INF {
                    dist[q] = d + 1;
                    queue.push(q as u32);
                }
            }
        }
        true
    }
}

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        if !self.ready {
            self.setup(g);
        }
        let me = g.me();
        self.stamp += 1;
        let stamp = self.stamp;
        let mut mine = 0;
        for u in g.units_of(me) {
            if let Some(k) = g.cell_index(u.pos) {
                self.goal[k] = stamp;
                mine += 1;
            }
        }
        let any_target = self.distances(g, mine);

        let mut given = 0;
        for id in 0..g.total_units() {
            let u = *g.unit(id);
            if u.player != me {
                continue;
            }
            if given == MAX_ORDERS {
                break;
            }
            given += 1;
            let Some(k) = g.cell_index(u.pos) else { continue };
            if g.random(0, RANDOM_MOVE - 1) == 0 {
                let d = Dir::MOVES[g.random(0, 3) as usize];
                g.move_unit(id, d);
                continue;
            }
            // The neighbours in a random rotation, counterclockwise.
            let start = g.random(0, 3) as usize;
            let order = [0, 3, 2, 1].map(|t| (start + t) % 4);
            let cell = |s: usize| k.wrapping_add_signed(self.step[s]);

            if let Some(&s) = order.iter().find(|&&s| g.masks().get(cell(s)).copied().unwrap_or(false)) {
                g.move_unit(id, Dir::MOVES[s]);
                continue;
            }
            let enemy = order.iter().copied().find(|&s| {
                let q = g.cell_pos(cell(s));
                g.unit_at(q).is_some_and(|o| g.unit(o).player != me)
            });
            if let Some(s) = enemy {
                if g.random(0, SPARE - 1) != 0 {
                    g.move_unit(id, Dir::MOVES[s]);
                    continue;
                }
            }
            if !any_target {
                g.move_unit(id, Dir::None);
                continue;
            }
            let here = self.dist[k];
            if here == 0 {
                let mut choice = Dir::None;
                // Its own units' cells count too (the kit's Dummy steps into them as often).
                for &s in &order {
                    if self.dist[cell(s)] == 0 && g.random(0, WANDER - 1) == 0 {
                        choice = Dir::MOVES[s];
                        break;
                    }
                }
                g.move_unit(id, choice);
                continue;
            }
            if here >= BLOCKED {
                g.move_unit(id, Dir::None);
                continue;
            }
            let down = order.iter().copied().find(|&s| self.dist[cell(s)] < here);
            g.move_unit(id, down.map_or(Dir::None, |s| Dir::MOVES[s]));
        }
    }
}

arena_bot::pandemic_bot!(Dummy);
