//! A native port of the reference player MmKeeper (`bot-sdk/cpp/reference/mad_max/AIMmKeeper.cc`),
//! for fast measurements of the Dummy's strength (`examples/hero.rs`): the same orders in the
//! same order, the same tie-breaks (first direction in the kit's order).

use arena_bot::mad_max::{CellType, Dir, Game, Player, Pos, UnitType};
use std::collections::{HashSet, VecDeque};

const INF: i32 = 1_000_000;

/// MmKeeper: warriors hold their cities and drink in time; cars chase rival warriors within 8
/// steps of its cities.
#[derive(Default)]
pub struct Keeper {
    to_water: Vec<i32>,
    to_city: Vec<i32>,
}

fn walk(g: &Game, p: Pos) -> bool {
    matches!(g.cell_type(p), CellType::Desert | CellType::Road | CellType::City)
}

fn drive(g: &Game, p: Pos) -> bool {
    matches!(g.cell_type(p), CellType::Desert | CellType::Road)
}

fn idx(g: &Game, p: Pos) -> usize {
    (p.i * g.cols() + p.j) as usize
}

/// Warrior steps from every cell to the nearest of `from`.
pub fn bfs(g: &Game, from: &[Pos]) -> Vec<i32> {
    let mut d = vec![INF; (g.rows() * g.cols()) as usize];
    let mut q = VecDeque::new();
    for &p in from {
        d[idx(g, p)] = 0;
        q.push_back(p);
    }
    while let Some(p) = q.pop_front() {
        for k in Dir::MOVES {
            let n = p + k;
            if !g.pos_ok(n) || !walk(g, n) || d[idx(g, n)] != INF {
                continue;
            }
            d[idx(g, n)] = d[idx(g, p)] + 1;
            q.push_back(n);
        }
    }
    d
}

/// The free step that most lowers `d` (first in the kit's direction order).
pub fn go(g: &mut Game, id: usize, d: &[i32]) {
    let Some(u) = g.unit(id) else { return };
    let p = u.pos;
    let mut best = d[idx(g, p)];
    let mut bd = None;
    for k in Dir::MOVES {
        let n = p + k;
        if !g.pos_ok(n) || !walk(g, n) || g.unit_at(n).is_some() {
            continue;
        }
        if d[idx(g, n)] < best {
            best = d[idx(g, n)];
            bd = Some(k);
        }
    }
    if let Some(k) = bd {
        g.command(id, k);
    }
}

/// Attacks the first adjacent rival warrior.
pub fn attack(g: &mut Game, id: usize) -> bool {
    let Some(u) = g.unit(id) else { return false };
    for k in Dir::MOVES {
        let n = u.pos + k;
        if let Some(v) = g.unit_at(n).and_then(|v| g.unit(v)) {
            if v.player != g.me() && v.kind == UnitType::Warrior {
                g.command(id, k);
                return true;
            }
        }
    }
    false
}

fn hunt(g: &mut Game, id: usize, hunted: &mut HashSet<usize>, home: &[i32]) {
    let Some(u) = g.unit(id) else { return };
    let p = u.pos;
    let mut first = vec![-2i32; (g.rows() * g.cols()) as usize];
    let mut q = VecDeque::new();
    first[idx(g, p)] = -1;
    q.push_back(p);
    while let Some(a) = q.pop_front() {
        for (kk, k) in Dir::MOVES.into_iter().enumerate() {
            let n = a + k;
            if !g.pos_ok(n) || !drive(g, n) || first[idx(g, n)] != -2 {
                continue;
            }
            let f = if a == p { kk as i32 } else { first[idx(g, a)] };
            first[idx(g, n)] = f;
            let Some(v) = g.unit_at(n) else {
                q.push_back(n);
                continue;
            };
            let Some(vu) = g.unit(v) else { continue };
            if vu.player == g.me() || vu.kind != UnitType::Warrior || hunted.contains(&v) {
                continue;
            }
            if home[idx(g, n)] > 8 {
                continue;
            }
            let fd = Dir::MOVES[f as usize];
            let s = p + fd;
            if g.unit_at(s).is_some() && s != n {
                return;
            }
            hunted.insert(v);
            g.command(id, fd);
            return;
        }
    }
}

impl Player for Keeper {
    fn play(&mut self, g: &mut Game) {
        if self.to_water.is_empty() {
            let mut water = vec![];
            let mut city = vec![];
            for i in 0..g.rows() {
                for j in 0..g.cols() {
                    let p = Pos::new(i, j);
                    if walk(g, p)
                        && Dir::MOVES.iter().any(|&k| g.pos_ok(p + k) && g.cell_type(p + k) == CellType::Water)
                    {
                        water.push(p);
                    }
                    if g.cell_type(p) == CellType::City {
                        city.push(p);
                    }
                }
            }
            self.to_water = bfs(g, &water);
            self.to_city = bfs(g, &city);
        }
        let me = g.me();
        let mut mine = vec![];
        for i in 0..g.rows() {
            for j in 0..g.cols() {
                let c = g.cell(Pos::new(i, j));
                if c.kind == CellType::City && c.owner == Some(me) {
                    mine.push(Pos::new(i, j));
                }
            }
        }
        let home = bfs(g, &mine);
        let mut hunted = HashSet::new();
        for id in g.cars(me) {
            if g.can_move(id) {
                hunt(g, id, &mut hunted, &home);
            }
        }
        if g.round() % 4 != me as i32 {
            return;
        }
        for id in g.warriors(me) {
            let Some(u) = g.unit(id) else { continue };
            let k = idx(g, u.pos);
            if u.water <= self.to_water[k] + 4 {
                let tw = std::mem::take(&mut self.to_water);
                go(g, id, &tw);
                self.to_water = tw;
            } else if attack(g, id) {
                continue;
            } else if self.to_city[k] > 0 {
                let tc = std::mem::take(&mut self.to_city);
                go(g, id, &tc);
                self.to_city = tc;
            }
        }
    }
}

/// Where [`Spy`] writes the states it sees (none when empty).
pub static SPY_PATH: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// A player that also writes every state it sees, in the layout of the kit's output (board with
/// owners, `round`, `num_cities`, `total_score`, `status`, units), for the kit-side analysis.
#[derive(Default)]
pub struct Spy<P> {
    inner: P,
    out: String,
}

impl<P: Player> Player for Spy<P> {
    fn play(&mut self, g: &mut Game) {
        use std::fmt::Write;
        let s = &mut self.out;
        for i in 0..g.rows() {
            for j in 0..g.cols() {
                let c = g.cell(Pos::new(i, j));
                let ch = match c.kind {
                    CellType::Desert => '.',
                    CellType::Road => 'R',
                    CellType::Water => 'W',
                    CellType::Station => 'S',
                    CellType::Wall => 'X',
                    CellType::City => c.owner.map_or('C', |o| (b'0' + o as u8) as char),
                };
                s.push(ch);
            }
            s.push('\n');
        }
        let _ = writeln!(s, "\nround {}", g.round());
        let _ = writeln!(s, "num_cities {}", (0..4).map(|p| g.num_cities(p).to_string()).collect::<Vec<_>>().join(" "));
        let _ =
            writeln!(s, "total_score {}", (0..4).map(|p| g.total_score(p).to_string()).collect::<Vec<_>>().join(" "));
        let _ = writeln!(s, "status 0 0 0 0");
        for id in 0..g.nb_units() {
            if let Some(u) = g.unit(id) {
                let t = if u.kind == UnitType::Warrior { 'w' } else { 'c' };
                let _ = writeln!(s, "{t} {} {} {} {} {}", u.player, u.pos.i, u.pos.j, u.food, u.water);
            }
        }
        s.push('\n');
        if g.round() == 499 {
            let path = SPY_PATH.lock().map(|p| p.clone()).unwrap_or_default();
            if !path.is_empty() {
                let _ = std::fs::write(path, s.as_bytes());
            }
        }
        self.inner.play(g);
    }
}
