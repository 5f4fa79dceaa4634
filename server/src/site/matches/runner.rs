//! Plays one match of the queue: loads the four bots' modules into the sandbox, lets the engine
//! referee the match with a replay, and collects each seat's result and sandbox report. Blocking
//! (CPU-bound): workers call it on a blocking thread.
//!
//! Every bot of the match shares one [`MatchStop`]: the worker stops it when the match is
//! cancelled or its lease lost, and in a match that any freeze decides (the sanity match) the
//! first frozen copy stops the others, so that a bot that loops in every seat costs one seat's
//! backstop, not four.

use engine::catalog::PlayerSpec;
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::{MatchSetup, MatchSummary};
use sandbox::{BotLog, MatchStop, PlayerOptions, Sandbox};
use std::time::{Duration, Instant};

/// A seat to fill: the bot and its module bytes.
pub struct SeatBot {
    pub bot_id: i64,
    pub name: String,
    pub wasm: Vec<u8>,
}

/// What a seat did, beyond the engine's summary.
#[derive(Default)]
pub struct SeatReport {
    pub fuel_used: u64,
    /// The kept stderr (head and tail within the sandbox's cap), its rounds' offsets as stored
    /// (`stderr_rounds::index_to_db`), the bytes written in all and the bytes cut.
    pub stderr: Vec<u8>,
    pub stderr_truncated: bool,
    pub stderr_rounds: Vec<i64>,
    pub stderr_written: u64,
    pub stderr_cut_bytes: u64,
}

/// A played match.
pub struct Played {
    pub summary: MatchSummary,
    pub replay: Vec<u8>,
    pub seats: Vec<SeatReport>,
    pub duration: Duration,
}

/// Why a match could not be played at all (as opposed to a bot being frozen, which is a result).
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("unknown or unplayable game {0}")]
    Game(String),
    #[error("the bot in seat {seat} ({name}) does not load: {message}")]
    Load { seat: usize, name: String, message: String },
    #[error("the match's .cnf does not fit {game}: {message}")]
    Config { game: String, message: String },
    #[error("the match failed: {0}")]
    Engine(String),
}

/// How a match ends early: the stop its bots share, and whether any bot's freeze decides it.
#[derive(Clone, Default)]
pub struct Stopping {
    pub stop: MatchStop,
    pub on_first_freeze: bool,
}

/// Plays a match of `game` on `seed`, with the parameters of the `.cnf` text `config` (None: the
/// game's defaults).
pub fn play(
    sandbox: &Sandbox,
    game: &str,
    seed: u64,
    config: Option<&str>,
    seats: &[SeatBot],
    stopping: &Stopping,
) -> Result<Played, PlayError> {
    let g = engine::catalog::find(game).ok_or_else(|| PlayError::Game(game.to_string()))?;
    let (params, board) = match config {
        None => (ParamValues::defaults(g.param_specs()), BoardSource::Generated),
        Some(text) => {
            let c = g
                .parse_config(text)
                .map_err(|e| PlayError::Config { game: g.name().to_string(), message: e.to_string() })?;
            (c.params, c.board)
        }
    };
    let start = Instant::now();
    let mut specs = Vec::with_capacity(seats.len());
    let mut logs: Vec<BotLog> = Vec::with_capacity(seats.len());
    for (seat, bot) in seats.iter().enumerate() {
        let module = sandbox.load(&bot.wasm, Some(game)).map_err(|e| PlayError::Load {
            seat,
            name: bot.name.clone(),
            message: e.to_string(),
        })?;
        // One player per seat, so that four copies of a bot keep four separate logs.
        let options = PlayerOptions::default().stop(stopping.stop.clone(), stopping.on_first_freeze);
        let (factory, log) = module.player_with(&bot.name, options);
        specs.push(PlayerSpec::Wire(factory));
        logs.push(log);
    }
    let setup = MatchSetup { params, board, seed };
    let out = g.play(&setup, &specs, true).map_err(|e| PlayError::Engine(e.to_string()))?;
    let seats = logs
        .iter()
        .map(|log| match log.report() {
            Some(r) => SeatReport {
                fuel_used: r.fuel_used,
                stderr_rounds: crate::stderr_rounds::index_to_db(&r.stderr_rounds),
                stderr_written: r.stderr_log.written,
                stderr_cut_bytes: r.stderr_log.cut.bytes,
                stderr: r.stderr,
                stderr_truncated: r.stderr_truncated,
            },
            None => SeatReport::default(),
        })
        .collect();
    Ok(Played {
        summary: out.summary,
        replay: out.replay.ok_or_else(|| PlayError::Engine("the engine recorded no replay".into()))?,
        seats,
        duration: start.elapsed(),
    })
}
