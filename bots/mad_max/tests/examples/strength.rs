//! Prints Dummy against three Demos and Demo against three Dummies, per seed:
//! `cargo run --example strength -- [first_seed] [count]`.

use mad_max_house_tests::*;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let first = args.first().copied().unwrap_or(1);
    let count = args.get(1).copied().unwrap_or(20);
    house_testkit::print_duels(&duels(first..first + count));
}
