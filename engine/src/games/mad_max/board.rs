//! The static board: a cell type per cell, and the cities (4-connected groups of City cells),
//! numbered in row-major order of their first cell. Who owns a city changes during a match and
//! lives in the state.

use crate::games::shared::chains::{groups, EIGHT_STEPS, FOUR_STEPS};
use crate::grid::{Grid, Pos};

/// The kit's `CellType`, with its codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum CellType {
    Desert = 0,
    Road = 1,
    City = 2,
    Water = 3,
    Station = 4,
    Wall = 5,
}

impl CellType {
    pub const ALL: [CellType; 6] =
        [CellType::Desert, CellType::Road, CellType::City, CellType::Water, CellType::Station, CellType::Wall];

    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(c: u8) -> Option<CellType> {
        CellType::ALL.get(c as usize).copied()
    }

    /// Cars drive on desert and roads.
    pub fn car_can_enter(self) -> bool {
        matches!(self, CellType::Desert | CellType::Road)
    }

    /// Warriors walk on desert, roads and cities.
    pub fn warrior_can_enter(self) -> bool {
        matches!(self, CellType::Desert | CellType::Road | CellType::City)
    }
}

/// The 8 neighbours of a cell, in the kit's `Dir` order.
pub const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Grid<CellType>,
    cities: Vec<Vec<Pos>>,
    /// City index per cell, -1 off cities.
    city_at: Vec<i16>,
    /// Whether a Water (resp. Station) cell is among a cell's 8 neighbours.
    near_water: Vec<bool>,
    near_station: Vec<bool>,
}

/// The most cells a board may have: cities are numbered with i16, and 65536 cells hold at most
/// 32768 cities (a checkerboard). Parameters allow 200 × 200.
pub const MAX_CELLS: usize = 1 << 16;

impl Board {
    /// A board of these cells; at most [`MAX_CELLS`] of them.
    pub fn new(cells: Grid<CellType>) -> Board {
        assert!(cells.rows() * cells.cols() <= MAX_CELLS, "a board has at most 65536 cells");
        let is_city = grid_of(&cells, |c| c == CellType::City);
        let mut city_at = vec![-1i16; cells.rows() * cells.cols()];
        let mut cities: Vec<Vec<Pos>> = Vec::new();
        for p in cells.positions() {
            let k = cells.index(p);
            if cells[p] != CellType::City || city_at[k] >= 0 {
                continue;
            }
            let id = cities.len() as i16;
            let mut group = vec![p];
            city_at[k] = id;
            let mut next = 0;
            while next < group.len() {
                let q = group[next];
                next += 1;
                for (di, dj) in FOUR_STEPS {
                    let r = Pos::new(q.i + di, q.j + dj);
                    if is_city.get(r) == Some(&true) && city_at[cells.index(r)] < 0 {
                        city_at[cells.index(r)] = id;
                        group.push(r);
                    }
                }
            }
            group.sort();
            cities.push(group);
        }
        let near = |t: CellType| -> Vec<bool> {
            cells
                .positions()
                .map(|p| KING.iter().any(|(di, dj)| cells.get(Pos::new(p.i + di, p.j + dj)) == Some(&t)))
                .collect()
        };
        let near_water = near(CellType::Water);
        let near_station = near(CellType::Station);
        Board { cells, cities, city_at, near_water, near_station }
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

    pub fn pos(&self, k: usize) -> Pos {
        self.cells.pos(k)
    }

    /// The type of a cell on the board.
    pub fn at(&self, p: Pos) -> CellType {
        self.cells[p]
    }

    /// The type of a cell, `None` off the board.
    pub fn get(&self, p: Pos) -> Option<CellType> {
        self.cells.get(p).copied()
    }

    pub fn cells(&self) -> &Grid<CellType> {
        &self.cells
    }

    /// The cities, each its cells in row-major order.
    pub fn cities(&self) -> &[Vec<Pos>] {
        &self.cities
    }

    /// The city a cell belongs to.
    pub fn city_of(&self, p: Pos) -> Option<usize> {
        let c = self.city_at[self.index(p)];
        (c >= 0).then_some(c as usize)
    }

    pub fn near_water(&self, p: Pos) -> bool {
        self.near_water[self.index(p)]
    }

    pub fn near_station(&self, p: Pos) -> bool {
        self.near_station[self.index(p)]
    }

    /// Whether a cell is on the board's outer ring.
    pub fn on_edge(&self, p: Pos) -> bool {
        p.i == 0 || p.j == 0 || p.i == self.rows() as i32 - 1 || p.j == self.cols() as i32 - 1
    }

    /// How many cells of a type the board has.
    pub fn count(&self, t: CellType) -> usize {
        self.cells.cells().iter().filter(|&&c| c == t).count()
    }

    /// Sizes of the groups of cells satisfying `f`, connected by `steps`.
    pub fn groups_of(&self, f: impl Fn(CellType) -> bool, steps: &[(i32, i32)]) -> Vec<usize> {
        groups(&grid_of(&self.cells, f), true, steps)
    }

    /// Sizes of the lakes: 8-connected groups of Water cells.
    pub fn lakes(&self) -> Vec<usize> {
        self.groups_of(|c| c == CellType::Water, &EIGHT_STEPS)
    }
}

fn grid_of(cells: &Grid<CellType>, f: impl Fn(CellType) -> bool) -> Grid<bool> {
    let mut g = Grid::new(cells.rows(), cells.cols(), false);
    for p in cells.positions() {
        g[p] = f(cells[p]);
    }
    g
}
