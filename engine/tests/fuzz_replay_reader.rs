//! Fuzzing the replay reader: `Replay::parse` and each game's `replay::decode`, what `arena replay`
//! and `arena view` run on a file.
//!
//! Inputs: arbitrary bytes (with and without a valid magic and version); arbitrary section
//! streams in a valid zstd container; and real replays (a short match of house bots in each of the
//! five games) mutated at every level: the file (bit flips, bytes set, truncation, inserted,
//! deleted and duplicated bytes, overwritten varints), the decompressed body (the same, then
//! compressed again with a valid checksum), one section (its payload mutated, its length kept
//! right), the header and summary JSON (a field replaced), and the game sections given to every
//! game's decoder. Plus every truncation of every sample, and boards of any size the reader
//! allows.
//!
//! Asserted: the reader never panics, it returns `Ok` or a `ReplayError` (`damaged replay: ...`
//! for damage), and no case holds more than 64 MiB of heap beyond a few hundred bytes per input
//! byte at once (a counting global allocator: an allocation sized by an untrusted length shows
//! up). Unmodified replays read back what was written: header, summary, the common part of every
//! round, one frame per round ending on the summary's scores; arbitrary headers, summaries and
//! round records written by `ReplayWriter` read back equal.
//!
//! Cases per property: `ARENA_FUZZ_CASES` (default 2500; the boards of any size, up to a million
//! cells each, get a twentieth). A long run:
//! `ARENA_FUZZ_CASES=100000 cargo test -p engine --release --test fuzz_replay_reader`, or
//! `scripts/fuzz.sh`.

use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::game::{Game, NB_PLAYERS};
use engine::games::pandemic::Pandemic;
use engine::games::{mad_max, ork_island, pandemic, purge, walking_dead};
use engine::params::ParamValues;
use engine::referee::{FreezeReason, Frozen, MatchSetup, MatchSummary, PlayerResult};
use engine::replay::{PlayerInfo, Replay, ReplayError, ReplayHeader, ReplayWriter, RoundCommon, FORMAT_VERSION, MAGIC};
use engine::rng::{GameRng, Stream};
use proptest::prelude::*;
use proptest::sample::Index;
use std::io::Write;
use std::sync::OnceLock;

mod fuzz_support;

use fuzz_support::heap;

#[global_allocator]
static HEAP: heap::Counting = heap::Counting;

/// Cases per property by default: about ten seconds for this file in the debug test profile on a
/// two-core machine.
const DEFAULT_CASES: u32 = 2500;

fn config(divisor: u32) -> ProptestConfig {
    fuzz_support::config(DEFAULT_CASES, divisor)
}

/// The most heap a case may hold at once: 64 MiB, plus 256 bytes per byte of (decompressed)
/// input for the frames a long replay legitimately decodes to.
fn heap_cap(input: usize) -> usize {
    (64 << 20) + 256 * input
}

const GAMES: [&str; 5] = ["pandemic", "ork-island", "walking-dead", "purge", "mad-max"];

/// Decodes the game part of a parsed replay; the number of frames and the last frame's scores.
fn decode(r: Replay) -> Result<Option<(usize, [i64; NB_PLAYERS])>, ReplayError> {
    fn last<F>(frames: &[F], common: impl Fn(&F) -> &RoundCommon) -> (usize, [i64; NB_PLAYERS]) {
        (frames.len(), frames.last().map_or([0; NB_PLAYERS], |f| common(f).scores))
    }
    Ok(Some(match r.header.game.as_str() {
        "pandemic" => last(&pandemic::replay::decode(r)?.frames, |f| &f.common),
        "ork-island" => last(&ork_island::replay::decode(r)?.frames, |f| &f.common),
        "walking-dead" => last(&walking_dead::replay::decode(r)?.frames, |f| &f.common),
        "purge" => last(&purge::replay::decode(r)?.frames, |f| &f.common),
        "mad-max" => last(&mad_max::replay::decode(r)?.frames, |f| &f.common),
        _ => return Ok(None),
    }))
}

/// What `arena replay` does with a file: parse, then decode the game's part.
fn read_all(bytes: &[u8]) -> Result<(), ReplayError> {
    decode(Replay::parse(bytes)?).map(|_| ())
}

/// Checks the outcome of reading untrusted input: a typed error with a message, or success.
fn check_outcome(r: &Result<(), ReplayError>) -> Result<(), TestCaseError> {
    if let Err(e) = r {
        let text = e.to_string();
        prop_assert!(!text.is_empty());
        if let ReplayError::Corrupt(m) = e {
            prop_assert!(!m.is_empty() && text.starts_with("damaged replay: "), "{text}");
        }
    }
    Ok(())
}

/// Reads `bytes` as a file under the heap counter and checks the outcome.
fn fuzz_file(bytes: &[u8], decompressed: usize) -> Result<(), TestCaseError> {
    let (r, peak) = heap::peak(|| read_all(bytes));
    prop_assert!(
        peak <= heap_cap(bytes.len().max(decompressed)),
        "held {peak} bytes of heap for {} input bytes",
        bytes.len()
    );
    check_outcome(&r)
}

/// Decodes a parsed replay under the heap counter and checks the outcome.
fn fuzz_decoded(r: Replay) -> Result<(), TestCaseError> {
    let size = r.initial.len() + r.rounds.iter().map(|x| x.game.len() + 64).sum::<usize>();
    let (out, peak) = heap::peak(|| decode(r).map(|_| ()));
    prop_assert!(peak <= heap_cap(size), "held {peak} bytes of heap for {size} input bytes");
    check_outcome(&out)
}

/// The container around a body: magic, version, one zstd frame with its checksum.
fn container(body: &[u8]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let mut enc = zstd::stream::Encoder::new(out, 1).unwrap();
    enc.include_checksum(true).unwrap();
    enc.write_all(body).unwrap();
    enc.finish().unwrap()
}

fn body_of(file: &[u8]) -> Vec<u8> {
    zstd::decode_all(&file[10..]).unwrap()
}

fn varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Splits a well-formed body into its sections (tag, payload).
fn sections(body: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < body.len() {
        let tag = body[at];
        at += 1;
        let (mut len, mut shift) = (0usize, 0);
        loop {
            let b = body[at];
            at += 1;
            len |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        out.push((tag, body[at..at + len].to_vec()));
        at += len;
    }
    out
}

fn join(sections: &[(u8, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (tag, payload) in sections {
        out.push(*tag);
        varint(payload.len() as u64, &mut out);
        out.extend_from_slice(payload);
    }
    out
}

/// A recorded short match.
struct Sample {
    setup: MatchSetup,
    summary: MatchSummary,
    bytes: Vec<u8>,
    replay: Replay,
    body: Vec<u8>,
}

fn short_setup(game: &str, seed: u64) -> MatchSetup {
    let specs = catalog::find(game).unwrap().param_specs();
    let mut params = ParamValues::defaults(specs);
    let mut changes = vec![("nb_rounds", 12), ("num_rounds", 12), ("num_days", 1), ("num_rounds_per_day", 12)];
    // Smaller boards where the generator allows them (Mad Max generates 60 x 60 only).
    if ["pandemic", "ork-island"].contains(&game) {
        changes.extend([("rows", 40), ("cols", 40), ("nb_units", 4), ("nb_orks", 4)]);
    }
    for (name, value) in changes {
        if specs.iter().any(|s| s.name == name) {
            params.set(specs, name, value).unwrap();
        }
    }
    MatchSetup { params, board: BoardSource::Generated, seed }
}

/// One short match of house bots per game, recorded.
fn samples() -> &'static [Sample] {
    static SAMPLES: OnceLock<Vec<Sample>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        GAMES
            .iter()
            .enumerate()
            .map(|(k, name)| {
                let game = catalog::find(name).unwrap();
                let setup = short_setup(name, 11 + k as u64);
                let players: Vec<PlayerSpec> =
                    ["Demo", "Null", "Demo", "Demo"].iter().map(|n| PlayerSpec::House(n.to_string())).collect();
                let out = game.play(&setup, &players, true).unwrap();
                let bytes = out.replay.unwrap();
                let replay = Replay::parse(&bytes).unwrap();
                let body = body_of(&bytes);
                Sample { setup, summary: out.summary, bytes, replay, body }
            })
            .collect()
    })
}

// ---- mutations ----

/// Values worth writing where a length, count, index or delta is read.
const INTERESTING: &[u64] = &[
    0,
    1,
    2,
    3,
    4,
    5,
    0x7f,
    0x80,
    0xff,
    0x100,
    1000,
    1001,
    10_000,
    10_001,
    0xffff,
    0x1_0000,
    0x1_0001,
    1 << 20,
    (1 << 31) - 1,
    1 << 31,
    u32::MAX as u64,
    1 << 32,
    i64::MAX as u64,
    1 << 63,
    u64::MAX,
];

#[derive(Clone, Debug)]
enum Edit {
    Flip(Index, u8),
    Set(Index, u8),
    Truncate(Index),
    Insert(Index, Vec<u8>),
    Delete(Index, usize),
    Duplicate(Index, Index, usize),
    Varint(Index, u64),
    Zeros(Index, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let value = prop_oneof![prop::sample::select(INTERESTING), any::<u64>()];
    prop_oneof![
        4 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Edit::Flip(i, b)),
        3 => (any::<Index>(), any::<u8>()).prop_map(|(i, v)| Edit::Set(i, v)),
        1 => any::<Index>().prop_map(Edit::Truncate),
        2 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..16)).prop_map(|(i, v)| Edit::Insert(i, v)),
        2 => (any::<Index>(), 1usize..64).prop_map(|(i, n)| Edit::Delete(i, n)),
        1 => (any::<Index>(), any::<Index>(), 1usize..256).prop_map(|(a, b, n)| Edit::Duplicate(a, b, n)),
        3 => (any::<Index>(), value).prop_map(|(i, v)| Edit::Varint(i, v)),
        1 => (any::<Index>(), 1usize..4096).prop_map(|(i, n)| Edit::Zeros(i, n)),
    ]
}

fn apply(data: &mut Vec<u8>, e: &Edit) {
    let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len) };
    let len = data.len();
    match e {
        Edit::Flip(i, b) if len > 0 => data[at(i, len)] ^= 1 << b,
        Edit::Set(i, v) if len > 0 => data[at(i, len)] = *v,
        Edit::Truncate(i) => data.truncate(at(i, len)),
        Edit::Insert(i, v) => {
            let k = at(i, len + 1);
            data.splice(k..k, v.iter().copied());
        }
        Edit::Delete(i, n) if len > 0 => {
            let k = at(i, len);
            data.drain(k..(k + n).min(len));
        }
        Edit::Duplicate(from, to, n) if len > 0 => {
            let k = at(from, len);
            let piece = data[k..(k + n).min(len)].to_vec();
            let t = at(to, len + 1);
            data.splice(t..t, piece);
        }
        Edit::Varint(i, v) => {
            let k = at(i, len + 1);
            let mut w = Vec::new();
            varint(*v, &mut w);
            let end = (k + w.len()).min(len);
            data.splice(k..end, w);
        }
        Edit::Zeros(i, n) => {
            let k = at(i, len + 1);
            data.splice(k..k, std::iter::repeat_n(0, *n));
        }
        _ => {}
    }
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(edit(), 1..5)
}

/// Arbitrary JSON values to put in place of a header or summary field.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{json, Value};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|v| json!(v)),
        any::<u64>().prop_map(|v| json!(v)),
        prop::sample::select(INTERESTING).prop_map(|v| json!(v)),
        (-1e300f64..1e300).prop_map(|v| json!(v)),
        ".{0,12}".prop_map(Value::String),
        prop::sample::select(&GAMES[..]).prop_map(|g| json!(g)),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((".{0,6}", inner), 0..4).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Replaces one field (at any depth) of a JSON object, or removes it, or adds one.
fn mutate_json(v: &mut serde_json::Value, path: &[Index], new: serde_json::Value, remove: bool) {
    use serde_json::Value;
    let Some((first, rest)) = path.split_first() else {
        *v = new;
        return;
    };
    match v {
        Value::Object(m) if !m.is_empty() => {
            let key = m.keys().nth(first.index(m.len())).unwrap().clone();
            if rest.is_empty() && remove {
                m.remove(&key);
            } else {
                mutate_json(m.get_mut(&key).unwrap(), rest, new, remove);
            }
        }
        Value::Array(a) if !a.is_empty() => {
            let k = first.index(a.len());
            if rest.is_empty() && remove {
                a.remove(k);
            } else {
                mutate_json(&mut a[k], rest, new, remove);
            }
        }
        _ => *v = new,
    }
}

// ---- valid replays ----

#[test]
fn unmodified_replays_read_back_what_was_written() {
    for (name, s) in GAMES.iter().zip(samples()) {
        let r = Replay::parse(&s.bytes).unwrap();
        let h = &r.header;
        assert_eq!((h.game.as_str(), h.seed, h.format), (*name, s.setup.seed, FORMAT_VERSION));
        assert_eq!(h.params, s.setup.params);
        assert_eq!(h.fixed_board, None);
        let names: Vec<&str> = h.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Demo", "Null", "Demo", "Demo"]);
        assert_eq!(r.summary, s.summary);
        assert_eq!(r.rounds.len(), s.summary.rounds as usize);
        let scores: Vec<i64> = s.summary.players.iter().map(|p| p.score).collect();
        assert_eq!(r.rounds.last().unwrap().common.scores.to_vec(), scores, "{name}");
        let (frames, last) = decode(r).unwrap().unwrap();
        assert_eq!(frames, s.summary.rounds as usize + 1, "{name}: one frame per round and the initial one");
        assert_eq!(last.to_vec(), scores, "{name}");
        // The body written is the body read, section by section.
        assert_eq!(join(&sections(&s.body)), s.body);
        // And compressed again, it reads the same.
        let again = Replay::parse(&container(&s.body)).unwrap();
        assert_eq!((again.header, again.summary), (s.replay.header.clone(), s.replay.summary.clone()));
    }
}

#[test]
fn every_truncation_of_every_sample_is_refused() {
    for (name, s) in GAMES.iter().zip(samples()) {
        for cut in 0..s.bytes.len() {
            let e = read_all(&s.bytes[..cut]).unwrap_err();
            assert!(matches!(e, ReplayError::NotAReplay | ReplayError::Corrupt(_)), "{name}, cut at {cut}: {e}");
        }
        // The body cut at every section boundary, after every tag and section length, and in the
        // middle of every section.
        let mut at = 0;
        for (_, payload) in sections(&s.body) {
            let mut head = vec![0u8];
            varint(payload.len() as u64, &mut head);
            let whole = head.len() + payload.len();
            for cut in [at, at + 1, at + head.len(), at + whole / 2] {
                if cut < s.body.len() {
                    let e = read_all(&container(&s.body[..cut])).unwrap_err();
                    assert!(matches!(e, ReplayError::Corrupt(_)), "{name}, body cut at {cut}: {e}");
                }
            }
            at += whole;
        }
        assert_eq!(at, s.body.len());
    }
}

fn frozen() -> impl Strategy<Value = (usize, Frozen)> {
    let reason =
        prop::sample::select(&[FreezeReason::Cpu, FreezeReason::Memory, FreezeReason::Trap, FreezeReason::Orders][..]);
    (0..NB_PLAYERS, any::<u32>(), reason, ".{0,20}")
        .prop_map(|(p, round, reason, message)| (p, Frozen { round, reason, message }))
}

fn cpu() -> impl Strategy<Value = f64> {
    prop_oneof![Just(-1.0), (0u32..=10_000).prop_map(|c| f64::from(c) / 10_000.0)]
}

fn round_common() -> impl Strategy<Value = RoundCommon> {
    (
        prop::array::uniform4(-(1i64 << 61)..(1i64 << 61)),
        prop::array::uniform4(cpu()),
        prop::collection::vec(frozen(), 0..=NB_PLAYERS),
    )
        .prop_map(|(scores, cpu, frozen)| RoundCommon { scores, cpu, frozen })
}

fn player_result() -> impl Strategy<Value = PlayerResult> {
    (".{0,10}", any::<i64>(), 1u32..=4, cpu(), prop::option::of(frozen().prop_map(|(_, f)| f)))
        .prop_map(|(name, score, rank, cpu, frozen)| PlayerResult { name, score, rank, cpu, frozen })
}

// ---- properties ----

proptest! {
    #![proptest_config(config(1))]

    /// Any bytes: refused (never a panic), with or without a valid magic and version.
    #[test]
    fn arbitrary_bytes(prefix in 0u8..3, bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let mut input = match prefix {
            0 => Vec::new(),
            1 => MAGIC.to_vec(),
            _ => [&MAGIC[..], &FORMAT_VERSION.to_le_bytes()].concat(),
        };
        input.extend_from_slice(&bytes);
        fuzz_file(&input, 0)?;
    }

    /// Any stream of sections (real tags with arbitrary payloads, real header and summary JSON,
    /// unknown tags, lengths that lie) in a valid container.
    #[test]
    fn arbitrary_sections(
        sample in 0..GAMES.len(),
        secs in prop::collection::vec(
            (
                prop_oneof![3 => prop::sample::select(&b"HIRE"[..]), 1 => any::<u8>()],
                prop_oneof![
                    4 => prop::collection::vec(any::<u8>(), 0..64),
                    1 => Just(b"{}".to_vec()),
                    1 => Just(Vec::new()),
                    1 => Just(vec![0u8; 9]),
                ],
                prop::option::weighted(0.1, prop::sample::select(INTERESTING)),
                any::<bool>(),
            ),
            0..12,
        ),
        tail in prop::collection::vec(any::<u8>(), 0..4),
    ) {
        let real = sections(&samples()[sample].body);
        let mut body = Vec::new();
        for (tag, payload, lie, real_json) in secs {
            // The sample's own header or summary, to get past the JSON.
            let payload = match (tag, real_json) {
                (b'H', true) => real[0].1.clone(),
                (b'E', true) => real.last().unwrap().1.clone(),
                (b'I', true) => real[1].1.clone(),
                _ => payload,
            };
            body.push(tag);
            varint(lie.unwrap_or(payload.len() as u64), &mut body);
            body.extend_from_slice(&payload);
        }
        body.extend_from_slice(&tail);
        fuzz_file(&container(&body), body.len())?;
    }

    /// A real replay file, mutated byte-wise (zstd's checksum catches most of it).
    #[test]
    fn mutated_files(sample in 0..GAMES.len(), edits in edits()) {
        let mut bytes = samples()[sample].bytes.clone();
        for e in &edits {
            apply(&mut bytes, e);
        }
        fuzz_file(&bytes, samples()[sample].body.len())?;
    }

    /// A real replay's decompressed body, mutated byte-wise, in a valid container.
    #[test]
    fn mutated_bodies(sample in 0..GAMES.len(), edits in edits()) {
        let mut body = samples()[sample].body.clone();
        for e in &edits {
            apply(&mut body, e);
        }
        fuzz_file(&container(&body), body.len())?;
    }

    /// One section of a real replay mutated, its length right; sometimes sections dropped,
    /// repeated or swapped.
    #[test]
    fn mutated_sections(
        sample in 0..GAMES.len(),
        which in any::<Index>(),
        edits in edits(),
        reorder in prop::option::weighted(0.2, (0u8..3, any::<Index>(), any::<Index>())),
    ) {
        let mut secs = sections(&samples()[sample].body);
        let k = which.index(secs.len());
        for e in &edits {
            apply(&mut secs[k].1, e);
        }
        if let Some((how, a, b)) = reorder {
            let (a, b) = (a.index(secs.len()), b.index(secs.len()));
            match how {
                0 => { secs.remove(a); }
                1 => { let s = secs[a].clone(); secs.insert(b, s); }
                _ => secs.swap(a, b),
            }
        }
        let body = join(&secs);
        fuzz_file(&container(&body), body.len())?;
    }

    /// A field of the header or of the summary replaced, removed or added.
    #[test]
    fn mutated_json(
        sample in 0..GAMES.len(),
        summary in any::<bool>(),
        path in prop::collection::vec(any::<Index>(), 0..4),
        value in json_value(),
        remove in any::<bool>(),
    ) {
        let mut secs = sections(&samples()[sample].body);
        let k = if summary { secs.len() - 1 } else { 0 };
        let mut json: serde_json::Value = serde_json::from_slice(&secs[k].1).unwrap();
        mutate_json(&mut json, &path, value, remove);
        secs[k].1 = serde_json::to_vec(&json).unwrap();
        let body = join(&secs);
        fuzz_file(&container(&body), body.len())?;
    }

    /// The game sections of a parsed replay mutated, or handed to another game's decoder.
    #[test]
    fn mutated_game_sections(
        sample in 0..GAMES.len(),
        game in prop::option::weighted(0.25, prop::sample::select(&GAMES[..])),
        initial in prop::collection::vec(edit(), 0..3),
        rounds in prop::collection::vec((any::<Index>(), edit()), 0..4),
        drop_rounds in prop::option::weighted(0.1, any::<Index>()),
    ) {
        let mut r = samples()[sample].replay.clone();
        if let Some(g) = game {
            r.header.game = g.to_string();
        }
        for e in &initial {
            apply(&mut r.initial, e);
        }
        for (k, e) in &rounds {
            let k = k.index(r.rounds.len());
            apply(&mut r.rounds[k].game, e);
        }
        if let Some(k) = drop_rounds {
            let k = k.index(r.rounds.len());
            r.rounds.remove(k);
        }
        fuzz_decoded(r)?;
    }

    /// What `ReplayWriter` writes (any header, any round records, any summary) reads back equal.
    #[test]
    fn written_replays_read_back_equal(
        seed in any::<u64>(),
        names in prop::collection::vec((".{0,12}", ".{0,12}"), 0..6),
        fixed_board in prop::option::of(".{0,40}"),
        wasmtime in prop::option::of(".{0,8}"),
        commons in prop::collection::vec(round_common(), 0..20),
        players in prop::collection::vec(player_result(), 0..6),
    ) {
        let specs = Pandemic::param_specs();
        let values = ParamValues::defaults(specs);
        let params = Pandemic::params(&values).unwrap();
        let state = Pandemic::setup(&params, &BoardSource::Generated, &mut GameRng::new(seed, Stream::Board)).unwrap();
        let setup = MatchSetup { params: values, board: BoardSource::Generated, seed };
        let infos = names.iter().map(|(name, hash)| PlayerInfo { name: name.clone(), hash: hash.clone() }).collect();
        let mut header = ReplayHeader::new::<Pandemic>(&setup, infos);
        header.fixed_board = fixed_board;
        header.wasmtime_version = wasmtime;
        let summary = MatchSummary { game: "pandemic".into(), seed, rounds: commons.len() as u32, players };
        let mut w = ReplayWriter::<Pandemic>::start(&header, &state).unwrap();
        for c in &commons {
            w.round(c, &state).unwrap();
        }
        let bytes = w.finish(&summary).unwrap();
        let r = Replay::parse(&bytes).unwrap();
        prop_assert_eq!(&r.header, &header);
        prop_assert_eq!(&r.summary, &summary);
        let read: Vec<RoundCommon> = r.rounds.iter().map(|x| x.common.clone()).collect();
        prop_assert_eq!(read, commons);
        let (frames, _) = decode(r).unwrap().unwrap();
        prop_assert_eq!(frames, summary.rounds as usize + 1);
    }
}

proptest! {
    #![proptest_config(config(20))]

    /// A game section declaring a board of any size the reader accepts (up to 1000 x 1000), with
    /// arbitrary cells and an arbitrary rest: refused or read, in bounded memory and time.
    #[test]
    fn boards_of_any_size(
        game in prop::sample::select(&GAMES[..]),
        rows in prop_oneof![0u64..4, 4u64..300, Just(1000), 990u64..1002],
        cols in prop_oneof![0u64..4, 4u64..300, Just(1000), 990u64..1002],
        cell_codes in prop::collection::vec(0u8..7, 1..8),
        rest in prop::collection::vec(any::<u8>(), 0..64),
        cell_seed in any::<u64>(),
    ) {
        let mut r = samples()[0].replay.clone();
        r.header.game = game.to_string();
        r.rounds.clear();
        let mut initial = Vec::new();
        varint(rows, &mut initial);
        varint(cols, &mut initial);
        let n = (rows.min(1000) * cols.min(1000)) as usize;
        let mut x = cell_seed | 1;
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            initial.push(cell_codes[(x % cell_codes.len() as u64) as usize]);
        }
        initial.extend_from_slice(&rest);
        r.initial = initial;
        fuzz_decoded(r)?;
    }
}

// ---- regressions: inputs the properties found ----

/// A game section declaring a `rows` x `cols` board of these cells, and nothing after.
fn board_section(game: &str, rows: u64, cols: u64, cell: impl Fn(u64, u64) -> u8) -> Replay {
    let mut r = samples()[0].replay.clone();
    r.header.game = game.to_string();
    r.rounds.clear();
    let mut initial = Vec::new();
    varint(rows, &mut initial);
    varint(cols, &mut initial);
    for i in 0..rows {
        for j in 0..cols {
            initial.push(cell(i, j));
        }
    }
    r.initial = initial;
    r
}

/// The Walking Dead's board holds at most 65536 cells; a replay with more panicked in
/// `Board::new`.
#[test]
fn a_walking_dead_board_over_65536_cells_is_refused() {
    let r = board_section("walking-dead", 300, 300, |_, _| 0);
    let e = walking_dead::replay::decode(r).unwrap_err().to_string();
    assert!(e.starts_with("damaged replay: ") && e.contains("300 x 300"), "{e}");
}

/// Mad Max numbers cities with i16: a board of more than 65536 cells can hold more than 32768
/// cities, and the reader looped for ever (the 32769th city's id wrapped to a negative one, which
/// `Board::new` takes for "no city yet").
#[test]
fn a_mad_max_board_over_65536_cells_is_refused() {
    // 40000 cities of one cell (a checkerboard), then cities of two cells.
    let city = |i: u64, j: u64| if i < 200 { (i + j).is_multiple_of(2) } else { i % 2 == 1 && j % 3 != 2 };
    let r = board_section("mad-max", 400, 400, |i, j| if city(i, j) { 2 } else { 0 });
    let e = mad_max::replay::decode(r).unwrap_err().to_string();
    assert!(e.starts_with("damaged replay: ") && e.contains("400 x 400"), "{e}");
    // The largest board the reader takes still reads (its 32768 cities numbered 0..=32767).
    let r = board_section("mad-max", 256, 256, |i, j| if (i + j).is_multiple_of(2) { 2 } else { 0 });
    let e = mad_max::replay::decode(r).unwrap_err().to_string();
    assert!(e.contains("truncated while reading unit count"), "{e}");
}

/// A difference of nearly ±2^63 (a unit's position, counter, food...) overflowed the `i64` sum:
/// a panic in debug builds, a wrapped value in release ones.
#[test]
fn huge_differences_anywhere_in_a_round_are_refused() {
    for (name, s) in GAMES.iter().zip(samples()) {
        let len = s.replay.rounds[0].game.len();
        for k in 0..len {
            // Zigzag: i64::MAX, then i64::MIN.
            for v in [u64::MAX - 1, u64::MAX] {
                let mut r = s.replay.clone();
                let mut w = Vec::new();
                varint(v, &mut w);
                let game = &mut r.rounds[0].game;
                let end = (k + w.len()).min(len);
                game.splice(k..end, w);
                if let Err(e) = decode(r) {
                    assert!(matches!(e, ReplayError::Corrupt(_)), "{name}, at {k}: {e}");
                }
            }
        }
    }
}
