//! Storage: replays in the object store (a local directory by default), old replays still read
//! from the database, retention (`arena admin prune` and the server's hourly pruning), and the
//! private PostgreSQL cluster a killed server left running.

mod support;

use arena::site::state::AppState;
use arena::site::store::local_pg::LocalCluster;
use arena::site::store::replay_store::ReplayStore;
use arena::site::store::retention::{self, Retention};
use sqlx::{ConnectOptions, PgPool};
use support::http::{get, login};

/// A fresh directory under the target directory (removed by the caller).
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{name}-{}", arena::site::core::ids::random_token(6)));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test]
async fn replays_round_trip_through_a_local_directory() {
    let site = support::site().await;
    let dir = scratch("replays");
    let store = ReplayStore::directory(&dir.join("store"), site.pool().clone()).unwrap();
    assert!(store.describe().contains("files in"), "{}", store.describe());

    store.put(41, b"first").await.unwrap();
    assert_eq!(std::fs::read(dir.join("store/41.replay")).unwrap(), b"first", "one file per match");
    assert_eq!(store.get(41).await.unwrap().as_deref(), Some(&b"first"[..]));
    // A re-run of the match replaces the replay whole.
    store.put(41, b"second, longer").await.unwrap();
    assert_eq!(store.get(41).await.unwrap().as_deref(), Some(&b"second, longer"[..]));
    assert_eq!(store.get(42).await.unwrap(), None);

    // Files written by older versions (`--replay-dir`: `<dir>/<id>.replay`) read as before, and
    // the same directory may be named by a file:// URL or a plain path.
    std::fs::write(dir.join("store/7.replay"), b"old file").unwrap();
    let url = format!("file://{}", dir.join("store").canonicalize().unwrap().display());
    for named in [url.as_str(), dir.join("store").to_str().unwrap()] {
        let again = ReplayStore::open(named, site.pool().clone()).unwrap();
        assert_eq!(again.get(7).await.unwrap().as_deref(), Some(&b"old file"[..]), "{named}");
        assert_eq!(again.get(41).await.unwrap().as_deref(), Some(&b"second, longer"[..]), "{named}");
    }

    // Deleting: missing replays are no error.
    store.delete(&[41, 42]).await.unwrap();
    assert_eq!(store.get(41).await.unwrap(), None);
    assert!(!dir.join("store/41.replay").exists());

    // The other forms of --replay-store (an S3 bucket is only set up here, not reached).
    let s3 = ReplayStore::open("s3://arena-test/replays", site.pool().clone()).unwrap();
    assert!(s3.describe().contains("S3 bucket arena-test, keys replays/<match>.replay"), "{}", s3.describe());
    let memory = ReplayStore::open("memory:", site.pool().clone()).unwrap();
    memory.put(1, b"m").await.unwrap();
    assert_eq!(memory.get(1).await.unwrap().as_deref(), Some(&b"m"[..]));
    for bad in ["ftp://host/dir", "file://relative/dir", "s3://", ""] {
        assert!(ReplayStore::open(bad, site.pool().clone()).is_err(), "{bad:?} is refused");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn replays_kept_in_the_database_by_older_versions_stay_readable() {
    let site = support::site().await;
    let bots = seats(&site, None).await;
    let id = add_match(site.pool(), "ladder", 1, &bots).await;
    sqlx::query("INSERT INTO replays (match_id, bytes) VALUES ($1, 'from the table')")
        .bind(id)
        .execute(site.pool())
        .await
        .unwrap();
    assert_eq!(site.state.replays.get(id).await.unwrap().as_deref(), Some(&b"from the table"[..]));
    // The download reads it too.
    let reply = get(&site.state, &format!("/matches/{id}/replay"), None).await;
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.body, b"from the table");
    // A replay in the store wins over the table's.
    site.state.replays.put(id, b"from the store").await.unwrap();
    assert_eq!(site.state.replays.get(id).await.unwrap().as_deref(), Some(&b"from the store"[..]));
}

/// The bots of a match's four seats: `owner`'s bot (when given) in seat 0, house bots after.
async fn seats(site: &support::TestSite, owner: Option<i64>) -> Vec<i64> {
    let mut bots = Vec::new();
    if let Some(user) = owner {
        let hash: String = sqlx::query_scalar("SELECT hash FROM wasm_modules ORDER BY hash LIMIT 1")
            .fetch_one(site.pool())
            .await
            .unwrap();
        let bot: i64 = sqlx::query_scalar(
            "INSERT INTO bots (game, name, user_id, wasm_hash, status)
             VALUES ('pandemic', 'Keeper', $1, $2, 'qualified') RETURNING id",
        )
        .bind(user)
        .bind(hash)
        .fetch_one(site.pool())
        .await
        .unwrap();
        bots.push(bot);
    }
    for name in ["Null", "Demo", "Dummy", "Dummy"] {
        if bots.len() < 4 {
            bots.push(support::house(site, name).await);
        }
    }
    bots
}

/// A done match of `kind` that finished `days_ago` days ago, with a score and stderr per seat.
async fn add_match(pool: &PgPool, kind: &str, days_ago: i32, bots: &[i64]) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches
             (game, kind, priority, seed, state, started_at, finished_at, duration_ms, rounds, replay_size)
         VALUES ('pandemic', $1, 10, 7, 'done', now() - make_interval(days => $2), now() - make_interval(days => $2),
                 1000.0, 100, 1000)
         RETURNING id",
    )
    .bind(kind)
    .bind(days_ago)
    .fetch_one(pool)
    .await
    .unwrap();
    for (seat, bot) in bots.iter().enumerate() {
        sqlx::query(
            "INSERT INTO match_players (match_id, seat, bot_id, score, rank, cpu, fuel_used, stderr, stderr_truncated)
             VALUES ($1, $2, $3, $4, $5, 0.5, 1000, $6, FALSE)",
        )
        .bind(id)
        .bind(seat as i16)
        .bind(bot)
        .bind(100 - seat as i64)
        .bind(seat as i16 + 1)
        .bind(format!("stderr of seat {seat} in match {id}\n").into_bytes())
        .execute(pool)
        .await
        .unwrap();
    }
    id
}

async fn stderr_left(pool: &PgPool, id: i64) -> i64 {
    sqlx::query_scalar("SELECT count(stderr) FROM match_players WHERE match_id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn retention_prunes_old_ladder_replays_and_old_stderr_only() {
    let site = support::site().await;
    let dir = scratch("retention");
    let mut state: AppState = site.state.clone();
    state.replays = ReplayStore::directory(&dir, site.pool().clone()).unwrap();
    let pool = site.pool().clone();
    let owner = site.user("keeper").await;
    let bots = seats(&site, Some(owner)).await;

    let old_ladder = add_match(&pool, "ladder", 40, &bots).await;
    let old_ladder_in_table = add_match(&pool, "ladder", 31, &bots).await;
    let recent_ladder = add_match(&pool, "ladder", 5, &bots).await;
    let old_qualification = add_match(&pool, "qualification", 40, &bots).await;
    let old_sanity = add_match(&pool, "sanity", 40, &bots).await;
    let old_tournament = add_match(&pool, "tournament", 40, &bots).await;
    for id in [old_ladder, recent_ladder, old_qualification, old_sanity, old_tournament] {
        state.replays.put(id, format!("replay {id}").as_bytes()).await.unwrap();
    }
    // Stored by an older version, in the database.
    sqlx::query("INSERT INTO replays (match_id, bytes) VALUES ($1, 'old')")
        .bind(old_ladder_in_table)
        .execute(&pool)
        .await
        .unwrap();
    let old = [old_ladder, old_ladder_in_table, old_qualification, old_sanity, old_tournament];

    let keep = Retention { ladder_replays_days: 30, stderr_days: 30 };
    assert_eq!(keep, Retention::from_config(&state.config), "the defaults");

    // A dry run counts and deletes nothing.
    let dry = retention::prune(&pool, &state.replays, &keep, true).await.unwrap();
    assert_eq!((dry.replays_deleted, dry.replay_bytes), (2, 2000), "{dry}");
    assert_eq!(dry.replay_ids, Some((old_ladder, old_ladder_in_table)));
    assert_eq!((dry.stderr_cleared, dry.stderr_matches), (20, 5), "{dry}");
    assert!(dry.to_string().contains("would delete the replays of 2 ladder matches"), "{dry}");
    assert!(state.replays.get(old_ladder).await.unwrap().is_some());
    assert_eq!(stderr_left(&pool, old_ladder).await, 4);

    let pruned = retention::prune(&pool, &state.replays, &keep, false).await.unwrap();
    assert_eq!(
        (pruned.replays_deleted, pruned.replay_bytes, pruned.stderr_cleared, pruned.stderr_matches),
        (2, 2000, 20, 5),
        "{pruned}"
    );
    assert_eq!(pruned.stderr_bytes, dry.stderr_bytes);
    assert!(pruned.to_string().contains("deleted the replays of 2 ladder matches"), "{pruned}");

    // Old ladder replays are gone, from the directory and from the table; the rest are kept.
    assert_eq!(state.replays.get(old_ladder).await.unwrap(), None);
    assert!(!dir.join(format!("{old_ladder}.replay")).exists());
    assert_eq!(state.replays.get(old_ladder_in_table).await.unwrap(), None);
    for id in [recent_ladder, old_qualification, old_sanity, old_tournament] {
        assert_eq!(state.replays.get(id).await.unwrap(), Some(format!("replay {id}").into_bytes()), "match {id}");
    }
    // Old stderr is cleared whatever the kind; recent stderr is kept.
    for id in old {
        assert_eq!(stderr_left(&pool, id).await, 0, "match {id}");
    }
    assert_eq!(stderr_left(&pool, recent_ladder).await, 4);
    // Matches keep their rows and results, and say what was pruned.
    let rows: Vec<(i64, bool, bool, i64)> = sqlx::query_as(
        "SELECT m.id, m.replay_pruned_at IS NOT NULL, m.stderr_pruned_at IS NOT NULL,
                (SELECT count(score) FROM match_players p WHERE p.match_id = m.id)
         FROM matches m ORDER BY m.id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    for (id, replay_pruned, stderr_pruned, scores) in rows {
        assert_eq!(scores, 4, "match {id} keeps its results");
        assert_eq!(replay_pruned, id == old_ladder || id == old_ladder_in_table, "match {id}");
        assert_eq!(stderr_pruned, old.contains(&id), "match {id}");
    }

    // A second run finds nothing.
    let again = retention::prune(&pool, &state.replays, &keep, false).await.unwrap();
    assert!(again.is_empty(), "{again}");
    // 0 keeps forever.
    let forever = Retention { ladder_replays_days: 0, stderr_days: 0 };
    let none = retention::prune(&pool, &state.replays, &forever, false).await.unwrap();
    assert!(none.is_empty() && none.replays_before.is_none() && none.stderr_before.is_none(), "{none}");
    assert_eq!(
        state.replays.get(recent_ladder).await.unwrap().map(|b| b.len()),
        Some(format!("replay {recent_ladder}").len())
    );

    // The match page says the replay and the owner's stderr were deleted, and why.
    let session = login(&state, owner).await;
    let page = get(&state, &format!("/matches/{old_ladder}"), Some(&session)).await;
    assert_eq!(page.status, 200, "{}", page.text());
    let text = page.text();
    assert!(text.contains("The replay was deleted (ladder replays are kept 30 days)."), "{text}");
    assert!(!text.contains("id=\"viewer\"") && !text.contains("replay-download"), "{text}");
    assert!(text.contains("Its standard error was deleted (it is kept 30 days)."), "{text}");
    assert!(text.contains("id=\"stderr-0\""), "{text}");
    // Anybody else sees that the replay was deleted, and no stderr at all.
    let anonymous = get(&state, &format!("/matches/{old_ladder}"), None).await.text();
    assert!(anonymous.contains("The replay was deleted"), "{anonymous}");
    assert!(!anonymous.contains("standard error"), "{anonymous}");
    // The download says so too.
    let download = get(&state, &format!("/matches/{old_ladder}/replay"), None).await;
    assert_eq!(download.status, 404);
    assert!(download.text().contains("was deleted (ladder replays are kept 30 days)"), "{}", download.text());
    // Kept replays and stderr show as before.
    for id in [recent_ladder, old_qualification, old_tournament] {
        let text = get(&state, &format!("/matches/{id}"), Some(&session)).await.text();
        assert!(text.contains("id=\"viewer\"") && !text.contains("replay was deleted"), "match {id}: {text}");
    }
    let recent = get(&state, &format!("/matches/{recent_ladder}"), Some(&session)).await.text();
    assert!(recent.contains(&format!("stderr of seat 0 in match {recent_ladder}")), "{recent}");
    let qualification = get(&state, &format!("/matches/{old_qualification}"), Some(&session)).await.text();
    assert!(qualification.contains("Its standard error was deleted"), "{qualification}");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn retention_works_in_batches() {
    let site = support::site().await;
    let pool = site.pool().clone();
    let n = retention::BATCH as usize + 3;
    // Many old ladder matches at once (without stderr's seats: only the replays matter here).
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO matches (game, kind, priority, seed, state, finished_at, replay_size)
         SELECT 'pandemic', 'ladder', 10, g, 'done', now() - interval '60 days', 10 FROM generate_series(1, $1) g
         RETURNING id",
    )
    .bind(n as i32)
    .fetch_all(&pool)
    .await
    .unwrap();
    for &id in &ids[..3] {
        site.state.replays.put(id, b"0123456789").await.unwrap();
    }
    let keep = Retention { ladder_replays_days: 30, stderr_days: 30 };
    let pruned = retention::prune(&pool, &site.state.replays, &keep, false).await.unwrap();
    assert_eq!(pruned.replays_deleted as usize, n, "{pruned}");
    assert_eq!(pruned.replay_ids, Some((ids[0], ids[n - 1])));
    assert_eq!(site.state.replays.get(ids[0]).await.unwrap(), None);
    assert!(retention::prune(&pool, &site.state.replays, &keep, false).await.unwrap().is_empty());
}

/// Whether a client can connect to the cluster.
async fn answers(cluster: &LocalCluster) -> bool {
    cluster.options("postgres").connect().await.is_ok()
}

#[tokio::test]
async fn a_private_cluster_left_running_by_a_killed_server_is_stopped_and_started_afresh() {
    let dir = scratch("storage-pg");
    let first = match LocalCluster::start(&dir).await {
        Ok(c) => c,
        Err(e) if format!("{e:#}").contains("not installed") => {
            eprintln!("skipped: {e:#}");
            return;
        }
        Err(e) => panic!("{e:#}"),
    };
    assert!(first.started_here && !first.stopped_leftover);
    assert!(answers(&first).await);

    // Another arena process on the same data directory (`arena admin` while the server runs)
    // uses the running cluster, and leaves it running when it is done.
    let second = LocalCluster::start(&dir).await.unwrap();
    assert!(!second.started_here && !second.stopped_leftover);
    second.stop().await.unwrap();
    drop(second);
    assert!(answers(&first).await, "the first process's cluster is still up");

    // The first is killed (kill -9): its lock goes, the cluster stays up.
    drop(first);
    let leftover = LocalCluster::start(&dir).await.unwrap();
    assert!(leftover.started_here && leftover.stopped_leftover, "{leftover:?}");
    assert!(answers(&leftover).await);
    // Ours now: stopped at our shutdown.
    leftover.stop().await.unwrap();
    assert!(!leftover.running().await);
    assert!(!answers(&leftover).await);
    drop(leftover);

    // A fresh start after a clean stop has nothing left over to stop.
    let fresh = LocalCluster::start(&dir).await.unwrap();
    assert!(fresh.started_here && !fresh.stopped_leftover);
    fresh.stop().await.unwrap();
    assert!(!fresh.running().await);
    drop(fresh);
    std::fs::remove_dir_all(&dir).ok();
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    for lock in [format!("{name}.lock"), format!("{name}.start.lock")] {
        std::fs::remove_file(dir.with_file_name(lock)).ok();
    }
}
