//! Practice matches (scrimmages): a signed-in player picks four bots (their own, any qualified bot
//! of the game, the house bots) and a seed, and the match runs on the same queue as the others:
//! after qualification and tournaments, before the ladder (a player who asked for a match is
//! waiting for it, the ladder is not: `Kind::Practice`'s priority). They are unrated: nothing
//! reacts to their results but the player's pages.
//!
//! Limits per player (settings): matches waiting or running at once, and matches a day.

use super::{BoxFuture, Scheduler};
use crate::site::core::config::SiteConfig;
use crate::site::core::kind::{Kind, MatchEnd};
use crate::site::matches::queue::{self, NewMatch};
use sqlx::PgConnection;

/// The largest seed a player may give: seeds are stored as non-negative `BIGINT`s.
pub const MAX_SEED: u64 = i64::MAX as u64;

/// Practice as a match source: matches are queued on request ([`request`]); their results change
/// no rating and no verdict.
pub struct Practice;

impl Scheduler for Practice {
    fn name(&self) -> &'static str {
        "practice"
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Practice]
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

impl Limits {
    /// The limits the settings ask for (`--max-practice-waiting`, `--max-practice-per-day`).
    pub fn from_config(config: &SiteConfig) -> Limits {
        Limits { waiting: config.max_practice_waiting, per_day: config.max_practice_per_day }
    }
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
        seed: req.seed.map(|s| s as i64).unwrap_or_else(crate::site::core::ids::fresh_seed),
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
