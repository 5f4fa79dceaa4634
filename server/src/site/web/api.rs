//! The JSON API over the same read models as the pages. Errors are `{"error": "..."}` with a
//! fitting status code.

use super::session::{CurrentUser, MaybeUser};
use crate::site::read::queries;
use crate::site::state::AppState;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/games/{game}/leaderboard", get(leaderboard))
        .route("/api/bots/{id}", get(bot))
        .route("/api/bots/{id}/ratings", get(bot_ratings))
        .route("/api/matches/{id}", get(match_detail))
        .route("/api/matches/{id}/stderr", get(match_stderr))
        .route("/api/me/bots", get(my_bots))
}

/// An API failure: its status and a message for people.
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    fn not_found(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::NOT_FOUND, message.into())
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        tracing::error!("API request failed: {e}");
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, "the server could not answer this time; try again".into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

type ApiResult<T> = Result<Json<T>, ApiError>;

/// An id from the path: anything but a number is a bad request.
fn path_id(id: Result<Path<i64>, PathRejection>, what: &str) -> Result<i64, ApiError> {
    id.map(|Path(id)| id).map_err(|_| ApiError(StatusCode::BAD_REQUEST, format!("a {what} id is a number")))
}

async fn games(State(state): State<AppState>) -> ApiResult<std::sync::Arc<Vec<queries::GameSummary>>> {
    Ok(Json(state.cache.games(&state.pool).await?))
}

#[derive(Serialize)]
struct Leaderboard {
    game: String,
    title: String,
    entries: std::sync::Arc<Vec<queries::LeaderboardEntry>>,
}

async fn leaderboard(State(state): State<AppState>, Path(game): Path<String>) -> ApiResult<Leaderboard> {
    let Some(found) = engine::catalog::find(&game) else {
        return Err(ApiError::not_found(format!("no game called `{game}`")));
    };
    let entries = state.cache.leaderboard(&state.pool, found.name()).await?;
    Ok(Json(Leaderboard { game: found.name().into(), title: found.title().into(), entries }))
}

async fn bot(State(state): State<AppState>, id: Result<Path<i64>, PathRejection>) -> ApiResult<queries::BotDetail> {
    let id = path_id(id, "bot")?;
    let bot = queries::bot_detail(&state.pool, id).await?.ok_or_else(|| ApiError::not_found(format!("no bot {id}")))?;
    Ok(Json(bot))
}

/// A bot's whole rating history (its page and `/api/bots/{id}` carry at most
/// `queries::MAX_RATING_POINTS` points).
#[derive(serde::Serialize)]
struct Ratings {
    bot: i64,
    points: Vec<queries::RatingPoint>,
}

async fn bot_ratings(State(state): State<AppState>, id: Result<Path<i64>, PathRejection>) -> ApiResult<Ratings> {
    let id = path_id(id, "bot")?;
    let exists: Option<i64> =
        sqlx::query_scalar("SELECT id FROM bots WHERE id = $1").bind(id).fetch_optional(&state.pool).await?;
    exists.ok_or_else(|| ApiError::not_found(format!("no bot {id}")))?;
    let (points, _) = queries::rating_history(&state.pool, id, None).await?;
    Ok(Json(Ratings { bot: id, points }))
}

/// Stderr is included for the seats of the authenticated user's bots only.
async fn match_detail(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    id: Result<Path<i64>, PathRejection>,
) -> ApiResult<queries::MatchDetail> {
    let id = path_id(id, "match")?;
    let viewer = user.map(|u| u.id);
    let m = state
        .cache
        .match_detail(&state.pool, id, viewer)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no match {id}")))?;
    Ok(Json(m))
}

/// The stderr of the reader's own seats in a match (every seat for an admin), round by round.
/// Anybody else, signed in or not, gets the same 404 as for a match without stderr: whose bots
/// played is public, what they wrote is not.
async fn match_stderr(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    id: Result<Path<i64>, PathRejection>,
) -> ApiResult<crate::stderr_rounds::MatchStderr> {
    let id = path_id(id, "match")?;
    let none = || ApiError::not_found(format!("no stderr you may read in match {id} (only a bot's owner reads it)"));
    let user = user.ok_or_else(none)?;
    let found = queries::stderr_by_round(&state.pool, id, user.id, user.is_admin).await?;
    if found.seats.is_empty() {
        return Err(none());
    }
    Ok(Json(found))
}

async fn my_bots(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Vec<queries::MyGameBots>> {
    Ok(Json(queries::my_bots(&state.pool, user.id).await?))
}
