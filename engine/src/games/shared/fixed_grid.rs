//! What the FIXED boards of every grid game share, in the kits' layout: optional column label
//! lines, `rows` lines of `cols` cells (each with an optional row label), then sections of the
//! form `<name> <count>`, an optional header line of words, and `count` lines of integers.

use crate::cnf::CnfError;
use crate::game::NB_PLAYERS;
use crate::grid::{Grid, Pos};

/// A section after the grid: its keyword, the line it starts on and its rows of integers.
pub struct Section {
    pub name: String,
    pub line: usize,
    pub rows: Vec<(usize, Vec<i64>)>,
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

/// Reads the grid and the sections after it. `cell` maps a character to a cell (`legend` says
/// which characters exist, for errors); `sections` lists each keyword with its number of
/// integers per row. Returns the grid, the line of its last row, and the sections in file order.
pub fn parse<T: Copy>(
    rows: usize,
    cols: usize,
    lines: &[(usize, String)],
    fill: T,
    cell: impl Fn(char) -> Option<T>,
    legend: &str,
    sections: &[(&str, usize)],
) -> Result<(Grid<T>, usize, Vec<Section>), CnfError> {
    parse_with_words(rows, cols, lines, fill, cell, legend, sections, |_| None)
}

/// [`parse`] for layouts whose section rows hold words too (The Walking Dead's unit types `a`,
/// `d`, `z`): `word` gives the number a non-numeric field stands for, `None` to refuse it.
#[allow(clippy::too_many_arguments)]
pub fn parse_with_words<T: Copy>(
    rows: usize,
    cols: usize,
    lines: &[(usize, String)],
    fill: T,
    cell: impl Fn(char) -> Option<T>,
    legend: &str,
    sections: &[(&str, usize)],
    word: impl Fn(&str) -> Option<i64>,
) -> Result<(Grid<T>, usize, Vec<Section>), CnfError> {
    let mut it = lines.iter().filter(|(_, l)| !l.trim().is_empty()).peekable();
    while it.peek().is_some_and(|(_, l)| is_label_line(l)) {
        it.next();
    }
    let mut cells = Grid::new(rows, cols, fill);
    let mut last_line = lines.first().map_or(0, |(n, _)| *n);
    for i in 0..rows {
        let Some((n, raw)) = it.next() else {
            return Err(CnfError::new(last_line, format!("the board has {i} rows; rows is {rows}")));
        };
        last_line = *n;
        let row = strip_row_label(raw).trim_end();
        let len = row.chars().count();
        if len != cols {
            return Err(CnfError::new(*n, format!("row {i} has {len} cells; cols is {cols}")));
        }
        for (j, c) in row.chars().enumerate() {
            let t =
                cell(c).ok_or_else(|| CnfError::new(*n, format!("unknown cell `{c}` at column {j}; use {legend}")))?;
            cells[Pos::new(i as i32, j as i32)] = t;
        }
    }
    let keywords: Vec<&str> = sections.iter().map(|s| s.0).collect();
    let mut out = Vec::new();
    while let Some((n, l)) = it.next() {
        let words: Vec<&str> = l.split_whitespace().collect();
        let Some(&(name, fields)) = sections.iter().find(|s| s.0 == words[0]) else {
            let expected = keywords.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(" or ");
            return Err(CnfError::new(*n, format!("unexpected `{}`; expected {expected}", words[0])));
        };
        let count: usize = words
            .get(1)
            .and_then(|c| c.parse().ok())
            .filter(|_| words.len() == 2)
            .ok_or_else(|| CnfError::new(*n, format!("expected `{name} <count>`")))?;
        // An optional header line of words (not a section keyword) follows the section line.
        if it.peek().is_some_and(|(_, h)| {
            let first = h.split_whitespace().next().unwrap_or("");
            let a_row = h.split_whitespace().all(|w| w.parse::<i64>().is_ok() || word(w).is_some());
            first.chars().next().is_some_and(char::is_alphabetic) && !keywords.contains(&first) && !a_row
        }) {
            it.next();
        }
        // The count is the file's: never more room than the lines left.
        let mut rows_read = Vec::with_capacity(count.min(lines.len()));
        while rows_read.len() < count {
            let Some((m, row)) = it.next() else {
                let found = rows_read.len();
                return Err(CnfError::new(*n, format!("expected {count} lines in `{name}`, found {found}")));
            };
            let vals: Option<Vec<i64>> =
                row.split_whitespace().map(|w| w.parse::<i64>().ok().or_else(|| word(w))).collect();
            match vals {
                Some(v) if v.len() == fields => rows_read.push((*m, v)),
                Some(v) => return Err(CnfError::new(*m, format!("expected {fields} numbers, found {}", v.len()))),
                None => return Err(CnfError::new(*m, format!("expected {fields} integers, found `{}`", row.trim()))),
            }
        }
        out.push(Section { name: name.to_string(), line: *n, rows: rows_read });
    }
    Ok((cells, last_line, out))
}

/// What a unit line of a FIXED board gives every game: the line, the unit's id, player and
/// position (checked), and the rest of its numbers (the game's own fields).
pub struct UnitLine<'a> {
    pub line: usize,
    pub id: usize,
    pub player: usize,
    pub pos: Pos,
    pub rest: &'a [i64],
}

/// The words of one game's unit section, for its messages.
pub struct UnitWords {
    /// `unit`, `ork`.
    pub unit: &'static str,
    /// The parameter counting them per player: `nb_units`, `nb_orks`.
    pub per_player_param: &'static str,
    /// Where a unit may stand: `an open cell`, `land`.
    pub allowed: &'static str,
}

/// Reads a unit section (`id player row col ...` per line, `section_line` its first line): exactly
/// `per_player` units for each of the four players, ids `0..4 × per_player` once each, on cells
/// where `allowed(pos)` holds, one per cell. `make` checks the game's own fields and builds the
/// unit; its errors come before "listed twice", as each game had them.
pub fn read_units<U>(
    rows: &[(usize, Vec<i64>)],
    section_line: usize,
    per_player: usize,
    words: &UnitWords,
    (board_rows, board_cols): (usize, usize),
    allowed: impl Fn(Pos) -> bool,
    mut make: impl FnMut(&UnitLine<'_>) -> Result<U, CnfError>,
) -> Result<Vec<U>, CnfError> {
    let UnitWords { unit, per_player_param, allowed: place } = words;
    let total = NB_PLAYERS * per_player;
    if rows.len() != total {
        return Err(CnfError::new(
            section_line,
            format!("{} {unit}s listed; nb_players x {per_player_param} is {total}", rows.len()),
        ));
    }
    let mut units: Vec<Option<U>> = (0..total).map(|_| None).collect();
    let mut count = [0usize; NB_PLAYERS];
    let mut taken = Grid::new(board_rows, board_cols, false);
    for (m, v) in rows {
        let err = |msg: String| CnfError::new(*m, msg);
        let id = usize::try_from(v[0])
            .ok()
            .filter(|&id| id < total)
            .ok_or_else(|| err(format!("{unit} id {} is not in 0..{total}", v[0])))?;
        let player = usize::try_from(v[1])
            .ok()
            .filter(|&p| p < NB_PLAYERS)
            .ok_or_else(|| err(format!("player {} is not in 0..4", v[1])))?;
        let pos = Pos::new(v[2] as i32, v[3] as i32);
        if !taken.contains(pos) || !allowed(pos) {
            return Err(err(format!("{unit} {id} at {pos} is not on {place}")));
        }
        if std::mem::replace(&mut taken[pos], true) {
            return Err(err(format!("two {unit}s at {pos}")));
        }
        let built = make(&UnitLine { line: *m, id, player, pos, rest: &v[4..] })?;
        if units[id].is_some() {
            return Err(err(format!("{unit} id {id} is listed twice")));
        }
        count[player] += 1;
        units[id] = Some(built);
    }
    if let Some(p) = (0..NB_PLAYERS).find(|&p| count[p] != per_player) {
        return Err(CnfError::new(
            section_line,
            format!("player {p} has {} {unit}s; {per_player_param} is {per_player}", count[p]),
        ));
    }
    Ok(units.into_iter().map(|u| u.expect("every id checked")).collect())
}
