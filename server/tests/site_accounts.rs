//! Accounts over HTTP: sign up, log in, log out, CSRF, API tokens.

mod support;

use arena::site::players::accounts;
use arena::site::web::session::urlencode;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use std::collections::BTreeMap;
use tower::ServiceExt;

/// A browser: keeps cookies between requests.
struct Browser {
    app: axum::Router,
    cookies: BTreeMap<String, String>,
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Reply {
    fn location(&self) -> &str {
        self.headers.get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
    fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .map(str::to_string)
    }
}

impl Browser {
    /// A browser that has loaded a page (so it holds the CSRF cookie).
    async fn new(site: &support::TestSite) -> Browser {
        let mut b = Browser { app: arena::site::web::router(site.state.clone()), cookies: BTreeMap::new() };
        let r = b.get("/login").await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(b.csrf().len() >= 32, "the CSRF cookie is set");
        b
    }

    fn csrf(&self) -> String {
        self.cookies.get("csrf").cloned().unwrap_or_default()
    }

    async fn send(&mut self, mut req: Request<Body>) -> Reply {
        if !self.cookies.is_empty() {
            let cookie = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
            req.headers_mut().insert(header::COOKIE, cookie.parse().unwrap());
        }
        let resp = self.app.clone().oneshot(req).await.unwrap();
        let (parts, body) = resp.into_parts();
        for v in parts.headers.get_all(header::SET_COOKIE) {
            let v = v.to_str().unwrap();
            let (pair, attrs) = v.split_once(';').unwrap_or((v, ""));
            let (name, value) = pair.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        Reply { status: parts.status, headers: parts.headers, body: String::from_utf8_lossy(&bytes).into_owned() }
    }

    async fn get(&mut self, path: &str) -> Reply {
        self.send(Request::get(path).body(Body::empty()).unwrap()).await
    }

    fn encode(fields: &[(&str, &str)]) -> String {
        fields.iter().map(|(k, v)| format!("{k}={}", urlencode(v))).collect::<Vec<_>>().join("&")
    }

    /// POSTs a form with the right CSRF token added.
    async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Reply {
        let csrf = self.csrf();
        let mut all = fields.to_vec();
        all.push(("csrf", &csrf));
        self.post_raw(path, &all, &[]).await
    }

    /// POSTs a form as given, with extra headers.
    async fn post_raw(&mut self, path: &str, fields: &[(&str, &str)], headers: &[(&str, &str)]) -> Reply {
        let mut req = Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        self.send(req.body(Body::from(Self::encode(fields))).unwrap()).await
    }

    async fn sign_up(&mut self, username: &str, password: &str) -> Reply {
        self.post("/signup", &[("username", username), ("password", password)]).await
    }
}

type Fields<'a> = Vec<(&'a str, &'a str)>;

async fn count(site: &support::TestSite, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(site.pool()).await.unwrap()
}

#[tokio::test]
async fn sign_up_log_out_and_log_in() {
    let site = support::site().await;
    let mut b = Browser::new(&site).await;
    let page = b.get("/signup").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(r#"id="username""#) && page.body.contains(r#"id="password""#));
    assert!(page.body.contains(r#"id="submit""#));

    let r = b.sign_up("Alice", "correct horse").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.location(), "/me/bots");
    let cookie = r.set_cookie("arena_session").expect("a session cookie");
    for attr in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(attr), "{cookie} has {attr}");
    }
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    let (hash, admin): (String, bool) =
        sqlx::query_as("SELECT password_hash, is_admin FROM users WHERE username = 'Alice'")
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(!admin);
    // Only the token's hash is stored.
    let token = b.cookies["arena_session"].clone();
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM sessions").fetch_one(site.pool()).await.unwrap();
    assert_eq!(stored, arena::site::core::ids::sha256_hex(&token));

    let me = b.get("/me/tokens").await;
    assert_eq!(me.status, StatusCode::OK);
    assert!(me.body.contains("Log out (Alice)"), "{}", me.body);

    let r = b.post("/logout", &[]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.location(), "/");
    assert!(r.set_cookie("arena_session").unwrap().contains("Max-Age=0"));
    assert!(!b.cookies.contains_key("arena_session"));
    assert_eq!(count(&site, "SELECT count(*) FROM sessions").await, 0);
    // The old cookie is worthless now.
    let mut stale = Browser::new(&site).await;
    stale.cookies.insert("arena_session".into(), token);
    let r = stale.get("/me/tokens").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.location(), "/login?next=/me/tokens");

    let form = b.get("/login?next=%2Fme%2Ftokens").await;
    assert!(form.body.contains(r#"name="next" value="/me/tokens""#), "{}", form.body);
    // Usernames are case-insensitive at login.
    let r = b.post("/login", &[("username", "alice"), ("password", "correct horse"), ("next", "/me/tokens")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.location(), "/me/tokens");
    assert_eq!(b.get("/me/tokens").await.status, StatusCode::OK);
}

#[tokio::test]
async fn session_cookie_is_secure_over_https_behind_a_proxy_only() {
    let mut site = support::site().await;
    // Not behind a proxy: anyone can send the header, so it counts for nothing.
    let mut b = Browser::new(&site).await;
    let csrf = b.csrf();
    let fields = [("username", "bob"), ("password", "long enough passphrase"), ("csrf", csrf.as_str())];
    let r = b.post_raw("/signup", &fields, &[("x-forwarded-proto", "https")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert!(!r.set_cookie("arena_session").unwrap().contains("Secure"));

    let mut config = (*site.state.config).clone();
    config.behind_proxy = true;
    site.state.config = std::sync::Arc::new(config);
    let mut b = Browser::new(&site).await;
    let csrf = b.csrf();
    let fields = [("username", "bob2"), ("password", "long enough passphrase"), ("csrf", csrf.as_str())];
    let r = b.post_raw("/signup", &fields, &[("x-forwarded-proto", "https")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert!(r.set_cookie("arena_session").unwrap().contains("Secure"));
}

#[tokio::test]
async fn wrong_credentials_do_not_say_which_part_was_wrong() {
    let site = support::site().await;
    accounts::create_user(site.pool(), "bob", "the right one", false).await.unwrap();
    let mut b = Browser::new(&site).await;
    for (user, password) in [("bob", "the wrong one"), ("nobody", "the right one"), ("house", "anything at all")] {
        let r = b.post("/login", &[("username", user), ("password", password)]).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{user}");
        assert!(r.body.contains("wrong username or password"), "{}", r.body);
        assert!(r.body.contains(&format!(r#"value="{user}""#)), "the username is kept");
        assert!(!r.body.contains(password), "the password is never echoed");
        assert!(r.set_cookie("arena_session").is_none());
    }
    assert_eq!(count(&site, "SELECT count(*) FROM sessions").await, 0);
}

#[tokio::test]
async fn unsafe_next_is_ignored() {
    let site = support::site().await;
    accounts::create_user(site.pool(), "bob", "the right one", false).await.unwrap();
    let mut b = Browser::new(&site).await;
    for next in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
        let r = b.post("/login", &[("username", "bob"), ("password", "the right one"), ("next", next)]).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        assert_eq!(r.location(), "/me/bots", "{next}");
    }
    // A new login replaces the session it came with.
    assert_eq!(count(&site, "SELECT count(*) FROM sessions").await, 1);
}

#[tokio::test]
async fn sign_up_errors() {
    let site = support::site().await;
    let mut b = Browser::new(&site).await;
    assert_eq!(b.sign_up("Carol", "long enough").await.status, StatusCode::SEE_OTHER);

    let mut other = Browser::new(&site).await;
    let r = other.sign_up("CAROL", "long enough").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains(r#"id="error-username""#) && r.body.contains("is taken"), "{}", r.body);
    assert!(r.body.contains(r#"value="CAROL""#), "the username is kept");
    assert!(!r.body.contains("long enough"), "the password is not");

    let r = other.sign_up("house", "long enough").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("reserved"), "{}", r.body);

    // Both fields' problems at once.
    let r = other.sign_up("x y", "short").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains(r#"id="error-username""#) && r.body.contains(r#"id="error-password""#), "{}", r.body);
    assert!(r.body.contains("the password is 5 characters; it must be 10 to 256"));
    assert_eq!(count(&site, "SELECT count(*) FROM users WHERE NOT is_house").await, 1);
}

#[tokio::test]
async fn create_user_for_the_admin_command() {
    let site = support::site().await;
    let id = accounts::create_user(site.pool(), "root_1", "admin password", true).await.unwrap();
    let admin: bool =
        sqlx::query_scalar("SELECT is_admin FROM users WHERE id = $1").bind(id).fetch_one(site.pool()).await.unwrap();
    assert!(admin);
    assert_eq!(accounts::verify_login(site.pool(), "ROOT_1", "admin password").await.unwrap(), id);
    let e = accounts::create_user(site.pool(), "Root_1", "admin password", true).await.unwrap_err();
    assert_eq!(e.field(), Some("username"));
    assert!(matches!(e, accounts::AccountError::UsernameTaken(_)));
}

#[tokio::test]
async fn posts_need_the_csrf_token_and_the_same_site() {
    let site = support::site().await;
    let mut b = Browser::new(&site).await;
    let good = b.csrf();
    // (extra form fields, extra headers)
    let cases: Vec<(Fields, Fields)> = vec![
        (vec![], vec![]),
        (vec![("csrf", "0123456789abcdef0123456789abcdef")], vec![]),
        (vec![("csrf", &good)], vec![("sec-fetch-site", "cross-site")]),
        (vec![("csrf", &good)], vec![("origin", "https://evil.example"), ("host", "arena.example")]),
    ];
    for (extra, headers) in &cases {
        let mut fields = vec![("username", "dave"), ("password", "long enough")];
        fields.extend(extra.iter().copied());
        let r = b.post_raw("/signup", &fields, headers).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{extra:?} {headers:?}");
        assert!(r.body.contains("cross-site request refused") || r.body.contains("security token"), "{}", r.body);
        let r = b.post_raw("/login", &fields, headers).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(count(&site, "SELECT count(*) FROM users WHERE NOT is_house").await, 0);

    // Logged in, log-out and token forms are protected too.
    assert_eq!(b.sign_up("dave", "long enough").await.status, StatusCode::SEE_OTHER);
    assert_eq!(b.post_raw("/logout", &[], &[]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(b.post_raw("/me/tokens", &[("label", "x")], &[]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(count(&site, "SELECT count(*) FROM sessions").await, 1);
    assert_eq!(count(&site, "SELECT count(*) FROM api_tokens").await, 0);
    // Same-origin requests pass.
    let same = [("csrf", good.as_str())];
    assert_eq!(b.post_raw("/logout", &same, &[("sec-fetch-site", "same-origin")]).await.status, StatusCode::SEE_OTHER);
}

fn multipart_upload(name: &str, wasm: &[u8]) -> (String, Vec<u8>) {
    let boundary = "arena-test-boundary-7d1";
    let mut body = Vec::new();
    for (field, value) in [("game", "pandemic"), ("name", name)] {
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n").bytes(),
        );
    }
    body.extend(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"wasm\"; filename=\"bot.wasm\"\r\n\
             Content-Type: application/wasm\r\n\r\n"
        )
        .bytes(),
    );
    body.extend_from_slice(wasm);
    body.extend(format!("\r\n--{boundary}--\r\n").bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn api_upload(app: &axum::Router, token: &str, name: &str) -> StatusCode {
    let (content_type, body) = multipart_upload(name, support::house_wasm("Dummy"));
    let req = Request::post("/api/bots")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap();
    app.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn api_tokens_can_be_created_used_and_revoked() {
    let site = support::site().await;
    let mut b = Browser::new(&site).await;
    assert_eq!(b.sign_up("erin", "long enough").await.status, StatusCode::SEE_OTHER);
    let page = b.get("/me/tokens").await;
    assert!(page.body.contains(r#"id="no-tokens""#));

    let r = b.post("/me/tokens", &[("label", "")]).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains(r#"id="error-label""#), "{}", r.body);

    let r = b.post("/me/tokens", &[("label", "  my laptop  ")]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let start =
        r.body.find(r#"<pre id="new-token">"#).expect("the new token is shown") + r#"<pre id="new-token">"#.len();
    let token = r.body[start..].split('<').next().unwrap().to_string();
    assert!(token.starts_with("arena_") && token.len() > 30, "{token}");
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM api_tokens").fetch_one(site.pool()).await.unwrap();
    assert_eq!(stored, arena::site::core::ids::sha256_hex(&token));

    // Listed by label, never shown again.
    let page = b.get("/me/tokens").await;
    assert!(page.body.contains("my laptop") && !page.body.contains(&token));
    assert!(page.body.contains("never"));

    assert_eq!(api_upload(&b.app, &token, "TokenBot").await, StatusCode::CREATED);
    let used: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT last_used_at FROM api_tokens").fetch_one(site.pool()).await.unwrap();
    assert!(used.is_some());

    // Another user cannot revoke it.
    let id: i64 = sqlx::query_scalar("SELECT id FROM api_tokens").fetch_one(site.pool()).await.unwrap();
    let mut mallory = Browser::new(&site).await;
    assert_eq!(mallory.sign_up("mallory", "long enough").await.status, StatusCode::SEE_OTHER);
    assert_eq!(mallory.post(&format!("/me/tokens/{id}/revoke"), &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(count(&site, "SELECT count(*) FROM api_tokens").await, 1);

    let r = b.post(&format!("/me/tokens/{id}/revoke"), &[]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.location(), "/me/tokens");
    assert_eq!(count(&site, "SELECT count(*) FROM api_tokens").await, 0);
    assert_eq!(api_upload(&b.app, &token, "TokenBot2").await, StatusCode::UNAUTHORIZED);
    assert_eq!(count(&site, "SELECT count(*) FROM bots WHERE name = 'TokenBot2'").await, 0);
}

#[tokio::test]
async fn a_token_cannot_mint_tokens() {
    let site = support::site().await;
    let id = accounts::create_user(site.pool(), "frank", "long enough", false).await.unwrap();
    let token = accounts::create_token(site.pool(), id, "ci").await.unwrap();
    let app = arena::site::web::router(site.state.clone());
    let req = Request::post("/me/tokens")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("label=more"))
        .unwrap();
    assert_eq!(app.oneshot(req).await.unwrap().status(), StatusCode::FORBIDDEN);
    assert_eq!(accounts::list_tokens(site.pool(), id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn twenty_wrong_passwords_then_the_right_one_is_refused_with_429() {
    let site = support::site().await;
    accounts::create_user(site.pool(), "victim", "the right one", false).await.unwrap();
    let mut b = Browser::new(&site).await;
    let mut refused = 0;
    for i in 0..20 {
        let r = b.post("/login", &[("username", "victim"), ("password", &format!("guess number {i}"))]).await;
        match r.status {
            StatusCode::UNAUTHORIZED => assert!(r.body.contains("wrong username or password")),
            StatusCode::TOO_MANY_REQUESTS => refused += 1,
            other => panic!("attempt {i}: {other}"),
        }
    }
    // The default allows 10 failures per account in 15 minutes.
    assert_eq!(refused, 10, "the 11th attempt onwards is refused before any password check");
    let r = b.post("/login", &[("username", "Victim"), ("password", "the right one")]).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    let retry: u64 = r.headers.get(header::RETRY_AFTER).unwrap().to_str().unwrap().parse().unwrap();
    assert!((1..=15 * 60).contains(&retry), "Retry-After {retry}");
    assert!(r.body.contains("too many failed log-ins for this account; try again in "), "{}", r.body);
    assert!(r.set_cookie("arena_session").is_none(), "no session");
    // Another account is not affected.
    accounts::create_user(site.pool(), "bystander", "another long one", false).await.unwrap();
    let r = b.post("/login", &[("username", "bystander"), ("password", "another long one")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
}

#[tokio::test]
async fn weak_passwords_are_refused_with_the_reason() {
    let site = support::site().await;
    let mut b = Browser::new(&site).await;
    for (password, reason) in [
        ("password", "the password is 8 characters; it must be 10 to 256"),
        ("12345678", "the password is 8 characters; it must be 10 to 256"),
        ("password123", "the password is too easy to guess: This is"),
        ("qwertyuiop", "the password is too easy to guess:"),
        ("iloveyou12", "the password is too easy to guess:"),
    ] {
        let r = b.sign_up("carol", password).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{password}: {}", r.body);
        assert!(r.body.contains(r#"id="error-password""#), "{password}");
        let shown = r.body.split(r#"id="error-password">"#).nth(1).unwrap_or("");
        assert!(shown.starts_with(&reason.replace('\'', "&#x27;")), "{password}: {shown:.200}");
    }
    assert_eq!(count(&site, "SELECT count(*) FROM users WHERE NOT is_house").await, 0, "nothing stored");
    let r = b.sign_up("carol", "correct horse battery").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
}

#[tokio::test]
async fn a_password_change_logs_out_the_other_sessions_and_logout_everywhere_ends_all() {
    let site = support::site().await;
    accounts::create_user(site.pool(), "dora", "first long password", false).await.unwrap();
    let mut laptop = Browser::new(&site).await;
    let mut phone = Browser::new(&site).await;
    for b in [&mut laptop, &mut phone] {
        let r = b.post("/login", &[("username", "dora"), ("password", "first long password")]).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
    }
    let page = laptop.get("/me/account").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(r#"<span id="session-count">2</span>"#), "{}", page.body);

    // Wrong current password; weak new one: nothing changes.
    let r = laptop.post("/me/password", &[("current", "not it at all"), ("password", "second long password")]).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("the current password is wrong"));
    let r = laptop.post("/me/password", &[("current", "first long password"), ("password", "password123")]).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("too easy to guess"));
    assert_eq!(phone.get("/me/account").await.status, StatusCode::OK, "the phone is still logged in");

    let r =
        laptop.post("/me/password", &[("current", "first long password"), ("password", "second long password")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.location(), "/me/account?changed=true");
    assert!(laptop.get("/me/account?changed=true").await.body.contains(r#"id="changed""#));
    let r = phone.get("/me/account").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "the other session ended");
    assert!(accounts::verify_login(site.pool(), "dora", "first long password").await.is_err());
    assert!(accounts::verify_login(site.pool(), "dora", "second long password").await.is_ok());

    let r = phone.post("/login", &[("username", "dora"), ("password", "second long password")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    // Without the CSRF token: refused, nothing ends.
    assert_eq!(laptop.post_raw("/me/logout-everywhere", &[], &[]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(count(&site, "SELECT count(*) FROM sessions").await, 2);
    let r = laptop.post("/me/logout-everywhere", &[]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.location(), "/login");
    for b in [&mut laptop, &mut phone] {
        assert_eq!(b.get("/me/account").await.status, StatusCode::SEE_OTHER, "logged out everywhere");
    }
    assert_eq!(count(&site, "SELECT count(*) FROM sessions").await, 0);
}

#[tokio::test]
async fn fifty_concurrent_wrong_passwords_check_at_most_ten_and_the_rest_get_429_with_retry_after() {
    let site = support::site().await;
    accounts::create_user(site.pool(), "target", "the right password", false).await.unwrap();
    let b = Browser::new(&site).await;
    let cookie = b.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
    let attempts: Vec<_> = (0..50)
        .map(|i| {
            let app = b.app.clone();
            let body =
                Browser::encode(&[("username", "target"), ("password", &format!("guess {i}")), ("csrf", &b.csrf())]);
            let req = Request::post("/login")
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::COOKIE, cookie.clone())
                .body(Body::from(body))
                .unwrap();
            tokio::spawn(async move { app.oneshot(req).await.unwrap() })
        })
        .collect();
    let (mut checked, mut refused) = (0, 0);
    for a in attempts {
        let res = a.await.unwrap();
        match res.status() {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                refused += 1;
                let retry: u64 = res.headers().get(header::RETRY_AFTER).unwrap().to_str().unwrap().parse().unwrap();
                assert!((1..=15 * 60).contains(&retry), "Retry-After {retry}");
            }
            other => panic!("{other}"),
        }
    }
    // The attempt is counted before the hash: concurrency does not let more through.
    assert_eq!((checked, refused), (10, 40));
}

#[tokio::test]
async fn a_password_change_revokes_the_api_tokens_and_the_form_says_so() {
    let site = support::site().await;
    let id = accounts::create_user(site.pool(), "erin", "first long password", false).await.unwrap();
    accounts::create_token(site.pool(), id, "script").await.unwrap();
    let mut b = Browser::new(&site).await;
    let r = b.post("/login", &[("username", "erin"), ("password", "first long password")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let page = b.get("/me/account").await;
    assert!(page.body.contains(r#"id="password-change-effects""#) && page.body.contains("revokes every API token"));
    let r = b.post("/me/password", &[("current", "first long password"), ("password", "second long password")]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(accounts::list_tokens(site.pool(), id).await.unwrap().is_empty(), "tokens revoked");
    assert!(b.get("/me/account?changed=true").await.body.contains("your API tokens are revoked"));
}
