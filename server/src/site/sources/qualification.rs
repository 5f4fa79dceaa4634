//! Qualification, as on Jutge.org: a sanity match of four copies of the new bot, which must not
//! be frozen, then four matches against three Dummies on fresh seeds, all of which it must win
//! (strictly highest score). The sanity match ends at its first freeze (the other copies are
//! stopped, `matches::runner`), so a bot that loops in every seat costs one seat's backstop. The bot's row carries the verdict; a qualified bot's name is locked
//! and the bot becomes its owner's representative if the owner has none in that game.

use super::{BoxFuture, Scheduler};
use crate::site::core::kind::{Kind, MatchEnd};
use crate::site::matches::queue::{self, NewMatch};
use sqlx::PgConnection;

/// Qualification matches against Dummy.
pub const MATCHES_AGAINST_DUMMY: usize = 4;

/// Qualification as a match source: it queues sanity matches on upload ([`start`]), then the
/// matches against Dummy, and judges each result.
pub struct Qualification;

impl Scheduler for Qualification {
    fn name(&self) -> &'static str {
        "qualification"
    }

    fn kinds(&self) -> &'static [Kind] {
        &[Kind::Sanity, Kind::Qualification]
    }

    fn capped(&self) -> bool {
        true
    }

    fn on_match_done<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        match_id: i64,
        _kind: Kind,
        end: MatchEnd<'a>,
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            match end {
                MatchEnd::Played => on_match_done(conn, match_id).await?,
                MatchEnd::Failed(error) => on_match_failed(conn, match_id, error).await?,
            }
            Ok(())
        })
    }
}

/// The newest house bot of `game` called `name`.
pub async fn house_bot(conn: &mut PgConnection, game: &str, name: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT b.id FROM bots b JOIN users u ON u.id = b.user_id
         WHERE u.is_house AND b.game = $1 AND b.name = $2 ORDER BY b.id DESC LIMIT 1",
    )
    .bind(game)
    .bind(name)
    .fetch_optional(conn)
    .await
}

/// Starts qualifying a freshly stored bot: queues its sanity match. Call inside the upload's
/// transaction, so that a bot never exists without its first match.
pub async fn start(conn: &mut PgConnection, bot_id: i64, game: &str) -> sqlx::Result<i64> {
    let m = NewMatch {
        game: game.to_string(),
        kind: Kind::Sanity,
        seed: crate::site::core::ids::fresh_seed(),
        subject_bot_id: Some(bot_id),
        bots: [bot_id; 4],
        requested_by: None,
    };
    let id = queue::enqueue(conn, &m).await?;
    set_verdict(conn, bot_id, "sanity match queued").await?;
    Ok(id)
}

async fn set_verdict(conn: &mut PgConnection, bot_id: i64, verdict: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE bots SET verdict = $2 WHERE id = $1").bind(bot_id).bind(verdict).execute(conn).await?;
    Ok(())
}

async fn fail_bot(conn: &mut PgConnection, bot_id: i64, verdict: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE bots SET status = 'failed', verdict = $2 WHERE id = $1 AND status = 'qualifying'")
        .bind(bot_id)
        .bind(verdict)
        .execute(&mut *conn)
        .await?;
    // Its other qualification matches no longer matter.
    sqlx::query(
        "UPDATE matches SET state = 'cancelled', finished_at = now() WHERE subject_bot_id = $1 AND state = 'queued'",
    )
    .bind(bot_id)
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct Seat {
    seat: i16,
    bot_id: i64,
    score: Option<i64>,
    frozen_reason: Option<String>,
    frozen_round: Option<i32>,
    frozen_message: Option<String>,
}

/// Locks the subject bot's row (so concurrent results are judged one at a time) and returns the
/// match's kind, seed and subject, if it is a qualification match of a bot still qualifying.
async fn subject(conn: &mut PgConnection, match_id: i64) -> sqlx::Result<Option<(Kind, i64, i64, String)>> {
    let row: Option<(String, i64, Option<i64>, String)> =
        sqlx::query_as("SELECT kind, seed, subject_bot_id, game FROM matches WHERE id = $1")
            .bind(match_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((kind, seed, Some(bot), game)) = row else { return Ok(None) };
    let Some(kind) = Kind::parse(&kind).filter(|k| matches!(k, Kind::Sanity | Kind::Qualification)) else {
        return Ok(None);
    };
    let status: Option<String> = sqlx::query_scalar("SELECT status FROM bots WHERE id = $1 FOR UPDATE")
        .bind(bot)
        .fetch_optional(&mut *conn)
        .await?;
    Ok((status.as_deref() == Some("qualifying")).then_some((kind, seed, bot, game)))
}

/// Advances qualification after a match's results are stored (same transaction).
pub async fn on_match_done(conn: &mut PgConnection, match_id: i64) -> sqlx::Result<()> {
    let Some((kind, seed, bot, game)) = subject(conn, match_id).await? else { return Ok(()) };
    let seats: Vec<Seat> = sqlx::query_as(
        "SELECT seat, bot_id, score, frozen_reason, frozen_round, frozen_message
         FROM match_players WHERE match_id = $1 ORDER BY seat",
    )
    .bind(match_id)
    .fetch_all(&mut *conn)
    .await?;
    match kind {
        Kind::Sanity => {
            // The first copy frozen stops the others (`runner::Stopping`): name the one that
            // decided the match, not a copy stopped by the host.
            let decided = |s: &&Seat| {
                s.frozen_reason.is_some()
                    && !s.frozen_message.as_deref().unwrap_or("").starts_with(sandbox::MatchStop::MESSAGE_PREFIX)
            };
            let first_frozen = seats.iter().find(decided).or_else(|| seats.iter().find(|s| s.frozen_reason.is_some()));
            if let Some(s) = first_frozen {
                let verdict = format!(
                    "failed the sanity match (seed {seed}): the copy in seat {} was frozen in round {} ({}): {}",
                    s.seat,
                    s.frozen_round.unwrap_or(0),
                    s.frozen_reason.as_deref().unwrap_or(""),
                    s.frozen_message.as_deref().unwrap_or("")
                );
                return fail_bot(conn, bot, &verdict).await;
            }
            let Some(dummy) = house_bot(conn, &game, "Dummy").await? else {
                return fail_bot(conn, bot, "cannot qualify: this server has no Dummy for this game").await;
            };
            for k in 0..MATCHES_AGAINST_DUMMY {
                let mut bots = [dummy; 4];
                // The new bot takes each seat once.
                bots[k % 4] = bot;
                let m = NewMatch {
                    game: game.clone(),
                    kind: Kind::Qualification,
                    seed: crate::site::core::ids::fresh_seed(),
                    subject_bot_id: Some(bot),
                    bots,
                    requested_by: None,
                };
                queue::enqueue(conn, &m).await?;
            }
            set_verdict(
                conn,
                bot,
                &format!("sanity match passed; 0 of {MATCHES_AGAINST_DUMMY} matches against Dummy won"),
            )
            .await
        }
        Kind::Qualification => {
            let Some(mine) = seats.iter().find(|s| s.bot_id == bot) else { return Ok(()) };
            let my_score = mine.score.unwrap_or(i64::MIN);
            let best_other =
                seats.iter().filter(|s| s.seat != mine.seat).filter_map(|s| s.score).max().unwrap_or(i64::MIN);
            if my_score <= best_other {
                let mut verdict = format!(
                    "did not win a match against three Dummies (match {match_id}, seed {seed}): it scored {my_score}, \
                     the best Dummy {best_other}{}",
                    if my_score == best_other { " (a tie is not a win)" } else { "" }
                );
                if let Some(r) = &mine.frozen_reason {
                    verdict.push_str(&format!(
                        "; it was frozen in round {} ({r}): {}",
                        mine.frozen_round.unwrap_or(0),
                        mine.frozen_message.as_deref().unwrap_or("")
                    ));
                }
                return fail_bot(conn, bot, &verdict).await;
            }
            let won: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM matches m JOIN match_players me ON me.match_id = m.id AND me.bot_id = $1
                 WHERE m.subject_bot_id = $1 AND m.kind = 'qualification' AND m.state = 'done'
                   AND me.score > (SELECT max(o.score) FROM match_players o WHERE o.match_id = m.id AND o.seat <> me.seat)",
            )
            .bind(bot)
            .fetch_one(&mut *conn)
            .await?;
            if (won as usize) < MATCHES_AGAINST_DUMMY {
                return set_verdict(
                    conn,
                    bot,
                    &format!("sanity match passed; {won} of {MATCHES_AGAINST_DUMMY} matches against Dummy won"),
                )
                .await;
            }
            qualify(conn, bot).await
        }
        // Not a qualification match (`subject` filters them out).
        _ => Ok(()),
    }
}

/// The bot qualified: lock its name, make it its owner's representative if there is none.
async fn qualify(conn: &mut PgConnection, bot: i64) -> sqlx::Result<()> {
    let (user, game, name): (i64, String, String) = sqlx::query_as(
        "UPDATE bots SET status = 'qualified', qualified_at = now(),
                verdict = 'qualified: passed the sanity match and won all ' || $2 || ' matches against Dummy'
         WHERE id = $1 RETURNING user_id, game, name",
    )
    .bind(bot)
    .bind(MATCHES_AGAINST_DUMMY as i32)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("UPDATE bot_names SET locked = TRUE WHERE game = $1 AND name_key = lower($2)")
        .bind(&game)
        .bind(&name)
        .execute(&mut *conn)
        .await?;
    let has_rep: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM representatives WHERE user_id = $1 AND game = $2)")
            .bind(user)
            .bind(&game)
            .fetch_one(&mut *conn)
            .await?;
    if !has_rep {
        crate::site::sources::ladder::make_representative(conn, user, &game, bot).await?;
    }
    Ok(())
}

/// A match that could not be played at all (see `queue::fail`), or was given up, fails its subject's
/// qualification with the reason.
pub async fn on_match_failed(conn: &mut PgConnection, match_id: i64, error: &str) -> sqlx::Result<()> {
    let Some((_, seed, bot, _)) = subject(conn, match_id).await? else { return Ok(()) };
    fail_bot(conn, bot, &format!("qualification match {match_id} (seed {seed}) could not be played: {error}")).await
}
