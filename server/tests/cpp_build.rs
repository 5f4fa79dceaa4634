//! `arena build`: kit-style C++ players compile unchanged to WebAssembly bots that speak the bot
//! ABI, and what cannot work in the sandbox is refused with a message that says why.
//!
//! These tests need clang for wasm32-wasi (`scripts/setup.sh` installs it; the CI does). Without
//! clang++-19 they print a loud SKIPPED line and pass.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tempfile::TempDir;

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/pandemic/AIDemo.cc");
const KIT_STYLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cpp/AIKitStyle.cc");
const CHECKER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cpp/AIChecker.cc");
const ORK_DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/examples/ork_island/AIDemo.cc");
const ORK_KIT_STYLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cpp/ork_island/AIKitStyle.cc");
const ORK_CHECKER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cpp/ork_island/AIChecker.cc");

/// Whether the compiler is there; prints why a test is skipped otherwise.
fn have_clang(test: &str) -> bool {
    let found = std::env::var_os("ARENA_CXX").is_some()
        || std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("clang++-19").is_file()));
    if !found {
        eprintln!("\n******** SKIPPED {test}: clang++-19 is not installed (run scripts/setup.sh) ********\n");
    }
    found
}

/// One cache directory for the SDK and its runtime objects, shared by the tests of this run.
fn cache_dir() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| TempDir::new().expect("temp dir")).path()
}

/// `arena <args>` in `dir`.
fn arena(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("arena")
        .expect("the arena binary is built")
        .current_dir(dir)
        .args(args)
        .env("XDG_CACHE_HOME", cache_dir())
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("arena runs")
}

/// `arena build <args>` in `dir`.
fn build(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["build"];
    all.extend_from_slice(args);
    arena(dir, &all)
}

/// Runs `arena` and expects success; returns (stdout, stderr).
fn ok(dir: &Path, args: &[&str]) -> (String, String) {
    let out = arena(dir, args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "arena {args:?} failed ({}):\n{stderr}", out.status);
    (stdout, stderr)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Builds and expects success; returns stderr.
fn builds(dir: &Path, args: &[&str]) -> String {
    let out = build(dir, args);
    let err = text(&out.stderr);
    assert!(out.status.success(), "arena build {args:?} failed ({}):\n{err}", out.status);
    err
}

/// Builds and expects a clean failure (exit code 1, or 2 for usage errors); returns stderr.
fn fails(dir: &Path, args: &[&str]) -> String {
    let out = build(dir, args);
    let err = text(&out.stderr);
    assert!(!out.status.success(), "arena build {args:?} should fail:\n{err}");
    assert!(matches!(out.status.code(), Some(1 | 2)), "exit status {}:\n{err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("error"), "no error message:\n{err}");
    err
}

/// A kit player file whose play() body is `body`.
fn player(dir: &Path, file: &str, name: &str, body: &str) -> PathBuf {
    let path = dir.join(file);
    let src = format!(
        "#include \"Player.hh\"\n\n#define PLAYER_NAME {name}\n\nstruct PLAYER_NAME : public Player {{\n  \
         static Player* factory () {{ return new PLAYER_NAME; }}\n  virtual void play () {{\n    {body}\n  }}\n}};\n\n\
         RegisterPlayer(PLAYER_NAME);\n"
    );
    std::fs::write(&path, src).unwrap();
    path
}

/// The module's imports (`module.name`) and exports, after checking it validates.
fn imports_exports(wasm: &[u8]) -> (Vec<String>, Vec<String>) {
    wasmparser::Validator::new().validate_all(wasm).expect("a valid module");
    let mut imports = Vec::new();
    let mut exports = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        match payload.unwrap() {
            wasmparser::Payload::ImportSection(r) => {
                for i in r.into_imports() {
                    let i = i.unwrap();
                    imports.push(format!("{}.{}", i.module, i.name));
                }
            }
            wasmparser::Payload::ExportSection(r) => {
                for e in r {
                    exports.push(e.unwrap().name.to_string());
                }
            }
            _ => {}
        }
    }
    (imports, exports)
}

/// What docs/bot-abi.md lets a bot import.
const ALLOWED: &[&str] = &[
    "arena.random",
    "arena.orders",
    "wasi_snapshot_preview1.fd_write",
    "wasi_snapshot_preview1.fd_read",
    "wasi_snapshot_preview1.fd_close",
    "wasi_snapshot_preview1.fd_seek",
    "wasi_snapshot_preview1.fd_fdstat_get",
    "wasi_snapshot_preview1.environ_sizes_get",
    "wasi_snapshot_preview1.environ_get",
    "wasi_snapshot_preview1.args_sizes_get",
    "wasi_snapshot_preview1.args_get",
    "wasi_snapshot_preview1.proc_exit",
];

/// Checks a Pandemic bot's module (see `check_game_bot`).
fn check_bot(path: &Path) {
    check_game_bot(path, "pandemic");
}

/// Checks that a built module validates, imports only what the ABI allows and exports the ABI's
/// functions with the marker of `game` (and of no other game).
fn check_game_bot(path: &Path, game: &str) {
    let wasm = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (imports, exports) = imports_exports(&wasm);
    for i in &imports {
        assert!(ALLOWED.contains(&i.as_str()), "{}: imports {i}", path.display());
    }
    assert!(imports.iter().any(|i| i == "arena.orders"), "{imports:?}");
    let marker = format!("arena_game_{}", game.replace('-', "_"));
    for e in ["memory", "_initialize", "arena_abi_v1", marker.as_str(), "arena_alloc", "arena_start", "arena_play"] {
        assert!(exports.iter().any(|x| x == e), "{}: no export {e} in {exports:?}", path.display());
    }
    let markers: Vec<&String> = exports.iter().filter(|e| e.starts_with("arena_game_")).collect();
    assert_eq!(markers, [&marker], "{}", path.display());
    // Far below the 16 MiB upload limit.
    assert!(wasm.len() < 2_000_000, "{} bytes", wasm.len());
}

#[test]
fn the_demo_and_a_kit_style_player_build() {
    if !have_clang("the_demo_and_a_kit_style_player_build") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let err = builds(dir.path(), &[DEMO, "--game", "pandemic", "-o", "demo.wasm"]);
    assert!(err.contains("built demo.wasm"), "{err}");
    check_bot(&dir.path().join("demo.wasm"));

    // Default output: the first file's name with .wasm, in the current directory. Kit code
    // compiles without warnings (random_shuffle included).
    let err = builds(dir.path(), &[KIT_STYLE, "--game", "pandemic"]);
    assert!(!err.contains("warning"), "{err}");
    check_bot(&dir.path().join("AIKitStyle.wasm"));
}

#[test]
fn compile_errors_are_the_compilers() {
    if !have_clang("compile_errors_are_the_compilers") {
        return;
    }
    let dir = TempDir::new().unwrap();
    player(dir.path(), "AIBroken.cc", "Broken", "int x = ;");
    let err = fails(dir.path(), &["AIBroken.cc", "--game", "pandemic"]);
    assert!(err.contains("AIBroken.cc:8:"), "the compiler names the file and line:\n{err}");
    assert!(err.contains("expected expression"), "{err}");
    assert!(err.contains("error: AIBroken.cc did not compile"), "{err}");
    assert!(!dir.path().join("AIBroken.wasm").exists());
}

#[test]
fn the_clock_is_refused() {
    if !have_clang("the_clock_is_refused") {
        return;
    }
    let dir = TempDir::new().unwrap();
    player(dir.path(), "AITime.cc", "Time", "srand(time(nullptr));");
    let err = fails(dir.path(), &["AITime.cc", "--game", "pandemic"]);
    assert!(err.contains("error: AITime.cc uses the clock (clock_time_get): bots may not read the time"), "{err}");
    assert!(!dir.path().join("AITime.wasm").exists());

    player(dir.path(), "AIClock.cc", "Clock", "cerr << clock() << endl;");
    let err = fails(dir.path(), &["AIClock.cc", "--game", "pandemic"]);
    assert!(err.contains("AIClock.cc uses the clock (clock()): bots may not read the time"), "{err}");
    assert!(!err.contains("deprecated"), "no advice to emulate the clock:\n{err}");

    player(dir.path(), "AIDevice.cc", "Device", "random_device rd; cerr << rd() << endl;");
    let err = fails(dir.path(), &["AIDevice.cc", "--game", "pandemic"]);
    assert!(err.contains("AIDevice.cc uses the host's randomness (random_get)"), "{err}");
}

#[test]
fn stdout_gets_a_warning() {
    if !have_clang("stdout_gets_a_warning") {
        return;
    }
    let dir = TempDir::new().unwrap();
    player(dir.path(), "AIOut.cc", "Out", "cout << round() << endl;");
    let err = builds(dir.path(), &["AIOut.cc", "--game", "pandemic"]);
    assert!(err.contains("warning: AIOut.cc writes to stdout (std::cout)"), "{err}");
    check_bot(&dir.path().join("AIOut.wasm"));
}

#[test]
fn exactly_one_player() {
    if !have_clang("exactly_one_player") {
        return;
    }
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("util.cc"), "#include \"Player.hh\"\nint helper() { return 3; }\n").unwrap();
    let err = fails(dir.path(), &["util.cc", "--game", "pandemic"]);
    assert!(err.contains("no player in util.cc"), "{err}");
    assert!(err.contains("RegisterPlayer(PLAYER_NAME);"), "{err}");

    player(dir.path(), "AIOne.cc", "One", "");
    player(dir.path(), "AITwo.cc", "Two", "");
    let err = fails(dir.path(), &["AIOne.cc", "AITwo.cc", "--game", "pandemic"]);
    assert!(err.contains("AIOne.cc, AITwo.cc register more than one player"), "{err}");

    // A player with a helper file is one bot.
    builds(dir.path(), &["AIOne.cc", "util.cc", "--game", "pandemic", "-o", "one.wasm"]);
    check_bot(&dir.path().join("one.wasm"));
}

#[test]
fn game_and_file_errors() {
    // No compiler needed: these fail before it runs.
    let dir = TempDir::new().unwrap();
    player(dir.path(), "AIX.cc", "X", "");
    let err = fails(dir.path(), &["AIX.cc"]);
    assert!(err.contains("--game <GAME>"), "{err}");
    let err = fails(dir.path(), &["AIX.cc", "--game", "chess"]);
    assert!(err.contains("unknown game `chess`; the C++ SDK supports: pandemic, ork-island"), "{err}");
    let err = fails(dir.path(), &["AIX.cc", "--game", "walking-dead"]);
    assert!(err.contains("does not support walking-dead yet; it supports: pandemic, ork-island"), "{err}");
    let err = fails(dir.path(), &["AINope.cc", "--game", "pandemic"]);
    assert!(err.contains("AINope.cc: no such file"), "{err}");
    let err = fails(dir.path(), &["AIDummy.o", "--game", "pandemic"]);
    assert!(err.contains("object files are native code"), "{err}");
    let err = fails(dir.path(), &["--game", "pandemic"]);
    assert!(err.contains("<FILE.cc>"), "{err}");

    // No compiler: the message says what to install.
    let out = Command::cargo_bin("arena")
        .unwrap()
        .current_dir(dir.path())
        .args(["build", "AIX.cc", "--game", "pandemic"])
        .env("PATH", "")
        .env_remove("ARENA_CXX")
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("no C++ compiler for WebAssembly: neither clang++-19 nor clang++ is in PATH"), "{err}");
    assert!(err.contains("clang-19 lld-19 wasi-libc libc++-19-dev-wasm32"), "{err}");
    assert!(err.contains("wasi-sdk"), "{err}");
    let out = Command::cargo_bin("arena")
        .unwrap()
        .current_dir(dir.path())
        .args(["build", "AIX.cc", "--game", "pandemic"])
        .env("ARENA_CXX", dir.path().join("no-such-clang"))
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert!(err.contains("cannot run the C++ compiler") && err.contains("(ARENA_CXX)"), "{err}");
}

#[test]
fn a_sysroot_without_libc_is_explained() {
    if !have_clang("a_sysroot_without_libc_is_explained") {
        return;
    }
    let dir = TempDir::new().unwrap();
    player(dir.path(), "AIX.cc", "X", "");
    let out = Command::cargo_bin("arena")
        .unwrap()
        .current_dir(dir.path())
        .args(["build", "AIX.cc", "--game", "pandemic"])
        .env("WASI_SYSROOT", dir.path())
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("WASI_SYSROOT="), "{err}");
    assert!(err.contains("wasi-libc is missing (no lib/wasm32-wasi/libc.a)"), "{err}");
    assert!(err.contains("libc++-19-dev-wasm32"), "{err}");
}

/// A match's summary from `arena run --json`.
fn summary(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}"))
}

#[test]
fn built_bots_play_whole_matches() {
    if !have_clang("built_bots_play_whole_matches") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    builds(d, &[DEMO, "--game", "pandemic", "-o", "AIDemo.wasm"]);
    builds(d, &[CHECKER, "--game", "pandemic"]);
    builds(d, &[KIT_STYLE, "--game", "pandemic"]);

    // The demo plays 200 rounds without being frozen, uses some CPU, and scores.
    let args = ["run", "pandemic", "AIDemo.wasm", "Null", "Null", "Null", "--seed", "1", "--json", "--no-replay"];
    let (out, _) = ok(d, &args);
    let s = summary(&out);
    assert_eq!(s["rounds"], 200, "{s}");
    let p = &s["players"][0];
    assert_eq!(p["name"], "Demo", "{s}");
    assert!(p["frozen"].is_null(), "{s}");
    let cpu = p["cpu"].as_f64().unwrap();
    assert!(cpu > 0.0 && cpu < 0.1, "{s}");
    assert!(p["score"].as_i64().unwrap() > 0, "{s}");
    assert_eq!(p["rank"], 1, "{s}");
    // Same seed, same bots: the same match, CPU shares included.
    let (again, _) = ok(d, &args);
    assert_eq!(summary(&again), s);

    // The kit-style player (BFS, cerr, iostream: a larger module) plays too, and its orders take
    // effect: it beats the Demos.
    let (out, err) =
        ok(d, &["run", "pandemic", "AIKitStyle.wasm", "Demo", "Demo", "Null", "--seed", "2", "--json", "--no-replay"]);
    let s = summary(&out);
    assert!(s["players"][0]["frozen"].is_null(), "{s}\n{err}");
    assert_eq!(s["players"][0]["rank"], 1, "{s}");

    // The checker's state agrees with the engine's: every round it checks the SDK's State for
    // consistency (a failure would freeze it), and at a few rounds it prints the figures that
    // `arena replay --frame` computes from the replay.
    let (out, err) = ok(
        d,
        &[
            "run",
            "pandemic",
            "AIChecker.wasm",
            "Demo",
            "Demo",
            "Null",
            "--seed",
            "3",
            "--stderr",
            "-o",
            "m.replay",
            "--json",
        ],
    );
    let s = summary(&out);
    assert!(s["players"][0]["frozen"].is_null(), "{s}\n{err}");
    let frames: Vec<&str> = err.lines().filter_map(|l| l.strip_prefix("[0 Checker] frame ")).collect();
    assert_eq!(frames.len(), 4, "{err}");
    for line in frames {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (out, _) = ok(d, &["replay", "m.replay", "--frame", words[0]]);
        let f = summary(&out);
        let figures = |key: &str, at: usize| -> Vec<serde_json::Value> {
            assert_eq!(words[at], key, "{line}");
            words[at + 1..at + 5].iter().map(|w| serde_json::json!(w.parse::<i64>().unwrap())).collect()
        };
        assert_eq!(f["scores"].as_array().unwrap(), &figures("scores", 1), "round {line}");
        assert_eq!(f["units"].as_array().unwrap(), &figures("units", 6), "round {line}");
        assert_eq!(f["cities"].as_array().unwrap(), &figures("cities", 11), "round {line}");
        assert_eq!(f["paths"].as_array().unwrap(), &figures("paths", 16), "round {line}");
        assert_eq!(words[21], "virus", "{line}");
        assert_eq!(f["virus_total"].as_i64().unwrap(), words[22].parse::<i64>().unwrap(), "round {line}");
    }
}

#[test]
fn ork_island_players_build() {
    if !have_clang("ork_island_players_build") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let err = builds(dir.path(), &[ORK_DEMO, "--game", "ork-island", "-o", "demo.wasm"]);
    assert!(err.contains("built demo.wasm"), "{err}");
    check_game_bot(&dir.path().join("demo.wasm"), "ork-island");

    // Every name of the kit's API, in kit style, compiles without warnings.
    let err = builds(dir.path(), &[ORK_KIT_STYLE, "--game", "ork-island"]);
    assert!(!err.contains("warning"), "{err}");
    check_game_bot(&dir.path().join("AIKitStyle.wasm"), "ork-island");
}

#[test]
fn each_game_offers_its_own_names() {
    if !have_clang("each_game_offers_its_own_names") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // Ork Island's names are not Pandemic's: the compiler names each one missing.
    player(
        d,
        "AIOrk.cc",
        "Ork",
        "for (int id : orks(me())) execute(Command(id, Dir(random(0, 3))));\n    cerr << cost(FOREST) << endl;",
    );
    let err = fails(d, &["AIOrk.cc", "--game", "pandemic"]);
    assert!(err.contains("use of undeclared identifier 'orks'"), "{err}");
    assert!(err.contains("use of undeclared identifier 'FOREST'"), "{err}");
    assert!(err.contains("error: AIOrk.cc did not compile"), "{err}");
    builds(d, &["AIOrk.cc", "--game", "ork-island"]);
    check_game_bot(&d.join("AIOrk.wasm"), "ork-island");

    // And the other way round.
    player(
        d,
        "AIPan.cc",
        "Pan",
        "for (int id : my_units(me())) move(id, BOTTOM);\n    cerr << cell(0, 0).virus << endl;",
    );
    let err = fails(d, &["AIPan.cc", "--game", "ork-island"]);
    assert!(err.contains("use of undeclared identifier 'my_units'"), "{err}");
    assert!(err.contains("no member named 'virus'"), "{err}");
    builds(d, &["AIPan.cc", "--game", "pandemic"]);
    check_bot(&d.join("AIPan.wasm"));

    // A bot built for one game is refused in a match of the other, before it plays.
    let out = arena(d, &["run", "pandemic", "AIOrk.wasm", "Null", "Null", "Null", "--no-replay"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("built for ork-island"), "{err}");
}

/// Each item with a space before it: " a b c".
fn spaced<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items.into_iter().map(|x| format!(" {x}")).collect()
}

/// The house bots the Ork Island players meet (wasm, in the sandbox).
const ORK_OPPONENTS: [&str; 3] = ["Demo", "Demo", "Null"];

#[test]
fn ork_island_bots_play_whole_matches() {
    if !have_clang("ork_island_bots_play_whole_matches") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    builds(d, &[ORK_DEMO, "--game", "ork-island", "-o", "AIDemo.wasm"]);
    builds(d, &[ORK_CHECKER, "--game", "ork-island"]);
    builds(d, &[ORK_KIT_STYLE, "--game", "ork-island"]);
    let run = |bot: &str, seed: &str, extra: &[&str]| {
        let mut args = vec!["run", "ork-island", bot];
        args.extend(ORK_OPPONENTS);
        args.extend(["--seed", seed, "--json"]);
        args.extend(extra);
        ok(d, &args)
    };

    // The demo plays 200 rounds without being frozen, uses some CPU, scores, and beats the
    // house Demos, which step at random.
    let (out, _) = run("AIDemo.wasm", "1", &["--no-replay"]);
    let s = summary(&out);
    assert_eq!(s["rounds"], 200, "{s}");
    let p = &s["players"][0];
    assert_eq!(p["name"], "Demo", "{s}");
    assert!(p["frozen"].is_null(), "{s}");
    let cpu = p["cpu"].as_f64().unwrap();
    assert!(cpu > 0.0 && cpu < 0.2, "{s}");
    assert!(p["score"].as_i64().unwrap() > 0, "{s}");
    assert_eq!(p["rank"], 1, "{s}");
    // Same seed, same bots: the same match, CPU shares included.
    let (again, _) = run("AIDemo.wasm", "1", &["--no-replay"]);
    assert_eq!(summary(&again), s);

    // The kit-style player plays too, and its orders take effect: it beats the Demos.
    let (out, err) = run("AIKitStyle.wasm", "2", &["--no-replay"]);
    let s = summary(&out);
    assert!(s["players"][0]["frozen"].is_null(), "{s}\n{err}");
    assert_eq!(s["players"][0]["rank"], 1, "{s}");

    // The checker re-derives every round from the rules (a failed check would freeze it) and
    // prints the board and a few rounds, which must be the engine's, as the replay records them.
    let (out, err) = run("AIChecker.wasm", "3", &["--stderr", "-o", "m.replay"]);
    let s = summary(&out);
    assert!(s["players"][0]["frozen"].is_null(), "{s}\n{err}");
    let printed: Vec<&str> = err.lines().filter_map(|l| l.strip_prefix("[0 Checker] ")).collect();
    let replay = engine::games::ork_island::replay::read(&std::fs::read(d.join("m.replay")).unwrap()).unwrap();
    let mut expected = Vec::new();
    let p = engine::games::ork_island::params::Params::defaults();
    expected.push(format!(
        "board {} {} {} {} {} {} {} {} {} {} {} {} {} 0",
        p.rows,
        p.cols,
        p.nb_rounds,
        p.initial_health,
        p.nb_orks,
        p.cost_grass,
        p.cost_forest,
        p.cost_sand,
        p.cost_city,
        p.cost_path,
        p.bonus_per_city_cell,
        p.bonus_per_path_cell,
        p.factor_connected_component
    ));
    let b = &replay.board;
    for i in 0..b.rows() {
        let row: String = (0..b.cols())
            .map(|j| b"W.FSCP"[b.cell(engine::grid::Pos::new(i as i32, j as i32)).code() as usize] as char)
            .collect();
        expected.push(format!("row {i} {row}"));
    }
    let cells = |cells: &[engine::grid::Pos]| spaced(cells.iter().map(|c| format!("{},{}", c.i, c.j)));
    for (k, city) in b.cities().iter().enumerate() {
        expected.push(format!("city {k}{}", cells(city)));
    }
    for (k, path) in b.paths().iter().enumerate() {
        expected.push(format!("path {k} {} {}{}", path.ends.0, path.ends.1, cells(&path.cells)));
    }
    for r in [0, 1, 57, 199] {
        let f = &replay.frames[r];
        assert_eq!(f.round, r as u32);
        expected.push(format!("frame {r} scores{}", spaced(f.common.scores)));
        expected.push(format!("frame {r} cities{}", spaced(&f.city_owner)));
        expected.push(format!("frame {r} paths{}", spaced(&f.path_owner)));
        let orks = f.orks.iter().map(|u| format!("{},{},{},{}", u.player, u.pos.i, u.pos.j, u.health));
        expected.push(format!("frame {r} orks{}", spaced(orks)));
    }
    let warning = "warning: cost(0): orks cannot enter WATER; returning INT_MAX";
    let (warnings, lines): (Vec<&str>, Vec<&str>) = printed.into_iter().partition(|l| *l == warning);
    for (k, want) in expected.iter().enumerate() {
        assert_eq!(lines.get(k), Some(&want.as_str()), "line {k}: the checker's view differs from the engine's replay");
    }
    assert_eq!(
        lines.len(),
        expected.len(),
        "more lines than expected: {:?}",
        &lines[expected.len().min(lines.len())..]
    );
    // cost(WATER) is asked every round, and warns once.
    assert_eq!(warnings.len(), 1, "{err}");
    // Someone scored by round 57: the frames compared are not all empty.
    assert!(replay.frames[57].common.scores.iter().any(|&x| x > 0));
}
