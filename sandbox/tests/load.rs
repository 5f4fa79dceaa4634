//! Loading modules: the static checks' refusals and their messages, compilation in a child
//! process with a timeout, and the module cache.

mod common;

use common::*;
use sandbox::{CompileMode, Limits, LoadError, PlayerOptions, Sandbox};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn load_wat(text: &str, game: Option<&str>) -> Result<sandbox::BotModule, LoadError> {
    sandbox().load(&wat::parse_str(text).expect("valid WAT"), game)
}

/// A minimal module with the given extra fields (no ABI exports unless given).
fn module(fields: &str) -> String {
    format!("(module {fields})")
}

const ABI: &str = r#"(memory (export "memory") 1)
  (func (export "arena_abi_v1"))
  (func (export "arena_alloc") (param i32) (result i32) (i32.const 0))
  (func (export "arena_start") (param i32 i32))
  (func (export "arena_play") (param i32 i32))"#;

#[test]
fn the_null_and_test_bots_load() {
    let m = null_bot();
    assert!(m.hash().starts_with("sha256:") && m.hash().len() == 7 + 64);
    assert_eq!(m.info().games, ["pandemic"]);
    assert!(!m.info().has_initialize);
    Wat::default().load();
}

#[test]
fn not_wasm() {
    let e = sandbox().load(b"#include <stdio.h>\nint main() {}\n", Some("pandemic")).unwrap_err();
    assert_eq!(e, LoadError::NotWasm);
    assert!(e.to_string().starts_with("not a WebAssembly module"), "{e}");
    // A component is not a module either.
    assert_eq!(sandbox().inspect(b"\0asm\x0d\0\x01\0", None).unwrap_err(), LoadError::NotWasm);
}

#[test]
fn oversized() {
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    bytes.resize((17.2 * 1024.0 * 1024.0) as usize, 0);
    let e = sandbox().load(&bytes, None).unwrap_err();
    assert_eq!(e.to_string(), "the module is 17.2 MiB; the limit is 16 MiB");
}

#[test]
fn invalid_wasm_gives_the_validators_message() {
    let e = sandbox().load(b"\0asm\x01\0\0\0\x01\x05\x01\x60\x00\x00\xff", None).unwrap_err();
    assert!(matches!(e, LoadError::Invalid(_)), "{e:?}");
    assert!(e.to_string().starts_with("invalid WebAssembly: "), "{e}");
    // Threads are off: a shared memory does not validate.
    let e = load_wat("(module (memory 1 1 shared))", None).unwrap_err();
    assert!(matches!(e, LoadError::Invalid(_)), "{e:?}");
    // So is multi-memory.
    let e = load_wat("(module (memory 1) (memory 1))", None).unwrap_err();
    assert!(matches!(e, LoadError::Invalid(_)), "{e:?}");
}

#[test]
fn disallowed_imports_are_all_listed() {
    let text = module(&format!(
        r#"(import "wasi_snapshot_preview1" "clock_time_get" (func (param i32 i64 i32) (result i32)))
           (import "arena" "random" (func (param i32 i32) (result i32)))
           (import "env" "foo" (func))
           {ABI} (func (export "arena_game_pandemic"))"#
    ));
    let e = load_wat(&text, Some("pandemic")).unwrap_err();
    assert_eq!(e, LoadError::DisallowedImports(vec!["wasi_snapshot_preview1.clock_time_get".into(), "env.foo".into()]));
    let msg = e.to_string();
    assert!(msg.starts_with("the module imports wasi_snapshot_preview1.clock_time_get, env.foo, which"), "{msg}");
    assert!(msg.contains("no clock"), "{msg}");
}

#[test]
fn allowed_imports_with_wrong_types_are_refused() {
    let abi = ABI.replace(r#"(memory (export "memory") 1)"#, r#"(export "memory" (memory 0))"#);
    let text = module(&format!(
        r#"(import "arena" "random" (func (param i32) (result i32)))
           (import "env" "memory" (memory 1))
           {abi} (func (export "arena_game_pandemic"))"#
    ));
    // A memory import is not allowed at all.
    assert_eq!(load_wat(&text, None).unwrap_err(), LoadError::DisallowedImports(vec!["env.memory".into()]));
    let text = module(&format!(
        r#"(import "arena" "random" (func (param i32) (result i32))) {ABI} (func (export "arena_game_pandemic"))"#
    ));
    let e = load_wat(&text, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "wrong import types: import arena.random is func (i32) -> i32; the ABI says func (i32, i32) -> i32"
    );
}

#[test]
fn wrong_abi_version() {
    let text = module(&ABI.replace("arena_abi_v1", "arena_abi_v2"));
    let e = load_wat(&text, None).unwrap_err();
    assert_eq!(e, LoadError::AbiVersion { found: 2, expected: 1 });
    assert!(e.to_string().starts_with("the module declares ABI version 2; this host speaks 1"), "{e}");
    let text = module(&ABI.replace(r#"(func (export "arena_abi_v1"))"#, ""));
    let e = load_wat(&text, None).unwrap_err();
    assert_eq!(e, LoadError::NoAbiVersion);
    assert!(e.to_string().contains("arena_abi_v1"), "{e}");
}

#[test]
fn missing_exports_are_all_listed() {
    let text = module(
        r#"(func (export "arena_abi_v1")) (func (export "arena_alloc") (param i32) (result i32) (i32.const 0))"#,
    );
    let e = load_wat(&text, Some("pandemic")).unwrap_err();
    assert_eq!(
        e,
        LoadError::MissingExports(vec![
            "memory".into(),
            "arena_start".into(),
            "arena_play".into(),
            "arena_game_pandemic".into()
        ])
    );
    assert_eq!(
        e.to_string(),
        "the module does not export memory, arena_start, arena_play, arena_game_pandemic, which the bot ABI requires"
    );
}

#[test]
fn exports_with_wrong_types_are_refused() {
    let text = module(&ABI.replace(r#"(export "arena_play") (param i32 i32)"#, r#"(export "arena_play") (param i32)"#));
    let e = load_wat(&text, None).unwrap_err();
    assert_eq!(e.to_string(), "wrong export types: export arena_play is func (i32); the ABI says func (i32, i32)");
}

#[test]
fn wrong_game_marker() {
    let text = module(&format!(r#"{ABI} (func (export "arena_game_ork_island"))"#));
    let e = load_wat(&text, Some("pandemic")).unwrap_err();
    assert_eq!(e.to_string(), "the bot was built for ork-island, expected pandemic");
    // Without a game to check, it loads.
    let m = load_wat(&text, None).unwrap();
    assert_eq!(m.info().games, ["ork-island"]);
    assert!(load_wat(&text, Some("ork-island")).is_ok());
}

#[test]
fn initial_memory_over_the_cap_is_refused() {
    let text = module(&ABI.replace(r#"(memory (export "memory") 1)"#, r#"(memory (export "memory") 1040)"#));
    let e = load_wat(&text, None).unwrap_err();
    assert_eq!(e.to_string(), "the module's initial memory is 65 MiB; the limit is 64 MiB");
}

#[test]
fn huge_tables_are_refused() {
    let text = module(&format!("{ABI} (table 100001 funcref)"));
    let e = load_wat(&text, None).unwrap_err();
    assert_eq!(e.to_string(), "the module's function table has 100001 entries; the limit is 100000");
}

#[test]
fn inspect_checks_without_compiling() {
    let bytes = Wat { extra: r#"(func (export "_initialize"))"#, ..Default::default() }.bytes();
    let before = sandbox().cached_modules();
    let info = sandbox().inspect(&bytes, Some("pandemic")).unwrap();
    assert!(info.has_initialize);
    assert_eq!(info.size, bytes.len());
    assert!(sandbox().cached_modules() <= before + 1, "inspect compiles nothing");
}

#[test]
fn the_cache_returns_the_same_compiled_module() {
    let bytes = Wat { extra: "(func $cache_test)", ..Default::default() }.bytes();
    let a = sandbox().load(&bytes, Some("pandemic")).unwrap();
    let b = sandbox().load(&bytes, None).unwrap();
    assert!(Arc::ptr_eq(a.module(), b.module()));
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn compile_timeout_kills_the_worker() {
    let limits = Limits { compile_timeout: Duration::from_millis(200), max_instances: 8, ..Limits::default() };
    let program = CompileMode::Subprocess { program: "/bin/sh".into(), args: vec!["-c".into(), "sleep 5".into()] };
    let sb = Sandbox::new(limits).unwrap().with_compile_mode(program);
    let t = Instant::now();
    let e = sb.load(&Wat::default().bytes(), Some("pandemic")).unwrap_err();
    assert_eq!(e, LoadError::CompileTimeout { limit: Duration::from_millis(200) });
    assert_eq!(e.to_string(), "compiling the module took longer than the limit of 200 ms (wall clock)");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
}

/// The CPU limit stops a worker that computes, long before the wall-clock backstop, and says
/// which limit it was.
#[test]
fn a_compile_over_its_cpu_time_is_refused_with_the_limit() {
    let limits = Limits {
        compile_cpu: Duration::from_secs(1),
        compile_timeout: Duration::from_secs(60),
        max_instances: 8,
        ..Limits::default()
    };
    let spin = "cat >/dev/null; while :; do :; done";
    let program = CompileMode::Subprocess { program: "/bin/sh".into(), args: vec!["-c".into(), spin.into()] };
    let sb = Sandbox::new(limits).unwrap().with_compile_mode(program);
    let t = Instant::now();
    let e = sb.load(&Wat::default().bytes(), Some("pandemic")).unwrap_err();
    assert_eq!(e, LoadError::CompileCpu { limit: Duration::from_secs(1) });
    assert_eq!(e.to_string(), "compiling the module used more than the limit of 1 s of CPU time");
    assert!(t.elapsed() < Duration::from_secs(30), "the wall clock stopped it: {:?}", t.elapsed());
}

/// A worker that waits uses no CPU: the CPU limit does not count the waiting, so a compile that
/// is only slow because the machine is busy is not refused (here: 1.5 s of waiting under a 1 s
/// CPU limit).
#[test]
fn waiting_does_not_count_against_the_cpu_limit() {
    let limits = Limits {
        compile_cpu: Duration::from_secs(1),
        compile_timeout: Duration::from_secs(60),
        max_instances: 8,
        ..Limits::default()
    };
    let worker = env!("CARGO_BIN_EXE_sandbox-compile-worker");
    let script = format!("sleep 1.5; exec '{worker}'");
    let program = CompileMode::Subprocess { program: "/bin/sh".into(), args: vec!["-c".into(), script] };
    let sb = Sandbox::new(limits).unwrap().with_compile_mode(program);
    let t = Instant::now();
    sb.load(&orders_bot_bytes(), Some("pandemic")).unwrap();
    assert!(t.elapsed() >= Duration::from_millis(1500));
}

#[test]
fn a_failing_worker_is_a_compile_failure() {
    let program = CompileMode::Subprocess {
        program: "/bin/sh".into(),
        args: vec!["-c".into(), "cat >/dev/null; echo broken >&2; exit 1".into()],
    };
    let sb = Sandbox::new(Limits { max_instances: 8, ..Limits::default() }).unwrap().with_compile_mode(program);
    let e = sb.load(&Wat::default().bytes(), None).unwrap_err();
    assert_eq!(e, LoadError::CompileFailed("broken".into()));
}

#[test]
fn the_compile_worker_compiles_in_a_child_process() {
    let program =
        CompileMode::Subprocess { program: env!("CARGO_BIN_EXE_sandbox-compile-worker").into(), args: Vec::new() };
    let sb = Sandbox::new(Limits { max_instances: 8, ..Limits::default() }).unwrap().with_compile_mode(program);
    let m = sb.load(&orders_bot_bytes(), Some("pandemic")).unwrap();
    // The deserialized module plays like the one compiled in-process.
    let (factory, log) = m.player_with("Child", PlayerOptions::default());
    let played = play(with_others(1, factory), ROUNDS, 42);
    assert!(played.summary.players.iter().all(|p| p.frozen.is_none()));
    let (factory, log2) = orders_bot().player("InProcess");
    play(with_others(1, factory), ROUNDS, 42);
    assert_eq!(log.report().unwrap().fuel_used, log2.report().unwrap().fuel_used);
}

#[test]
fn a_compile_over_its_memory_limit_is_refused_with_the_limit() {
    let program =
        CompileMode::Subprocess { program: env!("CARGO_BIN_EXE_sandbox-compile-worker").into(), args: Vec::new() };
    let limits = Limits {
        max_instances: 8,
        compile_memory: 4 << 20,
        compile_timeout: Duration::from_secs(3),
        ..Limits::default()
    };
    let sb = Sandbox::new(limits).unwrap().with_compile_mode(program);
    let e = sb.load(&orders_bot_bytes(), Some("pandemic")).unwrap_err();
    assert_eq!(e, LoadError::CompileMemory { limit: 4 << 20 });
    assert_eq!(e.to_string(), "compiling the module needed more than the limit of 4 MiB of memory");
}

fn orders_bot_bytes() -> Vec<u8> {
    Wat { play: ORDERS_PLAY, play_locals: ORDERS_LOCALS, ..Default::default() }.bytes()
}

#[test]
fn the_benchmark_runs() {
    let f = sandbox::bench::run(sandbox(), 20, 200).unwrap();
    assert!(f.view_bytes > 10_000, "a default board's view: {}", f.view_bytes);
    assert!(f.instantiate > Duration::ZERO && f.round > Duration::ZERO);
}

#[test]
fn running_out_of_pool_slots_freezes_with_a_clear_message() {
    let sb = Sandbox::new(Limits { max_instances: 2, ..Limits::default() }).unwrap();
    assert!(sb.is_pooling());
    let m = sb.load(&wat::parse_str(sandbox::bench::NULL_BOT_WAT).unwrap(), Some("pandemic")).unwrap();
    let specs = (0..4).map(|p| engine::catalog::PlayerSpec::Wire(m.player(&format!("N{p}")).0)).collect();
    let played = play(specs, 3, 1);
    let frozen: Vec<_> = played.summary.players.iter().map(|p| p.frozen.clone()).collect();
    assert!(frozen[0].is_none() && frozen[1].is_none());
    let f = frozen[2].clone().unwrap();
    assert!(f.message.contains("no free bot slot"), "{}", f.message);
}

#[test]
fn without_a_pool_instances_are_allocated_on_demand() {
    // A pool this large cannot be reserved: the sandbox falls back to on-demand allocation.
    let sb = Sandbox::new(Limits { max_instances: u32::MAX, ..Limits::default() }).unwrap();
    assert!(!sb.is_pooling());
    let grow =
        Wat { play: "(loop $l (br_if $l (i32.ne (memory.grow (i32.const 16)) (i32.const -1))))", ..Default::default() };
    let hostile = sb.load(&grow.bytes(), Some("pandemic")).unwrap();
    let null = sb.load(&wat::parse_str(sandbox::bench::NULL_BOT_WAT).unwrap(), Some("pandemic")).unwrap();
    let mut specs = vec![engine::catalog::PlayerSpec::Wire(hostile.player("Grow").0)];
    specs.extend((1..4).map(|p| engine::catalog::PlayerSpec::Wire(null.player(&format!("N{p}")).0)));
    let played = play(specs, ROUNDS, 3);
    let f = assert_frozen(&played, 0, engine::referee::FreezeReason::Memory);
    assert!(f.message.ends_with("the limit is 64 MiB"), "{}", f.message);
}
