//! Ace against three Dummies.
//!
//! `cargo run --release --example ace -- [first_seed] [count]`: one match per seed (Ace's seat
//! rotating with the seed), the scores and the share Ace wins.
//!
//! `cargo run --release --example ace -- --qualify [first_start] [count]`: for each start `s`,
//! whether Ace would qualify on a server whose seeds count up from `s` (`arena serve
//! --seed-start s`): the sanity match takes seed `s`, the four matches against Dummy seeds
//! `s+1..=s+4` with Ace in seats 0, 1, 2, 3.

use pandemic_house_tests::*;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let qualify = args.first().is_some_and(|a| a == "--qualify");
    if qualify {
        args.remove(0);
    }
    let nums: Vec<u64> = args.iter().map(|a| a.parse().expect("a number")).collect();
    let first = nums.first().copied().unwrap_or(1);
    let count = nums.get(1).copied().unwrap_or(20);
    let ace = || sdk::<Ace>("Ace");
    let dummy = || sdk::<Dummy>("Dummy");
    let mut wins = 0;
    for start in first..first + count {
        let won = if qualify {
            (0..4).all(|k| strictly_first(&one_against_three(start + 1 + k as u64, k, ace(), dummy), k))
        } else {
            let seat = (start % 4) as usize;
            let scores = one_against_three(start, seat, ace(), dummy);
            let w = strictly_first(&scores, seat);
            println!("seed {start:3} seat {seat}: Ace vs 3 Dummy {scores:?} {}", if w { "WIN" } else { "lost" });
            w
        };
        if qualify {
            println!("start {start:3}: {}", if won { "qualifies" } else { "fails" });
        }
        wins += won as u32;
    }
    let what = if qualify { "starts that qualify" } else { "Ace first" };
    println!("{what}: {wins}/{count}");
}
