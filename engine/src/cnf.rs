//! Jutge `.cnf` parameter files.
//!
//! Layout: an optional version line (`Pandemic v1`: a first line that is neither a
//! `keyword value` pair nor starts with a parameter name), then `keyword value` lines (one integer each), then an optional board
//! line: `GENERATOR`, `GENERATOR1`, `GENERATOR2`, `RANDOM` (a random board) or `FIXED` followed by a board in
//! the game's own layout, which the game parses. Blank lines and lines starting with `#` are
//! skipped outside a FIXED board. Every error names its line.

use crate::params::{ParamSpec, ParamValues};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct CnfError {
    pub line: usize,
    pub message: String,
}

impl CnfError {
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        CnfError { line, message: message.into() }
    }
}

/// Where a match's board comes from.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum BoardSource {
    /// Drawn by the game's generator from the board stream.
    #[default]
    Generated,
    /// The lines after `FIXED`, with their 1-based line numbers in the file.
    Fixed(Vec<(usize, String)>),
}

/// A parsed parameter file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub version: Option<String>,
    pub params: ParamValues,
    pub board: BoardSource,
}

fn is_board_keyword(word: &str) -> bool {
    matches!(word, "GENERATOR" | "GENERATOR1" | "GENERATOR2" | "RANDOM" | "FIXED")
}

/// Parses a `.cnf` text against a game's parameter table. Parameters missing from the file keep
/// their defaults.
pub fn parse(text: &str, specs: &[ParamSpec]) -> Result<Config, CnfError> {
    let mut params = ParamValues::defaults(specs);
    let mut version = None;
    let mut seen: Vec<&str> = Vec::new();
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l));
    let mut first = true;
    while let Some((n, raw)) = lines.next() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if is_board_keyword(words[0]) {
            if words.len() > 1 {
                return Err(CnfError::new(n, format!("`{}` takes no value", words[0])));
            }
            if words[0] == "FIXED" {
                let rest: Vec<(usize, String)> = lines.map(|(k, l)| (k, l.to_string())).collect();
                if rest.iter().all(|(_, l)| l.trim().is_empty()) {
                    return Err(CnfError::new(n, "FIXED must be followed by a board"));
                }
                return Ok(Config { version, params, board: BoardSource::Fixed(rest) });
            }
            if let Some((k, l)) = lines.find(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with('#')) {
                return Err(CnfError::new(k, format!("unexpected text after {}: `{}`", words[0], l.trim())));
            }
            return Ok(Config { version, params, board: BoardSource::Generated });
        }
        // The version line is any first line that does not start with a parameter name.
        let names_a_param = specs.iter().any(|s| s.name.eq_ignore_ascii_case(words[0]));
        let is_pair = words.len() == 2 && words[1].parse::<i64>().is_ok();
        if first && !is_pair && !names_a_param {
            version = Some(line.to_string());
            first = false;
            continue;
        }
        first = false;
        if words.len() != 2 {
            return Err(CnfError::new(n, format!("expected `keyword value`, found `{line}`")));
        }
        let value: i64 = words[1]
            .parse()
            .map_err(|_| CnfError::new(n, format!("`{}` must be an integer, found `{}`", words[0], words[1])))?;
        if seen.iter().any(|s| s.eq_ignore_ascii_case(words[0])) {
            return Err(CnfError::new(n, format!("`{}` is given twice", words[0])));
        }
        seen.push(words[0]);
        params.set(specs, words[0], value).map_err(|e| CnfError::new(n, e.to_string()))?;
    }
    Ok(Config { version, params, board: BoardSource::Generated })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::TEST_SPECS as SPECS;

    #[test]
    fn reads_version_params_and_generator() {
        let c = parse("Pandemic v1\n\nrows 30\nnb_rounds  50\nGENERATOR1\n", SPECS).unwrap();
        assert_eq!(c.version.as_deref(), Some("Pandemic v1"));
        assert_eq!(c.params.get("rows"), 30);
        assert_eq!(c.params.get("nb_rounds"), 50);
        assert_eq!(c.board, BoardSource::Generated);
    }

    #[test]
    fn fixed_keeps_following_lines_with_numbers() {
        let c = parse("rows 20\nFIXED\nabc\n  def\n", SPECS).unwrap();
        assert_eq!(c.version, None);
        assert_eq!(c.board, BoardSource::Fixed(vec![(3, "abc".into()), (4, "  def".into())]));
    }

    #[test]
    fn a_first_line_naming_a_parameter_is_not_a_version_line() {
        let e = parse("rows x\n", SPECS).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("`rows` must be an integer"), "{}", e.message);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("Pandemic v1\nrows 30\nnb_rounds x\n", SPECS).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("expected `keyword value`") || e.message.contains("integer"));
        let e = parse("rows 300\n", SPECS).unwrap_err();
        assert_eq!(e.to_string(), "line 1: parameter `rows` = 300 is out of range: allowed 20..=200");
        let e = parse("v\nrows 30\ncolumns 3\n", SPECS).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("unknown parameter `columns`"));
        let e = parse("rows 30\nrows 40\n", SPECS).unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (2, "`rows` is given twice"));
        let e = parse("rows 30\nFIXED\n\n", SPECS).unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse("rows 30\nRANDOM\nrows 2\n", SPECS).unwrap_err();
        assert_eq!(e.line, 3);
    }
}
