//! Jutge's elimination tournament as a pure, deterministic state machine (no I/O).
//!
//! The format and every decision are in `docs/tournament.md`; in short:
//! - Each **round** eliminates exactly one player. Its first **turn** shuffles the survivors,
//!   groups them in fours (Dummy fillers to a multiple of four, at most one filler per group
//!   while possible) and plays one match per group: the top two seats of each match are saved
//!   (a Dummy in the top two saves nobody). The others form the next turn's pool, and so on
//!   until at most four remain. Those play one match (Dummy-filled) until one finishes behind
//!   all its real rivals: that player is out. A pool of one is out without playing.
//! - Rounds repeat until `finalists` remain. With more than four finalists, **semifinals**
//!   (groups of four, a series of `final_matches` matches each, 4/3/2/1 points) send the top two
//!   of each group on, until at most four remain; those play the **final** series.
//! - A ranking puts frozen bots below every bot that was not frozen, then orders by score.
//!   A tie that decides who is saved or out replays the match with the next seed (up to
//!   `tie_replays` times), then the earlier seat wins.
//! - Every seed and shuffle derives from the tournament seed (`derive_seed`, then the engine's
//!   ChaCha8 `GameRng`); entrants are sorted by (module hash, name) first, so a tournament is a
//!   pure function of (entrants, config) and the results of its matches.
//!
//! Drive it with [`Tournament::next_matches`] and [`Tournament::record`]; results of one turn
//! may arrive in any order, the next turn starts when all are in. The state serializes with
//! serde, and [`Tournament::replay`] rebuilds it from the recorded results in order.

use engine::rng::{GameRng, Stream};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Seats per match.
pub const SEATS: usize = 4;

/// A player of the tournament: a display name (unique) and its module's hash.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Entrant {
    pub hash: String,
    pub name: String,
}

impl Entrant {
    pub fn new(name: impl Into<String>, hash: impl Into<String>) -> Self {
        Entrant { name: name.into(), hash: hash.into() }
    }
}

/// The parameters of a tournament (the game and its parameters are the caller's business: they
/// are the same for every match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The tournament seed: every match seed and draw derives from it.
    pub seed: u64,
    /// How many players reach the final stage (at least 2; capped at the number of entrants).
    pub finalists: usize,
    /// Matches of each final and semifinal series (at least 1).
    pub final_matches: usize,
    /// How many times a match whose saved/out boundary is tied is replayed with the next seed
    /// before the seat order decides.
    pub tie_replays: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { seed: 1, finalists: 4, final_matches: 4, tie_replays: 3 }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("a tournament needs at least 2 entrants, got {0}")]
    TooFewEntrants(usize),
    #[error("at least 2 finalists are needed, got {0}")]
    TooFewFinalists(usize),
    #[error("a final series needs at least 1 match")]
    NoFinalMatches,
    #[error("two entrants are named `{0}`")]
    DuplicateName(String),
    #[error("no pending match {0}")]
    UnknownMatch(MatchKey),
    #[error("the tournament is over")]
    Finished,
    #[error("cannot resume: entrant {entrant} cannot go out in round {round}")]
    BadResume { round: u32, entrant: usize },
}

/// Which part of the tournament a match belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// An elimination round, 1-based.
    Round(u32),
    /// A semifinal level, 1-based (only with more than four finalists).
    Semifinal(u32),
    Final,
}

impl Stage {
    fn code(self) -> (u64, u64) {
        match self {
            Stage::Round(r) => (0, u64::from(r)),
            Stage::Semifinal(l) => (1, u64::from(l)),
            Stage::Final => (2, 0),
        }
    }
}

/// A match's stable identity: stage, turn (1-based within a round; 1 in series), index within
/// the turn (0-based; in a series, group * final_matches + match), attempt (0 = first play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MatchKey {
    pub stage: Stage,
    pub turn: u32,
    pub index: u32,
    pub attempt: u32,
}

impl std::fmt::Display for MatchKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.stage {
            Stage::Round(r) => write!(f, "round {r}")?,
            Stage::Semifinal(l) => write!(f, "semifinal {l}")?,
            Stage::Final => write!(f, "final")?,
        }
        write!(f, ", turn {}, match {}, attempt {}", self.turn, self.index, self.attempt)
    }
}

/// Who sits in a seat: an entrant (index into [`Tournament::entrants`]) or a Dummy filler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    Entrant(usize),
    Dummy,
}

impl Seat {
    pub fn entrant(self) -> Option<usize> {
        match self {
            Seat::Entrant(e) => Some(e),
            Seat::Dummy => None,
        }
    }
}

/// A match to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingMatch {
    pub key: MatchKey,
    pub seed: u64,
    pub seats: [Seat; SEATS],
}

/// A played match: each seat's final score and whether it was frozen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    pub scores: [i64; SEATS],
    pub frozen: [bool; SEATS],
}

impl MatchResult {
    pub fn new(scores: [i64; SEATS]) -> Self {
        MatchResult { scores, frozen: [false; SEATS] }
    }

    /// The ranking key of a seat: not frozen first, then the higher score.
    fn key(&self, seat: usize) -> (bool, i64) {
        (!self.frozen[seat], self.scores[seat])
    }

    /// Competition places (1-based, ties share the best place) over the four seats.
    pub fn places(&self) -> [u32; SEATS] {
        std::array::from_fn(|s| 1 + (0..SEATS).filter(|&o| self.key(o) > self.key(s)).count() as u32)
    }
}

/// What a played match decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The boundary was tied: the match is played again with the next seed.
    Replayed,
    /// A cascade match: these entrants are saved.
    Saved(Vec<usize>),
    /// The last match of a round: this entrant is out.
    Out(usize),
    /// A series match (semifinal or final): points per seat.
    Points([u32; SEATS]),
}

/// A match with its result, as the history keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMatch {
    pub key: MatchKey,
    pub seed: u64,
    pub seats: [Seat; SEATS],
    pub result: MatchResult,
    pub outcome: Outcome,
    /// Whether the tie rule (seat order) decided after the last allowed replay.
    pub tiebreak: bool,
}

/// One turn of a round: its matches in play order (replays after the attempt they repeat).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLog {
    pub matches: Vec<PlayedMatch>,
    /// An entrant who was alone in the pool: out without playing.
    pub alone: Option<usize>,
}

/// A finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLog {
    pub round: u32,
    pub turns: Vec<TurnLog>,
    pub out: usize,
}

/// A series standing: an entrant's points and places in its group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesStanding {
    pub entrant: usize,
    pub points: u32,
    /// How many times the entrant took place 1, 2, 3, 4.
    pub places: [u32; SEATS],
    /// 1-based place in the group (ties share the best place).
    pub place: u32,
    /// Whether the entrant goes on (semifinals) — always false in the final.
    pub advances: bool,
}

/// A finished series group (a semifinal group or the final).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesLog {
    pub stage: Stage,
    pub group: u32,
    pub matches: Vec<PlayedMatch>,
    pub standings: Vec<SeriesStanding>,
}

/// An entrant's final place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub entrant: usize,
    /// 1-based; ties (only possible in series) share the best place.
    pub place: u32,
    pub eliminated_in_round: Option<u32>,
    /// The semifinal level the entrant left in, if any.
    pub eliminated_in_semifinal: Option<u32>,
}

/// Where the tournament is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Round { round: u32, turn: u32, remaining: usize },
    Semifinal { level: u32, remaining: usize },
    Final,
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Slot {
    key: MatchKey,
    base_seed: u64,
    seats: [Seat; SEATS],
    /// Result of the current attempt, once recorded.
    result: Option<MatchResult>,
}

impl Slot {
    fn pending(&self) -> PendingMatch {
        PendingMatch {
            key: self.key,
            seed: self.base_seed.wrapping_add(u64::from(self.key.attempt)),
            seats: self.seats,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    /// A cascade turn (pool of more than four) or the last match of a round (`last`).
    Turn {
        round: u32,
        turn: u32,
        last: bool,
        slots: Vec<Slot>,
        saved: Vec<usize>,
        log: TurnLog,
    },
    /// A set of series groups (semifinal level or the final), all matches at once.
    Series {
        stage: Stage,
        groups: Vec<Vec<usize>>,
        slots: Vec<Slot>,
        log: Vec<PlayedMatch>,
    },
    Done,
}

/// The tournament's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    config: Config,
    entrants: Vec<Entrant>,
    /// Entrants still in (sorted indices).
    alive: Vec<usize>,
    /// The pool of the current round's turn (sorted indices).
    pool: Vec<usize>,
    phase: Phase,
    rounds: Vec<RoundLog>,
    current_round: Vec<TurnLog>,
    series: Vec<SeriesLog>,
    /// Entrant index → round it went out in.
    out_round: Vec<Option<u32>>,
    out_semifinal: Vec<Option<u32>>,
    /// Every recorded result in order (for [`Tournament::replay`]).
    recorded: Vec<(MatchKey, MatchResult)>,
}

/// splitmix64's output function (Steele, Lea and Flood): a bijective 64-bit mixer.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of one turn's draw: splitmix64 chained over the tournament seed and the parts
/// (`h = splitmix64(seed); for p in parts { h = splitmix64(h ^ p) }`).
pub fn derive_seed(seed: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(splitmix64(seed), |h, &p| splitmix64(h ^ p))
}

/// The random stream of one turn (or series stage): ChaCha8 keyed with the derived seed.
fn turn_rng(seed: u64, stage: Stage, turn: u32) -> GameRng {
    let (code, n) = stage.code();
    GameRng::new(derive_seed(seed, &[code, n, u64::from(turn)]), Stream::Rules)
}

/// A match seed: 53 bits (exact in JSON numbers and in a signed 64-bit column).
fn draw_seed(rng: &mut GameRng) -> u64 {
    rng.next_u64() >> 11
}

/// Splits `pool` (already shuffled) into groups of four with Dummy fillers: the fillers go one
/// per group from the last group backwards (cycling when there are more fillers than groups),
/// then each group's seats are shuffled.
fn make_groups(pool: &[usize], rng: &mut GameRng) -> Vec<[Seat; SEATS]> {
    let groups = pool.len().div_ceil(SEATS).max(1);
    let dummies = groups * SEATS - pool.len();
    let mut fillers = vec![0usize; groups];
    for k in 0..dummies {
        fillers[groups - 1 - (k % groups)] += 1;
    }
    let mut next = pool.iter();
    fillers
        .iter()
        .map(|&d| {
            let mut seats: [Seat; SEATS] = std::array::from_fn(|s| {
                if s < SEATS - d {
                    Seat::Entrant(*next.next().expect("enough entrants"))
                } else {
                    Seat::Dummy
                }
            });
            rng.shuffle(&mut seats);
            seats
        })
        .collect()
}

impl Tournament {
    /// A new tournament. The order of `entrants` does not matter: they are sorted by (hash, name).
    pub fn new(config: Config, mut entrants: Vec<Entrant>) -> Result<Self, Error> {
        if entrants.len() < 2 {
            return Err(Error::TooFewEntrants(entrants.len()));
        }
        if config.finalists < 2 {
            return Err(Error::TooFewFinalists(config.finalists));
        }
        if config.final_matches == 0 {
            return Err(Error::NoFinalMatches);
        }
        entrants.sort();
        let mut names: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::DuplicateName(w[0].to_string()));
        }
        let n = entrants.len();
        let mut t = Tournament {
            config,
            entrants,
            alive: (0..n).collect(),
            pool: Vec::new(),
            phase: Phase::Done,
            rounds: Vec::new(),
            current_round: Vec::new(),
            series: Vec::new(),
            out_round: vec![None; n],
            out_semifinal: vec![None; n],
            recorded: Vec::new(),
        };
        t.start_round(1);
        Ok(t)
    }

    /// Rebuilds a tournament from its recorded results, in the order they were recorded.
    pub fn replay(
        config: Config,
        entrants: Vec<Entrant>,
        results: impl IntoIterator<Item = (MatchKey, MatchResult)>,
    ) -> Result<Self, Error> {
        let mut t = Tournament::new(config, entrants)?;
        for (key, result) in results {
            t.record(key, result)?;
        }
        Ok(t)
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The entrants, sorted by (hash, name): seats and logs refer to them by index.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// Entrants still in (not eliminated in a round; semifinal losers count as out).
    pub fn alive(&self) -> &[usize] {
        &self.alive
    }

    /// Finished rounds.
    pub fn rounds(&self) -> &[RoundLog] {
        &self.rounds
    }

    /// Finished series groups (semifinals, then the final).
    pub fn series(&self) -> &[SeriesLog] {
        &self.series
    }

    /// Every result recorded so far, in order.
    pub fn recorded(&self) -> &[(MatchKey, MatchResult)] {
        &self.recorded
    }

    /// The number of elimination rounds: entrants minus finalists (or 0).
    pub fn total_rounds(&self) -> u32 {
        self.entrants.len().saturating_sub(self.finalists()) as u32
    }

    fn finalists(&self) -> usize {
        self.config.finalists.min(self.entrants.len())
    }

    pub fn status(&self) -> Status {
        match &self.phase {
            Phase::Turn { round, turn, .. } => {
                Status::Round { round: *round, turn: *turn, remaining: self.alive.len() }
            }
            Phase::Series { stage: Stage::Semifinal(level), groups, .. } => {
                Status::Semifinal { level: *level, remaining: groups.iter().map(Vec::len).sum() }
            }
            Phase::Series { .. } => Status::Final,
            Phase::Done => Status::Done,
        }
    }

    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }

    /// The matches to play now (the current turn's matches without a result).
    pub fn next_matches(&self) -> Vec<PendingMatch> {
        match &self.phase {
            Phase::Turn { slots, .. } | Phase::Series { slots, .. } => {
                slots.iter().filter(|s| s.result.is_none()).map(Slot::pending).collect()
            }
            Phase::Done => Vec::new(),
        }
    }

    /// Records the result of a pending match. When it completes the turn, the tournament moves
    /// on (next turn, round, semifinal level, final or done). Returns the matches this result
    /// settled, with their outcomes: none until the turn's last result is in, then every match of
    /// the turn (or of the series stage).
    pub fn record(&mut self, key: MatchKey, result: MatchResult) -> Result<Vec<PlayedMatch>, Error> {
        let slots = match &mut self.phase {
            Phase::Turn { slots, .. } | Phase::Series { slots, .. } => slots,
            Phase::Done => return Err(Error::Finished),
        };
        let slot = slots.iter_mut().find(|s| s.key == key && s.result.is_none()).ok_or(Error::UnknownMatch(key))?;
        slot.result = Some(result);
        self.recorded.push((key, result));
        if slots.iter().all(|s| s.result.is_some()) {
            return Ok(self.resolve());
        }
        Ok(Vec::new())
    }

    /// The tournament at the start of round `eliminated.len() + 1`, where round `r` put out
    /// entrant `eliminated[r - 1]` (an index into [`Tournament::entrants`]): the same state a
    /// full replay of those rounds reaches, without their logs ([`Tournament::rounds`] lists
    /// them with no turns). A server keeps who went out of each round and replays only the
    /// current round's results on top, instead of every result since the start.
    pub fn resume(config: Config, entrants: Vec<Entrant>, eliminated: &[usize]) -> Result<Self, Error> {
        let mut t = Tournament::new(config, entrants)?;
        for (i, &out) in eliminated.iter().enumerate() {
            let round = i as u32 + 1;
            let in_round = matches!(t.phase, Phase::Turn { round: r, .. } if r == round);
            if !in_round || !t.alive.contains(&out) {
                return Err(Error::BadResume { round, entrant: out });
            }
            t.current_round.clear();
            t.eliminate(round, out);
        }
        Ok(t)
    }

    fn start_round(&mut self, round: u32) {
        if self.alive.len() <= self.finalists() {
            return self.start_series(1);
        }
        self.pool = self.alive.clone();
        self.current_round.clear();
        self.start_turn(round, 1);
    }

    fn start_turn(&mut self, round: u32, turn: u32) {
        let mut rng = turn_rng(self.config.seed, Stage::Round(round), turn);
        let mut pool = self.pool.clone();
        pool.sort_unstable();
        if pool.len() == 1 {
            // Alone: out without playing.
            let log = TurnLog { matches: Vec::new(), alone: Some(pool[0]) };
            self.current_round.push(log);
            return self.eliminate(round, pool[0]);
        }
        rng.shuffle(&mut pool);
        let last = pool.len() <= SEATS;
        let slots = make_groups(&pool, &mut rng)
            .into_iter()
            .enumerate()
            .map(|(i, seats)| Slot {
                key: MatchKey { stage: Stage::Round(round), turn, index: i as u32, attempt: 0 },
                base_seed: draw_seed(&mut rng),
                seats,
                result: None,
            })
            .collect();
        self.phase = Phase::Turn { round, turn, last, slots, saved: Vec::new(), log: TurnLog::default() };
    }

    fn eliminate(&mut self, round: u32, out: usize) {
        self.out_round[out] = Some(round);
        self.alive.retain(|&e| e != out);
        let turns = std::mem::take(&mut self.current_round);
        self.rounds.push(RoundLog { round, turns, out });
        self.start_round(round + 1);
    }

    /// Settles the current turn or series stage; returns its played matches.
    fn resolve(&mut self) -> Vec<PlayedMatch> {
        let mut settled = Vec::new();
        let phase = std::mem::replace(&mut self.phase, Phase::Done);
        match phase {
            Phase::Turn { round, turn, last, mut slots, mut saved, mut log } => {
                let mut out = None;
                let mut replays = Vec::new();
                for slot in &mut slots {
                    let result = slot.result.take().expect("all results are in");
                    let pending = slot.pending();
                    let may_replay = slot.key.attempt < self.config.tie_replays;
                    let decided =
                        if last { decide_out(&slot.seats, &result) } else { decide_saved(&slot.seats, &result) };
                    let (outcome, tiebreak) = match decided {
                        Decision::Clear(o) => (o, false),
                        Decision::Tied(_) if may_replay => (Outcome::Replayed, false),
                        Decision::Tied(o) => (o, true),
                    };
                    match &outcome {
                        Outcome::Saved(s) => saved.extend(s),
                        Outcome::Out(e) => out = Some(*e),
                        _ => {}
                    }
                    if outcome == Outcome::Replayed {
                        let mut again = slot.clone();
                        again.key.attempt += 1;
                        replays.push(again);
                    }
                    let played = PlayedMatch {
                        key: pending.key,
                        seed: pending.seed,
                        seats: pending.seats,
                        result,
                        outcome,
                        tiebreak,
                    };
                    settled.push(played.clone());
                    log.matches.push(played);
                }
                if !replays.is_empty() {
                    self.phase = Phase::Turn { round, turn, last, slots: replays, saved, log };
                    return settled;
                }
                self.current_round.push(log);
                match out {
                    Some(e) => self.eliminate(round, e),
                    None => {
                        self.pool.retain(|e| !saved.contains(e));
                        self.start_turn(round, turn + 1);
                    }
                }
            }
            Phase::Series { stage, groups, slots, mut log } => {
                for slot in slots {
                    let result = slot.result.expect("all results are in");
                    let places = result.places();
                    let points = std::array::from_fn(|s| 5 - places[s]);
                    let p = slot.pending();
                    log.push(PlayedMatch {
                        key: p.key,
                        seed: p.seed,
                        seats: p.seats,
                        result,
                        outcome: Outcome::Points(points),
                        tiebreak: false,
                    });
                }
                log.sort_by_key(|m| m.key);
                settled.extend(log.iter().cloned());
                let m = self.config.final_matches;
                let mut advancing = Vec::new();
                for (g, members) in groups.iter().enumerate() {
                    let matches: Vec<PlayedMatch> = log[g * m..(g + 1) * m].to_vec();
                    let advance = if stage == Stage::Final { 0 } else { 2 };
                    let standings = series_standings(members, &matches, advance);
                    advancing.extend(standings.iter().filter(|s| s.advances).map(|s| s.entrant));
                    if let Stage::Semifinal(level) = stage {
                        for s in standings.iter().filter(|s| !s.advances) {
                            self.out_semifinal[s.entrant] = Some(level);
                        }
                    }
                    self.series.push(SeriesLog { stage, group: g as u32, matches, standings });
                }
                match stage {
                    Stage::Semifinal(level) => {
                        advancing.sort_unstable();
                        self.alive = advancing;
                        self.start_series(level + 1);
                    }
                    _ => self.phase = Phase::Done,
                }
            }
            Phase::Done => {}
        }
        settled
    }

    /// Semifinal level `level` when more than four remain, else the final.
    fn start_series(&mut self, level: u32) {
        let stage = if self.alive.len() > SEATS { Stage::Semifinal(level) } else { Stage::Final };
        let mut rng = turn_rng(self.config.seed, stage, 1);
        let mut pool = self.alive.clone();
        rng.shuffle(&mut pool);
        let m = self.config.final_matches;
        let mut groups = Vec::new();
        let mut slots = Vec::new();
        for (g, seats) in make_groups(&pool, &mut rng).into_iter().enumerate() {
            // Members in their seat order of the first match (the series' tiebreak order).
            groups.push(seats.iter().filter_map(|s| s.entrant()).collect());
            for k in 0..m {
                let mut rotated = seats;
                rotated.rotate_left(k % SEATS);
                slots.push(Slot {
                    key: MatchKey { stage, turn: 1, index: (g * m + k) as u32, attempt: 0 },
                    base_seed: draw_seed(&mut rng),
                    seats: rotated,
                    result: None,
                });
            }
        }
        self.phase = Phase::Series { stage, groups, slots, log: Vec::new() };
    }

    /// Everybody's place. Before the end, places of entrants still in are `0`.
    pub fn standings(&self) -> Vec<Standing> {
        let n = self.entrants.len() as u32;
        let mut places = vec![0u32; self.entrants.len()];
        for (e, r) in self.out_round.iter().enumerate() {
            if let Some(r) = r {
                places[e] = n - r + 1;
            }
        }
        if self.is_done() {
            // The final group's places first, then the semifinal levels from the last one back.
            let mut next = 1u32;
            let mut stages: Vec<Stage> = self.series.iter().map(|s| s.stage).collect();
            stages.dedup();
            for stage in stages.into_iter().rev() {
                let mut rows: Vec<&SeriesStanding> = self
                    .series
                    .iter()
                    .filter(|s| s.stage == stage)
                    .flat_map(|s| &s.standings)
                    .filter(|s| !s.advances)
                    .collect();
                rows.sort_by(|a, b| series_order(b, a));
                for (i, row) in rows.iter().enumerate() {
                    let shared = i > 0 && series_order(rows[i - 1], row) == Ordering::Equal;
                    places[row.entrant] = if shared { places[rows[i - 1].entrant] } else { next + i as u32 };
                }
                next += rows.len() as u32;
            }
        }
        let mut out: Vec<Standing> = (0..self.entrants.len())
            .map(|e| Standing {
                entrant: e,
                place: places[e],
                eliminated_in_round: self.out_round[e],
                eliminated_in_semifinal: self.out_semifinal[e],
            })
            .collect();
        out.sort_by_key(|s| (s.place == 0, s.place, s.entrant));
        out
    }
}

enum Decision {
    Clear(Outcome),
    /// Tied at the boundary; the outcome the seat-order tiebreak gives.
    Tied(Outcome),
}

/// Seats from best to worst; equal keys keep seat order (the tiebreak: the earlier seat wins).
fn seat_order(result: &MatchResult) -> [usize; SEATS] {
    let mut order: [usize; SEATS] = std::array::from_fn(|s| s);
    order.sort_by(|&a, &b| result.key(b).cmp(&result.key(a)).then(a.cmp(&b)));
    order
}

/// A cascade match: the top two seats are saved (Dummies included in the ranking).
fn decide_saved(seats: &[Seat; SEATS], result: &MatchResult) -> Decision {
    let order = seat_order(result);
    let saved: Vec<usize> = order[..2].iter().filter_map(|&s| seats[s].entrant()).collect();
    // Tied when a real player's key equals the boundary key and the tie straddles places 2/3.
    let boundary_tied = result.key(order[1]) == result.key(order[2]);
    let matters =
        boundary_tied && (0..SEATS).any(|s| seats[s].entrant().is_some() && result.key(s) == result.key(order[1]));
    if matters {
        Decision::Tied(Outcome::Saved(saved))
    } else {
        Decision::Clear(Outcome::Saved(saved))
    }
}

/// The last match of a round: the real player behind all its real rivals is out.
fn decide_out(seats: &[Seat; SEATS], result: &MatchResult) -> Decision {
    let order = seat_order(result);
    let real: Vec<usize> = order.iter().copied().filter(|&s| seats[s].entrant().is_some()).collect();
    let last = *real.last().expect("a match has a real player");
    let out = Outcome::Out(seats[last].entrant().expect("real"));
    let tied = real.len() >= 2 && result.key(real[real.len() - 2]) == result.key(last);
    if tied {
        Decision::Tied(out)
    } else {
        Decision::Clear(out)
    }
}

/// Series order: points, then first places, second places, third places.
fn series_order(a: &SeriesStanding, b: &SeriesStanding) -> Ordering {
    (a.points, a.places).cmp(&(b.points, b.places))
}

/// A group's standings; the top `advance` go on (ties beyond the places: the earlier seat of the
/// group's first match).
fn series_standings(members: &[usize], matches: &[PlayedMatch], advance: usize) -> Vec<SeriesStanding> {
    let mut rows: Vec<SeriesStanding> = members
        .iter()
        .map(|&e| SeriesStanding { entrant: e, points: 0, places: [0; SEATS], place: 0, advances: false })
        .collect();
    for m in matches {
        let places = m.result.places();
        let Outcome::Points(points) = m.outcome else { continue };
        for (s, seat) in m.seats.iter().enumerate() {
            if let Some(row) = seat.entrant().and_then(|e| rows.iter_mut().find(|r| r.entrant == e)) {
                row.points += points[s];
                row.places[places[s] as usize - 1] += 1;
            }
        }
    }
    // Stable sort: members are in first-match seat order.
    rows.sort_by(|a, b| series_order(b, a));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && series_order(&rows[i - 1], &rows[i]) == Ordering::Equal {
            rows[i - 1].place
        } else {
            i as u32 + 1
        };
        rows[i].advances = i < advance;
    }
    rows
}
