//! Match workers: claim a match, play it on a blocking thread while renewing the lease, store the
//! replay, then write the results and their consequences (whatever the match's scheduler does
//! with them: a qualification step, ratings) in one transaction that only the lease holder can
//! commit. Workers know no scheduler by name (`sources::match_done` tells the owner). A replay
//! the object store refuses is kept in the database with the result (`replay_store`'s docs).

use crate::site::core::kind::MatchEnd;
use crate::site::matches::fair_share::FairShare;
use crate::site::matches::queue::{self, Claim};
use crate::site::matches::runner::{self, SeatBot};
use crate::site::sources;
use crate::site::state::AppState;
use crate::site::store::replay_store::keep_in_database;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often a worker checks that the match it plays is still its own (not withdrawn by an
/// admin): a withdrawn match stops within about this long.
const HELD_CHECK: Duration = Duration::from_secs(1);

/// How a claimed match ended for this worker.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Played; results written.
    Done,
    /// Could not be played (a bot does not load...): marked failed with the reason.
    Failed(String),
    /// The lease was lost (this worker was presumed dead and another took over): nothing written.
    LeaseLost,
}

/// Runs matches until `stop` is set. `name` identifies the worker in leases and logs.
pub async fn run(state: AppState, name: String, stop: Arc<AtomicBool>) {
    tracing::info!(worker = %name, "worker started");
    let mut share = FairShare::default();
    let capped = sources::capped_kinds();
    while !stop.load(Ordering::Relaxed) {
        let lease = state.config.lease();
        let started = std::time::Instant::now();
        let next = async {
            let last: &[&str] = if share.capped_last() { &capped } else { &[] };
            let Some(claim) = sources::claim_next(&state.pool, &name, lease, last).await? else {
                return anyhow::Ok(None);
            };
            let is_capped = capped.contains(&claim.kind.as_str());
            let (id, outcome) = (claim.id, process(&state, claim).await?);
            share.played(is_capped, started.elapsed());
            Ok(Some((id, outcome)))
        };
        match next.await {
            Ok(Some(_)) => {}
            Ok(None) => {
                // Woken by a local enqueue, or after a second (matches queued by other processes,
                // expired leases).
                let _ = tokio::time::timeout(Duration::from_secs(1), state.queue_signal.notified()).await;
            }
            Err(e) => {
                tracing::error!(worker = %name, error = %format!("{e:#}"), "worker error; retrying in a second");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
    tracing::info!(worker = %name, "worker stopped");
}

/// Claims and plays one match, if any is waiting.
pub async fn run_one(state: &AppState, worker: &str) -> anyhow::Result<Option<(i64, Outcome)>> {
    let Some(claim) = sources::claim(&state.pool, worker, state.config.lease()).await? else { return Ok(None) };
    let id = claim.id;
    let outcome = process(state, claim).await?;
    Ok(Some((id, outcome)))
}

/// Plays a claimed match and writes its result if the lease still holds.
pub async fn process(state: &AppState, claim: Claim) -> anyhow::Result<Outcome> {
    use tracing::Instrument;
    let span = tracing::info_span!("match", id = claim.id, game = %claim.game, kind = %claim.kind, seed = claim.seed);
    process_claim(state, claim).instrument(span).await
}

async fn process_claim(state: &AppState, claim: Claim) -> anyhow::Result<Outcome> {
    let seats: Vec<(i64, String, Vec<u8>)> = sqlx::query_as(
        "SELECT p.bot_id, b.name, w.bytes FROM match_players p JOIN bots b ON b.id = p.bot_id
         JOIN wasm_modules w ON w.hash = b.wasm_hash WHERE p.match_id = $1 ORDER BY p.seat",
    )
    .bind(claim.id)
    .fetch_all(&state.pool)
    .await?;
    let seats: Vec<SeatBot> = seats.into_iter().map(|(bot_id, name, wasm)| SeatBot { bot_id, name, wasm }).collect();

    // A sanity match is decided by its first freeze: the other copies are stopped then.
    let stopping = runner::Stopping {
        stop: sandbox::MatchStop::new(),
        on_first_freeze: claim.kind == crate::site::core::kind::Kind::Sanity.as_str(),
    };
    // Keep the lease alive while the match runs; stop the match as soon as it is no longer ours
    // (an admin withdrew it, or another worker took it over).
    let lost = Arc::new(AtomicBool::new(false));
    let renewer = {
        let (pool, claim, lost, lease) = (state.pool.clone(), claim.clone(), lost.clone(), state.config.lease());
        let stop = stopping.stop.clone();
        tokio::spawn(async move {
            let mut last_renewal = std::time::Instant::now();
            loop {
                tokio::time::sleep(HELD_CHECK.min(lease / 3)).await;
                let held = if last_renewal.elapsed() >= lease / 3 {
                    last_renewal = std::time::Instant::now();
                    queue::renew(&pool, &claim, lease).await
                } else {
                    queue::still_held(&pool, &claim).await
                };
                match held {
                    Ok(true) => {}
                    Ok(false) => {
                        lost.store(true, Ordering::Relaxed);
                        stop.stop("the match was withdrawn or taken over by another worker");
                        return;
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot renew the lease; retrying"),
                }
            }
        })
    };
    let sandbox = state.sandbox.clone();
    let (game, seed, config) = (claim.game.clone(), claim.seed as u64, claim.config.clone());
    let nice = state.config.match_nice;
    let played =
        in_background(nice, move || runner::play(&sandbox, &game, seed, config.as_deref(), &seats, &stopping)).await;
    renewer.abort();
    let played = match played {
        Ok(Ok(p)) => p,
        Ok(Err(e)) => {
            renewer.abort();
            let message = e.to_string();
            tracing::warn!(error = %message, "match cannot be played");
            metrics::counter!("arena_matches_total", "kind" => claim.kind.clone(), "outcome" => "failed").increment(1);
            return Ok(if sources::fail(&state.pool, &claim, &message).await? {
                Outcome::Failed(message)
            } else {
                Outcome::LeaseLost
            });
        }
        Err(_) => {
            renewer.abort();
            anyhow::bail!("the match thread panicked")
        }
    };
    if lost.load(Ordering::Relaxed) {
        renewer.abort();
        tracing::warn!("lease lost while playing; result dropped");
        return Ok(Outcome::LeaseLost);
    }
    // Same seed and bots give the same bytes, so a re-run's replay may overwrite a lost one's.
    // The lease is still renewed while the store retries. A store that fails keeps no result
    // from being recorded: the replay goes to the database instead, loudly.
    let store_start = std::time::Instant::now();
    let stored = state.replays.put(claim.id, &played.replay).await;
    let store_time = store_start.elapsed();
    renewer.abort();
    if let Err(e) = &stored {
        tracing::error!(error = %format!("{e:#}"), "the replay store failed; this match's replay is kept in the database");
        metrics::counter!("arena_replay_store_failures_total").increment(1);
    }
    // The server's own cost of a result, from here to the commit (the figure `scripts/term-load.sh`
    // reads from the log): the result rows and the scheduler's reaction in one transaction.
    let record_start = std::time::Instant::now();
    let mut tx = state.pool.begin().await?;
    if !queue::mark_done(&mut tx, &claim, played.summary.rounds as i32, played.duration, played.replay.len() as i32)
        .await?
    {
        tx.rollback().await?;
        tracing::warn!("lease lost before the result was written; result dropped");
        return Ok(Outcome::LeaseLost);
    }
    for (seat, (result, report)) in played.summary.players.iter().zip(&played.seats).enumerate() {
        let reason = result.frozen.as_ref().map(|f| {
            serde_json::to_value(f.reason).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
        });
        sqlx::query(
            "UPDATE match_players SET score = $3, rank = $4, cpu = $5, fuel_used = $6, frozen_reason = $7,
                    frozen_round = $8, frozen_message = $9, stderr = $10, stderr_truncated = $11,
                    played_as = $12, stderr_rounds = $13, stderr_written = $14, stderr_cut_bytes = $15
             WHERE match_id = $1 AND seat = $2",
        )
        .bind(claim.id)
        .bind(seat as i16)
        .bind(result.score)
        .bind(result.rank as i16)
        .bind(result.cpu)
        .bind(report.fuel_used.min(i64::MAX as u64) as i64)
        .bind(&reason)
        .bind(result.frozen.as_ref().map(|f| f.round as i32))
        .bind(result.frozen.as_ref().map(|f| f.message.clone()))
        .bind(&report.stderr)
        .bind(report.stderr_truncated)
        .bind(&result.name)
        .bind(&report.stderr_rounds)
        .bind(report.stderr_written.min(i64::MAX as u64) as i64)
        .bind(report.stderr_cut_bytes.min(i64::MAX as u64) as i64)
        .execute(&mut *tx)
        .await?;
        if let Some(r) = reason {
            metrics::counter!("arena_sandbox_freezes_total", "reason" => r).increment(1);
        }
    }
    if stored.is_err() {
        keep_in_database(&mut tx, claim.id, &played.replay).await?;
    }
    // Its scheduler reacts (a qualification step, a rating...) in the same transaction.
    sources::match_done(&mut tx, claim.id, &claim.kind, MatchEnd::Played).await?;
    tx.commit().await?;
    let record_time = record_start.elapsed();
    // Ratings, a qualification or the counts of the game changed.
    state.cache.game_changed(&claim.game);
    // The scheduler may have queued more matches.
    state.queue_signal.notify_waiters();
    metrics::counter!("arena_matches_total", "kind" => claim.kind.clone(), "outcome" => "done").increment(1);
    metrics::histogram!("arena_match_duration_seconds", "kind" => claim.kind.clone())
        .record(played.duration.as_secs_f64());
    metrics::histogram!("arena_result_record_seconds", "kind" => claim.kind.clone()).record(record_time.as_secs_f64());
    metrics::histogram!("arena_replay_store_seconds").record(store_time.as_secs_f64());
    tracing::info!(
        ms = played.duration.as_millis() as u64,
        store_us = store_time.as_micros() as u64,
        record_us = record_time.as_micros() as u64,
        rounds = played.summary.rounds,
        "match done"
    );
    Ok(Outcome::Done)
}

/// Runs a match on a thread of its own whose scheduling priority is lowered by `nice` (Linux
/// nice values are per thread), so that on a busy machine pages are answered first and matches
/// wait. Results cannot change: the CPU budget is fuel, not time. Only the wall-clock backstop
/// (`sandbox::Limits::wall_clock`, 30 s a match) runs on real time, and at nice 10 a match still
/// gets about a tenth of a core under full load. Err: the thread panicked.
async fn in_background<T: Send + 'static>(nice: i32, f: impl FnOnce() -> T + Send + 'static) -> Result<T, ()> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new().name("arena-match".into()).spawn(move || {
        lower_priority(nice);
        let _ = tx.send(f());
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start a match thread");
        return Err(());
    }
    rx.await.map_err(|_| ())
}

#[cfg(target_os = "linux")]
fn lower_priority(nice: i32) {
    if nice == 0 {
        return;
    }
    // SAFETY: plain system calls on the calling thread's own id.
    let ok = unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, nice) == 0
    };
    if !ok {
        tracing::debug!(nice, "cannot lower the match thread's priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority(_nice: i32) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    fn own_nice() -> i32 {
        // SAFETY: plain system calls on the calling thread's own id.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::syscall(libc::SYS_gettid) as libc::id_t) }
    }

    #[tokio::test]
    async fn matches_run_at_a_lower_priority_and_the_caller_keeps_its_own() {
        let before = own_nice();
        let inside = super::in_background(5, own_nice).await.unwrap();
        assert_eq!(inside, (before + 5).min(19));
        assert_eq!(own_nice(), before, "only the match thread changed");
        assert_eq!(super::in_background(0, own_nice).await.unwrap(), before);
        assert!(super::in_background(3, || panic!("a bot bug")).await.is_err());
    }
}
