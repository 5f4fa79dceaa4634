//! The read caches in front of the busiest pages: what they keep, for how long, and that they
//! never show one user's stderr to another.

mod support;

use arena::site::core::kind::Kind;
use arena::site::matches::queue::{self, NewMatch};
use arena::site::read::cache::ReadCache;
use std::time::Duration;
use support::{drain, house, house_wasm, upload};

async fn set_state(site: &support::TestSite, id: i64, state: &str) {
    sqlx::query("UPDATE matches SET state = $2 WHERE id = $1").bind(id).bind(state).execute(site.pool()).await.unwrap();
}

#[tokio::test]
async fn leaderboards_are_kept_until_they_expire_or_change_here() {
    let site = support::site().await;
    let dummy = house(&site, "Dummy").await;
    let cache = ReadCache::new(Duration::from_millis(300));
    let mu =
        |board: &[arena::site::read::queries::LeaderboardEntry]| board.iter().find(|e| e.bot_id == dummy).unwrap().mu;

    let first = cache.leaderboard(site.pool(), "pandemic").await.unwrap();
    sqlx::query("UPDATE ratings SET mu = 40 WHERE bot_id = $1").bind(dummy).execute(site.pool()).await.unwrap();
    let cached = cache.leaderboard(site.pool(), "pandemic").await.unwrap();
    assert_eq!(mu(&cached), mu(&first), "served from memory");
    cache.game_changed("pandemic");
    assert_eq!(mu(&cache.leaderboard(site.pool(), "pandemic").await.unwrap()), 40.0, "a change here shows at once");

    sqlx::query("UPDATE ratings SET mu = 41 WHERE bot_id = $1").bind(dummy).execute(site.pool()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(mu(&cache.leaderboard(site.pool(), "pandemic").await.unwrap()), 41.0, "another process's change shows");

    // Zero: not cached at all.
    let uncached = ReadCache::new(Duration::ZERO);
    uncached.leaderboard(site.pool(), "pandemic").await.unwrap();
    sqlx::query("UPDATE ratings SET mu = 42 WHERE bot_id = $1").bind(dummy).execute(site.pool()).await.unwrap();
    assert_eq!(mu(&uncached.leaderboard(site.pool(), "pandemic").await.unwrap()), 42.0);
}

#[tokio::test]
async fn finished_matches_are_kept_and_stderr_stays_with_its_owner() {
    let site = support::site().await;
    let alice = site.user("alice").await;
    let bob = site.user("bob").await;
    let mine = upload(&site, alice, "Mine", house_wasm("Null")).await;
    let (null, dummy) = (house(&site, "Null").await, house(&site, "Dummy").await);
    let id = {
        let mut conn = site.pool().acquire().await.unwrap();
        let m = NewMatch {
            game: "pandemic".into(),
            kind: Kind::Ladder,
            seed: 3,
            subject_bot_id: None,
            bots: [mine, null, dummy, null],
            requested_by: None,
        };
        queue::enqueue(&mut conn, &m).await.unwrap()
    };
    let cache = ReadCache::new(Duration::from_secs(60));

    // A queued match is read afresh every time.
    assert_eq!(cache.match_detail(site.pool(), id, None).await.unwrap().unwrap().state, "queued");
    set_state(&site, id, "cancelled").await;
    assert_eq!(cache.match_detail(site.pool(), id, None).await.unwrap().unwrap().state, "cancelled");
    set_state(&site, id, "queued").await;
    // (cancelled is final, so that read was kept: a fresh cache for the played match.)
    let cache = ReadCache::new(Duration::from_secs(60));

    drain(&site).await;
    sqlx::query("UPDATE match_players SET stderr = 'alice''s debug output' WHERE match_id = $1 AND seat = 0")
        .bind(id)
        .execute(site.pool())
        .await
        .unwrap();
    let public = cache.match_detail(site.pool(), id, None).await.unwrap().unwrap();
    assert_eq!(public.state, "done");
    let score = public.players[1].score;
    sqlx::query("UPDATE match_players SET score = -5 WHERE match_id = $1 AND seat = 1")
        .bind(id)
        .execute(site.pool())
        .await
        .unwrap();
    let again = cache.match_detail(site.pool(), id, None).await.unwrap().unwrap();
    assert_eq!(again.players[1].score, score, "a finished match is served from memory");

    // Out of the same cached entry: the owner sees their stderr, nobody else does.
    let as_alice = cache.match_detail(site.pool(), id, Some(alice)).await.unwrap().unwrap();
    assert_eq!(as_alice.players[0].stderr.as_deref(), Some("alice's debug output"));
    assert!(as_alice.players[1..].iter().all(|p| p.stderr.is_none()));
    for viewer in [None, Some(bob)] {
        let m = cache.match_detail(site.pool(), id, viewer).await.unwrap().unwrap();
        assert!(m.players.iter().all(|p| p.stderr.is_none() && p.stderr_truncated.is_none()), "{viewer:?}");
    }
    let json = serde_json::to_string(&as_alice).unwrap();
    assert!(!json.contains("owner_id"), "user ids are not published: {json}");

    assert!(cache.match_detail(site.pool(), id + 1000, None).await.unwrap().is_none());
}
