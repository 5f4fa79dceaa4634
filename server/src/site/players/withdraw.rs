//! Withdrawing a player's work from the queue: what an admin's "disable", "retire" and
//! "withdraw queued work" do. Queued matches are cancelled; running ones are marked cancelled
//! too, which the worker playing them notices within a second (`worker::HELD_CHECK`): it stops
//! the match's bots and drops the result. A bot still qualifying fails with a verdict saying
//! why. Tournament matches stay: a running tournament keeps its entrants.
//!
//! [`withdraw_queued_work`] is the one entry point per user, so that another queue (source
//! compiles) can join it: add its cancellation here and its count to [`Withdrawn`].

use sqlx::PgConnection;

/// What a withdrawal cancelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Withdrawn {
    /// Matches that were waiting.
    pub queued: u64,
    /// Matches that were being played (their workers stop them).
    pub running: u64,
    /// Bots whose qualification was ended.
    pub qualifications: u64,
    /// Source compiles that were waiting (a user's work only; a bot has no compile left).
    pub compiles: u64,
}

impl Withdrawn {
    /// `2 queued matches, 1 running match and 1 qualification withdrawn`.
    pub fn summary(&self) -> String {
        let n = |k: u64, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        let matches = format!(
            "{}, {}",
            n(self.queued, "queued match", "queued matches"),
            n(self.running, "running match", "running matches")
        );
        let qualifications = n(self.qualifications, "qualification", "qualifications");
        match self.compiles {
            0 => format!("{matches} and {qualifications} withdrawn"),
            c => format!("{matches}, {qualifications} and {} withdrawn", n(c, "queued compile", "queued compiles")),
        }
    }
}

/// Which bots a withdrawal is about.
enum Whose {
    User(i64),
    Bot(i64),
}

/// Withdraws every queued and running match (but tournament matches) that involves one of
/// `user`'s bots or that `user` asked for, and ends its bots' qualifications. Call inside the
/// caller's transaction.
pub async fn withdraw_queued_work(conn: &mut PgConnection, user: i64) -> sqlx::Result<Withdrawn> {
    withdraw(conn, Whose::User(user), "withdrawn by an admin").await
}

/// As [`withdraw_queued_work`], for one bot (retired).
pub async fn withdraw_bot_work(conn: &mut PgConnection, bot: i64) -> sqlx::Result<Withdrawn> {
    withdraw(conn, Whose::Bot(bot), "the bot was retired").await
}

async fn withdraw(conn: &mut PgConnection, whose: Whose, why: &str) -> sqlx::Result<Withdrawn> {
    let (user, bot) = match whose {
        Whose::User(u) => (Some(u), None),
        Whose::Bot(b) => (None, Some(b)),
    };
    // The bots concerned: all of the user's, or the one.
    let bots: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM bots WHERE ($1::bigint IS NOT NULL AND user_id = $1) OR ($2::bigint IS NOT NULL AND id = $2)",
    )
    .bind(user)
    .bind(bot)
    .fetch_all(&mut *conn)
    .await?;
    let states: Vec<String> = sqlx::query_scalar(
        "WITH hit AS (
             SELECT m.id, m.state FROM matches m
             WHERE m.state IN ('queued', 'running') AND m.kind <> 'tournament'
               AND (EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.id AND p.bot_id = ANY($1))
                    OR ($2::bigint IS NOT NULL AND m.requested_by = $2))
             FOR UPDATE OF m)
         UPDATE matches m SET state = 'cancelled', finished_at = now(), lease_expires_at = NULL,
                error = $3
         FROM hit WHERE m.id = hit.id
         RETURNING hit.state",
    )
    .bind(&bots)
    .bind(user)
    .bind(why)
    .fetch_all(&mut *conn)
    .await?;
    let qualifications = sqlx::query(
        "UPDATE bots SET status = 'failed', verdict = 'qualification ' || $2 WHERE id = ANY($1) AND status = 'qualifying'",
    )
    .bind(&bots)
    .bind(why)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let compiles = match user {
        Some(u) => super::compiles::withdraw_queued(&mut *conn, u).await?,
        None => 0,
    };
    Ok(Withdrawn {
        queued: states.iter().filter(|s| *s == "queued").count() as u64,
        running: states.iter().filter(|s| *s == "running").count() as u64,
        qualifications,
        compiles,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_in_words() {
        let w = Withdrawn { queued: 2, running: 1, qualifications: 0, compiles: 0 };
        assert_eq!(w.summary(), "2 queued matches, 1 running match and 0 qualifications withdrawn");
        let w = Withdrawn { queued: 0, running: 0, qualifications: 1, compiles: 2 };
        assert_eq!(w.summary(), "0 queued matches, 0 running matches, 1 qualification and 2 queued compiles withdrawn");
    }
}
