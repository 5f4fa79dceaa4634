//! Dummy: Arena's Ork Island qualification opponent. A simple strategy that beats Demo clearly
//! and that a sound first bot beats; a new player should beat it before entering a tournament.
//!
//! Every round:
//! 1. A city is a *target* if another player owns it (or nobody does), or if it is ours but
//!    enemies there are at least as many as our orks. Paths are walked over, never sought.
//! 2. One multi-source breadth-first search from every target cell gives each land cell its
//!    distance in steps to the nearest target (health costs are ignored); it stops one step
//!    beyond the farthest of our orks.
//! 3. Each ork, by ascending id: attacks the weakest adjacent enemy it beats for sure (its health
//!    after paying the cell's cost strictly above the enemy's); otherwise stays if it stands on a
//!    target (it conquers or defends it); otherwise steps to the free land neighbour nearest to a
//!    target, not taken by another of our moves this round.
//!
//! Calibration: seeking cities only, ignoring health costs and never fleeing stronger enemies is
//! what makes this Dummy as strong as the kit's (github arnauvc/OrkIsland `AIDummy.o`): against
//! three of each, every graded reference player of `bot-sdk/cpp/reference/ork_island/` takes
//! first place within 10 points of its rate in the kit (`scripts/dummy-table.sh ork-island`;
//! table in `docs/games/ork-island.md`). With paths as targets, a Dijkstra over health costs and
//! stronger enemies avoided, players that win 87% and 98% against the kit's Dummy won 0% and 3%.
//!
//! At most 1000 orders per round (orks past that stay). No randomness: the same view gives the
//! same orders.

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
    /// Per cell: land (not water).
    land: Vec<bool>,
    /// Cells of each city.
    cities: Vec<Vec<u32>>,
    /// City of each cell, or -1.
    city: Vec<i32>,
    /// Per city, orks of each player (4 per city).
    counts: Vec<u16>,
    dist: Vec<u32>,
    queue: Vec<u32>,
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
        self.land = g.cell_types().iter().map(|&t| t != CellType::Water).collect();
        self.cities = (0..g.nb_cities())
            .map(|c| g.city(c).iter().filter_map(|&p| g.cell_index(p)).map(|k| k as u32).collect())
            .collect();
        self.city = vec![-1; n];
        for (c, list) in self.cities.iter().enumerate() {
            for &k in list {
                self.city[k as usize] = c as i32;
            }
        }
        self.counts = vec![0; 4 * self.cities.len()];
        self.dist = vec![INF; n];
        self.queue = Vec::with_capacity(n);
        self.taken = vec![0; n];
        self.goal = vec![0; n];
        self.ready = true;
    }

    fn pos(&self, k: usize) -> Pos {
        Pos::new(k as i32 / self.cols, k as i32 % self.cols)
    }

    /// Distances in steps to a target (the cells in `queue`, at 0 in `dist`) over land: it stops
    /// once the cells of our `goals` orks (stamped in `goal`) and every cell one step beyond the
    /// farthest of them are settled, which is all the orders look at.
    fn bfs(&mut self, g: &Game, mut goals: usize) {
        let mut bound = INF;
        let mut head = 0;
        while head < self.queue.len() {
            let k = self.queue[head] as usize;
            head += 1;
            let d = self.dist[k];
            if d > bound {
                break;
            }
            if self.goal[k] == self.stamp {
                goals -= 1;
                if goals == 0 {
                    bound = d + 1;
                }
            }
            let p = self.pos(k);
            for dir in Dir::MOVES {
                let Some(q) = g.cell_index(p + dir) else { continue };
                if self.land[q] && self.dist[q] == INF {
                    self.dist[q] = d + 1;
                    self.queue.push(q as u32);
                }
            }
        }
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

        // 1. Orks per city; our orks' cells.
        self.counts.iter_mut().for_each(|c| *c = 0);
        let mut mine = 0;
        for u in g.units() {
            let Some(k) = g.cell_index(u.pos) else { continue };
            if let Ok(c) = usize::try_from(self.city[k]) {
                self.counts[4 * c + u.player] += 1;
            }
            if u.player == me {
                self.taken[k] = stamp;
                self.goal[k] = stamp;
                mine += 1;
            }
        }

        // 2. Distances to the targets.
        self.dist.iter_mut().for_each(|d| *d = INF);
        self.queue.clear();
        for c in 0..self.cities.len() {
            let n = &self.counts[4 * c..4 * c + 4];
            let enemies = (0..4).filter(|&p| p != me).map(|p| n[p]).max().unwrap_or(0);
            if g.city_owner(c) == Some(me) && (enemies == 0 || enemies < n[me]) {
                continue;
            }
            for &k in &self.cities[c] {
                self.dist[k as usize] = 0;
                self.queue.push(k);
            }
        }
        if mine > 0 {
            self.bfs(g, mine);
        }

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

            // Step to the free neighbour nearest to a target.
            if self.dist[k] == 0 || self.dist[k] == INF {
                continue;
            }
            let mut choice: Option<(u32, Dir, usize)> = None;
            for d in Dir::MOVES {
                let p = u.pos + d;
                let Some(q) = g.cell_index(p) else { continue };
                if !self.land[q] || self.taken[q] == stamp || g.unit_at(p).is_some() || self.dist[q] == INF {
                    continue;
                }
                if choice.is_none_or(|(c, _, _)| self.dist[q] < c) {
                    choice = Some((self.dist[q], d, q));
                }
            }
            if let Some((_, d, q)) = choice {
                self.taken[q] = stamp;
                g.move_unit(id, d);
                given += 1;
            }
        }
    }
}

arena_bot::ork_island_bot!(Dummy);
