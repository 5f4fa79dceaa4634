//! Source uploads (`-F source=@AIName.cc`): built on the server exactly as `arena build` does, in
//! a jail, then judged like any upload; compile errors answered with the player's file name and
//! line, nothing stored; the source private to its owner; compiles cached, limited per user and
//! withdrawable.
//!
//! These tests need clang for wasm32-wasi and a kernel with Landlock; without them they check
//! that source uploads are refused with the reason (switched off), and print a SKIPPED line.

mod support;

use arena::site::core::config::SiteConfig;
use arena::site::players::{accounts, compiles};
use arena::site::state::AppState;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/pandemic/AIDemo.cc");
const CANARY: &str = "CANARY-site-91c2-do-not-leak";

fn multipart(fields: &[(&str, &str)], file: Option<(&str, &str, &[u8])>) -> (String, Vec<u8>) {
    let boundary = "arena-source-test-77aa";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").bytes(),
        );
    }
    if let Some((field, file_name, bytes)) = file {
        body.extend(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

struct Reply {
    status: StatusCode,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

async fn send(state: &AppState, req: Request<Body>) -> Reply {
    let resp = arena::site::web::router(state.clone()).oneshot(req).await.unwrap();
    let (parts, body) = resp.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
    Reply { status: parts.status, body: String::from_utf8_lossy(&bytes).into_owned() }
}

async fn upload_source(state: &AppState, token: &str, name: &str, file_name: &str, source: &[u8]) -> Reply {
    let (content_type, body) = multipart(&[("game", "pandemic"), ("name", name)], Some(("source", file_name, source)));
    let req = Request::post("/api/bots")
        .header(header::CONTENT_TYPE, content_type)
        .header("authorization", format!("Bearer {token}"))
        .body(Body::from(body))
        .unwrap();
    send(state, req).await
}

async fn get(state: &AppState, uri: &str, token: Option<&str>) -> Reply {
    let mut req = Request::get(uri);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    send(state, req.body(Body::empty()).unwrap()).await
}

async fn count(site: &support::TestSite, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(site.pool()).await.unwrap()
}

/// Whether this host compiles sources; prints SKIPPED otherwise.
fn sources_on(test: &str) -> bool {
    match compiles::jail() {
        Ok(_) => true,
        Err(e) => {
            eprintln!("\n******** SKIPPED {test}: source uploads are off here: {e} ********\n");
            false
        }
    }
}

#[tokio::test]
async fn the_kits_demo_uploaded_as_source_is_built_as_arena_build_does_and_judged() {
    let site = support::site().await;
    let user = site.user("carol").await;
    let token = accounts::create_token(site.pool(), user, "tests").await.unwrap();
    let source = std::fs::read(DEMO).unwrap();
    if !sources_on("the_kits_demo_uploaded_as_source_is_built_as_arena_build_does_and_judged") {
        let r = upload_source(&site.state, &token, "Demo1", "AIDemo.cc", &source).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
        assert!(r.json()["errors"]["source"].as_str().unwrap().contains("source uploads are off"), "{}", r.body);
        return;
    }
    let r = upload_source(&site.state, &token, "Demo1", "AIDemo.cc", &source).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let j = r.json();
    let id = j["id"].as_i64().unwrap();
    assert!(j["compile_id"].as_i64().is_some(), "{j}");
    // The module is arena build's, byte for byte.
    let direct = arena::cpp_build::build(
        &[std::path::PathBuf::from(DEMO)],
        "pandemic",
        &arena::cpp_build::BuildSettings::default(),
        &mut |_| {},
    )
    .unwrap();
    let hash = compiles::source_hash(&direct.wasm);
    assert_eq!(j["hash"], hash.as_str(), "the server's module differs from arena build's");

    // Judged like any upload: the usual verdict (the kit's Demo does not always beat the Dummies).
    support::drain(&site).await;
    let (status, verdict) = support::status(&site, id).await;
    assert!(matches!(status.as_str(), "qualified" | "failed"), "{status}: {verdict}");
    assert!(verdict.contains("Dumm") || status == "qualified", "{verdict}");

    // The bot page shows the module's hash and the compile's figures; the source is its owner's.
    let page = get(&site.state, &format!("/bots/{id}"), Some(&token)).await;
    assert!(page.body.contains(&hash), "{}", page.body);
    assert!(page.body.contains("id=\"compile-figures\""), "{}", page.body);
    assert!(page.body.contains("peak memory"), "{}", page.body);
    let own = get(&site.state, &format!("/bots/{id}/source"), Some(&token)).await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(own.body.as_bytes(), &source[..]);
    let other = site.user("mallory").await;
    let other_token = accounts::create_token(site.pool(), other, "tests").await.unwrap();
    let theirs = get(&site.state, &format!("/bots/{id}/source"), Some(&other_token)).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let anonymous = get(&site.state, &format!("/bots/{id}/source"), None).await;
    assert_ne!(anonymous.status, StatusCode::OK);
    let public = get(&site.state, &format!("/bots/{id}"), Some(&other_token)).await;
    assert!(!public.body.contains("/source\""), "the source link is shown to another user");

    // The same file again costs nothing: the compile is cached.
    let compiles_before = count(&site, "SELECT count(*) FROM compiles").await;
    let r = upload_source(&site.state, &token, "Demo2", "AIDemo.cc", &source).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["hash"], hash.as_str());
    assert_eq!(count(&site, "SELECT count(*) FROM compiles").await, compiles_before);
}

#[tokio::test]
async fn errors_name_the_players_file_and_line_store_nothing_and_leak_nothing() {
    let site = support::site().await;
    let user = site.user("dave").await;
    let token = accounts::create_token(site.pool(), user, "tests").await.unwrap();
    if !sources_on("errors_name_the_players_file_and_line_store_nothing_and_leak_nothing") {
        return;
    }
    // SAFETY: the server's environment gets a secret before this test's builds start.
    unsafe { std::env::set_var("ARENA_SITE_SECRET", CANARY) };
    let bots_before = count(&site, "SELECT count(*) FROM bots").await;
    let broken = b"#include \"Player.hh\"\n\nint x = ;\n";
    let r = upload_source(&site.state, &token, "Broken", "AIBroken.cc", broken).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let errors = &r.json()["errors"];
    assert!(errors["source"].as_str().unwrap().contains("AIBroken.cc did not compile"), "{}", r.body);
    let messages = errors["compiler_messages"].as_str().unwrap();
    assert!(messages.contains("AIBroken.cc:3:9: error"), "{messages}");
    assert!(!messages.contains("/tmp") && !messages.contains("/.cache"), "a server path is shown: {messages}");

    for (what, src) in [
        ("environ", "#include \"/proc/self/environ\"\n".to_string()),
        ("passwd", "#include \"/etc/passwd\"\n".to_string()),
        ("climb", "#include \"../../../../../../etc/passwd\"\n".to_string()),
    ] {
        let r = upload_source(&site.state, &token, "Hostile", "AIHostile.cc", src.as_bytes()).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{what}: {}", r.body);
        assert!(!r.body.contains(CANARY) && !r.body.contains("root:x:0:0"), "{what} leaked: {}", r.body);
    }
    let stored: Vec<String> = sqlx::query_scalar("SELECT messages || coalesce(error, '') FROM compiles")
        .fetch_all(site.pool())
        .await
        .unwrap();
    assert!(stored.iter().all(|m| !m.contains(CANARY) && !m.contains("root:x:0:0")), "a secret is stored");
    assert_eq!(count(&site, "SELECT count(*) FROM bots").await, bots_before, "a refused source stored a bot");

    // Non-UTF-8 bytes and another game's player: refused by the compiler, with its reason.
    let r = upload_source(&site.state, &token, "Latin", "AILatin.cc", b"\xff\xfe garbage \xc3\x28\n").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.json()["errors"]["source"].as_str().unwrap().contains("AILatin.cc did not compile"), "{}", r.body);
    let ork =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/ork_island/AIDemo.cc")).unwrap();
    let r = upload_source(&site.state, &token, "Orkish", "AIOrk.cc", &ork).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.json()["errors"]["compiler_messages"].as_str().unwrap().contains("AIOrk.cc:"), "{}", r.body);

    // A file of the cap plus one byte, and an empty one.
    let big = vec![b' '; compiles::MAX_SOURCE_BYTES + 1];
    let r = upload_source(&site.state, &token, "Big", "AIBig.cc", &big).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.json()["errors"]["source"].as_str().unwrap().contains("the limit is 1 MiB"), "{}", r.body);
    let r = upload_source(&site.state, &token, "Empty", "AIEmpty.cc", b"").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(count(&site, "SELECT count(*) FROM bots").await, bots_before);
}

#[tokio::test]
async fn waiting_compiles_are_limited_per_user_and_withdrawable() {
    let site = support::site().await;
    if !sources_on("waiting_compiles_are_limited_per_user_and_withdrawable") {
        return;
    }
    let user = site.user("erin").await;
    let token = accounts::create_token(site.pool(), user, "tests").await.unwrap();
    // No compile may wait: every source upload is refused with the limit (429).
    let config = SiteConfig { max_compiles_waiting: 0, ..(*site.state.config).clone() };
    let state = AppState { config: std::sync::Arc::new(config), ..site.state.clone() };
    let r = upload_source(&state, &token, "Waiting", "AIWaiting.cc", b"int x;\n").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert!(r.json()["errors"]["limit"].as_str().unwrap().contains("(0)"), "{}", r.body);

    // A queued compile is withdrawn by the admin's function.
    sqlx::query(
        "INSERT INTO compiles (user_id, game, file_name, source, source_hash, build_key)
         VALUES ($1, 'pandemic', 'AIQ.cc', '\\x00'::bytea, 'sha256:x', 'k')",
    )
    .bind(user)
    .execute(site.pool())
    .await
    .unwrap();
    assert_eq!(compiles::withdraw_queued(site.pool(), user).await.unwrap(), 1);
    assert_eq!(count(&site, "SELECT count(*) FROM compiles WHERE status = 'queued'").await, 0);
}

/// A client that leaves while its upload is under way (a closed tab, a proxy's read timeout
/// during a long queue) loses nothing: the compile is queued, run and recorded, and the bot stored.
#[tokio::test]
async fn an_upload_whose_client_leaves_is_compiled_and_stored_all_the_same() {
    let site = support::site().await;
    if !sources_on("an_upload_whose_client_leaves_is_compiled_and_stored_all_the_same") {
        return;
    }
    let user = site.user("frank").await;
    let token = accounts::create_token(site.pool(), user, "tests").await.unwrap();
    // A source no other test uploads: no cached compile answers it at once.
    let mut source = std::fs::read(DEMO).unwrap();
    source.extend_from_slice(b"\n// an_upload_whose_client_leaves\n");
    // Hold the user's row: the upload's fields are checked, then it waits to queue its compile
    // (which locks that row), so the client surely leaves before the compile is queued.
    let mut hold = site.pool().begin().await.unwrap();
    sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE").bind(user).execute(&mut *hold).await.unwrap();
    // Boxed, so that dropping it drops the request (a `tokio::pin!` would only drop a reference).
    let mut request = Box::pin(upload_source(&site.state, &token, "Leaver", "AILeaver.cc", &source));
    let blocked =
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        tokio::select! {
            r = &mut request => panic!("the upload ended while its compile could not be queued: {} {}", r.status, r.body),
            _ = tokio::time::sleep(std::time::Duration::from_millis(5)) => {}
        }
        if count(&site, blocked).await > 0 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the upload never came to queue its compile");
    }
    drop(request);
    assert_eq!(count(&site, &format!("SELECT count(*) FROM compiles WHERE user_id = {user}")).await, 0);
    hold.rollback().await.unwrap();

    let stored = format!("SELECT count(*) FROM bots WHERE user_id = {user} AND name = 'Leaver'");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(300);
    while count(&site, &stored).await == 0 {
        assert!(tokio::time::Instant::now() < deadline, "the bot was never stored");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let built = format!("SELECT count(*) FROM compiles WHERE user_id = {user} AND status = 'built'");
    assert_eq!(count(&site, &built).await, 1, "the compile is not recorded as built");
}

/// The same site with another `--source-upload-wait`.
fn waiting(site: &support::TestSite, secs: u64) -> AppState {
    let config = SiteConfig { source_upload_wait_secs: secs, ..(*site.state.config).clone() };
    AppState { config: std::sync::Arc::new(config), ..site.state.clone() }
}

/// Polls `GET /api/compiles/{id}` until the upload is over; its last answer.
async fn until_done(state: &AppState, token: &str, id: i64) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(300);
    loop {
        let r = get(state, &format!("/api/compiles/{id}"), Some(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let j = r.json();
        if j["done"] == true {
            return j;
        }
        assert!(tokio::time::Instant::now() < deadline, "compile {id} never ended: {j}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A compile that outlasts the request's wait (a deadline's queue) is answered with its page:
/// 202 and the compile's URL on the API, a redirect on the form; the upload goes on, and the page
/// and its JSON tell the bot (or the compiler's messages) when it is over. Nobody else sees them.
#[tokio::test]
async fn a_compile_that_outlasts_the_wait_is_answered_with_its_page() {
    let site = support::site().await;
    let user = site.user("grace").await;
    let token = accounts::create_token(site.pool(), user, "tests").await.unwrap();
    let other = site.user("heidi").await;
    let other_token = accounts::create_token(site.pool(), other, "tests").await.unwrap();

    // A queued compile's page, whatever the host: where it stands, and the follower that reloads it.
    let queued: i64 = sqlx::query_scalar(
        "INSERT INTO compiles (user_id, game, file_name, source, source_hash, build_key)
         VALUES ($1, 'pandemic', 'AIQueued.cc', '\\x00'::bytea, 'sha256:q', 'k') RETURNING id",
    )
    .bind(user)
    .fetch_one(site.pool())
    .await
    .unwrap();
    let page = get(&site.state, &format!("/me/compiles/{queued}"), Some(&token)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("waiting to be compiled: 0 sources ahead"), "{}", page.body);
    assert!(page.body.contains(&format!("data-follow=\"/api/compiles/{queued}\"")), "{}", page.body);
    assert!(page.body.contains("data-follow-seen=\"queued/0/null/null\""), "{}", page.body);
    let j = get(&site.state, &format!("/api/compiles/{queued}"), Some(&token)).await.json();
    assert_eq!(
        (j["status"].as_str(), j["queued_ahead"].as_i64(), j["done"].as_bool()),
        (Some("queued"), Some(0), Some(false))
    );
    for uri in [format!("/me/compiles/{queued}"), format!("/api/compiles/{queued}")] {
        assert_eq!(get(&site.state, &uri, Some(&other_token)).await.status, StatusCode::NOT_FOUND, "{uri}");
    }
    // An upload that gave up waiting says so, and is over.
    // Another user's upload answered from this compile's cache leaves no trace on it.
    compiles::record_upload_error(site.pool(), queued, other, "name: taken").await.unwrap();
    let j = get(&site.state, &format!("/api/compiles/{queued}"), Some(&token)).await.json();
    assert!(j["upload_error"].is_null(), "{j}");
    compiles::record_upload_error(site.pool(), queued, user, compiles::STOPPED_WAITING).await.unwrap();
    let j = get(&site.state, &format!("/api/compiles/{queued}"), Some(&token)).await.json();
    assert_eq!((j["upload_error"].as_str(), j["done"].as_bool()), (Some(compiles::STOPPED_WAITING), Some(true)), "{j}");
    let page = get(&site.state, &format!("/me/compiles/{queued}"), Some(&token)).await;
    assert!(page.body.contains("id=\"upload-error\"") && !page.body.contains("data-follow="), "{}", page.body);
    compiles::withdraw_queued(site.pool(), user).await.unwrap();
    // Built minutes ago and no bot, with no reason recorded: the upload's task was lost.
    let lost: i64 = sqlx::query_scalar(
        "INSERT INTO compiles (user_id, game, file_name, source, source_hash, build_key, status, finished_at)
         VALUES ($1, 'pandemic', 'AILost.cc', '\\x00'::bytea, 'sha256:l', 'k', 'built', now() - interval '3 minutes')
         RETURNING id",
    )
    .bind(user)
    .fetch_one(site.pool())
    .await
    .unwrap();
    let j = get(&site.state, &format!("/api/compiles/{lost}"), Some(&token)).await.json();
    assert!(j["upload_error"].as_str().unwrap_or("").contains("interrupted"), "{j}");
    assert_eq!(j["done"], true);
    if !sources_on("a_compile_that_outlasts_the_wait_is_answered_with_its_page") {
        return;
    }

    // No wait at all: every new source is answered with its compile.
    let state = waiting(&site, 0);
    let mut source = std::fs::read(DEMO).unwrap();
    source.extend_from_slice(b"\n// a_compile_that_outlasts_the_wait\n");
    let r = upload_source(&state, &token, "Patient", "AIPatient.cc", &source).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.body);
    let j = r.json();
    let id = j["compile_id"].as_i64().unwrap();
    assert_eq!(j["url"], format!("/api/compiles/{id}").as_str(), "{j}");
    assert_eq!(j["page"], format!("/me/compiles/{id}").as_str(), "{j}");
    let done = until_done(&state, &token, id).await;
    assert_eq!(done["status"], "built", "{done}");
    let bot = done["bot_id"].as_i64().unwrap_or_else(|| panic!("no bot: {done}"));
    assert_eq!(done["bot_url"], format!("/bots/{bot}").as_str());
    let name: String = sqlx::query_scalar("SELECT name FROM bots WHERE id = $1 AND user_id = $2")
        .bind(bot)
        .bind(user)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(name, "Patient");
    // The page of a stored upload is the bot's.
    let page = get(&state, &format!("/me/compiles/{id}"), Some(&token)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);

    // A source that does not compile: the page shows the error and the compiler's messages.
    let r = upload_source(&state, &token, "Broken2", "AIBroken2.cc", b"#include \"Player.hh\"\n\nint y = ;\n").await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.body);
    let id = r.json()["compile_id"].as_i64().unwrap();
    let done = until_done(&state, &token, id).await;
    assert_eq!(done["status"], "failed", "{done}");
    assert!(done["error"].as_str().unwrap().contains("AIBroken2.cc did not compile"), "{done}");
    assert!(!done["error"].as_str().unwrap().contains("are above"), "the messages are below: {done}");
    assert!(done["messages"].as_str().unwrap().contains("AIBroken2.cc:3:9: error"), "{done}");
    let page = get(&state, &format!("/me/compiles/{id}"), Some(&token)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("id=\"compile-error\"") && page.body.contains("AIBroken2.cc:3:9: error"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("data-follow="), "a finished compile's page still follows it");

    // The form sends the browser to the compile's page.
    let session = accounts::create_session(site.pool(), user).await.unwrap();
    let csrf = "0123456789abcdef0123456789abcdef";
    source.extend_from_slice(b"// by the form\n");
    let (content_type, body) = multipart(
        &[("csrf", csrf), ("game", "pandemic"), ("name", "Formed")],
        Some(("source", "AIFormed.cc", &source)),
    );
    let req = Request::post("/upload")
        .header(header::CONTENT_TYPE, content_type)
        .header("cookie", format!("arena_session={session}; csrf={csrf}"))
        .body(Body::from(body))
        .unwrap();
    let resp = arena::site::web::router(state.clone()).oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let location = resp.headers()[header::LOCATION].to_str().unwrap().to_string();
    let id: i64 = location.strip_prefix("/me/compiles/").unwrap_or_else(|| panic!("{location}")).parse().unwrap();
    assert!(until_done(&state, &token, id).await["bot_id"].as_i64().is_some());
}
