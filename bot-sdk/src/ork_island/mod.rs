//! Ork Island (Enric Rodríguez, 2017): the Jutge kit's player API in Rust style.
//!
//! A bot is a `Default` type implementing [`Player`], exported with
//! [`ork_island_bot!`](crate::ork_island_bot); its views are tested against the engine's encoder.
//!
//! ```ignore
//! use arena_bot::ork_island::{Command, Dir, Game, Player};
//!
//! #[derive(Default)]
//! struct MyBot;
//!
//! impl Player for MyBot {
//!     fn play(&mut self, g: &mut Game) {
//!         for id in g.orks(g.me()) {
//!             g.execute(Command { id, dir: Dir::MOVES[g.random(0, 3) as usize] });
//!         }
//!     }
//! }
//!
//! arena_bot::ork_island_bot!(MyBot);
//! ```
//!
//! | kit | here |
//! |---|---|
//! | `CellType { WATER, GRASS, FOREST, SAND, CITY, PATH }` | [`CellType`]`::{Water, Grass, Forest, Sand, City, Path}` |
//! | `Dir`, `Pos`, `Command`, `Path` | [`Dir`], [`Pos`], [`Command`], [`Path`] (shared with Pandemic) |
//! | `Cell { type, unit_id, city_id, path_id }` | [`Cell`]`{ kind, unit_id, city_id, path_id }`, ids `Option<usize>` |
//! | `Unit { id, player, pos, health }` | [`Unit`], same fields |
//! | `nb_players() rows() cols() nb_rounds() initial_health() nb_orks()` | same names |
//! | `cost_grass() cost_forest() cost_sand() cost_city() cost_path() cost(CellType)` | same names; `cost(Water)` is `i32::MAX` |
//! | `bonus_per_city_cell() bonus_per_path_cell() factor_connected_component()` | same names |
//! | `player_ok(pl) pos_ok(i, j) pos_ok(p)` | `player_ok(pl)`, `pos_ok((i, j))`, `pos_ok(p)` |
//! | `round() total_score(pl) status(pl) cell(i, j) cell(p)` | same names; also `kind(p)`, `unit_at(p)` |
//! | `nb_units() unit(id) orks(pl)` | same names; also `units()`, `units_of(pl)` |
//! | `nb_cities() city(id) city_owner(id) nb_paths() path(id) path_owner(id)` | same names, owners `Option<usize>` |
//! | `execute(Command{id, dir})` | `execute(`[`Command`]`{ id, dir })`, also `move_unit(id, dir)` |
//! | `me() random(l, u) random_permutation(n)`, `play()` | same names, [`Player::play`] |

mod game;
mod types;

pub use game::{Game, ORDER_CHUNK, ORDER_SIZE};
pub use types::{Cell, CellType, Command, Dir, Path, Pos, Settings, Unit};

/// The game's name in the views.
pub const GAME: &str = "ork-island";

/// An Ork Island player: [`Player::play`] is called once per round; the orders it gives are the
/// bot's orders for the round. Made with `Default` before the first round.
pub trait Player {
    /// Plays one round.
    fn play(&mut self, g: &mut Game);
}

/// Runs a [`Player`]: decodes the views, calls `play`, gives the orders. What the bot macro
/// exports, and what `arena_bot::native::NativeBot` runs natively.
pub type Runner<P> = crate::conquest::Runner<Game, P>;

impl<P: Player> crate::conquest::PlayerOf<Game> for P {
    fn play_round(&mut self, g: &mut Game) {
        self.play(g)
    }
}

/// Makes an Ork Island bot of a type implementing [`Player`](crate::ork_island::Player) and
/// `Default` (exports `arena_game_ork_island` and the ABI's functions on `wasm32`).
#[macro_export]
macro_rules! ork_island_bot {
    ($player:ty) => {
        $crate::export_bot!(arena_game_ork_island, $crate::ork_island::Runner<$player>);
    };
}
