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
    "arena.fail",
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
    // Every game of the catalog has its C++ SDK (a unit test of cli/build.rs checks it), so an
    // unsupported game is one Arena does not know; near misses of a name are unknown too.
    for game in ["chess", "mad_max", "MadMax"] {
        let err = fails(dir.path(), &["AIX.cc", "--game", game]);
        assert!(
            err.contains(&format!(
                "unknown game `{game}`; the C++ SDK supports: pandemic, ork-island, walking-dead, purge, mad-max"
            )),
            "{err}"
        );
    }
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
    let frames: Vec<&str> = seat0_lines(&err, "Checker").into_iter().filter_map(|l| l.strip_prefix("frame ")).collect();
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

    // Mad Max's names are not The Purge's (which also has warriors(pl)).
    player(
        d,
        "AIMax.cc",
        "Max",
        "for (int id : cars(me())) if (can_move(id)) command(Movement(id, RT));\n    cerr << cell(0, 0).owner << Station << endl;",
    );
    let err = fails(d, &["AIMax.cc", "--game", "purge"]);
    assert!(err.contains("use of undeclared identifier 'cars'"), "{err}");
    assert!(err.contains("use of undeclared identifier 'Station'"), "{err}");
    assert!(err.contains("error: AIMax.cc did not compile"), "{err}");
    builds(d, &["AIMax.cc", "--game", "mad-max"]);
    check_game_bot(&d.join("AIMax.wasm"), "mad-max");
    let out = arena(d, &["run", "purge", "AIMax.wasm", "Null", "Null", "Null", "--no-replay"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("built for mad-max"), "{err}");

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
    let printed: Vec<&str> = seat0_lines(&err, "Checker");
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
    let warning = "warning: cost requested for CellType WATER";
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
    // cost(WATER) is asked every round, and warns every time, as in the kit.
    assert_eq!(warnings.len(), 200, "{err}");
    // Someone scored by round 57: the frames compared are not all empty.
    assert!(replay.frames[57].common.scores.iter().any(|&x| x > 0));
}

/// The corpus of kit-style players of each game (`tests/cpp/corpus/<dir>/`, then the SDK's
/// examples `bot-sdk/cpp/examples/<dir>/` that the starter kit ships), with the `--game` it
/// builds for and the game's rounds.
const CORPUS: [(&str, &str, u32); 5] = [
    ("pandemic", "pandemic", 200),
    ("ork_island", "ork-island", 200),
    ("walking_dead", "walking-dead", 200),
    ("purge", "purge", 250),
    ("mad_max", "mad-max", 500),
];

fn corpus_file(dir: &str, file: &str) -> String {
    let corpus = format!("{}/tests/cpp/corpus/{dir}/{file}", env!("CARGO_MANIFEST_DIR"));
    if Path::new(&corpus).exists() {
        return corpus;
    }
    format!("{}/../bot-sdk/cpp/examples/{dir}/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Builds a corpus file (without a compiler warning) and plays it in seat 0 against the house
/// Demo, Demo and Null; returns the summary and the bots' stderr.
fn play_corpus(d: &Path, dir: &str, game: &str, stem: &str, seed: &str) -> (serde_json::Value, String) {
    let err = builds(d, &[&corpus_file(dir, &format!("AI{stem}.cc")), "--game", game]);
    assert!(!err.contains("warning"), "{dir}/AI{stem}.cc:\n{err}");
    let wasm = format!("AI{stem}.wasm");
    let args = ["run", game, &wasm, "Demo", "Demo", "Null", "--seed", seed, "--json", "--no-replay", "--stderr"];
    let (out, err) = ok(d, &args);
    (summary(&out), err)
}

/// What player 0 (named `name`) printed on stderr, without the `[0 Name r12] ` prefix (`start`
/// for what it wrote before the first round).
fn seat0_lines<'a>(err: &'a str, name: &str) -> Vec<&'a str> {
    let prefix = format!("[0 {name} ");
    err.lines().filter_map(|l| l.strip_prefix(prefix.as_str())?.split_once("] ").map(|(_, line)| line)).collect()
}

/// Plays the corpus's `AITolerant.cc` of a game in seat 0 (seed 9): the whole match, unfrozen,
/// its good orders scoring. Returns its stderr, its lines and the figures it printed (the text
/// after "figures ").
fn play_tolerant(dir: &str, game: &str, rounds: i64) -> (String, Vec<String>, String) {
    let d = TempDir::new().unwrap();
    let (s, err) = play_corpus(d.path(), dir, game, "Tolerant", "9");
    assert_eq!(s["rounds"], rounds, "{s}");
    let p = &s["players"][0];
    assert!(p["frozen"].is_null(), "bad arguments froze the bot: {s}\n{err}");
    assert!(p["score"].as_i64().unwrap() > 0, "its good orders count: {s}");
    let lines: Vec<String> = seat0_lines(&err, "Tolerant").into_iter().map(String::from).collect();
    let figures = lines.iter().find_map(|l| l.strip_prefix("figures ")).unwrap_or_else(|| panic!("{err}")).to_string();
    (err, lines, figures)
}

/// The first lines of a tolerant bot's stderr are `want` exactly, and its first line comes back
/// in at least ten rounds.
fn assert_warns_every_round(lines: &[String], want: &[String], err: &str, rounds: &str) {
    assert_eq!(&lines[..want.len().min(lines.len())], want, "{rounds} warnings differ from the kit's");
    let again = lines.iter().filter(|l| **l == want[0]).count();
    assert!(again >= 10, "{again} rounds warned\n{err}");
}

#[test]
fn the_kits_whole_surface_compiles_and_plays() {
    if !have_clang("the_kits_whole_surface_compiles_and_plays") {
        return;
    }
    let dir = TempDir::new().unwrap();
    for (sub, game, rounds) in CORPUS {
        let d = dir.path().join(sub);
        std::fs::create_dir(&d).unwrap();
        for (k, stem) in ["Surface", "Tolerant", "Null", "Demo"].into_iter().enumerate() {
            let (s, err) = play_corpus(&d, sub, game, stem, &(k + 4).to_string());
            assert_eq!(s["rounds"], rounds, "{game} {stem}: {s}");
            let p = &s["players"][0];
            assert_eq!(p["name"], stem, "{s}");
            assert!(p["frozen"].is_null(), "{game} {stem} was frozen: {s}\n{err}");
            let lines = seat0_lines(&err, stem);
            match stem {
                // Every check held (a failed one freezes it), at the rounds it reports; no call
                // of it warned; its orders take effect: it beats the house bots.
                "Surface" => {
                    let ok_lines: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("surface ok")).collect();
                    // Every game's C++ round() is the kit's: 0 in the first round.
                    let want: Vec<String> =
                        [0, 1, rounds / 2, rounds - 1].iter().map(|r| format!("surface ok round {r}")).collect();
                    assert_eq!(ok_lines, want, "{game}:\n{err}");
                    assert!(!lines.iter().any(|l| l.contains("warning")), "{game}:\n{err}");
                    assert_eq!(p["rank"], 1, "{game}: {s}");
                }
                "Demo" => assert!(p["score"].as_i64().unwrap() > 0, "{game}: {s}"),
                _ => {}
            }
        }
    }
}

#[test]
fn bad_arguments_warn_as_the_kit_and_never_freeze() {
    if !have_clang("bad_arguments_warn_as_the_kit_and_never_freeze") {
        return;
    }
    let dir = TempDir::new().unwrap();
    // The Walking Dead has no cities or paths: its own test below.
    for (sub, game, rounds) in &CORPUS[..2] {
        let (sub, game, rounds) = (*sub, *game, *rounds);
        let d = dir.path().join(sub);
        std::fs::create_dir(&d).unwrap();
        let (s, err) = play_corpus(&d, sub, game, "Tolerant", "9");
        assert_eq!(s["rounds"], rounds, "{game}: {s}");
        let p = &s["players"][0];
        assert!(p["frozen"].is_null(), "{game}: bad arguments froze the bot: {s}\n{err}");
        // After the bad calls it plays normally, and its orders count.
        assert!(p["score"].as_i64().unwrap() > 0, "{game}: {s}");

        // The figures the warnings name: "figures me M units U cities C paths P rows R cols K
        // other X of Q mine A B D".
        let lines = seat0_lines(&err, "Tolerant");
        let figures = lines.iter().find_map(|l| l.strip_prefix("figures ")).unwrap_or_else(|| panic!("{err}"));
        let w: Vec<&str> = figures.split_whitespace().collect();
        let at = |key: &str| -> i64 {
            let k = w.iter().position(|x| *x == key).unwrap_or_else(|| panic!("no {key} in {figures}"));
            w[k + 1].parse().unwrap()
        };
        let (me, units, cities, paths, rows, cols) =
            (at("me"), at("units"), at("cities"), at("paths"), at("rows"), at("cols"));
        let (other, owner) = (at("other"), at("of"));
        let mine = at("mine");
        let third: i64 = w[w.len() - 1].parse().unwrap();
        assert_eq!(w.len(), 20, "three units of its own: {figures}");
        let (p_rows, p_cols, p_units) = if game == "pandemic" {
            let p = engine::games::pandemic::params::Params::defaults();
            (p.rows, p.cols, p.total_units())
        } else {
            let p = engine::games::ork_island::params::Params::defaults();
            (p.rows, p.cols, p.nb_players * p.nb_orks)
        };
        assert_eq!((rows, cols, units), (p_rows as i64, p_cols as i64, p_units as i64), "{figures}");
        assert_eq!(me, 0, "{figures}");
        assert!(owner > 0 && owner < 4 && other >= 0 && other < units, "{figures}");

        // Round 0, in the order of the calls: the accessors, then the orders.
        let mut want: Vec<String> = vec![
            "cell requested for position (-1, 0)".into(),
            format!("cell requested for position ({rows}, {cols})"),
            "cell requested for position (3, -7)".into(),
            format!("cell requested for position (0, {cols})"),
            "total score requested for player -1".into(),
            "total score requested for player 4".into(),
            "status requested for player -1".into(),
            "status requested for player 4".into(),
            "unit requested for identifier -1".into(),
            format!("unit requested for identifier {units}"),
            "city requested for identifier -1".into(),
            format!("city requested for identifier {cities}"),
            "city owner requested for identifier -1".into(),
            format!("city owner requested for identifier {cities}"),
            "path requested for identifier -1".into(),
            format!("path requested for identifier {paths}"),
            "path owner requested for identifier -1".into(),
            format!("path owner requested for identifier {paths}"),
        ];
        if game == "pandemic" {
            want.extend(["units requested for player -1".into(), "units requested for player 4".into()]);
        } else {
            want.extend([
                "orks requested for player -1".into(),
                "orks requested for player 4".into(),
                "cost requested for CellType WATER".into(),
            ]);
        }
        let queries = want.len();
        want.extend([
            "id out of range : -1".into(),
            "command already requested for unit -1".into(),
            format!("id out of range : {units}"),
            format!("unit {other} of player {owner} not owned by {me}"),
            "direction not valid: 7".into(),
            format!("command already requested for unit {mine}"),
            "direction not valid: 5".into(),
            format!("command already requested for unit {third}"),
        ]);
        let mut want: Vec<String> = want.into_iter().map(|x| format!("warning: {x}")).collect();
        want.insert(queries, format!("figures {figures}"));
        assert_eq!(
            &lines[..want.len().min(lines.len())],
            &want[..],
            "{game}: round 0's warnings differ from the kit's"
        );
        // And every round after it warns again.
        let again = lines.iter().filter(|l| **l == want[0]).count();
        assert!(again >= 10, "{game}: {again} rounds warned\n{err}");
    }
}

#[test]
fn walking_dead_bad_arguments_warn_as_the_kit_and_never_freeze() {
    if !have_clang("walking_dead_bad_arguments_warn_as_the_kit_and_never_freeze") {
        return;
    }
    let (err, lines, figures) = play_tolerant("walking_dead", "walking-dead", 200);
    let w: Vec<&str> = figures.split_whitespace().collect();
    // "me M units U rows R cols K other X of Q mine A B D"
    assert_eq!(w.len(), 16, "three units of its own: {figures}");
    let num = |k: usize| -> i64 { w[k].parse().unwrap() };
    let (me, units, rows, cols, other, owner) = (num(1), num(3), num(5), num(7), num(9), num(11));
    let (first, third) = (num(13), num(15));
    let p = engine::games::walking_dead::params::Params::defaults();
    assert_eq!((rows, cols, units), (p.rows as i64, p.cols as i64, p.total_units() as i64), "{figures}");
    assert_eq!(me, 0, "{figures}");
    assert!(owner > 0 && owner < 4 && other >= 0 && other < units, "{figures}");
    let mut want: Vec<String> = vec![
        "cell requested for position (-1, 0)".into(),
        format!("cell requested for position ({rows}, {cols})"),
        "cell requested for position (3, -7)".into(),
        format!("cell requested for position (0, {cols})"),
        "unit requested for identifier -1".into(),
        format!("unit requested for identifier {units}"),
        "alive units requested for player -1".into(),
        "alive units requested for player 4".into(),
        "dead units requested for player -1".into(),
        "dead units requested for player 4".into(),
        "strength requested for player -1".into(),
        "strength requested for player 4".into(),
        "score requested for player -1".into(),
        "score requested for player 4".into(),
        "status requested for player -1".into(),
        "status requested for player 4".into(),
    ];
    let queries = want.len();
    want.extend([
        "invalid id : -1".into(),
        "command already requested for unit -1".into(),
        format!("invalid id : {units}"),
        format!("unit {other} of player {owner} not owned by {me}"),
        "invalid dir in command: 9".into(),
        format!("command already requested for unit {first}"),
        "invalid dir in command: -3".into(),
        format!("command already requested for unit {third}"),
    ]);
    let mut want: Vec<String> = want.into_iter().map(|x| format!("warning: {x}")).collect();
    want.insert(queries, format!("figures {figures}"));
    assert_warns_every_round(&lines, &want, &err, "the first round's");
}

#[test]
fn purge_bad_arguments_warn_as_the_kit_and_never_freeze() {
    if !have_clang("purge_bad_arguments_warn_as_the_kit_and_never_freeze") {
        return;
    }
    let (err, lines, figures) = play_tolerant("purge", "purge", 250);
    let w: Vec<&str> = figures.split_whitespace().collect();
    // "me M ids N rows R cols K other X of Q mine A B D"
    assert_eq!(w.len(), 16, "three citizens of its own: {figures}");
    let num = |k: usize| -> i64 { w[k].parse().unwrap() };
    let (me, ids, rows, cols, other, owner) = (num(1), num(3), num(5), num(7), num(9), num(11));
    let (first, third) = (num(13), num(15));
    let p = engine::games::purge::params::Params::defaults();
    let citizens = 4 * (p.builders + p.warriors) as i64;
    assert_eq!((rows, cols, ids), (p.rows as i64, p.cols as i64, citizens), "{figures}");
    assert_eq!(me, 0, "{figures}");
    assert!(owner > 0 && owner < 4 && other >= 0 && other < ids, "{figures}");
    // The accessors that warn in the kit (2020; the 2024 kit silenced them), in call order;
    // score and status answer -1 and -2 silently, as in both kits. Of the orders, only a
    // second one for a citizen warns: the kit's Board drops the others silently.
    let mut want: Vec<String> = vec![
        "cell requested for position (-1, 0)".into(),
        format!("cell requested for position ({rows}, {cols})"),
        "cell requested for position (3, -7)".into(),
        format!("cell requested for position (0, {cols})"),
        "citizen requested for identifier -1".into(),
        format!("citizen requested for identifier {}", ids + 1000),
        "builders requested for player -1".into(),
        "builders requested for player 4".into(),
        "warriors requested for player -1".into(),
        "warriors requested for player 4".into(),
        "barricades requested for player -1".into(),
        "barricades requested for player 4".into(),
    ];
    let queries = want.len();
    want.extend([
        "command already requested for citizen -1".into(),
        format!("command already requested for citizen {first}"),
        format!("command already requested for citizen {third}"),
    ]);
    let mut want: Vec<String> = want.into_iter().map(|x| format!("warning: {x}")).collect();
    want.insert(queries, format!("figures {figures}"));
    assert_warns_every_round(&lines, &want, &err, "the first round's");
}

#[test]
fn mad_max_bad_arguments_warn_as_the_kit_and_never_freeze() {
    if !have_clang("mad_max_bad_arguments_warn_as_the_kit_and_never_freeze") {
        return;
    }
    let (err, lines, figures) = play_tolerant("mad_max", "mad-max", 500);
    let w: Vec<&str> = figures.split_whitespace().collect();
    // "me M units U rows R cols K other X of Q mine A B C D"
    assert_eq!(w.len(), 17, "four warriors of its own: {figures}");
    let num = |k: usize| -> i64 { w[k].parse().unwrap() };
    let (me, units, rows, cols, other, owner) = (num(1), num(3), num(5), num(7), num(9), num(11));
    let (first, third, fourth) = (num(13), num(15), num(16));
    let p = engine::games::mad_max::params::Params::defaults();
    assert_eq!((rows, cols, units), (p.rows as i64, p.cols as i64, p.nb_units() as i64), "{figures}");
    assert_eq!(me, 0, "{figures}");
    assert!(owner > 0 && owner < 4 && other >= 0 && other < units, "{figures}");
    // The kit's State warns on every bad query (num_cities in the words of a score), in call
    // order; can_move and random answer silently. Of the orders, the kit's Action warns about a
    // unit's second order, and its Board, after the round, about the others: here each warns
    // when given, in the kit's words.
    let queries: Vec<String> = vec![
        "cell requested for position (-1, 0)".into(),
        format!("cell requested for position ({rows}, {cols})"),
        "cell requested for position (3, -7)".into(),
        format!("cell requested for position (0, {cols})"),
        "unit requested for identifier -1".into(),
        format!("unit requested for identifier {units}"),
        "score requested for player -1".into(),
        "score requested for player 4".into(),
        "total score requested for player -1".into(),
        "total score requested for player 4".into(),
        "status requested for player -1".into(),
        "status requested for player 4".into(),
        "warriors requested for player -1".into(),
        "warriors requested for player 4".into(),
        "cars requested for player -1".into(),
        "cars requested for player 4".into(),
    ];
    let orders: Vec<String> = vec![
        "id out of range :-1".into(),
        "action already requested for unit -1".into(),
        format!("id out of range :{units}"),
        format!("not own unit: {other} {owner} {me}"),
        "direction not valid: 9".into(),
        format!("action already requested for unit {first}"),
        "direction not valid: -3".into(),
        format!("action already requested for unit {third}"),
    ];
    let warning = |x: &String| format!("warning: {x}");
    // Round 0, its own: the queries, the figures, the orders.
    let mut want: Vec<String> = queries.iter().map(warning).collect();
    want.push(format!("figures {figures}"));
    want.extend(orders.iter().map(warning));
    // Round 1, player 1's: the same, and a warrior of its own may not move.
    want.extend(queries.iter().chain(&orders).map(warning));
    want.push(format!("warning: cannot move: {fourth} {me} 1"));
    assert_warns_every_round(&lines, &want, &err, "the first rounds'");
}

#[test]
fn a_throw_an_assertion_an_abort_and_a_deep_recursion_freeze_in_words() {
    if !have_clang("a_throw_an_assertion_an_abort_and_a_deep_recursion_freeze_in_words") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // (file, body of play() from round 2 on, public message, the owner's detail)
    let cases = [
        (
            "AIThrow.cc",
            "throw runtime_error(\"no path to city \" + to_string(round()));",
            "uncaught exception",
            "uncaught exception std::runtime_error: no path to city 2",
        ),
        (
            // A class of the player's own: the SDK sends its mangled name, the host demangles it.
            "AIThrowOwn.cc",
            "struct NoRoute { int city; }; throw NoRoute{2};",
            "uncaught exception",
            "uncaught exception of type ThrowOwn::play()::NoRoute (WebAssembly bots cannot catch exceptions)",
        ),
        (
            "AIAssert.cc",
            "assert(round() < 2);",
            "assertion failed",
            "AIAssert.cc:9: assertion failed: round() < 2 (in play)",
        ),
        (
            "AIMyAssert.cc",
            "_my_assert(round() < 2, \"round is \" << round())",
            "assertion failed",
            "AIMyAssert.cc:9: assertion failed: round() < 2: round is 2",
        ),
        ("AIAbort.cc", "abort();", "abort() called", "abort() called"),
        ("AIDeep.cc", "cerr << deep(1) << endl;", "stack overflow (the 1 MiB stack", "::deep(int) <- "),
    ];
    for (file, body, public, detail) in cases {
        let name = file.trim_start_matches("AI").trim_end_matches(".cc");
        let path = d.join(file);
        let src = format!(
            "#include \"Player.hh\"\n#define PLAYER_NAME {name}\nstruct PLAYER_NAME : public Player {{\n  \
             static Player* factory () {{ return new PLAYER_NAME; }}\n  \
             int deep (int n) {{ volatile int a[64]; a[n % 64] = n; return n == 0 ? 0 : deep(n + 1) + a[1]; }}\n  \
             virtual void play () {{\n    if (round() < 2) return;\n    \
             \n    {body}\n  }}\n}};\nRegisterPlayer(PLAYER_NAME);\n"
        );
        std::fs::write(&path, src).unwrap();
        builds(d, &[file, "--game", "pandemic", "-o", "bot.wasm"]);
        let (out, err) =
            ok(d, &["run", "pandemic", "bot.wasm", "Demo", "Demo", "Null", "--seed", "1", "--json", "--no-replay"]);
        let s = summary(&out);
        let f = &s["players"][0]["frozen"];
        assert_eq!(f["reason"], "trap", "{file}: {s}");
        assert_eq!(f["round"], 2, "{file}: {s}");
        let message = f["message"].as_str().unwrap();
        assert!(message.starts_with(public), "{file}: {message}");
        assert!(!message.contains("func[") && !message.contains(" <- "), "{file}: public words only: {message}");
        let stopped = err.lines().find_map(|l| l.strip_prefix("player 0 (bot) stopped: ")).unwrap_or("");
        assert!(stopped.contains(detail), "{file}: {stopped:?}\n{err}");
        assert!(!stopped.contains("func["), "{file}: {stopped}");
    }
}

/// The Walking Dead SDK keeps each cell's unit and food up to date by resetting only the cells
/// last round marked, and reads owners in place: a checker compares, at some rounds, every
/// cell's owner, unit and food with the engine's replay, and every round that each unit stands
/// on its cell and no other cell names a unit (a failed check freezes it).
#[test]
fn walking_dead_cells_follow_the_engine_round_after_round() {
    if !have_clang("walking_dead_cells_follow_the_engine_round_after_round") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let src = r#"#include "Player.hh"
#define PLAYER_NAME CellChecker
struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  virtual void play () {
    vector<int> ids;
    for (int pl = 0; pl < 4; ++pl) {
      for (int id : alive_units(pl)) ids.push_back(id);
      for (int id : dead_units(pl)) ids.push_back(id);
    }
    for (int id : zombies()) ids.push_back(id);
    int marked = 0;
    for (int i = 0; i < board_rows(); ++i)
      for (int j = 0; j < board_cols(); ++j) marked += cell(i, j).id != -1;
    _my_assert(marked == int(ids.size()), "cells naming a unit: " << marked << ", units: " << ids.size());
    for (int id : ids) _my_assert(cell(unit(id).pos).id == id, "unit " << id << " is not on its cell");
    int r = round();
    if (r != 0 and r != 1 and r != 57 and r != 199) return;
    ostringstream food, owners, units;
    for (int i = 0; i < board_rows(); ++i)
      for (int j = 0; j < board_cols(); ++j) {
        Cell c = cell(i, j);
        if (c.food) food << " " << i * board_cols() + j;
        owners << (c.owner == -1 ? '.' : char('0' + c.owner));
        if (c.id != -1) units << " " << i * board_cols() + j << ":" << c.id;
      }
    cerr << "frame " << r << " food" << food.str() << endl;
    cerr << "frame " << r << " owners " << owners.str() << endl;
    cerr << "frame " << r << " units" << units.str() << endl;
  }
};
RegisterPlayer(PLAYER_NAME);
"#;
    std::fs::write(d.join("AICellChecker.cc"), src).unwrap();
    builds(d, &["AICellChecker.cc", "--game", "walking-dead", "-o", "checker.wasm"]);
    let args = ["run", "walking-dead", "checker.wasm", "Demo", "Dummy", "Demo", "--seed", "5", "--json", "--stderr"];
    let (out, err) = ok(d, &[&args[..], &["-o", "m.replay"]].concat());
    let s = summary(&out);
    assert!(s["players"][0]["frozen"].is_null(), "{s}\n{err}");
    let printed: Vec<&str> = seat0_lines(&err, "checker");
    let replay = engine::games::walking_dead::replay::read(&std::fs::read(d.join("m.replay")).unwrap()).unwrap();
    let cols = 60; // board_cols: the statement fixes it (60..60)
    let mut expected = Vec::new();
    for r in [0usize, 1, 57, 199] {
        let f = &replay.frames[r];
        assert_eq!(f.round as usize, r);
        expected.push(format!("frame {r} food{}", spaced(&f.food)));
        let owners: String = f.owner.iter().map(|&o| if o < 0 { '.' } else { (b'0' + o as u8) as char }).collect();
        expected.push(format!("frame {r} owners {owners}"));
        let mut on: Vec<(usize, usize)> =
            f.units.iter().map(|u| (u.pos.i as usize * cols + u.pos.j as usize, u.id)).collect();
        on.sort();
        expected.push(format!("frame {r} units{}", spaced(on.iter().map(|(c, id)| format!("{c}:{id}")))));
    }
    assert_eq!(printed, expected, "the checker's cells differ from the engine's replay");
    // The rounds compared are not empty: food and owned cells appear.
    assert!(!replay.frames[57].food.is_empty() && replay.frames[57].owner.iter().any(|&o| o >= 0));
}

/// The SDK's memset, memcpy and memmove (a bulk-memory instruction from 256 bytes, an 8-byte
/// loop below) agree with a byte-by-byte reference at every length around the switch, every
/// alignment and both directions of overlap; a mismatch freezes the checker.
#[test]
fn the_sdks_memset_memcpy_and_memmove_are_exact() {
    if !have_clang("the_sdks_memset_memcpy_and_memmove_are_exact") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let src = r#"#include "Player.hh"
#include <cstring>
#define PLAYER_NAME MemCheck
struct PLAYER_NAME : public Player {
  static Player* factory () { return new PLAYER_NAME; }
  // The reference: one byte at a time, through volatile so that it stays a loop.
  static void ref_move (volatile unsigned char* b, int to, int from, int n) {
    vector<unsigned char> t(n);
    for (int k = 0; k < n; ++k) t[k] = b[from + k];
    for (int k = 0; k < n; ++k) b[to + k] = t[k];
  }
  virtual void play () {
    if (round() != 0) return;
    const int lens[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 255, 256, 257, 300, 1024, 4099};
    vector<unsigned char> a(9000), b(9000);
    int checks = 0;
    for (int n : lens)
      for (int from = 0; from < 9; ++from)
        for (int shift : {-9, -8, -3, -1, 0, 1, 3, 8, 9, 600}) {
          int to = 20 + from + shift;
          for (int k = 0; k < 9000; ++k) a[k] = b[k] = (unsigned char)(k * 131 + n);
          // memmove: any overlap; memcpy: only when the ranges are apart.
          memmove(a.data() + to, a.data() + 20 + from, n);
          ref_move(b.data(), to, 20 + from, n);
          _my_assert(a == b, "memmove n=" << n << " from=" << from << " shift=" << shift);
          if (abs(shift) >= n or shift == 600) {
            memcpy(a.data() + to, a.data() + 20 + from + 2000, n);
            ref_move(b.data(), to, 20 + from + 2000, n);
            _my_assert(a == b, "memcpy n=" << n << " from=" << from << " shift=" << shift);
          }
          memset(a.data() + to, 0xA0 + from, n);
          for (int k = 0; k < n; ++k) ((volatile unsigned char*)b.data())[to + k] = 0xA0 + from;
          _my_assert(a == b, "memset n=" << n << " at=" << to);
          ++checks;
        }
    cerr << "mem ok " << checks << endl;
  }
};
RegisterPlayer(PLAYER_NAME);
"#;
    std::fs::write(d.join("AIMemCheck.cc"), src).unwrap();
    builds(d, &["AIMemCheck.cc", "--game", "pandemic", "-o", "memcheck.wasm"]);
    let (out, err) = ok(
        d,
        &[
            "run",
            "pandemic",
            "memcheck.wasm",
            "Null",
            "Null",
            "Null",
            "--seed",
            "1",
            "--json",
            "--no-replay",
            "--stderr",
        ],
    );
    let s = summary(&out);
    assert!(s["players"][0]["frozen"].is_null(), "{s}\n{err}");
    assert!(seat0_lines(&err, "memcheck").contains(&"mem ok 1530"), "{err}");
}

/// Issue 35: what g++'s library gives a kit player and the sandbox's must too. `uint`, `ushort`
/// and `ulong` (glibc's), and file streams that behave as when no file can be opened: each
/// game's `AIFiles.cc` (Pandemic's includes <fstream> itself, the others through Player.hh)
/// builds with a warning at the line that opens its log, and plays a whole match unfrozen,
/// printing what g++'s streams print when the open fails (checked against g++: the same lines).
#[test]
fn glibc_names_and_file_streams_build_and_play_for_every_game() {
    if !have_clang("glibc_names_and_file_streams_build_and_play_for_every_game") {
        return;
    }
    let dir = TempDir::new().unwrap();
    for (sub, game, rounds) in CORPUS {
        let d = dir.path().join(sub);
        std::fs::create_dir(&d).unwrap();
        let file = corpus_file(sub, "AIFiles.cc");
        let src = std::fs::read_to_string(&file).unwrap();
        let log_line = 1 + src.lines().position(|l| l.contains("log.open(\"debug.txt\")")).expect("the log's open");
        let err = builds(&d, &[&file, "--game", game]);
        let warning = format!("AIFiles.cc:{log_line}:11: warning: bots have no files: opening one fails");
        assert!(err.contains(&warning), "{game}: no {warning:?}:\n{err}");
        assert_eq!(err.matches("warning: bots have no files").count(), 5, "{game}: one per open:\n{err}");

        let args =
            ["run", game, "AIFiles.wasm", "Demo", "Demo", "Null", "--seed", "3", "--json", "--no-replay", "--stderr"];
        let (out, err) = ok(&d, &args);
        let s = summary(&out);
        assert_eq!(s["rounds"], rounds, "{game}: {s}");
        assert!(s["players"][0]["frozen"].is_null(), "{game}: the file streams froze it: {s}\n{err}");
        let units = match sub {
            "pandemic" => "units",
            "ork_island" => "orks",
            "walking_dead" => "alive units",
            "purge" => "builders",
            _ => "warriors",
        };
        let want = [
            format!("sizes 4 2 4 wrap 1 {units} 1"),
            "ofstream open 0 fail 1 buf 0".to_string(),
            "ifstream open 0 fail 1 x 7 line 0".to_string(),
            "fstream open 0 fail 1 y 3".to_string(),
            "filebuf open 0 0".to_string(),
            "cleared bad 1".to_string(),
            format!("files round {} log good 0", rounds - 1),
        ];
        assert_eq!(seat0_lines(&err, "Files"), want, "{game}:\n{err}");
    }
}

/// A GNU extension that g++ accepts and clang rejects fails with clang's error, at the player's
/// own file and line, then one line saying what to write instead; a narrowing conversion in
/// braces is a warning, as in g++.
#[test]
fn gnu_only_constructs_get_a_hint() {
    if !have_clang("gnu_only_constructs_get_a_hint") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    player(d, "AISeen.cc", "Seen", "bool seen[board_rows()][board_cols()] = {false};\n    cerr << seen[0][0];");
    let err = fails(d, &["AISeen.cc", "--game", "purge"]);
    let error = "AISeen.cc:8:15: error: variable-sized object may not be initialized";
    let hint = "AISeen.cc:8:15: hint: an array whose size is not a constant cannot have an initializer (g++ accepts \
                it as a GNU extension, clang does not); write \
                `vector<vector<bool>> seen(board_rows(), vector<bool>(board_cols(), false));` instead, or give the \
                array constant sizes";
    let lines: Vec<&str> = err.lines().collect();
    let at_error = lines.iter().position(|l| *l == error).unwrap_or_else(|| panic!("no {error:?}:\n{err}"));
    let at_hint = lines.iter().position(|l| *l == hint).unwrap_or_else(|| panic!("no hint:\n{err}"));
    // After the error's source excerpt, before clang's count.
    assert!(at_hint > at_error + 1 && lines[at_error + 1].contains("bool seen["), "{err}");
    assert!(lines[at_hint + 1].ends_with("error generated."), "{err}");
    assert_eq!(err.matches("hint:").count(), 1, "{err}");

    let src = "#include \"Player.hh\"\n#define PLAYER_NAME Auto\nint twice (auto x) { return 2 * x; }\n\
               struct PLAYER_NAME : public Player {\n  static Player* factory () { return new PLAYER_NAME; }\n  \
               virtual void play () { cerr << twice(round()); }\n};\nRegisterPlayer(PLAYER_NAME);\n";
    std::fs::write(d.join("AIAuto.cc"), src).unwrap();
    let err = fails(d, &["AIAuto.cc", "--game", "walking-dead"]);
    assert!(err.contains("AIAuto.cc:3:12: hint: `auto` parameters are C++20"), "{err}");

    player(d, "AINarrow.cc", "Narrow", "double h = round() / 2.0;\n    int a[] = {h};\n    cerr << a[0];");
    let err = builds(d, &["AINarrow.cc", "--game", "walking-dead"]);
    assert!(err.contains("AINarrow.cc:9:16: warning: type 'double' cannot be narrowed to 'int'"), "{err}");
}

#[test]
fn arena_run_takes_a_kit_players_source_built_once_and_cached() {
    if !have_clang("arena_run_takes_a_kit_players_source_built_once_and_cached") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let modules = d.join("modules");
    builds(d, &[DEMO, "--game", "pandemic", "-o", "AIDemo.wasm"]);
    std::fs::copy(DEMO, d.join("AIDemo.cc")).unwrap();
    let run = |bot: &str| {
        let out = Command::cargo_bin("arena")
            .unwrap()
            .current_dir(d)
            .args(["run", "pandemic", bot, "Null", "Null", "Null", "--seed", "1", "--json", "--no-replay"])
            .env("XDG_CACHE_HOME", cache_dir())
            .env("ARENA_MODULE_CACHE", &modules)
            .output()
            .unwrap();
        assert!(out.status.success(), "arena run {bot}: {}", text(&out.stderr));
        summary(&text(&out.stdout))
    };
    // The source plays the match its `arena build` module plays, under the same name.
    let from_wasm = run("AIDemo.wasm");
    let from_source = run("AIDemo.cc");
    assert_eq!(from_source, from_wasm);
    // Built once: the module is cached by the source's hash, and used again.
    let cached: Vec<_> = std::fs::read_dir(modules.join("cpp-builds")).unwrap().flatten().collect();
    assert_eq!(cached.len(), 1, "{cached:?}");
    let module = std::fs::read(cached[0].path()).unwrap();
    assert_eq!(module, std::fs::read(d.join("AIDemo.wasm")).unwrap(), "the cached module is arena build's");
    assert_eq!(run("AIDemo.cc"), from_wasm);
    // A changed source is built again.
    let mut changed = std::fs::read_to_string(DEMO).unwrap();
    changed.push_str("\n// changed\n");
    std::fs::write(d.join("AIDemo.cc"), changed).unwrap();
    run("AIDemo.cc");
    assert_eq!(std::fs::read_dir(modules.join("cpp-builds")).unwrap().count(), 2);
}

/// Issue 36: a local run keeps every line of stderr. A kit-style player that writes one line per
/// round and makes 500 of the kit's tolerated mistakes per round (each a warning line) is heard
/// to the last round with `--stderr`, `--stderr-dir` has every line, and `--keep-stderr` files
/// the lines by round beside the replay, the repeated warning collapsed with its count.
#[test]
fn local_runs_keep_every_line_of_stderr() {
    if !have_clang("local_runs_keep_every_line_of_stderr") {
        return;
    }
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    player(
        d,
        "AINoisy.cc",
        "Noisy",
        "cerr << \"my line of round \" << round() << endl;\n    for (int k = 0; k < 500; ++k) unit(-1);",
    );
    builds(d, &["AINoisy.cc", "--game", "pandemic", "-o", "Noisy.wasm"]);
    let run = ["run", "pandemic", "Noisy.wasm", "Demo", "Demo", "Null", "--seed", "1", "--json"];
    let extra = ["--stderr", "--stderr-dir", "logs", "--out", "m.replay", "--keep-stderr"];
    let (out, err) = ok(d, &[&run[..], &extra[..]].concat());
    let s = summary(&out);
    assert_eq!(s["rounds"], 200, "{s}");
    assert!(s["players"][0]["frozen"].is_null(), "{s}");

    // Live: every line, with its seat, name and round.
    let last: Vec<&str> = err.lines().filter_map(|l| l.strip_prefix("[0 Noisy r199] ")).collect();
    assert_eq!(last.len(), 501, "round 199's lines");
    assert_eq!(last[0], "my line of round 199");
    let warning = last[1];
    assert!(warning.contains("warning"), "{warning}");
    assert!(last[1..].iter().all(|l| *l == warning));
    assert_eq!(seat0_lines(&err, "Noisy").len(), 200 * 501);

    // The file: every line, nothing else.
    let file = std::fs::read_to_string(d.join("logs").join("0-Noisy.stderr")).unwrap();
    let lines: Vec<&str> = file.lines().collect();
    assert_eq!(lines.len(), 200 * 501);
    for r in 0..200 {
        assert_eq!(lines[r * 501], format!("my line of round {r}"));
        assert!(lines[r * 501 + 1..(r + 1) * 501].iter().all(|l| *l == warning));
    }
    assert!(d.join("logs").join("1-Demo.stderr").is_file());

    // The side file, by round.
    let side: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("m.replay.stderr.json")).unwrap()).unwrap();
    let seat = &side["seats"][0];
    assert_eq!(seat["name"], "Noisy");
    assert_eq!(seat["cut_bytes"], 0);
    let rounds = seat["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 200);
    assert_eq!(rounds[199]["round"], 199);
    assert_eq!(rounds[199]["text"], format!("my line of round 199\n{warning} [arena: ×500]\n"));
}
