//! Whether the database answers, watched by a background task, so that during an outage the
//! site answers 503 at once (`web::outage`) instead of making every request wait for a
//! connection, and comes back by itself when the database does.

use sqlx::PgPool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the database is asked `SELECT 1`.
pub const PROBE_EVERY: Duration = Duration::from_millis(250);
/// How long a probe may take before the database counts as down.
pub const PROBE_TIMEOUT: Duration = Duration::from_millis(500);
/// How long a request waits for a pooled connection (`PgPoolOptions::acquire_timeout`): an
/// outage that the probe has not seen yet still fails within a second.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_millis(750);

/// The database's state as last probed.
#[derive(Debug, Default)]
pub struct DbHealth {
    down: AtomicBool,
}

impl DbHealth {
    pub fn is_down(&self) -> bool {
        self.down.load(Ordering::Relaxed)
    }

    /// Asks the database once; updates the state and logs a change.
    pub async fn probe(&self, pool: &PgPool) -> bool {
        let answer = tokio::time::timeout(PROBE_TIMEOUT, sqlx::query("SELECT 1").execute(pool)).await;
        let cause = match answer {
            Ok(Ok(_)) => None,
            Ok(Err(e)) => Some(e.to_string()),
            Err(_) => Some(format!("no answer within {} ms", PROBE_TIMEOUT.as_millis())),
        };
        let was_down = self.down.swap(cause.is_some(), Ordering::Relaxed);
        match (&cause, was_down) {
            (Some(cause), false) => tracing::error!(%cause, "the database is unavailable: answering 503"),
            (None, true) => tracing::info!("the database answers again"),
            _ => {}
        }
        cause.is_none()
    }

    /// Whether the database has Arena's schema (its migrations table): false on an empty or
    /// foreign database, where every page would fail (`/healthz` says "schema missing").
    pub async fn schema_present(pool: &PgPool) -> bool {
        let q = sqlx::query_scalar::<_, bool>(
            "SELECT to_regclass('_sqlx_migrations') IS NOT NULL AND to_regclass('users') IS NOT NULL",
        );
        matches!(tokio::time::timeout(PROBE_TIMEOUT, q.fetch_one(pool)).await, Ok(Ok(true)))
    }

    /// Probes every [`PROBE_EVERY`] until `stop`.
    pub fn spawn_monitor(self: &Arc<Self>, pool: PgPool, stop: Arc<AtomicBool>) {
        let health = self.clone();
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                health.probe(&pool).await;
                tokio::time::sleep(PROBE_EVERY).await;
            }
        });
    }
}
