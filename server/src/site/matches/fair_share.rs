//! A worker's fair share between capped match sources (qualification) and the rest: while other
//! matches wait, matches of capped kinds get at most half of the worker's recent time. A bot
//! that spends its whole budget costs about 10 s per match (its fuel at a tight loop's speed),
//! and each of its qualification matches holds a worker that long; without a cap, a few such
//! uploads would stop the ladder and tournaments for minutes.
//!
//! Time is counted per worker and decays with a half-life of [`HALF_LIFE`], so that an idle
//! stretch does not bank credit for long. When nothing else waits, capped matches take the
//! whole worker.

use std::time::{Duration, Instant};

/// How fast past time stops counting.
pub const HALF_LIFE: Duration = Duration::from_secs(120);

/// One worker's recent time, split between capped kinds and the rest.
#[derive(Debug)]
pub struct FairShare {
    capped: f64,
    other: f64,
    at: Instant,
}

impl Default for FairShare {
    fn default() -> Self {
        FairShare { capped: 0.0, other: 0.0, at: Instant::now() }
    }
}

impl FairShare {
    fn decay(&mut self, now: Instant) {
        let f = 0.5f64.powf(now.saturating_duration_since(self.at).as_secs_f64() / HALF_LIFE.as_secs_f64());
        self.capped *= f;
        self.other *= f;
        self.at = now;
    }

    /// Whether the next claim should put capped kinds after the rest.
    pub fn capped_last(&mut self) -> bool {
        self.decay(Instant::now());
        self.capped > self.other
    }

    /// Counts a match played: `capped` says whether its kind is capped.
    pub fn played(&mut self, capped: bool, took: Duration) {
        self.decay(Instant::now());
        if capped {
            self.capped += took.as_secs_f64();
        } else {
            self.other += took.as_secs_f64();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capped_time_beyond_half_yields_to_the_rest() {
        let mut s = FairShare::default();
        assert!(!s.capped_last(), "nothing played: priority order");
        s.played(true, Duration::from_secs(40));
        assert!(s.capped_last(), "a 40 s qualification: the rest goes first");
        for _ in 0..79 {
            s.played(false, Duration::from_millis(500));
        }
        assert!(s.capped_last(), "39.5 s of ladder is not yet half");
        s.played(false, Duration::from_millis(600));
        assert!(!s.capped_last(), "past half: qualification may go first again");
    }
}
