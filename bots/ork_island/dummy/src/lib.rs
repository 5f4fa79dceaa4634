//! Dummy: Arena's Ork Island qualification opponent, a port of the kit's Dummy (github
//! arnauvc/OrkIsland `AIDummy.o`) rebuilt from what it does: its orders were logged with the
//! kit's `./Game` and this Dummy gives the same orders as the kit's on every ork of every round
//! of the kit's own matches (seeds 1..60, against three Demos, four Dummies, against three
//! Nulls; `docs/games/ork-island.md`, "Fidelity to the kit").
//!
//! Every round, each ork by ascending id:
//! 1. **Attack**: the first adjacent enemy, in the order BOTTOM, RIGHT, TOP, LEFT, that it
//!    surely beats (its health after paying the enemy cell's cost strictly above the enemy's).
//! 2. **Flee**: if an adjacent enemy would beat or tie it by attacking (the enemy's health after
//!    paying this cell's cost at least this ork's), it steps to the land neighbour farthest from
//!    the nearest such enemy (squared distance; the first such direction on ties), even onto a
//!    weaker enemy or one of its own orks (that move fails); it never steps onto a threat, and
//!    stays if nothing else is left. A fleeing ork does nothing else.
//! 3. **Stay** on a *target*: a city or path cell of a region it does not own with no enemy ork
//!    on it (a guarded region is left alone; paths count as much as cities).
//! 4. **Step** toward the nearest target cell with no ork on it, walking in plain steps (health
//!    costs ignored) over land cells with no ork on them, as they were at the start of the round
//!    (a breadth-first search; the first direction on ties). With no target within reach it
//!    gives no order: once the regions it does not own are all guarded, the whole army stops.
//!
//! One multi-source breadth-first search from the free target cells gives the same steps as a
//! search from each ork (`step`). At most 1000 orders per round (orks past that stay). No
//! randomness: the same view gives the same orders.

use arena_bot::ork_island::{CellType, Dir, Game, Player, Pos, Unit};

/// The platform's cap on orders per round (more freezes the bot).
const MAX_ORDERS: usize = 1000;

const INF: u32 = u32::MAX;

/// A region: a city (`0..nb_cities`) or a path (`nb_cities + id`).
type Region = usize;

/// The qualification opponent.
#[derive(Default)]
pub struct Dummy {
    /// Set up on the first round.
    ready: bool,
    cols: i32,
    /// Region of each cell, if it is a city or path cell.
    region: Vec<Option<Region>>,
    /// Per region: an enemy ork stands on it (this round).
    guarded: Vec<bool>,
    /// Per region: we own it (this round).
    owned: Vec<bool>,
    /// Per cell: an ork (anyone's) stands there.
    occupied: Vec<bool>,
    /// Steps from each cell to the nearest free target cell over free land.
    dist: Vec<u32>,
    queue: Vec<u32>,
}

impl Dummy {
    fn setup(&mut self, g: &Game) {
        let n = g.cell_types().len();
        self.cols = g.cols();
        let cities = g.nb_cities();
        self.region = (0..n)
            .map(|k| {
                let p = self.pos(k);
                g.city_at(p).or_else(|| g.path_at(p).map(|id| cities + id))
            })
            .collect();
        self.guarded = vec![false; cities + g.nb_paths()];
        self.owned = vec![false; cities + g.nb_paths()];
        self.occupied = vec![false; n];
        self.dist = vec![INF; n];
        self.queue = Vec::with_capacity(n);
        self.ready = true;
    }

    fn pos(&self, k: usize) -> Pos {
        Pos::new(k as i32 / self.cols, k as i32 % self.cols)
    }

    /// Who stands where, which regions are ours and which are guarded by an enemy.
    fn read(&mut self, g: &Game) {
        let me = g.me();
        let cities = g.nb_cities();
        for (r, owned) in self.owned.iter_mut().enumerate() {
            let owner = if r < cities { g.city_owner(r) } else { g.path_owner(r - cities) };
            *owned = owner == Some(me);
        }
        self.guarded.iter_mut().for_each(|x| *x = false);
        self.occupied.iter_mut().for_each(|x| *x = false);
        for u in g.units() {
            let Some(k) = g.cell_index(u.pos) else { continue };
            self.occupied[k] = true;
            if let (Some(r), true) = (self.region[k], u.player != me) {
                self.guarded[r] = true;
            }
        }
    }

    /// A city or path cell of a region we do not own and no enemy guards.
    fn is_target(&self, k: usize) -> bool {
        self.region[k].is_some_and(|r| !self.owned[r] && !self.guarded[r])
    }

    /// Steps to the nearest free target cell from every free land cell (occupied cells are
    /// walls, as in a search from each ork, which never walks through an ork).
    fn bfs(&mut self, g: &Game) {
        self.dist.iter_mut().for_each(|d| *d = INF);
        self.queue.clear();
        for k in 0..self.dist.len() {
            if !self.occupied[k] && self.is_target(k) {
                self.dist[k] = 0;
                self.queue.push(k as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let k = self.queue[head] as usize;
            head += 1;
            let p = self.pos(k);
            for dir in Dir::MOVES {
                let Some(q) = g.cell_index(p + dir) else { continue };
                if g.cell_types()[q] != CellType::Water && !self.occupied[q] && self.dist[q] == INF {
                    self.dist[q] = self.dist[k] + 1;
                    self.queue.push(q as u32);
                }
            }
        }
    }

    /// The ork's order, if any.
    fn order(&self, g: &Game, u: &Unit, k: usize) -> Option<Dir> {
        if let Some(d) = attack(g, u) {
            return Some(d);
        }
        let (threats, n) = threats(g, u);
        if n > 0 {
            flee(g, u.pos, &threats[..n])
        } else if self.is_target(k) {
            None
        } else {
            self.step(g, u.pos)
        }
    }

    /// The first direction whose neighbour is nearest to a target: the first step of a
    /// breadth-first search from `p` (directions in the kit's order) to its first target.
    fn step(&self, g: &Game, p: Pos) -> Option<Dir> {
        let mut best: Option<(u32, Dir)> = None;
        for d in Dir::MOVES {
            let Some(q) = g.cell_index(p + d) else { continue };
            if self.dist[q] != INF && best.is_none_or(|(b, _)| self.dist[q] < b) {
                best = Some((self.dist[q], d));
            }
        }
        best.map(|(_, d)| d)
    }
}

/// An adjacent enemy ork, if `p` holds one.
fn enemy(g: &Game, me: usize, p: Pos) -> Option<&Unit> {
    g.unit_at(p).map(|id| g.unit(id)).filter(|e| e.player != me)
}

/// The first adjacent enemy the ork surely beats.
fn attack(g: &Game, u: &Unit) -> Option<Dir> {
    Dir::MOVES.into_iter().find(|&d| {
        let p = u.pos + d;
        enemy(g, u.player, p).is_some_and(|e| u.health - g.cost(g.kind(p)) > e.health)
    })
}

/// The adjacent enemies that would beat or tie the ork by attacking it: their cells and count.
fn threats(g: &Game, u: &Unit) -> ([Pos; 4], usize) {
    let here = g.cost(g.kind(u.pos));
    let mut out = [u.pos; 4];
    let mut n = 0;
    for d in Dir::MOVES {
        let p = u.pos + d;
        if enemy(g, u.player, p).is_some_and(|e| e.health - here >= u.health) {
            out[n] = p;
            n += 1;
        }
    }
    (out, n)
}

/// The land neighbour farthest from the nearest threat, if any is not a threat's cell.
fn flee(g: &Game, p: Pos, threats: &[Pos]) -> Option<Dir> {
    let mut best: Option<(i32, Dir)> = None;
    for d in Dir::MOVES {
        let q = p + d;
        if g.kind(q) == CellType::Water {
            continue;
        }
        let far = threats.iter().map(|t| (t.i - q.i).pow(2) + (t.j - q.j).pow(2)).min().unwrap_or(0);
        if far > best.map_or(0, |(b, _)| b) {
            best = Some((far, d));
        }
    }
    best.map(|(_, d)| d)
}

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        if !self.ready {
            self.setup(g);
        }
        self.read(g);
        self.bfs(g);
        let me = g.me();
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
            if let Some(d) = self.order(g, &u, k) {
                g.move_unit(id, d);
                given += 1;
            }
        }
    }
}

arena_bot::ork_island_bot!(Dummy);
