//! The C++ SDK on disk: the kit's headers and the runtime (`bot-sdk/cpp/`, embedded in the
//! binary) written to a cache directory named by their content hash, the runtime's objects
//! compiled once per compiler, and each build's private scratch directory.

use super::flags::{CXXFLAGS, RUNTIME_CXXFLAGS};
use super::process::{self, Output};
use super::toolchain::{install_hint, Toolchain};
use crate::games::{GameAssets, SdkFile, CPP_SHARED_HEADERS, GAMES};
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};

macro_rules! sdk_files {
    ($($path:literal),* $(,)?) => {
        &[$(SdkFile {
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../bot-sdk/cpp/", $path)),
        }),*]
    };
}

/// The SDK's runtime sources every game uses (its headers are `arena::games::CPP_SHARED_HEADERS`).
const RUNTIME_FILES: &[SdkFile] = sdk_files![
    "runtime/arena_runtime.cc",
    // Only in native builds (`arena calibrate`, cli/native_cpp.rs), never in a .wasm bot.
    "runtime/native_host.cc",
];

/// The SDK files every game uses: the shared headers and the runtime.
fn common_files() -> impl Iterator<Item = &'static SdkFile> {
    CPP_SHARED_HEADERS.iter().chain(RUNTIME_FILES)
}

/// The game-independent runtime, compiled into every bot.
pub(super) const COMMON_RUNTIME: &str = "runtime/arena_runtime.cc";

/// A game the C++ SDK supports: its headers and runtime live in `bot-sdk/cpp/<dir>/`, and
/// `<dir>/arena_main.cc` implements its part of the ABI (the game's row of `arena::games`).
pub type GameSdk = GameAssets;

/// Every SDK file a game's build reads.
pub fn all_files(game: &'static GameSdk) -> impl Iterator<Item = &'static SdkFile> {
    common_files().chain(game_files(game))
}

/// A game's own SDK files: its headers and `arena_main.cc`.
fn game_files(game: &'static GameSdk) -> impl Iterator<Item = &'static SdkFile> {
    game.cpp_headers.iter().chain(std::iter::once(&game.cpp_main))
}

/// The game's C++ SDK, or an error naming the games it supports.
pub fn sdk_for(game: &str) -> anyhow::Result<&'static GameSdk> {
    if let Some(g) = crate::games::assets(game) {
        return Ok(g);
    }
    // Every game of the catalog has its SDK (`every_catalog_game_has_its_sdk`).
    let supported: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    bail!("unknown game `{game}`; the C++ SDK supports: {}", supported.join(", "))
}

/// A fresh private directory for one build, removed at the end.
pub struct WorkDir {
    pub path: PathBuf,
}

impl WorkDir {
    pub fn new() -> anyhow::Result<WorkDir> {
        let base = std::env::temp_dir();
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        for k in 0..100u32 {
            let path = base.join(format!("arena-build-{}-{}", std::process::id(), nanos + u128::from(k)));
            // create_dir fails if the name exists: the directory is ours alone.
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(WorkDir { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e).with_context(|| format!("cannot create {}", path.display())),
            }
        }
        bail!("cannot create a build directory in {}", base.display())
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The SDK's sources on disk: in the user's cache directory (`$XDG_CACHE_HOME/arena` or
/// `~/.cache/arena`), in a directory named by their content hash, or in the build directory when
/// there is no cache.
pub struct SdkDir {
    pub dir: PathBuf,
}

impl SdkDir {
    pub fn prepare(game: &'static GameSdk, work: &WorkDir) -> anyhow::Result<SdkDir> {
        let files = || common_files().chain(game_files(game));
        let mut key = Fnv::new();
        key.add(env!("CARGO_PKG_VERSION").as_bytes());
        for f in files() {
            key.add(f.path.as_bytes());
            key.add(f.text.as_bytes());
        }
        let cached = cache_root().map(|r| r.join(format!("cpp-sdk-{:016x}", key.finish())));
        for dir in cached.into_iter().chain([work.path.join("sdk")]) {
            if files().all(|f| write_if_changed(&dir.join(f.path), f.text).is_ok()) {
                return Ok(SdkDir { dir });
            }
        }
        bail!("cannot write the C++ SDK into {}", work.path.display())
    }

    /// The object file of one SDK runtime source, compiled if not cached yet.
    pub(super) fn runtime_object(
        &self,
        tc: &Toolchain,
        game: &GameSdk,
        src: &str,
        verbose: bool,
        on_line: &mut dyn FnMut(&[u8]),
    ) -> anyhow::Result<PathBuf> {
        let mut key = Fnv::new();
        key.add(tc.cxx.as_os_str().as_encoded_bytes());
        key.add(tc.version.as_bytes());
        if let Some(s) = &tc.sysroot {
            key.add(s.as_os_str().as_encoded_bytes());
        }
        for f in CXXFLAGS.iter().chain(RUNTIME_CXXFLAGS) {
            key.add(f.as_bytes());
        }
        let dir = self.dir.join(format!("obj-{}-{:016x}", game.dir, key.finish()));
        let stem = Path::new(src).file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let obj = dir.join(format!("{stem}.o"));
        if obj.is_file() {
            return Ok(obj);
        }
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        // Unique per build: two compiles of one server process may build it at once.
        static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!("{stem}.o.tmp-{}-{n}", std::process::id()));
        let mut cmd = tc.compile_command(&self.dir, game);
        if src == COMMON_RUNTIME {
            cmd.args(RUNTIME_CXXFLAGS);
        }
        cmd.arg("-c").arg(self.dir.join(src)).arg("-o").arg(&tmp);
        if verbose {
            on_line(format!("+ {}", super::show_command(&cmd)).as_bytes());
        }
        // The SDK's own code: trusted, compiled outside any jail (a jailed compile only reads it).
        let out: Output =
            process::run(cmd, None, on_line).with_context(|| format!("cannot run {}", tc.cxx.display()))?;
        if !out.status.success() {
            let _ = std::fs::remove_file(&tmp);
            bail!(
                "the C++ SDK's runtime ({src}) does not compile with {}; is it clang 19 or later for wasm32-wasi? {}",
                tc.cxx.display(),
                install_hint()
            );
        }
        std::fs::rename(&tmp, &obj).with_context(|| format!("cannot write {}", obj.display()))?;
        Ok(obj)
    }
}

pub fn cache_root() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from).filter(|p| p.is_absolute());
    let base =
        xdg.or_else(|| std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("arena"))
}

/// Writes `text` to `path` unless it already holds it, through a temporary file and a rename so
/// that a concurrent build never reads half a file.
fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|b| b == text.as_bytes()) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp-{}", std::process::id()));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// 64-bit FNV-1a: a stable hash for cache keys (not for security).
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().chain(&[0xff]) {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn game_directories_are_the_markers_names() {
        for g in GAMES {
            assert!(engine::catalog::ALL_GAME_NAMES.contains(&g.name), "{}", g.name);
            assert_eq!(g.dir, g.name.replace('-', "_"), "{}", g.name);
            assert!(game_files(g).any(|f| f.path == format!("{}/arena_main.cc", g.dir)), "{}", g.name);
        }
    }

    #[test]
    fn every_catalog_game_has_its_sdk() {
        for name in engine::catalog::ALL_GAME_NAMES {
            assert!(sdk_for(name).is_ok(), "the C++ SDK does not support {name}");
        }
        let e = sdk_for("chess").err().expect("chess has no SDK").to_string();
        assert!(e.starts_with("unknown game `chess`; the C++ SDK supports: pandemic, "), "{e}");
        assert!(e.ends_with(", mad-max"), "{e}");
    }

    #[test]
    fn every_sdk_file_is_embedded() {
        // Adding a header to bot-sdk/cpp/ without listing it here would break builds outside the
        // repository only: catch it here.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bot-sdk/cpp");
        let mut on_disk = Vec::new();
        let mut dirs: Vec<String> = vec!["include".into(), "runtime".into()];
        dirs.extend(GAMES.iter().map(|g| g.dir.to_string()));
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(root.join(&d)).unwrap() {
                let e = e.unwrap();
                let rel = format!("{d}/{}", e.file_name().to_string_lossy());
                if e.file_type().unwrap().is_dir() {
                    dirs.push(rel);
                } else {
                    on_disk.push(rel);
                }
            }
        }
        let embedded: Vec<&str> = common_files().chain(GAMES.iter().flat_map(game_files)).map(|f| f.path).collect();
        for f in &on_disk {
            assert!(embedded.contains(&f.as_str()), "bot-sdk/cpp/{f} is not embedded in cpp_build/sdk.rs");
        }
    }
}
