//! What never changes during a match: open cells, the regions (cities, then paths) and, per
//! region, every cell's walking distance to it (walls block, units do not).

use arena_bot::pandemic::{CellType, Game, Pos};

/// Distance of a cell that cannot reach (or was not searched).
pub const FAR: u16 = u16::MAX;

/// Distance fields are kept for at most this many cells in all (regions × cells), 32 MiB.
const FIELD_BUDGET: usize = 16 << 20;

/// A city or a path.
pub struct Region {
    /// Row-major cell indices.
    pub cells: Vec<u32>,
    /// A path's two end cities (region ids); `None` for a city.
    pub ends: Option<(usize, usize)>,
}

/// The board, once.
pub struct Map {
    pub cols: usize,
    /// Row-major offsets of the neighbours, in `Dir::MOVES` order.
    pub step: [isize; 4],
    /// Open cell (not wall, not on the outer ring, so its four neighbours exist).
    pub open: Vec<bool>,
    /// Region of each cell, or `None`.
    pub region_of: Vec<Option<u16>>,
    /// Cities `0..nb_cities`, then paths.
    pub regions: Vec<Region>,
    pub nb_cities: usize,
    /// Per region, per cell: distance to the region's nearest cell.
    fields: Vec<u16>,
    n: usize,
}

impl Map {
    pub fn new(g: &Game) -> Map {
        let (rows, cols) = (g.rows() as usize, g.cols() as usize);
        let n = rows * cols;
        let open: Vec<bool> = (0..n)
            .map(|k| {
                let (i, j) = (k / cols, k % cols);
                i > 0 && j > 0 && i + 1 < rows && j + 1 < cols && g.cell_types()[k] != CellType::Wall
            })
            .collect();
        let cells =
            |list: &[Pos]| -> Vec<u32> { list.iter().filter_map(|&p| g.cell_index(p)).map(|k| k as u32).collect() };
        let nb_cities = g.nb_cities();
        let mut regions: Vec<Region> = (0..nb_cities).map(|c| Region { cells: cells(g.city(c)), ends: None }).collect();
        for t in 0..g.nb_paths() {
            let p = g.path(t);
            regions.push(Region { cells: cells(&p.cells), ends: Some(p.ends) });
        }
        let mut region_of = vec![None; n];
        for (r, reg) in regions.iter().enumerate() {
            for &k in &reg.cells {
                region_of[k as usize] = Some(r as u16);
            }
        }
        let mut map = Map {
            cols,
            step: [cols as isize, 1, -(cols as isize), -1],
            open,
            region_of,
            regions,
            nb_cities,
            fields: Vec::new(),
            n,
        };
        // Regions past the budget get no field: they read as unreachable and are ignored.
        let kept = map.regions.len().min(FIELD_BUDGET / n.max(1));
        map.fields = vec![FAR; kept * n];
        let mut queue = Vec::with_capacity(n);
        for r in 0..kept {
            let mut field = std::mem::take(&mut map.fields);
            let f = &mut field[r * n..(r + 1) * n];
            queue.clear();
            for &k in &map.regions[r].cells {
                if map.open[k as usize] {
                    f[k as usize] = 0;
                    queue.push(k);
                }
            }
            map.spread(f, &mut queue, FAR - 1);
            map.fields = field;
        }
        map
    }

    /// Breadth-first search over open cells from `queue` (cells already at their distance in
    /// `dist`, others `FAR`), up to distance `limit`.
    pub fn spread(&self, dist: &mut [u16], queue: &mut Vec<u32>, limit: u16) {
        let mut head = 0;
        while head < queue.len() {
            let k = queue[head] as usize;
            head += 1;
            let d = dist[k];
            if d >= limit {
                continue;
            }
            for s in self.step {
                let q = k.wrapping_add_signed(s);
                if self.open[q] && dist[q] == FAR {
                    dist[q] = d + 1;
                    queue.push(q as u32);
                }
            }
        }
    }

    /// Distance from cell `k` to region `r`.
    pub fn dist(&self, r: usize, k: usize) -> u16 {
        self.fields.get(r * self.n + k).copied().unwrap_or(FAR)
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the board has no cells.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The neighbour of open cell `k` in direction number `s` (`Dir::MOVES[s]`).
    pub fn next(&self, k: usize, s: usize) -> usize {
        k.wrapping_add_signed(self.step[s])
    }

    /// Manhattan distance between two cells.
    pub fn manhattan(&self, a: usize, b: usize) -> u16 {
        let (ai, aj, bi, bj) = (a / self.cols, a % self.cols, b / self.cols, b % self.cols);
        (ai.abs_diff(bi) + aj.abs_diff(bj)) as u16
    }
}
