//! FIXED Mad Max boards in `.cnf` files, in the kit's layout: after `FIXED`, `rows` lines of
//! `cols` characters (row and column labels allowed, as in every Arena game):
//! `.` Desert, `R` Road, `W` Water, `S` Station, `X` Wall, `0`..`3` a City cell owned by that
//! player. Units are always placed by the rule of a generated board (`setup.rs`).
//!
//! The kit's checks: every 4-neighbour of a City cell is Desert or City of the same owner (so
//! each city has one owner), no City cell on the board's edge, `nb_cities` cities with
//! `nb_cities / 4` per player and room for each player's warriors, and at least `4 × nb_cars`
//! Road cells on the edge.

use super::board::CellType;
use super::params::Params;
use super::setup;
use super::state::State;
use crate::cnf::CnfError;
use crate::game::SetupError;
use crate::games::shared::chains::FOUR_STEPS;
use crate::games::shared::fixed_grid;
use crate::grid::{Grid, Pos};
use crate::rng::GameRng;

fn cell(c: char) -> Option<(CellType, i8)> {
    Some(match c {
        '.' => (CellType::Desert, -1),
        'R' => (CellType::Road, -1),
        'W' => (CellType::Water, -1),
        'S' => (CellType::Station, -1),
        'X' => (CellType::Wall, -1),
        '0'..='3' => (CellType::City, c as i8 - b'0' as i8),
        _ => return None,
    })
}

/// The state a FIXED board describes.
pub fn state(params: &Params, lines: &[(usize, String)], rng: &mut GameRng) -> Result<State, SetupError> {
    let (grid, last_line, sections) = fixed_grid::parse(
        params.rows,
        params.cols,
        lines,
        (CellType::Desert, -1),
        cell,
        "`.` desert, `R` road, `W` water, `S` station, `X` wall, `0`..`3` a city cell of that player",
        &[],
    )?;
    if let Some(sec) = sections.first() {
        return Err(
            CnfError::new(sec.line, format!("unexpected `{}`: a Mad Max board has no sections", sec.name)).into()
        );
    }
    let err = |msg: String| SetupError::from(CnfError::new(last_line, msg));
    let mut cells = Grid::new(params.rows, params.cols, CellType::Desert);
    let mut owners = Grid::new(params.rows, params.cols, -1i8);
    for p in grid.positions() {
        (cells[p], owners[p]) = grid[p];
    }
    for p in cells.positions().filter(|&p| cells[p] == CellType::City) {
        if p.i == 0 || p.j == 0 || p.i == params.rows as i32 - 1 || p.j == params.cols as i32 - 1 {
            return Err(err(format!("the city cell at row {}, column {} is on the board's edge", p.i, p.j)));
        }
        for (di, dj) in FOUR_STEPS {
            let q = Pos::new(p.i + di, p.j + dj);
            let ok = match cells[q] {
                CellType::Desert => true,
                CellType::City => owners[q] == owners[p],
                _ => false,
            };
            if !ok {
                return Err(err(format!(
                    "the city cell at row {}, column {} (player {}) touches {} at row {}, column {}: a city is surrounded by desert or its own cells",
                    p.i,
                    p.j,
                    owners[p],
                    describe(cells[q], owners[q]),
                    q.i,
                    q.j
                )));
            }
        }
    }
    setup::initial_state(params.clone(), cells, &owners, rng).map_err(|e| match e {
        SetupError::Other(m) => err(m),
        other => other,
    })
}

fn describe(t: CellType, owner: i8) -> String {
    match t {
        CellType::City => format!("a city cell of player {owner}"),
        t => format!("{t:?}").to_lowercase(),
    }
}
