//! The few statistics the measuring commands print: median, mean, and the two-sample
//! Kolmogorov-Smirnov test of `arena fidelity`. The test is a few lines (the asymptotic
//! distribution of the statistic, as in Numerical Recipes' `kstwo`), so it is written here rather
//! than pulled in with a statistics crate.

/// The median (sorts `v`); NaN when empty.
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// The two-sample Kolmogorov-Smirnov statistic D and its p-value (asymptotic, with the usual
/// small-sample correction of the effective size).
pub fn ks_two_sample(a: &[f64], b: &[f64]) -> (f64, f64) {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    let (na, nb) = (a.len() as f64, b.len() as f64);
    let (mut i, mut j, mut d) = (0usize, 0usize, 0.0f64);
    while i < a.len() && j < b.len() {
        let x = a[i].min(b[j]);
        while i < a.len() && a[i] <= x {
            i += 1;
        }
        while j < b.len() && b[j] <= x {
            j += 1;
        }
        d = d.max((i as f64 / na - j as f64 / nb).abs());
    }
    let n = (na * nb / (na + nb)).sqrt();
    let lambda = (n + 0.12 + 0.11 / n) * d;
    (d, kolmogorov_q(lambda))
}

/// Q(λ) = 2 Σ_{k≥1} (-1)^{k-1} e^{-2k²λ²}: the probability that the statistic exceeds λ.
fn kolmogorov_q(lambda: f64) -> f64 {
    if lambda < 0.2 {
        return 1.0;
    }
    let mut sum = 0.0;
    let mut sign = 1.0;
    for k in 1..=100 {
        let k = k as f64;
        let term = sign * (-2.0 * k * k * lambda * lambda).exp();
        sum += term;
        if term.abs() < 1e-12 {
            break;
        }
        sign = -sign;
    }
    (2.0 * sum).clamp(0.0, 1.0)
}

pub fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ks_finds_the_same_and_different_distributions() {
        let a: Vec<f64> = (0..100).map(f64::from).collect();
        let (d, p) = ks_two_sample(&a, &a);
        assert_eq!(d, 0.0);
        assert_eq!(p, 1.0);
        // Shifted by half the range: clearly different.
        let b: Vec<f64> = (50..150).map(f64::from).collect();
        let (d, p) = ks_two_sample(&a, &b);
        assert!((d - 0.5).abs() < 1e-12, "{d}");
        assert!(p < 1e-9, "{p}");
        // Interleaved samples of one distribution: D = 0.01, p near 1.
        let odd: Vec<f64> = (0..100).map(|k| f64::from(2 * k + 1)).collect();
        let even: Vec<f64> = (0..100).map(|k| f64::from(2 * k)).collect();
        let (d, p) = ks_two_sample(&even, &odd);
        assert!((d - 0.01).abs() < 1e-12, "{d}");
        assert!(p > 0.99, "{p}");
        // A known value: D = 0.2 with 100 and 100 samples gives p ≈ 0.037 (scipy: 0.0366 exact-ish).
        assert!((kolmogorov_q((50f64.sqrt() + 0.12 + 0.11 / 50f64.sqrt()) * 0.2) - 0.035).abs() < 0.01);
    }
}
