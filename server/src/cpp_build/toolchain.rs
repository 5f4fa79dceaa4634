//! The compiler and the WASI sysroot: clang for wasm32-wasi (`$ARENA_CXX`, else `clang++-19`,
//! else `clang++`) and its C and C++ libraries (`$WASI_SYSROOT`, else `/usr`: Debian's wasi-libc
//! and libc++ packages).

use super::flags::{CXXFLAGS, LDFLAGS};
use crate::games::GameAssets as GameSdk;
use anyhow::{bail, Context};
use std::path::{Path, PathBuf};
use std::process::Command;

const DEBIAN_PACKAGES: &str =
    "clang-19 lld-19 wasi-libc libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32";

pub fn install_hint() -> String {
    format!(
        "install Debian's packages (sudo apt-get install {DEBIAN_PACKAGES}), or wasi-sdk \
         (https://github.com/WebAssembly/wasi-sdk) with ARENA_CXX=<wasi-sdk>/bin/clang++ and \
         WASI_SYSROOT=<wasi-sdk>/share/wasi-sysroot"
    )
}

/// The compiler and the WASI sysroot.
pub struct Toolchain {
    pub cxx: PathBuf,
    /// None: the compiler's own default (wasi-sdk's clang knows its sysroot).
    pub sysroot: Option<PathBuf>,
    /// `cxx --version`, part of the runtime objects' cache key.
    pub version: String,
}

impl Toolchain {
    pub fn find() -> anyhow::Result<Toolchain> {
        let from_env = std::env::var_os("ARENA_CXX").filter(|v| !v.is_empty());
        let cxx = match &from_env {
            Some(c) => PathBuf::from(c),
            None => ["clang++-19", "clang++"].iter().find_map(|n| find_in_path(n)).ok_or_else(|| {
                anyhow::anyhow!(
                    "no C++ compiler for WebAssembly: neither clang++-19 nor clang++ is in PATH; {}",
                    install_hint()
                )
            })?,
        };
        let out = Command::new(&cxx).arg("--version").output().with_context(|| {
            format!(
                "cannot run the C++ compiler {}{}",
                cxx.display(),
                if from_env.is_some() { " (ARENA_CXX)" } else { "" }
            )
        })?;
        if !out.status.success() {
            bail!("{} --version failed: {}", cxx.display(), String::from_utf8_lossy(&out.stderr).trim());
        }
        let version = String::from_utf8_lossy(&out.stdout).into_owned();
        let sysroot = match std::env::var_os("WASI_SYSROOT").filter(|v| !v.is_empty()) {
            Some(s) => {
                let s = PathBuf::from(s);
                check_sysroot(&s).with_context(|| format!("WASI_SYSROOT={}", s.display()))?;
                Some(s)
            }
            None => {
                let usr = PathBuf::from("/usr");
                match check_sysroot(&usr) {
                    Ok(()) => Some(usr),
                    // wasi-sdk's clang finds its own sysroot.
                    Err(_) if from_env.is_some() => None,
                    Err(e) => return Err(e.context("no WebAssembly C/C++ library in /usr")),
                }
            }
        };
        Ok(Toolchain { cxx, sysroot, version })
    }

    fn base_command(&self) -> Command {
        let mut cmd = Command::new(&self.cxx);
        cmd.arg("--target=wasm32-wasi");
        if let Some(s) = &self.sysroot {
            cmd.arg(format!("--sysroot={}", s.display()));
        }
        cmd
    }

    pub fn compile_command(&self, sdk_dir: &Path, game: &GameSdk) -> Command {
        let mut cmd = self.base_command();
        // -isystem: the SDK's headers never warn in the player's build.
        cmd.arg("-isystem").arg(sdk_dir.join(game.dir));
        cmd.arg("-isystem").arg(sdk_dir.join("include"));
        // The SDK's directory differs between machines and users: the module never names it
        // (`__FILE__` in an assertion), so that the same source gives the same module anywhere.
        cmd.arg(format!("-ffile-prefix-map={}=arena-sdk", sdk_dir.display()));
        cmd.args(CXXFLAGS);
        cmd
    }

    /// The sysroot's directories a jailed compile reads (headers and libraries for wasm32).
    pub fn sysroot_dirs(&self) -> Vec<PathBuf> {
        let Some(root) = &self.sysroot else { return Vec::new() };
        let mut dirs = Vec::new();
        for sub in ["include", "lib", "share"] {
            if let Ok(entries) = std::fs::read_dir(root.join(sub)) {
                dirs.extend(
                    entries
                        .flatten()
                        .filter(|e| e.file_name().to_string_lossy().starts_with("wasm32"))
                        .filter_map(|e| std::fs::canonicalize(e.path()).ok()),
                );
            }
        }
        if root != Path::new("/usr") {
            // A sysroot of its own (wasi-sdk): all of it.
            dirs.push(root.clone());
        }
        dirs
    }

    pub fn link_command(&self) -> Command {
        let mut cmd = self.base_command();
        cmd.args(LDFLAGS);
        cmd
    }
}

/// Checks that a sysroot holds wasi-libc and libc++ for wasm32-wasi.
fn check_sysroot(root: &Path) -> anyhow::Result<()> {
    let has = |lib: &str| ["wasm32-wasi", "wasm32-wasip1"].iter().any(|t| root.join("lib").join(t).join(lib).is_file());
    if !has("libc.a") {
        bail!("wasi-libc is missing (no lib/wasm32-wasi/libc.a); {}", install_hint());
    }
    if !has("libc++.a") || !has("libc++abi.a") {
        bail!("libc++ for wasm32 is missing (no lib/wasm32-wasi/libc++.a or libc++abi.a); {}", install_hint());
    }
    Ok(())
}

pub fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata().map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0).unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}
