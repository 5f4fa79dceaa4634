//! The tournament server: accounts, uploads, qualification against Dummy, the match queue and
//! its workers, the ladder, elimination tournaments, and the web pages and JSON API over them.
//! Qualification, tournaments, practice matches and the ladder are match sources behind one
//! interface ([`sources::Scheduler`]).
//!
//! ```text
//!  browser / curl ──► web (axum) ──► Postgres ◄── workers (sandbox + engine) ──► replay store
//!                                      ▲
//!    sources (qualification, tournaments, practice, ladder) ┘
//! ```
//! Everything shared lives in Postgres, so `arena worker` processes on other machines can join.
//!
//! The folders are layers; each imports only from the layers listed before it (ARCHITECTURE.md,
//! "The site's layers"; `scripts/import-cycles.py` checks that no file cycle exists):
//! `core` (vocabulary, settings) → `store` (database, sessions, throttles, object store) →
//! `matches` (queue, runner, fair share) → `read` (read models and caches) → `state` →
//! `sources` (the match sources and their registry) → `players` (accounts, uploads, bots, kits)
//! → `worker`, `metrics` → `web` (HTTP) → `serve` (the composition root).

pub mod core;
pub mod matches;
pub mod metrics;
pub mod players;
pub mod read;
pub mod serve;
pub mod sources;
pub mod state;
pub mod store;
pub mod web;
pub mod worker;
