//! Fuzzing the upload checks: `Sandbox::inspect`, the static checks of an uploaded `.wasm` before
//! anything is compiled (magic and version, size, validity, imports, ABI version, exports, game
//! marker, initial memory, table size), and `Sandbox::load` (the same, then Cranelift) on what
//! passes them.
//!
//! Inputs: arbitrary bytes (with and without the `\0asm` header); valid bots (the benchmark's
//! null bot in WAT and the prebuilt Rust null bot) mutated byte-wise (flips, bytes set,
//! truncation, inserted, deleted and duplicated bytes, overwritten LEB128 numbers) and
//! section-wise (a section's payload mutated with its size kept right, sections dropped,
//! repeated or swapped); and modules generated from a description of what the ABI checks
//! (allowed, mistyped and disallowed imports, ABI versions, game markers, the required exports
//! present, missing or mistyped, `_initialize`, memory and table sizes).
//!
//! Asserted: the checks never panic and give `Ok` or a `LoadError`; a module accepted says its
//! size and sha256; a module over the size limit is refused as too large; a generated module gets
//! exactly the verdict its description calls for (the rules of `docs/bot-abi.md`, in the order a
//! player fixes them), and one that passes the checks compiles (`load`, a tenth of the cases:
//! Cranelift takes milliseconds a module).
//!
//! Cases per property: `ARENA_FUZZ_CASES` (default 6000; the compiling property a tenth). A long
//! run:
//! `ARENA_FUZZ_CASES=100000 cargo test -p sandbox --release --test fuzz_upload_checks`, or
//! `scripts/fuzz.sh`.

use proptest::prelude::*;
use proptest::sample::Index;
use sandbox::{Limits, LoadError, ModuleInfo, Sandbox};
use std::sync::OnceLock;

/// Cases per property by default: about ten seconds for this file in the debug test profile on a
/// two-core machine.
const DEFAULT_CASES: u32 = 6000;

fn cases() -> u32 {
    std::env::var("ARENA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_CASES)
}

fn config(divisor: u32) -> ProptestConfig {
    ProptestConfig { cases: (cases() / divisor).max(1), max_shrink_iters: 2000, ..ProptestConfig::default() }
}

fn sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| Sandbox::new(Limits { max_instances: 4, ..Limits::default() }).expect("sandbox"))
}

/// Modules over 4 KiB are too large for this one.
const SMALL_LIMIT: usize = 4096;

fn small_sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| {
        Sandbox::new(Limits { max_instances: 1, module_size: SMALL_LIMIT, ..Limits::default() }).expect("sandbox")
    })
}

const GAMES: [&str; 5] = ["pandemic", "ork-island", "walking-dead", "purge", "mad-max"];

/// The valid bots the mutations start from: the benchmark's null bot (WAT, 300 bytes) and the
/// prebuilt Rust null bot (35 KB, a name section, data, a real code section).
fn seeds() -> &'static [Vec<u8>] {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        vec![
            wat::parse_str(sandbox::bench::NULL_BOT_WAT).unwrap(),
            include_bytes!("../../bots/prebuilt/pandemic/null.wasm").to_vec(),
        ]
    })
}

/// Checks what `inspect` said about `bytes`.
fn check_verdict(bytes: &[u8], r: &Result<ModuleInfo, LoadError>, limit: usize) -> Result<(), TestCaseError> {
    let header = bytes.len() >= 8 && bytes[..8] == *b"\0asm\x01\0\0\0";
    match r {
        Ok(info) => {
            prop_assert!(header && bytes.len() <= limit);
            prop_assert_eq!(info.size, bytes.len());
            prop_assert!(info.hash.starts_with("sha256:") && info.hash.len() == 7 + 64, "{}", info.hash);
            prop_assert!(info.initial_memory <= Limits::default().memory as u64);
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            match e {
                LoadError::NotWasm => prop_assert!(!header),
                LoadError::TooLarge { size, limit: l } => {
                    prop_assert!(header && *size == bytes.len() && *l == limit && *size > limit)
                }
                _ => prop_assert!(header && bytes.len() <= limit, "{e}"),
            }
            // Nothing is compiled: no compile-phase error (timeout, memory, failure).
            prop_assert!(!e.to_string().starts_with("compiling the module"), "inspect compiled: {e}");
        }
    }
    Ok(())
}

fn fuzz_inspect(bytes: &[u8], game: Option<&str>) -> Result<(), TestCaseError> {
    let r = sandbox().inspect(bytes, game);
    check_verdict(bytes, &r, Limits::default().module_size)?;
    let small = small_sandbox().inspect(bytes, game);
    check_verdict(bytes, &small, SMALL_LIMIT)?;
    if bytes.len() <= SMALL_LIMIT {
        prop_assert_eq!(small, r, "the size limit is the only difference");
    }
    Ok(())
}

// ---- byte and section mutations ----

const INTERESTING: &[u64] = &[
    0,
    1,
    2,
    0x7f,
    0x80,
    0xff,
    0x100,
    1024,
    1025,
    0xffff,
    0x1_0000,
    0x1_0001,
    100_000,
    100_001,
    (1 << 31) - 1,
    1 << 31,
    u32::MAX as u64,
    1 << 32,
    u64::MAX,
];

#[derive(Clone, Debug)]
enum Edit {
    Flip(Index, u8),
    Set(Index, u8),
    Truncate(Index),
    Insert(Index, Vec<u8>),
    Delete(Index, usize),
    Duplicate(Index, Index, usize),
    Leb(Index, u64),
}

fn edit() -> impl Strategy<Value = Edit> {
    let value = prop_oneof![prop::sample::select(INTERESTING), any::<u64>()];
    prop_oneof![
        4 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Edit::Flip(i, b)),
        3 => (any::<Index>(), any::<u8>()).prop_map(|(i, v)| Edit::Set(i, v)),
        1 => any::<Index>().prop_map(Edit::Truncate),
        2 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..16)).prop_map(|(i, v)| Edit::Insert(i, v)),
        2 => (any::<Index>(), 1usize..32).prop_map(|(i, n)| Edit::Delete(i, n)),
        1 => (any::<Index>(), any::<Index>(), 1usize..128).prop_map(|(a, b, n)| Edit::Duplicate(a, b, n)),
        3 => (any::<Index>(), value).prop_map(|(i, v)| Edit::Leb(i, v)),
    ]
}

fn leb(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn apply(data: &mut Vec<u8>, e: &Edit) {
    let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len) };
    let len = data.len();
    match e {
        Edit::Flip(i, b) if len > 0 => data[at(i, len)] ^= 1 << b,
        Edit::Set(i, v) if len > 0 => data[at(i, len)] = *v,
        Edit::Truncate(i) => data.truncate(at(i, len)),
        Edit::Insert(i, v) => {
            let k = at(i, len + 1);
            data.splice(k..k, v.iter().copied());
        }
        Edit::Delete(i, n) if len > 0 => {
            let k = at(i, len);
            data.drain(k..(k + n).min(len));
        }
        Edit::Duplicate(from, to, n) if len > 0 => {
            let k = at(from, len);
            let piece = data[k..(k + n).min(len)].to_vec();
            let t = at(to, len + 1);
            data.splice(t..t, piece);
        }
        Edit::Leb(i, v) => {
            let k = at(i, len + 1);
            let mut w = Vec::new();
            leb(*v, &mut w);
            let end = (k + w.len()).min(len);
            data.splice(k..end, w);
        }
        _ => {}
    }
}

/// A valid module's sections: (id, payload).
fn sections(module: &[u8]) -> Vec<(u8, Vec<u8>)> {
    let mut out = Vec::new();
    let mut at = 8;
    while at < module.len() {
        let id = module[at];
        at += 1;
        let (mut len, mut shift) = (0usize, 0);
        loop {
            let b = module[at];
            at += 1;
            len |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        out.push((id, module[at..at + len].to_vec()));
        at += len;
    }
    out
}

fn join(sections: &[(u8, Vec<u8>)]) -> Vec<u8> {
    let mut out = b"\0asm\x01\0\0\0".to_vec();
    for (id, payload) in sections {
        out.push(*id);
        leb(payload.len() as u64, &mut out);
        out.extend_from_slice(payload);
    }
    out
}

fn game() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(&GAMES[..]))
}

// ---- modules from a description ----

/// The imports the ABI allows, with their WAT signatures.
const ALLOWED: &[(&str, &str, &str)] = &[
    ("arena", "random", "(param i32 i32) (result i32)"),
    ("arena", "orders", "(param i32 i32)"),
    ("arena", "fail", "(param i32 i32 i32)"),
    ("wasi_snapshot_preview1", "fd_write", "(param i32 i32 i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "fd_read", "(param i32 i32 i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "fd_close", "(param i32) (result i32)"),
    ("wasi_snapshot_preview1", "fd_seek", "(param i32 i64 i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "fd_fdstat_get", "(param i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "environ_sizes_get", "(param i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "environ_get", "(param i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "args_sizes_get", "(param i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "args_get", "(param i32 i32) (result i32)"),
    ("wasi_snapshot_preview1", "proc_exit", "(param i32)"),
];

/// Imports the ABI refuses.
const DISALLOWED: &[(&str, &str)] = &[
    ("wasi_snapshot_preview1", "clock_time_get"),
    ("wasi_snapshot_preview1", "random_get"),
    ("wasi_snapshot_preview1", "path_open"),
    ("env", "memory_grow"),
    ("arena", "Random"),
    ("arena", "orders2"),
    ("", ""),
];

/// Signatures no allowed import or export has.
const WRONG: &[&str] = &["", "(param i32)", "(result i32)", "(param i64 i64) (result i64)", "(param f32 i32 i32)"];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Export {
    Right,
    Wrong(usize),
    Missing,
}

#[derive(Clone, Debug)]
struct Description {
    /// (index in ALLOWED, wrong signature if any) or (index in DISALLOWED).
    imports: Vec<Result<(usize, Option<usize>), usize>>,
    /// Suffixes of `arena_abi_v` exports.
    abi: Vec<&'static str>,
    /// Suffixes of `arena_game_` exports.
    markers: Vec<&'static str>,
    /// The memory: initial and maximum pages, and how `memory` is exported (Wrong: a function).
    memory: Option<(u64, Option<u64>)>,
    memory_export: Export,
    alloc: Export,
    start: Export,
    play: Export,
    initialize: Option<Option<usize>>,
    table: Option<u64>,
    game: Option<&'static str>,
}

const MAX_TABLE: u64 = 100_000;
const PAGE: u64 = 65536;

fn export() -> impl Strategy<Value = Export> {
    prop_oneof![20 => Just(Export::Right), 1 => (0..WRONG.len()).prop_map(Export::Wrong), 1 => Just(Export::Missing)]
}

fn description() -> impl Strategy<Value = Description> {
    // Weighted so that about half the modules get past the imports and the ABI version.
    let import = prop_oneof![
        20 => (0..ALLOWED.len(), prop::option::weighted(0.05, 0..WRONG.len())).prop_map(Ok),
        1 => (0..DISALLOWED.len()).prop_map(Err),
    ];
    let pages = prop_oneof![
        12 => 0u64..4,
        2 => 1000u64..1100,
        1 => Just(1024),
        1 => Just(1025),
        1 => Just(65536),
        1 => Just(65537),
    ];
    let memory = prop::option::weighted(
        0.97,
        (pages, prop::option::weighted(0.2, prop_oneof![0u64..8, 1020u64..1030, 65530u64..65540])),
    );
    let abi = prop_oneof![
        8 => Just(vec!["1"]),
        2 => prop::collection::vec(prop::sample::select(&["1", "0", "2", "01", "x", ""][..]), 0..3),
    ];
    (
        (
            prop::collection::vec(import, 0..6),
            abi,
            // `=`: the marker of the game asked for (or Pandemic's).
            prop_oneof![
                6 => Just(vec!["="]),
                4 => prop::collection::vec(
                    prop::sample::select(
                        &["pandemic", "ork_island", "walking_dead", "purge", "mad_max", "chess", "", "ork-island", "="][..],
                    ),
                    0..3,
                ),
            ],
        ),
        (memory, export(), export(), export(), export()),
        (
            prop::option::weighted(0.2, prop::option::weighted(0.3, 0..WRONG.len())),
            prop::option::weighted(0.3, prop_oneof![0u64..10, 99_990u64..100_010, Just(1_000_000)]),
            game(),
        ),
    )
        .prop_map(
            |((imports, abi, markers), (memory, memory_export, alloc, start, play), (initialize, table, game))| {
                let marker = match game.unwrap_or("pandemic") {
                    "ork-island" => "ork_island",
                    "walking-dead" => "walking_dead",
                    "mad-max" => "mad_max",
                    g => g,
                };
                let markers = markers.into_iter().map(|m| if m == "=" { marker } else { m }).collect();
                Description {
                    imports,
                    abi,
                    markers,
                    memory,
                    memory_export,
                    alloc,
                    start,
                    play,
                    initialize,
                    table,
                    game,
                }
            },
        )
}

const ALLOC_SIG: &str = "(param i32) (result i32)";
const START_SIG: &str = "(param i32 i32)";

/// A function with a signature, exported under a name, with a body that validates.
fn func(name: &str, sig: &str) -> String {
    let body = if sig.ends_with("(result i32)") {
        "(i32.const 0)"
    } else if sig.ends_with("(result i64)") {
        "(i64.const 0)"
    } else {
        ""
    };
    format!("(func (export \"{name}\") {sig} {body})\n")
}

impl Description {
    fn wat(&self) -> String {
        let mut t = String::from("(module\n");
        let mut seen = Vec::new();
        for (k, imp) in self.imports.iter().enumerate() {
            let (module, name, sig) = match imp {
                Ok((i, wrong)) => (ALLOWED[*i].0, ALLOWED[*i].1, wrong.map_or(ALLOWED[*i].2, |w| WRONG[w])),
                Err(i) => (DISALLOWED[*i].0, DISALLOWED[*i].1, ""),
            };
            seen.push((module, name));
            t.push_str(&format!("(import \"{module}\" \"{name}\" (func $i{k} {sig}))\n"));
        }
        if let Some((initial, max)) = self.memory {
            let max = max.map_or(String::new(), |m| m.to_string());
            let export = if self.memory_export == Export::Right { "(export \"memory\")" } else { "" };
            t.push_str(&format!("(memory {export} {initial} {max})\n"));
        }
        if matches!(self.memory_export, Export::Wrong(_)) {
            t.push_str(&func("memory", ""));
        }
        if let Some(n) = self.table {
            t.push_str(&format!("(table {n} funcref)\n"));
        }
        let mut names = Vec::new();
        for v in &self.abi {
            names.push(format!("arena_abi_v{v}"));
        }
        for m in &self.markers {
            names.push(format!("arena_game_{m}"));
        }
        names.sort();
        names.dedup();
        for n in &names {
            t.push_str(&func(n, ""));
        }
        for (name, e, sig) in [
            ("arena_alloc", self.alloc, ALLOC_SIG),
            ("arena_start", self.start, START_SIG),
            ("arena_play", self.play, START_SIG),
        ] {
            match e {
                Export::Right => t.push_str(&func(name, sig)),
                Export::Wrong(w) => t.push_str(&func(name, if WRONG[w] == sig { "(param i64)" } else { WRONG[w] })),
                Export::Missing => {}
            }
        }
        if let Some(w) = self.initialize {
            t.push_str(&func("_initialize", w.map_or("", |w| WRONG[w])));
        }
        t.push(')');
        t
    }

    /// What the checks must say (`docs/bot-abi.md`), in their order.
    fn verdict(&self) -> Result<(Vec<String>, u64, bool), String> {
        if let Some((initial, max)) = self.memory {
            if initial > 65536 || max.is_some_and(|m| m > 65536 || m < initial) {
                return Err("invalid".into());
            }
        }
        let mut disallowed = Vec::new();
        let mut mistyped = false;
        for imp in &self.imports {
            match imp {
                Err(i) => {
                    let full = format!("{}.{}", DISALLOWED[*i].0, DISALLOWED[*i].1);
                    if !disallowed.contains(&full) {
                        disallowed.push(full);
                    }
                }
                Ok((i, Some(w))) => mistyped |= WRONG[*w] != ALLOWED[*i].2,
                Ok(_) => {}
            }
        }
        if !disallowed.is_empty() {
            return Err(format!("disallowed {}", disallowed.join(", ")));
        }
        if mistyped {
            return Err("import types".into());
        }
        let mut abi: Vec<String> = self.abi.iter().map(|v| format!("arena_abi_v{v}")).collect();
        abi.sort();
        let versions: Vec<u32> = abi.iter().filter_map(|n| n["arena_abi_v".len()..].parse().ok()).collect();
        if !versions.contains(&1) {
            return Err(match versions.first() {
                Some(v) => format!("abi {v}"),
                None => "no abi".into(),
            });
        }
        let mut games: Vec<String> = self.markers.iter().map(|m| format!("arena_game_{m}")).collect();
        games.sort();
        games.dedup();
        let games: Vec<String> = games.iter().map(|g| g["arena_game_".len()..].replace('_', "-")).collect();
        let mut missing = Vec::new();
        let mut wrong = 0;
        match self.memory_export {
            Export::Right if self.memory.is_some() => {}
            Export::Wrong(_) => wrong += 1,
            _ => missing.push("memory".to_string()),
        }
        for (name, e) in [("arena_alloc", self.alloc), ("arena_start", self.start), ("arena_play", self.play)] {
            match e {
                Export::Missing => missing.push(name.to_string()),
                Export::Wrong(_) => wrong += 1,
                Export::Right => {}
            }
        }
        if let Some(Some(w)) = self.initialize {
            wrong += usize::from(!WRONG[w].is_empty());
        }
        if let Some(g) = self.game {
            if games.is_empty() {
                missing.push(format!("arena_game_{}", g.replace('-', "_")));
            }
        }
        if !missing.is_empty() {
            return Err(format!("missing {}", missing.join(", ")));
        }
        if wrong > 0 {
            return Err(format!("export types {wrong}"));
        }
        if let Some(g) = self.game {
            let marker = format!("arena_game_{}", g.replace('-', "_"));
            if !self.markers.iter().any(|m| format!("arena_game_{m}") == marker) {
                return Err(format!("wrong game {}", games.join(", ")));
            }
        }
        let initial = self.memory.map_or(0, |(i, _)| i * PAGE);
        if initial > 64 << 20 {
            return Err(format!("initial memory {initial}"));
        }
        if let Some(n) = self.table.filter(|&n| n > MAX_TABLE) {
            return Err(format!("table {n}"));
        }
        Ok((games, initial, self.initialize.is_some()))
    }
}

/// A `LoadError` in the words of [`Description::verdict`].
fn words(e: &LoadError) -> String {
    match e {
        LoadError::Invalid(_) => "invalid".into(),
        LoadError::DisallowedImports(v) => format!("disallowed {}", v.join(", ")),
        LoadError::ImportTypes(_) => "import types".into(),
        LoadError::AbiVersion { found, expected } => {
            assert_eq!(*expected, 1);
            format!("abi {found}")
        }
        LoadError::NoAbiVersion => "no abi".into(),
        LoadError::MissingExports(v) => format!("missing {}", v.join(", ")),
        LoadError::ExportTypes(v) => format!("export types {}", v.len()),
        LoadError::WrongGame { found, .. } => format!("wrong game {found}"),
        LoadError::InitialMemory { size, limit } => {
            assert_eq!(*limit, 64 << 20);
            format!("initial memory {size}")
        }
        LoadError::TableTooLarge { size, limit } => {
            assert_eq!(*limit, MAX_TABLE as usize);
            format!("table {size}")
        }
        other => format!("unexpected: {other}"),
    }
}

#[test]
fn the_seeds_pass_the_checks_and_the_descriptions_are_right() {
    for s in seeds() {
        sandbox().inspect(s, Some("pandemic")).unwrap();
        assert_eq!(join(&sections(s)), *s);
    }
    let all_right = Description {
        imports: (0..ALLOWED.len()).map(|i| Ok((i, None))).collect(),
        abi: vec!["1"],
        markers: vec!["purge"],
        memory: Some((2, None)),
        memory_export: Export::Right,
        alloc: Export::Right,
        start: Export::Right,
        play: Export::Right,
        initialize: Some(None),
        table: Some(10),
        game: Some("purge"),
    };
    let bytes = wat::parse_str(all_right.wat()).unwrap();
    let info = sandbox().inspect(&bytes, all_right.game).unwrap();
    assert_eq!(Ok((info.games, info.initial_memory, info.has_initialize)), all_right.verdict());
    sandbox().load(&bytes, all_right.game).unwrap();
}

// ---- properties ----

proptest! {
    #![proptest_config(config(1))]

    /// Any bytes, with or without the header of a module.
    #[test]
    fn arbitrary_bytes(header in any::<bool>(), bytes in prop::collection::vec(any::<u8>(), 0..512), game in game()) {
        let mut input = if header { b"\0asm\x01\0\0\0".to_vec() } else { Vec::new() };
        input.extend_from_slice(&bytes);
        fuzz_inspect(&input, game)?;
    }

    /// Valid bots, mutated byte-wise.
    #[test]
    fn mutated_modules(seed in 0..2usize, edits in prop::collection::vec(edit(), 1..5), game in game()) {
        let mut bytes = seeds()[seed].clone();
        for e in &edits {
            apply(&mut bytes, e);
        }
        fuzz_inspect(&bytes, game)?;
    }

    /// Valid bots, one section's payload mutated (its size right), sections dropped, repeated
    /// or swapped.
    #[test]
    fn mutated_sections(
        seed in 0..2usize,
        which in any::<Index>(),
        edits in prop::collection::vec(edit(), 0..4),
        reorder in prop::option::weighted(0.3, (0u8..3, any::<Index>(), any::<Index>())),
        game in game(),
    ) {
        let mut secs = sections(&seeds()[seed]);
        let k = which.index(secs.len());
        for e in &edits {
            apply(&mut secs[k].1, e);
        }
        if let Some((how, a, b)) = reorder {
            let (a, b) = (a.index(secs.len()), b.index(secs.len()));
            match how {
                0 => {
                    secs.remove(a);
                }
                1 => {
                    let s = secs[a].clone();
                    secs.insert(b, s);
                }
                _ => secs.swap(a, b),
            }
        }
        fuzz_inspect(&join(&secs), game)?;
    }

    /// Modules generated from a description get the verdict the ABI's rules call for.
    #[test]
    fn generated_modules_get_the_abis_verdict(d in description()) {
        let text = d.wat();
        let bytes = wat::parse_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let got = sandbox().inspect(&bytes, d.game);
        check_verdict(&bytes, &got, Limits::default().module_size)?;
        let got = got.map(|i| (i.games, i.initial_memory, i.has_initialize)).map_err(|e| words(&e));
        prop_assert_eq!(got, d.verdict(), "{}", text);
    }
}

proptest! {
    #![proptest_config(config(10))]

    /// What passes the checks compiles: mutated bots and generated modules.
    #[test]
    fn what_passes_the_checks_compiles(
        d in description(),
        seed in 0..2usize,
        edits in prop::collection::vec(edit(), 1..3),
    ) {
        let mut candidates = vec![wat::parse_str(d.wat()).unwrap()];
        let mut bytes = seeds()[seed].clone();
        for e in &edits {
            apply(&mut bytes, e);
        }
        candidates.push(bytes);
        for bytes in candidates {
            if sandbox().inspect(&bytes, d.game).is_ok() {
                let m = sandbox().load(&bytes, d.game);
                prop_assert!(m.is_ok(), "passes the checks but does not load: {:?}", m.err());
            }
        }
    }
}
