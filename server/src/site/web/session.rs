//! Who is asking (session cookie or API token) and CSRF protection.
//!
//! CSRF: every response carries a `csrf` cookie (random, SameSite=Strict); every form embeds its
//! value in a hidden `csrf` field and every state-changing handler calls [`check_csrf`], which
//! also refuses cross-site requests by `Sec-Fetch-Site` / `Origin`. Requests authenticated by an
//! API token (`Authorization: Bearer`) carry no cookies and need no CSRF token.

use crate::site::state::AppState;
pub use crate::site::store::sessions::CurrentUser;
use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

pub const SESSION_COOKIE: &str = "arena_session";
pub const CSRF_COOKIE: &str = "csrf";
pub const CSRF_FIELD: &str = "csrf";

/// The user, if any (never rejects).
pub struct MaybeUser(pub Option<CurrentUser>);

/// The CSRF token to embed in this page's forms.
#[derive(Clone, Debug)]
pub struct Csrf(pub String);

/// Why the user could not be looked up: the database failed (answered with 503).
#[derive(Debug)]
pub struct LookupFailed(sqlx::Error);

impl IntoResponse for LookupFailed {
    fn into_response(self) -> Response {
        super::outage::database_failure(&self.0)
    }
}

async fn lookup(state: &AppState, headers: &HeaderMap, jar: &CookieJar) -> Result<Option<CurrentUser>, LookupFailed> {
    let bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    let cookie = jar.get(SESSION_COOKIE).map(|c| c.value());
    state.sessions.user(&state.pool, bearer, cookie).await.map_err(LookupFailed)
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = LookupFailed;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let jar = CookieJar::from_headers(&parts.headers);
        Ok(MaybeUser(lookup(state, &parts.headers, &jar).await?))
    }
}

/// Rejection for pages that need a user: HTML pages redirect to the login form, the API answers
/// 401 with a JSON error; a database failure answers 503.
pub enum LoginRequired {
    Missing { api: bool, next: String },
    Failed(LookupFailed),
}

impl IntoResponse for LoginRequired {
    fn into_response(self) -> Response {
        match self {
            LoginRequired::Failed(e) => e.into_response(),
            LoginRequired::Missing { api: true, .. } => (
                StatusCode::UNAUTHORIZED,
                axum::Json(serde_json::json!({"error": "log in first, or send Authorization: Bearer <API token>"})),
            )
                .into_response(),
            LoginRequired::Missing { api: false, next } => {
                Redirect::to(&format!("/login?next={}", urlencode(&next))).into_response()
            }
        }
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = LoginRequired;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let jar = CookieJar::from_headers(&parts.headers);
        lookup(state, &parts.headers, &jar).await.map_err(LoginRequired::Failed)?.ok_or_else(|| {
            LoginRequired::Missing {
                api: parts.uri.path().starts_with("/api/"),
                next: parts.uri.path_and_query().map(|p| p.as_str().to_string()).unwrap_or_else(|| "/".into()),
            }
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Csrf {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<Csrf>().cloned().unwrap_or_else(|| Csrf(String::new())))
    }
}

/// Middleware: makes sure the browser holds a CSRF cookie and hands its value to handlers.
pub async fn csrf_cookie(
    axum::extract::State(config): axum::extract::State<std::sync::Arc<crate::site::core::config::SiteConfig>>,
    mut req: Request,
    next: Next,
) -> Response {
    let secure = super::client::is_https(req.headers(), config.behind_proxy);
    let jar = CookieJar::from_headers(req.headers());
    let existing = jar.get(CSRF_COOKIE).map(|c| c.value().to_string()).filter(|v| v.len() >= 32);
    let token = existing.clone().unwrap_or_else(|| crate::site::core::ids::random_token(16));
    req.extensions_mut().insert(Csrf(token.clone()));
    let response = next.run(req).await;
    if existing.is_some() {
        return response;
    }
    let cookie = Cookie::build((CSRF_COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .build();
    (CookieJar::new().add(cookie), response).into_response()
}

/// Why a state-changing request was refused.
#[derive(Debug, thiserror::Error)]
pub enum CsrfError {
    #[error("cross-site request refused")]
    CrossSite,
    #[error("the form's security token is missing or stale: reload the page and try again")]
    BadToken,
}

impl IntoResponse for CsrfError {
    fn into_response(self) -> Response {
        (StatusCode::FORBIDDEN, self.to_string()).into_response()
    }
}

/// Checks a form submission: same-site origin and the hidden field equal to the cookie.
pub fn check_csrf(headers: &HeaderMap, form_token: Option<&str>) -> Result<(), CsrfError> {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        if site == "cross-site" || site == "same-site" {
            return Err(CsrfError::CrossSite);
        }
    }
    if let (Some(origin), Some(host)) = (
        headers.get(axum::http::header::ORIGIN).and_then(|v| v.to_str().ok()),
        headers.get(axum::http::header::HOST).and_then(|v| v.to_str().ok()),
    ) {
        let origin_host = origin.split("://").nth(1).unwrap_or("");
        if origin != "null" && origin_host != host {
            return Err(CsrfError::CrossSite);
        }
    }
    let jar = CookieJar::from_headers(headers);
    let cookie = jar.get(CSRF_COOKIE).map(|c| c.value().to_string());
    match (cookie, form_token) {
        (Some(c), Some(f)) if !c.is_empty() && constant_time_eq(c.as_bytes(), f.as_bytes()) => Ok(()),
        _ => Err(CsrfError::BadToken),
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Percent-encodes a query value.
pub fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What every page's layout needs: the user (for the menu) and the CSRF token (for its forms,
/// the log-out button included).
#[derive(Clone, Debug)]
pub struct Layout {
    pub user: Option<CurrentUser>,
    pub csrf: String,
}

impl Layout {
    pub fn new(user: &MaybeUser, csrf: &Csrf) -> Layout {
        Layout { user: user.0.clone(), csrf: csrf.0.clone() }
    }
    pub fn username(&self) -> &str {
        self.user.as_ref().map(|u| u.username.as_str()).unwrap_or("")
    }
}
