//! Failing fast while the database is down (see `site::db_health`): every page but the static
//! files answers 503 with a page that says so and `Retry-After`, at once, and a request that
//! failed because the outage began meanwhile gets the same answer instead of a 500. So does a
//! request that failed on a database without Arena's schema (empty, not migrated).

use crate::site::store::db_health::DbHealth;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use sqlx::PgPool;
use std::sync::Arc;

const PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unavailable · Arena</title><link rel="stylesheet" href="/static/site.css"></head>
<body><main><h1 id="unavailable">Arena is unavailable for a moment</h1>
<p>Its database does not answer. Nothing you saved is lost, and the site comes back by itself when the database does: try again in a minute.</p>
</main></body></html>
"#;

/// The 503 answer: JSON under `/api/`, a page elsewhere.
pub fn unavailable(api: bool) -> Response {
    let retry = [(header::RETRY_AFTER, "5"), (header::CACHE_CONTROL, "no-store")];
    if api {
        let body = serde_json::json!({"error": "the database is unavailable; try again in a minute"});
        (StatusCode::SERVICE_UNAVAILABLE, retry, axum::Json(body)).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, retry, Html(PAGE)).into_response()
    }
}

/// A 503 for a database failure met while serving a request: the cause goes to the log.
pub fn database_failure(cause: &sqlx::Error) -> Response {
    tracing::error!(%cause, "database failure: answering 503");
    unavailable(false)
}

/// Static files (no database needed) are served during an outage.
fn needs_database(path: &str) -> bool {
    !(path.starts_with("/static/") || path.starts_with("/viewer/"))
}

/// Middleware: 503 while the database is down.
pub async fn fail_fast(State((health, pool)): State<(Arc<DbHealth>, PgPool)>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    let api = path.starts_with("/api/");
    let guarded = needs_database(path) && path != "/healthz";
    if guarded && health.is_down() {
        return unavailable(api);
    }
    let res = next.run(req).await;
    if guarded && res.status() == StatusCode::INTERNAL_SERVER_ERROR {
        // The database is down, or answers without Arena's schema (an empty database): 503 as
        // `/healthz` says, not a 500.
        if !health.probe(&pool).await || !DbHealth::schema_present(&pool).await {
            return unavailable(api);
        }
    }
    res
}
