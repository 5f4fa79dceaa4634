//! The match sources: qualification, tournaments, practice matches and the ladder, each a
//! [`Scheduler`], and their registry ([`SCHEDULERS`]). The queue and the workers know no source by
//! name; they reach a match's owner through [`match_done`] and [`fail`] here.
//!
//! Adding a match source is: a [`Kind`] (one line in `core/kind.rs`, plus the `matches.kind`
//! CHECK constraint in a migration), a module here with a type implementing [`Scheduler`], and
//! one entry in [`SCHEDULERS`]. The `every_kind_has_one_scheduler` test below refuses a kind
//! without exactly one owner.

pub mod ladder;
pub mod practice;
pub mod qualification;
pub mod scheduler;
pub mod tournaments;

use crate::site::core::kind::{Kind, MatchEnd};
use crate::site::matches::queue::{self, Claim, MAX_ATTEMPTS};
pub use scheduler::{BoxFuture, Scheduler};
use sqlx::{PgConnection, PgPool};
use std::time::Duration;

/// Every match source of the server.
pub static SCHEDULERS: &[&dyn Scheduler] =
    &[&qualification::Qualification, &tournaments::Tournaments, &practice::Practice, &ladder::Ladder];

/// The scheduler that owns `kind`.
pub fn owner(kind: Kind) -> &'static dyn Scheduler {
    SCHEDULERS
        .iter()
        .copied()
        .find(|s| s.kinds().contains(&kind))
        .unwrap_or_else(|| panic!("no scheduler owns match kind {:?} (see SCHEDULERS)", kind))
}

/// The kinds whose schedulers are [`Scheduler::capped`], as stored in `matches.kind`.
pub fn capped_kinds() -> Vec<&'static str> {
    Kind::ALL.iter().filter(|k| owner(**k).capped()).map(|k| k.as_str()).collect()
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

/// Marks a match that cannot be played (a bot that no longer loads, ...) as failed, and tells its
/// scheduler in the same transaction. False when the lease was lost (nothing written).
pub async fn fail(pool: &PgPool, claim: &Claim, error: &str) -> anyhow::Result<bool> {
    let mut tx = pool.begin().await?;
    let ok = queue::mark_failed(&mut tx, claim, error).await?;
    if ok {
        match_done(&mut tx, claim.id, &claim.kind, MatchEnd::Failed(error)).await?;
    }
    tx.commit().await?;
    Ok(ok)
}

/// Claims the next match (by priority, qualification first; then oldest): a queued one, or a
/// running one whose lease has run out (its worker died). Matches claimed [`MAX_ATTEMPTS`] times
/// already are marked failed instead (and their owner told).
pub async fn claim(pool: &PgPool, worker: &str, lease: Duration) -> anyhow::Result<Option<Claim>> {
    claim_next(pool, worker, lease, &[]).await
}

/// As [`claim`]; the kinds in `last` (a worker's capped kinds, when its fair share says they had
/// their half: `matches::fair_share`) come after every other waiting match.
pub async fn claim_next(pool: &PgPool, worker: &str, lease: Duration, last: &[&str]) -> anyhow::Result<Option<Claim>> {
    loop {
        match queue::claim_raw(pool, worker, lease, last).await? {
            Some(c) if c.attempts > MAX_ATTEMPTS => {
                let error = format!(
                    "given up after {MAX_ATTEMPTS} attempts: every worker that played it stopped before the end"
                );
                fail(pool, &c, &error).await?;
            }
            other => return Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_scheduler() {
        for &kind in Kind::ALL {
            let owners: Vec<&str> = SCHEDULERS.iter().filter(|s| s.kinds().contains(&kind)).map(|s| s.name()).collect();
            assert_eq!(owners.len(), 1, "match kind {kind:?} is owned by {owners:?}");
            // ... and lists it once.
            assert_eq!(owner(kind).kinds().iter().filter(|&&k| k == kind).count(), 1, "{kind:?} listed twice");
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
    fn only_qualification_is_capped() {
        assert_eq!(capped_kinds(), vec!["sanity", "qualification"]);
    }
}
