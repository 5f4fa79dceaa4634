//! A bot's statistics (its page and `/api/bots/{id}/stats`), computed in one query over its
//! finished matches.
//!
//! What counts:
//! - only finished matches (`done`); queued, running, failed and cancelled ones are not results;
//! - the figures count every kind but the qualification ones ([`counts`]: ladder, tournament,
//!   practice); sanity and qualification matches (a new bot against its own copies and against
//!   Dummies) appear in the per-kind counts only;
//! - a bot seated twice in a match (its own copies, a tournament's Dummy fillers) counts once,
//!   by its first seat, like its page's recent matches;
//! - an opponent seated twice in a match counts once, at its best place; the bot's own copies
//!   are not opponents;
//! - the CPU share distribution leaves out frozen seats (their share is negative).

use crate::site::core::kind::Kind;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgPool;

/// Opponents listed: the most frequent ones.
pub const TOP_OPPONENTS: i64 = 10;

/// Buckets of the CPU share histogram, each 1/CPU_BUCKETS wide over 0..1.
pub const CPU_BUCKETS: usize = 10;

/// Whether matches of `kind` count in a bot's statistics: every kind but the qualification
/// ones, which only say whether a new bot may play (so a kind added later counts).
pub fn counts(kind: Kind) -> bool {
    !matches!(kind, Kind::Sanity | Kind::Qualification)
}

/// The kinds that count, as stored in `matches.kind`.
pub fn counted_kinds() -> Vec<String> {
    Kind::ALL.iter().copied().filter(|k| counts(*k)).map(|k| k.as_str().to_string()).collect()
}

#[derive(Clone, Debug, Serialize)]
pub struct BotStats {
    /// The kinds whose matches the figures below count.
    pub counted_kinds: Vec<String>,
    /// Finished matches of every kind, counted or not, by kind (alphabetical).
    pub by_kind: Vec<KindCount>,
    /// Finished matches of the counted kinds.
    pub matches: i64,
    /// Of those, the ones it won (place 1, ties included).
    pub wins: i64,
    pub win_rate: Option<f64>,
    pub mean_place: Option<f64>,
    pub mean_score: Option<f64>,
    pub cpu: CpuShares,
    /// Frozen in a counted match, by reason (most frequent first).
    pub freezes: Vec<FreezeCount>,
    /// The [`TOP_OPPONENTS`] bots it met most often (most matches first, then by bot id).
    pub opponents: Vec<Opponent>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct KindCount {
    pub kind: String,
    pub matches: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct FreezeCount {
    pub reason: String,
    pub matches: i64,
}

/// Its CPU share per counted match it was not frozen in.
#[derive(Clone, Debug, Serialize)]
pub struct CpuShares {
    pub matches: i64,
    /// None without such matches.
    pub quartiles: Option<Quartiles>,
    /// [`CPU_BUCKETS`] buckets over 0..1, empty ones included; a share of 1 is in the last.
    pub histogram: Vec<CpuBucket>,
}

/// Minimum, quartiles (linear interpolation, as Postgres's `percentile_cont`) and maximum.
#[derive(Clone, Debug, Serialize)]
pub struct Quartiles {
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct CpuBucket {
    /// The bucket is `from <= share < to` (the last one includes 1).
    pub from: f64,
    pub to: f64,
    pub matches: i64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Opponent {
    pub bot_id: i64,
    pub name: String,
    pub owner: String,
    pub is_house: bool,
    /// Counted matches together.
    pub matches: i64,
    /// Of those, the ones this bot won.
    pub wins: i64,
    pub win_rate: f64,
    /// This bot's mean place in those matches.
    pub mean_place: Option<f64>,
    /// Head to head: matches where this bot placed above / below it (the rest are ties).
    pub above: i64,
    pub below: i64,
    pub above_rate: f64,
}

#[derive(Deserialize)]
struct OpponentRow {
    bot_id: i64,
    name: String,
    owner: String,
    is_house: bool,
    matches: i64,
    wins: i64,
    mean_place: Option<f64>,
    above: i64,
    below: i64,
}

#[derive(Deserialize)]
struct BucketRow {
    bucket: usize,
    matches: i64,
}

#[derive(sqlx::FromRow)]
struct StatsRow {
    matches: i64,
    wins: i64,
    mean_place: Option<f64>,
    mean_score: Option<f64>,
    cpu_matches: i64,
    cpu_quartiles: Option<Vec<f64>>,
    by_kind: Json<Vec<KindCount>>,
    cpu_histogram: Json<Vec<BucketRow>>,
    freezes: Json<Vec<FreezeCount>>,
    opponents: Json<Vec<OpponentRow>>,
}

/// One round trip: `mine` is the bot's first seat in each finished match (read through
/// `match_players_bot`), the rest aggregates it; opponents come from the same matches' seats
/// (the primary key of `match_players`).
const STATS_SQL: &str = "
WITH mine AS MATERIALIZED (
    SELECT DISTINCT ON (p.match_id) p.match_id, m.kind, p.rank, p.score, p.cpu, p.frozen_reason
    FROM match_players p JOIN matches m ON m.id = p.match_id
    WHERE p.bot_id = $1 AND m.state = 'done'
    ORDER BY p.match_id, p.seat),
counted AS MATERIALIZED (SELECT * FROM mine WHERE kind = ANY($2)),
cpu AS (SELECT cpu FROM counted WHERE cpu >= 0),
against AS (
    SELECT o.bot_id, c.match_id, c.rank AS mine, min(o.rank) AS theirs
    FROM counted c JOIN match_players o ON o.match_id = c.match_id AND o.bot_id <> $1
    GROUP BY o.bot_id, c.match_id, c.rank),
top AS (
    SELECT bot_id, count(*) AS matches, count(*) FILTER (WHERE mine = 1) AS wins,
           avg(mine::float8) AS mean_place,
           count(*) FILTER (WHERE mine < theirs) AS above,
           count(*) FILTER (WHERE mine > theirs) AS below
    FROM against GROUP BY bot_id
    ORDER BY matches DESC, bot_id LIMIT $3)
SELECT
    (SELECT count(*) FROM counted) AS matches,
    (SELECT count(*) FROM counted WHERE rank = 1) AS wins,
    (SELECT avg(rank::float8) FROM counted) AS mean_place,
    (SELECT avg(score::float8) FROM counted) AS mean_score,
    (SELECT count(*) FROM cpu) AS cpu_matches,
    (SELECT percentile_cont(ARRAY[0, 0.25, 0.5, 0.75, 1]::float8[]) WITHIN GROUP (ORDER BY cpu) FROM cpu)
        AS cpu_quartiles,
    (SELECT coalesce(json_agg(json_build_object('kind', kind, 'matches', n) ORDER BY kind), '[]')
     FROM (SELECT kind, count(*) AS n FROM mine GROUP BY kind) k) AS by_kind,
    (SELECT coalesce(json_agg(json_build_object('bucket', b, 'matches', n) ORDER BY b), '[]')
     FROM (SELECT least(greatest(floor(cpu * $4), 0), $4 - 1)::int AS b, count(*) AS n FROM cpu GROUP BY 1) h)
        AS cpu_histogram,
    (SELECT coalesce(json_agg(json_build_object('reason', frozen_reason, 'matches', n)
                              ORDER BY n DESC, frozen_reason), '[]')
     FROM (SELECT frozen_reason, count(*) AS n FROM counted WHERE frozen_reason IS NOT NULL GROUP BY 1) f)
        AS freezes,
    (SELECT coalesce(json_agg(json_build_object(
                'bot_id', t.bot_id, 'name', b.name, 'owner', u.username, 'is_house', u.is_house,
                'matches', t.matches, 'wins', t.wins, 'mean_place', t.mean_place,
                'above', t.above, 'below', t.below) ORDER BY t.matches DESC, t.bot_id), '[]')
     FROM top t JOIN bots b ON b.id = t.bot_id JOIN users u ON u.id = b.user_id) AS opponents";

/// `part / whole`, 0 for nothing.
fn rate(part: i64, whole: i64) -> f64 {
    if whole > 0 {
        part as f64 / whole as f64
    } else {
        0.0
    }
}

/// The statistics of bot `bot_id` (all zero for a bot without finished matches, or none).
pub async fn bot_stats(pool: &PgPool, bot_id: i64) -> sqlx::Result<BotStats> {
    let counted_kinds = counted_kinds();
    let r: StatsRow = sqlx::query_as(STATS_SQL)
        .bind(bot_id)
        .bind(&counted_kinds)
        .bind(TOP_OPPONENTS)
        .bind(CPU_BUCKETS as f64)
        .fetch_one(pool)
        .await?;
    let quartiles = match r.cpu_quartiles.as_deref() {
        Some(&[min, q1, median, q3, max]) => Some(Quartiles { min, q1, median, q3, max }),
        _ => None,
    };
    let mut histogram: Vec<CpuBucket> = (0..CPU_BUCKETS)
        .map(|k| CpuBucket { from: k as f64 / CPU_BUCKETS as f64, to: (k + 1) as f64 / CPU_BUCKETS as f64, matches: 0 })
        .collect();
    for b in r.cpu_histogram.0 {
        if let Some(bucket) = histogram.get_mut(b.bucket) {
            bucket.matches = b.matches;
        }
    }
    let opponents = r
        .opponents
        .0
        .into_iter()
        .map(|o| Opponent {
            win_rate: rate(o.wins, o.matches),
            above_rate: rate(o.above, o.matches),
            bot_id: o.bot_id,
            name: o.name,
            owner: o.owner,
            is_house: o.is_house,
            matches: o.matches,
            wins: o.wins,
            mean_place: o.mean_place,
            above: o.above,
            below: o.below,
        })
        .collect();
    Ok(BotStats {
        counted_kinds,
        by_kind: r.by_kind.0,
        matches: r.matches,
        wins: r.wins,
        win_rate: (r.matches > 0).then(|| rate(r.wins, r.matches)),
        mean_place: r.mean_place,
        mean_score: r.mean_score,
        cpu: CpuShares { matches: r.cpu_matches, quartiles, histogram },
        freezes: r.freezes.0,
        opponents,
    })
}

impl BotStats {
    /// The largest bucket of the CPU histogram (the scale of its bars).
    pub fn cpu_peak(&self) -> i64 {
        self.cpu.histogram.iter().map(|b| b.matches).max().unwrap_or(0).max(1)
    }
}
