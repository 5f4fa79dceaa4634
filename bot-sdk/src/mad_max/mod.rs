//! Mad Max (Ivan Geffner, Salvador Roura, 2018): the Jutge kit's player API in Rust style.
//!
//! A bot is a `Default` type implementing [`Player`], exported with
//! [`mad_max_bot!`](crate::mad_max_bot); its views are tested against the engine's encoder.
//!
//! ```ignore
//! use arena_bot::mad_max::{Dir, Game, Player};
//!
//! #[derive(Default)]
//! struct MyBot;
//!
//! impl Player for MyBot {
//!     fn play(&mut self, g: &mut Game) {
//!         for id in g.cars(g.me()) {
//!             if g.can_move(id) {
//!                 g.command(id, Dir::MOVES[g.random(0, 7) as usize]);
//!             }
//!         }
//!     }
//! }
//!
//! arena_bot::mad_max_bot!(MyBot);
//! ```
//!
//! | kit | here |
//! |---|---|
//! | `Dir { Bottom, BR, Right, RT, Top, TL, Left, LB, None }`, `dir_ok` | [`Dir`], same names and order |
//! | `CellType { Desert, Road, City, Water, Station, Wall }`, `UnitType { Warrior, Car }` | [`CellType`], [`UnitType`] |
//! | `Pos`, `+ Dir`, `+ Pos` | [`Pos`] (shared), `pos + dir` |
//! | `Cell { type, owner, id }` | [`Cell`]`{ kind, owner, id }`, owner and id `Option` |
//! | `Unit { type, id, player, food, water, pos }` | [`Unit`]`{ kind, .. }` |
//! | `nb_players() nb_rounds() nb_cities() nb_warriors() nb_cars() warriors_health() cars_fuel() damage() rows() cols()` | same names |
//! | `player_ok(pl) pos_ok(i, j) pos_ok(p)` | same names (`pos_ok((i, j))`) |
//! | `round() cell(i, j) cell(p) nb_units() unit(id) num_cities(pl) total_score(pl) status(pl) warriors(pl) cars(pl) can_move(id)` | same names; `unit` is an `Option` |
//! | `command(id, dir)`, `command(Movement)` | `command(id, dir)` |
//! | `me() random(l, u) random_permutation(n)`, `play()` | same names, [`Player::play`] |

mod game;
mod types;

pub use game::{Game, ORDER_CHUNK, ORDER_SIZE};
pub use types::{Cell, CellType, Dir, Pos, Unit, UnitType};

/// The game's name in the views.
pub const GAME: &str = "mad-max";

/// A Mad Max player: [`Player::play`] is called once per round; the orders it gives are the
/// bot's orders for the round. Made with `Default` before the first round.
pub trait Player {
    /// Plays one round.
    fn play(&mut self, g: &mut Game);
}

/// Runs a [`Player`]: decodes the views, calls `play`, gives the orders.
pub type Runner<P> = crate::runner::Runner<Game, P>;

impl<P: Player> crate::runner::PlayerOf<Game> for P {
    fn play_round(&mut self, g: &mut Game) {
        self.play(g)
    }
}

/// Makes a Mad Max bot of a type implementing [`Player`](crate::mad_max::Player) and `Default`
/// (exports `arena_game_mad_max` and the ABI's functions on `wasm32`).
#[macro_export]
macro_rules! mad_max_bot {
    ($player:ty) => {
        $crate::export_bot!(arena_game_mad_max, $crate::mad_max::Runner<$player>);
    };
}
