//! A player's actions on their own bots (retire, rename, download the module), module downloads
//! by hash, and a match's reproduction bundle. The rules are in `site::own_bots` and
//! `site::reproduce`.

use super::pages::{path_id, PageError};
use super::session::{check_csrf, Csrf, CurrentUser, Layout, MaybeUser};
use crate::site::players::own_bots::{self, RenameError};
use crate::site::read::reproduce::{self, BundledModule};
use crate::site::state::AppState;
use axum::extract::rejection::{FormRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use std::collections::HashMap;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/me/bots/{id}/retire", post(retire))
        .route("/me/bots/{id}/rename", post(rename))
        .route("/me/bots/{id}/module.wasm", get(own_module))
        .route("/modules/{file}", get(module_by_hash))
        .route("/matches/{id}/bundle.zip", get(bundle))
}

type PageResult = Result<Response, PageError>;

/// The layout and form of a POST on one's own bot, after the CSRF check (scripts with an API
/// token carry no CSRF token).
fn own_post(
    user: &CurrentUser,
    csrf: &Csrf,
    headers: &HeaderMap,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> Result<(Layout, HashMap<String, String>), PageError> {
    let layout = Layout::new(&MaybeUser(Some(user.clone())), csrf);
    let fields = form.map(|Form(f)| f).unwrap_or_default();
    if !user.by_token {
        check_csrf(headers, fields.get("csrf").map(String::as_str))
            .map_err(|e| PageError::new(&layout, StatusCode::FORBIDDEN, e.to_string()))?;
    }
    Ok((layout, fields))
}

/// Retires one's own bot: it leaves the ladder (and stops representing its owner); its matches
/// stay.
async fn retire(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    id: Result<Path<i64>, PathRejection>,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> PageResult {
    let (layout, _) = own_post(&user, &csrf, &headers, form)?;
    let id = path_id(&layout, id, "bot")?;
    let game: sqlx::Result<Option<String>> = async {
        let mut tx = state.pool.begin().await?;
        let game = own_bots::retire(&mut tx, id, Some(user.id)).await?;
        tx.commit().await?;
        Ok(game)
    }
    .await;
    let Some(game) = game.map_err(|e| PageError::internal(&layout, e))? else {
        return Err(PageError::not_found(&layout, format!("You have no bot #{id}.")));
    };
    state.cache.game_changed(&game);
    tracing::info!(user = user.id, bot = id, "bot retired by its owner");
    Ok(Redirect::to("/me/bots").into_response())
}

/// Renames one's own bot before it qualifies.
async fn rename(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    id: Result<Path<i64>, PathRejection>,
    form: Result<Form<HashMap<String, String>>, FormRejection>,
) -> PageResult {
    let (layout, fields) = own_post(&user, &csrf, &headers, form)?;
    let id = path_id(&layout, id, "bot")?;
    let name = fields.get("name").map(String::as_str).unwrap_or("");
    let done: Result<String, RenameError> = async {
        let mut tx = state.pool.begin().await?;
        let game = own_bots::rename(&mut tx, user.id, id, name).await?;
        tx.commit().await?;
        Ok(game)
    }
    .await;
    match done {
        Ok(game) => {
            state.cache.game_changed(&game);
            Ok(Redirect::to(&format!("/bots/{id}")).into_response())
        }
        Err(RenameError::Database(e)) => Err(PageError::internal(&layout, e)),
        Err(e @ RenameError::NotYours(_)) => Err(PageError::not_found(&layout, capitalized(&e.to_string()))),
        Err(e @ RenameError::Name(_)) => {
            Err(PageError::new(&layout, StatusCode::UNPROCESSABLE_ENTITY, format!("Cannot rename: {e}.")))
        }
        Err(e) => Err(PageError::new(&layout, StatusCode::CONFLICT, format!("{}.", capitalized(&e.to_string())))),
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn wasm_response(bytes: Vec<u8>, file: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/wasm".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
        ],
        bytes,
    )
        .into_response()
}

/// One's own uploaded module, as uploaded.
async fn own_module(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    id: Result<Path<i64>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&MaybeUser(Some(user.clone())), &csrf);
    let id = path_id(&layout, id, "bot")?;
    let row: Option<(String, String, Vec<u8>)> = sqlx::query_as(
        "SELECT b.name, b.game, w.bytes FROM bots b JOIN wasm_modules w ON w.hash = b.wasm_hash
         WHERE b.id = $1 AND (b.user_id = $2 OR $3)",
    )
    .bind(id)
    .bind(user.id)
    .bind(user.is_admin)
    .fetch_optional(&state.pool)
    .await
    .map_err(|e| PageError::internal(&layout, e))?;
    let Some((name, game, bytes)) = row else {
        return Err(PageError::not_found(&layout, format!("You have no bot #{id}.")));
    };
    Ok(wasm_response(bytes, &format!("{game}-{name}-{id}.wasm")))
}

/// `/modules/<sha256 hex>.wasm` (or a prefix of 16 or more hex digits, as the bundle's names
/// are): a module the reader may download (`own_bots::may_download`).
async fn module_by_hash(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    Path(file): Path<String>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let hex = file.strip_suffix(".wasm").unwrap_or(&file).to_ascii_lowercase();
    if hex.len() < 16 || hex.len() > 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(PageError::not_found(
            &layout,
            "A module is named by its SHA-256 in hex (at least its first 16 digits), like /modules/0123456789abcdef.wasm.",
        ));
    }
    let result: sqlx::Result<Option<(String, Vec<u8>)>> = async {
        let mut conn = state.pool.acquire().await?;
        let hashes: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT wasm_hash FROM bots WHERE wasm_hash LIKE $1 ORDER BY wasm_hash LIMIT 2",
        )
        .bind(format!("sha256:{hex}%"))
        .fetch_all(&mut *conn)
        .await?;
        let [hash] = hashes.as_slice() else { return Ok(None) };
        let viewer = user.0.as_ref().map(|u| (u.id, u.is_admin));
        if !own_bots::may_download(&mut conn, viewer, hash, state.config.private_modules).await? {
            return Ok(None);
        }
        Ok(own_bots::module_bytes(&mut conn, hash).await?.map(|b| (hash.clone(), b)))
    }
    .await;
    match result.map_err(|e| PageError::internal(&layout, e))? {
        Some((hash, bytes)) => Ok(wasm_response(bytes, &reproduce::module_file(&hash))),
        // Not found and not allowed look the same: a hash says nothing about who holds it.
        None => Err(PageError::not_found(
            &layout,
            if user.0.is_some() {
                "No module you may download has this hash (yours, the house bots' and qualified bots' are downloadable)."
            } else {
                "No module you may download has this hash; log in to download qualified bots' modules."
            },
        )),
    }
}

/// The reproduction bundle of a match (see `site::reproduce`).
async fn bundle(
    State(state): State<AppState>,
    user: MaybeUser,
    csrf: Csrf,
    id: Result<Path<i64>, PathRejection>,
) -> PageResult {
    let layout = Layout::new(&user, &csrf);
    let id = path_id(&layout, id, "match")?;
    let m = crate::site::read::queries::match_public(&state.pool, id)
        .await
        .map_err(|e| PageError::internal(&layout, e))?
        .ok_or_else(|| PageError::not_found(&layout, format!("There is no match #{id}.")))?;
    let replay = if m.state == "done" {
        state.replays.get(id).await.map_err(|e| PageError::internal(&layout, e))?
    } else {
        None
    };
    let viewer = user.0.as_ref().map(|u| (u.id, u.is_admin));
    let mut modules: Vec<BundledModule> = Vec::new();
    let found: sqlx::Result<()> = async {
        let mut conn = state.pool.acquire().await?;
        for p in &m.players {
            let hash = &p.wasm_hash;
            if modules.iter().any(|b| matches!(b, BundledModule::Included { hash: h, .. } | BundledModule::Private { hash: h } if h == hash)) {
                continue;
            }
            let allowed = own_bots::may_download(&mut conn, viewer, hash, state.config.private_modules).await?;
            let bytes = if allowed { own_bots::module_bytes(&mut conn, hash).await? } else { None };
            modules.push(match bytes {
                Some(bytes) => BundledModule::Included { hash: hash.clone(), bytes },
                None => BundledModule::Private { hash: hash.clone() },
            });
        }
        Ok(())
    }
    .await;
    found.map_err(|e| PageError::internal(&layout, e))?;
    let bytes = reproduce::bundle(&m, &state.config.limits(), replay.as_deref(), &modules)
        .map_err(|e| PageError::internal(&layout, e))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"arena-match-{id}.zip\"")),
        ],
        bytes,
    )
        .into_response())
}
