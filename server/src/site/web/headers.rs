//! Security headers on every response: no MIME sniffing, no referrer to other sites, and no
//! framing by other sites. Pages may not be framed at all; the viewer only by this site's own
//! pages (the match page embeds it). And every 429 of the site says when to come back
//! (`Retry-After`): the log-in throttle gives its own figure, the per-user limits (uploads,
//! practice matches) get [`RETRY_AFTER_LIMIT`].

use axum::extract::Request;
use axum::http::header::{self, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// Everything from the site itself: no inline script or style, no plug-ins, forms posted here
/// only, never framed. The replay viewer is the same but may be framed by our own match pages.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                       connect-src 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'; \
                       base-uri 'self'";
pub const CSP_VIEWER: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                              connect-src 'self'; form-action 'self'; frame-ancestors 'self'; object-src 'none'; \
                              base-uri 'self'";

/// `Retry-After` of a 429 whose handler gave none (a per-user limit: qualifying bots, uploads
/// or practice matches per day, waiting practice matches), in seconds.
pub const RETRY_AFTER_LIMIT: &str = "60";

pub async fn security_headers(req: Request, next: Next) -> Response {
    let framed_by_us = req.uri().path().starts_with("/viewer/");
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.entry(header::X_CONTENT_TYPE_OPTIONS).or_insert(HeaderValue::from_static("nosniff"));
    h.entry(header::REFERRER_POLICY).or_insert(HeaderValue::from_static("same-origin"));
    let (csp, xfo) = if framed_by_us { (CSP_VIEWER, "SAMEORIGIN") } else { (CSP, "DENY") };
    h.entry(header::CONTENT_SECURITY_POLICY).or_insert(HeaderValue::from_static(csp));
    h.entry(header::X_FRAME_OPTIONS).or_insert(HeaderValue::from_static(xfo));
    if res.status() == axum::http::StatusCode::TOO_MANY_REQUESTS {
        res.headers_mut().entry(header::RETRY_AFTER).or_insert(HeaderValue::from_static(RETRY_AFTER_LIMIT));
    }
    res
}
