//! What a player may do with their own bots besides uploading: retire one (it leaves the ladder,
//! its matches stay), rename one that has not qualified, and download modules. Admins retire any
//! player's bot through the same function.

use super::uploads;
use crate::site::core::names;
use sqlx::PgConnection;

/// Retires a bot: it stops representing its owner and plays no more ladder matches; its matches,
/// replays and rating history stay. With `owner`, only that user's bot; without, any bot of a
/// player (house bots stay). Returns the bot's game, or None when there is no such bot.
pub async fn retire(conn: &mut PgConnection, bot_id: i64, owner: Option<i64>) -> sqlx::Result<Option<String>> {
    let game: Option<String> = sqlx::query_scalar(
        "UPDATE bots b SET retired_at = coalesce(retired_at, now()) FROM users u
         WHERE b.id = $1 AND u.id = b.user_id AND NOT u.is_house AND ($2::bigint IS NULL OR b.user_id = $2)
         RETURNING b.game",
    )
    .bind(bot_id)
    .bind(owner)
    .fetch_optional(&mut *conn)
    .await?;
    if game.is_some() {
        sqlx::query("DELETE FROM representatives WHERE bot_id = $1").bind(bot_id).execute(&mut *conn).await?;
        // Its ladder matches still waiting would play a bot that left the ladder.
        sqlx::query(
            "UPDATE matches m SET state = 'cancelled', finished_at = now() FROM match_players p
             WHERE p.match_id = m.id AND p.bot_id = $1 AND m.kind = 'ladder' AND m.state = 'queued'",
        )
        .bind(bot_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(game)
}

/// Why a bot cannot be renamed.
#[derive(Debug, thiserror::Error)]
pub enum RenameError {
    #[error("there is no bot #{0} of yours")]
    NotYours(i64),
    #[error("bot #{0} has qualified: its name is locked (upload a new version under a new name)")]
    Qualified(i64),
    #[error("bot #{0} is retired")]
    Retired(i64),
    #[error("{0}")]
    Name(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Renames `user`'s bot `bot_id` to `name` (inside the caller's transaction), under the upload's
/// name rules: the name must be free in the game or already the user's, and not locked. Old
/// matches keep the name the bot played under (`match_players.played_as`). Returns the game.
pub async fn rename(conn: &mut PgConnection, user: i64, bot_id: i64, name: &str) -> Result<String, RenameError> {
    let name = name.trim();
    let row: Option<(String, String, Option<chrono::DateTime<chrono::Utc>>)> =
        sqlx::query_as("SELECT game, status, retired_at FROM bots WHERE id = $1 AND user_id = $2 FOR UPDATE")
            .bind(bot_id)
            .bind(user)
            .fetch_optional(&mut *conn)
            .await?;
    let Some((game, status, retired_at)) = row else { return Err(RenameError::NotYours(bot_id)) };
    if status == "qualified" {
        return Err(RenameError::Qualified(bot_id));
    }
    if retired_at.is_some() {
        return Err(RenameError::Retired(bot_id));
    }
    names::check_bot_name(&game, name).map_err(|e| RenameError::Name(e.to_string()))?;
    sqlx::query("INSERT INTO bot_names (game, name_key, user_id) VALUES ($1, lower($2), $3) ON CONFLICT DO NOTHING")
        .bind(&game)
        .bind(name)
        .bind(user)
        .execute(&mut *conn)
        .await?;
    // The bot itself may hold the name already (a change of case): that is no clash.
    let current: String =
        sqlx::query_scalar("SELECT name FROM bots WHERE id = $1").bind(bot_id).fetch_one(&mut *conn).await?;
    if !current.eq_ignore_ascii_case(name) {
        if let Some(problem) = uploads::name_problem(conn, user, &game, name, true).await? {
            return Err(RenameError::Name(problem));
        }
    }
    sqlx::query("UPDATE bots SET name = $2 WHERE id = $1").bind(bot_id).bind(name).execute(&mut *conn).await?;
    Ok(game)
}

/// Who may download a module (by its hash): its uploader, an admin, anyone for a house bot's,
/// and, unless modules are private, any signed-in player for a qualified bot's (so that a match
/// against it can be played again locally).
pub async fn may_download(
    conn: &mut PgConnection,
    viewer: Option<(i64, bool)>,
    hash: &str,
    private_modules: bool,
) -> sqlx::Result<bool> {
    let (viewer_id, is_admin) = viewer.unwrap_or((-1, false));
    if is_admin {
        return Ok(true);
    }
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM bots b JOIN users u ON u.id = b.user_id
                        WHERE b.wasm_hash = $1
                          AND (u.is_house OR b.user_id = $2
                               OR ($2 >= 0 AND NOT $3 AND b.status = 'qualified')))",
    )
    .bind(hash)
    .bind(viewer_id)
    .bind(private_modules)
    .fetch_one(conn)
    .await
}

/// A module's bytes by hash.
pub async fn module_bytes(conn: &mut PgConnection, hash: &str) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar("SELECT bytes FROM wasm_modules WHERE hash = $1").bind(hash).fetch_optional(conn).await
}
