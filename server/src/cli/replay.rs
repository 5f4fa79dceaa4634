//! `arena replay FILE`: check a replay and print what it holds.

use anyhow::Context;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The replay file.
    file: PathBuf,
    /// Print the header and result as JSON.
    #[arg(long)]
    json: bool,
}

pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let bytes = std::fs::read(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    let r = engine::replay::Replay::parse(&bytes).with_context(|| format!("{}", a.file.display()))?;
    // Decode the game's part too, so that a damaged round is found.
    let frames = match r.header.game.as_str() {
        "pandemic" => engine::games::pandemic::replay::decode(r.clone())
            .with_context(|| format!("{}", a.file.display()))?
            .frames
            .len(),
        _ => 0,
    };
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
