//! Arena's engine: the referee of Arena's 4-player grid games.
//!
//! - [`game`]: the [`game::Game`] trait every game implements (parameters, board, state, orders,
//!   one round, scores, replay encoding), free of I/O.
//! - [`referee`]: the round loop, the [`referee::Bot`] trait and the platform rules (order cap,
//!   first order per unit, freezing).
//! - [`outcome`]: the vocabulary of a match (setup, summary, freezes), which the referee
//!   produces and the replay stores.
//! - [`rng`]: one seed per match, independent ChaCha8 streams.
//! - [`params`], [`cnf`]: parameters and Jutge `.cnf` files.
//! - [`replay`]: the compressed, versioned replay container, and a decoded replay's frames as
//!   serializable figures ([`replay::frames`]; `erased-serde` lets the catalog hand out each
//!   game's own view, in its field order, behind one object-safe trait).
//! - [`catalog`]: the games by name, for the command line and the server.
//! - [`games`]: one module per game, and `games::shared` for what several games share.
//! - [`wire`]: the byte-level bot interface sandboxed (WebAssembly) bots implement.

pub mod catalog;
pub mod cnf;
pub mod game;
pub mod games;
pub mod grid;
pub mod outcome;
pub mod params;
pub mod referee;
pub mod replay;
pub mod rng;
pub mod wire;
