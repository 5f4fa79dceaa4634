//! Accepting an upload (platform spec): check the game, the name and the module, all at once so
//! that the form can show every problem next to its field; then store the module, claim the name,
//! create the bot and queue its sanity match in one transaction.

use super::compiles;
use crate::site::core::names;
use crate::site::sources::qualification;
use crate::site::state::AppState;
use sqlx::PgConnection;

/// A stored bot, now qualifying.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Uploaded {
    pub id: i64,
    pub name: String,
    /// The game's canonical name.
    pub game: String,
    /// `sha256:<hex>` of the module.
    pub hash: String,
    /// The compile that built it from a source upload.
    pub compile_id: Option<i64>,
}

/// Why an upload was refused: one message per field (`game`, `name`, `wasm`), or a failure of
/// the server (`internal`, not the user's fault; never serialized).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct UploadErrors {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wasm: Option<String>,
    /// The source upload's problem (too big, did not compile, a jail's limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The compiler's messages of a source that did not compile (the player's file name and
    /// line numbers, no path of the server).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compiler_messages: Option<String>,
    /// A per-user limit reached (answered with 429; nothing else is checked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
    #[serde(skip)]
    pub internal: Option<String>,
}

impl UploadErrors {
    pub fn is_empty(&self) -> bool {
        self.game.is_none()
            && self.name.is_none()
            && self.wasm.is_none()
            && self.source.is_none()
            && self.limit.is_none()
            && self.internal.is_none()
    }

    fn server_failure(e: impl std::fmt::Display) -> UploadErrors {
        tracing::error!("upload failed: {e}");
        UploadErrors {
            internal: Some("the server could not store the upload; try again later".into()),
            ..Default::default()
        }
    }
}

impl std::fmt::Display for UploadErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let fields = [
            ("game", &self.game),
            ("name", &self.name),
            ("wasm", &self.wasm),
            ("source", &self.source),
            ("limit", &self.limit),
            ("server", &self.internal),
        ];
        let parts: Vec<String> = fields.iter().filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}: {v}"))).collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for UploadErrors {}

/// Human-readable size: bytes, KiB or MiB.
pub fn fmt_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    let unit = |u: u64, name: &str| {
        if bytes.is_multiple_of(u) {
            format!("{} {name}", bytes / u)
        } else {
            format!("{:.1} {name}", bytes as f64 / u as f64)
        }
    };
    match bytes {
        b if b >= MIB => unit(MIB, "MiB"),
        b if b >= KIB => unit(KIB, "KiB"),
        b => format!("{b} bytes"),
    }
}

/// The largest accepted module, in bytes.
pub fn max_upload_bytes(state: &AppState) -> usize {
    state.config.max_upload_mib << 20
}

/// The message for a module over the limit. `at_least` when the reader stopped counting.
pub fn too_big_message(size: u64, at_least: bool, limit: usize) -> String {
    format!(
        "the file is {}{}; the limit is {}",
        if at_least { "more than " } else { "" },
        fmt_size(size),
        fmt_size(limit as u64)
    )
}

/// The message for a missing or empty file.
pub const NO_FILE: &str = "no file: choose your player's AIName.cc or the bot's .wasm file";

/// Checks the game; returns its canonical name.
fn check_game(game: &str) -> Result<&'static str, String> {
    let playable: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
    let game = game.trim();
    if game.is_empty() {
        return Err(format!("choose a game ({})", playable.join(", ")));
    }
    if let Some(g) = engine::catalog::find(game) {
        return Ok(g.name());
    }
    Err(format!("unknown game {game:?}; playable games: {}", playable.join(", ")))
}

/// Why `user_id` cannot upload under `name` in `game` now, given who holds the name. With
/// `lock`, the `bot_names` row is locked until the end of the caller's transaction.
pub(crate) async fn name_problem(
    conn: &mut PgConnection,
    user_id: i64,
    game: &str,
    name: &str,
    lock: bool,
) -> sqlx::Result<Option<String>> {
    let holder: Option<(i64, bool)> = sqlx::query_as(if lock {
        "SELECT user_id, locked FROM bot_names WHERE game = $1 AND name_key = lower($2) FOR UPDATE"
    } else {
        "SELECT user_id, locked FROM bot_names WHERE game = $1 AND name_key = lower($2)"
    })
    .bind(game)
    .bind(name)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((holder, locked)) = holder else { return Ok(None) };
    if holder != user_id {
        return Ok(Some(format!("taken: another user holds the name {name} in {game}; choose another")));
    }
    if locked {
        let qualified: Option<String> = sqlx::query_scalar(
            "SELECT name FROM bots WHERE user_id = $1 AND game = $2 AND lower(name) = lower($3) AND status = 'qualified'
             ORDER BY id DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(game)
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?;
        return Ok(Some(format!(
            "locked: your bot {} qualified under this name; upload the new version under a new name",
            qualified.as_deref().unwrap_or(name)
        )));
    }
    let qualifying: Option<(i64, String)> = sqlx::query_as(
        "SELECT id, name FROM bots WHERE user_id = $1 AND game = $2 AND lower(name) = lower($3) AND status = 'qualifying'
         ORDER BY id DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(game)
    .bind(name)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(qualifying.map(|(id, n)| {
        format!(
            "your bot {n} (bot {id}) is still qualifying under this name; wait for its verdict before uploading again"
        )
    }))
}

/// Checks the game and the name (rules and who holds it). `game` becomes canonical on success.
async fn check_game_and_name(
    state: &AppState,
    user_id: i64,
    game: &str,
    name: &str,
    errors: &mut UploadErrors,
) -> Option<&'static str> {
    let game = match check_game(game) {
        Ok(g) => Some(g),
        Err(e) => {
            errors.game = Some(e);
            None
        }
    };
    if let Err(e) = names::check_bot_name(game.unwrap_or(""), name) {
        errors.name = Some(e.to_string());
    } else if let Some(g) = game {
        let problem = match state.pool.acquire().await {
            Ok(mut conn) => name_problem(&mut conn, user_id, g, name, false).await,
            Err(e) => Err(e),
        };
        match problem {
            Ok(p) => errors.name = p,
            Err(e) => *errors = UploadErrors::server_failure(e),
        }
    }
    game
}

fn count(outcome: &'static str) {
    metrics::counter!("arena_uploads_total", "outcome" => outcome).increment(1);
}

/// The user's uploads against the per-user limits (`--max-qualifying-per-user`,
/// `--max-uploads-per-day`): `Some(message)` when one is reached. Checked before anything else
/// (so that a flood costs no validation) and again under a lock on the user's row when storing
/// (so that parallel uploads cannot all slip through).
pub async fn limit_reached(
    conn: &mut PgConnection,
    config: &crate::site::core::config::SiteConfig,
    user_id: i64,
) -> sqlx::Result<Option<String>> {
    let (qualifying, today): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE status = 'qualifying'),
                count(*) FILTER (WHERE created_at > now() - interval '1 day')
         FROM bots WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    let (max_qualifying, max_day) = (i64::from(config.max_qualifying_per_user), i64::from(config.max_uploads_per_day));
    Ok(if qualifying >= max_qualifying {
        Some(format!(
            "you have {qualifying} bots qualifying, the most one player may have at once ({max_qualifying}); \
             upload again when one of them has its verdict (see My bots)"
        ))
    } else if today >= max_day {
        Some(format!("you uploaded {today} bots in the last 24 hours, the daily limit ({max_day}); try again later"))
    } else {
        None
    })
}

async fn check_limits(state: &AppState, user_id: i64) -> Result<(), UploadErrors> {
    let mut conn = state.pool.acquire().await.map_err(UploadErrors::server_failure)?;
    match limit_reached(&mut conn, &state.config, user_id).await {
        Ok(None) => Ok(()),
        Ok(Some(limit)) => {
            count("limited");
            Err(UploadErrors { limit: Some(limit), ..Default::default() })
        }
        Err(e) => Err(UploadErrors::server_failure(e)),
    }
}

/// Refuses an upload whose file could not be read (too big, missing): still checks the game
/// and the name so that the form shows every problem at once.
/// `source`: the problem is the source field's, else the module's.
pub async fn refuse_file(
    state: &AppState,
    user_id: i64,
    game: &str,
    name: &str,
    wasm_error: String,
    source: bool,
) -> UploadErrors {
    if let Err(limited) = check_limits(state, user_id).await {
        return limited;
    }
    let mut errors = UploadErrors::default();
    check_game_and_name(state, user_id, game, name, &mut errors).await;
    if errors.internal.is_none() {
        if source {
            errors.source = Some(wasm_error);
        } else {
            errors.wasm = Some(wasm_error);
        }
        count("rejected");
    }
    errors
}

/// Checks an upload and, if everything is right, stores it and queues its sanity match.
pub async fn submit(
    state: &AppState,
    user_id: i64,
    game: &str,
    name: &str,
    wasm: &[u8],
) -> Result<Uploaded, UploadErrors> {
    check_limits(state, user_id).await?;
    let mut errors = UploadErrors::default();
    let game = check_game_and_name(state, user_id, game, name, &mut errors).await;
    if errors.internal.is_some() {
        return Err(errors);
    }
    check_and_store(state, user_id, game, name, wasm, None, errors).await
}

/// The message for a missing or empty source.
pub const NO_SOURCE: &str = "no file: choose your player's AIName.cc";

/// Checks a source upload (`AIName.cc`), compiles it (`compiles`: queued, cached, jailed) and,
/// if everything is right, stores the module with its source and queues its sanity match.
pub async fn submit_source(
    state: &AppState,
    user_id: i64,
    game: &str,
    name: &str,
    file_name: Option<&str>,
    source: &[u8],
) -> Result<SourceUpload, UploadErrors> {
    check_limits(state, user_id).await?;
    let mut errors = UploadErrors::default();
    let game = check_game_and_name(state, user_id, game, name, &mut errors).await;
    if errors.internal.is_some() {
        return Err(errors);
    }
    if source.is_empty() {
        errors.source = Some(NO_SOURCE.into());
    } else if source.len() > compiles::MAX_SOURCE_BYTES {
        errors.source = Some(too_big_message(source.len() as u64, false, compiles::MAX_SOURCE_BYTES));
    } else if let Err(why) = compiles::jail() {
        errors.source = Some(compiles::off_message(why));
    }
    let (Some(game), true) = (game, errors.is_empty()) else {
        count("rejected");
        return Err(errors);
    };
    let file_name = compiles::clean_file_name(file_name);
    // The compile and the bot's store run in a task of their own, which the request only waits
    // for: a client that leaves (a closed tab, a proxy's read timeout during a long queue) does
    // not cancel them half-way, so the compile is recorded and the bot stored all the same, and
    // a compile this request claimed is not left `running`.
    let (queued_tx, mut queued_rx) = tokio::sync::oneshot::channel();
    let job = SourceJob { user_id, game, name: name.to_string(), file_name, source: source.to_vec() };
    let mut task = {
        let state = state.clone();
        tokio::spawn(async move { compile_and_store(&state, job, queued_tx, errors).await.map(SourceUpload::Stored) })
    };
    tokio::select! {
        r = outcome(&mut task) => return r,
        _ = tokio::time::sleep(state.config.source_upload_wait()) => {}
    }
    // Past the wait: the compile's page as soon as it is queued, or the outcome if it comes first
    // (an answer from the cache is never queued).
    tokio::select! {
        r = outcome(&mut task) => r,
        id = &mut queued_rx => match id {
            Ok(compile_id) => Ok(SourceUpload::Compiling { compile_id }),
            Err(_) => outcome(&mut task).await,
        },
    }
}

/// What the upload's task gave, or a server failure if it died.
async fn outcome(
    task: &mut tokio::task::JoinHandle<Result<SourceUpload, UploadErrors>>,
) -> Result<SourceUpload, UploadErrors> {
    match task.await {
        Ok(result) => result,
        Err(e) => Err(UploadErrors::server_failure(format!("the upload's compile task failed: {e}"))),
    }
}

/// A source upload whose fields passed their checks.
struct SourceJob {
    user_id: i64,
    game: &'static str,
    name: String,
    file_name: String,
    source: Vec<u8>,
}

/// A source upload's answer: the bot, or the compile still under way (its page tells the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceUpload {
    Stored(Uploaded),
    Compiling { compile_id: i64 },
}

/// The second half of a source upload, once its fields are checked: compiles `source` (or takes
/// the cached compile) and stores the module as a bot.
async fn compile_and_store(
    state: &AppState,
    job: SourceJob,
    queued: tokio::sync::oneshot::Sender<i64>,
    mut errors: UploadErrors,
) -> Result<Uploaded, UploadErrors> {
    let SourceJob { user_id, game, name, file_name, source } = job;
    let (name, file_name, source) = (name.as_str(), file_name.as_str(), source.as_slice());
    let message = match compiles::compile(state, user_id, game, file_name, source, Some(queued)).await {
        Ok(compiles::Compiled::Built { compile_id, wasm_hash }) => {
            let wasm: Option<Vec<u8>> = match sqlx::query_scalar("SELECT bytes FROM wasm_modules WHERE hash = $1")
                .bind(&wasm_hash)
                .fetch_optional(&state.pool)
                .await
            {
                Ok(w) => w,
                Err(e) => return Err(UploadErrors::server_failure(e)),
            };
            let Some(wasm) = wasm else {
                return Err(UploadErrors::server_failure(format!("compile {compile_id}: module {wasm_hash} is gone")));
            };
            let stored = check_and_store(state, user_id, Some(game), name, &wasm, Some(compile_id), errors).await;
            if let Err(refused) = &stored {
                // For the compile's page, which the player may be watching instead of this answer.
                let why = refused.to_string();
                if let Err(e) = compiles::record_upload_error(&state.pool, compile_id, user_id, &why).await {
                    tracing::error!("cannot record why compile {compile_id} was not stored: {e}");
                }
            }
            return stored;
        }
        Ok(compiles::Compiled::Failed { error, messages }) => {
            count("rejected");
            errors.source = Some(compiles::error_for_the_site(&error));
            errors.compiler_messages = Some(messages).filter(|m| !m.trim().is_empty());
            return Err(errors);
        }
        Err(compiles::CompileRefusal::Limit(limit)) => {
            count("limited");
            return Err(UploadErrors { limit: Some(limit), ..Default::default() });
        }
        Err(compiles::CompileRefusal::StillQueued(compile_id)) => {
            // For the compile's page, which says why no bot will come of it.
            if let Err(e) =
                compiles::record_upload_error(&state.pool, compile_id, user_id, compiles::STOPPED_WAITING).await
            {
                tracing::error!("cannot record that compile {compile_id}'s upload stopped waiting: {e}");
            }
            compiles::STOPPED_WAITING.to_string()
        }
        Err(compiles::CompileRefusal::Off(why)) => why,
        Err(compiles::CompileRefusal::Db(e)) => return Err(UploadErrors::server_failure(e)),
    };
    count("rejected");
    errors.source = Some(message);
    Err(errors)
}

/// Checks a module (for `game`, after the game's and the name's checks filled `errors`) and, if
/// everything is right, stores it and queues its sanity match.
async fn check_and_store(
    state: &AppState,
    user_id: i64,
    game: Option<&'static str>,
    name: &str,
    wasm: &[u8],
    compile_id: Option<i64>,
    mut errors: UploadErrors,
) -> Result<Uploaded, UploadErrors> {
    let limit = max_upload_bytes(state);
    let mut info = None;
    if wasm.is_empty() {
        errors.wasm = Some(NO_FILE.into());
    } else if wasm.len() > limit {
        errors.wasm = Some(too_big_message(wasm.len() as u64, false, limit));
    } else {
        // Validation is CPU work (up to the size limit of wasm): off the async threads.
        let (sandbox, bytes, check_game) = (state.sandbox.clone(), wasm.to_vec(), game.map(str::to_string));
        match tokio::task::spawn_blocking(move || sandbox.inspect(&bytes, check_game.as_deref())).await {
            Ok(Ok(i)) => info = Some(i),
            Ok(Err(e)) if compile_id.is_some() => errors.source = Some(format!("the built module is refused: {e}")),
            Ok(Err(e)) => errors.wasm = Some(e.to_string()),
            Err(e) => return Err(UploadErrors::server_failure(e)),
        }
    }
    let (Some(game), Some(info), true) = (game, info, errors.is_empty()) else {
        count("rejected");
        return Err(errors);
    };
    match store(state, user_id, game, name, wasm, &info.hash, compile_id).await {
        Ok(Ok(id)) => {
            count("accepted");
            state.queue_signal.notify_waiters();
            Ok(Uploaded { id, name: name.to_string(), game: game.to_string(), hash: info.hash, compile_id })
        }
        Ok(Err(StoreRefusal::Name(name_error))) => {
            count("rejected");
            Err(UploadErrors { name: Some(name_error), ..Default::default() })
        }
        Ok(Err(StoreRefusal::Limit(limit))) => {
            count("limited");
            Err(UploadErrors { limit: Some(limit), ..Default::default() })
        }
        Err(e) => Err(UploadErrors::server_failure(e)),
    }
}

/// Why [`store`] stored nothing.
enum StoreRefusal {
    /// The name was claimed meanwhile.
    Name(String),
    /// A parallel upload reached a per-user limit first.
    Limit(String),
}

/// Stores the upload in one transaction; `Ok(Err(..))` when the name was claimed or a limit
/// reached meanwhile (then nothing is stored).
async fn store(
    state: &AppState,
    user_id: i64,
    game: &str,
    name: &str,
    wasm: &[u8],
    hash: &str,
    compile_id: Option<i64>,
) -> sqlx::Result<Result<i64, StoreRefusal>> {
    let mut tx = state.pool.begin().await?;
    // One upload of a user at a time from here on: the limits hold under parallel uploads.
    sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE").bind(user_id).execute(&mut *tx).await?;
    if let Some(limit) = limit_reached(&mut tx, &state.config, user_id).await? {
        tx.rollback().await?;
        return Ok(Err(StoreRefusal::Limit(limit)));
    }
    sqlx::query("INSERT INTO wasm_modules (hash, bytes, size) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(hash)
        .bind(wasm)
        .bind(wasm.len() as i32)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO bot_names (game, name_key, user_id) VALUES ($1, lower($2), $3) ON CONFLICT DO NOTHING")
        .bind(game)
        .bind(name)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    // Checked again under the row lock: another upload may have claimed the name since.
    if let Some(problem) = name_problem(&mut tx, user_id, game, name, true).await? {
        tx.rollback().await?;
        return Ok(Err(StoreRefusal::Name(problem)));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO bots (game, name, user_id, wasm_hash, status, compile_id)
         VALUES ($1, $2, $3, $4, 'qualifying', $5) RETURNING id",
    )
    .bind(game)
    .bind(name)
    .bind(user_id)
    .bind(hash)
    .bind(compile_id)
    .fetch_one(&mut *tx)
    .await?;
    qualification::start(&mut tx, id, game).await?;
    tx.commit().await?;
    Ok(Ok(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games() {
        assert_eq!(check_game("pandemic"), Ok("pandemic"));
        assert_eq!(check_game("Pandemic"), Ok("pandemic"));
        assert_eq!(check_game("ork-island"), Ok("ork-island"));
        assert!(check_game("").unwrap_err().starts_with("choose a game"));
        assert_eq!(check_game("Mad-Max"), Ok("mad-max"));
        assert!(check_game("chess").unwrap_err().contains("unknown game"));
    }

    #[test]
    fn sizes() {
        assert_eq!(fmt_size(512), "512 bytes");
        assert_eq!(fmt_size(2048), "2 KiB");
        assert_eq!(fmt_size(3 << 20), "3 MiB");
        assert_eq!(fmt_size(1536 << 10), "1.5 MiB");
        assert_eq!(too_big_message(1536 << 10, false, 1 << 20), "the file is 1.5 MiB; the limit is 1 MiB");
        assert_eq!(too_big_message(2 << 20, true, 1 << 20), "the file is more than 2 MiB; the limit is 1 MiB");
    }

    #[test]
    fn errors_serialize_only_their_fields() {
        let e = UploadErrors { name: Some("bad".into()), internal: Some("db".into()), ..Default::default() };
        assert_eq!(serde_json::to_value(&e).unwrap(), serde_json::json!({"name": "bad"}));
    }
}
