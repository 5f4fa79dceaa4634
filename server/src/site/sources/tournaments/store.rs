//! Tournament rows and the core state rebuilt from them.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tournament::{Config, Entrant, MatchKey, MatchResult, Seat, Stage, Tournament, SEATS};

/// A `tournaments` row.
#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize)]
pub struct TournamentRow {
    pub id: i64,
    pub game: String,
    pub name: String,
    pub finalists: i32,
    pub final_matches: i32,
    pub tie_replays: i32,
    pub seed: i64,
    pub starts_at: DateTime<Utc>,
    pub state: String,
    pub note: Option<String>,
    /// The organiser's `.cnf` text its matches are played with (None: the game's defaults).
    pub config: Option<String>,
    #[serde(skip)]
    pub dummy_bot_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, game, name, finalists, final_matches, tie_replays, seed, starts_at, state, note,
                       config, dummy_bot_id, created_at, started_at, finished_at";

impl TournamentRow {
    pub fn config(&self) -> Config {
        Config {
            seed: self.seed as u64,
            finalists: self.finalists as usize,
            final_matches: self.final_matches as usize,
            tie_replays: self.tie_replays as u32,
        }
    }
}

/// A tournament by id (`lock`: FOR UPDATE, so that results and organiser actions on one
/// tournament take turns).
pub async fn tournament(conn: &mut PgConnection, id: i64, lock: bool) -> sqlx::Result<Option<TournamentRow>> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1{}", if lock { " FOR UPDATE" } else { "" });
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await
}

/// Every tournament, newest first.
pub async fn all(conn: &mut PgConnection) -> sqlx::Result<Vec<TournamentRow>> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments ORDER BY id DESC");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(conn).await
}

/// An entrant row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EntrantRow {
    pub idx: i32,
    pub user_id: i64,
    pub bot_id: i64,
    pub name: String,
    pub wasm_hash: String,
    pub bot_name: String,
}

pub async fn entrants(conn: &mut PgConnection, id: i64) -> sqlx::Result<Vec<EntrantRow>> {
    sqlx::query_as(
        "SELECT e.idx, e.user_id, e.bot_id, e.name, e.wasm_hash, b.name AS bot_name
         FROM tournament_entrants e JOIN bots b ON b.id = e.bot_id
         WHERE e.tournament_id = $1 ORDER BY e.idx",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}

/// Who went out of each round, in round order (entrant indices).
pub async fn outs(conn: &mut PgConnection, id: i64) -> sqlx::Result<Vec<usize>> {
    let rows: Vec<i32> = sqlx::query_scalar("SELECT idx FROM tournament_outs WHERE tournament_id = $1 ORDER BY round")
        .bind(id)
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(|i| i as usize).collect())
}

/// A match key as stored: (stage, stage_no, turn, idx, attempt).
pub type KeyColumns = (String, i32, i32, i32, i32);

pub fn key_columns(key: &MatchKey) -> KeyColumns {
    let (stage, no) = match key.stage {
        Stage::Round(r) => ("round", r),
        Stage::Semifinal(l) => ("semifinal", l),
        Stage::Final => ("final", 0),
    };
    (stage.to_string(), no as i32, key.turn as i32, key.index as i32, key.attempt as i32)
}

pub fn key_from_columns(c: &KeyColumns) -> anyhow::Result<MatchKey> {
    let no = u32::try_from(c.1).context("negative stage number")?;
    let stage = match c.0.as_str() {
        "round" => Stage::Round(no),
        "semifinal" => Stage::Semifinal(no),
        "final" => Stage::Final,
        other => anyhow::bail!("unknown tournament stage {other:?}"),
    };
    Ok(MatchKey {
        stage,
        turn: u32::try_from(c.2).context("negative turn")?,
        index: u32::try_from(c.3).context("negative index")?,
        attempt: u32::try_from(c.4).context("negative attempt")?,
    })
}

/// Seats as stored in `tournament_matches.entrants`: the entrant index, -1 for a Dummy.
pub fn seat_columns(seats: &[Seat; SEATS]) -> Vec<i32> {
    seats.iter().map(|s| s.entrant().map_or(-1, |e| e as i32)).collect()
}

/// The core's entrants from the rows (already in the core's order: `idx` is the sorted index).
pub fn core_entrants(rows: &[EntrantRow]) -> Vec<Entrant> {
    rows.iter().map(|e| Entrant::new(e.name.clone(), e.wasm_hash.clone())).collect()
}

/// The core as of now: resumed after the finished rounds, then the current stage's results
/// replayed in the order they were recorded.
pub async fn core(conn: &mut PgConnection, t: &TournamentRow, entrants: &[EntrantRow]) -> anyhow::Result<Tournament> {
    let outs = outs(&mut *conn, t.id).await?;
    let mut core = Tournament::resume(t.config(), core_entrants(entrants), &outs)
        .with_context(|| format!("tournament #{} cannot be rebuilt", t.id))?;
    for (i, e) in core.entrants().iter().enumerate() {
        anyhow::ensure!(
            entrants.get(i).is_some_and(|row| row.name == e.name && row.idx as usize == i),
            "tournament #{}: the stored entrants are not in the core's order",
            t.id
        );
    }
    for (key, result) in recorded_results(&mut *conn, t.id, outs.len()).await? {
        core.record(key, result).with_context(|| format!("tournament #{} cannot be rebuilt", t.id))?;
    }
    Ok(core)
}

/// A recorded match as the core needs it: its key's columns, scores and freezes by seat.
type ResultRow = (String, i32, i32, i32, i32, Vec<i64>, Vec<bool>);

/// The results given to the core, in the order they were recorded, but for those of the first
/// `after_round` rounds (0: all of them, which `Tournament::replay` rebuilds the whole
/// tournament from).
pub async fn recorded_results(
    conn: &mut PgConnection,
    id: i64,
    after_round: usize,
) -> anyhow::Result<Vec<(MatchKey, MatchResult)>> {
    let rows: Vec<ResultRow> = sqlx::query_as(
        "SELECT tm.stage, tm.stage_no, tm.turn, tm.idx, tm.attempt,
                array_agg(p.score ORDER BY p.seat), array_agg(p.frozen_reason IS NOT NULL ORDER BY p.seat)
         FROM tournament_matches tm JOIN match_players p ON p.match_id = tm.match_id
         WHERE tm.tournament_id = $1 AND tm.recorded_seq IS NOT NULL
           AND NOT (tm.stage = 'round' AND tm.stage_no <= $2)
         GROUP BY tm.match_id ORDER BY min(tm.recorded_seq)",
    )
    .bind(id)
    .bind(after_round as i32)
    .fetch_all(conn)
    .await?;
    rows.into_iter()
        .map(|(stage, no, turn, idx, attempt, scores, frozen)| {
            let key = key_from_columns(&(stage, no, turn, idx, attempt))?;
            let result = result_of(&scores, &frozen).with_context(|| format!("tournament #{id}, {key}"))?;
            Ok((key, result))
        })
        .collect()
}

/// A played match's result for the core.
pub async fn match_result(conn: &mut PgConnection, match_id: i64) -> anyhow::Result<MatchResult> {
    let seats: Vec<(i64, bool)> =
        sqlx::query_as("SELECT score, frozen_reason IS NOT NULL FROM match_players WHERE match_id = $1 ORDER BY seat")
            .bind(match_id)
            .fetch_all(conn)
            .await?;
    let (scores, frozen): (Vec<i64>, Vec<bool>) = seats.into_iter().unzip();
    result_of(&scores, &frozen).with_context(|| format!("match #{match_id}"))
}

/// A core result from a match's seats (scores by seat; frozen when it has a freeze reason).
fn result_of(scores: &[i64], frozen: &[bool]) -> anyhow::Result<MatchResult> {
    anyhow::ensure!(scores.len() == SEATS && frozen.len() == SEATS, "a match result needs {SEATS} seats");
    Ok(MatchResult { scores: std::array::from_fn(|s| scores[s]), frozen: std::array::from_fn(|s| frozen[s]) })
}
