//! Who a session cookie or API token belongs to ([`CurrentUser`]), read from the database and
//! kept for a moment in a [`SessionCache`]. The HTTP side (cookies, extractors, CSRF) is
//! `web::session`; this is the data side, so that the shared state needs nothing from the web
//! layer.

use crate::site::core::ids::sha256_hex;
use sqlx::PgPool;

/// A logged-in user.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CurrentUser {
    pub id: i64,
    pub username: String,
    pub is_admin: bool,
    /// True when authenticated by an API token (no CSRF check needed).
    #[serde(skip)]
    pub by_token: bool,
}

/// Who a session cookie or API token belongs to, kept for a moment (`--session-cache-ms`) so
/// that a logged-in reader of a cached page costs no database round trip either. Changes made
/// by this process (log-out, password change, disabling, roles) empty it at once; those made by
/// another process show within that time.
pub struct SessionCache {
    users: Option<moka::sync::Cache<String, CurrentUser>>,
}

impl SessionCache {
    pub fn new(live_for: std::time::Duration) -> SessionCache {
        SessionCache {
            users: (!live_for.is_zero())
                .then(|| moka::sync::Cache::builder().max_capacity(100_000).time_to_live(live_for).build()),
        }
    }

    /// Forgets every cached session (rare events: log-outs, password changes, admin changes).
    pub fn forget_all(&self) {
        if let Some(c) = &self.users {
            c.invalidate_all();
        }
    }

    /// The user an API token (preferred) or a session cookie's value belongs to, if it is valid
    /// and the account is not disabled. Using a token records when it was last used.
    pub async fn user(
        &self,
        pool: &PgPool,
        bearer: Option<&str>,
        session: Option<&str>,
    ) -> sqlx::Result<Option<CurrentUser>> {
        let (key, by_token) = match (bearer, session) {
            (Some(token), _) => (format!("t{}", sha256_hex(token)), true),
            (None, Some(cookie)) => (format!("s{}", sha256_hex(cookie)), false),
            (None, None) => return Ok(None),
        };
        if let Some(hit) = self.users.as_ref().and_then(|c| c.get(&key)) {
            return Ok(Some(hit));
        }
        let sql = if by_token {
            "UPDATE api_tokens t SET last_used_at = now() FROM users u
             WHERE t.token_hash = $1 AND u.id = t.user_id AND NOT u.disabled
             RETURNING u.id, u.username, u.is_admin"
        } else {
            "SELECT u.id, u.username, u.is_admin FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > now() AND NOT u.disabled"
        };
        let row: Option<(i64, String, bool)> = sqlx::query_as(sql).bind(&key[1..]).fetch_optional(pool).await?;
        let user = row.map(|(id, username, is_admin)| CurrentUser { id, username, is_admin, by_token });
        if let (Some(u), Some(c)) = (&user, &self.users) {
            c.insert(key, u.clone());
        }
        Ok(user)
    }
}
