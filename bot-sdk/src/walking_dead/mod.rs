//! The Walking Dead (Albert Oliveras, 2022): the Jutge kit's player API in Rust style.
//!
//! A bot is a `Default` type implementing [`Player`], exported with
//! [`walking_dead_bot!`](crate::walking_dead_bot); its views are tested against the engine's
//! encoder.
//!
//! ```ignore
//! use arena_bot::walking_dead::{Dir, Game, Player};
//!
//! #[derive(Default)]
//! struct MyBot;
//!
//! impl Player for MyBot {
//!     fn play(&mut self, g: &mut Game) {
//!         for id in g.alive_units(g.me()) {
//!             g.move_unit(id, Dir::STRAIGHT[g.random(0, 3) as usize]);
//!         }
//!     }
//! }
//!
//! arena_bot::walking_dead_bot!(MyBot);
//! ```
//!
//! | kit | here |
//! |---|---|
//! | `Dir { Down, DR, Right, RU, Up, UL, Left, LD }` | [`Dir`], same names and order |
//! | `CellType { Street, Waste }`, `UnitType { Alive, Dead, Zombie }` | [`CellType`], [`UnitType`] |
//! | `Pos`, `+ Dir`, `+ Pos` | [`Pos`] (shared), `pos + dir` |
//! | `Cell { type, owner, id, food }`, `is_empty()` | [`Cell`]`{ kind, owner, id, food }`, owner and id `Option<usize>` |
//! | `Unit { type, id, player, pos, rounds_for_zombie }` | [`Unit`]`{ kind, .. }`, player `Option<usize>` |
//! | `num_players() num_rounds() board_rows() board_cols() ...` (13 settings) | same names |
//! | `player_ok(pl) pos_ok(i, j) pos_ok(p)` | `player_ok(pl)`, `pos_ok((i, j))`, `pos_ok(p)` |
//! | `round() cell(i, j) cell(p) unit(id)` | same names |
//! | `alive_units(pl) dead_units(pl) zombies()` | same names, `Vec<usize>` |
//! | `strength(pl) score(pl) status(pl)` | same names |
//! | `move(id, dir)` | `move_unit(id, dir)` (`move` is a Rust keyword) |
//! | `me() random(l, u) random_permutation(n)`, `play()` | same names, [`Player::play`] |

mod game;
mod types;

pub use game::{Game, ORDER_CHUNK, ORDER_SIZE};
pub use types::{Cell, CellType, Dir, Pos, Settings, Unit, UnitType};

/// The game's name in the views.
pub const GAME: &str = "walking-dead";

/// A Walking Dead player: [`Player::play`] is called once per round; the orders it gives are the
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

/// Makes a Walking Dead bot of a type implementing
/// [`Player`](crate::walking_dead::Player) and `Default` (exports `arena_game_walking_dead` and
/// the ABI's functions on `wasm32`).
#[macro_export]
macro_rules! walking_dead_bot {
    ($player:ty) => {
        $crate::export_bot!(arena_game_walking_dead, $crate::walking_dead::Runner<$player>);
    };
}
