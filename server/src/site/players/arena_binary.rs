//! The server's own `arena` executable, offered to players (`/download/arena`, linked from the
//! rules pages and the starter kits' README) so that they run local matches, build C++ bots and
//! view replays without building Rust. It is the very binary that serves the site
//! (`std::env::current_exe`), so its engine and sandbox are the site's, byte for byte.
//!
//! It is offered only from a Linux x86-64 server, and says which glibc it needs: the highest
//! `GLIBC_2.x` symbol version its dynamic section asks for, read from the file itself (the
//! version the binary was linked against, not the one the server happens to run on).

use std::path::PathBuf;
use std::sync::OnceLock;

/// What the download page and the rules pages say about the executable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaBinary {
    pub path: PathBuf,
    pub size: u64,
    /// The oldest glibc it runs with, e.g. `2.34` (`None`: not a glibc-linked executable).
    pub glibc: Option<String>,
}

impl ArenaBinary {
    /// One line for people: platform, glibc, size.
    pub fn summary(&self) -> String {
        let glibc = self.glibc.as_ref().map_or_else(String::new, |v| format!(", glibc {v} or newer"));
        format!("Linux x86-64{glibc}, {:.0} MB", self.size as f64 / 1e6)
    }
}

/// The platform the download is for: the server's own.
pub const OFFERED: bool = cfg!(all(target_os = "linux", target_arch = "x86_64"));

/// The highest `GLIBC_2.x[.y]` version named in an executable's bytes.
pub fn required_glibc(bytes: &[u8]) -> Option<String> {
    const TAG: &[u8] = b"GLIBC_2.";
    let mut best: Option<Vec<u32>> = None;
    let mut at = 0;
    while let Some(found) = bytes[at..].windows(TAG.len()).position(|w| w == TAG) {
        let start = at + found + TAG.len();
        let digits: Vec<u8> =
            bytes[start..].iter().take_while(|b| b.is_ascii_digit() || **b == b'.').copied().take(12).collect();
        let parts: Vec<u32> = std::iter::once(2)
            .chain(String::from_utf8_lossy(&digits).split('.').filter_map(|p| p.parse().ok()))
            .collect();
        if parts.len() > 1 && best.as_ref().is_none_or(|b| parts > *b) {
            best = Some(parts);
        }
        at = start;
    }
    best.map(|v| v.iter().map(u32::to_string).collect::<Vec<_>>().join("."))
}

/// The running executable, looked at once per process (`None` off Linux x86-64, or when the
/// file cannot be read).
pub fn current() -> Option<&'static ArenaBinary> {
    static INFO: OnceLock<Option<ArenaBinary>> = OnceLock::new();
    INFO.get_or_init(|| {
        if !OFFERED {
            return None;
        }
        let path = std::env::current_exe().ok()?;
        let bytes = std::fs::read(&path).ok()?;
        Some(ArenaBinary { size: bytes.len() as u64, glibc: required_glibc(&bytes), path })
    })
    .as_ref()
}

/// [`current`] off the async threads (the first call reads the whole file).
pub async fn current_async() -> Option<&'static ArenaBinary> {
    tokio::task::spawn_blocking(current).await.ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_highest_glibc_version_named_wins() {
        let bytes = b"\0GLIBC_2.2.5\0GLIBC_2.34\0xGLIBC_2.17\0GLIBC_PRIVATE\0GLIBC_2.3.4\0";
        assert_eq!(required_glibc(bytes).as_deref(), Some("2.34"));
        assert_eq!(required_glibc(b"no libc here"), None);
    }
}
