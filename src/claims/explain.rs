//! Why a claim does not fully hold, computed from its data: for every check that fails or is
//! within noise, the cells it compared (or read) with their means and standard errors, by how
//! much they miss, and how their counters per run differ.

use super::checks::pct_se;
use super::{Check, Claim, Counters, Key, Measured, Outcome, Pair};

/// One sentence per cell pair (or check) behind the claim's shortfall; empty when it holds.
pub fn explain(m: &Measured, claim: &Claim) -> Vec<String> {
    let mut out = Vec::new();
    for check in &claim.checks {
        match check.outcome() {
            Some(Outcome::Fail) | Some(Outcome::WithinNoise) => {}
            _ => continue,
        }
        if check.pairs.is_empty() {
            out.push(unpaired(m, check));
        }
        for p in check.pairs.iter().filter(|p| p.outcome != Outcome::Pass) {
            out.push(paired(m, p));
        }
    }
    out
}

fn name(k: &Key) -> String {
    format!("{} {} with {}", k.0, k.1, k.2)
}

/// "baseline ops: mswift 97 ± 13 % vs nscc 81 ± 10 %, within noise (16 points, two standard
/// errors 33); per run mswift has 55 drops against 0, ..."
fn paired(m: &Measured, p: &Pair) -> String {
    let gap = |k: &Key| m.summary(k).and_then(|s| s.inflation).unwrap_or(f64::NAN);
    let se = |k: &Key| m.summary(k).and_then(|s| s.inflation_stderr).unwrap_or(0.0);
    let diff = 100.0 * (gap(&p.a) - gap(&p.b) * p.margin);
    let noise = 200.0 * (se(&p.a).powi(2) + (se(&p.b) * p.margin).powi(2)).sqrt();
    let how = match p.outcome {
        Outcome::Fail => format!(
            "the first is {diff:.0} points above the second, beyond two standard errors ({noise:.0})"
        ),
        _ => format!(
            "a difference of {:.0} points, within two standard errors ({noise:.0})",
            diff.abs()
        ),
    };
    format!(
        "{} at {} vs {} at {}: {how}; {}.",
        name(&p.a),
        pct_se(m, &p.a),
        name(&p.b),
        pct_se(m, &p.b),
        counters_differ(m, &p.a, &p.b)
    )
}

/// A check without compared pairs: what it measured, and the counters of the cells it read.
fn unpaired(m: &Measured, c: &Check) -> String {
    let mut s = format!("{}: measured {}", c.what, c.measured);
    match c.cells.as_slice() {
        [a, b, ..] => s.push_str(&format!("; {}", counters_differ(m, a, b))),
        [a] => s.push_str(&format!("; {}", per_run(m, a))),
        [] => {}
    }
    s.push('.');
    s
}

fn counters(m: &Measured, k: &Key) -> Option<Counters> {
    m.counters.get(k).copied()
}

fn per_run(m: &Measured, k: &Key) -> String {
    match counters(m, k) {
        Some(c) => format!(
            "per run {} has {}",
            name(k),
            c.named()
                .iter()
                .map(|(n, v)| format!("{v:.1} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => format!("no counters for {}", name(k)),
    }
}

/// The counters in which `a` and `b` differ by more than half (and by at least one per run),
/// largest ratio first; or that they are alike.
fn counters_differ(m: &Measured, a: &Key, b: &Key) -> String {
    let (Some(ca), Some(cb)) = (counters(m, a), counters(m, b)) else {
        return "no counters to compare".into();
    };
    let mut differ: Vec<(f64, String)> = ca
        .named()
        .iter()
        .zip(cb.named())
        .filter(|((_, x), (_, y))| (x - y).abs() >= 1.0 && (x.max(*y) > 1.5 * x.min(*y)))
        .map(|((n, x), (_, y))| {
            let ratio = (x.max(y) + 1.0) / (x.min(y) + 1.0);
            (ratio, format!("{n} {x:.1} vs {y:.1}"))
        })
        .collect();
    differ.sort_by(|x, y| y.0.total_cmp(&x.0));
    if differ.is_empty() {
        format!(
            "their counters per run are alike ({})",
            ca.named()
                .iter()
                .zip(cb.named())
                .map(|((n, x), (_, y))| format!("{n} {x:.1} vs {y:.1}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!(
            "per run they differ in {}",
            differ
                .into_iter()
                .map(|d| d.1)
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}
