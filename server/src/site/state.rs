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
    /// Log-in and sign-up limits.
    pub throttles: Arc<super::throttle::Throttles>,
    /// Who holds a session cookie or API token, for a moment.
    pub sessions: Arc<super::web::session::SessionCache>,
    /// Whether the database answers (503 at once when not).
    pub health: Arc<super::db_health::DbHealth>,
    /// Renders `/metrics`.
    pub metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
}

impl AppState {
    /// The state of a site over `pool` with `config` (no metrics; the database counts as up
    /// until probed).
    pub fn new(
        pool: PgPool,
        config: SiteConfig,
        replays: ReplayStore,
        sandbox: Arc<sandbox::Sandbox>,
        metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
    ) -> AppState {
        AppState {
            pool,
            replays,
            sandbox,
            queue_signal: Arc::new(tokio::sync::Notify::new()),
            cache: Arc::new(config.read_cache()),
            throttles: Arc::new(super::throttle::Throttles::new(&config)),
            sessions: Arc::new(super::web::session::SessionCache::new(std::time::Duration::from_millis(
                config.session_cache_ms,
            ))),
            health: Arc::default(),
            metrics,
            config: Arc::new(config),
        }
    }
}
