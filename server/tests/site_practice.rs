//! Practice matches (the form and `POST /api/matches`), a player's actions on their own bots
//! (retire, rename, download) and playing a server match again locally, through the site's
//! router against a real Postgres database.

mod support;

use arena::site::core::config::SiteConfig;
use arena::site::core::kind::Kind;
use arena::site::matches::queue::{self, NewMatch};
use arena::site::players::accounts;
use arena::site::state::AppState;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use std::sync::Arc;
use support::http::{get, login, post_form, send, Reply, CSRF};
use support::{drain, house, house_wasm, qualified_representative, upload};

/// `POST /api/matches` with an API token.
async fn post_match(state: &AppState, token: &str, body: serde_json::Value) -> Reply {
    let req = Request::post("/api/matches")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(state, req).await
}

/// A player with an API token.
async fn player(site: &support::TestSite, name: &str) -> (i64, String) {
    let id = site.user(name).await;
    (id, accounts::create_token(site.pool(), id, "tests").await.unwrap())
}

/// Every rating row and history row, to show a match left them alone.
async fn ratings(site: &support::TestSite) -> (Vec<(i64, f64, f64, i32)>, i64) {
    let rows = sqlx::query_as("SELECT bot_id, mu, sigma, matches FROM ratings ORDER BY bot_id")
        .fetch_all(site.pool())
        .await
        .unwrap();
    let history = sqlx::query_scalar("SELECT count(*) FROM rating_history").fetch_one(site.pool()).await.unwrap();
    (rows, history)
}

/// Drops the qualification matches queued by uploads, so that a test's queue holds only its own.
async fn clear_queue(site: &support::TestSite) {
    sqlx::query("DELETE FROM matches WHERE state = 'queued'").execute(site.pool()).await.unwrap();
}

#[tokio::test]
async fn a_practice_match_is_queued_played_and_unrated() {
    let site = support::site().await;
    let (alice, token) = player(&site, "alice").await;
    let bob = site.user("bob").await;
    let carol = site.user("carol").await;
    let mine = upload(&site, alice, "Mine", house_wasm("Demo")).await;
    let bobs = qualified_representative(&site, "pandemic", bob, "Bobby", house_wasm("Dummy")).await;
    let carols = qualified_representative(&site, "pandemic", carol, "Caro", house_wasm("Demo")).await;
    let dummy = house(&site, "Dummy").await;
    clear_queue(&site).await;
    let before = ratings(&site).await;

    let r = post_match(
        &site.state,
        &token,
        serde_json::json!({"game": "pandemic", "bots": [mine, bobs, carols, dummy], "seed": 77}),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text());
    let id = r.json()["id"].as_i64().unwrap();
    assert_eq!(r.header(header::LOCATION), format!("/matches/{id}"));
    let m = get(&site.state, &format!("/api/matches/{id}"), None).await.json();
    assert_eq!(
        (m["state"].as_str(), m["kind"].as_str(), m["seed"].as_i64()),
        (Some("queued"), Some("practice"), Some(77))
    );

    assert_eq!(drain(&site).await, 1);
    let m = get(&site.state, &format!("/api/matches/{id}"), None).await.json();
    assert_eq!(m["state"], "done");
    let ranks: Vec<i64> = m["players"].as_array().unwrap().iter().map(|p| p["rank"].as_i64().unwrap()).collect();
    assert!(ranks.iter().all(|r| (1..=4).contains(r)), "{ranks:?}");
    assert_eq!(ratings(&site).await, before, "a practice match changes no rating and adds no history");
    let (status, _) = support::status(&site, mine).await;
    assert_eq!(status, "qualifying", "and no verdict");

    // Listed for its player, with its places, on the form's page and in the API.
    let list = {
        let req = Request::get("/api/me/practice").header(header::AUTHORIZATION, format!("Bearer {token}"));
        send(&site.state, req.body(Body::empty()).unwrap()).await.json()
    };
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"].as_i64(), Some(id));
    assert_eq!(list[0]["bots"], serde_json::json!(["Mine", "Bobby", "Caro", "Dummy"]));
    let session = login(&site.state, alice).await;
    let page = get(&site.state, "/practice?game=pandemic", Some(&session)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains(&format!("href=\"/matches/{id}\"")), "the page lists it");
    // And on the player's profile, for anyone.
    let profile = get(&site.state, "/users/alice", None).await.text();
    let section = profile.split("id=\"practice-matches\"").nth(1).expect("a practice section");
    assert!(section.contains(&format!("href=\"/matches/{id}\"")), "{section}");
    assert!(section.contains("Mine ("), "places shown: {section}");
}

#[tokio::test]
async fn the_form_queues_a_match_and_explains_refusals() {
    let site = support::site().await;
    let alice = site.user("alice").await;
    let mine = upload(&site, alice, "Mine", house_wasm("Demo")).await;
    let dummy = house(&site, "Dummy").await;
    let session = login(&site.state, alice).await;

    let page = get(&site.state, "/practice", Some(&session)).await.text();
    assert!(page.contains(&format!("<option value=\"{mine}\" selected>")), "your newest bot in seat 1");
    assert!(page.contains("<optgroup label=\"House bots\">"));

    let form = format!("csrf={CSRF}&game=pandemic&seat0={mine}&seat1={dummy}&seat2={dummy}&seat3={dummy}&seed=");
    let r = post_form(&site.state, "/practice", &session, &form).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text());
    let location = r.header(header::LOCATION).to_string();
    let id: i64 = location.strip_prefix("/matches/").unwrap().parse().unwrap();
    let (kind, requested_by): (String, Option<i64>) =
        sqlx::query_as("SELECT kind, requested_by FROM matches WHERE id = $1")
            .bind(id)
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert_eq!((kind.as_str(), requested_by), ("practice", Some(alice)));

    let r = post_form(
        &site.state,
        "/practice",
        &session,
        &format!("csrf={CSRF}&game=pandemic&seat0={mine}&seat1=x&seat2=1&seat3=1"),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().contains("seat 2: `x` is not a bot id"), "{}", r.text());
    let r = post_form(
        &site.state,
        "/practice",
        &session,
        &format!("csrf={CSRF}&game=pandemic&seat0={mine}&seat1={dummy}&seat2={dummy}&seat3={dummy}&seed=-4"),
    )
    .await;
    assert!(r.text().contains("the seed `-4` is not a whole number"), "{}", r.text());
    // Without the CSRF token: refused, nothing queued.
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM matches WHERE kind = 'practice'")
        .fetch_one(site.pool())
        .await
        .unwrap();
    let r = post_form(
        &site.state,
        "/practice",
        &session,
        &format!("game=pandemic&seat0={mine}&seat1={dummy}&seat2={dummy}&seat3={dummy}"),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM matches WHERE kind = 'practice'")
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(after, n);
    // Logged out: the form is for players.
    assert_ne!(get(&site.state, "/practice", None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn bad_requests_say_what_is_wrong() {
    let site = support::site().await;
    let (alice, token) = player(&site, "alice").await;
    let bob = site.user("bob").await;
    let mine = upload(&site, alice, "Mine", house_wasm("Demo")).await;
    let bobs_qualifying = upload(&site, bob, "BobNew", house_wasm("Dummy")).await;
    let ork =
        support::upload_to(&site, "ork-island", alice, "Orky", support::house_wasm_of("ork-island", "Demo")).await;
    let dummy = house(&site, "Dummy").await;
    let cases: Vec<(serde_json::Value, StatusCode, String)> = vec![
        (
            serde_json::json!({"game": "chess", "bots": [mine, dummy, dummy, dummy]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "no game called `chess`".into(),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "exactly 4 bots, one per seat; 3 given".into(),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, 999999]}),
            StatusCode::NOT_FOUND,
            "there is no bot #999999".into(),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": [mine, dummy, ork, dummy]}),
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("bot #{ork} plays ork-island, not pandemic"),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": [mine, bobs_qualifying, dummy, dummy]}),
            StatusCode::FORBIDDEN,
            format!("bot #{bobs_qualifying} is neither yours"),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, dummy], "seed": 9223372036854775808u64}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "the seed 9223372036854775808 is too large".into(),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": "all"}),
            StatusCode::BAD_REQUEST,
            "the body must be JSON like".into(),
        ),
        (
            serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, dummy], "sed": 3}),
            StatusCode::BAD_REQUEST,
            "unknown field `sed`".into(),
        ),
    ];
    for (body, status, message) in cases {
        let r = post_match(&site.state, &token, body.clone()).await;
        assert_eq!(r.status, status, "{body}: {}", r.text());
        assert!(r.json()["error"].as_str().unwrap().contains(&message), "{body}: {}", r.text());
    }
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM matches WHERE kind = 'practice'")
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(n, 0, "nothing queued");
    // A browser session needs the CSRF header; an anonymous caller is refused.
    let session = login(&site.state, alice).await;
    let req = Request::post("/api/matches")
        .header(header::COOKIE, format!("arena_session={session}; csrf={CSRF}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, dummy]}).to_string()))
        .unwrap();
    assert_eq!(send(&site.state, req).await.status, StatusCode::FORBIDDEN);
    let req = Request::post("/api/matches")
        .header(header::COOKIE, format!("arena_session={session}; csrf={CSRF}"))
        .header("x-csrf-token", CSRF)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, dummy]}).to_string()))
        .unwrap();
    assert_eq!(send(&site.state, req).await.status, StatusCode::CREATED);
    let req = Request::post("/api/matches")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, dummy]}).to_string()))
        .unwrap();
    assert_eq!(send(&site.state, req).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn limits_per_player() {
    let site = support::site().await;
    let config = SiteConfig { max_practice_waiting: 2, max_practice_per_day: 3, ..(*site.state.config).clone() };
    let state = AppState { config: Arc::new(config), ..site.state.clone() };
    let (alice, token) = player(&site, "alice").await;
    let (_, bobs_token) = player(&site, "bob").await;
    let dummy = house(&site, "Dummy").await;
    let mine = upload(&site, alice, "Mine", house_wasm("Demo")).await;
    clear_queue(&site).await;
    let ask = |token: String| {
        let state = state.clone();
        async move {
            post_match(&state, &token, serde_json::json!({"game": "pandemic", "bots": [mine, dummy, dummy, dummy]}))
                .await
        }
    };
    // Bob may not pick Alice's qualifying bot; he picks house bots.
    let bob_asks = || {
        let state = state.clone();
        let token = bobs_token.clone();
        async move {
            post_match(&state, &token, serde_json::json!({"game": "pandemic", "bots": [dummy, dummy, dummy, dummy]}))
                .await
        }
    };

    assert_eq!(ask(token.clone()).await.status, StatusCode::CREATED);
    assert_eq!(ask(token.clone()).await.status, StatusCode::CREATED);
    let third = ask(token.clone()).await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(third.header(axum::http::header::RETRY_AFTER), "60", "every 429 says when to come back");
    assert!(
        third.json()["error"].as_str().unwrap().contains("you have 2 practice matches waiting or running"),
        "{}",
        third.text()
    );
    assert_eq!(bob_asks().await.status, StatusCode::CREATED, "limits are per player");

    // Once they are played, the player may ask again, up to the daily limit.
    assert_eq!(drain(&site).await, 3);
    assert_eq!(ask(token.clone()).await.status, StatusCode::CREATED);
    let fourth = ask(token.clone()).await;
    assert_eq!(fourth.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        fourth.json()["error"].as_str().unwrap().contains("3 practice matches in the last 24 hours"),
        "{}",
        fourth.text()
    );
}

#[tokio::test]
async fn practice_runs_after_qualification_and_before_the_ladder() {
    let site = support::site().await;
    let (alice, token) = player(&site, "alice").await;
    let dummy = house(&site, "Dummy").await;
    clear_queue(&site).await;
    let ladder = {
        let mut conn = site.pool().acquire().await.unwrap();
        let m = NewMatch {
            game: "pandemic".into(),
            kind: Kind::Ladder,
            seed: 1,
            subject_bot_id: None,
            bots: [dummy; 4],
            requested_by: None,
        };
        queue::enqueue(&mut conn, &m).await.unwrap()
    };
    let practice =
        post_match(&site.state, &token, serde_json::json!({"game": "pandemic", "bots": [dummy, dummy, dummy, dummy]}))
            .await
            .json()["id"]
            .as_i64()
            .unwrap();
    // Uploaded last, qualified first.
    let mine = upload(&site, alice, "Mine", house_wasm("Demo")).await;
    let sanity: i64 = sqlx::query_scalar("SELECT id FROM matches WHERE subject_bot_id = $1")
        .bind(mine)
        .fetch_one(site.pool())
        .await
        .unwrap();

    let mut order = Vec::new();
    while let Some(claim) =
        arena::site::sources::claim(site.pool(), "test", std::time::Duration::from_secs(30)).await.unwrap()
    {
        order.push(claim.id);
        sqlx::query("UPDATE matches SET state = 'done' WHERE id = $1")
            .bind(claim.id)
            .execute(site.pool())
            .await
            .unwrap();
    }
    assert_eq!(order, vec![sanity, practice, ladder]);
    assert!(Kind::Qualification.priority() < Kind::Practice.priority());
    assert!(Kind::Tournament.priority() < Kind::Practice.priority());
    assert!(Kind::Practice.priority() < Kind::Ladder.priority());
}

#[tokio::test]
async fn owners_retire_rename_and_download_their_bots() {
    let site = support::site().await;
    let alice = site.user("alice").await;
    let bob = site.user("bob").await;
    let session = login(&site.state, alice).await;
    let rep = qualified_representative(&site, "pandemic", alice, "Champ", house_wasm("Demo")).await;
    let fresh = upload(&site, alice, "Fresh", house_wasm("Null")).await;
    let bobs = upload(&site, bob, "Taken", house_wasm("Dummy")).await;
    let on_board = |site: &support::TestSite| {
        let state = site.state.clone();
        async move {
            let board = get(&state, "/api/games/pandemic/leaderboard", None).await.json();
            board["entries"].as_array().unwrap().iter().map(|e| e["bot_id"].as_i64().unwrap()).collect::<Vec<_>>()
        }
    };
    assert!(on_board(&site).await.contains(&rep));

    // Rename before qualifying: a free name works, a taken or locked one does not.
    let r =
        post_form(&site.state, &format!("/me/bots/{fresh}/rename"), &session, &format!("csrf={CSRF}&name=Newer")).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text());
    let name: String =
        sqlx::query_scalar("SELECT name FROM bots WHERE id = $1").bind(fresh).fetch_one(site.pool()).await.unwrap();
    assert_eq!(name, "Newer");
    let r =
        post_form(&site.state, &format!("/me/bots/{fresh}/rename"), &session, &format!("csrf={CSRF}&name=Taken")).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().contains("another user holds the name Taken"), "{}", r.text());
    let r =
        post_form(&site.state, &format!("/me/bots/{fresh}/rename"), &session, &format!("csrf={CSRF}&name=Dummy")).await;
    assert!(r.text().contains("house bot"), "{}", r.text());
    let r =
        post_form(&site.state, &format!("/me/bots/{rep}/rename"), &session, &format!("csrf={CSRF}&name=Other")).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert!(r.text().contains("has qualified: its name is locked"), "{}", r.text());
    let r =
        post_form(&site.state, &format!("/me/bots/{bobs}/rename"), &session, &format!("csrf={CSRF}&name=Mine")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "another's bot");

    // Download: one's own module as uploaded; not another's.
    let r = get(&site.state, &format!("/me/bots/{fresh}/module.wasm"), Some(&session)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, house_wasm("Null"));
    assert_eq!(r.header(header::CONTENT_TYPE), "application/wasm");
    assert_eq!(
        get(&site.state, &format!("/me/bots/{bobs}/module.wasm"), Some(&session)).await.status,
        StatusCode::NOT_FOUND
    );

    // Retire: it leaves the leaderboard and stops representing; its matches stay.
    let r = post_form(&site.state, &format!("/me/bots/{rep}/retire"), &session, "name=x").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "the CSRF token is needed");
    let r = post_form(&site.state, &format!("/me/bots/{rep}/retire"), &session, &format!("csrf={CSRF}")).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.text());
    assert!(!on_board(&site).await.contains(&rep), "a retired bot leaves the leaderboard");
    let reps: i64 = sqlx::query_scalar("SELECT count(*) FROM representatives WHERE bot_id = $1")
        .bind(rep)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(reps, 0);
    let page = get(&site.state, "/me/bots", Some(&session)).await.text();
    assert!(page.contains("status-retired"), "shown as retired");
    let r = post_form(&site.state, &format!("/me/bots/{bobs}/retire"), &session, &format!("csrf={CSRF}")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "only one's own bots");
    let (status, _) = support::status(&site, bobs).await;
    assert_eq!(status, "qualifying");
}

#[tokio::test]
async fn modules_by_hash_for_those_who_may_download_them() {
    let site = support::site().await;
    let alice = site.user("alice").await;
    let bob = site.user("bob").await;
    let bobby = support::unique_wasm("bobby");
    let qualified = qualified_representative(&site, "pandemic", bob, "Bobby", &bobby).await;
    let private = upload(&site, bob, "Secret", &support::unique_wasm("secret")).await;
    let hex = |bot: i64| {
        let pool = site.pool().clone();
        async move {
            let h: String = sqlx::query_scalar("SELECT wasm_hash FROM bots WHERE id = $1")
                .bind(bot)
                .fetch_one(&pool)
                .await
                .unwrap();
            h.strip_prefix("sha256:").unwrap().to_string()
        }
    };
    let dummy_hex = hex(house(&site, "Dummy").await).await;
    let session = login(&site.state, alice).await;

    // House modules: anyone. Qualified bots' modules: signed-in players. Others: nobody but the owner.
    let r = get(&site.state, &format!("/modules/{dummy_hex}.wasm"), None).await;
    assert_eq!((r.status, r.body.as_slice()), (StatusCode::OK, house_wasm("Dummy")));
    let q = hex(qualified).await;
    assert_eq!(get(&site.state, &format!("/modules/{q}.wasm"), None).await.status, StatusCode::NOT_FOUND);
    let r = get(&site.state, &format!("/modules/{}.wasm", &q[..16]), Some(&session)).await;
    assert_eq!((r.status, r.body.as_slice()), (StatusCode::OK, bobby.as_slice()), "a 16-digit prefix is enough");
    let p = hex(private).await;
    assert_eq!(get(&site.state, &format!("/modules/{p}.wasm"), Some(&session)).await.status, StatusCode::NOT_FOUND);
    let bobs_session = login(&site.state, bob).await;
    assert_eq!(get(&site.state, &format!("/modules/{p}.wasm"), Some(&bobs_session)).await.status, StatusCode::OK);
    assert_eq!(get(&site.state, "/modules/not-a-hash.wasm", None).await.status, StatusCode::NOT_FOUND);

    // With private modules, a qualified bot's module is its owner's only.
    let config = SiteConfig { private_modules: true, ..(*site.state.config).clone() };
    let state = AppState { config: Arc::new(config), ..site.state.clone() };
    assert_eq!(get(&state, &format!("/modules/{q}.wasm"), Some(&session)).await.status, StatusCode::NOT_FOUND);
}

/// Unpacks a zip into `dir`; returns the entries' names.
fn unzip(bytes: &[u8], dir: &std::path::Path) -> Vec<String> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let names: Vec<String> = archive.file_names().map(|n| n.expect("a name").into_owned()).collect();
    archive.extract(dir).expect("extracts");
    names
}

#[tokio::test]
async fn a_server_match_plays_again_locally_byte_for_byte() {
    let site = support::site().await;
    let (alice, token) = player(&site, "alice").await;
    let bob = site.user("bob").await;
    let carol = site.user("carol").await;
    // Modules no house bot has, so that who may download which is plain.
    let mine = upload(&site, alice, "Mine", support::ace_wasm()).await;
    let bobs = qualified_representative(&site, "pandemic", bob, "Bobby", &support::unique_wasm("bob")).await;
    let carols = qualified_representative(&site, "pandemic", carol, "Caro", &support::unique_wasm("carol")).await;
    let house_null = house(&site, "Null").await;
    clear_queue(&site).await;
    let id = post_match(
        &site.state,
        &token,
        serde_json::json!({"game": "pandemic", "bots": [mine, bobs, carols, house_null], "seed": 5}),
    )
    .await
    .json()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(drain(&site).await, 1);
    // Renamed after it played: the replay keeps the old name, and so does the command.
    let session = login(&site.state, alice).await;
    let r = post_form(&site.state, &format!("/me/bots/{mine}/rename"), &session, &format!("csrf={CSRF}&name=Renamed"))
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);

    let page = get(&site.state, &format!("/matches/{id}"), Some(&session)).await.text();
    let command = page
        .split("<pre id=\"reproduce-command\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .expect("the page shows the command")
        .to_string();
    assert!(command.starts_with("arena run pandemic modules/"), "{command}");
    assert!(command.contains("--seed 5 --names Mine,Bobby,Caro,Null"), "{command}");

    let bundle = get(&site.state, &format!("/matches/{id}/bundle.zip"), Some(&session)).await;
    assert_eq!(bundle.status, StatusCode::OK);
    assert_eq!(bundle.header(header::CONTENT_TYPE), "application/zip");
    let again = get(&site.state, &format!("/matches/{id}/bundle.zip"), Some(&session)).await;
    assert_eq!(bundle.body, again.body, "the same bundle bytes each time");
    let dir = tempfile::tempdir().unwrap();
    let names = unzip(&bundle.body, dir.path());
    let root = dir.path().join(format!("arena-match-{id}"));
    for f in ["README.txt", "match.json", "reproduce.sh", "server.replay"] {
        assert!(names.contains(&format!("arena-match-{id}/{f}")), "{f} in {names:?}");
    }
    let info: serde_json::Value = serde_json::from_slice(&std::fs::read(root.join("match.json")).unwrap()).unwrap();
    assert_eq!(info["players"].as_array().unwrap().iter().filter(|p| p["included"] == true).count(), 4);
    assert_eq!(info["command"].as_str(), Some(command.as_str()));

    // The page's command, run in the bundle's folder, writes the server's replay byte for byte.
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arena")).args(&args).current_dir(&root).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let local = std::fs::read(root.join(format!("match-{id}.replay"))).unwrap();
    let server = site.state.replays.get(id).await.unwrap().unwrap();
    assert_eq!(local, server, "same replay bytes");
    assert_eq!(std::fs::read(root.join("server.replay")).unwrap(), server);

    // An anonymous reader's bundle leaves out the qualified players' and Alice's modules.
    let anonymous = get(&site.state, &format!("/matches/{id}/bundle.zip"), None).await;
    let dir = tempfile::tempdir().unwrap();
    let names = unzip(&anonymous.body, dir.path());
    assert_eq!(names.iter().filter(|n| n.contains("/modules/")).count(), 1, "the house bot's only: {names:?}");
    let readme = std::fs::read_to_string(dir.path().join(format!("arena-match-{id}/README.txt"))).unwrap();
    assert!(readme.contains("Not included"), "{readme}");
}
