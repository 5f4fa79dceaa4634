//! An elimination tournament on the server, against Postgres: 9 qualified bots, 4 finalists,
//! played to the end by two workers, one of which is killed in the middle of a round. Every
//! round has exactly one out, the standings are complete, no match is counted twice, and the
//! CSV says what the pages say. Also: the organiser's form and actions, pause and resume.

mod support;

use arena::site::sources::tournaments::lifecycle::{self, NewTournament};
use arena::site::worker;
use axum::http::StatusCode;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use support::http::{get, login, post_form};

const GAME: &str = "pandemic";

/// Nine users, each with a qualified representative (house bots and Ace under their names).
async fn nine_entrants(site: &support::TestSite) -> Vec<i64> {
    let bots: [(&str, &[u8]); 9] = [
        ("Ace", support::ace_wasm()),
        ("Ace", support::ace_wasm()),
        ("Dummy", support::house_wasm("Dummy")),
        ("Dummy", support::house_wasm("Dummy")),
        ("Dummy", support::house_wasm("Dummy")),
        ("Demo", support::house_wasm("Demo")),
        ("Demo", support::house_wasm("Demo")),
        ("Demo", support::house_wasm("Demo")),
        ("Null", support::house_wasm("Null")),
    ];
    let mut users = Vec::new();
    for (i, (bot, wasm)) in bots.iter().enumerate() {
        let user = site.user(&format!("player{i}")).await;
        support::qualified_representative(site, GAME, user, &format!("{bot}Of{i}"), wasm).await;
        users.push(user);
    }
    users
}

fn new_tournament(name: &str, finalists: u32) -> NewTournament {
    NewTournament {
        game: GAME.into(),
        name: name.into(),
        finalists,
        final_matches: 2,
        tie_replays: 1,
        seed: Some(42),
        starts_at: chrono::Utc::now(),
        created_by: None,
        config: None,
    }
}

async fn scalar(site: &support::TestSite, sql: &str, id: i64) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).bind(id).fetch_one(site.pool()).await.unwrap()
}

/// Polls until `done` or the time is up.
async fn wait_for(what: &str, secs: u64, mut done: impl AsyncFnMut() -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(secs);
    while !done().await {
        assert!(std::time::Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn nine_bots_four_finalists_two_workers_one_killed() {
    let site = support::site().await;
    nine_entrants(&site).await;
    // Not entered: a disabled user's and a retired bot's representatives.
    let gone = site.user("gone").await;
    support::qualified_representative(&site, GAME, gone, "GoneBot", support::house_wasm("Demo")).await;
    sqlx::query("UPDATE users SET disabled = TRUE WHERE id = $1").bind(gone).execute(site.pool()).await.unwrap();
    let retired = site.user("retiree").await;
    let r = support::qualified_representative(&site, GAME, retired, "OldBot", support::house_wasm("Demo")).await;
    sqlx::query("UPDATE bots SET retired_at = now() WHERE id = $1").bind(r).execute(site.pool()).await.unwrap();

    let id = lifecycle::create(site.pool(), &new_tournament("Term final", 4)).await.unwrap();
    assert!(lifecycle::tick(site.pool()).await.unwrap() > 0, "a due tournament starts and queues its first turn");
    let entrants = scalar(&site, "SELECT count(*) FROM tournament_entrants WHERE tournament_id = $1", id).await;
    assert_eq!(entrants, 9, "the nine representatives, not the disabled user's or the retired bot");
    // 9 players: three groups of four, three Dummy fillers.
    let first_turn = scalar(&site, "SELECT count(*) FROM tournament_matches WHERE tournament_id = $1", id).await;
    assert_eq!(first_turn, 3);

    // Two workers.
    let stop_a = Arc::new(AtomicBool::new(false));
    let stop_b = Arc::new(AtomicBool::new(false));
    let a = tokio::spawn(worker::run(site.state.clone(), "worker-a".into(), stop_a.clone()));
    let b = tokio::spawn(worker::run(site.state.clone(), "worker-b".into(), stop_b.clone()));

    // Into round 2: worker A stops, and "worker A" on another machine claims a match and dies
    // with it (its lease runs out; worker B takes the match over).
    wait_for("round 1 to end", 600, async || {
        scalar(&site, "SELECT count(*) FROM tournament_outs WHERE tournament_id = $1", id).await >= 1
    })
    .await;
    stop_a.store(true, Ordering::Relaxed);
    a.await.unwrap();
    stop_b.store(true, Ordering::Relaxed);
    b.await.unwrap();
    let lease = site.state.config.lease();
    let killed = arena::site::sources::claim(site.pool(), "worker-a-killed", lease).await.unwrap();
    let killed = killed.expect("a match of the round being played is waiting");
    let killed_id = killed.id;
    assert_eq!(killed.kind, "tournament");
    let (stage, round): (String, i32) =
        sqlx::query_as("SELECT stage, stage_no FROM tournament_matches WHERE match_id = $1")
            .bind(killed_id)
            .fetch_one(site.pool())
            .await
            .unwrap();
    let round_over = scalar(
        &site,
        &format!("SELECT count(*) FROM tournament_outs WHERE tournament_id = $1 AND round = {round}"),
        id,
    )
    .await;
    assert_eq!((stage.as_str(), round_over), ("round", 0), "killed in the middle of a round");
    assert!(round >= 2);
    drop(killed);
    sqlx::query("UPDATE matches SET lease_expires_at = now() - interval '1 second' WHERE id = $1")
        .bind(killed_id)
        .execute(site.pool())
        .await
        .unwrap();
    let stop_b = Arc::new(AtomicBool::new(false));
    let b = tokio::spawn(worker::run(site.state.clone(), "worker-b".into(), stop_b.clone()));
    wait_for("the tournament to end", 900, async || {
        let state: String = sqlx::query_scalar("SELECT state FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_one(site.pool())
            .await
            .unwrap();
        state == "done"
    })
    .await;
    stop_b.store(true, Ordering::Relaxed);
    b.await.unwrap();

    // The killed match was played again by B and counted once.
    let (attempts, owner, state): (i32, String, String) =
        sqlx::query_as("SELECT attempts, lease_owner, state FROM matches WHERE id = $1")
            .bind(killed_id)
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert_eq!((attempts, owner.as_str(), state.as_str()), (2, "worker-b", "done"));

    // Every round has exactly one out, nobody out twice: 9 - 4 = 5 rounds.
    let outs: Vec<(i32, i32)> =
        sqlx::query_as("SELECT round, idx FROM tournament_outs WHERE tournament_id = $1 ORDER BY round")
            .bind(id)
            .fetch_all(site.pool())
            .await
            .unwrap();
    assert_eq!(outs.iter().map(|o| o.0).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    assert_eq!(outs.iter().map(|o| o.1).collect::<BTreeSet<_>>().len(), 5);
    // Every round's matches ended with its out in the last one.
    for &(round, out) in &outs {
        let last_out: Option<serde_json::Value> = sqlx::query_scalar(
            "SELECT outcome FROM tournament_matches WHERE tournament_id = $1 AND stage = 'round' AND stage_no = $2
               AND outcome ? 'Out' ORDER BY turn DESC, attempt DESC LIMIT 1",
        )
        .bind(id)
        .bind(round)
        .fetch_optional(site.pool())
        .await
        .unwrap();
        // A pool of one goes out without playing; otherwise the last match put it out.
        if let Some(v) = last_out {
            assert_eq!(v["Out"], out, "round {round}");
        }
    }

    // No match counted twice: every done match is recorded once, under a distinct key, and
    // every match that decided something is done.
    let (done, recorded, keys): (i64, i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE m.state = 'done'), count(tm.recorded_seq),
                count(DISTINCT (tm.stage, tm.stage_no, tm.turn, tm.idx, tm.attempt)) FILTER (WHERE tm.recorded_seq IS NOT NULL)
         FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id WHERE tm.tournament_id = $1",
    )
    .bind(id)
    .fetch_one(site.pool())
    .await
    .unwrap();
    assert_eq!((recorded, keys), (done, done), "done, recorded and distinct keys");
    let final_matches =
        scalar(&site, "SELECT count(*) FROM tournament_matches WHERE tournament_id = $1 AND stage = 'final'", id).await;
    assert_eq!(final_matches, 2, "the final series of 2 matches");

    // Rebuilt from every result in order, the tournament core gives the same standings: the
    // tournament is a pure function of its entrants, parameters, seed and results.
    let api = get(&site.state, &format!("/api/tournaments/{id}"), None).await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.text());
    let api = api.json();
    let standings = api["standings"].as_array().expect("final standings").clone();
    assert_eq!(standings.len(), 9, "everybody has a place");
    let places: Vec<u64> = standings.iter().map(|s| s["place"].as_u64().unwrap()).collect();
    assert_eq!(places[0], 1);
    assert!(places.windows(2).all(|w| w[0] <= w[1]));
    for s in &standings[4..] {
        assert!(s["eliminated_in_round"].is_u64(), "places 5 to 9 went out in a round: {s}");
    }
    assert_eq!(
        standings[4..].iter().map(|s| s["place"].as_u64().unwrap()).collect::<Vec<_>>(),
        vec![5, 6, 7, 8, 9],
        "the later a player went out, the better its place"
    );

    let entrant_rows: Vec<(String, String)> =
        sqlx::query_as("SELECT name, wasm_hash FROM tournament_entrants WHERE tournament_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(site.pool())
            .await
            .unwrap();
    let mut conn = site.pool().acquire().await.unwrap();
    let results = arena::site::sources::tournaments::store::recorded_results(&mut conn, id, 0).await.unwrap();
    drop(conn);
    let config = tournament::Config { seed: 42, finalists: 4, final_matches: 2, tie_replays: 1 };
    let rebuilt = tournament::Tournament::replay(
        config,
        entrant_rows.iter().map(|(n, h)| tournament::Entrant::new(n.clone(), h.clone())).collect(),
        results,
    )
    .unwrap();
    assert!(rebuilt.is_done());
    let rebuilt: Vec<(String, u32)> =
        rebuilt.standings().iter().map(|s| (rebuilt.entrants()[s.entrant].name.clone(), s.place)).collect();
    let shown: Vec<(String, u32)> = standings
        .iter()
        .map(|s| (s["user"].as_str().unwrap().to_string(), s["place"].as_u64().unwrap() as u32))
        .collect();
    assert_eq!(rebuilt, shown);

    // The CSV says what the pages say.
    let csv = get(&site.state, &format!("/tournaments/{id}/standings.csv"), None).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.header(axum::http::header::CONTENT_TYPE).starts_with("text/csv"));
    let csv = csv.text();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("user,bot,place,eliminated_in_round"));
    let rows: Vec<Vec<String>> = lines.map(|l| l.split(',').map(str::to_string).collect()).collect();
    assert_eq!(rows.len(), 9);
    let page = get(&site.state, &format!("/tournaments/{id}"), None).await;
    assert_eq!(page.status, StatusCode::OK);
    let page = page.text();
    for (row, s) in rows.iter().zip(&standings) {
        assert_eq!(row[0], s["user"].as_str().unwrap());
        assert_eq!(row[1], s["bot"].as_str().unwrap());
        assert_eq!(row[2], s["place"].to_string());
        assert_eq!(row[3], s["eliminated_in_round"].as_u64().map(|r| r.to_string()).unwrap_or_default());
        let html_row = format!(
            "<td class=\"num\">{}</td>\n      <td><a href=\"/tournaments/{id}/players/{}\">{}</a></td>",
            row[2], row[0], row[0]
        );
        assert!(page.contains(&html_row), "the page's standings show {row:?}");
    }
    for &(round, out) in &outs {
        let name = &api["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["eliminated_in_round"].as_i64() == Some(i64::from(round)));
        let name = name.expect("the out's entrant")["name"].as_str().unwrap().to_string();
        let round_page = get(&site.state, &format!("/tournaments/{id}/rounds/{round}"), None).await;
        assert_eq!(round_page.status, StatusCode::OK);
        assert!(round_page.text().contains(&format!("Out: <strong>{name}</strong>")), "round {round} ({out})");
        // The player's own path ends with that round's "out".
        let path = get(&site.state, &format!("/api/tournaments/{id}/players/{name}"), None).await.json();
        let steps = path["steps"].as_array().unwrap();
        let last = steps.last().expect("a step");
        assert!(last["verdict"].as_str().unwrap().starts_with("out"), "{name}: {last}");
        assert!(last["label"].as_str().unwrap().starts_with(&format!("round {round}, ")), "{name}: {last}");
    }
    // The winner's path ends in the final with its points.
    let winner = standings[0]["user"].as_str().unwrap();
    let path = get(&site.state, &format!("/api/tournaments/{id}/players/{winner}"), None).await.json();
    let last = path["steps"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["match"]["stage"], "final");
    assert!(last["verdict"].as_str().unwrap().ends_with("points"), "{last}");
    let html = get(&site.state, &format!("/tournaments/{id}/players/{winner}"), None).await;
    assert!(html.text().contains("finished in place <strong>1</strong>"), "{}", html.text());
    assert_eq!(
        get(&site.state, &format!("/tournaments/{id}/players/nobody"), None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(get(&site.state, &format!("/tournaments/{id}/rounds/6"), None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&site.state, "/tournaments/999999", None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_organiser_creates_pauses_and_resumes_and_nobody_else_can() {
    let site = support::site().await;
    let users = nine_entrants(&site).await;
    let admin = site.user("organiser").await;
    sqlx::query("UPDATE users SET is_admin = TRUE WHERE id = $1").bind(admin).execute(site.pool()).await.unwrap();
    let organiser = login(&site.state, admin).await;
    let player = login(&site.state, users[0]).await;
    let csrf = support::http::CSRF;

    // Bad forms are refused with the reason, and nothing is created.
    let missing = post_form(&site.state, "/admin/tournaments", &organiser, &format!("csrf={csrf}&game={GAME}")).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(missing.text().contains("The tournament needs a name."), "{}", missing.text());
    let bad = post_form(
        &site.state,
        "/admin/tournaments",
        &organiser,
        &format!("csrf={csrf}&game={GAME}&name=T&finalists=1&final_matches=3"),
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.text().contains("At least 2 finalists are needed, not 1."), "{}", bad.text());
    let late = post_form(
        &site.state,
        "/admin/tournaments",
        &organiser,
        &format!("csrf={csrf}&game={GAME}&name=T&finalists=4&final_matches=3&starts_at=soon"),
    )
    .await;
    assert!(late.text().contains("is not a date and time"), "{}", late.text());
    assert_eq!(scalar(&site, "SELECT count(*) FROM tournaments WHERE $1 = $1", 0).await, 0);

    // A player may not organise; without the CSRF token neither may the organiser.
    let form =
        format!("csrf={csrf}&game={GAME}&name=Spring+cup&finalists=4&final_matches=3&starts_at=2099-01-01T10:00");
    assert_eq!(post_form(&site.state, "/admin/tournaments", &player, &form).await.status, StatusCode::FORBIDDEN);
    assert_eq!(get(&site.state, "/admin/users", Some(&player)).await.status, StatusCode::FORBIDDEN);
    let no_csrf = form.replacen(&format!("csrf={csrf}&"), "", 1);
    assert_eq!(post_form(&site.state, "/admin/tournaments", &organiser, &no_csrf).await.status, StatusCode::FORBIDDEN);

    // Scheduled in the future: nothing happens until the organiser starts it.
    let created = post_form(&site.state, "/admin/tournaments", &organiser, &form).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.text());
    let id: i64 = sqlx::query_scalar("SELECT id FROM tournaments").fetch_one(site.pool()).await.unwrap();
    assert_eq!(lifecycle::tick(site.pool()).await.unwrap(), 0);
    let page = get(&site.state, &format!("/tournaments/{id}"), Some(&organiser)).await.text();
    assert!(page.contains("Scheduled: starts at 2099-01-01 10:00 UTC") && page.contains("Start now"), "{page}");
    let started =
        post_form(&site.state, &format!("/admin/tournaments/{id}/start"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(started.status, StatusCode::SEE_OTHER);
    let queued = "SELECT count(*) FROM tournament_matches tm JOIN matches m ON m.id = tm.match_id
                  WHERE tm.tournament_id = $1 AND m.state = 'queued'";
    assert_eq!(scalar(&site, queued, id).await, 3);
    let again =
        post_form(&site.state, &format!("/admin/tournaments/{id}/start"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(again.status, StatusCode::CONFLICT);

    // Pause: the queued matches are withdrawn; one played meanwhile still counts.
    let claim = arena::site::sources::claim(site.pool(), "w", site.state.config.lease()).await.unwrap().unwrap();
    let paused =
        post_form(&site.state, &format!("/admin/tournaments/{id}/pause"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(paused.status, StatusCode::SEE_OTHER);
    assert_eq!(scalar(&site, queued, id).await, 0);
    assert_eq!(worker::process(&site.state, claim).await.unwrap(), worker::Outcome::Done);
    assert_eq!(support::drain(&site).await, 0, "nothing to play while paused");
    let recorded = "SELECT count(*) FROM tournament_matches WHERE tournament_id = $1 AND recorded_seq IS NOT NULL";
    assert_eq!(scalar(&site, recorded, id).await, 1);
    let page = get(&site.state, &format!("/tournaments/{id}"), None).await.text();
    assert!(page.contains("Paused at round 1 of 5, turn 1: 9 still in"), "{page}");

    // Resume: the two withdrawn matches are queued again (not the one played), and the turn
    // goes on.
    let resumed =
        post_form(&site.state, &format!("/admin/tournaments/{id}/resume"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(resumed.status, StatusCode::SEE_OTHER);
    assert_eq!(scalar(&site, queued, id).await, 2);
    for _ in 0..2 {
        let (_, outcome) = worker::run_one(&site.state, "w").await.unwrap().unwrap();
        assert_eq!(outcome, worker::Outcome::Done);
    }
    let settled = "SELECT count(*) FROM tournament_matches WHERE tournament_id = $1 AND stage_no = 1 AND turn = 1
                   AND outcome IS NOT NULL";
    assert_eq!(scalar(&site, settled, id).await, 3, "the first turn is settled");

    // Admin pages: make admin, disable, retire.
    let users_page = get(&site.state, "/admin/users", Some(&organiser)).await;
    assert_eq!(users_page.status, StatusCode::OK);
    assert!(users_page.text().contains("player3"));
    let target = users[3];
    let r =
        post_form(&site.state, &format!("/admin/users/{target}/make-admin"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r =
        post_form(&site.state, &format!("/admin/users/{target}/disable"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(r.status, StatusCode::OK, "the users page says what was withdrawn");
    assert!(r.text().contains("User disabled (user #"), "{}", r.text());
    let (is_admin, disabled): (bool, bool) = sqlx::query_as("SELECT is_admin, disabled FROM users WHERE id = $1")
        .bind(target)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert!(is_admin && disabled);
    let me =
        post_form(&site.state, &format!("/admin/users/{admin}/disable"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(me.status, StatusCode::CONFLICT, "an admin cannot disable itself");
    // A disabled user's session no longer works.
    assert_eq!(get(&site.state, "/me/bots", Some(&player)).await.status, StatusCode::OK);
    let r = post_form(&site.state, &format!("/admin/users/{}/disable", users[0]), &organiser, &format!("csrf={csrf}"))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(get(&site.state, "/me/bots", Some(&player)).await.status, StatusCode::SEE_OTHER);
    // A disabled account cannot log in, and is told so only with the right password.
    use arena::site::players::accounts::{self, AccountError};
    let quitter = accounts::create_user(site.pool(), "quitter", "a long enough password", false).await.unwrap();
    let r =
        post_form(&site.state, &format!("/admin/users/{quitter}/disable"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(r.status, StatusCode::OK);
    let login_as = |password: &'static str| accounts::verify_login(site.pool(), "quitter", password);
    assert!(matches!(login_as("a long enough password").await, Err(AccountError::Disabled)));
    assert!(matches!(login_as("a wrong password").await, Err(AccountError::BadCredentials)));
    // Retire: the bot stops representing its owner.
    let bot: i64 = sqlx::query_scalar("SELECT bot_id FROM representatives WHERE user_id = $1")
        .bind(users[5])
        .fetch_one(site.pool())
        .await
        .unwrap();
    let r = post_form(&site.state, &format!("/admin/bots/{bot}/retire"), &organiser, &format!("csrf={csrf}")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text().contains(&format!("Bot #{bot} retired: ")), "{}", r.text());
    assert_eq!(scalar(&site, "SELECT count(*) FROM representatives WHERE bot_id = $1", bot).await, 0);
    let api = get(&site.state, &format!("/api/bots/{bot}"), None).await.json();
    assert_eq!(api["status"], "retired", "{api}");
    let bots_page = get(&site.state, "/admin/bots", Some(&organiser)).await.text();
    assert!(bots_page.contains("retired"), "{bots_page}");
}

#[tokio::test]
async fn too_few_entrants_cancel_the_start_and_a_failed_match_pauses() {
    let site = support::site().await;
    let user = site.user("alone").await;
    support::qualified_representative(&site, GAME, user, "Lonely", support::house_wasm("Demo")).await;
    let id = lifecycle::create(site.pool(), &new_tournament("Small", 4)).await.unwrap();
    lifecycle::tick(site.pool()).await.unwrap();
    let (state, note): (String, String) = sqlx::query_as("SELECT state, note FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(state, "cancelled");
    assert_eq!(note, "Not started: it needs at least 2 entrants and 1 qualified representatives were in.");

    // A match that cannot be played pauses the tournament with the reason; resuming queues it
    // again under the same key.
    let other = site.user("second").await;
    support::qualified_representative(&site, GAME, other, "Second", support::house_wasm("Dummy")).await;
    let id = lifecycle::create(site.pool(), &new_tournament("Pair", 2)).await.unwrap();
    lifecycle::tick(site.pool()).await.unwrap();
    let claim = arena::site::sources::claim(site.pool(), "w", site.state.config.lease()).await.unwrap().unwrap();
    assert!(arena::site::sources::fail(site.pool(), &claim, "the module no longer loads").await.unwrap());
    let (state, note): (String, String) = sqlx::query_as("SELECT state, note FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(state, "paused");
    assert!(note.contains("could not be played: the module no longer loads"), "{note}");
    // The failed match and the one withdrawn by the pause.
    assert_eq!(lifecycle::resume(site.pool(), id).await.unwrap(), 2);
    // Two entrants, two finalists: straight to a final of 2 matches.
    support::drain(&site).await;
    let state: String = sqlx::query_scalar("SELECT state FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(state, "done");
    let csv = get(&site.state, &format!("/tournaments/{id}/standings.csv"), None).await.text();
    assert_eq!(csv.lines().count(), 3, "{csv}");
}
