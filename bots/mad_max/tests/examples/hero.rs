//! One player against three of another, per seed, natively: `cargo run --release --example hero --
//! HERO OPP first count [spy_dir]` with HERO in keeper, demo, dummy and OPP in dummy, demo, null; the hero at
//! seat seed mod 4. Prints `seed hero_score first others...`.

use mad_max_house_tests::keeper::{Keeper, Spy, SPY_PATH};
use mad_max_house_tests::*;

fn pick(name: &str) -> engine::catalog::PlayerSpec {
    match name {
        "keeper" => sdk::<Keeper>("MmKeeper"),
        "demo" => sdk::<Demo>("Demo"),
        "dummy" => sdk::<Dummy>("Dummy"),
        "null" => sdk::<Null>("Null"),
        "spykeeper" => sdk::<Spy<Keeper>>("MmKeeper"),
        "spydummy" => sdk::<Spy<Dummy>>("Dummy"),
        _ => panic!("unknown player {name}"),
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (hero, opp) = (a[0].as_str(), a[1].as_str());
    let first: u64 = a[2].parse().expect("a number");
    let count: u64 = a[3].parse().expect("a number");
    let spy = a.get(4).cloned();
    for seed in first..first + count {
        let seat = (seed % 4) as usize;
        if let Some(d) = &spy {
            *SPY_PATH.lock().expect("lock") = format!("{d}/{hero}_{opp}_{seed}.res");
        }
        let players = (0..4).map(|k| pick(if k == seat { hero } else { opp })).collect();
        let out = play(&setup(seed, &[]), players, false);
        let s: Vec<i64> = out.summary.players.iter().map(|p| p.score).collect();
        let best = *s.iter().max().expect("players");
        let others: Vec<String> = (0..4).filter(|&k| k != seat).map(|k| s[k].to_string()).collect();
        println!("{seed} {} {} {}", s[seat], u8::from(s[seat] >= best), others.join(" "));
    }
}
