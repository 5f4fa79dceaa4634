//! The vocabulary of a match: what to play ([`MatchSetup`]), how it ended ([`MatchSummary`],
//! [`PlayerResult`], [`ranks`]) and why a bot was frozen ([`Frozen`], [`FreezeReason`],
//! [`BotFailure`]). Plain data, kept apart from the round loop ([`crate::referee`]) so that the
//! replay container, which stores them, depends on the words of a match and not on the loop.

use crate::cnf::BoardSource;
use crate::game::PlayerId;
use crate::params::ParamValues;
use serde::{Deserialize, Serialize};

/// Why a bot was frozen (the platform's four codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FreezeReason {
    /// Its CPU (fuel) budget or the wall-clock backstop ran out.
    Cpu,
    /// It exceeded its memory cap.
    Memory,
    /// It trapped: panic, abort, unreachable, out-of-bounds access, stack overflow, exit.
    Trap,
    /// It gave more than 1000 orders in one round.
    Orders,
}

impl FreezeReason {
    pub fn code(self) -> u8 {
        match self {
            FreezeReason::Cpu => 0,
            FreezeReason::Memory => 1,
            FreezeReason::Trap => 2,
            FreezeReason::Orders => 3,
        }
    }

    pub fn from_code(code: u8) -> Option<Self> {
        [FreezeReason::Cpu, FreezeReason::Memory, FreezeReason::Trap, FreezeReason::Orders].get(code as usize).copied()
    }

    /// The platform's word for it: `cpu`, `memory`, `trap` or `orders`.
    pub fn as_str(self) -> &'static str {
        match self {
            FreezeReason::Cpu => "cpu",
            FreezeReason::Memory => "memory",
            FreezeReason::Trap => "trap",
            FreezeReason::Orders => "orders",
        }
    }
}

impl std::fmt::Display for FreezeReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A bot's failure in one round, as its driver reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotFailure {
    pub reason: FreezeReason,
    pub message: String,
}

/// When and why a bot was frozen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frozen {
    pub round: u32,
    pub reason: FreezeReason,
    pub message: String,
}

/// One player's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerResult {
    pub name: String,
    pub score: i64,
    /// 1-based; tied players share the best rank of the tie (1, 1, 3, 4).
    pub rank: u32,
    /// Final CPU share (0..1), or -1 when frozen.
    pub cpu: f64,
    pub frozen: Option<Frozen>,
}

/// The machine-readable result of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    pub game: String,
    pub seed: u64,
    pub rounds: u32,
    pub players: Vec<PlayerResult>,
}

impl MatchSummary {
    /// The players (indices) with rank 1.
    pub fn winners(&self) -> Vec<PlayerId> {
        (0..self.players.len()).filter(|&p| self.players[p].rank == 1).collect()
    }
}

/// Competition ranking of scores: higher is better, ties share the best rank.
pub fn ranks(scores: &[i64]) -> Vec<u32> {
    scores.iter().map(|s| 1 + scores.iter().filter(|o| *o > s).count() as u32).collect()
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSetup {
    pub params: ParamValues,
    pub board: BoardSource,
    pub seed: u64,
}

/// A played match.
pub struct MatchOutput {
    pub summary: MatchSummary,
    /// The compressed replay, when recording was asked for.
    pub replay: Option<Vec<u8>>,
}

#[cfg(test)]
mod tests {
    use super::ranks;

    #[test]
    fn ties_share_the_best_rank() {
        assert_eq!(ranks(&[10, 30, 30, 5]), vec![3, 1, 1, 4]);
        assert_eq!(ranks(&[7, 7, 7, 7]), vec![1, 1, 1, 1]);
        assert_eq!(ranks(&[1, 2, 3, 4]), vec![4, 3, 2, 1]);
    }
}
