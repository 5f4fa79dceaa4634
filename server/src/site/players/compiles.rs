//! Compiling uploaded sources (`AIName.cc`) on the server: queued work, fair across users, each
//! compile in the jail of `cpp_build::jail`.
//!
//! A source upload inserts a `compiles` row (`queued`), unless the same source, under the same
//! file name, was built for the same game and build key before (Arena's version, the SDK, the compiler and its flags): then
//! the earlier result is the answer and the compile costs nothing. The upload's request then
//! waits for its row's verdict; while it waits, it helps: when its process has a free compile
//! slot (`--compiles-per-process`), it claims the next queued compile, any user's, with
//! `FOR UPDATE SKIP LOCKED`, the users with the fewest compiles running first, and runs it. So
//! the web processes are the compile workers, their number bounds the concurrency, and no
//! user's flood delays another's first compile. A user may have `--max-compiles-waiting`
//! compiles queued or running at once. A compile left `running` by a dead process is queued
//! again after `STALE`.
//!
//! A host whose kernel cannot jail (no Landlock) switches source uploads off ([`jail`] says
//! why): nothing is ever compiled unjailed.

use crate::cpp_build::jail::{Jail, JailLimits};
use crate::cpp_build::{self, BuildError, BuildSettings};
use crate::site::state::AppState;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use std::sync::OnceLock;
use std::time::Duration;

/// The largest accepted source, in bytes (Jutge's players are tens of KiB).
pub const MAX_SOURCE_BYTES: usize = 1 << 20;
/// A compile `running` for longer than this was left by a dead process: it is queued again.
const STALE: Duration = Duration::from_secs(600);
/// How long an upload waits for its compile's verdict before answering that it is still queued.
const WAIT: Duration = Duration::from_secs(600);
/// How often a waiting upload looks at its compile.
const POLL: Duration = Duration::from_millis(100);
/// The compiler's messages kept with a compile (the jail stops the compiler past its own cap).
const MAX_MESSAGES: usize = 64 << 10;

/// The jail of this host, probed once; `Err` says why source uploads are off.
pub fn jail() -> Result<&'static Jail, &'static str> {
    static JAIL: OnceLock<Result<Jail, String>> = OnceLock::new();
    JAIL.get_or_init(|| {
        let probed = cpp_build::toolchain().and_then(|tc| cpp_build::probe_jail(tc, JailLimits::default()));
        match &probed {
            Ok(_) => tracing::info!("source uploads on: compiles run in a Landlock jail"),
            Err(e) => tracing::warn!("source uploads off: this host cannot jail the compiler: {e}"),
        }
        probed
    })
    .as_ref()
    .map_err(String::as_str)
}

/// The sentence shown on the form and in answers when source uploads are off.
pub fn off_message(reason: &str) -> String {
    format!("source uploads are off on this server (it cannot jail the compiler: {reason}); upload a .wasm built with `arena build`")
}

/// The outcome of a source upload's compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiled {
    /// Built: the module (stored in `wasm_modules`) and the compile's id.
    Built { compile_id: i64, wasm_hash: String },
    /// Refused: why, and the compiler's messages (the player's file name, no server path).
    Failed { error: String, messages: String },
}

/// Why a compile was not even queued, or its verdict not had.
#[derive(Debug)]
pub enum CompileRefusal {
    /// The user has too many compiles waiting.
    Limit(String),
    /// The user's compile (its id) is still queued after `WAIT`.
    StillQueued(i64),
    /// Source uploads are off (no jail), or the toolchain is missing: the message says which.
    Off(String),
    Db(sqlx::Error),
}

impl From<sqlx::Error> for CompileRefusal {
    fn from(e: sqlx::Error) -> CompileRefusal {
        CompileRefusal::Db(e)
    }
}

/// `sha256:<hex>` of a source.
pub fn source_hash(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut s = String::from("sha256:");
    for b in digest {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// A file name safe to write and to show: the upload's own if it is a plain C++ file name,
/// else `AIName.cc`.
pub fn clean_file_name(name: Option<&str>) -> String {
    let name = name.unwrap_or("").rsplit(['/', '\\']).next().unwrap_or("");
    let ok_chars = name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+'));
    let ok_ext = [".cc", ".cpp", ".cxx", ".c++"].iter().any(|e| name.ends_with(e));
    if ok_chars && ok_ext && name.len() <= 64 && !name.starts_with('.') && !name.starts_with('-') {
        name.to_string()
    } else {
        "AIName.cc".to_string()
    }
}

/// Compiles `source` for `user_id`: from the cache, or queued and waited for. `queued` hears the
/// compile's id once it is queued (not for an answer from the cache).
pub async fn compile(
    state: &AppState,
    user_id: i64,
    game: &str,
    file_name: &str,
    source: &[u8],
    queued: Option<tokio::sync::oneshot::Sender<i64>>,
) -> Result<Compiled, CompileRefusal> {
    jail().map_err(|e| CompileRefusal::Off(off_message(e)))?;
    let key = cpp_build::build_key(game).map_err(|e| CompileRefusal::Off(e.to_string()))?;
    let hash = source_hash(source);
    if let Some(done) = cached(&state.pool, &hash, game, file_name, &key).await? {
        return Ok(done);
    }
    let id = enqueue(state, user_id, game, file_name, source, &hash, &key).await?;
    if let Some(tx) = queued {
        let _ = tx.send(id);
    }
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        help(state).await;
        if let Some(done) = verdict(&state.pool, id).await? {
            return Ok(done);
        }
        if tokio::time::Instant::now() > deadline {
            return Err(CompileRefusal::StillQueued(id));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Withdraws the user's queued compiles (an admin's "withdraw queued work"); the number withdrawn.
pub async fn withdraw_queued(db: impl sqlx::PgExecutor<'_>, user_id: i64) -> sqlx::Result<u64> {
    let r = sqlx::query(
        "UPDATE compiles SET status = 'withdrawn', finished_at = now(), error = 'withdrawn by an admin'
         WHERE user_id = $1 AND status = 'queued'",
    )
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(r.rows_affected())
}

type Row = (i64, String, Option<String>, Option<String>, String);

fn to_compiled((id, status, wasm_hash, error, messages): Row) -> Option<Compiled> {
    match (status.as_str(), wasm_hash) {
        ("built", Some(wasm_hash)) => Some(Compiled::Built { compile_id: id, wasm_hash }),
        ("failed" | "withdrawn", _) => Some(Compiled::Failed { error: error.unwrap_or_default(), messages }),
        _ => None,
    }
}

/// An earlier compile of the same source: the file name is part of the key, since the messages
/// name it and `__FILE__` may put it in the module.
async fn cached(pool: &PgPool, hash: &str, game: &str, file_name: &str, key: &str) -> sqlx::Result<Option<Compiled>> {
    let row: Option<Row> = sqlx::query_as(
        "SELECT id, status, wasm_hash, error, messages FROM compiles
         WHERE source_hash = $1 AND game = $2 AND build_key = $3 AND file_name = $4 AND status IN ('built', 'failed')
         ORDER BY id DESC LIMIT 1",
    )
    .bind(hash)
    .bind(game)
    .bind(key)
    .bind(file_name)
    .fetch_optional(pool)
    .await?;
    Ok(row.and_then(to_compiled))
}

async fn verdict(pool: &PgPool, id: i64) -> sqlx::Result<Option<Compiled>> {
    let row: Row = sqlx::query_as("SELECT id, status, wasm_hash, error, messages FROM compiles WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await?;
    Ok(to_compiled(row))
}

#[allow(clippy::too_many_arguments)]
async fn enqueue(
    state: &AppState,
    user_id: i64,
    game: &str,
    file_name: &str,
    source: &[u8],
    hash: &str,
    key: &str,
) -> Result<i64, CompileRefusal> {
    let mut tx = state.pool.begin().await?;
    // One upload of a user at a time here: the limit holds under parallel uploads.
    sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE").bind(user_id).execute(&mut *tx).await?;
    let waiting: i64 =
        sqlx::query_scalar("SELECT count(*) FROM compiles WHERE user_id = $1 AND status IN ('queued', 'running')")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    let max = i64::from(state.config.max_compiles_waiting);
    if waiting >= max {
        return Err(CompileRefusal::Limit(format!(
            "you have {waiting} sources compiling or waiting, the most one player may have at once ({max}); \
             upload again when they are done"
        )));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO compiles (user_id, game, file_name, source, source_hash, build_key)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(user_id)
    .bind(game)
    .bind(file_name)
    .bind(source)
    .bind(hash)
    .bind(key)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// This process's compile slots.
fn slots(state: &AppState) -> &'static tokio::sync::Semaphore {
    static SLOTS: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    SLOTS.get_or_init(|| tokio::sync::Semaphore::new(state.config.compiles_per_process.max(1)))
}

/// Runs the next queued compile when this process has a free slot.
async fn help(state: &AppState) {
    let Ok(_permit) = slots(state).try_acquire() else { return };
    match claim_next(&state.pool).await {
        Ok(Some(job)) => run_job(&state.pool, job).await,
        Ok(None) => {}
        Err(e) => tracing::warn!("cannot claim a compile: {e}"),
    }
}

/// A claimed compile.
struct Job {
    id: i64,
    game: String,
    file_name: String,
    source: Vec<u8>,
}

async fn claim_next(pool: &PgPool) -> sqlx::Result<Option<Job>> {
    sqlx::query(
        "UPDATE compiles SET status = 'queued', started_at = NULL
         WHERE status = 'running' AND started_at < now() - make_interval(secs => $1)",
    )
    .bind(STALE.as_secs_f64())
    .execute(pool)
    .await?;
    let row: Option<(i64, String, String, Vec<u8>)> = sqlx::query_as(
        "UPDATE compiles SET status = 'running', started_at = now()
         WHERE id = (
             SELECT c.id FROM compiles c WHERE c.status = 'queued'
             ORDER BY (SELECT count(*) FROM compiles r WHERE r.user_id = c.user_id AND r.status = 'running'), c.id
             FOR UPDATE SKIP LOCKED LIMIT 1)
         RETURNING id, game, file_name, source",
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(id, game, file_name, source)| Job { id, game, file_name, source }))
}

async fn run_job(pool: &PgPool, job: Job) {
    let Job { id, game, file_name, source } = job;
    let built = tokio::task::spawn_blocking(move || {
        let mut messages = String::new();
        let result = match jail() {
            Ok(j) => {
                let settings = BuildSettings { jail: Some(j), ..Default::default() };
                cpp_build::build_source(&source, &file_name, &game, &settings, &mut |line| {
                    if messages.len() < MAX_MESSAGES {
                        messages.push_str(&String::from_utf8_lossy(line));
                        messages.push('\n');
                    }
                })
            }
            Err(e) => Err(BuildError::Setup(off_message(e))),
        };
        (result, messages)
    })
    .await;
    let (result, messages) = match built {
        Ok(r) => r,
        Err(e) => (Err(BuildError::Setup(format!("the compile crashed: {e}"))), String::new()),
    };
    if let Err(e) = record(pool, id, result, messages).await {
        tracing::error!("cannot record compile {id}: {e}");
    }
}

async fn record(
    pool: &PgPool,
    id: i64,
    result: Result<cpp_build::Built, BuildError>,
    mut messages: String,
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    match result {
        Ok(built) => {
            for w in &built.warnings {
                messages.push_str(&format!("warning: {w}\n"));
            }
            let hash = source_hash(&built.wasm);
            sqlx::query("INSERT INTO wasm_modules (hash, bytes, size) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(&hash)
                .bind(&built.wasm)
                .bind(built.wasm.len() as i32)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE compiles SET status = 'built', wasm_hash = $2, messages = $3, cpu_ms = $4, wall_ms = $5,
                        peak_memory_bytes = $6, finished_at = now()
                 WHERE id = $1 AND status = 'running'",
            )
            .bind(id)
            .bind(&hash)
            .bind(&messages)
            .bind(built.usage.cpu.as_millis() as i64)
            .bind(built.usage.wall.as_millis() as i64)
            .bind(built.usage.peak_memory as i64)
            .execute(&mut *tx)
            .await?;
        }
        Err(e) => {
            if let BuildError::Setup(why) = &e {
                tracing::error!("compile {id} failed on the server's side: {why}");
            }
            let error = match e {
                BuildError::Setup(_) => {
                    "the server could not compile it (its compiler is not set up); try again later".into()
                }
                BuildError::Source(m) | BuildError::Limit(m) => m,
            };
            sqlx::query(
                "UPDATE compiles SET status = 'failed', error = $2, messages = $3, finished_at = now()
                 WHERE id = $1 AND status = 'running'",
            )
            .bind(id)
            .bind(&error)
            .bind(&messages)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await
}

/// A compile's error as the site shows it: under it, not above, come the compiler's messages
/// (the build's own sentence is written for a terminal, where they come first).
pub fn error_for_the_site(error: &str) -> String {
    error
        .replace("(the compiler's messages are above)", "(the compiler's messages are below)")
        .replace("(the linker's messages are above)", "(the linker's messages are below)")
}

/// Records why `user_id`'s upload of compile `id` gave no bot (for the compile's page). Only on the
/// user's own compile: one answered from the cache may be another user's, whose page must not
/// show this upload's reasons.
pub async fn record_upload_error(pool: &PgPool, id: i64, user_id: i64, error: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE compiles SET upload_error = $3 WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .bind(error)
        .execute(pool)
        .await?;
    Ok(())
}

/// A compile as its page (`/me/compiles/{id}`) and `GET /api/compiles/{id}` show it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CompileStatus {
    pub id: i64,
    pub game: String,
    pub file_name: String,
    /// `queued`, `running`, `built`, `failed` or `withdrawn`.
    pub status: String,
    /// Compiles of any user queued before this one (queued only; null otherwise).
    pub queued_ahead: Option<i64>,
    /// Why it failed, in one sentence (failed or withdrawn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The compiler's messages: its errors when failed, its warnings when built.
    pub messages: String,
    /// The bot stored from it, once there is one (null before).
    pub bot_id: Option<i64>,
    /// Why the built module was not stored as a bot (null otherwise).
    pub upload_error: Option<String>,
}

impl CompileStatus {
    /// Whether the upload is over: a bot, or a reason why there is none.
    pub fn done(&self) -> bool {
        self.bot_id.is_some()
            || self.upload_error.is_some()
            || !matches!(self.status.as_str(), "queued" | "running" | "built")
    }
}

/// Why a module built minutes ago has no bot and no recorded reason: its upload's task was lost
/// (the process stopped) between the compile and the store, which takes milliseconds.
const INTERRUPTED: &str =
    "the upload was interrupted before its bot was stored; upload the file again (its compile is kept, so it is answered at once)";

/// Why an upload that waited `WAIT` stopped waiting (its compile may still be built later).
pub const STOPPED_WAITING: &str =
    "the server was too busy: the upload stopped waiting for its compile after 10 minutes; upload the file again later (once compiled, it is answered at once)";

/// Compile `id` as its owner (or an admin) sees it; `None` for anyone else, or no such compile.
pub async fn status(pool: &PgPool, id: i64, viewer: i64, admin: bool) -> sqlx::Result<Option<CompileStatus>> {
    type StatusRow = (i64, String, String, String, Option<String>, String, Option<String>, Option<i64>, Option<i64>);
    let row: Option<StatusRow> = sqlx::query_as(
        "SELECT c.id, c.game, c.file_name, c.status, c.error, c.messages,
                coalesce(c.upload_error, CASE WHEN c.status = 'built' AND c.finished_at < now() - interval '2 minutes'
                    AND NOT EXISTS (SELECT 1 FROM bots b WHERE b.compile_id = c.id AND b.user_id = c.user_id)
                    THEN $4 END),
                (SELECT min(b.id) FROM bots b WHERE b.compile_id = c.id AND b.user_id = c.user_id),
                CASE WHEN c.status = 'queued'
                     THEN (SELECT count(*) FROM compiles q WHERE q.status = 'queued' AND q.id < c.id) END
         FROM compiles c WHERE c.id = $1 AND (c.user_id = $2 OR $3)",
    )
    .bind(id)
    .bind(viewer)
    .bind(admin)
    .bind(INTERRUPTED)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(id, game, file_name, status, error, messages, upload_error, bot_id, queued_ahead)| CompileStatus {
        id,
        game,
        file_name,
        status,
        queued_ahead,
        error: error.as_deref().map(error_for_the_site),
        messages,
        bot_id,
        upload_error,
    }))
}

/// What a bot page shows of the compile that built a bot.
#[derive(Clone, Debug, serde::Serialize, sqlx::FromRow)]
pub struct CompileInfo {
    pub file_name: String,
    pub source_hash: String,
    pub messages: String,
    pub cpu_ms: Option<i64>,
    pub wall_ms: Option<i64>,
    pub peak_memory_bytes: Option<i64>,
}

/// The compile of bot `bot_id`, if it was built from a source.
pub async fn of_bot(pool: &PgPool, bot_id: i64) -> sqlx::Result<Option<CompileInfo>> {
    sqlx::query_as(
        "SELECT c.file_name, c.source_hash, c.messages, c.cpu_ms, c.wall_ms, c.peak_memory_bytes
         FROM bots b JOIN compiles c ON c.id = b.compile_id WHERE b.id = $1",
    )
    .bind(bot_id)
    .fetch_optional(pool)
    .await
}

/// The source of bot `bot_id` (file name, bytes), for its owner or an admin only.
pub async fn source_for(
    pool: &PgPool,
    bot_id: i64,
    viewer: i64,
    admin: bool,
) -> sqlx::Result<Option<(String, Vec<u8>)>> {
    sqlx::query_as(
        "SELECT c.file_name, c.source FROM bots b JOIN compiles c ON c.id = b.compile_id
         WHERE b.id = $1 AND (b.user_id = $2 OR $3)",
    )
    .bind(bot_id)
    .bind(viewer)
    .bind(admin)
    .fetch_optional(pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_plain() {
        assert_eq!(clean_file_name(Some("AIMine.cc")), "AIMine.cc");
        assert_eq!(clean_file_name(Some("C:\\Users\\me\\AIMine.cpp")), "AIMine.cpp");
        assert_eq!(clean_file_name(Some("../../etc/x.cc")), "x.cc");
        assert_eq!(clean_file_name(Some("a b.cc")), "AIName.cc");
        assert_eq!(clean_file_name(Some("-o.cc")), "AIName.cc");
        assert_eq!(clean_file_name(Some("x.h")), "AIName.cc");
        assert_eq!(clean_file_name(None), "AIName.cc");
    }

    #[test]
    fn hashes_are_sha256() {
        assert_eq!(source_hash(b""), "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
