//! Prints Dummy against three Demos and Demo against three Dummies, per seed:
//! `cargo run --example strength -- [first_seed] [count]`.

use ork_island_house_tests::*;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let first = args.first().copied().unwrap_or(1);
    let count = args.get(1).copied().unwrap_or(20);
    let (mut wins, mut demo_wins) = (0, 0);
    for seed in first..first + count {
        let seat = (seed % 4) as usize;
        let a = one_against_three(seed, seat, sdk::<Dummy>("Dummy"), || house("Demo"));
        let b = one_against_three(seed, seat, house("Demo"), || sdk::<Dummy>("Dummy"));
        let (wa, wb) = (strictly_first(&a, seat), strictly_first(&b, seat));
        wins += wa as u32;
        demo_wins += wb as u32;
        println!(
            "seed {seed:3} seat {seat}: Dummy vs 3 Demo {a:?} {}   Demo vs 3 Dummy {b:?} {}",
            if wa { "WIN" } else { "lost" },
            if wb { "DEMO WINS" } else { "ok" }
        );
    }
    println!("Dummy first in {wins}/{count}; Demo first in {demo_wins}/{count}");
}
