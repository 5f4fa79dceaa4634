//! The wasm house bots, as shipped (`bots/prebuilt/`), played through the sandbox: Dummy's
//! strength (the qualification opponent) and Demo's equivalence with the engine's native Demo.

use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::games::pandemic;
use engine::params::ParamValues;
use engine::referee::{MatchOutput, MatchSetup};
use engine::replay::Replay;
use sandbox::{BotModule, Limits, Sandbox};

const DEMO: &[u8] = include_bytes!("../../bots/prebuilt/pandemic/demo.wasm");
const DUMMY: &[u8] = include_bytes!("../../bots/prebuilt/pandemic/dummy.wasm");

fn load(sandbox: &Sandbox, bytes: &[u8]) -> BotModule {
    sandbox.load(bytes, Some("pandemic")).expect("house bot loads")
}

fn play(seed: u64, players: &[PlayerSpec]) -> MatchOutput {
    let game = catalog::find("pandemic").unwrap();
    let setup = MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
    game.play(&setup, players, true).unwrap()
}

/// Dummy in seat `seed % 4`, `other` in the other three seats.
fn one_against_three(sandbox: &Sandbox, one: &[u8], other: &[u8], seed: u64) -> (usize, engine::referee::MatchSummary) {
    let (one, other) = (load(sandbox, one), load(sandbox, other));
    let seat = (seed % 4) as usize;
    let players: Vec<PlayerSpec> = (0..4)
        .map(|p| PlayerSpec::Wire(if p == seat { one.player("One").0 } else { other.player("Other").0 }))
        .collect();
    let out = play(seed, &players);
    assert!(out.summary.players.iter().all(|p| p.frozen.is_none()), "seed {seed}: {:?}", out.summary);
    (seat, out.summary)
}

fn strictly_first(s: &engine::referee::MatchSummary, seat: usize) -> bool {
    s.players.iter().enumerate().all(|(p, r)| p == seat || r.score < s.players[seat].score)
}

#[test]
fn dummy_beats_three_demos_in_at_least_19_of_20_seeds() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let wins: Vec<u64> = (1..=20)
        .filter(|&seed| {
            let (seat, s) = one_against_three(&sandbox, DUMMY, DEMO, seed);
            strictly_first(&s, seat)
        })
        .collect();
    assert!(wins.len() >= 19, "Dummy won only seeds {wins:?}");
}

#[test]
fn demo_never_beats_three_dummies() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    for seed in 1..=20 {
        let (seat, s) = one_against_three(&sandbox, DEMO, DUMMY, seed);
        assert!(!strictly_first(&s, seat), "Demo won seed {seed}: {s:?}");
    }
}

#[test]
fn wasm_demo_plays_exactly_like_the_native_demo() {
    let sandbox = Sandbox::new(Limits::default()).unwrap();
    let demo = load(&sandbox, DEMO);
    for seed in [3, 8] {
        let wasm: Vec<PlayerSpec> = (0..4).map(|_| PlayerSpec::Wire(demo.player("Demo").0)).collect();
        let native: Vec<PlayerSpec> = (0..4).map(|_| PlayerSpec::House("Demo".into())).collect();
        let (w, n) = (play(seed, &wasm), play(seed, &native));
        assert_eq!(
            w.summary.players.iter().map(|p| p.score).collect::<Vec<_>>(),
            n.summary.players.iter().map(|p| p.score).collect::<Vec<_>>()
        );
        // Same moves and states every round; only hashes and CPU shares differ.
        let (w, n) = (w.replay.unwrap(), n.replay.unwrap());
        assert_eq!(Replay::parse(&w).unwrap().header.wasmtime_version.as_deref(), Some(sandbox::WASMTIME_VERSION));
        assert_eq!(Replay::parse(&n).unwrap().header.wasmtime_version, None);
        let (wr, nr) = (pandemic::replay::read(&w).unwrap(), pandemic::replay::read(&n).unwrap());
        assert_eq!(wr.frames.len(), nr.frames.len());
        for (k, (a, b)) in wr.frames.iter().zip(&nr.frames).enumerate() {
            assert_eq!((&a.units, &a.moves, &a.virus), (&b.units, &b.moves, &b.virus), "seed {seed}, frame {k}");
            assert_eq!(a.common.scores, b.common.scores, "seed {seed}, frame {k}");
            assert_eq!(b.common.cpu, [0.0; 4], "native bots are not metered");
        }
        let last = &wr.frames[wr.frames.len() - 1].common.cpu;
        assert!(last.iter().all(|&c| c > 0.0 && c < 0.05), "wasm Demo's CPU shares: {last:?}");
    }
}
