//! The replay store against a real S3-compatible server (moto in server mode, started by each
//! test: `support::moto`): replays written by workers and read back by the download and bundle
//! routes, retention and `arena admin prune`, a bucket that goes away in the middle of a run
//! (every match keeps its result, its replay kept in the database and the failure counted), and
//! wrong credentials or a missing bucket at start (a clear error).

mod support;

use arena::site::store::replay_store::ReplayStore;
use arena::site::store::retention::{self, Retention};
use arena::site::worker::{self, Outcome};
use axum::http::StatusCode;
use support::http::get;
use support::moto::{self, Moto};

const PREFIX: &str = "term/replays";

fn s3_store(moto: &Moto, bucket: &str, pool: &sqlx::PgPool) -> ReplayStore {
    ReplayStore::s3(moto.builder(), bucket, PREFIX, Some(&moto.endpoint()), pool.clone()).unwrap()
}

/// A site whose replays go to a fresh bucket on `moto`.
async fn s3_site(moto: &Moto, bucket: &str) -> support::TestSite {
    let mut site = support::site().await;
    moto.create_bucket(bucket);
    site.state.replays = s3_store(moto, bucket, site.pool());
    site.state.replays.check().await.expect("the bucket is usable");
    site
}

/// Whether the bucket holds `match_id`'s replay (asked with a client of its own).
async fn in_bucket(moto: &Moto, bucket: &str, match_id: i64) -> Option<Vec<u8>> {
    use object_store::ObjectStoreExt;
    let s3 = moto.builder().with_bucket_name(bucket).build().unwrap();
    let key = object_store::path::Path::from(format!("{PREFIX}/{match_id}.replay"));
    match s3.get(&key).await {
        Ok(found) => Some(found.bytes().await.unwrap().to_vec()),
        Err(object_store::Error::NotFound { .. }) => None,
        Err(e) => panic!("the bucket cannot be read: {e}"),
    }
}

async fn done_matches(site: &support::TestSite) -> Vec<i64> {
    sqlx::query_scalar("SELECT id FROM matches WHERE state = 'done' ORDER BY id").fetch_all(site.pool()).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_write_replays_to_s3_and_the_site_serves_them() {
    let moto = Moto::start();
    let site = s3_site(&moto, "arena-term").await;
    assert!(site.state.replays.describe().contains("S3 bucket arena-term, keys term/replays/<match>.replay"));

    // The store's own operations: idempotent writes, reads, missing replays, deletes.
    let store = &site.state.replays;
    store.put(900_001, b"first").await.unwrap();
    store.put(900_001, b"second, longer").await.unwrap();
    assert_eq!(store.get(900_001).await.unwrap().as_deref(), Some(&b"second, longer"[..]));
    assert_eq!(store.get(900_002).await.unwrap(), None);
    store.delete(&[900_001, 900_002]).await.unwrap();
    assert_eq!(in_bucket(&moto, "arena-term", 900_001).await, None);

    // A qualification played by a worker: every replay lands in the bucket.
    let user = site.user("s3player").await;
    let bot = support::upload(&site, user, "Tester", support::house_wasm("Demo")).await;
    let played = support::drain(&site).await;
    assert!(played >= 1);
    let ids = done_matches(&site).await;
    assert_eq!(ids.len(), played);
    for &id in &ids {
        let bytes = in_bucket(&moto, "arena-term", id).await.expect("the replay is in the bucket");
        engine::replay::Replay::parse(&bytes).expect("a whole replay");
        // The download route serves the bucket's bytes.
        let download = get(&site.state, &format!("/matches/{id}/replay"), None).await;
        assert_eq!(download.status, StatusCode::OK);
        assert_eq!(download.body, bytes, "match {id}");
    }
    let stored_in_db: i64 = sqlx::query_scalar("SELECT count(*) FROM replays").fetch_one(site.pool()).await.unwrap();
    assert_eq!(stored_in_db, 0, "nothing fell back to the database");

    // The reproduction bundle carries the replay from the bucket (stored, not deflated).
    let bundle = get(&site.state, &format!("/matches/{}/bundle.zip", ids[0]), None).await;
    assert_eq!(bundle.status, StatusCode::OK);
    let replay = in_bucket(&moto, "arena-term", ids[0]).await.unwrap();
    assert!(bundle.body.windows(replay.len()).any(|w| w == replay), "the bundle holds the replay");
    let _ = bot;
}

/// A done match of `kind` finished `days_ago` days ago (seats: the house bots).
async fn old_match(site: &support::TestSite, kind: &str, days_ago: i32) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, state, started_at, finished_at, duration_ms, rounds,
                              replay_size)
         VALUES ('pandemic', $1, 10, 7, 'done', now() - make_interval(days => $2), now() - make_interval(days => $2),
                 1000.0, 100, 100)
         RETURNING id",
    )
    .bind(kind)
    .bind(days_ago)
    .fetch_one(site.pool())
    .await
    .unwrap();
    for (seat, name) in ["Null", "Demo", "Dummy", "Dummy"].iter().enumerate() {
        sqlx::query("INSERT INTO match_players (match_id, seat, bot_id, score, rank) VALUES ($1, $2, $3, 1, 1)")
            .bind(id)
            .bind(seat as i16)
            .bind(support::house(site, name).await)
            .execute(site.pool())
            .await
            .unwrap();
    }
    id
}

/// The test database's URL, for the `arena` binary.
fn database_url(site: &support::TestSite) -> String {
    let base = std::env::var("ARENA_TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let (server, _) = base.rsplit_once('/').expect("a database URL ends with /database");
    format!("{server}/{}", site.database)
}

/// `arena admin prune` on the test database with the replay store in moto's `bucket`.
fn arena_prune(site: &support::TestSite, moto: &Moto, bucket: &str, key_id: &str, dry_run: bool) -> (bool, String) {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_arena"));
    cmd.args(["admin", "prune"]);
    if dry_run {
        cmd.arg("--dry-run");
    }
    let out = cmd
        .env("DATABASE_URL", database_url(site))
        .env("ARENA_REPLAY_STORE", format!("s3://{bucket}/{PREFIX}"))
        .env("AWS_ENDPOINT", moto.endpoint())
        .env("AWS_ALLOW_HTTP", "true")
        .env("AWS_REGION", "us-east-1")
        .env("AWS_ACCESS_KEY_ID", key_id)
        .env("AWS_SECRET_ACCESS_KEY", moto::SECRET)
        .env("ARENA_LOG", "warn")
        .output()
        .expect("arena runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[tokio::test]
async fn retention_and_arena_admin_prune_delete_from_the_bucket() {
    let moto = Moto::start();
    let site = s3_site(&moto, "arena-prune").await;
    let old_ladder = old_match(&site, "ladder", 40).await;
    let other_old_ladder = old_match(&site, "ladder", 35).await;
    let recent_ladder = old_match(&site, "ladder", 3).await;
    let old_tournament = old_match(&site, "tournament", 40).await;
    for id in [old_ladder, other_old_ladder, recent_ladder, old_tournament] {
        site.state.replays.put(id, format!("replay {id}").as_bytes()).await.unwrap();
    }
    let keep = Retention { ladder_replays_days: 30, stderr_days: 30 };

    // The server's pruning (the library call) deletes one old ladder replay's worth...
    sqlx::query("UPDATE matches SET finished_at = now() WHERE id = $1")
        .bind(other_old_ladder)
        .execute(site.pool())
        .await
        .unwrap();
    let pruned = retention::prune(site.pool(), &site.state.replays, &keep, false).await.unwrap();
    assert_eq!(pruned.replays_deleted, 1, "{pruned}");
    assert_eq!(in_bucket(&moto, "arena-prune", old_ladder).await, None);

    // ... and `arena admin prune` the other, once it is old: a dry run first, which deletes nothing.
    sqlx::query("UPDATE matches SET finished_at = now() - interval '50 days' WHERE id = $1")
        .bind(other_old_ladder)
        .execute(site.pool())
        .await
        .unwrap();
    let (ok, text) = arena_prune(&site, &moto, "arena-prune", moto::KEY_ID, true);
    assert!(ok, "{text}");
    assert!(text.contains("would delete the replays of 1 ladder match"), "{text}");
    assert!(in_bucket(&moto, "arena-prune", other_old_ladder).await.is_some());
    let (ok, text) = arena_prune(&site, &moto, "arena-prune", moto::KEY_ID, false);
    assert!(ok, "{text}");
    assert!(text.contains("S3 bucket arena-prune"), "{text}");
    assert!(text.contains("deleted the replays of 1 ladder match"), "{text}");
    assert_eq!(in_bucket(&moto, "arena-prune", other_old_ladder).await, None);
    // Recent ladder replays and tournament replays are kept.
    assert!(in_bucket(&moto, "arena-prune", recent_ladder).await.is_some());
    assert!(in_bucket(&moto, "arena-prune", old_tournament).await.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bucket_that_goes_away_mid_run_loses_no_result_and_no_replay() {
    let mut moto = Moto::start();
    let site = s3_site(&moto, "arena-gone").await;
    let user = site.user("unlucky").await;
    support::upload(&site, user, "Tester", support::house_wasm("Demo")).await;

    // The first match goes to the bucket; then the S3 server goes away.
    let (first, outcome) = worker::run_one(&site.state, "w1").await.unwrap().expect("a queued match");
    assert_eq!(outcome, Outcome::Done);
    assert!(in_bucket(&moto, "arena-gone", first).await.is_some());
    moto.stop();

    // The rest of the qualification is played and recorded all the same.
    let mut after = Vec::new();
    while let Some((id, outcome)) = worker::run_one(&site.state, "w1").await.unwrap() {
        assert_eq!(outcome, Outcome::Done, "match {id} keeps its result");
        after.push(id);
    }
    assert!(!after.is_empty(), "matches were played while the store was away");
    let status: String =
        sqlx::query_scalar("SELECT status FROM bots WHERE name = 'Tester'").fetch_one(site.pool()).await.unwrap();
    assert_ne!(status, "qualifying", "the qualification went on to its verdict");

    // Their replays are kept in the database (the store's fallback), served as before.
    let kept: Vec<i64> =
        sqlx::query_scalar("SELECT match_id FROM replays ORDER BY match_id").fetch_all(site.pool()).await.unwrap();
    assert_eq!(kept, after);
    for id in after {
        let download = get(&site.state, &format!("/matches/{id}/replay"), None).await;
        assert_eq!(download.status, StatusCode::OK, "match {id}");
        engine::replay::Replay::parse(&download.body).expect("a whole replay");
    }
    // Reading the first one needs the bucket, which is gone: an error (500), not a silent 404.
    let gone = get(&site.state, &format!("/matches/{first}/replay"), None).await;
    assert_eq!(gone.status, StatusCode::INTERNAL_SERVER_ERROR);
}

#[tokio::test]
async fn wrong_credentials_or_a_missing_bucket_are_a_clear_error_at_start() {
    let site = support::site().await;
    // moto checking credentials: it knows no key, so every one is wrong.
    let strict = Moto::start_with(&[("INITIAL_NO_AUTH_ACTION_COUNT", "0")]);
    let store = ReplayStore::s3(
        strict.builder_with("AKIAWRONGKEY", "wrong"),
        "arena-any",
        PREFIX,
        Some(&strict.endpoint()),
        site.pool().clone(),
    )
    .unwrap();
    let e = format!("{:#}", store.check().await.unwrap_err());
    assert!(e.contains("S3 bucket arena-any") && e.contains("cannot be written"), "{e}");
    assert!(e.contains("InvalidAccessKeyId") || e.contains("403"), "{e}");
    assert!(e.contains("AWS_ACCESS_KEY_ID"), "the error says what to check: {e}");

    // The same through the binary: it stops at once with that error.
    let (ok, text) = arena_prune(&site, &strict, "arena-any", "AKIAWRONGKEY", false);
    assert!(!ok, "{text}");
    assert!(text.contains("cannot be written") && text.contains("AWS_ACCESS_KEY_ID"), "{text}");

    // A bucket that does not exist.
    let lax = Moto::start();
    let store = s3_store(&lax, "no-such-bucket", site.pool());
    let e = format!("{:#}", store.check().await.unwrap_err());
    assert!(e.contains("NoSuchBucket") || e.contains("404") || e.contains("not found"), "{e}");
}
