//! `arena replay FILE`: check a replay and print what it holds. The frames' figures come from
//! each game's replay reader through the engine's catalog (`AnyGame::read_replay`).

use anyhow::Context;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The replay file.
    file: PathBuf,
    /// Print the header and result as JSON.
    #[arg(long)]
    json: bool,
    /// Print, as JSON, the state after round N (0 = the initial state): scores, CPU shares,
    /// freezes and each game's figures: for Pandemic units, cities and paths per player and the
    /// total virus; for Ork Island also each ork (player, cell, health), the owners and the
    /// round's moves; for The Walking Dead each clan's units, cells, strength and kills, every
    /// unit, the food and the round's story; for The Purge each clan's citizens, barricades,
    /// money and kill points, every citizen, the items, the barricades and the round's orders
    /// and fights; for Mad Max each team's warriors, cars and cities, whose turn it is, every
    /// unit with its food, water or fuel, the city owners and the round's moves.
    #[arg(long, value_name = "N")]
    frame: Option<usize>,
}

pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let bytes = std::fs::read(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    let r = engine::replay::Replay::parse(&bytes).with_context(|| format!("{}", a.file.display()))?;
    // Decode the game's part too, so that a damaged round is found.
    let game = engine::catalog::games().into_iter().find(|g| g.name() == r.header.game);
    let decoded = match game {
        Some(game) => Some(game.read_replay(r.clone()).with_context(|| format!("{}", a.file.display()))?),
        None => None,
    };
    let frames = decoded.as_ref().map_or(0, |d| d.frame_count());
    if let Some(n) = a.frame {
        let Some(decoded) = &decoded else {
            anyhow::bail!("--frame does not know game {} yet", r.header.game);
        };
        println!("{}", serde_json::to_string_pretty(&decoded.frame(n)?)?);
        return Ok(());
    }
    if a.json {
        // A struct, not `json!`, so that the parameters keep the game's order.
        #[derive(serde::Serialize)]
        struct Out<'a> {
            header: &'a engine::replay::ReplayHeader,
            summary: &'a engine::referee::MatchSummary,
        }
        println!("{}", serde_json::to_string_pretty(&Out { header: &r.header, summary: &r.summary })?);
        return Ok(());
    }
    let h = &r.header;
    println!("{} replay, format {}, engine {}, rules v{}", h.game_title, h.format, h.engine_version, h.rules_version);
    println!(
        "seed {}, {} rounds, {} frames, board {}",
        h.seed,
        r.rounds.len(),
        frames,
        if h.fixed_board.is_some() { "FIXED" } else { "generated" }
    );
    for (p, (info, res)) in h.players.iter().zip(&r.summary.players).enumerate() {
        println!("  player {p}: {:<12} score {:>8}  rank {}  {}", info.name, res.score, res.rank, info.hash);
    }
    Ok(())
}
