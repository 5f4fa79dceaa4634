//! SDK bots played natively (`arena_bot::native`) in real engine matches: the same views, draws
//! and orders as a WebAssembly bot gets, so an SDK port of the engine's Demo replays exactly like
//! it; panics and order floods freeze the bot as in the sandbox.

use arena_bot::native;
use arena_bot::pandemic::{CellType, Command, Dir, Game, Player, Runner};
use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{FreezeReason, MatchOutput, MatchSetup};
use engine::replay::Replay;
use engine::rng::{GameRng, Stream};

/// The engine's Demo (`engine/src/games/pandemic/house.rs`), written against the SDK.
#[derive(Default)]
struct Demo;

impl Player for Demo {
    fn play(&mut self, g: &mut Game) {
        let me = g.me();
        for id in g.my_units(me) {
            let pos = g.unit(id).pos;
            let (mut attack, mut wanted, mut open) = (Vec::new(), Vec::new(), Vec::new());
            for d in Dir::MOVES {
                let c = g.cell(pos + d);
                if c.kind == CellType::Wall {
                    continue;
                }
                match c.unit_id {
                    Some(o) if g.unit(o).player != me => attack.push(d),
                    Some(_) => {}
                    None => {
                        let not_mine = c
                            .city_id
                            .map(|k| g.city_owner(k) != Some(me))
                            .or_else(|| c.path_id.map(|k| g.path_owner(k) != Some(me)))
                            .unwrap_or(false);
                        if not_mine || c.mask {
                            wanted.push(d);
                        }
                        open.push(d);
                    }
                }
            }
            let Some(choices) = [attack, wanted, open].into_iter().find(|v| !v.is_empty()) else { continue };
            if g.random(0, 7) == 0 {
                continue;
            }
            let dir = choices[g.random(0, choices.len() as i32 - 1) as usize];
            g.execute(Command { id, dir });
        }
    }
}

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

#[test]
fn the_sdk_demo_replays_exactly_like_the_engine_demo() {
    for seed in [1u64, 2, 3] {
        let s = setup(seed, 70, 200);
        let native = play(&s, vec![house("Demo"), house("Demo"), house("Null"), house("Demo")]);
        let sdk = play(
            &s,
            vec![
                native::player::<Runner<Demo>>("Demo"),
                native::player::<Runner<Demo>>("Demo"),
                native::player::<Runner<arena_bot_null::Null>>("Null"),
                native::player::<Runner<Demo>>("Demo"),
            ],
        );
        let a = Replay::parse(native.replay.as_ref().unwrap()).unwrap();
        let b = Replay::parse(sdk.replay.as_ref().unwrap()).unwrap();
        assert_eq!(a.initial, b.initial);
        assert_eq!(a.rounds.len(), 200);
        assert_eq!(a.rounds.len(), b.rounds.len());
        for (r, (x, y)) in a.rounds.iter().zip(&b.rounds).enumerate() {
            assert_eq!(x.game, y.game, "seed {seed} round {r}");
            assert_eq!(x.common, y.common, "seed {seed} round {r}");
        }
        let scores = |o: &MatchOutput| o.summary.players.iter().map(|p| p.score).collect::<Vec<_>>();
        assert_eq!(scores(&native), scores(&sdk));
        assert!(sdk.summary.players.iter().all(|p| p.frozen.is_none()));
    }
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
            native::player::<Runner<Demo>>("Demo"),
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
