//! FIXED Ork Island boards in `.cnf` files (the shared grid layout of
//! [`crate::games::shared::fixed_grid`]):
//!
//! ```text
//! FIXED
//!    0000000000111111111122
//!    0123456789012345678901      <- column labels: lines of digits and spaces, skipped
//! 00 WWWWWWWWWWWWWWWWWWWWWW      <- `rows` lines: an optional row label, then `cols` cells
//! 01 W....CCC....PPPP..FF.W         W water, . grass, F forest, S sand, C city, P path
//! ...
//! orks 60                         <- optional: every ork; otherwise placed as in a random match
//! id player row col health
//! 0 0 1 1 100
//! ...
//! ```
//! Cities are the 4-connected groups of `C`, paths the groups of `P`; each path must touch
//! exactly two cities. Orks must be `nb_players x nb_orks`, ids 0.., `nb_orks` per player.

use super::board::{Board, CellType};
use super::params::Params;
use super::state::{Ork, State};
use crate::cnf::CnfError;
use crate::games::shared::fixed_grid;

/// A FIXED board, and its orks if the file lists them.
pub struct FixedBoard {
    pub board: Board,
    pub orks: Option<Vec<Ork>>,
}

fn cell_type(c: char) -> Option<CellType> {
    match c {
        'W' => Some(CellType::Water),
        '.' => Some(CellType::Grass),
        'F' => Some(CellType::Forest),
        'S' => Some(CellType::Sand),
        'C' => Some(CellType::City),
        'P' => Some(CellType::Path),
        _ => None,
    }
}

pub fn parse(params: &Params, lines: &[(usize, String)]) -> Result<FixedBoard, CnfError> {
    let (cells, last_line, sections) = fixed_grid::parse(
        params.rows,
        params.cols,
        lines,
        CellType::Water,
        cell_type,
        "W water, . grass, F forest, S sand, C city, P path",
        &[("orks", 5)],
    )?;
    let board = Board::from_cells(cells).map_err(|e| CnfError::new(last_line, e.to_string()))?;
    let mut orks = None;
    for section in sections {
        orks = Some(parse_orks(params, &board, section.rows, section.line)?);
    }
    Ok(FixedBoard { board, orks })
}

fn parse_orks(params: &Params, board: &Board, rows: Vec<(usize, Vec<i64>)>, line: usize) -> Result<Vec<Ork>, CnfError> {
    let words = fixed_grid::UnitWords { unit: "ork", per_player_param: "nb_orks", allowed: "land" };
    let size = (board.rows(), board.cols());
    fixed_grid::read_units(
        &rows,
        line,
        params.nb_orks,
        &words,
        size,
        |p| board.cell(p) != CellType::Water,
        |u| {
            let health = i32::try_from(u.rest[0]).ok().filter(|h| *h >= 0).ok_or_else(|| {
                CnfError::new(u.line, format!("ork {}: health {} must be 0 or more", u.id, u.rest[0]))
            })?;
            Ok(Ork { id: u.id, player: u.player, pos: u.pos, health })
        },
    )
}

/// The state of a FIXED board that lists its orks.
pub fn state_with_orks(params: Params, board: Board, orks: Vec<Ork>) -> State {
    let mut s = State::empty(params, board);
    s.orks = orks.clone();
    for u in &orks {
        s.place(u.id, u.pos);
    }
    s
}
