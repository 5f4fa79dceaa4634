//! Arena's library side of the `arena` command: the C++ build of a kit player (`cpp_build`, for
//! `arena build` and the server's source uploads), the per-game assets (`games`: house bots, the
//! C++ SDK's files, starter-kit players, rules pages, the kits' figures), the embedded viewer
//! files, a match's stderr round by round (`stderr_rounds`) and the tournament server (`site`).
//! The command-line front end lives in `main.rs` and `cli/`.

pub mod cpp_build;
pub mod games;
pub mod site;
pub mod stderr_rounds;
pub mod web_assets;
