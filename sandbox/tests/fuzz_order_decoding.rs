//! Fuzzing the decoding of the orders a bot gives: each game's `Game::decode_order` (the records
//! of `docs/bot-abi.md`), the engine's wire adapter that cuts a bot's bytes into records and
//! counts them toward the cap, and the sandbox's `arena.orders` host call that reads them from the
//! bot's memory.
//!
//! Inputs, for each of the five games: arbitrary byte records of any length; records of arbitrary
//! and extreme `i32` fields; arbitrary byte buffers given through the wire adapter in several
//! calls; and, through a real WebAssembly bot, `arena.orders(ptr, count)` calls with pointers and
//! counts anywhere (negative, past the end of memory, wrapping) over records taken from the view.
//!
//! Asserted: nothing panics; a record decodes exactly when its fields are in the ABI's ranges (a
//! non-negative id, a known direction, for The Purge a known kind), to the fields it holds (valid
//! encodings round-trip); short records are malformed; every record given, decoded or not,
//! counts toward the cap of 1000 a round, and more freezes the bot for `orders`; a negative count
//! or a range outside the bot's memory freezes it for a trap; otherwise the host passes exactly
//! the bytes at `ptr` (the view's, where the range lies in it).
//!
//! Cases per property: `ARENA_FUZZ_CASES` (default 100000 for the pure decoding, a fifth of it
//! through the bot). A long run:
//! `ARENA_FUZZ_CASES=100000 cargo test -p sandbox --release --test fuzz_order_decoding`, or
//! `scripts/fuzz.sh`.

use engine::cnf::BoardSource;
use engine::game::Game;
use engine::games::{mad_max, ork_island, pandemic, purge, walking_dead};
use engine::params::ParamValues;
use engine::referee::{Bot, BotFailure, FreezeReason, TooManyOrders, Turn, MAX_ORDERS_PER_ROUND};
use engine::rng::{GameRng, Stream};
use engine::wire::{WireAdapter, WireBot, WireTurn};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use sandbox::{BotModule, Limits, PlayerOptions, Sandbox, WasmBot, WasmFactory};
use std::cell::RefCell;
use std::sync::{Arc, Mutex, OnceLock};

/// Cases per property by default: about ten seconds for this file in the debug test profile on a
/// two-core machine.
const DEFAULT_CASES: u32 = 100000;

fn cases() -> u32 {
    std::env::var("ARENA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_CASES)
}

fn config(divisor: u32) -> ProptestConfig {
    ProptestConfig { cases: (cases() / divisor).max(1), max_shrink_iters: 2000, ..ProptestConfig::default() }
}

const GAMES: [&str; 5] = ["pandemic", "ork-island", "walking-dead", "purge", "mad-max"];

/// A decoded order as its three ABI fields: unit (or citizen) id, kind (The Purge; 0 elsewhere),
/// direction code.
type Fields = (i64, i32, i32);

/// What each game's decoder makes of one record, as fields.
fn decode(game: usize, record: &[u8]) -> Option<Fields> {
    match GAMES[game] {
        "pandemic" => pandemic::Pandemic::decode_order(record).map(|o| (o.unit as i64, 0, i32::from(o.dir.code()))),
        "ork-island" => {
            ork_island::OrkIsland::decode_order(record).map(|o| (o.unit as i64, 0, i32::from(o.dir.code())))
        }
        "walking-dead" => {
            walking_dead::WalkingDead::decode_order(record).map(|o| (o.unit as i64, 0, i32::from(o.dir.code())))
        }
        "purge" => purge::Purge::decode_order(record).map(|o| {
            let kind = match o.kind {
                purge::OrderKind::Move => 0,
                purge::OrderKind::Build => 1,
            };
            (o.citizen as i64, kind, i32::from(o.dir.code()))
        }),
        _ => mad_max::MadMax::decode_order(record).map(|o| (o.unit as i64, 0, i32::from(o.dir.code()))),
    }
}

fn order_size(game: usize) -> usize {
    match GAMES[game] {
        "pandemic" => pandemic::Pandemic::ORDER_SIZE,
        "ork-island" => ork_island::OrkIsland::ORDER_SIZE,
        "walking-dead" => walking_dead::WalkingDead::ORDER_SIZE,
        "purge" => purge::Purge::ORDER_SIZE,
        _ => mad_max::MadMax::ORDER_SIZE,
    }
}

/// The direction codes the ABI defines for each game (`docs/bot-abi.md`).
fn directions(game: usize) -> i32 {
    match GAMES[game] {
        "pandemic" | "ork-island" => 5,
        "walking-dead" => 8,
        "purge" => 4,
        _ => 9,
    }
}

/// A record of i32 fields, as a bot writes it.
fn encode(game: usize, (unit, kind, dir): (i32, i32, i32)) -> Vec<u8> {
    let fields: Vec<i32> = if GAMES[game] == "purge" { vec![unit, kind, dir] } else { vec![unit, dir] };
    fields.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// The ABI's rule for a record's fields.
fn valid(game: usize, (unit, kind, dir): (i32, i32, i32)) -> bool {
    unit >= 0 && (0..directions(game)).contains(&dir) && (GAMES[game] != "purge" || (0..2).contains(&kind))
}

fn field() -> impl Strategy<Value = i32> {
    prop_oneof![
        4 => -2i32..12,
        2 => any::<i32>(),
        1 => prop::sample::select(&[i32::MIN, i32::MIN + 1, -1, 255, 256, 65536, i32::MAX - 1, i32::MAX][..]),
    ]
}

/// A wire bot that gives the same bytes each round, in calls of the given sizes.
struct Giver {
    bytes: Vec<u8>,
    calls: Vec<usize>,
}

impl WireBot for Giver {
    fn name(&self) -> &str {
        "giver"
    }
    fn hash(&self) -> String {
        "test:giver".into()
    }
    fn start(&mut self, _: &[u8]) -> Result<(), BotFailure> {
        Ok(())
    }
    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        let mut rest = &self.bytes[..];
        for &n in &self.calls {
            let (now, later) = rest.split_at(n.min(rest.len()));
            rest = later;
            turn.orders(now).map_err(|e| BotFailure { reason: FreezeReason::Orders, message: e.to_string() })?;
        }
        Ok(())
    }
    fn cpu_share(&self) -> f64 {
        0.0
    }
}

/// The default state of game `G` at round 0 (its generated board).
fn initial_state<G: Game>() -> G::State {
    let p = G::params(&ParamValues::defaults(G::param_specs())).unwrap();
    G::setup(&p, &BoardSource::Generated, &mut GameRng::new(3, Stream::Board)).unwrap()
}

/// Plays one round of `bot` as player 0 through the engine's wire adapter; the outcome and the
/// orders given (decoded or not).
fn one_round<G: Game>(state: &G::State, bot: &mut WireAdapter<G>) -> (Result<(), BotFailure>, usize) {
    let view = OnceLock::new();
    let mut rng = GameRng::new(5, Stream::Bot(0));
    let mut turn = Turn::<G>::new(0, state, &view, [0.0; 4], &mut rng);
    let r = bot.play(&mut turn);
    (r, turn.orders_given())
}

fn through_the_adapter<G: Game>(bytes: Vec<u8>, calls: Vec<usize>) -> (Result<(), BotFailure>, usize) {
    static STATES: OnceLock<Mutex<Vec<Box<dyn std::any::Any + Send>>>> = OnceLock::new();
    let states = STATES.get_or_init(Default::default);
    let mut states = states.lock().unwrap();
    let state = match states.iter().find_map(|s| s.downcast_ref::<G::State>()) {
        Some(s) => s.clone(),
        None => {
            let s = initial_state::<G>();
            states.push(Box::new(s.clone()));
            s
        }
    };
    drop(states);
    let mut bot = WireAdapter::<G>::new(Box::new(Giver { bytes, calls }));
    one_round::<G>(&state, &mut bot)
}

// ---- through the sandbox ----

/// A bot whose view is its script: a count n (i32), then n pairs (offset, count) (i32 each):
/// for each, `arena.orders(view + offset, count)`. Its memory is 4 pages, its view buffer at
/// 65536: a range is inside memory when it ends by 262144.
const ORDERS_BOT: &str = r#"(module
  (import "arena" "orders" (func $orders (param i32 i32)))
  (memory (export "memory") 4)
  (func (export "arena_abi_v1"))
  (func (export "arena_game_pandemic"))
  (func (export "arena_game_ork_island"))
  (func (export "arena_game_walking_dead"))
  (func (export "arena_game_purge"))
  (func (export "arena_game_mad_max"))
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 65536))
  (func (export "arena_start") (param i32 i32))
  (func (export "arena_play") (param $ptr i32) (param $len i32)
    (local $n i32) (local $i i32) (local $p i32)
    (local.set $n (i32.load (local.get $ptr)))
    (local.set $p (i32.add (local.get $ptr) (i32.const 4)))
    (block $done (loop $next
      (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
      (call $orders (i32.add (local.get $ptr) (i32.load (local.get $p))) (i32.load offset=4 (local.get $p)))
      (local.set $p (i32.add (local.get $p) (i32.const 8)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $next))))
)"#;
const VIEW_AT: i64 = 65536;
const MEMORY: i64 = 4 * 65536;

fn orders_bot() -> &'static BotModule {
    static M: OnceLock<(Sandbox, BotModule)> = OnceLock::new();
    &M.get_or_init(|| {
        let sandbox = Sandbox::new(Limits { max_instances: 8, ..Limits::default() }).expect("sandbox");
        let m = sandbox.load(&wat::parse_str(ORDERS_BOT).unwrap(), None).expect("the orders bot loads");
        (sandbox, m)
    })
    .1
}

/// What the bot's round sees and gives, shared with the test.
#[derive(Default)]
struct Exchange {
    view: Vec<u8>,
    given: Vec<Vec<u8>>,
}

/// Shows the bot the test's view instead of the game's, and records what it gives; the orders go
/// on to the engine's adapter.
struct Injector {
    bot: WasmBot,
    exchange: Arc<Mutex<Exchange>>,
}

struct InjectedTurn<'a> {
    inner: &'a mut dyn WireTurn,
    view: Vec<u8>,
    exchange: &'a Mutex<Exchange>,
}

impl WireTurn for InjectedTurn<'_> {
    fn view(&self) -> &[u8] {
        &self.view
    }
    fn round(&self) -> u32 {
        self.inner.round()
    }
    fn random(&mut self, l: i32, u: i32) -> i32 {
        self.inner.random(l, u)
    }
    fn order_size(&self) -> usize {
        self.inner.order_size()
    }
    fn orders(&mut self, records: &[u8]) -> Result<(), TooManyOrders> {
        self.exchange.lock().unwrap().given.push(records.to_vec());
        self.inner.orders(records)
    }
}

impl WireBot for Injector {
    fn name(&self) -> &str {
        self.bot.name()
    }
    fn hash(&self) -> String {
        self.bot.hash()
    }
    fn start(&mut self, setup: &[u8]) -> Result<(), BotFailure> {
        self.bot.start(setup)
    }
    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        let view = self.exchange.lock().unwrap().view.clone();
        let mut t = InjectedTurn { inner: turn, view, exchange: &self.exchange };
        self.bot.play(&mut t)
    }
    fn cpu_share(&self) -> f64 {
        self.bot.cpu_share()
    }
}

/// One game's side of the bot: its state, and the bot until it freezes (then a new one).
trait Seat {
    fn round(&mut self, view: Vec<u8>) -> (Result<(), BotFailure>, usize, Vec<Vec<u8>>);
}

struct GameSeat<G: Game> {
    state: G::State,
    factory: WasmFactory,
    bot: Option<WireAdapter<G>>,
    exchange: Arc<Mutex<Exchange>>,
}

impl<G: Game> GameSeat<G> {
    fn new() -> Self {
        let (factory, _) = orders_bot().factory("orders", PlayerOptions::default());
        GameSeat { state: initial_state::<G>(), factory, bot: None, exchange: Default::default() }
    }
}

impl<G: Game> Seat for GameSeat<G> {
    fn round(&mut self, view: Vec<u8>) -> (Result<(), BotFailure>, usize, Vec<Vec<u8>>) {
        let bot = self.bot.get_or_insert_with(|| {
            let injector = Injector { bot: self.factory.bot(G::NAME), exchange: self.exchange.clone() };
            WireAdapter::<G>::new(Box::new(injector))
        });
        *self.exchange.lock().unwrap() = Exchange { view, given: Vec::new() };
        let (r, given) = one_round::<G>(&self.state, bot);
        if r.is_err() {
            // Frozen for good: the next case gets a fresh instance.
            self.bot = None;
        }
        (r, given, std::mem::take(&mut self.exchange.lock().unwrap().given))
    }
}

fn seats() -> Vec<Box<dyn Seat>> {
    vec![
        Box::new(GameSeat::<pandemic::Pandemic>::new()),
        Box::new(GameSeat::<ork_island::OrkIsland>::new()),
        Box::new(GameSeat::<walking_dead::WalkingDead>::new()),
        Box::new(GameSeat::<purge::Purge>::new()),
        Box::new(GameSeat::<mad_max::MadMax>::new()),
    ]
}

/// One `arena.orders` call: an offset from the view's start, and a count.
fn call() -> impl Strategy<Value = (i32, i32)> {
    let offset = prop_oneof![
        6 => 0i32..600,
        1 => -64i32..0,
        1 => (MEMORY - VIEW_AT - 64) as i32..(MEMORY - VIEW_AT + 64) as i32,
        1 => any::<i32>(),
        1 => prop::sample::select(&[i32::MIN, -(VIEW_AT as i32), -(VIEW_AT as i32) - 1, i32::MAX][..]),
    ];
    let count = prop_oneof![
        6 => 0i32..40,
        2 => 990i32..1010,
        1 => -3i32..0,
        1 => any::<i32>(),
        1 => prop::sample::select(&[i32::MIN, i32::MAX, 16384, 16383, 21845, 1 << 28][..]),
    ];
    (offset, count)
}

// ---- properties ----

proptest! {
    #![proptest_config(config(1))]

    /// Arbitrary bytes of any length: short records are malformed; a full one decodes exactly
    /// when its fields are in range, to those fields.
    #[test]
    fn arbitrary_records(game in 0..GAMES.len(), bytes in prop::collection::vec(any::<u8>(), 0..32)) {
        let size = order_size(game);
        let got = decode(game, &bytes);
        if bytes.len() < size {
            prop_assert_eq!(got, None);
        } else {
            let f = |k: usize| i32::from_le_bytes(bytes[4 * k..4 * k + 4].try_into().unwrap());
            let fields = if GAMES[game] == "purge" { (f(0), f(1), f(2)) } else { (f(0), 0, f(1)) };
            let expected = valid(game, fields).then_some((i64::from(fields.0), fields.1, fields.2));
            prop_assert_eq!(got, expected);
        }
    }

    /// Records of arbitrary and extreme fields: decoded exactly when valid; valid ones round-trip.
    #[test]
    fn fields_round_trip(game in 0..GAMES.len(), unit in field(), kind in field(), dir in field()) {
        let kind = if GAMES[game] == "purge" { kind } else { 0 };
        let got = decode(game, &encode(game, (unit, kind, dir)));
        let expected = valid(game, (unit, kind, dir)).then_some((i64::from(unit), kind, dir));
        prop_assert_eq!(got, expected);
    }

    /// Any bytes given in any calls through the engine's wire adapter: every record (a short last
    /// one included) counts toward the cap; past 1000 the bot is frozen for `orders`.
    #[test]
    fn the_adapter_counts_every_record(
        game in 0..GAMES.len(),
        bytes in prop_oneof![
            4 => prop::collection::vec(any::<u8>(), 0..256),
            1 => prop::collection::vec(any::<u8>(), 7900..8200),
            1 => prop::collection::vec(any::<u8>(), 11_900..12_100),
        ],
        calls in prop::collection::vec(prop_oneof![0usize..64, 0usize..13_000], 0..6),
    ) {
        let size = order_size(game);
        let mut expected = 0;
        let mut rest = bytes.len();
        for &n in &calls {
            let n = n.min(rest);
            rest -= n;
            expected += n.div_ceil(size);
        }
        let (r, given) = match GAMES[game] {
            "pandemic" => through_the_adapter::<pandemic::Pandemic>(bytes, calls),
            "ork-island" => through_the_adapter::<ork_island::OrkIsland>(bytes, calls),
            "walking-dead" => through_the_adapter::<walking_dead::WalkingDead>(bytes, calls),
            "purge" => through_the_adapter::<purge::Purge>(bytes, calls),
            _ => through_the_adapter::<mad_max::MadMax>(bytes, calls),
        };
        if expected > MAX_ORDERS_PER_ROUND {
            prop_assert_eq!(r.map_err(|f| f.reason), Err(FreezeReason::Orders));
            prop_assert_eq!(given, MAX_ORDERS_PER_ROUND + 1);
        } else {
            prop_assert_eq!(r, Ok(()));
            prop_assert_eq!(given, expected);
        }
    }
}

/// `arena.orders` calls with any pointer and count, from a real WebAssembly bot, in every game.
#[test]
fn orders_through_the_host_call() {
    let seats = RefCell::new(seats());
    // Outcomes seen: played, trapped, frozen for orders; and orders given in rounds played.
    let seen = RefCell::new([0usize; 4]);
    let strategy = (
        0..GAMES.len(),
        prop::collection::vec(call(), 0..5),
        prop_oneof![
            3 => prop::collection::vec(any::<u8>(), 0..600),
            1 => (0..GAMES.len(), prop::collection::vec((field(), field(), field()), 0..50)).prop_map(|(g, fs)| {
                fs.into_iter().flat_map(|(u, k, d)| encode(g, (u.rem_euclid(100), k.rem_euclid(2), d.rem_euclid(9)))).collect()
            }),
        ],
    );
    let mut runner = TestRunner::new(ProptestConfig { failure_persistence: None, ..config(5) });
    let result = runner.run(&strategy, |(game, calls, payload)| {
        let size = order_size(game) as i64;
        let mut view = (calls.len() as i32).to_le_bytes().to_vec();
        for (offset, count) in &calls {
            view.extend_from_slice(&offset.to_le_bytes());
            view.extend_from_slice(&count.to_le_bytes());
        }
        view.extend_from_slice(&payload);
        let (r, given, passed) = seats.borrow_mut()[game].round(view.clone());

        // Replay the calls against the ABI's rules.
        let mut expected_given = 0i64;
        let mut outcome: Result<(), FreezeReason> = Ok(());
        let mut k = 0;
        for &(offset, count) in &calls {
            if count < 0 {
                outcome = Err(FreezeReason::Trap);
                break;
            }
            let start = i64::from((VIEW_AT as i32).wrapping_add(offset) as u32);
            let len = i64::from(count) * size;
            if start + len > MEMORY {
                outcome = Err(FreezeReason::Trap);
                break;
            }
            // The host passed exactly the bytes at the pointer: the view's where it lies there.
            let bytes = &passed[k];
            k += 1;
            prop_assert_eq!(bytes.len() as i64, len);
            let from = start - VIEW_AT;
            if from >= 0 && from + len <= view.len() as i64 {
                prop_assert_eq!(&bytes[..], &view[from as usize..(from + len) as usize]);
            }
            for record in bytes.chunks(size as usize) {
                if let Some((unit, _, dir)) = decode(game, record) {
                    prop_assert!(unit >= 0 && (0..directions(game)).contains(&dir));
                }
            }
            expected_given += i64::from(count);
            if expected_given > MAX_ORDERS_PER_ROUND as i64 {
                outcome = Err(FreezeReason::Orders);
                break;
            }
        }
        prop_assert_eq!(passed.len(), k, "the host passed only the calls it accepted");
        let mut seen = seen.borrow_mut();
        match &r {
            Ok(()) => {
                seen[0] += 1;
                seen[3] += given;
            }
            Err(f) if f.reason == FreezeReason::Orders => seen[2] += 1,
            Err(_) => seen[1] += 1,
        }
        match (&r, outcome) {
            (Ok(()), Ok(())) => prop_assert_eq!(given as i64, expected_given),
            (Err(f), Err(reason)) => {
                prop_assert_eq!(f.reason, reason, "{}", f.message);
                match reason {
                    FreezeReason::Orders => {
                        prop_assert_eq!(given, MAX_ORDERS_PER_ROUND + 1);
                        prop_assert!(f.message.contains("more than 1000 orders"), "{}", f.message);
                    }
                    _ => prop_assert!(
                        f.message.contains("negative count") || f.message.contains("bad pointer"),
                        "{}",
                        f.message
                    ),
                }
            }
            _ => prop_assert!(false, "got {:?}, the ABI says {:?}", r, outcome),
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The strategy reaches every outcome (a guard against one that stops exercising the host).
    let [played, trapped, capped, orders] = *seen.borrow();
    println!("{played} rounds played ({orders} orders), {trapped} traps, {capped} freezes for orders");
    if cases() >= 1000 {
        assert!(played > 0 && trapped > 0 && capped > 0 && orders > 0, "{:?}", seen.borrow());
    }
}
