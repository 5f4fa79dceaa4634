//! Pandemic (Martí Oller, 2021): four factions fight over cities and paths while a virus
//! spreads. Rules as implemented: `docs/games/pandemic.md`.

pub mod board;
pub mod fixed;
pub mod generator;
pub mod house;
pub mod params;
pub mod placement;
pub mod replay;
pub mod rules;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod view;
pub mod virus;

use crate::cnf::BoardSource;
use crate::game::{Game, PlayerId, SetupError, NB_PLAYERS};
use crate::params::{ParamError, ParamSpec, ParamValues};
use crate::rng::GameRng;
pub use state::{Order, State, Unit};

/// The Pandemic game.
pub struct Pandemic;

impl Game for Pandemic {
    const NAME: &'static str = "pandemic";
    const TITLE: &'static str = "Pandemic";
    /// 2: boards follow the kit's generator (cities with 100 attempts each, smooth curves for
    /// paths and wall lines): the same seed gives another board than under version 1.
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
        let mut s = match board {
            BoardSource::Generated => setup::empty_state(p.clone(), generator::generate(p.rows, rng)),
            BoardSource::Fixed(lines) => fixed::into_state(p.clone(), fixed::parse(p, lines)?),
        };
        if s.units.is_empty() {
            setup::place_initial_units(&mut s, rng)?;
        }
        Ok(s)
    }

    fn round(s: &State) -> u32 {
        s.round
    }

    fn finished(s: &State) -> bool {
        s.round >= s.params.nb_rounds
    }

    fn nb_unit_ids(s: &State) -> usize {
        s.units.len()
    }

    fn order_unit(o: &Order) -> usize {
        o.unit
    }

    fn accepts(s: &State, player: PlayerId, o: &Order) -> bool {
        s.units.get(o.unit).is_some_and(|u| u.player == player)
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
        crate::games::shared::conquest::region_stats(&s.board, "wall cells")
    }

    // `docs/boards.md`: the kit's `./Game`, seeds 1..100, default parameters.
    const KIT_BOARD_MEANS: &'static [(&'static str, f64)] = &[
        ("cities", 14.6),
        ("city cells", 222.0),
        ("paths", 11.6),
        ("path cells", 200.0),
        ("components", 3.7),
        ("largest component", 7.9),
        ("wall cells", 473.0),
    ];
}
