//! Prints the Dummy's own score, played natively, in the three line-ups of
//! `arena fidelity purge --dummy` (against three Demos, four Dummies, against three
//! Nulls; the Dummy at seat seed mod 4), as `line-up seed score` lines like the kit's figures in
//! `server/kit-figures/purge/dummy_lineups.txt`: a quick check while tuning the Dummy.
//! `cargo run --release --example lineups -- [first_seed] [count]`.

use purge_house_tests::*;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let first = args.first().copied().unwrap_or(1);
    let count = args.get(1).copied().unwrap_or(20);
    for lineup in ["demos", "dummies", "nulls"] {
        for seed in first..first + count {
            let seat = (seed % 4) as usize;
            let players = (0..4)
                .map(|s| match lineup {
                    _ if s == seat => sdk::<Dummy>("Dummy"),
                    "demos" => sdk::<Demo>("Demo"),
                    "dummies" => sdk::<Dummy>("Dummy"),
                    _ => sdk::<Null>("Null"),
                })
                .collect();
            let out = play(&setup(seed, &[]), players, false);
            println!("{lineup} {seed} {}", out.summary.players[seat].score);
        }
    }
}
