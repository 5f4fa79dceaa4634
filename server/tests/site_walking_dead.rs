//! The Walking Dead on the site, against a real Postgres: every game's house bots are registered,
//! an upload is checked against its game marker, qualifies (or not) against its own Dummy, and
//! plays its ladder. (The site code is the same for every game; this checks that nothing assumes
//! a game of cities and paths.)

mod support;

use support::house_of;

const GAME: &str = "walking-dead";

#[tokio::test]
async fn house_bots_of_every_game_are_registered() {
    let site = support::site().await;
    let mut ids = Vec::new();
    let games: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
    assert!(games.contains(&GAME) && games.contains(&"purge"), "{games:?}");
    for &game in &games {
        for name in ["Null", "Demo", "Dummy"] {
            ids.push(house_of(&site, game, name).await);
        }
    }
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3 * games.len(), "one bot per game and name: {ids:?}");
    for &game in &games {
        let board = arena::site::read::queries::leaderboard(site.pool(), game).await.unwrap();
        let mut names: Vec<&str> = board.iter().map(|e| e.name.as_str()).collect();
        names.sort();
        assert_eq!(names, ["Demo", "Dummy", "Null"], "{game}");
        assert!(board.iter().all(|e| e.is_house), "{game}");
    }
}

#[tokio::test]
async fn a_pandemic_module_is_refused_for_walking_dead() {
    support::a_pandemic_module_is_refused_for(GAME).await;
}

#[tokio::test]
async fn a_walking_dead_bot_is_judged_against_its_dummy_and_a_qualified_one_plays_the_ladder() {
    support::judged_against_its_dummy_and_laddered(GAME, "rick", "Wd").await;
}
