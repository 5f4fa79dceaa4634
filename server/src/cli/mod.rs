//! Command-line parsing and dispatch.

mod bench;
mod boards;
mod build;
mod calibrate;
mod cc_source;
mod dummy_lineups;
mod fidelity;
mod file_hash;
mod list;
mod loadtest;
#[cfg(unix)]
mod native_cpp;
mod players;
mod replay;
mod run;
mod seeds;
mod site;
mod stats;
mod strength;
mod tournament;
mod view;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "arena", version, about = "Arena: sandboxed tournaments for programming-game bots")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a match (or many) of four bots, like the kits' ./Game.
    Run(run::RunArgs),
    /// List the games, their parameters and defaults, and the house bots.
    List(list::ListArgs),
    /// Measure match speed and replay size (median of many matches).
    Bench(bench::BenchArgs),
    /// Print the board generator's statistics over many seeds, next to the kit's means.
    Boards(boards::BoardsArgs),
    /// Compare scores with the kit's (two-sample tests, p-values): Demo x4, or with `--dummy` the
    /// Dummy's own score in three line-ups.
    Fidelity(fidelity::FidelityArgs),
    /// First-place rate of players against three copies of an opponent (Dummy), next to the kit's.
    Strength(strength::StrengthArgs),
    /// Play a whole elimination tournament (Jutge's format) locally, on all cores.
    Tournament(tournament::TournamentArgs),
    /// Check a replay file and print its header and result.
    Replay(replay::ReplayArgs),
    /// Serve the browser viewer and a replay on localhost, and print the URL.
    View(view::ViewArgs),
    /// Compile a Jutge-kit C++ player (AIName.cc) to a WebAssembly bot.
    Build(build::BuildArgs),
    /// Measure how much fuel one second of typical bot code burns here (the CPU budget's unit).
    Calibrate(calibrate::CalibrateArgs),
    /// Run the tournament server: web site, match workers and the ladder.
    Serve(site::ServeArgs),
    /// Run match workers only (more machines sharing one database).
    Worker(site::WorkerArgs),
    /// Administration: accounts, a class's roster (import-users), pruning.
    Admin(site::AdminArgs),
    /// Measure a running server: latency of GET requests from many concurrent clients.
    Loadtest(loadtest::LoadtestArgs),
    /// Internal: compiles a wasm module for the sandbox in a child process (killed at the limit).
    #[command(name = "__compile-worker", hide = true)]
    CompileWorker,
}

pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Run(a) => run::run(a),
        Command::List(a) => list::list(a),
        Command::Bench(a) => bench::bench(a),
        Command::Boards(a) => boards::boards(a),
        Command::Fidelity(a) => fidelity::fidelity(a),
        Command::Strength(a) => strength::strength(a),
        Command::Tournament(a) => tournament::tournament(a),
        Command::Replay(a) => replay::replay(a),
        Command::View(a) => view::view(a),
        Command::Build(a) => build::run(a),
        Command::Calibrate(a) => calibrate::calibrate(a),
        Command::Serve(a) => site::serve(a),
        Command::Worker(a) => site::worker(a),
        Command::Admin(a) => site::admin(a),
        Command::Loadtest(a) => loadtest::loadtest(a),
        // main() runs the worker before parsing; reaching this means a misspelled invocation.
        Command::CompileWorker => anyhow::bail!("__compile-worker is internal to the sandbox"),
    }
}

/// A game by name, or an error listing the games.
pub fn game(name: &str) -> anyhow::Result<&'static dyn engine::catalog::AnyGame> {
    engine::catalog::find(name).ok_or_else(|| {
        let games: Vec<&str> = engine::catalog::games().iter().map(|g| g.name()).collect();
        anyhow::anyhow!("unknown game `{name}`; games: {}", games.join(", "))
    })
}
