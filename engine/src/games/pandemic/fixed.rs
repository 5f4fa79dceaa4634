//! FIXED boards in `.cnf` files, in the kits' grid layout.
//!
//! ```text
//! FIXED
//!    0000000000111111111122
//!    0123456789012345678901      <- column labels: lines of digits and spaces, skipped
//! 00 XXXXXXXXXXXXXXXXXXXXXX      <- `rows` lines: an optional row label, then `cols` cells
//! 01 X....CCC....PPPP.....X         X wall, . grass, C city, P path
//! ...
//! units 60                        <- optional: all units; otherwise placed as in a random match
//! id player row col health damage turns immune mask
//! 0 0 1 1 100 2 0 0 0
//! ...
//! masks 2                         <- optional: masks lying on grass cells
//! row col
//! 5 7
//! ```
//! Cities are the 4-connected groups of `C`, paths the groups of `P`; each path must touch
//! exactly two cities. Units must be `nb_players x nb_units`, ids 0.., `nb_units` per player.

use super::board::{Board, CellType};
use super::params::Params;
use super::setup::empty_state;
use super::state::{State, Unit};
use crate::cnf::CnfError;
use crate::games::shared::fixed_grid;
use crate::grid::Pos;

/// A FIXED board: the board, and the units and masks if the file lists them.
pub struct FixedBoard {
    pub board: Board,
    pub units: Option<Vec<Unit>>,
    pub masks: Vec<Pos>,
}

fn cell_type(c: char) -> Option<CellType> {
    match c {
        'X' => Some(CellType::Wall),
        '.' => Some(CellType::Grass),
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
        CellType::Wall,
        cell_type,
        "X wall, . grass, C city, P path",
        &[("units", 9), ("masks", 2)],
    )?;
    let board = Board::from_cells(cells).map_err(|e| CnfError::new(last_line, e.to_string()))?;
    let mut fixed = FixedBoard { board, units: None, masks: Vec::new() };
    for section in sections {
        if section.name == "units" {
            fixed.units = Some(parse_units(params, &fixed.board, section.rows, section.line)?);
            continue;
        }
        for (m, v) in section.rows {
            let p = Pos::new(v[0] as i32, v[1] as i32);
            if fixed.board.cell_types().get(p) != Some(&CellType::Grass) {
                return Err(CnfError::new(m, format!("mask at {p} is not on a grass cell")));
            }
            if fixed.masks.contains(&p) {
                return Err(CnfError::new(m, format!("two masks at {p}")));
            }
            fixed.masks.push(p);
        }
    }
    Ok(fixed)
}

fn parse_units(
    params: &Params,
    board: &Board,
    rows: Vec<(usize, Vec<i64>)>,
    line: usize,
) -> Result<Vec<Unit>, CnfError> {
    let words = fixed_grid::UnitWords { unit: "unit", per_player_param: "nb_units", allowed: "an open cell" };
    let size = (board.rows(), board.cols());
    fixed_grid::read_units(
        &rows,
        line,
        params.nb_units,
        &words,
        size,
        |p| board.cell(p) != CellType::Wall,
        |u| {
            let err = |msg: String| CnfError::new(u.line, msg);
            let id = u.id;
            let (health, damage, turns) = (u.rest[0], u.rest[1], u.rest[2]);
            if !(0..=i64::from(i32::MAX)).contains(&health)
                || !(0..=100).contains(&damage)
                || !(0..=1_000_000).contains(&turns)
            {
                return Err(err(format!("unit {id}: health must be >= 0, damage 0..=100, turns >= 0")));
            }
            let (immune, mask) = (u.rest[3] != 0, u.rest[4] != 0);
            if immune && damage > 0 {
                return Err(err(format!("unit {id} cannot be both immune and infected")));
            }
            Ok(Unit {
                id,
                player: u.player,
                pos: u.pos,
                health: health as i32,
                damage: damage as i32,
                turns: turns as i32,
                immune,
                mask,
            })
        },
    )
}

/// The state a FIXED board describes, if it lists its units; otherwise the state without units.
pub fn into_state(params: Params, fixed: FixedBoard) -> State {
    let mut s = empty_state(params, fixed.board);
    for p in &fixed.masks {
        let k = s.board.index(*p);
        s.mask[k] = true;
    }
    if let Some(units) = fixed.units {
        for u in &units {
            let k = s.board.index(u.pos);
            s.unit_at[k] = u.id as i32;
        }
        s.units = units;
    }
    s
}
