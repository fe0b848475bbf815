//! The checks the claims are made of: comparisons of measured figures with a threshold stated
//! next to them, over the three spraying schemes.

use super::{Check, Key, Measured, Outcome, Pair};
use crate::repro::SPRAYING as LBS;
use crate::scenario::CcaName as C;
use crate::scenario::{CcaName, LbScheme};

pub fn f2(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.2}"))
}

pub fn pct(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{:.0} %", 100.0 * x))
}

/// The key of a cell outside the theory.
pub fn key(fig: &str, cca: CcaName, lb: LbScheme) -> Key {
    (fig.to_string(), cca, lb, 0)
}

/// A cell's mean inflation with its standard error: "97 ± 13 %".
pub fn pct_se(m: &Measured, key: &Key) -> String {
    match m
        .summary(key)
        .and_then(|s| Some((s.inflation?, s.inflation_stderr)))
    {
        Some((x, Some(se))) => format!("{:.0} ± {:.0} %", 100.0 * x, 100.0 * se),
        Some((x, None)) => pct(Some(x)),
        None => "–".into(),
    }
}

/// Compares cell `a`'s mean inflation with `b`'s times `margin`, with their noise: `a <
/// b·margin` passes or fails only when the gap exceeds two standard errors of the difference;
/// otherwise it is within noise. `None` if a cell is missing.
pub fn pair(m: &Measured, a: Key, b: Key, margin: f64) -> Option<Pair> {
    let (x, y) = (m.summary(&a)?, m.summary(&b)?);
    let (ma, mb) = (x.inflation?, y.inflation? * margin);
    let sa = x.inflation_stderr.unwrap_or(0.0);
    let sb = y.inflation_stderr.unwrap_or(0.0) * margin;
    let noise = 2.0 * (sa * sa + sb * sb).sqrt();
    let outcome = if (mb - ma).abs() <= noise {
        Outcome::WithinNoise
    } else if ma < mb {
        Outcome::Pass
    } else {
        Outcome::Fail
    };
    Some(Pair {
        a,
        b,
        margin,
        outcome,
    })
}

/// A check of compared pairs (`None`: a cell is missing); its outcome is theirs
/// ([`Check::outcome`]).
pub fn of_pairs(what: String, measured: String, pairs: Option<Vec<Pair>>) -> Check {
    Check {
        what,
        measured,
        pass: pairs
            .as_ref()
            .map(|v| v.iter().all(|p| p.outcome != Outcome::Fail)),
        pairs: pairs.unwrap_or_default(),
        ..Default::default()
    }
}

/// A check that `a < b · margin` for every LB scheme, with the measured pairs.
pub fn below_every_lb(
    m: &Measured,
    what: &str,
    a: (&str, CcaName),
    b: (&str, CcaName),
    margin: f64,
) -> Check {
    let mut measured = Vec::new();
    for &lb in LBS {
        let (ka, kb) = (key(a.0, a.1, lb), key(b.0, b.1, lb));
        measured.push(format!("{lb} {} vs {}", pct_se(m, &ka), pct_se(m, &kb)));
    }
    let pairs = LBS
        .iter()
        .map(|&lb| pair(m, key(a.0, a.1, lb), key(b.0, b.1, lb), margin))
        .collect();
    of_pairs(what.into(), measured.join(", "), pairs)
}

/// Whether `cca` has the lowest inflation of `ccas` in `fig` under every LB (against the best
/// other CCA under each, with their noise).
pub fn best_every_lb(m: &Measured, fig: &str, cca: CcaName, ccas: &[CcaName]) -> Check {
    let mut measured = Vec::new();
    let mut pairs = Some(Vec::new());
    for &lb in LBS {
        let best_other = ccas
            .iter()
            .filter(|c| **c != cca)
            .map(|&c| m.inflation(fig, c, lb).map(|v| (v, c)))
            .collect::<Option<Vec<_>>>()
            .and_then(|v| v.into_iter().min_by(|a, b| a.0.total_cmp(&b.0)));
        measured.push(format!(
            "{lb}: {} vs best other {}",
            pct_se(m, &key(fig, cca, lb)),
            best_other.map_or("–".into(), |(_, c)| format!(
                "{} ({c})",
                pct_se(m, &key(fig, c, lb))
            ))
        ));
        let compared =
            best_other.and_then(|(_, c)| pair(m, key(fig, cca, lb), key(fig, c, lb), 1.0));
        pairs = pairs.zip(compared).map(|(mut v, p)| {
            v.push(p);
            v
        });
    }
    of_pairs(
        format!("{cca} has the lowest CCT inflation under every LB"),
        measured.join("; "),
        pairs,
    )
}

/// The largest ratio a/b of inflations over the LBs, and the LB it occurs at.
pub fn max_ratio(m: &Measured, fig: &str, a: CcaName, b: CcaName) -> Option<(f64, LbScheme)> {
    LBS.iter()
        .map(|&lb| Some((m.inflation(fig, a, lb)? / m.inflation(fig, b, lb)?, lb)))
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .max_by(|x, y| x.0.total_cmp(&y.0))
}

/// A check that a paper factor ("up to 8.6×") is matched within a factor of two.
pub fn factor_check(
    m: &Measured,
    fig: &str,
    a: CcaName,
    b: CcaName,
    paper: f64,
    lb: Option<LbScheme>,
) -> Check {
    let (ratio, at) = match lb {
        Some(lb) => (
            m.inflation(fig, a, lb)
                .zip(m.inflation(fig, b, lb))
                .map(|(x, y)| x / y),
            Some(lb),
        ),
        None => match max_ratio(m, fig, a, b) {
            Some((r, lb)) => (Some(r), Some(lb)),
            None => (None, None),
        },
    };
    let at_name = at.map_or("–".to_string(), |lb| lb.to_string());
    Check {
        what: format!(
            "{a} ÷ {b} inflation {} ≈ {paper}× (within a factor of 2)",
            if lb.is_some() {
                format!("with {at_name}")
            } else {
                "at its largest over the LBs".into()
            }
        ),
        measured: format!("{}× ({at_name})", f2(ratio)),
        pass: ratio.map(|r| r >= paper / 2.0 && r <= paper * 2.0),
        cells: at.map_or(Vec::new(), |lb| vec![key(fig, a, lb), key(fig, b, lb)]),
        ..Default::default()
    }
}

/// Log-log slope of throughput against q by least squares.
pub fn slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let xs: Vec<f64> = points.iter().map(|p| p.0.ln()).collect();
    let ys: Vec<f64> = points.iter().map(|p| p.1.ln()).collect();
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    sxy / sxx
}

pub fn theory_points(m: &Measured, cca: CcaName) -> Vec<(f64, f64)> {
    m.cells
        .iter()
        .filter(|(k, _)| k.0 == "theory" && k.1 == cca && k.3 > 0)
        .filter_map(|(k, s)| Some((1.0 / k.3 as f64, s.throughput_gbps?)))
        .collect()
}

/// Whether every cell of `ccas` has a lower (or higher) inflation in `fig` than in `base`, with
/// their noise.
pub fn every_lower(m: &Measured, fig: &str, base: &str, ccas: &[CcaName], lower: bool) -> Check {
    let pairs: Option<Vec<Pair>> = cells(ccas)
        .map(|(c, lb)| {
            let (here, there) = (key(fig, c, lb), key(base, c, lb));
            if lower {
                pair(m, here, there, 1.0)
            } else {
                pair(m, there, here, 1.0)
            }
        })
        .collect();
    let measured = pairs.as_ref().map_or("–".into(), |v| {
        let count = |o: Outcome| v.iter().filter(|p| p.outcome == o).count();
        format!(
            "{} of {} cells, {} within noise",
            count(Outcome::Pass),
            v.len(),
            count(Outcome::WithinNoise)
        )
    });
    of_pairs(
        format!(
            "{} inflation in {fig} {} than in {base}, for {} under every LB",
            if ccas.len() == 1 {
                ccas[0].to_string()
            } else {
                "each CCA's".to_string()
            },
            if lower { "lower" } else { "higher" },
            ccas.iter()
                .map(CcaName::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        measured,
        pairs,
    )
}

/// A check that MNSCC ÷ NSCC inflation lies in `range` under every LB.
pub fn mnscc_over_nscc(
    m: &Measured,
    fig: &str,
    claim: &str,
    range: std::ops::RangeInclusive<f64>,
) -> Check {
    let r: Option<Vec<f64>> = LBS
        .iter()
        .map(|&lb| Some(m.inflation(fig, C::MNSCC, lb)? / m.inflation(fig, C::NSCC, lb)?))
        .collect();
    let bounds = if range.end().is_finite() {
        format!("within {} to {}", range.start(), range.end())
    } else {
        format!("≥ {}", range.start())
    };
    Check {
        what: format!("{claim}: MNSCC ÷ NSCC inflation {bounds} under every LB"),
        measured: r.as_ref().map_or("–".into(), |v| {
            v.iter()
                .zip(LBS)
                .map(|(x, lb)| format!("{lb} {x:.2}"))
                .collect::<Vec<_>>()
                .join(", ")
        }),
        pass: r.map(|v| v.iter().all(|x| range.contains(x))),
        ..Default::default()
    }
}

/// Every (CCA, LB) pair of `ccas` and the three spraying schemes.
pub fn cells(ccas: &[CcaName]) -> impl Iterator<Item = (CcaName, LbScheme)> + '_ {
    ccas.iter()
        .flat_map(|&c| LBS.iter().map(move |&lb| (c, lb)))
}
