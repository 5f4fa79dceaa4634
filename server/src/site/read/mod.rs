//! Read models: what pages and the JSON API show (leaderboards, bots, matches, profiles,
//! statistics, the reproduction of a match) and the in-memory caches in front of them. Nothing
//! here writes.

pub mod bot_stats;
pub mod browse_queries;
pub mod cache;
pub mod practice_matches;
pub mod queries;
pub mod reproduce;
