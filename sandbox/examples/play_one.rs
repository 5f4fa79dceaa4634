//! `cargo run --release -p sandbox --example play_one [SEED]`: the shortest way in. Loads the
//! house bots shipped in `bots/prebuilt/` (Pandemic's Dummy and three Demos), plays one default
//! match in the sandbox and prints each player's score, rank and fuel: the whole path of a
//! match (module → sandbox → engine → summary) in one page.

use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use sandbox::{Limits, Sandbox};

const DUMMY: &[u8] = include_bytes!("../../bots/prebuilt/pandemic/dummy.wasm");
const DEMO: &[u8] = include_bytes!("../../bots/prebuilt/pandemic/demo.wasm");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = std::env::args().nth(1).map(|s| s.parse()).transpose()?.unwrap_or(1);
    // One sandbox per process: it owns the wasmtime engine and the budgets (fuel, memory).
    let sandbox = Sandbox::new(Limits::default())?;
    // `load` checks the module (imports, exports, the game marker) and compiles it.
    let dummy = sandbox.load(DUMMY, Some("pandemic"))?;
    let demo = sandbox.load(DEMO, Some("pandemic"))?;
    // A player is a factory the engine asks for one bot per match, and a log to read after.
    let players = [(&dummy, "Dummy"), (&demo, "Demo1"), (&demo, "Demo2"), (&demo, "Demo3")]
        .map(|(module, name)| module.player(name));
    let specs: Vec<PlayerSpec> = players.iter().map(|(factory, _)| PlayerSpec::Wire(factory.clone())).collect();

    let game = catalog::find("pandemic").ok_or("no game pandemic")?;
    let setup = MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
    let out = game.play(&setup, &specs, false)?;

    println!("pandemic, seed {seed}, {} rounds", out.summary.rounds);
    for (result, (_, log)) in out.summary.players.iter().zip(&players) {
        let fuel = log.report().map_or(0, |r| r.fuel_used);
        println!("  {:<6} score {:>6}  rank {}  fuel {:>14}", result.name, result.score, result.rank, fuel);
    }
    Ok(())
}
