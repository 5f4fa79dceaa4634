//! Static checks of an uploaded module, with wasmparser, before anything is compiled: what a bot
//! may import and must export (`docs/bot-abi.md`). Every refusal is a [`LoadError`] whose message
//! says what is wrong and what the limit or the rule is.

use crate::config;
use crate::host::MAX_TABLE_ELEMENTS;
use crate::limits::{fmt_bytes, fmt_duration, Limits};
use engine::wire::ABI_VERSION;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;
use wasmparser::types::{EntityType, TypesRef};
use wasmparser::{CompositeInnerType, FuncType, Parser, ValType, ValidPayload, Validator};

/// Why a module was refused. The messages are meant for the upload form and `arena run`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("not a WebAssembly module (a .wasm file starts with \\0asm and version 1)")]
    NotWasm,
    #[error("the module is {}; the limit is {}", fmt_bytes(*size as u64), fmt_bytes(*limit as u64))]
    TooLarge { size: usize, limit: usize },
    #[error("invalid WebAssembly: {0}")]
    Invalid(String),
    #[error(
        "the module imports {}, which the sandbox does not offer; a bot may import only arena.random, \
         arena.orders, arena.fail and the WASI functions fd_write, fd_read, fd_close, fd_seek, fd_fdstat_get, \
         environ_sizes_get, environ_get, args_sizes_get, args_get and proc_exit (no clock, file, \
         network or host randomness)",
        .0.join(", ")
    )]
    DisallowedImports(Vec<String>),
    #[error("wrong import types: {}", .0.join("; "))]
    ImportTypes(Vec<String>),
    #[error(
        "the module declares ABI version {found}; this host speaks {expected} (rebuild the bot with a current SDK)"
    )]
    AbiVersion { found: u32, expected: u32 },
    #[error(
        "the module does not declare an ABI version (no export arena_abi_v{ABI_VERSION}): was it built with an Arena SDK?"
    )]
    NoAbiVersion,
    #[error("the module does not export {}, which the bot ABI requires", .0.join(", "))]
    MissingExports(Vec<String>),
    #[error("wrong export types: {}", .0.join("; "))]
    ExportTypes(Vec<String>),
    #[error("the bot was built for {found}, expected {expected}")]
    WrongGame { found: String, expected: String },
    #[error("the module's initial memory is {}; the limit is {}", fmt_bytes(*size), fmt_bytes(*limit as u64))]
    InitialMemory { size: u64, limit: usize },
    #[error("the module's function table has {size} entries; the limit is {limit}")]
    TableTooLarge { size: u64, limit: usize },
    #[error("compiling the module took longer than the limit of {} (wall clock)", fmt_duration(*limit))]
    CompileTimeout { limit: Duration },
    #[error("compiling the module used more than the limit of {} of CPU time", fmt_duration(*limit))]
    CompileCpu { limit: Duration },
    #[error("compiling the module needed more than the limit of {} of memory", fmt_bytes(*limit as u64))]
    CompileMemory { limit: usize },
    #[error("compiling the module failed: {0}")]
    CompileFailed(String),
}

/// What the static checks learned about a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleInfo {
    /// `sha256:<hex>` of the bytes.
    pub hash: String,
    /// Size in bytes.
    pub size: usize,
    /// The games it declares (`arena_game_<game>` exports), `-` spelled as in game names.
    pub games: Vec<String>,
    /// Initial linear memory, in bytes.
    pub initial_memory: u64,
    /// Whether it exports `_initialize` (a WASI reactor).
    pub has_initialize: bool,
}

pub(crate) fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

pub(crate) fn hash_string(digest: &[u8; 32]) -> String {
    let mut s = String::with_capacity(7 + 64);
    s.push_str("sha256:");
    for b in digest {
        let _ = write!(s, "{b:02x}");
    }
    s
}

use ValType::{I32, I64};

/// The imports the ABI allows, with their types.
const IMPORTS: &[(&str, &str, &[ValType], &[ValType])] = &[
    ("arena", "random", &[I32, I32], &[I32]),
    ("arena", "orders", &[I32, I32], &[]),
    ("arena", "fail", &[I32, I32, I32], &[]),
    ("wasi_snapshot_preview1", "fd_write", &[I32, I32, I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "fd_read", &[I32, I32, I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "fd_close", &[I32], &[I32]),
    ("wasi_snapshot_preview1", "fd_seek", &[I32, I64, I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "fd_fdstat_get", &[I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "environ_sizes_get", &[I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "environ_get", &[I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "args_sizes_get", &[I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "args_get", &[I32, I32], &[I32]),
    ("wasi_snapshot_preview1", "proc_exit", &[I32], &[]),
];

/// The function exports the ABI requires, with their types (`_initialize` is optional).
const EXPORTS: &[(&str, &[ValType], &[ValType])] =
    &[("arena_alloc", &[I32], &[I32]), ("arena_start", &[I32, I32], &[]), ("arena_play", &[I32, I32], &[])];
const INITIALIZE: (&str, &[ValType], &[ValType]) = ("_initialize", &[], &[]);

fn sig(params: &[ValType], results: &[ValType]) -> String {
    let list = |v: &[ValType]| v.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
    if results.is_empty() {
        format!("func ({})", list(params))
    } else {
        format!("func ({}) -> {}", list(params), list(results))
    }
}

fn kind(ty: &EntityType) -> &'static str {
    match ty {
        EntityType::Func(_) | EntityType::FuncExact(_) => "a function",
        EntityType::Table(_) => "a table",
        EntityType::Memory(_) => "a memory",
        EntityType::Global(_) => "a global",
        EntityType::Tag(_) => "a tag",
    }
}

fn func_type<'t>(types: &'t TypesRef<'_>, ty: &EntityType) -> Option<&'t FuncType> {
    match ty {
        EntityType::Func(id) | EntityType::FuncExact(id) => match &types[*id].composite_type.inner {
            CompositeInnerType::Func(f) => Some(f),
            _ => None,
        },
        _ => None,
    }
}

/// Checks `ty` against an expected function type; a description of the mismatch if any.
fn mismatch(
    types: &TypesRef<'_>,
    what: &str,
    ty: &EntityType,
    params: &[ValType],
    results: &[ValType],
) -> Option<String> {
    let expected = sig(params, results);
    match func_type(types, ty) {
        Some(f) if f.params() == params && f.results() == results => None,
        Some(f) => Some(format!("{what} is {}; the ABI says {expected}", sig(f.params(), f.results()))),
        None => Some(format!("{what} is {}; the ABI says {expected}", kind(ty))),
    }
}

/// The export that marks a game: `arena_game_ork_island` for `ork-island`.
pub(crate) fn game_marker(game: &str) -> String {
    format!("arena_game_{}", game.replace('-', "_"))
}

/// Static checks, in the order a player fixes them: file, size, validity, imports, ABI version,
/// exports, game, memory.
pub(crate) fn check(bytes: &[u8], game: Option<&str>, limits: &Limits) -> Result<ModuleInfo, LoadError> {
    check_module(bytes, game, limits, None)
}

/// [`check`] for a module whose bytes hash to `compiled` and that this engine configuration
/// has compiled before (a cache hit): wasmtime validated its function bodies then, so only the
/// module-level structure is validated again, which the ABI checks need. The checks themselves
/// all run: they depend on the game and the limits, not only on the bytes.
pub(crate) fn check_compiled(
    bytes: &[u8],
    game: Option<&str>,
    limits: &Limits,
    compiled: &[u8; 32],
) -> Result<ModuleInfo, LoadError> {
    check_module(bytes, game, limits, Some(compiled))
}

/// Validates the module, its function bodies too unless `bodies` is false.
fn validate(bytes: &[u8], bodies: bool) -> Result<wasmparser::types::Types, LoadError> {
    let invalid = |e: wasmparser::BinaryReaderError| LoadError::Invalid(e.to_string());
    let mut validator = Validator::new_with_features(config::features());
    if bodies {
        return validator.validate_all(bytes).map_err(invalid);
    }
    let mut parser = Parser::new(0);
    parser.set_features(config::features());
    for payload in parser.parse_all(bytes) {
        if let ValidPayload::End(types) = validator.payload(&payload.map_err(invalid)?).map_err(invalid)? {
            return Ok(types);
        }
    }
    // parse_all ends with End for a whole module, or fails first.
    Err(LoadError::Invalid("unexpected end of the module".into()))
}

fn check_module(
    bytes: &[u8],
    game: Option<&str>,
    limits: &Limits,
    compiled: Option<&[u8; 32]>,
) -> Result<ModuleInfo, LoadError> {
    if bytes.len() < 8 || bytes[0..4] != *b"\0asm" || bytes[4..8] != [1, 0, 0, 0] {
        return Err(LoadError::NotWasm);
    }
    if bytes.len() > limits.module_size {
        return Err(LoadError::TooLarge { size: bytes.len(), limit: limits.module_size });
    }
    let types = validate(bytes, compiled.is_none())?;
    let types = types.as_ref();

    let mut disallowed = Vec::new();
    let mut mistyped = Vec::new();
    for (module, name, ty) in types.core_imports().into_iter().flatten() {
        match IMPORTS.iter().find(|(m, n, _, _)| *m == module && *n == name) {
            None => {
                let full = format!("{module}.{name}");
                if !disallowed.contains(&full) {
                    disallowed.push(full);
                }
            }
            Some((_, _, params, results)) => {
                if let Some(m) = mismatch(&types, &format!("import {module}.{name}"), &ty, params, results) {
                    mistyped.push(m);
                }
            }
        }
    }
    if !disallowed.is_empty() {
        return Err(LoadError::DisallowedImports(disallowed));
    }
    if !mistyped.is_empty() {
        return Err(LoadError::ImportTypes(mistyped));
    }

    let exports: BTreeMap<&str, EntityType> = types.core_exports().into_iter().flatten().collect();
    let versions: Vec<u32> =
        exports.keys().filter_map(|n| n.strip_prefix("arena_abi_v")).filter_map(|v| v.parse().ok()).collect();
    if !versions.contains(&ABI_VERSION) {
        return match versions.first() {
            Some(&found) => Err(LoadError::AbiVersion { found, expected: ABI_VERSION }),
            None => Err(LoadError::NoAbiVersion),
        };
    }

    let games: Vec<String> =
        exports.keys().filter_map(|n| n.strip_prefix("arena_game_")).map(|g| g.replace('_', "-")).collect();
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    match exports.get("memory") {
        Some(EntityType::Memory(_)) => {}
        Some(other) => wrong.push(format!("export memory is {}; the ABI says a memory", kind(other))),
        None => missing.push("memory".to_string()),
    }
    for (name, params, results) in EXPORTS {
        match exports.get(name) {
            None => missing.push(name.to_string()),
            Some(ty) => wrong.extend(mismatch(&types, &format!("export {name}"), ty, params, results)),
        }
    }
    if let Some(ty) = exports.get(INITIALIZE.0) {
        wrong.extend(mismatch(&types, "export _initialize", ty, INITIALIZE.1, INITIALIZE.2));
    }
    if let Some(g) = game {
        if games.is_empty() {
            missing.push(game_marker(g));
        }
    }
    if !missing.is_empty() {
        return Err(LoadError::MissingExports(missing));
    }
    if !wrong.is_empty() {
        return Err(LoadError::ExportTypes(wrong));
    }
    if let Some(g) = game {
        if !exports.contains_key(game_marker(g).as_str()) {
            return Err(LoadError::WrongGame { found: games.join(", "), expected: g.to_string() });
        }
    }

    // Exactly one memory (multi-memory is off and imports are refused), the exported one.
    let initial_memory = match exports.get("memory") {
        Some(EntityType::Memory(m)) => m.initial.saturating_mul(65536),
        _ => 0,
    };
    if initial_memory > limits.memory as u64 {
        return Err(LoadError::InitialMemory { size: initial_memory, limit: limits.memory });
    }

    for t in 0..types.table_count() {
        let size = types.table_at(t).initial;
        if size > MAX_TABLE_ELEMENTS as u64 {
            return Err(LoadError::TableTooLarge { size, limit: MAX_TABLE_ELEMENTS });
        }
    }

    Ok(ModuleInfo {
        hash: hash_string(compiled.unwrap_or(&sha256(bytes))),
        size: bytes.len(),
        games,
        initial_memory,
        has_initialize: exports.contains_key(INITIALIZE.0),
    })
}
