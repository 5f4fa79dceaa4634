//! Static files: the replay viewer (embedded from `web/`) and the site's stylesheet (embedded
//! from `server/static/`), so that the server runs from any directory.

use crate::site::state::AppState;
use crate::web_assets::{content_type, web_file};
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

const SITE_CSS: &str = include_str!("../../../static/site.css");
const FAVICON: &str = include_str!("../../../static/favicon.svg");
const FOLLOW_JS: &str = include_str!("../../../static/follow.js");

/// Static files change only with a new build; an hour keeps upgrades visible soon enough.
const CACHE: &str = "public, max-age=3600";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/viewer/{*path}", get(viewer_file))
        .route("/static/site.css", get(site_css))
        .route("/static/favicon.svg", get(favicon))
        .route("/static/follow.js", get(follow_js))
        // Browsers ask for /favicon.ico on pages without a <link rel=icon> (the API's JSON).
        .route("/favicon.ico", get(favicon))
}

async fn viewer_file(Path(path): Path<String>) -> Response {
    match web_file(&path) {
        Some(bytes) => {
            ([(header::CONTENT_TYPE, content_type(&path)), (header::CACHE_CONTROL, CACHE)], bytes).into_response()
        }
        None => (StatusCode::NOT_FOUND, format!("no such viewer file: {path}")).into_response(),
    }
}

async fn favicon() -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, CACHE)], FAVICON).into_response()
}

async fn site_css() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8"), (header::CACHE_CONTROL, CACHE)], SITE_CSS).into_response()
}

async fn follow_js() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, CACHE)], FOLLOW_JS)
        .into_response()
}
