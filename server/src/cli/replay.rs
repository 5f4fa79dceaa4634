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
    /// Print, as JSON, the state after round N (0 = the initial state): scores, CPU shares,
    /// units, cities and paths per player, freezes, total virus.
    #[arg(long, value_name = "N")]
    frame: Option<usize>,
}

pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let bytes = std::fs::read(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    let r = engine::replay::Replay::parse(&bytes).with_context(|| format!("{}", a.file.display()))?;
    // Decode the game's part too, so that a damaged round is found.
    let decoded = match r.header.game.as_str() {
        "pandemic" => {
            Some(engine::games::pandemic::replay::decode(r.clone()).with_context(|| format!("{}", a.file.display()))?)
        }
        _ => None,
    };
    let frames = decoded.as_ref().map_or(0, |d| d.frames.len());
    if let Some(n) = a.frame {
        let frame = match &decoded {
            Some(d) => pandemic_frame(d, n)?,
            None => anyhow::bail!("--frame does not know game {} yet", r.header.game),
        };
        println!("{}", serde_json::to_string_pretty(&frame)?);
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

/// One frame's figures, as the viewer's scoreboard shows them.
#[derive(serde::Serialize)]
struct FrameFigures {
    round: u32,
    scores: [i64; 4],
    cpu: [f64; 4],
    units: [usize; 4],
    cities: [usize; 4],
    paths: [usize; 4],
    frozen: [Option<engine::referee::Frozen>; 4],
    virus_total: u64,
}

fn pandemic_frame(decoded: &engine::games::pandemic::replay::PandemicReplay, n: usize) -> anyhow::Result<FrameFigures> {
    let last = decoded.frames.len() - 1;
    let f = decoded.frames.get(n).ok_or_else(|| anyhow::anyhow!("no frame {n}: this replay has frames 0..={last}"))?;
    let count = |owners: &[i8]| {
        let mut c = [0usize; 4];
        owners.iter().filter_map(|&o| usize::try_from(o).ok()).for_each(|o| c[o] += 1);
        c
    };
    let mut units = [0usize; 4];
    f.units.iter().for_each(|u| units[u.player] += 1);
    // Freezes are recorded in the round they happen; a frame shows every freeze up to it.
    let mut frozen: [Option<engine::referee::Frozen>; 4] = Default::default();
    for g in &decoded.frames[..=n] {
        for (p, z) in &g.common.frozen {
            frozen[*p] = Some(z.clone());
        }
    }
    Ok(FrameFigures {
        round: f.round,
        scores: f.common.scores,
        cpu: f.common.cpu,
        units,
        cities: count(&f.city_owner),
        paths: count(&f.path_owner),
        frozen,
        virus_total: f.virus.iter().map(|&v| u64::from(v)).sum(),
    })
}
