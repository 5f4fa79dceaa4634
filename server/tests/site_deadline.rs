//! Deadline day (issue 34): a looping upload is cheap to judge, qualification is fair across
//! users, admins can withdraw a user's work from the queue, and the site answers 503 on an
//! empty schema. Assertions are on counts and verdicts, never on times.

mod support;

use arena::site::matches::queue;
use arena::site::state::AppState;
use axum::http::StatusCode;
use std::sync::Arc;
use std::time::Duration;
use support::http::{get, login, post_form, CSRF};

/// A Pandemic bot that loops forever in every round (`loop br 0`).
fn looping_bot() -> Vec<u8> {
    let text = sandbox::bench::NULL_BOT_WAT.replace(
        r#"(func (export "arena_play") (param i32 i32))"#,
        r#"(func (export "arena_play") (param i32 i32) (loop $l (br $l)))"#,
    );
    assert_ne!(text, sandbox::bench::NULL_BOT_WAT);
    wat::parse_str(text).unwrap()
}

/// A site whose budget is `fuel` per bot per match.
fn with_fuel(site: &mut support::TestSite, fuel: u64) {
    let mut config = (*site.state.config).clone();
    config.fuel = Some(fuel);
    let limits = sandbox::Limits { max_instances: 16, ..config.limits() };
    let sandbox = Arc::new(sandbox::Sandbox::new(limits).unwrap());
    site.state = AppState::new(site.state.pool.clone(), config, site.state.replays.clone(), sandbox, None);
}

async fn scalar(site: &support::TestSite, sql: &'static str, id: i64) -> i64 {
    sqlx::query_scalar(sql).bind(id).fetch_one(site.pool()).await.unwrap()
}

const BUDGET: u64 = 300_000_000;

#[tokio::test]
async fn a_looping_upload_costs_one_seat_of_one_match_and_gets_a_clear_verdict() {
    let mut site = support::site().await;
    with_fuel(&mut site, BUDGET);
    let user = site.user("looper").await;
    let bot = support::upload(&site, user, "Spinner", &looping_bot()).await;
    assert_eq!(support::drain(&site).await, 1, "the sanity match only");
    let (status, verdict) = support::status(&site, bot).await;
    assert_eq!(status, "failed");
    assert!(
        verdict.starts_with("failed the sanity match") && verdict.contains("used its CPU budget of 300000000 fuel"),
        "{verdict}"
    );
    assert!(!verdict.contains("stopped by the host"), "the verdict names the copy that decided: {verdict}");
    // One copy spent its budget; the host stopped the three others before their loops.
    let fuel: Vec<(i64, String)> = sqlx::query_as(
        "SELECT p.fuel_used, p.frozen_message FROM match_players p JOIN matches m ON m.id = p.match_id
         WHERE m.subject_bot_id = $1 ORDER BY p.seat",
    )
    .bind(bot)
    .fetch_all(site.pool())
    .await
    .unwrap();
    assert_eq!(fuel.len(), 4);
    assert_eq!(fuel.iter().filter(|(f, _)| *f as u64 >= BUDGET).count(), 1, "{fuel:?}");
    let stopped: Vec<_> =
        fuel.iter().filter(|(_, m)| m.starts_with("stopped by the host: the match was decided")).collect();
    assert_eq!(stopped.len(), 3, "{fuel:?}");
    assert!(stopped.iter().all(|(f, _)| (*f as u64) < BUDGET / 100), "{fuel:?}");
    let total: i64 = fuel.iter().map(|(f, _)| f).sum();
    assert!((total as u64) < BUDGET + BUDGET / 10, "the whole qualification costs about one budget: {total}");
    assert_eq!(scalar(&site, "SELECT count(*) FROM matches WHERE subject_bot_id = $1", bot).await, 1);
}

#[tokio::test]
async fn qualification_takes_users_in_turn() {
    let site = support::site().await;
    let mallory = site.user("mallory").await;
    let alice = site.user("alice").await;
    let looping = looping_bot();
    let mut loops = Vec::new();
    for name in ["LoopA", "LoopB", "LoopC"] {
        loops.push(support::upload(&site, mallory, name, &looping).await);
    }
    let sound = support::upload(&site, alice, "Sound", support::ace_wasm()).await;
    let lease = Duration::from_secs(60);
    let mut order = Vec::new();
    while let Some(c) = queue::claim_raw(site.pool(), "w", lease, &[]).await.unwrap() {
        let subject: Option<i64> = sqlx::query_scalar("SELECT subject_bot_id FROM matches WHERE id = $1")
            .bind(c.id)
            .fetch_one(site.pool())
            .await
            .unwrap();
        order.push(subject.unwrap());
    }
    // Mallory's first upload came first; Alice's first comes before Mallory's second and third.
    assert_eq!(order, vec![loops[0], sound, loops[1], loops[2]]);
}

#[tokio::test]
async fn disabling_a_user_withdraws_its_queued_and_running_matches_and_says_how_many() {
    let site = support::site().await;
    let admin = site.user("boss").await;
    sqlx::query("UPDATE users SET is_admin = TRUE WHERE id = $1").bind(admin).execute(site.pool()).await.unwrap();
    let session = login(&site.state, admin).await;
    let mallory = site.user("mallory").await;
    let alice = site.user("alice").await;
    let looping = looping_bot();
    let a = support::upload(&site, mallory, "LoopA", &looping).await;
    let b = support::upload(&site, mallory, "LoopB", &looping).await;
    let sound = support::upload(&site, alice, "Sound", support::ace_wasm()).await;
    // One of Mallory's matches is running (claimed by a worker).
    let claim = queue::claim_raw(site.pool(), "w", Duration::from_secs(60), &[]).await.unwrap().unwrap();
    assert_eq!(scalar(&site, "SELECT subject_bot_id FROM matches WHERE id = $1", claim.id).await, a);
    let live = "SELECT count(*) FROM matches m WHERE m.state IN ('queued', 'running')
                AND EXISTS (SELECT 1 FROM match_players p JOIN bots b ON b.id = p.bot_id
                            WHERE p.match_id = m.id AND b.user_id = $1)";
    assert_eq!(scalar(&site, live, mallory).await, 2);
    assert_eq!(scalar(&site, live, alice).await, 1);

    let r = post_form(&site.state, &format!("/admin/users/{mallory}/disable"), &session, &format!("csrf={CSRF}")).await;
    assert_eq!(r.status, StatusCode::OK);
    let text = r.text();
    assert!(
        text.contains("User disabled (user #")
            && text.contains("1 queued match, 1 running match and 2 qualifications withdrawn"),
        "{text}"
    );
    assert_eq!(scalar(&site, live, mallory).await, 0, "nothing of Mallory's waits or runs");
    assert_eq!(scalar(&site, live, alice).await, 1, "Alice's upload is untouched");
    for bot in [a, b] {
        let (status, verdict) = support::status(&site, bot).await;
        assert_eq!((status.as_str(), verdict.as_str()), ("failed", "qualification withdrawn by an admin"));
    }
    assert_eq!(support::status(&site, sound).await.0, "qualifying");
    // The worker that held the running match can no longer finish it.
    assert!(!queue::still_held(site.pool(), &claim).await.unwrap());

    // "Withdraw queued work" on its own: nothing left to withdraw, and it says so.
    let r =
        post_form(&site.state, &format!("/admin/users/{mallory}/withdraw"), &session, &format!("csrf={CSRF}")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text().contains("0 queued matches, 0 running matches and 0 qualifications withdrawn"), "{}", r.text());
    let page = get(&site.state, "/admin/users", Some(&session)).await.text();
    assert!(page.contains(&format!("/admin/users/{alice}/withdraw")) && page.contains("Withdraw queued work"));
}

#[tokio::test]
async fn a_withdrawn_running_match_is_stopped_by_its_worker_and_nothing_is_written() {
    // The default budget: a looping sanity match would hold the worker for its CPU backstop.
    let site = support::site().await;
    let mallory = site.user("mallory").await;
    let bot = support::upload(&site, mallory, "Spinner", &looping_bot()).await;
    let claim = queue::claim_raw(site.pool(), "w", Duration::from_secs(60), &[]).await.unwrap().unwrap();
    let state = site.state.clone();
    let playing = tokio::spawn(async move { arena::site::worker::process(&state, claim).await.unwrap() });
    // Withdraw once the match runs (any time: a stop before the first call ends it too).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut tx = site.pool().begin().await.unwrap();
    let w = arena::site::players::withdraw::withdraw_queued_work(&mut tx, mallory).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!((w.queued, w.running, w.qualifications), (0, 1, 1));
    assert_eq!(playing.await.unwrap(), arena::site::worker::Outcome::LeaseLost);
    let (state, scored): (String, i64) = sqlx::query_as(
        "SELECT m.state, (SELECT count(*) FROM match_players p WHERE p.match_id = m.id AND p.score IS NOT NULL)
         FROM matches m WHERE m.subject_bot_id = $1",
    )
    .bind(bot)
    .fetch_one(site.pool())
    .await
    .unwrap();
    assert_eq!((state.as_str(), scored), ("cancelled", 0));
}

#[tokio::test]
async fn pages_answer_503_like_healthz_when_the_schema_is_missing() {
    let site = support::site().await;
    sqlx::query("DROP SCHEMA public CASCADE").execute(site.pool()).await.unwrap();
    sqlx::query("CREATE SCHEMA public").execute(site.pool()).await.unwrap();
    let health = get(&site.state, "/healthz", None).await;
    assert_eq!(health.status, StatusCode::SERVICE_UNAVAILABLE);
    for page in ["/", "/games/pandemic", "/games/pandemic/matches", "/bots/1", "/login"] {
        let r = get(&site.state, page, None).await;
        assert_ne!(r.status, StatusCode::INTERNAL_SERVER_ERROR, "{page}");
        if r.status != StatusCode::OK {
            assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{page}");
            assert_eq!(r.header(axum::http::header::RETRY_AFTER), "5", "{page}");
        }
    }
    let r = get(&site.state, "/games/pandemic", None).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
}

#[test]
fn workers_0_is_a_web_only_process() {
    let mut config = arena::site::core::config::SiteConfig::for_tests("postgres://x");
    config.workers = Some(0);
    assert_eq!(config.workers(), 0);
    config.workers = Some(2);
    assert_eq!(config.workers(), 2);
    config.workers = None;
    assert!(config.workers() >= 1, "default: one per core");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_workers_three_looping_uploads_and_a_sound_one_all_get_verdicts_and_the_ladder_plays() {
    use arena::site::sources::Scheduler;
    let mut site = support::site().await;
    with_fuel(&mut site, BUDGET);
    let mallory = site.user("mallory").await;
    let alice = site.user("alice").await;
    let grace = site.user("grace").await;
    support::qualified_representative(&site, "pandemic", grace, "Steady", support::house_wasm("Demo")).await;
    let looping = looping_bot();
    let mut loops = Vec::new();
    for name in ["LoopA", "LoopB", "LoopC"] {
        loops.push(support::upload(&site, mallory, name, &looping).await);
    }
    let sound = support::upload(&site, alice, "Sound", support::ace_wasm()).await;
    assert!(arena::site::sources::ladder::Ladder.tick(&site.state).await.unwrap() >= 1);
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let workers: Vec<_> = (0..2)
        .map(|i| tokio::spawn(arena::site::worker::run(site.state.clone(), format!("w{i}"), stop.clone())))
        .collect();
    let deadline = std::time::Instant::now() + Duration::from_secs(600);
    loop {
        let qualifying: i64 = sqlx::query_scalar("SELECT count(*) FROM bots WHERE status = 'qualifying'")
            .fetch_one(site.pool())
            .await
            .unwrap();
        if qualifying == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "some upload got no verdict");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    site.state.queue_signal.notify_waiters();
    for w in workers {
        w.await.unwrap();
    }
    assert_ne!(support::status(&site, sound).await.0, "qualifying");
    for bot in &loops {
        let (status, verdict) = support::status(&site, *bot).await;
        assert_eq!(status, "failed", "{verdict}");
        // One seat of one match each.
        assert_eq!(scalar(&site, "SELECT count(*) FROM matches WHERE subject_bot_id = $1", *bot).await, 1);
        let burnt = "SELECT count(*) FROM match_players p JOIN matches m ON m.id = p.match_id
                     WHERE m.subject_bot_id = $1 AND p.fuel_used >= 300000000";
        assert_eq!(scalar(&site, burnt, *bot).await, 1);
    }
    let ladder: i64 = sqlx::query_scalar("SELECT count(*) FROM matches WHERE kind = 'ladder' AND state = 'done'")
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert!(ladder >= 1, "the ladder played while uploads were judged");
}
