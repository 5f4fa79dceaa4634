//! Practice matches (scrimmages): a signed-in player picks four bots (their own, any qualified bot
//! of the game, the house bots) and a seed, and the match runs on the same queue as the others:
//! after qualification, before tournaments' and ladder matches... no: after qualification and
//! tournaments, before the ladder (see [`PRIORITY_PRACTICE`]). They are unrated: nothing reacts
//! to their results but the player's pages.
//!
//! Limits per player (settings): matches waiting or running at once, and matches a day.

use super::queue::{self, Kind, NewMatch};
use super::schedulers::{BoxFuture, MatchEnd, Scheduler};
use sqlx::PgConnection;

/// Below qualification (0) and tournaments (5), above the ladder (10): a player who asked for a
/// match is waiting for it, the ladder is not.
pub const PRIORITY_PRACTICE: i32 = 7;

/// The largest seed a player may give: seeds are stored as non-negative `BIGINT`s.
pub const MAX_SEED: u64 = i64::MAX as u64;

/// Practice as a match source: matches are queued on request ([`request`]); their results change
/// no rating and no verdict.
pub struct Practice;

impl Scheduler for Practice {
    fn name(&self) -> &'static str {
        "practice"
    }

    fn kinds(&self) -> &'static [(Kind, i32)] {
        &[(Kind::Practice, PRIORITY_PRACTICE)]
    }

    fn on_match_done<'a>(
        &'a self,
        _conn: &'a mut PgConnection,
        _match_id: i64,
        _kind: Kind,
        _end: MatchEnd<'a>,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        // Unrated: the result is in `match_players`, which is all the player's pages read.
        Box::pin(async { Ok(()) })
    }
}

/// What a player asks for.
#[derive(Clone, Debug)]
pub struct Request {
    pub game: String,
    pub bots: Vec<i64>,
    /// None: a fresh random seed.
    pub seed: Option<u64>,
}

/// The per-player limits.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub waiting: u32,
    pub per_day: u32,
}

/// Why a practice match was refused: each says what was wrong and, for limits, what the limit is.
#[derive(Debug, thiserror::Error)]
pub enum PracticeError {
    #[error("no game called `{0}`")]
    UnknownGame(String),
    #[error("a match needs exactly 4 bots, one per seat; {0} given")]
    BotCount(usize),
    #[error("there is no bot #{0}")]
    NoSuchBot(i64),
    #[error("bot #{id} plays {its_game}, not {game}")]
    WrongGame { id: i64, its_game: String, game: String },
    #[error(
        "bot #{0} is neither yours, nor a house bot, nor a qualified bot on the leaderboard \
         (only those can be picked)"
    )]
    NotAllowed(i64),
    #[error("the seed {0} is too large; seeds go from 0 to {MAX_SEED}")]
    Seed(u64),
    #[error(
        "you have {0} practice matches waiting or running, the most one player may have at once; \
         ask again when one of them is over"
    )]
    TooManyWaiting(u32),
    #[error("you asked for {0} practice matches in the last 24 hours, the most one player may; try again later")]
    TooManyToday(u32),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl PracticeError {
    /// A refusal for a limit (answered with 429), rather than a wrong request.
    pub fn is_limit(&self) -> bool {
        matches!(self, PracticeError::TooManyWaiting(_) | PracticeError::TooManyToday(_))
    }

    /// A bot the request names that does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, PracticeError::NoSuchBot(_))
    }
}

/// Checks and queues a practice match for `user` inside `conn`'s transaction; returns its id.
/// The user's row is locked first, so two requests at once cannot both pass the limits.
pub async fn request(conn: &mut PgConnection, user: i64, req: &Request, limits: Limits) -> Result<i64, PracticeError> {
    let game = engine::catalog::find(&req.game).ok_or_else(|| PracticeError::UnknownGame(req.game.clone()))?;
    let bots: [i64; 4] = req.bots.as_slice().try_into().map_err(|_| PracticeError::BotCount(req.bots.len()))?;
    if let Some(seed) = req.seed.filter(|&s| s > MAX_SEED) {
        return Err(PracticeError::Seed(seed));
    }
    sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE").bind(user).execute(&mut *conn).await?;
    let (waiting, today): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE state IN ('queued', 'running')),
                count(*) FILTER (WHERE created_at > now() - interval '1 day')
         FROM matches WHERE requested_by = $1 AND kind = 'practice'",
    )
    .bind(user)
    .fetch_one(&mut *conn)
    .await?;
    if waiting >= i64::from(limits.waiting) {
        return Err(PracticeError::TooManyWaiting(limits.waiting));
    }
    if today >= i64::from(limits.per_day) {
        return Err(PracticeError::TooManyToday(limits.per_day));
    }
    for &id in &bots {
        check_bot(conn, user, id, game.name()).await?;
    }
    let m = NewMatch {
        game: game.name().to_string(),
        kind: Kind::Practice,
        seed: req.seed.map(|s| s as i64).unwrap_or_else(super::fresh_seed),
        subject_bot_id: None,
        bots,
        requested_by: Some(user),
    };
    Ok(queue::enqueue(conn, &m).await?)
}

/// A bot may be picked if it is the player's own (whatever its status: practice is how one
/// finds out why a bot fails), a house bot, or a qualified bot of an enabled player (the
/// leaderboard's; retired ones included, so that old matches can be played again).
async fn check_bot(conn: &mut PgConnection, user: i64, id: i64, game: &str) -> Result<(), PracticeError> {
    let row: Option<(String, i64, bool, bool, String)> = sqlx::query_as(
        "SELECT b.game, b.user_id, u.is_house, u.disabled, b.status FROM bots b JOIN users u ON u.id = b.user_id
         WHERE b.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((its_game, owner, is_house, disabled, status)) = row else { return Err(PracticeError::NoSuchBot(id)) };
    if its_game != game {
        return Err(PracticeError::WrongGame { id, its_game, game: game.to_string() });
    }
    let allowed = owner == user || is_house || (status == "qualified" && !disabled);
    if allowed {
        Ok(())
    } else {
        Err(PracticeError::NotAllowed(id))
    }
}

/// A practice match in its player's list.
#[derive(Clone, Debug, serde::Serialize, sqlx::FromRow)]
pub struct PracticeMatch {
    pub id: i64,
    pub game: String,
    pub seed: i64,
    pub state: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The four bots' names, by seat.
    pub bots: Vec<String>,
    /// Places by seat, once played.
    pub ranks: Vec<Option<i16>>,
}

impl PracticeMatch {
    /// "A (1), B (3), ..." once played; the names alone before.
    pub fn seats_text(&self) -> String {
        let seat = |(i, name): (usize, &String)| match self.ranks.get(i).copied().flatten() {
            Some(r) => format!("{name} ({r})"),
            None => name.clone(),
        };
        self.bots.iter().enumerate().map(seat).collect::<Vec<_>>().join(", ")
    }
}

/// The practice matches of the user called `username` (any case), newest first, at most `limit`.
pub async fn list_by_username(pool: &sqlx::PgPool, username: &str, limit: i64) -> sqlx::Result<Vec<PracticeMatch>> {
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE lower(username) = lower($1)")
        .bind(username)
        .fetch_optional(pool)
        .await?;
    match id {
        Some(id) => list(pool, id, limit).await,
        None => Ok(Vec::new()),
    }
}

/// A player's practice matches, newest first, at most `limit`.
pub async fn list(pool: &sqlx::PgPool, user: i64, limit: i64) -> sqlx::Result<Vec<PracticeMatch>> {
    sqlx::query_as(
        "SELECT m.id, m.game, m.seed, m.state, m.created_at,
                array_agg(b.name ORDER BY p.seat) AS bots, array_agg(p.rank ORDER BY p.seat) AS ranks
         FROM matches m JOIN match_players p ON p.match_id = m.id JOIN bots b ON b.id = p.bot_id
         WHERE m.requested_by = $1 AND m.kind = 'practice'
         GROUP BY m.id ORDER BY m.id DESC LIMIT $2",
    )
    .bind(user)
    .bind(limit)
    .fetch_all(pool)
    .await
}
