//! The web front end: server-rendered pages (askama templates in `server/templates/`), the JSON
//! API, the embedded viewer, `/metrics` and `/healthz`.
//!
//! Modules: `session` (who is asking, CSRF), `accounts` (sign up, log in, API tokens), `upload`
//! (the upload form and `POST /api/bots`), `compiles` (a source upload's compile under way), `pages` (leaderboards, bots, matches), `api` (JSON for
//! the same data), `learn` (rules pages, starter kits), `tournaments` (tournament pages, their CSV and JSON), `admin` (tournaments,
//! users, bots for the admin role), `assets` (viewer files, stylesheet), `ops` (metrics, health), `outage` (503 while
//! the database is down),
//! `headers` (security headers on every response), `client` (the client's address and
//! scheme).

pub mod accounts;
pub mod admin;
pub mod api;
pub mod assets;
pub mod browse;
pub mod client;
pub mod compiles;
pub mod headers;
pub mod learn;
pub mod ops;
pub mod outage;
pub mod own_bots;
pub mod pages;
pub mod practice;
pub mod session;
pub mod tournaments;
pub mod upload;

use super::state::AppState;
use axum::Router;

/// The whole site.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(accounts::routes())
        .merge(upload::routes())
        .merge(compiles::routes())
        .merge(pages::routes())
        .merge(browse::routes())
        .merge(learn::routes())
        .merge(practice::routes())
        .merge(own_bots::routes())
        .merge(tournaments::routes())
        .merge(admin::routes())
        .merge(api::routes())
        .merge(assets::routes())
        .merge(ops::routes())
        .layer(axum::middleware::from_fn_with_state((state.health.clone(), state.pool.clone()), outage::fail_fast))
        .layer(axum::middleware::from_fn_with_state(state.config.clone(), session::csrf_cookie))
        .layer(axum::middleware::from_fn(headers::security_headers))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}
