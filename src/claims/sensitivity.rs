//! The sensitivity claims (Fig. 6 to 14): the baseline's findings under other workloads,
//! sizes, scales, failures, percentiles, scheduling and incast.

use super::checks::{
    below_every_lb, best_every_lb, cells, every_lower, f2, factor_check, key, max_ratio,
    mnscc_over_nscc, pct,
};
use super::{Check, Claim, Key, Measured};
use crate::repro::{FOUR, SPRAYING as LBS};
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme::{Ar, Ops, Reps};

/// MNSCC at or below NSCC in `fig` under every LB.
fn mnscc_helps(m: &Measured, fig: &str) -> Check {
    below_every_lb(
        m,
        "MNSCC at or below NSCC under every LB",
        (fig, C::MNSCC),
        (fig, C::NSCC),
        1.0 + 1e-9,
    )
}

/// Claim 8 (Fig. 6): without elephants.
pub fn permutation(m: &Measured) -> Claim {
    let p = "permutation";
    let reps_best_for_mswift = Check {
        what: "MSwift is best with REPS (REPS below OPS and AR)".into(),
        measured: LBS
            .iter()
            .map(|&lb| format!("{lb} {}", pct(m.inflation(p, C::MSWIFT, lb))))
            .collect::<Vec<_>>()
            .join(", "),
        pass: (|| {
            let r = m.inflation(p, C::MSWIFT, Reps)?;
            Some(r < m.inflation(p, C::MSWIFT, Ops)? && r < m.inflation(p, C::MSWIFT, Ar)?)
        })(),
        ..Default::default()
    };
    Claim {
        id: 8,
        figure: "permutation",
        paper: "Without elephants every CCA is better than in the baseline. LSwift becomes better than NSCC. MSwift beats LSwift in every LB, by up to 1.7×, and is best with REPS. MNSCC slightly improves NSCC, and MSwift beats both.",
        checks: vec![
            every_lower(m, p, "baseline", FOUR, true),
            below_every_lb(m, "LSwift below NSCC under every LB", (p, C::LSWIFT), (p, C::NSCC), 1.0),
            below_every_lb(m, "MSwift below LSwift under every LB", (p, C::MSWIFT), (p, C::LSWIFT), 1.0),
            factor_check(m, p, C::LSWIFT, C::MSWIFT, 1.7, None),
            reps_best_for_mswift,
            mnscc_helps(m, p),
            best_every_lb(m, p, C::MSWIFT, FOUR),
        ],
    }
}

/// Claim 9 (Fig. 7): the Llama-70B HSDP ring step.
pub fn hsdp(m: &Measured) -> Claim {
    Claim {
        id: 9,
        figure: "hsdp",
        paper: "Llama-70B HSDP: MSwift beats all algorithms under all LBs. With REPS its CCT inflation is 1.8× smaller than LSwift and 2.3× smaller than NSCC. MNSCC barely helps.",
        checks: vec![
            best_every_lb(m, "hsdp", C::MSWIFT, FOUR),
            factor_check(m, "hsdp", C::LSWIFT, C::MSWIFT, 1.8, Some(Reps)),
            factor_check(m, "hsdp", C::NSCC, C::MSWIFT, 2.3, Some(Reps)),
            mnscc_over_nscc(m, "hsdp", "MNSCC barely helps", 0.8..=1.2),
        ],
    }
}

/// Claim 10 (Fig. 8): 250 hosts.
pub fn hosts250(m: &Measured) -> Claim {
    Claim {
        id: 10,
        figure: "hosts250",
        paper: "250 hosts: the same ordering; MSwift is best and MNSCC slightly improves NSCC.",
        checks: vec![
            best_every_lb(m, "hosts250", C::MSWIFT, FOUR),
            mnscc_helps(m, "hosts250"),
        ],
    }
}

/// Claim 11 (Fig. 9): 16 MiB flows.
pub fn size16mib(m: &Measured) -> Claim {
    let relative = every_lower(m, "size16mib", "baseline", &[C::LSWIFT, C::NSCC], false);
    let advantage_grows = {
        let a = max_ratio(m, "size16mib", C::LSWIFT, C::MSWIFT);
        let b = max_ratio(m, "baseline", C::LSWIFT, C::MSWIFT);
        Check {
            what: "MSwift's largest advantage over LSwift larger than in the baseline".into(),
            measured: format!("{}× vs {}×", f2(a.map(|x| x.0)), f2(b.map(|x| x.0))),
            pass: a.zip(b).map(|(a, b)| a.0 > b.0),
            ..Default::default()
        }
    };
    Claim {
        id: 11,
        figure: "size16mib",
        paper: "16 MiB: MSwift's advantage grows, to up to 10.7× less inflation than LSwift. LSwift and NSCC get worse.",
        checks: vec![
            factor_check(m, "size16mib", C::LSWIFT, C::MSWIFT, 10.7, None),
            advantage_grows,
            Check {
                what: format!(
                    "{} (relative: the paper's figure plots inflation, so its sentence reads this way)",
                    relative.what
                ),
                ..relative
            },
            excess_grows(m, "size16mib", "baseline", &[C::LSWIFT, C::NSCC]),
        ],
    }
}

/// The absolute reading of "gets worse": every cell's CCT above its lower bound (µs, the mean CCT
/// less the bound it implies) larger in `fig` than in `base`, with the noise of both.
fn excess_grows(m: &Measured, fig: &str, base: &str, ccas: &[C]) -> Check {
    // (CCT − bound, its standard error): the bound is CCT / (1 + inflation), the same every seed
    let excess = |k: &Key| {
        let s = m.summary(k)?;
        let (cct, x) = (s.cct_us?, s.inflation?);
        let bound = cct / (1.0 + x);
        Some((cct - bound, s.inflation_stderr.unwrap_or(0.0) * bound))
    };
    let mut measured = Vec::new();
    let mut outcomes = Some(Vec::new());
    for (c, lb) in cells(ccas) {
        let (here, there) = (key(fig, c, lb), key(base, c, lb));
        let compared = excess(&here).zip(excess(&there)).map(|((a, sa), (b, sb))| {
            measured.push(format!("{c} {lb} {a:.0} vs {b:.0} µs"));
            let noise = 2.0 * (sa * sa + sb * sb).sqrt();
            match a - b {
                d if d.abs() <= noise => None,
                d => Some(d > 0.0),
            }
        });
        outcomes = outcomes.zip(compared).map(|(mut v, o)| {
            v.push(o);
            v
        });
    }
    let pass = outcomes
        .as_ref()
        .map(|v| v.iter().all(|o| *o == Some(true)));
    let within = outcomes
        .as_ref()
        .map_or(0, |v| v.iter().filter(|o| o.is_none()).count());
    let failed = outcomes.as_ref().is_some_and(|v| v.contains(&Some(false)));
    Check {
        what: format!(
            "absolute: CCT − lower bound larger in {fig} than in {base}, for {} under every LB",
            ccas.iter().map(C::to_string).collect::<Vec<_>>().join(", ")
        ),
        measured: format!("{} ({within} within noise)", measured.join(", ")),
        pass,
        within_noise: within > 0 && !failed,
        ..Default::default()
    }
}

/// Claim 12 (Fig. 10): 8 elephants.
pub fn elephants8(m: &Measured) -> Claim {
    let not_much_worse = {
        let r: Option<Vec<f64>> = cells(FOUR)
            .map(|(c, lb)| Some(m.cct("elephants8", c, lb)? / m.cct("baseline", c, lb)?))
            .collect();
        Check {
            what: "every cell's CCT at most 1.5× its 4-elephant CCT".into(),
            measured: r.as_ref().map_or("–".into(), |v| {
                format!(
                    "largest ratio {:.2}×",
                    v.iter().fold(0.0f64, |a, b| a.max(*b))
                )
            }),
            pass: r.map(|v| v.iter().all(|x| *x <= 1.5)),
            ..Default::default()
        }
    };
    Claim {
        id: 12,
        figure: "elephants8",
        paper: "8 elephants: results similar to 4 elephants, not much worse.",
        checks: vec![
            not_much_worse,
            best_every_lb(m, "elephants8", C::MSWIFT, FOUR),
        ],
    }
}

/// Claim 13 (Fig. 11): 1 % link failures.
pub fn failures(m: &Measured) -> Claim {
    let failures_cct = {
        let r: Option<Vec<(f64, f64)>> = cells(FOUR)
            .map(|(c, lb)| Some((m.cct("failures", c, lb)?, m.cct("baseline", c, lb)?)))
            .collect();
        Check {
            what: "CCT higher than the baseline's in every cell".into(),
            measured: r.as_ref().map_or("–".into(), |v| {
                format!(
                    "{} of {} cells",
                    v.iter().filter(|(a, b)| a > b).count(),
                    v.len()
                )
            }),
            pass: r.map(|v| v.iter().all(|(a, b)| a > b)),
            ..Default::default()
        }
    };
    Claim {
        id: 13,
        figure: "failures",
        paper: "1 % link failures: CCT higher for all; MSwift still wins under all three LBs; results noisier.",
        checks: vec![failures_cct, best_every_lb(m, "failures", C::MSWIFT, FOUR)],
    }
}

/// Claim 14 (Fig. 12): MSwift's P10 and P90 variants.
pub fn percentiles(m: &Measured) -> Claim {
    let pc = "percentiles";
    let p10_ops = m
        .inflation(pc, C::MSWIFT_P10, Ops)
        .zip(m.inflation(pc, C::MSWIFT, Ops));
    let others_not_better: Option<Vec<(String, bool)>> =
        [(C::MSWIFT_P10, Ar), (C::MSWIFT_P10, Reps)]
            .into_iter()
            .chain(LBS.iter().map(|&lb| (C::MSWIFT_P90, lb)))
            .map(|(c, lb)| {
                Some((
                    format!("{c} {lb}"),
                    m.inflation(pc, c, lb)? >= m.inflation(pc, C::MSWIFT, lb)?,
                ))
            })
            .collect();
    Claim {
        id: 14,
        figure: "percentiles",
        paper: "With OPS, MSwift-P10 beats MSwift. In the other cases neither P10 nor P90 beats MSwift.",
        checks: vec![
            Check {
                what: "with OPS, P10 below the median".into(),
                measured: p10_ops.map_or("–".into(), |(a, b)| format!("{} vs {}", pct(Some(a)), pct(Some(b)))),
                pass: p10_ops.map(|(a, b)| a < b),
                ..Default::default()
            },
            Check {
                what: "P10 with AR and REPS, and P90 everywhere, at or above the median".into(),
                measured: others_not_better.as_ref().map_or("–".into(), |v| {
                    v.iter().map(|(n, ok)| format!("{n}: {}", if *ok { "not better" } else { "better" })).collect::<Vec<_>>().join(", ")
                }),
                pass: others_not_better.map(|v| v.iter().all(|(_, ok)| *ok)),
                ..Default::default()
            },
        ],
    }
}

/// Claim 15 (Fig. 13): DRR fair scheduling.
pub fn drr(m: &Measured) -> Claim {
    Claim {
        id: 15,
        figure: "drr",
        paper: "DRR fair scheduling: the Swift variants get worse and the NSCC variants better. MSwift still beats LSwift. MNSCC no longer helps NSCC.",
        checks: vec![
            every_lower(m, "drr", "baseline", &[C::LSWIFT, C::MSWIFT], false),
            every_lower(m, "drr", "baseline", &[C::NSCC, C::MNSCC], true),
            below_every_lb(m, "MSwift below LSwift under every LB", ("drr", C::MSWIFT), ("drr", C::LSWIFT), 1.0),
            mnscc_over_nscc(m, "drr", "MNSCC no longer helps", 0.95..=f64::INFINITY),
        ],
    }
}

/// Claim 16 (Fig. 14): incast 32 → 1.
pub fn incast(m: &Measured) -> Claim {
    let incast_small: Option<f64> = cells(FOUR)
        .map(|(c, lb)| m.inflation("incast", c, lb))
        .collect::<Option<Vec<_>>>()
        .map(|v| v.into_iter().fold(0.0, f64::max));
    let mean_over_lbs = |fig: &str, c: C| -> Option<f64> {
        let v: Option<Vec<f64>> = LBS.iter().map(|&lb| m.inflation(fig, c, lb)).collect();
        v.map(|v| v.iter().sum::<f64>() / 3.0)
    };
    let median_worse = [(C::MSWIFT, C::LSWIFT), (C::MNSCC, C::NSCC)]
        .iter()
        .map(|&(a, b)| {
            Some((
                a,
                b,
                mean_over_lbs("incast", a)?,
                mean_over_lbs("incast", b)?,
            ))
        })
        .collect::<Option<Vec<_>>>();
    Claim {
        id: 16,
        figure: "incast",
        paper: "Incast 32→1: the CCT increase is small for every CCA; the median variants are slightly worse than their originals.",
        checks: vec![
            Check {
                what: "every cell's inflation below 50 %".into(),
                measured: format!("largest {}", pct(incast_small)),
                pass: incast_small.map(|x| x < 0.5),
                ..Default::default()
            },
            Check {
                what: "MSwift above LSwift and MNSCC above NSCC (mean over the LBs)".into(),
                measured: median_worse.as_ref().map_or("–".into(), |v| {
                    v.iter().map(|(a, b, x, y)| format!("{a} {} vs {b} {}", pct(Some(*x)), pct(Some(*y)))).collect::<Vec<_>>().join("; ")
                }),
                pass: median_worse.map(|v| v.iter().all(|(_, _, x, y)| x > y)),
                ..Default::default()
            },
        ],
    }
}
