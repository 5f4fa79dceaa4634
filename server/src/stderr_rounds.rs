//! A match's stderr round by round, as the viewer reads it: the server's
//! `GET /api/matches/{id}/stderr` and the side file `arena run --keep-stderr` writes next to a
//! replay (`<replay>.stderr.json`, which `arena view` serves) have this one shape. It is kept out
//! of the replay on purpose: a replay is public, a bot's stderr is its owner's.

use sandbox::{BotReport, Round};
use serde::{Deserialize, Serialize};

/// Every seat whose stderr the reader may see.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct MatchStderr {
    pub seats: Vec<SeatStderr>,
}

/// One bot's kept stderr, split by round.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SeatStderr {
    pub seat: u8,
    pub name: String,
    /// Bytes the bot wrote in all, when known.
    pub written: Option<u64>,
    /// Bytes the cap cut between the head and the tail (0: nothing was cut).
    pub cut_bytes: u64,
    /// The rounds with output, in order; `round` is null before the first round.
    pub rounds: Vec<RoundText>,
}

/// The text a bot wrote in one round (its lines, each ending with a newline).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RoundText {
    pub round: Option<u32>,
    pub text: String,
}

/// Splits a rendered stderr at its rounds' offsets; text before the first offset (a stderr
/// stored before rounds were indexed) is filed before the first round.
pub fn split(text: &str, index: &[(Round, usize)]) -> Vec<RoundText> {
    let mut out = Vec::new();
    let first = index.first().map_or(text.len(), |&(_, at)| at);
    if first > 0 {
        out.push(RoundText { round: None, text: text.get(..first).unwrap_or(text).to_string() });
    }
    for (i, &(round, at)) in index.iter().enumerate() {
        let end = index.get(i + 1).map_or(text.len(), |&(_, e)| e);
        if let Some(part) = text.get(at..end.max(at)) {
            out.push(RoundText { round, text: part.to_string() });
        }
    }
    out
}

/// The index as stored in the database: flat `[round, offset, ...]` pairs, round -1 before the
/// first round.
pub fn index_to_db(index: &[(Round, usize)]) -> Vec<i64> {
    index.iter().flat_map(|&(r, at)| [r.map_or(-1, i64::from), at as i64]).collect()
}

/// [`index_to_db`] read back (bad pairs are skipped).
pub fn index_from_db(flat: &[i64]) -> Vec<(Round, usize)> {
    flat.chunks_exact(2)
        .filter_map(|p| {
            let round = if p[0] < 0 { None } else { Some(u32::try_from(p[0]).ok()?) };
            Some((round, usize::try_from(p[1]).ok()?))
        })
        .collect()
}

/// One seat from the sandbox's report.
pub fn from_report(seat: u8, r: &BotReport) -> SeatStderr {
    SeatStderr {
        seat,
        name: r.name.clone(),
        written: Some(r.stderr_log.written),
        cut_bytes: r.stderr_log.cut.bytes,
        rounds: split(&String::from_utf8_lossy(&r.stderr), &r.stderr_rounds),
    }
}

/// Where `arena run --keep-stderr` puts a replay's stderr.
pub fn side_file(replay: &std::path::Path) -> std::path::PathBuf {
    let mut name = replay.as_os_str().to_owned();
    name.push(".stderr.json");
    std::path::PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_files_each_round_and_the_index_survives_the_database() {
        let index = vec![(None, 0), (Some(0), 6), (Some(2), 9)];
        let parts = split("hello\nr0\nr2\n", &index);
        let rounds: Vec<_> = parts.iter().map(|p| (p.round, p.text.as_str())).collect();
        assert_eq!(rounds, [(None, "hello\n"), (Some(0), "r0\n"), (Some(2), "r2\n")]);
        assert_eq!(index_from_db(&index_to_db(&index)), index);
        // Text stored before rounds were indexed is kept, filed before the first round.
        assert_eq!(split("old\n", &[]), [RoundText { round: None, text: "old\n".into() }]);
    }
}
