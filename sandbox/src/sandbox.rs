//! The [`Sandbox`]: one wasmtime engine, its epoch ticker, the module caches (in memory, and
//! optionally on disk: [`ModuleCache`]), and loading.

use crate::check::{self, hash_string, sha256, LoadError, ModuleInfo};
use crate::compile::{self, CompileMode};
use crate::config::{self, EngineParams};
use crate::host::{self, Host};
use crate::limits::{Limits, TICK};
use crate::module_cache::ModuleCache;
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use wasmtime::{Engine, InstancePre, Linker, Module};

/// The sandbox could not start.
#[derive(Debug, thiserror::Error)]
#[error("cannot start the WebAssembly engine: {0}")]
pub struct SandboxError(String);

/// A compiled module, ready to instantiate.
#[derive(Clone)]
struct Compiled {
    module: Arc<Module>,
    pre: InstancePre<Host>,
}

#[derive(Default)]
struct Cache {
    map: HashMap<[u8; 32], Compiled>,
    /// Insertion order, for eviction.
    order: VecDeque<[u8; 32]>,
}

struct Ticker {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<()>,
}

/// What bots and modules share with the sandbox (kept alive by them: the ticker runs until the
/// last bot is gone).
pub(crate) struct Shared {
    engine: Engine,
    linker: Linker<Host>,
    limits: Limits,
    pooling: bool,
    cache: Mutex<Cache>,
    ticker: Option<Ticker>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        if let Some(t) = self.ticker.take() {
            drop(t.stop);
            let _ = t.thread.join();
        }
    }
}

/// Runs WebAssembly bots: loads (checks, compiles, caches) modules and makes players of them.
///
/// One engine serves every match: its settings are deterministic (fuel, NaN canonicalisation,
/// no threads or relaxed SIMD), instances come from a pooling allocator (about a microsecond
/// each), and a background thread advances the epoch every [`TICK`] for the wall-clock backstop.
/// Share one `Sandbox` (behind an `Arc`) across threads.
pub struct Sandbox {
    shared: Arc<Shared>,
    mode: CompileMode,
    disk: Option<ModuleCache>,
}

/// Where a [`BotModule`]'s compiled code came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleSource {
    /// Compiled by this load (in-process or by the compile worker).
    Compiled,
    /// The sandbox's in-memory cache: the same bytes were loaded before in this process.
    Memory,
    /// An entry of the on-disk cache ([`Sandbox::with_module_cache`]).
    Disk,
}

impl Sandbox {
    /// A sandbox enforcing `limits`, compiling in-process (see [`Sandbox::set_compile_mode`]).
    /// Uses the pooling allocator, or on-demand allocation when the pool cannot be reserved
    /// (for instance under a tight `ulimit -v`).
    pub fn new(limits: Limits) -> Result<Sandbox, SandboxError> {
        let params = EngineParams { memory: limits.memory, wasm_stack: limits.wasm_stack };
        let (engine, pooling) = match Engine::new(&config::config(&params, Some(limits.max_instances.max(1)))) {
            Ok(e) => (e, true),
            Err(_) => (Engine::new(&config::config(&params, None)).map_err(|e| SandboxError(format!("{e:#}")))?, false),
        };
        let linker = host::linker(&engine).map_err(|e| SandboxError(format!("{e:#}")))?;
        let (stop, rx) = mpsc::channel::<()>();
        let e = engine.clone();
        let thread = thread::Builder::new()
            .name("arena-epoch".into())
            .spawn(move || {
                // Ends when the sender is dropped (the sandbox and every bot are gone).
                while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(TICK) {
                    e.increment_epoch();
                }
            })
            .map_err(|e| SandboxError(format!("epoch thread: {e}")))?;
        let shared = Shared {
            engine,
            linker,
            limits,
            pooling,
            cache: Mutex::new(Cache::default()),
            ticker: Some(Ticker { stop, thread }),
        };
        Ok(Sandbox { shared: Arc::new(shared), mode: CompileMode::InProcess, disk: None })
    }

    fn params(&self) -> EngineParams {
        EngineParams { memory: self.shared.limits.memory, wasm_stack: self.shared.limits.wasm_stack }
    }

    /// Keeps compiled modules in `dir` too (created when first needed), so that later processes
    /// load them without compiling: checked before compiling (before starting the compile
    /// worker), written after. Bounded to [`crate::module_cache::DEFAULT_MAX_BYTES`]; see
    /// [`ModuleCache`] for the key and the checks an entry passes before it is used.
    pub fn with_module_cache(mut self, dir: impl Into<PathBuf>) -> Self {
        let cache = ModuleCache::new(dir.into(), &self.shared.engine, &self.params(), self.shared.pooling);
        self.disk = Some(cache);
        self
    }

    /// Changes the on-disk cache's bound (bytes; the least recently used entries go first).
    pub fn with_module_cache_max_bytes(mut self, max_bytes: u64) -> Self {
        if let Some(cache) = &mut self.disk {
            cache.set_max_bytes(max_bytes);
        }
        self
    }

    /// The on-disk cache, if any (its directory and counters).
    pub fn module_cache(&self) -> Option<&ModuleCache> {
        self.disk.as_ref()
    }

    pub fn limits(&self) -> &Limits {
        &self.shared.limits
    }

    /// Whether instances come from the pooling allocator (false: on-demand fallback).
    pub fn is_pooling(&self) -> bool {
        self.shared.pooling
    }

    pub fn compile_mode(&self) -> &CompileMode {
        &self.mode
    }

    pub fn set_compile_mode(&mut self, mode: CompileMode) {
        self.mode = mode;
    }

    pub fn with_compile_mode(mut self, mode: CompileMode) -> Self {
        self.mode = mode;
        self
    }

    /// Static checks only (no compilation), for upload forms: size, validity, imports, exports,
    /// ABI version, game (when given), initial memory.
    pub fn inspect(&self, bytes: &[u8], game: Option<&str>) -> Result<ModuleInfo, LoadError> {
        check::check(bytes, game, &self.shared.limits)
    }

    /// Checks, compiles (under the compile timeout) and caches a module. `game` is the game it
    /// will play, when known: a module built for another game is refused.
    pub fn load(&self, bytes: &[u8], game: Option<&str>) -> Result<BotModule, LoadError> {
        self.load_keyed(bytes, sha256(bytes), true, game)
    }

    /// [`Sandbox::load`] of bytes whose sha256 the caller already knows (the CLI remembers the
    /// hashes of unchanged files: `arena run`'s startup then hashes nothing). The caller vouches
    /// for `sha256`: it picks the compiled module from the caches. A module that must be
    /// compiled is hashed again, so a wrong hash never enters a cache.
    pub fn load_hashed(&self, bytes: &[u8], sha256: [u8; 32], game: Option<&str>) -> Result<BotModule, LoadError> {
        self.load_keyed(bytes, sha256, false, game)
    }

    /// `key` is the bytes' sha256, computed here (`verified`) or vouched for by the caller.
    fn load_keyed(
        &self,
        bytes: &[u8],
        key: [u8; 32],
        verified: bool,
        game: Option<&str>,
    ) -> Result<BotModule, LoadError> {
        let s = &self.shared;
        // Compiled before (in memory or on disk): the bytes are valid WebAssembly, so the checks
        // skip validating function bodies, the most of their time.
        if let Some(c) = self.cache().map.get(&key).cloned() {
            let info = check::check_compiled(bytes, game, &s.limits, &key)?;
            return Ok(self.module(c, info, key, ModuleSource::Memory));
        }
        let cached = match &self.disk {
            // The checks first: a module refused for this game or these limits loads nothing.
            Some(disk) => match check::check_compiled(bytes, game, &s.limits, &key) {
                Ok(info) => disk.get(&s.engine, &key).map(|m| (m, info)),
                // Not necessarily invalid (it may fail only in a function body): check it fully.
                Err(_) => None,
            },
            None => None,
        };
        let (module, info, source, key) = match cached {
            Some((module, info)) => (module, info, ModuleSource::Disk, key),
            None => {
                let info = self.inspect(bytes, game)?;
                // What is compiled is cached under the bytes' own hash, never a vouched-for one.
                let key = if verified { key } else { sha256(bytes) };
                debug_assert_eq!(hash_string(&key), info.hash);
                let compiled = compile::compile(&s.engine, &self.params(), &self.mode, bytes, &s.limits)?;
                if let Some(disk) = &self.disk {
                    match &compiled.artifact {
                        Some(artifact) => disk.put(&key, artifact),
                        None => disk.put_module(&key, &compiled.module),
                    }
                }
                (compiled.module, info, ModuleSource::Compiled, key)
            }
        };
        let pre = s.linker.instantiate_pre(&module).map_err(|e| LoadError::CompileFailed(format!("{e:#}")))?;
        let compiled = {
            let mut cache = self.cache();
            // Another thread may have compiled the same bytes meanwhile: keep the first.
            if let Some(c) = cache.map.get(&key) {
                c.clone()
            } else {
                let c = Compiled { module: Arc::new(module), pre };
                while cache.map.len() >= s.limits.max_cached_modules.max(1) {
                    match cache.order.pop_front() {
                        Some(old) => cache.map.remove(&old),
                        None => break,
                    };
                }
                cache.map.insert(key, c.clone());
                cache.order.push_back(key);
                c
            }
        };
        Ok(self.module(compiled, info, key, source))
    }

    /// Compiled modules in the cache.
    pub fn cached_modules(&self) -> usize {
        self.cache().map.len()
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.shared.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn module(&self, compiled: Compiled, info: ModuleInfo, sha256: [u8; 32], source: ModuleSource) -> BotModule {
        BotModule { inner: Arc::new(ModuleInner { shared: self.shared.clone(), compiled, info, sha256, source }) }
    }
}

struct ModuleInner {
    shared: Arc<Shared>,
    compiled: Compiled,
    info: ModuleInfo,
    /// The digest `info.hash` writes in hex.
    sha256: [u8; 32],
    source: ModuleSource,
}

/// A loaded bot: checked, compiled and cached. Cheap to clone.
#[derive(Clone)]
pub struct BotModule {
    inner: Arc<ModuleInner>,
}

impl BotModule {
    /// `sha256:<hex>` of the module's bytes.
    pub fn hash(&self) -> &str {
        &self.inner.info.hash
    }

    /// The module's sha256 (what [`BotModule::hash`] writes in hex).
    pub fn sha256(&self) -> [u8; 32] {
        self.inner.sha256
    }

    pub fn info(&self) -> &ModuleInfo {
        &self.inner.info
    }

    /// Where this load's compiled code came from: compiled now, the in-memory cache, or the
    /// on-disk cache.
    pub fn source(&self) -> ModuleSource {
        self.inner.source
    }

    /// Whether the compiled code was loaded from the on-disk cache rather than compiled.
    pub fn from_cache(&self) -> bool {
        self.inner.source == ModuleSource::Disk
    }

    /// The compiled module (shared with the cache: the same bytes give the same `Arc`).
    pub fn module(&self) -> &Arc<Module> {
        &self.inner.compiled.module
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.inner.shared.limits
    }

    pub(crate) fn engine(&self) -> &Engine {
        &self.inner.shared.engine
    }

    pub(crate) fn instance_pre(&self) -> &InstancePre<Host> {
        &self.inner.compiled.pre
    }
}

impl std::fmt::Debug for BotModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotModule").field("hash", &self.hash()).field("size", &self.info().size).finish()
    }
}
