//! Mad Max on the site, against a real Postgres: an upload is checked against its game marker,
//! qualifies (or not) against its own Dummy, and plays its ladder. (Every game's house bots are
//! checked in `site_walking_dead.rs`.)

mod support;

const GAME: &str = "mad-max";

#[tokio::test]
async fn a_pandemic_module_is_refused_for_mad_max() {
    support::a_pandemic_module_is_refused_for(GAME).await;
}

#[tokio::test]
async fn a_mad_max_bot_is_judged_against_its_dummy_and_a_qualified_one_plays_the_ladder() {
    support::judged_against_its_dummy_and_laddered(GAME, "max", "Mm").await;
}
