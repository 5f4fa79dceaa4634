//! Pandemic's part of a replay (see `docs/replay-format.md`): the board and state at round 0,
//! then each round's changes, column by column so that zstd finds the repetition.
//!
//! Virus levels are not stored per round: the round stores the cells that received virus
//! (`sources`), and the reader re-runs [`virus::spread`] (the rule has no randomness). That is
//! what keeps a 200-round match within a few tens of kilobytes.

use super::board::{Board, CellType};
use super::state::{Order, State, Unit};
use super::virus;
use super::Pandemic;
use crate::game::ReplayCodec;
use crate::game::NB_PLAYERS;
use crate::games::shared::frame_figures::{conquest_figures, ConquestFigures};
use crate::games::shared::replay_parts::{
    self, corrupt, read_cells, read_delta, read_owners, write_board, write_cells, write_owners,
};
use crate::grid::{Dir, Pos};
use crate::replay::frames::{NoSuchFrame, ReplayFrames};
use crate::replay::wire::{Reader, Writer};
use crate::replay::{Replay, ReplayError, RoundCommon};

/// Encoder state: the previous round's units, to write differences.
pub struct Codec {
    prev: Vec<Unit>,
}

/// The baseline the initial state's units are written against (all fields zero).
fn zero_units(n: usize) -> Vec<Unit> {
    (0..n)
        .map(|id| Unit {
            id,
            player: 0,
            pos: Pos::new(0, 0),
            health: 0,
            damage: 0,
            turns: 0,
            immune: false,
            mask: false,
        })
        .collect()
}

fn write_units(prev: &[Unit], units: &[Unit], cols: usize, w: &mut Writer) {
    let idx = |p: Pos| p.i as i64 * cols as i64 + p.j as i64;
    for (a, b) in prev.iter().zip(units) {
        w.u8(b.player as u8 ^ a.player as u8);
    }
    for (a, b) in prev.iter().zip(units) {
        w.signed(idx(b.pos) - idx(a.pos));
    }
    for (a, b) in prev.iter().zip(units) {
        w.signed(i64::from(b.health) - i64::from(a.health));
    }
    for (a, b) in prev.iter().zip(units) {
        w.signed(i64::from(b.damage) - i64::from(a.damage));
    }
    for (a, b) in prev.iter().zip(units) {
        w.signed(i64::from(b.turns) - i64::from(a.turns));
    }
    for b in units {
        w.u8(u8::from(b.immune) | u8::from(b.mask) << 1);
    }
}

fn write_round_body(s: &State, prev: &[Unit], w: &mut Writer) {
    w.varint(u64::from(s.round));
    write_units(prev, &s.units, s.board.cols(), w);
    write_owners(&s.city_owner, w);
    write_owners(&s.path_owner, w);
    write_cells(s.mask.iter().enumerate().filter(|(_, m)| **m).map(|(k, _)| k), w);
    write_cells(s.log.virus_sources.iter().map(|&c| c as usize), w);
    w.varint(s.log.moves.len() as u64);
    for m in &s.log.moves {
        w.varint(m.unit as u64);
        w.u8(m.dir.code());
    }
}

impl ReplayCodec<Pandemic> for Codec {
    fn start(s: &State, w: &mut Writer) -> Self {
        write_board(&s.board, w);
        w.varint(s.units.len() as u64);
        w.bytes(&s.virus);
        write_round_body(s, &zero_units(s.units.len()), w);
        Codec { prev: s.units.clone() }
    }

    fn round(&mut self, s: &State, w: &mut Writer) {
        write_round_body(s, &self.prev, w);
        self.prev.clone_from(&s.units);
    }
}

/// The state after one round (or the initial state), as the viewer needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub round: u32,
    pub units: Vec<Unit>,
    pub virus: Vec<u8>,
    pub masks: Vec<usize>,
    pub city_owner: Vec<i8>,
    pub path_owner: Vec<i8>,
    /// Cells that received virus this round.
    pub virus_sources: Vec<usize>,
    /// Moves executed this round, in order.
    pub moves: Vec<Order>,
    pub common: RoundCommon,
}

/// A decoded Pandemic replay: the board and one frame per round, frame 0 being round 0.
#[derive(Clone, Debug)]
pub struct PandemicReplay {
    pub replay: Replay,
    pub board: Board,
    pub frames: Vec<Frame>,
}

fn read_units(r: &mut Reader, prev: &[Unit], rows: usize, cols: usize) -> Result<Vec<Unit>, ReplayError> {
    let cells = (rows * cols) as i64;
    let mut units = prev.to_vec();
    for u in units.iter_mut() {
        u.player ^= r.u8("unit player")? as usize;
        if u.player >= NB_PLAYERS {
            return Err(corrupt(format!("unit {} has player {}", u.id, u.player)));
        }
    }
    for u in units.iter_mut() {
        let k = read_delta(r, u.pos.i as i64 * cols as i64 + u.pos.j as i64, "unit position")?;
        if !(0..cells).contains(&k) {
            return Err(corrupt(format!("unit {} is off the board", u.id)));
        }
        u.pos = Pos::new((k / cols as i64) as i32, (k % cols as i64) as i32);
    }
    let field = |r: &mut Reader, v: i32, what: &str| -> Result<i32, ReplayError> {
        i32::try_from(read_delta(r, i64::from(v), what)?).map_err(|_| corrupt(format!("{what} out of range")))
    };
    for u in units.iter_mut() {
        u.health = field(r, u.health, "unit health")?;
    }
    for u in units.iter_mut() {
        u.damage = field(r, u.damage, "unit damage")?;
    }
    for u in units.iter_mut() {
        u.turns = field(r, u.turns, "unit turns")?;
    }
    for u in units.iter_mut() {
        let f = r.u8("unit flags")?;
        u.immune = f & 1 != 0;
        u.mask = f & 2 != 0;
    }
    Ok(units)
}

struct Body {
    round: u32,
    units: Vec<Unit>,
    city_owner: Vec<i8>,
    path_owner: Vec<i8>,
    masks: Vec<usize>,
    sources: Vec<usize>,
    moves: Vec<Order>,
}

fn read_body(r: &mut Reader, board: &Board, prev: &[Unit]) -> Result<Body, ReplayError> {
    let cells = board.rows() * board.cols();
    let round = u32::try_from(r.varint("round")?).map_err(|_| corrupt("round out of range"))?;
    let units = read_units(r, prev, board.rows(), board.cols())?;
    let city_owner = read_owners(r, board.cities().len(), "city owner")?;
    let path_owner = read_owners(r, board.paths().len(), "path owner")?;
    let masks = read_cells(r, cells, "masks")?;
    let sources = read_cells(r, cells, "virus sources")?;
    let n = r.bounded(units.len() + 1, "move count")?;
    let mut moves = Vec::with_capacity(n);
    for _ in 0..n {
        let unit = r.bounded(units.len(), "moved unit")?;
        let code = r.u8("move direction")?;
        let dir = Dir::from_code(code).ok_or_else(|| corrupt(format!("direction {code}")))?;
        moves.push(Order { unit, dir });
    }
    Ok(Body { round, units, city_owner, path_owner, masks, sources, moves })
}

fn read_board(r: &mut Reader) -> Result<Board, ReplayError> {
    Board::from_regions(replay_parts::read_board::<CellType>(r)?).map_err(|e| corrupt(format!("board: {e}")))
}

/// Decodes a Pandemic replay into frames.
pub fn decode(replay: Replay) -> Result<PandemicReplay, ReplayError> {
    replay.expect_game::<Pandemic>()?;
    let mut r = Reader::new(&replay.initial);
    let board = read_board(&mut r)?;
    let nb_units = r.bounded(board.rows() * board.cols() + 1, "unit count")?;
    let virus0 = r.bytes(board.rows() * board.cols(), "virus levels")?.to_vec();
    let body = read_body(&mut r, &board, &zero_units(nb_units))?;
    r.finish("the initial state")?;
    let mut frames = Vec::with_capacity(replay.rounds.len() + 1);
    frames.push(Frame {
        round: body.round,
        units: body.units,
        virus: virus0,
        masks: body.masks,
        city_owner: body.city_owner,
        path_owner: body.path_owner,
        virus_sources: body.sources,
        moves: body.moves,
        common: RoundCommon { scores: [0; NB_PLAYERS], cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
    });
    let mut scratch = Vec::new();
    for (k, rec) in replay.rounds.iter().enumerate() {
        let prev = frames.last().expect("frame 0 exists");
        let mut r = Reader::new(&rec.game);
        let body = read_body(&mut r, &board, &prev.units).map_err(|e| match e {
            ReplayError::Corrupt(m) => corrupt(format!("round {}: {m}", k + 1)),
            other => other,
        })?;
        r.finish("a round")?;
        let mut virus = prev.virus.clone();
        let sources: Vec<u32> = body.sources.iter().map(|&c| c as u32).collect();
        virus::spread(&board, &mut virus, &sources, &mut scratch);
        frames.push(Frame {
            round: body.round,
            units: body.units,
            virus,
            masks: body.masks,
            city_owner: body.city_owner,
            path_owner: body.path_owner,
            virus_sources: body.sources,
            moves: body.moves,
            common: rec.common.clone(),
        });
    }
    Ok(PandemicReplay { replay, board, frames })
}

/// Reads and decodes a Pandemic replay file's bytes.
pub fn read(bytes: &[u8]) -> Result<PandemicReplay, ReplayError> {
    decode(Replay::parse(bytes)?)
}

/// One Pandemic frame's figures (`arena replay --frame`): the common ones and the total virus.
#[derive(serde::Serialize)]
struct Figures {
    #[serde(flatten)]
    common: ConquestFigures,
    virus_total: u64,
}

impl ReplayFrames for PandemicReplay {
    fn frame_count(&self) -> usize {
        self.frames.len()
    }

    fn frame(&self, n: usize) -> Result<Box<dyn erased_serde::Serialize>, NoSuchFrame> {
        let common = conquest_figures(
            &self.frames,
            n,
            |f| &f.common,
            |f| (f.round, f.units.iter().map(|u| u.player).collect(), f.city_owner.as_slice(), f.path_owner.as_slice()),
        )?;
        let virus_total = self.frames[n].virus.iter().map(|&v| u64::from(v)).sum();
        Ok(Box::new(Figures { common, virus_total }))
    }
}
