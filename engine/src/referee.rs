//! The round loop: asks each bot for its orders, applies the platform rules (order cap,
//! first order per unit wins, freezing), steps the game and records the replay.

use crate::game::{Game, PlayerId, SetupError, NB_PLAYERS};
use crate::replay::{PlayerInfo, ReplayHeader, ReplayWriter, RoundCommon};
use crate::rng::{GameRng, Stream};
use std::sync::OnceLock;

// The match vocabulary lives in `outcome`; re-exported here, where the other crates look for it
// beside `play_match` and `Bot`.
pub use crate::outcome::{
    ranks, BotFailure, FreezeReason, Frozen, MatchOutput, MatchSetup, MatchSummary, PlayerResult,
};

/// A bot that gives more orders than this in one round is aborted.
pub const MAX_ORDERS_PER_ROUND: usize = 1000;

/// What a bot sees and does during one round.
pub struct Turn<'a, G: Game> {
    me: PlayerId,
    state: &'a G::State,
    round_view: &'a OnceLock<Vec<u8>>,
    status: [f64; NB_PLAYERS],
    rng: &'a mut GameRng,
    orders: Vec<G::Order>,
    given: usize,
}

/// Returned by [`Turn::order`] once the bot has given more than [`MAX_ORDERS_PER_ROUND`] orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("more than {MAX_ORDERS_PER_ROUND} orders in one round")]
pub struct TooManyOrders;

impl<'a, G: Game> Turn<'a, G> {
    pub fn new(
        me: PlayerId,
        state: &'a G::State,
        round_view: &'a OnceLock<Vec<u8>>,
        status: [f64; NB_PLAYERS],
        rng: &'a mut GameRng,
    ) -> Self {
        Turn { me, state, round_view, status, rng, orders: Vec::new(), given: 0 }
    }

    /// The round's view in the bot ABI's encoding (`docs/bot-abi.md`), encoded once per round
    /// and shared by the four bots.
    pub fn round_view(&self) -> &'a [u8] {
        self.round_view.get_or_init(|| {
            let mut out = Vec::new();
            G::encode_round_view(self.state, &self.status, &mut out);
            out
        })
    }

    /// The round being played (the game's `round()`).
    pub fn round(&self) -> u32 {
        G::round(self.state)
    }

    /// The player this bot plays.
    pub fn me(&self) -> PlayerId {
        self.me
    }

    pub fn state(&self) -> &'a G::State {
        self.state
    }

    /// A player's CPU share so far (0..1), or -1 once it is frozen.
    pub fn status(&self, player: PlayerId) -> f64 {
        self.status.get(player).copied().unwrap_or(-1.0)
    }

    /// The kits' `random(l, u)`: uniform in `l..=u`, from this bot's own stream.
    pub fn random(&mut self, l: i32, u: i32) -> i32 {
        self.rng.range(l, u)
    }

    /// A random permutation of `0..n` from this bot's own stream.
    pub fn random_permutation(&mut self, n: usize) -> Vec<usize> {
        self.rng.permutation(n)
    }

    /// Gives an order. Every order counts toward the cap, including ignored ones.
    pub fn order(&mut self, order: G::Order) -> Result<(), TooManyOrders> {
        self.given += 1;
        if self.given > MAX_ORDERS_PER_ROUND {
            return Err(TooManyOrders);
        }
        self.orders.push(order);
        Ok(())
    }

    /// Counts an order that could not be read (a malformed ABI record): it is ignored but
    /// counts toward the cap.
    pub fn ignored_order(&mut self) -> Result<(), TooManyOrders> {
        self.given += 1;
        if self.given > MAX_ORDERS_PER_ROUND {
            return Err(TooManyOrders);
        }
        Ok(())
    }

    pub fn orders_given(&self) -> usize {
        self.given
    }

    fn into_orders(self) -> (Vec<G::Order>, usize) {
        (self.orders, self.given)
    }
}

/// A player program. Native house bots implement it directly; the sandbox implements it for
/// WebAssembly bots.
pub trait Bot<G: Game>: Send {
    /// The player's display name.
    fn name(&self) -> &str;
    /// Identifies the code: `sha256:<hex>` of a wasm module, `native:<name>@<version>` for house bots.
    fn hash(&self) -> String;
    /// Plays one round. An error freezes the bot for the rest of the match; its orders of this
    /// round are dropped.
    fn play(&mut self, turn: &mut Turn<'_, G>) -> Result<(), BotFailure>;
    /// Share of the CPU budget used so far (0..1). Native bots are not metered and report 0.
    fn cpu_share(&self) -> f64 {
        0.0
    }
    /// The runtime that meters this bot, recorded in the replay header (`wasmtime 48.0.8`'s
    /// version for sandboxed bots); `None` for native bots.
    fn runtime_version(&self) -> Option<String> {
        None
    }
}

/// The house bot Null of every game: gives no orders.
pub struct Null;

impl<G: Game> Bot<G> for Null {
    fn name(&self) -> &str {
        "Null"
    }
    fn hash(&self) -> String {
        format!("native:Null@{}", env!("CARGO_PKG_VERSION"))
    }
    fn play(&mut self, _turn: &mut Turn<'_, G>) -> Result<(), BotFailure> {
        Ok(())
    }
}

/// Plays a whole match. A match is a pure function of (game, params, board, seed, bots).
pub fn play_match<G: Game>(
    setup: &MatchSetup,
    bots: &mut [Box<dyn Bot<G>>; NB_PLAYERS],
    record: bool,
) -> Result<MatchOutput, SetupError> {
    let params = G::params(&setup.params)?;
    let mut board_rng = GameRng::new(setup.seed, Stream::Board);
    let mut state = G::setup(&params, &setup.board, &mut board_rng)?;
    let mut rules_rng = GameRng::new(setup.seed, Stream::Rules);
    let mut bot_rngs: Vec<GameRng> = (0..NB_PLAYERS).map(|p| GameRng::new(setup.seed, Stream::Bot(p))).collect();

    let mut writer = if record {
        let mut header = ReplayHeader::new::<G>(
            setup,
            bots.iter().map(|b| PlayerInfo { name: b.name().to_string(), hash: b.hash() }).collect(),
        );
        header.wasmtime_version = bots.iter().find_map(|b| b.runtime_version());
        Some(ReplayWriter::<G>::start(&header, &state).map_err(|e| SetupError::Other(e.to_string()))?)
    } else {
        None
    };

    let mut status = [0.0f64; NB_PLAYERS];
    let mut frozen: [Option<Frozen>; NB_PLAYERS] = Default::default();
    let mut seen = vec![false; G::nb_unit_ids(&state)];
    let mut rounds = 0u32;
    while !G::finished(&state) {
        let round = G::round(&state);
        let mut orders: [Vec<G::Order>; NB_PLAYERS] = Default::default();
        let mut newly_frozen = Vec::new();
        let seen_status = status;
        let round_view = OnceLock::new();
        for p in 0..NB_PLAYERS {
            if frozen[p].is_some() {
                continue;
            }
            let mut turn = Turn::<G>::new(p, &state, &round_view, seen_status, &mut bot_rngs[p]);
            let outcome = bots[p].play(&mut turn);
            let (given, count) = turn.into_orders();
            let failure = match outcome {
                Err(f) => Some(f),
                Ok(()) if count > MAX_ORDERS_PER_ROUND => Some(BotFailure {
                    reason: FreezeReason::Orders,
                    message: format!("gave {count} orders in one round; the limit is {MAX_ORDERS_PER_ROUND}"),
                }),
                Ok(()) => None,
            };
            if let Some(f) = failure {
                frozen[p] = Some(Frozen { round, reason: f.reason, message: f.message });
                status[p] = -1.0;
                newly_frozen.push(p);
                continue;
            }
            status[p] = bots[p].cpu_share().clamp(0.0, 1.0);
            seen.resize(G::nb_unit_ids(&state), false);
            seen.iter_mut().for_each(|s| *s = false);
            for o in given {
                let u = G::order_unit(&o);
                if !G::accepts(&state, p, &o) || seen.get(u).copied().unwrap_or(true) {
                    continue;
                }
                seen[u] = true;
                orders[p].push(o);
            }
        }
        G::play_round(&mut state, &orders, &mut rules_rng);
        rounds += 1;
        if let Some(w) = writer.as_mut() {
            let common = RoundCommon {
                scores: G::scores(&state),
                cpu: status,
                frozen: newly_frozen.iter().map(|&p| (p, frozen[p].clone().expect("just frozen"))).collect(),
            };
            w.round(&common, &state).map_err(|e| SetupError::Other(e.to_string()))?;
        }
    }

    let scores = G::scores(&state);
    let rank = ranks(&scores);
    let summary = MatchSummary {
        game: G::NAME.to_string(),
        seed: setup.seed,
        rounds,
        players: (0..NB_PLAYERS)
            .map(|p| PlayerResult {
                name: bots[p].name().to_string(),
                score: scores[p],
                rank: rank[p],
                cpu: status[p],
                frozen: frozen[p].clone(),
            })
            .collect(),
    };
    let replay = match writer {
        Some(w) => Some(w.finish(&summary).map_err(|e| SetupError::Other(e.to_string()))?),
        None => None,
    };
    Ok(MatchOutput { summary, replay })
}
