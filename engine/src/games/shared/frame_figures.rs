//! The figures of a replay frame that several games share (`arena replay --frame`): every
//! game's basics (round, scores, CPU shares, freezes so far) and, for the games of cities and
//! paths, each player's units, cities and paths.

use crate::game::NB_PLAYERS;
use crate::outcome::Frozen;
use crate::replay::frames::NoSuchFrame;
use crate::replay::RoundCommon;
use serde::Serialize;

/// The figures every game's frame has.
#[derive(Serialize)]
pub struct Basics {
    round: u32,
    scores: [i64; NB_PLAYERS],
    cpu: [f64; NB_PLAYERS],
    frozen: [Option<Frozen>; NB_PLAYERS],
}

/// The basics of frame `n`: `round` and `common_of` read a frame's round and common round part;
/// the freezes are those of frames 0..=n (a freeze is recorded in the round it happens).
pub fn basics<F>(
    frames: &[F],
    n: usize,
    round: impl Fn(&F) -> u32,
    common_of: impl Fn(&F) -> &RoundCommon,
) -> Result<Basics, NoSuchFrame> {
    let f = frames.get(n).ok_or(NoSuchFrame { asked: n, last: frames.len().saturating_sub(1) })?;
    let mut frozen: [Option<Frozen>; NB_PLAYERS] = Default::default();
    for g in &frames[..=n] {
        for (p, z) in &common_of(g).frozen {
            frozen[*p] = Some(z.clone());
        }
    }
    let common = common_of(f);
    Ok(Basics { round: round(f), scores: common.scores, cpu: common.cpu, frozen })
}

/// The figures every game of cities and paths has, as the viewer's scoreboard shows them.
#[derive(Serialize)]
pub struct ConquestFigures {
    #[serde(flatten)]
    basics: Basics,
    units: [usize; NB_PLAYERS],
    cities: [usize; NB_PLAYERS],
    paths: [usize; NB_PLAYERS],
}

/// The figures of frame `n` of a game of cities and paths: `figures` gives a frame's round, the
/// player of each unit and the city and path owners (-1 for none).
pub fn conquest_figures<F>(
    frames: &[F],
    n: usize,
    common_of: impl Fn(&F) -> &RoundCommon,
    figures: impl Fn(&F) -> (u32, Vec<usize>, &[i8], &[i8]),
) -> Result<ConquestFigures, NoSuchFrame> {
    let basics = basics(frames, n, |f| figures(f).0, &common_of)?;
    let (_, players, city_owner, path_owner) = figures(&frames[n]);
    let count = |owners: &[i8]| {
        let mut c = [0usize; NB_PLAYERS];
        owners.iter().filter_map(|&o| usize::try_from(o).ok()).for_each(|o| c[o] += 1);
        c
    };
    let mut units = [0usize; NB_PLAYERS];
    players.iter().for_each(|&p| units[p] += 1);
    Ok(ConquestFigures { basics, units, cities: count(city_owner), paths: count(path_owner) })
}
