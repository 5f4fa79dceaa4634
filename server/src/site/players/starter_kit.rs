//! The starter kits (`/games/<game>/starter-kit.zip`): per game, a zip with what a player needs
//! to write, build and try a bot away from the site. No HTTP here: `web::learn` serves the bytes.
//!
//! A kit holds, under one folder `arena-<game>/`:
//! - `AINull.cc`, `AIDemo.cc`: C++ players in the Jutge kits' style (the kit's empty player and
//!   Arena's demo player), built with `arena build`, which carries its own copy of the C++ SDK;
//! - `sdk/`: the C++ SDK's headers for the game and the shared ones they include, to read and
//!   for an editor (`compile_flags.txt` points clangd at them);
//! - `Makefile`: `make` builds every `AI*.cc` with `arena build`; `make match`, `make view`;
//! - `rust/bot-sdk/`: the Rust SDK's sources (a manifest of its own, no workspace), its
//!   `build-bot.sh`, and `template/`, a bot crate for the game whose path dependency (`..`)
//!   resolves inside the kit;
//! - `README.txt`: the commands.
//!
//! Every file is embedded at build time, so the kit is the SDK this binary speaks. Entries carry
//! a fixed timestamp and fixed permissions, so a kit's bytes are the same on every request and
//! every start of the same build; each zip is made on first request and kept in memory.

use std::io::Write as _;
use std::sync::OnceLock;

/// Why a kit could not be made (a bug or a broken build, never the user's input).
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    #[error("writing the zip failed: {0}")]
    Zip(#[from] zip::result::ZipError),
    #[error("writing the zip failed: {0}")]
    Io(#[from] std::io::Error),
}

/// One file of a kit: its path under the kit's folder, its contents, whether it is a script.
#[derive(Clone, Debug)]
pub struct KitFile {
    pub path: String,
    pub text: String,
    pub executable: bool,
}

use crate::games::{GameAssets, SdkFile, CPP_SHARED_HEADERS, GAMES};

macro_rules! rust_sdk {
    ($($path:literal),* $(,)?) => {
        &[$(SdkFile { path: $path, text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/", $path)) }),*]
    };
}

/// The Rust SDK's files the kit leaves out (paths under `bot-sdk/src/`): running bots natively
/// needs Arena's engine, which is not in the kit.
pub const NATIVE_ONLY_SOURCES: &[&str] = &["native.rs", "native_host.rs"];

/// The Rust SDK crate's sources (`bot-sdk/src/`), but [`NATIVE_ONLY_SOURCES`].
const RUST_SOURCES: &[SdkFile] = rust_sdk![
    "src/abi.rs",
    "src/conquest.rs",
    "src/grid.rs",
    "src/lazy.rs",
    "src/lib.rs",
    "src/log.rs",
    "src/runner.rs",
    "src/runtime.rs",
    "src/mad_max/game.rs",
    "src/mad_max/mod.rs",
    "src/mad_max/types.rs",
    "src/ork_island/game.rs",
    "src/ork_island/mod.rs",
    "src/ork_island/types.rs",
    "src/pandemic/game.rs",
    "src/pandemic/mod.rs",
    "src/pandemic/types.rs",
    "src/purge/game.rs",
    "src/purge/mod.rs",
    "src/purge/types.rs",
    "src/walking_dead/game.rs",
    "src/walking_dead/mod.rs",
    "src/walking_dead/types.rs",
];

const BUILD_BOT_SH: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/build-bot.sh"));
const TEMPLATE_CARGO_TOML: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/template/Cargo.toml"));
const TEMPLATE_CARGO_LOCK: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/template/Cargo.lock"));
/// The repository's template is a Pandemic bot.
const PANDEMIC_TEMPLATE_LIB: &str =
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/template/src/lib.rs"));

/// A game's kit is made of the game's row of the assets table (`crate::games`).
pub type GameKit = GameAssets;

/// A game's kit description, by the catalog's name.
pub fn kit_for(game: &str) -> Option<&'static GameKit> {
    crate::games::assets(game)
}

impl GameAssets {
    /// The folder every entry of the zip is under, and the zip's download name without `.zip`.
    pub fn folder(&self) -> String {
        format!("arena-{}", self.name)
    }

    /// The download's file name.
    pub fn file_name(&self) -> String {
        format!("arena-{}-starter-kit.zip", self.name)
    }

    /// The game's title from the catalog (the kit is only made for catalog games).
    fn title(&self) -> &'static str {
        engine::catalog::find(self.name).map(|g| g.title()).unwrap_or(self.name)
    }

    /// Every file of the kit, in the zip's order, paths relative to [`GameKit::folder`].
    pub fn files(&self) -> Vec<KitFile> {
        let file = |path: String, text: String| KitFile { path, text, executable: false };
        let mut out = vec![
            file("README.txt".into(), self.readme()),
            file("Makefile".into(), self.makefile()),
            file("AINull.cc".into(), self.null_cc.into()),
            file("AIDemo.cc".into(), self.demo_cc.into()),
            file("compile_flags.txt".into(), self.compile_flags()),
        ];
        for f in self.cpp_headers.iter().chain(CPP_SHARED_HEADERS) {
            out.push(file(format!("sdk/{}", f.path), f.text.into()));
        }
        out.push(file("rust/bot-sdk/Cargo.toml".into(), rust_sdk_manifest()));
        out.push(KitFile { path: "rust/bot-sdk/build-bot.sh".into(), text: BUILD_BOT_SH.into(), executable: true });
        for f in RUST_SOURCES {
            out.push(file(format!("rust/bot-sdk/{}", f.path), f.text.into()));
        }
        out.push(file("rust/bot-sdk/template/Cargo.toml".into(), template_manifest()));
        out.push(file("rust/bot-sdk/template/Cargo.lock".into(), TEMPLATE_CARGO_LOCK.into()));
        out.push(file("rust/bot-sdk/template/src/lib.rs".into(), self.rust_template()));
        out
    }

    /// The kit as a zip: deterministic bytes (fixed timestamps and permissions, fixed order).
    pub fn zip(&self) -> Result<Vec<u8>, KitError> {
        use zip::write::SimpleFileOptions;
        // The zip format's epoch: any fixed date would do; this one says "no real date".
        let when = zip::DateTime::default();
        let base =
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated).last_modified_time(when);
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let root = self.folder();
        w.add_directory(format!("{root}/"), base.unix_permissions(0o755))?;
        for f in self.files() {
            let mode = if f.executable { 0o755 } else { 0o644 };
            w.start_file(format!("{root}/{}", f.path), base.unix_permissions(mode))?;
            w.write_all(f.text.as_bytes())?;
        }
        Ok(w.finish()?.into_inner())
    }

    fn readme(&self) -> String {
        let (game, title, dir) = (self.name, self.title(), self.dir);
        format!(
            "Arena starter kit: {title}
{underline}

The rules, the parameters and the player API: /games/{game}/rules on the Arena site.

What you need
-------------
- The `arena` command: download it from /download/arena on the Arena site (the site's own
  executable, for Linux x86-64; the rules page says which glibc it needs), then
  `chmod +x arena` and put it on your PATH. Elsewhere, build it from the Arena repository with
  `cargo build --release -p arena` (target/release/arena).
- For C++ bots, clang for WebAssembly. On Debian or Ubuntu:
    sudo apt-get install clang-19 lld-19 wasi-libc libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32
  `arena build` carries the C++ SDK itself; sdk/ holds the same headers to read (and
  compile_flags.txt points an editor's clangd at them).

A C++ bot, as in the Jutge kits
-------------------------------
    cp AIDemo.cc AIMine.cc          # then change PLAYER_NAME to Mine and write play()
    make                             # arena build every AI*.cc: Demo.wasm, Null.wasm, Mine.wasm
    arena build AIMine.cc --game {game} -o Mine.wasm   # what make runs for one player

Try it locally (no server needed):
    arena run {game} Dummy Mine.wasm Demo Null --seed 1 --out m.replay
    arena run {game} Dummy Mine.wasm Demo Null --seeds 1..20    # many seeds, a summary
    arena view m.replay                                          # watch it in the browser
    arena strength {game} Mine.wasm                              # first places against three Dummies

(`make match` and `make view` run the first and the third for Demo.wasm.)

Debugging with stderr (cerr): every line, live, with its player and round:
    arena run {game} Dummy Mine.wasm Demo Null --seed 1 --stderr
    arena run {game} Dummy Mine.wasm Demo Null --seed 1 --stderr-dir logs     # logs/1-Mine.stderr
    arena run {game} Dummy Mine.wasm Demo Null --seed 1 --out m.replay --keep-stderr
    arena view m.replay          # the viewer's panel shows each round's stderr

Then upload Mine.wasm on the site (/upload). To qualify, your bot must win its matches
against three copies of Dummy; once qualified it plays the ladder.

A Rust bot
----------
    rust/bot-sdk/build-bot.sh rust/bot-sdk/template -o mine.wasm
The template (rust/bot-sdk/template/src/lib.rs) uses the SDK next to it (path = \"..\"):
move the two folders together, or change the path in template/Cargo.toml. build-bot.sh
needs rustup with the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown).
The API is documented in rust/bot-sdk/src/{dir}/game.rs.
",
            underline = "=".repeat("Arena starter kit: ".len() + title.chars().count()),
        )
    }

    fn makefile(&self) -> String {
        format!(
            "# Builds every AI*.cc here to a WebAssembly bot with `arena build` (AIMine.cc -> Mine.wasm).
# ARENA is the arena command: `make ARENA=/path/to/arena` if it is not on your PATH.
ARENA ?= arena
GAME := {game}
BOTS := $(patsubst AI%.cc,%.wasm,$(wildcard AI*.cc))

all: $(BOTS)

%.wasm: AI%.cc
\t$(ARENA) build $< --game $(GAME) -o $@

# One local match against the house bots, written to m.replay, then watched in the browser.
match: Demo.wasm
\t$(ARENA) run $(GAME) Dummy Demo.wasm Demo Null --seed 1 --out m.replay

view:
\t$(ARENA) view m.replay

clean:
\trm -f *.wasm m.replay

.PHONY: all match view clean
",
            game = self.name
        )
    }

    /// For clangd: the same dialect as `arena build`, the kit's headers first.
    fn compile_flags(&self) -> String {
        format!("-std=gnu++17\n-xc++\n-Isdk/{}\n-Isdk/include\n", self.dir)
    }

    /// The template's `src/lib.rs`: the repository's for Pandemic, a minimal bot for the others.
    fn rust_template(&self) -> String {
        if self.name == "pandemic" {
            return PANDEMIC_TEMPLATE_LIB.into();
        }
        let (title, module) = (self.title(), self.dir);
        format!(
            "//! A {title} bot for Arena: make it yours.
//!
//! The kit's API is on `g: &mut Game` (documented in ../src/{module}/game.rs): `g.me()`,
//! `g.round()`, `g.random(l, u)`, ... and `arena_bot::eprintln!` to debug.

use arena_bot::{module}::{{Game, Player}};

/// Your player. It is made once, with `Default`, before the first round, and keeps its fields
/// for the whole match: store what you want to remember between rounds here.
#[derive(Default)]
pub struct MyBot {{
    /// Example of state kept across rounds.
    rounds_seen: u32,
}}

impl Player for MyBot {{
    /// Called once per round: the orders given here are your orders for the round.
    fn play(&mut self, g: &mut Game) {{
        self.rounds_seen += 1;
        if g.round() == 0 {{
            // Debug output goes to the bot's captured stderr (it costs fuel: keep it small).
            arena_bot::eprintln!(\"playing as player {{}}\", g.me());
        }}
        // Your orders here.
    }}
}}

// Exports the bot to the platform (only in the WebAssembly build).
arena_bot::{module}_bot!(MyBot);
"
        )
    }
}

/// The Rust SDK's manifest in the kit: the repository's takes its version and edition from
/// Arena's workspace, which the kit does not have.
fn rust_sdk_manifest() -> String {
    format!(
        r#"[package]
name = "arena-bot-sdk"
description = "Write Arena bots in Rust: typed game views, orders and the entry macro for the bot ABI."
version = "{version}"
edition = "2021"
license = "MIT"
publish = false

[lib]
name = "arena_bot"
doctest = false

# No dependencies: a wasm build of a bot needs no registry access.
[dependencies]

# The repository's SDK has a `native` feature (bots run natively against Arena's engine, for
# tests); it needs the engine crate, which is not in this kit.
[lints.rust]
unexpected_cfgs = {{ level = "warn", check-cfg = ['cfg(feature, values("native"))'] }}
"#,
        version = env!("CARGO_PKG_VERSION")
    )
}

/// The template's manifest: the repository's, without the native tests' engine dependency
/// (its path leads nowhere in the kit).
fn template_manifest() -> String {
    let mut out = String::new();
    for line in TEMPLATE_CARGO_TOML.lines() {
        if line.contains("../../engine") {
            out.push_str("# (and Arena's engine crate, from the Arena repository)\n");
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A kit's zip, made on first request.
type Built = OnceLock<Result<Vec<u8>, KitError>>;

/// The zips, made once per game on first request and kept for the life of the process.
pub fn zip_bytes(game: &str) -> Option<Result<&'static [u8], &'static KitError>> {
    static ZIPS: OnceLock<Vec<Built>> = OnceLock::new();
    let zips = ZIPS.get_or_init(|| GAMES.iter().map(|_| OnceLock::new()).collect());
    let k = GAMES.iter().position(|g| g.name == game)?;
    Some(zips[k].get_or_init(|| GAMES[k].zip()).as_ref().map(|b| b.as_slice()))
}
