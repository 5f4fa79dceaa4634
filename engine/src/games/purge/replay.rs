//! The Purge's part of a replay (`docs/replay-format.md`, section 9d): the board and the state at
//! round 0, then each round's changes column by column so that zstd finds the repetition.
//!
//! Initial part: rows, cols (varints), one byte per cell (1 building), then a round body against
//! a baseline with no citizen, item or barricade and every count 0. Round body: round (varint);
//! the number of citizen ids (varint), then type and player (u8 each) of each new one; the orders
//! executed (per player: count, each citizen as its rank among that player's citizens alive
//! before the round and not named yet, then 8 for a build plus the direction as 4-bit fields; then the
//! execution order as 2-bit player fields); per citizen: alive (XOR), position (signed difference
//! from where its move order would take it), weapon (XOR) and life (signed difference); the item
//! changes (cell list, then the new item code each); the barricade changes (cell list, then
//! owner + 1, 0 for none, and the resistance as a varint when there is one); money and kill
//! points per player (signed differences); the fights (count, then attacker, defender, flags:
//! 1 the attacker won, 2 the loser died). Citizens reborn in a round are the new ids.

use super::board::Board;
use super::state::{Barricade, Citizen, CitizenType, Fight, Item, Order, OrderKind, RoundLog, State, Weapon};
use super::view::{item_code, item_from_code, kind_code, weapon_code, weapon_from_code};
use super::Purge;
use crate::game::ReplayCodec;
use crate::game::NB_PLAYERS;
use crate::games::shared::frame_figures::{basics, Basics};
use crate::games::shared::replay_parts::{corrupt, read_cells, read_delta, read_packed, write_cells, write_packed};
use crate::grid::{Dir, Grid, Pos};
use crate::replay::frames::{NoSuchFrame, ReplayFrames};
use crate::replay::wire::{Reader, Writer};
use crate::replay::{Replay, ReplayError, RoundCommon};

/// What changes from round to round, as the codec compares it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub round: u32,
    /// Every citizen so far, by id (dead ones with `alive` false).
    pub citizens: Vec<Citizen>,
    pub item: Vec<Option<Item>>,
    pub barricade: Vec<Option<Barricade>>,
    pub money_points: [i64; NB_PLAYERS],
    pub kill_points: [i64; NB_PLAYERS],
    pub log: RoundLog,
    pub common: RoundCommon,
}

impl Frame {
    fn baseline(cells: usize) -> Frame {
        Frame {
            round: 0,
            citizens: Vec::new(),
            item: vec![None; cells],
            barricade: vec![None; cells],
            money_points: [0; NB_PLAYERS],
            kill_points: [0; NB_PLAYERS],
            log: RoundLog::default(),
            common: RoundCommon { scores: [0; NB_PLAYERS], cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
        }
    }

    pub fn of(s: &State) -> Frame {
        Frame {
            round: s.round,
            citizens: s.citizens.clone(),
            item: s.item.clone(),
            barricade: s.barricade.clone(),
            money_points: s.money_points,
            kill_points: s.kill_points,
            log: s.log.clone(),
            common: RoundCommon { scores: s.scores(), cpu: [0.0; NB_PLAYERS], frozen: Vec::new() },
        }
    }

    /// Makes this frame the state's, reusing its buffers (a frame a round was most of the
    /// replay's cost).
    fn refill(&mut self, s: &State) {
        self.round = s.round;
        self.citizens.clone_from(&s.citizens);
        self.item.clone_from(&s.item);
        self.barricade.clone_from(&s.barricade);
        self.money_points = s.money_points;
        self.kill_points = s.kill_points;
        self.log.orders.clone_from(&s.log.orders);
        self.log.fights.clone_from(&s.log.fights);
        self.log.reborn.clone_from(&s.log.reborn);
        self.common.scores = s.scores();
    }

    /// Money points plus kill points.
    pub fn scores(&self) -> [i64; NB_PLAYERS] {
        std::array::from_fn(|p| self.money_points[p] + self.kill_points[p])
    }
}

/// The citizens of player `p` alive in `prev`, ascending: the ranks of the orders refer to them.
fn roster(prev: &Frame, p: usize) -> Vec<usize> {
    prev.citizens.iter().filter(|c| c.alive && c.player == p).map(|c| c.id).collect()
}

/// An order's kind and direction as 4 bits: 8 for a build, plus the direction code (0..3, or 4
/// for none: native bots may give it; the rules ignore it).
fn order_code(o: &Order) -> u8 {
    (match o.kind {
        OrderKind::Move => 0,
        OrderKind::Build => 8,
    }) + o.dir.code()
}

fn write_orders(orders: &[Order], prev: &Frame, w: &mut Writer) {
    let player = |o: &Order| prev.citizens[o.citizen].player;
    for p in 0..NB_PLAYERS {
        let group: Vec<&Order> = orders.iter().filter(|o| player(o) == p).collect();
        w.varint(group.len() as u64);
        let mut left = roster(prev, p);
        for o in &group {
            let rank = left.binary_search(&o.citizen);
            debug_assert!(rank.is_ok(), "citizen {} ordered twice or not alive", o.citizen);
            let rank = rank.unwrap_or_else(|r| r);
            w.varint(rank as u64);
            if rank < left.len() && left[rank] == o.citizen {
                left.remove(rank);
            }
        }
        write_packed(group.iter().map(|o| order_code(o)), 4, w);
    }
    write_packed(orders.iter().map(|o| player(o) as u8), 2, w);
}

fn read_orders(r: &mut Reader, prev: &Frame) -> Result<Vec<Order>, ReplayError> {
    let mut groups: [std::collections::VecDeque<Order>; NB_PLAYERS] = Default::default();
    let mut total = 0;
    for (p, group) in groups.iter_mut().enumerate() {
        let mut left = roster(prev, p);
        let len = r.bounded(left.len() + 1, "order count")?;
        let mut ids = Vec::with_capacity(len);
        for _ in 0..len {
            let rank = r.varint("ordered citizen")?;
            let rank = usize::try_from(rank)
                .ok()
                .filter(|&k| k < left.len())
                .ok_or_else(|| corrupt("ordered citizen out of range"))?;
            ids.push(left.remove(rank));
        }
        for (citizen, code) in ids.into_iter().zip(read_packed(r, len, 4, "order codes")?) {
            let kind = if code & 8 == 0 { OrderKind::Move } else { OrderKind::Build };
            let dir = Dir::from_code(code & 7).ok_or_else(|| corrupt(format!("order code {code}")))?;
            group.push_back(Order { citizen, kind, dir });
        }
        total += len;
    }
    let mut orders = Vec::with_capacity(total);
    for p in read_packed(r, total, 2, "order player")? {
        let o =
            groups[p as usize].pop_front().ok_or_else(|| corrupt("order player names a player with no order left"))?;
        orders.push(o);
    }
    Ok(orders)
}

/// Where each citizen would stand if its move order (if any) succeeded, as row-major indices:
/// positions are written as differences from these.
fn predicted(prev: &Frame, n: usize, orders: &[Order], cols: usize) -> Vec<i64> {
    let idx = |p: Pos| p.i as i64 * cols as i64 + p.j as i64;
    let mut guess: Vec<i64> = (0..n).map(|id| prev.citizens.get(id).map_or(0, |c| idx(c.pos))).collect();
    for o in orders {
        if o.kind == OrderKind::Move {
            let (di, dj) = o.dir.delta();
            guess[o.citizen] += di as i64 * cols as i64 + dj as i64;
        }
    }
    guess
}

fn baseline_citizen(id: usize, kind: CitizenType, player: usize) -> Citizen {
    Citizen { id, kind, player, pos: Pos::new(0, 0), weapon: None, life: 0, alive: false }
}

fn write_body(f: &Frame, prev: &Frame, cols: usize, w: &mut Writer) {
    let idx = |p: Pos| p.i as i64 * cols as i64 + p.j as i64;
    w.varint(u64::from(f.round));
    let n = f.citizens.len();
    w.varint(n as u64);
    for c in &f.citizens[prev.citizens.len()..] {
        w.u8(kind_code(c.kind));
        w.u8(c.player as u8);
    }
    let before = |id: usize| {
        prev.citizens.get(id).copied().unwrap_or_else(|| {
            let c = f.citizens[id];
            baseline_citizen(id, c.kind, c.player)
        })
    };
    write_orders(&f.log.orders, prev, w);
    for c in &f.citizens {
        w.u8(u8::from(c.alive ^ before(c.id).alive));
    }
    let guess = predicted(prev, n, &f.log.orders, cols);
    for (c, g) in f.citizens.iter().zip(guess) {
        w.signed(idx(c.pos) - g);
    }
    for c in &f.citizens {
        w.u8(weapon_code(c.weapon) ^ weapon_code(before(c.id).weapon));
    }
    for c in &f.citizens {
        w.signed(c.life - before(c.id).life);
    }
    let items: Vec<usize> = (0..f.item.len()).filter(|&k| f.item[k] != prev.item[k]).collect();
    write_cells(items.iter().copied(), w);
    for &k in &items {
        w.u8(item_code(f.item[k]));
    }
    let barricades: Vec<usize> = (0..f.barricade.len()).filter(|&k| f.barricade[k] != prev.barricade[k]).collect();
    write_cells(barricades.iter().copied(), w);
    for &k in &barricades {
        match f.barricade[k] {
            None => w.u8(0),
            Some(b) => {
                w.u8(b.player as u8 + 1);
                w.varint(b.resistance.max(0) as u64);
            }
        }
    }
    for (now, was) in [(&f.money_points, &prev.money_points), (&f.kill_points, &prev.kill_points)] {
        for p in 0..NB_PLAYERS {
            w.signed(now[p] - was[p]);
        }
    }
    w.varint(f.log.fights.len() as u64);
    for x in &f.log.fights {
        w.varint(x.attacker as u64);
        w.varint(x.defender as u64);
        w.u8(u8::from(x.attacker_won) | (u8::from(x.killed) << 1));
    }
}

/// Encoder state: the previous round as a frame, and the buffers of the next one.
pub struct Codec {
    prev: Frame,
    cur: Frame,
    cols: usize,
}

impl ReplayCodec<Purge> for Codec {
    fn start(s: &State, w: &mut Writer) -> Self {
        w.varint(s.board.rows() as u64);
        w.varint(s.board.cols() as u64);
        for &b in s.board.buildings().cells() {
            w.u8(u8::from(b));
        }
        let frame = Frame::of(s);
        write_body(&frame, &Frame::baseline(s.item.len()), s.board.cols(), w);
        Codec { cur: frame.clone(), prev: frame, cols: s.board.cols() }
    }

    fn round(&mut self, s: &State, w: &mut Writer) {
        self.cur.refill(s);
        write_body(&self.cur, &self.prev, self.cols, w);
        std::mem::swap(&mut self.cur, &mut self.prev);
    }
}

/// A decoded Purge replay: the board and one frame per round, frame 0 being round 0.
#[derive(Clone, Debug)]
pub struct PurgeReplay {
    pub replay: Replay,
    pub board: Board,
    pub frames: Vec<Frame>,
}

fn read_body(r: &mut Reader, board: &Board, prev: &Frame) -> Result<Frame, ReplayError> {
    let cells = board.rows() * board.cols();
    let cols = board.cols() as i64;
    let mut f = prev.clone();
    f.round = u32::try_from(r.varint("round")?).map_err(|_| corrupt("round out of range"))?;
    let old = prev.citizens.len();
    // Every citizen stands on its own street cell: at most one per cell ever alive, and ids grow
    // by the rebirths of a round (bounded by the cells too).
    let n = r.varint("citizen count")?;
    let n = usize::try_from(n)
        .ok()
        .filter(|&n| n >= old && n - old <= cells)
        .ok_or_else(|| corrupt(format!("citizen count {n} (was {old})")))?;
    for id in old..n {
        let kind = match r.u8("citizen type")? {
            0 => CitizenType::Builder,
            1 => CitizenType::Warrior,
            t => return Err(corrupt(format!("citizen {id} has type {t}"))),
        };
        let player = r.u8("citizen player")? as usize;
        if player >= NB_PLAYERS {
            return Err(corrupt(format!("citizen {id} has player {player}")));
        }
        f.citizens.push(baseline_citizen(id, kind, player));
    }
    let orders = read_orders(r, prev)?;
    for c in f.citizens.iter_mut() {
        c.alive ^= match r.u8("citizen alive")? {
            0 => false,
            1 => true,
            x => return Err(corrupt(format!("citizen {} alive flag {x}", c.id))),
        };
    }
    let guess = predicted(prev, n, &orders, board.cols());
    for (c, g) in f.citizens.iter_mut().zip(guess) {
        let k = read_delta(r, g, "citizen position")?;
        if !(0..cells as i64).contains(&k) {
            return Err(corrupt(format!("citizen {} is off the board", c.id)));
        }
        c.pos = Pos::new((k / cols) as i32, (k % cols) as i32);
    }
    for c in f.citizens.iter_mut() {
        let code = weapon_code(c.weapon) ^ r.u8("citizen weapon")?;
        c.weapon = weapon_from_code(code).ok_or_else(|| corrupt(format!("citizen {} has weapon {code}", c.id)))?;
    }
    for c in f.citizens.iter_mut() {
        c.life = c.life.checked_add(r.signed("citizen life")?).ok_or_else(|| corrupt("citizen life out of range"))?;
    }
    let items = read_cells(r, cells, "item change")?;
    for k in items {
        let code = r.u8("item")?;
        f.item[k] = item_from_code(code).ok_or_else(|| corrupt(format!("item code {code}")))?;
    }
    for k in read_cells(r, cells, "barricade change")? {
        f.barricade[k] = match r.u8("barricade owner")? {
            0 => None,
            o @ 1..=4 => {
                let resistance = r.varint("barricade resistance")?;
                let resistance = i64::try_from(resistance).map_err(|_| corrupt("barricade resistance out of range"))?;
                Some(Barricade { player: o as usize - 1, resistance })
            }
            o => return Err(corrupt(format!("barricade owner {o} out of range"))),
        };
    }
    for counts in [&mut f.money_points, &mut f.kill_points] {
        for v in counts.iter_mut() {
            *v = v.checked_add(r.signed("points")?).ok_or_else(|| corrupt("points out of range"))?;
        }
    }
    let mut log = RoundLog { orders, reborn: (old..n).collect(), ..RoundLog::default() };
    for _ in 0..r.bounded(n * 4 + 1, "fight count")? {
        let attacker = r.bounded(n, "attacker")?;
        let defender = r.bounded(n, "defender")?;
        let flags = r.u8("fight flags")?;
        if flags > 3 {
            return Err(corrupt(format!("fight flags {flags}")));
        }
        log.fights.push(Fight { attacker, defender, attacker_won: flags & 1 != 0, killed: flags & 2 != 0 });
    }
    f.log = log;
    Ok(f)
}

/// Decodes a Purge replay into frames.
pub fn decode(replay: Replay) -> Result<PurgeReplay, ReplayError> {
    replay.expect_game::<Purge>()?;
    let mut r = Reader::new(&replay.initial);
    let rows = r.bounded(1001, "rows")?;
    let cols = r.bounded(1001, "cols")?;
    let mut building = Grid::new(rows, cols, false);
    for (k, &c) in r.bytes(rows * cols, "cells")?.iter().enumerate() {
        building.cells_mut()[k] = match c {
            0 => false,
            1 => true,
            c => return Err(corrupt(format!("cell type {c}"))),
        };
    }
    let board = Board::new(building);
    let mut first = read_body(&mut r, &board, &Frame::baseline(rows * cols))?;
    first.log = RoundLog::default();
    r.finish("the initial state")?;
    let mut frames = Vec::with_capacity(replay.rounds.len() + 1);
    frames.push(first);
    for (k, rec) in replay.rounds.iter().enumerate() {
        let prev = frames.last().expect("frame 0 exists");
        let mut r = Reader::new(&rec.game);
        let mut f = read_body(&mut r, &board, prev).map_err(|e| match e {
            // Named by the frame it makes (1 for the first round record), as every game's
            // reader and the viewer do.
            ReplayError::Corrupt(m) => corrupt(format!("round {}: {m}", k + 1)),
            other => other,
        })?;
        r.finish("a round")?;
        f.common = rec.common.clone();
        frames.push(f);
    }
    Ok(PurgeReplay { replay, board, frames })
}

/// Reads and decodes a Purge replay file's bytes.
pub fn read(bytes: &[u8]) -> Result<PurgeReplay, ReplayError> {
    decode(Replay::parse(bytes)?)
}

/// One citizen of The Purge in a frame (the dead keep their last cell and life 0).
#[derive(serde::Serialize)]
struct CitizenFigures {
    id: usize,
    kind: &'static str,
    player: usize,
    alive: bool,
    row: i32,
    col: i32,
    weapon: &'static str,
    life: i64,
}

/// One fight of the round (fields in alphabetical order, as `arena replay --frame` prints them).
#[derive(serde::Serialize)]
struct FightFigures {
    attacker: usize,
    attacker_won: bool,
    defender: usize,
    killed: bool,
}

/// One Purge frame's figures (`arena replay --frame`): the basics, per clan its builders and
/// warriors on the board, its barricades, money points and kill points; every citizen, the items
/// and barricades on the board, and the round's orders (in execution order) and fights.
#[derive(serde::Serialize)]
struct Figures {
    #[serde(flatten)]
    basics: Basics,
    day: bool,
    builders: [usize; NB_PLAYERS],
    warriors: [usize; NB_PLAYERS],
    barricades: [usize; NB_PLAYERS],
    money_points: [i64; NB_PLAYERS],
    kill_points: [i64; NB_PLAYERS],
    citizens: Vec<CitizenFigures>,
    items: Vec<(i32, i32, &'static str)>,
    barricade_cells: Vec<(usize, i32, i32, i64)>,
    orders: Vec<(usize, &'static str, &'static str)>,
    fights: Vec<FightFigures>,
}

/// The kit's direction names, in the order of its `Dir` (codes 0..3).
const DIR_NAMES: [&str; 4] = ["Down", "Right", "Up", "Left"];

fn item_name(item: Item) -> &'static str {
    match item {
        Item::Money => "money",
        Item::Food => "food",
        Item::Gun => "gun",
        Item::Bazooka => "bazooka",
    }
}

fn weapon_name(weapon: Option<Weapon>) -> &'static str {
    match weapon {
        None => "none",
        Some(Weapon::Hammer) => "hammer",
        Some(Weapon::Gun) => "gun",
        Some(Weapon::Bazooka) => "bazooka",
    }
}

impl ReplayFrames for PurgeReplay {
    fn frame_count(&self) -> usize {
        self.frames.len()
    }

    fn frame(&self, n: usize) -> Result<Box<dyn erased_serde::Serialize>, NoSuchFrame> {
        let basics = basics(&self.frames, n, |f| f.round, |f| &f.common)?;
        let f = &self.frames[n];
        let b = &self.board;
        let (mut builders, mut warriors, mut barricades) =
            ([0usize; NB_PLAYERS], [0usize; NB_PLAYERS], [0usize; NB_PLAYERS]);
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
                let p = b.pos(k);
                Some((p.i, p.j, item_name((*it)?)))
            })
            .collect();
        // A replay is user input: a missing parameter takes the default rather than a panic.
        let per_day =
            self.replay.header.params.iter().find(|(k, _)| *k == "num_rounds_per_day").map_or(50, |(_, v)| v).max(2);
        Ok(Box::new(Figures {
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
                .map(|c| CitizenFigures {
                    id: c.id,
                    kind: if c.kind == CitizenType::Builder { "builder" } else { "warrior" },
                    player: c.player,
                    alive: c.alive,
                    row: c.pos.i,
                    col: c.pos.j,
                    weapon: weapon_name(c.weapon),
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
                    (o.citizen, kind, DIR_NAMES.get(usize::from(o.dir.code())).copied().unwrap_or("none"))
                })
                .collect(),
            fights: f
                .log
                .fights
                .iter()
                .map(|x| FightFigures {
                    attacker: x.attacker,
                    attacker_won: x.attacker_won,
                    defender: x.defender,
                    killed: x.killed,
                })
                .collect(),
        }))
    }
}
