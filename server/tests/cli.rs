//! End-to-end tests of the `arena` command: each test runs the real binary in its own
//! temporary directory and checks what it prints and the files it writes.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use tempfile::TempDir;

const BOTS: [&str; 4] = ["Demo", "Demo", "Null", "Null"];

/// `arena` with `args`, run in `dir`.
fn arena(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("arena").expect("the arena binary is built");
    cmd.current_dir(dir).args(args).env_remove("RUST_BACKTRACE");
    cmd
}

/// Runs `arena` and expects success; returns (stdout, stderr).
fn ok(dir: &Path, args: &[&str]) -> (String, String) {
    let out = arena(dir, args).output().expect("arena runs");
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(out.status.success(), "arena {args:?} failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}", out.status);
    assert!(!stderr.contains("panicked"), "arena {args:?} panicked:\n{stderr}");
    (stdout, stderr)
}

/// Runs `arena` and expects a clean failure (exit code 1 or 2, no panic); returns stderr.
fn fails(dir: &Path, args: &[&str]) -> String {
    let out = arena(dir, args).output().expect("arena runs");
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(!out.status.success(), "arena {args:?} should fail but succeeded:\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(!stderr.contains("panicked"), "arena {args:?} panicked:\n{stderr}");
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "arena {args:?}: unexpected exit status {}:\n{stderr}",
        out.status
    );
    assert!(stderr.contains("error"), "arena {args:?}: no error message:\n{stderr}");
    stderr
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

/// `run pandemic <bots> <extra...>`.
fn run_args<'a>(bots: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["run", "pandemic"];
    v.extend_from_slice(bots);
    v.extend_from_slice(extra);
    v
}

fn files_in(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap_or_else(|| panic!("not an object: {v}")).keys().cloned().collect()
}

/// Checks one match summary against the documented shape; returns the players.
fn check_summary(s: &Value, seed: u64, rounds: u64, names: &[&str]) -> Vec<Value> {
    assert_eq!(keys(s), set(&["game", "seed", "rounds", "players"]), "summary keys: {s}");
    assert_eq!(s["game"], "pandemic");
    assert_eq!(s["seed"].as_u64(), Some(seed), "seed: {s}");
    assert_eq!(s["rounds"].as_u64(), Some(rounds), "rounds: {s}");
    let players = s["players"].as_array().expect("players is an array").clone();
    assert_eq!(players.len(), 4);
    let scores: Vec<i64> = players.iter().map(|p| p["score"].as_i64().expect("score is an integer")).collect();
    for (k, p) in players.iter().enumerate() {
        assert_eq!(keys(p), set(&["name", "score", "rank", "cpu", "frozen"]), "player keys: {p}");
        assert_eq!(p["name"].as_str(), Some(names[k]));
        // Competition ranking: 1 + the number of players with a strictly higher score.
        let better = scores.iter().filter(|&&o| o > scores[k]).count() as u64;
        assert_eq!(p["rank"].as_u64(), Some(1 + better), "rank of player {k} in {s}");
        let cpu = p["cpu"].as_f64().expect("cpu is a number");
        assert!(p["cpu"].is_f64(), "cpu is written as a float: {p}");
        assert!((0.0..=1.0).contains(&cpu), "cpu {cpu} not in 0..1");
        assert!(p["frozen"].is_null(), "house bots are never frozen: {p}");
    }
    players
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

// ---------------------------------------------------------------------------------------------
// 1. A single match.

#[test]
fn run_prints_players_and_winner_consistent_with_json() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let (stdout, stderr) = ok(d, &run_args(&BOTS, &["--seed", "30", "--out", "m.replay"]));
    let (js, _) = ok(d, &run_args(&BOTS, &["--seed", "30", "--json", "--no-replay"]));
    let summary = json(&js);
    let players = check_summary(&summary, 30, 200, &BOTS);

    assert!(stdout.starts_with("Pandemic, seed 30, 200 rounds\n"), "title line:\n{stdout}");
    assert!(stderr.contains("replay written to m.replay"), "stderr:\n{stderr}");
    // One row per player: index, name, score, rank, cpu, status, in seat order.
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 4 && w[0].parse::<usize>().is_ok())
        .collect();
    assert_eq!(rows.len(), 4, "four player rows:\n{stdout}");
    for (p, row) in rows.iter().enumerate() {
        assert_eq!(row[0], p.to_string());
        assert_eq!(row[1], BOTS[p]);
        assert_eq!(row[2], players[p]["score"].to_string(), "score of player {p}:\n{stdout}");
        assert_eq!(row[3], players[p]["rank"].to_string(), "rank of player {p}:\n{stdout}");
        assert_eq!(row[4], "0%", "native bots use no metered cpu");
    }
    let winners: Vec<String> =
        (0..4).filter(|&p| players[p]["rank"] == 1).map(|p| format!("{} (player {p})", BOTS[p])).collect();
    let label = if winners.len() > 1 { "winners (tied)" } else { "winner" };
    let line = format!("{label}: {}", winners.join(", "));
    assert_eq!(stdout.lines().last(), Some(line.as_str()), "winner line:\n{stdout}");
    // The Null bots give no orders and score nothing: a tie, sharing one rank.
    assert_eq!(players[2]["score"], 0);
    assert_eq!(players[2]["rank"], players[3]["rank"]);
}

#[test]
fn four_way_tie_prints_tied_winners() {
    let dir = TempDir::new().unwrap();
    let (stdout, _) = ok(dir.path(), &run_args(&["Null"; 4], &["--seed", "2", "--no-replay"]));
    assert!(
        stdout.contains("winners (tied): Null (player 0), Null (player 1), Null (player 2), Null (player 3)"),
        "{stdout}"
    );
}

#[test]
fn replays_are_deterministic_per_seed() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    ok(d, &run_args(&BOTS, &["--seed", "30", "--out", "a.replay"]));
    ok(d, &run_args(&BOTS, &["--seed", "30", "--out", "b.replay"]));
    ok(d, &run_args(&BOTS, &["--seed", "31", "--out", "c.replay"]));
    let a = std::fs::read(d.join("a.replay")).unwrap();
    let b = std::fs::read(d.join("b.replay")).unwrap();
    let c = std::fs::read(d.join("c.replay")).unwrap();
    assert!(a.starts_with(b"ARENARPL"), "replay magic");
    assert!(a.len() > 1000, "a 200-round replay is not tiny: {} bytes", a.len());
    assert!(a == b, "same seed, same bots: byte-identical replays");
    assert!(a != c, "another seed gives another replay");
    assert_eq!(files_in(d), set(&["a.replay", "b.replay", "c.replay"]), "--out writes only that file");
}

// ---------------------------------------------------------------------------------------------
// 2. Where the replay goes.

#[test]
fn default_replay_path_and_no_replay() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    ok(d, &run_args(&BOTS, &["--seed", "30"]));
    assert_eq!(files_in(d), set(&["pandemic-30.replay"]));
    let (stdout, _) = ok(d, &["replay", "pandemic-30.replay"]);
    assert!(stdout.contains("seed 30,"), "{stdout}");

    let empty = TempDir::new().unwrap();
    let (stdout, stderr) = ok(empty.path(), &run_args(&BOTS, &["--seed", "30", "--no-replay"]));
    assert!(files_in(empty.path()).is_empty(), "--no-replay writes nothing");
    assert!(stdout.contains("winner"), "{stdout}");
    assert!(!stderr.contains("replay written"), "{stderr}");

    // --no-replay and --out contradict each other.
    let e = fails(empty.path(), &run_args(&BOTS, &["--out", "x.replay", "--no-replay"]));
    assert!(e.contains("--no-replay") && e.contains("--out"), "{e}");
    assert!(files_in(empty.path()).is_empty());
}

// ---------------------------------------------------------------------------------------------
// 3. JSON.

#[test]
fn json_single_match_shape() {
    let dir = TempDir::new().unwrap();
    let (stdout, _) = ok(dir.path(), &run_args(&BOTS, &["--seed", "30", "--json", "--no-replay"]));
    let s = json(&stdout);
    let players = check_summary(&s, 30, 200, &BOTS);
    assert!(players[0]["score"].as_i64().unwrap() > 0, "Demo scores: {s}");
    assert_eq!(players[2]["score"], 0);
    assert_eq!(players[3]["score"], 0);
    assert_eq!(players[2]["rank"], players[3]["rank"], "tied Null bots share a rank");
    assert_eq!(players[2]["rank"], 3, "two Demo bots above them");
}

#[test]
fn json_many_seeds_is_an_array() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let (stdout, _) = ok(d, &run_args(&BOTS, &["--seeds", "1..3", "--json"]));
    let all = json(&stdout);
    let all = all.as_array().unwrap_or_else(|| panic!("an array: {stdout}"));
    assert_eq!(all.len(), 3);
    for (k, s) in all.iter().enumerate() {
        check_summary(s, k as u64 + 1, 200, &BOTS);
    }
    // Each element is the same match as the single-seed run.
    let (one, _) = ok(d, &run_args(&BOTS, &["--seed", "2", "--json", "--no-replay"]));
    assert_eq!(all[1], json(&one));
    assert!(files_in(d).is_empty(), "--seeds without --out-dir writes no replay: {:?}", files_in(d));
}

// ---------------------------------------------------------------------------------------------
// 4. Many seeds: the table and --out-dir.

#[test]
fn seeds_table_and_out_dir() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let bots = ["Demo", "Null", "Demo", "Null"];
    let (table, _) = ok(d, &run_args(&bots, &["--seeds", "1..5", "--out-dir", "D"]));
    let (js, _) = ok(d, &run_args(&bots, &["--seeds", "1..5", "--json"]));
    let all = json(&js);
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 5);

    assert!(table.contains("5 matches (seeds 1..5)"), "{table}");
    assert!(table.contains("wins") && table.contains("mean score"), "{table}");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() == 6 && w[0].parse::<usize>().is_ok())
        .collect();
    assert_eq!(rows.len(), 4, "one row per player:\n{table}");
    for (p, row) in rows.iter().enumerate() {
        assert_eq!(row[1], bots[p]);
        let wins = all.iter().filter(|s| s["players"][p]["rank"] == 1).count();
        let mean = all.iter().map(|s| s["players"][p]["score"].as_f64().unwrap()).sum::<f64>() / 5.0;
        assert_eq!(row[2], wins.to_string(), "wins of player {p}:\n{table}");
        assert_eq!(row[3], format!("{mean:.1}"), "mean score of player {p}:\n{table}");
    }
    assert_eq!(rows[1][2], "0", "Null never wins against Demo");
    assert_eq!(rows[1][3], "0.0");
    let demo_wins: usize = [0, 2].iter().map(|&p| rows[p][2].parse::<usize>().unwrap()).sum();
    assert!(demo_wins >= 5, "every match has a Demo winner:\n{table}");

    let names: BTreeSet<String> = (1..=5).map(|k| format!("pandemic-{k}.replay")).collect();
    assert_eq!(files_in(&d.join("D")), names);
    assert_eq!(files_in(d), set(&["D"]), "nothing written outside --out-dir");
    // The replay of seed 3 is the same file a single run of seed 3 writes.
    ok(d, &run_args(&bots, &["--seed", "3", "--out", "three.replay"]));
    assert!(std::fs::read(d.join("D/pandemic-3.replay")).unwrap() == std::fs::read(d.join("three.replay")).unwrap());
    let (h, _) = ok(d, &["replay", "D/pandemic-5.replay", "--json"]);
    assert_eq!(json(&h)["summary"], all[4]);
}

#[test]
fn bad_seed_ranges_are_rejected() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let e = fails(d, &run_args(&BOTS, &["--seeds", "5..1"]));
    assert!(e.contains("empty seed range"), "{e}");
    let e = fails(d, &run_args(&BOTS, &["--seeds", "x"]));
    assert!(e.contains("not a seed"), "{e}");
    let e = fails(d, &run_args(&BOTS, &["--seed", "3", "--seeds", "1..2"]));
    assert!(e.contains("cannot be used with"), "{e}");
    let e = fails(d, &run_args(&BOTS, &["--out-dir", "D"]));
    assert!(e.contains("--seeds"), "--out-dir needs --seeds: {e}");
    assert!(files_in(d).is_empty());
}

// ---------------------------------------------------------------------------------------------
// 5. arena list.

#[test]
fn list_shows_games_parameters_and_house_bots() {
    let dir = TempDir::new().unwrap();
    let (stdout, _) = ok(dir.path(), &["list"]);
    assert!(stdout.contains("pandemic (Pandemic)"), "{stdout}");
    assert!(stdout.contains("house bots: Null, Demo, Dummy (wasm"), "{stdout}");
    let param = |name: &str| -> (String, String) {
        let line = stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no line for {name}:\n{stdout}"));
        let w: Vec<&str> = line.split_whitespace().collect();
        (w[1].to_string(), w[2].to_string())
    };
    for (name, default, range) in [
        ("nb_rounds", "200", "(1..=100000)"),
        ("rows", "70", "(20..=250)"),
        ("cols", "70", "(20..=250)"),
        ("nb_units", "15", "(1..=10000)"),
        ("infection_factor", "50", "(1..=1000000)"),
        ("nb_players", "4", "(4..=4)"),
    ] {
        assert_eq!(param(name), (default.to_string(), range.to_string()), "{name}");
    }
    assert!(stdout.contains("ork-island (Ork Island)") && stdout.contains("nb_orks"), "{stdout}");
    assert!(
        stdout.contains("walking-dead (The Walking Dead)") && stdout.contains("rounds_before_becoming_zombie"),
        "{stdout}"
    );
    assert!(stdout.contains("purge (The Purge)") && stdout.contains("max_num_barricades"), "{stdout}");
    assert!(stdout.contains("mad-max (Mad Max)") && stdout.contains("warriors_health"), "{stdout}");
}

// ---------------------------------------------------------------------------------------------
// 6. arena replay.

#[test]
fn replay_prints_header_and_matches_the_run() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let (js, _) = ok(d, &run_args(&BOTS, &["--seed", "30", "--out", "m.replay", "--json"]));
    let (stdout, _) = ok(d, &["replay", "m.replay"]);
    assert!(stdout.starts_with("Pandemic replay, format 1,"), "{stdout}");
    assert!(stdout.contains("seed 30, 200 rounds, 201 frames, board generated"), "{stdout}");
    for (p, name) in BOTS.iter().enumerate() {
        let line = stdout.lines().find(|l| l.trim_start().starts_with(&format!("player {p}:"))).expect("player line");
        // House bots run in the sandbox, identified by their module's hash.
        assert!(line.contains(name) && line.contains("sha256:"), "{line}");
    }
    let (rj, _) = ok(d, &["replay", "m.replay", "--json"]);
    let r = json(&rj);
    assert_eq!(r["summary"], json(&js), "the replay's summary is the match's");
    assert_eq!(r["header"]["seed"], 30);
    assert_eq!(r["header"]["game"], "pandemic");
    assert!(r["header"]["fixed_board"].is_null());
    assert_eq!(r["header"]["params"]["nb_rounds"], 200);
    let names: Vec<&str> =
        r["header"]["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, BOTS);
}

#[test]
fn damaged_replays_fail_cleanly() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    ok(d, &run_args(&BOTS, &["--seed", "30", "--out", "m.replay"]));
    let good = std::fs::read(d.join("m.replay")).unwrap();
    let mid = good.len() / 2;
    let mut flipped = good.clone();
    flipped[mid..mid + 8].iter_mut().for_each(|b| *b ^= 0xFF);
    let mut one_bit = good.clone();
    one_bit[mid] ^= 0x10;
    let mut version = good.clone();
    version[8] = 2;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("half.replay", good[..mid].to_vec(), "damaged replay"),
        ("minus-one.replay", good[..good.len() - 1].to_vec(), "damaged replay"),
        ("magic-only.replay", good[..10].to_vec(), "damaged replay"),
        ("flipped.replay", flipped, "damaged replay"),
        ("one-bit.replay", one_bit, "damaged replay"),
        ("text.replay", b"Pandemic v1\nnb_rounds 20\n".to_vec(), "not an Arena replay"),
        ("empty.replay", Vec::new(), "not an Arena replay"),
        ("short.replay", b"ARENA".to_vec(), "not an Arena replay"),
        ("version.replay", version, "format version 2 is not supported"),
    ];
    for (name, bytes, expected) in cases {
        std::fs::write(d.join(name), bytes).unwrap();
        let e = fails(d, &["replay", name]);
        assert!(e.contains(name), "{name}: the message names the file: {e}");
        assert!(e.contains(expected), "{name}: expected `{expected}` in: {e}");
        let e = fails(d, &["replay", name, "--json"]);
        assert!(e.contains(expected), "{name} --json: {e}");
    }
    let e = fails(d, &["replay", "missing.replay"]);
    assert!(e.contains("cannot read missing.replay"), "{e}");
}

/// Damage behind the checksum: decompress, change the body, recompress with a valid checksum,
/// so that the section and game decoders see the damage. Every such file must be either read
/// or refused as damaged, never panic.
#[test]
fn damaged_replay_bodies_never_panic() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "short.cnf", "nb_rounds 12\n");
    ok(d, &run_args(&BOTS, &["--seed", "5", "-i", "short.cnf", "--out", "m.replay"]));
    let good = std::fs::read(d.join("m.replay")).unwrap();
    let body = zstd::stream::decode_all(&good[10..]).unwrap();
    let pack = |body: &[u8]| -> Vec<u8> {
        let mut out = good[..10].to_vec();
        let mut enc = zstd::stream::Encoder::new(&mut out, 3).unwrap();
        enc.include_checksum(true).unwrap();
        enc.write_all(body).unwrap();
        enc.finish().unwrap();
        out
    };
    // Sanity: repacking the intact body gives a readable replay.
    std::fs::write(d.join("repacked.replay"), pack(&body)).unwrap();
    ok(d, &["replay", "repacked.replay"]);

    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut variants: Vec<Vec<u8>> = Vec::new();
    for k in 1..=8 {
        variants.push(body[..body.len() * k / 9].to_vec()); // truncated body
    }
    for _ in 0..24 {
        let mut b = body.clone();
        for _ in 0..1 + next() % 3 {
            let at = (next() % b.len() as u64) as usize;
            b[at] = match next() % 3 {
                0 => b[at] ^ (1 << (next() % 8)),
                1 => 0xFF,
                _ => 0,
            };
        }
        variants.push(b);
    }
    let mut extra = body.clone();
    extra.extend_from_slice(b"R\x00");
    variants.push(extra); // trailing data after the end section
    for (k, v) in variants.iter().enumerate() {
        let name = format!("v{k}.replay");
        std::fs::write(d.join(&name), pack(v)).unwrap();
        let out = arena(d, &["replay", &name]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "variant {k} panicked:\n{stderr}");
        if out.status.success() {
            assert!(String::from_utf8_lossy(&out.stdout).contains("Pandemic replay"));
        } else {
            assert_eq!(out.status.code(), Some(1), "variant {k}: {stderr}");
            assert!(stderr.contains(&name), "variant {k}: names the file: {stderr}");
            assert!(
                stderr.contains("damaged replay")
                    || stderr.contains("replay is for game")
                    || stderr.contains("not supported"),
                "variant {k}: unclear message: {stderr}"
            );
        }
    }
    assert!(
        !arena(d, &["replay", &format!("v{}.replay", variants.len() - 1)]).output().unwrap().status.success(),
        "trailing data is refused"
    );
}

// ---------------------------------------------------------------------------------------------
// 7. Parameter files.

#[test]
fn config_sets_parameters() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "a.cnf", "Pandemic v1\n\n# a short match\nnb_rounds 20\nGENERATOR1\n");
    let (js, _) = ok(d, &run_args(&BOTS, &["--seed", "4", "-i", "a.cnf", "--json", "--out", "a.replay"]));
    check_summary(&json(&js), 4, 20, &BOTS);
    let (h, _) = ok(d, &["replay", "a.replay", "--json"]);
    assert_eq!(json(&h)["header"]["params"]["nb_rounds"], 20);
    assert_eq!(json(&h)["header"]["params"]["rows"], 70, "unlisted parameters keep their defaults");
    let (text, _) = ok(d, &["replay", "a.replay"]);
    assert!(text.contains("20 rounds, 21 frames"), "{text}");

    // The long flag, and a config without a version line.
    write(d, "b.cnf", "nb_rounds 7\nrows 30\ncols 30\nnb_units 5\n");
    let (js, _) = ok(d, &run_args(&BOTS, &["--config", "b.cnf", "--json", "--no-replay"]));
    check_summary(&json(&js), 1, 7, &BOTS);
}

#[test]
fn config_errors_name_the_file_and_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let cases = [
        (
            "unknown.cnf",
            "Pandemic v1\nnb_rounds 20\ncolumns 3\n",
            vec!["unknown.cnf", "line 3", "unknown parameter `columns`", "nb_rounds"],
        ),
        (
            "range.cnf",
            "Pandemic v1\nnb_rounds 20\nrows 10\n",
            vec!["range.cnf", "line 3", "`rows` = 10 is out of range", "20..=250"],
        ),
        ("range2.cnf", "nb_rounds 0\n", vec!["line 1", "nb_rounds", "1..=100000"]),
        ("float.cnf", "Pandemic v1\n\nnb_rounds 2.5\n", vec!["float.cnf", "line 3", "must be an integer", "2.5"]),
        ("word.cnf", "Pandemic v1\nrows 30\ncols abc\n", vec!["line 3", "`cols` must be an integer", "abc"]),
        ("twice.cnf", "rows 30\ncols 30\nrows 40\n", vec!["line 3", "`rows` is given twice"]),
        ("three.cnf", "Pandemic v1\nrows 30 30\n", vec!["line 2", "expected `keyword value`"]),
        ("after.cnf", "nb_rounds 5\nRANDOM\nrows 30\n", vec!["line 3", "unexpected text after RANDOM"]),
        ("nofixed.cnf", "nb_rounds 5\nFIXED\n\n", vec!["line 2", "FIXED must be followed by a board"]),
    ];
    for (name, text, expected) in cases {
        write(d, name, text);
        let e = fails(d, &run_args(&BOTS, &["-i", name]));
        for x in expected {
            assert!(e.contains(x), "{name}: expected `{x}` in: {e}");
        }
    }
    let e = fails(d, &run_args(&BOTS, &["-i", "missing.cnf"]));
    assert!(e.contains("cannot read missing.cnf"), "{e}");
    assert_eq!(files_in(d).iter().filter(|f| f.ends_with(".replay")).count(), 0, "no replay after an error");
}

#[test]
fn config_cross_field_errors() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "rect.cnf", "Pandemic v1\nrows 30\ncols 40\n");
    let e = fails(d, &run_args(&BOTS, &["-i", "rect.cnf"]));
    assert!(e.contains("square") && e.contains("rows = 30") && e.contains("cols = 40"), "{e}");
    write(d, "crowded.cnf", "rows 20\ncols 20\nnb_units 5\n");
    let e = fails(d, &run_args(&BOTS, &["-i", "crowded.cnf"]));
    assert!(e.contains("at least 100 x nb_units"), "{e}");
    assert!(files_in(d).iter().all(|f| f.ends_with(".cnf")), "no replay after an error: {:?}", files_in(d));
}

/// A cross-field error is a mistake in the file: it should be reported like the others, with
/// the file's name, not as if one seed had failed.
#[test]
fn setup_errors_name_the_config_file() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "rect.cnf", "Pandemic v1\nrows 30\ncols 40\n");
    let e = fails(d, &run_args(&BOTS, &["-i", "rect.cnf"]));
    assert!(e.contains("rect.cnf") && !e.contains("seed 1"), "{e}");
    write(d, "bad.cnf", &fixed_cnf(&[(5, 2, 'Z')]));
    let e = fails(d, &run_args(&BOTS, &["-i", "bad.cnf"]));
    assert!(e.contains("bad.cnf") && !e.contains("seed 1"), "{e}");
}

/// A first line `nb_rounds abc` is a parameter with a bad value, not a version line.
#[test]
fn first_line_with_a_bad_value_is_an_error() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "first.cnf", "nb_rounds abc\n");
    let e = fails(dir.path(), &run_args(&BOTS, &["-i", "first.cnf", "--no-replay"]));
    assert!(e.contains("line 1") && e.contains("integer"), "{e}");
}

const FIXED_HEADER: &str = "Pandemic v1\nrows 20\ncols 20\nnb_units 1\nnb_rounds 30\nFIXED\n";
/// Lines of the file before the first board row (the header, then the two label lines).
const FIRST_ROW_LINE: usize = 9;

/// A 20x20 board: a wall ring, two 3x3 cities joined by one path. `changes` are (row, col, cell).
fn fixed_board(changes: &[(usize, usize, char)]) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = (0..20)
        .map(|i| {
            (0..20)
                .map(|j| {
                    if i == 0 || i == 19 || j == 0 || j == 19 {
                        'X'
                    } else if (3..=5).contains(&i) && (3..=5).contains(&j)
                        || (14..=16).contains(&i) && (14..=16).contains(&j)
                    {
                        'C'
                    } else if i == 4 && (6..=15).contains(&j) || j == 15 && (5..=13).contains(&i) {
                        'P'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    for &(i, j, c) in changes {
        rows[i][j] = c;
    }
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

/// The whole `.cnf`, with the kits' column and row labels.
fn fixed_cnf(changes: &[(usize, usize, char)]) -> String {
    let tens: String = (0..20).map(|j| char::from(b'0' + j / 10)).collect();
    let units: String = (0..20).map(|j| char::from(b'0' + j % 10)).collect();
    let mut s = format!("{FIXED_HEADER}   {tens}\n   {units}\n");
    for (i, row) in fixed_board(changes).iter().enumerate() {
        s += &format!("{i:02} {row}\n");
    }
    s
}

#[test]
fn fixed_board_is_played() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "fixed.cnf", &fixed_cnf(&[]));
    // Dummies seek cities (the kit's Demo walks at random and may never step on one).
    let demo = ["Dummy"; 4];
    let (js, _) = ok(d, &run_args(&demo, &["--seed", "9", "-i", "fixed.cnf", "--json", "--out", "f.replay"]));
    let players = check_summary(&json(&js), 9, 30, &demo);
    // Somebody takes a city or the path within 30 rounds on so small a board.
    assert!(players.iter().any(|p| p["score"].as_i64().unwrap() > 0), "{js}");
    let (text, _) = ok(d, &["replay", "f.replay"]);
    assert!(text.contains("30 rounds, 31 frames, board FIXED"), "{text}");
    let (h, _) = ok(d, &["replay", "f.replay", "--json"]);
    let header = &json(&h)["header"];
    let board = header["fixed_board"].as_str().expect("the board's text is in the header");
    for row in fixed_board(&[]) {
        assert!(board.contains(&row), "row {row} in the header's board:\n{board}");
    }
    assert_eq!(header["params"]["rows"], 20);
    assert_eq!(header["params"]["nb_units"], 1);
    // The same file and seed give the same match.
    ok(d, &run_args(&demo, &["--seed", "9", "-i", "fixed.cnf", "--out", "g.replay"]));
    assert!(std::fs::read(d.join("f.replay")).unwrap() == std::fs::read(d.join("g.replay")).unwrap());
}

#[test]
fn fixed_board_errors_name_the_line() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // A bad cell character in board row 5.
    write(d, "cell.cnf", &fixed_cnf(&[(5, 2, 'Z')]));
    let e = fails(d, &run_args(&BOTS, &["-i", "cell.cnf"]));
    assert!(e.contains(&format!("line {}", FIRST_ROW_LINE + 5)), "{e}");
    assert!(e.contains("unknown cell `Z` at column 2"), "{e}");
    // A path that reaches only one city.
    write(d, "path.cnf", &fixed_cnf(&[(13, 15, '.')]));
    let e = fails(d, &run_args(&BOTS, &["-i", "path.cnf"]));
    assert!(e.contains("path") && e.contains("two"), "{e}");
    // A board with a short row.
    let text = fixed_cnf(&[]).replace("07 X.", "07 ");
    write(d, "row.cnf", &text);
    let e = fails(d, &run_args(&BOTS, &["-i", "row.cnf"]));
    assert!(e.contains(&format!("line {}", FIRST_ROW_LINE + 7)) && e.contains("row 7 has 18 cells; cols is 20"), "{e}");
    // Too few rows.
    let text: String = fixed_cnf(&[]).lines().take(FIRST_ROW_LINE - 1 + 10).map(|l| format!("{l}\n")).collect();
    write(d, "few.cnf", &text);
    let e = fails(d, &run_args(&BOTS, &["-i", "few.cnf"]));
    assert!(e.contains("the board has 10 rows; rows is 20"), "{e}");
    assert!(files_in(d).iter().all(|f| f.ends_with(".cnf")), "no replay after an error");
}

/// The board error is printed once, not once per level of the error chain.
#[test]
fn fixed_board_error_is_printed_once() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "cell.cnf", &fixed_cnf(&[(5, 2, 'Z')]));
    let e = fails(dir.path(), &run_args(&BOTS, &["-i", "cell.cnf"]));
    assert_eq!(e.matches("unknown cell").count(), 1, "{e}");
}

// ---------------------------------------------------------------------------------------------
// 8. Errors.

#[test]
fn run_errors_name_the_problem() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let e = fails(d, &["run", "chess", "Demo", "Demo", "Null", "Null"]);
    assert!(e.contains("unknown game `chess`") && e.contains("pandemic"), "{e}");
    let e = fails(d, &["run", "mad_max", "Demo", "Demo", "Null", "Null"]);
    assert!(e.contains("unknown game `mad_max`") && e.contains("purge, mad-max"), "{e}");
    let e = fails(d, &run_args(&["Demo", "Demo", "Smart", "Null"], &[]));
    assert!(e.contains("unknown bot `Smart`") && e.contains("Null, Demo, Dummy"), "{e}");
    let e = fails(d, &run_args(&["Demo", "Demo", "bots/mine.wasm", "Null"], &[]));
    assert!(e.contains("cannot read bots/mine.wasm"), "{e}");
    std::fs::write(d.join("text.wasm"), "hello").unwrap();
    let e = fails(d, &run_args(&["Demo", "Demo", "text.wasm", "Null"], &[]));
    assert!(e.contains("text.wasm") && e.contains("not a WebAssembly module"), "{e}");
    std::fs::remove_file(d.join("text.wasm")).unwrap();
    let e = fails(d, &run_args(&["Demo", "native:Dummy", "Null", "Null"], &[]));
    assert!(e.contains("unknown native bot `Dummy`") && e.contains("Null, Demo"), "{e}");
    let e = fails(d, &run_args(&["Demo", "Demo", "Null"], &[]));
    assert!(e.contains("4 values required") && e.contains("3 were provided"), "{e}");
    let e = fails(d, &run_args(&["Demo", "Demo", "Null", "Null", "Null"], &[]));
    assert!(e.contains("5 were provided"), "{e}");
    assert!(files_in(d).is_empty(), "no replay after an error: {:?}", files_in(d));
}

#[test]
fn runtime_errors_exit_with_status_1_and_usage_errors_with_2() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    arena(d, &run_args(&["Demo", "Demo", "Smart", "Null"], &[])).assert().code(1);
    arena(d, &run_args(&["Demo", "Demo", "Null"], &[])).assert().code(2);
    arena(d, &["replay"]).assert().code(2);
    arena(d, &["frobnicate"]).assert().code(2);
    // Game names are not case-sensitive.
    let (stdout, _) = ok(d, &["run", "Pandemic", "demo", "DEMO", "null", "Null", "--no-replay"]);
    assert!(stdout.starts_with("Pandemic, seed 1, 200 rounds"), "{stdout}");
}

#[test]
fn replay_frame_gives_the_state_after_a_round() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let (summary, _) = ok(d, &run_args(&BOTS, &["--seed", "30", "--out", "m.replay", "--json"]));
    let summary = json(&summary);
    let (last, _) = ok(d, &["replay", "m.replay", "--frame", "200"]);
    let last = json(&last);
    assert_eq!(last["round"], 200);
    for p in 0..4 {
        assert_eq!(last["scores"][p], summary["players"][p]["score"], "player {p}");
    }
    let units: i64 = last["units"].as_array().unwrap().iter().map(|u| u.as_i64().unwrap()).sum();
    assert_eq!(units, 60, "the number of units never changes");
    let (first, _) = ok(d, &["replay", "m.replay", "--frame", "0"]);
    let first = json(&first);
    assert_eq!(first["round"], 0);
    assert_eq!(first["units"], serde_json::json!([15, 15, 15, 15]));
    assert_eq!(first["scores"], serde_json::json!([0, 0, 0, 0]));
    assert_eq!(first["cities"], serde_json::json!([0, 0, 0, 0]));
    let (mid, _) = ok(d, &["replay", "m.replay", "--frame", "120"]);
    let mid = json(&mid);
    for p in 0..2 {
        let (a, b) = (mid["scores"][p].as_i64().unwrap(), last["scores"][p].as_i64().unwrap());
        assert!(0 < a && a <= b, "scores grow: {a} then {b}");
    }
    let err = fails(d, &["replay", "m.replay", "--frame", "201"]);
    assert!(err.contains("no frame 201: this replay has frames 0..=200"), "{err}");
}

#[test]
fn replay_reads_ork_island_and_its_frames() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let run = ["run", "ork-island", "Demo", "Demo", "Demo", "Null", "--seed", "3", "--out", "o.replay", "--json"];
    let (summary, _) = ok(d, &run);
    let summary = json(&summary);
    assert_eq!(summary["game"], "ork-island");
    let (text, _) = ok(d, &["replay", "o.replay"]);
    assert!(text.starts_with("Ork Island replay, format 1,"), "{text}");
    assert!(text.contains("seed 3, 200 rounds, 201 frames, board generated"), "{text}");

    let frame = |n: usize| json(&ok(d, &["replay", "o.replay", "--frame", &n.to_string()]).0);
    let ints = |v: &Value| -> Vec<i64> { v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect() };
    let first = frame(0);
    assert_eq!(first["round"], 0);
    assert_eq!(first["units"], serde_json::json!([15, 15, 15, 15]));
    assert_eq!(first["scores"], serde_json::json!([0, 0, 0, 0]));
    assert_eq!(first["health"], serde_json::json!([1500, 1500, 1500, 1500]), "every ork starts with 100");
    assert!(first["city_owner"].as_array().unwrap().iter().all(|o| o == -1), "no owners at the start");
    assert!(first["cities"] == serde_json::json!([0, 0, 0, 0]) && first["moves"] == serde_json::json!([]));
    let orks = first["orks"].as_array().unwrap();
    assert_eq!(orks.len(), 60);
    for (k, o) in orks.iter().enumerate() {
        assert_eq!(o["id"], k);
        assert_eq!(o["player"].as_u64().unwrap(), k as u64 / 15, "ork ids are player x nb_orks + k");
        assert_eq!(o["health"], 100);
    }

    let last = frame(200);
    assert_eq!(last["round"], 200);
    for p in 0..4 {
        assert_eq!(last["scores"][p], summary["players"][p]["score"], "player {p}");
    }
    assert_eq!(ints(&last["units"]).iter().sum::<i64>(), 60, "orks change sides but never disappear");
    let orks = last["orks"].as_array().unwrap();
    let mut health = [0i64; 4];
    let mut cells = BTreeSet::new();
    for o in orks {
        let h = o["health"].as_i64().unwrap();
        assert!((0..=100).contains(&h), "a living ork has 0..=100 health: {o}");
        health[o["player"].as_u64().unwrap() as usize] += h;
        assert!(cells.insert((o["row"].as_i64().unwrap(), o["col"].as_i64().unwrap())), "one ork a cell: {o}");
    }
    assert_eq!(ints(&last["health"]), health.to_vec(), "health is each player's total");
    let owned =
        |key: &str, p: i64| last[key].as_array().unwrap().iter().filter(|o| o.as_i64() == Some(p)).count() as i64;
    for p in 0..4 {
        assert_eq!(last["cities"][p as usize].as_i64().unwrap(), owned("city_owner", p), "cities of {p}");
        assert_eq!(last["paths"][p as usize].as_i64().unwrap(), owned("path_owner", p), "paths of {p}");
    }
    assert!(summary["players"][0]["score"].as_i64().unwrap() > 0, "Demo conquers something: {summary}");
    assert_eq!(summary["players"][3]["score"], 0, "Null conquers nothing");

    // The moves of round 1: Demo's orks (players 0..2) only, one each at most, real directions.
    let moves = frame(1)["moves"].as_array().unwrap().clone();
    assert!(!moves.is_empty());
    let mut seen = BTreeSet::new();
    for m in &moves {
        let ork = m["ork"].as_u64().unwrap();
        assert!(ork < 45 && seen.insert(ork), "{m}");
        assert!(["bottom", "right", "top", "left"].contains(&m["dir"].as_str().unwrap()), "{m}");
    }
    let err = fails(d, &["replay", "o.replay", "--frame", "201"]);
    assert!(err.contains("no frame 201: this replay has frames 0..=200"), "{err}");

    // A damaged island is found by `arena replay` (the game's part is decoded too): cell (0, 0)
    // made GRASS. The body is H, then I whose payload starts with rows and cols (a byte each).
    let bytes = std::fs::read(d.join("o.replay")).unwrap();
    let mut body = zstd::stream::decode_all(&bytes[10..]).unwrap();
    let varint_end = |b: &[u8], mut at: usize| -> (usize, usize) {
        let (mut v, mut shift) = (0usize, 0);
        loop {
            v |= usize::from(b[at] & 0x7f) << shift;
            shift += 7;
            at += 1;
            if b[at - 1] & 0x80 == 0 {
                return (v, at);
            }
        }
    };
    assert_eq!(body[0], b'H');
    let (h_len, h_start) = varint_end(&body, 1);
    let i_tag = h_start + h_len;
    assert_eq!(body[i_tag], b'I');
    let (_, i_start) = varint_end(&body, i_tag + 1);
    assert_eq!(&body[i_start..i_start + 3], &[70, 70, 0], "rows, cols, then WATER at (0, 0)");
    body[i_start + 2] = 1;
    let mut damaged = bytes[..10].to_vec();
    let mut enc = zstd::stream::Encoder::new(&mut damaged, 3).unwrap();
    enc.include_checksum(true).unwrap();
    enc.write_all(&body).unwrap();
    enc.finish().unwrap();
    std::fs::write(d.join("island.replay"), damaged).unwrap();
    let err = fails(d, &["replay", "island.replay"]);
    assert!(err.contains("damaged replay: board: the outer ring must be WATER, but (0, 0) is not"), "{err}");
}

/// Reads one HTTP/1.0 response from `addr` for `path`: (status line, body).
fn http_get(addr: &str, path: &str) -> (String, Vec<u8>) {
    use std::io::Read;
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").expect("a header");
    let head = String::from_utf8_lossy(&buf[..split]).into_owned();
    (head.lines().next().unwrap_or("").to_string(), buf[split + 4..].to_vec())
}

#[test]
fn view_serves_the_viewer_and_the_replay() {
    use std::io::BufRead;
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    ok(d, &run_args(&BOTS, &["--seed", "4", "--out", "m.replay"]));
    let bin = assert_cmd::cargo::cargo_bin("arena");
    let mut child = std::process::Command::new(bin)
        .current_dir(d)
        .args(["view", "m.replay"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let url = first.trim().strip_prefix("viewer: http://").unwrap_or_else(|| panic!("unexpected first line {first:?}"));
    let addr = url.split('/').next().unwrap().to_string();
    assert!(url.ends_with("/viewer.html?replay=/replay.bin"), "{url}");
    let (status, body) = http_get(&addr, "/replay.bin");
    let (status2, page) = http_get(&addr, "/viewer.html");
    let (status3, _) = http_get(&addr, "/no-such-file.js");
    // Every script the page loads is served: the reader, the shared grid part, each game's part.
    let page_text = String::from_utf8_lossy(&page).into_owned();
    let scripts: Vec<&str> =
        page_text.split("<script src=\"").skip(1).map(|s| s.split('"').next().unwrap_or("")).collect();
    for want in ["js/replay.js", "js/grid.js", "js/games/pandemic.js", "js/games/ork-island.js", "js/viewer.js"] {
        assert!(scripts.contains(&want), "viewer.html loads {want}: {scripts:?}");
    }
    let served: Vec<(String, Vec<u8>)> = scripts.iter().map(|s| http_get(&addr, &format!("/{s}"))).collect();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(status.contains("200"), "{status}");
    assert_eq!(body, std::fs::read(d.join("m.replay")).unwrap(), "the replay is served as is");
    assert!(status2.contains("200"), "{status2}");
    assert!(String::from_utf8_lossy(&page).contains("<html"), "the viewer page is served");
    assert!(status3.contains("404"), "{status3}");
    for (script, (status, body)) in scripts.iter().zip(&served) {
        assert!(status.contains("200") && !body.is_empty(), "{script}: {status}");
    }
    let ork = &served[scripts.iter().position(|s| *s == "js/games/ork-island.js").unwrap()].1;
    assert!(String::from_utf8_lossy(ork).contains("registerGame('ork-island'"), "Ork Island's renderer is embedded");
    // A damaged replay is refused before serving.
    std::fs::write(d.join("bad.replay"), b"ARENARPL\x01\x00garbage").unwrap();
    let err = fails(d, &["view", "bad.replay"]);
    assert!(err.contains("damaged replay"), "{err}");
}

#[test]
fn boards_counts_what_the_kits_statistics_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // The two joined cities, plus a lone one-cell city and one more wall cell.
    write(d, "fixed.cnf", &fixed_cnf(&[(10, 3, 'C'), (10, 10, 'X')]));
    let (js, _) = ok(d, &["boards", "pandemic", "--config", "fixed.cnf", "--seeds", "1", "--json"]);
    let v = json(&js);
    let figure = |name: &str| -> Value {
        let s =
            v["stats"].as_array().unwrap().iter().find(|s| s["name"] == name).unwrap_or_else(|| panic!("{name}: {v}"));
        assert_eq!(s["kit_mean"], Value::Null, "a FIXED board is not compared with the kit's: {s}");
        s["mean"].clone()
    };
    let expected = [
        ("cities", 3.0),
        ("city cells", 19.0),
        ("paths", 1.0),
        ("path cells", 19.0),
        ("components", 2.0),
        ("largest component", 2.0),
        ("wall cells", 77.0),
    ];
    for (name, value) in expected {
        assert_eq!(figure(name), value, "{name}");
    }
    // Generated boards: every figure for both games, next to the kit's mean.
    for game in ["pandemic", "ork-island"] {
        let (text, _) = ok(d, &["boards", game, "--seeds", "1..3"]);
        assert!(text.contains("over 3 seeds"), "{text}");
        for name in ["cities", "city cells", "paths", "path cells", "components", "largest component"] {
            let line = text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name}:\n{text}"));
            assert!(line.trim_end().ends_with('%'), "compared with the kit: {line}");
        }
    }
}

#[test]
fn fidelity_compares_demo_scores_with_the_kits() {
    let dir = TempDir::new().unwrap();
    let (js, _) = ok(dir.path(), &["fidelity", "ork-island", "--seeds", "1..4", "--json"]);
    let v = json(&js);
    assert_eq!(v["seeds"], 4, "{v}");
    assert_eq!(v["kit_seeds"], 100, "the kit's figures are committed for seeds 1..100: {v}");
    let names: Vec<&str> = v["figures"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["winner score", "total score"]);
    for f in v["figures"].as_array().unwrap() {
        let p = f["p"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{f}");
        assert!(f["arena_mean"].as_f64().unwrap() > 0.0 && f["kit_mean"].as_f64().unwrap() > 0.0, "{f}");
    }
}

/// Issue 14's target: Demo x4 scores like the kit's Demo x4 (winner and total, both games).
#[test]
fn demo_scores_like_the_kits_demo() {
    let dir = TempDir::new().unwrap();
    for game in ["pandemic", "ork-island"] {
        let (js, _) = ok(dir.path(), &["fidelity", game, "--json"]);
        let v = json(&js);
        assert_eq!(v["seeds"], 100, "{v}");
        for f in v["figures"].as_array().unwrap() {
            let p = f["p"].as_f64().unwrap();
            assert!(p > 0.05, "{game}: {} differs from the kit's (p = {p}): {f}", f["name"]);
        }
    }
}

/// `arena strength`: first places of each player against three copies of an opponent, with the
/// kit's rate next to the players the kit measured.
#[test]
fn strength_counts_first_places_against_three_opponents() {
    let dir = TempDir::new().unwrap();
    let (js, _) =
        ok(dir.path(), &["strength", "pandemic", "Dummy", "Null", "--against", "Demo", "--seeds", "1..4", "--json"]);
    let v = json(&js);
    assert_eq!(v["game"], "pandemic", "{v}");
    assert_eq!(v["against"], "Demo", "{v}");
    let rows = v["players"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["player"].as_str().unwrap()).collect();
    assert_eq!(names, ["Dummy", "Null"], "{v}");
    for r in rows {
        assert_eq!(r["matches"], 4, "{r}");
        assert_eq!(r["frozen"], 0, "{r}");
        assert!(r["kit_percent"].is_null(), "the kit measured no player of this name: {r}");
        let firsts = r["firsts"].as_f64().unwrap();
        assert_eq!(r["percent"].as_f64().unwrap(), 25.0 * firsts, "{r}");
    }
    assert_eq!(rows[0]["firsts"], 4, "Dummy beats three Demos: {v}");
    assert_eq!(rows[1]["firsts"], 0, "Null never beats three Demos: {v}");

    let (table, _) = ok(dir.path(), &["strength", "ork-island", "Null", "--seeds", "1..2"]);
    assert!(table.contains("Ork Island: first places against three Dummy (2 seeds"), "{table}");
    assert!(table.lines().any(|l| l.starts_with("Null") && l.contains(" 0%")), "{table}");

    let err = fails(dir.path(), &["strength", "pandemic", "no-such-bot.wasm", "--seeds", "1..2"]);
    assert!(err.contains("no-such-bot.wasm"), "{err}");

    // A course's own parameters (`-i`): a one-round match ends with every score at 0, and a tie
    // for first is first, so Null, never first against three Demos by default, is always first.
    write(dir.path(), "one-round.cnf", "nb_rounds 1\n");
    let (js, _) = ok(
        dir.path(),
        &["strength", "pandemic", "Null", "--against", "Demo", "--seeds", "1..4", "-i", "one-round.cnf", "--json"],
    );
    let v = json(&js);
    assert_eq!(v["config"], "one-round.cnf", "{v}");
    assert_eq!(v["players"][0]["firsts"], 4, "{v}");
    let (table, _) = ok(dir.path(), &["strength", "pandemic", "Null", "--seeds", "1..2", "-i", "one-round.cnf"]);
    assert!(table.contains("the parameters of one-round.cnf; the kit's column is for the defaults"), "{table}");
    write(dir.path(), "bad.cnf", "nb_rounds 1\ncolumns 3\n");
    let err = fails(dir.path(), &["strength", "pandemic", "Null", "--seeds", "1..2", "-i", "bad.cnf"]);
    assert!(err.contains("bad.cnf: line 2: unknown parameter `columns`"), "{err}");
}
