//! Elimination tournaments on the server: the `tournament` crate's state machine driven through
//! the match queue. The format and its decisions are in `docs/tournament.md`.
//!
//! State lives in Postgres: the tournament row, its entrants (frozen at the start), who went out
//! of each round, and one `tournament_matches` row per queued match with its core key. When a
//! tournament match is done, [`Tournaments::on_match_done`] locks the tournament row, rebuilds
//! the core from the outs and the current stage's results ([`tournament::Tournament::resume`]),
//! records the new result and queues what comes next, all in the transaction that marks the
//! match done. So a killed worker or a restarted server loses nothing (its match is taken over
//! under the lease rules) and no result is counted twice (only the lease holder commits, and a
//! key is recorded once: a unique index says so).
//!
//! Modules: `store` (the rows and the core built from them), `lifecycle` (create, start, pause,
//! resume, record), `views` (what the pages and the API show).

pub mod lifecycle;
pub mod store;
pub mod views;

use super::{BoxFuture, Scheduler};
use crate::site::core::kind::{Kind, MatchEnd};
use crate::site::state::AppState;
use sqlx::PgConnection;
use std::time::Duration;

/// How often due tournaments are started (and running ones checked for a missing match).
pub const TICK: Duration = Duration::from_secs(2);

/// Tournaments as a match source.
pub struct Tournaments;

impl Scheduler for Tournaments {
    fn name(&self) -> &'static str {
        "tournaments"
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Tournament]
    }

    fn on_match_done<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        match_id: i64,
        _kind: Kind,
        end: MatchEnd<'a>,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(lifecycle::match_done(conn, match_id, end))
    }

    fn tick_every(&self, _config: &crate::site::core::config::SiteConfig) -> Option<Duration> {
        Some(TICK)
    }

    /// Starts the tournaments whose start time has come, and queues any match a running
    /// tournament is missing.
    fn tick<'a>(&'a self, state: &'a AppState) -> BoxFuture<'a, anyhow::Result<usize>> {
        Box::pin(lifecycle::tick(&state.pool))
    }
}
