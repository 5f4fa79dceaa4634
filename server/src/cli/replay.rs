//! `arena replay FILE`: check a replay and print what it holds.

use anyhow::Context;
use engine::games::mad_max::{replay as mad_max, UnitType as MadMaxUnit};
use engine::games::purge::{replay as purge, CitizenType, Item, OrderKind, Weapon};
use engine::games::walking_dead::{replay as walking_dead, UnitType};
use engine::games::{ork_island::replay as ork_island, pandemic::replay as pandemic};
use engine::grid::Dir;
use engine::referee::Frozen;
use engine::replay::RoundCommon;
use std::path::PathBuf;

/// A replay decoded by its game's reader.
enum Decoded {
    Pandemic(pandemic::PandemicReplay),
    OrkIsland(ork_island::OrkIslandReplay),
    WalkingDead(walking_dead::WalkingDeadReplay),
    Purge(purge::PurgeReplay),
    MadMax(mad_max::MadMaxReplay),
}

impl Decoded {
    fn frame_count(&self) -> usize {
        match self {
            Decoded::Pandemic(d) => d.frames.len(),
            Decoded::OrkIsland(d) => d.frames.len(),
            Decoded::WalkingDead(d) => d.frames.len(),
            Decoded::Purge(d) => d.frames.len(),
            Decoded::MadMax(d) => d.frames.len(),
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
    let context = || format!("{}", a.file.display());
    let decoded = match r.header.game.as_str() {
        "pandemic" => Some(Decoded::Pandemic(pandemic::decode(r.clone()).with_context(context)?)),
        "ork-island" => Some(Decoded::OrkIsland(ork_island::decode(r.clone()).with_context(context)?)),
        "walking-dead" => Some(Decoded::WalkingDead(walking_dead::decode(r.clone()).with_context(context)?)),
        "purge" => Some(Decoded::Purge(purge::decode(r.clone()).with_context(context)?)),
        "mad-max" => Some(Decoded::MadMax(mad_max::decode(r.clone()).with_context(context)?)),
        _ => None,
    };
    let frames = decoded.as_ref().map_or(0, Decoded::frame_count);
    if let Some(n) = a.frame {
        let text = match &decoded {
            Some(Decoded::Pandemic(d)) => serde_json::to_string_pretty(&pandemic_frame(d, n)?)?,
            Some(Decoded::OrkIsland(d)) => serde_json::to_string_pretty(&ork_island_frame(d, n)?)?,
            Some(Decoded::WalkingDead(d)) => serde_json::to_string_pretty(&walking_dead_frame(d, n)?)?,
            Some(Decoded::Purge(d)) => serde_json::to_string_pretty(&purge_frame(d, n)?)?,
            Some(Decoded::MadMax(d)) => serde_json::to_string_pretty(&mad_max_frame(d, n)?)?,
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

/// The figures every game's frame has.
#[derive(serde::Serialize)]
struct Basics {
    round: u32,
    scores: [i64; 4],
    cpu: [f64; 4],
    frozen: [Option<Frozen>; 4],
}

/// The figures of frame `n` of any game; the freezes are those of frames 0..=n (a freeze is
/// recorded in the round it happens).
fn basics<F>(
    frames: &[F],
    n: usize,
    round: impl Fn(&F) -> u32,
    common_of: impl Fn(&F) -> &RoundCommon,
) -> anyhow::Result<Basics> {
    let last = frames.len() - 1;
    let f = frames.get(n).ok_or_else(|| anyhow::anyhow!("no frame {n}: this replay has frames 0..={last}"))?;
    let mut frozen: [Option<Frozen>; 4] = Default::default();
    for g in &frames[..=n] {
        for (p, z) in &common_of(g).frozen {
            frozen[*p] = Some(z.clone());
        }
    }
    let common = common_of(f);
    Ok(Basics { round: round(f), scores: common.scores, cpu: common.cpu, frozen })
}

/// The figures every game of cities and paths has, as the viewer's scoreboard shows them.
#[derive(serde::Serialize)]
struct Common {
    #[serde(flatten)]
    basics: Basics,
    units: [usize; 4],
    cities: [usize; 4],
    paths: [usize; 4],
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
    let basics = basics(frames, n, |f| figures(f).0, &common_of)?;
    let (_, players, city_owner, path_owner) = figures(&frames[n]);
    let count = |owners: &[i8]| {
        let mut c = [0usize; 4];
        owners.iter().filter_map(|&o| usize::try_from(o).ok()).for_each(|o| c[o] += 1);
        c
    };
    let mut units = [0usize; 4];
    players.iter().for_each(|&p| units[p] += 1);
    Ok(Common { basics, units, cities: count(city_owner), paths: count(path_owner) })
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

/// One unit of The Walking Dead in a frame.
#[derive(serde::Serialize)]
struct WalkingDeadUnit {
    id: usize,
    kind: &'static str,
    player: i32,
    row: i32,
    col: i32,
    rounds_for_zombie: i32,
}

/// One Walking Dead frame's figures: the basics, per clan its alive and dead units, owned cells,
/// strength points and strength, zombies killed and fights won; the zombies, the food cells,
/// every unit and the round's story (moves tried, fights, bites, the clan switch).
#[derive(serde::Serialize)]
struct WalkingDeadFigures {
    #[serde(flatten)]
    basics: Basics,
    alive: [usize; 4],
    dead: [usize; 4],
    zombies: usize,
    cells: [usize; 4],
    strength_points: [i64; 4],
    strength: [i64; 4],
    zombies_killed: [i64; 4],
    fights_won: [i64; 4],
    food: Vec<(i32, i32)>,
    units: Vec<WalkingDeadUnit>,
    moves: Vec<(usize, &'static str)>,
    fights: Vec<serde_json::Value>,
    bites: Vec<(usize, usize)>,
    clan_switch: Option<(usize, usize, usize)>,
}

const WALKING_DEAD_DIRS: [&str; 8] = ["Down", "DR", "Right", "RU", "Up", "UL", "Left", "LD"];

fn walking_dead_frame(decoded: &walking_dead::WalkingDeadReplay, n: usize) -> anyhow::Result<WalkingDeadFigures> {
    let basics = basics(&decoded.frames, n, |f| f.round, |f| &f.common)?;
    let f = &decoded.frames[n];
    let cols = decoded.board.cols();
    let (mut alive, mut dead, mut cells) = ([0usize; 4], [0usize; 4], [0usize; 4]);
    for u in &f.units {
        match (u.kind, usize::try_from(u.player)) {
            (UnitType::Alive, Ok(p)) => alive[p] += 1,
            (UnitType::Dead, Ok(p)) => dead[p] += 1,
            _ => {}
        }
    }
    f.owner.iter().filter_map(|&o| usize::try_from(o).ok()).for_each(|o| cells[o] += 1);
    Ok(WalkingDeadFigures {
        basics,
        alive,
        dead,
        zombies: f.units.iter().filter(|u| u.kind == UnitType::Zombie).count(),
        cells,
        strength_points: f.strength_points,
        strength: std::array::from_fn(|p| f.strength(p)),
        zombies_killed: f.zombies_killed,
        fights_won: f.fights_won,
        food: f.food.iter().map(|&k| ((k / cols) as i32, (k % cols) as i32)).collect(),
        units: f
            .units
            .iter()
            .map(|u| WalkingDeadUnit {
                id: u.id,
                kind: ["alive", "dead", "zombie"][usize::from(u.kind.code())],
                player: u.player,
                row: u.pos.i,
                col: u.pos.j,
                rounds_for_zombie: u.rounds_for_zombie,
            })
            .collect(),
        moves: f.log.moves.iter().map(|m| (m.unit, WALKING_DEAD_DIRS[usize::from(m.dir.code())])).collect(),
        fights: f
            .log
            .fights
            .iter()
            .map(|x| {
                serde_json::json!({
                    "attacker": x.attacker, "defender": x.defender,
                    "surprise": x.surprise, "attacker_won": x.attacker_won,
                })
            })
            .collect(),
        bites: f.log.bites.clone(),
        clan_switch: f.log.switch,
    })
}

/// One citizen of The Purge in a frame (the dead keep their last cell and life 0).
#[derive(serde::Serialize)]
struct PurgeCitizen {
    id: usize,
    kind: &'static str,
    player: usize,
    alive: bool,
    row: i32,
    col: i32,
    weapon: &'static str,
    life: i64,
}

/// One Purge frame's figures: the basics, per clan its builders and warriors on the board, its
/// barricades, money points and kill points; every citizen, the items and barricades on the
/// board, and the round's orders (in execution order) and fights.
#[derive(serde::Serialize)]
struct PurgeFigures {
    #[serde(flatten)]
    basics: Basics,
    day: bool,
    builders: [usize; 4],
    warriors: [usize; 4],
    barricades: [usize; 4],
    money_points: [i64; 4],
    kill_points: [i64; 4],
    citizens: Vec<PurgeCitizen>,
    items: Vec<(i32, i32, &'static str)>,
    barricade_cells: Vec<(usize, i32, i32, i64)>,
    orders: Vec<(usize, &'static str, &'static str)>,
    fights: Vec<serde_json::Value>,
}

/// The kit's direction names, in the order of its `Dir` (codes 0..3).
const PURGE_DIRS: [&str; 4] = ["Down", "Right", "Up", "Left"];

fn purge_frame(decoded: &purge::PurgeReplay, n: usize) -> anyhow::Result<PurgeFigures> {
    let basics = basics(&decoded.frames, n, |f| f.round, |f| &f.common)?;
    let f = &decoded.frames[n];
    let b = &decoded.board;
    let (mut builders, mut warriors, mut barricades) = ([0usize; 4], [0usize; 4], [0usize; 4]);
    for c in f.citizens.iter().filter(|c| c.alive) {
        match c.kind {
            CitizenType::Builder => builders[c.player] += 1,
            CitizenType::Warrior => warriors[c.player] += 1,
        }
    }
    let mut barricade_cells = Vec::new();
    for (k, x) in f.barricade.iter().enumerate() {
        if let Some(x) = x {
            barricades[x.player] += 1;
            let p = b.pos(k);
            barricade_cells.push((x.player, p.i, p.j, x.resistance));
        }
    }
    let items = f
        .item
        .iter()
        .enumerate()
        .filter_map(|(k, it)| {
            let name = match (*it)? {
                Item::Money => "money",
                Item::Food => "food",
                Item::Gun => "gun",
                Item::Bazooka => "bazooka",
            };
            let p = b.pos(k);
            Some((p.i, p.j, name))
        })
        .collect();
    let weapon = |w: Option<Weapon>| match w {
        None => "none",
        Some(Weapon::Hammer) => "hammer",
        Some(Weapon::Gun) => "gun",
        Some(Weapon::Bazooka) => "bazooka",
    };
    // A replay is user input: a missing parameter takes the default rather than a panic.
    let per_day =
        decoded.replay.header.params.iter().find(|(k, _)| *k == "num_rounds_per_day").map_or(50, |(_, v)| v).max(2);
    Ok(PurgeFigures {
        basics,
        day: i64::from(f.round) % per_day < per_day / 2,
        builders,
        warriors,
        barricades,
        money_points: f.money_points,
        kill_points: f.kill_points,
        citizens: f
            .citizens
            .iter()
            .map(|c| PurgeCitizen {
                id: c.id,
                kind: if c.kind == CitizenType::Builder { "builder" } else { "warrior" },
                player: c.player,
                alive: c.alive,
                row: c.pos.i,
                col: c.pos.j,
                weapon: weapon(c.weapon),
                life: c.life,
            })
            .collect(),
        items,
        barricade_cells,
        orders: f
            .log
            .orders
            .iter()
            .map(|o| {
                let kind = if o.kind == OrderKind::Move { "move" } else { "build" };
                (o.citizen, kind, PURGE_DIRS.get(usize::from(o.dir.code())).copied().unwrap_or("none"))
            })
            .collect(),
        fights: f
            .log
            .fights
            .iter()
            .map(|x| {
                serde_json::json!({
                    "attacker": x.attacker, "defender": x.defender,
                    "attacker_won": x.attacker_won, "killed": x.killed,
                })
            })
            .collect(),
    })
}

/// One unit of Mad Max in a frame (a car's fuel is its `food`).
#[derive(serde::Serialize)]
struct MadMaxUnitFigures {
    id: usize,
    kind: &'static str,
    player: usize,
    row: i32,
    col: i32,
    food: i32,
    water: i32,
}

/// One Mad Max frame's figures: the basics, whose turn the round is, per team its warriors,
/// cars and cities; every unit, each city's owner, and the moves executed in the round that led
/// here (unit and the kit's direction name, in execution order).
#[derive(serde::Serialize)]
struct MadMaxFigures {
    #[serde(flatten)]
    basics: Basics,
    turn: u32,
    warriors: [usize; 4],
    cars: [usize; 4],
    cities: [usize; 4],
    units: Vec<MadMaxUnitFigures>,
    city_owners: Vec<u8>,
    moves: Vec<(usize, &'static str)>,
}

/// The kit's direction names, in the order of its `Dir` (codes 0..8).
const MAD_MAX_DIRS: [&str; 9] = ["Bottom", "BR", "Right", "RT", "Top", "TL", "Left", "LB", "None"];

fn mad_max_frame(decoded: &mad_max::MadMaxReplay, n: usize) -> anyhow::Result<MadMaxFigures> {
    let basics = basics(&decoded.frames, n, |f| f.round, |f| &f.common)?;
    let f = &decoded.frames[n];
    let (mut warriors, mut cars) = ([0usize; 4], [0usize; 4]);
    for u in &f.units {
        match u.kind {
            MadMaxUnit::Warrior => warriors[u.player] += 1,
            MadMaxUnit::Car => cars[u.player] += 1,
        }
    }
    Ok(MadMaxFigures {
        basics,
        turn: f.round % 4,
        warriors,
        cars,
        cities: f.num_cities(),
        units: f
            .units
            .iter()
            .map(|u| MadMaxUnitFigures {
                id: u.id,
                kind: if u.kind == MadMaxUnit::Warrior { "warrior" } else { "car" },
                player: u.player,
                row: u.pos.i,
                col: u.pos.j,
                food: u.food,
                water: u.water,
            })
            .collect(),
        city_owners: f.city_owner.clone(),
        moves: f.log.moves.iter().map(|m| (m.unit, MAD_MAX_DIRS[usize::from(m.dir.code())])).collect(),
    })
}
