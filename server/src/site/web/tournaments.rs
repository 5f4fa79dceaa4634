//! The tournament pages (list, tournament, round, a player's path, the standings CSV) and their
//! JSON twins under `/api/tournaments`. Organiser actions are in `admin`.

use super::api::ApiError;
use super::pages::{filters, PageError};
use super::session::{Csrf, Layout, MaybeUser};
use crate::site::sources::tournaments::store::TournamentRow;
use crate::site::sources::tournaments::views::{self, Overview, PlayerPath, RoundView};
use crate::site::state::AppState;
use askama::Template;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/tournaments", get(list_page))
        .route("/tournaments/{id}", get(tournament_page))
        .route("/tournaments/{id}/standings.csv", get(standings_csv))
        .route("/tournaments/{id}/rounds/{round}", get(round_page))
        .route("/tournaments/{id}/players/{name}", get(player_page))
        .route("/api/tournaments", get(list_api))
        .route("/api/tournaments/{id}", get(tournament_api))
        .route("/api/tournaments/{id}/rounds/{round}", get(round_api))
        .route("/api/tournaments/{id}/players/{name}", get(player_api))
}

type PageResult = Result<Response, PageError>;

fn render<T: Template>(page: &T) -> Response {
    super::accounts::render(StatusCode::OK, page)
}

#[derive(Template)]
#[template(path = "tournaments.html")]
struct ListPage {
    layout: Layout,
    tournaments: Vec<TournamentRow>,
}

async fn list_page(State(state): State<AppState>, user: MaybeUser, csrf: Csrf) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let tournaments = views::list(&state.pool).await.map_err(|e| PageError::internal(&layout, e))?;
    Ok(render(&ListPage { layout, tournaments }))
}

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    layout: Layout,
    o: Overview,
    is_admin: bool,
}

fn no_tournament(layout: &Layout, id: i64) -> PageError {
    PageError::not_found(layout, format!("There is no tournament #{id}."))
}

async fn tournament_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    id: Result<Path<i64>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let id = super::pages::path_id(&layout, id, "tournament")?;
    let o = views::overview(&state.pool, id).await.map_err(|e| PageError::internal(&layout, e))?;
    let o = o.ok_or_else(|| no_tournament(&layout, id))?;
    let is_admin = user.0.as_ref().is_some_and(|u| u.is_admin);
    Ok(render(&TournamentPage { layout, o, is_admin }))
}

#[derive(Template)]
#[template(path = "tournament_round.html")]
struct RoundPage {
    layout: Layout,
    r: RoundView,
}

/// (tournament id, round) from the path.
fn round_path(p: Result<Path<(i64, u32)>, PathRejection>) -> Option<(i64, u32)> {
    p.ok().map(|Path(p)| p).filter(|p| p.1 >= 1)
}

async fn round_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    p: Result<Path<(i64, u32)>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let Some((id, round)) = round_path(p) else {
        return Err(PageError::not_found(&layout, "There is no such round."));
    };
    let r = views::round(&state.pool, id, round).await.map_err(|e| PageError::internal(&layout, e))?;
    let r = r.ok_or_else(|| PageError::not_found(&layout, format!("Tournament #{id} has no round {round} (yet).")))?;
    Ok(render(&RoundPage { layout, r }))
}

#[derive(Template)]
#[template(path = "tournament_player.html")]
struct PlayerPage {
    layout: Layout,
    p: PlayerPath,
}

async fn player_page(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    p: Result<Path<(i64, String)>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let Ok(Path((id, name))) = p else {
        return Err(PageError::not_found(&layout, "There is no such tournament."));
    };
    let p = views::player(&state.pool, id, &name).await.map_err(|e| PageError::internal(&layout, e))?;
    let p =
        p.ok_or_else(|| PageError::not_found(&layout, format!("“{name}” is not an entrant of tournament #{id}.")))?;
    Ok(render(&PlayerPage { layout, p }))
}

async fn standings_csv(State(state): State<AppState>, id: Result<Path<i64>, PathRejection>) -> Response {
    let Ok(Path(id)) = id else { return (StatusCode::NOT_FOUND, "no such tournament\n").into_response() };
    match views::overview(&state.pool, id).await {
        Ok(None) => (StatusCode::NOT_FOUND, format!("there is no tournament #{id}\n")).into_response(),
        Ok(Some(o)) if o.standings.is_empty() => {
            (StatusCode::CONFLICT, format!("tournament #{id} is not over: its standings are not final yet\n"))
                .into_response()
        }
        Ok(Some(o)) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"tournament-{id}-standings.csv\"")),
            ],
            views::standings_csv(o.parameters.as_deref(), &o.standings),
        )
            .into_response(),
        Err(e) => super::accounts::internal_error(e),
    }
}

// ---------------------------------------------------------------------------------------------
// JSON

fn api_internal(e: anyhow::Error) -> ApiError {
    tracing::error!("tournament API failed: {e:#}");
    ApiError(StatusCode::INTERNAL_SERVER_ERROR, "the server could not answer this time".into())
}

async fn list_api(State(state): State<AppState>) -> Result<Json<Vec<TournamentRow>>, ApiError> {
    Ok(Json(views::list(&state.pool).await?))
}

async fn tournament_api(
    State(state): State<AppState>,
    id: Result<Path<i64>, PathRejection>,
) -> Result<Json<Overview>, ApiError> {
    let Ok(Path(id)) = id else { return Err(ApiError(StatusCode::BAD_REQUEST, "a tournament id is a number".into())) };
    let o = views::overview(&state.pool, id).await.map_err(api_internal)?;
    o.map(Json).ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("there is no tournament #{id}")))
}

async fn round_api(
    State(state): State<AppState>,
    p: Result<Path<(i64, u32)>, PathRejection>,
) -> Result<Json<RoundView>, ApiError> {
    let Some((id, round)) = round_path(p) else {
        return Err(ApiError(StatusCode::BAD_REQUEST, "a round is a number from 1".into()));
    };
    let r = views::round(&state.pool, id, round).await.map_err(api_internal)?;
    r.map(Json).ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("tournament #{id} has no round {round} (yet)")))
}

async fn player_api(
    State(state): State<AppState>,
    p: Result<Path<(i64, String)>, PathRejection>,
) -> Result<Json<PlayerPath>, ApiError> {
    let Ok(Path((id, name))) = p else {
        return Err(ApiError(StatusCode::BAD_REQUEST, "a tournament id is a number".into()));
    };
    let p = views::player(&state.pool, id, &name).await.map_err(api_internal)?;
    p.map(Json)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("“{name}” is not an entrant of tournament #{id}")))
}
