//! A tournament's life: created (scheduled), started (entrants frozen, first matches queued),
//! fed results until done; paused and resumed by its organiser.

use super::store::{self, key_columns, seat_columns, EntrantRow, TournamentRow};
use crate::site::core::kind::Kind;
use crate::site::core::kind::MatchEnd;
use crate::site::matches::queue::{self, NewMatch};
use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use tournament::{Entrant, Outcome, Seat, Tournament};

/// What the organiser's form gives.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub game: String,
    pub name: String,
    pub finalists: u32,
    pub final_matches: u32,
    pub tie_replays: u32,
    pub seed: Option<i64>,
    pub starts_at: DateTime<Utc>,
    pub created_by: Option<i64>,
    /// A Jutge `.cnf` text: the parameters (and board) of every match (None: the game's defaults).
    pub config: Option<String>,
}

/// Limits the form enforces (a final series of more matches than this is a typo).
pub const MAX_FINAL_MATCHES: u32 = 100;
pub const MAX_TIE_REPLAYS: u32 = 10;
pub const MAX_NAME: usize = 100;
/// The largest `.cnf` accepted (a FIXED board of the largest grid fits well within).
pub const MAX_CONFIG_BYTES: usize = 256 * 1024;

/// Checks a `.cnf` text for `game` as `arena run --config` does (parameters within their
/// ranges, a FIXED board that fits them); returns the text to store (None when blank).
pub fn check_config(game: &str, config: Option<&str>) -> Result<Option<String>, String> {
    let Some(text) = config.filter(|t| !t.trim().is_empty()) else { return Ok(None) };
    if text.len() > MAX_CONFIG_BYTES {
        return Err(format!("The .cnf is {} bytes; at most {MAX_CONFIG_BYTES} are accepted.", text.len()));
    }
    let g = engine::catalog::find(game).ok_or_else(|| format!("There is no game “{game}”."))?;
    let c = g.parse_config(text).map_err(|e| format!("The .cnf does not fit {}: {e}.", g.name()))?;
    let setup = engine::referee::MatchSetup { params: c.params, board: c.board, seed: 0 };
    g.check(&setup).map_err(|e| format!("The .cnf does not fit {}: {e}.", g.name()))?;
    Ok(Some(text.replace("\r\n", "\n")))
}

/// Why an organiser's request is refused (shown on the form).
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("{0}")]
    Invalid(String),
    #[error("there is no tournament #{0}")]
    NotFound(i64),
    #[error("tournament #{id} is {state}: it cannot be {action}")]
    WrongState { id: i64, state: String, action: &'static str },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Creates a scheduled tournament; returns its id.
pub async fn create(pool: &PgPool, t: &NewTournament) -> Result<i64, Refused> {
    let name = t.name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(Refused::Invalid(format!("A tournament needs a name of 1 to {MAX_NAME} characters.")));
    }
    if engine::catalog::find(&t.game).is_none() {
        let known: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
        return Err(Refused::Invalid(format!("There is no game “{}”. Games: {}.", t.game, known.join(", "))));
    }
    if t.finalists < 2 {
        return Err(Refused::Invalid(format!("At least 2 finalists are needed, not {}.", t.finalists)));
    }
    if !(1..=MAX_FINAL_MATCHES).contains(&t.final_matches) {
        return Err(Refused::Invalid(format!(
            "The final is 1 to {MAX_FINAL_MATCHES} matches, not {}.",
            t.final_matches
        )));
    }
    if t.tie_replays > MAX_TIE_REPLAYS {
        return Err(Refused::Invalid(format!("At most {MAX_TIE_REPLAYS} tie replays, not {}.", t.tie_replays)));
    }
    if let Some(seed) = t.seed.filter(|&s| !(0..1 << 53).contains(&s)) {
        return Err(Refused::Invalid(format!("A seed is 0 to 2^53 - 1, not {seed}.")));
    }
    let game = engine::catalog::find(&t.game).map(|g| g.name()).unwrap_or_default();
    let config = check_config(game, t.config.as_deref()).map_err(Refused::Invalid)?;
    let id = sqlx::query_scalar(
        "INSERT INTO tournaments (game, name, finalists, final_matches, tie_replays, seed, starts_at, created_by,
                                  config)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(game)
    .bind(name)
    .bind(t.finalists as i32)
    .bind(t.final_matches as i32)
    .bind(t.tie_replays as i32)
    .bind(t.seed.unwrap_or_else(crate::site::core::ids::fresh_seed))
    .bind(t.starts_at)
    .bind(t.created_by)
    .bind(config)
    .fetch_one(pool)
    .await?;
    Ok(id)
}

/// Starts a scheduled tournament now (the organiser's "start now", or its start time came):
/// freezes its entrants and queues the first turn. Returns the matches queued.
pub async fn start(pool: &PgPool, id: i64) -> Result<usize, Refused> {
    let mut tx = pool.begin().await?;
    let t = store::tournament(&mut tx, id, true).await?.ok_or(Refused::NotFound(id))?;
    if t.state != "scheduled" {
        return Err(Refused::WrongState { id, state: t.state, action: "started" });
    }
    let queued = start_locked(&mut tx, &t).await?;
    tx.commit().await?;
    Ok(queued)
}

async fn start_locked(conn: &mut PgConnection, t: &TournamentRow) -> anyhow::Result<usize> {
    // Users' representatives that may play: qualified, not retired, owner not disabled.
    let reps: Vec<(i64, i64, String, String)> = sqlx::query_as(
        "SELECT r.user_id, r.bot_id, u.username, b.wasm_hash FROM representatives r
         JOIN users u ON u.id = r.user_id JOIN bots b ON b.id = r.bot_id
         WHERE r.game = $1 AND NOT u.is_house AND NOT u.disabled AND b.status = 'qualified'
           AND b.retired_at IS NULL
         ORDER BY r.user_id",
    )
    .bind(&t.game)
    .fetch_all(&mut *conn)
    .await?;
    let dummy = crate::site::sources::qualification::house_bot(&mut *conn, &t.game, "Dummy").await?;
    let core = match (dummy, reps.len()) {
        (None, _) => Err(format!("the server has no house Dummy for {}", t.game)),
        (_, n) if n < 2 => Err(format!("it needs at least 2 entrants and {n} qualified representatives were in")),
        _ => {
            let entrants = reps.iter().map(|(_, _, user, hash)| Entrant::new(user.clone(), hash.clone())).collect();
            Tournament::new(t.config(), entrants).map_err(|e| e.to_string())
        }
    };
    let core = match core {
        Ok(core) => core,
        Err(why) => {
            sqlx::query(
                "UPDATE tournaments SET state = 'cancelled', note = $2, started_at = now(), finished_at = now()
                 WHERE id = $1",
            )
            .bind(t.id)
            .bind(format!("Not started: {why}."))
            .execute(&mut *conn)
            .await?;
            tracing::warn!(tournament = t.id, "tournament cancelled: {why}");
            return Ok(0);
        }
    };
    for (idx, e) in core.entrants().iter().enumerate() {
        let (user, bot, _, _) = reps.iter().find(|r| r.2 == e.name).expect("every entrant is a representative");
        sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, idx, user_id, bot_id, name, wasm_hash)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(t.id)
        .bind(idx as i32)
        .bind(user)
        .bind(bot)
        .bind(&e.name)
        .bind(&e.hash)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(
        "UPDATE tournaments SET state = 'running', started_at = now(), starts_at = least(starts_at, now()),
                dummy_bot_id = $2, note = NULL WHERE id = $1",
    )
    .bind(t.id)
    .bind(dummy)
    .execute(&mut *conn)
    .await?;
    tracing::info!(tournament = t.id, entrants = core.entrants().len(), "tournament started");
    let t = TournamentRow { state: "running".into(), dummy_bot_id: dummy, ..t.clone() };
    let entrants = store::entrants(&mut *conn, t.id).await?;
    queue_next(conn, &t, &entrants, &core).await
}

/// Rebuilds the core of a (locked) tournament and queues what its current turn misses.
async fn queue_missing(conn: &mut PgConnection, t: &TournamentRow) -> anyhow::Result<usize> {
    let entrants = store::entrants(&mut *conn, t.id).await?;
    let core = store::core(&mut *conn, t, &entrants).await?;
    queue_next(conn, t, &entrants, &core).await
}

/// Queues the core's next matches that have no live match (queued, running or done) yet.
async fn queue_next(
    conn: &mut PgConnection,
    t: &TournamentRow,
    entrants: &[EntrantRow],
    core: &Tournament,
) -> anyhow::Result<usize> {
    if t.state != "running" {
        return Ok(0);
    }
    let dummy = t.dummy_bot_id.ok_or_else(|| anyhow::anyhow!("tournament #{} has no Dummy", t.id))?;
    let mut queued = 0;
    for m in core.next_matches() {
        let (stage, no, turn, idx, attempt) = key_columns(&m.key);
        let live: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM tournament_matches tm JOIN matches x ON x.id = tm.match_id
                            WHERE tm.tournament_id = $1 AND tm.stage = $2 AND tm.stage_no = $3 AND tm.turn = $4
                              AND tm.idx = $5 AND tm.attempt = $6 AND x.state IN ('queued', 'running', 'done'))",
        )
        .bind(t.id)
        .bind(&stage)
        .bind(no)
        .bind(turn)
        .bind(idx)
        .bind(attempt)
        .fetch_one(&mut *conn)
        .await?;
        if live {
            continue;
        }
        let bots = m.seats.map(|s| match s {
            Seat::Entrant(e) => entrants[e].bot_id,
            Seat::Dummy => dummy,
        });
        let match_id = queue::enqueue_with_config(
            &mut *conn,
            &NewMatch {
                game: t.game.clone(),
                kind: Kind::Tournament,
                seed: m.seed as i64,
                subject_bot_id: None,
                bots,
                requested_by: None,
            },
            t.config.as_deref(),
        )
        .await?;
        sqlx::query(
            "INSERT INTO tournament_matches (match_id, tournament_id, stage, stage_no, turn, idx, attempt, entrants)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(match_id)
        .bind(t.id)
        .bind(&stage)
        .bind(no)
        .bind(turn)
        .bind(idx)
        .bind(attempt)
        .bind(seat_columns(&m.seats))
        .execute(&mut *conn)
        .await?;
        queued += 1;
    }
    Ok(queued)
}

/// A tournament match left the queue (inside the transaction that records it).
pub async fn match_done(conn: &mut PgConnection, match_id: i64, end: MatchEnd<'_>) -> anyhow::Result<()> {
    #[derive(sqlx::FromRow)]
    struct Row {
        tournament_id: i64,
        stage: String,
        stage_no: i32,
        turn: i32,
        idx: i32,
        attempt: i32,
        recorded_seq: Option<i64>,
    }
    let row: Option<Row> = sqlx::query_as(
        "SELECT tournament_id, stage, stage_no, turn, idx, attempt, recorded_seq FROM tournament_matches
         WHERE match_id = $1",
    )
    .bind(match_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(Row { tournament_id: tid, stage, stage_no: no, turn, idx, attempt, recorded_seq: recorded }) = row else {
        tracing::warn!(match_id, "tournament match without its tournament row: ignored");
        return Ok(());
    };
    // One result at a time per tournament.
    let Some(t) = store::tournament(&mut *conn, tid, true).await? else { return Ok(()) };
    let key = store::key_from_columns(&(stage, no, turn, idx, attempt))?;
    if let MatchEnd::Failed(reason) = end {
        if t.state == "running" {
            let note =
                format!("Paused: match #{match_id} ({key}) could not be played: {reason}. Resume to play it again.");
            pause_locked(conn, &t, &note).await?;
            tracing::warn!(tournament = tid, match_id, "tournament paused: {reason}");
        }
        return Ok(());
    }
    if recorded.is_some() || !matches!(t.state.as_str(), "running" | "paused") {
        tracing::warn!(tournament = tid, match_id, state = %t.state, "tournament result not expected: ignored");
        return Ok(());
    }
    let entrants = store::entrants(&mut *conn, tid).await?;
    let mut core = store::core(&mut *conn, &t, &entrants).await?;
    if !core.next_matches().iter().any(|m| m.key == key) {
        // Already settled by another match under the same key (not possible through the queue's
        // leases; kept as a guard): counted once.
        tracing::warn!(tournament = tid, match_id, %key, "result for a match the tournament does not wait for: ignored");
        return Ok(());
    }
    let result = store::match_result(&mut *conn, match_id).await?;
    let rounds_before = core.rounds().len();
    let settled = core.record(key, result)?;
    sqlx::query("UPDATE tournament_matches SET recorded_seq = nextval('tournament_record_seq') WHERE match_id = $1")
        .bind(match_id)
        .execute(&mut *conn)
        .await?;
    for m in &settled {
        let (stage, no, turn, idx, attempt) = key_columns(&m.key);
        sqlx::query(
            "UPDATE tournament_matches SET outcome = $7, tiebreak = $8
             WHERE tournament_id = $1 AND stage = $2 AND stage_no = $3 AND turn = $4 AND idx = $5 AND attempt = $6
               AND recorded_seq IS NOT NULL",
        )
        .bind(tid)
        .bind(&stage)
        .bind(no)
        .bind(turn)
        .bind(idx)
        .bind(attempt)
        .bind(serde_json::to_value(&m.outcome)?)
        .bind(m.tiebreak)
        .execute(&mut *conn)
        .await?;
    }
    for r in &core.rounds()[rounds_before..] {
        sqlx::query("INSERT INTO tournament_outs (tournament_id, round, idx) VALUES ($1, $2, $3)")
            .bind(tid)
            .bind(r.round as i32)
            .bind(r.out as i32)
            .execute(&mut *conn)
            .await?;
        tracing::info!(tournament = tid, round = r.round, out = %core.entrants()[r.out].name, "round over");
    }
    if core.is_done() {
        sqlx::query("UPDATE tournaments SET state = 'done', finished_at = now(), note = NULL WHERE id = $1")
            .bind(tid)
            .execute(&mut *conn)
            .await?;
        tracing::info!(tournament = tid, "tournament over");
        return Ok(());
    }
    queue_next(conn, &t, &entrants, &core).await?;
    Ok(())
}

/// The outcome as the pages say it.
pub fn outcome_words(outcome: &Outcome, names: &dyn Fn(usize) -> String) -> String {
    match outcome {
        Outcome::Replayed => "tied at the boundary: replayed with the next seed".into(),
        Outcome::Saved(s) if s.is_empty() => "nobody saved (Dummies on top)".into(),
        Outcome::Saved(s) => format!("saved: {}", s.iter().map(|&e| names(e)).collect::<Vec<_>>().join(", ")),
        Outcome::Out(e) => format!("out: {}", names(*e)),
        Outcome::Points(p) => format!("points {}", p.iter().map(u32::to_string).collect::<Vec<_>>().join("/")),
    }
}

async fn pause_locked(conn: &mut PgConnection, t: &TournamentRow, note: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET state = 'paused', note = $2 WHERE id = $1")
        .bind(t.id)
        .bind(note)
        .execute(&mut *conn)
        .await?;
    // Queued matches are withdrawn; running ones finish and count.
    sqlx::query(
        "UPDATE matches SET state = 'cancelled', finished_at = now(), error = 'tournament paused'
         WHERE state = 'queued' AND id IN (SELECT match_id FROM tournament_matches WHERE tournament_id = $1)",
    )
    .bind(t.id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The organiser pauses a running tournament: its queued matches are withdrawn, the ones being
/// played finish and count.
pub async fn pause(pool: &PgPool, id: i64) -> Result<(), Refused> {
    let mut tx = pool.begin().await?;
    let t = store::tournament(&mut tx, id, true).await?.ok_or(Refused::NotFound(id))?;
    if t.state != "running" {
        return Err(Refused::WrongState { id, state: t.state, action: "paused" });
    }
    pause_locked(&mut tx, &t, "Paused by the organiser.").await?;
    tx.commit().await?;
    Ok(())
}

/// The organiser resumes a paused tournament: what it waits for is queued again.
pub async fn resume(pool: &PgPool, id: i64) -> Result<usize, Refused> {
    let mut tx = pool.begin().await?;
    let t = store::tournament(&mut tx, id, true).await?.ok_or(Refused::NotFound(id))?;
    if t.state != "paused" {
        return Err(Refused::WrongState { id, state: t.state, action: "resumed" });
    }
    sqlx::query("UPDATE tournaments SET state = 'running', note = NULL WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let t = TournamentRow { state: "running".into(), note: None, ..t };
    let queued = queue_missing(&mut tx, &t).await?;
    tx.commit().await?;
    Ok(queued)
}

/// Starts due tournaments and re-queues what a running tournament misses (a match cancelled
/// by hand, say). Returns the matches queued.
pub async fn tick(pool: &PgPool) -> anyhow::Result<usize> {
    let mut queued = 0;
    let due: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM tournaments WHERE state = 'scheduled' AND starts_at <= now() ORDER BY id")
            .fetch_all(pool)
            .await?;
    for id in due {
        match start(pool, id).await {
            Ok(n) => queued += n,
            // Another process started it first.
            Err(Refused::WrongState { .. }) => {}
            Err(e) => tracing::warn!(tournament = id, error = %e, "cannot start the tournament"),
        }
    }
    // Running tournaments with nothing queued or running: normally between a result and the next
    // turn's queueing, which share a transaction, so this finds nothing.
    let stalled: Vec<i64> = sqlx::query_scalar(
        "SELECT t.id FROM tournaments t WHERE t.state = 'running' AND NOT EXISTS (
             SELECT 1 FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
             WHERE tm.tournament_id = t.id AND m.state IN ('queued', 'running'))",
    )
    .fetch_all(pool)
    .await?;
    for id in stalled {
        let mut tx = pool.begin().await?;
        let Some(t) = store::tournament(&mut tx, id, true).await? else { continue };
        if t.state != "running" {
            continue;
        }
        let n = queue_missing(&mut tx, &t).await?;
        tx.commit().await?;
        if n > 0 {
            tracing::warn!(tournament = id, queued = n, "a running tournament was missing matches: queued them");
        }
        queued += n;
    }
    Ok(queued)
}
