//! The match sources ("schedulers") behind one interface. The queue and its workers know none of
//! them by name: a scheduler owns some match kinds (and their priority in the queue), is told
//! when one of its matches leaves the queue (played or given up) inside the transaction that
//! records it, and may run periodic work of its own (the ladder tops up its queue).
//!
//! Adding a match source (tournaments, practice matches...) is: a [`Kind`] (one line in
//! `queue.rs`, plus the `matches.kind` CHECK constraint in a migration), a type implementing
//! [`Scheduler`], and one entry in [`SCHEDULERS`]. The `every_kind_has_one_scheduler` test below
//! refuses a kind without exactly one owner.

use super::config::SiteConfig;
use super::queue::Kind;
use super::state::AppState;
use sqlx::PgConnection;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// A boxed, sendable future: what the trait's async methods return, so that schedulers can sit
/// in a static list of `&dyn Scheduler` (async fn in traits is not object-safe).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// How a match left the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd<'a> {
    /// Played to the end: `matches` is marked done and `match_players` holds the scores, ranks
    /// and freezes.
    Played,
    /// Could not be played (a bot no longer loads...) or given up after too many attempts:
    /// marked failed with this reason.
    Failed(&'a str),
}

/// A source of matches.
pub trait Scheduler: Send + Sync {
    /// Its name, in logs.
    fn name(&self) -> &'static str;

    /// The kinds of match it queues, each with its priority in the queue (lower runs first).
    /// Every kind has exactly one owner.
    fn kinds(&self) -> &'static [(Kind, i32)];

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
    /// other matches wait (see `super::fair_share`): qualification must not starve the ladder
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

/// Every match source of the server.
pub static SCHEDULERS: &[&dyn Scheduler] = &[
    &super::qualification::Qualification,
    &super::tournaments::Tournaments,
    &super::practice::Practice,
    &super::ladder::Ladder,
];

/// The scheduler that owns `kind`.
pub fn owner(kind: Kind) -> &'static dyn Scheduler {
    SCHEDULERS
        .iter()
        .copied()
        .find(|s| s.kinds().iter().any(|&(k, _)| k == kind))
        .unwrap_or_else(|| panic!("no scheduler owns match kind {:?} (see SCHEDULERS)", kind))
}

/// The kinds whose schedulers are [`Scheduler::capped`], as stored in `matches.kind`.
pub fn capped_kinds() -> Vec<&'static str> {
    Kind::ALL.iter().filter(|k| owner(**k).capped()).map(|k| k.as_str()).collect()
}

/// The queue priority of `kind`, as its owner sets it (lower runs first).
pub fn priority(kind: Kind) -> i32 {
    let owner = owner(kind);
    owner.kinds().iter().find(|&&(k, _)| k == kind).map(|&(_, p)| p).expect("the owner lists the kind")
}

/// Tells the owner of a match that left the queue (inside the caller's transaction). A kind this
/// server does not know (written by a newer version) has no owner here: nothing to do.
pub async fn match_done(conn: &mut PgConnection, match_id: i64, kind: &str, end: MatchEnd<'_>) -> anyhow::Result<()> {
    let Some(kind) = Kind::parse(kind) else {
        tracing::warn!(match_id, kind, "match of an unknown kind: no scheduler to tell");
        return Ok(());
    };
    owner(kind).on_match_done(conn, match_id, kind, end).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_scheduler() {
        for &kind in Kind::ALL {
            let owners: Vec<&str> =
                SCHEDULERS.iter().filter(|s| s.kinds().iter().any(|&(k, _)| k == kind)).map(|s| s.name()).collect();
            assert_eq!(owners.len(), 1, "match kind {kind:?} is owned by {owners:?}");
            // ... and lists it once.
            assert_eq!(owner(kind).kinds().iter().filter(|&&(k, _)| k == kind).count(), 1, "{kind:?} listed twice");
        }
    }

    #[test]
    fn scheduler_names_are_distinct() {
        let mut names: Vec<&str> = SCHEDULERS.iter().map(|s| s.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), SCHEDULERS.len());
    }

    #[test]
    fn priorities_are_unchanged() {
        // Stored in `matches.priority`: qualification, then tournaments, then the ladder.
        assert_eq!(priority(Kind::Sanity), 0);
        assert_eq!(priority(Kind::Qualification), 0);
        assert_eq!(priority(Kind::Tournament), 5);
        assert_eq!(priority(Kind::Ladder), 10);
    }

    #[test]
    fn kinds_round_trip() {
        for &kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(Kind::parse("nonsense"), None);
    }
}
