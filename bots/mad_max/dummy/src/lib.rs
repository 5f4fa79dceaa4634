//! Dummy: Arena's Mad Max house bot, the player a bot must beat to qualify, calibrated against
//! the kit's Dummy (`docs/games/mad-max.md`, "Fidelity to the kit").
//!
//! Each round it computes a few distance fields (8-neighbour moves) and steps every unit that
//! may move one cell down the field it follows:
//! - a warrior, in its player's turn: attacks an adjacent rival warrior when that wins (outside
//!   cities always, in a city only with more water than the rival); goes to drink when its water
//!   is below [`THIRST`]; stays on a City cell it stands on; else heads for the nearest city it
//!   does not own (its own when it owns them all);
//! - a car that may move: refuels when its fuel is below [`REFUEL`]; else runs over an adjacent
//!   rival warrior off the cities, or heads for the nearest one.
//!
//! A unit never steps onto one of its own units nor into a car.

use arena_bot::mad_max::{CellType, Dir, Game, Player, Pos, UnitType};
use std::collections::VecDeque;

/// Water below which a warrior goes to drink. The calibration's knob: the earlier its warriors
/// leave their cities to drink, the weaker Dummy holds them (28 matches the kit's Dummy).
pub const THIRST: i32 = 28;
/// Fuel below which a car goes to a station.
pub const REFUEL: i32 = 25;

/// The house bot Dummy. The board never changes: the distances to water and to stations are
/// computed once, in the first round.
#[derive(Default)]
pub struct Dummy {
    to_water: Vec<i32>,
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

/// The free step (no unit there) that most lowers `dist` from `p`, if any lowers it.
fn downhill(g: &Game, p: Pos, dist: &[i32], walk: impl Fn(CellType) -> bool) -> Option<Dir> {
    let here = dist[g.cell_index(p)?];
    let mut best: Option<(i32, Dir)> = None;
    for d in Dir::MOVES {
        let q = p + d;
        let Some(k) = g.cell_index(q) else { continue };
        if !walk(g.cell_type(q)) || g.unit_at(q).is_some() || dist[k] >= here {
            continue;
        }
        if best.is_none_or(|(b, _)| dist[k] < b) {
            best = Some((dist[k], d));
        }
    }
    best.map(|(_, d)| d)
}

impl Player for Dummy {
    fn play(&mut self, g: &mut Game) {
        if self.to_water.is_empty() {
            self.to_water = field(g, cells_of(g, CellType::Water), warrior_walks);
            self.to_station = field(g, cells_of(g, CellType::Station), car_drives);
        }
        let me = g.me();
        let my_turn = g.round() % 4 == me as i32;
        let all = g.nb_units();
        let units: Vec<_> = (0..all).filter_map(|id| g.unit(id)).collect();
        if my_turn {
            let targets: Vec<Pos> = {
                let mine = g.num_cities(me) as usize == g.cities().len();
                (0..g.cities().len())
                    .filter(|&c| (g.city_owner(c) == Some(me)) == mine)
                    .flat_map(|c| g.cities()[c].clone())
                    .collect()
            };
            let to_city = field(g, targets.into_iter(), warrior_walks);
            for id in g.warriors(me) {
                let Some(u) = g.unit(id) else { continue };
                let in_city = g.cell_type(u.pos) == CellType::City;
                let prey = Dir::MOVES.into_iter().find(|&d| {
                    g.unit_at(u.pos + d).and_then(|v| g.unit(v)).is_some_and(|v| {
                        v.player != me
                            && v.kind == UnitType::Warrior
                            && (!(in_city && g.cell_type(v.pos) == CellType::City) || u.water > v.water)
                    })
                });
                let dir = if let Some(d) = prey {
                    Some(d)
                } else if u.water < THIRST {
                    downhill(g, u.pos, &self.to_water, warrior_walks)
                } else if in_city {
                    None
                } else {
                    downhill(g, u.pos, &to_city, warrior_walks)
                };
                if let Some(d) = dir {
                    g.command(id, d);
                }
            }
        }
        let prey: Vec<Pos> = units
            .iter()
            .filter(|v| v.player != me && v.kind == UnitType::Warrior && g.cell_type(v.pos) != CellType::City)
            .map(|v| v.pos)
            .collect();
        // Only when a car needs it: most rounds no car of this player may move.
        let mut to_prey: Option<Vec<i32>> = None;
        for id in g.cars(me) {
            let Some(u) = g.unit(id) else { continue };
            if !g.can_move(id) {
                continue;
            }
            let hit = Dir::MOVES.into_iter().find(|&d| prey.contains(&(u.pos + d)));
            let dir = if u.food < REFUEL {
                downhill(g, u.pos, &self.to_station, car_drives)
            } else if let Some(d) = hit {
                Some(d)
            } else {
                let to_prey = to_prey.get_or_insert_with(|| field(g, prey.iter().copied(), car_drives));
                downhill(g, u.pos, to_prey, car_drives)
            };
            if let Some(d) = dir {
                g.command(id, d);
            }
        }
    }
}

arena_bot::mad_max_bot!(Dummy);
