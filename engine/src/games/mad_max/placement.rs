//! Where captured units come back (`docs/games/mad-max.md`, "A round", step 4): captured
//! cars first, then captured warriors, each group in random order, each on a cell with no unit
//! within Chebyshev distance 4 (the 9 × 9 square), counting the units placed just before. Cars
//! go to a uniformly random such Road cell on the board's edge, warriors to such a Desert cell,
//! corners excluded; failing that, the same on the next ring inward, ring by ring, uniform
//! within the first ring that has one; failing that, any empty Desert or Road cell (never a
//! City), nearest ring to the edge first, uniform within it.

use super::board::CellType;
use super::state::State;
use crate::grid::Pos;
use crate::rng::GameRng;

/// Half the side of the safety square.
pub const REACH: i32 = 4;

/// How many units stand within [`REACH`] of each cell, kept up to date as units are placed.
struct Crowd {
    rows: i32,
    cols: i32,
    near: Vec<u16>,
}

impl Crowd {
    fn of(s: &State) -> Crowd {
        let (rows, cols) = (s.board.rows() as i32, s.board.cols() as i32);
        let mut c = Crowd { rows, cols, near: vec![0; (rows * cols) as usize] };
        for (k, &id) in s.unit_at.iter().enumerate() {
            if id >= 0 {
                c.add(s.board.pos(k));
            }
        }
        c
    }

    fn add(&mut self, p: Pos) {
        for i in (p.i - REACH).max(0)..=(p.i + REACH).min(self.rows - 1) {
            for j in (p.j - REACH).max(0)..=(p.j + REACH).min(self.cols - 1) {
                self.near[(i * self.cols + j) as usize] += 1;
            }
        }
    }

    fn safe(&self, p: Pos) -> bool {
        self.near[(p.i * self.cols + p.j) as usize] == 0
    }
}

/// The cells of ring `m` (distance `m` from the board's edge), row-major.
fn ring(rows: i32, cols: i32, m: i32) -> impl Iterator<Item = Pos> {
    (m..rows - m).flat_map(move |i| {
        let full = i == m || i == rows - 1 - m;
        let js: Vec<i32> = if full { (m..cols - m).collect() } else { vec![m, cols - 1 - m] };
        js.into_iter().map(move |j| Pos::new(i, j))
    })
}

/// Places the captured units (off the board, ids in `cars` and `warriors`).
pub fn respawn(s: &mut State, mut cars: Vec<usize>, mut warriors: Vec<usize>, rng: &mut GameRng) {
    if cars.is_empty() && warriors.is_empty() {
        return;
    }
    let mut crowd = Crowd::of(s);
    rng.shuffle(&mut cars);
    rng.shuffle(&mut warriors);
    for (ids, kind) in [(cars, CellType::Road), (warriors, CellType::Desert)] {
        for id in ids {
            let p = spot(s, &crowd, kind, rng);
            crowd.add(p);
            s.units[id].pos = p;
            let k = s.board.index(p);
            s.unit_at[k] = id as i32;
        }
    }
}

fn spot(s: &State, crowd: &Crowd, kind: CellType, rng: &mut GameRng) -> Pos {
    let (rows, cols) = (s.board.rows() as i32, s.board.cols() as i32);
    let corner = |p: Pos| (p.i == 0 || p.i == rows - 1) && (p.j == 0 || p.j == cols - 1);
    let rings = (rows.min(cols) + 1) / 2;
    let pick = |cells: Vec<Pos>, rng: &mut GameRng| (!cells.is_empty()).then(|| cells[rng.index(cells.len())]);
    for m in 0..rings {
        let cells: Vec<Pos> = ring(rows, cols, m)
            .filter(|&p| !(m == 0 && corner(p)) && s.board.at(p) == kind && crowd.safe(p) && s.is_free(p))
            .collect();
        if let Some(p) = pick(cells, rng) {
            return p;
        }
    }
    for m in 0..rings {
        let cells: Vec<Pos> = ring(rows, cols, m)
            .filter(|&p| matches!(s.board.at(p), CellType::Desert | CellType::Road) && s.is_free(p))
            .collect();
        if let Some(p) = pick(cells, rng) {
            return p;
        }
    }
    // Setup refuses a board with fewer Desert and Road cells than units, and the unit being
    // placed is off the board.
    unreachable!("no empty Desert or Road cell for a {kind:?} unit");
}

/// A captured unit's new team and full food, water or fuel; it leaves the board at once.
pub fn capture(s: &mut State, id: usize, player: usize, captured: &mut [bool]) {
    let (food, water) = s.refill(s.units[id].kind);
    let u = &mut s.units[id];
    u.player = player;
    u.food = food;
    u.water = water;
    let k = s.board.index(u.pos);
    s.unit_at[k] = -1;
    captured[id] = true;
}
