//! Uploads: the form, `POST /api/bots`, and what a valid or refused upload leaves in the database.

mod support;

use arena::site::core::config::SiteConfig;
use arena::site::players::accounts;
use arena::site::players::uploads;
use arena::site::state::AppState;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::Value;
use std::sync::Arc;
use tower::ServiceExt;

const CSRF: &str = "0123456789abcdef0123456789abcdef";

/// A multipart field: text or a file.
enum Part<'a> {
    Text(&'a str, &'a str),
    File(&'a str, &'a [u8]),
}

fn multipart(parts: &[Part]) -> (String, Vec<u8>) {
    let boundary = "arena-upload-test-5c0e";
    let mut body = Vec::new();
    for part in parts {
        match part {
            Part::Text(name, value) => body.extend(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").bytes(),
            ),
            Part::File(name, bytes) => {
                body.extend(
                    format!(
                        "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"bot.wasm\"\r\n\
                         Content-Type: application/octet-stream\r\n\r\n"
                    )
                    .bytes(),
                );
                body.extend_from_slice(bytes);
                body.extend(b"\r\n");
            }
        }
    }
    body.extend(format!("--{boundary}--\r\n").bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The usual upload fields.
fn fields<'a>(game: &'a str, name: &'a str, wasm: &'a [u8]) -> Vec<Part<'a>> {
    vec![Part::Text("game", game), Part::Text("name", name), Part::File("wasm", wasm)]
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
    /// The error message for `field` in a 422 answer.
    fn error(&self, field: &str) -> String {
        assert_eq!(self.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", self.body);
        self.json()["errors"][field].as_str().unwrap_or_else(|| panic!("no {field} error in {}", self.body)).to_string()
    }
    fn location(&self) -> &str {
        self.headers.get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
}

async fn send(state: &AppState, req: Request<Body>) -> Reply {
    let resp = arena::site::web::router(state.clone()).oneshot(req).await.unwrap();
    let (parts, body) = resp.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
    Reply { status: parts.status, headers: parts.headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

/// `POST path` with a multipart body and extra headers.
async fn post(state: &AppState, path: &str, headers: &[(&str, String)], parts: &[Part<'_>]) -> Reply {
    let (content_type, body) = multipart(parts);
    let mut req = Request::post(path).header(header::CONTENT_TYPE, content_type);
    for (k, v) in headers {
        req = req.header(*k, v);
    }
    send(state, req.body(Body::from(body)).unwrap()).await
}

/// The form's fields, CSRF token first (as the form sends it).
fn with_csrf<'a>(name: &'a str, wasm: &'a [u8]) -> Vec<Part<'a>> {
    let mut p = vec![Part::Text("csrf", CSRF)];
    p.extend(fields("pandemic", name, wasm));
    p
}

/// A user with an API token.
async fn user_with_token(site: &support::TestSite, name: &str) -> (i64, String) {
    let id = site.user(name).await;
    (id, accounts::create_token(site.pool(), id, "tests").await.unwrap())
}

async fn api(state: &AppState, token: &str, parts: &[Part<'_>]) -> Reply {
    post(state, "/api/bots", &[("authorization", format!("Bearer {token}"))], parts).await
}

/// Browser headers for a logged-in user: session and CSRF cookies.
async fn browser(site: &support::TestSite, user: i64) -> Vec<(&'static str, String)> {
    let session = accounts::create_session(site.pool(), user).await.unwrap();
    vec![("cookie", format!("arena_session={session}; csrf={CSRF}"))]
}

async fn counts(site: &support::TestSite) -> [i64; 5] {
    let mut out = [0; 5];
    for (i, table) in ["bots", "bot_names", "wasm_modules", "matches", "match_players"].iter().enumerate() {
        out[i] = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM {table}")))
            .fetch_one(site.pool())
            .await
            .unwrap();
    }
    out
}

#[tokio::test]
async fn a_valid_upload_stores_one_bot_and_queues_its_sanity_match() {
    let site = support::site().await;
    let (user, token) = user_with_token(&site, "alice").await;
    let wasm = support::unique_wasm("valid");
    let before = counts(&site).await;
    let r = api(&site.state, &token, &fields("pandemic", "Alpha_1", &wasm)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let j = r.json();
    let id = j["id"].as_i64().unwrap();
    let hash = format!("sha256:{}", arena::site::core::ids::hex(&<sha2::Sha256 as sha2::Digest>::digest(&wasm)));
    assert_eq!(
        j,
        serde_json::json!({"id": id, "name": "Alpha_1", "game": "pandemic", "hash": hash,
                           "status": "qualifying", "url": format!("/bots/{id}")})
    );
    assert_eq!(r.location(), format!("/bots/{id}"));
    let after = counts(&site).await;
    assert_eq!(after, [before[0] + 1, before[1] + 1, before[2] + 1, before[3] + 1, before[4] + 4]);

    let (owner, status, stored_hash, verdict): (i64, String, String, Option<String>) =
        sqlx::query_as("SELECT user_id, status, wasm_hash, verdict FROM bots WHERE id = $1")
            .bind(id)
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert_eq!((owner, status.as_str(), stored_hash.as_str()), (user, "qualifying", hash.as_str()));
    assert_eq!(verdict.as_deref(), Some("sanity match queued"));
    let (bytes, size): (Vec<u8>, i32) = sqlx::query_as("SELECT bytes, size FROM wasm_modules WHERE hash = $1")
        .bind(&hash)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!((bytes, size as usize), (wasm.clone(), wasm.len()));
    let (holder, locked): (i64, bool) =
        sqlx::query_as("SELECT user_id, locked FROM bot_names WHERE game = 'pandemic' AND name_key = 'alpha_1'")
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert_eq!((holder, locked), (user, false));
    let (kind, state, subject): (String, String, Option<i64>) =
        sqlx::query_as("SELECT kind, state, subject_bot_id FROM matches ORDER BY id DESC LIMIT 1")
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert_eq!((kind.as_str(), state.as_str(), subject), ("sanity", "queued", Some(id)));
    let seats: Vec<i64> = sqlx::query_scalar(
        "SELECT bot_id FROM match_players WHERE match_id = (SELECT max(id) FROM matches) ORDER BY seat",
    )
    .fetch_all(site.pool())
    .await
    .unwrap();
    assert_eq!(seats, [id; 4]);

    // The same bytes again, under another name: the module is stored once.
    let r = api(&site.state, &token, &fields("Pandemic", "Alpha_2", &wasm)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["game"], "pandemic");
    assert_eq!(counts(&site).await[2], after[2]);
    // House modules are shared too.
    let r = api(&site.state, &token, &fields("pandemic", "MyDummy", support::house_wasm("Dummy"))).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(counts(&site).await[2], after[2]);
}

#[tokio::test]
async fn refused_uploads_store_nothing() {
    let site = support::site().await;
    let (_, token) = user_with_token(&site, "bob").await;
    let before = counts(&site).await;

    let r = api(&site.state, &token, &fields("pandemic", "Beta", b"hello, world")).await;
    assert_eq!(r.error("wasm"), "not a WebAssembly module (a .wasm file starts with \\0asm and version 1)");
    assert_eq!(r.json()["errors"].as_object().unwrap().len(), 1, "only the file is wrong: {}", r.body);

    let clock = wat::parse_str(
        r#"(module
             (import "wasi_snapshot_preview1" "clock_time_get" (func (param i32 i64 i32) (result i32)))
             (memory (export "memory") 1)
             (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
             (func (export "arena_start") (param i32 i32))
             (func (export "arena_play") (param i32 i32)))"#,
    )
    .unwrap();
    let r = api(&site.state, &token, &fields("pandemic", "Beta", &clock)).await;
    let e = r.error("wasm");
    assert!(e.contains("imports wasi_snapshot_preview1.clock_time_get, which the sandbox does not offer"), "{e}");

    // Every field's problem at once.
    let r = api(&site.state, &token, &fields("chess", "bad name!", b"\0asm")).await;
    assert!(r.error("game").contains("unknown game \"chess\"; playable games: pandemic"));
    assert!(r.error("name").contains("only ASCII letters, digits and _; ' ' is not allowed"));
    assert!(r.error("wasm").starts_with("invalid WebAssembly") || r.error("wasm").starts_with("not a WebAssembly"));

    let r = api(&site.state, &token, &fields("mad-max", "Beta", support::house_wasm("Dummy"))).await;
    assert!(r.error("wasm").contains("built for pandemic, expected mad-max"), "{}", r.body);

    // Missing fields.
    let r = api(&site.state, &token, &[]).await;
    assert!(r.error("game").starts_with("choose a game"));
    assert_eq!(r.error("name"), "the name is empty; it must be 1 to 12 characters");
    assert_eq!(r.error("wasm"), uploads::NO_FILE);
    let r = api(&site.state, &token, &[Part::Text("game", "pandemic"), Part::Text("name", "Beta")]).await;
    assert_eq!(r.error("wasm"), uploads::NO_FILE);
    let r = api(&site.state, &token, &fields("pandemic", "Beta", b"")).await;
    assert_eq!(r.error("wasm"), uploads::NO_FILE);

    assert_eq!(counts(&site).await, before, "nothing stored");
}

#[tokio::test]
async fn name_rules() {
    let site = support::site().await;
    let (_, token) = user_with_token(&site, "carol").await;
    let wasm = support::house_wasm("Dummy");
    let before = counts(&site).await;
    let cases = [
        ("ABCDEFGHIJKLM", "the name is 13 characters; the limit is 12"),
        ("Fuck_Bot", "the name contains an offensive word; choose another"),
        ("hijoputa", "the name contains an offensive word; choose another"),
        ("dummy", "Dummy is a house bot's name; choose another"),
        ("NULL", "Null is a house bot's name; choose another"),
        ("bot-1", "the name may contain only ASCII letters, digits and _; '-' is not allowed"),
    ];
    for (name, message) in cases {
        let r = api(&site.state, &token, &fields("pandemic", name, wasm)).await;
        assert_eq!(r.error("name"), message, "{name}");
    }
    assert_eq!(counts(&site).await, before);
}

#[tokio::test]
async fn names_are_taken_locked_or_busy() {
    let site = support::site().await;
    let (alice, alice_token) = user_with_token(&site, "alice").await;
    let (_, bob_token) = user_with_token(&site, "bob").await;
    let wasm = support::house_wasm("Dummy");

    let r = api(&site.state, &bob_token, &fields("pandemic", "Foo", wasm)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let before = counts(&site).await;
    let r = api(&site.state, &alice_token, &fields("pandemic", "FOO", wasm)).await;
    assert_eq!(r.error("name"), "taken: another user holds the name FOO in pandemic; choose another");

    // A bot of hers still qualifying holds the name.
    let r = api(&site.state, &alice_token, &fields("pandemic", "Bar", wasm)).await;
    assert_eq!(r.status, StatusCode::CREATED);
    let first = r.json()["id"].as_i64().unwrap();
    let before_busy = counts(&site).await;
    let r = api(&site.state, &alice_token, &fields("pandemic", "bar", wasm)).await;
    assert!(r.error("name").contains(&format!("your bot Bar (bot {first}) is still qualifying")), "{}", r.body);
    assert_eq!(counts(&site).await, before_busy);

    // After a failure, a new version can take the name.
    sqlx::query("UPDATE bots SET status = 'failed' WHERE id = $1").bind(first).execute(site.pool()).await.unwrap();
    let r = api(&site.state, &alice_token, &fields("pandemic", "Bar", wasm)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let second = r.json()["id"].as_i64().unwrap();

    // Once qualified, the name is locked for good.
    sqlx::query("UPDATE bots SET status = 'qualified', qualified_at = now() WHERE id = $1")
        .bind(second)
        .execute(site.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE bot_names SET locked = TRUE WHERE user_id = $1 AND name_key = 'bar'")
        .bind(alice)
        .execute(site.pool())
        .await
        .unwrap();
    let before_locked = counts(&site).await;
    let r = api(&site.state, &alice_token, &fields("pandemic", "BAR", wasm)).await;
    assert_eq!(
        r.error("name"),
        "locked: your bot Bar qualified under this name; upload the new version under a new name"
    );
    assert_eq!(counts(&site).await, before_locked);
    assert_eq!(counts(&site).await[1], before[1] + 1, "one name claimed by alice");
}

#[tokio::test]
async fn files_over_the_limit_are_refused_with_their_size() {
    let site = support::site().await;
    let (_, token) = user_with_token(&site, "dave").await;
    let config = SiteConfig { max_upload_mib: 1, ..(*site.state.config).clone() };
    let state = AppState { config: Arc::new(config), ..site.state.clone() };
    let before = counts(&site).await;

    let big = vec![0u8; 1536 << 10];
    let r = api(&state, &token, &fields("pandemic", "Big", &big)).await;
    assert_eq!(r.error("wasm"), "the file is 1.5 MiB; the limit is 1 MiB");
    assert_eq!(r.json()["errors"].as_object().unwrap().len(), 1);

    // Past the body cap the handler stops reading, and still checks the other fields.
    let huge = vec![0u8; 3 << 20];
    let r = api(&state, &token, &fields("pandemic", "Much_Too_Long", &huge)).await;
    let e = r.error("wasm");
    assert!(e.starts_with("the file is more than ") && e.ends_with("; the limit is 1 MiB"), "{e}");
    assert_eq!(r.error("name"), "the name is 13 characters; the limit is 12");

    // One byte over.
    let r = api(&state, &token, &fields("pandemic", "Big", &vec![0u8; (1 << 20) + 1])).await;
    assert!(r.error("wasm").ends_with("the limit is 1 MiB"));
    // The form reports it the same way.
    let user = site.user("erin").await;
    let mut cookie = browser(&site, user).await;
    cookie.push(("accept", "text/html".into()));
    let r = post(&state, "/upload", &cookie, &with_csrf("Big", &huge)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains(r#"id="error-wasm""#) && r.body.contains("the limit is 1 MiB"), "{}", r.body);
    assert_eq!(counts(&site).await, before);
}

#[tokio::test]
async fn api_authentication() {
    let site = support::site().await;
    let wasm = support::house_wasm("Dummy");
    let r = post(&site.state, "/api/bots", &[], &fields("pandemic", "Anon", wasm)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert!(r.json()["error"].as_str().unwrap().contains("Bearer"));
    let r = api(&site.state, "arena_not_a_token", &fields("pandemic", "Anon", wasm)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    // A browser session must carry the CSRF token, as a field or a header.
    let user = site.user("frank").await;
    let cookie = browser(&site, user).await;
    let r = post(&site.state, "/api/bots", &cookie, &fields("pandemic", "Cookie1", wasm)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.json()["error"].as_str().unwrap().contains("security token"));
    let mut with_header = cookie.clone();
    with_header.push(("x-csrf-token", CSRF.into()));
    let r = post(&site.state, "/api/bots", &with_header, &fields("pandemic", "Cookie1", wasm)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let mut parts = fields("pandemic", "Cookie2", wasm);
    parts.push(Part::Text("csrf", CSRF));
    let r = post(&site.state, "/api/bots", &cookie, &parts).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let mut cross = with_header.clone();
    cross.push(("sec-fetch-site", "cross-site".into()));
    let r = post(&site.state, "/api/bots", &cross, &fields("pandemic", "Cookie3", wasm)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let names: Vec<String> = sqlx::query_scalar("SELECT name FROM bots WHERE user_id = $1 ORDER BY id")
        .bind(user)
        .fetch_all(site.pool())
        .await
        .unwrap();
    assert_eq!(names, ["Cookie1", "Cookie2"]);
}

#[tokio::test]
async fn the_upload_form() {
    let site = support::site().await;
    let r = send(&site.state, Request::get("/upload").body(Body::empty()).unwrap()).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.location(), "/login?next=/upload");

    let user = site.user("grace").await;
    let cookie = browser(&site, user).await;
    let mut req = Request::get("/upload");
    for (k, v) in &cookie {
        req = req.header(*k, v);
    }
    let r = send(&site.state, req.body(Body::empty()).unwrap()).await;
    assert_eq!(r.status, StatusCode::OK);
    for needle in [
        r#"enctype="multipart/form-data""#,
        r#"<select id="game" name="game">"#,
        r#"<option value="pandemic" selected>"#,
        r#"id="name""#,
        r#"type="file""#,
        &format!(r#"name="csrf" value="{CSRF}""#),
        r#"id="submit""#,
        "16 MiB",
    ] {
        assert!(r.body.contains(needle), "{needle} in {}", r.body);
    }

    let wasm = &support::unique_wasm("form")[..];
    let before = counts(&site).await;
    // Errors next to their fields, values kept.
    let r = post(&site.state, "/upload", &cookie, &with_csrf("Dummy", b"junk")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains(r#"id="error-name">Dummy is a house bot"#), "{}", r.body);
    assert!(r.body.contains(r#"id="error-wasm">not a WebAssembly module"#), "{}", r.body);
    assert!(!r.body.contains(r#"id="error-game""#));
    assert!(r.body.contains(r#"value="Dummy""#), "the name is kept");
    // No CSRF token: refused, nothing stored.
    let mut no_csrf = fields("pandemic", "FormBot", wasm);
    no_csrf.push(Part::Text("csrf", "ffffffffffffffffffffffffffffffff"));
    assert_eq!(post(&site.state, "/upload", &cookie, &no_csrf).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        post(&site.state, "/upload", &cookie, &fields("pandemic", "FormBot", wasm)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(counts(&site).await, before);

    let r = post(&site.state, "/upload", &cookie, &with_csrf("FormBot", wasm)).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let id: i64 = sqlx::query_scalar("SELECT id FROM bots WHERE name = 'FormBot' AND user_id = $1")
        .bind(user)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(r.location(), format!("/bots/{id}"));
}

#[tokio::test]
async fn submit_directly() {
    let site = support::site().await;
    let user = site.user("heidi").await;
    let wasm = support::unique_wasm("direct");
    let bot = uploads::submit(&site.state, user, "pandemic", "Direct", &wasm).await.unwrap();
    assert_eq!((bot.name.as_str(), bot.game.as_str()), ("Direct", "pandemic"));
    assert!(bot.hash.starts_with("sha256:"));
    let e = uploads::submit(&site.state, user, "pandemic", "Direct", &wasm).await.unwrap_err();
    assert!(e.name.unwrap().contains("still qualifying"));
    assert!(e.game.is_none() && e.wasm.is_none() && e.internal.is_none());
}

#[tokio::test]
async fn concurrent_claims_of_a_name_have_one_winner() {
    let mut site = support::site().await;
    // Five bots each, all still qualifying (no worker runs).
    let mut config = (*site.state.config).clone();
    config.max_qualifying_per_user = 10;
    site.state.config = Arc::new(config);
    let (a, b) = (site.user("ivan").await, site.user("judy").await);
    let wasm = support::house_wasm("Dummy");
    for round in 0..5 {
        let name = format!("Race{round}");
        let (ra, rb) = tokio::join!(
            uploads::submit(&site.state, a, "pandemic", &name, wasm),
            uploads::submit(&site.state, b, "pandemic", &name, wasm),
        );
        assert!(ra.is_ok() != rb.is_ok(), "exactly one wins: {ra:?} {rb:?}");
        let loser = ra.err().or(rb.err()).unwrap();
        assert!(loser.name.unwrap().starts_with("taken:"));
        let bots: i64 = sqlx::query_scalar("SELECT count(*) FROM bots WHERE name = $1")
            .bind(&name)
            .fetch_one(site.pool())
            .await
            .unwrap();
        assert_eq!(bots, 1);
    }
}

/// A Pandemic bot that loops forever in every round: it spends its whole budget each match.
fn looping_bot() -> Vec<u8> {
    let text = sandbox::bench::NULL_BOT_WAT.replace(
        r#"(func (export "arena_play") (param i32 i32))"#,
        r#"(func (export "arena_play") (param i32 i32) (loop $l (br $l)))"#,
    );
    assert_ne!(text, sandbox::bench::NULL_BOT_WAT);
    wat::parse_str(text).unwrap()
}

#[tokio::test]
async fn three_looping_uploads_leave_the_ladder_playing_and_a_fourth_is_refused() {
    use arena::site::sources::Scheduler;
    let mut site = support::site().await;
    // A small budget keeps the test short; the share of the worker is what is tested.
    let mut config = (*site.state.config).clone();
    config.fuel = Some(300_000_000);
    let limits = sandbox::Limits { max_instances: 16, ..config.limits() };
    let sandbox = Arc::new(sandbox::Sandbox::new(limits).unwrap());
    site.state = AppState::new(site.state.pool.clone(), config, site.state.replays.clone(), sandbox, None);
    let (_, token) = user_with_token(&site, "mallory").await;
    let looping = looping_bot();
    for name in ["Loop1", "Loop2", "Loop3"] {
        let r = api(&site.state, &token, &fields("pandemic", name, &looping)).await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    let r = api(&site.state, &token, &fields("pandemic", "Loop4", &looping)).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    let limit = r.json()["errors"]["limit"].as_str().unwrap().to_string();
    assert!(limit.starts_with("you have 3 bots qualifying, the most one player may have at once (3)"), "{limit}");
    assert_eq!(r.json()["errors"].as_object().unwrap().len(), 1, "{}", r.body);
    // The form says the same, with 429.
    let mallory: i64 =
        sqlx::query_scalar("SELECT id FROM users WHERE username = 'mallory'").fetch_one(site.pool()).await.unwrap();
    let r = post(&site.state, "/upload", &browser(&site, mallory).await, &with_csrf("Loop4", &looping)).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.body.contains(r#"id="error-limit""#) && r.body.contains("bots qualifying"), "{}", r.body);

    // Ladder matches (three house bots and a qualified bot of another player) wait behind the
    // three sanity matches, which come first by priority.
    let grace = site.user("grace").await;
    support::qualified_representative(&site, "pandemic", grace, "Steady", support::house_wasm("Demo")).await;
    let queued = arena::site::sources::ladder::Ladder.tick(&site.state).await.unwrap();
    assert!(queued >= 2, "{queued}");
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let worker = tokio::spawn(arena::site::worker::run(site.state.clone(), "fair".into(), stop.clone()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    loop {
        let qualifying: i64 = sqlx::query_scalar("SELECT count(*) FROM bots WHERE status = 'qualifying'")
            .fetch_one(site.pool())
            .await
            .unwrap();
        if qualifying == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the looping bots got no verdict");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    site.state.queue_signal.notify_waiters();
    worker.await.unwrap();

    // Ladder matches finished while the looping bots were still being judged.
    let last_sanity: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT max(finished_at) FROM matches WHERE kind = 'sanity'")
            .fetch_one(site.pool())
            .await
            .unwrap();
    let ladder_meanwhile: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM matches WHERE kind = 'ladder' AND state = 'done' AND finished_at < $1",
    )
    .bind(last_sanity)
    .fetch_one(site.pool())
    .await
    .unwrap();
    assert!(ladder_meanwhile >= 1, "the ladder waited for every qualification");
    // In each sanity match the first looping copy ran out of fuel and decided the match: the
    // host stopped the three others before they ran (issue 34: one seat's budget per upload).
    let reasons: Vec<(String, String)> = sqlx::query_as(
        "SELECT p.frozen_reason, p.frozen_message FROM match_players p JOIN matches m ON m.id = p.match_id
         WHERE m.kind = 'sanity' ORDER BY m.id, p.seat",
    )
    .fetch_all(site.pool())
    .await
    .unwrap();
    assert_eq!(reasons.len(), 12, "{reasons:?}");
    for sanity in reasons.chunks(4) {
        let by_fuel = sanity.iter().filter(|r| r.1.starts_with("used its CPU budget of 300000000 fuel")).count();
        let stopped = sanity.iter().filter(|r| r.1.starts_with("stopped by the host: the match was decided")).count();
        assert_eq!((by_fuel, stopped), (1, 3), "{sanity:?}");
        assert!(sanity.iter().all(|r| r.0 == "cpu"), "{sanity:?}");
    }

    // With the verdicts in, uploads are accepted again.
    let r = api(&site.state, &token, &fields("pandemic", "Loop4", &looping)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}
