//! `arena bench`: median match times, replay size.

use engine::catalog::PlayerSpec;
use engine::cnf::BoardSource;
use engine::params::ParamValues;
use engine::referee::MatchSetup;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Matches per measurement (seeds 1..=N).
    #[arg(long, default_value_t = 100)]
    matches: u64,
    /// The game.
    #[arg(long, default_value = "pandemic")]
    game: String,
}

struct Figures {
    median: Duration,
    p90: Duration,
    mean: Duration,
    replay_bytes: Vec<usize>,
}

fn measure(game: &dyn engine::catalog::AnyGame, bots: &[&str], record: bool, matches: u64) -> anyhow::Result<Figures> {
    let players: Vec<PlayerSpec> = bots.iter().map(|b| PlayerSpec::House(b.to_string())).collect();
    let mut times = Vec::new();
    let mut sizes = Vec::new();
    for seed in 1..=matches {
        let setup =
            MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
        let t = Instant::now();
        let out = game.play(&setup, &players, record)?;
        times.push(t.elapsed());
        if let Some(r) = out.replay {
            sizes.push(r.len());
        }
    }
    times.sort();
    sizes.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    Ok(Figures { median: times[times.len() / 2], p90: times[times.len() * 9 / 10], mean, replay_bytes: sizes })
}

pub fn bench(a: BenchArgs) -> anyhow::Result<()> {
    let game = super::game(&a.game)?;
    if cfg!(debug_assertions) {
        eprintln!("warning: this is a debug build; use `cargo run --release -p arena -- bench` for real figures");
    }
    let matches = a.matches.max(1);
    // One warm-up match so that page faults and lazy statics are not measured.
    measure(game, &["Demo"; 4], true, 1)?;
    println!("{} default matches, {matches} seeds each, one thread:", game.title());
    let mut setup_times: Vec<Duration> = (1..=matches)
        .map(|seed| {
            let setup =
                MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
            let t = Instant::now();
            game.check(&setup).map(|_| t.elapsed())
        })
        .collect::<Result<_, _>>()?;
    setup_times.sort();
    println!("  {:<34} median {:>7.3} ms", "board generation and setup", ms(setup_times[setup_times.len() / 2]));
    for (label, bots, record) in [
        ("engine alone (4 Null, no replay)", ["Null"; 4], false),
        ("4 native Demo, no replay", ["Demo"; 4], false),
        ("4 native Demo, replay recorded", ["Demo"; 4], true),
    ] {
        let f = measure(game, &bots, record, matches)?;
        print!("  {label:<34} median {:>7.3} ms  p90 {:>7.3} ms  mean {:>7.3} ms", ms(f.median), ms(f.p90), ms(f.mean));
        if !f.replay_bytes.is_empty() {
            let b = &f.replay_bytes;
            print!(
                "  replay median {:.1} KB, max {:.1} KB",
                b[b.len() / 2] as f64 / 1000.0,
                b[b.len() - 1] as f64 / 1000.0
            );
        }
        println!();
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
