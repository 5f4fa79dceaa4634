//! `arena tournament` end to end: house bots on short matches, the JSON's shape and the format's
//! invariants, names of copies, reproducibility from the seed.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use tempfile::TempDir;

fn arena(dir: &Path, args: &[&str]) -> (Value, String) {
    let out = Command::cargo_bin("arena")
        .expect("the arena binary is built")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("arena runs");
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(out.status.success(), "arena {args:?} failed:\n{stdout}\n{stderr}");
    (serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}")), stderr)
}

fn names(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

fn tournament(dir: &Path, extra: &[&str]) -> (Value, String) {
    std::fs::write(dir.join("short.cnf"), "nb_rounds 10\n").unwrap();
    let mut args = vec!["tournament", "pandemic", "Demo", "Demo", "Demo", "Null", "Null", "Dummy", "Demo", "Null"];
    args.extend_from_slice(&["-i", "short.cnf", "--json", "--final-matches", "3"]);
    args.extend_from_slice(extra);
    arena(dir, &args)
}

#[test]
fn json_shape_and_invariants() {
    let dir = TempDir::new().unwrap();
    let (j, stderr) = tournament(dir.path(), &["--seed", "7"]);
    assert!(stderr.contains("matches/s/core"), "{stderr}");
    assert_eq!(j["game"], "pandemic");
    assert_eq!(j["seed"], 7);
    let all: BTreeSet<String> = ["Demo", "Demo-2", "Demo-3", "Demo-4", "Null", "Null-2", "Null-3", "Dummy"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let rounds = j["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 4, "8 entrants down to 4 finalists");
    let mut alive = all.clone();
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(r["round"], i + 1);
        let out = r["out"].as_str().unwrap().to_string();
        let turns = r["turns"].as_array().unwrap();
        // The first turn seats everybody still in.
        let seated: BTreeSet<String> = turns[0]["matches"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["attempt"] == 0)
            .flat_map(|m| names(&m["players"]))
            .filter(|n| n != "(Dummy)")
            .collect();
        assert_eq!(seated, alive, "round {}", i + 1);
        for t in turns {
            for m in t["matches"].as_array().unwrap() {
                assert_eq!(names(&m["players"]).len(), 4);
                assert_eq!(m["scores"].as_array().unwrap().len(), 4);
                assert!(m["seed"].is_u64());
                let saved = names(&m["saved"]);
                assert!(saved.len() <= 2 && !saved.iter().any(|n| n == "(Dummy)"));
            }
        }
        assert!(alive.remove(&out), "{out} out twice or unknown");
    }
    let fin = &j["final"];
    assert_eq!(fin["matches"].as_array().unwrap().len(), 3);
    for m in fin["matches"].as_array().unwrap() {
        let mut pts: Vec<u64> = m["points"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
        pts.sort_unstable();
        assert!(pts.iter().all(|p| (1..=4).contains(p)));
    }
    let finalists: BTreeSet<String> =
        fin["standings"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(finalists, alive);
    let st = j["standings"].as_array().unwrap();
    assert_eq!(st.len(), 8);
    let listed: BTreeSet<String> = st.iter().map(|s| s["name"].as_str().unwrap().to_string()).collect();
    assert_eq!(listed, all);
    for s in st {
        match s["eliminated_in_round"].as_u64() {
            Some(r) => assert_eq!(s["place"].as_u64().unwrap(), 8 - r + 1),
            None => assert!(s["place"].as_u64().unwrap() <= 4),
        }
    }
    // The same seed gives the same tournament.
    let (again, _) = tournament(dir.path(), &["--seed", "7"]);
    assert_eq!(again, j);
}

#[test]
fn semifinals_with_more_than_four_finalists_and_replays() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("replays");
    let (j, _) = tournament(dir.path(), &["--finalists", "6", "--out-dir", out.to_str().unwrap()]);
    assert_eq!(j["rounds"].as_array().unwrap().len(), 2);
    let semis = j["semifinals"].as_array().unwrap();
    assert_eq!(semis.len(), 2, "6 finalists: two semifinal groups");
    let going: usize =
        semis.iter().map(|g| g["standings"].as_array().unwrap().iter().filter(|s| s["advances"] == true).count()).sum();
    assert_eq!(going, 4);
    assert_eq!(j["final"]["standings"].as_array().unwrap().len(), 4);
    let files = std::fs::read_dir(&out).unwrap().count();
    assert_eq!(files as u64, j["matches_played"].as_u64().unwrap(), "a replay per match");
}
