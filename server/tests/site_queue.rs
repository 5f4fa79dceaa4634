//! The match queue, workers, qualification and the ladder, against a real Postgres.

mod support;

use arena::site::core::kind::Kind;
use arena::site::matches::queue::{self, NewMatch};
use arena::site::worker::{self, Outcome};
use support::{drain, house, house_wasm, status, upload, TestSite};

const TRAP_BOT: &str = r#"(module
  (import "arena" "orders" (func $orders (param i32 i32)))
  (memory (export "memory") 2)
  (global $top (mut i32) (i32.const 1024))
  (func (export "arena_abi_v1"))
  (func (export "arena_game_pandemic"))
  (func (export "arena_alloc") (param $n i32) (result i32)
    (local $p i32)
    (local.set $p (global.get $top))
    (global.set $top (i32.add (global.get $top) (local.get $n)))
    (local.get $p))
  (func (export "arena_start") (param i32 i32))
  (func (export "arena_play") (param i32 i32) unreachable))"#;

#[tokio::test]
async fn demo_fails_qualification_by_losing_to_dummy() {
    let site = support::site().await;
    let user = site.user("alice").await;
    let bot = upload(&site, user, "MyDemo", house_wasm("Demo")).await;
    assert_eq!(status(&site, bot).await.0, "qualifying");
    let played = drain(&site).await;
    let (status, verdict) = status(&site, bot).await;
    assert_eq!(status, "failed", "{verdict}");
    assert!(verdict.contains("did not win a match against three Dummies"), "{verdict}");
    // The sanity match, then at least the first lost match; the rest are cancelled or not run.
    assert!(played >= 2, "{played}");
    let kinds: Vec<String> = sqlx::query_scalar("SELECT kind FROM matches WHERE subject_bot_id = $1 ORDER BY id")
        .bind(bot)
        .fetch_all(site.pool())
        .await
        .unwrap();
    assert_eq!(kinds.len(), 5);
    assert_eq!(kinds[0], "sanity");
    // Its name is not locked, and it is nobody's representative.
    let locked: bool = sqlx::query_scalar("SELECT locked FROM bot_names WHERE name_key = 'mydemo'")
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert!(!locked);
    let reps: i64 = sqlx::query_scalar("SELECT count(*) FROM representatives").fetch_one(site.pool()).await.unwrap();
    assert_eq!(reps, 0);
}

#[tokio::test]
async fn a_bot_frozen_in_the_sanity_match_fails_with_the_reason() {
    let site = support::site().await;
    let user = site.user("bob").await;
    let wasm = wat::parse_str(TRAP_BOT).unwrap();
    let bot = upload(&site, user, "Trapper", &wasm).await;
    assert_eq!(drain(&site).await, 1, "only the sanity match is played");
    let (status, verdict) = status(&site, bot).await;
    assert_eq!(status, "failed");
    assert!(verdict.starts_with("failed the sanity match"), "{verdict}");
    assert!(verdict.contains("(trap)"), "{verdict}");
    // Its stderr and freeze are stored per seat: the first copy's trap decided the match, and
    // the host stopped the three others (issue 34).
    let frozen: Vec<(String, String)> =
        sqlx::query_as("SELECT frozen_reason, frozen_message FROM match_players WHERE bot_id = $1 ORDER BY seat")
            .bind(bot)
            .fetch_all(site.pool())
            .await
            .unwrap();
    assert_eq!(frozen.iter().filter(|(r, _)| r == "trap").count(), 1, "{frozen:?}");
    let stopped = frozen.iter().filter(|(_, m)| m.starts_with("stopped by the host: the match was decided")).count();
    assert_eq!(stopped, 3, "{frozen:?}");
}

async fn ladder_match(site: &TestSite, bots: [i64; 4]) -> i64 {
    let mut conn = site.pool().acquire().await.unwrap();
    let m = NewMatch {
        game: "pandemic".into(),
        kind: Kind::Ladder,
        seed: 7,
        subject_bot_id: None,
        bots,
        requested_by: None,
    };
    queue::enqueue(&mut conn, &m).await.unwrap()
}

async fn rating(site: &TestSite, bot: i64) -> (f64, f64, i32) {
    sqlx::query_as("SELECT mu, sigma, matches FROM ratings WHERE bot_id = $1")
        .bind(bot)
        .fetch_one(site.pool())
        .await
        .unwrap()
}

/// A user's copy of Dummy as representative, so that the ladder has four distinct bots.
async fn representative_dummy(site: &TestSite) -> i64 {
    let user = site.user("carol").await;
    let bot = upload(site, user, "Dummy2", house_wasm("Dummy")).await;
    sqlx::query("DELETE FROM matches WHERE subject_bot_id = $1").bind(bot).execute(site.pool()).await.unwrap();
    sqlx::query("UPDATE bots SET status = 'qualified' WHERE id = $1").bind(bot).execute(site.pool()).await.unwrap();
    let mut conn = site.pool().acquire().await.unwrap();
    arena::site::sources::ladder::make_representative(&mut conn, user, "pandemic", bot).await.unwrap();
    bot
}

#[tokio::test]
async fn ladder_ratings_move_with_the_placements() {
    let site = support::site().await;
    let (null, demo, dummy) = (house(&site, "Null").await, house(&site, "Demo").await, house(&site, "Dummy").await);
    let mine = representative_dummy(&site).await;
    let id = ladder_match(&site, [dummy, demo, null, mine]).await;
    let before: Vec<(f64, f64, i32)> = futures_all(&site, [dummy, demo, null, mine]).await;
    assert_eq!(drain(&site).await, 1);
    let ranks: Vec<(i64, i16)> =
        sqlx::query_as("SELECT bot_id, rank FROM match_players WHERE match_id = $1 ORDER BY rank, seat")
            .bind(id)
            .fetch_all(site.pool())
            .await
            .unwrap();
    let after: Vec<(f64, f64, i32)> = futures_all(&site, [dummy, demo, null, mine]).await;
    let bots = [dummy, demo, null, mine];
    let index = |b: i64| bots.iter().position(|x| *x == b).unwrap();
    let (first, last) = (ranks[0], ranks[3]);
    assert!(first.1 < last.1, "the match has a winner and a loser: {ranks:?}");
    assert!(after[index(first.0)].0 > before[index(first.0)].0, "the winner's mu goes up");
    assert!(after[index(last.0)].0 < before[index(last.0)].0, "the last one's mu goes down");
    for i in 0..4 {
        assert!(after[i].1 < before[i].1, "every sigma shrinks");
        assert_eq!(after[i].2, before[i].2 + 1, "one more match");
    }
    let history: i64 = sqlx::query_scalar("SELECT count(*) FROM rating_history WHERE match_id = $1")
        .bind(id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(history, 4);
}

async fn futures_all(site: &TestSite, bots: [i64; 4]) -> Vec<(f64, f64, i32)> {
    let mut v = Vec::new();
    for b in bots {
        v.push(rating(site, b).await);
    }
    v
}

#[tokio::test]
async fn an_abandoned_lease_is_taken_over_and_the_result_counted_once() {
    let site = support::site().await;
    let (null, demo, dummy) = (house(&site, "Null").await, house(&site, "Demo").await, house(&site, "Dummy").await);
    let mine = representative_dummy(&site).await;
    let id = ladder_match(&site, [dummy, demo, null, mine]).await;
    let lease = std::time::Duration::from_secs(30);
    // Worker A claims the match and "dies": its lease runs out.
    let a = arena::site::sources::claim(site.pool(), "worker-a", lease).await.unwrap().expect("a match to claim");
    assert_eq!(a.id, id);
    assert!(
        arena::site::sources::claim(site.pool(), "worker-b", lease).await.unwrap().is_none(),
        "a live lease is respected"
    );
    sqlx::query("UPDATE matches SET lease_expires_at = now() - interval '1 second' WHERE id = $1")
        .bind(id)
        .execute(site.pool())
        .await
        .unwrap();
    // Worker B takes it over and plays it.
    let (got, outcome) = worker::run_one(&site.state, "worker-b").await.unwrap().expect("the expired match");
    assert_eq!((got, outcome), (id, Outcome::Done));
    // A comes back and finishes too: its result is dropped.
    assert_eq!(worker::process(&site.state, a).await.unwrap(), Outcome::LeaseLost);
    let (state, attempts, owner): (String, i32, String) =
        sqlx::query_as("SELECT state, attempts, lease_owner FROM matches WHERE id = $1")
            .bind(id)
            .fetch_one(site.pool())
            .await
            .unwrap();
    assert_eq!((state.as_str(), attempts, owner.as_str()), ("done", 2, "worker-b"));
    assert_eq!(rating(&site, mine).await.2, 1, "rated once");
    let history: i64 = sqlx::query_scalar("SELECT count(*) FROM rating_history WHERE match_id = $1")
        .bind(id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(history, 4);
    assert!(site.state.replays.get(id).await.unwrap().is_some());
}

#[tokio::test]
async fn two_workers_never_run_the_same_match() {
    let site = support::site().await;
    let (null, demo, dummy) = (house(&site, "Null").await, house(&site, "Demo").await, house(&site, "Dummy").await);
    let mine = representative_dummy(&site).await;
    let mut all = Vec::new();
    for _ in 0..8 {
        all.push(ladder_match(&site, [null, demo, dummy, mine]).await);
    }
    let run = |name: &'static str| {
        let state = site.state.clone();
        tokio::spawn(async move {
            let mut mine = Vec::new();
            while let Some((id, outcome)) = worker::run_one(&state, name).await.unwrap() {
                assert_eq!(outcome, Outcome::Done);
                mine.push(id);
            }
            mine
        })
    };
    let (a, b) = (run("worker-a"), run("worker-b"));
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    let mut both: Vec<i64> = a.iter().chain(&b).copied().collect();
    both.sort();
    all.sort();
    assert_eq!(both, all, "every match once: a {a:?}, b {b:?}");
    let attempts: Vec<i32> =
        sqlx::query_scalar("SELECT attempts FROM matches WHERE kind = 'ladder'").fetch_all(site.pool()).await.unwrap();
    assert!(attempts.iter().all(|&n| n == 1), "{attempts:?}");
    assert_eq!(rating(&site, mine).await.2, 8);
}

#[tokio::test]
async fn a_match_that_keeps_killing_workers_is_given_up() {
    let site = support::site().await;
    let (null, demo, dummy) = (house(&site, "Null").await, house(&site, "Demo").await, house(&site, "Dummy").await);
    let id = ladder_match(&site, [null, demo, dummy, dummy]).await;
    for _ in 0..queue::MAX_ATTEMPTS {
        arena::site::sources::claim(site.pool(), "doomed", std::time::Duration::from_secs(30)).await.unwrap().unwrap();
        sqlx::query("UPDATE matches SET lease_expires_at = now() - interval '1 second' WHERE id = $1")
            .bind(id)
            .execute(site.pool())
            .await
            .unwrap();
    }
    assert!(arena::site::sources::claim(site.pool(), "next", std::time::Duration::from_secs(30))
        .await
        .unwrap()
        .is_none());
    let (state, error): (String, String) =
        sqlx::query_as("SELECT state, error FROM matches WHERE id = $1").bind(id).fetch_one(site.pool()).await.unwrap();
    assert_eq!(state, "failed");
    assert!(error.contains("given up after 3 attempts"), "{error}");
}

#[tokio::test]
async fn the_scheduler_needs_four_entries_and_keeps_the_queue_short() {
    let site = support::site().await;
    let mut dice = arena::site::sources::ladder::OsDice;
    // Only the three house bots: no ladder yet.
    assert!(arena::site::sources::ladder::schedule(site.pool(), "pandemic", 2, &mut dice).await.unwrap().is_empty());
    let mine = representative_dummy(&site).await;
    let queued = arena::site::sources::ladder::schedule(site.pool(), "pandemic", 2, &mut dice).await.unwrap();
    assert_eq!(queued.len(), 2);
    assert!(arena::site::sources::ladder::schedule(site.pool(), "pandemic", 2, &mut dice).await.unwrap().is_empty());
    let seats: Vec<i64> = sqlx::query_scalar("SELECT bot_id FROM match_players WHERE match_id = $1")
        .bind(queued[0])
        .fetch_all(site.pool())
        .await
        .unwrap();
    assert!(seats.contains(&mine));
    let mut distinct = seats.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4);
    // Ladder matches wait behind qualification.
    let user = site.user("dave").await;
    let bot = upload(&site, user, "Late", house_wasm("Null")).await;
    let first =
        arena::site::sources::claim(site.pool(), "w", std::time::Duration::from_secs(30)).await.unwrap().unwrap();
    assert_eq!(first.kind, "sanity");
    let subject: Option<i64> = sqlx::query_scalar("SELECT subject_bot_id FROM matches WHERE id = $1")
        .bind(first.id)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(subject, Some(bot));
}
