//! Arena's library side of the `arena` command: the house bots, the embedded viewer files and
//! the tournament server (`site`). The command-line front end lives in `main.rs` and `cli/`.

pub mod house;
pub mod site;
pub mod web_assets;
