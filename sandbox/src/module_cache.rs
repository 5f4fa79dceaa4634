//! Compiled modules cached on disk, so that a bot compiles once per machine rather than once
//! per process (`arena run`, `arena bench`, every server worker after a restart).
//!
//! **Why `Module::serialize`.** Cranelift at `OptLevel::Speed` takes from a few hundred
//! milliseconds to seconds for a C++ bot; wasmtime's own artifact (what
//! [`wasmtime::Module::serialize`] and the compile worker's `Engine::precompile_module` produce)
//! is an ELF image of the machine code and metadata that needs no relocation, and
//! [`wasmtime::Module::deserialize_open_file`] maps it straight from the file: nothing is read
//! or copied up front, the code pages come from the page cache as they are first executed, and
//! data segments are mapped copy-on-write from the file too. wasmtime's own compilation cache
//! (`cache` feature) is not used: it needs a TOML configuration, has no size bound we control,
//! and would not cover the subprocess compiles, whose output we store ourselves.
//!
//! **The key** of an entry is the sha256 of: this format's version, [`crate::WASMTIME_VERSION`],
//! the host architecture, the engine settings that shape compiled code (`EngineParams`: the
//! memory cap and wasm stack; whether the pooling allocator is in use) and wasmtime's own
//! compatibility hash of the engine (target triple, Cranelift and ISA flags, tunables such as
//! fuel and epoch checks and memory reservations, wasm features), then the sha256 of the wasm
//! bytes. Another wasmtime, other limits or another CPU give another key, so such entries are
//! never even looked at. The file is `<key hex>.cwasm`.
//!
//! **The entry** is the artifact followed by a 72-byte trailer (the artifact must start the
//! file: wasmtime maps the whole file and parses the ELF image from its first byte, ignoring
//! what follows it): the full key (32 bytes), the artifact's length (8, little-endian), its
//! xxh3-128 checksum (16) and, last, a magic string with the format's version (16). The magic
//! comes last so that any truncation loses it.
//!
//! **Safety.** Deserializing trusts the bytes (they are machine code), so an entry is only
//! handed to wasmtime once it is proven to be what this process would have written:
//! - the file is opened once; that open file is mapped read-only, and its trailer must match:
//!   the magic, the full key, the length (the file's size less the trailer) and the checksum of
//!   every byte of the artifact (a truncated, corrupted or foreign entry fails one). The same
//!   open file is then given to `Module::deserialize_open_file`, so a rename of another file
//!   over the path in between changes nothing;
//! - entries are written to a temporary file in the same directory and renamed into place, and
//!   never written in place afterwards (a refresh only sets the modification time; eviction and
//!   rejection unlink): a reader never sees a half-written entry, and a module mapped from an
//!   entry keeps its pages (the inode) even when the entry is replaced or removed meanwhile. A
//!   crash leaves at worst a temporary file, removed later, or an entry whose checksum fails;
//! - the directory is created readable and writable by its owner only: its trust is that of the
//!   `arena` binary itself (whoever can write there could as well replace the binary, or write
//!   into a mapped entry in place, which wasmtime's `deserialize_open_file` documents as the one
//!   thing a mapped artifact must not undergo);
//! - wasmtime checks its own header too (version, target, engine configuration).
//!
//! **Why xxh3-128** (the `xxhash-rust` crate): the checksum guards against accidents (a torn
//! write, a flipped bit on disk, a truncated copy), not against an adversary, who would need
//! write access to the directory (see above); what must be collision-resistant is the key, and
//! it is sha256 (over the wasm bytes, which the sandbox hashes anyway as the module's identity).
//! sha256 over the artifact (about 900 KB for a C++ bot) was about a fifth of the CPU of an
//! `arena run` of four C++ bots; xxh3 runs at memory speed (over 10 GB/s with SSE2, which
//! every x86-64 has), and a 128-bit value misses a random corruption with probability 2^-128.
//! `xxhash-rust` is the widely used pure-Rust implementation (no C build, no dependencies, a
//! stable format); crc32c was the other candidate, as fast with SSE4.2 but only 32 bits wide.
//!
//! An entry that fails a check is deleted and the module compiled again (under the usual time
//! and memory limits). Failing to read or write the cache never fails a load: a write error is
//! a warning, printed once.
//!
//! **Size.** The directory is bounded (default [`DEFAULT_MAX_BYTES`], 2 GiB): after each write,
//! the least recently used entries (a hit refreshes an entry's modification time) are removed
//! until the total fits. A C++ bot's entry is about 1 MiB, so the default holds about two
//! thousand bots.
//!
//! Entries of an older format (another magic) have other keys, so they are never opened; they
//! count toward the bound until evicted.

use crate::config::EngineParams;
use sha2::{Digest, Sha256};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime};
use wasmtime::{Engine, Module};

/// The default bound on the cache directory's size: 2 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 2 << 30;

/// The last bytes of every entry; the version changes with the layout below (and, being part of
/// every key, gives a new format new file names).
const MAGIC: &[u8; 16] = b"ARENA-CWASM-v2\n\0";
/// After the payload: key, payload length, payload xxh3-128, magic.
const TRAILER_LEN: usize = 32 + 8 + 16 + 16;
const EXTENSION: &str = "cwasm";
const TEMP_PREFIX: &str = ".tmp-";
/// A temporary file older than this belongs to a writer that died.
const STALE_TEMP: Duration = Duration::from_secs(3600);

/// Why an entry could not be used or stored. Never fatal to a load: the module is compiled
/// instead, and the error counted (and, for writes, printed once as a warning).
#[derive(Debug, thiserror::Error)]
pub enum ModuleCacheError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{path}: not a module cache entry (bad magic)")]
    BadMagic { path: PathBuf },
    #[error("{path}: the entry belongs to another module or engine configuration")]
    ForeignKey { path: PathBuf },
    #[error("{path}: truncated or oversized entry ({found} payload bytes, header says {expected})")]
    BadLength { path: PathBuf, expected: u64, found: u64 },
    #[error("{path}: the payload's checksum does not match (corrupted entry)")]
    BadChecksum { path: PathBuf },
    #[error("{path}: wasmtime refused the entry: {message}")]
    Deserialize { path: PathBuf, message: String },
    #[error("cannot serialize the compiled module: {0}")]
    Serialize(String),
}

/// Counters since the cache was opened (this process only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModuleCacheStats {
    /// Modules loaded from an entry.
    pub hits: u64,
    /// Lookups that found no usable entry (absent or rejected).
    pub misses: u64,
    /// Entries that failed a check (corrupted, truncated, foreign) and were deleted.
    pub rejected: u64,
    /// Entries written.
    pub stored: u64,
    /// Entries that could not be written.
    pub write_errors: u64,
    /// Entries removed to keep the directory under its bound.
    pub evicted: u64,
}

/// A directory of compiled modules for one engine configuration (see the module docs).
#[derive(Debug)]
pub struct ModuleCache {
    dir: PathBuf,
    max_bytes: u64,
    /// The engine part of every key.
    settings: [u8; 32],
    hits: AtomicU64,
    misses: AtomicU64,
    rejected: AtomicU64,
    stored: AtomicU64,
    write_errors: AtomicU64,
    evicted: AtomicU64,
    warned: AtomicBool,
    temp_counter: AtomicU64,
    last_error: Mutex<Option<String>>,
}

/// Feeds `Hash` implementations into a sha256 (wasmtime's compatibility hash is a `Hash`).
struct ShaHasher(Sha256);

impl std::hash::Hasher for ShaHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
    fn finish(&self) -> u64 {
        // Unused: the digest is read with `finalize`.
        0
    }
}

impl ModuleCache {
    /// A cache in `dir` for modules compiled by `engine` with `params` (created on first write).
    pub(crate) fn new(dir: PathBuf, engine: &Engine, params: &EngineParams, pooling: bool) -> ModuleCache {
        use std::hash::Hash;
        let mut h = ShaHasher(Sha256::new());
        h.0.update(MAGIC);
        h.0.update(crate::WASMTIME_VERSION.as_bytes());
        h.0.update(std::env::consts::ARCH.as_bytes());
        h.0.update([0]);
        h.0.update((params.memory as u64).to_le_bytes());
        h.0.update((params.wasm_stack as u64).to_le_bytes());
        h.0.update([u8::from(pooling)]);
        engine.precompile_compatibility_hash().hash(&mut h);
        ModuleCache {
            dir,
            max_bytes: DEFAULT_MAX_BYTES,
            settings: h.0.finalize().into(),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
            stored: AtomicU64::new(0),
            write_errors: AtomicU64::new(0),
            evicted: AtomicU64::new(0),
            warned: AtomicBool::new(false),
            temp_counter: AtomicU64::new(0),
            last_error: Mutex::new(None),
        }
    }

    pub(crate) fn set_max_bytes(&mut self, max_bytes: u64) {
        self.max_bytes = max_bytes;
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    pub fn stats(&self) -> ModuleCacheStats {
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        ModuleCacheStats {
            hits: n(&self.hits),
            misses: n(&self.misses),
            rejected: n(&self.rejected),
            stored: n(&self.stored),
            write_errors: n(&self.write_errors),
            evicted: n(&self.evicted),
        }
    }

    /// The key of the module whose wasm bytes hash to `wasm_sha256`.
    fn key(&self, wasm_sha256: &[u8; 32]) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(self.settings);
        h.update(wasm_sha256);
        h.finalize().into()
    }

    fn path_of(&self, key: &[u8; 32]) -> PathBuf {
        self.dir.join(format!("{}.{EXTENSION}", hex(key)))
    }

    /// Where the entry for the wasm bytes hashing to `wasm_sha256` lives (whether or not it
    /// exists): for tests and tools.
    pub fn entry_path(&self, wasm_sha256: &[u8; 32]) -> PathBuf {
        self.path_of(&self.key(wasm_sha256))
    }

    /// The module compiled from the wasm bytes hashing to `wasm_sha256`, if a valid entry has
    /// it. A rejected entry is deleted.
    pub(crate) fn get(&self, engine: &Engine, wasm_sha256: &[u8; 32]) -> Option<Module> {
        let key = self.key(wasm_sha256);
        let path = self.path_of(&key);
        match open_entry(&path, &key) {
            Ok(Some(file)) => {
                // The eviction order is least recently used first (the time only: the entry's
                // bytes are never written in place).
                let _ = file.set_modified(SystemTime::now());
                // SAFETY: `open_entry` proved that this open file is, byte for byte, the entry
                // this cache stored under this key: the magic, the full key (wasmtime version,
                // engine settings, module hash), the length and the artifact's checksum all
                // match. Artifacts are only ever wasmtime's output for validated modules compiled
                // with this engine configuration (by this process or its compile worker), in a
                // directory only its owner may write, and entries are never modified in place
                // (written whole then renamed, removed by unlinking), which the mapping needs.
                // wasmtime re-checks its own header as well, and ignores the trailer.
                match unsafe { Module::deserialize_open_file(engine, file) } {
                    Ok(module) => {
                        self.hits.fetch_add(1, Ordering::Relaxed);
                        Some(module)
                    }
                    Err(e) => {
                        self.reject(
                            ModuleCacheError::Deserialize { path: path.clone(), message: format!("{e:#}") },
                            &path,
                        );
                        None
                    }
                }
            }
            Ok(None) => {
                self.misses.fetch_add(1, Ordering::Relaxed);
                None
            }
            Err(e) => {
                self.reject(e, &path);
                None
            }
        }
    }

    fn reject(&self, why: ModuleCacheError, path: &Path) {
        self.rejected.fetch_add(1, Ordering::Relaxed);
        self.misses.fetch_add(1, Ordering::Relaxed);
        self.note(&why);
        let _ = fs::remove_file(path);
    }

    fn note(&self, e: &ModuleCacheError) {
        *self.last_error.lock().unwrap_or_else(PoisonError::into_inner) = Some(e.to_string());
    }

    /// The latest rejected entry or failed write, in words (for diagnostics and tests).
    pub fn last_error(&self) -> Option<String> {
        self.last_error.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Stores a compiled module's artifact (`Module::serialize` or the compile worker's
    /// output). Errors are counted and printed once; the caller goes on without the cache.
    pub(crate) fn put(&self, wasm_sha256: &[u8; 32], artifact: &[u8]) {
        if let Err(e) = self.try_put(wasm_sha256, artifact) {
            self.write_failed(e);
        }
    }

    /// [`ModuleCache::put`] for a module compiled in this process.
    pub(crate) fn put_module(&self, wasm_sha256: &[u8; 32], module: &Module) {
        match module.serialize() {
            Ok(artifact) => self.put(wasm_sha256, &artifact),
            Err(e) => self.write_failed(ModuleCacheError::Serialize(format!("{e:#}"))),
        }
    }

    fn write_failed(&self, e: ModuleCacheError) {
        self.write_errors.fetch_add(1, Ordering::Relaxed);
        self.note(&e);
        if !self.warned.swap(true, Ordering::Relaxed) {
            eprintln!("warning: the module cache cannot store compiled bots (they will be compiled again): {e}");
        }
    }

    fn try_put(&self, wasm_sha256: &[u8; 32], artifact: &[u8]) -> Result<(), ModuleCacheError> {
        let key = self.key(wasm_sha256);
        let path = self.path_of(&key);
        create_private_dir(&self.dir).map_err(|source| ModuleCacheError::Io { path: self.dir.clone(), source })?;
        let temp = self.dir.join(format!(
            "{TEMP_PREFIX}{}-{}-{}",
            std::process::id(),
            self.temp_counter.fetch_add(1, Ordering::Relaxed),
            hex(&key)
        ));
        let io = |source| ModuleCacheError::Io { path: temp.clone(), source };
        let written = (|| {
            let mut f = File::create(&temp)?;
            f.write_all(artifact)?;
            f.write_all(&trailer(&key, artifact))?;
            // No fsync: a torn entry after a crash fails its checksum and is rebuilt.
            f.flush()
        })();
        if let Err(e) = written.and_then(|_| fs::rename(&temp, &path)) {
            let _ = fs::remove_file(&temp);
            return Err(io(e));
        }
        self.stored.fetch_add(1, Ordering::Relaxed);
        self.evict(&path);
        Ok(())
    }

    /// Removes the least recently used entries until the directory fits its bound (never
    /// `keep`, the entry just written), and temporary files of writers that died.
    fn evict(&self, keep: &Path) {
        let Ok(dir) = fs::read_dir(&self.dir) else { return };
        let now = SystemTime::now();
        let mut entries = Vec::new();
        let mut total = 0u64;
        for e in dir.flatten() {
            let Ok(meta) = e.metadata() else { continue };
            let name = e.file_name();
            let name = name.to_string_lossy();
            let modified = meta.modified().unwrap_or(now);
            if name.starts_with(TEMP_PREFIX) {
                if now.duration_since(modified).is_ok_and(|age| age > STALE_TEMP) {
                    let _ = fs::remove_file(e.path());
                }
                continue;
            }
            if !meta.is_file() || !name.ends_with(&format!(".{EXTENSION}")) {
                continue;
            }
            total += meta.len();
            if e.path() != keep {
                entries.push((modified, meta.len(), e.path()));
            }
        }
        if total <= self.max_bytes {
            return;
        }
        entries.sort_by_key(|(modified, _, _)| *modified);
        for (_, len, path) in entries {
            if total <= self.max_bytes {
                break;
            }
            if fs::remove_file(&path).is_ok() {
                total -= len;
                self.evicted.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

fn trailer(key: &[u8; 32], payload: &[u8]) -> Vec<u8> {
    let mut t = Vec::with_capacity(TRAILER_LEN);
    t.extend_from_slice(key);
    t.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    t.extend_from_slice(&checksum(payload));
    t.extend_from_slice(MAGIC);
    t
}

fn checksum(payload: &[u8]) -> [u8; 16] {
    xxhash_rust::xxh3::xxh3_128(payload).to_le_bytes()
}

/// The entry at `path`, opened and verified (see [`verify`]); `None` when there is none.
fn open_entry(path: &Path, key: &[u8; 32]) -> Result<Option<File>, ModuleCacheError> {
    let io = |source| ModuleCacheError::Io { path: path.to_path_buf(), source };
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    let len = file.metadata().map_err(io)?.len();
    if len < TRAILER_LEN as u64 {
        // Also what cannot be mapped (an empty file).
        return Err(ModuleCacheError::BadMagic { path: path.to_path_buf() });
    }
    // SAFETY: a read-only private mapping, dropped before the file is used again. The cache
    // never writes an entry in place (see the module docs), so its bytes cannot change while
    // they are read.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io)?;
    verify(&map, path, key)?;
    drop(map);
    Ok(Some(file))
}

/// Checks an entry's bytes: the magic, the key, the length and the payload's checksum, in this
/// order. The payload is `bytes[..bytes.len() - TRAILER_LEN]`.
fn verify(bytes: &[u8], path: &Path, key: &[u8; 32]) -> Result<(), ModuleCacheError> {
    let path = || path.to_path_buf();
    let Some(payload_len) = bytes.len().checked_sub(TRAILER_LEN) else {
        return Err(ModuleCacheError::BadMagic { path: path() });
    };
    let (payload, trailer) = bytes.split_at(payload_len);
    if &trailer[56..] != MAGIC {
        return Err(ModuleCacheError::BadMagic { path: path() });
    }
    if &trailer[..32] != key {
        return Err(ModuleCacheError::ForeignKey { path: path() });
    }
    let expected = u64::from_le_bytes(trailer[32..40].try_into().unwrap_or([0xff; 8]));
    let found = payload_len as u64;
    if expected != found {
        return Err(ModuleCacheError::BadLength { path: path(), expected, found });
    }
    if checksum(payload) != trailer[40..56] {
        return Err(ModuleCacheError::BadChecksum { path: path() });
    }
    Ok(())
}

fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut b = fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The default directory for the command line: `$XDG_CACHE_HOME/arena/modules`, else
/// `~/.cache/arena/modules`; `None` when neither variable is set.
pub fn default_dir() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        Some(x) => PathBuf::from(x),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".cache"),
    };
    Some(base.join("arena").join("modules"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailer_round_trips_and_checks_each_field() {
        let dir = std::env::temp_dir().join(format!("arena-module-cache-unit-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let key = [7u8; 32];
        let payload = b"not really machine code".to_vec();
        let path = dir.join("e.cwasm");
        let bytes = [payload.as_slice(), &trailer(&key, &payload)].concat();
        assert_eq!(bytes.len(), payload.len() + TRAILER_LEN);
        fs::write(&path, &bytes).unwrap();
        let file = open_entry(&path, &key).unwrap().unwrap();
        assert_eq!(file.metadata().unwrap().len(), bytes.len() as u64);
        assert!(matches!(open_entry(&path, &[8u8; 32]), Err(ModuleCacheError::ForeignKey { .. })));
        let check = |b: &[u8]| {
            fs::write(&path, b).unwrap();
            open_entry(&path, &key)
        };
        // Every byte of the payload is covered by the checksum, every byte of the trailer is
        // compared.
        for at in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1;
            let e = check(&flipped).unwrap_err();
            let field = match at.checked_sub(payload.len()) {
                None => "checksum",
                Some(0..32) => "key",
                Some(32..40) => "length",
                Some(40..56) => "checksum",
                Some(_) => "magic",
            };
            let ok = match e {
                ModuleCacheError::BadChecksum { .. } => field == "checksum",
                ModuleCacheError::ForeignKey { .. } => field == "key",
                ModuleCacheError::BadLength { .. } => field == "length",
                ModuleCacheError::BadMagic { .. } => field == "magic",
                _ => false,
            };
            assert!(ok, "byte {at} ({field}): {e}");
        }
        // A truncation loses the magic; a payload shorter than its trailer says, the length.
        for cut in [1, TRAILER_LEN - 1, TRAILER_LEN, bytes.len() - 1, bytes.len()] {
            assert!(matches!(check(&bytes[..bytes.len() - cut]), Err(ModuleCacheError::BadMagic { .. })), "{cut}");
        }
        assert!(matches!(check(&bytes[1..]), Err(ModuleCacheError::BadLength { .. })));
        assert!(matches!(check(&[&[0], bytes.as_slice()].concat()), Err(ModuleCacheError::BadLength { .. })));
        fs::remove_file(&path).unwrap();
        assert!(open_entry(&path, &key).unwrap().is_none());
        let _ = fs::remove_dir_all(&dir);
    }

    /// The last line of defence: an entry that passes our checks but was compiled with other
    /// engine settings (here, without fuel) is refused by wasmtime's own header check, and
    /// deleted.
    #[test]
    fn wasmtime_refuses_an_artifact_of_another_configuration() {
        let dir = std::env::temp_dir().join(format!("arena-module-cache-config-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let params = EngineParams { memory: 64 << 20, wasm_stack: 512 << 10 };
        let engine = Engine::new(&crate::config::config(&params, None)).unwrap();
        let mut no_fuel = crate::config::config(&params, None);
        no_fuel.consume_fuel(false);
        let no_fuel = Engine::new(&no_fuel).unwrap();
        let wasm = wat::parse_str(r#"(module (func (export "f")))"#).unwrap();
        let sha: [u8; 32] = Sha256::digest(&wasm).into();
        let cache = ModuleCache::new(dir.clone(), &engine, &params, false);
        cache.put(&sha, &no_fuel.precompile_module(&wasm).unwrap());
        assert_eq!(cache.stats().stored, 1);
        assert!(cache.get(&engine, &sha).is_none());
        assert_eq!(cache.stats().rejected, 1);
        assert!(cache.last_error().unwrap().contains("wasmtime refused"), "{:?}", cache.last_error());
        assert!(!cache.entry_path(&sha).exists());
        // The same module compiled by the right engine is used.
        cache.put(&sha, &engine.precompile_module(&wasm).unwrap());
        assert!(cache.get(&engine, &sha).is_some());
        assert_eq!(cache.stats().hits, 1);
        let _ = fs::remove_dir_all(&dir);
    }
}
