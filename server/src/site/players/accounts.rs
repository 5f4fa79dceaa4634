//! Accounts: users (argon2id password hashes), browser sessions and API tokens.
//!
//! Sessions and API tokens are random; only their SHA-256 is stored, so a copy of the database
//! cannot be used to log in. Passwords are hashed with argon2id (argon2 crate defaults) on a
//! blocking thread, since a hash takes tens of milliseconds of CPU.

use crate::site::players::house_setup::HOUSE_USER;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use chrono::{DateTime, Utc};
use sqlx::PgPool;
use std::sync::OnceLock;

pub const MIN_USERNAME_CHARS: usize = 3;
pub const MAX_USERNAME_CHARS: usize = 24;
/// NIST SP 800-63B asks for at least 8 characters and a check against common and guessable
/// passwords ([`check_password`]), and no composition rules; 10 leaves a margin for the
/// passwords that slip through the check.
pub const MIN_PASSWORD_CHARS: usize = 10;
/// Least number of guesses (log10) the password must take to a guesser that tries common
/// passwords, words, names, keyboard patterns and dates first (zxcvbn's estimate): 10^6 is
/// zxcvbn's "protects from throttled online attacks", which log-ins are (see `login_throttle`).
pub const MIN_PASSWORD_GUESSES_LOG10: f64 = 6.0;
pub const MAX_PASSWORD_CHARS: usize = 256;
pub const MAX_LABEL_CHARS: usize = 64;
/// API tokens a user may hold at once.
pub const MAX_TOKENS: i64 = 50;
/// How long a browser session lasts.
pub const SESSION_DAYS: i64 = 30;
/// Every API token starts with this, so that leaked tokens are easy to recognise.
pub const TOKEN_PREFIX: &str = "arena_";

/// Why an account operation failed. [`AccountError::field`] names the form field concerned.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("the username is {len} characters; it must be {MIN_USERNAME_CHARS} to {MAX_USERNAME_CHARS}")]
    UsernameLength { len: usize },
    #[error("the username may contain only letters (a-z, A-Z), digits, _ and -; {ch:?} is not allowed")]
    UsernameCharacter { ch: char },
    #[error("the username {0:?} is reserved")]
    UsernameReserved(String),
    #[error("the username {0:?} is taken (usernames are case-insensitive)")]
    UsernameTaken(String),
    #[error("the password is {len} characters; it must be {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS}")]
    PasswordLength { len: usize },
    #[error("the password is too easy to guess: {reason} Use a few unrelated words, or a password manager.")]
    PasswordWeak { reason: String },
    #[error("the current password is wrong")]
    WrongCurrentPassword,
    #[error("wrong username or password")]
    BadCredentials,
    #[error("this account is disabled; ask the organisers")]
    Disabled,
    #[error("the label is empty; give the token a name (up to {MAX_LABEL_CHARS} characters) to recognise it by")]
    LabelEmpty,
    #[error("the label is {len} characters; the limit is {MAX_LABEL_CHARS}")]
    LabelLength { len: usize },
    #[error("the label may not contain control characters")]
    LabelCharacter,
    #[error("you already have {MAX_TOKENS} API tokens; revoke one first")]
    TooManyTokens,
    #[error("password hashing failed: {0}")]
    Hashing(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl AccountError {
    /// The form field the error concerns (`username`, `password`, `label`), if any.
    pub fn field(&self) -> Option<&'static str> {
        use AccountError::*;
        match self {
            UsernameLength { .. } | UsernameCharacter { .. } | UsernameReserved(_) | UsernameTaken(_) => {
                Some("username")
            }
            PasswordLength { .. } | PasswordWeak { .. } => Some("password"),
            WrongCurrentPassword => Some("current"),
            LabelEmpty | LabelLength { .. } | LabelCharacter | TooManyTokens => Some("label"),
            BadCredentials | Disabled | Hashing(_) | Database(_) => None,
        }
    }

    /// True for failures of the server rather than of the user's input.
    pub fn is_internal(&self) -> bool {
        matches!(self, AccountError::Hashing(_) | AccountError::Database(_))
    }
}

/// Checks a new username: 3 to 24 ASCII letters, digits, `_` or `-`; not the house account's.
/// ASCII only, so that look-alike names cannot impersonate others.
pub fn check_username(username: &str) -> Result<(), AccountError> {
    let len = username.chars().count();
    if !(MIN_USERNAME_CHARS..=MAX_USERNAME_CHARS).contains(&len) {
        return Err(AccountError::UsernameLength { len });
    }
    if let Some(ch) = username.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-')) {
        return Err(AccountError::UsernameCharacter { ch });
    }
    if username.eq_ignore_ascii_case(HOUSE_USER) {
        return Err(AccountError::UsernameReserved(username.to_string()));
    }
    Ok(())
}

/// Checks a new password: 8 to 256 characters.
pub fn check_password(password: &str, username: &str) -> Result<(), AccountError> {
    let len = password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&len) {
        return Err(AccountError::PasswordLength { len });
    }
    // zxcvbn: a maintained port of Dropbox's estimator, with its lists of common passwords,
    // words and names, and its keyboard, sequence, repeat and date patterns. The site's own
    // words and the username count as known to the guesser.
    let estimate = zxcvbn::zxcvbn(password, &[username, "arena", "jutge", "dummy", "bot"]);
    if estimate.guesses_log10() < MIN_PASSWORD_GUESSES_LOG10 {
        let reason = estimate
            .feedback()
            .and_then(|f| f.warning())
            .map(|w| w.to_string())
            .unwrap_or_else(|| "it is a common password or a simple pattern.".to_string());
        return Err(AccountError::PasswordWeak { reason });
    }
    Ok(())
}

/// Checks an API token's label (after trimming): 1 to 64 characters, no control characters.
pub fn check_label(label: &str) -> Result<(), AccountError> {
    let len = label.chars().count();
    if len == 0 {
        return Err(AccountError::LabelEmpty);
    }
    if len > MAX_LABEL_CHARS {
        return Err(AccountError::LabelLength { len });
    }
    if label.chars().any(char::is_control) {
        return Err(AccountError::LabelCharacter);
    }
    Ok(())
}

/// Hashes a password (argon2id, random salt) into a PHC string.
pub async fn hash_password(password: &str) -> Result<String, AccountError> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| AccountError::Hashing(e.to_string()))?
    .map_err(AccountError::Hashing)
}

/// Whether `password` matches the PHC string `hash`. Malformed hashes (such as the house
/// account's `!`) match nothing.
pub async fn verify_password(password: &str, hash: &str) -> bool {
    let (password, hash) = (password.to_string(), hash.to_string());
    tokio::task::spawn_blocking(move || Argon2::default().verify_password(password.as_bytes(), hash.as_str()).is_ok())
        .await
        .unwrap_or(false)
}

/// A real hash to verify against when the user does not exist, so that a wrong username takes
/// as long as a wrong password and does not reveal which accounts exist.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        Argon2::default().hash_password(b"decoy password, never valid").map(|h| h.to_string()).unwrap_or_default()
    })
}

/// Creates an account; returns its id.
pub async fn create_user(pool: &PgPool, username: &str, password: &str, is_admin: bool) -> Result<i64, AccountError> {
    check_username(username)?;
    check_password(password, username)?;
    let hash = hash_password(password).await?;
    let id =
        sqlx::query_scalar("INSERT INTO users (username, password_hash, is_admin) VALUES ($1, $2, $3) RETURNING id")
            .bind(username)
            .bind(hash)
            .bind(is_admin)
            .fetch_one(pool)
            .await;
    match id {
        Ok(id) => Ok(id),
        // The unique index on lower(username): someone holds the name in another case.
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            Err(AccountError::UsernameTaken(username.to_string()))
        }
        Err(e) => Err(e.into()),
    }
}

/// Checks a username (any case) and password; returns the user's id. Every failure is
/// [`AccountError::BadCredentials`], whichever part was wrong.
pub async fn verify_login(pool: &PgPool, username: &str, password: &str) -> Result<i64, AccountError> {
    let row: Option<(i64, String, bool)> = sqlx::query_as(
        "SELECT id, password_hash, disabled FROM users WHERE lower(username) = lower($1) AND NOT is_house",
    )
    .bind(username)
    .fetch_optional(pool)
    .await?;
    match row {
        // The password is checked first: only its owner learns that an account is disabled.
        Some((_, hash, true)) if verify_password(password, &hash).await => Err(AccountError::Disabled),
        Some((id, hash, _)) if verify_password(password, &hash).await => Ok(id),
        Some(_) => Err(AccountError::BadCredentials),
        None => {
            let decoy = tokio::task::spawn_blocking(decoy_hash).await.unwrap_or("");
            verify_password(password, decoy).await;
            Err(AccountError::BadCredentials)
        }
    }
}

/// Starts a browser session; returns the token for the cookie (stored only as its SHA-256).
pub async fn create_session(pool: &PgPool, user_id: i64) -> sqlx::Result<String> {
    let token = crate::site::core::ids::random_token(32);
    // The user's expired sessions are of no use any more.
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()").bind(user_id).execute(pool).await?;
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))",
    )
    .bind(crate::site::core::ids::sha256_hex(&token))
    .bind(user_id)
    .bind(SESSION_DAYS as i32)
    .execute(pool)
    .await?;
    Ok(token)
}

/// Ends the session whose cookie holds `token` (nothing happens if there is none).
pub async fn delete_session(pool: &PgPool, token: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(crate::site::core::ids::sha256_hex(token))
        .execute(pool)
        .await?;
    Ok(())
}

/// How many live browser sessions the user has.
pub async fn count_sessions(pool: &PgPool, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM sessions WHERE user_id = $1 AND expires_at > now()")
        .bind(user_id)
        .fetch_one(pool)
        .await
}

/// Ends every browser session of the user.
pub async fn delete_sessions(pool: &PgPool, user_id: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(pool).await?.rows_affected())
}

/// Changes the user's password after checking the current one; ends every other session (all
/// of them when `keep_session` is `None`) and revokes every API token.
pub async fn change_password(
    pool: &PgPool,
    user_id: i64,
    username: &str,
    current: &str,
    new: &str,
    keep_session: Option<&str>,
) -> Result<(), AccountError> {
    let hash: Option<String> =
        sqlx::query_scalar("SELECT password_hash FROM users WHERE id = $1").bind(user_id).fetch_optional(pool).await?;
    if !verify_password(current, hash.as_deref().unwrap_or("!")).await {
        return Err(AccountError::WrongCurrentPassword);
    }
    check_password(new, username)?;
    let hash = hash_password(new).await?;
    let mut tx = pool.begin().await?;
    sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1").bind(user_id).bind(hash).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2")
        .bind(user_id)
        .bind(keep_session.map(crate::site::core::ids::sha256_hex))
        .execute(&mut *tx)
        .await?;
    // A token made by whoever knew the old password must not outlive it.
    sqlx::query("DELETE FROM api_tokens WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

/// An API token as listed to its owner (the token itself is never shown again).
#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize)]
pub struct TokenInfo {
    pub id: i64,
    pub label: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// Creates an API token labelled `label` (trimmed); returns the plaintext token, to be shown
/// once: only its SHA-256 is stored.
pub async fn create_token(pool: &PgPool, user_id: i64, label: &str) -> Result<String, AccountError> {
    let label = label.trim();
    check_label(label)?;
    let held: i64 =
        sqlx::query_scalar("SELECT count(*) FROM api_tokens WHERE user_id = $1").bind(user_id).fetch_one(pool).await?;
    if held >= MAX_TOKENS {
        return Err(AccountError::TooManyTokens);
    }
    let token = format!("{TOKEN_PREFIX}{}", crate::site::core::ids::random_token(24));
    sqlx::query("INSERT INTO api_tokens (user_id, token_hash, label) VALUES ($1, $2, $3)")
        .bind(user_id)
        .bind(crate::site::core::ids::sha256_hex(&token))
        .bind(label)
        .execute(pool)
        .await?;
    Ok(token)
}

/// The user's API tokens, newest first.
pub async fn list_tokens(pool: &PgPool, user_id: i64) -> sqlx::Result<Vec<TokenInfo>> {
    sqlx::query_as(
        "SELECT id, label, created_at, last_used_at FROM api_tokens WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// Revokes one of the user's tokens; false if the user has no token with that id.
pub async fn revoke_token(pool: &PgPool, user_id: i64, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        for ok in ["bob", "Alice_99", "a-b", "x".repeat(24).as_str(), "HOUSES"] {
            assert!(check_username(ok).is_ok(), "{ok}");
        }
        let e = check_username("ab").unwrap_err();
        assert_eq!(e.to_string(), "the username is 2 characters; it must be 3 to 24");
        assert_eq!(e.field(), Some("username"));
        assert!(matches!(check_username(&"x".repeat(25)), Err(AccountError::UsernameLength { len: 25 })));
        assert!(matches!(check_username("bob smith"), Err(AccountError::UsernameCharacter { ch: ' ' })));
        assert!(matches!(check_username("jos\u{e9}"), Err(AccountError::UsernameCharacter { ch: '\u{e9}' })));
        assert!(matches!(check_username("a<b>"), Err(AccountError::UsernameCharacter { ch: '<' })));
        assert!(matches!(check_username("House"), Err(AccountError::UsernameReserved(_))));
        assert!(check_username("house").unwrap_err().to_string().contains("reserved"));
    }

    #[test]
    fn passwords() {
        for ok in ["correct horse battery", "the right one", "long enough", "admin password", "Tr0ub4dor&3x"] {
            assert!(check_password(ok, "bob").is_ok(), "{ok}: {:?}", check_password(ok, "bob"));
        }
        // Characters, not bytes.
        assert!(check_password("\u{e9}t\u{e9} \u{e0} la plage", "bob").is_ok());
        let e = check_password("123456789", "bob").unwrap_err();
        assert_eq!(e.to_string(), "the password is 9 characters; it must be 10 to 256");
        assert_eq!(e.field(), Some("password"));
        assert!(matches!(check_password(&"p".repeat(257), "bob"), Err(AccountError::PasswordLength { len: 257 })));
        // Common passwords, patterns and the username: refused, with zxcvbn's reason.
        for weak in
            ["password123", "1234567890", "qwertyuiop", "aaaaaaaaaaaa", "abcdefghijk", "iloveyou12", "bobbobbob1"]
        {
            let e = check_password(weak, "bobbobbob").unwrap_err();
            assert!(matches!(e, AccountError::PasswordWeak { .. }), "{weak}: {e}");
            assert_eq!(e.field(), Some("password"));
        }
        let e = check_password("password12", "bob").unwrap_err();
        assert!(e.to_string().starts_with("the password is too easy to guess: This is"), "{e}");
    }

    #[test]
    fn labels() {
        assert!(check_label("laptop").is_ok());
        assert_eq!(check_label("").unwrap_err().field(), Some("label"));
        assert!(matches!(check_label(&"l".repeat(65)), Err(AccountError::LabelLength { len: 65 })));
        assert!(matches!(check_label("a\nb"), Err(AccountError::LabelCharacter)));
    }

    #[tokio::test]
    async fn hashing_round_trip() {
        let hash = hash_password("correct horse").await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password("correct horse", &hash).await);
        assert!(!verify_password("wrong horse", &hash).await);
        assert!(!verify_password("anything", "!").await);
    }
}
