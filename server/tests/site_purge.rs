//! The Purge on the site, against a real Postgres: an upload is checked against its game marker,
//! qualifies (or not) against its own Dummy, and plays its ladder. (Every game's house bots are
//! checked in `site_walking_dead.rs`.)

mod support;

const GAME: &str = "purge";

#[tokio::test]
async fn a_pandemic_module_is_refused_for_purge() {
    support::a_pandemic_module_is_refused_for(GAME).await;
}

#[tokio::test]
async fn a_purge_bot_is_judged_against_its_dummy_and_a_qualified_one_plays_the_ladder() {
    support::judged_against_its_dummy_and_laddered(GAME, "frank", "Pg").await;
}
