//! What every request handler and worker shares.

use super::config::SiteConfig;
use super::replay_store::ReplayStore;
use sqlx::PgPool;
use std::sync::Arc;

/// The server's shared state (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub config: Arc<SiteConfig>,
    /// Checks uploads (static checks only; workers compile).
    pub sandbox: Arc<sandbox::Sandbox>,
    pub replays: ReplayStore,
    /// Wakes idle workers when a match is queued.
    pub queue_signal: Arc<tokio::sync::Notify>,
    /// Leaderboards, the games list and finished matches, kept in memory.
    pub cache: Arc<super::cache::ReadCache>,
    /// Renders `/metrics`.
    pub metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
}
