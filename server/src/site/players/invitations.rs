//! One-time invitation links: how an account made for someone else (a class imported by
//! `arena admin import-users`) gets its password. The link holds a random token; only its
//! SHA-256 is stored, so a copy of the database cannot be used to take an account. Following the
//! link lets the invited user choose a password once (under the sign-up's rules); the invitation
//! is then deleted. Until then the account has no password (`!`) and cannot log in.
//!
//! A token is 32 random bytes, so a fast hash is enough (there is nothing to guess by brute force,
//! unlike a password), and importing a class costs no password hashing at all.

use super::accounts::{self, AccountError};
use crate::site::core::ids::{random_token, sha256_hex};
use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};

/// How long an invitation link works, unless the importer says otherwise.
pub const DEFAULT_VALID_DAYS: u32 = 14;

/// Why an invitation cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum InvitationError {
    #[error("this invitation link is unknown, already used or expired; ask the organisers for a new one")]
    Unknown,
    #[error(transparent)]
    Account(#[from] AccountError),
}

impl From<sqlx::Error> for InvitationError {
    fn from(e: sqlx::Error) -> Self {
        InvitationError::Account(AccountError::Database(e))
    }
}

/// Creates an invitation for `user_id` (inside the caller's transaction); returns the token for
/// the link (never stored) and when it expires.
pub async fn create(conn: &mut PgConnection, user_id: i64, valid_days: u32) -> sqlx::Result<(String, DateTime<Utc>)> {
    let token = random_token(32);
    let expires: DateTime<Utc> = sqlx::query_scalar(
        "INSERT INTO invitations (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))
         RETURNING expires_at",
    )
    .bind(sha256_hex(&token))
    .bind(user_id)
    .bind(valid_days as i32)
    .fetch_one(conn)
    .await?;
    Ok((token, expires))
}

/// The link's path on the site (`/invite/<token>`).
pub fn path(token: &str) -> String {
    format!("/invite/{token}")
}

/// Who a valid invitation is for: (user id, username).
pub async fn invited(pool: &PgPool, token: &str) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as(
        "SELECT u.id, u.username FROM invitations i JOIN users u ON u.id = i.user_id
         WHERE i.token_hash = $1 AND i.expires_at > now() AND NOT u.disabled",
    )
    .bind(sha256_hex(token))
    .fetch_optional(pool)
    .await
}

/// Uses an invitation: sets the account's password (checked as at sign-up) and deletes the
/// user's invitations. Returns the user's id. A token works once.
pub async fn accept(pool: &PgPool, token: &str, password: &str) -> Result<i64, InvitationError> {
    let (user_id, username) = invited(pool, token).await?.ok_or(InvitationError::Unknown)?;
    accounts::check_password(password, &username)?;
    let hash = accounts::hash_password(password).await?;
    let mut tx = pool.begin().await?;
    // Deleting the row is what makes the token single-use: of two requests at once, one deletes it.
    let used = sqlx::query("DELETE FROM invitations WHERE token_hash = $1 AND expires_at > now()")
        .bind(sha256_hex(token))
        .execute(&mut *tx)
        .await?;
    if used.rows_affected() != 1 {
        return Err(InvitationError::Unknown);
    }
    sqlx::query("DELETE FROM invitations WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1").bind(user_id).bind(hash).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(user_id)
}
