//! Operations: `/healthz` (the database answers with this binary's schema) and `/metrics`
//! (Prometheus text format, for admins: scrape with an admin's API token).

use super::session::MaybeUser;
use crate::site::state::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

pub fn routes() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/metrics", get(metrics))
}

/// Healthy when the database answers and has every migration this binary embeds. The answer
/// says which part failed and nothing more (the cause goes to the log).
async fn healthz(State(state): State<AppState>) -> Response {
    let applied = sqlx::query_scalar::<_, i64>("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
        .fetch_all(&state.pool)
        .await;
    let expected: Vec<i64> = crate::site::store::db::MIGRATOR.iter().map(|m| m.version).collect();
    match applied {
        Ok(applied) if expected.iter().all(|v| applied.contains(v)) => "ok\n".into_response(),
        Ok(applied) => {
            tracing::error!(?applied, ?expected, "health check: the database schema is not this binary's");
            (StatusCode::SERVICE_UNAVAILABLE, "database schema not up to date\n").into_response()
        }
        // 42P01: undefined table (an empty or foreign database).
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P01") => {
            tracing::error!(error = %e, "health check: the database has no Arena schema");
            (StatusCode::SERVICE_UNAVAILABLE, "database schema missing\n").into_response()
        }
        Err(e) => {
            tracing::error!(error = %e, "health check: the database does not answer");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable\n").into_response()
        }
    }
}

/// Prometheus text, for admins only (a scraper sends `Authorization: Bearer <admin API token>`):
/// queue depths and match counts are nobody else's business.
async fn metrics(State(state): State<AppState>, user: MaybeUser) -> Response {
    match &user.0 {
        None => {
            return (StatusCode::UNAUTHORIZED, "metrics are for admins: send Authorization: Bearer <admin API token>\n")
                .into_response()
        }
        Some(u) if !u.is_admin => return (StatusCode::FORBIDDEN, "metrics are for admins\n").into_response(),
        Some(_) => {}
    }
    let Some(handle) = &state.metrics else {
        return (StatusCode::NOT_FOUND, "metrics are not enabled in this process\n").into_response();
    };
    if let Err(e) = crate::site::metrics::refresh(&state.pool).await {
        tracing::warn!(error = %e, "cannot refresh the queue gauges");
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render()).into_response()
}
