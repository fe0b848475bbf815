//! The one noise rule every comparison of cells goes through.
//!
//! A comparison is an [`Estimate`]: a difference (or a ratio) of cells' means over the seeds,
//! with its standard error and degrees of freedom. Two cells of one figure share each seed's
//! draw (the same permutation, the same failed links: `src/repro`), so their comparison is
//! *paired*: the difference is taken seed by seed and its spread over the seeds is the noise.
//! Cells of two figures are independent: their standard errors add in quadrature, with
//! Welch–Satterthwaite's degrees of freedom. Either way the 95 % interval is the estimate ± the
//! Student t quantile for its degrees of freedom times its standard error (2.26 for 10 seeds
//! paired), never a fixed 2.

/// An estimated quantity: its mean over the seeds, its standard error and degrees of freedom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub se: f64,
    pub df: f64,
}

impl Estimate {
    /// The mean and standard error of `xs`, one value per seed (`None` for fewer than two).
    pub fn of(xs: &[f64]) -> Option<Estimate> {
        let n = xs.len();
        if n < 2 || xs.iter().any(|x| !x.is_finite()) {
            return None;
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        Some(Estimate {
            mean,
            se: (var / n as f64).sqrt(),
            df: (n - 1) as f64,
        })
    }

    /// `Σ wᵢ·xᵢ` of independent estimates, with Welch–Satterthwaite's degrees of freedom.
    pub fn independent(terms: &[(f64, Estimate)]) -> Estimate {
        let parts: Vec<f64> = terms.iter().map(|(w, e)| (w * e.se).powi(2)).collect();
        let var: f64 = parts.iter().sum();
        let denominator: f64 = parts
            .iter()
            .zip(terms)
            .map(|(p, (_, e))| p * p / e.df)
            .sum();
        Estimate {
            mean: terms.iter().map(|(w, e)| w * e.mean).sum(),
            se: var.sqrt(),
            df: if denominator > 0.0 {
                var * var / denominator
            } else {
                terms
                    .iter()
                    .map(|(_, e)| e.df)
                    .fold(f64::INFINITY, f64::min)
            },
        }
    }

    /// Half the width of the 95 % interval.
    pub fn half_width(&self) -> f64 {
        t_quantile(0.975, self.df) * self.se
    }

    pub fn low(&self) -> f64 {
        self.mean - self.half_width()
    }

    pub fn high(&self) -> f64 {
        self.mean + self.half_width()
    }
}

/// The `p`-quantile of Student's t distribution with `df` degrees of freedom (`p` in (0.5, 1)).
pub fn t_quantile(p: f64, df: f64) -> f64 {
    if !df.is_finite() || df > 1e7 {
        return normal_quantile(p);
    }
    let (mut lo, mut hi) = (0.0, 1e4);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// P(T ≤ t) for t ≥ 0: 1 − I_{ν/(ν+t²)}(ν/2, 1/2) / 2.
fn t_cdf(t: f64, df: f64) -> f64 {
    1.0 - 0.5 * incomplete_beta(df / (df + t * t), 0.5 * df, 0.5)
}

fn normal_quantile(p: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, 40.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if 0.5 * (1.0 + erf(mid / std::f64::consts::SQRT_2)) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// erf by its series, accurate to 1e-15 for the arguments a quantile search needs (|x| < 6).
fn erf(x: f64) -> f64 {
    if x.abs() > 6.0 {
        return x.signum();
    }
    let (mut term, mut sum) = (x, x);
    for n in 1..200 {
        term *= -x * x / n as f64;
        let next = term / (2 * n + 1) as f64;
        sum += next;
        if next.abs() < 1e-17 * sum.abs() {
            break;
        }
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

/// The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz).
fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(x, a, b) / a
    } else {
        1.0 - front * beta_fraction(1.0 - x, b, a) / b
    }
}

fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut c = 1.0;
    let mut d = 1.0 - (a + b) * x / (a + 1.0);
    d = 1.0 / if d.abs() < TINY { TINY } else { d };
    let mut h = d;
    for m in 1..500 {
        let m = m as f64;
        for numerator in [
            m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0)),
        ] {
            d = 1.0 + numerator * d;
            d = 1.0 / if d.abs() < TINY { TINY } else { d };
            c = 1.0 + numerator / c;
            if c.abs() < TINY {
                c = TINY;
            }
            h *= c * d;
        }
        if (c * d - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum: f64 = C[0] + (1..9).map(|i| C[i] / (x + i as f64)).sum::<f64>();
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The smallest count out of `n` that a fair coin reaches with probability at most 2.5 %: a
/// sign test at the same 95 % as the t intervals.
pub fn sign_test_count(n: usize) -> usize {
    let mut tail = 0.0;
    let total = 2f64.powi(n as i32);
    let choose = |k: usize| -> f64 { (0..k).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64) };
    for k in (0..=n).rev() {
        tail += choose(k) / total;
        if tail > 0.025 {
            return k + 1;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_quantiles_match_the_tables() {
        for (df, t) in [
            (1.0, 12.706),
            (2.0, 4.303),
            (4.0, 2.776),
            (9.0, 2.262),
            (18.0, 2.101),
            (30.0, 2.042),
            (f64::INFINITY, 1.960),
        ] {
            let q = t_quantile(0.975, df);
            assert!((q - t).abs() < 0.001, "df {df}: {q} against {t}");
        }
        assert!((t_quantile(0.95, 9.0) - 1.833).abs() < 0.001);
    }

    #[test]
    fn estimates_are_paired_or_independent() {
        let e = Estimate::of(&[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!((e.mean, e.df), (2.5, 3.0));
        assert!((e.se - (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert!(Estimate::of(&[1.0]).is_none());
        // two estimates with equal errors and df: df = 2·(n − 1) (Welch with equal variances)
        let d = Estimate::independent(&[(1.0, e), (-1.0, e)]);
        assert_eq!(d.mean, 0.0);
        assert!((d.df - 6.0).abs() < 1e-9 && (d.se - e.se * 2f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn the_sign_test_needs_ten_of_twelve() {
        // P(X ≥ 10 | 12, ½) = 79/4096 = 1.9 %, P(X ≥ 9) = 7.3 %
        assert_eq!(sign_test_count(12), 10);
        assert_eq!(sign_test_count(6), 6);
        assert_eq!(sign_test_count(3), 4, "three cells can never decide");
    }
}
