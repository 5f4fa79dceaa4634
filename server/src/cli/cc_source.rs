//! A kit player's C++ source given where a bot is expected (`arena run`, `arena strength`,
//! `arena tournament`): built with the pipeline of `arena build` (`arena::cpp_build`) and cached
//! in the module cache's directory by a hash of what the build reads (the source, the headers
//! beside it, the game and the build key: Arena's version, the SDK, the compiler and its flags),
//! so that a second run starts at once.

use anyhow::Context;
use arena::cpp_build::{self, BuildError, BuildSettings};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether `path` names a C++ source (by its extension).
pub fn is_source(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("cc" | "cpp" | "cxx" | "c++"))
}

/// The module built from `path` for `game`, from the cache when nothing it reads changed.
/// `cache_dir` is the module cache's directory (`None`: no cache).
pub fn build_cached(path: &Path, game: &str, cache_dir: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    let files = [path.to_path_buf()];
    cpp_build::check_sources(&files)?;
    let key = cpp_build::build_key(game).map_err(|e| anyhow::anyhow!("{e}"))?;
    let cached = match cache_dir {
        Some(dir) => Some(cache_path(dir, path, game, &key)?),
        None => None,
    };
    if let Some(c) = &cached {
        if let Ok(bytes) = std::fs::read(c) {
            return Ok(bytes);
        }
    }
    let mut err = std::io::stderr().lock();
    let built = cpp_build::build(&files, game, &BuildSettings::default(), &mut |line| {
        let _ = err.write_all(line);
        let _ = err.write_all(b"\n");
    });
    drop(err);
    let built = built.map_err(|e| match e {
        BuildError::Setup(m) | BuildError::Source(m) | BuildError::Limit(m) => {
            anyhow::anyhow!("{}: {m}", path.display())
        }
    })?;
    for w in &built.warnings {
        eprintln!("warning: {w}");
    }
    if let Some(c) = cached {
        let _ = c.parent().map(std::fs::create_dir_all);
        let tmp = c.with_extension(format!("tmp-{}", std::process::id()));
        if std::fs::write(&tmp, &built.wasm).is_ok() {
            let _ = std::fs::rename(&tmp, &c);
        }
    }
    Ok(built.wasm)
}

/// Where the module of `path` is cached in `dir`.
fn cache_path(dir: &Path, path: &Path, game: &str, key: &str) -> anyhow::Result<PathBuf> {
    let mut h = Sha256::new();
    h.update(std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?);
    h.update(game.as_bytes());
    h.update(key.as_bytes());
    // The headers beside it, which it may include: their names, sizes and times.
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut headers: Vec<(String, u64, u128)> = std::fs::read_dir(parent)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            [".h", ".hh", ".hpp", ".hxx"].iter().any(|x| n.ends_with(x))
        })
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            let t = m.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
            Some((e.file_name().to_string_lossy().into_owned(), m.len(), t))
        })
        .collect();
    headers.sort();
    for (n, len, t) in headers {
        h.update(format!("{n}\0{len}\0{t}\0").as_bytes());
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Ok(dir.join("cpp-builds").join(format!("{hex}.wasm")))
}
