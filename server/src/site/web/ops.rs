//! Operations: `/healthz` (the database answers) and `/metrics` (Prometheus text format).

use crate::site::state::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

pub fn routes() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/metrics", get(metrics))
}

async fn healthz(State(state): State<AppState>) -> Response {
    match sqlx::query_scalar::<_, i32>("SELECT 1").fetch_one(&state.pool).await {
        Ok(_) => "ok\n".into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, format!("database unavailable: {e}\n")).into_response(),
    }
}

async fn metrics(State(state): State<AppState>) -> Response {
    let Some(handle) = &state.metrics else {
        return (StatusCode::NOT_FOUND, "metrics are not enabled in this process\n").into_response();
    };
    if let Err(e) = crate::site::metrics::refresh(&state.pool).await {
        tracing::warn!(error = %e, "cannot refresh the queue gauges");
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render()).into_response()
}
