//! The ladder: representatives (one per user and game, plus the house bots as fixed reference
//! points) play 4-player matches continuously, rated with Weng-Lin (skillratings), a Bayesian
//! rating for multi-player games that takes full placements with ties; the leaderboard shows
//! mu - 3 sigma. skillratings is used rather than our own maths: it is maintained, tested and
//! implements the published update.

use super::{BoxFuture, Scheduler};
use crate::site::core::config::SiteConfig;
use crate::site::core::kind::{Kind, MatchEnd};
use crate::site::core::rating::{conservative, DEFAULT_MU, DEFAULT_SIGMA};
use crate::site::matches::queue::{self, NewMatch};
use crate::site::state::AppState;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use sqlx::{PgConnection, PgPool};
use std::time::Duration;

/// The ladder as a match source: every `--ladder-interval-ms` it tops up each game's queue
/// ([`schedule`]); each played match is rated ([`rate_match`]). A failed match is not rated.
pub struct Ladder;

impl Scheduler for Ladder {
    fn name(&self) -> &'static str {
        "ladder"
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Ladder]
    }

    fn on_match_done<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        match_id: i64,
        _kind: Kind,
        end: MatchEnd<'a>,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            if end == MatchEnd::Played {
                rate_match(conn, match_id).await?;
            }
            Ok(())
        })
    }

    fn tick_every(&self, config: &SiteConfig) -> Option<Duration> {
        (!config.no_ladder).then(|| Duration::from_millis(config.ladder_interval_ms.max(50)))
    }

    /// Tops up every playable game's ladder queue to one match per worker (at least two).
    fn tick<'a>(&'a self, state: &'a AppState) -> BoxFuture<'a, anyhow::Result<usize>> {
        Box::pin(async move {
            let target = state.config.workers().max(2);
            let mut queued = 0;
            for game in engine::catalog::games() {
                // One game's trouble does not stop the others'.
                match schedule(&state.pool, game.name(), target, &mut OsDice).await {
                    Ok(q) => queued += q.len(),
                    Err(e) => tracing::warn!(error = %e, game = game.name(), "ladder scheduling failed"),
                }
            }
            Ok(queued)
        })
    }
}

/// Makes `bot` its owner's representative in `game`. A bot that was never rated starts from the
/// owner's previous representative's mu with a widened sigma (or the defaults).
pub async fn make_representative(conn: &mut PgConnection, user: i64, game: &str, bot: i64) -> sqlx::Result<()> {
    let previous: Option<(f64, f64)> = sqlx::query_as(
        "SELECT r.mu, r.sigma FROM representatives p JOIN ratings r ON r.bot_id = p.bot_id
         WHERE p.user_id = $1 AND p.game = $2",
    )
    .bind(user)
    .bind(game)
    .fetch_optional(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO representatives (user_id, game, bot_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, game) DO UPDATE SET bot_id = EXCLUDED.bot_id, chosen_at = now()",
    )
    .bind(user)
    .bind(game)
    .bind(bot)
    .execute(&mut *conn)
    .await?;
    let (mu, sigma) = match previous {
        Some((mu, sigma)) => (mu, widened(sigma)),
        None => (DEFAULT_MU, DEFAULT_SIGMA),
    };
    sqlx::query(
        "INSERT INTO ratings (bot_id, game, mu, sigma) VALUES ($1, $2, $3, $4) ON CONFLICT (bot_id) DO NOTHING",
    )
    .bind(bot)
    .bind(game)
    .bind(mu)
    .bind(sigma)
    .execute(conn)
    .await?;
    Ok(())
}

/// A new version is a new program: its owner's skill says something about it, not everything.
pub fn widened(sigma: f64) -> f64 {
    (sigma * sigma + (DEFAULT_SIGMA / 2.0).powi(2)).sqrt().min(DEFAULT_SIGMA)
}

/// Rates a finished ladder match (same transaction as its results): every player's rating moves
/// by its placement (ranks with ties, as stored in `match_players`).
pub async fn rate_match(conn: &mut PgConnection, match_id: i64) -> sqlx::Result<()> {
    let rows: Vec<(i64, i16, f64, f64)> = sqlx::query_as(
        "SELECT p.bot_id, p.rank, r.mu, r.sigma FROM match_players p JOIN ratings r ON r.bot_id = p.bot_id
         WHERE p.match_id = $1 ORDER BY p.seat FOR UPDATE OF r",
    )
    .bind(match_id)
    .fetch_all(&mut *conn)
    .await?;
    // A bot may hold two seats only if something went wrong upstream; rate each bot once.
    let mut seen = std::collections::BTreeSet::new();
    if rows.len() < 2 || !rows.iter().all(|r| seen.insert(r.0)) {
        return Ok(());
    }
    let before: Vec<[WengLinRating; 1]> =
        rows.iter().map(|&(_, _, mu, sigma)| [WengLinRating { rating: mu, uncertainty: sigma }]).collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = rows
        .iter()
        .zip(&before)
        .map(|(&(_, rank, _, _), team)| (&team[..], MultiTeamOutcome::new(rank.max(1) as usize)))
        .collect();
    let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
    for ((bot, rank, _, _), new) in rows.iter().zip(after) {
        let r = new[0];
        sqlx::query(
            "UPDATE ratings SET mu = $2, sigma = $3, matches = matches + 1, wins = wins + ($4 = 1)::int,
                    place_sum = place_sum + $4, updated_at = now() WHERE bot_id = $1",
        )
        .bind(bot)
        .bind(r.rating)
        .bind(r.uncertainty)
        .bind(i32::from(*rank))
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (bot_id, match_id, mu, sigma) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(bot)
        .bind(match_id)
        .bind(r.rating)
        .bind(r.uncertainty)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A ladder participant.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Participant {
    pub bot_id: i64,
    pub mu: f64,
    pub sigma: f64,
    /// Ladder matches in the last day, queued ones included.
    pub recent: i64,
}

/// The ladder of a game: users' representatives and the house bots, with their ratings.
pub async fn participants(pool: &PgPool, game: &str) -> sqlx::Result<Vec<Participant>> {
    sqlx::query_as(
        "WITH entries AS (
             SELECT p.bot_id FROM representatives p JOIN users u ON u.id = p.user_id
             WHERE p.game = $1 AND NOT u.disabled
             UNION
             (SELECT DISTINCT ON (b.name) b.id FROM bots b JOIN users u ON u.id = b.user_id
              WHERE u.is_house AND b.game = $1 ORDER BY b.name, b.id DESC))
         SELECT e.bot_id, r.mu, r.sigma,
                (SELECT count(*) FROM match_players p JOIN matches m ON m.id = p.match_id
                 WHERE p.bot_id = e.bot_id AND m.kind = 'ladder' AND m.state <> 'cancelled'
                   AND m.created_at > now() - interval '1 day') AS recent
         FROM entries e JOIN ratings r ON r.bot_id = e.bot_id
         ORDER BY e.bot_id",
    )
    .bind(game)
    .fetch_all(pool)
    .await
}

/// Source of the scheduler's randomness (not the engine's: any unpredictable choice will do).
pub trait Dice {
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64;
}

/// The OS random source.
pub struct OsDice;

impl Dice for OsDice {
    fn unit(&mut self) -> f64 {
        let mut b = [0u8; 8];
        getrandom::fill(&mut b).expect("the OS random source works");
        (u64::from_le_bytes(b) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Picks the four bots of the next ladder match: the participant with the fewest recent matches
/// (ties at random), then the three whose ratings are nearest its own, each distance blurred by
/// up to one default sigma so that the same foursome does not play forever. Seats are shuffled.
pub fn pick(participants: &[Participant], dice: &mut dyn Dice) -> Option<[i64; 4]> {
    if participants.len() < 4 {
        return None;
    }
    let fewest = participants.iter().map(|p| p.recent).min()?;
    let least: Vec<&Participant> = participants.iter().filter(|p| p.recent == fewest).collect();
    let focus = least[((dice.unit() * least.len() as f64) as usize).min(least.len() - 1)];
    let rating = |p: &Participant| conservative(p.mu, p.sigma);
    let mut others: Vec<(f64, i64)> = participants
        .iter()
        .filter(|p| p.bot_id != focus.bot_id)
        .map(|p| ((rating(p) - rating(focus)).abs() + dice.unit() * DEFAULT_SIGMA, p.bot_id))
        .collect();
    others.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut seats = [focus.bot_id, others[0].1, others[1].1, others[2].1];
    for i in (1..4).rev() {
        let j = ((dice.unit() * (i + 1) as f64) as usize).min(i);
        seats.swap(i, j);
    }
    Some(seats)
}

/// Tops up a game's ladder queue to `target` queued matches; returns the matches queued.
pub async fn schedule(
    pool: &PgPool,
    game: &str,
    target: usize,
    dice: &mut (dyn Dice + Send),
) -> sqlx::Result<Vec<i64>> {
    let mut queued = Vec::new();
    loop {
        let waiting: i64 =
            sqlx::query_scalar("SELECT count(*) FROM matches WHERE game = $1 AND kind = 'ladder' AND state = 'queued'")
                .bind(game)
                .fetch_one(pool)
                .await?;
        if waiting as usize >= target {
            return Ok(queued);
        }
        let all = participants(pool, game).await?;
        let Some(bots) = pick(&all, dice) else { return Ok(queued) };
        let mut tx = pool.begin().await?;
        let m = NewMatch {
            game: game.to_string(),
            kind: Kind::Ladder,
            seed: crate::site::core::ids::fresh_seed(),
            subject_bot_id: None,
            bots,
            requested_by: None,
        };
        queued.push(queue::enqueue(&mut tx, &m).await?);
        tx.commit().await?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(Vec<f64>, usize);
    impl Dice for Fixed {
        fn unit(&mut self) -> f64 {
            self.1 += 1;
            self.0[(self.1 - 1) % self.0.len()]
        }
    }

    fn p(bot_id: i64, mu: f64, recent: i64) -> Participant {
        Participant { bot_id, mu, sigma: 1.0, recent }
    }

    #[test]
    fn picks_the_least_played_and_its_nearest_rivals() {
        let all = [p(1, 10.0, 5), p(2, 40.0, 0), p(3, 41.0, 3), p(4, 39.0, 3), p(5, 10.5, 3), p(6, 38.0, 3)];
        let mut seats = pick(&all, &mut Fixed(vec![0.0], 0)).unwrap();
        seats.sort();
        assert_eq!(seats, [2, 3, 4, 6]);
    }

    #[test]
    fn needs_four_participants() {
        assert!(pick(&[p(1, 1.0, 0), p(2, 1.0, 0), p(3, 1.0, 0)], &mut OsDice).is_none());
    }

    #[test]
    fn a_new_version_keeps_some_doubt() {
        assert!(widened(1.0) > 1.0);
        assert!(widened(DEFAULT_SIGMA) <= DEFAULT_SIGMA);
    }
}
