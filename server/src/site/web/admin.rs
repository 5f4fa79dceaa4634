//! The admin pages: tournaments (create, start now, pause, resume), users (make admin, disable,
//! withdraw queued work) and bots (retire). Disabling a user, withdrawing its work and retiring a
//! bot withdraw their matches from the queue (`players::withdraw`) and say how many. Every handler needs a logged-in admin and a CSRF token on its forms.

use super::pages::{filters, PageError};
use super::session::{check_csrf, Csrf, CurrentUser, Layout, MaybeUser};
use crate::site::players::withdraw::{self, Withdrawn};
use crate::site::sources::tournaments::lifecycle::{self, NewTournament, Refused};
use crate::site::sources::tournaments::store::TournamentRow;
use crate::site::state::AppState;
use askama::Template;
use axum::extract::rejection::{FormRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use chrono::{DateTime, NaiveDateTime, Utc};
use std::collections::HashMap;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/admin", get(|| async { Redirect::to("/admin/tournaments") }))
        .route("/admin/tournaments", get(tournaments_page).post(create_tournament))
        .route("/admin/tournaments/{id}/{action}", post(tournament_action))
        .route("/admin/users", get(users_page))
        .route("/admin/users/{id}/{action}", post(user_action))
        .route("/admin/bots", get(bots_page))
        .route("/admin/bots/{id}/retire", post(retire_bot))
}

type PageResult = Result<Response, PageError>;

/// The layout of an admin page, or the refusal for anybody else.
fn admin_layout(user: &CurrentUser, csrf: &Csrf) -> Result<Layout, PageError> {
    let layout = Layout::new(&MaybeUser(Some(user.clone())), csrf);
    if !user.is_admin {
        return Err(PageError::new(&layout, StatusCode::FORBIDDEN, "Only admins can see the admin pages."));
    }
    Ok(layout)
}

/// An admin's form post: the layout and the form's fields, after the admin check, reading the
/// form and the CSRF check (token-authenticated scripts have no CSRF token), in that order.
fn admin_post(
    user: &CurrentUser,
    csrf: &Csrf,
    headers: &HeaderMap,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> Result<(Layout, HashMap<String, String>), PageError> {
    let layout = admin_layout(user, csrf)?;
    let form = form
        .map(|Form(f)| f)
        .map_err(|e| PageError::new(&layout, StatusCode::BAD_REQUEST, format!("The form could not be read: {e}.")))?;
    if !user.by_token {
        check_csrf(headers, form.get("csrf").map(String::as_str))
            .map_err(|e| PageError::new(&layout, StatusCode::FORBIDDEN, e.to_string()))?;
    }
    Ok((layout, form))
}

// ---------------------------------------------------------------------------------------------
// Tournaments

#[derive(Template)]
#[template(path = "admin_tournaments.html")]
struct TournamentsPage {
    layout: Layout,
    tournaments: Vec<TournamentRow>,
    games: Vec<(String, String)>,
    error: Option<String>,
    /// The form as sent (kept when it is refused).
    form: HashMap<String, String>,
}

impl TournamentsPage {
    fn value(&self, field: &str, default: &str) -> String {
        self.form.get(field).cloned().unwrap_or_else(|| default.to_string())
    }
}

async fn tournaments_response(
    state: &AppState,
    layout: Layout,
    status: StatusCode,
    error: Option<String>,
    form: HashMap<String, String>,
) -> PageResult {
    let tournaments = crate::site::sources::tournaments::views::list(&state.pool)
        .await
        .map_err(|e| PageError::internal(&layout, e))?;
    let games = engine::catalog::games().iter().map(|g| (g.name().to_string(), g.title().to_string())).collect();
    Ok(super::accounts::render(status, &TournamentsPage { layout, tournaments, games, error, form }))
}

async fn tournaments_page(State(state): State<AppState>, user: CurrentUser, csrf: Csrf) -> PageResult {
    let layout = admin_layout(&user, &csrf)?;
    tournaments_response(&state, layout, StatusCode::OK, None, HashMap::new()).await
}

/// A start time from the form: `YYYY-MM-DDTHH:MM` (a datetime-local field, read as UTC) or RFC
/// 3339; empty means now.
fn parse_start(text: &str) -> Result<DateTime<Utc>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Utc::now());
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&Utc));
    }
    ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .map(|t| t.and_utc())
        .ok_or_else(|| format!("The start time “{text}” is not a date and time like 2026-12-01T09:00 (UTC)."))
}

/// A whole number field; `default` when empty or missing.
fn number<T: std::str::FromStr>(
    form: &HashMap<String, String>,
    field: &str,
    what: &str,
    default: Option<T>,
) -> Result<T, String> {
    match form.get(field).map(|s| s.trim()).filter(|s| !s.is_empty()) {
        Some(s) => s.parse().map_err(|_| format!("{what} must be a whole number, not “{s}”.")),
        None => default.ok_or_else(|| format!("{what} is missing.")),
    }
}

fn new_tournament(form: &HashMap<String, String>, user: &CurrentUser) -> Result<NewTournament, String> {
    let name = form.get("name").map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    let name = name.ok_or("The tournament needs a name.")?;
    let game = form.get("game").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).ok_or("Choose a game.")?;
    Ok(NewTournament {
        game,
        name,
        finalists: number(form, "finalists", "Finalists", None)?,
        final_matches: number(form, "final_matches", "Final matches", None)?,
        tie_replays: number(form, "tie_replays", "Tie replays", Some(3))?,
        seed: form
            .get("seed")
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().map_err(|_| format!("The seed must be a whole number, not “{s}”.")))
            .transpose()?,
        starts_at: parse_start(form.get("starts_at").map(String::as_str).unwrap_or(""))?,
        created_by: Some(user.id),
        config: form.get("config").filter(|c| !c.trim().is_empty()).cloned(),
    })
}

async fn create_tournament(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> PageResult {
    let (layout, form) = admin_post(&user, &csrf, &headers, form)?;
    let created = match new_tournament(&form, &user) {
        Ok(t) => lifecycle::create(&state.pool, &t).await,
        Err(why) => Err(Refused::Invalid(why)),
    };
    match created {
        Ok(id) => {
            // A start time already past starts it now rather than at the next tick.
            let _ = lifecycle::tick(&state.pool).await.map(|n| (n > 0).then(|| state.queue_signal.notify_waiters()));
            Ok(Redirect::to(&format!("/tournaments/{id}")).into_response())
        }
        Err(Refused::Invalid(why)) => {
            tournaments_response(&state, layout, StatusCode::UNPROCESSABLE_ENTITY, Some(why), form).await
        }
        Err(e) => Err(PageError::internal(&layout, e)),
    }
}

async fn tournament_action(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    p: Result<Path<(i64, String)>, PathRejection>,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> PageResult {
    let (layout, _) = admin_post(&user, &csrf, &headers, form)?;
    let Ok(Path((id, action))) = p else {
        return Err(PageError::new(&layout, StatusCode::NOT_FOUND, "No such tournament."));
    };
    let done = match action.as_str() {
        "start" => lifecycle::start(&state.pool, id).await.map(|_| ()),
        "pause" => lifecycle::pause(&state.pool, id).await,
        "resume" => lifecycle::resume(&state.pool, id).await.map(|_| ()),
        other => {
            return Err(PageError::new(
                &layout,
                StatusCode::NOT_FOUND,
                format!("A tournament can be started, paused or resumed, not “{other}”."),
            ))
        }
    };
    match done {
        Ok(()) => {
            state.queue_signal.notify_waiters();
            Ok(Redirect::to(&format!("/tournaments/{id}")).into_response())
        }
        Err(e @ Refused::NotFound(_)) => Err(PageError::new(&layout, StatusCode::NOT_FOUND, e.to_string())),
        Err(e @ Refused::WrongState { .. }) => Err(PageError::new(&layout, StatusCode::CONFLICT, e.to_string())),
        Err(e) => Err(PageError::internal(&layout, e)),
    }
}

// ---------------------------------------------------------------------------------------------
// Users

#[derive(sqlx::FromRow)]
struct UserRow {
    id: i64,
    username: String,
    is_admin: bool,
    disabled: bool,
    created_at: DateTime<Utc>,
    bots: i64,
}

#[derive(Template)]
#[template(path = "admin_users.html")]
struct UsersPage {
    layout: Layout,
    users: Vec<UserRow>,
    me: i64,
    /// What the last action did (how much work it withdrew).
    notice: Option<String>,
}

async fn users_page(State(state): State<AppState>, user: CurrentUser, csrf: Csrf) -> PageResult {
    let layout = admin_layout(&user, &csrf)?;
    render_users(&state, layout, user.id, None).await
}

async fn render_users(state: &AppState, layout: Layout, me: i64, notice: Option<String>) -> PageResult {
    let users: Vec<UserRow> = sqlx::query_as(
        "SELECT u.id, u.username, u.is_admin, u.disabled, u.created_at,
                (SELECT count(*) FROM bots b WHERE b.user_id = u.id) AS bots
         FROM users u WHERE NOT u.is_house ORDER BY lower(u.username)",
    )
    .fetch_all(&state.pool)
    .await
    .map_err(|e| PageError::internal(&layout, e))?;
    Ok(super::accounts::render(StatusCode::OK, &UsersPage { layout, users, me, notice }))
}

/// `make-admin`, `remove-admin`, `disable`, `enable`, `withdraw`. An admin cannot demote or
/// disable itself (somebody must be left to undo it). `disable` and `withdraw` withdraw the
/// user's queued and running matches (`players::withdraw`) and the page says how many.
async fn user_action(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    p: Result<Path<(i64, String)>, PathRejection>,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> PageResult {
    let (layout, _) = admin_post(&user, &csrf, &headers, form)?;
    let Ok(Path((id, action))) = p else { return Err(PageError::new(&layout, StatusCode::NOT_FOUND, "No such user.")) };
    let sql = match action.as_str() {
        "make-admin" => "UPDATE users SET is_admin = TRUE WHERE id = $1 AND NOT is_house",
        "remove-admin" => "UPDATE users SET is_admin = FALSE WHERE id = $1 AND NOT is_house",
        "disable" => "UPDATE users SET disabled = TRUE WHERE id = $1 AND NOT is_house",
        "enable" => "UPDATE users SET disabled = FALSE WHERE id = $1 AND NOT is_house",
        "withdraw" => "SELECT 1 FROM users WHERE id = $1 AND NOT is_house",
        other => {
            return Err(PageError::new(
                &layout,
                StatusCode::NOT_FOUND,
                format!(
                    "A user can be made admin, removed as admin, disabled, enabled or have its queued work \
                     withdrawn, not “{other}”."
                ),
            ))
        }
    };
    if id == user.id && matches!(action.as_str(), "remove-admin" | "disable") {
        return Err(PageError::new(&layout, StatusCode::CONFLICT, "You cannot demote or disable yourself."));
    }
    let done: sqlx::Result<(u64, Option<Withdrawn>)> = async {
        let mut tx = state.pool.begin().await?;
        let n = sqlx::query(sql).bind(id).execute(&mut *tx).await?.rows_affected();
        let mut withdrawn = None;
        if n > 0 && matches!(action.as_str(), "disable" | "withdraw") {
            withdrawn = Some(withdraw::withdraw_queued_work(&mut tx, id).await?);
        }
        if action == "disable" {
            // Logged out everywhere; the ladder and new tournaments leave it out.
            sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(id).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok((n, withdrawn))
    }
    .await;
    let (done, withdrawn) = done.map_err(|e| PageError::internal(&layout, e))?;
    if done == 0 {
        return Err(PageError::new(&layout, StatusCode::NOT_FOUND, format!("There is no user #{id}.")));
    }
    state.sessions.forget_all();
    for game in engine::catalog::games() {
        state.cache.game_changed(game.name());
    }
    match withdrawn {
        Some(w) => {
            state.queue_signal.notify_waiters();
            let what = if action == "disable" { "User disabled" } else { "Queued work withdrawn" };
            render_users(&state, layout, user.id, Some(format!("{what} (user #{id}): {}.", w.summary()))).await
        }
        None => Ok(Redirect::to("/admin/users").into_response()),
    }
}

// ---------------------------------------------------------------------------------------------
// Bots

#[derive(sqlx::FromRow)]
struct BotRow {
    id: i64,
    game: String,
    name: String,
    owner: String,
    status: String,
    retired_at: Option<DateTime<Utc>>,
    is_representative: bool,
    created_at: DateTime<Utc>,
}

#[derive(Template)]
#[template(path = "admin_bots.html")]
struct BotsPage {
    layout: Layout,
    bots: Vec<BotRow>,
    /// What the last retirement withdrew.
    notice: Option<String>,
}

/// How many bots the page lists (newest first).
const BOTS_LISTED: i64 = 500;

async fn bots_page(State(state): State<AppState>, user: CurrentUser, csrf: Csrf) -> PageResult {
    let layout = admin_layout(&user, &csrf)?;
    render_bots(&state, layout, None).await
}

async fn render_bots(state: &AppState, layout: Layout, notice: Option<String>) -> PageResult {
    let bots: Vec<BotRow> = sqlx::query_as(
        "SELECT b.id, b.game, b.name, u.username AS owner, b.status, b.retired_at, b.created_at,
                EXISTS (SELECT 1 FROM representatives p WHERE p.bot_id = b.id) AS is_representative
         FROM bots b JOIN users u ON u.id = b.user_id WHERE NOT u.is_house ORDER BY b.id DESC LIMIT $1",
    )
    .bind(BOTS_LISTED)
    .fetch_all(&state.pool)
    .await
    .map_err(|e| PageError::internal(&layout, e))?;
    Ok(super::accounts::render(StatusCode::OK, &BotsPage { layout, bots, notice }))
}

/// Retires a bot: it stops representing its owner (who picks another) and plays no more ladder
/// matches. Its matches and replays stay; its queued and running matches (but tournament ones)
/// are withdrawn and a qualification in progress ends (`players::withdraw`). Running
/// tournaments keep it (entrants are frozen).
async fn retire_bot(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    id: Result<Path<i64>, PathRejection>,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> PageResult {
    let (layout, _) = admin_post(&user, &csrf, &headers, form)?;
    let id = super::pages::path_id(&layout, id, "bot")?;
    let game: sqlx::Result<Option<(String, Withdrawn)>> = async {
        let mut tx = state.pool.begin().await?;
        let game = crate::site::players::own_bots::retire(&mut tx, id, None).await?;
        let withdrawn = match game {
            Some(_) => withdraw::withdraw_bot_work(&mut tx, id).await?,
            None => Withdrawn::default(),
        };
        tx.commit().await?;
        Ok(game.map(|g| (g, withdrawn)))
    }
    .await;
    let game = game.map_err(|e| PageError::internal(&layout, e))?;
    let Some((game, withdrawn)) = game else {
        return Err(PageError::new(
            &layout,
            StatusCode::NOT_FOUND,
            format!("There is no user bot #{id} (house bots stay)."),
        ));
    };
    state.cache.game_changed(&game);
    state.queue_signal.notify_waiters();
    render_bots(&state, layout, Some(format!("Bot #{id} retired: {}.", withdrawn.summary()))).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_times() {
        assert_eq!(parse_start("2026-12-01T09:30").unwrap().to_rfc3339(), "2026-12-01T09:30:00+00:00");
        assert_eq!(parse_start("2026-12-01T09:30:00+01:00").unwrap().to_rfc3339(), "2026-12-01T08:30:00+00:00");
        assert!((Utc::now() - parse_start("  ").unwrap()).num_seconds().abs() < 5);
        assert!(parse_start("tomorrow").unwrap_err().contains("tomorrow"));
    }
}
