//! Mad Max (Ivan Geffner, Salvador Roura, 2018): four teams of warriors and cars fight for the
//! cities of a desert; every round each team scores the cities it owns. Rules:
//! `docs/games/mad-max.md`, the rules as implemented.
//!
//! One module per part, the same shape as the other games: parameters, directions, board and
//! its generator, FIXED boards, setup, respawn placement, one move and its collisions, the
//! round, the bot view, the replay codec, the native house bots. Tests in
//! `engine/tests/mad_max_*.rs`; the game's page is `docs/games/mad-max.md`.

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

pub use board::CellType;
pub use dir::Dir;
pub use state::{Order, State, Unit, UnitType};

use crate::cnf::BoardSource;
use crate::game::BoardStat;
use crate::game::{Game, PlayerId, SetupError, NB_PLAYERS};
use crate::games::shared::chains::{EIGHT_STEPS, FOUR_STEPS};
use crate::params::{ParamError, ParamSpec, ParamValues};
use crate::rng::GameRng;

/// The Mad Max game.
pub struct MadMax;

impl Game for MadMax {
    const NAME: &'static str = "mad-max";
    const TITLE: &'static str = "Mad Max";
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
            BoardSource::Generated => {
                let size = generator::SIZE;
                if p.rows != size || p.cols != size || p.nb_cities != generator::CITIES {
                    return Err(ParamError::Invalid(format!(
                        "a generated board is {size}x{size} with {} cities (rows = {}, cols = {}, nb_cities = {} given); other sizes need a FIXED board",
                        generator::CITIES, p.rows, p.cols, p.nb_cities
                    ))
                    .into());
                }
                let g = generator::generate(rng);
                setup::initial_state(p.clone(), g.cells, &g.owners, rng)
            }
            BoardSource::Fixed(lines) => fixed::state(p, lines, rng),
        }
    }

    /// Rounds are numbered from 0, as in the statement and the kit.
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

    /// A player's order for its own unit is its first for the unit, as the kit's `Action`
    /// keeps it, even when the rules then drop it (`None`, a unit that may not move).
    fn accepts(s: &State, player: PlayerId, o: &Order) -> bool {
        s.units.get(o.unit).is_some_and(|u| u.player == player)
    }

    fn play_round(s: &mut State, orders: &[Vec<Order>; NB_PLAYERS], rng: &mut GameRng) {
        rules::play_round(s, orders, rng)
    }

    fn scores(s: &State) -> [i64; NB_PLAYERS] {
        s.total_score
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

    // The kit's `./Game` (github vicgua/Mad-Max, Makefile.orig, built natively), seeds 1..100,
    // default parameters, the board at round 0 read from its output, measured 2026-11-25
    // (`docs/games/mad-max.md`, "Fidelity to the kit"; `scripts/kit-mad-max.py KIT boards`).
    const KIT_BOARD_MEANS: &'static [(&'static str, f64)] = &[
        ("desert cells", 2631.48),
        ("road cells", 570.56),
        ("station cells", 7.12),
        ("water cells", 78.93),
        ("wall cells", 83.47),
        ("city cells", 228.44),
        ("cities", 8.0),
        ("largest city", 37.5),
        ("smallest city", 21.2),
        ("lakes", 23.16),
        ("edge road cells", 16.06),
        ("road components", 1.0),
        ("land components", 1.02),
    ];
}

/// What the board statistics count for this game: cells of each type, the cities and their
/// sizes, the lakes (8-connected Water), Road and Station cells on the edge, road components
/// (4-connected Road and Station) and land components (8-connected cells a warrior stands on).
pub fn board_stats(b: &board::Board) -> Vec<BoardStat> {
    let stat = |name, value: usize| BoardStat { name, value: value as f64 };
    let sizes: Vec<usize> = b.cities().iter().map(Vec::len).collect();
    let edge_roads = b
        .cells()
        .positions()
        .filter(|&p| b.on_edge(p) && matches!(b.at(p), CellType::Road | CellType::Station))
        .count();
    vec![
        stat("desert cells", b.count(CellType::Desert)),
        stat("road cells", b.count(CellType::Road)),
        stat("station cells", b.count(CellType::Station)),
        stat("water cells", b.count(CellType::Water)),
        stat("wall cells", b.count(CellType::Wall)),
        stat("city cells", b.count(CellType::City)),
        stat("cities", sizes.len()),
        stat("largest city", sizes.iter().copied().max().unwrap_or(0)),
        stat("smallest city", sizes.iter().copied().min().unwrap_or(0)),
        stat("lakes", b.lakes().len()),
        stat("edge road cells", edge_roads),
        stat("road components", b.groups_of(|c| matches!(c, CellType::Road | CellType::Station), &FOUR_STEPS).len()),
        stat("land components", b.groups_of(CellType::warrior_can_enter, &EIGHT_STEPS).len()),
    ]
}
