//! The random board of a GENERATOR match (60 × 60, 8 cities), as `docs/games/mad-max.md`
//! ("Board generator") describes the kit's: full-length roads, blocks merged into regions, a
//! zone of inner desert per region, cities and lakes grown in the zones with walls across what
//! is left, roads cut back at the edges, fuel stations on crossings. Every draw comes from the
//! board stream; a draw that breaks a rule of the spec (a zone too large or too small, a city
//! that cannot grow, too few crossings) starts over from the roads.

use super::board::{CellType, KING};
use crate::games::shared::chains::FOUR_STEPS;
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

/// The only size the generator draws (the kit's check: `GENERATOR` needs 60 × 60).
pub const SIZE: usize = 60;
/// Cities on a generated board, two per player.
pub const CITIES: usize = 8;

/// A generated board: cell types, and the owner of each City cell (-1 elsewhere).
pub struct Generated {
    pub cells: Grid<CellType>,
    pub owners: Grid<i8>,
}

/// Draws a board.
pub fn generate(rng: &mut GameRng) -> Generated {
    loop {
        if let Some(g) = attempt(rng) {
            return g;
        }
    }
}

struct Draft {
    cells: Grid<CellType>,
    owners: Grid<i8>,
}

fn attempt(rng: &mut GameRng) -> Option<Generated> {
    let mut d = Draft { cells: Grid::new(SIZE, SIZE, CellType::Desert), owners: Grid::new(SIZE, SIZE, -1) };
    let (mut n, mut m) = (rng.range(5, 7) as usize, rng.range(5, 7) as usize);
    if n == 5 && m == 5 {
        *(if rng.range(0, 1) == 1 { &mut n } else { &mut m }) += 1;
    }
    if n == 7 && m == 7 {
        *(if rng.range(0, 1) == 1 { &mut n } else { &mut m }) -= 1;
    }
    let xs = choose_roads(n, rng);
    let ys = choose_roads(m, rng);
    for &x in &xs {
        for j in 0..SIZE {
            d.cells[Pos::new(x as i32, j as i32)] = CellType::Road;
        }
    }
    for &y in &ys {
        for i in 0..SIZE {
            d.cells[Pos::new(i as i32, y as i32)] = CellType::Road;
        }
    }
    let zones = regions_and_zones(&mut d.cells, &xs, &ys, rng)?;
    let regions = zones.len();
    let (cities, lakes) = deal_zones(zones);
    let mut order: Vec<usize> = (0..CITIES).collect();
    rng.shuffle(&mut order);
    for (k, &z) in order.iter().enumerate() {
        let rest = grow(&mut d, &cities[z], Growth::City((k / 2) as i8), rng)?;
        walls(&mut d.cells, &rest, rng);
    }
    debug_assert_eq!(lakes.len(), regions - CITIES);
    for zone in &lakes {
        let rest = grow(&mut d, zone, Growth::Lake, rng)?;
        walls(&mut d.cells, &rest, rng);
    }
    cut_edges(&mut d.cells, &xs, &ys, rng);
    stations(&mut d.cells, rng)?;
    Some(Generated { cells: d.cells, owners: d.owners })
}

/// `q` road coordinates: the first in 6..=8, the last in 51..=53, the others uniform between,
/// at least 5 from both; redrawn until consecutive roads are more than 4 apart.
fn choose_roads(q: usize, rng: &mut GameRng) -> Vec<usize> {
    let first = rng.range(6, 8);
    let last = rng.range(SIZE as i32 - 9, SIZE as i32 - 7);
    let mut mid = vec![0i32; q - 2];
    loop {
        for v in mid.iter_mut() {
            *v = rng.range(first + 5, last - 5);
        }
        mid.sort_unstable();
        if mid.windows(2).all(|w| w[1] > w[0] + 4) {
            break;
        }
    }
    let mut out = vec![first as usize];
    out.extend(mid.iter().map(|&v| v as usize));
    out.push(last as usize);
    out
}

/// Merges the blocks between roads into 14..=min(blocks, 18) regions (each time the adjacent
/// pair whose union with the road strip between them is smallest, the first such in the kit's
/// scan order; the strip becomes desert), then returns each region's zone, largest first.
/// `None` when a zone breaks the size rule (more than 300 cells, or fewer than 10).
fn regions_and_zones(
    cells: &mut Grid<CellType>,
    xs: &[usize],
    ys: &[usize],
    rng: &mut GameRng,
) -> Option<Vec<Vec<Pos>>> {
    let (n, m) = (xs.len(), ys.len());
    // Block (i, j), 1 <= i < n, 1 <= j < m, lies between roads xs[i-1], xs[i] and ys[j-1], ys[j].
    let block = |i: usize, j: usize| (i - 1) * (m - 1) + (j - 1);
    let blocks = (n - 1) * (m - 1);
    let mut parent: Vec<usize> = (0..blocks).collect();
    let mut area: Vec<usize> = vec![0; blocks];
    for i in 1..n {
        for j in 1..m {
            area[block(i, j)] = (xs[i] - xs[i - 1] - 1) * (ys[j] - ys[j - 1] - 1);
        }
    }
    fn root(parent: &mut [usize], mut b: usize) -> usize {
        while parent[b] != b {
            parent[b] = parent[parent[b]];
            b = parent[b];
        }
        b
    }
    // Strips still road: below block (i, j) (between (i, j) and (i + 1, j)) and right of it.
    let mut below = vec![true; blocks];
    let mut right = vec![true; blocks];
    let target = rng.range(14, blocks.min(18) as i32) as usize;
    let mut count = blocks;
    while count > target {
        let mut best: Option<(usize, bool, usize, usize)> = None;
        for j in 1..m {
            for i in 1..n - 1 {
                let (a, b) = (root(&mut parent, block(i, j)), root(&mut parent, block(i + 1, j)));
                if below[block(i, j)] && a != b {
                    let size = area[a] + area[b] + ys[j] - ys[j - 1] - 1;
                    if best.is_none_or(|(s, ..)| size < s) {
                        best = Some((size, true, i, j));
                    }
                }
            }
        }
        for i in 1..n {
            for j in 1..m - 1 {
                let (a, b) = (root(&mut parent, block(i, j)), root(&mut parent, block(i, j + 1)));
                if right[block(i, j)] && a != b {
                    let size = area[a] + area[b] + xs[i] - xs[i - 1] - 1;
                    if best.is_none_or(|(s, ..)| size < s) {
                        best = Some((size, false, i, j));
                    }
                }
            }
        }
        let (size, vertical_pair, i, j) = best?;
        let a = root(&mut parent, block(i, j));
        if vertical_pair {
            below[block(i, j)] = false;
            let b = root(&mut parent, block(i + 1, j));
            parent[b] = a;
            for c in ys[j - 1] + 1..ys[j] {
                cells[Pos::new(xs[i] as i32, c as i32)] = CellType::Desert;
            }
        } else {
            right[block(i, j)] = false;
            let b = root(&mut parent, block(i, j + 1));
            parent[b] = a;
            for r in xs[i - 1] + 1..xs[i] {
                cells[Pos::new(r as i32, ys[j] as i32)] = CellType::Desert;
            }
        }
        area[a] = size;
        count -= 1;
    }
    let mut seen = Grid::new(SIZE, SIZE, false);
    let mut zones = Vec::new();
    for (i, &x) in xs.iter().enumerate().take(n).skip(1) {
        for (j, &y) in ys.iter().enumerate().take(m).skip(1) {
            if root(&mut parent, block(i, j)) == block(i, j) {
                zones.push(zone(cells, &mut seen, Pos::new(x as i32 - 2, y as i32 - 2)));
            }
        }
    }
    // Largest first; equal sizes by first cell, the later one first (the kit's order).
    zones.sort_by(|a, b| b.len().cmp(&a.len()).then(b[0].cmp(&a[0])));
    let (largest, smallest) = (zones[0].len(), zones[zones.len() - 1].len());
    (largest <= 300 && smallest >= 10).then_some(zones)
}

/// The desert cells 4-connected to `start` whose 8 neighbours are all desert, `start` first.
fn zone(cells: &Grid<CellType>, seen: &mut Grid<bool>, start: Pos) -> Vec<Pos> {
    let inner = |p: Pos| {
        KING.iter().all(|(di, dj)| cells.get(Pos::new(p.i + di, p.j + dj)).is_none_or(|&c| c == CellType::Desert))
    };
    let mut out = Vec::new();
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(p) = stack.pop() {
        if inner(p) {
            out.push(p);
        }
        for (di, dj) in FOUR_STEPS {
            let q = Pos::new(p.i + di, p.j + dj);
            if cells.get(q) == Some(&CellType::Desert) && !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    out
}

/// Splits the zones (largest first) into the 8 city zones and the lake zones: the 4 largest
/// get cities; from the smallest up, zones under 20 cells get lakes (at most regions − 8);
/// the smallest left complete the cities; the rest get lakes.
fn deal_zones(mut zones: Vec<Vec<Pos>>) -> (Vec<Vec<Pos>>, Vec<Vec<Pos>>) {
    let total = zones.len();
    let mut cities: Vec<Vec<Pos>> = Vec::new();
    let mut lakes: Vec<Vec<Pos>> = Vec::new();
    for z in zones.iter_mut().take(4) {
        cities.push(std::mem::take(z));
    }
    for z in zones.iter_mut().rev() {
        if !z.is_empty() && z.len() < 20 && lakes.len() < total - CITIES {
            lakes.push(std::mem::take(z));
        }
    }
    for z in zones.iter_mut().rev() {
        if !z.is_empty() && cities.len() < CITIES {
            cities.push(std::mem::take(z));
        }
    }
    lakes.extend(zones.into_iter().filter(|z| !z.is_empty()));
    (cities, lakes)
}

enum Growth {
    City(i8),
    Lake,
}

/// Grows a city (20..=min(zone, 40) cells, through 4-neighbours) or a lake (5..=min(zone, 15)
/// Water cells, through the 5 × 5 square without its corners) from a random zone cell, adding
/// each time a random cell among the neighbours of the cells grown so far. Returns what is left
/// of the zone for the walls: the cells never reached nor next (8-neighbours) to the grown ones.
/// `None` when the zone is too small, or its cells run out before the drawn size.
fn grow(d: &mut Draft, zone: &[Pos], kind: Growth, rng: &mut GameRng) -> Option<Vec<Pos>> {
    let q = zone.len();
    let (min, max) = match kind {
        Growth::City(_) => (20, 40),
        Growth::Lake => (5, 15),
    };
    if q < min {
        return None;
    }
    let mut state: std::collections::BTreeMap<Pos, u8> = zone.iter().map(|&p| (p, 0)).collect(); // 0 free, 1 reached, 2 grown
    let size = rng.range(min as i32, q.min(max) as i32) as usize;
    let mut last = zone[rng.index(q)];
    state.insert(last, 2);
    let mut grown = vec![last];
    let mut frontier: Vec<Pos> = Vec::new();
    let reach: Vec<(i32, i32)> = match kind {
        Growth::City(_) => FOUR_STEPS.to_vec(),
        Growth::Lake => (-2..=2)
            .flat_map(|a: i32| (-2..=2).map(move |b: i32| (a, b)))
            .filter(|(a, b)| (a * b).abs() < 4 && (*a, *b) != (0, 0))
            .collect(),
    };
    while grown.len() < size {
        for &(di, dj) in &reach {
            let p = Pos::new(last.i + di, last.j + dj);
            if state.get(&p) == Some(&0) {
                state.insert(p, 1);
                frontier.push(p);
            }
        }
        if frontier.is_empty() {
            return None;
        }
        last = frontier.swap_remove(rng.index(frontier.len()));
        state.insert(last, 2);
        grown.push(last);
    }
    for &p in &grown {
        match kind {
            Growth::City(owner) => {
                d.cells[p] = CellType::City;
                d.owners[p] = owner;
            }
            Growth::Lake => d.cells[p] = CellType::Water,
        }
    }
    let near_grown = |p: Pos| KING.iter().any(|(di, dj)| state.get(&Pos::new(p.i + di, p.j + dj)) == Some(&2));
    Some(zone.iter().copied().filter(|p| state[p] == 0 && !near_grown(*p)).collect())
}

/// Up to two walls across what is left of a zone, each through a random cell of it: one
/// vertical, one horizontal, each over the run of left cells through it, only if that run has at
/// least 4 cells; each of its cells becomes Wall with probability 7/8.
fn walls(cells: &mut Grid<CellType>, rest: &[Pos], rng: &mut GameRng) {
    if rest.is_empty() {
        return;
    }
    let set: std::collections::BTreeSet<Pos> = rest.iter().copied().collect();
    for (di, dj) in [(1, 0), (0, 1)] {
        let start = rest[rng.index(rest.len())];
        let mut run = vec![start];
        for sign in [1, -1] {
            let mut p = Pos::new(start.i + sign * di, start.j + sign * dj);
            while set.contains(&p) {
                run.push(p);
                p = Pos::new(p.i + sign * di, p.j + sign * dj);
            }
        }
        if run.len() >= 4 {
            run.sort();
            for p in run {
                if rng.below(8) != 0 {
                    cells[p] = CellType::Wall;
                }
            }
        }
    }
}

/// On each of the four sides, all but a random 3..=5 of the roads that reach it are cut back to
/// the outermost crossing road.
fn cut_edges(cells: &mut Grid<CellType>, xs: &[usize], ys: &[usize], rng: &mut GameRng) {
    let (n, m) = (xs.len(), ys.len());
    let size = SIZE as i32;
    let sides: [(&[usize], i32, i32, bool); 4] = [
        (xs, 0, ys[0] as i32, true),
        (xs, ys[m - 1] as i32 + 1, size, true),
        (ys, 0, xs[0] as i32, false),
        (ys, xs[n - 1] as i32 + 1, size, false),
    ];
    for (roads, from, to, horizontal) in sides {
        let keep = rng.range(3, 5) as usize;
        let cut = roads.len().saturating_sub(keep);
        let order = rng.permutation(roads.len());
        for &k in order.iter().take(cut) {
            let r = roads[k] as i32;
            for t in from..to {
                let p = if horizontal { Pos::new(r, t) } else { Pos::new(t, r) };
                cells[p] = CellType::Desert;
            }
        }
    }
}

/// 6..=min(8, candidates) random Station cells among the Road cells off the border with a Road
/// neighbour both vertically and horizontally. `None` with fewer than 6 candidates.
fn stations(cells: &mut Grid<CellType>, rng: &mut GameRng) -> Option<()> {
    let road = |i: i32, j: i32| cells[Pos::new(i, j)] == CellType::Road;
    let mut candidates = Vec::new();
    for i in 1..SIZE as i32 - 1 {
        for j in 1..SIZE as i32 - 1 {
            if road(i, j) && (road(i - 1, j) || road(i + 1, j)) && (road(i, j - 1) || road(i, j + 1)) {
                candidates.push(Pos::new(i, j));
            }
        }
    }
    if candidates.len() < 6 {
        return None;
    }
    let count = rng.range(6, candidates.len().min(8) as i32) as usize;
    let order = rng.permutation(candidates.len());
    for &k in order.iter().take(count) {
        cells[candidates[k]] = CellType::Station;
    }
    Some(())
}
