//! `arena replay FILE`: check a replay and print what it holds.

use anyhow::Context;
use engine::games::{ork_island::replay as ork_island, pandemic::replay as pandemic};
use engine::grid::Dir;
use engine::referee::Frozen;
use engine::replay::RoundCommon;
use std::path::PathBuf;

/// A replay decoded by its game's reader.
enum Decoded {
    Pandemic(pandemic::PandemicReplay),
    OrkIsland(ork_island::OrkIslandReplay),
}

impl Decoded {
    fn frame_count(&self) -> usize {
        match self {
            Decoded::Pandemic(d) => d.frames.len(),
            Decoded::OrkIsland(d) => d.frames.len(),
        }
    }
}

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The replay file.
    file: PathBuf,
    /// Print the header and result as JSON.
    #[arg(long)]
    json: bool,
    /// Print, as JSON, the state after round N (0 = the initial state): scores, CPU shares,
    /// units, cities and paths per player, freezes; for Pandemic the total virus, for Ork Island
    /// each ork (player, cell, health), the owners and the round's moves.
    #[arg(long, value_name = "N")]
    frame: Option<usize>,
}

pub fn replay(a: ReplayArgs) -> anyhow::Result<()> {
    let bytes = std::fs::read(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    let r = engine::replay::Replay::parse(&bytes).with_context(|| format!("{}", a.file.display()))?;
    // Decode the game's part too, so that a damaged round is found.
    let context = || format!("{}", a.file.display());
    let decoded = match r.header.game.as_str() {
        "pandemic" => Some(Decoded::Pandemic(pandemic::decode(r.clone()).with_context(context)?)),
        "ork-island" => Some(Decoded::OrkIsland(ork_island::decode(r.clone()).with_context(context)?)),
        _ => None,
    };
    let frames = decoded.as_ref().map_or(0, Decoded::frame_count);
    if let Some(n) = a.frame {
        let text = match &decoded {
            Some(Decoded::Pandemic(d)) => serde_json::to_string_pretty(&pandemic_frame(d, n)?)?,
            Some(Decoded::OrkIsland(d)) => serde_json::to_string_pretty(&ork_island_frame(d, n)?)?,
            None => anyhow::bail!("--frame does not know game {} yet", r.header.game),
        };
        println!("{text}");
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

/// The figures every grid game's frame has, as the viewer's scoreboard shows them.
#[derive(serde::Serialize)]
struct Common {
    round: u32,
    scores: [i64; 4],
    cpu: [f64; 4],
    units: [usize; 4],
    cities: [usize; 4],
    paths: [usize; 4],
    frozen: [Option<Frozen>; 4],
}

/// The figures of frame `n` that every grid game has: `frames[n]` gives its round, the player of
/// each unit, the city and path owners and the common round part; the freezes are those of
/// frames 0..=n (a freeze is recorded in the round it happens).
fn common_figures<F>(
    frames: &[F],
    n: usize,
    common_of: impl Fn(&F) -> &RoundCommon,
    figures: impl Fn(&F) -> (u32, Vec<usize>, &[i8], &[i8]),
) -> anyhow::Result<Common> {
    let last = frames.len() - 1;
    let f = frames.get(n).ok_or_else(|| anyhow::anyhow!("no frame {n}: this replay has frames 0..={last}"))?;
    let (round, players, city_owner, path_owner) = figures(f);
    let count = |owners: &[i8]| {
        let mut c = [0usize; 4];
        owners.iter().filter_map(|&o| usize::try_from(o).ok()).for_each(|o| c[o] += 1);
        c
    };
    let mut units = [0usize; 4];
    players.iter().for_each(|&p| units[p] += 1);
    let mut frozen: [Option<Frozen>; 4] = Default::default();
    for g in &frames[..=n] {
        for (p, z) in &common_of(g).frozen {
            frozen[*p] = Some(z.clone());
        }
    }
    let common = common_of(f);
    Ok(Common {
        round,
        scores: common.scores,
        cpu: common.cpu,
        units,
        cities: count(city_owner),
        paths: count(path_owner),
        frozen,
    })
}

/// One Pandemic frame's figures.
#[derive(serde::Serialize)]
struct PandemicFigures {
    #[serde(flatten)]
    common: Common,
    virus_total: u64,
}

fn pandemic_frame(decoded: &pandemic::PandemicReplay, n: usize) -> anyhow::Result<PandemicFigures> {
    let common = common_figures(
        &decoded.frames,
        n,
        |f| &f.common,
        |f| (f.round, f.units.iter().map(|u| u.player).collect(), f.city_owner.as_slice(), f.path_owner.as_slice()),
    )?;
    Ok(PandemicFigures { common, virus_total: decoded.frames[n].virus.iter().map(|&v| u64::from(v)).sum() })
}

/// One ork in a frame.
#[derive(serde::Serialize)]
struct OrkFigures {
    id: usize,
    player: usize,
    row: i32,
    col: i32,
    health: i32,
}

/// One move tried in a round.
#[derive(serde::Serialize)]
struct MoveFigures {
    ork: usize,
    dir: &'static str,
}

/// One Ork Island frame's figures: the common ones, each player's total ork health, every ork,
/// the owner of each city and path (-1 for none) and the moves tried in the round.
#[derive(serde::Serialize)]
struct OrkIslandFigures {
    #[serde(flatten)]
    common: Common,
    health: [i64; 4],
    orks: Vec<OrkFigures>,
    city_owner: Vec<i8>,
    path_owner: Vec<i8>,
    moves: Vec<MoveFigures>,
}

fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::Bottom => "bottom",
        Dir::Right => "right",
        Dir::Top => "top",
        Dir::Left => "left",
        Dir::None => "none",
    }
}

fn ork_island_frame(decoded: &ork_island::OrkIslandReplay, n: usize) -> anyhow::Result<OrkIslandFigures> {
    let common = common_figures(
        &decoded.frames,
        n,
        |f| &f.common,
        |f| (f.round, f.orks.iter().map(|u| u.player).collect(), f.city_owner.as_slice(), f.path_owner.as_slice()),
    )?;
    let f = &decoded.frames[n];
    let mut health = [0i64; 4];
    f.orks.iter().for_each(|u| health[u.player] += i64::from(u.health));
    Ok(OrkIslandFigures {
        common,
        health,
        orks: f
            .orks
            .iter()
            .map(|u| OrkFigures { id: u.id, player: u.player, row: u.pos.i, col: u.pos.j, health: u.health })
            .collect(),
        city_owner: f.city_owner.clone(),
        path_owner: f.path_owner.clone(),
        moves: f.moves.iter().map(|m| MoveFigures { ork: m.unit, dir: dir_name(m.dir) }).collect(),
    })
}
