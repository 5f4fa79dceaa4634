//! Prints Dummy's own score in the three line-ups of `arena fidelity mad-max --dummy` (against
//! three Demos, among four Dummies, against three Nulls; the Dummy at seat seed mod 4), natively:
//! `cargo run --release --example lineups -- [first_seed] [count]`.

use mad_max_house_tests::*;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let first = args.first().copied().unwrap_or(1);
    let count = args.get(1).copied().unwrap_or(100);
    for lineup in ["demos", "dummies", "nulls"] {
        for seed in first..first + count {
            let seat = (seed % 4) as usize;
            let players = (0..4)
                .map(|k| match (k == seat, lineup) {
                    (true, _) | (false, "dummies") => sdk::<Dummy>("Dummy"),
                    (false, "demos") => sdk::<Demo>("Demo"),
                    _ => sdk::<Null>("Null"),
                })
                .collect();
            let out = play(&setup(seed, &[]), players, false);
            println!("{lineup} {seed} {}", out.summary.players[seat].score);
        }
    }
}
