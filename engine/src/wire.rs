//! The game-agnostic side of sandboxed bots: a [`WireBot`] sees views as bytes and gives orders
//! as byte records (the bot ABI, `docs/bot-abi.md`); [`WireAdapter`] turns one into a
//! [`Bot`] of any game. The engine stays free of wasmtime: the sandbox crate implements
//! [`WireBot`].

use crate::game::{Game, PlayerId, NB_PLAYERS};
use crate::outcome::BotFailure;
use crate::referee::{Bot, TooManyOrders, Turn};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// Version of the bot ABI this engine speaks.
pub const ABI_VERSION: u32 = 1;

/// What a wire bot can do during one round.
pub trait WireTurn {
    /// The round view (the same bytes for the four bots).
    fn view(&self) -> &[u8];
    /// The referee's round number (the game's `round()`, 0 for the first round): what the
    /// sandbox files the bot's stderr of this call under.
    fn round(&self) -> u32;
    /// The kits' `random(l, u)` from this bot's own stream; `l <= u`.
    fn random(&mut self, l: i32, u: i32) -> i32;
    /// Size of one order record.
    fn order_size(&self) -> usize;
    /// Gives orders: `records.len()` must be a multiple of [`WireTurn::order_size`]. Malformed
    /// records are ignored but count toward the cap.
    fn orders(&mut self, records: &[u8]) -> Result<(), TooManyOrders>;
}

/// A bot that speaks the byte-level ABI.
pub trait WireBot: Send {
    fn name(&self) -> &str;
    fn hash(&self) -> String;
    /// Called once, before the first round, with the setup view. An error freezes the bot from
    /// round 0.
    fn start(&mut self, setup_view: &[u8]) -> Result<(), BotFailure>;
    /// Plays one round.
    fn play(&mut self, turn: &mut dyn WireTurn) -> Result<(), BotFailure>;
    /// Share of the CPU budget used so far (0..1).
    fn cpu_share(&self) -> f64;
    /// The metering runtime's version, recorded in replays (see [`Bot::runtime_version`]).
    fn runtime_version(&self) -> Option<String> {
        None
    }
}

/// Makes a fresh wire bot for each match.
pub trait WireBotFactory: Send + Sync {
    /// The display name.
    fn name(&self) -> &str;
    /// A new bot (one instance per bot per match) for `game`.
    fn create(&self, game: &'static str) -> Box<dyn WireBot>;
}

/// A shared factory, as the catalog takes it.
#[derive(Clone)]
pub struct SharedFactory(pub Arc<dyn WireBotFactory>);

impl fmt::Debug for SharedFactory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WireBot({})", self.0.name())
    }
}

impl PartialEq for SharedFactory {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The setup view: the common header (ABI version, game name, me, players) then the game part.
pub fn setup_view<G: Game>(state: &G::State, me: PlayerId) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&ABI_VERSION.to_le_bytes());
    out.extend_from_slice(&(G::NAME.len() as u32).to_le_bytes());
    out.extend_from_slice(G::NAME.as_bytes());
    out.extend_from_slice(&(me as u32).to_le_bytes());
    out.extend_from_slice(&(NB_PLAYERS as u32).to_le_bytes());
    G::encode_setup_view(state, &mut out);
    out
}

/// A wire bot playing game `G`.
pub struct WireAdapter<G: Game> {
    bot: Box<dyn WireBot>,
    started: bool,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> WireAdapter<G> {
    pub fn new(bot: Box<dyn WireBot>) -> Self {
        WireAdapter { bot, started: false, _game: PhantomData }
    }
}

struct TurnWire<'t, 'a, G: Game> {
    turn: &'t mut Turn<'a, G>,
}

impl<G: Game> WireTurn for TurnWire<'_, '_, G> {
    fn view(&self) -> &[u8] {
        self.turn.round_view()
    }
    fn round(&self) -> u32 {
        self.turn.round()
    }
    fn random(&mut self, l: i32, u: i32) -> i32 {
        self.turn.random(l, u)
    }
    fn order_size(&self) -> usize {
        G::ORDER_SIZE
    }
    fn orders(&mut self, records: &[u8]) -> Result<(), TooManyOrders> {
        for r in records.chunks(G::ORDER_SIZE) {
            match G::decode_order(r) {
                Some(o) if r.len() == G::ORDER_SIZE => self.turn.order(o)?,
                _ => self.turn.ignored_order()?,
            }
        }
        Ok(())
    }
}

impl<G: Game> Bot<G> for WireAdapter<G> {
    fn name(&self) -> &str {
        self.bot.name()
    }
    fn hash(&self) -> String {
        self.bot.hash()
    }
    fn play(&mut self, turn: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        if !self.started {
            self.started = true;
            let view = setup_view::<G>(turn.state(), turn.me());
            self.bot.start(&view)?;
        }
        self.bot.play(&mut TurnWire { turn })
    }
    fn cpu_share(&self) -> f64 {
        self.bot.cpu_share()
    }
    fn runtime_version(&self) -> Option<String> {
        self.bot.runtime_version()
    }
}
