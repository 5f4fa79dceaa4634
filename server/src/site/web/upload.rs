//! Uploading bots: the form (`GET`/`POST /upload`) and the same over multipart for scripts
//! (`POST /api/bots`, with an API token: `curl -H "Authorization: Bearer TOKEN" -F game=pandemic
//! -F name=Foo -F wasm=@foo.wasm http://host/api/bots`). Instead of `wasm`, a `source` field
//! (`-F source=@AIName.cc`) is a Jutge-kit player compiled on the server (`players::compiles`);
//! when its compile outlasts `--source-upload-wait`, the answer is the compile's page
//! (`web::compiles`: a redirect on the form, 202 with its URL on the API).
//!
//! The request body limit comes from the configuration (`max_upload_mib`), which `routes()` does
//! not see: axum's default limit is off on these routes and the handlers cap the body at the
//! largest upload plus 1 MiB themselves. The file is kept up to the limit; past it, the rest is
//! only counted (up to the cap), so that the form can say how big the file was.

use super::accounts::{internal_error, render};
use super::session::{self, Csrf, CurrentUser, Layout, CSRF_FIELD};
use crate::site::players::compiles;
use crate::site::players::uploads::{self, SourceUpload, UploadErrors, Uploaded};
use crate::site::state::AppState;
use askama::Template;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/upload", get(upload_page).post(upload_form))
        .route("/api/bots", post(upload_api))
        .layer(DefaultBodyLimit::disable())
}

/// Room for the form fields and multipart framing around the file.
const BODY_SLACK: usize = 1 << 20;
/// Text fields longer than this are cut (the checks then report them as too long).
const MAX_TEXT_FIELD: usize = 4096;
/// More fields than this is not an upload.
const MAX_FIELDS: usize = 16;

/// The file field as read.
enum WasmField {
    Missing,
    Bytes(Vec<u8>),
    /// Over the limit: `size` bytes seen, `at_least` if reading stopped before its end.
    TooBig {
        size: u64,
        at_least: bool,
    },
}

struct UploadInput {
    game: String,
    name: String,
    csrf: Option<String>,
    wasm: WasmField,
    /// A C++ source (`AIName.cc`) to compile instead of a module, and its file name.
    source: WasmField,
    source_name: Option<String>,
}

/// A request that could not be read as a multipart upload.
struct Unreadable {
    status: StatusCode,
    message: String,
}

impl From<axum::extract::multipart::MultipartError> for Unreadable {
    fn from(e: axum::extract::multipart::MultipartError) -> Unreadable {
        Unreadable { status: e.status(), message: e.body_text() }
    }
}

/// What is left of the body cap (largest upload plus slack). The cap is counted here rather than
/// by a body limit layer, which refuses a whole frame at once: the fields before an oversized
/// file would be lost with it.
struct Budget {
    left: usize,
}

impl Budget {
    /// Takes `n` bytes; false once the cap is passed.
    fn take(&mut self, n: usize) -> bool {
        let ok = n <= self.left;
        self.left = self.left.saturating_sub(n);
        ok
    }

    fn exceeded() -> Unreadable {
        Unreadable { status: StatusCode::PAYLOAD_TOO_LARGE, message: "the request is too large".into() }
    }
}

type Field<'a> = axum::extract::multipart::Field<'a>;

/// Reads a text field, keeping its first [`MAX_TEXT_FIELD`] bytes.
async fn read_text(field: &mut Field<'_>, budget: &mut Budget) -> Result<String, Unreadable> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await? {
        if !budget.take(chunk.len()) {
            return Err(Budget::exceeded());
        }
        let room = MAX_TEXT_FIELD.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads the file, keeping at most `limit` bytes; past that only counts, until the body cap.
async fn read_file(field: &mut Field<'_>, limit: usize, budget: &mut Budget) -> Result<WasmField, Unreadable> {
    let mut bytes = Vec::new();
    let mut size: u64 = 0;
    while let Some(chunk) = field.chunk().await? {
        size += chunk.len() as u64;
        if size <= limit as u64 {
            bytes.extend_from_slice(&chunk);
        } else {
            bytes = Vec::new();
        }
        if !budget.take(chunk.len()) {
            return Ok(WasmField::TooBig { size, at_least: true });
        }
    }
    Ok(if size > limit as u64 { WasmField::TooBig { size, at_least: false } } else { WasmField::Bytes(bytes) })
}

/// Reads the multipart fields `game`, `name`, `csrf` and `wasm` (others are skipped).
async fn read_upload(state: &AppState, req: Request) -> Result<UploadInput, Unreadable> {
    let limit = uploads::max_upload_bytes(state);
    let mut budget = Budget { left: limit + BODY_SLACK };
    let mut multipart = Multipart::from_request(req, state)
        .await
        .map_err(|e| Unreadable { status: e.status(), message: e.body_text() })?;
    let mut input = UploadInput {
        game: String::new(),
        name: String::new(),
        csrf: None,
        wasm: WasmField::Missing,
        source: WasmField::Missing,
        source_name: None,
    };
    let (mut game, mut name) = (None, None);
    let mut fields = 0;
    while let Some(mut field) = multipart.next_field().await? {
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(Unreadable { status: StatusCode::BAD_REQUEST, message: "too many form fields".into() });
        }
        match field.name().unwrap_or("") {
            "game" if game.is_none() => game = Some(read_text(&mut field, &mut budget).await?),
            "name" if name.is_none() => name = Some(read_text(&mut field, &mut budget).await?),
            CSRF_FIELD if input.csrf.is_none() => input.csrf = Some(read_text(&mut field, &mut budget).await?),
            "wasm" if matches!(input.wasm, WasmField::Missing) => {
                input.wasm = read_file(&mut field, limit, &mut budget).await?;
                if matches!(&input.wasm, WasmField::Bytes(b) if b.is_empty())
                    && field.file_name().unwrap_or("").is_empty()
                {
                    input.wasm = WasmField::Missing;
                }
                // The rest of the body is not read: what came before the file is all there is.
                if matches!(input.wasm, WasmField::TooBig { at_least: true, .. }) {
                    break;
                }
            }
            "source" if matches!(input.source, WasmField::Missing) => {
                input.source_name = field.file_name().map(str::to_string);
                input.source = read_file(&mut field, compiles::MAX_SOURCE_BYTES, &mut budget).await?;
                // A browser sends an empty file field when no file was chosen.
                if matches!(&input.source, WasmField::Bytes(b) if b.is_empty())
                    && input.source_name.as_deref().unwrap_or("").is_empty()
                {
                    input.source = WasmField::Missing;
                }
                if matches!(input.source, WasmField::TooBig { at_least: true, .. }) {
                    break;
                }
            }
            // Read through others here, so that they count against the cap.
            _ => {
                read_text(&mut field, &mut budget).await?;
            }
        }
    }
    input.game = game.unwrap_or_default().trim().to_string();
    input.name = name.unwrap_or_default().trim().to_string();
    Ok(input)
}

/// Checks and stores the upload: the bot, or a source's compile still under way.
async fn accept(state: &AppState, user: &CurrentUser, input: &UploadInput) -> Result<SourceUpload, UploadErrors> {
    let (game, name) = (input.game.as_str(), input.name.as_str());
    match (&input.wasm, &input.source) {
        (WasmField::Missing, WasmField::Missing) => {
            uploads::submit(state, user.id, game, name, &[]).await.map(SourceUpload::Stored)
        }
        (_, WasmField::Missing) => accept_module(state, user, input).await.map(SourceUpload::Stored),
        (WasmField::Missing, WasmField::Bytes(bytes)) => {
            uploads::submit_source(state, user.id, game, name, input.source_name.as_deref(), bytes).await
        }
        (WasmField::Missing, WasmField::TooBig { size, at_least }) => {
            let message = uploads::too_big_message(*size, *at_least, compiles::MAX_SOURCE_BYTES);
            Err(uploads::refuse_file(state, user.id, game, name, message, true).await)
        }
        (_, _) => {
            let message = "choose one file: a .wasm module or a C++ source, not both".to_string();
            Err(uploads::refuse_file(state, user.id, game, name, message, true).await)
        }
    }
}

async fn accept_module(state: &AppState, user: &CurrentUser, input: &UploadInput) -> Result<Uploaded, UploadErrors> {
    let (game, name) = (input.game.as_str(), input.name.as_str());
    match &input.wasm {
        WasmField::Bytes(bytes) => uploads::submit(state, user.id, game, name, bytes).await,
        WasmField::Missing => uploads::submit(state, user.id, game, name, &[]).await,
        WasmField::TooBig { size, at_least } => {
            let message = uploads::too_big_message(*size, *at_least, uploads::max_upload_bytes(state));
            Err(uploads::refuse_file(state, user.id, game, name, message, false).await)
        }
    }
}

#[derive(Template)]
#[template(path = "upload.html")]
struct UploadPage {
    layout: Layout,
    games: Vec<&'static str>,
    game: String,
    name: String,
    errors: UploadErrors,
    max_upload: String,
    max_source: String,
    /// Why source uploads are off on this host, if they are.
    sources_off: Option<String>,
}

impl UploadPage {
    fn new(state: &AppState, user: CurrentUser, csrf: Csrf) -> UploadPage {
        let games: Vec<&'static str> = engine::catalog::games().iter().map(|g| g.name()).collect();
        UploadPage {
            layout: Layout { user: Some(user), csrf: csrf.0 },
            game: games.first().map(|g| g.to_string()).unwrap_or_default(),
            games,
            name: String::new(),
            errors: UploadErrors::default(),
            max_upload: uploads::fmt_size(uploads::max_upload_bytes(state) as u64),
            max_source: uploads::fmt_size(compiles::MAX_SOURCE_BYTES as u64),
            sources_off: compiles::jail().err().map(compiles::off_message),
        }
    }

    fn selected(&self, game: &str) -> bool {
        self.game.eq_ignore_ascii_case(game)
    }
}

async fn upload_page(State(state): State<AppState>, user: CurrentUser, csrf: Csrf) -> Response {
    render(StatusCode::OK, &UploadPage::new(&state, user, csrf))
}

async fn upload_form(
    State(state): State<AppState>,
    user: CurrentUser,
    csrf: Csrf,
    headers: HeaderMap,
    req: Request,
) -> Response {
    let input = match read_upload(&state, req).await {
        Ok(i) => i,
        Err(e) => return (e.status, e.message).into_response(),
    };
    if let Err(e) = session::check_csrf(&headers, input.csrf.as_deref()) {
        return e.into_response();
    }
    match accept(&state, &user, &input).await {
        Ok(SourceUpload::Stored(bot)) => Redirect::to(&format!("/bots/{}", bot.id)).into_response(),
        Ok(SourceUpload::Compiling { compile_id }) => {
            Redirect::to(&format!("/me/compiles/{compile_id}")).into_response()
        }
        Err(errors) if errors.internal.is_some() => internal_error(errors),
        Err(errors) => {
            let status = status_of(&errors);
            let page = UploadPage { game: input.game, name: input.name, errors, ..UploadPage::new(&state, user, csrf) };
            render(status, &page)
        }
    }
}

/// 429 for a per-user limit, 422 for a problem with the upload itself.
fn status_of(errors: &UploadErrors) -> StatusCode {
    if errors.limit.is_some() {
        StatusCode::TOO_MANY_REQUESTS
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    }
}

fn json_error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

async fn upload_api(State(state): State<AppState>, user: CurrentUser, headers: HeaderMap, req: Request) -> Response {
    let input = match read_upload(&state, req).await {
        Ok(i) => i,
        Err(e) => return json_error(e.status, e.message),
    };
    // A browser session must prove the request comes from our pages; an API token cannot be
    // sent by another site, so it needs no CSRF token.
    if !user.by_token {
        let header_token = headers.get("x-csrf-token").and_then(|v| v.to_str().ok());
        if let Err(e) = session::check_csrf(&headers, input.csrf.as_deref().or(header_token)) {
            return json_error(StatusCode::FORBIDDEN, e.to_string());
        }
    }
    match accept(&state, &user, &input).await {
        Ok(SourceUpload::Compiling { compile_id }) => {
            // Accepted, not done: the compile's own URL tells the rest (the bot, or why none).
            let url = format!("/api/compiles/{compile_id}");
            let body = json!({
                "compile_id": compile_id, "status": "compiling", "url": url,
                "page": format!("/me/compiles/{compile_id}"),
            });
            (StatusCode::ACCEPTED, [(header::LOCATION, url)], Json(body)).into_response()
        }
        Ok(SourceUpload::Stored(bot)) => {
            let url = format!("/bots/{}", bot.id);
            let mut body = json!({
                "id": bot.id, "name": bot.name, "game": bot.game, "hash": bot.hash,
                "status": "qualifying", "url": url,
            });
            if let Some(c) = bot.compile_id {
                body["compile_id"] = json!(c);
            }
            (StatusCode::CREATED, [(header::LOCATION, url)], Json(body)).into_response()
        }
        Err(errors) if errors.internal.is_some() => {
            json_error(StatusCode::INTERNAL_SERVER_ERROR, errors.internal.unwrap_or_default())
        }
        Err(errors) => (status_of(&errors), Json(json!({ "errors": errors }))).into_response(),
    }
}
