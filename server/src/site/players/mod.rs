//! What players and their bots go through: accounts (and a class's, imported from a roster with
//! invitation links), uploads (checked, stored, then qualified; sources compiled first, in a
//! jail), a player's own bots, withdrawing a player's work from the queue, the house bots' rows,
//! the starter kits with the C++ API they document, and the server's own `arena` executable
//! offered for download.

pub mod accounts;
pub mod arena_binary;
pub mod compiles;
pub mod cpp_api;
pub mod house_setup;
pub mod invitations;
pub mod own_bots;
pub mod roster;
pub mod starter_kit;
pub mod uploads;
pub mod withdraw;
