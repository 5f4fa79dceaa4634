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

#[cfg(test)]
mod tests {
    use super::parse_seeds;

    #[test]
    fn ranges_are_inclusive() {
        assert_eq!(parse_seeds("7").unwrap(), vec![7]);
        assert_eq!(parse_seeds("1..3").unwrap(), vec![1, 2, 3]);
        assert_eq!(parse_seeds("1..=3").unwrap(), vec![1, 2, 3]);
        assert!(parse_seeds("3..1").unwrap_err().contains("empty"));
        assert!(parse_seeds("x").unwrap_err().contains("not a seed"));
    }
}
