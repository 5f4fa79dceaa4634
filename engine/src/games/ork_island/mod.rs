//! Ork Island (Enric Rodríguez, 2017): four armies of orks fight over the cities and paths of an
//! island, paying health to cross its terrain. Rules: `docs/games/ork-island.md`, the rules as
//! implemented.
//!
//!
//! One module per part: parameters, board and its generator, FIXED boards, setup on the shore,
//! round rules, the bot view, the replay codec, native Null and Demo. Tests in
//! `engine/tests/ork_island_*.rs`.

pub mod board;
pub mod fixed;
pub mod generator;
pub mod house;
pub mod params;
pub mod placement;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod state;
pub mod view;

pub use state::{Order, Ork, State};

use crate::cnf::BoardSource;
use crate::game::{Game, PlayerId, SetupError, NB_PLAYERS};
use crate::params::{ParamError, ParamSpec, ParamValues};
use crate::rng::GameRng;

/// The Ork Island game.
pub struct OrkIsland;

impl Game for OrkIsland {
    const NAME: &'static str = "ork-island";
    const TITLE: &'static str = "Ork Island";
    /// 2: orks appear on the ends of the rows (the kit's shore), no longer on any land next to
    /// water; boards follow the kit's generator (its gap filling, rivers, cities and path curves),
    /// so the same seed gives another board. Replays only record this number: version-1 replays
    /// still read and play back.
    const RULES_VERSION: u32 = 2;

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
            BoardSource::Generated => setup::initial_state(p.clone(), generator::generate(p.rows, p.nb_orks, rng), rng),
            BoardSource::Fixed(lines) => {
                let f = fixed::parse(p, lines)?;
                match f.orks {
                    Some(orks) => Ok(fixed::state_with_orks(p.clone(), f.board, orks)),
                    None => setup::initial_state(p.clone(), f.board, rng),
                }
            }
        }
    }

    fn round(s: &State) -> u32 {
        s.round
    }

    fn finished(s: &State) -> bool {
        s.round >= s.params.nb_rounds
    }

    fn nb_unit_ids(s: &State) -> usize {
        s.orks.len()
    }

    fn order_unit(o: &Order) -> usize {
        o.unit
    }

    fn accepts(s: &State, player: PlayerId, o: &Order) -> bool {
        s.orks.get(o.unit).is_some_and(|u| u.player == player)
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

    fn board_stats(s: &State) -> Vec<crate::game::BoardStat> {
        crate::games::shared::conquest::region_stats(&s.board, "water cells")
    }

    // `docs/boards.md`: the kit's `./Game`, seeds 1..100, default parameters.
    const KIT_BOARD_MEANS: &'static [(&'static str, f64)] = &[
        ("cities", 16.9),
        ("city cells", 252.0),
        ("paths", 13.9),
        ("path cells", 230.0),
        ("components", 3.7),
        ("largest component", 9.6),
        ("water cells", 1024.0),
    ];
}
