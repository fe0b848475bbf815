//! The baseline's claims (Fig. 4 and 5): 128 hosts, 4 ECMP elephants.

use super::checks::{below_every_lb, cells, f2, factor_check, key, of_pairs, pair, pct, pct_se};
use super::{Check, Claim, Measured};
use crate::repro::{FOUR, SPRAYING as LBS};
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme::{self, Ar, Ops, Reps};

/// Claim 2 (Fig. 4): Swift with spraying is very poor.
pub fn swift_collapses(m: &Measured) -> Claim {
    let b = "baseline";
    let swift_ratio: Option<f64> = LBS
        .iter()
        .map(|&lb| Some(m.cct(b, C::SWIFT, lb)? / m.cct(b, C::MSWIFT, lb)?))
        .collect::<Option<Vec<_>>>()
        .map(|v| v.iter().sum::<f64>() / v.len() as f64);
    Claim {
        id: 2,
        figure: "baseline",
        paper: "Swift with spraying is very poor: ≈ 13× higher CCT.",
        checks: vec![Check {
            what: "Swift's CCT ÷ MSwift's, mean over OPS, AR and REPS, ≈ 13× (6.5 to 26)".into(),
            measured: format!("{}×", f2(swift_ratio)),
            pass: swift_ratio.map(|r| (6.5..=26.0).contains(&r)),
            ..Default::default()
        }],
    }
}

/// Claim 3 (Fig. 4): MSwift with REPS is best overall.
pub fn mswift_best(m: &Measured) -> Claim {
    let b = "baseline";
    let all: Vec<_> = cells(&[C::SWIFT, C::LSWIFT, C::MSWIFT, C::NSCC, C::MNSCC]).collect();
    let best = all
        .iter()
        .map(|&(c, lb)| Some((m.inflation(b, c, lb)?, c, lb)))
        .collect::<Option<Vec<_>>>()
        .and_then(|v| v.into_iter().min_by(|x, y| x.0.total_cmp(&y.0)));
    Claim {
        id: 3,
        figure: "baseline",
        paper: "MSwift is best overall, with REPS, and reduces CCT inflation against LSwift by up to 8.6× (REPS).",
        checks: vec![
            Check {
                what: "the lowest inflation of all cells is MSwift with REPS".into(),
                measured: best.map_or("–".into(), |(v, c, lb)| {
                    format!("lowest: {c} with {lb}, {}", pct(Some(v)))
                }),
                pass: best.map(|(_, c, lb)| c == C::MSWIFT && lb == Reps),
                ..Default::default()
            },
            factor_check(m, b, C::LSWIFT, C::MSWIFT, 8.6, None),
        ],
    }
}

/// Claim 4 (Fig. 4): MSwift beats Swift and NSCC under every LB.
pub fn mswift_beats_swift_and_nscc(m: &Measured) -> Claim {
    let b = "baseline";
    Claim {
        id: 4,
        figure: "baseline",
        paper: "MSwift outperforms Swift and NSCC under all three of OPS, AR and REPS.",
        checks: vec![
            below_every_lb(
                m,
                "MSwift below Swift under every LB",
                (b, C::MSWIFT),
                (b, C::SWIFT),
                1.0,
            ),
            below_every_lb(
                m,
                "MSwift below NSCC under every LB",
                (b, C::MSWIFT),
                (b, C::NSCC),
                1.0,
            ),
        ],
    }
}

/// Claim 5 (Fig. 4): NSCC is better with AR; MNSCC helps a bit, behind MSwift.
pub fn nscc_and_mnscc(m: &Measured) -> Claim {
    let b = "baseline";
    Claim {
        id: 5,
        figure: "baseline",
        paper: "NSCC is good, and better with AR than with REPS. MNSCC improves NSCC a bit but stays behind MSwift.",
        checks: vec![
            of_pairs(
                "NSCC with AR below NSCC with REPS".into(),
                format!(
                    "{} vs {}",
                    pct_se(m, &key(b, C::NSCC, Ar)),
                    pct_se(m, &key(b, C::NSCC, Reps))
                ),
                pair(m, key(b, C::NSCC, Ar), key(b, C::NSCC, Reps), 1.0).map(|p| vec![p]),
            ),
            below_every_lb(m, "MNSCC at or below NSCC under every LB", (b, C::MNSCC), (b, C::NSCC), 1.0 + 1e-9),
            below_every_lb(m, "MSwift below MNSCC under every LB", (b, C::MSWIFT), (b, C::MNSCC), 1.0),
        ],
    }
}

/// Claim 6 (Fig. 4): REPS is not the best LB for every CCA.
pub fn reps_not_always_best(m: &Measured) -> Claim {
    let b = "baseline";
    let reps_not_best: Option<Vec<(C, bool)>> = FOUR
        .iter()
        .map(|&c| {
            let r = m.inflation(b, c, Reps)?;
            let o = m.inflation(b, c, Ops)?.min(m.inflation(b, c, Ar)?);
            Some((c, r > o))
        })
        .collect();
    Claim {
        id: 6,
        figure: "baseline",
        paper: "REPS is not the best LB for every CCA.",
        checks: vec![Check {
            what: "for at least one of LSwift, MSwift, NSCC, MNSCC, REPS is not the lowest".into(),
            measured: reps_not_best.as_ref().map_or("–".into(), |v| {
                v.iter()
                    .map(|(c, nb)| format!("{c}: REPS {}", if *nb { "not best" } else { "best" }))
                    .collect::<Vec<_>>()
                    .join(", ")
            }),
            pass: reps_not_best.map(|v| v.iter().any(|(_, nb)| *nb)),
            ..Default::default()
        }],
    }
}

/// Claim 7 (Fig. 5): the FCT distributions.
pub fn fct(m: &Measured) -> Claim {
    let p99 = |c: C, lb: LbScheme| m.fct_percentile(c, lb, 0.99);
    let p50 = |c: C, lb: LbScheme| m.fct_percentile(c, lb, 0.5);
    let mut worst = Vec::new();
    let mut worst_pass = Some(true);
    for &lb in LBS {
        let l = p99(C::LSWIFT, lb);
        let others: Option<f64> = [C::MSWIFT, C::NSCC, C::MNSCC]
            .iter()
            .map(|&c| p99(c, lb))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().fold(0.0, f64::max));
        worst.push(format!("{lb}: {} vs {} µs", f2(l), f2(others)));
        worst_pass = match (worst_pass, l, others) {
            (Some(p), Some(l), Some(o)) => Some(p && l > o),
            _ => None,
        };
    }
    let mut close = Vec::new();
    let mut close_pass = Some(true);
    for lb in [Ops, Ar] {
        let ms = p50(C::MSWIFT, lb);
        let ns: Option<f64> = p50(C::NSCC, lb)
            .zip(p50(C::MNSCC, lb))
            .map(|(a, b)| a.min(b));
        close.push(format!("{lb}: {} vs {} µs", f2(ms), f2(ns)));
        close_pass = match (close_pass, ms, ns) {
            (Some(p), Some(a), Some(b)) => Some(p && (a / b - 1.0).abs() <= 0.25),
            _ => None,
        };
    }
    let tail: Option<(f64, f64)> = p99(C::MSWIFT, Reps).zip(
        [C::LSWIFT, C::NSCC, C::MNSCC]
            .iter()
            .map(|&c| p99(c, Reps))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().fold(f64::INFINITY, f64::min)),
    );
    Claim {
        id: 7,
        figure: "baseline (FCT CDFs)",
        paper: "LSwift is worst under every LB and has a poor tail with REPS. MSwift ≈ NSCC/MNSCC with OPS and AR. MSwift has a better tail with REPS.",
        checks: vec![
            Check {
                what: "LSwift's p99 FCT above every other CCA's, under every LB".into(),
                measured: worst.join("; "),
                pass: worst_pass,
                ..Default::default()
            },
            Check {
                what: "MSwift's median FCT within 25 % of the better of NSCC and MNSCC, with OPS and AR".into(),
                measured: close.join("; "),
                pass: close_pass,
                ..Default::default()
            },
            Check {
                what: "with REPS, MSwift's p99 FCT below every other CCA's".into(),
                measured: tail.map_or("–".into(), |(a, b)| format!("{a:.1} vs {b:.1} µs")),
                pass: tail.map(|(a, b)| a < b),
                ..Default::default()
            },
        ],
    }
}
