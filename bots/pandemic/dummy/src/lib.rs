//! Dummy: Arena's Pandemic qualification opponent. A simple, sound and cheap strategy; a new
//! player should beat it before entering a tournament.
//!
//! Every round:
//! 1. A region (city or path) is a *target* if another player owns it (or nobody does), or if
//!    it is ours but enemies there are at least as many as our units.
//! 2. One multi-source breadth-first search from every target cell gives each open cell its
//!    distance to the nearest target (it stops once it has reached all our units); a second,
//!    short one does the same for the masks within reach of our unmasked units.
//! 3. Each unit, by ascending id: attacks the weakest adjacent *wounded* enemy (health below
//!    the initial health; attacks cost the attacker nothing); otherwise, without a mask and
//!    with one at most [`MASK_RANGE`] steps away, goes for it; otherwise stays if it stands on a target (it conquers or defends it), or steps to a
//!    neighbour one step closer to a target, free of our units and not taken by another of our
//!    moves this round, preferring low virus.
//!
//! Calibration: leaving full-health enemies alone is what makes this Dummy as strong as the
//! kit's (github Vikoey04/FIB-EDA `AIDummy.o`): against three of each, every graded reference
//! player of `bot-sdk/cpp/reference/pandemic/` takes first place within 10 points of its rate in
//! the kit (`scripts/dummy-table.sh pandemic`; table in `docs/games/pandemic.md`). Attacking
//! every adjacent enemy made it 40 to 55 points harder to beat than the kit's.
//!
//! At most 1000 orders per round (units past that stay). No randomness: the same view gives the
//! same orders. Cost on the default 70 x 70 board: 0.9 to 1.5 x 10^8 fuel per 200-round match
//! (at most 1.5 % of the default budget), view decoding included.

use arena_bot::pandemic::{CellType, Dir, Game, Player, Pos};

/// A mask at most this many steps away is worth the detour.
pub const MASK_RANGE: u16 = 6;

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
    /// Region of each cell: city id, `nb_cities + path id`, or -1.
    region: Vec<i32>,
    /// Per region, units of each player (4 per region).
    counts: Vec<u16>,
    dist: Vec<u16>,
    mask_dist: Vec<u16>,
    queue: Vec<u32>,
    /// Per cell: a unit of ours stands or will stand there this round (round stamp).
    taken: Vec<u32>,
    /// Per cell: one of our units stands there (round stamp); the search stops once it has
    /// reached them all.
    goal: Vec<u32>,
    /// Positions of our unmasked units (this round).
    hunters: Vec<Pos>,
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
        self.region = vec![-1; n];
        for (r, list) in self.regions.iter().enumerate() {
            for &k in list {
                self.region[k as usize] = r as i32;
            }
        }
        self.counts = vec![0; 4 * self.regions.len()];
        self.dist = self.empty.clone();
        self.mask_dist = self.empty.clone();
        self.queue = Vec::with_capacity(n);
        self.taken = vec![0; n];
        self.goal = vec![0; n];
        self.ready = true;
    }

    /// Breadth-first search from the cells in `self.queue` (at distance 0 in `dist`), up to
    /// `limit` steps, stopping once `goals` cells stamped `stamp` in `goal` are reached.
    fn bfs(&mut self, mask: bool, limit: u16, mut goals: usize) {
        let dist = if mask { &mut self.mask_dist[..] } else { &mut self.dist[..] };
        let (queue, goal, stamp) = (&mut self.queue, &self.goal[..], self.stamp);
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
            if d >= limit {
                break;
            }
            // Open cells are off the outer ring, so the four neighbours are on the board.
            for q in [k + cols, k + 1, k - cols, k - 1] {
                if dist[q] == INF {
                    dist[q] = d + 1;
                    queue.push(q as u32);
                }
            }
        }
    }

    fn owner(g: &Game, r: usize) -> Option<usize> {
        let nc = g.nb_cities();
        if r < nc {
            g.city_owner(r)
        } else {
            g.path_owner(r - nc)
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

        // 1. Units per region; our units' cells.
        self.counts.iter_mut().for_each(|c| *c = 0);
        let mut mine = 0;
        self.hunters.clear();
        for u in g.units() {
            let Some(k) = g.cell_index(u.pos) else { continue };
            if let Ok(r) = usize::try_from(self.region[k]) {
                self.counts[4 * r + u.player] += 1;
            }
            if u.player == me {
                self.goal[k] = stamp;
                self.taken[k] = stamp;
                mine += 1;
                if !u.mask {
                    self.hunters.push(u.pos);
                }
            }
        }

        // 2. Distances to the targets (until every unit of ours is reached) and to the masks.
        self.dist.copy_from_slice(&self.empty);
        self.queue.clear();
        for r in 0..self.regions.len() {
            let c = &self.counts[4 * r..4 * r + 4];
            let enemies = (0..4).filter(|&p| p != me).map(|p| c[p]).max().unwrap_or(0);
            if Self::owner(g, r) == Some(me) && (enemies == 0 || enemies < c[me]) {
                continue;
            }
            for &k in &self.regions[r] {
                self.dist[k as usize] = 0;
                self.queue.push(k);
            }
        }
        self.bfs(false, INF, mine);
        self.mask_dist.copy_from_slice(&self.empty);
        self.queue.clear();
        // Only masks that an unmasked unit of ours may reach in range.
        for &k in g.mask_cells() {
            let p = g.cell_pos(k);
            let near = self.hunters.iter().any(|h| h.manhattan(p) <= MASK_RANGE as i32);
            if near {
                self.mask_dist[k] = 0;
                self.queue.push(k as u32);
            }
        }
        self.bfs(true, MASK_RANGE, usize::MAX);

        // 3. Orders.
        let mut given = 0;
        for id in 0..g.total_units() {
            let u = *g.unit(id);
            if u.player != me {
                continue;
            }
            if given == MAX_ORDERS {
                break;
            }
            let Some(k) = g.cell_index(u.pos) else { continue };
            if self.empty[k] == BLOCKED {
                continue;
            }

            // Attack the weakest adjacent wounded enemy (full-health ones are left alone).
            let mut best: Option<(i32, Dir)> = None;
            for d in Dir::MOVES {
                if let Some(o) = g.unit_at(u.pos + d) {
                    let o = g.unit(o);
                    let wounded = o.health < g.initial_health();
                    if o.player != me && wounded && best.is_none_or(|(h, _)| o.health < h) {
                        best = Some((o.health, d));
                    }
                }
            }
            if let Some((_, d)) = best {
                g.move_unit(id, d);
                given += 1;
                continue;
            }

            // Follow a distance field downhill.
            let field = if !u.mask && self.mask_dist[k] <= MASK_RANGE { &self.mask_dist } else { &self.dist };
            let here = field[k];
            if here == 0 || here >= BLOCKED {
                continue;
            }
            let mut choice: Option<(u8, usize, Dir)> = None;
            for (s, d) in Dir::MOVES.into_iter().enumerate() {
                let q = k.wrapping_add_signed(self.step[s]);
                if field[q] >= here || self.taken[q] == stamp {
                    continue;
                }
                let virus = g.virus_levels()[q];
                if choice.is_none_or(|(v, _, _)| virus < v) {
                    choice = Some((virus, q, d));
                }
            }
            if let Some((_, q, d)) = choice {
                self.taken[q] = stamp;
                g.move_unit(id, d);
                given += 1;
            }
        }
    }
}

arena_bot::pandemic_bot!(Dummy);
