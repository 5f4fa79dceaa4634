//! Ork Island on the site, against a real Postgres: an upload is checked against its game marker,
//! qualifies (or not) against its own Dummy, and plays its ladder. (The site code is the same for
//! every game; this checks that nothing assumes Pandemic. Every game's house bots are checked in
//! `site_walking_dead.rs`.)

mod support;

const GAME: &str = "ork-island";

#[tokio::test]
async fn a_pandemic_module_is_refused_for_ork_island() {
    support::a_pandemic_module_is_refused_for(GAME).await;
}

#[tokio::test]
async fn an_ork_island_bot_is_judged_against_its_dummy_and_a_qualified_one_plays_the_ladder() {
    support::judged_against_its_dummy_and_laddered(GAME, "gorbag", "Ork").await;
}
