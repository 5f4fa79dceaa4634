//! Running SDK bots natively (feature `native`): [`NativeBot`] is an engine
//! [`WireBot`] that runs any SDK bot in-process, with no WebAssembly. The
//! bot sees the same bytes (the engine's setup and round views) and its host calls go to the
//! engine's `WireTurn` of the round, so a native match plays exactly like the same bot compiled to
//! wasm (same draws, same orders), minus fuel metering: the CPU share is always 0.
//!
//! ```ignore
//! use arena_bot::native;
//! use arena_bot::pandemic::Runner;
//! use engine::catalog::{self, PlayerSpec};
//!
//! let players = vec![
//!     native::player::<Runner<MyBot>>("MyBot"),
//!     PlayerSpec::House("Demo".into()),
//!     PlayerSpec::House("Demo".into()),
//!     PlayerSpec::House("Demo".into()),
//! ];
//! let out = catalog::find("pandemic").unwrap().play(&setup, &players, false)?;
//! ```
//!
//! A panic in the bot freezes it (reason `trap`, with the panic message), and giving more than
//! 1000 orders in a round stops it at once (reason `orders`), as in the sandbox.

use crate::native_host as host;
use crate::runtime::{self, Driver};
use engine::catalog::PlayerSpec;
use engine::referee::{BotFailure, FreezeReason};
use engine::wire::{SharedFactory, WireBot, WireBotFactory, WireTurn};
use std::any::Any;
use std::marker::PhantomData;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;

/// An SDK bot (a [`Driver`], e.g. `arena_bot::pandemic::Runner<MyBot>`) as an engine wire bot.
pub struct NativeBot<D> {
    name: String,
    driver: Option<D>,
    view: Vec<u8>,
}

impl<D: Driver> NativeBot<D> {
    /// A bot displayed as `name`; the player is made when the match starts.
    pub fn new(name: impl Into<String>) -> Self {
        NativeBot { name: name.into(), driver: None, view: Vec::new() }
    }

    /// The driver (decoded view and player), once started.
    pub fn driver(&self) -> Option<&D> {
        self.driver.as_ref()
    }
}

fn failure(payload: Box<dyn Any + Send>) -> BotFailure {
    if let Some(OrdersAbort(msg)) = payload.downcast_ref::<host::OrdersAbort>() {
        return BotFailure { reason: FreezeReason::Orders, message: msg.clone() };
    }
    let message = if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    };
    BotFailure { reason: FreezeReason::Trap, message }
}

use host::OrdersAbort;

fn trap(e: runtime::ViewError, which: &str) -> BotFailure {
    BotFailure { reason: FreezeReason::Trap, message: format!("arena_bot: {which} view: {e}") }
}

impl<D: Driver + Send> WireBot for NativeBot<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn hash(&self) -> String {
        format!("native-sdk:{}@{}", self.name, env!("CARGO_PKG_VERSION"))
    }

    fn start(&mut self, setup_view: &[u8]) -> Result<(), BotFailure> {
        match panic::catch_unwind(AssertUnwindSafe(|| runtime::start::<D>(setup_view))) {
            Ok(Ok(d)) => {
                self.driver = Some(d);
                Ok(())
            }
            Ok(Err(e)) => Err(trap(e, "setup")),
            Err(p) => Err(failure(p)),
        }
    }

    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure> {
        let Some(driver) = self.driver.as_mut() else {
            return Err(BotFailure { reason: FreezeReason::Trap, message: "played before start".into() });
        };
        // The bot reads its own copy, as in wasm memory; the turn is then free for host calls.
        // A driver that keeps a view buffer gets the view written into it, as the sandbox does
        // (and reads it in place); others get it from ours.
        let in_place = match driver.view_buffer() {
            Some(buf) => {
                let v = turn.view();
                if buf.len() < v.len() {
                    buf.resize(v.len(), 0);
                }
                buf[..v.len()].copy_from_slice(v);
                Some(v.len())
            }
            None => {
                self.view.clear();
                self.view.extend_from_slice(turn.view());
                None
            }
        };
        let view = &self.view;
        let _entered = host::enter(turn);
        let call = || match in_place {
            Some(len) => driver.play_in_place(len),
            None => driver.play(view),
        };
        match panic::catch_unwind(AssertUnwindSafe(call)) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(trap(e, "round")),
            Err(p) => Err(failure(p)),
        }
    }

    fn cpu_share(&self) -> f64 {
        0.0
    }
}

/// Makes a fresh [`NativeBot`] per match.
pub struct NativeFactory<D> {
    name: String,
    _driver: PhantomData<fn() -> D>,
}

impl<D> NativeFactory<D> {
    /// A factory of bots displayed as `name`.
    pub fn new(name: impl Into<String>) -> Self {
        NativeFactory { name: name.into(), _driver: PhantomData }
    }
}

impl<D: Driver + Send + 'static> WireBotFactory for NativeFactory<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn create(&self, _game: &'static str) -> Box<dyn WireBot> {
        // A bot for another game fails at start: the setup view names the game.
        Box::new(NativeBot::<D>::new(self.name.clone()))
    }
}

/// A seat for `catalog::AnyGame::play`: the SDK bot `D` (e.g. `pandemic::Runner<MyBot>`) run
/// natively, displayed as `name`.
pub fn player<D: Driver + Send + 'static>(name: &str) -> PlayerSpec {
    PlayerSpec::Wire(SharedFactory(Arc::new(NativeFactory::<D>::new(name))))
}
