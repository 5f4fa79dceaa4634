//! What players and their bots go through: accounts, uploads (checked, stored, then qualified), a
//! player's own bots, the house bots' rows, the starter kits with the C++ API they document, and
//! the server's own `arena` executable offered for download.

pub mod accounts;
pub mod arena_binary;
pub mod cpp_api;
pub mod house_setup;
pub mod own_bots;
pub mod starter_kit;
pub mod uploads;
