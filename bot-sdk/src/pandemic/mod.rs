//! Pandemic (Martí Oller, 2021): the Jutge kit's player API in Rust style.
//!
//! A bot is a `Default` type implementing [`Player`], exported with
//! [`pandemic_bot!`](crate::pandemic_bot):
//!
//! ```ignore
//! use arena_bot::pandemic::{Dir, Game, Player};
//!
//! #[derive(Default)]
//! struct MyBot;
//!
//! impl Player for MyBot {
//!     fn play(&mut self, g: &mut Game) {
//!         let me = g.me();
//!         for id in g.my_units(me) {
//!             let d = Dir::MOVES[g.random(0, 3) as usize];
//!             g.move_unit(id, d);
//!         }
//!     }
//! }
//!
//! arena_bot::pandemic_bot!(MyBot);
//! ```
//!
//! The kit's names and where they are here (all on [`Game`] unless said otherwise):
//!
//! | kit | here |
//! |---|---|
//! | `CellType { WALL, GRASS, CITY, PATH }` | [`CellType`]`::{Wall, Grass, City, Path}` |
//! | `Dir { BOTTOM, RIGHT, TOP, LEFT, NONE }` | [`Dir`]`::{Bottom, Right, Top, Left, None}`, [`Dir::MOVES`] |
//! | `Pos { i, j }`, `p + dir`, `p + q`, `<`, `cout << p` | [`Pos`]: `p + dir`, `p + q`, `Ord` (row-major), `Display` |
//! | `Cell { type, unit_id, city_id, path_id, virus, mask }` | [`Cell`]`{ kind, unit_id, city_id, path_id, virus, mask }`, ids `Option<usize>` (`None` for -1) |
//! | `Unit { id, player, pos, health, damage, turns, immune, mask }` | [`Unit`], same fields |
//! | `nb_players() rows() cols() nb_rounds() initial_health() nb_units()` | same names |
//! | `bonus_per_city_cell() bonus_per_path_cell() factor_connected_component()` | same names |
//! | `infection_factor() mask_protection()` | same names (`f64`) |
//! | `player_ok(pl) pos_ok(i, j) pos_ok(p)` | `player_ok(pl)`, `pos_ok((i, j))`, `pos_ok(p)` |
//! | `round() total_score(pl) status(pl)` | same names |
//! | `cell(i, j) cell(p)` | `cell((i, j))`, `cell(p)`; also `kind(p)`, `unit_at(p)`, `city_at(p)`, `path_at(p)`, `virus(p)`, `mask_at(p)` |
//! | `total_units() unit(id) my_units(pl)` | same names; also `units()`, `units_of(pl)` |
//! | `nb_cities() city(id) city_owner(id)` | same names; `city(id)` is `&[Pos]`, owners `Option<usize>` |
//! | `nb_paths() path(id) path_owner(id)` | same names; `path(id)` is a [`Path`] `{ ends, cells }` |
//! | `move(id, dir)`, `execute(Command{id, dir})` | `move_unit(id, dir)`, `execute(`[`Command`]`{ id, dir })` |
//! | `me() random(l, u) random_permutation(n)` | same names |
//! | `play()` | [`Player::play`] |
//! | `cerr << ...` | [`eprintln!`](crate::eprintln) / [`log!`](macro@crate::log) |

mod game;
mod types;

pub use game::{Game, ORDER_CHUNK, ORDER_SIZE};
pub use types::{Cell, CellType, Command, Dir, Path, Pos, Settings, Unit};

/// The game's name in the views.
pub const GAME: &str = "pandemic";

/// A Pandemic player: [`Player::play`] is called once per round with the round's state; the
/// orders it gives are the bot's orders for the round. The player is made with `Default` before
/// the first round and lives for the whole match.
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

/// Makes a Pandemic bot of a type implementing [`Player`](crate::pandemic::Player) and
/// `Default`: `arena_bot::pandemic_bot!(MyBot);` at the top level of the bot's `cdylib` crate.
/// On `wasm32` it exports the bot ABI's functions (`arena_abi_v1`, `arena_game_pandemic`,
/// `arena_alloc`, `arena_start`, `arena_play`); on other targets it expands to nothing (run the
/// bot natively with `arena_bot::native::NativeBot<arena_bot::pandemic::Runner<MyBot>>`).
#[macro_export]
macro_rules! pandemic_bot {
    ($player:ty) => {
        $crate::export_bot!(arena_game_pandemic, $crate::pandemic::Runner<$player>);
    };
}
