//! What players and their bots go through: accounts, uploads (checked, stored, then qualified), a
//! player's own bots, withdrawing a player's work from the queue, the house bots' rows, and the starter kits with the C++ API they document.

pub mod accounts;
pub mod cpp_api;
pub mod house_setup;
pub mod own_bots;
pub mod starter_kit;
pub mod uploads;
pub mod withdraw;
