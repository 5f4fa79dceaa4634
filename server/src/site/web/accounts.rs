//! Sign up, log in, invitation links (a password chosen once), log out, the account page (`/me/account`: password change, log out
//! everywhere) and API tokens (`/me/tokens`).
//!
//! The session cookie (`arena_session`) is HttpOnly, SameSite=Lax, Path=/, and Secure when the
//! request came over https (behind a proxy, `--behind-proxy`, that sets `x-forwarded-proto`).
//! Log-ins and sign-ups are throttled (`site::throttle`): 429 with `Retry-After`.

use super::client::Client;
use super::session::{self, Csrf, CurrentUser, Layout, MaybeUser, SESSION_COOKIE};
use crate::site::players::accounts::{self, AccountError, TokenInfo};
use crate::site::players::invitations::{self, InvitationError};
use crate::site::state::AppState;
use crate::site::store::throttle::Throttled;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/signup", get(signup_page).post(signup))
        .route("/login", get(login_page).post(login))
        .route("/invite/{token}", get(invite_page).post(accept_invite))
        .route("/logout", post(logout))
        .route("/me/account", get(account_page))
        .route("/me/password", post(change_password))
        .route("/me/logout-everywhere", post(logout_everywhere))
        .route("/me/tokens", get(tokens_page).post(create_token))
        .route("/me/tokens/{id}/revoke", post(revoke_token))
}

/// Where to go after signing up or logging in without a `next`.
const HOME: &str = "/me/bots";

/// Renders a template with a status; a template failure is logged and answered with 500.
pub(crate) fn render<T: Template>(status: StatusCode, page: &T) -> Response {
    match page.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => internal_error(e),
    }
}

/// A 500 that says nothing about the cause (which goes to the log).
pub(crate) fn internal_error(e: impl std::fmt::Display) -> Response {
    tracing::error!("request failed: {e}");
    (StatusCode::INTERNAL_SERVER_ERROR, "something went wrong on the server; try again later").into_response()
}

fn session_cookie(https: bool, token: String) -> Cookie<'static> {
    let mut cookie =
        Cookie::build((SESSION_COOKIE, token)).path("/").http_only(true).same_site(SameSite::Lax).secure(https);
    // Lasts as long as the session row; without Max-Age it would end with the browser.
    if let Ok(age) = std::time::Duration::from_secs(accounts::SESSION_DAYS as u64 * 86_400).try_into() {
        cookie = cookie.max_age(age);
    }
    cookie.build()
}

/// `next` if it is a path on this site: `/...` but not `//host` or `/\host` (which browsers
/// treat as other sites), printable ASCII only (it becomes a Location header).
pub fn safe_next(next: &str) -> Option<&str> {
    let local = next.starts_with('/') && !next.starts_with("//") && !next.contains('\\');
    (local && next.len() <= 2048 && next.bytes().all(|b| b.is_ascii_graphic())).then_some(next)
}

/// Logs the user in: a new session (replacing the one in the cookie, if any) and a redirect.
async fn start_session(state: &AppState, headers: &HeaderMap, https: bool, user_id: i64, to: &str) -> Response {
    if let Some(old) = CookieJar::from_headers(headers).get(SESSION_COOKIE) {
        if let Err(e) = accounts::delete_session(&state.pool, old.value()).await {
            return internal_error(e);
        }
        state.sessions.forget_all();
    }
    match accounts::create_session(&state.pool, user_id).await {
        Ok(token) => (CookieJar::new().add(session_cookie(https, token)), Redirect::to(to)).into_response(),
        Err(e) => internal_error(e),
    }
}

/// Renders a page with a 429 and `Retry-After`.
fn throttled<T: Template>(why: &Throttled, page: &T) -> Response {
    let mut res = render(StatusCode::TOO_MANY_REQUESTS, page);
    if let Ok(v) = why.retry_after().as_secs().to_string().parse() {
        res.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
    }
    res
}

#[derive(Template)]
#[template(path = "signup.html")]
struct SignupPage {
    layout: Layout,
    username: String,
    username_error: Option<String>,
    password_error: Option<String>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct SignupForm {
    username: String,
    password: String,
    csrf: String,
}

async fn signup_page(user: MaybeUser, csrf: Csrf) -> Response {
    let page = SignupPage {
        layout: Layout::new(&user, &csrf),
        username: String::new(),
        username_error: None,
        password_error: None,
    };
    render(StatusCode::OK, &page)
}

async fn signup(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    client: Client,
    headers: HeaderMap,
    Form(form): Form<SignupForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    let username = form.username.trim();
    if let Err(why) = state.throttles.signup(client.address.as_deref()) {
        let page = SignupPage {
            layout: Layout::new(&user, &csrf),
            username: username.to_string(),
            username_error: Some(why.to_string()),
            password_error: None,
        };
        return throttled(&why, &page);
    }
    match accounts::create_user(&state.pool, username, &form.password, false).await {
        Ok(id) => start_session(&state, &headers, client.https, id, HOME).await,
        Err(e) if e.is_internal() => internal_error(e),
        Err(e) => {
            // Report both fields' problems at once, not only the first found.
            let username_error = match e.field() {
                Some("username") => Some(e.to_string()),
                _ => accounts::check_username(username).err().map(|u| u.to_string()),
            };
            let password_error = match e.field() {
                Some("password") => Some(e.to_string()),
                _ => accounts::check_password(&form.password, username).err().map(|p| p.to_string()),
            };
            let page = SignupPage {
                layout: Layout::new(&user, &csrf),
                username: username.to_string(),
                username_error,
                password_error,
            };
            render(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

#[derive(Template)]
#[template(path = "invite.html")]
struct InvitePage {
    layout: Layout,
    /// None: the link is unknown, used or expired (the page says so).
    username: Option<String>,
    token: String,
    password_error: Option<String>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct InviteForm {
    password: String,
    csrf: String,
}

/// An invitation link (`arena admin import-users`): choose a password, once.
async fn invite_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    Path(token): Path<String>,
) -> Response {
    match invitations::invited(&state.pool, &token).await {
        Ok(invited) => {
            let status = if invited.is_some() { StatusCode::OK } else { StatusCode::NOT_FOUND };
            let username = invited.map(|(_, name)| name);
            render(status, &InvitePage { layout: Layout::new(&user, &csrf), username, token, password_error: None })
        }
        Err(e) => internal_error(e),
    }
}

async fn accept_invite(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    client: Client,
    headers: HeaderMap,
    Path(token): Path<String>,
    Form(form): Form<InviteForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    match invitations::accept(&state.pool, &token, &form.password).await {
        Ok(id) => start_session(&state, &headers, client.https, id, HOME).await,
        Err(InvitationError::Unknown) => {
            let page = InvitePage { layout: Layout::new(&user, &csrf), username: None, token, password_error: None };
            render(StatusCode::NOT_FOUND, &page)
        }
        Err(InvitationError::Account(e)) if e.is_internal() => internal_error(e),
        Err(InvitationError::Account(e)) => {
            let username = invitations::invited(&state.pool, &token).await.ok().flatten().map(|(_, name)| name);
            let page =
                InvitePage { layout: Layout::new(&user, &csrf), username, token, password_error: Some(e.to_string()) };
            render(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    layout: Layout,
    username: String,
    next: String,
    error: Option<String>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct NextQuery {
    next: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct LoginForm {
    username: String,
    password: String,
    csrf: String,
    next: String,
}

async fn login_page(user: MaybeUser, csrf: Csrf, Query(q): Query<NextQuery>) -> Response {
    let next = safe_next(&q.next).unwrap_or("").to_string();
    render(StatusCode::OK, &LoginPage { layout: Layout::new(&user, &csrf), username: String::new(), next, error: None })
}

async fn login(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    client: Client,
    headers: HeaderMap,
    Form(form): Form<LoginForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    let username = form.username.trim();
    let address = client.address.as_deref();
    // Counted before the password, so that a refused attempt costs no hash and concurrent
    // guesses cannot all pass before any is counted.
    if let Err(why) = state.throttles.begin_login(username, address) {
        tracing::warn!(username, address, "log-in refused: {why}");
        let page = LoginPage {
            layout: Layout::new(&user, &csrf),
            username: username.to_string(),
            next: safe_next(&form.next).unwrap_or("").to_string(),
            error: Some(why.to_string()),
        };
        return throttled(&why, &page);
    }
    match accounts::verify_login(&state.pool, username, &form.password).await {
        Ok(id) => {
            state.throttles.login_succeeded(username, address);
            start_session(&state, &headers, client.https, id, safe_next(&form.next).unwrap_or(HOME)).await
        }
        Err(e) if e.is_internal() => internal_error(e),
        Err(e) => {
            let error = match e {
                AccountError::Disabled => e.to_string(),
                _ => AccountError::BadCredentials.to_string(),
            };
            let page = LoginPage {
                layout: Layout::new(&user, &csrf),
                username: username.to_string(),
                next: safe_next(&form.next).unwrap_or("").to_string(),
                error: Some(error),
            };
            let status =
                if matches!(e, AccountError::Disabled) { StatusCode::FORBIDDEN } else { StatusCode::UNAUTHORIZED };
            render(status, &page)
        }
    }
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct CsrfForm {
    csrf: String,
}

async fn logout(State(state): State<AppState>, headers: HeaderMap, Form(form): Form<CsrfForm>) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    if let Some(token) = CookieJar::from_headers(&headers).get(SESSION_COOKIE) {
        if let Err(e) = accounts::delete_session(&state.pool, token.value()).await {
            return internal_error(e);
        }
        state.sessions.forget_all();
    }
    logged_out("/")
}

/// Clears the session cookie and goes to `to`.
fn logged_out(to: &str) -> Response {
    let gone = Cookie::build((SESSION_COOKIE, "")).path("/").http_only(true).same_site(SameSite::Lax).removal().build();
    (CookieJar::new().add(gone), Redirect::to(to)).into_response()
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    layout: Layout,
    sessions: i64,
    current_error: Option<String>,
    password_error: Option<String>,
    changed: bool,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct ChangedQuery {
    changed: bool,
}

async fn account_response(
    state: &AppState,
    user: CurrentUser,
    csrf: Csrf,
    status: StatusCode,
    errors: (Option<String>, Option<String>),
    changed: bool,
) -> Response {
    let sessions = match accounts::count_sessions(&state.pool, user.id).await {
        Ok(n) => n,
        Err(e) => return internal_error(e),
    };
    let layout = Layout { user: Some(user), csrf: csrf.0 };
    render(status, &AccountPage { layout, sessions, current_error: errors.0, password_error: errors.1, changed })
}

async fn account_page(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    Query(q): Query<ChangedQuery>,
) -> Response {
    account_response(&state, user, csrf, StatusCode::OK, (None, None), q.changed).await
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct PasswordForm {
    current: String,
    password: String,
    csrf: String,
}

/// Changes the password; every other session of the user ends (this one stays).
async fn change_password(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    client: Client,
    headers: HeaderMap,
    Form(form): Form<PasswordForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    // A stolen session must not be able to guess the current password at leisure.
    if let Err(why) = state.throttles.begin_login(&user.username, client.address.as_deref()) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(axum::http::header::RETRY_AFTER, why.retry_after().as_secs())],
            why.to_string(),
        )
            .into_response();
    }
    let keep = CookieJar::from_headers(&headers).get(SESSION_COOKIE).map(|c| c.value().to_string());
    match accounts::change_password(
        &state.pool,
        user.id,
        &user.username,
        &form.current,
        &form.password,
        keep.as_deref(),
    )
    .await
    {
        Ok(()) => {
            state.throttles.login_succeeded(&user.username, client.address.as_deref());
            state.sessions.forget_all();
            Redirect::to("/me/account?changed=true").into_response()
        }
        Err(e) if e.is_internal() => internal_error(e),
        Err(e) => {
            if !matches!(e, AccountError::WrongCurrentPassword) {
                // The current password was right (the new one was refused): not a guess.
                state.throttles.login_succeeded(&user.username, client.address.as_deref());
            }
            let errors = match e.field() {
                Some("current") => (Some(e.to_string()), None),
                _ => (None, Some(e.to_string())),
            };
            account_response(&state, user, csrf, StatusCode::UNPROCESSABLE_ENTITY, errors, false).await
        }
    }
}

/// Ends every session of the user, this one included (API tokens are listed and revoked on
/// their own page).
async fn logout_everywhere(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    Form(form): Form<CsrfForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    if let Err(e) = accounts::delete_sessions(&state.pool, user.id).await {
        return internal_error(e);
    }
    state.sessions.forget_all();
    logged_out("/login")
}

#[derive(Template)]
#[template(path = "tokens.html")]
struct TokensPage {
    layout: Layout,
    tokens: Vec<TokenInfo>,
    label: String,
    label_error: Option<String>,
    /// The token just created: shown this once.
    new_token: Option<String>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct TokenForm {
    label: String,
    csrf: String,
}

async fn tokens_response(
    state: &AppState,
    user: CurrentUser,
    csrf: Csrf,
    status: StatusCode,
    label: String,
    label_error: Option<String>,
    new_token: Option<String>,
) -> Response {
    let tokens = match accounts::list_tokens(&state.pool, user.id).await {
        Ok(t) => t,
        Err(e) => return internal_error(e),
    };
    let layout = Layout { user: Some(user), csrf: csrf.0 };
    render(status, &TokensPage { layout, tokens, label, label_error, new_token })
}

async fn tokens_page(State(state): State<AppState>, user: CurrentUser, csrf: Csrf) -> Response {
    tokens_response(&state, user, csrf, StatusCode::OK, String::new(), None, None).await
}

async fn create_token(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    Form(form): Form<TokenForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    match accounts::create_token(&state.pool, user.id, &form.label).await {
        Ok(token) => tokens_response(&state, user, csrf, StatusCode::OK, String::new(), None, Some(token)).await,
        Err(e) if e.is_internal() => internal_error(e),
        Err(e) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            tokens_response(&state, user, csrf, status, form.label, Some(e.to_string()), None).await
        }
    }
}

async fn revoke_token(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(form): Form<CsrfForm>,
) -> Response {
    if let Err(e) = session::check_csrf(&headers, Some(&form.csrf)) {
        return e.into_response();
    }
    match accounts::revoke_token(&state.pool, user.id, id).await {
        Ok(true) => Redirect::to("/me/tokens").into_response(),
        Ok(false) => (StatusCode::NOT_FOUND, "you have no API token with that id").into_response(),
        Err(e) => internal_error(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_must_be_local() {
        assert_eq!(safe_next("/bots/3?x=1"), Some("/bots/3?x=1"));
        assert_eq!(safe_next("/"), Some("/"));
        for bad in ["", "//evil.example", "https://evil.example/", "/\\evil.example", "evil", "/a b", "/\u{e9}"] {
            assert_eq!(safe_next(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn secure_only_over_https() {
        assert!(!session_cookie(false, "t".into()).secure().unwrap_or(false));
        let c = session_cookie(true, "t".into());
        assert_eq!(c.secure(), Some(true));
        assert_eq!(c.http_only(), Some(true));
        assert_eq!(c.same_site(), Some(SameSite::Lax));
        assert_eq!(c.path(), Some("/"));
    }
}
