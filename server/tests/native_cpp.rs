//! The native host of `arena calibrate` (server/src/cli/native_cpp.rs, bot-sdk/cpp/runtime/
//! native_host.cc): a kit-style C++ player compiled natively by g++ and to wasm by clang plays
//! the very same matches, replay for replay; a native player that stops itself is frozen like
//! its wasm build instead of taking the process down.
//!
//! These tests need g++ (or `$ARENA_NATIVE_CXX`) and clang for wasm32-wasi (clang++-19 or
//! `$ARENA_CXX`); without them they print a loud SKIPPED line and pass. The builds are cached
//! under the target directory, so that only the first run pays for them.

use assert_cmd::Command;
use engine::replay::Replay;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/pandemic/AIDemo.cc");

fn in_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
}

/// Whether both compilers are there; prints why a test is skipped otherwise.
fn have_compilers(test: &str) -> bool {
    let native = std::env::var_os("ARENA_NATIVE_CXX").is_some() || in_path("g++") || in_path("c++");
    let wasm = std::env::var_os("ARENA_CXX").is_some() || in_path("clang++-19");
    if !native || !wasm {
        let missing = if native { "clang++-19" } else { "g++" };
        eprintln!("\n******** SKIPPED {test}: {missing} is not installed (run scripts/setup.sh) ********\n");
    }
    native && wasm
}

/// A cache kept between test runs (the SDK, its runtime objects and the native builds).
fn cache_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("native-cpp-cache")
}

/// `arena calibrate <args>`: (success, stdout, stderr).
fn calibrate(args: &[&str]) -> (bool, String, String) {
    let out = Command::cargo_bin("arena")
        .expect("the arena binary is built")
        .arg("calibrate")
        .args(args)
        .env("XDG_CACHE_HOME", cache_dir())
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("arena runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert!(
        out.status.code().is_some(),
        "arena calibrate was killed by a signal: {}\n{}",
        out.status,
        text(&out.stderr)
    );
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("temporary paths are UTF-8")
}

#[test]
fn native_and_wasm_builds_of_the_demo_play_identical_matches() {
    if !have_compilers("native_and_wasm_builds_of_the_demo_play_identical_matches") {
        return;
    }
    let tmp = TempDir::new().expect("temp dir");
    let players = tmp.path().join("players");
    let replays = tmp.path().join("replays");
    std::fs::create_dir(&players).expect("players dir");
    std::fs::copy(DEMO, players.join("AIDemo.cc")).expect("copy AIDemo.cc");

    let (ok, stdout, stderr) =
        calibrate(&["--players", path_str(&players), "--matches", "2", "--replays", path_str(&replays)]);
    assert!(ok, "calibrate failed:\n{stdout}\n{stderr}");
    let row = stdout.lines().find(|l| l.starts_with("Demo ")).unwrap_or_else(|| panic!("no Demo row:\n{stdout}"));
    assert!(row.trim_end().ends_with("2/2"), "{row}");
    assert!(stdout.contains("fuel per native second"), "{stdout}");
    assert!(stdout.contains("one budget = "), "{stdout}");

    for seed in 1..=2 {
        let read = |kind: &str| {
            let path = replays.join(format!("Demo-{seed}-{kind}.replay"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Replay::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let (w, n) = (read("wasm"), read("native"));
        // The headers differ only in who ran seat 0: the wasm module under wasmtime, or the
        // native object.
        assert!(w.header.players[0].hash.starts_with("sha256:"), "{:?}", w.header.players[0]);
        assert!(n.header.players[0].hash.starts_with("native-cpp:sha256:"), "{:?}", n.header.players[0]);
        assert!(w.header.wasmtime_version.is_some());
        assert_eq!(n.header.wasmtime_version, None);
        let mut nh = n.header.clone();
        nh.players[0].hash.clone_from(&w.header.players[0].hash);
        nh.wasmtime_version.clone_from(&w.header.wasmtime_version);
        assert_eq!(nh, w.header, "seed {seed}");
        assert_eq!(w.initial, n.initial, "seed {seed}");
        assert_eq!(w.rounds.len(), n.rounds.len(), "seed {seed}");
        assert!(!w.rounds.is_empty());
        for (k, (a, b)) in w.rounds.iter().zip(&n.rounds).enumerate() {
            assert_eq!(a.common, b.common, "seed {seed}, round {k}");
            assert_eq!(a.game, b.game, "seed {seed}, round {k}");
        }
        let scores = |r: &Replay| r.summary.players.iter().map(|p| (p.score, p.rank)).collect::<Vec<_>>();
        assert_eq!(scores(&w), scores(&n), "seed {seed}");
        assert!(w.summary.players.iter().chain(&n.summary.players).all(|p| p.frozen.is_none()));
    }
}

#[test]
fn a_native_player_that_aborts_is_frozen_not_the_process() {
    if !have_compilers("a_native_player_that_aborts_is_frozen_not_the_process") {
        return;
    }
    let tmp = TempDir::new().expect("temp dir");
    std::fs::write(
        tmp.path().join("AIQuits.cc"),
        r#"#include "Player.hh"
#define PLAYER_NAME Quits
struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  vector<int> kept;
  virtual void play () {
    cerr << "round " << round() << endl;
    kept.push_back(random(0, 9));
    if (round() == 2) abort();
  }
};
RegisterPlayer(PLAYER_NAME);
"#,
    )
    .expect("write the player");
    let (ok, stdout, stderr) = calibrate(&["--players", path_str(tmp.path()), "--matches", "1"]);
    // Both builds froze in round 2 with the same words: the same match.
    assert!(ok, "calibrate failed:\n{stdout}\n{stderr}");
    assert!(stderr.contains("Quits (wasm) was frozen on seed 1: abort() called"), "{stderr}");
    assert!(stderr.contains("Quits (native) was frozen on seed 1: abort() called"), "{stderr}");
    // The native bot's cerr was captured, then the freeze's detail.
    assert!(stderr.contains("round 1\nround 2\n[arena] abort() called"), "{stderr}");
    let row = stdout.lines().find(|l| l.starts_with("Quits ")).unwrap_or_else(|| panic!("no row:\n{stdout}"));
    assert!(row.trim_end().ends_with("1/1"), "{row}");
}
