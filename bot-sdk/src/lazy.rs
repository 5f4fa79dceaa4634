//! Views read in place: every game's `Game` keeps the round view as the host wrote it (in a
//! WebAssembly bot, the very buffer the host writes each round into: no copy, see
//! [`crate::runtime::Driver::play_in_place`]) and reads its fixed-width fields from it on access.
//! What the view does not hold directly (the units decoded into structs, the unit on each cell,
//! each player's unit ids) is built on first use in a round, only if the bot asks for it, in
//! buffers reused round after round.
//!
//! A round view is checked when it arrives (its length, and the values a decoded field could
//! not represent: owners, players, positions, flags), without copying or decoding it; a check
//! that fails leaves the previous round's view in place (natively and in the tests; in wasm the
//! bot then stops).

use crate::runtime::ViewError;
use std::cell::{Cell, OnceCell};
use std::fmt;

/// The latest round view's bytes.
#[derive(Clone, Debug, Default)]
pub(crate) struct RoundBuf {
    /// The buffer; its first `len` bytes are the view (it may be longer: in wasm it is the host's
    /// buffer, which only grows).
    bytes: Vec<u8>,
    len: usize,
}

impl RoundBuf {
    /// The view.
    #[inline]
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Copies `view` in (natively, and in the tests).
    pub(crate) fn set(&mut self, view: &[u8]) {
        self.bytes.clear();
        self.bytes.extend_from_slice(view);
        self.len = view.len();
    }

    /// The buffer the host writes views into (in wasm, [`crate::runtime::Driver::view_buffer`]).
    pub(crate) fn storage(&mut self) -> &mut Vec<u8> {
        &mut self.bytes
    }

    /// The view is the first `len` bytes of the buffer (`len` is at most its length).
    pub(crate) fn set_len(&mut self, len: usize) {
        self.len = len.min(self.bytes.len());
    }

    /// The buffer's first `len` bytes, before [`RoundBuf::set_len`] (to check them first).
    pub(crate) fn prefix(&self, len: usize) -> &[u8] {
        &self.bytes[..len.min(self.bytes.len())]
    }

    /// The `i32` at byte `at` of the view.
    #[inline]
    pub(crate) fn i32(&self, at: usize) -> i32 {
        i32_at(self.bytes(), at)
    }

    /// The `i64` at byte `at` of the view.
    #[inline]
    pub(crate) fn i64(&self, at: usize) -> i64 {
        let b = self.bytes();
        i64::from_le_bytes(b[at..at + 8].try_into().unwrap_or([0; 8]))
    }

    /// The `f64` at byte `at` of the view.
    #[inline]
    pub(crate) fn f64(&self, at: usize) -> f64 {
        f64::from_bits(self.i64(at) as u64)
    }

    /// The `n` bytes at byte `at` of the view.
    #[inline]
    pub(crate) fn slice(&self, at: usize, n: usize) -> &[u8] {
        &self.bytes()[at..at + n]
    }
}

/// The little-endian `i32` at byte `at` of `b`.
#[inline]
pub(crate) fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(b[at..at + 4].try_into().unwrap_or([0; 4]))
}

/// The `N` little-endian `i32` fields at the start of `b` (at least `4 N` bytes long). One
/// bounds check in all, then one unaligned 32-bit load per field (indexing byte by byte kept a
/// check per byte and cost a Mad Max bot 20,000 fuel a round just to look at the units).
#[inline]
pub(crate) fn fields<const N: usize>(b: &[u8]) -> [i32; N] {
    let b = &b[..4 * N];
    let mut out = [0; N];
    for (k, o) in out.iter_mut().enumerate() {
        *o = i32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
    }
    out
}

/// Whether `(i, j)` is on a board of `rows` x `cols` (both positive): two unsigned compares.
#[inline]
pub(crate) fn on_board(i: i32, j: i32, rows: i32, cols: i32) -> bool {
    (i as u32) < (rows as u32) && (j as u32) < (cols as u32)
}

/// Whether every byte of `b` is at most `max` (< 128), 32 bytes per step with no early exit
/// (the round views' per-cell parts are checked with it every round, so it must cost little
/// fuel: about 1.5 instructions per 8 bytes): a byte x < 128 is at most `max` iff
/// x + (127 - max) < 128; a byte of 128 or more has its high bit set already (and its carry only
/// spoils a verdict that is false anyway).
pub(crate) fn bytes_at_most(b: &[u8], max: u8) -> bool {
    debug_assert!(max < 128);
    const LOW: u64 = 0x0101_0101_0101_0101;
    let add = LOW * u64::from(127 - max);
    let word = |w: &[u8]| {
        let v = u64::from_le_bytes(w.try_into().unwrap_or([0xff; 8]));
        v.wrapping_add(add) | v
    };
    let mut acc = 0u64;
    let mut blocks = b.chunks_exact(32);
    for c in &mut blocks {
        acc |= word(&c[0..8]) | word(&c[8..16]) | word(&c[16..24]) | word(&c[24..32]);
    }
    let mut words = blocks.remainder().chunks_exact(8);
    for w in &mut words {
        acc |= word(w);
    }
    acc & (LOW * 0x80) == 0 && words.remainder().iter().all(|&x| x <= max)
}

/// A value derived from the round view, built on first use in a round ([`PerRound::get`]) and
/// forgotten when the next view arrives ([`PerRound::reset`]); its storage is kept and handed to
/// the next round's build, so that after the first rounds building allocates nothing.
pub(crate) struct PerRound<T> {
    value: OnceCell<T>,
    /// Last round's value, for its storage.
    spare: Cell<Option<T>>,
}

impl<T> Default for PerRound<T> {
    fn default() -> Self {
        PerRound { value: OnceCell::new(), spare: Cell::new(None) }
    }
}

impl<T: Clone> Clone for PerRound<T> {
    fn clone(&self) -> Self {
        PerRound { value: self.value.clone(), spare: Cell::new(None) }
    }
}

impl<T: fmt::Debug> fmt::Debug for PerRound<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value.get() {
            Some(v) => v.fmt(f),
            None => f.write_str("(not built this round)"),
        }
    }
}

impl<T: Default> PerRound<T> {
    /// The value, built by `fill` the first time in a round. `fill` gets an earlier round's value
    /// (or `T::default()`) to refill in place.
    #[inline]
    pub(crate) fn get(&self, fill: impl FnOnce(&mut T)) -> &T {
        self.value.get_or_init(|| {
            let mut v = self.spare.take().unwrap_or_default();
            fill(&mut v);
            v
        })
    }

    /// Whether it was built this round.
    #[cfg(test)]
    pub(crate) fn is_built(&self) -> bool {
        self.value.get().is_some()
    }

    /// A new round: the value is built again on its next use.
    #[inline]
    pub(crate) fn reset(&mut self) {
        if let Some(v) = self.value.take() {
            *self.spare.get_mut() = Some(v);
        }
    }
}

/// Which unit stands on each cell (row-major), rebuilt per round by clearing only the cells
/// marked last time.
#[derive(Clone, Debug, Default)]
pub(crate) struct CellIndex {
    at: Vec<i32>,
    marked: Vec<u32>,
}

impl CellIndex {
    /// Starts a round's index on a board of `n` cells: the cells marked before are cleared.
    pub(crate) fn clear(&mut self, n: usize) {
        if self.at.len() != n {
            self.at = vec![-1; n];
        } else {
            for &k in &self.marked {
                self.at[k as usize] = -1;
            }
        }
        self.marked.clear();
    }

    /// Unit `id` stands on cell `k` (ignored off the board).
    #[inline]
    pub(crate) fn mark(&mut self, k: usize, id: usize) {
        if let Some(c) = self.at.get_mut(k) {
            *c = id as i32;
            self.marked.push(k as u32);
        }
    }

    /// The unit on cell `k`.
    #[inline]
    pub(crate) fn get(&self, k: usize) -> Option<usize> {
        self.at.get(k).and_then(|&v| usize::try_from(v).ok())
    }
}

/// How a game reads its round views in place: each game says what checking a view learns (its
/// `Layout`: where the parts start, how many units) and how to load it; the reading protocol,
/// the same for every game, is in the default methods.
pub(crate) trait InPlaceView {
    /// What checking a round view learns, to load it without checking again.
    type Layout;

    /// Checks a round view without keeping anything: its layout, and with `full` every value an
    /// accessor relies on (a copied view; the view the host writes in place is trusted and only
    /// its layout is checked, so that a round costs no fuel per cell or unit).
    fn check_round(&self, view: &[u8], full: bool) -> Result<Self::Layout, ViewError>;

    /// Makes the checked view in [`InPlaceView::round`] the current round.
    fn load_round(&mut self, layout: Self::Layout);

    /// An empty round of this game's shape: its length in bytes (all zero) and its layout.
    fn empty_round(&self) -> (usize, Self::Layout);

    fn round(&self) -> &RoundBuf;
    fn round_mut(&mut self) -> &mut RoundBuf;

    /// Takes a copy of a round view; a view that does not check leaves the game as it was.
    fn read_round_copied(&mut self, view: &[u8]) -> Result<(), ViewError> {
        let layout = self.check_round(view, true)?;
        self.round_mut().set(view);
        self.load_round(layout);
        Ok(())
    }

    /// Takes the view the host wrote in place (the first `len` bytes of the round buffer).
    fn read_round_in_place(&mut self, len: usize) -> Result<(), ViewError> {
        match self.check_round(self.round().prefix(len), false) {
            Ok(layout) => {
                self.round_mut().set_len(len);
                self.load_round(layout);
                Ok(())
            }
            Err(e) => {
                // The previous view was overwritten: an empty one stands in for it.
                let (len, layout) = self.empty_round();
                self.round_mut().set(&vec![0; len]);
                self.load_round(layout);
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_round_values_are_built_once_per_round_and_reuse_their_storage() {
        let mut v: PerRound<Vec<u32>> = PerRound::default();
        let mut builds = 0;
        assert!(!v.is_built());
        let first = v.get(|x| {
            builds += 1;
            x.extend([1, 2, 3]);
        });
        assert_eq!(first, &[1, 2, 3]);
        let ptr = first.as_ptr();
        assert_eq!(v.get(|_| unreachable!("built twice in a round")), &[1, 2, 3]);
        v.reset();
        assert!(!v.is_built());
        let second = v.get(|x| {
            builds += 1;
            assert_eq!(x, &[1, 2, 3], "last round's value, to refill");
            x.clear();
            x.push(9);
        });
        assert_eq!(second, &[9]);
        assert_eq!(second.as_ptr(), ptr, "the storage is reused");
        assert_eq!(builds, 2);
        assert_eq!(format!("{:?}", v.clone()), "[9]");
    }

    #[test]
    fn cell_index_clears_only_what_it_marked() {
        let mut c = CellIndex::default();
        c.clear(10);
        c.mark(3, 7);
        c.mark(12, 1);
        assert_eq!(c.get(3), Some(7));
        assert_eq!(c.get(12), None);
        c.clear(10);
        assert_eq!(c.get(3), None);
        c.mark(4, 0);
        assert_eq!((c.get(3), c.get(4)), (None, Some(0)));
    }

    #[test]
    fn bytes_at_most_checks_words_and_tail() {
        for max in [1u8, 4] {
            for len in [0usize, 1, 7, 8, 9, 450, 451] {
                let mut v: Vec<u8> = (0..len).map(|k| (k % (max as usize + 1)) as u8).collect();
                assert!(bytes_at_most(&v, max));
                for at in [0, len / 2, len.saturating_sub(1)] {
                    if len == 0 {
                        continue;
                    }
                    for bad in [max + 1, 7, 127, 128, 255] {
                        let keep = v[at];
                        v[at] = bad;
                        assert!(!bytes_at_most(&v, max), "{max} {len} {at} {bad}");
                        v[at] = keep;
                    }
                }
            }
        }
    }
}
