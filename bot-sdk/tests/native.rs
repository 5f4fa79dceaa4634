//! SDK bots played natively (`arena_bot::native`) in real engine matches: the same draws as a
//! WebAssembly bot gets; panics and order floods freeze the bot as in the sandbox. (That the
//! house Demo's SDK build replays exactly like the engine's native Demo, views and orders
//! included, is `bots/pandemic/tests`' `demo_replays_like_the_engine_demo`.)

use arena_bot::native;
use arena_bot::pandemic::{Dir, Game, Player, Runner};
use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{FreezeReason, MatchOutput, MatchSetup};
use engine::rng::{GameRng, Stream};

fn setup(seed: u64, size: i64, rounds: i64) -> MatchSetup {
    let game = catalog::find("pandemic").unwrap();
    let mut params = ParamValues::defaults(game.param_specs());
    let units = (size * size / 100).min(15);
    for (k, v) in [("rows", size), ("cols", size), ("nb_rounds", rounds), ("nb_units", units)] {
        params.set(game.param_specs(), k, v).unwrap();
    }
    MatchSetup { params, board: BoardSource::Generated, seed }
}

fn play(setup: &MatchSetup, players: Vec<PlayerSpec>) -> MatchOutput {
    catalog::find("pandemic").unwrap().play(setup, &players, true).unwrap()
}

fn house(name: &str) -> PlayerSpec {
    PlayerSpec::House(name.to_string())
}

mod arena_bot_null {
    /// Gives no orders.
    #[derive(Default)]
    pub struct Null;
    impl arena_bot::pandemic::Player for Null {
        fn play(&mut self, _g: &mut arena_bot::pandemic::Game) {}
    }
}

/// Checks `random` and `random_permutation` against the bot's own engine stream.
#[derive(Default)]
struct Draws;

impl Player for Draws {
    fn play(&mut self, g: &mut Game) {
        let mut rng = RNG.with(|r| r.borrow_mut().take()).unwrap_or_else(|| GameRng::new(77, Stream::Bot(g.me())));
        for n in [0usize, 1, 2, 5, 60] {
            let v = g.random_permutation(n);
            assert_eq!(v, rng.permutation(n));
        }
        for (l, u) in [(0, 0), (-5, 5), (3, 3), (i32::MIN, i32::MAX), (0, 7)] {
            assert_eq!(g.random(l, u), rng.range(l, u));
        }
        RNG.with(|r| *r.borrow_mut() = Some(rng));
    }
}

thread_local! {
    static RNG: std::cell::RefCell<Option<GameRng>> = const { std::cell::RefCell::new(None) };
}

#[test]
fn draws_come_from_the_bots_stream_and_permutations_match_the_engine() {
    let s = setup(77, 30, 20);
    let out = play(&s, vec![house("Null"), house("Null"), native::player::<Runner<Draws>>("Draws"), house("Null")]);
    assert!(out.summary.players[2].frozen.is_none(), "{:?}", out.summary.players[2].frozen);
}

/// Gives 1001 orders in round 3 (in chunks), 1000 before.
#[derive(Default)]
struct Flood;

impl Player for Flood {
    fn play(&mut self, g: &mut Game) {
        let id = g.my_units(g.me())[0];
        let n = if g.round() == 3 { 1001 } else { 1000 };
        for _ in 0..n {
            g.move_unit(id, Dir::None);
        }
    }
}

/// Panics in round 2.
#[derive(Default)]
struct Crash;

impl Player for Crash {
    fn play(&mut self, g: &mut Game) {
        if g.round() == 2 {
            panic!("crash at round {}", g.round());
        }
    }
}

#[test]
fn floods_and_panics_freeze_the_bot() {
    let s = setup(5, 30, 8);
    let out = play(
        &s,
        vec![
            native::player::<Runner<Flood>>("Flood"),
            native::player::<Runner<Crash>>("Crash"),
            house("Demo"),
            native::player::<Runner<arena_bot_null::Null>>("Null"),
        ],
    );
    let p = &out.summary.players;
    let f = p[0].frozen.as_ref().expect("flood frozen");
    assert_eq!((f.round, f.reason), (3, FreezeReason::Orders));
    let c = p[1].frozen.as_ref().expect("crash frozen");
    assert_eq!((c.round, c.reason), (2, FreezeReason::Trap));
    assert!(c.message.contains("crash at round 2"), "{}", c.message);
    assert!(p[2].frozen.is_none() && p[3].frozen.is_none());
    assert_eq!(out.summary.rounds, 8);
}

#[test]
#[should_panic(expected = "lower bound")]
fn random_with_an_empty_range_panics() {
    arena_bot::abi::random(2, 1);
}

#[test]
#[should_panic(expected = "outside a round")]
fn host_calls_outside_a_round_panic() {
    arena_bot::abi::random(0, 1);
}
