//! The sha256 of a bot file, remembered between runs: a second `arena run` of the same `.wasm`
//! files reads them but hashes nothing (hashing was the largest part of a second run's startup
//! after the compiled modules themselves came from the module cache).
//!
//! A record lives next to the compiled modules (`<module cache>/files/<sha256 of the path>`) and
//! holds the file's identity as `stat` gives it (device, inode, size, modification and change
//! times to the nanosecond) with the file's sha256. It is trusted only if all of them match the
//! open file before and after it is read. As `make` and git do, this relies on the kernel setting
//! the change time on every write (a program cannot set it back); a record is written only for a
//! file unchanged for [`SETTLED`], so a write in the same clock tick as the one hashed cannot go
//! unseen. Anything odd (no record, a record for another path, an unreadable one) means: hash
//! the bytes, as without this.

use arena::site::core::ids::hex;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How long a file must have been unchanged for its hash to be remembered.
const SETTLED: Duration = Duration::from_secs(2);

/// At most this many records; past it, the oldest half is removed.
const MAX_RECORDS: usize = 4096;

/// The first line of a record.
const VERSION: &str = "arena-file-hash 1";

/// A file's identity as `stat` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    #[cfg(unix)]
    fn of(meta: &std::fs::Metadata) -> Option<Stamp> {
        use std::os::unix::fs::MetadataExt;
        Some(Stamp {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.size(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        })
    }

    #[cfg(not(unix))]
    fn of(_: &std::fs::Metadata) -> Option<Stamp> {
        None
    }

    fn line(&self) -> String {
        format!(
            "{} {} {} {}.{} {}.{}",
            self.dev, self.ino, self.size, self.mtime.0, self.mtime.1, self.ctime.0, self.ctime.1
        )
    }

    /// Whether the file has not changed for [`SETTLED`] (by its change time).
    fn settled(&self) -> bool {
        let changed = if self.ctime.0 >= 0 {
            SystemTime::UNIX_EPOCH + Duration::new(self.ctime.0 as u64, self.ctime.1.clamp(0, 999_999_999) as u32)
        } else {
            return false;
        };
        SystemTime::now().duration_since(changed).is_ok_and(|age| age >= SETTLED)
    }
}

/// A file read whole, with what is known of its hash.
pub struct ReadFile {
    pub bytes: Vec<u8>,
    /// The remembered sha256, when a record matched.
    pub sha256: Option<[u8; 32]>,
    /// The file's identity, the same before and after the read (else `None`: do not remember).
    stamp: Option<Stamp>,
    /// Its record's path and the file's canonical name (`None`: no stamp, or no such name).
    record: Option<(PathBuf, String)>,
}

/// The records of one module cache directory.
pub struct FileHashes {
    dir: PathBuf,
}

impl FileHashes {
    /// Records kept under `cache_dir` (a module cache directory).
    pub fn new(cache_dir: &Path) -> FileHashes {
        FileHashes { dir: cache_dir.join("files") }
    }

    fn record_path(&self, path: &Path) -> Option<(PathBuf, String)> {
        let canonical = std::fs::canonicalize(path).ok()?;
        let name = canonical.to_str()?.to_string();
        let key: [u8; 32] = Sha256::digest(name.as_bytes()).into();
        Some((self.dir.join(hex(&key[..16])), name))
    }

    /// Reads `path`, and its sha256 if a record says it and the file is unchanged.
    pub fn read(&self, path: &Path) -> std::io::Result<ReadFile> {
        let mut file = File::open(path)?;
        let before = file.metadata().ok().and_then(|m| Stamp::of(&m));
        let mut bytes = Vec::with_capacity(before.map_or(0, |s| s.size as usize));
        file.read_to_end(&mut bytes)?;
        let after = file.metadata().ok().and_then(|m| Stamp::of(&m));
        let stamp = before.filter(|b| Some(*b) == after && b.size == bytes.len() as u64);
        let record = stamp.and_then(|_| self.record_path(path));
        let sha256 = stamp.zip(record.as_ref()).and_then(|(stamp, (record, name))| recall(record, name, &stamp));
        Ok(ReadFile { bytes, sha256, stamp, record })
    }

    /// Remembers the sha256 of a file just read, if it had settled (a failure only loses the
    /// record).
    pub fn remember(&self, read: &ReadFile, sha256: &[u8; 32]) {
        let (Some(stamp), Some((record, name))) = (read.stamp.filter(Stamp::settled), &read.record) else {
            return;
        };
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let hex = hex(sha256);
        let text = format!("{VERSION}\n{name}\n{}\n{hex}\n", stamp.line());
        let temp = self.dir.join(format!(".tmp-{}-{}", std::process::id(), hex));
        if std::fs::write(&temp, text).and_then(|_| std::fs::rename(&temp, record)).is_err() {
            let _ = std::fs::remove_file(&temp);
            return;
        }
        self.bound();
    }

    /// Keeps at most [`MAX_RECORDS`] records, dropping the oldest half past it.
    fn bound(&self) {
        let Ok(dir) = std::fs::read_dir(&self.dir) else { return };
        let mut records: Vec<(SystemTime, PathBuf)> =
            dir.flatten().filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path()))).collect();
        if records.len() <= MAX_RECORDS {
            return;
        }
        records.sort();
        for (_, p) in &records[..records.len() / 2] {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// The sha256 a record holds for the file named `name` as `stamp` saw it, if the record says
/// exactly that.
fn recall(record: &Path, name: &str, stamp: &Stamp) -> Option<[u8; 32]> {
    let text = std::fs::read_to_string(record).ok()?;
    let mut lines = text.lines();
    if lines.next()? != VERSION || lines.next()? != name || lines.next()? != stamp.line() {
        return None;
    }
    let hex = lines.next()?;
    if hex.len() != 64 || lines.next().is_some() {
        return None;
    }
    let mut out = [0u8; 32];
    for (k, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * k..2 * k + 2)?, 16).ok()?;
    }
    Some(out)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sha(bytes: &[u8]) -> [u8; 32] {
        Sha256::digest(bytes).into()
    }

    /// A change time cannot be set back: the tests wait until the files have settled.
    fn settle() {
        std::thread::sleep(SETTLED + Duration::from_millis(50));
    }

    #[test]
    fn an_unchanged_file_is_not_hashed_again_and_a_changed_one_is() {
        let dir = tempfile::tempdir().unwrap();
        let hashes = FileHashes::new(&dir.path().join("cache"));
        let bot = dir.path().join("bot.wasm");
        std::fs::write(&bot, b"first bytes").unwrap();
        let other = dir.path().join("other.wasm");
        std::fs::write(&other, b"first bytes").unwrap();
        settle();

        let r = hashes.read(&bot).unwrap();
        assert_eq!((r.bytes.as_slice(), r.sha256), (&b"first bytes"[..], None));
        hashes.remember(&r, &sha(&r.bytes));
        let r = hashes.read(&bot).unwrap();
        assert_eq!(r.sha256, Some(sha(b"first bytes")), "remembered");
        // Another path with the same bytes has no record of its own.
        assert_eq!(hashes.read(&other).unwrap().sha256, None);
        // The same path through another name (a symlink) is the same file.
        let link = dir.path().join("link.wasm");
        std::os::unix::fs::symlink(&bot, &link).unwrap();
        assert_eq!(hashes.read(&link).unwrap().sha256, Some(sha(b"first bytes")));

        // Same size, rewritten: the change time moves, the record no longer matches.
        std::fs::write(&bot, b"other bytes").unwrap();
        let r = hashes.read(&bot).unwrap();
        assert_eq!(r.sha256, None, "a changed file is hashed again");
        // Just written: not settled, so not remembered yet.
        hashes.remember(&r, &sha(&r.bytes));
        assert_eq!(hashes.read(&bot).unwrap().sha256, None);
        settle();
        let r = hashes.read(&bot).unwrap();
        hashes.remember(&r, &sha(&r.bytes));
        assert_eq!(hashes.read(&bot).unwrap().sha256, Some(sha(b"other bytes")));
    }

    #[test]
    fn a_damaged_or_foreign_record_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let hashes = FileHashes::new(dir.path());
        let bot = dir.path().join("bot.wasm");
        std::fs::write(&bot, b"bytes").unwrap();
        settle();
        let r = hashes.read(&bot).unwrap();
        hashes.remember(&r, &sha(&r.bytes));
        let (record, name) = hashes.record_path(&bot).unwrap();
        let good = std::fs::read_to_string(&record).unwrap();
        let stamp = r.stamp.unwrap().line();
        let hex = hex(&sha(b"bytes"));
        for bad in [
            String::new(),
            good[..good.len() / 2].to_string(),
            good.replace(VERSION, "arena-file-hash 0"),
            format!("{VERSION}\n/elsewhere/bot.wasm\n{stamp}\n{hex}\n"),
            format!("{VERSION}\n{name}\n{stamp}\n{}\n", &hex[..63]),
            format!("{VERSION}\n{name}\n{stamp}\n{}zz\n", &hex[..62]),
            format!("{VERSION}\n{name}\n{stamp}\n{hex}\nextra\n"),
        ] {
            std::fs::write(&record, &bad).unwrap();
            assert_eq!(hashes.read(&bot).unwrap().sha256, None, "{bad:?}");
        }
        std::fs::write(&record, &good).unwrap();
        assert_eq!(hashes.read(&bot).unwrap().sha256, Some(sha(b"bytes")));
    }
}
