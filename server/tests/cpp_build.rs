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

/// `arena build <args>` in `dir`.
fn build(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("arena")
        .expect("the arena binary is built")
        .current_dir(dir)
        .arg("build")
        .args(args)
        .env("XDG_CACHE_HOME", cache_dir())
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("arena runs")
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

fn check_bot(path: &Path) {
    let wasm = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (imports, exports) = imports_exports(&wasm);
    for i in &imports {
        assert!(ALLOWED.contains(&i.as_str()), "{}: imports {i}", path.display());
    }
    assert!(imports.iter().any(|i| i == "arena.orders"), "{imports:?}");
    for e in
        ["memory", "_initialize", "arena_abi_v1", "arena_game_pandemic", "arena_alloc", "arena_start", "arena_play"]
    {
        assert!(exports.iter().any(|x| x == e), "{}: no export {e} in {exports:?}", path.display());
    }
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
    assert!(err.contains("unknown game `chess`; the C++ SDK supports: pandemic"), "{err}");
    let err = fails(dir.path(), &["AIX.cc", "--game", "ork-island"]);
    assert!(err.contains("does not support ork-island yet"), "{err}");
    let err = fails(dir.path(), &["AINope.cc", "--game", "pandemic"]);
    assert!(err.contains("AINope.cc: no such file"), "{err}");
    let err = fails(dir.path(), &["AIDummy.o", "--game", "pandemic"]);
    assert!(err.contains("object files are native code"), "{err}");
    let err = fails(dir.path(), &["--game", "pandemic"]);
    assert!(err.contains("<FILE.cc>"), "{err}");
}
