//! Why a claim does not fully hold, computed from its data: for every check that fails or is
//! within noise, the cells it compared (or read) with their means and standard errors, by how
//! much they miss, and how their counters per run differ.

use super::{Claim, Counters, Key, Measured, Outcome, Test};

/// One sentence per comparison (or check) behind the claim's shortfall; empty when it holds.
pub fn explain(m: &Measured, claim: &Claim) -> Vec<String> {
    let mut out = Vec::new();
    for check in &claim.checks {
        match check.outcome() {
            Some(Outcome::Fail) | Some(Outcome::WithinNoise { .. }) => {}
            _ => continue,
        }
        if check.tests.is_empty() {
            out.push(format!(
                "{} ({}): measured {}.",
                check.id, check.reads, check.measured
            ));
        }
        for t in check.tests.iter().filter(|t| t.outcome != Outcome::Pass) {
            out.push(tested(m, check.id, t));
        }
    }
    out
}

fn name(k: &Key) -> String {
    format!("{} {} with {}", k.0, k.1, k.2)
}

/// "3a, reps: mswift vs nscc: 32 % vs 44 %: −12.0 ± 8.1 points, within noise, in the paper's
/// direction; per run they differ in ECN marks 154034.1 vs 92090.1."
fn tested(m: &Measured, id: &str, t: &Test) -> String {
    let how = match t.outcome {
        Outcome::Fail => "beyond the noise, against the paper".to_string(),
        o => o.label().to_string(),
    };
    let counters = match (&t.a, &t.b) {
        (Some(a), Some(b)) if a != b => counters_differ(m, a, b),
        (Some(a), _) => per_run(m, a),
        _ => "no cells to compare".into(),
    };
    format!("{id}, {}: {}, {how}; {counters}.", t.label, t.shown)
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
