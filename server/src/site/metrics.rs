//! Prometheus metrics (`/metrics`). Counters and histograms are recorded where things happen
//! (`arena_matches_total`, `arena_match_duration_seconds`, `arena_sandbox_freezes_total`,
//! `arena_uploads_total`); gauges that describe the shared database (queue depth, matches in the
//! last minute) are read from Postgres at scrape time, so every server shows the whole cluster.

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use sqlx::PgPool;

/// Installs the process-wide recorder (once; later calls return None).
pub fn install() -> Option<PrometheusHandle> {
    PrometheusBuilder::new()
        .set_buckets_for_metric(
            metrics_exporter_prometheus::Matcher::Full("arena_match_duration_seconds".into()),
            &[0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0],
        )
        .ok()?
        .install_recorder()
        .ok()
}

/// Refreshes the gauges read from the database.
pub async fn refresh(pool: &PgPool) -> sqlx::Result<()> {
    for kind in ["sanity", "qualification", "ladder"] {
        for state in ["queued", "running"] {
            metrics::gauge!("arena_queue_depth", "kind" => kind, "state" => state).set(0.0);
        }
    }
    for (kind, state, n) in crate::site::matches::queue::depth(pool).await? {
        metrics::gauge!("arena_queue_depth", "kind" => kind, "state" => state).set(n as f64);
    }
    let last_minute: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM matches WHERE state = 'done' AND finished_at > now() - interval '1 minute'",
    )
    .fetch_one(pool)
    .await?;
    metrics::gauge!("arena_matches_last_minute").set(last_minute as f64);
    Ok(())
}
