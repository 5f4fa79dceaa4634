//! Dummy: Arena's Ork Island qualification opponent. A simple, sound and cheap strategy; a new
//! player should beat it before entering a tournament.
//!
//! Every round:
//! 1. A region (city or path) is a *target* if another player owns it (or nobody does), or if
//!    it is ours but enemies there are at least as many as our orks.
//! 2. One multi-source Dijkstra from every target cell gives each land cell the cheapest way to
//!    a target, a step into a cell costing that cell's health cost plus one (so free paths still
//!    count their length); it stops one step beyond the farthest of our orks.
//! 3. Each ork, by ascending id: attacks the weakest adjacent enemy it beats for sure (its health
//!    after paying the cell's cost strictly above the enemy's); otherwise stays if it stands on a
//!    target (it conquers or defends it); otherwise steps to the neighbour that is cheapest to a
//!    target, free of our orks and not taken by another of our moves this round, and not next to
//!    an enemy that would beat it there (unless every way is). An ork too weak to move anywhere
//!    keeps walking: dying makes it respawn with full health.
//!
//! At most 1000 orders per round (orks past that stay). No randomness: the same view gives the
//! same orders.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use arena_bot::ork_island::{CellType, Dir, Game, Player, Pos};

/// The platform's cap on orders per round (more freezes the bot).
const MAX_ORDERS: usize = 1000;

const INF: u32 = u32::MAX;

/// The qualification opponent.
#[derive(Default)]
pub struct Dummy {
    /// Set up on the first round.
    ready: bool,
    cols: i32,
    /// Per cell: the cost of stepping into it (`cost + 1`), `None` for water.
    weight: Vec<Option<u32>>,
    /// Cells of each region: cities, then paths.
    regions: Vec<Vec<u32>>,
    /// Region of each cell: city id, `nb_cities + path id`, or -1.
    region: Vec<i32>,
    /// Per region, orks of each player (4 per region).
    counts: Vec<u16>,
    dist: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    /// The largest step cost.
    max_weight: u32,
    /// Per cell: an ork of ours stands or will stand there this round (round stamp).
    taken: Vec<u32>,
    /// Per cell: an ork of ours stands there (round stamp).
    goal: Vec<u32>,
    stamp: u32,
}

impl Dummy {
    fn setup(&mut self, g: &Game) {
        let n = g.cell_types().len();
        self.cols = g.cols();
        self.weight =
            g.cell_types().iter().map(|&t| (t != CellType::Water).then(|| g.cost(t).max(0) as u32 + 1)).collect();
        let cells =
            |list: &[Pos]| -> Vec<u32> { list.iter().filter_map(|&p| g.cell_index(p)).map(|k| k as u32).collect() };
        self.regions = (0..g.nb_cities()).map(|c| cells(g.city(c))).collect();
        self.regions.extend((0..g.nb_paths()).map(|t| cells(&g.path(t).cells)));
        self.region = vec![-1; n];
        for (r, list) in self.regions.iter().enumerate() {
            for &k in list {
                self.region[k as usize] = r as i32;
            }
        }
        self.counts = vec![0; 4 * self.regions.len()];
        self.dist = vec![INF; n];
        self.max_weight = self.weight.iter().flatten().copied().max().unwrap_or(1);
        self.taken = vec![0; n];
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

    fn pos(&self, k: usize) -> Pos {
        Pos::new(k as i32 / self.cols, k as i32 % self.cols)
    }

    /// Cheapest cost to a target (the cells already at 0 in `dist`) from every land cell that
    /// matters: it stops once the cells of our `goals` orks (stamped in `goal`) and everything up
    /// to one step beyond the farthest of them are settled, which is all the orders look at.
    fn dijkstra(&mut self, g: &Game, mut goals: usize) {
        let mut bound = u32::MAX;
        while let Some(Reverse((d, k))) = self.heap.pop() {
            let k = k as usize;
            if d > self.dist[k] {
                continue;
            }
            if d > bound {
                break;
            }
            if self.goal[k] == self.stamp {
                goals -= 1;
                if goals == 0 {
                    bound = d.saturating_add(self.max_weight);
                }
            }
            // Entering `k` from a neighbour costs `k`'s weight.
            let Some(w) = self.weight[k] else { continue };
            let p = self.pos(k);
            for dir in Dir::MOVES {
                let Some(q) = g.cell_index(p + dir) else { continue };
                if self.weight[q].is_none() {
                    continue;
                }
                let nd = d + w;
                if nd < self.dist[q] {
                    self.dist[q] = nd;
                    self.heap.push(Reverse((nd, q as u32)));
                }
            }
        }
    }

    /// Whether an enemy next to `p` would beat an ork of ours standing there with `health`.
    fn threatened(g: &Game, me: usize, p: Pos, health: i32) -> bool {
        let cost = g.cost(g.kind(p));
        Dir::MOVES.into_iter().any(|d| {
            g.unit_at(p + d).is_some_and(|o| {
                let o = g.unit(o);
                o.player != me && o.health - cost > health
            })
        })
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

        // 1. Orks per region; our orks' cells.
        self.counts.iter_mut().for_each(|c| *c = 0);
        let mut mine = 0;
        for u in g.units() {
            let Some(k) = g.cell_index(u.pos) else { continue };
            if let Ok(r) = usize::try_from(self.region[k]) {
                self.counts[4 * r + u.player] += 1;
            }
            if u.player == me {
                self.taken[k] = stamp;
                self.goal[k] = stamp;
                mine += 1;
            }
        }

        // 2. Cheapest ways to the targets.
        self.dist.iter_mut().for_each(|d| *d = INF);
        self.heap.clear();
        for r in 0..self.regions.len() {
            let c = &self.counts[4 * r..4 * r + 4];
            let enemies = (0..4).filter(|&p| p != me).map(|p| c[p]).max().unwrap_or(0);
            if Self::owner(g, r) == Some(me) && (enemies == 0 || enemies < c[me]) {
                continue;
            }
            for &k in &self.regions[r] {
                self.dist[k as usize] = 0;
                self.heap.push(Reverse((0, k)));
            }
        }
        self.dijkstra(g, mine);

        // 3. Orders.
        let mut given = 0;
        for id in 0..g.nb_units() {
            let u = *g.unit(id);
            if u.player != me {
                continue;
            }
            if given == MAX_ORDERS {
                break;
            }
            let Some(k) = g.cell_index(u.pos) else { continue };

            // Attack the weakest adjacent enemy it surely beats.
            let mut best: Option<(i32, Dir)> = None;
            for d in Dir::MOVES {
                let c = g.cell(u.pos + d);
                let Some(o) = c.unit_id else { continue };
                let o = g.unit(o);
                if o.player != me && u.health - g.cost(c.kind) > o.health && best.is_none_or(|(h, _)| o.health < h) {
                    best = Some((o.health, d));
                }
            }
            if let Some((_, d)) = best {
                g.move_unit(id, d);
                given += 1;
                continue;
            }

            // Follow the cheapest way to a target: (threatened, cost to the target, dir, cell).
            if self.dist[k] == 0 || self.dist[k] == INF {
                continue;
            }
            let mut choice: Option<(bool, u32, Dir, usize)> = None;
            for d in Dir::MOVES {
                let p = u.pos + d;
                let Some(q) = g.cell_index(p) else { continue };
                let Some(w) = self.weight[q] else { continue };
                if self.taken[q] == stamp || g.unit_at(p).is_some() || self.dist[q] == INF {
                    continue;
                }
                let after = u.health - g.cost(g.kind(p));
                let key = (Self::threatened(g, me, p, after), self.dist[q] + w);
                if choice.is_none_or(|(t, c, _, _)| key < (t, c)) {
                    choice = Some((key.0, key.1, d, q));
                }
            }
            if let Some((_, _, d, q)) = choice {
                self.taken[q] = stamp;
                g.move_unit(id, d);
                given += 1;
            }
        }
    }
}

arena_bot::ork_island_bot!(Dummy);
