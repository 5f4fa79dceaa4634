//! FIXED Ork Island boards in `.cnf` files (the shared grid layout of
//! [`crate::games::fixed_grid`]):
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
use crate::game::NB_PLAYERS;
use crate::games::fixed_grid;
use crate::grid::{Grid, Pos};

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
    let total = params.total_orks();
    if rows.len() != total {
        return Err(CnfError::new(line, format!("{} orks listed; nb_players x nb_orks is {total}", rows.len())));
    }
    let mut orks: Vec<Option<Ork>> = vec![None; total];
    let mut per_player = [0usize; NB_PLAYERS];
    let mut taken = Grid::new(board.rows(), board.cols(), false);
    for (m, v) in rows {
        let err = |msg: String| CnfError::new(m, msg);
        let id = usize::try_from(v[0])
            .ok()
            .filter(|&id| id < total)
            .ok_or_else(|| err(format!("ork id {} is not in 0..{total}", v[0])))?;
        let player = usize::try_from(v[1])
            .ok()
            .filter(|&p| p < NB_PLAYERS)
            .ok_or_else(|| err(format!("player {} is not in 0..4", v[1])))?;
        let pos = Pos::new(v[2] as i32, v[3] as i32);
        if !matches!(board.cell_types().get(pos), Some(t) if *t != CellType::Water) {
            return Err(err(format!("ork {id} at {pos} is not on land")));
        }
        if std::mem::replace(&mut taken[pos], true) {
            return Err(err(format!("two orks at {pos}")));
        }
        let health = i32::try_from(v[4])
            .ok()
            .filter(|h| *h >= 0)
            .ok_or_else(|| err(format!("ork {id}: health {} must be 0 or more", v[4])))?;
        if orks[id].is_some() {
            return Err(err(format!("ork id {id} is listed twice")));
        }
        per_player[player] += 1;
        orks[id] = Some(Ork { id, player, pos, health });
    }
    if let Some(p) = (0..NB_PLAYERS).find(|&p| per_player[p] != params.nb_orks) {
        return Err(CnfError::new(
            line,
            format!("player {p} has {} orks; nb_orks is {}", per_player[p], params.nb_orks),
        ));
    }
    Ok(orks.into_iter().map(|u| u.expect("every id checked")).collect())
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
