//! Replays: re-running from a header reproduces the file, and damaged files are refused with a
//! clear error, never a panic.

mod common;

use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::games::pandemic::replay;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use engine::replay::{Replay, ReplayError};

fn house(names: [&str; 4]) -> Vec<PlayerSpec> {
    names.iter().map(|n| PlayerSpec::House(n.to_string())).collect()
}

fn rerun(bytes: &[u8]) -> Vec<u8> {
    let r = Replay::parse(bytes).unwrap();
    let game = catalog::find(&r.header.game).unwrap();
    let params = ParamValues::from_pairs(game.param_specs(), r.header.params.iter()).unwrap();
    let board = match &r.header.fixed_board {
        None => BoardSource::Generated,
        Some(text) => BoardSource::Fixed(text.lines().enumerate().map(|(k, l)| (k + 1, l.to_string())).collect()),
    };
    let names: Vec<PlayerSpec> = r.header.players.iter().map(|p| PlayerSpec::House(p.name.clone())).collect();
    let setup = MatchSetup { params, board, seed: r.header.seed };
    game.play(&setup, &names, true).unwrap().replay.unwrap()
}

fn demo_match(seed: u64) -> Vec<u8> {
    let game = catalog::find("pandemic").unwrap();
    let setup = MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
    game.play(&setup, &house(["Demo", "Demo", "Null", "Demo"]), true).unwrap().replay.unwrap()
}

#[test]
fn a_match_is_reproduced_from_its_header() {
    let bytes = demo_match(5);
    assert_eq!(rerun(&bytes), bytes);
    // And on a FIXED board.
    let units = common::four_units(common::healthy(0, 8, 8));
    let game = catalog::find("pandemic").unwrap();
    let setup = MatchSetup {
        params: common::params(1, &[("nb_rounds", 30)]),
        board: BoardSource::Fixed(common::fixed_lines(&units, &[(9, 9)])),
        seed: 77,
    };
    let fixed = game.play(&setup, &house(["Demo", "Null", "Demo", "Demo"]), true).unwrap().replay.unwrap();
    assert!(Replay::parse(&fixed).unwrap().header.fixed_board.is_some());
    assert_eq!(rerun(&fixed), fixed);
}

#[test]
fn header_records_what_reproduces_the_match() {
    let r = Replay::parse(&demo_match(8)).unwrap();
    let h = &r.header;
    assert_eq!((h.game.as_str(), h.seed, h.format), ("pandemic", 8, 1));
    assert_eq!(h.params.get("nb_rounds"), 200);
    assert_eq!(h.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["Demo", "Demo", "Null", "Demo"]);
    assert!(h.players[0].hash.starts_with("native:Demo@"));
    assert_eq!(h.engine_version, env!("CARGO_PKG_VERSION"));
    assert_eq!(r.rounds.len(), 200);
}

#[test]
fn a_default_match_replay_is_small() {
    // The format's size goal: a default 200-round match in 40 KB or less.
    for seed in 1..=5 {
        let n = demo_match(seed).len();
        assert!(n <= 40_000, "seed {seed}: {n} bytes");
    }
}

#[test]
fn damaged_files_are_refused_with_a_clear_error() {
    let good = demo_match(3);
    assert!(matches!(Replay::parse(b""), Err(ReplayError::NotAReplay)));
    assert!(matches!(Replay::parse(b"hello, this is text"), Err(ReplayError::NotAReplay)));
    let mut v = good.clone();
    v[8] = 9;
    let e = Replay::parse(&v).unwrap_err();
    assert_eq!(e.to_string(), "replay format version 9 is not supported (this build reads version 1)");
    // Every truncation fails.
    for cut in (10..good.len()).step_by(97) {
        let e = replay::read(&good[..cut]).unwrap_err();
        assert!(e.to_string().starts_with("damaged replay"), "cut at {cut}: {e}");
    }
    // Flipped bytes anywhere in the compressed body fail (zstd's checksum catches the rest).
    for at in (10..good.len()).step_by(53) {
        let mut v = good.clone();
        v[at] ^= 0x5a;
        assert!(replay::read(&v).is_err(), "flip at {at} went unnoticed");
    }
    // Garbage after the end, or a second (valid, empty) zstd frame.
    let mut v = good.clone();
    v.extend_from_slice(b"trailing");
    assert!(replay::read(&v).is_err());
    let mut v = good.clone();
    v.extend_from_slice(&zstd::encode_all(&b""[..], 3).unwrap());
    let e = replay::read(&v).unwrap_err().to_string();
    assert!(e.contains("unexpected bytes after the compressed data"), "{e}");
}

#[test]
fn well_compressed_but_inconsistent_content_is_refused() {
    // A valid container whose Pandemic part is nonsense.
    let good = Replay::parse(&demo_match(4)).unwrap();
    let mut bad = good.clone();
    bad.initial.truncate(bad.initial.len() / 2);
    assert!(replay::decode(bad).unwrap_err().to_string().contains("damaged replay"));
    let mut bad = good.clone();
    bad.rounds[10].game[0] ^= 0xff;
    assert!(replay::decode(bad).is_err());
    let mut bad = good;
    bad.header.game = "ork-island".into();
    assert_eq!(replay::decode(bad).unwrap_err().to_string(), "replay is for game `ork-island`, expected `pandemic`");
}
