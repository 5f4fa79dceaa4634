//! A bot that qualifies, end to end against a real Postgres: sanity match, four wins against
//! three Dummies, locked name, representative, leaderboard. Its own test binary, because it sets
//! the process-wide seed sequence (other tests drawing seeds at the same time would shift it).

mod support;

use support::{drain, status, upload, ACE_QUALIFYING_SEED_START};

#[tokio::test]
async fn ace_qualifies_by_beating_dummy_four_times() {
    arena::site::core::ids::set_seed_sequence(ACE_QUALIFYING_SEED_START);
    let site = support::site().await;
    let user = site.user("carol").await;
    let bot = upload(&site, user, "Ace", support::ace_wasm()).await;
    assert_eq!(drain(&site).await, 5, "the sanity match and four matches against Dummy");
    let (status, verdict) = status(&site, bot).await;
    assert_eq!(status, "qualified", "{verdict}");
    assert!(verdict.starts_with("qualified"), "{verdict}");

    // The matches: the sanity match on the first seed, then Ace alone among Dummies, a seat each,
    // strictly first every time.
    let matches: Vec<(i64, String, i64, String)> =
        sqlx::query_as("SELECT id, kind, seed, state FROM matches WHERE subject_bot_id = $1 ORDER BY id")
            .bind(bot)
            .fetch_all(site.pool())
            .await
            .unwrap();
    let seeds: Vec<i64> = matches.iter().map(|m| m.2).collect();
    let start = ACE_QUALIFYING_SEED_START;
    assert_eq!(seeds, (start..start + 5).collect::<Vec<_>>());
    assert_eq!(matches[0].1, "sanity");
    let mut seats = Vec::new();
    for (id, kind, _, state) in &matches[1..] {
        assert_eq!((kind.as_str(), state.as_str()), ("qualification", "done"));
        let players: Vec<(i16, i64, i64, Option<String>)> = sqlx::query_as(
            "SELECT seat, bot_id, score, frozen_reason FROM match_players WHERE match_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(site.pool())
        .await
        .unwrap();
        let mine = players.iter().find(|p| p.1 == bot).expect("Ace plays");
        assert_eq!(players.iter().filter(|p| p.1 == bot).count(), 1, "one Ace, three Dummies");
        assert!(players.iter().all(|p| p.3.is_none()), "nobody frozen: {players:?}");
        assert!(players.iter().all(|p| p.0 == mine.0 || p.2 < mine.2), "Ace strictly first: {players:?}");
        seats.push(mine.0);
    }
    assert_eq!(seats, [0, 1, 2, 3]);

    // Its name is locked for good, it represents its owner, and it is on the leaderboard.
    let locked: bool = sqlx::query_scalar("SELECT locked FROM bot_names WHERE game = 'pandemic' AND name_key = 'ace'")
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert!(locked);
    let rep: i64 = sqlx::query_scalar("SELECT bot_id FROM representatives WHERE user_id = $1 AND game = 'pandemic'")
        .bind(user)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(rep, bot);
    let board = arena::site::read::queries::leaderboard(site.pool(), "pandemic").await.unwrap();
    let entry = board.iter().find(|e| e.bot_id == bot).expect("Ace on the leaderboard");
    assert_eq!((entry.name.as_str(), entry.owner.as_str(), entry.is_house), ("Ace", "carol", false));
    assert_eq!(board.len(), 4, "Ace and the three house bots: {board:?}");
}
