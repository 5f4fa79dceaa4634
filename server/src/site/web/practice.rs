//! Practice matches from the site: the form (`/practice`), its answer (a redirect to the match
//! page), and the API (`POST /api/matches`). The rules and limits are in `site::practice`.

use super::accounts::{internal_error, render};
use super::pages::filters;
use super::session::{self, Csrf, CurrentUser, Layout, MaybeUser};
use crate::site::read::practice_matches;
use crate::site::sources::practice::{self, PracticeError, Request as PracticeRequest};
use crate::site::state::AppState;
use askama::Template;
use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde_json::json;
use std::collections::HashMap;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/practice", get(form_page).post(form_post))
        .route("/api/matches", post(api_post))
        .route("/api/me/practice", get(api_list))
}

/// A bot one may pick, for the form's lists.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Choice {
    pub id: i64,
    pub label: String,
}

/// The form's three lists for a game.
struct Choices {
    mine: Vec<Choice>,
    leaderboard: Vec<Choice>,
    house: Vec<Choice>,
}

async fn choices(state: &AppState, user: i64, game: &str) -> anyhow::Result<Choices> {
    let mine: Vec<Choice> = sqlx::query_as(
        "SELECT id, name || ' #' || id || ' (' || status || ')' AS label FROM bots
         WHERE user_id = $1 AND game = $2 AND retired_at IS NULL ORDER BY id DESC LIMIT 50",
    )
    .bind(user)
    .bind(game)
    .fetch_all(&state.pool)
    .await?;
    let board = state.cache.leaderboard(&state.pool, game).await?;
    let leaderboard = board
        .iter()
        .filter(|e| !e.is_house)
        .map(|e| Choice { id: e.bot_id, label: format!("{}. {} by {} ({:.1})", e.rank, e.name, e.owner, e.rating) })
        .collect();
    let house: Vec<Choice> = sqlx::query_as(
        "SELECT DISTINCT ON (b.name) b.id, b.name AS label FROM bots b JOIN users u ON u.id = b.user_id
         WHERE u.is_house AND b.game = $1 ORDER BY b.name, b.id DESC",
    )
    .bind(game)
    .fetch_all(&state.pool)
    .await?;
    Ok(Choices { mine, leaderboard, house })
}

#[derive(Template)]
#[template(path = "practice.html")]
struct PracticePage {
    layout: Layout,
    games: Vec<(&'static str, &'static str)>,
    game: String,
    mine: Vec<Choice>,
    leaderboard: Vec<Choice>,
    house: Vec<Choice>,
    /// The picked bot per seat.
    seats: [Option<i64>; 4],
    seed: String,
    error: Option<String>,
    limits: practice::Limits,
    recent: Vec<practice_matches::PracticeMatch>,
}

impl PracticePage {
    fn picked(&self, seat: &usize, id: &i64) -> bool {
        self.seats[*seat] == Some(*id)
    }
}

async fn page(
    state: &AppState,
    user: &CurrentUser,
    csrf: &Csrf,
    game: &str,
    seats: [Option<i64>; 4],
    seed: String,
    error: Option<String>,
) -> anyhow::Result<PracticePage> {
    let layout = Layout::new(&MaybeUser(Some(user.clone())), csrf);
    let Choices { mine, leaderboard, house } = choices(state, user.id, game).await?;
    // Defaults: your newest bot against the house bots, Dummy first.
    let mut seats = seats;
    if seats.iter().all(Option::is_none) {
        let dummy = house.iter().find(|c| c.label == "Dummy").or(house.first()).map(|c| c.id);
        seats = [mine.first().map(|c| c.id).or(dummy), dummy, dummy, dummy];
    }
    let games = engine::catalog::games().iter().map(|g| (g.name(), g.title())).collect();
    let recent = practice_matches::list(&state.pool, user.id, 20).await?;
    Ok(PracticePage {
        layout,
        games,
        game: game.to_string(),
        mine,
        leaderboard,
        house,
        seats,
        seed,
        error,
        limits: practice::Limits::from_config(&state.config),
        recent,
    })
}

#[derive(serde::Deserialize)]
struct GameQuery {
    game: Option<String>,
}

async fn form_page(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    Query(q): Query<GameQuery>,
) -> Response {
    let game = q.game.as_deref().and_then(engine::catalog::find).map(|g| g.name()).unwrap_or("pandemic");
    match page(&state, &user, &csrf, game, [None; 4], String::new(), None).await {
        Ok(p) => render(StatusCode::OK, &p),
        Err(e) => internal_error(e),
    }
}

/// The form's fields, read leniently so that every mistake gets a sentence.
fn read_form(fields: &HashMap<String, String>) -> Result<(PracticeRequest, [Option<i64>; 4]), String> {
    let game = fields.get("game").map(|g| g.trim().to_string()).unwrap_or_default();
    if game.is_empty() {
        return Err("choose a game".into());
    }
    let mut seats = [None; 4];
    for (i, seat) in seats.iter_mut().enumerate() {
        let value = fields.get(&format!("seat{i}")).map(|v| v.trim()).unwrap_or("");
        if value.is_empty() {
            return Err(format!("choose a bot for seat {}", i + 1));
        }
        *seat = Some(value.parse().map_err(|_| format!("seat {}: `{value}` is not a bot id", i + 1))?);
    }
    let seed = parse_seed(fields.get("seed").map(String::as_str).unwrap_or(""))?;
    Ok((PracticeRequest { game, bots: seats.iter().flatten().copied().collect(), seed }, seats))
}

/// Blank is a random seed; otherwise a whole number from 0 to `practice::MAX_SEED`.
fn parse_seed(text: &str) -> Result<Option<u64>, String> {
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("random") {
        return Ok(None);
    }
    match text.parse::<u64>() {
        Ok(s) if s <= practice::MAX_SEED => Ok(Some(s)),
        _ => Err(format!("the seed `{text}` is not a whole number from 0 to {}", practice::MAX_SEED)),
    }
}

fn status_of(e: &PracticeError) -> StatusCode {
    match e {
        e if e.is_limit() => StatusCode::TOO_MANY_REQUESTS,
        e if e.is_not_found() => StatusCode::NOT_FOUND,
        PracticeError::NotAllowed(_) => StatusCode::FORBIDDEN,
        PracticeError::Database(_) => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

async fn queue_it(state: &AppState, user: &CurrentUser, req: &PracticeRequest) -> Result<i64, PracticeError> {
    let mut tx = state.pool.begin().await?;
    let id = practice::request(&mut tx, user.id, req, practice::Limits::from_config(&state.config)).await?;
    tx.commit().await?;
    state.queue_signal.notify_waiters();
    tracing::info!(user = user.id, match_id = id, game = %req.game, "practice match queued");
    Ok(id)
}

async fn form_post(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> Response {
    let fields = form.map(|Form(f)| f).unwrap_or_default();
    if let Err(e) = session::check_csrf(&headers, fields.get("csrf").map(String::as_str)) {
        return e.into_response();
    }
    let game = fields.get("game").and_then(|g| engine::catalog::find(g.trim())).map(|g| g.name()).unwrap_or("pandemic");
    let seed_text = fields.get("seed").cloned().unwrap_or_default();
    let (status, error, seats) = match read_form(&fields) {
        Err(message) => (StatusCode::UNPROCESSABLE_ENTITY, message, [None; 4]),
        Ok((req, seats)) => match queue_it(&state, &user, &req).await {
            Ok(id) => return Redirect::to(&format!("/matches/{id}")).into_response(),
            Err(PracticeError::Database(e)) => return internal_error(e),
            Err(e) => (status_of(&e), e.to_string(), seats),
        },
    };
    match page(&state, &user, &csrf, game, seats, seed_text, Some(error)).await {
        Ok(p) => render(status, &p),
        Err(e) => internal_error(e),
    }
}

/// `POST /api/matches`: `{"game": "pandemic", "bots": [1, 2, 3, 4], "seed": 42}` (seed optional).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ApiRequest {
    game: String,
    bots: Vec<i64>,
    seed: Option<u64>,
}

/// What the API expects, for its error messages.
const API_SHAPE: &str = r#"the body must be JSON like {"game": "pandemic", "bots": [1, 2, 3, 4], "seed": 42}"#;

fn json_error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

async fn api_post(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    body: Result<Json<ApiRequest>, JsonRejection>,
) -> Response {
    // A browser session must prove the request comes from our pages (header `X-CSRF-Token`);
    // an API token cannot be sent by another site.
    if !user.by_token {
        let token = headers.get("x-csrf-token").and_then(|v| v.to_str().ok());
        if let Err(e) = session::check_csrf(&headers, token) {
            return json_error(StatusCode::FORBIDDEN, e.to_string());
        }
    }
    let body = match body {
        Ok(Json(b)) => b,
        Err(e) => return json_error(StatusCode::BAD_REQUEST, format!("{API_SHAPE}: {e}")),
    };
    let req = PracticeRequest { game: body.game, bots: body.bots, seed: body.seed };
    match queue_it(&state, &user, &req).await {
        Ok(id) => {
            let url = format!("/matches/{id}");
            let body = json!({ "id": id, "kind": "practice", "state": "queued", "url": url });
            (StatusCode::CREATED, [(header::LOCATION, url)], Json(body)).into_response()
        }
        Err(PracticeError::Database(e)) => internal_error(e),
        Err(e) => json_error(status_of(&e), e.to_string()),
    }
}

async fn api_list(State(state): State<AppState>, user: CurrentUser) -> Response {
    match practice_matches::list(&state.pool, user.id, 100).await {
        Ok(list) => Json(list).into_response(),
        Err(e) => internal_error(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds() {
        assert_eq!(parse_seed(""), Ok(None));
        assert_eq!(parse_seed(" random "), Ok(None));
        assert_eq!(parse_seed("42"), Ok(Some(42)));
        assert_eq!(parse_seed(&practice::MAX_SEED.to_string()), Ok(Some(practice::MAX_SEED)));
        assert!(parse_seed("-1").unwrap_err().contains("`-1`"));
        assert!(parse_seed("9223372036854775808").is_err());
        assert!(parse_seed("1e3").is_err());
    }

    #[test]
    fn form_fields() {
        let mut f: HashMap<String, String> =
            [("game", "pandemic"), ("seat0", "1"), ("seat1", "2"), ("seat2", "3"), ("seat3", "4"), ("seed", "")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
        let (req, seats) = read_form(&f).unwrap();
        assert_eq!(req.bots, vec![1, 2, 3, 4]);
        assert_eq!(seats, [Some(1), Some(2), Some(3), Some(4)]);
        assert_eq!(req.seed, None);
        f.insert("seat2".into(), "x".into());
        assert_eq!(read_form(&f).unwrap_err(), "seat 3: `x` is not a bot id");
        f.remove("seat3");
        f.insert("seat2".into(), "3".into());
        assert_eq!(read_form(&f).unwrap_err(), "choose a bot for seat 4");
    }
}
