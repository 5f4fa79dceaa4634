//! Prints the Dummy's own score, played natively, in the three line-ups of
//! `arena fidelity pandemic --dummy` (against three Demos, four Dummies, against three Nulls; the
//! Dummy at seat seed mod 4), as `line-up seed score` lines like the kit's figures in
//! `server/kit-figures/pandemic/dummy_lineups.txt`: a quick check while tuning the Dummy.
//! `cargo run --release -p pandemic-house-tests --example lineups -- [first_seed] [count]` (default 1 100).

fn main() {
    pandemic_house_tests::print_lineups();
}
