//! The match's randomness: one seed, independent streams.
//!
//! Algorithm (part of the rules; changing it changes every match):
//! - The generator is ChaCha8 (`rand_chacha` 0.10), keyed with
//!   `ChaCha8Rng::seed_from_u64(seed)` (rand_core's PCG32 expansion of the 64-bit match seed).
//! - Each consumer gets its own ChaCha stream (`set_stream`): [`Stream::Board`] = 0 draws the
//!   random board, [`Stream::Rules`] = 1 draws every random event of the rules (order
//!   shuffles, damage, infections, respawns), [`Stream::Bot`]`(p)` = 2 + p serves player `p`'s
//!   `random(l, u)`. A bot's draws therefore never shift the board or the rules.
//! - `below(n)` is Lemire's widening-multiply method with rejection on 32-bit words (unbiased);
//!   `range(l, u)` is `l + below(u - l + 1)`; `unit()` is the top 53 bits of a 64-bit word over
//!   2^53; `chance(p)` is `unit() < p`; `shuffle` is Fisher-Yates from the last index down.
//!
//! ChaCha was chosen over a hand-written generator because it is a maintained, portable,
//! well-specified stream cipher whose streams are independent by construction.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Which consumer a stream serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Board,
    Rules,
    Bot(usize),
}

impl Stream {
    pub fn id(self) -> u64 {
        match self {
            Stream::Board => 0,
            Stream::Rules => 1,
            Stream::Bot(p) => 2 + p as u64,
        }
    }
}

/// One deterministic random stream of a match.
#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn new(seed: u64, stream: Stream) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream.id());
        GameRng(rng)
    }

    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// Uniform index in `0..len`; `len` must be positive.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("index range fits in u32")) as usize
    }

    /// Uniform in `l..=u`. Returns `l` when `u < l`, like the kits' `random`.
    pub fn range(&mut self, l: i32, u: i32) -> i32 {
        if u <= l {
            return l;
        }
        let span = (i64::from(u) - i64::from(l) + 1) as u64;
        if span > u64::from(u32::MAX) {
            // Only reachable for the whole i32 range.
            return self.next_u32() as i32;
        }
        (i64::from(l) + i64::from(self.below(span as u32))) as i32
    }

    /// Uniform in [0, 1) with 53 bits of precision.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `p` (clamped to [0, 1]).
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            let r = self.index(k + 1);
            items.swap(k, r);
        }
    }

    /// A uniformly random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..n).collect();
        self.shuffle(&mut v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_independent_and_reproducible() {
        let a: Vec<u32> = (0..8)
            .map({
                let mut r = GameRng::new(7, Stream::Board);
                move |_| r.next_u32()
            })
            .collect();
        let b: Vec<u32> = (0..8)
            .map({
                let mut r = GameRng::new(7, Stream::Board);
                move |_| r.next_u32()
            })
            .collect();
        let c: Vec<u32> = (0..8)
            .map({
                let mut r = GameRng::new(7, Stream::Rules);
                move |_| r.next_u32()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn range_is_inclusive_and_covers_all_values() {
        let mut r = GameRng::new(1, Stream::Rules);
        let mut seen = [0u32; 16];
        for _ in 0..16_000 {
            let v = r.range(25, 40);
            assert!((25..=40).contains(&v));
            seen[(v - 25) as usize] += 1;
        }
        // Each of the 16 values should get about 1000 draws.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(r.range(5, 5), 5);
        assert_eq!(r.range(5, 3), 5);
    }

    #[test]
    fn chance_matches_probability() {
        let mut r = GameRng::new(3, Stream::Rules);
        let hits = (0..100_000).filter(|_| r.chance(0.2)).count();
        assert!((19_000..21_000).contains(&hits), "{hits}");
        assert!(!(0..1000).any(|_| r.chance(0.0)));
        assert!((0..1000).all(|_| r.chance(1.0)));
    }

    #[test]
    fn permutation_is_a_permutation() {
        let mut r = GameRng::new(9, Stream::Bot(2));
        let mut p = r.permutation(50);
        assert_ne!(p, (0..50).collect::<Vec<_>>());
        p.sort();
        assert_eq!(p, (0..50).collect::<Vec<_>>());
    }
}
