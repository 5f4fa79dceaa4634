//! Where Arena's Dummy differs from the kit's against strong players (docs/games/walking-dead.md,
//! "Fidelity to the kit"): a hero against three Dummies on seeds 1..N (the hero at seat seed
//! mod 4; `dummy`: four Dummies), natively, printing per-round means (strength, alive units,
//! kill points, score, strength points, food eaten) for the hero (h) and the Dummies (o), where
//! food appears, the Dummies' nearest targets, and per-match events under the names of the
//! kit-side `scripts/kit-walking-dead.py KIT events HERO N` (H the hero, D the Dummies). The
//! heroes `hunter` and `planner` are native ports of the reference players WdHunter and WdPlanner
//! (bot-sdk/cpp/reference/walking_dead/), which give the same first places as their wasm builds.
//! `cargo run --release -p walking-dead-house-tests --example roundstats -- hunter|planner|dummy [N]`.

use arena_bot::walking_dead::{CellType, Dir, Game, Player, UnitType};
use std::collections::VecDeque;
use std::sync::Mutex;
use walking_dead_house_tests::*;

/// Per round seen by the hero: (round, strength, alive, score, owned) per player.
type Row = (i32, [[i64; 4]; 4]);
static ROWS: Mutex<Vec<Row>> = Mutex::new(Vec::new());
/// Per round seen by the spying Dummy: (round, food cells, unit cells) as its view shows them.
type Seen = (i32, Vec<usize>, Vec<(usize, i32, i32, u8)>);
static SEEN: Mutex<Vec<Seen>> = Mutex::new(Vec::new());

fn record(g: &Game) {
    let mut owned = [0i64; 4];
    for i in 0..g.board_rows() {
        for j in 0..g.board_cols() {
            if let Some(o) = g.cell((i, j)).owner {
                owned[o] += 1;
            }
        }
    }
    let m = std::array::from_fn(|p| [g.strength(p) as i64, g.alive_units(p).len() as i64, g.score(p), owned[p]]);
    ROWS.lock().unwrap().push((g.round(), m));
}

/// The reference player WdHunter, ported: adjacent zombie or enemy no stronger, else a shortest
/// path to food, else to the nearest cell not its own.
#[derive(Default)]
struct Hunter;

const ORDER: [Dir; 4] = [Dir::Down, Dir::Right, Dir::Up, Dir::Left];

fn first_step(g: &Game, from: arena_bot::walking_dead::Pos) -> Option<Dir> {
    let n = (g.board_rows() * g.board_cols()) as usize;
    let mut first: Vec<Option<Dir>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[g.cell_index(from).unwrap()] = true;
    let mut q = VecDeque::from([(from, None::<Dir>)]);
    let mut fallback = None;
    while let Some((p, d0)) = q.pop_front() {
        for d in ORDER {
            let x = p + d;
            let Some(k) = g.cell_index(x) else { continue };
            if seen[k] {
                continue;
            }
            let c = g.cell(x);
            if c.kind == CellType::Waste || c.id.is_some() {
                continue;
            }
            seen[k] = true;
            let f = d0.unwrap_or(d);
            first[k] = Some(f);
            if c.food {
                return Some(f);
            }
            if fallback.is_none() && c.owner != Some(g.me()) {
                fallback = Some(f);
            }
            q.push_back((x, Some(f)));
        }
    }
    fallback
}

impl Player for Hunter {
    fn play(&mut self, g: &mut Game) {
        record(g);
        let me = g.me();
        let mine = g.strength(me);
        for id in g.alive_units(me) {
            let p = g.unit(id).pos;
            let mut target = None;
            for d in ORDER {
                if let Some(u) = g.cell(p + d).id.map(|u| g.unit(u)) {
                    if u.kind == UnitType::Zombie
                        || (u.kind == UnitType::Alive && u.player.is_some_and(|pl| pl != me && g.strength(pl) <= mine))
                    {
                        target = Some(d);
                        break;
                    }
                }
            }
            if let Some(d) = target.or_else(|| first_step(g, p)) {
                g.move_unit(id, d);
            }
        }
    }
}

/// The reference player WdPlanner, ported: WdHunter with one unit (the nearest within 20
/// Manhattan steps) sent to each food item.
#[derive(Default)]
struct Planner;

fn walkable(g: &Game, n: arena_bot::walking_dead::Pos) -> bool {
    g.cell_index(n).is_some() && g.cell(n).kind == CellType::Street && g.cell(n).id.is_none()
}

fn plan_step(
    g: &Game,
    from: arena_bot::walking_dead::Pos,
    goal: impl Fn(arena_bot::walking_dead::Pos) -> bool,
    limit: i32,
) -> Option<Dir> {
    let n = (g.board_rows() * g.board_cols()) as usize;
    let mut dist = vec![-1i32; n];
    let mut first: Vec<Option<Dir>> = vec![None; n];
    dist[g.cell_index(from).unwrap()] = 0;
    let mut q = VecDeque::from([from]);
    while let Some(p) = q.pop_front() {
        let kp = g.cell_index(p).unwrap();
        if dist[kp] >= limit {
            continue;
        }
        for d in ORDER {
            let x = p + d;
            if !walkable(g, x) {
                continue;
            }
            let k = g.cell_index(x).unwrap();
            if dist[k] != -1 {
                continue;
            }
            dist[k] = dist[kp] + 1;
            first[k] = if p == from { Some(d) } else { first[kp] };
            if goal(x) {
                return first[k];
            }
            q.push_back(x);
        }
    }
    None
}

impl Player for Planner {
    fn play(&mut self, g: &mut Game) {
        record(g);
        let me = g.me();
        let mine = g.strength(me);
        let alive = g.alive_units(me);
        let mut busy = std::collections::BTreeSet::new();
        let mut plan = std::collections::BTreeMap::new();
        for i in 0..g.board_rows() {
            for j in 0..g.board_cols() {
                if !g.cell((i, j)).food {
                    continue;
                }
                let mut best = None;
                let mut best_d = 1 << 30;
                for &id in &alive {
                    if busy.contains(&id) {
                        continue;
                    }
                    let p = g.unit(id).pos;
                    let d = (p.i - i).abs() + (p.j - j).abs();
                    if d < best_d && d <= 20 {
                        best = Some(id);
                        best_d = d;
                    }
                }
                let Some(b) = best else { continue };
                let target = arena_bot::walking_dead::Pos::new(i, j);
                if let Some(k) = plan_step(g, g.unit(b).pos, |n| n == target, 40) {
                    busy.insert(b);
                    plan.insert(b, k);
                }
            }
        }
        for &id in &alive {
            let p = g.unit(id).pos;
            let mut target = None;
            for d in ORDER {
                if let Some(u) = g.cell(p + d).id.map(|u| g.unit(u)) {
                    if u.kind == UnitType::Zombie
                        || (u.kind == UnitType::Alive && u.player.is_some_and(|pl| pl != me && g.strength(pl) <= mine))
                    {
                        target = Some(d);
                        break;
                    }
                }
            }
            let target = target
                .or_else(|| plan.get(&id).copied())
                .or_else(|| plan_step(g, p, |n| g.cell(n).owner != Some(me), 30));
            if let Some(d) = target {
                g.move_unit(id, d);
            }
        }
    }
}

#[derive(Default)]
struct SpyDummy(Dummy);

impl Player for SpyDummy {
    fn play(&mut self, g: &mut Game) {
        record(g);
        let mut food = Vec::new();
        for i in 0..g.board_rows() {
            for j in 0..g.board_cols() {
                if g.cell((i, j)).food {
                    food.push((i * 60 + j) as usize);
                }
            }
        }
        let units = g.units().iter().map(|u| (u.id, u.pos.i, u.pos.j, u.kind as u8)).collect();
        SEEN.lock().unwrap().push((g.round(), food, units));
        self.0.play(g);
    }
}

/// The Dummy's nearest target from unit `id`'s cell in a frame: 0 food, 1 enemy, 2 zombie, 3 none;
/// and its path distance.
fn nearest(fr: &engine::games::walking_dead::replay::Frame, id: usize) -> (usize, usize) {
    use engine::games::walking_dead::state::UnitType as U;
    let cols = 60usize;
    let me = fr.units[id].player;
    let mut occ = vec![None; 3600];
    for u in &fr.units {
        occ[u.pos.i as usize * cols + u.pos.j as usize] = Some(*u);
    }
    let food: std::collections::BTreeSet<usize> = fr.food.iter().copied().collect();
    let start = fr.units[id].pos.i as usize * cols + fr.units[id].pos.j as usize;
    let mut dist = vec![usize::MAX; 3600];
    dist[start] = 0;
    let mut q = VecDeque::from([start]);
    while let Some(k) = q.pop_front() {
        let (i, j) = ((k / cols) as i32, (k % cols) as i32);
        for (di, dj) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            let (x, y) = (i + di, j + dj);
            if !(0..60).contains(&x) || !(0..60).contains(&y) {
                continue;
            }
            let n = x as usize * cols + y as usize;
            if WASTE.with(|w| w.borrow()[n]) || dist[n] != usize::MAX {
                continue;
            }
            dist[n] = dist[k] + 1;
            if food.contains(&n) {
                return (0, dist[n]);
            }
            match occ[n] {
                Some(u) if u.kind == U::Alive && u.player != me => return (1, dist[n]),
                Some(u) if u.kind == U::Zombie => return (2, dist[n]),
                Some(_) => continue,
                None => q.push_back(n),
            }
        }
    }
    (3, 0)
}

/// Path distance (4-neighbour, through empty street cells) from cell `f` to the nearest alive unit.
fn pathdist(fr: &engine::games::walking_dead::replay::Frame, f: usize) -> usize {
    use engine::games::walking_dead::state::UnitType as U;
    let cols = 60usize;
    let mut occ = vec![None; 3600];
    for u in &fr.units {
        occ[u.pos.i as usize * cols + u.pos.j as usize] = Some(u.kind);
    }
    let mut dist = vec![usize::MAX; 3600];
    dist[f] = 0;
    let mut q = VecDeque::from([f]);
    while let Some(k) = q.pop_front() {
        let (i, j) = ((k / cols) as i32, (k % cols) as i32);
        for (di, dj) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            let (x, y) = (i + di, j + dj);
            if !(0..60).contains(&x) || !(0..60).contains(&y) {
                continue;
            }
            let n = x as usize * cols + y as usize;
            if WASTE.with(|w| w.borrow()[n]) || dist[n] != usize::MAX {
                continue;
            }
            dist[n] = dist[k] + 1;
            match occ[n] {
                Some(U::Alive) => return dist[n],
                Some(_) => continue,
                None => q.push_back(n),
            }
        }
    }
    99
}

thread_local! {
    static WASTE: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let hero = args.first().map(String::as_str).unwrap_or("hunter");
    let n: u64 = args.get(1).map(|a| a.parse().unwrap()).unwrap_or(40);
    let rounds = [1, 10, 20, 40, 60, 80, 100, 120, 140, 160, 180, 199];
    let mut sums = vec![[0f64; 9]; rounds.len()];
    let mut first = 0;
    let mut mv = [0u64; 3];
    let mut zm = [0u64; 5];
    let mut counters = std::collections::BTreeMap::new();
    let mut trans = std::collections::BTreeMap::new();
    let (mut near, mut near_d) = ([0u64; 4], [0u64; 4]);
    let (mut mism, mut same) = (0, 0);
    let mut extra = vec![[0f64; 7]; rounds.len()];
    let (mut spawn_u, mut spawn_f) = ([0u32; 7], [0u32; 7]);
    let mut life: Vec<usize> = Vec::new();
    let mut pd = [0u32; 16];
    let mut gone = std::collections::BTreeMap::new();
    for seed in 1..=n {
        let seat = (seed % 4) as usize;
        ROWS.lock().unwrap().clear();
        let players = (0..4)
            .map(|s| match (s == seat, hero) {
                (true, "hunter") => sdk::<Hunter>("Hunter"),
                (true, "planner") => sdk::<Planner>("Planner"),
                (true, _) => sdk::<SpyDummy>("Dummy"),
                _ => sdk::<Dummy>("Dummy"),
            })
            .collect();
        let out = play(&setup(seed, &[]), players, true);
        let rep = engine::games::walking_dead::replay::read(out.replay.as_ref().unwrap()).unwrap();
        WASTE.with(|w| {
            *w.borrow_mut() = (0..3600).map(|k| !rep.board.is_street(engine::grid::Pos::new(k / 60, k % 60))).collect()
        });
        let frames = rep.frames;
        for (r, food, units) in SEEN.lock().unwrap().drain(..) {
            let f = &frames[r as usize];
            let fu: Vec<(usize, i32, i32, u8)> =
                f.units.iter().map(|u| (u.id, u.pos.i, u.pos.j, u.kind.code())).collect();
            if f.food != food || fu != units {
                mism += 1;
                if mism < 4 {
                    println!(
                        "seed {seed} round {r}: view food {food:?} frame food {:?}; units equal {}",
                        f.food,
                        fu == units
                    );
                }
            } else {
                same += 1;
            }
        }
        let mut eaten = [0i64; 4];
        let mut born = std::collections::BTreeMap::new();
        for (k, w) in frames.windows(2).enumerate() {
            let r = k + 1;
            for (a, b) in w[0].units.iter().zip(&w[1].units) {
                use engine::games::walking_dead::state::UnitType as U;
                let side = |pl: i32| if pl == seat as i32 && hero != "dummy" { "H" } else { "D" };
                if a.kind == U::Zombie && b.kind == U::Alive {
                    let near = |(i, j): (i32, i32)| (i - b.pos.i).abs().max((j - b.pos.j).abs()) <= 2;
                    let food_near = w[1].food.iter().any(|&f| near(((f / 60) as i32, (f % 60) as i32)));
                    let unit_near = w[1].units.iter().any(|u| u.id != b.id && near((u.pos.i, u.pos.j)));
                    *counters.entry("reborn: food within 2".to_string()).or_insert(0) += u64::from(food_near);
                    *counters.entry("reborn: unit within 2".to_string()).or_insert(0) += u64::from(unit_near);
                }
                let key = match (a.kind, b.kind) {
                    (U::Alive, U::Dead) => Some(format!("{} died in a fight", side(a.player))),
                    (U::Alive, U::Zombie) => Some(format!("{} turned zombie", side(a.player))),
                    (U::Zombie, U::Alive) => Some(format!("{} reborn", side(b.player))),
                    (U::Alive, U::Alive) if a.player != b.player => {
                        Some(format!("switch {}>{}", side(a.player), side(b.player)))
                    }
                    _ => None,
                };
                if let Some(k) = key {
                    *counters.entry(k).or_insert(0u64) += 1;
                }
                if a.kind == U::Alive
                    && b.kind == U::Alive
                    && w[0].food.contains(&(b.pos.i as usize * 60 + b.pos.j as usize))
                {
                    *counters.entry(format!("{} ate", side(b.player))).or_insert(0u64) += 1;
                }
                if a.kind != b.kind {
                    *trans.entry(format!("{:?}>{:?}", a.kind, b.kind)).or_insert(0u64) += 1;
                }
                if a.kind == engine::games::walking_dead::state::UnitType::Zombie {
                    if b.kind != a.kind {
                        zm[0] += 1;
                    } else {
                        zm[1] += 1;
                        let (di, dj) = (b.pos.i - a.pos.i, b.pos.j - a.pos.j);
                        zm[match (di, dj) {
                            (0, 0) => 2,
                            (x, y) if x != 0 && y != 0 => 3,
                            _ => 4,
                        }] += 1;
                    }
                }
                if a.kind == engine::games::walking_dead::state::UnitType::Alive
                    && (hero != "hunter" || a.player != seat as i32)
                {
                    let (t, d) = nearest(&w[0], a.id);
                    near[t] += 1;
                    near_d[t] += d as u64;
                    mv[0] += 1;
                    if b.kind == a.kind && b.pos != a.pos {
                        mv[1] += 1;
                    }
                    if b.kind == engine::games::walking_dead::state::UnitType::Dead {
                        mv[2] += 1;
                    }
                }
            }
            let cols = 60usize;
            let cheb = |a: usize, b: (i32, i32)| {
                let (ai, aj) = ((a / cols) as i32, (a % cols) as i32);
                (ai - b.0).abs().max((aj - b.1).abs())
            };
            for &f in w[0].food.iter().filter(|f| !w[1].food.contains(f)) {
                if let Some(b) = born.remove(&f) {
                    life.push(r - b);
                }
                let kind = w[1].units.iter().find(|u| u.pos.i as usize * cols + u.pos.j as usize == f).map(|u| u.kind);
                *gone.entry(format!("{kind:?}")).or_insert(0) += 1;
            }
            for &f in w[1].food.iter().filter(|f| !w[0].food.contains(f)) {
                born.insert(f, r);
                pd[pathdist(&w[1], f).min(15)] += 1;
                let du = w[1].units.iter().map(|u| cheb(f, (u.pos.i, u.pos.j))).min().unwrap();
                let df = w[1]
                    .food
                    .iter()
                    .filter(|&&g| g != f)
                    .map(|&g| cheb(f, ((g / cols) as i32, (g % cols) as i32)))
                    .min()
                    .unwrap_or(99);
                spawn_u[du.min(6) as usize] += 1;
                *counters.entry("food appeared".to_string()).or_insert(0) += 1;
                *counters.entry("food appeared: food within 2".to_string()).or_insert(0) += u64::from(df <= 2);
                *counters.entry("food appeared: unit within 2".to_string()).or_insert(0) += u64::from(du <= 2);
                spawn_f[df.min(6) as usize] += 1;
            }
            // Food eaten, from the strength points (food_strength 50 each, one point per alive unit).
            for (p, e) in eaten.iter_mut().enumerate() {
                let alive = w[1].units.iter().filter(|u| u.alive_of() == Some(p)).count() as i64;
                let d = w[1].strength_points[p] - w[0].strength_points[p] + alive;
                if w[1].strength_points[p] > 0 {
                    *e += (d + 25).div_euclid(50);
                }
            }
            if let Some(kk) = rounds.iter().position(|&x| x as usize == r) {
                let others: Vec<usize> = (0..4).filter(|&p| p != seat).collect();
                let o = |v: &[i64; 4]| others.iter().map(|&p| v[p] as f64).sum::<f64>() / 3.0;
                let e = &mut extra[kk];
                e[0] += w[1].strength_points[seat] as f64;
                e[1] += eaten[seat] as f64;
                e[2] += o(&w[1].strength_points);
                e[3] += o(&eaten);
                e[4] += w[1]
                    .units
                    .iter()
                    .filter(|u| u.kind == engine::games::walking_dead::state::UnitType::Zombie)
                    .count() as f64;
                e[6] +=
                    w[1].units.iter().filter(|u| u.kind == engine::games::walking_dead::state::UnitType::Dead).count()
                        as f64;
                e[5] += 1.0;
            }
        }
        let scores: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        first += usize::from(scores.iter().all(|&s| s <= scores[seat]));
        let rows = ROWS.lock().unwrap();
        for (k, &r) in rounds.iter().enumerate() {
            let Some((_, m)) = rows.iter().find(|(x, _)| *x == r) else { continue };
            let others: Vec<usize> = (0..4).filter(|&p| p != seat).collect();
            let o = |f: usize| others.iter().map(|&p| m[p][f] as f64).sum::<f64>() / 3.0;
            let h = |f: usize| m[seat][f] as f64;
            let v = [h(0), h(1), h(2) - h(3), h(2), o(0), o(1), o(2) - o(3), o(2), 1.0];
            for (a, b) in sums[k].iter_mut().zip(v) {
                *a += b;
            }
        }
    }
    println!("round  h.str h.alive h.kill h.score | o.str o.alive o.kill o.score   (strength per unit)");
    for (k, r) in rounds.iter().enumerate() {
        let s = sums[k];
        let c = s[8].max(1.0);
        println!(
            "{r:5} {:6.1} {:6.1} {:6.0} {:6.0} | {:6.1} {:6.1} {:6.0} {:6.0}",
            s[0] / c,
            s[1] / c,
            s[2] / c,
            s[3] / c,
            s[4] / c,
            s[5] / c,
            s[6] / c,
            s[7] / c
        );
    }
    println!("round  h.pts h.eaten | o.pts o.eaten | zombies dead");
    for (k, r) in rounds.iter().enumerate() {
        let e = extra[k];
        let c = e[5].max(1.0);
        println!(
            "{r:5} {:6.0} {:6.1} | {:6.0} {:6.1} | {:5.1} {:5.1}",
            e[0] / c,
            e[1] / c,
            e[2] / c,
            e[3] / c,
            e[4] / c,
            e[6] / c
        );
    }
    println!(
        "new food {}, by cheb distance to nearest unit {spawn_u:?}, to other food {spawn_f:?}",
        spawn_u.iter().sum::<u32>()
    );
    println!(
        "food lifetime mean {:.2}; path dist at spawn {pd:?}; gone {gone:?}",
        life.iter().sum::<usize>() as f64 / life.len() as f64
    );
    println!("view vs frame: {same} rounds equal, {mism} differ");
    println!("alive unit-rounds {}, moved {} ({:.4}), now dead {}", mv[0], mv[1], mv[1] as f64 / mv[0] as f64, mv[2]);
    let tot: u64 = near.iter().sum();
    println!("Dummy units' nearest target: food {:.3} (mean dist {:.2}), enemy {:.3} ({:.2}), zombie {:.3} ({:.2}), none {:.3}",
        near[0] as f64 / tot as f64, near_d[0] as f64 / near[0] as f64, near[1] as f64 / tot as f64, near_d[1] as f64 / near[1] as f64,
        near[2] as f64 / tot as f64, near_d[2] as f64 / near[2] as f64, near[3] as f64 / tot as f64);
    println!(
        "zombie-rounds: changed {} staying zombies {} stayed {:.3} diag {:.3} straight {:.3}",
        zm[0],
        zm[1],
        zm[2] as f64 / zm[1] as f64,
        zm[3] as f64 / zm[1] as f64,
        zm[4] as f64 / zm[1] as f64
    );
    println!(
        "transitions per game: {:?}",
        trans.iter().map(|(k, v)| (k.clone(), *v as f64 / n as f64)).collect::<Vec<_>>()
    );
    for (k, v) in &counters {
        println!("{k:22} {:7.1}", *v as f64 / n as f64);
    }
    println!("hero first {first} of {n}");
}
