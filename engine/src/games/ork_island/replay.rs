//! Ork Island's part of a replay: the island and the state at round 0, then each round's changes
//! column by column (players as XOR, positions and health as differences) so that zstd finds the
//! repetition.
//!
//! Initial part: rows, cols (varints), one byte per cell (cell type code), cities (count, then
//! each as a cell list), paths (count, then ends, length and cell indices), the ork count, then
//! a round body against an all-zero baseline. Round body: round (varint), ork players (XOR, one
//! byte each), ork positions (signed difference of row-major index), ork health (signed
//! difference), city owners and path owners (owner + 1, a byte each), the moves tried (count,
//! then ork and direction code).

use super::board::{Board, CellType};
use super::state::{Order, Ork, State};
use super::OrkIsland;
use crate::game::ReplayCodec;
use crate::game::NB_PLAYERS;
use crate::games::shared::frame_figures::{conquest_figures, ConquestFigures};
use crate::games::shared::replay_parts::{self, corrupt, read_delta, read_owners, write_board, write_owners};
use crate::grid::{Dir, Pos};
use crate::replay::frames::{NoSuchFrame, ReplayFrames};
use crate::replay::wire::{Reader, Writer};
use crate::replay::{Replay, ReplayError, RoundCommon};

/// Encoder state: the previous round's orks, to write differences.
pub struct Codec {
    prev: Vec<Ork>,
}

/// The baseline the initial state's orks are written against.
fn zero_orks(n: usize) -> Vec<Ork> {
    (0..n).map(|id| Ork { id, player: 0, pos: Pos::new(0, 0), health: 0 }).collect()
}

fn write_round_body(s: &State, prev: &[Ork], w: &mut Writer) {
    let cols = s.board.cols() as i64;
    let idx = |p: Pos| p.i as i64 * cols + p.j as i64;
    w.varint(u64::from(s.round));
    for (a, b) in prev.iter().zip(&s.orks) {
        w.u8(b.player as u8 ^ a.player as u8);
    }
    for (a, b) in prev.iter().zip(&s.orks) {
        w.signed(idx(b.pos) - idx(a.pos));
    }
    for (a, b) in prev.iter().zip(&s.orks) {
        w.signed(i64::from(b.health) - i64::from(a.health));
    }
    write_owners(&s.city_owner, w);
    write_owners(&s.path_owner, w);
    w.varint(s.log.moves.len() as u64);
    for m in &s.log.moves {
        w.varint(m.unit as u64);
        w.u8(m.dir.code());
    }
}

impl ReplayCodec<OrkIsland> for Codec {
    fn start(s: &State, w: &mut Writer) -> Self {
        write_board(&s.board, w);
        w.varint(s.orks.len() as u64);
        write_round_body(s, &zero_orks(s.orks.len()), w);
        Codec { prev: s.orks.clone() }
    }

    fn round(&mut self, s: &State, w: &mut Writer) {
        write_round_body(s, &self.prev, w);
        self.prev.clone_from(&s.orks);
    }
}

/// The state after one round (or the initial state), as a viewer needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub round: u32,
    pub orks: Vec<Ork>,
    pub city_owner: Vec<i8>,
    pub path_owner: Vec<i8>,
    /// Moves tried this round, in order.
    pub moves: Vec<Order>,
    pub common: RoundCommon,
}

/// A decoded Ork Island replay: the island and one frame per round, frame 0 being round 0.
#[derive(Clone, Debug)]
pub struct OrkIslandReplay {
    pub replay: Replay,
    pub board: Board,
    pub frames: Vec<Frame>,
}

struct Body {
    round: u32,
    orks: Vec<Ork>,
    city_owner: Vec<i8>,
    path_owner: Vec<i8>,
    moves: Vec<Order>,
}

fn read_body(r: &mut Reader, board: &Board, prev: &[Ork]) -> Result<Body, ReplayError> {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let round = u32::try_from(r.varint("round")?).map_err(|_| corrupt("round out of range"))?;
    let mut orks = prev.to_vec();
    for u in orks.iter_mut() {
        u.player ^= r.u8("ork player")? as usize;
        if u.player >= NB_PLAYERS {
            return Err(corrupt(format!("ork {} has player {}", u.id, u.player)));
        }
    }
    for u in orks.iter_mut() {
        let k = read_delta(r, u.pos.i as i64 * cols + u.pos.j as i64, "ork position")?;
        if !(0..rows * cols).contains(&k) {
            return Err(corrupt(format!("ork {} is off the board", u.id)));
        }
        u.pos = Pos::new((k / cols) as i32, (k % cols) as i32);
    }
    for u in orks.iter_mut() {
        u.health = i32::try_from(read_delta(r, i64::from(u.health), "ork health")?)
            .map_err(|_| corrupt("ork health out of range"))?;
    }
    let city_owner = read_owners(r, board.cities().len(), "city owner")?;
    let path_owner = read_owners(r, board.paths().len(), "path owner")?;
    let n = r.bounded(orks.len() + 1, "move count")?;
    let mut moves = Vec::with_capacity(n);
    for _ in 0..n {
        let unit = r.bounded(orks.len(), "moved ork")?;
        let code = r.u8("move direction")?;
        let dir = Dir::from_code(code).ok_or_else(|| corrupt(format!("direction {code}")))?;
        moves.push(Order { unit, dir });
    }
    Ok(Body { round, orks, city_owner, path_owner, moves })
}

fn read_board(r: &mut Reader) -> Result<Board, ReplayError> {
    Board::from_regions(replay_parts::read_board::<CellType>(r)?).map_err(|e| corrupt(format!("board: {e}")))
}

/// Decodes an Ork Island replay into frames.
pub fn decode(replay: Replay) -> Result<OrkIslandReplay, ReplayError> {
    replay.expect_game::<OrkIsland>()?;
    let mut r = Reader::new(&replay.initial);
    let board = read_board(&mut r)?;
    let nb_orks = r.bounded(board.rows() * board.cols() + 1, "ork count")?;
    let body = read_body(&mut r, &board, &zero_orks(nb_orks))?;
    r.finish("the initial state")?;
    let mut frames = Vec::with_capacity(replay.rounds.len() + 1);
    frames.push(Frame {
        round: body.round,
        orks: body.orks,
        city_owner: body.city_owner,
        path_owner: body.path_owner,
        moves: body.moves,
        common: RoundCommon { scores: [0; NB_PLAYERS], cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
    });
    for (k, rec) in replay.rounds.iter().enumerate() {
        let prev = frames.last().expect("frame 0 exists");
        let mut r = Reader::new(&rec.game);
        let body = read_body(&mut r, &board, &prev.orks).map_err(|e| match e {
            ReplayError::Corrupt(m) => corrupt(format!("round {}: {m}", k + 1)),
            other => other,
        })?;
        r.finish("a round")?;
        frames.push(Frame {
            round: body.round,
            orks: body.orks,
            city_owner: body.city_owner,
            path_owner: body.path_owner,
            moves: body.moves,
            common: rec.common.clone(),
        });
    }
    Ok(OrkIslandReplay { replay, board, frames })
}

/// Reads and decodes an Ork Island replay file's bytes.
pub fn read(bytes: &[u8]) -> Result<OrkIslandReplay, ReplayError> {
    decode(Replay::parse(bytes)?)
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

/// One Ork Island frame's figures (`arena replay --frame`): the common ones, each player's
/// total ork health, every ork, the owner of each city and path (-1 for none) and the moves
/// tried in the round.
#[derive(serde::Serialize)]
struct Figures {
    #[serde(flatten)]
    common: ConquestFigures,
    health: [i64; NB_PLAYERS],
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

impl ReplayFrames for OrkIslandReplay {
    fn frame_count(&self) -> usize {
        self.frames.len()
    }

    fn frame(&self, n: usize) -> Result<Box<dyn erased_serde::Serialize>, NoSuchFrame> {
        let common = conquest_figures(
            &self.frames,
            n,
            |f| &f.common,
            |f| (f.round, f.orks.iter().map(|u| u.player).collect(), f.city_owner.as_slice(), f.path_owner.as_slice()),
        )?;
        let f = &self.frames[n];
        let mut health = [0i64; NB_PLAYERS];
        f.orks.iter().for_each(|u| health[u.player] += i64::from(u.health));
        Ok(Box::new(Figures {
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
        }))
    }
}
