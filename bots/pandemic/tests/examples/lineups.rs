//! The Dummy's own score in the three line-ups of `arena fidelity pandemic --dummy` (against three
//! Demos, four Dummies, against three Nulls; seeds 1..100, the Dummy at seat seed mod 4), played
//! natively: `cargo run --release -p pandemic-house-tests --example lineups` prints
//! `line-up seed score` lines, the format of server/kit-figures/pandemic/dummy_lineups.txt.
use pandemic_house_tests::*;

fn main() {
    for (name, other) in [("demos", "Demo"), ("dummies", "Dummy"), ("nulls", "Null")] {
        for seed in 1..=100u64 {
            let seat = (seed % 4) as usize;
            let o = || match other {
                "Demo" => sdk::<Demo>("Demo"),
                "Dummy" => sdk::<Dummy>("Dummy"),
                _ => sdk::<Null>("Null"),
            };
            let scores = one_against_three(seed, seat, sdk::<Dummy>("Dummy"), o);
            println!("{name} {seed} {}", scores[seat]);
        }
    }
}
