//! The Purge (Albert Oliveras, 2020): the Jutge kit's player API in Rust style.
//!
//! A bot is a `Default` type implementing [`Player`], exported with
//! [`purge_bot!`](crate::purge_bot); its views are tested against the engine's encoder.
//!
//! ```ignore
//! use arena_bot::purge::{Dir, Game, Player};
//!
//! #[derive(Default)]
//! struct MyBot;
//!
//! impl Player for MyBot {
//!     fn play(&mut self, g: &mut Game) {
//!         for id in g.warriors(g.me()) {
//!             g.move_citizen(id, Dir::ALL[g.random(0, 3) as usize]);
//!         }
//!     }
//! }
//!
//! arena_bot::purge_bot!(MyBot);
//! ```
//!
//! | kit | here |
//! |---|---|
//! | `Dir { Down, Right, Up, Left }` | [`Dir`], same names and order |
//! | `CellType`, `BonusType`, `WeaponType`, `CitizenType`, `strongestWeapon(a, b)` | [`CellType`], [`BonusType`], [`WeaponType`], [`CitizenType`], [`strongest_weapon`] |
//! | `Pos`, `+ Dir`, `+ Pos` | [`Pos`] (shared), `pos + dir` |
//! | `Cell { type, bonus, weapon, resistance, b_owner, id }`, `is_empty()` | [`Cell`]`{ kind, .. }`, resistance, owner and id `Option` |
//! | `Citizen { type, id, player, pos, weapon, life }` | [`Citizen`]`{ kind, .. }` |
//! | one function per parameter, `num_rounds() citizen_ini_life(t) num_rounds_regen_citizen(t) weapon_strength_attack(w) weapon_strength_demolish(w)` | same names |
//! | `player_ok(pl) pos_ok(i, j) pos_ok(p) is_round_day(r) is_round_night(r)` | same names (`pos_ok((i, j))`) |
//! | `round() is_day() is_night() cell(i, j) cell(p) citizen(id)` | same names; `citizen` is an `Option` (`None` for the dead) |
//! | `builders(pl) warriors(pl) barricades(pl) score(pl) status(pl)` | same names |
//! | `move(id, dir)`, `build(id, dir)` | `move_citizen(id, dir)` (`move` is a Rust keyword), `build(id, dir)` |
//! | `me() random(l, u) random_permutation(n)`, `play()` | same names, [`Player::play`] |

mod game;
mod types;

pub use game::{Game, ORDER_SIZE};
pub use types::{strongest_weapon, BonusType, Cell, CellType, Citizen, CitizenType, Dir, Pos, WeaponType};

/// The game's name in the views.
pub const GAME: &str = "purge";

/// A Purge player: [`Player::play`] is called once per round; the orders it gives are the bot's
/// orders for the round. Made with `Default` before the first round.
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

/// Makes a Purge bot of a type implementing [`Player`](crate::purge::Player) and `Default`
/// (exports `arena_game_purge` and the ABI's functions on `wasm32`).
#[macro_export]
macro_rules! purge_bot {
    ($player:ty) => {
        $crate::export_bot!(arena_game_purge, $crate::purge::Runner<$player>);
    };
}
