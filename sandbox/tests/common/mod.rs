//! Shared helpers: one sandbox, WAT bots, and a small Pandemic match.
#![allow(dead_code)]

use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{FreezeReason, Frozen, MatchSetup, MatchSummary};
use engine::replay::Replay;
use engine::wire::SharedFactory;
use sandbox::{BotLog, BotModule, Limits, PlayerOptions, Sandbox};
use std::sync::OnceLock;

/// The sandbox most tests share (default limits).
pub fn sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| Sandbox::new(Limits::default()).expect("sandbox"))
}

/// Small fuel budget for the tests that exhaust it (1e8: a third of a hundredth of a second).
pub const SMALL_FUEL: u64 = 100_000_000;
pub const ROUNDS: u32 = 30;

/// A bot in WAT: the ABI exports, imports of everything it may use, `me` and `cells` read from
/// the setup view, a `$say(ptr, len)` helper writing to stderr, and the given bodies.
/// Memory: 0..16 iovec, 16..1024 scratch, 1024..65536 order records, 65536.. the view buffer.
#[derive(Default)]
pub struct Wat<'a> {
    pub start: &'a str,
    pub play: &'a str,
    pub extra: &'a str,
    pub play_locals: &'a str,
    /// More imports (they must precede the definitions).
    pub imports: &'a str,
}

impl Wat<'_> {
    pub fn text(&self) -> String {
        format!(
            r#"(module
  (import "arena" "random" (func $random (param i32 i32) (result i32)))
  (import "arena" "orders" (func $orders (param i32 i32)))
  (import "wasi_snapshot_preview1" "fd_write" (func $fd_write (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "proc_exit" (func $proc_exit (param i32)))
  {imports}
  (memory (export "memory") 2)
  (global $me (mut i32) (i32.const 0))
  (global $cells (mut i32) (i32.const 0))
  (global $round (mut i32) (i32.const 0))
  (func (export "arena_abi_v1"))
  (func (export "arena_game_pandemic"))
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $pages i32)
    (local.set $pages (i32.add (i32.const 1)
      (i32.shr_u (i32.add (local.get $len) (i32.const 65535)) (i32.const 16))))
    (if (i32.gt_u (local.get $pages) (memory.size))
      (then (drop (memory.grow (i32.sub (local.get $pages) (memory.size))))))
    (i32.const 65536))
  (func (export "arena_start") (param $ptr i32) (param $len i32)
    (local $g i32)
    (local.set $g (i32.add (local.get $ptr) (i32.load offset=4 (local.get $ptr))))
    (global.set $me (i32.load offset=8 (local.get $g)))
    (global.set $cells (i32.mul (i32.load offset=16 (local.get $g)) (i32.load offset=20 (local.get $g))))
    {start})
  (func (export "arena_play") (param $ptr i32) (param $len i32)
    {locals}
    {play}
    (global.set $round (i32.add (global.get $round) (i32.const 1))))
  (func $say (param $p i32) (param $n i32)
    (i32.store (i32.const 0) (local.get $p))
    (i32.store (i32.const 4) (local.get $n))
    (drop (call $fd_write (i32.const 2) (i32.const 0) (i32.const 1) (i32.const 8))))
  {extra})
"#,
            start = self.start,
            play = self.play,
            extra = self.extra,
            locals = self.play_locals,
            imports = self.imports,
        )
    }

    pub fn bytes(&self) -> Vec<u8> {
        wat::parse_str(self.text()).expect("valid WAT")
    }

    pub fn load(&self) -> BotModule {
        sandbox().load(&self.bytes(), Some("pandemic")).expect("loads")
    }
}

/// The null bot: valid, gives no orders.
pub fn null_bot() -> BotModule {
    sandbox().load(&wat::parse_str(sandbox::bench::NULL_BOT_WAT).unwrap(), Some("pandemic")).unwrap()
}

/// Gives each of its units a random direction (parses the round view).
pub const ORDERS_PLAY: &str = r#"
    (local.set $off (i32.add (local.get $ptr) (i32.const 68)))
    (local.set $off (i32.add (i32.add (local.get $off) (i32.const 4)) (i32.shl (i32.load (local.get $off)) (i32.const 2))))
    (local.set $off (i32.add (i32.add (local.get $off) (i32.const 4)) (i32.shl (i32.load (local.get $off)) (i32.const 2))))
    (local.set $off (i32.add (local.get $off) (i32.shl (global.get $cells) (i32.const 1))))
    (local.set $n (i32.load (local.get $off)))
    (local.set $off (i32.add (local.get $off) (i32.const 4)))
    (block $done (loop $l
      (br_if $done (i32.ge_s (local.get $u) (local.get $n)))
      (if (i32.eq (i32.load (i32.add (local.get $off) (i32.mul (local.get $u) (i32.const 28)))) (global.get $me))
        (then
          (i32.store (i32.add (i32.const 1024) (i32.shl (local.get $k) (i32.const 3))) (local.get $u))
          (i32.store offset=4 (i32.add (i32.const 1024) (i32.shl (local.get $k) (i32.const 3)))
            (call $random (i32.const 0) (i32.const 3)))
          (local.set $k (i32.add (local.get $k) (i32.const 1)))))
      (local.set $u (i32.add (local.get $u) (i32.const 1)))
      (br $l)))
    (call $orders (i32.const 1024) (local.get $k))"#;
pub const ORDERS_LOCALS: &str = "(local $off i32) (local $n i32) (local $u i32) (local $k i32)";

pub fn orders_bot() -> BotModule {
    Wat { play: ORDERS_PLAY, play_locals: ORDERS_LOCALS, ..Default::default() }.load()
}

/// A played match: its summary and parsed replay.
pub struct Played {
    pub summary: MatchSummary,
    pub replay: Replay,
}

/// Plays a 20x20 Pandemic match of `rounds` rounds with 4 units per player.
pub fn play(players: Vec<PlayerSpec>, rounds: u32, seed: u64) -> Played {
    let game = catalog::find("pandemic").unwrap();
    let mut params = ParamValues::defaults(game.param_specs());
    for (k, v) in [("rows", 20), ("cols", 20), ("nb_rounds", rounds as i64), ("nb_units", 4)] {
        params.set(game.param_specs(), k, v).unwrap();
    }
    let setup = MatchSetup { params, board: BoardSource::Generated, seed };
    let out = game.play(&setup, &players, true).expect("match plays");
    let replay = Replay::parse(&out.replay.expect("recorded")).expect("replay parses");
    assert_eq!(replay.summary, out.summary);
    Played { summary: out.summary, replay }
}

/// The hostile player at `seat`, the others: Demo, Null and the WAT null bot.
pub fn with_others(seat: usize, hostile: SharedFactory) -> Vec<PlayerSpec> {
    let (null_wasm, _) = null_bot().player("NullWasm");
    let mut others =
        vec![PlayerSpec::House("Demo".into()), PlayerSpec::House("Null".into()), PlayerSpec::Wire(null_wasm)]
            .into_iter();
    (0..4).map(|p| if p == seat { PlayerSpec::Wire(hostile.clone()) } else { others.next().unwrap() }).collect()
}

/// Plays `module` at `seat` with `options` against the others; returns the match and its log.
pub fn hostile(module: &BotModule, seat: usize, options: PlayerOptions) -> (Played, BotLog) {
    let (factory, log) = module.player_with("Hostile", options);
    (play(with_others(seat, factory), ROUNDS, 7 + seat as u64), log)
}

/// Checks that `seat` (only) was frozen for `reason`, that every round was played and that the
/// replay shows status -1 from the freeze on. Returns the freeze.
pub fn assert_frozen(played: &Played, seat: usize, reason: FreezeReason) -> Frozen {
    let s = &played.summary;
    assert_eq!(s.rounds, ROUNDS, "all rounds played");
    assert_eq!(played.replay.rounds.len(), ROUNDS as usize);
    let f = s.players[seat].frozen.clone().unwrap_or_else(|| panic!("player {seat} not frozen: {s:?}"));
    assert_eq!(f.reason, reason, "{f:?}");
    assert_eq!(s.players[seat].cpu, -1.0);
    for (r, round) in played.replay.rounds.iter().enumerate() {
        let cpu = round.common.cpu[seat];
        if r as u32 >= f.round {
            assert_eq!(cpu, -1.0, "round {r}");
        } else {
            assert!((0.0..=1.0).contains(&cpu), "round {r}: {cpu}");
        }
    }
    for (p, r) in s.players.iter().enumerate() {
        if p != seat {
            assert!(r.frozen.is_none(), "player {p} frozen: {:?}", r.frozen);
        }
    }
    f
}

/// Loads a module from its bytes, for Pandemic.
pub fn load_bytes(bytes: &[u8]) -> BotModule {
    sandbox().load(bytes, Some("pandemic")).expect("loads")
}

/// Drops the `name` custom section (function names), as stripping toolchains do.
pub fn strip_names(bytes: &mut Vec<u8>) {
    fn leb(b: &[u8], at: &mut usize) -> usize {
        let (mut v, mut shift) = (0usize, 0);
        loop {
            let byte = b[*at];
            *at += 1;
            v |= ((byte & 0x7f) as usize) << shift;
            if byte & 0x80 == 0 {
                return v;
            }
            shift += 7;
        }
    }
    let mut out = bytes[..8].to_vec();
    let mut at = 8;
    while at < bytes.len() {
        let start = at;
        let id = bytes[at];
        at += 1;
        let size = leb(bytes, &mut at);
        let body = at;
        at += size;
        let is_names = id == 0 && {
            let mut p = body;
            let n = leb(bytes, &mut p);
            &bytes[p..p + n] == b"name"
        };
        if !is_names {
            out.extend_from_slice(&bytes[start..at]);
        }
    }
    *bytes = out;
}
