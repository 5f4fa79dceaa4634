//! One WebAssembly bot in one match ([`WasmBot`]), the factory the catalog takes
//! ([`WasmFactory`]), and what the caller reads afterwards ([`BotLog`], [`BotReport`]).

use crate::backstop::{thread_cpu_time, Deadlines, MatchStop, Verdict};
use crate::check::game_marker;
use crate::host::{Freeze, Host, MemoryCap, Stderr, StderrSink, TurnPtr, HOST_CALL_FUEL, LIVE_STDERR_LIMIT};
use crate::limits::{cpu_backstop, fmt_bytes, fmt_duration, fmt_fuel_seconds};
use crate::sandbox::BotModule;
use crate::stderr_log::{Round, StderrLog};
use engine::referee::{BotFailure, FreezeReason};
use engine::wire::SharedFactory;
use engine::wire::{WireBot, WireBotFactory, WireTurn};
use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use wasmtime::{Memory, PoolConcurrencyLimitError, Store, Trap, TypedFunc, WasmBacktrace};

/// Per-player settings; `None` takes the sandbox's [`crate::Limits`].
#[derive(Clone, Default)]
pub struct PlayerOptions {
    /// Fuel budget per match.
    pub fuel: Option<u64>,
    /// Wall-clock backstop per match.
    pub wall_clock: Option<Duration>,
    /// CPU-time backstop per match (thread CPU time inside the bot's calls). `None`: the
    /// sandbox's [`crate::Limits::cpu_time`], or [`crate::limits::cpu_backstop`] of
    /// [`PlayerOptions::fuel`] when a budget is given.
    pub cpu_time: Option<Duration>,
    /// Ends this bot when stopped (a cancelled match; a decided sanity match).
    pub stop: Option<MatchStop>,
    /// This bot's own freeze stops [`PlayerOptions::stop`] (and so every bot sharing it): for a
    /// match that any freeze decides, such as a sanity match of four copies.
    pub freeze_stops: bool,
    /// Stderr kept per match (head and tail), in bytes.
    pub stderr: Option<usize>,
    /// Called with each line the bot writes to stderr and its round, as it writes it, up to
    /// [`PlayerOptions::live_stderr_limit`] bytes (then one note saying so), whatever the kept
    /// cap. It runs inside the bot's call: keep it short, and do not call back into the
    /// [`BotLog`].
    pub on_stderr: Option<StderrSink>,
    /// The safety limit of what `on_stderr` receives (default [`LIVE_STDERR_LIMIT`]).
    pub live_stderr_limit: Option<u64>,
    /// Report [`BotReport::busy`] (the wall-clock backstop's own measure of the time inside the
    /// bot's calls): only `arena calibrate --house` asks.
    pub measure_busy: bool,
}

impl PlayerOptions {
    pub fn measure_busy(mut self) -> Self {
        self.measure_busy = true;
        self
    }
    pub fn fuel(mut self, fuel: u64) -> Self {
        self.fuel = Some(fuel);
        self
    }
    pub fn wall_clock(mut self, d: Duration) -> Self {
        self.wall_clock = Some(d);
        self
    }
    pub fn cpu_time(mut self, d: Duration) -> Self {
        self.cpu_time = Some(d);
        self
    }
    /// Shares `stop` with the match's other bots; `freeze_stops`: this bot's freeze stops them all.
    pub fn stop(mut self, stop: MatchStop, freeze_stops: bool) -> Self {
        self.stop = Some(stop);
        self.freeze_stops = freeze_stops;
        self
    }
    pub fn stderr(mut self, bytes: usize) -> Self {
        self.stderr = Some(bytes);
        self
    }
    pub fn on_stderr(mut self, sink: impl Fn(Round, &str) + Send + Sync + 'static) -> Self {
        self.on_stderr = Some(Arc::new(sink));
        self
    }
    pub fn live_stderr_limit(mut self, bytes: u64) -> Self {
        self.live_stderr_limit = Some(bytes);
        self
    }
}

impl fmt::Debug for PlayerOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayerOptions")
            .field("fuel", &self.fuel)
            .field("wall_clock", &self.wall_clock)
            .field("cpu_time", &self.cpu_time)
            .field("stop", &self.stop)
            .field("freeze_stops", &self.freeze_stops)
            .field("stderr", &self.stderr)
            .field("on_stderr", &self.on_stderr.is_some())
            .field("live_stderr_limit", &self.live_stderr_limit)
            .field("measure_busy", &self.measure_busy)
            .finish()
    }
}

/// What one bot instance (one seat of one match) did, as far as it got.
#[derive(Clone, Debug, PartialEq)]
pub struct BotReport {
    pub name: String,
    /// `sha256:<hex>` of the module.
    pub hash: String,
    pub fuel_budget: u64,
    /// Exact fuel used: instructions plus host calls. Deterministic.
    pub fuel_used: u64,
    /// Wall-clock time spent inside the bot's calls (not deterministic, never used for rules).
    pub wall_clock_used: Duration,
    /// Thread CPU time spent inside the bot's calls (what the CPU backstop counts; not
    /// deterministic, never used for rules). Zero where the platform has no thread clock.
    pub cpu_time: Duration,
    /// Time spent inside the bot's calls, measured with the monotonic clock when
    /// [`PlayerOptions::measure_busy`] asks (`arena calibrate --house`), else zero; not
    /// deterministic, never used for rules.
    pub busy: Duration,
    /// `arena_play` calls that returned normally.
    pub rounds: u32,
    /// The kept stderr as text ([`StderrLog::render`]): head and tail within the cap, a note
    /// where the cap cut, repeated lines collapsed. The stderr fields are filled in when the bot
    /// stops (frozen, or dropped at the end of the match); a live sink sees lines as they come.
    pub stderr: Vec<u8>,
    /// `(round, offset in stderr)` where each round's text starts (`None`: before round 0).
    pub stderr_rounds: Vec<(Round, usize)>,
    /// Whether the cap cut some of it (`stderr_log.cut` says how much).
    pub stderr_truncated: bool,
    /// The kept stderr line by line.
    pub stderr_log: StderrLog,
    /// Why and how the bot was frozen, if it was (the public words, as the replay has them).
    pub frozen: Option<BotFailure>,
    /// The freeze in the bot's own words, for its owner only: what it said through `arena.fail`
    /// (an exception's text, a failed assertion, a panic's message), or the trap and the functions
    /// it happened in. Also the last line of `stderr`.
    pub frozen_detail: Option<String>,
}

impl BotReport {
    /// Fuel used / budget (0..1).
    pub fn cpu_share(&self) -> f64 {
        share(self.fuel_used, self.fuel_budget)
    }
    /// The stderr as text (invalid UTF-8 replaced).
    pub fn stderr_text(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.stderr)
    }
}

fn share(used: u64, budget: u64) -> f64 {
    if budget == 0 {
        1.0
    } else {
        (used as f64 / budget as f64).min(1.0)
    }
}

type Slot = Arc<Mutex<BotReport>>;

/// The caller's handle on a player's bots: one [`BotReport`] per instance the factory created
/// (normally one per match; give each seat its own `player()` to keep them apart).
#[derive(Clone, Default)]
pub struct BotLog {
    runs: Arc<Mutex<Vec<Slot>>>,
}

impl BotLog {
    /// The latest instance's report.
    pub fn report(&self) -> Option<BotReport> {
        let runs = self.runs.lock().unwrap_or_else(PoisonError::into_inner);
        runs.last().map(|r| r.lock().unwrap_or_else(PoisonError::into_inner).clone())
    }
    /// Every instance's report, in creation order.
    pub fn reports(&self) -> Vec<BotReport> {
        let runs = self.runs.lock().unwrap_or_else(PoisonError::into_inner);
        runs.iter().map(|r| r.lock().unwrap_or_else(PoisonError::into_inner).clone()).collect()
    }
    fn add(&self, report: BotReport) -> Slot {
        let slot = Arc::new(Mutex::new(report));
        self.runs.lock().unwrap_or_else(PoisonError::into_inner).push(slot.clone());
        slot
    }
}

impl fmt::Debug for BotLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotLog").field("runs", &self.reports().len()).finish()
    }
}

/// Settings resolved against the sandbox limits.
#[derive(Clone)]
struct Resolved {
    fuel: u64,
    wall_clock: Duration,
    cpu_time: Duration,
    stop: Option<MatchStop>,
    freeze_stops: bool,
    stderr: usize,
    on_stderr: Option<StderrSink>,
    live_stderr_limit: u64,
    measure_busy: bool,
}

/// Makes a [`WasmBot`] per match for one player (the catalog's [`engine::wire::SharedFactory`]).
pub struct WasmFactory {
    module: BotModule,
    name: String,
    options: Resolved,
    log: BotLog,
}

impl WasmFactory {
    pub(crate) fn new(module: BotModule, name: &str, options: PlayerOptions) -> (WasmFactory, BotLog) {
        let limits = module.limits();
        let cpu_time = match (options.cpu_time, options.fuel) {
            (Some(d), _) => d,
            (None, Some(fuel)) => cpu_backstop(fuel),
            (None, None) => limits.cpu_time,
        };
        let options = Resolved {
            fuel: options.fuel.unwrap_or(limits.fuel),
            wall_clock: options.wall_clock.unwrap_or(limits.wall_clock),
            cpu_time,
            stop: options.stop,
            freeze_stops: options.freeze_stops,
            stderr: options.stderr.unwrap_or(limits.stderr),
            on_stderr: options.on_stderr,
            live_stderr_limit: options.live_stderr_limit.unwrap_or(LIVE_STDERR_LIMIT),
            measure_busy: options.measure_busy,
        };
        let log = BotLog::default();
        (WasmFactory { module, name: name.to_string(), options, log: log.clone() }, log)
    }

    /// A bot for a match of `game`, reporting to this factory's [`BotLog`].
    pub fn bot(&self, game: &str) -> WasmBot {
        let o = &self.options;
        let report = self.log.add(BotReport {
            name: self.name.clone(),
            hash: self.module.hash().to_string(),
            fuel_budget: o.fuel,
            fuel_used: 0,
            wall_clock_used: Duration::ZERO,
            cpu_time: Duration::ZERO,
            busy: Duration::ZERO,
            rounds: 0,
            stderr: Vec::new(),
            stderr_rounds: Vec::new(),
            stderr_truncated: false,
            stderr_log: StderrLog::new(o.stderr),
            frozen: None,
            frozen_detail: None,
        });
        let wrong_game = (!self.module.info().games.is_empty()
            && !self.module.info().games.iter().any(|g| game_marker(g) == game_marker(game)))
        .then(|| format!("the bot was built for {}, not {game}", self.module.info().games.join(", ")));
        WasmBot {
            meter: Meter {
                wall_clock: o.wall_clock,
                wall_used: Duration::ZERO,
                cpu_bound: o.cpu_time,
                cpu_used: Duration::ZERO,
                stop: o.stop.clone(),
                fuel_budget: o.fuel,
                fuel_used: 0,
                measure_busy: o.measure_busy,
            },
            module: self.module.clone(),
            name: self.name.clone(),
            hash: self.module.hash().to_string(),
            stderr_cap: o.stderr,
            on_stderr: o.on_stderr.clone(),
            freeze_stops: o.freeze_stops,
            live_stderr_limit: o.live_stderr_limit,
            wrong_game,
            report,
            live: None,
            failure: None,
            detail: None,
            rounds: 0,
        }
    }
}

// The factory methods live beside the factory, so that the module's file knows no player.
impl BotModule {
    /// A player of this module named `name`, with the sandbox's limits: the factory to put in a
    /// [`engine::catalog::PlayerSpec::Wire`], and the log to read its stderr, fuel and freeze
    /// after (or during) the match.
    pub fn player(&self, name: &str) -> (SharedFactory, BotLog) {
        self.player_with(name, PlayerOptions::default())
    }

    /// [`BotModule::player`] with per-player budgets and a live stderr callback.
    pub fn player_with(&self, name: &str, options: PlayerOptions) -> (SharedFactory, BotLog) {
        let (factory, log) = self.factory(name, options);
        (SharedFactory(Arc::new(factory)), log)
    }

    /// The concrete factory (to make [`crate::WasmBot`]s directly, as the benchmark does).
    pub fn factory(&self, name: &str, options: PlayerOptions) -> (WasmFactory, BotLog) {
        WasmFactory::new(self.clone(), name, options)
    }
}

impl WireBotFactory for WasmFactory {
    fn name(&self) -> &str {
        &self.name
    }
    fn create(&self, game: &'static str) -> Box<dyn WireBot> {
        Box::new(self.bot(game))
    }
}

/// The fuel, wall-clock and CPU-time accounting of one bot, and the mapping of wasmtime errors to
/// freezes.
struct Meter {
    /// The wall-clock backstop and the real time spent inside the bot's calls so far, measured
    /// with `Instant`: the epoch ticks only say when to look (a starved ticker thread ticks late,
    /// so counting ticks let a looping bot run far past the backstop on a loaded machine).
    wall_clock: Duration,
    wall_used: Duration,
    /// The CPU-time backstop and the thread CPU time used so far inside the bot's calls.
    cpu_bound: Duration,
    cpu_used: Duration,
    stop: Option<MatchStop>,
    fuel_budget: u64,
    fuel_used: u64,
    /// Whether the report carries `wall_used` as its `busy` figure.
    measure_busy: bool,
}

impl Meter {
    fn out_of_fuel(&self) -> BotFailure {
        BotFailure {
            reason: FreezeReason::Cpu,
            message: format!(
                "used its CPU budget of {} fuel ({})",
                self.fuel_budget,
                fmt_fuel_seconds(self.fuel_budget)
            ),
        }
    }

    fn out_of_time(&self) -> BotFailure {
        BotFailure {
            reason: FreezeReason::Cpu,
            // No fuel figure here: wasmtime flushes its fuel counter only at calls and returns,
            // so the count at an interrupt is stale.
            message: format!(
                "ran past the wall-clock backstop of {} (its code is unusually slow for the fuel it uses)",
                fmt_duration(self.wall_clock)
            ),
        }
    }

    fn out_of_cpu_time(&self) -> BotFailure {
        BotFailure {
            reason: FreezeReason::Cpu,
            // Fuel is the rule; this bound is reached only by code far slower per unit of fuel
            // than kit-style code (a tight empty loop), and says so.
            message: format!(
                "ran past the CPU-time backstop of {} of real CPU (the bound for a {} budget; its code is unusually \
                 slow for the fuel it is charged, as a tight empty loop is)",
                fmt_duration(self.cpu_bound),
                fmt_fuel_seconds(self.fuel_budget)
            ),
        }
    }

    /// Runs guest code under the remaining wall-clock and CPU-time budgets (checked every epoch
    /// tick by the store's callback, [`Deadlines::check`]) and updates the fuel and time used.
    fn run<R>(
        &mut self,
        store: &mut Store<Host>,
        f: impl FnOnce(&mut Store<Host>) -> wasmtime::Result<R>,
    ) -> Result<R, BotFailure> {
        if let Some(stop) = self.stop.as_ref().filter(|s| s.is_stopped()) {
            return Err(stop.failure());
        }
        let remaining = self.wall_clock.saturating_sub(self.wall_used);
        if remaining.is_zero() {
            return Err(self.out_of_time());
        }
        if self.cpu_used >= self.cpu_bound {
            return Err(self.out_of_cpu_time());
        }
        let t0 = Instant::now();
        let cpu0 = thread_cpu_time();
        store.data_mut().deadlines = Deadlines {
            wall_until: t0.checked_add(remaining),
            cpu_until: cpu0.map(|c| c.saturating_add(self.cpu_bound - self.cpu_used)),
            cpu_failure: Some(self.out_of_cpu_time()),
            stop: self.stop.clone(),
        };
        store.set_epoch_deadline(1);
        let r = f(store);
        let elapsed = t0.elapsed();
        if let (Some(c0), Some(c1)) = (cpu0, thread_cpu_time()) {
            self.cpu_used += c1.saturating_sub(c0);
        }
        self.wall_used += elapsed;
        self.fuel_used = self.fuel_budget.saturating_sub(store.get_fuel().unwrap_or(0));
        r.map_err(|e| self.failure(&e, store))
    }

    /// Charges host work done outside a host call (a view handed over, a call into the bot).
    fn charge(&mut self, store: &mut Store<Host>, bytes: usize) -> Result<(), BotFailure> {
        let cost = HOST_CALL_FUEL.saturating_add(bytes as u64);
        let fuel = store.get_fuel().unwrap_or(0);
        let left = fuel.checked_sub(cost);
        // Cannot fail: fuel is enabled on the engine.
        let _ = store.set_fuel(left.unwrap_or(0));
        self.fuel_used = self.fuel_budget.saturating_sub(left.unwrap_or(0));
        match left {
            Some(_) => Ok(()),
            None => Err(self.out_of_fuel()),
        }
    }

    /// The freeze a wasmtime error means. A trap gets words a student understands as its public
    /// message; the private detail (the bot's own words from `arena.fail`, or the trap with the
    /// names of the functions it happened in) goes to the store's `detail`.
    fn failure(&mut self, e: &wasmtime::Error, store: &mut Store<Host>) -> BotFailure {
        if let Some(Freeze(f)) = e.downcast_ref::<Freeze>() {
            return f.clone();
        }
        if let Some(p) = e.downcast_ref::<PoolConcurrencyLimitError>() {
            // Not the bot's doing, but it cannot play: the server must run fewer bots at once
            // than `Limits::max_instances`.
            return trapped(format!("the host had no free bot slot ({p}); this is a server problem, not the bot's"));
        }
        let message = match e.downcast_ref::<Trap>() {
            Some(Trap::OutOfFuel) => return self.out_of_fuel(),
            Some(Trap::Interrupt) => {
                self.wall_used = self.wall_used.max(self.wall_clock);
                return self.out_of_time();
            }
            Some(t) => trap_words(*t, store),
            None => {
                let text = format!("{e:#}");
                text.lines().next().unwrap_or("").to_string()
            }
        };
        if store.data().detail.is_none() {
            store.data_mut().detail = Some(format!("{message}{}", backtrace(e)));
        }
        trapped(message)
    }
}

/// A trap in words: what happened and its usual cause in a bot.
fn trap_words(t: Trap, store: &mut Store<Host>) -> String {
    match t {
        Trap::StackOverflow => "stack overflow (recursion too deep for the wasm stack)".into(),
        Trap::MemoryOutOfBounds => {
            match store.data().stack {
                Some((sp, size)) => {
                    let now = sp.get(&mut *store).i32().map(|v| v as u32).unwrap_or(0);
                    let memory = store.data().memory.map(|m| m.data_size(&*store)).unwrap_or(0);
                    if now as usize >= memory {
                        format!("stack overflow (the {} stack: recursion too deep, or arrays too large for local variables)", fmt_bytes(u64::from(size)))
                    } else {
                        "out of bounds memory access (a bad pointer or index)".into()
                    }
                }
                None => "out of bounds memory access (a bad pointer or index, or a stack overflow)".into(),
            }
        }
        Trap::UnreachableCodeReached => {
            "reached an `unreachable` instruction (a panic or abort the SDK did not report, or undefined behaviour)"
                .into()
        }
        Trap::IntegerDivisionByZero => "integer division by zero".into(),
        Trap::IntegerOverflow => "integer overflow (INT_MIN / -1)".into(),
        Trap::BadConversionToInteger => "a float that is NaN or out of range converted to an integer".into(),
        Trap::IndirectCallToNull | Trap::TableOutOfBounds | Trap::BadSignature => {
            "a call through a bad function pointer (a deleted object's virtual function?)".into()
        }
        other => other.to_string(),
    }
}

/// ` (in f <- g <- arena_play)`: the innermost named frames of a trap, when wasmtime has them
/// (a module without a name section has none: its frames are not worth printing).
fn backtrace(e: &wasmtime::Error) -> String {
    let Some(bt) = e.downcast_ref::<WasmBacktrace>() else { return String::new() };
    let names: Vec<&str> = bt.frames().iter().filter_map(|f| f.func_name()).take(6).collect();
    if names.is_empty() {
        return String::new();
    }
    format!(" (in {})", names.join(" <- "))
}

fn trapped(message: String) -> BotFailure {
    BotFailure { reason: FreezeReason::Trap, message }
}

/// The instance and what each round needs, looked up once.
struct Live {
    store: Store<Host>,
    memory: Memory,
    alloc: TypedFunc<i32, i32>,
    start: TypedFunc<(i32, i32), ()>,
    play: TypedFunc<(i32, i32), ()>,
    /// The view buffer from the last `arena_alloc`, and its length.
    buf: Option<(u32, usize)>,
}

impl Live {
    /// The view buffer, asking the bot for a new one only when the view grew.
    fn buffer(&mut self, meter: &mut Meter, len: usize) -> Result<u32, BotFailure> {
        if let Some((ptr, cap)) = self.buf {
            if len <= cap {
                return Ok(ptr);
            }
        }
        let arg = i32::try_from(len).map_err(|_| trapped(format!("a view of {len} bytes does not fit the ABI")))?;
        meter.charge(&mut self.store, 0)?;
        let alloc = &self.alloc;
        let ptr = meter.run(&mut self.store, |s| alloc.call(s, arg))? as u32;
        let size = self.memory.data_size(&self.store);
        if u64::from(ptr) + len as u64 > size as u64 {
            return Err(trapped(format!(
                "arena_alloc({len}) returned {ptr}: that buffer is outside the bot's memory ({})",
                fmt_bytes(size as u64)
            )));
        }
        self.buf = Some((ptr, len));
        Ok(ptr)
    }

    /// Copies a view into the buffer (charged to the bot) and returns `(ptr, len)` for the call.
    fn hand_over(&mut self, meter: &mut Meter, view: &[u8]) -> Result<(i32, i32), BotFailure> {
        let ptr = self.buffer(meter, view.len())?;
        meter.charge(&mut self.store, view.len())?;
        self.memory
            .write(&mut self.store, ptr as usize, view)
            .map_err(|e| trapped(format!("the view buffer at {ptr} is no longer valid: {e}")))?;
        Ok((ptr as i32, view.len() as i32))
    }
}

/// Clears the turn pointer when the call into the bot ends, however it ends.
struct TurnGuard<'s>(&'s mut Store<Host>);

impl Drop for TurnGuard<'_> {
    fn drop(&mut self) {
        self.0.data_mut().turn = None;
    }
}

/// A WebAssembly bot playing one match: instantiated lazily by [`WireBot::start`] under its fuel
/// budget, then one `arena_play` per round.
pub struct WasmBot {
    module: BotModule,
    name: String,
    hash: String,
    meter: Meter,
    stderr_cap: usize,
    on_stderr: Option<StderrSink>,
    freeze_stops: bool,
    live_stderr_limit: u64,
    wrong_game: Option<String>,
    report: Slot,
    live: Option<Live>,
    failure: Option<BotFailure>,
    /// The freeze's private detail (see [`BotReport::frozen_detail`]).
    detail: Option<String>,
    rounds: u32,
}

impl WasmBot {
    /// Exact fuel used so far.
    pub fn fuel_used(&self) -> u64 {
        self.meter.fuel_used
    }

    fn instantiate(&mut self, setup: &[u8]) -> Result<(), BotFailure> {
        if let Some(m) = &self.wrong_game {
            return Err(trapped(m.clone()));
        }
        let host = Host {
            limiter: MemoryCap { cap: self.module.limits().memory },
            memory: None,
            turn: None,
            stderr: Stderr::new(self.stderr_cap, self.on_stderr.clone(), self.live_stderr_limit),
            detail: None,
            stack: None,
            deadlines: Deadlines::default(),
        };
        let mut store = Store::new(self.module.engine(), host);
        store.limiter(|h| &mut h.limiter);
        store.epoch_deadline_callback(move |ctx| match ctx.data().deadlines.check() {
            Verdict::Continue => Ok(wasmtime::UpdateDeadline::Continue(1)),
            Verdict::Interrupt => Ok(wasmtime::UpdateDeadline::Interrupt),
            Verdict::Freeze(f) => Err(wasmtime::Error::new(Freeze(f))),
        });
        // Fuel before instantiation: the module's start function runs under the budget.
        store.set_fuel(self.meter.fuel_budget).map_err(|e| trapped(format!("host: {e}")))?;
        let pre = self.module.instance_pre();
        let instance = self.meter.run(&mut store, |s| pre.instantiate(s))?;
        let missing = |what: &str| trapped(format!("the instance lacks {what}"));
        let memory = instance.get_memory(&mut store, "memory").ok_or_else(|| missing("its memory"))?;
        store.data_mut().memory = Some(memory);
        if let Some(sp) = instance.get_global(&mut store, "__stack_pointer") {
            if let Some(v) = sp.get(&mut store).i32() {
                store.data_mut().stack = Some((sp, v as u32));
            }
        }
        let alloc = instance.get_typed_func(&mut store, "arena_alloc").map_err(|_| missing("arena_alloc"))?;
        let start = instance.get_typed_func(&mut store, "arena_start").map_err(|_| missing("arena_start"))?;
        let play = instance.get_typed_func(&mut store, "arena_play").map_err(|_| missing("arena_play"))?;
        let init = instance.get_typed_func::<(), ()>(&mut store, "_initialize").ok();
        let live = self.live.insert(Live { store, memory, alloc, start, play, buf: None });
        if let Some(init) = init {
            self.meter.charge(&mut live.store, 0)?;
            self.meter.run(&mut live.store, |s| init.call(s, ()))?;
        }
        let (ptr, len) = live.hand_over(&mut self.meter, setup)?;
        let start = &live.start;
        self.meter.run(&mut live.store, |s| start.call(s, (ptr, len)))
    }

    fn round(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        let live = self.live.as_mut().ok_or_else(|| trapped("arena_play before arena_start".into()))?;
        let (ptr, len) = live.hand_over(&mut self.meter, turn.view())?;
        live.store.data_mut().stderr.round = Some(turn.round());
        live.store.data_mut().turn = Some(TurnPtr::new(turn));
        let guard = TurnGuard(&mut live.store);
        let play = &live.play;
        self.meter.run(guard.0, |s| play.call(s, (ptr, len)))?;
        drop(guard);
        self.rounds += 1;
        Ok(())
    }

    /// Copies progress to the caller's report: counters, the freeze and, when the bot stops
    /// (`last`: frozen, or the match is over), its stderr.
    fn publish(&mut self, last: bool) {
        let mut r = self.report.lock().unwrap_or_else(PoisonError::into_inner);
        r.fuel_used = self.meter.fuel_used;
        r.wall_clock_used = self.meter.wall_used;
        r.cpu_time = self.meter.cpu_used;
        r.busy = if self.meter.measure_busy { self.meter.wall_used } else { Duration::ZERO };
        r.rounds = self.rounds;
        r.frozen.clone_from(&self.failure);
        r.frozen_detail.clone_from(&self.detail);
        if let Some(live) = self.live.as_mut().filter(|_| last) {
            let stderr = &mut live.store.data_mut().stderr;
            stderr.end_call();
            let rendered = stderr.log.render();
            r.stderr = rendered.text.into_bytes();
            r.stderr_rounds = rendered.rounds;
            r.stderr_truncated = stderr.log.cut.lines > 0;
            r.stderr_log = stderr.log.clone();
        }
    }

    fn settle(&mut self, outcome: Result<(), BotFailure>) -> Result<(), BotFailure> {
        if let Err(f) = &outcome {
            self.failure = Some(f.clone());
            if let (true, Some(stop)) = (self.freeze_stops, &self.meter.stop) {
                stop.stop(format!("the match was decided: {} was frozen ({}: {})", self.name, f.reason, f.message));
            }
            if let Some(live) = &mut self.live {
                let host = live.store.data_mut();
                let detail = host.detail.take().unwrap_or_else(|| f.message.clone());
                host.stderr.write_final(&format!("frozen ({}): {detail}", f.reason));
                self.detail = Some(detail);
            }
        }
        self.publish(outcome.is_err());
        if outcome.is_err() {
            // Frozen for good: free the instance (and its pool slot) now.
            self.live = None;
        }
        outcome
    }
}

impl WireBot for WasmBot {
    fn name(&self) -> &str {
        &self.name
    }
    fn hash(&self) -> String {
        self.hash.clone()
    }
    fn start(&mut self, setup_view: &[u8]) -> Result<(), BotFailure> {
        if let Some(f) = &self.failure {
            return Err(f.clone());
        }
        if self.live.is_some() {
            return Err(trapped("started twice".into()));
        }
        let outcome = self.instantiate(setup_view);
        self.settle(outcome)
    }
    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        if let Some(f) = &self.failure {
            return Err(f.clone());
        }
        let outcome = self.round(turn);
        self.settle(outcome)
    }
    fn cpu_share(&self) -> f64 {
        share(self.meter.fuel_used, self.meter.fuel_budget)
    }
    fn runtime_version(&self) -> Option<String> {
        Some(crate::WASMTIME_VERSION.to_string())
    }
}

impl Drop for WasmBot {
    fn drop(&mut self) {
        self.publish(true);
    }
}
