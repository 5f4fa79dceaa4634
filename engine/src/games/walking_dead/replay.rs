//! The Walking Dead's part of a replay: the board and the state at round 0, then each round's
//! changes column by column (types and players as XOR, positions and counters as differences,
//! owners as a list of changed cells) so that zstd finds the repetition.
//!
//! Initial part: rows, cols (varints), one byte per cell (1 waste), the unit count, then a round
//! body against a baseline of units at (0, 0) with type 0, player -1 and counter -1, nothing
//! owned and every count 0. Round body: round (varint); unit types (XOR, a byte each), players
//! (player + 1, XOR); the moves tried (per player of the mover: count, each unit as its rank
//! among that player's units not named yet, straight directions as 2-bit fields and diagonal
//! ones apart; then the execution
//! order as 2-bit player fields); positions (signed
//! difference of row-major index from where the unit's straight move would take it); counters
//! (signed difference); owner changes beyond those the units imply (each alive unit's cell is owned by
//! its clan): count, then cell-index gap and owner + 1; food cells (count,
//! then index gaps); per clan strength points, zombies killed and fights won (signed
//! differences); the rest of the round's story: fights (count,
//! attacker, defender, flags: 1 surprise, 2 attacker won), zombie kills (count, zombie, clan),
//! bites (count, zombie, unit), clan switch (0, or 1 then unit, from, to).

use super::board::{Board, MAX_CELLS};
use super::dir::Dir;
use super::state::{Fight, Order, RoundLog, State, Unit, UnitType};
use super::WalkingDead;
use crate::game::ReplayCodec;
use crate::game::NB_PLAYERS;
use crate::games::shared::frame_figures::{basics, Basics};
use crate::games::shared::replay_parts::{corrupt, read_cells, read_delta, read_packed, write_cells, write_packed};
use crate::grid::{Grid, Pos};
use crate::replay::frames::{NoSuchFrame, ReplayFrames};
use crate::replay::wire::{Reader, Writer};
use crate::replay::{Replay, ReplayError, RoundCommon};

/// What changes from round to round, as the codec compares it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub round: u32,
    pub units: Vec<Unit>,
    /// Owner per cell, -1 when none.
    pub owner: Vec<i8>,
    /// Cells (row-major indices) holding food, ascending.
    pub food: Vec<usize>,
    pub strength_points: [i64; NB_PLAYERS],
    pub zombies_killed: [i64; NB_PLAYERS],
    pub fights_won: [i64; NB_PLAYERS],
    pub log: RoundLog,
    pub common: RoundCommon,
}

impl Frame {
    fn baseline(nb_units: usize, cells: usize) -> Frame {
        let unit = |id| Unit { id, kind: UnitType::Alive, player: -1, pos: Pos::new(0, 0), rounds_for_zombie: -1 };
        Frame {
            round: 0,
            units: (0..nb_units).map(unit).collect(),
            owner: vec![-1; cells],
            food: Vec::new(),
            strength_points: [0; NB_PLAYERS],
            zombies_killed: [0; NB_PLAYERS],
            fights_won: [0; NB_PLAYERS],
            log: RoundLog::default(),
            common: RoundCommon { scores: [0; NB_PLAYERS], cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
        }
    }

    fn of(s: &State) -> Frame {
        Frame {
            round: s.round,
            units: s.units.clone(),
            owner: s.owner.clone(),
            food: (0..s.food.len()).filter(|&k| s.food[k]).collect(),
            strength_points: s.strength_points,
            zombies_killed: s.zombies_killed,
            fights_won: s.fights_won,
            log: s.log.clone(),
            common: RoundCommon { scores: s.scores, cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
        }
    }

    /// A clan's strength in this frame: floor(points / alive units), 0 with none.
    pub fn strength(&self, player: usize) -> i64 {
        let alive = self.units.iter().filter(|u| u.alive_of() == Some(player)).count();
        super::state::strength(self.strength_points[player], alive)
    }
}

/// The moves tried, grouped by the player of the moving unit (each group in execution order).
/// A group is its length, then each unit as its rank among the player's units not yet named in
/// the group (a unit moves at most once a round, so a player moving all its units in any order
/// costs about log2(n!) bits), then the directions, four 2-bit fields a byte with the diagonal
/// ones (the rules ignore them) listed apart. Then the execution order: the player of each
/// move, four 2-bit fields a byte. The players interleave at random, so dense fields are what
/// zstd can shrink least badly; Dummy matches move every unit every round, which made the moves
/// two fifths of a replay written a byte per field.
fn write_moves(moves: &[Order], prev: &Frame, w: &mut Writer) {
    let player = |u: usize| prev.units[u].player.clamp(0, NB_PLAYERS as i32 - 1) as u8;
    for p in 0..NB_PLAYERS as u8 {
        let group: Vec<&Order> = moves.iter().filter(|m| player(m.unit) == p).collect();
        w.varint(group.len() as u64);
        let mut left: Vec<usize> = (0..prev.units.len()).filter(|&u| player(u) == p).collect();
        for m in &group {
            // Every move of the group is by one of `left` (a unit of p, at most once a round).
            let rank = left.binary_search(&m.unit);
            debug_assert!(rank.is_ok(), "unit {} moves twice or for another player", m.unit);
            let rank = rank.unwrap_or_else(|r| r);
            w.varint(rank as u64);
            if rank < left.len() && left[rank] == m.unit {
                left.remove(rank);
            }
        }
        // Straight directions (code / 2) as 2-bit fields, then the diagonal ones (ignored by the
        // rules, but tried) as exceptions: count, then index in the group and code.
        write_packed(group.iter().map(|m| m.dir.code() / 2), 2, w);
        let diagonal: Vec<(usize, &&Order)> = group.iter().enumerate().filter(|(_, m)| !m.dir.is_straight()).collect();
        w.varint(diagonal.len() as u64);
        for (i, m) in diagonal {
            w.varint(i as u64);
            w.u8(m.dir.code());
        }
    }
    write_packed(moves.iter().map(|m| player(m.unit)), 2, w);
}

/// Reads [`write_moves`].
fn read_moves(r: &mut Reader, prev: &Frame) -> Result<Vec<Order>, ReplayError> {
    let nb_units = prev.units.len();
    let player = |u: usize| prev.units[u].player.clamp(0, NB_PLAYERS as i32 - 1) as u8;
    let mut groups: [std::collections::VecDeque<Order>; NB_PLAYERS] = Default::default();
    let mut total = 0;
    for (p, group) in groups.iter_mut().enumerate() {
        let len = r.bounded(nb_units + 1, "move count")?;
        let mut left: Vec<usize> = (0..nb_units).filter(|&u| player(u) == p as u8).collect();
        let mut units = Vec::with_capacity(len);
        for _ in 0..len {
            let rank = r.varint("moved unit")?;
            let rank = usize::try_from(rank)
                .ok()
                .filter(|&k| k < left.len())
                .ok_or_else(|| corrupt("moved unit out of range"))?;
            units.push(left.remove(rank));
        }
        let mut codes: Vec<u8> = read_packed(r, len, 2, "move directions")?.into_iter().map(|c| c * 2).collect();
        for _ in 0..r.bounded(len + 1, "diagonal move count")? {
            let i = r.bounded(len, "diagonal move")?;
            codes[i] = r.u8("diagonal direction")?;
        }
        for (unit, code) in units.into_iter().zip(codes) {
            let dir = Dir::from_code(code).ok_or_else(|| corrupt(format!("direction {code}")))?;
            group.push_back(Order { unit, dir });
        }
        total += len;
    }
    let mut moves = Vec::with_capacity(total);
    for p in read_packed(r, total, 2, "move order")? {
        let m = groups[p as usize].pop_front().ok_or_else(|| corrupt("move order names a player with no move left"))?;
        moves.push(m);
    }
    Ok(moves)
}

/// Where each unit would stand if its move (the first tried, straight) succeeded, as row-major
/// indices: positions are written as differences from these, so the moves' directions are not
/// written twice.
fn predicted_positions(prev: &Frame, moves: &[Order], cols: usize) -> Vec<i64> {
    let mut guess: Vec<i64> = prev.units.iter().map(|u| u.pos.i as i64 * cols as i64 + u.pos.j as i64).collect();
    let mut moved = vec![false; guess.len()];
    for m in moves {
        if m.dir.is_straight() && !std::mem::replace(&mut moved[m.unit], true) {
            let (di, dj) = m.dir.delta();
            guess[m.unit] += di as i64 * cols as i64 + dj as i64;
        }
    }
    guess
}

/// The owners the units imply: last round's, with every alive unit's cell owned by its clan (an
/// alive unit always owns its cell), so that only the other changes are written.
fn implied_owners(prev: &[i8], units: &[Unit], cols: usize) -> Vec<i8> {
    let mut owner = prev.to_vec();
    for u in units {
        if u.kind == UnitType::Alive && u.player >= 0 {
            if let Some(o) = owner.get_mut(u.pos.i as usize * cols + u.pos.j as usize) {
                *o = u.player as i8;
            }
        }
    }
    owner
}

/// Encoder state: the previous round as a frame.
pub struct Codec {
    prev: Frame,
    cols: usize,
}

fn write_body(f: &Frame, prev: &Frame, cols: usize, w: &mut Writer) {
    let idx = |p: Pos| p.i as i64 * cols as i64 + p.j as i64;
    w.varint(u64::from(f.round));
    for (a, b) in prev.units.iter().zip(&f.units) {
        w.u8(a.kind.code() ^ b.kind.code());
    }
    for (a, b) in prev.units.iter().zip(&f.units) {
        w.u8(((a.player + 1) ^ (b.player + 1)) as u8);
    }
    write_moves(&f.log.moves, prev, w);
    let predicted = predicted_positions(prev, &f.log.moves, cols);
    for (guess, b) in predicted.iter().zip(&f.units) {
        w.signed(idx(b.pos) - guess);
    }
    for (a, b) in prev.units.iter().zip(&f.units) {
        w.signed(i64::from(b.rounds_for_zombie) - i64::from(a.rounds_for_zombie));
    }
    let base = implied_owners(&prev.owner, &f.units, cols);
    let changed: Vec<usize> = (0..f.owner.len()).filter(|&k| f.owner[k] != base[k]).collect();
    write_cells(changed.iter().copied(), w);
    for &k in &changed {
        w.u8((f.owner[k] + 1) as u8);
    }
    write_cells(f.food.iter().copied(), w);
    for (now, before) in [
        (&f.strength_points, &prev.strength_points),
        (&f.zombies_killed, &prev.zombies_killed),
        (&f.fights_won, &prev.fights_won),
    ] {
        for c in 0..NB_PLAYERS {
            w.signed(now[c] - before[c]);
        }
    }
    let log = &f.log;
    w.varint(log.fights.len() as u64);
    for x in &log.fights {
        w.varint(x.attacker as u64);
        w.varint(x.defender as u64);
        w.u8(u8::from(x.surprise) | (u8::from(x.attacker_won) << 1));
    }
    w.varint(log.zombie_kills.len() as u64);
    for &(z, c) in &log.zombie_kills {
        w.varint(z as u64);
        w.u8(c as u8);
    }
    w.varint(log.bites.len() as u64);
    for &(z, u) in &log.bites {
        w.varint(z as u64);
        w.varint(u as u64);
    }
    match log.switch {
        None => w.u8(0),
        Some((u, from, to)) => {
            w.u8(1);
            w.varint(u as u64);
            w.u8(from as u8);
            w.u8(to as u8);
        }
    }
}

impl ReplayCodec<WalkingDead> for Codec {
    fn start(s: &State, w: &mut Writer) -> Self {
        w.varint(s.board.rows() as u64);
        w.varint(s.board.cols() as u64);
        for &waste in s.board.waste().cells() {
            w.u8(u8::from(waste));
        }
        w.varint(s.units.len() as u64);
        let frame = Frame::of(s);
        write_body(&frame, &Frame::baseline(s.units.len(), s.owner.len()), s.board.cols(), w);
        Codec { prev: frame, cols: s.board.cols() }
    }

    fn round(&mut self, s: &State, w: &mut Writer) {
        let frame = Frame::of(s);
        write_body(&frame, &self.prev, self.cols, w);
        self.prev = frame;
    }
}

/// A decoded Walking Dead replay: the board and one frame per round, frame 0 being round 0.
#[derive(Clone, Debug)]
pub struct WalkingDeadReplay {
    pub replay: Replay,
    pub board: Board,
    pub frames: Vec<Frame>,
}

fn clan(r: &mut Reader, what: &str) -> Result<usize, ReplayError> {
    let c = r.u8(what)? as usize;
    if c >= NB_PLAYERS {
        return Err(corrupt(format!("{what} {c} is not a player")));
    }
    Ok(c)
}

fn read_body(r: &mut Reader, board: &Board, prev: &Frame) -> Result<Frame, ReplayError> {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let cells = board.rows() * board.cols();
    let mut f = prev.clone();
    f.round = u32::try_from(r.varint("round")?).map_err(|_| corrupt("round out of range"))?;
    for u in f.units.iter_mut() {
        let code = u.kind.code() ^ r.u8("unit type")?;
        u.kind = UnitType::from_code(code).ok_or_else(|| corrupt(format!("unit {} has type {code}", u.id)))?;
    }
    for u in f.units.iter_mut() {
        let p = ((u.player + 1) as u8 ^ r.u8("unit player")?) as i32 - 1;
        if !(-1..NB_PLAYERS as i32).contains(&p) {
            return Err(corrupt(format!("unit {} has player {p}", u.id)));
        }
        u.player = p;
    }
    let n = f.units.len();
    let moves = read_moves(r, prev)?;
    let predicted = predicted_positions(prev, &moves, board.cols());
    for (u, guess) in f.units.iter_mut().zip(predicted) {
        let k = read_delta(r, guess, "unit position")?;
        if !(0..rows * cols).contains(&k) {
            return Err(corrupt(format!("unit {} is off the board", u.id)));
        }
        u.pos = Pos::new((k / cols) as i32, (k % cols) as i32);
    }
    for u in f.units.iter_mut() {
        u.rounds_for_zombie = i32::try_from(read_delta(r, i64::from(u.rounds_for_zombie), "unit counter")?)
            .map_err(|_| corrupt("unit counter out of range"))?;
    }
    f.owner = implied_owners(&prev.owner, &f.units, board.cols());
    for k in read_cells(r, cells, "owner change")? {
        f.owner[k] = match r.u8("owner")? {
            o @ 0..=4 => o as i8 - 1,
            o => return Err(corrupt(format!("owner {o} out of range"))),
        };
    }
    f.food = read_cells(r, cells, "food")?;
    for counts in [&mut f.strength_points, &mut f.zombies_killed, &mut f.fights_won] {
        for v in counts.iter_mut() {
            *v = v.checked_add(r.signed("clan count")?).ok_or_else(|| corrupt("clan count out of range"))?;
        }
    }
    let mut log = RoundLog { moves, ..RoundLog::default() };
    for _ in 0..r.bounded(n * 4 + 1, "fight count")? {
        let attacker = r.bounded(n, "attacker")?;
        let defender = r.bounded(n, "defender")?;
        let flags = r.u8("fight flags")?;
        log.fights.push(Fight { attacker, defender, surprise: flags & 1 != 0, attacker_won: flags & 2 != 0 });
    }
    for _ in 0..r.bounded(n + 1, "zombie kill count")? {
        log.zombie_kills.push((r.bounded(n, "killed zombie")?, clan(r, "killer clan")?));
    }
    for _ in 0..r.bounded(n + 1, "bite count")? {
        log.bites.push((r.bounded(n, "biting zombie")?, r.bounded(n, "bitten unit")?));
    }
    log.switch = match r.u8("clan switch")? {
        0 => None,
        1 => Some((r.bounded(n, "switched unit")?, clan(r, "clan left")?, clan(r, "clan joined")?)),
        x => return Err(corrupt(format!("clan switch flag {x}"))),
    };
    f.log = log;
    Ok(f)
}

/// Decodes a Walking Dead replay into frames.
pub fn decode(replay: Replay) -> Result<WalkingDeadReplay, ReplayError> {
    replay.expect_game::<WalkingDead>()?;
    let mut r = Reader::new(&replay.initial);
    let rows = r.bounded(1001, "rows")?;
    let cols = r.bounded(1001, "cols")?;
    if rows * cols > MAX_CELLS {
        return Err(corrupt(format!("a board of {rows} x {cols} cells; a board has at most {MAX_CELLS}")));
    }
    let mut waste = Grid::new(rows, cols, false);
    for (k, &c) in r.bytes(rows * cols, "cells")?.iter().enumerate() {
        waste.cells_mut()[k] = match c {
            0 => false,
            1 => true,
            c => return Err(corrupt(format!("cell type {c}"))),
        };
    }
    let board = Board::new(waste);
    let nb_units = r.bounded(rows * cols + 1, "unit count")?;
    let first = read_body(&mut r, &board, &Frame::baseline(nb_units, rows * cols))?;
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
    Ok(WalkingDeadReplay { replay, board, frames })
}

/// Reads and decodes a Walking Dead replay file's bytes.
pub fn read(bytes: &[u8]) -> Result<WalkingDeadReplay, ReplayError> {
    decode(Replay::parse(bytes)?)
}

/// One unit of The Walking Dead in a frame.
#[derive(serde::Serialize)]
struct UnitFigures {
    id: usize,
    kind: &'static str,
    player: i32,
    row: i32,
    col: i32,
    rounds_for_zombie: i32,
}

/// One Walking Dead frame's figures (`arena replay --frame`): the basics, per clan its alive and
/// dead units, owned cells, strength points and strength, zombies killed and fights won; the
/// zombies, the food cells, every unit and the round's story (moves tried, fights, bites, the
/// clan switch).
#[derive(serde::Serialize)]
struct Figures {
    #[serde(flatten)]
    basics: Basics,
    alive: [usize; NB_PLAYERS],
    dead: [usize; NB_PLAYERS],
    zombies: usize,
    cells: [usize; NB_PLAYERS],
    strength_points: [i64; NB_PLAYERS],
    strength: [i64; NB_PLAYERS],
    zombies_killed: [i64; NB_PLAYERS],
    fights_won: [i64; NB_PLAYERS],
    food: Vec<(i32, i32)>,
    units: Vec<UnitFigures>,
    moves: Vec<(usize, &'static str)>,
    fights: Vec<FightFigures>,
    bites: Vec<(usize, usize)>,
    clan_switch: Option<(usize, usize, usize)>,
}

/// One fight of the round (fields in alphabetical order, as `arena replay --frame` prints them).
#[derive(serde::Serialize)]
struct FightFigures {
    attacker: usize,
    attacker_won: bool,
    defender: usize,
    surprise: bool,
}

/// The kit's direction names, in the order of its `Dir` (codes 0..8).
const DIR_NAMES: [&str; 8] = ["Down", "DR", "Right", "RU", "Up", "UL", "Left", "LD"];

impl ReplayFrames for WalkingDeadReplay {
    fn frame_count(&self) -> usize {
        self.frames.len()
    }

    fn frame(&self, n: usize) -> Result<Box<dyn erased_serde::Serialize>, NoSuchFrame> {
        let basics = basics(&self.frames, n, |f| f.round, |f| &f.common)?;
        let f = &self.frames[n];
        let cols = self.board.cols();
        let (mut alive, mut dead, mut cells) = ([0usize; NB_PLAYERS], [0usize; NB_PLAYERS], [0usize; NB_PLAYERS]);
        for u in &f.units {
            match (u.kind, usize::try_from(u.player)) {
                (UnitType::Alive, Ok(p)) => alive[p] += 1,
                (UnitType::Dead, Ok(p)) => dead[p] += 1,
                _ => {}
            }
        }
        f.owner.iter().filter_map(|&o| usize::try_from(o).ok()).for_each(|o| cells[o] += 1);
        Ok(Box::new(Figures {
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
                .map(|u| UnitFigures {
                    id: u.id,
                    kind: ["alive", "dead", "zombie"][usize::from(u.kind.code())],
                    player: u.player,
                    row: u.pos.i,
                    col: u.pos.j,
                    rounds_for_zombie: u.rounds_for_zombie,
                })
                .collect(),
            moves: f.log.moves.iter().map(|m| (m.unit, DIR_NAMES[usize::from(m.dir.code())])).collect(),
            fights: f
                .log
                .fights
                .iter()
                .map(|x| FightFigures {
                    attacker: x.attacker,
                    defender: x.defender,
                    surprise: x.surprise,
                    attacker_won: x.attacker_won,
                })
                .collect(),
            bites: f.log.bites.clone(),
            clan_switch: f.log.switch,
        }))
    }
}
