//! The match queue: rows of `matches`, claimed by workers with `FOR UPDATE SKIP LOCKED` under a
//! lease. Only the holder of the current lease can finish a match, so its result is written once
//! even when a worker that was presumed dead comes back. The queue is SQL over `matches` and
//! knows no match source: telling a match's owner when it leaves the queue is `sources`' job
//! (`sources::match_done`, `sources::fail`), in the same transaction as the writes here.

use crate::site::core::ids::random_token;
use crate::site::core::kind::Kind;
use sqlx::postgres::PgListener;
use sqlx::{PgConnection, PgPool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// The channel on which queuing a match is announced (`NOTIFY`, delivered when the queuing
/// transaction commits), so that idle workers of every process wake at once rather than at their
/// next poll: with workers in several processes, a tournament's next turn, queued by whichever
/// worker recorded the last result of the turn, would otherwise wait up to a poll interval.
pub const CHANNEL: &str = "arena_queue";

/// A match is given up after this many claims (a bot that kills its worker every time).
pub const MAX_ATTEMPTS: i32 = 3;

/// A match to queue: four bots by seat.
pub struct NewMatch {
    pub game: String,
    pub kind: Kind,
    pub seed: i64,
    pub subject_bot_id: Option<i64>,
    pub bots: [i64; 4],
    /// The player who asked for it (practice matches).
    pub requested_by: Option<i64>,
}

/// Queues a match (inside the caller's transaction); returns its id.
pub async fn enqueue(conn: &mut PgConnection, m: &NewMatch) -> sqlx::Result<i64> {
    enqueue_with_config(conn, m, None).await
}

/// Queues a match played with a `.cnf`'s parameters (`config`: its text, already checked by the
/// caller; None: the game's defaults); returns its id.
pub async fn enqueue_with_config(conn: &mut PgConnection, m: &NewMatch, config: Option<&str>) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, subject_bot_id, requested_by, config)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(&m.game)
    .bind(m.kind.as_str())
    .bind(m.kind.priority())
    .bind(m.seed)
    .bind(m.subject_bot_id)
    .bind(m.requested_by)
    .bind(config)
    .fetch_one(&mut *conn)
    .await?;
    // Identical notifications of one transaction are delivered once, at its commit.
    sqlx::query("SELECT pg_notify($1, '')").bind(CHANNEL).execute(&mut *conn).await?;
    for (seat, bot) in m.bots.iter().enumerate() {
        sqlx::query("INSERT INTO match_players (match_id, seat, bot_id) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(seat as i16)
            .bind(bot)
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}

/// A claimed match: what a worker needs to play it and to prove its lease when finishing.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Claim {
    pub id: i64,
    pub game: String,
    pub kind: String,
    pub seed: i64,
    pub attempts: i32,
    pub lease_token: String,
    /// The `.cnf` text the match is played with (None: the game's defaults).
    pub config: Option<String>,
}

/// Wakes `wake`'s waiters whenever any process queues a match ([`CHANNEL`]), until `stop`. Holds
/// one connection of its own; a lost connection is opened again a second later.
pub async fn listen(pool: PgPool, wake: Arc<Notify>, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for queued matches; retrying in a second");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            tracing::warn!(error = %e, "cannot listen for queued matches; retrying in a second");
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        }
        while !stop.load(Ordering::Relaxed) {
            match tokio::time::timeout(Duration::from_secs(1), listener.recv()).await {
                Ok(Ok(_)) => wake.notify_waiters(),
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "lost the queue's notifications; listening again");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    break;
                }
                Err(_) => {}
            }
        }
    }
}

/// Claims the next match (by priority, qualification first; then round-robin across users;
/// then oldest): a queued one, or a running one whose lease has run out (its worker died).
/// Round-robin: a match about a bot (sanity, qualification) ranks by how many of its owner's
/// earlier bots still have matches waiting or running, so one user's second and third uploads
/// wait behind every other user's first. The kinds in `last` come after every
/// other waiting match (a worker's fair share, `fair_share`, says they had their half). A claim
/// can be over [`MAX_ATTEMPTS`]: the caller gives it up (`sources::claim_next`).
pub async fn claim_raw(pool: &PgPool, worker: &str, lease: Duration, last: &[&str]) -> sqlx::Result<Option<Claim>> {
    let token = random_token(16);
    sqlx::query_as(
        "UPDATE matches SET state = 'running', lease_owner = $1, lease_token = $2,
                lease_expires_at = now() + make_interval(secs => $3), attempts = attempts + 1,
                started_at = now()
         WHERE id = (
             SELECT m.id FROM matches m
             WHERE m.state = 'queued' OR (m.state = 'running' AND m.lease_expires_at < now())
             ORDER BY m.kind = ANY($4), m.priority,
                 (SELECT count(DISTINCT o.subject_bot_id) FROM matches o
                  JOIN bots ob ON ob.id = o.subject_bot_id
                  JOIN bots sb ON sb.id = m.subject_bot_id
                  WHERE ob.user_id = sb.user_id AND o.subject_bot_id < m.subject_bot_id
                    AND o.state IN ('queued', 'running')),
                 m.id
             LIMIT 1
             FOR UPDATE SKIP LOCKED)
         RETURNING id, game, kind, seed, attempts, lease_token, config",
    )
    .bind(worker)
    .bind(&token)
    .bind(lease.as_secs_f64())
    .bind(last)
    .fetch_optional(pool)
    .await
}

/// Extends a lease. False when the lease is lost (another worker took the match over).
pub async fn renew(pool: &PgPool, claim: &Claim, lease: Duration) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE matches SET lease_expires_at = now() + make_interval(secs => $3)
         WHERE id = $1 AND lease_token = $2 AND state = 'running'",
    )
    .bind(claim.id)
    .bind(&claim.lease_token)
    .bind(lease.as_secs_f64())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether `claim` still holds its match (running, same lease): false once an admin withdrew it
/// (`state = 'cancelled'`) or another worker took it over.
pub async fn still_held(pool: &PgPool, claim: &Claim) -> sqlx::Result<bool> {
    let held: Option<bool> =
        sqlx::query_scalar("SELECT COALESCE(state = 'running' AND lease_token = $2, FALSE) FROM matches WHERE id = $1")
            .bind(claim.id)
            .bind(&claim.lease_token)
            .fetch_optional(pool)
            .await?;
    Ok(held == Some(true))
}

/// Marks the match done inside `tx`, if `claim` still holds its lease. False means the lease was
/// lost: the caller must roll back and drop its result.
pub async fn mark_done(
    tx: &mut PgConnection,
    claim: &Claim,
    rounds: i32,
    duration: Duration,
    replay_size: i32,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE matches SET state = 'done', finished_at = now(), rounds = $3, duration_ms = $4,
                replay_size = $5, lease_expires_at = NULL, error = NULL
         WHERE id = $1 AND lease_token = $2 AND state = 'running'",
    )
    .bind(claim.id)
    .bind(&claim.lease_token)
    .bind(rounds)
    .bind(duration.as_secs_f64() * 1000.0)
    .bind(replay_size)
    .execute(&mut *tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks a match failed inside `tx`, if `claim` still holds its lease. False when the lease
/// was lost (nothing written).
pub async fn mark_failed(tx: &mut PgConnection, claim: &Claim, error: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE matches SET state = 'failed', finished_at = now(), error = $3, lease_expires_at = NULL
         WHERE id = $1 AND lease_token = $2 AND state = 'running'",
    )
    .bind(claim.id)
    .bind(&claim.lease_token)
    .bind(error)
    .execute(&mut *tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Matches waiting or running, by kind (for `/metrics` and the scheduler).
pub async fn depth(pool: &PgPool) -> sqlx::Result<Vec<(String, String, i64)>> {
    sqlx::query_as(
        "SELECT kind, state, count(*) FROM matches WHERE state IN ('queued', 'running') GROUP BY kind, state
         ORDER BY kind, state",
    )
    .fetch_all(pool)
    .await
}
