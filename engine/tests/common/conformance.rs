//! The platform's guarantees, checked the same way for every game: a replay gives back exactly
//! the states the bots were shown, the same seed gives the same bytes (and another seed another
//! board), a bot over the order cap (1000 orders in a round) is frozen while the match goes on,
//! and the defaults are the kit's. These are platform law, not game law, so they are written
//! once: a game enters with an `impl TestGame` (what to compare, its invariants, a random bot)
//! and one line, `conformance!(Purge);`, which adds the tests below to its test file.
//!
//! The bots: [`Spy`] checks the game's invariants on every state it is shown and records it,
//! then plays like the [`Wanderer`] (the game's random player, with bad and repeated orders
//! among its own); [`Flooder`] goes over the order cap in its third round; [`Thousand`] gives
//! exactly the cap every round and must not be frozen.

use engine::catalog;
use engine::cnf::BoardSource;
use engine::game::Game;
use engine::params::ParamValues;
use engine::referee::{play_match, Bot, BotFailure, FreezeReason, MatchOutput, MatchSetup, Turn, MAX_ORDERS_PER_ROUND};
use engine::replay::Replay;
use std::fmt::Debug;
use std::sync::{Arc, Mutex};

/// What the harness needs of a game beyond [`Game`].
pub trait TestGame: Game {
    /// The figures of a state that its replay must give back, frame by frame.
    type Snapshot: Clone + Debug + PartialEq + Send + 'static;
    /// The board a replay starts on, to tell two seeds apart.
    type Board: Debug + PartialEq;

    /// The kit's `default.cnf`: every parameter with its default, in the kit's order (names
    /// compared case-insensitively).
    const KIT_DEFAULTS: &'static [(&'static str, i64)];
    /// How many rounds a match with the kit's defaults lasts.
    const KIT_ROUNDS: usize;
    /// Parameter changes that make a short match, for the platform checks.
    const SHORT: &'static [(&'static str, i64)];
    /// [`Game::round`] in a match's first round: 0 or 1, as the game's kit counts.
    const FIRST_ROUND: u32;

    /// How many rounds a match with these parameters lasts.
    fn rounds(params: &Self::Params) -> usize;
    /// The figures of a state a bot is shown.
    fn snapshot(state: &Self::State) -> Self::Snapshot;
    /// A replay's board and its frames' figures (frame k: the state a bot sees in round k,
    /// counted from 0; the last one: the final state).
    fn replay_snapshots(replay: &[u8]) -> (Self::Board, Vec<Self::Snapshot>);
    /// Panics unless `state` keeps the game's invariants; `prev` is the state of the round
    /// before, when there is one.
    fn check_invariants(state: &Self::State, prev: Option<&Self::Snapshot>);
    /// One round of the game's random player: random orders for its units, with bad and
    /// repeated ones among them.
    fn wander(t: &mut Turn<'_, Self>) -> Result<(), BotFailure>;
    /// Any order, which the Flooder and Thousand repeat.
    fn some_order(state: &Self::State) -> Self::Order;
}

/// Checks and records every state it is shown, then plays like the Wanderer.
pub struct Spy<G: TestGame> {
    seen: Arc<Mutex<Vec<G::Snapshot>>>,
    last_round: Option<u32>,
}

impl<G: TestGame> Bot<G> for Spy<G> {
    fn name(&self) -> &str {
        "Spy"
    }
    fn hash(&self) -> String {
        "test:spy".into()
    }
    fn play(&mut self, t: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        let s = t.state();
        let mut seen = self.seen.lock().unwrap();
        G::check_invariants(s, seen.last());
        let round = G::round(s);
        match self.last_round {
            None => assert_eq!(round, G::FIRST_ROUND, "the first round"),
            Some(r) => assert_eq!(round, r + 1, "the spy is asked every round, in order"),
        }
        self.last_round = Some(round);
        seen.push(G::snapshot(s));
        drop(seen);
        G::wander(t)
    }
}

/// The game's random player.
pub struct Wanderer;

impl<G: TestGame> Bot<G> for Wanderer {
    fn name(&self) -> &str {
        "Wanderer"
    }
    fn hash(&self) -> String {
        "test:wanderer".into()
    }
    fn play(&mut self, t: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        G::wander(t)
    }
}

/// Gives one order more than the cap in its third round, then (were it still asked) wanders.
/// With `returns_error`, it stops at the refused order and reports it, as a native bot does;
/// without, it ignores the refusal and returns normally, as a bot behind the ABI does, and the
/// referee counts its orders.
pub struct Flooder {
    pub returns_error: bool,
    turns: u32,
}

impl Flooder {
    pub fn new(returns_error: bool) -> Self {
        Flooder { returns_error, turns: 0 }
    }
}

impl<G: TestGame> Bot<G> for Flooder {
    fn name(&self) -> &str {
        "Flooder"
    }
    fn hash(&self) -> String {
        "test:flooder".into()
    }
    fn play(&mut self, t: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        self.turns += 1;
        if self.turns == 3 {
            let o = G::some_order(t.state());
            for _ in 0..=MAX_ORDERS_PER_ROUND {
                if let Err(e) = t.order(o) {
                    return match self.returns_error {
                        true => Err(BotFailure { reason: FreezeReason::Orders, message: e.to_string() }),
                        false => Ok(()),
                    };
                }
            }
            panic!("the order over the cap was accepted");
        }
        G::wander(t)
    }
}

/// Gives exactly the cap, every round.
pub struct Thousand;

impl<G: TestGame> Bot<G> for Thousand {
    fn name(&self) -> &str {
        "Thousand"
    }
    fn hash(&self) -> String {
        "test:thousand".into()
    }
    fn play(&mut self, t: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        let o = G::some_order(t.state());
        for _ in 0..MAX_ORDERS_PER_ROUND {
            t.order(o).expect("the cap itself is allowed");
        }
        Ok(())
    }
}

/// A generated board, the kit's defaults with `changes`.
pub fn setup<G: Game>(seed: u64, changes: &[(&str, i64)]) -> MatchSetup {
    let mut params = ParamValues::defaults(G::param_specs());
    for (k, v) in changes {
        params.set(G::param_specs(), k, *v).unwrap();
    }
    MatchSetup { params, board: BoardSource::Generated, seed }
}

/// Plays a recorded match.
pub fn play<G: Game>(setup: &MatchSetup, bots: [Box<dyn Bot<G>>; 4]) -> MatchOutput {
    let mut bots = bots;
    play_match(setup, &mut bots, true).unwrap()
}

/// Four Wanderers.
pub fn wanderers<G: TestGame>() -> [Box<dyn Bot<G>>; 4] {
    [Box::new(Wanderer), Box::new(Wanderer), Box::new(Wanderer), Box::new(Wanderer)]
}

/// Three Wanderers, beside a spy.
pub fn three_wanderers<G: TestGame>() -> [Box<dyn Bot<G>>; 3] {
    [Box::new(Wanderer), Box::new(Wanderer), Box::new(Wanderer)]
}

/// A whole match with a spy in seat 0 and `others` beside it: the game's invariants held on
/// every state the spy was shown, the spy was asked every round (even with no unit left), and
/// the replay gives back exactly those states, then the final scores of the summary. The
/// catalog reads the replay too, with a frame's figures for every frame.
pub fn spied_match<G: TestGame>(setup: &MatchSetup, others: [Box<dyn Bot<G>>; 3]) -> MatchOutput {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let [a, b, c] = others;
    let out = play(setup, [Box::new(Spy::<G> { seen: seen.clone(), last_round: None }), a, b, c]);
    let seen = seen.lock().unwrap().clone();
    let rounds = G::rounds(&G::params(&setup.params).unwrap());
    assert_eq!(out.summary.rounds as usize, rounds);
    assert_eq!(seen.len(), rounds, "the spy saw every round");
    let bytes = out.replay.as_ref().expect("a recorded match");
    let (_, frames) = G::replay_snapshots(bytes);
    assert_eq!(frames.len(), rounds + 1, "a frame per round plus the final state");
    for (k, snap) in seen.iter().enumerate() {
        assert_eq!(&frames[k], snap, "frame {k}: the replay shows what the bots were shown");
    }
    let replay = Replay::parse(bytes).unwrap();
    assert_eq!(replay.summary, out.summary);
    let finals: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
    if let Some(last) = replay.rounds.last() {
        assert_eq!(last.common.scores.to_vec(), finals, "the last frame has the final scores");
    }
    // The catalog's reader (`arena replay --frame`): a frame's figures for every frame.
    let read = catalog::find(G::NAME).unwrap().read_replay(replay.clone()).unwrap();
    assert_eq!(read.frame_count(), rounds + 1);
    for n in [1, rounds / 2 + 1, rounds] {
        let figures = serde_json::to_value(read.frame(n).unwrap()).unwrap();
        assert_eq!(figures["scores"], serde_json::json!(replay.rounds[n - 1].common.scores), "frame {n}");
    }
    let past = read.frame(rounds + 1).map(|_| ()).unwrap_err();
    assert_eq!(past.to_string(), format!("no frame {}: this replay has frames 0..={rounds}", rounds + 1));
    out
}

/// A short match of three Wanderers beside a spy replays as played.
pub fn a_short_spied_match_replays_as_played<G: TestGame>() {
    for seed in [1, 2] {
        spied_match::<G>(&setup::<G>(seed, G::SHORT), three_wanderers());
    }
}

/// The same seed gives the same bytes, another seed another board.
pub fn same_seed_same_bytes_different_seed_different_board<G: TestGame>() {
    let run = |seed| play::<G>(&setup::<G>(seed, G::SHORT), wanderers());
    let (a, b, c) = (run(7), run(7), run(8));
    assert_eq!(a.replay, b.replay, "byte-identical replays");
    let board = |o: &MatchOutput| G::replay_snapshots(o.replay.as_ref().unwrap()).0;
    assert_ne!(board(&a), board(&c), "a different seed draws a different board");
}

/// A bot over the order cap is frozen in that round (both ways of going over: the bot reports
/// the refusal, or returns normally), its orders of that round dropped, while the match goes
/// on to its end; the freeze is in the summary and in the replay's round; a bot at the cap
/// exactly is not frozen.
pub fn a_bot_over_the_order_cap_is_frozen_and_the_match_goes_on<G: TestGame>() {
    let s = setup::<G>(3, G::SHORT);
    let rounds = G::rounds(&G::params(&s.params).unwrap());
    assert!(rounds >= 4, "a short match still has 4 rounds");
    let out = play::<G>(
        &s,
        [Box::new(Flooder::new(false)), Box::new(Thousand), Box::new(Wanderer), Box::new(Flooder::new(true))],
    );
    assert_eq!(out.summary.rounds as usize, rounds, "the match goes on");
    let replay = Replay::parse(out.replay.as_ref().unwrap()).unwrap();
    for seat in [0, 3] {
        let p = &out.summary.players[seat];
        let f = p.frozen.clone().unwrap_or_else(|| panic!("seat {seat} is frozen"));
        assert_eq!((f.round, f.reason), (G::FIRST_ROUND + 2, FreezeReason::Orders), "seat {seat}, in its third round");
        assert!(f.message.contains(&MAX_ORDERS_PER_ROUND.to_string()), "{}", f.message);
        assert_eq!(p.cpu, -1.0);
        // Recorded in the round it happened (the third), with the share -1 from then on.
        assert!(replay.rounds[2].common.frozen.contains(&(seat, f)), "seat {seat}");
        assert!(replay.rounds[2..].iter().all(|r| r.common.cpu[seat] == -1.0));
        assert!(replay.rounds[..2].iter().all(|r| r.common.cpu[seat] >= 0.0));
    }
    assert!(out.summary.players[1..3].iter().all(|p| p.frozen.is_none()), "{MAX_ORDERS_PER_ROUND} orders are fine");
    assert_eq!(replay.rounds.iter().map(|r| r.common.frozen.len()).sum::<usize>(), 2);
}

/// The parameters and their defaults are the kit's, and so is a default match's length.
pub fn defaults_are_the_kits<G: TestGame>() {
    let defaults = ParamValues::defaults(G::param_specs());
    let ours: Vec<(String, i64)> = defaults.iter().map(|(n, v)| (n.to_ascii_lowercase(), v)).collect();
    let kits: Vec<(String, i64)> = G::KIT_DEFAULTS.iter().map(|(n, v)| (n.to_ascii_lowercase(), *v)).collect();
    assert_eq!(ours, kits);
    assert_eq!(G::rounds(&G::params(&defaults).unwrap()), G::KIT_ROUNDS);
}

/// The platform's tests for one game: `conformance!(Purge);` in the game's test file, which
/// declares `mod common;` and implements [`TestGame`] for the game.
#[allow(unused_macros)] // test files that only use the helpers
macro_rules! conformance {
    ($game:ty) => {
        mod conformance {
            use super::*;
            use $crate::common::conformance as c;

            #[test]
            fn a_short_spied_match_replays_as_played() {
                c::a_short_spied_match_replays_as_played::<$game>();
            }

            #[test]
            fn same_seed_same_bytes_different_seed_different_board() {
                c::same_seed_same_bytes_different_seed_different_board::<$game>();
            }

            #[test]
            fn a_bot_over_the_order_cap_is_frozen_and_the_match_goes_on() {
                c::a_bot_over_the_order_cap_is_frozen_and_the_match_goes_on::<$game>();
            }

            #[test]
            fn defaults_are_the_kits() {
                c::defaults_are_the_kits::<$game>();
            }
        }
    };
}
