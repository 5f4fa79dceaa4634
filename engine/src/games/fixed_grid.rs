//! What the FIXED boards of every grid game share, in the kits' layout: optional column label
//! lines, `rows` lines of `cols` cells (each with an optional row label), then sections of the
//! form `<name> <count>`, an optional header line of words, and `count` lines of integers.

use crate::cnf::CnfError;
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
            first.chars().next().is_some_and(char::is_alphabetic) && !keywords.contains(&first)
        }) {
            it.next();
        }
        let mut rows_read = Vec::with_capacity(count);
        while rows_read.len() < count {
            let Some((m, row)) = it.next() else {
                let found = rows_read.len();
                return Err(CnfError::new(*n, format!("expected {count} lines in `{name}`, found {found}")));
            };
            let vals: Result<Vec<i64>, _> = row.split_whitespace().map(str::parse::<i64>).collect();
            match vals {
                Ok(v) if v.len() == fields => rows_read.push((*m, v)),
                Ok(v) => return Err(CnfError::new(*m, format!("expected {fields} numbers, found {}", v.len()))),
                Err(_) => return Err(CnfError::new(*m, format!("expected {fields} integers, found `{}`", row.trim()))),
            }
        }
        out.push(Section { name: name.to_string(), line: *n, rows: rows_read });
    }
    Ok((cells, last_line, out))
}
