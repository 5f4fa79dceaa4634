//! Virus propagation (statement steps 1 to 3). The replay reader uses the same function to
//! rebuild virus levels from the recorded sources, so there is one implementation.

use super::board::Board;
use super::params::VIRUS_PER_SOURCE;

/// One round of virus: +3 on every source cell, then each non-wall cell takes the maximum of
/// its own level and its same-region neighbours' levels, minus one, capped at 4 (grass) or 10
/// (city, path) and at 0 from below. `scratch` is reused between calls.
///
/// Most cells hold no virus, so instead of gathering from the neighbours of every cell, each
/// cell with a level `v >= 2` pushes `v - 1` to itself and its same-region neighbours; every
/// other cell ends at 0. Both give the same maximum.
pub fn spread(board: &Board, virus: &mut [u8], sources: &[u32], scratch: &mut Vec<u8>) {
    scratch.clear();
    scratch.extend_from_slice(virus);
    for &c in sources {
        scratch[c as usize] = scratch[c as usize].saturating_add(VIRUS_PER_SOURCE);
    }
    virus.fill(0);
    let cols = board.cols();
    let region = board.regions();
    let cap = board.virus_caps();
    let old = &scratch[..];
    let mut push = |n: usize, r: u8, v: u8| {
        if region[n] == r {
            let v = v.min(cap[n]);
            if v > virus[n] {
                virus[n] = v;
            }
        }
    };
    // Skip zero runs eight cells at a time.
    let mut base = 0;
    for chunk in old.chunks(8) {
        if chunk.iter().all(|&v| v <= 1) {
            base += chunk.len();
            continue;
        }
        for (off, &v) in chunk.iter().enumerate() {
            if v <= 1 {
                continue;
            }
            let k = base + off;
            let r = region[k];
            if r == 0 {
                continue;
            }
            // Non-wall cells are never on the outer (wall) ring, so neighbours are in bounds.
            push(k, r, v - 1);
            push(k - cols, r, v - 1);
            push(k + cols, r, v - 1);
            push(k - 1, r, v - 1);
            push(k + 1, r, v - 1);
        }
        base += chunk.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pandemic::board::CellType;
    use crate::grid::{Grid, Pos};

    /// The statement's rule, written the plain way: gather from neighbours.
    fn reference(board: &Board, virus: &[u8], sources: &[u32]) -> Vec<u8> {
        let mut old = virus.to_vec();
        for &c in sources {
            old[c as usize] += 3;
        }
        let mut new = vec![0u8; old.len()];
        for p in board.cell_types().positions() {
            let k = board.index(p);
            let t = board.cell(p);
            if t == CellType::Wall {
                continue;
            }
            let mut m = i32::from(old[k]) - 1;
            for d in crate::grid::Dir::MOVES {
                let q = p.step(d);
                if board.contains(q) && board.cell(q) != CellType::Wall && board.cell(q).is_urban() == t.is_urban() {
                    m = m.max(i32::from(old[board.index(q)]) - 1);
                }
            }
            let cap = if t.is_urban() { 10 } else { 4 };
            new[k] = m.clamp(0, cap) as u8;
        }
        new
    }

    #[test]
    fn scatter_equals_the_plain_rule() {
        let mut rng = crate::rng::GameRng::new(5, crate::rng::Stream::Board);
        let mut cells = Grid::new(24, 24, CellType::Grass);
        for p in cells.positions().collect::<Vec<_>>() {
            if p.i == 0 || p.j == 0 || p.i == 23 || p.j == 23 {
                cells[p] = CellType::Wall;
            } else if (5..9).contains(&p.i) && (5..9).contains(&p.j) {
                cells[p] = CellType::City;
            } else if p.i == 7 && (9..17).contains(&p.j) {
                cells[p] = CellType::Path;
            } else if (15..18).contains(&p.i) && (15..18).contains(&p.j) {
                cells[p] = CellType::City;
            } else if p.j == 16 && (8..15).contains(&p.i) {
                cells[p] = CellType::Path;
            } else if p.i == 12 && (2..8).contains(&p.j) {
                cells[p] = CellType::Wall;
            }
        }
        let board = Board::from_cells(cells).unwrap();
        let mut virus = vec![0u8; 24 * 24];
        let mut scratch = Vec::new();
        for _ in 0..200 {
            let sources: Vec<u32> = (0..6)
                .map(|_| board.index(Pos::new(rng.range(1, 22), rng.range(1, 22))) as u32)
                .filter(|&c| board.regions()[c as usize] != 0)
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let expected = reference(&board, &virus, &sources);
            spread(&board, &mut virus, &sources, &mut scratch);
            assert_eq!(virus, expected);
        }
        assert!(virus.iter().any(|&v| v > 4), "urban cells should exceed the grass cap");
    }
}
