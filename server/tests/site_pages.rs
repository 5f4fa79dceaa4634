//! The public pages, the JSON API over them, replays and the representative form, driven through
//! the router against a real Postgres database.

mod support;

use arena::site::state::AppState;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use std::sync::OnceLock;

use support::http::{get, login, post_form, send, CSRF};

/// One Pandemic match of four native Demos, recorded: (summary, replay bytes). Played once.
fn played() -> &'static (engine::referee::MatchSummary, Vec<u8>) {
    static PLAYED: OnceLock<(engine::referee::MatchSummary, Vec<u8>)> = OnceLock::new();
    PLAYED.get_or_init(|| {
        use engine::catalog::PlayerSpec;
        let game = engine::catalog::find("pandemic").expect("pandemic");
        let setup = engine::referee::MatchSetup {
            params: engine::params::ParamValues::defaults(game.param_specs()),
            board: engine::cnf::BoardSource::Generated,
            seed: 42,
        };
        let players: Vec<PlayerSpec> = (0..4).map(|_| PlayerSpec::House("Demo".into())).collect();
        let out = game.play(&setup, &players, true).expect("the match plays");
        (out.summary, out.replay.expect("recorded"))
    })
}

/// A site with alice and bob, a bot each, and a finished ladder match between their bots and two
/// house bots (alice in seat 0, bob in seat 1), with stderr and a replay.
struct Fixture {
    site: support::TestSite,
    alice: i64,
    bob: i64,
    alice_bot: i64,
    bob_bot: i64,
    match_id: i64,
}

impl Fixture {
    fn state(&self) -> &AppState {
        &self.site.state
    }
}

async fn house_bot(state: &AppState, name: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT b.id FROM bots b JOIN users u ON u.id = b.user_id
         WHERE u.is_house AND b.game = 'pandemic' AND b.name = $1 ORDER BY b.id DESC LIMIT 1",
    )
    .bind(name)
    .fetch_one(&state.pool)
    .await
    .unwrap()
}

async fn add_bot(state: &AppState, user: i64, name: &str, status: &str) -> i64 {
    let hash: String =
        sqlx::query_scalar("SELECT hash FROM wasm_modules ORDER BY hash LIMIT 1").fetch_one(&state.pool).await.unwrap();
    sqlx::query_scalar(
        "INSERT INTO bots (game, name, user_id, wasm_hash, status, verdict, qualified_at)
         VALUES ('pandemic', $1, $2, $3, $4, $5, CASE WHEN $4 = 'qualified' THEN now() END) RETURNING id",
    )
    .bind(name)
    .bind(user)
    .bind(hash)
    .bind(status)
    .bind(format!("verdict of {name}"))
    .fetch_one(&state.pool)
    .await
    .unwrap()
}

async fn fixture() -> Fixture {
    let site = support::site().await;
    let state = site.state.clone();
    let alice = site.user("alice").await;
    let bob = site.user("bob").await;
    let alice_bot = add_bot(&state, alice, "AliceBot", "qualified").await;
    let bob_bot = add_bot(&state, bob, "BobBot", "qualifying").await;
    let bots = [alice_bot, bob_bot, house_bot(&state, "Demo").await, house_bot(&state, "Dummy").await];

    let (summary, replay) = played();
    let match_id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, state, started_at, finished_at, duration_ms, rounds, replay_size)
         VALUES ('pandemic', 'ladder', 10, $1, 'done', now(), now(), 1234.0, $2, $3) RETURNING id",
    )
    .bind(summary.seed as i64)
    .bind(summary.rounds as i32)
    .bind(replay.len() as i32)
    .fetch_one(&state.pool)
    .await
    .unwrap();
    let stderr: [Option<&[u8]>; 4] = [Some(b"alice says hi\n"), Some(b"bob's secret plan\n"), Some(b""), None];
    for (seat, (bot, p)) in bots.iter().zip(&summary.players).enumerate() {
        sqlx::query(
            "INSERT INTO match_players (match_id, seat, bot_id, score, rank, cpu, fuel_used, stderr, stderr_truncated)
             VALUES ($1, $2, $3, $4, $5, $6, 1000, $7, FALSE)",
        )
        .bind(match_id)
        .bind(seat as i16)
        .bind(bot)
        .bind(p.score)
        .bind(p.rank as i16)
        .bind(p.cpu)
        .bind(stderr[seat])
        .execute(&state.pool)
        .await
        .unwrap();
    }
    // The Dummy in seat 3 was frozen (as a wasm bot could be), to show how that reads.
    sqlx::query(
        "UPDATE match_players SET cpu = -1, frozen_reason = 'timeout', frozen_round = 17,
                frozen_message = 'ran out of time' WHERE match_id = $1 AND seat = 3",
    )
    .bind(match_id)
    .execute(&state.pool)
    .await
    .unwrap();
    state.replays.put(match_id, replay).await.unwrap();
    Fixture { site, alice, bob, alice_bot, bob_bot, match_id }
}

async fn representative(state: &AppState, user: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT bot_id FROM representatives WHERE user_id = $1 AND game = 'pandemic'")
        .bind(user)
        .fetch_optional(&state.pool)
        .await
        .unwrap()
}

async fn make_representative(state: &AppState, user: i64, bot: i64) {
    let mut tx = state.pool.begin().await.unwrap();
    arena::site::sources::ladder::make_representative(&mut tx, user, "pandemic", bot).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn home_and_leaderboard_list_the_house_bots() {
    let f = fixture().await;
    make_representative(f.state(), f.alice, f.alice_bot).await;

    let home = get(f.state(), "/", None).await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(home.text().contains("href=\"/games/pandemic\""), "{}", home.text());

    let board = get(f.state(), "/games/pandemic", None).await;
    assert_eq!(board.status, StatusCode::OK);
    let html = board.text();
    assert!(html.contains("id=\"leaderboard\""));
    for name in ["Null", "Demo", "Dummy", "AliceBot"] {
        assert!(html.contains(&format!(">{name}</a>")), "{name} missing: {html}");
    }
    assert!(html.contains(&format!("href=\"/bots/{}\"", f.alice_bot)));
    assert!(html.contains("<span class=\"tag\">house</span>"));
    // BobBot is not qualified, hence no representative.
    assert!(!html.contains("BobBot"));

    let api = get(f.state(), "/api/games/pandemic/leaderboard", None).await;
    assert_eq!(api.status, StatusCode::OK);
    let entries = api.json()["entries"].as_array().cloned().unwrap();
    assert_eq!(entries.len(), 4);
    for e in &entries {
        let (mu, sigma, rating) =
            (e["mu"].as_f64().unwrap(), e["sigma"].as_f64().unwrap(), e["rating"].as_f64().unwrap());
        assert!((rating - (mu - 3.0 * sigma)).abs() < 1e-9);
        assert_eq!(e["is_house"].as_bool().unwrap(), e["name"] != "AliceBot");
    }

    let games = get(f.state(), "/api/games", None).await.json();
    assert_eq!(games[0]["name"], "pandemic");
    assert_eq!(games[0]["matches_played"], 1);
    assert_eq!(games[0]["qualified_bots"], 1);

    let unknown = get(f.state(), "/games/chess", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(unknown.text().contains("no game called"), "{}", unknown.text());
    assert_eq!(get(f.state(), "/api/games/chess/leaderboard", None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bot_page_shows_the_qualification_status_and_matches() {
    let f = fixture().await;
    // Bob's bot is qualifying: its sanity match is done, one qualification match waits.
    let sanity: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, subject_bot_id, state, finished_at)
         VALUES ('pandemic', 'sanity', 0, 777, $1, 'done', now()) RETURNING id",
    )
    .bind(f.bob_bot)
    .fetch_one(&f.state().pool)
    .await
    .unwrap();
    for seat in 0..4i16 {
        sqlx::query("INSERT INTO match_players (match_id, seat, bot_id, score, rank) VALUES ($1, $2, $3, 10, 1)")
            .bind(sanity)
            .bind(seat)
            .bind(f.bob_bot)
            .execute(&f.state().pool)
            .await
            .unwrap();
    }
    let queued: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, subject_bot_id) VALUES ('pandemic', 'qualification', 0, 888, $1)
         RETURNING id",
    )
    .bind(f.bob_bot)
    .fetch_one(&f.state().pool)
    .await
    .unwrap();

    let page = get(f.state(), &format!("/bots/{}", f.bob_bot), None).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(html.contains(">qualifying</span>") && html.contains("id=\"qualification-status\""), "{html}");
    assert!(html.contains("id=\"verdict\">verdict of BobBot<"), "{html}");
    assert!(
        html.contains(&format!("href=\"/matches/{sanity}\"")) && html.contains(&format!("href=\"/matches/{queued}\""))
    );
    assert!(html.contains("777") && html.contains("888"));
    assert!(html.contains(">passed<"), "{html}");
    // While qualifying, the page polls the API.
    assert!(html.contains(&format!("/api/bots/{}", f.bob_bot)));

    let api = get(f.state(), &format!("/api/bots/{}", f.bob_bot), None).await.json();
    assert_eq!(api["status"], "qualifying");
    assert_eq!(api["qualification"].as_array().unwrap().len(), 2);
    assert_eq!(api["qualification_finished"], 1);
    assert_eq!(api["qualification"][0]["passed"], true);
    assert_eq!(api["qualification"][1]["state"], "queued");

    let alice = get(f.state(), &format!("/bots/{}", f.alice_bot), None).await.text();
    assert!(
        alice.contains("id=\"qualification-status\" class=\"status status-qualified\">qualified</span>"),
        "{alice}"
    );
    assert!(!alice.contains("/api/bots/"), "a qualified bot's page does not poll");
    assert!(alice.contains(&format!("href=\"/matches/{}\"", f.match_id)), "recent matches list the ladder match");

    // A rated bot draws its rating history.
    make_representative(f.state(), f.alice, f.alice_bot).await;
    let mut conn = f.state().pool.acquire().await.unwrap();
    arena::site::sources::ladder::rate_match(&mut conn, f.match_id).await.unwrap();
    drop(conn);
    let rated = get(f.state(), &format!("/bots/{}", f.alice_bot), None).await.text();
    assert!(rated.contains("<svg id=\"rating-chart\"") && rated.contains("<polyline"), "{rated}");

    let missing = get(f.state(), "/bots/999999", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.text().contains("There is no bot #999999."));
    assert_eq!(get(f.state(), "/bots/abc", None).await.status, StatusCode::NOT_FOUND);
    let api_missing = get(f.state(), "/api/bots/999999", None).await;
    assert_eq!(api_missing.status, StatusCode::NOT_FOUND);
    assert!(api_missing.json()["error"].is_string());
    assert_eq!(get(f.state(), "/api/bots/abc", None).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn match_page_shows_the_players_and_the_viewer() {
    let f = fixture().await;
    let page = get(f.state(), &format!("/matches/{}", f.match_id), None).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    for name in ["AliceBot", "BobBot", "Demo", "Dummy", "alice", "bob"] {
        assert!(html.contains(name), "{name} missing: {html}");
    }
    let (summary, _) = played();
    assert!(html.contains(&format!(">{}</code>", summary.seed)));
    assert!(html
        .contains(&format!("<iframe id=\"viewer\" src=\"/viewer/viewer.html?replay=/matches/{}/replay\"", f.match_id)));
    assert!(html.contains(&format!("<a id=\"replay-download\" href=\"/matches/{}/replay\" download>", f.match_id)));
    assert!(html.contains('%'), "CPU shares as percentages");
    assert!(html.contains("timeout</span> in round 17: ran out of time"), "{html}");
    assert!(!html.contains("id=\"pending\""));

    // A queued match says so and has no replay yet.
    let queued: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed) VALUES ('pandemic', 'ladder', 10, 5) RETURNING id",
    )
    .fetch_one(&f.state().pool)
    .await
    .unwrap();
    let html = get(f.state(), &format!("/matches/{queued}"), None).await.text();
    assert!(html.contains("id=\"pending\"") && !html.contains("id=\"viewer\""), "{html}");
    let replay = get(f.state(), &format!("/matches/{queued}/replay"), None).await;
    assert_eq!(replay.status, StatusCode::NOT_FOUND);
    assert!(replay.text().contains("is queued"), "{}", replay.text());

    assert_eq!(get(f.state(), "/matches/999999", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(f.state(), "/matches/999999/replay", None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(f.state(), "/api/matches/999999", None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_replay_downloads_and_parses() {
    let f = fixture().await;
    let reply = get(f.state(), &format!("/matches/{}/replay", f.match_id), None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header(header::CONTENT_TYPE), "application/octet-stream");
    assert_eq!(
        reply.header(header::CONTENT_DISPOSITION),
        format!("attachment; filename=\"arena-pandemic-{}.replay\"", f.match_id)
    );
    assert_eq!(&reply.body, &played().1);
    let replay = engine::replay::Replay::parse(&reply.body).expect("a valid replay");
    assert_eq!(replay.header.seed, played().0.seed);
}

#[tokio::test]
async fn stderr_is_shown_to_its_owner_only() {
    let f = fixture().await;
    let url = format!("/matches/{}", f.match_id);
    let (alice, bob) = (login(f.state(), f.alice).await, login(f.state(), f.bob).await);

    let anonymous = get(f.state(), &url, None).await.text();
    assert!(!anonymous.contains("alice says hi") && !anonymous.contains("secret plan"));
    assert!(!anonymous.contains("class=\"stderr\""));

    let as_alice = get(f.state(), &url, Some(&alice)).await.text();
    assert!(as_alice.contains("alice says hi"), "{as_alice}");
    assert!(!as_alice.contains("secret plan"));

    let as_bob = get(f.state(), &url, Some(&bob)).await.text();
    assert!(as_bob.contains("bob&#39;s secret plan") || as_bob.contains("bob&#x27;s secret plan"), "{as_bob}");
    assert!(!as_bob.contains("alice says hi"));

    // The API: by cookie, by token, and anonymous.
    let api = format!("/api/matches/{}", f.match_id);
    let seats = |v: serde_json::Value| -> Vec<serde_json::Value> {
        v["players"].as_array().unwrap().iter().map(|p| p["stderr"].clone()).collect()
    };
    let anon = seats(get(f.state(), &api, None).await.json());
    assert!(anon.iter().all(|s| s.is_null()), "{anon:?}");
    let by_cookie = seats(get(f.state(), &api, Some(&alice)).await.json());
    assert_eq!(by_cookie[0], "alice says hi\n");
    assert!(by_cookie[1..].iter().all(|s| s.is_null()));

    let token = arena::site::core::ids::random_token(16);
    sqlx::query("INSERT INTO api_tokens (user_id, token_hash, label) VALUES ($1, $2, 'test')")
        .bind(f.bob)
        .bind(arena::site::core::ids::sha256_hex(&token))
        .execute(&f.state().pool)
        .await
        .unwrap();
    let req = Request::get(&api).header(header::AUTHORIZATION, format!("Bearer {token}")).body(Body::empty()).unwrap();
    let by_token = seats(send(f.state(), req).await.json());
    assert_eq!(by_token[1], "bob's secret plan\n");
    assert!(by_token[0].is_null() && by_token[2].is_null() && by_token[3].is_null());
}

#[tokio::test]
async fn my_bots_needs_a_login() {
    let f = fixture().await;
    let reply = get(f.state(), "/api/me/bots", None).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert!(reply.json()["error"].is_string());
    // The page sends browsers to the login form.
    let page = get(f.state(), "/me/bots", None).await;
    assert!(page.status.is_redirection());
    assert!(page.header(header::LOCATION).starts_with("/login"));

    let alice = login(f.state(), f.alice).await;
    let mine = get(f.state(), "/api/me/bots", Some(&alice)).await;
    assert_eq!(mine.status, StatusCode::OK);
    let games = mine.json();
    assert_eq!(games[0]["game"], "pandemic");
    assert_eq!(games[0]["bots"][0]["id"], f.alice_bot);
    assert_eq!(games[0]["bots"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn making_a_bot_the_representative() {
    let f = fixture().await;
    make_representative(f.state(), f.alice, f.alice_bot).await;
    let second = add_bot(f.state(), f.alice, "AliceBot2", "qualified").await;
    let pending = add_bot(f.state(), f.alice, "AliceBot3", "qualifying").await;
    let alice = login(f.state(), f.alice).await;

    let page = get(f.state(), "/me/bots", Some(&alice)).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(html.contains(&format!("name=\"bot_id\" value=\"{second}\"")), "{html}");
    assert!(!html.contains(&format!("name=\"bot_id\" value=\"{pending}\"")));
    assert!(html.contains(&format!("name=\"csrf\" value=\"{CSRF}\"")));

    // Without the form's token: refused.
    let reply = post_form(f.state(), "/me/representative", &alice, &format!("bot_id={second}")).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(representative(f.state(), f.alice).await, Some(f.alice_bot));

    let reply = post_form(f.state(), "/me/representative", &alice, &format!("bot_id={second}&csrf={CSRF}")).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    assert_eq!(reply.header(header::LOCATION), "/me/bots");
    assert_eq!(representative(f.state(), f.alice).await, Some(second));
    let rated: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM ratings WHERE bot_id = $1)")
        .bind(second)
        .fetch_one(&f.state().pool)
        .await
        .unwrap();
    assert!(rated, "a new representative gets a rating");

    // Someone else's bot, a bot still qualifying, and a bot that does not exist: refused.
    let bobs = add_bot(f.state(), f.bob, "BobQualified", "qualified").await;
    let reply = post_form(f.state(), "/me/representative", &alice, &format!("bot_id={bobs}&csrf={CSRF}")).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let reply = post_form(f.state(), "/me/representative", &alice, &format!("bot_id={pending}&csrf={CSRF}")).await;
    assert_eq!(reply.status, StatusCode::CONFLICT);
    let reply = post_form(f.state(), "/me/representative", &alice, &format!("bot_id=999999&csrf={CSRF}")).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let reply = post_form(f.state(), "/me/representative", &alice, &format!("bot_id=x&csrf={CSRF}")).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(representative(f.state(), f.alice).await, Some(second));
    assert_eq!(representative(f.state(), f.bob).await, None);

    let html = get(f.state(), "/me/bots", Some(&alice)).await.text();
    assert!(html.contains(&format!("name=\"bot_id\" value=\"{}\"", f.alice_bot)), "the old one can be chosen again");
}

#[tokio::test]
async fn static_files_are_served_with_cache_headers() {
    let f = fixture().await;
    let css = get(f.state(), "/static/site.css", None).await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.header(header::CONTENT_TYPE).starts_with("text/css"));
    assert!(css.header(header::CACHE_CONTROL).contains("max-age"));
    assert!(css.text().contains("table"));

    let viewer = get(f.state(), "/viewer/viewer.html", None).await;
    assert_eq!(viewer.status, StatusCode::OK);
    assert!(viewer.header(header::CONTENT_TYPE).starts_with("text/html"));
    assert!(viewer.header(header::CACHE_CONTROL).contains("max-age"));
    assert_eq!(get(f.state(), "/viewer/nope.js", None).await.status, StatusCode::NOT_FOUND);
    // The match pages embed the viewer: it loads every game's renderer from /viewer/.
    let page = viewer.text();
    for script in ["js/replay.js", "js/grid.js", "js/games/pandemic.js", "js/games/ork-island.js", "js/viewer.js"] {
        assert!(page.contains(&format!("<script src=\"{script}\"></script>")), "viewer.html loads {script}");
        let js = get(f.state(), &format!("/viewer/{script}"), None).await;
        assert_eq!(js.status, StatusCode::OK, "{script}");
        assert!(js.header(header::CONTENT_TYPE).starts_with("text/javascript"), "{script}");
    }

    // The icon every page links to, also where browsers look for it unasked.
    for path in ["/static/favicon.svg", "/favicon.ico"] {
        let icon = get(f.state(), path, None).await;
        assert_eq!(icon.status, StatusCode::OK, "{path}");
        assert_eq!(icon.header(header::CONTENT_TYPE), "image/svg+xml", "{path}");
        assert!(icon.text().starts_with("<svg"), "{path}");
    }
    let home = get(f.state(), "/", None).await;
    assert!(home.text().contains(r#"<link rel="icon" href="/static/favicon.svg""#));
}

/// A bot that stops itself in its first round with an uncaught exception, in its own words.
const FAILING_BOT: &str = r#"(module
  (import "arena" "fail" (func $fail (param i32 i32 i32)))
  (memory (export "memory") 2)
  (data (i32.const 256) "uncaught exception std::runtime_error: carol's secret plan")
  (func (export "arena_abi_v1"))
  (func (export "arena_game_pandemic"))
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 4096))
  (func (export "arena_start") (param i32 i32))
  (func (export "arena_play") (param i32 i32) (call $fail (i32.const 2) (i32.const 256) (i32.const 58))))"#;

#[tokio::test]
async fn a_freeze_is_public_in_words_and_private_in_the_bots_own_words() {
    let site = support::site().await;
    let carol = site.user("carol").await;
    let bot = support::upload(&site, carol, "Thrower", &wat::parse_str(FAILING_BOT).unwrap()).await;
    support::drain(&site).await;
    let match_id: i64 = sqlx::query_scalar("SELECT id FROM matches WHERE subject_bot_id = $1 AND kind = 'sanity'")
        .bind(bot)
        .fetch_one(site.pool())
        .await
        .unwrap();
    let url = format!("/matches/{match_id}");
    let anonymous = get(&site.state, &url, None).await.text();
    assert!(anonymous.contains("uncaught exception"), "{anonymous}");
    assert!(!anonymous.contains("secret plan"), "the bot's words are its owner's");
    let session = login(&site.state, carol).await;
    let as_carol = get(&site.state, &url, Some(&session)).await.text();
    assert!(as_carol.contains("[arena] frozen (trap): uncaught exception std::runtime_error: carol"), "{as_carol}");
}

#[tokio::test]
async fn metrics_are_for_admins_and_healthz_checks_the_schema() {
    let site = support::site().await;
    let player = site.user("player").await;
    let admin = site.user("boss").await;
    sqlx::query("UPDATE users SET is_admin = TRUE WHERE id = $1").bind(admin).execute(site.pool()).await.unwrap();
    let (player, admin) = (login(&site.state, player).await, login(&site.state, admin).await);
    assert_eq!(get(&site.state, "/metrics", None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(get(&site.state, "/metrics", Some(&player)).await.status, StatusCode::FORBIDDEN);
    // Tests run without a metrics recorder: past the check, the answer says so.
    let boss = get(&site.state, "/metrics", Some(&admin)).await;
    assert_eq!(
        (boss.status, boss.text().as_str()),
        (StatusCode::NOT_FOUND, "metrics are not enabled in this process\n")
    );

    let ok = get(&site.state, "/healthz", None).await;
    assert_eq!((ok.status, ok.text().as_str()), (StatusCode::OK, "ok\n"));
    // A database without this binary's newest migration is not healthy, and the answer says no more.
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = (SELECT max(version) FROM _sqlx_migrations)")
        .execute(site.pool())
        .await
        .unwrap();
    let stale = get(&site.state, "/healthz", None).await;
    assert_eq!(
        (stale.status, stale.text().as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, "database schema not up to date\n")
    );
    sqlx::query("DROP TABLE _sqlx_migrations").execute(site.pool()).await.unwrap();
    let gone = get(&site.state, "/healthz", None).await;
    assert_eq!((gone.status, gone.text().as_str()), (StatusCode::SERVICE_UNAVAILABLE, "database schema missing\n"));
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let site = support::site().await;
    for uri in ["/", "/games/pandemic", "/api/games", "/tournaments", "/no/such/page", "/matches/999", "/login"] {
        let r = get(&site.state, uri, None).await;
        assert_eq!(r.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{uri}");
        assert_eq!(r.header(header::REFERRER_POLICY), "same-origin", "{uri}");
        assert_eq!(r.header(header::X_FRAME_OPTIONS), "DENY", "{uri}");
        assert!(r.header(header::CONTENT_SECURITY_POLICY).contains("frame-ancestors 'none'"), "{uri}");
    }
    // The viewer is embedded by the match page: framed by this site only.
    let viewer = get(&site.state, "/viewer/viewer.html", None).await;
    assert_eq!(viewer.status, StatusCode::OK);
    assert_eq!(viewer.header(header::X_FRAME_OPTIONS), "SAMEORIGIN");
    assert!(viewer.header(header::CONTENT_SECURITY_POLICY).contains("frame-ancestors 'self'"));
}

#[tokio::test]
async fn the_csrf_cookie_is_secure_over_https_behind_a_proxy() {
    let mut site = support::site().await;
    let plain = send(&site.state, Request::get("/").body(Body::empty()).unwrap()).await;
    let cookie = plain.header(header::SET_COOKIE).to_string();
    assert!(cookie.starts_with("csrf=") && !cookie.contains("Secure"), "{cookie}");
    let proxied = || Request::get("/").header("x-forwarded-proto", "https").body(Body::empty()).unwrap();
    // Without --behind-proxy the header is anyone's to send: ignored.
    let cookie = send(&site.state, proxied()).await.header(header::SET_COOKIE).to_string();
    assert!(!cookie.contains("Secure"), "{cookie}");
    let mut config = (*site.state.config).clone();
    config.behind_proxy = true;
    site.state.config = std::sync::Arc::new(config);
    let cookie = send(&site.state, proxied()).await.header(header::SET_COOKIE).to_string();
    assert!(cookie.starts_with("csrf=") && cookie.contains("Secure") && cookie.contains("SameSite=Strict"), "{cookie}");
}
