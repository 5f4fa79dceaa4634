//! The Walking Dead on the site, against a real Postgres: its house bots are registered, an
//! upload is checked against its game marker, qualifies (or not) against its own Dummy, and plays
//! its ladder. (The site code is the same for every game; this checks that nothing assumes a game
//! of cities and paths.)

mod support;

use support::{drain, house_of, house_wasm, house_wasm_of, status, upload_to};

const GAME: &str = "walking-dead";

#[tokio::test]
async fn house_bots_of_every_game_are_registered() {
    let site = support::site().await;
    let mut ids = Vec::new();
    for game in ["pandemic", "ork-island", GAME] {
        for name in ["Null", "Demo", "Dummy"] {
            ids.push(house_of(&site, game, name).await);
        }
    }
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 9, "one bot per game and name: {ids:?}");
    let board = arena::site::queries::leaderboard(site.pool(), GAME).await.unwrap();
    let mut names: Vec<&str> = board.iter().map(|e| e.name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["Demo", "Dummy", "Null"]);
    assert!(board.iter().all(|e| e.is_house));
}

#[tokio::test]
async fn a_pandemic_module_is_refused_for_walking_dead() {
    let site = support::site().await;
    let err = site.state.sandbox.inspect(house_wasm("Demo"), Some(GAME)).unwrap_err().to_string();
    assert!(err.contains("walking-dead") && err.contains("pandemic"), "{err}");
    assert!(site.state.sandbox.inspect(house_wasm_of(GAME, "Demo"), Some(GAME)).is_ok());
}

#[tokio::test]
async fn a_walking_dead_bot_is_judged_against_its_dummy_and_a_qualified_one_plays_the_ladder() {
    let site = support::site().await;
    let user = site.user("rick").await;
    let dummy = house_of(&site, GAME, "Dummy").await;

    // Demo loses to three Dummies: qualification fails with the reason.
    let demo = upload_to(&site, GAME, user, "WdDemo", house_wasm_of(GAME, "Demo")).await;
    assert!(drain(&site).await >= 2, "the sanity match and at least one match against Dummy");
    let (state, verdict) = status(&site, demo).await;
    assert_eq!(state, "failed", "{verdict}");
    assert!(verdict.contains("did not win a match against three Dummies"), "{verdict}");
    let played: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, game, kind FROM matches WHERE subject_bot_id = $1 AND state = 'done' ORDER BY id")
            .bind(demo)
            .fetch_all(site.pool())
            .await
            .unwrap();
    assert_eq!(played[0].2, "sanity");
    for (id, game, kind) in &played {
        assert_eq!(game, GAME);
        if kind == "qualification" {
            let seats: Vec<i64> = sqlx::query_scalar("SELECT bot_id FROM match_players WHERE match_id = $1")
                .bind(id)
                .fetch_all(site.pool())
                .await
                .unwrap();
            assert_eq!(seats.iter().filter(|&&b| b == dummy).count(), 3, "against The Walking Dead's Dummy: {seats:?}");
        }
    }

    // A qualified bot (a copy of Dummy, marked qualified) represents its owner on the ladder,
    // with the three house bots: the scheduler pairs them and the match is rated.
    let copy = upload_to(&site, GAME, user, "WdCopy", house_wasm_of(GAME, "Dummy")).await;
    sqlx::query("DELETE FROM matches WHERE subject_bot_id = $1").bind(copy).execute(site.pool()).await.unwrap();
    sqlx::query("UPDATE bots SET status = 'qualified' WHERE id = $1").bind(copy).execute(site.pool()).await.unwrap();
    let mut conn = site.pool().acquire().await.unwrap();
    arena::site::ladder::make_representative(&mut conn, user, GAME, copy).await.unwrap();
    drop(conn);
    let mut dice = arena::site::ladder::OsDice;
    let queued = arena::site::ladder::schedule(site.pool(), GAME, 1, &mut dice).await.unwrap();
    assert_eq!(queued.len(), 1);
    assert!(arena::site::ladder::schedule(site.pool(), "pandemic", 1, &mut dice).await.unwrap().is_empty());
    assert_eq!(drain(&site).await, 1);
    let (game, state): (String, String) = sqlx::query_as("SELECT game, state FROM matches WHERE id = $1")
        .bind(queued[0])
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!((game.as_str(), state.as_str()), (GAME, "done"));
    let rated: i32 = sqlx::query_scalar("SELECT matches FROM ratings WHERE bot_id = $1")
        .bind(copy)
        .fetch_one(site.pool())
        .await
        .unwrap();
    assert_eq!(rated, 1);
    let board = arena::site::queries::leaderboard(site.pool(), GAME).await.unwrap();
    assert!(board.iter().any(|e| e.bot_id == copy && !e.is_house), "{board:?}");
}
