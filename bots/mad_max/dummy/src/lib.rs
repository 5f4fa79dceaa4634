//! Dummy: Arena's Mad Max house bot, the player a bot must beat to qualify. It plays by the rules
//! observed in the kit's Dummy's orders (`docs/games/mad-max.md`, "Fidelity to the kit").
//!
//! Every unit that may move follows one distance field (8-neighbour steps), taking one of the
//! steps that lower it, drawn at random, never into a car:
//! - a warrior, in its player's turn: attacks an adjacent rival warrior, drawn at random, outside
//!   the thunderdome always, inside it only with more water than the rival; else, within [`WARY`]
//!   cells (Chebyshev) of a rival car, flees (to the free neighbour farthest from the rival cars)
//!   or, at 2 cells, stays; else heads for water when it has less water than food, for the
//!   nearest City cell (anyone's) otherwise, by a step that keeps out of [`WARY`] cells of the
//!   rival cars when one does (else by the free safe neighbour nearest its target); on a City cell
//!   with food to spare it steps to a random neighbouring City cell;
//! - a car that may move: heads for a station when its fuel is below [`REFUEL`], else for the
//!   nearest rival warrior (on the cities too: it waits at their edge).
//!
//! A step onto a cell that holds one of its own units, or that one of its units already stepped
//! into this round, is dropped (the unit stays): that is how the kit's Dummy jams its warriors.

use arena_bot::mad_max::{CellType, Dir, Game, Player, Pos, UnitType};
use std::collections::VecDeque;

/// Fuel below which a car goes to a station.
pub const REFUEL: i32 = 25;

/// The house bot Dummy. The board never changes: the distances to water, to cities and to
/// stations are computed once, in the first round.
#[derive(Default)]
pub struct Dummy {
    to_water: Vec<i32>,
    to_city: Vec<i32>,
    to_station: Vec<i32>,
}

const FAR: i32 = i32::MAX;

/// Distances (8-neighbour steps over cells `walk` accepts) from the `sources`, row-major.
fn field(g: &Game, sources: impl Iterator<Item = Pos>, walk: impl Fn(CellType) -> bool) -> Vec<i32> {
    let cols = g.cols() as usize;
    let mut dist = vec![FAR; g.rows() as usize * cols];
    let mut queue = VecDeque::new();
    for p in sources {
        if let Some(k) = g.cell_index(p) {
            if dist[k] == FAR {
                dist[k] = 0;
                queue.push_back(p);
            }
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[p.i as usize * cols + p.j as usize];
        for dir in Dir::MOVES {
            let q = p + dir;
            if let Some(k) = g.cell_index(q) {
                if dist[k] == FAR && walk(g.cell_type(q)) {
                    dist[k] = d + 1;
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}

fn warrior_walks(c: CellType) -> bool {
    matches!(c, CellType::Desert | CellType::Road | CellType::City)
}

fn car_drives(c: CellType) -> bool {
    matches!(c, CellType::Desert | CellType::Road)
}

/// The cells of one type, row-major.
fn cells_of(g: &Game, t: CellType) -> impl Iterator<Item = Pos> + '_ {
    (0..g.rows()).flat_map(move |i| (0..g.cols()).map(move |j| Pos::new(i, j))).filter(move |&p| g.cell_type(p) == t)
}

/// One of the steps from `p` that lower `dist` (or, at a source, keep it at 0) and do not enter a
/// car, drawn at random among those outside `avoid` when there are any.
fn step(g: &Game, p: Pos, dist: &[i32], walk: impl Fn(CellType) -> bool, avoid: &[bool]) -> Option<Dir> {
    let here = dist[g.cell_index(p)?];
    let good: Vec<Dir> = Dir::MOVES
        .into_iter()
        .filter(|&d| {
            let q = p + d;
            g.cell_index(q).is_some_and(|k| {
                walk(g.cell_type(q))
                    && dist[k] < here.max(1)
                    && g.unit_at(q).and_then(|v| g.unit(v)).is_none_or(|v| v.kind != UnitType::Car)
            })
        })
        .collect();
    if good.is_empty() {
        return None;
    }
    let safe: Vec<Dir> = good.iter().copied().filter(|&d| g.cell_index(p + d).is_some_and(|k| !avoid[k])).collect();
    if !safe.is_empty() {
        return draw(g, &safe);
    }
    // Every step down the field comes near a rival car: the safe free neighbour nearest the
    // target instead, if any.
    pick(g, p, walk, |q, k| (!avoid[k] && g.unit_at(q).is_none()).then(|| -dist[k]))
}

/// A free neighbouring cell with the highest `score` (None: not a candidate), drawn at random
/// among the best.
fn pick(g: &Game, p: Pos, walk: impl Fn(CellType) -> bool, score: impl Fn(Pos, usize) -> Option<i32>) -> Option<Dir> {
    let mut best: Vec<Dir> = vec![];
    let mut top = i32::MIN;
    for d in Dir::MOVES {
        let q = p + d;
        let Some(k) = g.cell_index(q) else { continue };
        if !walk(g.cell_type(q)) {
            continue;
        }
        let Some(v) = score(q, k) else { continue };
        if v > top {
            top = v;
            best.clear();
        }
        if v == top {
            best.push(d);
        }
    }
    draw(g, &best)
}

/// One of `options` drawn uniformly with the player's generator (None when there is none).
fn draw(g: &Game, options: &[Dir]) -> Option<Dir> {
    if options.is_empty() {
        return None;
    }
    Some(options[g.random(0, options.len() as i32 - 1) as usize])
}

/// Chebyshev distance from `q` to the nearest of `cars` (99 when none).
fn gap(cars: &[Pos], q: Pos) -> i32 {
    cars.iter().map(|c| (c.i - q.i).abs().max((c.j - q.j).abs())).min().unwrap_or(99)
}

/// A warrior keeps more than this many cells (Chebyshev) away from rival cars when it can: the
/// kit's Dummy never steps within 3 cells of one when a step down its field keeps out, and a
/// warrior 1 or 3 cells from one moves away (seeds 1..6 against MmKeeper).
pub const WARY: i32 = 3;

impl Dummy {
    /// Orders `id` to step `dir` unless one of this player's units holds or claimed the target.
    fn go(g: &mut Game, claimed: &mut [bool], id: usize, from: Pos, dir: Option<Dir>) {
        let Some(d) = dir else { return };
        let Some(k) = g.cell_index(from + d) else { return };
        if claimed[k] {
            return;
        }
        claimed[k] = true;
        g.command(id, d);
    }
}

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        if self.to_water.is_empty() {
            self.to_water = field(g, cells_of(g, CellType::Water), warrior_walks);
            self.to_city = field(g, cells_of(g, CellType::City), warrior_walks);
            self.to_station = field(g, cells_of(g, CellType::Station), car_drives);
        }
        let me = g.me();
        let units: Vec<_> = (0..g.nb_units()).filter_map(|id| g.unit(id)).collect();
        // Cells this player's units stand on or step into this round: never stepped into.
        let mut claimed = vec![false; g.rows() as usize * g.cols() as usize];
        for u in units.iter().filter(|u| u.player == me) {
            if let Some(k) = g.cell_index(u.pos) {
                claimed[k] = true;
            }
        }
        // No cell to avoid (cars), and the cells within WARY of a rival car (warriors).
        let none = vec![false; g.rows() as usize * g.cols() as usize];
        let cars: Vec<Pos> =
            units.iter().filter(|v| v.player != me && v.kind == UnitType::Car).map(|v| v.pos).collect();
        let mut danger = none.clone();
        for c in &cars {
            for di in -WARY..=WARY {
                for dj in -WARY..=WARY {
                    if let Some(k) = g.cell_index(Pos::new(c.i + di, c.j + dj)) {
                        danger[k] = true;
                    }
                }
            }
        }
        if g.round() % 4 == me as i32 {
            for id in g.warriors(me) {
                let Some(u) = g.unit(id) else { continue };
                let in_city = g.cell_type(u.pos) == CellType::City;
                let prey: Vec<Dir> = Dir::MOVES
                    .into_iter()
                    .filter(|&d| {
                        g.unit_at(u.pos + d).and_then(|v| g.unit(v)).is_some_and(|v| {
                            v.player != me
                                && v.kind == UnitType::Warrior
                                && (!(in_city && g.cell_type(v.pos) == CellType::City) || u.water > v.water)
                        })
                    })
                    .collect();
                let here = gap(&cars, u.pos);
                let target = if u.water < u.food { &self.to_water } else { &self.to_city };
                let dir = if !prey.is_empty() {
                    draw(g, &prey)
                } else if here == 2 {
                    // The kit's warriors 2 cells from a rival car move about nearly at random;
                    // neither a random step nor fleeing there keeps both calibration tables
                    // (docs/games/mad-max.md): staying does.
                    None
                } else if here <= WARY {
                    // Flee: the free neighbour farthest from the rival cars, nearest the target.
                    pick(g, u.pos, warrior_walks, |q, k| {
                        let d = gap(&cars, q);
                        (g.unit_at(q).is_none() && d >= here).then(|| d * 10_000 - target[k].min(9_999))
                    })
                } else {
                    step(g, u.pos, target, warrior_walks, &danger)
                };
                Self::go(g, &mut claimed, id, u.pos, dir);
            }
        }
        // Only when a car needs it: most rounds no car of this player may move.
        let mut to_prey: Option<Vec<i32>> = None;
        for id in g.cars(me) {
            let Some(u) = g.unit(id) else { continue };
            if !g.can_move(id) {
                continue;
            }
            let dir = if u.food < REFUEL {
                step(g, u.pos, &self.to_station, car_drives, &none)
            } else {
                let to_prey = to_prey.get_or_insert_with(|| {
                    let prey = units.iter().filter(|v| v.player != me && v.kind == UnitType::Warrior);
                    field(g, prey.map(|v| v.pos), car_drives)
                });
                step(g, u.pos, to_prey, car_drives, &none)
            };
            Self::go(g, &mut claimed, id, u.pos, dir);
        }
    }
}

arena_bot::mad_max_bot!(Dummy);
