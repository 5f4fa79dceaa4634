//! Puts the house bots (the ones embedded in the binary) into the database at start: a `house`
//! account owns them; they are qualified, rated and on every ladder. When the embedded build
//! changes, a new version is added and the newest is the one that plays.

use crate::games as house;
use sqlx::PgPool;

/// The house account's name (reserved: nobody can sign up as it).
pub const HOUSE_USER: &str = "house";

pub async fn ensure(pool: &PgPool) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    // Several processes may start at once.
    sqlx::query("SELECT pg_advisory_xact_lock(7262)").execute(&mut *tx).await?;
    let user: i64 = match sqlx::query_scalar("SELECT id FROM users WHERE is_house").fetch_optional(&mut *tx).await? {
        Some(id) => id,
        None => {
            sqlx::query_scalar(
                "INSERT INTO users (username, password_hash, is_house) VALUES ($1, '!', TRUE) RETURNING id",
            )
            .bind(HOUSE_USER)
            .fetch_one(&mut *tx)
            .await?
        }
    };
    for game in engine::catalog::games() {
        for bot in house::house_bots(game.name()) {
            let hash =
                format!("sha256:{}", crate::site::core::ids::hex(&<sha2::Sha256 as sha2::Digest>::digest(bot.wasm)));
            sqlx::query("INSERT INTO wasm_modules (hash, bytes, size) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(&hash)
                .bind(bot.wasm)
                .bind(bot.wasm.len() as i32)
                .execute(&mut *tx)
                .await?;
            let newest: Option<String> = sqlx::query_scalar(
                "SELECT wasm_hash FROM bots WHERE user_id = $1 AND game = $2 AND name = $3 ORDER BY id DESC LIMIT 1",
            )
            .bind(user)
            .bind(game.name())
            .bind(bot.name)
            .fetch_optional(&mut *tx)
            .await?;
            if newest.as_deref() == Some(hash.as_str()) {
                continue;
            }
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO bots (game, name, user_id, wasm_hash, status, verdict, qualified_at)
                 VALUES ($1, $2, $3, $4, 'qualified', 'house bot', now()) RETURNING id",
            )
            .bind(game.name())
            .bind(bot.name)
            .bind(user)
            .bind(&hash)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO bot_names (game, name_key, user_id, locked) VALUES ($1, lower($2), $3, TRUE)
                 ON CONFLICT DO NOTHING",
            )
            .bind(game.name())
            .bind(bot.name)
            .bind(user)
            .execute(&mut *tx)
            .await?;
            sqlx::query("INSERT INTO ratings (bot_id, game, mu, sigma) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(game.name())
                .bind(crate::site::core::rating::DEFAULT_MU)
                .bind(crate::site::core::rating::DEFAULT_SIGMA)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await
}
