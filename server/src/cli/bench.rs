//! `arena bench`: median match times, replay size.

use super::players;
use engine::catalog::{AnyGame, PlayerSpec};
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

fn measure(game: &dyn AnyGame, players: &[PlayerSpec], record: bool, matches: u64) -> anyhow::Result<Figures> {
    let mut times = Vec::new();
    let mut sizes = Vec::new();
    for seed in 1..=matches {
        let setup =
            MatchSetup { params: ParamValues::defaults(game.param_specs()), board: BoardSource::Generated, seed };
        let t = Instant::now();
        let out = game.play(&setup, players, record)?;
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
    let native = |b: &str| -> Vec<PlayerSpec> { (0..4).map(|_| PlayerSpec::House(b.to_string())).collect() };
    let sandbox = players::sandbox(sandbox::Limits::default())?;
    let wasm = |b: &str| -> anyhow::Result<Vec<PlayerSpec>> {
        Ok(players::seats(&sandbox, game, &[b.to_string(), b.to_string(), b.to_string(), b.to_string()], false)?.specs)
    };
    // One warm-up match so that page faults, lazy statics and compilation are not measured.
    measure(game, &native("Demo"), true, 1)?;
    measure(game, &wasm("Demo")?, true, 1)?;
    measure(game, &wasm("Dummy")?, true, 1)?;
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
    println!("  {:<36} median {:>7.3} ms", "board generation and setup", ms(setup_times[setup_times.len() / 2]));
    let mut medians = Vec::new();
    for (label, bots, record) in [
        ("engine alone (4 native Null)", native("Null"), false),
        ("4 native Demo, no replay", native("Demo"), false),
        ("4 native Demo, replay recorded", native("Demo"), true),
        ("4 wasm Demo, replay recorded", wasm("Demo")?, true),
        ("4 wasm Dummy, replay recorded", wasm("Dummy")?, true),
    ] {
        let f = measure(game, &bots, record, matches)?;
        print!("  {label:<36} median {:>7.3} ms  p90 {:>7.3} ms  mean {:>7.3} ms", ms(f.median), ms(f.p90), ms(f.mean));
        if !f.replay_bytes.is_empty() {
            let b = &f.replay_bytes;
            print!(
                "  replay median {:.1} KB, max {:.1} KB",
                b[b.len() / 2] as f64 / 1000.0,
                b[b.len() - 1] as f64 / 1000.0
            );
        }
        println!();
        medians.push(f.median);
    }
    println!(
        "  wasm Demo / native Demo (both recording): {:.2}x (goal <= 1.5x, wasm <= 10 ms)",
        medians[3].as_secs_f64() / medians[2].as_secs_f64()
    );
    let f = sandbox::bench::run(&sandbox, 2000, 20_000).map_err(|e| anyhow::anyhow!("sandbox bench: {e}"))?;
    println!(
        "sandbox ({} allocator): instantiate from the cached module {:.1} us (goal <= 50 us, incl. a {:.1} KB setup view); \
         per bot per round {:.2} us (goal <= 2 us, incl. a {:.1} KB round view)",
        if f.pooling { "pooling" } else { "on-demand" },
        f.instantiate.as_secs_f64() * 1e6,
        f.setup_bytes as f64 / 1000.0,
        f.round.as_secs_f64() * 1e6,
        f.view_bytes as f64 / 1000.0
    );
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
