//! The abstraction every game implements. The referee ([`crate::referee`]) drives it; the game
//! owns its rules, board, state, orders and replay encoding, and does no I/O.

use crate::cnf::{BoardSource, CnfError};
use crate::params::{ParamError, ParamSpec, ParamValues};
use crate::replay::wire::Writer;
use crate::rng::GameRng;

/// Every game is played by four players, numbered 0..4.
pub const NB_PLAYERS: usize = 4;
pub type PlayerId = usize;

/// One figure of a board at round 0 (`arena boards`), named as the kit's statistics name it;
/// [`Game::KIT_BOARD_MEANS`] holds the kit's mean of each.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardStat {
    pub name: &'static str,
    pub value: f64,
}

/// Why a match could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Params(#[from] ParamError),
    #[error("fixed board: {0}")]
    Board(CnfError),
    #[error("{0}")]
    Other(String),
}

// Not `#[from]`: that would also make the error its own source, printed twice in error chains.
impl From<CnfError> for SetupError {
    fn from(e: CnfError) -> Self {
        SetupError::Board(e)
    }
}

/// A game's rules. Implementations are pure: all randomness comes from the given streams.
pub trait Game: Sized + 'static {
    /// The name used on the command line and in replays (`pandemic`).
    const NAME: &'static str;
    /// The display name (`Pandemic`).
    const TITLE: &'static str;
    /// Version of this implementation of the rules; recorded in replays.
    const RULES_VERSION: u32;

    type Params: Clone + std::fmt::Debug + Send + Sync;
    type State: Clone + Send;
    type Order: Copy + std::fmt::Debug + PartialEq + Send;
    type Codec: ReplayCodec<Self>;

    /// The parameters, in the kit's `.cnf` order, with defaults and ranges.
    fn param_specs() -> &'static [ParamSpec];

    /// Typed parameters from checked values, with the game's cross-field rules.
    fn params(values: &ParamValues) -> Result<Self::Params, ParamError>;

    /// The initial state (round 0): a generated board drawn from `board_rng`, or a FIXED one.
    fn setup(params: &Self::Params, board: &BoardSource, board_rng: &mut GameRng) -> Result<Self::State, SetupError>;

    /// The round number the bots see now.
    fn round(state: &Self::State) -> u32;

    /// True once the last round has been played.
    fn finished(state: &Self::State) -> bool;

    /// How many unit ids exist (ids are `0..nb_unit_ids`); used for the first-order-wins rule.
    fn nb_unit_ids(state: &Self::State) -> usize;

    /// The unit an order is for.
    fn order_unit(order: &Self::Order) -> usize;

    /// Whether `player` may give this order now (it owns the unit at the start of the round).
    fn accepts(state: &Self::State, player: PlayerId, order: &Self::Order) -> bool;

    /// Plays one round with the accepted orders of each player (first order per unit only).
    fn play_round(state: &mut Self::State, orders: &[Vec<Self::Order>; NB_PLAYERS], rng: &mut GameRng);

    /// Total scores so far.
    fn scores(state: &Self::State) -> [i64; NB_PLAYERS];

    /// Size in bytes of one order record in the bot ABI (`docs/bot-abi.md`).
    const ORDER_SIZE: usize;

    /// Appends the game part of the setup view (parameters and the static board), given to a
    /// sandboxed bot once, before its first round.
    fn encode_setup_view(state: &Self::State, out: &mut Vec<u8>);

    /// Appends the round view (everything that changes), the same for the four bots.
    fn encode_round_view(state: &Self::State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>);

    /// Reads one order record of `ORDER_SIZE` bytes; `None` when it is malformed (the order is
    /// ignored and still counts toward the cap).
    fn decode_order(record: &[u8]) -> Option<Self::Order>;

    /// The figures of a board at round 0 that the kit's generator statistics count
    /// (`arena boards`; `docs/boards.md`).
    fn board_stats(state: &Self::State) -> Vec<BoardStat>;

    /// The kit's mean of each of those figures over seeds 1..100 with default parameters, as
    /// measured with the kit's own `./Game` (numbers only).
    const KIT_BOARD_MEANS: &'static [(&'static str, f64)];
}

/// Encodes a game's initial state and every round into a replay (`docs/replay-format.md`).
/// Implementations keep whatever they need of the previous round to write compact changes.
pub trait ReplayCodec<G: Game>: Sized {
    /// Writes the initial state (board included) and returns the encoder for the rounds.
    fn start(state: &G::State, out: &mut Writer) -> Self;
    /// Writes the state after one round (and the orders it executed).
    fn round(&mut self, state: &G::State, out: &mut Writer);
}
