//! Browsing: a game's match list (filters in a GET form, pages by match id), users' profiles
//! and bots' statistics, with their JSON twins. Handlers parse, fetch (`browse_queries`,
//! `bot_stats`) and render (`matches.html`, `user.html`).

use super::api::ApiError;
use super::pages::{filters, PageError};
use super::session::{urlencode, Csrf, Layout, MaybeUser};
use crate::site::core::kind::Kind;
use crate::site::read::bot_stats::{self, BotStats};
use crate::site::read::browse_queries::{self as browse, Cursor, ListedMatch, MatchFilter, UserProfile};
use crate::site::state::AppState;
use askama::Template;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{game}/matches", get(matches_page))
        .route("/api/games/{game}/matches", get(matches_api))
        .route("/users/{username}", get(user_page))
        .route("/api/users/{username}", get(user_api))
        .route("/api/bots/{id}/stats", get(stats_api))
}

// ---------------------------------------------------------------------------------------------
// Filters

/// The match list's query string, as typed: every field optional, an empty one absent (the
/// form sends them all).
#[derive(Debug, Default, Deserialize)]
struct FilterQuery {
    bot: Option<String>,
    user: Option<String>,
    kind: Option<String>,
    from: Option<String>,
    to: Option<String>,
    before: Option<String>,
    after: Option<String>,
}

/// Why a match list cannot be shown: a bad filter (400, with the reason) or the database.
#[derive(Debug, thiserror::Error)]
enum FilterError {
    #[error("bot: “{0}” is not a bot number (like 42)")]
    BotNumber(String),
    #[error("bot: there is no bot #{0}")]
    NoBot(i64),
    #[error("bot: bot #{id} plays {plays}, not {game}")]
    BotGame { id: i64, plays: String, game: String },
    #[error("user: there is no user called “{0}”")]
    NoUser(String),
    #[error("kind: “{given}” is not a kind of match; the kinds are {known}")]
    Kind { given: String, known: String },
    #[error("{field}: “{given}” is neither a date (2025-01-31) nor a time (2025-01-31T12:00:00Z)")]
    Date { field: &'static str, given: String },
    #[error("from ({from}) is after to ({to}): no match is in between")]
    EmptyRange { from: String, to: String },
    #[error("{field}: “{given}” is not a match number")]
    Cursor { field: &'static str, given: String },
    #[error("before and after cannot be used together")]
    BothCursors,
    #[error("the query string could not be read: {0}")]
    Malformed(String),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// The filters as shown back in the form and carried by the page links (trimmed; empty when
/// absent).
#[derive(Clone, Debug, Default, Serialize)]
struct Shown {
    bot: String,
    user: String,
    kind: String,
    from: String,
    to: String,
}

impl Shown {
    fn new(q: &FilterQuery) -> Shown {
        let text = |v: &Option<String>| v.as_deref().unwrap_or("").trim().to_string();
        Shown { bot: text(&q.bot), user: text(&q.user), kind: text(&q.kind), from: text(&q.from), to: text(&q.to) }
    }

    /// `path` with these filters and `extra` (a cursor) as its query string.
    fn url(&self, path: &str, extra: Option<(&str, i64)>) -> String {
        let mut parts: Vec<String> =
            [("bot", &self.bot), ("user", &self.user), ("kind", &self.kind), ("from", &self.from), ("to", &self.to)]
                .iter()
                .filter(|(_, v)| !v.is_empty())
                .map(|(k, v)| format!("{k}={}", urlencode(v)))
                .collect();
        if let Some((k, v)) = extra {
            parts.push(format!("{k}={v}"));
        }
        if parts.is_empty() {
            path.to_string()
        } else {
            format!("{path}?{}", parts.join("&"))
        }
    }
}

/// A match number for a cursor: positive.
fn cursor_id(field: &'static str, given: &str) -> Result<i64, FilterError> {
    given.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| FilterError::Cursor { field, given: given.into() })
}

/// A bound of the date range: a day (from its start; `to` includes the whole day) or an exact
/// time (included).
fn bound(field: &'static str, given: &str, end: bool) -> Result<DateTime<Utc>, FilterError> {
    let bad = || FilterError::Date { field, given: given.into() };
    // Years outside 1..=9999 are refused: Postgres cannot store all of chrono's.
    let day = NaiveDate::parse_from_str(given, "%Y-%m-%d").ok().filter(|d| (1..=9999).contains(&d.year()));
    if let Some(day) = day {
        let day = if end { day.succ_opt().ok_or_else(bad)? } else { day };
        return Ok(day.and_time(chrono::NaiveTime::MIN).and_utc());
    }
    let at = DateTime::parse_from_rfc3339(given).map_err(|_| bad())?.with_timezone(&Utc);
    // The list keeps times before `until`: one microsecond (Postgres's resolution) past it.
    Ok(if end { at + chrono::Duration::microseconds(1) } else { at })
}

/// Reads and checks the filters of `game`'s match list (a bot of another game, an unknown user:
/// refused with the reason, not an empty list).
async fn parse(state: &AppState, game: &str, q: &FilterQuery) -> Result<(MatchFilter, Cursor, Shown), FilterError> {
    let shown = Shown::new(q);
    let mut f = MatchFilter { game: game.to_string(), ..MatchFilter::default() };
    if !shown.bot.is_empty() {
        let id =
            shown.bot.trim_start_matches('#').parse::<i64>().map_err(|_| FilterError::BotNumber(shown.bot.clone()))?;
        match browse::bot_game(&state.pool, id).await? {
            None => return Err(FilterError::NoBot(id)),
            Some(plays) if plays != game => return Err(FilterError::BotGame { id, plays, game: game.into() }),
            Some(_) => f.bot = Some(id),
        }
    }
    if !shown.user.is_empty() {
        let found = browse::user_by_name(&state.pool, &shown.user).await?;
        f.user = Some(found.ok_or_else(|| FilterError::NoUser(shown.user.clone()))?.0);
    }
    if !shown.kind.is_empty() {
        let kind = Kind::parse(&shown.kind).ok_or_else(|| FilterError::Kind {
            given: shown.kind.clone(),
            known: Kind::ALL.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", "),
        })?;
        f.kind = Some(kind);
    }
    if !shown.from.is_empty() {
        f.from = Some(bound("from", &shown.from, false)?);
    }
    if !shown.to.is_empty() {
        f.until = Some(bound("to", &shown.to, true)?);
    }
    if let (Some(from), Some(until)) = (f.from, f.until) {
        if from >= until {
            return Err(FilterError::EmptyRange { from: shown.from.clone(), to: shown.to.clone() });
        }
    }
    let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let cursor = match (text(&q.before), text(&q.after)) {
        (Some(_), Some(_)) => return Err(FilterError::BothCursors),
        (Some(b), None) => Cursor::Before(cursor_id("before", &b)?),
        (None, Some(a)) => Cursor::After(cursor_id("after", &a)?),
        (None, None) => Cursor::Newest,
    };
    Ok((f, cursor, shown))
}

/// A page of matches with its neighbours' links (`path` is the page's own path).
struct Listing {
    matches: Vec<ListedMatch>,
    older: Option<String>,
    newer: Option<String>,
}

async fn list(state: &AppState, game: &str, path: &str, q: &FilterQuery) -> Result<(Listing, Shown), FilterError> {
    let (f, cursor, shown) = parse(state, game, q).await?;
    let page = browse::match_page(&state.pool, &f, cursor).await?;
    let older = page.older.map(|id| shown.url(path, Some(("before", id))));
    let newer = page.newer.map(|id| shown.url(path, Some(("after", id))));
    Ok((Listing { matches: page.matches, older, newer }, shown))
}

// ---------------------------------------------------------------------------------------------
// The match list

#[derive(Template)]
#[template(path = "matches.html")]
struct MatchesPage {
    layout: Layout,
    game: String,
    title: String,
    kinds: Vec<&'static str>,
    shown: Shown,
    /// Why the filters were refused.
    error: Option<String>,
    list: Listing,
}

impl MatchesPage {
    fn filtered(&self) -> bool {
        !(self.shown.bot.is_empty()
            && self.shown.user.is_empty()
            && self.shown.kind.is_empty()
            && self.shown.from.is_empty()
            && self.shown.to.is_empty())
    }

    /// The same list as JSON.
    fn api_url(&self) -> String {
        self.shown.url(&format!("/api/games/{}/matches", self.game), None)
    }
}

fn unknown_game(game: &str) -> String {
    let known: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
    format!("This server plays no game called “{game}”. Games: {}.", known.join(", "))
}

async fn matches_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    Path(game): Path<String>,
    query: Result<Query<FilterQuery>, QueryRejection>,
) -> Result<Response, PageError> {
    let layout = Layout::new(&user, &csrf);
    let Some(found) = engine::catalog::find(&game) else {
        return Err(PageError::not_found(&layout, unknown_game(&game)));
    };
    let (game, title) = (found.name().to_string(), found.title().to_string());
    let path = format!("/games/{game}/matches");
    let kinds = Kind::ALL.iter().map(|k| k.as_str()).collect();
    let empty = || Listing { matches: Vec::new(), older: None, newer: None };
    let (status, list, shown, error) = match query {
        Err(e) => (StatusCode::BAD_REQUEST, empty(), Shown::default(), Some(FilterError::Malformed(e.body_text()))),
        Ok(Query(q)) => match list(&state, &game, &path, &q).await {
            Ok((list, shown)) => (StatusCode::OK, list, shown, None),
            Err(FilterError::Database(e)) => return Err(PageError::internal(&layout, e)),
            Err(e) => (StatusCode::BAD_REQUEST, empty(), Shown::new(&q), Some(e)),
        },
    };
    let error = error.map(|e| e.to_string());
    let page = MatchesPage { layout, game, title, kinds, shown, error, list };
    Ok(super::accounts::render(status, &page))
}

#[derive(Serialize)]
struct MatchList {
    game: String,
    filters: Shown,
    page_size: i64,
    /// Newest first.
    matches: Vec<ListedMatch>,
    /// The next older page, if any.
    older: Option<String>,
    /// The next newer page, if any.
    newer: Option<String>,
}

async fn matches_api(
    State(state): State<AppState>,
    Path(game): Path<String>,
    query: Result<Query<FilterQuery>, QueryRejection>,
) -> Result<Json<MatchList>, ApiError> {
    let Some(found) = engine::catalog::find(&game) else {
        return Err(ApiError(StatusCode::NOT_FOUND, format!("no game called `{game}`")));
    };
    let game = found.name().to_string();
    let Query(q) =
        query.map_err(|e| ApiError(StatusCode::BAD_REQUEST, FilterError::Malformed(e.body_text()).to_string()))?;
    let (list, filters) =
        list(&state, &game, &format!("/api/games/{game}/matches"), &q).await.map_err(|e| match e {
            FilterError::Database(e) => ApiError::from(e),
            e => ApiError(StatusCode::BAD_REQUEST, e.to_string()),
        })?;
    Ok(Json(MatchList {
        game,
        filters,
        page_size: browse::PAGE_SIZE,
        matches: list.matches,
        older: list.older,
        newer: list.newer,
    }))
}

// ---------------------------------------------------------------------------------------------
// Profiles

/// A profile with each representative's place on its leaderboard (cached leaderboards).
/// Practice matches shown on a profile.
const PRACTICE_LISTED: i64 = 20;

async fn profile(state: &AppState, username: &str) -> sqlx::Result<Option<UserProfile>> {
    let Some(mut p) = browse::user_profile(&state.pool, username).await? else { return Ok(None) };
    p.practice =
        crate::site::read::practice_matches::list_by_username(&state.pool, &p.username, PRACTICE_LISTED).await?;
    for g in &mut p.games {
        let Some(rep) = g.representative else { continue };
        if engine::catalog::find(&g.game).is_some() {
            let board = state.cache.leaderboard(&state.pool, &g.game).await?;
            g.ladder_rank = board.iter().find(|e| e.bot_id == rep).map(|e| e.rank);
        }
    }
    Ok(Some(p))
}

#[derive(Template)]
#[template(path = "user.html")]
struct UserPage {
    layout: Layout,
    p: UserProfile,
}

async fn user_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    Path(username): Path<String>,
) -> Result<Response, PageError> {
    let layout = Layout::new(&user, &csrf);
    let p = profile(&state, &username)
        .await
        .map_err(|e| PageError::internal(&layout, e))?
        .ok_or_else(|| PageError::not_found(&layout, format!("There is no user called “{username}”.")))?;
    Ok(super::accounts::render(StatusCode::OK, &UserPage { layout, p }))
}

async fn user_api(State(state): State<AppState>, Path(username): Path<String>) -> Result<Json<UserProfile>, ApiError> {
    let p = profile(&state, &username).await?;
    Ok(Json(p.ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no user called `{username}`")))?))
}

// ---------------------------------------------------------------------------------------------
// Bot statistics

#[derive(Serialize)]
struct StatsReply {
    bot_id: i64,
    #[serde(flatten)]
    stats: BotStats,
}

async fn stats_api(
    State(state): State<AppState>,
    id: Result<Path<i64>, PathRejection>,
) -> Result<Json<StatsReply>, ApiError> {
    let Ok(Path(id)) = id else { return Err(ApiError(StatusCode::BAD_REQUEST, "a bot id is a number".into())) };
    if browse::bot_game(&state.pool, id).await?.is_none() {
        return Err(ApiError(StatusCode::NOT_FOUND, format!("no bot {id}")));
    }
    Ok(Json(StatsReply { bot_id: id, stats: bot_stats::bot_stats(&state.pool, id).await? }))
}
