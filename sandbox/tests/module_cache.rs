//! The on-disk module cache: a second process loads a bot without compiling it, plays exactly
//! the same matches, and never uses an entry that is corrupted, truncated or foreign.

mod common;

use common::*;
use engine::catalog::{self, PlayerSpec};
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use sandbox::{BotModule, CompileMode, Limits, ModuleSource, PlayerOptions, Sandbox};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// A house bot as shipped: real compiler output, compiled by Cranelift in about a second.
const DUMMY: &[u8] = include_bytes!("../../bots/prebuilt/pandemic/dummy.wasm");

/// A fresh, empty directory for one test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("arena-module-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn limits() -> Limits {
    Limits { max_instances: 8, ..Limits::default() }
}

/// A new sandbox (so an empty in-memory cache) on the disk cache `dir`: a new process, in effect.
fn cached(dir: &Path) -> Sandbox {
    Sandbox::new(limits()).unwrap().with_module_cache(dir)
}

fn sha(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

fn small_bot() -> Vec<u8> {
    Wat { play: ORDERS_PLAY, play_locals: ORDERS_LOCALS, ..Default::default() }.bytes()
}

/// Another valid module (another hash).
fn other_bot() -> Vec<u8> {
    Wat { play: "(nop)", ..Default::default() }.bytes()
}

fn entry(sb: &Sandbox, wasm: &[u8]) -> PathBuf {
    sb.module_cache().unwrap().entry_path(&sha(wasm))
}

/// The module's entry is on disk and a new sandbox loads it from there.
fn assert_served_from_disk(dir: &Path, wasm: &[u8]) {
    let sb = cached(dir);
    let m = sb.load(wasm, Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Disk);
    assert_eq!(sb.module_cache().unwrap().stats().hits, 1);
}

#[test]
fn a_second_load_comes_from_the_disk_cache() {
    let dir = TempDir::new("hit");
    let first = cached(&dir.0);
    let m = first.load(DUMMY, Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Compiled);
    assert!(!m.from_cache());
    let stats = first.module_cache().unwrap().stats();
    assert_eq!((stats.misses, stats.stored, stats.hits), (1, 1, 0));
    assert!(entry(&first, DUMMY).is_file());
    // The same sandbox answers from memory.
    assert_eq!(first.load(DUMMY, Some("pandemic")).unwrap().source(), ModuleSource::Memory);

    let second = cached(&dir.0);
    let m = second.load(DUMMY, Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Disk);
    assert!(m.from_cache());
    let stats = second.module_cache().unwrap().stats();
    assert_eq!((stats.hits, stats.misses, stats.stored, stats.rejected), (1, 0, 0, 0));
    // The static checks still run on a hit: info and refusals are those of the bytes.
    assert_eq!(m.info().games, ["pandemic"]);
    assert!(second.load(DUMMY, Some("ork-island")).is_err());
    // Without a cache nothing is written anywhere.
    let plain = Sandbox::new(limits()).unwrap();
    assert!(plain.module_cache().is_none());
    assert_eq!(plain.load(DUMMY, Some("pandemic")).unwrap().source(), ModuleSource::Compiled);
}

/// A default Pandemic match of four copies of `module`: the replay's bytes and the fuel used.
fn replay_of(module: &BotModule, seed: u64) -> (Vec<u8>, Vec<u64>) {
    let game = catalog::find("pandemic").unwrap();
    let mut params = ParamValues::defaults(game.param_specs());
    params.set(game.param_specs(), "nb_rounds", 60).unwrap();
    let setup = MatchSetup { params, board: BoardSource::Generated, seed };
    let players: Vec<_> = (0..4).map(|p| module.player_with(&format!("Dummy{p}"), PlayerOptions::default())).collect();
    let specs = players.iter().map(|(f, _)| PlayerSpec::Wire(f.clone())).collect::<Vec<_>>();
    let out = game.play(&setup, &specs, true).unwrap();
    let fuel = players.iter().map(|(_, log)| log.report().unwrap().fuel_used).collect();
    (out.replay.unwrap(), fuel)
}

#[test]
fn a_cached_module_plays_byte_identical_matches() {
    let dir = TempDir::new("replays");
    let fresh = Sandbox::new(limits()).unwrap().load(DUMMY, Some("pandemic")).unwrap();
    assert_eq!(fresh.source(), ModuleSource::Compiled);
    cached(&dir.0).load(DUMMY, Some("pandemic")).unwrap();
    let from_disk = cached(&dir.0).load(DUMMY, Some("pandemic")).unwrap();
    assert_eq!(from_disk.source(), ModuleSource::Disk);
    for seed in [3, 11] {
        let (a, fuel_a) = replay_of(&fresh, seed);
        let (b, fuel_b) = replay_of(&from_disk, seed);
        assert_eq!(fuel_a, fuel_b, "seed {seed}");
        assert!(fuel_a.iter().all(|&f| f > 0));
        assert!(a == b, "seed {seed}: the replays differ");
    }
    // The module is mapped from its entry's file: replacing the entry (a rename over it, as a
    // writer does) or removing it (as eviction does) leaves the mapped inode, and the module,
    // as they were.
    let path = cached(&dir.0).module_cache().unwrap().entry_path(&sha(DUMMY));
    let temp = dir.0.join(".tmp-replacement");
    std::fs::write(&temp, vec![0xcc; std::fs::metadata(&path).unwrap().len() as usize]).unwrap();
    std::fs::rename(&temp, &path).unwrap();
    assert!(replay_of(&from_disk, 5) == replay_of(&fresh, 5), "after the entry was replaced");
    std::fs::remove_file(&path).unwrap();
    assert!(replay_of(&from_disk, 6) == replay_of(&fresh, 6), "after the entry was removed");
}

#[test]
fn a_corrupted_or_truncated_entry_is_never_loaded_and_is_rebuilt() {
    let dir = TempDir::new("corrupt");
    let wasm = small_bot();
    let sb = cached(&dir.0);
    sb.load(&wasm, Some("pandemic")).unwrap();
    let path = entry(&sb, &wasm);
    let good = std::fs::read(&path).unwrap();
    assert!(good.len() > 1000);
    let flip = |at: usize| {
        let mut b = good.clone();
        b[at] ^= 0x40;
        b
    };
    // The entry is wasmtime's artifact then a 72-byte trailer: key, length, checksum, magic.
    let trailer = good.len() - 72;
    let corruptions: Vec<(&str, Vec<u8>)> = vec![
        ("a flipped byte in the artifact's ELF header", flip(3)),
        ("a flipped byte in the machine code", flip(trailer / 2)),
        ("a flipped last byte of the artifact", flip(trailer - 1)),
        ("a flipped byte in the key", flip(trailer + 20)),
        ("a flipped byte in the length", flip(trailer + 34)),
        ("a flipped byte in the checksum", flip(trailer + 45)),
        ("a flipped byte in the magic", flip(trailer + 60)),
        ("a flipped last byte", flip(good.len() - 1)),
        ("truncated to half", good[..good.len() / 2].to_vec()),
        ("truncated by one byte", good[..good.len() - 1].to_vec()),
        ("truncated in the trailer", good[..trailer + 40].to_vec()),
        ("the artifact without its trailer", good[..trailer].to_vec()),
        ("the trailer alone", good[trailer..].to_vec()),
        ("a byte missing from the artifact", [&good[..1000], &good[1001..]].concat()),
        ("empty", Vec::new()),
        ("a byte appended", [good.as_slice(), &[0]].concat()),
        ("a byte prepended", [&[0], good.as_slice()].concat()),
        ("not an entry at all", b"\x7fELF garbage".to_vec()),
    ];
    for (what, bytes) in corruptions {
        std::fs::write(&path, &bytes).unwrap();
        let sb = cached(&dir.0);
        let m = sb.load(&wasm, Some("pandemic")).unwrap();
        assert_eq!(m.source(), ModuleSource::Compiled, "{what}: loaded from a damaged entry");
        let stats = sb.module_cache().unwrap().stats();
        assert_eq!((stats.hits, stats.rejected, stats.stored), (0, 1, 1), "{what}: {stats:?}");
        assert!(sb.module_cache().unwrap().last_error().is_some(), "{what}");
        // The recompiled module plays, and the entry was written again, whole.
        let (played, log) = hostile(&m, 1, PlayerOptions::default());
        assert!(played.summary.players[1].frozen.is_none(), "{what}");
        assert!(log.report().unwrap().fuel_used > 0);
        assert_eq!(std::fs::read(&path).unwrap(), good, "{what}: rebuilt entry");
        assert_served_from_disk(&dir.0, &wasm);
    }
}

#[test]
fn a_foreign_entry_is_never_loaded() {
    let dir = TempDir::new("foreign");
    let (wasm, other) = (small_bot(), other_bot());
    let sb = cached(&dir.0);
    sb.load(&other, Some("pandemic")).unwrap();
    // A whole, valid entry of another module, under this module's name.
    std::fs::copy(entry(&sb, &other), entry(&sb, &wasm)).unwrap();
    let sb2 = cached(&dir.0);
    let m = sb2.load(&wasm, Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Compiled);
    assert_eq!(sb2.module_cache().unwrap().stats().rejected, 1);
    assert!(sb2.module_cache().unwrap().last_error().unwrap().contains("another module"));
    // The entry of the right module replaced it; the other module's is untouched.
    assert_served_from_disk(&dir.0, &wasm);
    assert_served_from_disk(&dir.0, &other);

    // Other engine settings (another memory cap) key their entries apart: same module, another
    // file, and an entry written for one configuration is refused by the other.
    let small = Sandbox::new(Limits { memory: 32 << 20, ..limits() }).unwrap().with_module_cache(&dir.0);
    assert_ne!(entry(&small, &wasm), entry(&sb, &wasm));
    assert_eq!(small.load(&wasm, Some("pandemic")).unwrap().source(), ModuleSource::Compiled);
    std::fs::copy(entry(&small, &wasm), entry(&sb, &wasm)).unwrap();
    let sb3 = cached(&dir.0);
    assert_eq!(sb3.load(&wasm, Some("pandemic")).unwrap().source(), ModuleSource::Compiled);
    assert_eq!(sb3.module_cache().unwrap().stats().rejected, 1);
    assert_served_from_disk(&dir.0, &wasm);
}

#[test]
fn the_compile_worker_is_not_started_on_a_hit_and_its_output_is_stored() {
    let dir = TempDir::new("worker");
    let wasm = small_bot();
    let worker =
        CompileMode::Subprocess { program: env!("CARGO_BIN_EXE_sandbox-compile-worker").into(), args: Vec::new() };
    let sb = cached(&dir.0).with_compile_mode(worker);
    assert_eq!(sb.load(&wasm, Some("pandemic")).unwrap().source(), ModuleSource::Compiled);
    assert_eq!(sb.module_cache().unwrap().stats().stored, 1);
    // A worker that cannot compile anything: a hit never asks it.
    let broken = CompileMode::Subprocess {
        program: "/bin/sh".into(),
        args: vec!["-c".into(), "cat >/dev/null; echo broken >&2; exit 1".into()],
    };
    let sb = cached(&dir.0).with_compile_mode(broken.clone());
    let m = sb.load(&wasm, Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Disk);
    let (played, _) = hostile(&m, 2, PlayerOptions::default());
    assert!(played.summary.players[2].frozen.is_none());
    // A miss still goes through the worker and its limits.
    let sb = cached(&dir.0).with_compile_mode(broken);
    let e = sb.load(&other_bot(), Some("pandemic")).unwrap_err();
    assert_eq!(e, sandbox::LoadError::CompileFailed("broken".into()));
}

#[test]
fn an_unwritable_cache_only_costs_the_cache() {
    let dir = TempDir::new("unwritable");
    let file = dir.0.join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let sb = Sandbox::new(limits()).unwrap().with_module_cache(file.join("modules"));
    let m = sb.load(&small_bot(), Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Compiled);
    let stats = sb.module_cache().unwrap().stats();
    assert_eq!((stats.stored, stats.write_errors), (0, 1));
    let (played, _) = hostile(&m, 0, PlayerOptions::default());
    assert!(played.summary.players[0].frozen.is_none());
}

#[test]
fn the_cache_stays_under_its_bound_dropping_the_least_recently_used() {
    let dir = TempDir::new("bound");
    let (a, b) = (small_bot(), other_bot());
    // A bound smaller than one entry keeps only the newest.
    let sb = cached(&dir.0).with_module_cache_max_bytes(1);
    sb.load(&a, Some("pandemic")).unwrap();
    assert!(entry(&sb, &a).is_file());
    sb.load(&b, Some("pandemic")).unwrap();
    assert!(!entry(&sb, &a).exists() && entry(&sb, &b).is_file());
    assert_eq!(sb.module_cache().unwrap().stats().evicted, 1);
    // Room for two: the third evicts the least recently used, not the oldest written.
    let c = Wat { play: "(nop) (nop)", ..Default::default() }.bytes();
    let size = std::fs::metadata(entry(&sb, &b)).unwrap().len();
    let sb = cached(&dir.0).with_module_cache_max_bytes(size * 2 + size / 2);
    sb.load(&a, Some("pandemic")).unwrap(); // written after b
    std::thread::sleep(std::time::Duration::from_millis(20));
    let again = cached(&dir.0).with_module_cache_max_bytes(size * 2 + size / 2);
    assert_eq!(again.load(&b, Some("pandemic")).unwrap().source(), ModuleSource::Disk); // b used last
    std::thread::sleep(std::time::Duration::from_millis(20));
    again.load(&c, Some("pandemic")).unwrap();
    assert!(!entry(&sb, &a).exists(), "a was the least recently used");
    assert!(entry(&sb, &b).is_file() && entry(&sb, &c).is_file());
}

/// `load_hashed` takes the caller's hash for looking up the caches, but what it compiles goes in
/// under the bytes' own hash: a wrong hash (a stale record of the CLI's) never enters a cache.
#[test]
fn a_known_hash_finds_the_entry_and_a_wrong_one_never_enters_the_cache() {
    let dir = TempDir::new("hashed");
    let (bot, other) = (small_bot(), other_bot());
    let first = cached(&dir.0);
    // Nothing cached: compiled, and filed under its real hash, whatever the caller said.
    let m = first.load_hashed(&bot, sha(&other), Some("pandemic")).unwrap();
    assert_eq!(m.source(), ModuleSource::Compiled);
    assert_eq!(m.sha256(), sha(&bot));
    assert!(entry(&first, &bot).is_file());
    assert!(!entry(&first, &other).exists());
    // The right hash: a new sandbox loads it from disk without hashing the bytes.
    let second = cached(&dir.0);
    let m = second.load_hashed(&bot, sha(&bot), Some("pandemic")).unwrap();
    assert_eq!((m.source(), m.sha256()), (ModuleSource::Disk, sha(&bot)));
    assert_eq!(m.hash(), format!("sha256:{}", sha(&bot).iter().map(|b| format!("{b:02x}")).collect::<String>()));
}
