//! Seed ranges: `7`, `1..100` (inclusive), `1..=100`.

/// A list of seeds (a newtype so that clap takes it as one value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds(pub Vec<u64>);

pub fn parse_seed_list(s: &str) -> Result<Seeds, String> {
    parse_seeds(s).map(Seeds)
}

pub fn parse_seeds(s: &str) -> Result<Vec<u64>, String> {
    let num = |t: &str| t.trim().parse::<u64>().map_err(|_| format!("`{t}` is not a seed (a non-negative integer)"));
    let (a, b) = match s.split_once("..") {
        None => return Ok(vec![num(s)?]),
        Some((a, b)) => (num(a)?, num(b.strip_prefix('=').unwrap_or(b))?),
    };
    if b < a {
        return Err(format!("empty seed range {s}: {b} < {a}"));
    }
    if b - a >= 1_000_000 {
        return Err(format!("seed range {s} is too large (at most 1000000 seeds)"));
    }
    Ok((a..=b).collect())
}

/// Plays `play(seed)` for every seed on `jobs` threads (default: the machine's cores); the
/// results come back in the seeds' order.
pub fn par_seeds<T: Send>(
    seeds: &[u64],
    jobs: Option<usize>,
    play: impl Fn(u64) -> anyhow::Result<T> + Sync,
) -> anyhow::Result<Vec<T>> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let play = &play;
    let results: Vec<anyhow::Result<T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = seeds
            .chunks(seeds.len().div_ceil(jobs).max(1))
            .map(|chunk| scope.spawn(move || chunk.iter().map(|&s| play(s)).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|_| vec![Err(anyhow::anyhow!("a match panicked"))]))
            .collect()
    });
    results.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::parse_seeds;

    #[test]
    fn par_seeds_keeps_the_order_and_the_first_error() {
        let seeds: Vec<u64> = (1..=37).collect();
        let out = super::par_seeds(&seeds, Some(4), |s| Ok(s * 2)).unwrap();
        assert_eq!(out, seeds.iter().map(|s| s * 2).collect::<Vec<_>>());
        let err = super::par_seeds(&seeds, Some(3), |s| if s == 20 { anyhow::bail!("seed {s}") } else { Ok(s) });
        assert_eq!(err.unwrap_err().to_string(), "seed 20");
    }

    #[test]
    fn ranges_are_inclusive() {
        assert_eq!(parse_seeds("7").unwrap(), vec![7]);
        assert_eq!(parse_seeds("1..3").unwrap(), vec![1, 2, 3]);
        assert_eq!(parse_seeds("1..=3").unwrap(), vec![1, 2, 3]);
        assert!(parse_seeds("3..1").unwrap_err().contains("empty"));
        assert!(parse_seeds("x").unwrap_err().contains("not a seed"));
    }
}
