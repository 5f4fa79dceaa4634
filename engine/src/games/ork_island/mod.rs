//! Ork Island (Enric Rodríguez, 2017): four armies of orks fight over the cities and paths of an
//! island, paying health to cross its terrain. Rules: `shared/rules/ork-island.md`, with the
//! clarifications of `shared/specs/ork-island.md`.
//!
//! In progress (issue 6): parameters, board, generator, setup, round rules and scoring are
//! here and tested (`engine/tests/ork_island_*.rs`); the bot view, the replay codec and the
//! `Game` implementation that puts the game in the catalog come next.

pub mod board;
pub mod generator;
pub mod params;
pub mod placement;
pub mod rules;
pub mod setup;
pub mod state;

pub use state::{Order, Ork, State};
