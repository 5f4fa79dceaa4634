//! The Walking Dead (Albert Oliveras, 2022): four clans of survivors fight for the streets of a
//! city among zombies; the dead rise as zombies, killed zombies come back as survivors of their
//! killer's clan. Rules as implemented:
//! `docs/games/walking-dead.md`.
//!
//! One module per part: parameters, directions, board and its generator, FIXED boards, safe
//! placement, setup, the players' moves, the zombies, the round, the bot view, the replay codec,
//! native house bots. Tests in `engine/tests/walking_dead_*.rs`.

pub mod board;
pub mod dir;
pub mod fixed;
pub mod generator;
pub mod house;
pub mod moves;
pub mod params;
pub mod placement;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod state;
pub mod view;
pub mod zombies;

pub use dir::Dir;
pub use state::{Order, State, Unit, UnitType};

use crate::cnf::BoardSource;
use crate::game::BoardStat;
use crate::game::{Game, PlayerId, SetupError, NB_PLAYERS};
use crate::params::{ParamError, ParamSpec, ParamValues};
use crate::rng::GameRng;

/// The Walking Dead game.
pub struct WalkingDead;

impl Game for WalkingDead {
    const NAME: &'static str = "walking-dead";
    const TITLE: &'static str = "The Walking Dead";
    const RULES_VERSION: u32 = 1;

    type Params = params::Params;
    type State = State;
    type Order = Order;
    type Codec = replay::Codec;

    fn param_specs() -> &'static [ParamSpec] {
        params::SPECS
    }

    fn params(values: &ParamValues) -> Result<params::Params, ParamError> {
        params::Params::from_values(values)
    }

    fn setup(p: &params::Params, board: &BoardSource, rng: &mut GameRng) -> Result<State, SetupError> {
        match board {
            BoardSource::Generated => setup::initial_state(p.clone(), generator::generate(p.rows, p.cols, rng), rng),
            BoardSource::Fixed(lines) => fixed::state(p, lines, rng),
        }
    }

    /// Rounds are numbered from 1, as in the statement: the first round is round 1 (in freezes,
    /// replays and the viewer). Bots' `round()` is the kit's, one less (`view.rs`).
    fn round(s: &State) -> u32 {
        s.round + 1
    }

    fn finished(s: &State) -> bool {
        s.round >= s.params.num_rounds
    }

    fn nb_unit_ids(s: &State) -> usize {
        s.units.len()
    }

    fn order_unit(o: &Order) -> usize {
        o.unit
    }

    /// Only alive units of the player at the start of the round take orders.
    fn accepts(s: &State, player: PlayerId, o: &Order) -> bool {
        s.units.get(o.unit).is_some_and(|u| u.alive_of() == Some(player))
    }

    fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
        rules::play_round(s, orders, rng)
    }

    fn scores(s: &State) -> [i64; NB_PLAYERS] {
        s.scores
    }

    const ORDER_SIZE: usize = view::ORDER_SIZE;

    fn encode_setup_view(s: &State, out: &mut Vec<u8>) {
        view::encode_setup(s, out)
    }

    fn encode_round_view(s: &State, status: &[f64; NB_PLAYERS], out: &mut Vec<u8>) {
        view::encode_round(s, status, out)
    }

    fn decode_order(record: &[u8]) -> Option<Order> {
        view::decode_order(record)
    }

    fn board_stats(s: &State) -> Vec<BoardStat> {
        board_stats(&s.board)
    }

    // The kit's `./Game` (github DarkJaslo/EDA-game-Q1-22-23 at b92443a, built natively), seeds
    // 1..100, default parameters, the board at round 0 read from its output
    // (`docs/games/walking-dead.md`, "Fidelity to the kit").
    const KIT_BOARD_MEANS: &'static [(&'static str, f64)] = &[
        ("waste cells", 701.0),
        ("street cells", 2899.0),
        ("waste chains", 8.0),
        ("largest chain", 199.9),
        ("street components", 1.0),
        ("dead ends", 7.0),
    ];
}

/// What the kit's board statistics count for this game: waste and street cells, the waste
/// chains (8-connected groups) and the largest, street components, dead ends (street cells with
/// one street 4-neighbour).
pub fn board_stats(b: &board::Board) -> Vec<BoardStat> {
    let groups = b.waste_groups();
    let dead_ends = b
        .streets()
        .iter()
        .filter(|p| {
            board::STRAIGHT.iter().filter(|(di, dj)| b.is_street(crate::grid::Pos::new(p.i + di, p.j + dj))).count()
                == 1
        })
        .count();
    let stat = |name, value: usize| BoardStat { name, value: value as f64 };
    vec![
        stat("waste cells", b.rows() * b.cols() - b.streets().len()),
        stat("street cells", b.streets().len()),
        stat("waste chains", groups.len()),
        stat("largest chain", groups.iter().copied().max().unwrap_or(0)),
        stat("street components", b.street_components().len()),
        stat("dead ends", dead_ends),
    ]
}
