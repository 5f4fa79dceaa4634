//! Retention: what is deleted, and when, so that storage does not grow forever.
//!
//! - Ladder matches' replays are deleted `--keep-ladder-replays-days` (30) days after the match:
//!   from the replay store and from the database's old `replays` table. Sanity, qualification and
//!   tournament replays are kept forever (a bot's qualification and a tournament stay provable).
//! - Bots' stderr (`match_players.stderr`) is cleared `--keep-stderr-days` (30) days after the
//!   match, for every kind of match.
//! - 0 keeps them forever. Matches, their players, results and ratings are never deleted.
//!
//! Pruning marks each match it went through (`matches.replay_pruned_at`, `stderr_pruned_at`), so
//! a second run finds nothing to do and the match page can say the replay was deleted. It works
//! in batches of [`BATCH`] matches, one short transaction each, whose rows are taken with `SKIP
//! LOCKED`: two processes pruning at once share the work. `arena serve` prunes every hour;
//! `arena admin prune [--dry-run]` prunes now.

use crate::site::store::replay_store::ReplayStore;
use chrono::{DateTime, Utc};
use sqlx::PgPool;

/// Matches per pruning transaction.
pub const BATCH: i64 = 500;

/// How often `arena serve` prunes.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

/// How long things are kept, in days (0: forever).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    pub ladder_replays_days: u32,
    pub stderr_days: u32,
}

impl Retention {
    pub fn from_config(c: &crate::site::core::config::SiteConfig) -> Retention {
        Retention { ladder_replays_days: c.keep_ladder_replays_days, stderr_days: c.keep_stderr_days }
    }

    /// For the start-up banner.
    pub fn describe(&self) -> String {
        let days = |d: u32| if d == 0 { "forever".to_string() } else { format!("{d} days") };
        format!(
            "ladder replays kept {}, stderr {}; qualification and tournament replays forever",
            days(self.ladder_replays_days),
            days(self.stderr_days)
        )
    }
}

/// What a pruning deleted (or, dry, would delete).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PruneReport {
    pub dry_run: bool,
    /// Finished before this, ladder replays go (`None`: kept forever).
    pub replays_before: Option<DateTime<Utc>>,
    /// Played ladder matches whose replay was deleted.
    pub replays_deleted: u64,
    /// Their sizes added up.
    pub replay_bytes: u64,
    /// The lowest and highest of those matches' ids.
    pub replay_ids: Option<(i64, i64)>,
    /// Finished before this, stderr goes (`None`: kept forever).
    pub stderr_before: Option<DateTime<Utc>>,
    /// Seats whose stderr was cleared.
    pub stderr_cleared: u64,
    /// The matches they were in.
    pub stderr_matches: u64,
    /// The stderr's bytes added up.
    pub stderr_bytes: u64,
}

impl PruneReport {
    /// Whether anything was (or would be) deleted.
    pub fn is_empty(&self) -> bool {
        self.replays_deleted == 0 && self.stderr_cleared == 0
    }
}

impl std::fmt::Display for PruneReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verb = if self.dry_run { "would delete" } else { "deleted" };
        let before = |t: &DateTime<Utc>| t.format("%Y-%m-%d %H:%M UTC");
        match &self.replays_before {
            None => writeln!(f, "replays: ladder replays are kept forever (--keep-ladder-replays-days 0)")?,
            Some(t) => {
                write!(f, "replays: {verb} the replays of {} ladder matches", self.replays_deleted)?;
                if let Some((lo, hi)) = self.replay_ids {
                    write!(f, " (ids {lo} to {hi})")?;
                }
                writeln!(f, ", {}, finished before {}", bytes(self.replay_bytes), before(t))?;
            }
        }
        match &self.stderr_before {
            None => write!(f, "stderr:  stderr is kept forever (--keep-stderr-days 0)"),
            Some(t) => write!(
                f,
                "stderr:  {verb} the stderr of {} seats in {} matches, {}, finished before {}",
                self.stderr_cleared,
                self.stderr_matches,
                bytes(self.stderr_bytes),
                before(t)
            ),
        }
    }
}

fn bytes(n: u64) -> String {
    match n {
        n if n >= 10 << 20 => format!("{} MiB", n >> 20),
        n if n >= 10 << 10 => format!("{} KiB", n >> 10),
        n => format!("{n} bytes"),
    }
}

/// The moment `days` days ago, by the database's clock (`None` for 0: kept forever).
async fn cutoff(pool: &PgPool, days: u32) -> sqlx::Result<Option<DateTime<Utc>>> {
    if days == 0 {
        return Ok(None);
    }
    sqlx::query_scalar("SELECT now() - make_interval(days => $1)").bind(days as i32).fetch_one(pool).await.map(Some)
}

/// Deletes what `retention` no longer keeps (with `dry_run`, only counts it).
pub async fn prune(
    pool: &PgPool,
    replays: &ReplayStore,
    retention: &Retention,
    dry_run: bool,
) -> anyhow::Result<PruneReport> {
    let mut report = PruneReport {
        dry_run,
        replays_before: cutoff(pool, retention.ladder_replays_days).await?,
        stderr_before: cutoff(pool, retention.stderr_days).await?,
        ..PruneReport::default()
    };
    if let Some(before) = report.replays_before {
        if dry_run {
            count_replays(pool, before, &mut report).await?;
        } else {
            prune_replays(pool, replays, before, &mut report).await?;
        }
    }
    if let Some(before) = report.stderr_before {
        if dry_run {
            count_stderr(pool, before, &mut report).await?;
        } else {
            prune_stderr(pool, before, &mut report).await?;
        }
    }
    Ok(report)
}

// The conditions below imply the partial indexes' (migration 0003), which they use.
const LADDER_REPLAYS_DUE: &str =
    "kind = 'ladder' AND replay_pruned_at IS NULL AND finished_at IS NOT NULL AND finished_at < $1";
const STDERR_DUE: &str = "stderr_pruned_at IS NULL AND finished_at IS NOT NULL AND finished_at < $1";

async fn count_replays(pool: &PgPool, before: DateTime<Utc>, report: &mut PruneReport) -> anyhow::Result<()> {
    let (n, size, lo, hi): (i64, i64, Option<i64>, Option<i64>) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT count(*), coalesce(sum(replay_size), 0)::BIGINT, min(id), max(id)
         FROM matches WHERE {LADDER_REPLAYS_DUE} AND state = 'done'"
    )))
    .bind(before)
    .fetch_one(pool)
    .await?;
    report.replays_deleted = n as u64;
    report.replay_bytes = size as u64;
    report.replay_ids = lo.zip(hi);
    Ok(())
}

async fn prune_replays(
    pool: &PgPool,
    replays: &ReplayStore,
    before: DateTime<Utc>,
    report: &mut PruneReport,
) -> anyhow::Result<()> {
    loop {
        let mut tx = pool.begin().await?;
        let batch: Vec<(i64, String, Option<i32>)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT id, state, replay_size FROM matches WHERE {LADDER_REPLAYS_DUE}
             ORDER BY finished_at LIMIT $2 FOR UPDATE SKIP LOCKED"
        )))
        .bind(before)
        .bind(BATCH)
        .fetch_all(&mut *tx)
        .await?;
        if batch.is_empty() {
            tx.rollback().await?;
            return Ok(());
        }
        let ids: Vec<i64> = batch.iter().map(|b| b.0).collect();
        // The objects first: if this fails, nothing is marked and the next run tries again.
        replays.delete(&ids).await?;
        sqlx::query("DELETE FROM replays WHERE match_id = ANY($1)").bind(&ids).execute(&mut *tx).await?;
        sqlx::query("UPDATE matches SET replay_pruned_at = now() WHERE id = ANY($1)")
            .bind(&ids)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        for (id, state, size) in batch {
            // Failed ladder matches are marked too, but had no replay.
            if state == "done" {
                report.replays_deleted += 1;
                report.replay_bytes += size.unwrap_or(0).max(0) as u64;
                report.replay_ids = Some(match report.replay_ids {
                    Some((lo, hi)) => (lo.min(id), hi.max(id)),
                    None => (id, id),
                });
            }
        }
    }
}

async fn count_stderr(pool: &PgPool, before: DateTime<Utc>, report: &mut PruneReport) -> anyhow::Result<()> {
    let (seats, matches, size): (i64, i64, i64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT count(*), count(DISTINCT p.match_id), coalesce(sum(octet_length(p.stderr)), 0)::BIGINT
         FROM match_players p
         WHERE p.stderr IS NOT NULL AND p.match_id IN (SELECT id FROM matches WHERE {STDERR_DUE})"
    )))
    .bind(before)
    .fetch_one(pool)
    .await?;
    report.stderr_cleared = seats as u64;
    report.stderr_matches = matches as u64;
    report.stderr_bytes = size as u64;
    Ok(())
}

async fn prune_stderr(pool: &PgPool, before: DateTime<Utc>, report: &mut PruneReport) -> anyhow::Result<()> {
    loop {
        let mut tx = pool.begin().await?;
        let ids: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT id FROM matches WHERE {STDERR_DUE} ORDER BY finished_at LIMIT $2 FOR UPDATE SKIP LOCKED"
        )))
        .bind(before)
        .bind(BATCH)
        .fetch_all(&mut *tx)
        .await?;
        if ids.is_empty() {
            tx.rollback().await?;
            return Ok(());
        }
        let (seats, matches, size): (i64, i64, i64) = sqlx::query_as(
            "WITH old AS (
                 SELECT match_id, seat, octet_length(stderr) AS size FROM match_players
                 WHERE match_id = ANY($1) AND stderr IS NOT NULL FOR UPDATE
             ), cleared AS (
                 UPDATE match_players p SET stderr = NULL, stderr_truncated = NULL, stderr_rounds = NULL FROM old
                 WHERE p.match_id = old.match_id AND p.seat = old.seat
                 RETURNING old.match_id, old.size
             )
             SELECT count(*), count(DISTINCT match_id), coalesce(sum(size), 0)::BIGINT FROM cleared",
        )
        .bind(&ids)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query("UPDATE matches SET stderr_pruned_at = now() WHERE id = ANY($1)")
            .bind(&ids)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        report.stderr_cleared += seats as u64;
        report.stderr_matches += matches as u64;
        report.stderr_bytes += size as u64;
    }
}

/// When pruning deleted a match's replay, if it did (the replay download's "why").
pub async fn replay_pruned_at(pool: &PgPool, match_id: i64) -> sqlx::Result<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar::<_, Option<DateTime<Utc>>>("SELECT replay_pruned_at FROM matches WHERE id = $1")
        .bind(match_id)
        .fetch_optional(pool)
        .await?
        .flatten())
}
