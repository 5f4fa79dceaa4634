//! The interface of a match source ("scheduler"). The queue and its workers know none of them by
//! name: a scheduler owns some match kinds, is told when one of its matches leaves the queue
//! (played or given up) inside the transaction that records it, and may run periodic work of its
//! own (the ladder tops up its queue). The registry of every source is `sources::SCHEDULERS`.

use crate::site::core::config::SiteConfig;
use crate::site::core::kind::{Kind, MatchEnd};
use crate::site::state::AppState;
use sqlx::PgConnection;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// A boxed, sendable future: what the trait's async methods return, so that schedulers can sit
/// in a static list of `&dyn Scheduler` (async fn in traits is not object-safe).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A source of matches.
pub trait Scheduler: Send + Sync {
    /// Its name, in logs.
    fn name(&self) -> &'static str;

    /// The kinds of match it queues (their priorities are the kinds' own, `Kind::priority`).
    /// Every kind has exactly one owner.
    fn kinds(&self) -> &'static [Kind];

    /// Reacts to one of its matches leaving the queue, inside the transaction that marks the
    /// match done or failed (so both commit together, or neither: only the worker holding the
    /// match's lease gets here). It may queue more matches (`queue::enqueue` on `conn`).
    fn on_match_done<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        match_id: i64,
        kind: Kind,
        end: MatchEnd<'a>,
    ) -> BoxFuture<'a, anyhow::Result<()>>;

    /// Whether its matches, though urgent, may take at most half of a worker's time while
    /// other matches wait (see `matches::fair_share`): qualification must not starve the ladder
    /// and tournaments when someone uploads bots that use their whole budget.
    fn capped(&self) -> bool {
        false
    }

    /// How often this process should call [`Scheduler::tick`], if at all (the default: never;
    /// sources that only react to uploads and results need no clock).
    fn tick_every(&self, _config: &SiteConfig) -> Option<Duration> {
        None
    }

    /// Periodic work (`arena serve` and `arena worker` call it every [`Scheduler::tick_every`]):
    /// queues the matches due. Returns how many it queued, so that idle workers are woken.
    fn tick<'a>(&'a self, _state: &'a AppState) -> BoxFuture<'a, anyhow::Result<usize>> {
        Box::pin(async { Ok(0) })
    }
}
