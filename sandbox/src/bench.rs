//! Host overhead figures for `arena bench`: instantiating a cached module, and handing a
//! realistic round view to a bot whose `arena_play` does nothing.

use crate::{PlayerOptions, Sandbox};
use engine::cnf::BoardSource;
use engine::game::{Game, NB_PLAYERS};
use engine::games::pandemic::Pandemic;
use engine::params::ParamValues;
use engine::referee::TooManyOrders;
use engine::rng::{GameRng, Stream};
use engine::wire::{self, WireBot, WireTurn};
use std::time::{Duration, Instant};

/// A valid bot that gives no orders: the ABI exports, a view buffer after the first 64 KiB page.
pub const NULL_BOT_WAT: &str = r#"(module
  (memory (export "memory") 1)
  (func (export "arena_abi_v1"))
  (func (export "arena_game_pandemic"))
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $pages i32)
    (local.set $pages (i32.add (i32.const 1)
      (i32.shr_u (i32.add (local.get $len) (i32.const 65535)) (i32.const 16))))
    (if (i32.gt_u (local.get $pages) (memory.size))
      (then (drop (memory.grow (i32.sub (local.get $pages) (memory.size))))))
    (i32.const 65536))
  (func (export "arena_start") (param i32 i32))
  (func (export "arena_play") (param i32 i32)))
"#;

/// Measured figures (means).
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Whether the pooling allocator is in use.
    pub pooling: bool,
    /// One bot from a cached module: store, instance, `arena_alloc`, setup view, `arena_start`.
    pub instantiate: Duration,
    /// One bot, one round: the round view copied in and an empty `arena_play` called.
    pub round: Duration,
    /// Size of the round view used (default Pandemic board).
    pub view_bytes: usize,
    pub setup_bytes: usize,
    pub instances: u32,
    pub rounds: u32,
}

struct BenchTurn<'v> {
    view: &'v [u8],
}

impl WireTurn for BenchTurn<'_> {
    fn view(&self) -> &[u8] {
        self.view
    }
    fn round(&self) -> u32 {
        0
    }
    fn random(&mut self, l: i32, _u: i32) -> i32 {
        l
    }
    fn order_size(&self) -> usize {
        Pandemic::ORDER_SIZE
    }
    fn orders(&mut self, _records: &[u8]) -> Result<(), TooManyOrders> {
        Ok(())
    }
}

/// Runs both measurements: `instances` instantiations, then `rounds` rounds of one bot.
pub fn run(sandbox: &Sandbox, instances: u32, rounds: u32) -> Result<Figures, String> {
    let bytes = wat::parse_str(NULL_BOT_WAT).map_err(|e| e.to_string())?;
    let module = sandbox.load(&bytes, Some(Pandemic::NAME)).map_err(|e| e.to_string())?;
    let values = ParamValues::defaults(Pandemic::param_specs());
    let params = Pandemic::params(&values).map_err(|e| e.to_string())?;
    let state = Pandemic::setup(&params, &BoardSource::Generated, &mut GameRng::new(1, Stream::Board))
        .map_err(|e| e.to_string())?;
    let setup = wire::setup_view::<Pandemic>(&state, 0);
    let mut view = Vec::new();
    Pandemic::encode_round_view(&state, &[0.0; NB_PLAYERS], &mut view);
    // Budgets out of the way: this measures the host, not the limits.
    let options = PlayerOptions::default().fuel(u64::MAX / 2).wall_clock(Duration::from_secs(3600));
    let (factory, _log) = module.factory("Bench", options);

    let mut spent = Duration::ZERO;
    for _ in 0..instances {
        let mut bot = factory.bot(Pandemic::NAME);
        let t = Instant::now();
        bot.start(&setup).map_err(|f| f.message)?;
        spent += t.elapsed();
    }
    let instantiate = spent / instances.max(1);

    let mut bot = factory.bot(Pandemic::NAME);
    bot.start(&setup).map_err(|f| f.message)?;
    let mut turn = BenchTurn { view: &view };
    // Warm up caches and the buffer, then measure.
    for _ in 0..rounds.min(100) {
        bot.play(&mut turn).map_err(|f| f.message)?;
    }
    let t = Instant::now();
    for _ in 0..rounds {
        bot.play(&mut turn).map_err(|f| f.message)?;
    }
    let round = t.elapsed() / rounds.max(1);
    Ok(Figures {
        pooling: sandbox.is_pooling(),
        instantiate,
        round,
        view_bytes: view.len(),
        setup_bytes: setup.len(),
        instances,
        rounds,
    })
}
