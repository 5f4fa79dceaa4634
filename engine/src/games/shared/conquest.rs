//! What Pandemic and Ork Island share: boards of cities (4-connected CITY groups) joined by paths
//! (4-connected PATH groups touching exactly two cities), conquered by strict majority of units,
//! and scored per owned cell plus f × 2^s per connected component of s cities in a player's
//! graph of conquests.

use crate::game::{BoardStat, NB_PLAYERS};
use crate::grid::{Dir, Grid, Pos};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

/// A path: its cells (city cells excluded) and the ids of the two cities it joins (smaller first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathInfo {
    pub ends: (usize, usize),
    pub cells: Vec<Pos>,
}

/// What the kits' board statistics count for a board of cities and paths
/// (`docs/boards.md`): cities, their cells, paths, their cells, the connected
/// components of the city graph (cities joined by paths; a lone city is a component), the largest
/// one in cities, and the cells never entered (`blocked`: WALL, WATER).
pub fn region_stats<T: Terrain>(r: &Regions<T>, blocked: &'static str) -> Vec<BoardStat> {
    let n = r.cities().len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for p in r.paths() {
        let (a, b) = (root(&mut parent, p.ends.0), root(&mut parent, p.ends.1));
        parent[a] = b;
    }
    let mut size = vec![0usize; n];
    for c in 0..n {
        let top = root(&mut parent, c);
        size[top] += 1;
    }
    let stat = |name, value: usize| BoardStat { name, value: value as f64 };
    let blocked_cells = r.cell_types().cells().iter().filter(|&&t| t == T::OFF_BOARD).count();
    vec![
        stat("cities", n),
        stat("city cells", r.cities().iter().map(Vec::len).sum()),
        stat("paths", r.paths().len()),
        stat("path cells", r.paths().iter().map(|p| p.cells.len()).sum()),
        stat("components", size.iter().filter(|&&s| s > 0).count()),
        stat("largest component", size.iter().copied().max().unwrap_or(0)),
        stat(blocked, blocked_cells),
    ]
}

/// A game's cell types, as far as the shared board needs them.
pub trait Terrain: Copy + PartialEq + std::fmt::Debug + 'static {
    /// What positions off the board read as (WALL, WATER): never entered.
    const OFF_BOARD: Self;
    const CITY: Self;
    const PATH: Self;
    /// The code in views and replays.
    fn code(self) -> u8;
    fn from_code(code: u8) -> Option<Self>;
}

/// Why cells do not make a board of cities and paths.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the path through {at} touches {touching} cities; a path must join exactly two")]
pub struct PathEndsError {
    pub at: Pos,
    pub touching: usize,
}

/// The static board every conquest game has: cell types, cities (4-connected CITY groups) and
/// paths (4-connected PATH groups, each joining two cities). Each game's `Board` wraps it, adds
/// what only it needs and checks its own rules (border, connectivity), and derefs to it for
/// these shared accessors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions<T> {
    cells: Grid<T>,
    city_id: Grid<i16>,
    path_id: Grid<i16>,
    cities: Vec<Vec<Pos>>,
    paths: Vec<PathInfo>,
}

impl<T: Terrain> Regions<T> {
    /// From cell types alone (FIXED boards): cities and paths numbered in row-major order of
    /// their first cell, each path's ends found from the cities it touches.
    pub fn from_cells(cells: Grid<T>) -> Result<Regions<T>, PathEndsError> {
        let cities = components(&cells, |&t| t == T::CITY);
        let mut city_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, city) in cities.iter().enumerate() {
            for &p in city {
                city_id[p] = id as i16;
            }
        }
        let mut paths = Vec::new();
        for group in components(&cells, |&t| t == T::PATH) {
            let touching = touched_cities(&group, &city_id);
            if touching.len() != 2 {
                return Err(PathEndsError { at: group[0], touching: touching.len() });
            }
            paths.push(PathInfo { ends: (touching[0], touching[1]), cells: group });
        }
        Ok(Regions::from_parts(cells, cities, paths))
    }

    /// From explicit cities and paths (a generator's output, a replay). Their cells must have the
    /// matching type.
    pub fn from_parts(cells: Grid<T>, cities: Vec<Vec<Pos>>, paths: Vec<PathInfo>) -> Regions<T> {
        let mut city_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, city) in cities.iter().enumerate() {
            for &p in city {
                debug_assert_eq!(cells[p], T::CITY);
                city_id[p] = id as i16;
            }
        }
        let mut path_id = Grid::new(cells.rows(), cells.cols(), -1i16);
        for (id, path) in paths.iter().enumerate() {
            for &p in &path.cells {
                debug_assert_eq!(cells[p], T::PATH);
                path_id[p] = id as i16;
            }
        }
        Regions { cells, city_id, path_id, cities, paths }
    }

    /// The first cell not [`Terrain::OFF_BOARD`] (row-major) that is not 4-connected to the
    /// first such cell.
    pub fn first_unreachable(&self) -> Option<Pos> {
        let open = |p: Pos| self.cells.get(p).is_some_and(|&c| c != T::OFF_BOARD);
        let start = self.cells.positions().find(|&p| open(p))?;
        let mut seen = Grid::new(self.rows(), self.cols(), false);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(p) = stack.pop() {
            for d in Dir::MOVES {
                let q = p.step(d);
                if open(q) && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        self.cells.positions().find(|&p| open(p) && !seen[p])
    }

    /// The first cell of the outer ring that is not [`Terrain::OFF_BOARD`].
    pub fn first_open_border(&self) -> Option<Pos> {
        let (rows, cols) = (self.rows(), self.cols());
        self.cells.positions().find(|&p| {
            let border = p.i == 0 || p.j == 0 || p.i as usize == rows - 1 || p.j as usize == cols - 1;
            border && self.cells[p] != T::OFF_BOARD
        })
    }

    pub fn rows(&self) -> usize {
        self.cells.rows()
    }

    pub fn cols(&self) -> usize {
        self.cells.cols()
    }

    pub fn contains(&self, p: Pos) -> bool {
        self.cells.contains(p)
    }

    pub fn index(&self, p: Pos) -> usize {
        self.cells.index(p)
    }

    pub fn pos(&self, index: usize) -> Pos {
        self.cells.pos(index)
    }

    /// The cell type; positions off the board read as [`Terrain::OFF_BOARD`].
    pub fn cell(&self, p: Pos) -> T {
        self.cells.get(p).copied().unwrap_or(T::OFF_BOARD)
    }

    pub fn cell_types(&self) -> &Grid<T> {
        &self.cells
    }

    /// The city id of a cell, if it is a city cell.
    pub fn city_at(&self, p: Pos) -> Option<usize> {
        self.city_id.get(p).and_then(|&c| usize::try_from(c).ok())
    }

    /// The path id of a cell, if it is a path cell.
    pub fn path_at(&self, p: Pos) -> Option<usize> {
        self.path_id.get(p).and_then(|&c| usize::try_from(c).ok())
    }

    pub fn cities(&self) -> &[Vec<Pos>] {
        &self.cities
    }

    pub fn paths(&self) -> &[PathInfo] {
        &self.paths
    }
}

/// The points an owner gets every round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bonuses {
    pub per_city_cell: i64,
    pub per_path_cell: i64,
    /// f in f × 2^s per connected component of s cities.
    pub factor_connected_component: i64,
}

/// The player with strictly more units than every other among `counts`, if any.
pub fn majority(counts: &[u32; NB_PLAYERS]) -> Option<usize> {
    let best = (0..NB_PLAYERS).max_by_key(|&p| (counts[p], std::cmp::Reverse(p)))?;
    let unique = counts[best] > 0 && (0..NB_PLAYERS).all(|p| p == best || counts[p] < counts[best]);
    unique.then_some(best)
}

/// Moves ownership to the strict majority of each city and path (`units` gives every unit's
/// player and position; a tie keeps the owner). Owners are -1 when none.
pub fn update_owners(
    units: impl Iterator<Item = (usize, Pos)>,
    city_at: impl Fn(Pos) -> Option<usize>,
    path_at: impl Fn(Pos) -> Option<usize>,
    city_owner: &mut [i8],
    path_owner: &mut [i8],
) {
    let mut city_counts = vec![[0u32; NB_PLAYERS]; city_owner.len()];
    let mut path_counts = vec![[0u32; NB_PLAYERS]; path_owner.len()];
    for (player, pos) in units {
        if let Some(c) = city_at(pos) {
            city_counts[c][player] += 1;
        } else if let Some(q) = path_at(pos) {
            path_counts[q][player] += 1;
        }
    }
    for (owner, counts) in city_owner.iter_mut().zip(&city_counts) {
        if let Some(p) = majority(counts) {
            *owner = p as i8;
        }
    }
    for (owner, counts) in path_owner.iter_mut().zip(&path_counts) {
        if let Some(p) = majority(counts) {
            *owner = p as i8;
        }
    }
}

/// The points each player gets this round for the current owners.
pub fn round_points(
    bonus: &Bonuses,
    cities: &[Vec<Pos>],
    paths: &[PathInfo],
    city_owner: &[i8],
    path_owner: &[i8],
) -> [i64; NB_PLAYERS] {
    let mut points = [0i64; NB_PLAYERS];
    for (city, &owner) in cities.iter().zip(city_owner) {
        if let Ok(p) = usize::try_from(owner) {
            points[p] += bonus.per_city_cell * city.len() as i64;
        }
    }
    // Union-find over cities, joined by paths whose owner also owns both ends.
    let mut parent: Vec<usize> = (0..cities.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (path, &owner) in paths.iter().zip(path_owner) {
        let Ok(p) = usize::try_from(owner) else { continue };
        points[p] += bonus.per_path_cell * path.cells.len() as i64;
        let (a, b) = path.ends;
        if city_owner[a] == owner && city_owner[b] == owner {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        }
    }
    let mut size = vec![0u32; parent.len()];
    for (c, &owner) in city_owner.iter().enumerate() {
        if owner >= 0 {
            let r = find(&mut parent, c);
            size[r] += 1;
        }
    }
    for (root, &n) in size.iter().enumerate() {
        if n > 0 {
            let p = city_owner[root] as usize;
            // 2^s saturates: a FIXED board may hold a component of 63+ cities.
            let component = if n >= 63 { i64::MAX } else { 1i64 << n };
            points[p] = points[p].saturating_add(bonus.factor_connected_component.saturating_mul(component));
        }
    }
    points
}

/// The 4 directions of the kits' curves, in their order (S, E, N, W): a curve turns by ±1 in
/// this list, so the order fixes which way a blocked curve tries first.
pub const CURVE_DIRS4: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// The 8 directions of the kits' curves (SW, S, SE, E, NE, N, NW, W), for Ork Island's rivers.
pub const CURVE_DIRS8: [(i32, i32); 8] = [(1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)];

/// A smooth curve as the kits grow paths, walls and rivers. It starts at `start` heading in a
/// random direction of `dirs`; each step first tries a direction drawn uniformly among "turn
/// one way", "straight on" and "turn the other way", then those three in that order, and takes
/// the first whose cell `ok(from, to)` accepts; the curve ends when none is accepted. It never
/// turns by more than one notch, so it keeps its heading while it can: a curve aimed at a cell
/// that starts heading away from it may stall early.
///
/// `visit` sees every cell of the curve in order, `start` included; when it returns false the
/// curve is dropped at once and `smooth_curve` returns false (the caller only wants curves all of
/// whose cells pass). `ok` must only accept cells strictly farther along some measure (closer to
/// a target, farther from a source), so a curve never comes back to a cell.
pub fn smooth_curve(
    rng: &mut GameRng,
    start: Pos,
    dirs: &[(i32, i32)],
    mut ok: impl FnMut(Pos, Pos) -> bool,
    mut visit: impl FnMut(Pos) -> bool,
) -> bool {
    let d = dirs.len();
    let mut k = rng.index(d);
    let mut cur = start;
    loop {
        if !visit(cur) {
            return false;
        }
        // The random try, then turn -1, straight, turn +1 (indices k + d - 1, k, k + 1 mod d).
        let first = k + d - 1 + rng.index(3);
        let next = std::iter::once(first)
            .chain([k + d - 1, k + d, k + d + 1])
            .map(|kk| kk % d)
            .find(|&kk| ok(cur, Pos::new(cur.i + dirs[kk].0, cur.j + dirs[kk].1)));
        let Some(kk) = next else { return true };
        k = kk;
        cur = Pos::new(cur.i + dirs[k].0, cur.j + dirs[k].1);
    }
}

/// A kit path or wall line from `from` towards `to`: a [`smooth_curve`] of 4-neighbour steps,
/// each strictly closer to `to` (Euclidean). The steps stay inside the bounding box of the two
/// cells. True when it reaches `to` and `visit` accepted every cell.
pub fn curve_towards(rng: &mut GameRng, from: Pos, to: Pos, mut visit: impl FnMut(Pos) -> bool) -> bool {
    let dist2 = |p: Pos| (p.i - to.i).pow(2) + (p.j - to.j).pow(2);
    let mut last = from;
    let whole = smooth_curve(
        rng,
        from,
        &CURVE_DIRS4,
        |a, b| dist2(b) < dist2(a),
        |p| {
            last = p;
            visit(p)
        },
    );
    whole && last == to
}

/// 4-connected groups of cells where `is` holds, each sorted row-major, groups ordered by their
/// first cell.
pub fn components<T>(cells: &Grid<T>, is: impl Fn(&T) -> bool) -> Vec<Vec<Pos>> {
    let mut seen = Grid::new(cells.rows(), cells.cols(), false);
    let mut groups = Vec::new();
    for start in cells.positions() {
        if !is(&cells[start]) || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![start];
        let mut k = 0;
        while k < group.len() {
            let p = group[k];
            k += 1;
            for d in Dir::MOVES {
                let q = p.step(d);
                if cells.get(q).is_some_and(&is) && !seen[q] {
                    seen[q] = true;
                    group.push(q);
                }
            }
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// The cities a group of path cells touches (4-neighbours), ascending.
pub fn touched_cities(group: &[Pos], city_id: &Grid<i16>) -> Vec<usize> {
    let mut touching: Vec<usize> = Vec::new();
    for &p in group {
        for d in Dir::MOVES {
            if let Some(&c) = city_id.get(p.step(d)) {
                if c >= 0 && !touching.contains(&(c as usize)) {
                    touching.push(c as usize);
                }
            }
        }
    }
    touching.sort_unstable();
    touching
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majority_is_strict() {
        assert_eq!(majority(&[0, 0, 0, 0]), None);
        assert_eq!(majority(&[2, 2, 0, 0]), None);
        assert_eq!(majority(&[1, 3, 2, 0]), Some(1));
        assert_eq!(majority(&[0, 0, 0, 1]), Some(3));
    }

    #[test]
    fn components_of_three_cities_score_two_to_the_three() {
        let cities =
            vec![vec![Pos::new(0, 0); 4], vec![Pos::new(0, 0); 2], vec![Pos::new(0, 0); 6], vec![Pos::new(0, 0)]];
        let paths = vec![
            PathInfo { ends: (0, 1), cells: vec![Pos::new(0, 0); 5] },
            PathInfo { ends: (1, 2), cells: vec![Pos::new(0, 0); 3] },
            PathInfo { ends: (2, 3), cells: vec![Pos::new(0, 0); 7] },
        ];
        let bonus = Bonuses { per_city_cell: 1, per_path_cell: 1, factor_connected_component: 2 };
        // Player 0: cities 0, 1, 2 joined by its paths 0 and 1; player 1: city 3 and path 2
        // (whose other end it does not own: cells only).
        let points = round_points(&bonus, &cities, &paths, &[0, 0, 0, 1], &[0, 0, 1]);
        assert_eq!(points[0], 12 + 8 + 2 * 8);
        assert_eq!(points[1], 1 + 7 + 2 * 2);
        assert_eq!(points[2..], [0, 0]);
    }
}
