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
use crate::game::NB_PLAYERS;
use crate::grid::{Grid, Pos};

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

fn is_label_line(l: &str) -> bool {
    !l.trim().is_empty() && l.chars().all(|c| c.is_ascii_digit() || c == ' ')
}

/// Strips an optional row label (digits then spaces).
fn strip_row_label(l: &str) -> &str {
    let t = l.trim_start();
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if t.len() < l.trim_start().len() {
        t.trim_start()
    } else {
        t
    }
}

pub fn parse(params: &Params, lines: &[(usize, String)]) -> Result<FixedBoard, CnfError> {
    let mut it = lines.iter().filter(|(_, l)| !l.trim().is_empty()).peekable();
    while it.peek().is_some_and(|(_, l)| is_label_line(l)) {
        it.next();
    }
    let mut cells = Grid::new(params.rows, params.cols, CellType::Wall);
    let mut last_line = lines.first().map_or(0, |(n, _)| *n);
    for i in 0..params.rows {
        let Some((n, raw)) = it.next() else {
            return Err(CnfError::new(last_line, format!("the board has {i} rows; rows is {}", params.rows)));
        };
        last_line = *n;
        let row = strip_row_label(raw).trim_end();
        let len = row.chars().count();
        if len != params.cols {
            return Err(CnfError::new(*n, format!("row {i} has {len} cells; cols is {}", params.cols)));
        }
        for (j, c) in row.chars().enumerate() {
            let t = cell_type(c).ok_or_else(|| {
                CnfError::new(*n, format!("unknown cell `{c}` at column {j}; use X wall, . grass, C city, P path"))
            })?;
            cells[Pos::new(i as i32, j as i32)] = t;
        }
    }
    let board = Board::from_cells(cells).map_err(|e| CnfError::new(last_line, e.to_string()))?;
    let mut fixed = FixedBoard { board, units: None, masks: Vec::new() };
    while let Some((n, l)) = it.next() {
        let words: Vec<&str> = l.split_whitespace().collect();
        let count = |w: &[&str]| -> Result<usize, CnfError> {
            w.get(1)
                .and_then(|c| c.parse().ok())
                .filter(|_| w.len() == 2)
                .ok_or_else(|| CnfError::new(*n, format!("expected `{} <count>`", w[0])))
        };
        // An optional header line of words (not a section keyword) follows the section line.
        if it.peek().is_some_and(|(_, h)| {
            let first = h.split_whitespace().next().unwrap_or("");
            first.chars().next().is_some_and(char::is_alphabetic) && first != "units" && first != "masks"
        }) {
            it.next();
        }
        let mut rows_of = |k: usize, fields: usize, what: &str| -> Result<Vec<(usize, Vec<i64>)>, CnfError> {
            let mut out = Vec::with_capacity(k);
            while out.len() < k {
                let Some((m, row)) = it.next() else {
                    return Err(CnfError::new(*n, format!("expected {k} {what} lines, found {}", out.len())));
                };
                let vals: Result<Vec<i64>, _> = row.split_whitespace().map(str::parse::<i64>).collect();
                match vals {
                    Ok(v) if v.len() == fields => out.push((*m, v)),
                    Ok(v) => return Err(CnfError::new(*m, format!("expected {fields} numbers, found {}", v.len()))),
                    Err(_) => {
                        return Err(CnfError::new(*m, format!("expected {fields} integers, found `{}`", row.trim())))
                    }
                }
            }
            Ok(out)
        };
        match words[0] {
            "units" => {
                let k = count(&words)?;
                let rows = rows_of(k, 9, "unit")?;
                fixed.units = Some(parse_units(params, &fixed.board, rows, *n)?);
            }
            "masks" => {
                let k = count(&words)?;
                for (m, v) in rows_of(k, 2, "mask")? {
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
            other => return Err(CnfError::new(*n, format!("unexpected `{other}`; expected `units` or `masks`"))),
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
    let total = params.nb_players * params.nb_units;
    if rows.len() != total {
        return Err(CnfError::new(line, format!("{} units listed; nb_players x nb_units is {total}", rows.len())));
    }
    let mut units: Vec<Option<Unit>> = vec![None; total];
    let mut per_player = [0usize; NB_PLAYERS];
    let mut taken = Grid::new(board.rows(), board.cols(), false);
    for (m, v) in rows {
        let err = |msg: String| CnfError::new(m, msg);
        let id = usize::try_from(v[0])
            .ok()
            .filter(|&id| id < total)
            .ok_or_else(|| err(format!("unit id {} is not in 0..{total}", v[0])))?;
        let player = usize::try_from(v[1])
            .ok()
            .filter(|&p| p < NB_PLAYERS)
            .ok_or_else(|| err(format!("player {} is not in 0..4", v[1])))?;
        let pos = Pos::new(v[2] as i32, v[3] as i32);
        if !matches!(board.cell_types().get(pos), Some(t) if *t != CellType::Wall) {
            return Err(err(format!("unit {id} at {pos} is not on an open cell")));
        }
        if std::mem::replace(&mut taken[pos], true) {
            return Err(err(format!("two units at {pos}")));
        }
        let (health, damage, turns) = (v[4], v[5], v[6]);
        if !(0..=i64::from(i32::MAX)).contains(&health)
            || !(0..=100).contains(&damage)
            || !(0..=1_000_000).contains(&turns)
        {
            return Err(err(format!("unit {id}: health must be >= 0, damage 0..=100, turns >= 0")));
        }
        let (immune, mask) = (v[7] != 0, v[8] != 0);
        if immune && damage > 0 {
            return Err(err(format!("unit {id} cannot be both immune and infected")));
        }
        if units[id].is_some() {
            return Err(err(format!("unit id {id} is listed twice")));
        }
        per_player[player] += 1;
        units[id] = Some(Unit {
            id,
            player,
            pos,
            health: health as i32,
            damage: damage as i32,
            turns: turns as i32,
            immune,
            mask,
        });
    }
    if let Some(p) = (0..NB_PLAYERS).find(|&p| per_player[p] != params.nb_units) {
        return Err(CnfError::new(
            line,
            format!("player {p} has {} units; nb_units is {}", per_player[p], params.nb_units),
        ));
    }
    Ok(units.into_iter().map(|u| u.expect("every id checked")).collect())
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
