//! A bot's stderr as the sandbox keeps it: lines filed under the round that wrote them, within a
//! byte cap that keeps the head and the tail of the match (the end, where a freeze happens, is
//! never lost) and counts what was cut in between; a line written many times in a row in one
//! round is kept once with its count. Kit-style players repeat the kit's warnings hundreds of
//! times a round: collapsed, a whole match of them fits.
//!
//! [`StderrLog::render`] turns it into text and, per round, the byte offset where the round
//! starts: what the server stores and the viewer shows round by round.

use std::collections::VecDeque;

/// The round a line was written in: `None` before the first round (instantiation and
/// `arena_start`), else the referee's round number.
pub type Round = Option<u32>;

/// One kept line (without its newline), and how many times in a row it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub round: Round,
    pub text: String,
    pub repeats: u64,
}

impl Line {
    /// Bytes this line takes in the log (collapsed lines are counted once).
    fn size(&self) -> usize {
        self.text.len() + 1
    }
}

/// What the cap cut between the head and the tail.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// The bytes the bot wrote that are not kept (each repeat counted).
    pub bytes: u64,
    pub lines: u64,
    /// The rounds of the first and the last line cut.
    pub first_round: Round,
    pub last_round: Round,
}

/// A bot's stderr, line by line: the first lines up to half the cap, the last lines up to the
/// other half, and what was cut between them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StderrLog {
    cap: usize,
    head: Vec<Line>,
    head_bytes: usize,
    tail: VecDeque<Line>,
    tail_bytes: usize,
    pub cut: Cut,
    /// Every byte the bot wrote, kept or not (newlines included).
    pub written: u64,
}

/// The rendered log: its text and, per round with output, where the round's text starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderedStderr {
    pub text: String,
    /// `(round, byte offset in text)`, in order; a round's text ends where the next begins.
    pub rounds: Vec<(Round, usize)>,
}

impl StderrLog {
    /// A log keeping about `cap` bytes (head and tail together).
    pub fn new(cap: usize) -> Self {
        StderrLog { cap, ..StderrLog::default() }
    }

    /// Adds one line (without its newline) written in `round`.
    pub fn push(&mut self, round: Round, text: &str) {
        self.written += text.len() as u64 + 1;
        let last =
            if self.tail.is_empty() && self.cut.lines == 0 { self.head.last_mut() } else { self.tail.back_mut() };
        if let Some(l) = last.filter(|l| l.round == round && l.text == text) {
            l.repeats += 1;
            return;
        }
        let line = Line { round, text: text.to_string(), repeats: 1 };
        if self.tail.is_empty() && self.cut.lines == 0 && self.head_bytes + line.size() <= self.cap / 2 {
            self.head_bytes += line.size();
            self.head.push(line);
            return;
        }
        self.tail_bytes += line.size();
        self.tail.push_back(line);
        let budget = self.cap - self.cap / 2;
        while self.tail_bytes > budget && self.tail.len() > 1 {
            let Some(old) = self.tail.pop_front() else { break };
            self.tail_bytes -= old.size();
            if self.cut.lines == 0 {
                self.cut.first_round = old.round;
            }
            self.cut.last_round = old.round;
            self.cut.lines += old.repeats;
            self.cut.bytes += old.size() as u64 * old.repeats;
        }
    }

    /// Whether the bot wrote anything.
    pub fn is_empty(&self) -> bool {
        self.written == 0
    }

    /// The kept lines, in order (the cut falls between [`StderrLog::head`] and the rest).
    pub fn head(&self) -> &[Line] {
        &self.head
    }
    pub fn tail(&self) -> impl Iterator<Item = &Line> {
        self.tail.iter()
    }

    /// The text, with `[arena: ...]` notes for repeats and the cut, and each round's offset.
    pub fn render(&self) -> RenderedStderr {
        let mut out = RenderedStderr::default();
        let add = |out: &mut RenderedStderr, round: Round, line: &str| {
            if out.rounds.last().is_none_or(|&(r, _)| r != round) {
                out.rounds.push((round, out.text.len()));
            }
            out.text.push_str(line);
            out.text.push('\n');
        };
        for l in &self.head {
            add(&mut out, l.round, &line_text(l));
        }
        if self.cut.lines > 0 {
            let round = self.tail.front().map(|l| l.round).unwrap_or(self.cut.last_round);
            add(&mut out, round, &cut_note(&self.cut));
        }
        for l in &self.tail {
            add(&mut out, l.round, &line_text(l));
        }
        out
    }
}

/// A kept line as shown: with its count when it was repeated.
fn line_text(l: &Line) -> String {
    if l.repeats > 1 {
        format!("{} [arena: ×{}]", l.text, l.repeats)
    } else {
        l.text.clone()
    }
}

/// The line that stands for the cut.
fn cut_note(c: &Cut) -> String {
    let round = |r: Round| r.map_or_else(|| "start".to_string(), |r| r.to_string());
    format!(
        "[arena: {} bytes ({} lines) cut here, from round {} to round {}; the start and the end of the match are kept]",
        c.bytes,
        c.lines,
        round(c.first_round),
        round(c.last_round)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_collapse_within_a_round_only() {
        let mut log = StderrLog::new(1 << 10);
        for r in 0..2 {
            for _ in 0..3 {
                log.push(Some(r), "warning");
            }
        }
        let out = log.render();
        assert_eq!(out.text, "warning [arena: ×3]\nwarning [arena: ×3]\n");
        // "×" is two bytes: each line is 21.
        assert_eq!(out.rounds, [(Some(0), 0), (Some(1), 21)]);
        assert_eq!(log.written, 6 * 8);
    }

    #[test]
    fn over_the_cap_keeps_head_and_tail_and_counts_the_cut() {
        let mut log = StderrLog::new(100);
        for r in 0..100u32 {
            log.push(Some(r), &format!("round {r:03}"));
        }
        let out = log.render();
        assert!(out.text.starts_with("round 000\nround 001\n"), "{}", out.text);
        assert!(out.text.ends_with("round 098\nround 099\n"), "{}", out.text);
        assert_eq!(log.cut.lines, 100 - log.head().len() as u64 - log.tail().count() as u64);
        assert_eq!(log.cut.bytes, log.cut.lines * 10);
        assert_eq!(log.cut.first_round, Some(log.head().len() as u32));
        assert!(out.text.contains(&format!("[arena: {} bytes ({} lines) cut here", log.cut.bytes, log.cut.lines)));
        let first_tail = log.tail().next().map(|l| l.round).unwrap();
        assert_eq!(log.cut.last_round.map(|r| r + 1), first_tail);
        assert!(out.text.len() < 300, "{}", out.text.len());
        // The note is filed under the round it precedes.
        let at = out.rounds.iter().find(|(r, _)| *r == first_tail).unwrap().1;
        assert!(out.text[at..].starts_with("[arena: "));
    }
}
