//! The Purge (Albert Oliveras, 2020): four clans of builders and warriors in a city where, for a
//! few days, crimes go unpunished at night; money and kills make the score. Rules:
//! `docs/games/purge.md`, the rules as implemented.
//!
//! One module per part, the same shape as the other games: parameters, board and its generator,
//! placement, setup, FIXED boards, the orders, the round, the bot view, the replay codec, the
//! native house bots. Tests in `engine/tests/purge_*.rs`; the game's page is
//! `docs/games/purge.md`.

pub mod board;
pub mod fixed;
pub mod generator;
pub mod house;
pub mod orders;
pub mod params;
pub mod placement;
pub mod rules;
pub mod setup;
pub mod state;

pub use state::{Barricade, Citizen, CitizenType, Item, Order, OrderKind, State, Weapon};

pub mod replay;
pub mod view;

use crate::cnf::BoardSource;
use crate::game::BoardStat;
use crate::game::{Game, PlayerId, SetupError, NB_PLAYERS};
use crate::params::{ParamError, ParamSpec, ParamValues};
use crate::rng::GameRng;

/// The Purge game.
pub struct Purge;

impl Game for Purge {
    const NAME: &'static str = "purge";
    const TITLE: &'static str = "The Purge";
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

    /// Rounds are numbered from 0, as in the kit and the spec: the bots' `round()` is the round
    /// being played.
    fn round(s: &State) -> u32 {
        s.round
    }

    fn finished(s: &State) -> bool {
        s.round >= s.params.num_rounds()
    }

    fn nb_unit_ids(s: &State) -> usize {
        s.citizens.len()
    }

    fn order_unit(o: &Order) -> usize {
        o.citizen
    }

    /// Only alive citizens of the player at the start of the round take orders.
    fn accepts(s: &State, player: PlayerId, o: &Order) -> bool {
        s.citizens.get(o.citizen).is_some_and(|c| c.alive && c.player == player)
    }

    fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
        rules::play_round(s, orders, rng)
    }

    fn scores(s: &State) -> [i64; NB_PLAYERS] {
        s.scores()
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
        board_stats(s)
    }

    // The 2024 kit's `./Game` (github Marcoss26/JOC-EDA-QP-23-24-THE-PURGE, built natively),
    // seeds 1..100, default parameters, the board at round 0 read from its output
    // (`docs/games/purge.md`, "Fidelity to the kit"; the 2020 kit draws the same boards).
    const KIT_BOARD_MEANS: &'static [(&'static str, f64)] = &[
        ("building cells", 86.33),
        ("street cells", 363.67),
        ("buildings", 5.0),
        ("largest building", 21.1),
        ("street components", 1.0),
        ("money", 10.0),
        ("food", 5.0),
        ("guns", 4.0),
        ("bazookas", 2.0),
    ];
}

/// What the board statistics count for this game: building and street cells, the buildings
/// (8-connected groups of building cells: the generator's chains) and the largest, street
/// components, and the items at round 0.
pub fn board_stats(s: &State) -> Vec<BoardStat> {
    let b = &s.board;
    let groups = b.building_groups();
    let stat = |name, value: usize| BoardStat { name, value: value as f64 };
    let items = |it: Item| s.item.iter().filter(|&&x| x == Some(it)).count();
    vec![
        stat("building cells", b.rows() * b.cols() - b.streets().len()),
        stat("street cells", b.streets().len()),
        stat("buildings", groups.len()),
        stat("largest building", groups.iter().copied().max().unwrap_or(0)),
        stat("street components", b.street_components().len()),
        stat("money", items(Item::Money)),
        stat("food", items(Item::Food)),
        stat("guns", items(Item::Gun)),
        stat("bazookas", items(Item::Bazooka)),
    ]
}
