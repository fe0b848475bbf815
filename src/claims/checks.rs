//! The checks the claims are made of: comparisons of measured figures with a threshold stated
//! next to them, over the three spraying schemes.

use super::{Check, Measured};
use crate::repro::SPRAYING as LBS;
use crate::scenario::CcaName as C;
use crate::scenario::{CcaName, LbScheme};

pub fn f2(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.2}"))
}

pub fn pct(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{:.0} %", 100.0 * x))
}

/// A check that `a < b` for every LB scheme, with the measured pairs.
pub fn below_every_lb(
    m: &Measured,
    what: &str,
    a: (&str, CcaName),
    b: (&str, CcaName),
    margin: f64,
) -> Check {
    let mut measured = Vec::new();
    let mut pass = Some(true);
    for &lb in LBS {
        let x = m.inflation(a.0, a.1, lb);
        let y = m.inflation(b.0, b.1, lb);
        measured.push(format!("{lb} {} vs {}", pct(x), pct(y)));
        pass = match (pass, x, y) {
            (Some(p), Some(x), Some(y)) => Some(p && x < y * margin),
            _ => None,
        };
    }
    Check {
        what: what.into(),
        measured: measured.join(", "),
        pass,
    }
}

/// Whether `cca` has the lowest inflation of `ccas` in `fig` under every LB.
pub fn best_every_lb(m: &Measured, fig: &str, cca: CcaName, ccas: &[CcaName]) -> Check {
    let mut measured = Vec::new();
    let mut pass = Some(true);
    for &lb in LBS {
        let own = m.inflation(fig, cca, lb);
        let best_other = ccas
            .iter()
            .filter(|c| **c != cca)
            .map(|&c| m.inflation(fig, c, lb).map(|v| (v, c)))
            .collect::<Option<Vec<_>>>()
            .and_then(|v| v.into_iter().min_by(|a, b| a.0.total_cmp(&b.0)));
        measured.push(format!(
            "{lb}: {} vs best other {}",
            pct(own),
            best_other.map_or("–".into(), |(v, c)| format!("{} ({c})", pct(Some(v))))
        ));
        pass = match (pass, own, best_other) {
            (Some(p), Some(o), Some((b, _))) => Some(p && o < b),
            _ => None,
        };
    }
    Check {
        what: format!("{cca} has the lowest CCT inflation under every LB"),
        measured: measured.join("; "),
        pass,
    }
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
            lb.to_string(),
        ),
        None => match max_ratio(m, fig, a, b) {
            Some((r, lb)) => (Some(r), lb.to_string()),
            None => (None, "–".to_string()),
        },
    };
    Check {
        what: format!(
            "{a} ÷ {b} inflation {} ≈ {paper}× (within a factor of 2)",
            if lb.is_some() {
                format!("with {at}")
            } else {
                "at its largest over the LBs".into()
            }
        ),
        measured: format!("{}× ({at})", f2(ratio)),
        pass: ratio.map(|r| r >= paper / 2.0 && r <= paper * 2.0),
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

pub fn every_lower(m: &Measured, fig: &str, base: &str, ccas: &[CcaName], lower: bool) -> Check {
    let mut n = 0;
    let mut ok = 0;
    let mut missing = false;
    for &c in ccas {
        for &lb in LBS {
            match m.inflation(fig, c, lb).zip(m.inflation(base, c, lb)) {
                Some((a, b)) => {
                    n += 1;
                    ok += usize::from(if lower { a < b } else { a > b });
                }
                None => missing = true,
            }
        }
    }
    Check {
        what: format!(
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
        measured: format!("{ok} of {n} cells"),
        pass: (!missing).then_some(ok == n),
    }
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
    }
}

/// Every (CCA, LB) pair of `ccas` and the three spraying schemes.
pub fn cells(ccas: &[CcaName]) -> impl Iterator<Item = (CcaName, LbScheme)> + '_ {
    ccas.iter()
        .flat_map(|&c| LBS.iter().map(move |&lb| (c, lb)))
}
