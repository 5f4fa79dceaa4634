//! Read caches for the pages most people load, so that a busy leaderboard or a popular match
//! page costs no database round trip per request (the round trip, not the rendering, is what
//! limits a page's throughput):
//! - the games list and each game's leaderboard, kept for a short time (`--page-cache-ms`,
//!   default 1 s) and dropped at once when this process changes them (a rated match, a new
//!   representative, a qualification); changes made by other processes show within that time;
//! - finished matches (done, failed and cancelled matches never change), without stderr, up to
//!   [`MATCH_CAPACITY`] of them; a viewer's own stderr in a finished match is kept apart, per
//!   viewer, for [`STDERR_TTL`] (retention may clear it later: it shows within that time).
//!
//! moka does the bookkeeping (concurrent, bounded, expiring entries): a maintained library
//! rather than a hand-written map with timestamps and eviction.

use crate::site::read::queries::{self, GameSummary, LeaderboardEntry, MatchDetail};
use moka::sync::Cache;
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;

/// Finished matches kept (about 2 KB each).
pub const MATCH_CAPACITY: u64 = 10_000;

/// How long a viewer's own stderr in a finished match is kept.
pub const STDERR_TTL: Duration = Duration::from_secs(60);

/// Whether a match in `state` can change no more.
pub fn is_final(state: &str) -> bool {
    matches!(state, "done" | "failed" | "cancelled")
}

/// The server's read caches (one per process, shared by every request).
pub struct ReadCache {
    /// `None` when live data is not cached (`--page-cache-ms 0`).
    games: Option<Cache<(), Arc<Vec<GameSummary>>>>,
    leaderboards: Option<Cache<String, Arc<Vec<LeaderboardEntry>>>>,
    matches: Cache<i64, Arc<MatchDetail>>,
    /// Rendered pages that are the same for everyone but the menu (`web::shared_page`), kept
    /// like the leaderboards (`None` when live data is not cached).
    pages: Option<Cache<String, Arc<str>>>,
    /// (match, viewer) → the viewer's own seats' stderr, finished matches only.
    stderr: Cache<(i64, i64), Arc<queries::OwnStderr>>,
}

impl ReadCache {
    /// Caches whose live entries (games, leaderboards) last `live_for` (zero: not cached).
    pub fn new(live_for: Duration) -> ReadCache {
        let live = !live_for.is_zero();
        ReadCache {
            games: live.then(|| Cache::builder().max_capacity(1).time_to_live(live_for).build()),
            leaderboards: live.then(|| Cache::builder().max_capacity(64).time_to_live(live_for).build()),
            pages: live.then(|| Cache::builder().max_capacity(1_000).time_to_live(live_for).build()),
            matches: Cache::new(MATCH_CAPACITY),
            stderr: Cache::builder().max_capacity(MATCH_CAPACITY).time_to_live(STDERR_TTL).build(),
        }
    }

    /// Every game with its counts.
    pub async fn games(&self, pool: &PgPool) -> sqlx::Result<Arc<Vec<GameSummary>>> {
        let Some(cache) = &self.games else { return Ok(Arc::new(queries::games(pool).await?)) };
        if let Some(hit) = cache.get(&()) {
            return Ok(hit);
        }
        let fresh = Arc::new(queries::games(pool).await?);
        cache.insert((), fresh.clone());
        Ok(fresh)
    }

    /// A game's leaderboard (`game` is the catalog's name).
    pub async fn leaderboard(&self, pool: &PgPool, game: &str) -> sqlx::Result<Arc<Vec<LeaderboardEntry>>> {
        let Some(cache) = &self.leaderboards else { return Ok(Arc::new(queries::leaderboard(pool, game).await?)) };
        if let Some(hit) = cache.get(game) {
            return Ok(hit);
        }
        let fresh = Arc::new(queries::leaderboard(pool, game).await?);
        cache.insert(game.to_string(), fresh.clone());
        Ok(fresh)
    }

    /// A match as `viewer` sees it (see [`queries::match_detail`]).
    pub async fn match_detail(&self, pool: &PgPool, id: i64, viewer: Option<i64>) -> sqlx::Result<Option<MatchDetail>> {
        let public = match self.matches.get(&id) {
            Some(hit) => hit,
            None => {
                let Some(m) = queries::match_public(pool, id).await? else { return Ok(None) };
                let m = Arc::new(m);
                if is_final(&m.state) {
                    self.matches.insert(id, m.clone());
                }
                m
            }
        };
        let mut m = MatchDetail::clone(&public);
        let Some(viewer) = viewer.filter(|v| m.players.iter().any(|p| p.owner_id == *v)) else { return Ok(Some(m)) };
        if !is_final(&m.state) {
            queries::add_stderr(pool, &mut m, Some(viewer)).await?;
            return Ok(Some(m));
        }
        let rows = match self.stderr.get(&(id, viewer)) {
            Some(hit) => hit,
            None => {
                let rows = Arc::new(queries::own_stderr(pool, id, viewer).await?);
                self.stderr.insert((id, viewer), rows.clone());
                rows
            }
        };
        queries::apply_stderr(&mut m, viewer, &rows);
        Ok(Some(m))
    }

    /// The rendered shared page under `key`, if kept.
    pub fn page(&self, key: &str) -> Option<Arc<str>> {
        self.pages.as_ref()?.get(key)
    }

    /// Keeps a rendered shared page (nothing when live data is not cached).
    pub fn keep_page(&self, key: String, html: Arc<str>) {
        if let Some(c) = &self.pages {
            c.insert(key, html);
        }
    }

    /// Something `game`'s leaderboard or counts show changed in this process: forget them.
    pub fn game_changed(&self, game: &str) {
        if let Some(c) = &self.pages {
            c.invalidate(&format!("leaderboard/{game}"));
        }
        if let Some(c) = &self.leaderboards {
            c.invalidate(game);
        }
        if let Some(c) = &self.games {
            c.invalidate(&());
        }
    }
}
