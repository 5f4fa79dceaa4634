//! A replay read back by its game, seen as frames: frame 0 is the state at round 0, frame k the
//! state after round k. Each frame's figures (scores, CPU shares, freezes and the game's own
//! counts) are a serializable view, behind one object-safe trait, so that the catalog
//! ([`crate::catalog::AnyGame::read_replay`]) hands out any game's frames without a second
//! dispatch on the game's name (`arena replay --frame`).
//!
//! The view is an `erased_serde::Serialize` rather than a `serde_json::Value`: a `Value` sorts
//! its keys, while the view keeps each game's field order, which `arena replay --frame` prints.

/// Asked for a frame the replay does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no frame {asked}: this replay has frames 0..={last}")]
pub struct NoSuchFrame {
    pub asked: usize,
    pub last: usize,
}

/// A decoded replay's frames. Each game's decoded replay implements it
/// (`games/<game>/replay.rs`).
pub trait ReplayFrames: Send + Sync {
    /// How many frames: the rounds played plus one.
    fn frame_count(&self) -> usize;

    /// The figures of frame `n`. The freezes are those of frames `0..=n` (a freeze is recorded
    /// in the round it happens).
    fn frame(&self, n: usize) -> Result<Box<dyn erased_serde::Serialize>, NoSuchFrame>;
}
