//! Read models shared by the pages and the JSON API: what a leaderboard, a bot, a match and a
//! user's bots look like. Everything here only reads.

use crate::site::core::rating::conservative;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;

/// The number of matches on a bot's "recent matches" list.
pub const RECENT_MATCHES: i64 = 30;

/// A game's title, or its name for a game this build does not know (old rows).
fn game_title(game: &str) -> String {
    engine::catalog::find(game).map(|g| g.title().to_string()).unwrap_or_else(|| game.to_string())
}

/// Wins / matches and place_sum / matches, when there are matches.
fn averages(matches: i32, wins: i32, place_sum: i32) -> (Option<f64>, Option<f64>) {
    if matches <= 0 {
        return (None, None);
    }
    let n = f64::from(matches);
    (Some(f64::from(wins) / n), Some(f64::from(place_sum) / n))
}

// ---------------------------------------------------------------------------------------------
// Games

#[derive(Clone, Debug, Serialize)]
pub struct GameSummary {
    pub name: String,
    pub title: String,
    /// Users' qualified bots (house bots not counted).
    pub qualified_bots: i64,
    pub matches_played: i64,
    pub queued: i64,
    pub running: i64,
}

/// Every game this server plays, in catalog order.
pub async fn games(pool: &PgPool) -> sqlx::Result<Vec<GameSummary>> {
    let mut out = Vec::new();
    for game in engine::catalog::games() {
        let (qualified_bots, matches_played, queued, running): (i64, i64, i64, i64) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM bots b JOIN users u ON u.id = b.user_id
                     WHERE b.game = $1 AND b.status = 'qualified' AND NOT u.is_house),
                    (SELECT count(*) FROM matches WHERE game = $1 AND state = 'done'),
                    (SELECT count(*) FROM matches WHERE game = $1 AND state = 'queued'),
                    (SELECT count(*) FROM matches WHERE game = $1 AND state = 'running')",
        )
        .bind(game.name())
        .fetch_one(pool)
        .await?;
        out.push(GameSummary {
            name: game.name().to_string(),
            title: game.title().to_string(),
            qualified_bots,
            matches_played,
            queued,
            running,
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Leaderboard

#[derive(Clone, Debug, Serialize)]
pub struct LeaderboardEntry {
    /// 1-based position by rating.
    pub rank: usize,
    pub bot_id: i64,
    pub name: String,
    pub owner: String,
    pub is_house: bool,
    /// mu - 3 sigma.
    pub rating: f64,
    pub mu: f64,
    pub sigma: f64,
    pub matches: i32,
    pub wins: i32,
    pub win_rate: Option<f64>,
    pub average_place: Option<f64>,
}

#[derive(sqlx::FromRow)]
struct LeaderboardRow {
    bot_id: i64,
    name: String,
    owner: String,
    is_house: bool,
    mu: f64,
    sigma: f64,
    matches: i32,
    wins: i32,
    place_sum: i32,
}

/// The ladder of `game` (its canonical name): users' representatives and the newest version of
/// each house bot, best rating first.
pub async fn leaderboard(pool: &PgPool, game: &str) -> sqlx::Result<Vec<LeaderboardEntry>> {
    let rows: Vec<LeaderboardRow> = sqlx::query_as(
        "WITH entries AS (
             SELECT p.bot_id FROM representatives p JOIN users u ON u.id = p.user_id
             WHERE p.game = $1 AND NOT u.disabled
             UNION
             (SELECT DISTINCT ON (b.name) b.id FROM bots b JOIN users u ON u.id = b.user_id
              WHERE u.is_house AND b.game = $1 ORDER BY b.name, b.id DESC))
         SELECT b.id AS bot_id, b.name, u.username AS owner, u.is_house,
                r.mu, r.sigma, r.matches, r.wins, r.place_sum
         FROM entries e
         JOIN bots b ON b.id = e.bot_id
         JOIN users u ON u.id = b.user_id
         JOIN ratings r ON r.bot_id = e.bot_id
         ORDER BY r.mu - 3 * r.sigma DESC, r.matches DESC, b.id",
    )
    .bind(game)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let (win_rate, average_place) = averages(r.matches, r.wins, r.place_sum);
            LeaderboardEntry {
                rank: i + 1,
                bot_id: r.bot_id,
                name: r.name,
                owner: r.owner,
                is_house: r.is_house,
                rating: conservative(r.mu, r.sigma),
                mu: r.mu,
                sigma: r.sigma,
                matches: r.matches,
                wins: r.wins,
                win_rate,
                average_place,
            }
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Bots

#[derive(Clone, Debug, Serialize)]
pub struct Rating {
    /// mu - 3 sigma.
    pub rating: f64,
    pub mu: f64,
    pub sigma: f64,
    pub matches: i32,
    pub wins: i32,
    pub win_rate: Option<f64>,
    pub average_place: Option<f64>,
}

impl Rating {
    /// From a LEFT JOIN of `ratings`: None for a bot that was never rated.
    fn from_columns(
        mu: Option<f64>,
        sigma: Option<f64>,
        matches: Option<i32>,
        wins: Option<i32>,
        place_sum: Option<i32>,
    ) -> Option<Rating> {
        let (mu, sigma) = (mu?, sigma?);
        let (matches, wins) = (matches.unwrap_or(0), wins.unwrap_or(0));
        let (win_rate, average_place) = averages(matches, wins, place_sum.unwrap_or(0));
        Some(Rating { rating: conservative(mu, sigma), mu, sigma, matches, wins, win_rate, average_place })
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct RatingPoint {
    pub match_id: i64,
    pub mu: f64,
    pub sigma: f64,
    /// mu - 3 sigma.
    pub rating: f64,
    pub at: DateTime<Utc>,
}

/// A sanity or qualification match of a bot, with how it went for that bot.
#[derive(Clone, Debug, Serialize)]
pub struct QualificationMatch {
    pub match_id: i64,
    /// `sanity` or `qualification`.
    pub kind: String,
    pub seed: i64,
    pub state: String,
    pub finished_at: Option<DateTime<Utc>>,
    /// The bot's score (its best seat in a sanity match).
    pub score: Option<i64>,
    /// The best score of the other seats.
    pub best_other: Option<i64>,
    /// None until the match is over.
    pub passed: Option<bool>,
    /// In words: "won 120 to 95", "frozen (timeout)", "queued", ...
    pub result: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct RecentMatch {
    pub match_id: i64,
    pub kind: String,
    pub state: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub seat: i16,
    /// 1-based place (ties share the best place).
    pub place: Option<i16>,
    pub score: Option<i64>,
    pub frozen_reason: Option<String>,
    /// The other seats' bot names, by seat.
    pub opponents: Vec<String>,
}

/// Rating points on a bot's page and in its JSON: a page stays small however long the bot
/// has been on the ladder.
pub const MAX_RATING_POINTS: i64 = 500;

/// A bot's rating history in order, and its full length. With `at_most`, a longer history is
/// thinned to about that many points (every k-th, and always the first and the last).
pub async fn rating_history(pool: &PgPool, bot_id: i64, at_most: Option<i64>) -> sqlx::Result<(Vec<RatingPoint>, i64)> {
    let rows: Vec<(i64, f64, f64, DateTime<Utc>, i64)> = sqlx::query_as(
        "SELECT match_id, mu, sigma, at, total FROM (
             SELECT match_id, mu, sigma, at, row_number() OVER (ORDER BY at, match_id) AS n,
                    count(*) OVER () AS total
             FROM rating_history WHERE bot_id = $1) h
         WHERE $2::BIGINT IS NULL OR total <= $2 OR n = total
               OR (n - 1) % ((total + $2 - 2) / ($2 - 1)) = 0
         ORDER BY n",
    )
    .bind(bot_id)
    .bind(at_most.map(|n| n.max(2)))
    .fetch_all(pool)
    .await?;
    let total = rows.first().map(|r| r.4).unwrap_or(0);
    let points = rows
        .into_iter()
        .map(|(match_id, mu, sigma, at, _)| RatingPoint { match_id, mu, sigma, rating: conservative(mu, sigma), at })
        .collect();
    Ok((points, total))
}

#[derive(Clone, Debug, Serialize)]
pub struct BotDetail {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub game_title: String,
    pub owner_id: i64,
    pub owner: String,
    pub is_house: bool,
    pub created_at: DateTime<Utc>,
    pub wasm_hash: String,
    pub size: i32,
    /// `qualifying`, `qualified` or `failed`.
    pub status: String,
    pub verdict: Option<String>,
    pub qualified_at: Option<DateTime<Utc>>,
    /// Its owner's representative in its game.
    pub is_representative: bool,
    /// Plays ladder matches: a representative, or the newest version of a house bot.
    pub on_ladder: bool,
    pub rating: Option<Rating>,
    /// At most [`MAX_RATING_POINTS`] points, evenly spread over the history with the first and
    /// the last; all of them at `/api/bots/{id}/ratings`.
    pub rating_history: Vec<RatingPoint>,
    /// How many points the whole history has.
    pub rating_points: i64,
    pub qualification: Vec<QualificationMatch>,
    /// Sanity and qualification matches that are over (pages poll this to know when to reload).
    pub qualification_finished: usize,
    pub recent_matches: Vec<RecentMatch>,
    /// Its statistics (also alone at `/api/bots/{id}/stats`).
    pub stats: crate::site::read::bot_stats::BotStats,
}

#[derive(sqlx::FromRow)]
struct BotRow {
    id: i64,
    name: String,
    game: String,
    owner_id: i64,
    owner: String,
    is_house: bool,
    created_at: DateTime<Utc>,
    wasm_hash: String,
    size: i32,
    status: String,
    verdict: Option<String>,
    qualified_at: Option<DateTime<Utc>>,
    is_representative: bool,
    newest_house: bool,
    mu: Option<f64>,
    sigma: Option<f64>,
    matches: Option<i32>,
    wins: Option<i32>,
    place_sum: Option<i32>,
}

#[derive(sqlx::FromRow)]
struct QualificationRow {
    match_id: i64,
    kind: String,
    seed: i64,
    state: String,
    finished_at: Option<DateTime<Utc>>,
    error: Option<String>,
    score: Option<i64>,
    best_other: Option<i64>,
    frozen_reason: Option<String>,
}

#[derive(sqlx::FromRow)]
struct RecentRow {
    match_id: i64,
    kind: String,
    state: String,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    seat: i16,
    place: Option<i16>,
    score: Option<i64>,
    frozen_reason: Option<String>,
    opponents: Vec<String>,
}

/// Describes how a finished (or not) qualification match went for its subject.
fn judge(r: &QualificationRow) -> (Option<bool>, String) {
    match r.state.as_str() {
        "queued" => (None, "queued".into()),
        "running" => (None, "running".into()),
        "cancelled" => (None, "cancelled".into()),
        "failed" => (Some(false), format!("could not be played: {}", r.error.as_deref().unwrap_or("unknown error"))),
        _ if r.kind == "sanity" => match &r.frozen_reason {
            Some(reason) => (Some(false), format!("frozen ({reason})")),
            None => (Some(true), "passed".into()),
        },
        _ => {
            let (mine, other) = (r.score.unwrap_or(i64::MIN), r.best_other.unwrap_or(i64::MIN));
            let frozen = r.frozen_reason.as_ref().map(|f| format!(", frozen ({f})")).unwrap_or_default();
            let score = |s: Option<i64>| s.map(|s| s.to_string()).unwrap_or_else(|| "?".into());
            if mine > other {
                (Some(true), format!("won {} to {}{frozen}", score(r.score), score(r.best_other)))
            } else if mine == other {
                (
                    Some(false),
                    format!("tied {} to {} (a tie is not a win){frozen}", score(r.score), score(r.best_other)),
                )
            } else {
                (Some(false), format!("lost {} to {}{frozen}", score(r.score), score(r.best_other)))
            }
        }
    }
}

/// Everything about one bot, or None if there is no such bot.
pub async fn bot_detail(pool: &PgPool, bot_id: i64) -> sqlx::Result<Option<BotDetail>> {
    let row: Option<BotRow> = sqlx::query_as(
        "SELECT b.id, b.name, b.game, u.id AS owner_id, u.username AS owner, u.is_house, b.created_at,
                b.wasm_hash, w.size, CASE WHEN b.retired_at IS NOT NULL THEN 'retired' ELSE b.status END AS status,
                b.verdict, b.qualified_at,
                EXISTS (SELECT 1 FROM representatives p WHERE p.bot_id = b.id) AS is_representative,
                (u.is_house AND NOT EXISTS (SELECT 1 FROM bots n WHERE n.user_id = b.user_id AND n.game = b.game
                                            AND n.name = b.name AND n.id > b.id)) AS newest_house,
                r.mu, r.sigma, r.matches, r.wins, r.place_sum
         FROM bots b
         JOIN users u ON u.id = b.user_id
         JOIN wasm_modules w ON w.hash = b.wasm_hash
         LEFT JOIN ratings r ON r.bot_id = b.id
         WHERE b.id = $1",
    )
    .bind(bot_id)
    .fetch_optional(pool)
    .await?;
    let Some(b) = row else { return Ok(None) };

    let rating = Rating::from_columns(b.mu, b.sigma, b.matches, b.wins, b.place_sum);

    let (rating_history, rating_points) = rating_history(pool, bot_id, Some(MAX_RATING_POINTS)).await?;

    // In a sanity match every seat is the subject: its best seat is its score, and any frozen
    // copy fails it.
    let rows: Vec<QualificationRow> = sqlx::query_as(
        "SELECT m.id AS match_id, m.kind, m.seed, m.state, m.finished_at, m.error,
                (SELECT max(p.score) FROM match_players p WHERE p.match_id = m.id AND p.bot_id = $1) AS score,
                (SELECT max(p.score) FROM match_players p WHERE p.match_id = m.id AND p.bot_id <> $1) AS best_other,
                (SELECT p.frozen_reason FROM match_players p
                 WHERE p.match_id = m.id AND p.bot_id = $1 AND p.frozen_reason IS NOT NULL
                 ORDER BY p.seat LIMIT 1) AS frozen_reason
         FROM matches m
         WHERE m.subject_bot_id = $1 AND m.kind IN ('sanity', 'qualification')
         ORDER BY m.id",
    )
    .bind(bot_id)
    .fetch_all(pool)
    .await?;
    let qualification: Vec<QualificationMatch> = rows
        .iter()
        .map(|r| {
            let (passed, result) = judge(r);
            QualificationMatch {
                match_id: r.match_id,
                kind: r.kind.clone(),
                seed: r.seed,
                state: r.state.clone(),
                finished_at: r.finished_at,
                score: r.score,
                best_other: r.best_other,
                passed,
                result,
            }
        })
        .collect();
    let qualification_finished =
        qualification.iter().filter(|q| !matches!(q.state.as_str(), "queued" | "running")).count();

    // One row per match (a sanity match seats the bot four times: its first seat stands).
    let recent: Vec<RecentRow> = sqlx::query_as(
        "SELECT DISTINCT ON (m.id) m.id AS match_id, m.kind, m.state, m.created_at, m.finished_at,
                p.seat, p.rank AS place, p.score, p.frozen_reason,
                ARRAY(SELECT ob.name FROM match_players o JOIN bots ob ON ob.id = o.bot_id
                      WHERE o.match_id = m.id AND o.seat <> p.seat ORDER BY o.seat) AS opponents
         FROM match_players p JOIN matches m ON m.id = p.match_id
         WHERE p.bot_id = $1
         ORDER BY m.id DESC, p.seat
         LIMIT $2",
    )
    .bind(bot_id)
    .bind(RECENT_MATCHES)
    .fetch_all(pool)
    .await?;
    let recent_matches = recent
        .into_iter()
        .map(|r| RecentMatch {
            match_id: r.match_id,
            kind: r.kind,
            state: r.state,
            created_at: r.created_at,
            finished_at: r.finished_at,
            seat: r.seat,
            place: r.place,
            score: r.score,
            frozen_reason: r.frozen_reason,
            opponents: r.opponents,
        })
        .collect();

    Ok(Some(BotDetail {
        game_title: game_title(&b.game),
        id: b.id,
        name: b.name,
        game: b.game,
        owner_id: b.owner_id,
        owner: b.owner,
        is_house: b.is_house,
        created_at: b.created_at,
        wasm_hash: b.wasm_hash,
        size: b.size,
        status: b.status,
        verdict: b.verdict,
        qualified_at: b.qualified_at,
        on_ladder: b.is_representative || b.newest_house,
        is_representative: b.is_representative,
        rating,
        rating_history,
        rating_points,
        qualification,
        qualification_finished,
        recent_matches,
        stats: crate::site::read::bot_stats::bot_stats(pool, bot_id).await?,
    }))
}

// ---------------------------------------------------------------------------------------------
// Matches

#[derive(Clone, Debug, Serialize)]
pub struct SeatDetail {
    pub seat: i16,
    pub bot_id: i64,
    pub bot_name: String,
    pub owner: String,
    pub is_house: bool,
    pub score: Option<i64>,
    /// 1-based place (ties share the best place).
    pub rank: Option<i16>,
    /// CPU share (0..1); negative when frozen.
    pub cpu: Option<f64>,
    pub frozen_reason: Option<String>,
    pub frozen_round: Option<i32>,
    pub frozen_message: Option<String>,
    /// The bot's stderr (lossy UTF-8), only for its owner.
    pub stderr: Option<String>,
    /// Whether that stderr was cut at the sandbox's cap (only for its owner).
    pub stderr_truncated: Option<bool>,
    /// Where each round starts in that stderr (`crate::stderr_rounds::index_to_db`; only for its
    /// owner; the API's `/api/matches/{id}/stderr` gives it split by round).
    #[serde(skip)]
    pub stderr_rounds: Option<Vec<i64>>,
    /// The owner's user id: who may see the stderr (not published).
    #[serde(skip)]
    pub owner_id: i64,
    /// `sha256:<hex>` of the bot's module (the replay's header has it too).
    pub wasm_hash: String,
    /// The name the bot played under, when it was renamed since (see `own_bots::rename`).
    pub played_as: Option<String>,
}

impl SeatDetail {
    /// The name in the replay: the one the bot played under.
    pub fn replay_name(&self) -> &str {
        self.played_as.as_deref().unwrap_or(&self.bot_name)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct MatchDetail {
    pub id: i64,
    pub game: String,
    pub game_title: String,
    /// `sanity`, `qualification` or `ladder`.
    pub kind: String,
    /// `queued`, `running`, `done`, `failed` or `cancelled`.
    pub state: String,
    pub seed: i64,
    /// The bot being qualified (sanity and qualification matches).
    pub subject_bot_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub duration_ms: Option<f64>,
    pub rounds: Option<i32>,
    pub replay_size: Option<i32>,
    /// When retention deleted the replay (ladder matches, `crate::site::store::retention`).
    pub replay_pruned_at: Option<DateTime<Utc>>,
    pub error: Option<String>,
    /// The `.cnf` text it was played with (a tournament's organiser's); None: the defaults.
    pub config: Option<String>,
    pub players: Vec<SeatDetail>,
}

#[derive(sqlx::FromRow)]
struct MatchRow {
    id: i64,
    game: String,
    kind: String,
    state: String,
    seed: i64,
    subject_bot_id: Option<i64>,
    created_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
    duration_ms: Option<f64>,
    rounds: Option<i32>,
    replay_size: Option<i32>,
    replay_pruned_at: Option<DateTime<Utc>>,
    error: Option<String>,
    config: Option<String>,
}

#[derive(sqlx::FromRow)]
struct SeatRow {
    seat: i16,
    bot_id: i64,
    bot_name: String,
    owner: String,
    owner_id: i64,
    is_house: bool,
    score: Option<i64>,
    rank: Option<i16>,
    cpu: Option<f64>,
    frozen_reason: Option<String>,
    frozen_round: Option<i32>,
    frozen_message: Option<String>,
    wasm_hash: String,
    played_as: Option<String>,
}

/// One match, seen by `viewer` (a user id): stderr is filled in only for the viewer's own seats.
pub async fn match_detail(pool: &PgPool, match_id: i64, viewer: Option<i64>) -> sqlx::Result<Option<MatchDetail>> {
    let Some(mut m) = match_public(pool, match_id).await? else { return Ok(None) };
    add_stderr(pool, &mut m, viewer).await?;
    Ok(Some(m))
}

/// One match as anybody sees it: no stderr.
pub async fn match_public(pool: &PgPool, match_id: i64) -> sqlx::Result<Option<MatchDetail>> {
    let row: Option<MatchRow> = sqlx::query_as(
        "SELECT id, game, kind, state, seed, subject_bot_id, created_at, started_at, finished_at, duration_ms,
                rounds, replay_size, replay_pruned_at, error, config
         FROM matches WHERE id = $1",
    )
    .bind(match_id)
    .fetch_optional(pool)
    .await?;
    let Some(m) = row else { return Ok(None) };
    let seats: Vec<SeatRow> = sqlx::query_as(
        "SELECT p.seat, p.bot_id, b.name AS bot_name, u.username AS owner, b.user_id AS owner_id, u.is_house,
                p.score, p.rank, p.cpu, p.frozen_reason, p.frozen_round, p.frozen_message, b.wasm_hash,
                p.played_as
         FROM match_players p JOIN bots b ON b.id = p.bot_id JOIN users u ON u.id = b.user_id
         WHERE p.match_id = $1 ORDER BY p.seat",
    )
    .bind(match_id)
    .fetch_all(pool)
    .await?;
    let players = seats
        .into_iter()
        .map(|s| SeatDetail {
            played_as: s.played_as.filter(|n| *n != s.bot_name),
            seat: s.seat,
            bot_id: s.bot_id,
            bot_name: s.bot_name,
            owner: s.owner,
            is_house: s.is_house,
            score: s.score,
            rank: s.rank,
            cpu: s.cpu,
            frozen_reason: s.frozen_reason,
            frozen_round: s.frozen_round,
            frozen_message: s.frozen_message,
            stderr: None,
            stderr_truncated: None,
            stderr_rounds: None,
            owner_id: s.owner_id,
            wasm_hash: s.wasm_hash,
        })
        .collect();
    Ok(Some(MatchDetail {
        game_title: game_title(&m.game),
        id: m.id,
        game: m.game,
        kind: m.kind,
        state: m.state,
        seed: m.seed,
        subject_bot_id: m.subject_bot_id,
        created_at: m.created_at,
        started_at: m.started_at,
        finished_at: m.finished_at,
        duration_ms: m.duration_ms,
        rounds: m.rounds,
        replay_size: m.replay_size,
        replay_pruned_at: m.replay_pruned_at,
        config: m.config,
        error: m.error,
        players,
    }))
}

/// A viewer's own seats' stderr in a match: (seat, stderr, truncated, rounds' offsets).
pub type OwnStderr = Vec<(i16, Option<String>, Option<bool>, Option<Vec<i64>>)>;

/// Reads the stderr of `viewer`'s own seats in match `match_id`.
pub async fn own_stderr(pool: &PgPool, match_id: i64, viewer: i64) -> sqlx::Result<OwnStderr> {
    type Row = (i16, Option<Vec<u8>>, Option<bool>, Option<Vec<i64>>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT p.seat, p.stderr, p.stderr_truncated, p.stderr_rounds FROM match_players p
         JOIN bots b ON b.id = p.bot_id
         WHERE p.match_id = $1 AND b.user_id = $2",
    )
    .bind(match_id)
    .bind(viewer)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(seat, b, t, r)| (seat, b.map(|b| String::from_utf8_lossy(&b).into_owned()), t, r))
        .collect())
}

/// Puts `viewer`'s own stderr into the match's seats.
pub fn apply_stderr(m: &mut MatchDetail, viewer: i64, rows: &OwnStderr) {
    for (seat, stderr, truncated, rounds) in rows {
        if let Some(p) = m.players.iter_mut().find(|p| p.seat == *seat && p.owner_id == viewer) {
            p.stderr = stderr.clone();
            p.stderr_truncated = *truncated;
            p.stderr_rounds = rounds.clone();
        }
    }
}

/// The stderr of a match's seats that `viewer` may read, round by round: its own bots' seats,
/// or every seat for an admin. Seats whose stderr retention deleted are left out.
pub async fn stderr_by_round(
    pool: &PgPool,
    match_id: i64,
    viewer: i64,
    admin: bool,
) -> sqlx::Result<crate::stderr_rounds::MatchStderr> {
    type Row = (i16, String, Option<String>, Vec<u8>, Option<Vec<i64>>, Option<i64>, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT p.seat, b.name, p.played_as, p.stderr, p.stderr_rounds, p.stderr_written, p.stderr_cut_bytes
         FROM match_players p JOIN bots b ON b.id = p.bot_id
         WHERE p.match_id = $1 AND (b.user_id = $2 OR $3) AND p.stderr IS NOT NULL ORDER BY p.seat",
    )
    .bind(match_id)
    .bind(viewer)
    .bind(admin)
    .fetch_all(pool)
    .await?;
    let seats = rows
        .into_iter()
        .map(|(seat, name, played_as, text, rounds, written, cut)| {
            let index = crate::stderr_rounds::index_from_db(&rounds.unwrap_or_default());
            crate::stderr_rounds::SeatStderr {
                seat: seat as u8,
                name: played_as.unwrap_or(name),
                written: written.map(|w| w.max(0) as u64),
                cut_bytes: cut.unwrap_or(0).max(0) as u64,
                rounds: crate::stderr_rounds::split(&String::from_utf8_lossy(&text), &index),
            }
        })
        .collect();
    Ok(crate::stderr_rounds::MatchStderr { seats })
}

/// Fills in the stderr of `viewer`'s own seats (other people's stderr never leaves the database);
/// asks the database only when the viewer owns a seat.
pub async fn add_stderr(pool: &PgPool, m: &mut MatchDetail, viewer: Option<i64>) -> sqlx::Result<()> {
    let Some(viewer) = viewer else { return Ok(()) };
    if !m.players.iter().any(|p| p.owner_id == viewer) {
        return Ok(());
    }
    let rows = own_stderr(pool, m.id, viewer).await?;
    apply_stderr(m, viewer, &rows);
    Ok(())
}

/// A match's game and state, if the match exists (for the replay download).
pub async fn match_state(pool: &PgPool, match_id: i64) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT game, state FROM matches WHERE id = $1").bind(match_id).fetch_optional(pool).await
}

// ---------------------------------------------------------------------------------------------
// A user's bots

#[derive(Clone, Debug, Serialize)]
pub struct MyBot {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub status: String,
    pub verdict: Option<String>,
    pub qualified_at: Option<DateTime<Utc>>,
    pub is_representative: bool,
    pub rating: Option<Rating>,
}

#[derive(Clone, Debug, Serialize)]
pub struct MyGameBots {
    pub game: String,
    pub title: String,
    /// The user's representative in this game, if any.
    pub representative: Option<i64>,
    /// Newest first.
    pub bots: Vec<MyBot>,
}

#[derive(sqlx::FromRow)]
struct MyBotRow {
    id: i64,
    game: String,
    name: String,
    created_at: DateTime<Utc>,
    status: String,
    verdict: Option<String>,
    qualified_at: Option<DateTime<Utc>>,
    is_representative: bool,
    mu: Option<f64>,
    sigma: Option<f64>,
    matches: Option<i32>,
    wins: Option<i32>,
    place_sum: Option<i32>,
}

/// All versions of a user's bots, grouped by game (catalog order, then unknown games).
pub async fn my_bots(pool: &PgPool, user_id: i64) -> sqlx::Result<Vec<MyGameBots>> {
    let rows: Vec<MyBotRow> = sqlx::query_as(
        "SELECT b.id, b.game, b.name, b.created_at,
                CASE WHEN b.retired_at IS NOT NULL THEN 'retired' ELSE b.status END AS status, b.verdict, b.qualified_at,
                EXISTS (SELECT 1 FROM representatives p WHERE p.user_id = b.user_id AND p.bot_id = b.id)
                    AS is_representative,
                r.mu, r.sigma, r.matches, r.wins, r.place_sum
         FROM bots b LEFT JOIN ratings r ON r.bot_id = b.id
         WHERE b.user_id = $1
         ORDER BY b.game, b.id DESC",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    let order: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
    let mut groups: Vec<MyGameBots> = Vec::new();
    for r in rows {
        let rating = Rating::from_columns(r.mu, r.sigma, r.matches, r.wins, r.place_sum);
        let bot = MyBot {
            id: r.id,
            name: r.name,
            created_at: r.created_at,
            status: r.status,
            verdict: r.verdict,
            qualified_at: r.qualified_at,
            is_representative: r.is_representative,
            rating,
        };
        if groups.last().is_none_or(|g| g.game != r.game) {
            groups.push(MyGameBots {
                title: game_title(&r.game),
                game: r.game,
                representative: None,
                bots: Vec::new(),
            });
        }
        if let Some(g) = groups.last_mut() {
            if bot.is_representative {
                g.representative = Some(bot.id);
            }
            g.bots.push(bot);
        }
    }
    let position = |game: &str| order.iter().position(|g| *g == game).unwrap_or(order.len());
    groups.sort_by(|a, b| position(&a.game).cmp(&position(&b.game)).then_with(|| a.game.cmp(&b.game)));
    Ok(groups)
}

/// A bot's owner, game and status, if the bot exists (to check a change its owner asks for).
pub async fn bot_owner(pool: &PgPool, bot_id: i64) -> sqlx::Result<Option<(i64, String, String)>> {
    // A retired bot counts as such, whatever its qualification said.
    sqlx::query_as(
        "SELECT user_id, game, CASE WHEN retired_at IS NOT NULL THEN 'retired' ELSE status END FROM bots WHERE id = $1",
    )
    .bind(bot_id)
    .fetch_optional(pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(
        kind: &str,
        state: &str,
        score: Option<i64>,
        best_other: Option<i64>,
        frozen: Option<&str>,
    ) -> QualificationRow {
        QualificationRow {
            match_id: 1,
            kind: kind.into(),
            seed: 7,
            state: state.into(),
            finished_at: None,
            error: Some("no worker".into()),
            score,
            best_other,
            frozen_reason: frozen.map(str::to_string),
        }
    }

    #[test]
    fn judges_qualification_matches_like_qualification_does() {
        assert_eq!(judge(&row("sanity", "done", Some(3), None, None)), (Some(true), "passed".into()));
        assert_eq!(judge(&row("sanity", "done", Some(3), None, Some("timeout"))).0, Some(false));
        assert_eq!(judge(&row("qualification", "done", Some(10), Some(9), None)), (Some(true), "won 10 to 9".into()));
        let tie = judge(&row("qualification", "done", Some(9), Some(9), None));
        assert_eq!(tie.0, Some(false));
        assert!(tie.1.contains("tie is not a win"));
        let lost = judge(&row("qualification", "done", Some(1), Some(9), Some("crash")));
        assert_eq!(lost, (Some(false), "lost 1 to 9, frozen (crash)".into()));
        assert_eq!(judge(&row("qualification", "queued", None, None, None)), (None, "queued".into()));
        assert_eq!(judge(&row("qualification", "failed", None, None, None)).1, "could not be played: no worker");
    }

    #[test]
    fn averages_need_matches() {
        assert_eq!(averages(0, 0, 0), (None, None));
        assert_eq!(averages(4, 1, 10), (Some(0.25), Some(2.5)));
    }
}
