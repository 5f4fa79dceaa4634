//! Read models for browsing: a game's matches, filtered and paged by match id, and a user's
//! public profile. Everything here only reads.

use crate::site::core::kind::Kind;
use crate::site::read::queries::{self, MyBot};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;

/// Matches per page of a match list.
pub const PAGE_SIZE: i64 = 50;

/// Qualification runs listed on a profile (the newest).
pub const QUALIFICATION_RUNS: i64 = 100;

// ---------------------------------------------------------------------------------------------
// Match lists

/// Which of a game's matches to list. Every match is public (stderr is not read here).
#[derive(Clone, Debug, Default)]
pub struct MatchFilter {
    /// The catalog's name of the game.
    pub game: String,
    /// A bot that played in it.
    pub bot: Option<i64>,
    /// A user whose bot played in it.
    pub user: Option<i64>,
    pub kind: Option<Kind>,
    /// Its time (when it finished, or was queued if it has not) is at or after this...
    pub from: Option<DateTime<Utc>>,
    /// ...and before this.
    pub until: Option<DateTime<Utc>>,
}

/// Where a page of a match list starts (keyset pagination on the match id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cursor {
    /// The newest matches.
    Newest,
    /// The newest matches older than this id.
    Before(i64),
    /// The oldest matches newer than this id.
    After(i64),
}

#[derive(Clone, Debug, Serialize)]
pub struct ListedSeat {
    pub seat: i16,
    pub bot_id: i64,
    pub bot_name: String,
    pub owner: String,
    pub is_house: bool,
    /// 1-based place (ties share the best place), once done.
    pub place: Option<i16>,
    pub score: Option<i64>,
    pub frozen_reason: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ListedMatch {
    pub id: i64,
    pub kind: String,
    pub state: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub players: Vec<ListedSeat>,
}

impl ListedMatch {
    /// The time the list filters and shows: when it finished, or was queued.
    pub fn at(&self) -> &DateTime<Utc> {
        self.finished_at.as_ref().unwrap_or(&self.created_at)
    }
}

/// A page of a match list, newest first.
#[derive(Clone, Debug)]
pub struct MatchPage {
    pub matches: Vec<ListedMatch>,
    /// The cursor of the next older page (`before`), if there are older matches.
    pub older: Option<i64>,
    /// The cursor of the next newer page (`after`), if there are newer matches.
    pub newer: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct HeadRow {
    id: i64,
    kind: String,
    state: String,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct SeatRow {
    match_id: i64,
    seat: i16,
    bot_id: i64,
    bot_name: String,
    owner: String,
    is_house: bool,
    place: Option<i16>,
    score: Option<i64>,
    frozen_reason: Option<String>,
}

/// The filtered matches of a game, in one direction from a cursor (`$7`); `$8` is the limit.
/// Absent filters are NULL. Indexes: `matches_game_id` / `matches_game_kind_id` (0004) for the
/// game and kind, `match_players_bot` for a bot, `bots_user` for a user.
macro_rules! heads_sql {
    ($cursor:literal, $order:literal) => {
        concat!(
            "SELECT m.id, m.kind, m.state, m.created_at, m.finished_at FROM matches m
             WHERE m.game = $1
               AND ($2::BIGINT IS NULL OR EXISTS (
                    SELECT 1 FROM match_players p WHERE p.match_id = m.id AND p.bot_id = $2))
               AND ($3::BIGINT IS NULL OR EXISTS (
                    SELECT 1 FROM match_players p JOIN bots b ON b.id = p.bot_id
                    WHERE p.match_id = m.id AND b.user_id = $3))
               AND ($4::TEXT IS NULL OR m.kind = $4)
               AND ($5::TIMESTAMPTZ IS NULL OR coalesce(m.finished_at, m.created_at) >= $5)
               AND ($6::TIMESTAMPTZ IS NULL OR coalesce(m.finished_at, m.created_at) < $6)
               AND ($7::BIGINT IS NULL OR m.id ",
            $cursor,
            " $7)
             ORDER BY m.id ",
            $order,
            " LIMIT $8"
        )
    };
}

/// Newest first, older than the cursor.
const OLDER_SQL: &str = heads_sql!("<", "DESC");
/// Oldest first, newer than the cursor.
const NEWER_SQL: &str = heads_sql!(">", "ASC");

async fn heads(
    pool: &PgPool,
    f: &MatchFilter,
    sql: &'static str,
    cursor: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<HeadRow>> {
    sqlx::query_as(sql)
        .bind(&f.game)
        .bind(f.bot)
        .bind(f.user)
        .bind(f.kind.map(Kind::as_str))
        .bind(f.from)
        .bind(f.until)
        .bind(cursor)
        .bind(limit)
        .fetch_all(pool)
        .await
}

/// One page of `f`'s matches from `cursor`, newest first, at most [`PAGE_SIZE`], with the
/// cursors of the pages either side (none where there is nothing more).
pub async fn match_page(pool: &PgPool, f: &MatchFilter, cursor: Cursor) -> sqlx::Result<MatchPage> {
    // One more than a page tells whether there is more in the direction read; the other
    // direction takes a probe of one row past the page's edge (past the cursor on an empty page).
    let (rows, older, newer) = match cursor {
        Cursor::Newest | Cursor::Before(_) => {
            let before = if let Cursor::Before(id) = cursor { Some(id) } else { None };
            let mut rows = heads(pool, f, OLDER_SQL, before, PAGE_SIZE + 1).await?;
            let more = rows.len() as i64 > PAGE_SIZE;
            rows.truncate(PAGE_SIZE as usize);
            let older = rows.last().map(|r| r.id).filter(|_| more);
            let edge = rows.first().map(|r| r.id).or(before.map(|id| id - 1));
            let newer = match (before, edge) {
                (Some(_), Some(edge)) if !heads(pool, f, NEWER_SQL, Some(edge), 1).await?.is_empty() => Some(edge),
                _ => None,
            };
            (rows, older, newer)
        }
        Cursor::After(after) => {
            let mut rows = heads(pool, f, NEWER_SQL, Some(after), PAGE_SIZE + 1).await?;
            let more = rows.len() as i64 > PAGE_SIZE;
            rows.truncate(PAGE_SIZE as usize);
            rows.reverse();
            let newer = rows.first().map(|r| r.id).filter(|_| more);
            let edge = rows.last().map(|r| r.id).unwrap_or(after.saturating_add(1));
            let older = (!heads(pool, f, OLDER_SQL, Some(edge), 1).await?.is_empty()).then_some(edge);
            (rows, older, newer)
        }
    };
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let seats: Vec<SeatRow> = sqlx::query_as(
        "SELECT p.match_id, p.seat, p.bot_id, b.name AS bot_name, u.username AS owner, u.is_house,
                p.rank AS place, p.score, p.frozen_reason
         FROM match_players p JOIN bots b ON b.id = p.bot_id JOIN users u ON u.id = b.user_id
         WHERE p.match_id = ANY($1)
         ORDER BY p.match_id, p.seat",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let mut matches: Vec<ListedMatch> = rows
        .into_iter()
        .map(|h| ListedMatch {
            id: h.id,
            kind: h.kind,
            state: h.state,
            created_at: h.created_at,
            finished_at: h.finished_at,
            players: Vec::new(),
        })
        .collect();
    for s in seats {
        if let Some(m) = matches.iter_mut().find(|m| m.id == s.match_id) {
            m.players.push(ListedSeat {
                seat: s.seat,
                bot_id: s.bot_id,
                bot_name: s.bot_name,
                owner: s.owner,
                is_house: s.is_house,
                place: s.place,
                score: s.score,
                frozen_reason: s.frozen_reason,
            });
        }
    }
    Ok(MatchPage { matches, older, newer })
}

/// The game of bot `id`, if it exists.
pub async fn bot_game(pool: &PgPool, id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT game FROM bots WHERE id = $1").bind(id).fetch_optional(pool).await
}

/// A user by name (case-insensitive, as usernames are unique): id and name as spelt at sign-up.
pub async fn user_by_name(pool: &PgPool, username: &str) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT id, username FROM users WHERE lower(username) = lower($1)")
        .bind(username)
        .fetch_optional(pool)
        .await
}

// ---------------------------------------------------------------------------------------------
// Profiles

/// A user's bots in one game.
#[derive(Clone, Debug, Serialize)]
pub struct ProfileGame {
    pub game: String,
    pub title: String,
    /// The user's representative, if any.
    pub representative: Option<i64>,
    /// The representative's place on the game's leaderboard.
    pub ladder_rank: Option<usize>,
    /// Every version, newest first; `status` is qualifying, qualified, failed or retired.
    pub bots: Vec<MyBot>,
}

/// A bot's qualification: its sanity match and its matches against Dummies.
#[derive(Clone, Debug, Serialize)]
pub struct QualificationRun {
    pub bot_id: i64,
    pub bot_name: String,
    pub game: String,
    pub started_at: DateTime<Utc>,
    /// When its last match finished (None while one is queued or running).
    pub finished_at: Option<DateTime<Utc>>,
    /// The qualification's outcome: qualifying, qualified or failed (a retired bot keeps its own).
    pub status: String,
    pub verdict: Option<String>,
    /// Its matches, in order.
    pub matches: Vec<i64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct UserProfile {
    pub username: String,
    pub is_house: bool,
    pub joined: DateTime<Utc>,
    /// Catalog order.
    pub games: Vec<ProfileGame>,
    /// Newest first, at most [`QUALIFICATION_RUNS`].
    pub qualification: Vec<QualificationRun>,
    /// The practice matches the user asked for, newest first (filled in by the page).
    pub practice: Vec<super::practice_matches::PracticeMatch>,
}

#[derive(sqlx::FromRow)]
struct RunRow {
    bot_id: i64,
    bot_name: String,
    game: String,
    status: String,
    verdict: Option<String>,
    started_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    pending: bool,
    matches: Vec<i64>,
}

/// A user's public profile: bots per game with ratings, qualification history. Ladder ranks
/// are filled in by the caller (from the cached leaderboards).
pub async fn user_profile(pool: &PgPool, username: &str) -> sqlx::Result<Option<UserProfile>> {
    let row: Option<(i64, String, bool, DateTime<Utc>)> =
        sqlx::query_as("SELECT id, username, is_house, created_at FROM users WHERE lower(username) = lower($1)")
            .bind(username)
            .fetch_optional(pool)
            .await?;
    let Some((id, username, is_house, joined)) = row else { return Ok(None) };
    let games = queries::my_bots(pool, id)
        .await?
        .into_iter()
        .map(|g| ProfileGame {
            game: g.game,
            title: g.title,
            representative: g.representative,
            ladder_rank: None,
            bots: g.bots,
        })
        .collect();
    let runs: Vec<RunRow> = sqlx::query_as(
        "SELECT b.id AS bot_id, b.name AS bot_name, b.game, b.status, b.verdict,
                min(m.created_at) AS started_at, max(m.finished_at) AS finished_at,
                bool_or(m.state IN ('queued', 'running')) AS pending,
                array_agg(m.id ORDER BY m.id) AS matches
         FROM bots b JOIN matches m ON m.subject_bot_id = b.id AND m.kind IN ('sanity', 'qualification')
         WHERE b.user_id = $1
         GROUP BY b.id
         ORDER BY b.id DESC
         LIMIT $2",
    )
    .bind(id)
    .bind(QUALIFICATION_RUNS)
    .fetch_all(pool)
    .await?;
    let qualification = runs
        .into_iter()
        .map(|r| QualificationRun {
            bot_id: r.bot_id,
            bot_name: r.bot_name,
            game: r.game,
            started_at: r.started_at,
            finished_at: r.finished_at.filter(|_| !r.pending),
            status: r.status,
            verdict: r.verdict,
            matches: r.matches,
        })
        .collect();
    Ok(Some(UserProfile { username, is_house, joined, games, qualification, practice: Vec::new() }))
}
