//! The replay container, common to every game (format spec: `docs/replay-format.md`).
//!
//! A file is the magic `ARENARPL`, a little-endian `u16` format version, then one zstd frame
//! (with its content checksum) holding tagged sections: `H` header (JSON), `I` initial state
//! (game codec), one `R` per round (common part, then game codec), `E` end (the match summary,
//! JSON). zstd was chosen for its ratio on these small column-wise deltas, its checksum, and its
//! small JavaScript decoders.

mod error;
pub mod frames;
pub mod wire;

pub use error::ReplayError;

use crate::cnf::BoardSource;
use crate::game::{Game, PlayerId, ReplayCodec, NB_PLAYERS};
use crate::outcome::{FreezeReason, Frozen, MatchSetup, MatchSummary};
use crate::params::ParamValues;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use wire::{Reader, Writer};

pub const MAGIC: &[u8; 8] = b"ARENARPL";
pub const FORMAT_VERSION: u16 = 1;
/// Decompressed replays larger than this are refused (a defence against zip bombs).
pub const MAX_DECODED_BYTES: u64 = 256 << 20;

/// Who played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub name: String,
    pub hash: String,
}

/// Everything needed to re-run the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayHeader {
    pub format: u16,
    pub game: String,
    pub game_title: String,
    pub rules_version: u32,
    pub engine_version: String,
    /// The sandbox's pinned wasmtime version, when wasm bots played (set by the sandbox).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wasmtime_version: Option<String>,
    pub rng: String,
    pub seed: u64,
    pub params: ParamValues,
    /// The FIXED board's text, or null for a generated board.
    pub fixed_board: Option<String>,
    pub players: Vec<PlayerInfo>,
}

impl ReplayHeader {
    pub fn new<G: Game>(setup: &MatchSetup, players: Vec<PlayerInfo>) -> Self {
        ReplayHeader {
            format: FORMAT_VERSION,
            game: G::NAME.to_string(),
            game_title: G::TITLE.to_string(),
            rules_version: G::RULES_VERSION,
            engine_version: env!("CARGO_PKG_VERSION").to_string(),
            wasmtime_version: None,
            rng: "chacha8/seed_from_u64/streams:board=0,rules=1,bot(p)=2+p".to_string(),
            seed: setup.seed,
            params: setup.params.clone(),
            fixed_board: match &setup.board {
                BoardSource::Generated => None,
                BoardSource::Fixed(lines) => Some(lines.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>().join("\n")),
            },
            players,
        }
    }
}

/// The part of every round common to all games.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundCommon {
    pub scores: [i64; NB_PLAYERS],
    /// CPU share so far, or -1 when frozen. Stored with a precision of 1/10000.
    pub cpu: [f64; NB_PLAYERS],
    /// Bots frozen during this round.
    pub frozen: Vec<(PlayerId, Frozen)>,
}

const CPU_OUT: u64 = 0xFFFF;

fn cpu_code(share: f64) -> u64 {
    if share < 0.0 {
        CPU_OUT
    } else {
        (share.clamp(0.0, 1.0) * 10_000.0).round() as u64
    }
}

impl RoundCommon {
    fn write(&self, prev: &RoundCommon, w: &mut Writer) {
        for p in 0..NB_PLAYERS {
            w.signed(self.scores[p] - prev.scores[p]);
        }
        for p in 0..NB_PLAYERS {
            w.varint(cpu_code(self.cpu[p]));
        }
        w.varint(self.frozen.len() as u64);
        for (p, f) in &self.frozen {
            w.u8(*p as u8);
            w.u8(f.reason.code());
            w.varint(u64::from(f.round));
            w.str(&f.message);
        }
    }

    fn read(prev: &RoundCommon, r: &mut Reader) -> Result<RoundCommon, ReplayError> {
        let mut scores = prev.scores;
        for score in scores.iter_mut() {
            *score =
                score.checked_add(r.signed("score")?).ok_or_else(|| ReplayError::Corrupt("score overflow".into()))?;
        }
        let mut cpu = [0.0; NB_PLAYERS];
        for c in cpu.iter_mut() {
            let code = r.varint("cpu share")?;
            *c = match code {
                CPU_OUT => -1.0,
                0..=10_000 => code as f64 / 10_000.0,
                _ => return Err(ReplayError::Corrupt(format!("cpu share code {code} out of range"))),
            };
        }
        let n = r.bounded(NB_PLAYERS + 1, "frozen count")?;
        let mut frozen = Vec::with_capacity(n);
        for _ in 0..n {
            let p = r.u8("frozen player")? as usize;
            if p >= NB_PLAYERS {
                return Err(ReplayError::Corrupt(format!("frozen player {p} out of range")));
            }
            let code = r.u8("freeze reason")?;
            let reason = FreezeReason::from_code(code)
                .ok_or_else(|| ReplayError::Corrupt(format!("unknown freeze reason {code}")))?;
            let round = r.varint("freeze round")? as u32;
            let message = r.str("freeze message")?;
            frozen.push((p, Frozen { round, reason, message }));
        }
        Ok(RoundCommon { scores, cpu, frozen })
    }

    fn zero() -> RoundCommon {
        RoundCommon { scores: [0; NB_PLAYERS], cpu: [0.0; NB_PLAYERS], frozen: Vec::new() }
    }
}

const TAG_HEADER: u8 = b'H';
const TAG_INITIAL: u8 = b'I';
const TAG_ROUND: u8 = b'R';
const TAG_END: u8 = b'E';

fn section(enc: &mut impl Write, tag: u8, payload: &[u8]) -> std::io::Result<()> {
    let mut w = Writer::new();
    w.u8(tag);
    w.varint(payload.len() as u64);
    enc.write_all(w.as_slice())?;
    enc.write_all(payload)
}

/// Writes a replay while a match is played.
pub struct ReplayWriter<G: Game> {
    enc: zstd::stream::Encoder<'static, Vec<u8>>,
    codec: G::Codec,
    prev: RoundCommon,
    scratch: Writer,
}

/// zstd level 3: measured on default Pandemic matches, 9 saves 6% of size for 40% more time.
const ZSTD_LEVEL: i32 = 3;

impl<G: Game> ReplayWriter<G> {
    pub fn start(header: &ReplayHeader, state: &G::State) -> std::io::Result<Self> {
        let mut out = Vec::with_capacity(64 << 10);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        let mut enc = zstd::stream::Encoder::new(out, ZSTD_LEVEL)?;
        enc.include_checksum(true)?;
        section(&mut enc, TAG_HEADER, &serde_json::to_vec(header).map_err(std::io::Error::other)?)?;
        let mut w = Writer::new();
        let codec = G::Codec::start(state, &mut w);
        section(&mut enc, TAG_INITIAL, w.as_slice())?;
        Ok(ReplayWriter { enc, codec, prev: RoundCommon::zero(), scratch: Writer::new() })
    }

    pub fn round(&mut self, common: &RoundCommon, state: &G::State) -> std::io::Result<()> {
        self.scratch.clear();
        common.write(&self.prev, &mut self.scratch);
        self.codec.round(state, &mut self.scratch);
        section(&mut self.enc, TAG_ROUND, self.scratch.as_slice())?;
        self.prev = common.clone();
        Ok(())
    }

    pub fn finish(mut self, summary: &MatchSummary) -> std::io::Result<Vec<u8>> {
        section(&mut self.enc, TAG_END, &serde_json::to_vec(summary).map_err(std::io::Error::other)?)?;
        self.enc.finish()
    }
}

/// One round of a read replay: its common part and the game's bytes.
#[derive(Clone, Debug)]
pub struct RoundRecord {
    pub common: RoundCommon,
    pub game: Vec<u8>,
}

/// A replay read from a file, its game parts still encoded (decode them with the game's
/// replay module).
#[derive(Clone, Debug)]
pub struct Replay {
    pub header: ReplayHeader,
    pub initial: Vec<u8>,
    pub rounds: Vec<RoundRecord>,
    pub summary: MatchSummary,
}

impl Replay {
    /// Reads and checks a whole replay file.
    pub fn parse(bytes: &[u8]) -> Result<Replay, ReplayError> {
        if bytes.len() < MAGIC.len() + 2 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(ReplayError::NotAReplay);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != FORMAT_VERSION {
            return Err(ReplayError::Version { found: version, supported: FORMAT_VERSION });
        }
        let mut body = Vec::new();
        let dec = zstd::stream::Decoder::new(&bytes[10..])
            .map_err(|e| ReplayError::Corrupt(format!("compressed data: {e}")))?
            .single_frame();
        dec.take(MAX_DECODED_BYTES + 1)
            .read_to_end(&mut body)
            .map_err(|e| ReplayError::Corrupt(format!("compressed data: {e}")))?;
        if body.len() as u64 > MAX_DECODED_BYTES {
            return Err(ReplayError::Corrupt(format!("decompresses to more than {MAX_DECODED_BYTES} bytes")));
        }
        // Exactly one zstd frame, nothing after it (the frame decoded, so its size is known).
        let frame_len = zstd::zstd_safe::find_frame_compressed_size(&bytes[10..]).unwrap_or(bytes.len() - 10);
        if 10 + frame_len != bytes.len() {
            return Err(ReplayError::Corrupt(format!(
                "{} unexpected bytes after the compressed data",
                bytes.len() - 10 - frame_len
            )));
        }
        let mut r = Reader::new(&body);
        let next = |r: &mut Reader, expected: &[u8]| -> Result<(u8, Vec<u8>), ReplayError> {
            let tag = r.u8("section tag")?;
            if !expected.contains(&tag) {
                return Err(ReplayError::Corrupt(format!("unexpected section tag {tag:#04x}")));
            }
            let len = r.bounded(r.remaining() + 1, "section length")?;
            Ok((tag, r.bytes(len, "section")?.to_vec()))
        };
        let (_, h) = next(&mut r, &[TAG_HEADER])?;
        let header: ReplayHeader =
            serde_json::from_slice(&h).map_err(|e| ReplayError::Corrupt(format!("header: {e}")))?;
        let (_, initial) = next(&mut r, &[TAG_INITIAL])?;
        let mut rounds = Vec::new();
        let mut prev = RoundCommon::zero();
        loop {
            let (tag, payload) = next(&mut r, &[TAG_ROUND, TAG_END])?;
            if tag == TAG_END {
                let summary: MatchSummary =
                    serde_json::from_slice(&payload).map_err(|e| ReplayError::Corrupt(format!("summary: {e}")))?;
                r.finish("the end section")?;
                if header.format != version {
                    return Err(ReplayError::Corrupt(format!(
                        "header says format {} but the file is version {version}",
                        header.format
                    )));
                }
                if summary.rounds as usize != rounds.len() {
                    return Err(ReplayError::Corrupt(format!(
                        "summary says {} rounds but the file holds {}",
                        summary.rounds,
                        rounds.len()
                    )));
                }
                return Ok(Replay { header, initial, rounds, summary });
            }
            let mut pr = Reader::new(&payload);
            let common = RoundCommon::read(&prev, &mut pr)?;
            let game = payload[payload.len() - pr.remaining()..].to_vec();
            prev = common.clone();
            rounds.push(RoundRecord { common, game });
        }
    }

    /// Checks the replay is of game `G`.
    pub fn expect_game<G: Game>(&self) -> Result<(), ReplayError> {
        if self.header.game != G::NAME {
            return Err(ReplayError::WrongGame { found: self.header.game.clone(), expected: G::NAME.into() });
        }
        Ok(())
    }
}
