//! Where the site keeps things: the database (connection, health, a private cluster), the replay
//! object store and its retention, sessions and log-in throttles.

pub mod db;
pub mod db_health;
pub mod local_pg;
pub mod replay_store;
pub mod retention;
pub mod sessions;
pub mod throttle;
