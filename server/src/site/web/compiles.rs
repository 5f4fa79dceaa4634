//! A source upload's compile, for its owner (and admins): `GET /me/compiles/{id}` (a page that
//! follows the compile and, once the bot is stored, sends the player to it) and
//! `GET /api/compiles/{id}` (the same as JSON, what a script polls after a 202 from
//! `POST /api/bots`). The upload answers with these when its compile outlasts
//! `--source-upload-wait`.

use super::accounts::render;
use super::session::{Csrf, CurrentUser, Layout, MaybeUser};
use crate::site::players::compiles::{self, CompileStatus};
use crate::site::state::AppState;
use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

pub fn routes() -> Router<AppState> {
    Router::new().route("/me/compiles/{id}", get(compile_page)).route("/api/compiles/{id}", get(compile_json))
}

#[derive(Template)]
#[template(path = "compile.html")]
struct CompilePage {
    layout: Layout,
    c: CompileStatus,
}

impl CompilePage {
    /// What the page's follower watches, as `follow.js` joins it: a change reloads the page.
    fn seen(&self) -> String {
        let text = |v: Option<String>| v.unwrap_or_else(|| "null".into());
        [
            self.c.status.clone(),
            text(self.c.queued_ahead.map(|n| n.to_string())),
            text(self.c.bot_id.map(|n| n.to_string())),
            text(self.c.upload_error.clone()),
        ]
        .join("/")
    }
}

async fn lookup(state: &AppState, user: &CurrentUser, id: i64) -> Result<CompileStatus, Response> {
    match compiles::status(&state.pool, id, user.id, user.is_admin).await {
        Ok(Some(c)) => Ok(c),
        Ok(None) => Err((StatusCode::NOT_FOUND, "no compile of yours with this number").into_response()),
        Err(e) => {
            tracing::error!("compile {id}: {e}");
            Err(StatusCode::INTERNAL_SERVER_ERROR.into_response())
        }
    }
}

async fn compile_page(State(state): State<AppState>, user: CurrentUser, csrf: Csrf, Path(id): Path<i64>) -> Response {
    let c = match lookup(&state, &user, id).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    // Done and stored: the bot's page is the answer the upload would have given.
    if let Some(bot) = c.bot_id {
        return Redirect::to(&format!("/bots/{bot}")).into_response();
    }
    let layout = Layout::new(&MaybeUser(Some(user)), &csrf);
    render(StatusCode::OK, &CompilePage { layout, c })
}

async fn compile_json(State(state): State<AppState>, user: CurrentUser, Path(id): Path<i64>) -> Response {
    match lookup(&state, &user, id).await {
        Ok(c) => {
            let done = c.done();
            let mut body = serde_json::to_value(&c).unwrap_or_else(|_| json!({}));
            body["done"] = json!(done);
            if let Some(bot) = c.bot_id {
                body["bot_url"] = json!(format!("/bots/{bot}"));
            }
            Json(body).into_response()
        }
        Err(r) => r,
    }
}
