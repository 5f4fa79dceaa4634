//! Mad Max's part of a replay (`docs/replay-format.md`, section 9e): the board and the state at
//! round 0, then each round's changes column by column so that zstd finds the repetition.
//!
//! Initial part: rows, cols (varints), one byte per cell (its `CellType` code), the unit count
//! (varint) and each unit's type (a byte), each player's total score at round 0 (signed), then a
//! round body against a baseline of units of player 0 at (0, 0) with food and water 0 and every
//! city owned by player 0. Round body: round (varint); the moves executed, in execution order
//! (count, then unit as a varint and direction as a byte each); per unit, its player (XOR), its
//! position (signed difference of its row-major index from where its executed move would take
//! it), its food and its water (signed differences); per city, its owner (XOR).

use super::board::{Board, CellType, MAX_CELLS};
use super::dir::Dir;
use super::state::{Order, RoundLog, State, Unit, UnitType};
use super::MadMax;
use crate::game::ReplayCodec;
use crate::game::NB_PLAYERS;
use crate::games::shared::frame_figures::{basics, Basics};
use crate::games::shared::replay_parts::{corrupt, read_delta};
use crate::grid::{Grid, Pos};
use crate::replay::frames::{NoSuchFrame, ReplayFrames};
use crate::replay::wire::{Reader, Writer};
use crate::replay::{Replay, ReplayError, RoundCommon};

/// What changes from round to round, as the codec compares it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The round about to be played (0 for the initial state).
    pub round: u32,
    pub units: Vec<Unit>,
    pub city_owner: Vec<u8>,
    /// The moves of the round that led here.
    pub log: RoundLog,
    pub common: RoundCommon,
}

impl Frame {
    fn baseline(kinds: &[UnitType], cities: usize) -> Frame {
        let unit = |(id, &kind)| Unit { id, kind, player: 0, food: 0, water: 0, pos: Pos::new(0, 0) };
        Frame {
            round: 0,
            units: kinds.iter().enumerate().map(unit).collect(),
            city_owner: vec![0; cities],
            log: RoundLog::default(),
            common: RoundCommon { scores: [0; NB_PLAYERS], cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
        }
    }

    pub fn of(s: &State) -> Frame {
        Frame {
            round: s.round,
            units: s.units.clone(),
            city_owner: s.city_owner.clone(),
            log: s.log.clone(),
            common: RoundCommon { scores: s.total_score, cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
        }
    }

    /// Cities owned by each player in this frame.
    pub fn num_cities(&self) -> [usize; NB_PLAYERS] {
        let mut n = [0; NB_PLAYERS];
        for &o in &self.city_owner {
            n[o as usize] += 1;
        }
        n
    }
}

/// Where each unit would stand if its executed move ended on its target, as row-major indices.
fn predicted(prev: &Frame, moves: &[Order], cols: usize) -> Vec<i64> {
    let mut guess: Vec<i64> = prev.units.iter().map(|u| u.pos.i as i64 * cols as i64 + u.pos.j as i64).collect();
    for m in moves {
        let (di, dj) = m.dir.delta();
        guess[m.unit] += di as i64 * cols as i64 + dj as i64;
    }
    guess
}

fn write_body(f: &Frame, prev: &Frame, cols: usize, w: &mut Writer) {
    w.varint(u64::from(f.round));
    w.varint(f.log.moves.len() as u64);
    for m in &f.log.moves {
        w.varint(m.unit as u64);
        w.u8(m.dir.code());
    }
    for (a, b) in prev.units.iter().zip(&f.units) {
        w.u8((a.player ^ b.player) as u8);
    }
    let guess = predicted(prev, &f.log.moves, cols);
    for (g, u) in guess.iter().zip(&f.units) {
        w.signed(u.pos.i as i64 * cols as i64 + u.pos.j as i64 - g);
    }
    for (a, b) in prev.units.iter().zip(&f.units) {
        w.signed(i64::from(b.food) - i64::from(a.food));
        w.signed(i64::from(b.water) - i64::from(a.water));
    }
    for (a, b) in prev.city_owner.iter().zip(&f.city_owner) {
        w.u8(a ^ b);
    }
}

/// Encoder state: the previous round as a frame.
pub struct Codec {
    prev: Frame,
    cols: usize,
}

impl ReplayCodec<MadMax> for Codec {
    fn start(s: &State, w: &mut Writer) -> Self {
        w.varint(s.board.rows() as u64);
        w.varint(s.board.cols() as u64);
        for c in s.board.cells().cells() {
            w.u8(c.code());
        }
        w.varint(s.units.len() as u64);
        let kinds: Vec<UnitType> = s.units.iter().map(|u| u.kind).collect();
        for k in &kinds {
            w.u8(k.code());
        }
        for &sc in &s.total_score {
            w.signed(sc);
        }
        let frame = Frame::of(s);
        write_body(&frame, &Frame::baseline(&kinds, s.city_owner.len()), s.board.cols(), w);
        Codec { prev: frame, cols: s.board.cols() }
    }

    fn round(&mut self, s: &State, w: &mut Writer) {
        let frame = Frame::of(s);
        write_body(&frame, &self.prev, self.cols, w);
        self.prev = frame;
    }
}

/// A decoded Mad Max replay: the board and one frame per round, frame 0 being round 0.
#[derive(Clone, Debug)]
pub struct MadMaxReplay {
    pub replay: Replay,
    pub board: Board,
    pub frames: Vec<Frame>,
}

fn read_body(r: &mut Reader, board: &Board, prev: &Frame) -> Result<Frame, ReplayError> {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let n = prev.units.len();
    let mut f = prev.clone();
    f.round = u32::try_from(r.varint("round")?).map_err(|_| corrupt("round out of range"))?;
    let count = r.bounded(n + 1, "move count")?;
    let mut moves = Vec::with_capacity(count);
    for _ in 0..count {
        let unit = r.bounded(n, "moved unit")?;
        let code = r.u8("move direction")?;
        let dir =
            Dir::from_code(code).filter(|&d| d != Dir::None).ok_or_else(|| corrupt(format!("direction {code}")))?;
        moves.push(Order { unit, dir });
    }
    for u in f.units.iter_mut() {
        let p = u.player ^ r.u8("unit player")? as usize;
        if p >= NB_PLAYERS {
            return Err(corrupt(format!("unit {} has player {p}", u.id)));
        }
        u.player = p;
    }
    let guess = predicted(prev, &moves, board.cols());
    for (u, g) in f.units.iter_mut().zip(guess) {
        let k = read_delta(r, g, "unit position")?;
        if !(0..rows * cols).contains(&k) {
            return Err(corrupt(format!("unit {} is off the board", u.id)));
        }
        u.pos = Pos::new((k / cols) as i32, (k % cols) as i32);
    }
    for u in f.units.iter_mut() {
        let food = read_delta(r, i64::from(u.food), "unit food")?;
        let water = read_delta(r, i64::from(u.water), "unit water")?;
        u.food = i32::try_from(food).map_err(|_| corrupt("food out of range"))?;
        u.water = i32::try_from(water).map_err(|_| corrupt("water out of range"))?;
    }
    for o in f.city_owner.iter_mut() {
        *o ^= r.u8("city owner")?;
        if *o as usize >= NB_PLAYERS {
            return Err(corrupt(format!("city owner {o}")));
        }
    }
    f.log = RoundLog { moves };
    Ok(f)
}

/// Decodes a Mad Max replay into frames.
pub fn decode(replay: Replay) -> Result<MadMaxReplay, ReplayError> {
    replay.expect_game::<MadMax>()?;
    let mut r = Reader::new(&replay.initial);
    let rows = r.bounded(1001, "rows")?;
    let cols = r.bounded(1001, "cols")?;
    if rows * cols > MAX_CELLS {
        return Err(corrupt(format!("a board of {rows} x {cols} cells; a board has at most {MAX_CELLS}")));
    }
    let mut cells = Grid::new(rows, cols, CellType::Desert);
    for (k, &c) in r.bytes(rows * cols, "cells")?.iter().enumerate() {
        cells.cells_mut()[k] = CellType::from_code(c).ok_or_else(|| corrupt(format!("cell type {c}")))?;
    }
    let board = Board::new(cells);
    let n = r.bounded(rows * cols + 1, "unit count")?;
    let mut kinds = Vec::with_capacity(n);
    for _ in 0..n {
        let c = r.u8("unit type")?;
        kinds.push(UnitType::from_code(c).ok_or_else(|| corrupt(format!("unit type {c}")))?);
    }
    let mut scores = [0i64; NB_PLAYERS];
    for s in scores.iter_mut() {
        *s = r.signed("initial score")?;
    }
    let mut first = read_body(&mut r, &board, &Frame::baseline(&kinds, board.cities().len()))?;
    first.common.scores = scores;
    r.finish("the initial state")?;
    let mut frames = Vec::with_capacity(replay.rounds.len() + 1);
    frames.push(first);
    for (k, rec) in replay.rounds.iter().enumerate() {
        let prev = frames.last().expect("frame 0 exists");
        let mut r = Reader::new(&rec.game);
        let mut f = read_body(&mut r, &board, prev).map_err(|e| match e {
            ReplayError::Corrupt(m) => corrupt(format!("round {}: {m}", k + 1)),
            other => other,
        })?;
        r.finish("a round")?;
        f.common = rec.common.clone();
        frames.push(f);
    }
    Ok(MadMaxReplay { replay, board, frames })
}

/// Reads and decodes a Mad Max replay file's bytes.
pub fn read(bytes: &[u8]) -> Result<MadMaxReplay, ReplayError> {
    decode(Replay::parse(bytes)?)
}

/// One unit of Mad Max in a frame (a car's fuel is its `food`).
#[derive(serde::Serialize)]
struct UnitFigures {
    id: usize,
    kind: &'static str,
    player: usize,
    row: i32,
    col: i32,
    food: i32,
    water: i32,
}

/// One Mad Max frame's figures (`arena replay --frame`): the basics, whose turn the round is,
/// per team its warriors, cars and cities; every unit, each city's owner, and the moves executed
/// in the round that led here (unit and the kit's direction name, in execution order).
#[derive(serde::Serialize)]
struct Figures {
    #[serde(flatten)]
    basics: Basics,
    turn: u32,
    warriors: [usize; NB_PLAYERS],
    cars: [usize; NB_PLAYERS],
    cities: [usize; NB_PLAYERS],
    units: Vec<UnitFigures>,
    city_owners: Vec<u8>,
    moves: Vec<(usize, &'static str)>,
}

/// The kit's direction names, in the order of its `Dir` (codes 0..8).
const DIR_NAMES: [&str; 9] = ["Bottom", "BR", "Right", "RT", "Top", "TL", "Left", "LB", "None"];

impl ReplayFrames for MadMaxReplay {
    fn frame_count(&self) -> usize {
        self.frames.len()
    }

    fn frame(&self, n: usize) -> Result<Box<dyn erased_serde::Serialize>, NoSuchFrame> {
        let basics = basics(&self.frames, n, |f| f.round, |f| &f.common)?;
        let f = &self.frames[n];
        let (mut warriors, mut cars) = ([0usize; NB_PLAYERS], [0usize; NB_PLAYERS]);
        for u in &f.units {
            match u.kind {
                UnitType::Warrior => warriors[u.player] += 1,
                UnitType::Car => cars[u.player] += 1,
            }
        }
        Ok(Box::new(Figures {
            basics,
            turn: f.round % 4,
            warriors,
            cars,
            cities: f.num_cities(),
            units: f
                .units
                .iter()
                .map(|u| UnitFigures {
                    id: u.id,
                    kind: if u.kind == UnitType::Warrior { "warrior" } else { "car" },
                    player: u.player,
                    row: u.pos.i,
                    col: u.pos.j,
                    food: u.food,
                    water: u.water,
                })
                .collect(),
            city_owners: f.city_owner.clone(),
            moves: f.log.moves.iter().map(|m| (m.unit, DIR_NAMES[usize::from(m.dir.code())])).collect(),
        }))
    }
}
