//! The rating's vocabulary shared by the ladder (which updates ratings) and the read models (which
//! show them): Weng-Lin's starting values and the conservative estimate the leaderboard shows.

/// A new bot's rating (Weng-Lin's defaults).
pub const DEFAULT_MU: f64 = 25.0;
pub const DEFAULT_SIGMA: f64 = 25.0 / 3.0;

/// The displayed rating: a conservative estimate.
pub fn conservative(mu: f64, sigma: f64) -> f64 {
    mu - 3.0 * sigma
}
