//! Practice matches as their player sees them: the list on the practice page, the JSON API and
//! the profile. Asking for one is `sources::practice`.

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
