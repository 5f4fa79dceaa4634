//! The byte-level bot interface: what a sandboxed bot receives and how its orders are read,
//! checked with a scripted wire bot (no wasm needed).

use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::game::Game;
use engine::games::pandemic::{self, Pandemic};
use engine::params::ParamValues;
use engine::referee::{BotFailure, FreezeReason, MatchSetup, MatchSummary};
use engine::rng::{GameRng, Stream};
use engine::wire::{SharedFactory, WireBot, WireBotFactory, WireTurn, ABI_VERSION};
use std::sync::{Arc, Mutex};

/// What the scripted bot saw.
#[derive(Default)]
struct Seen {
    setup: Vec<u8>,
    rounds: Vec<Vec<u8>>,
    draws: Vec<i32>,
}

/// Per round: the records to send, as (unit, dir) pairs, or raw bytes.
struct Script {
    seen: Arc<Mutex<Seen>>,
    orders: fn(round: usize, me_units: &[usize]) -> Vec<u8>,
    draws_per_round: usize,
}

struct ScriptBot {
    seen: Arc<Mutex<Seen>>,
    orders: fn(usize, &[usize]) -> Vec<u8>,
    draws: usize,
    me: usize,
}

impl WireBot for ScriptBot {
    fn name(&self) -> &str {
        "Script"
    }
    fn hash(&self) -> String {
        "test:script".into()
    }
    fn start(&mut self, setup: &[u8]) -> Result<(), BotFailure> {
        let name_len = u32::from_le_bytes(setup[4..8].try_into().unwrap()) as usize;
        self.me = u32::from_le_bytes(setup[8 + name_len..12 + name_len].try_into().unwrap()) as usize;
        self.seen.lock().unwrap().setup = setup.to_vec();
        Ok(())
    }
    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        let view = turn.view().to_vec();
        let round = self.seen.lock().unwrap().rounds.len();
        for _ in 0..self.draws {
            let d = turn.random(-3, 9);
            self.seen.lock().unwrap().draws.push(d);
        }
        // The unit list ends the view: a count, then 28 bytes per unit (units never die in Pandemic).
        let n = 4 * NB_UNITS;
        let base = view.len() - 28 * n;
        assert_eq!(i32::from_le_bytes(view[base - 4..base].try_into().unwrap()) as usize, n);
        let mine: Vec<usize> = (0..n)
            .filter(|&u| i32::from_le_bytes(view[base + 28 * u..][..4].try_into().unwrap()) as usize == self.me)
            .collect();
        self.seen.lock().unwrap().rounds.push(view);
        let records = (self.orders)(round, &mine);
        turn.orders(&records).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })
    }
    fn cpu_share(&self) -> f64 {
        0.0
    }
}

/// Units per player in these tests.
const NB_UNITS: usize = 4;

impl WireBotFactory for Script {
    fn name(&self) -> &str {
        "Script"
    }
    fn create(&self, game: &'static str) -> Box<dyn WireBot> {
        assert_eq!(game, "pandemic");
        Box::new(ScriptBot { seen: self.seen.clone(), orders: self.orders, draws: self.draws_per_round, me: 9 })
    }
}

fn record(unit: i32, dir: i32) -> Vec<u8> {
    [unit.to_le_bytes(), dir.to_le_bytes()].concat()
}

fn play(seat: usize, script: Script, seed: u64) -> (MatchSummary, Arc<Mutex<Seen>>) {
    let seen = script.seen.clone();
    let game = catalog::find("pandemic").unwrap();
    let mut params = ParamValues::defaults(game.param_specs());
    for (k, v) in [("rows", 30), ("cols", 30), ("nb_rounds", 12), ("nb_units", NB_UNITS as i64)] {
        params.set(game.param_specs(), k, v).unwrap();
    }
    let mut players: Vec<PlayerSpec> =
        ["Demo", "Null", "Demo", "Null"].iter().map(|n| PlayerSpec::House(n.to_string())).collect();
    players[seat] = PlayerSpec::Wire(SharedFactory(Arc::new(script)));
    let setup = MatchSetup { params, board: BoardSource::Generated, seed };
    (game.play(&setup, &players, false).unwrap().summary, seen)
}

fn quiet(_: usize, _: &[usize]) -> Vec<u8> {
    Vec::new()
}

#[test]
fn setup_view_has_the_common_header_and_the_board() {
    let (_, seen) = play(2, Script { seen: Default::default(), orders: quiet, draws_per_round: 0 }, 3);
    let seen = seen.lock().unwrap();
    let s = &seen.setup;
    assert_eq!(u32::from_le_bytes(s[0..4].try_into().unwrap()), ABI_VERSION);
    assert_eq!(&s[8..16], b"pandemic");
    assert_eq!(u32::from_le_bytes(s[16..20].try_into().unwrap()), 2, "me");
    assert_eq!(u32::from_le_bytes(s[20..24].try_into().unwrap()), 4, "nb_players");
    let rows = i32::from_le_bytes(s[24..28].try_into().unwrap());
    assert_eq!(rows, 30);
    // Every round was seen, with its round number first.
    assert_eq!(seen.rounds.len(), 12);
    for (r, v) in seen.rounds.iter().enumerate() {
        assert_eq!(i32::from_le_bytes(v[0..4].try_into().unwrap()), r as i32);
    }
}

#[test]
fn the_round_view_is_the_games_encoding_of_the_state() {
    let (_, seen) = play(0, Script { seen: Default::default(), orders: quiet, draws_per_round: 0 }, 4);
    let seen = seen.lock().unwrap();
    // Rebuild the first round's state the way the referee does and encode it.
    let game = catalog::find("pandemic").unwrap();
    let mut values = ParamValues::defaults(game.param_specs());
    for (k, v) in [("rows", 30), ("cols", 30), ("nb_rounds", 12), ("nb_units", NB_UNITS as i64)] {
        values.set(game.param_specs(), k, v).unwrap();
    }
    let params = Pandemic::params(&values).unwrap();
    let state = Pandemic::setup(&params, &BoardSource::Generated, &mut GameRng::new(4, Stream::Board)).unwrap();
    let mut expected = Vec::new();
    Pandemic::encode_round_view(&state, &[0.0; 4], &mut expected);
    assert_eq!(seen.rounds[0], expected);
    assert_eq!(seen.setup, engine::wire::setup_view::<Pandemic>(&state, 0));
}

#[test]
fn random_draws_come_from_the_bots_own_stream() {
    let (_, seen) = play(3, Script { seen: Default::default(), orders: quiet, draws_per_round: 5 }, 11);
    let mut rng = GameRng::new(11, Stream::Bot(3));
    let expected: Vec<i32> = (0..60).map(|_| rng.range(-3, 9)).collect();
    assert_eq!(seen.lock().unwrap().draws, expected);
}

fn thousand_and_one(round: usize, mine: &[usize]) -> Vec<u8> {
    let n = if round == 5 { 1001 } else { 1000 };
    (0..n).flat_map(|k| record(mine[k % mine.len()] as i32, 4)).collect()
}

#[test]
fn more_than_1000_records_in_a_round_freeze_the_bot() {
    let (s, _) = play(1, Script { seen: Default::default(), orders: thousand_and_one, draws_per_round: 0 }, 5);
    let f = s.players[1].frozen.as_ref().expect("frozen");
    assert_eq!((f.round, f.reason), (5, FreezeReason::Orders));
    assert_eq!(s.rounds, 12);
    assert!(s.players.iter().enumerate().all(|(p, r)| p == 1 || r.frozen.is_none()));
}

fn malformed(round: usize, mine: &[usize]) -> Vec<u8> {
    // Bad directions and negative ids are ignored but count: 1001 of them abort the bot.
    let n = if round == 2 { 1001 } else { 10 };
    let mut v: Vec<u8> = (0..n).flat_map(|k| record(if k % 2 == 0 { -1 } else { mine[0] as i32 }, 7)).collect();
    v.extend(record(mine[0] as i32, 0));
    v
}

#[test]
fn malformed_records_are_ignored_but_counted() {
    let (s, seen) = play(1, Script { seen: Default::default(), orders: malformed, draws_per_round: 0 }, 6);
    let f = s.players[1].frozen.as_ref().expect("frozen");
    assert_eq!((f.round, f.reason), (2, FreezeReason::Orders));
    // Rounds 0 and 1: the valid order after ten malformed ones moved the unit (or it was blocked),
    // and the bot was not frozen for the malformed ones.
    assert_eq!(seen.lock().unwrap().rounds.len(), 3);
}

#[test]
fn order_records_decode_to_pandemic_orders() {
    use engine::grid::Dir;
    let d = |u: i32, dir: i32| Pandemic::decode_order(&record(u, dir));
    assert_eq!(d(7, 0), Some(pandemic::Order { unit: 7, dir: Dir::Bottom }));
    assert_eq!(d(7, 3), Some(pandemic::Order { unit: 7, dir: Dir::Left }));
    assert_eq!(d(0, 4), Some(pandemic::Order { unit: 0, dir: Dir::None }));
    assert_eq!(d(7, 5), None);
    assert_eq!(d(-1, 0), None);
    assert_eq!(Pandemic::decode_order(&[1, 2, 3]), None);
}
