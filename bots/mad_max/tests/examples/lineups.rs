//! Prints the Dummy's own score, played natively, in the three line-ups of
//! `arena fidelity mad-max --dummy` (against three Demos, four Dummies, against three Nulls; the
//! Dummy at seat seed mod 4), as `line-up seed score` lines like the kit's figures in
//! `server/kit-figures/mad_max/dummy_lineups.txt`: a quick check while tuning the Dummy.
//! `cargo run --release -p mad-max-house-tests --example lineups -- [first_seed] [count]` (default 1 100).

fn main() {
    mad_max_house_tests::print_lineups();
}
