//! What every request handler and worker shares, built from the settings.

use crate::site::core::config::SiteConfig;
use crate::site::read::cache::ReadCache;
use crate::site::store::db_health::DbHealth;
use crate::site::store::replay_store::ReplayStore;
use crate::site::store::sessions::SessionCache;
use crate::site::store::throttle::Throttles;
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;

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
    pub cache: Arc<ReadCache>,
    /// Log-in and sign-up limits.
    pub throttles: Arc<Throttles>,
    /// Who holds a session cookie or API token, for a moment.
    pub sessions: Arc<SessionCache>,
    /// Whether the database answers (503 at once when not).
    pub health: Arc<DbHealth>,
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
            cache: Arc::new(ReadCache::new(Duration::from_millis(config.page_cache_ms))),
            throttles: Arc::new(Throttles::new(&config)),
            sessions: Arc::new(SessionCache::new(Duration::from_millis(config.session_cache_ms))),
            health: Arc::default(),
            metrics,
            config: Arc::new(config),
        }
    }
}
