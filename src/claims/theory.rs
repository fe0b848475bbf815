//! The theory figure's claim: simulated n-path throughput against q.

use super::checks::{f2, slope, theory_points};
use super::{Check, Claim, Measured};
use crate::model::{npath_rtts, THEORY_PATHS};
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme;
use crate::scenario::Scenario;

/// The points where the closed forms' derivation holds: more packets between two long-path
/// packets (n = 1/q) than the window W the measured throughput implies (W = throughput ·
/// T_short / MSS), so that at most one congestion event falls in a window, as the Mathis-style
/// analysis assumes (paper Appendix A). At larger q the window holds several long-path packets.
fn model_range(pts: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let s = Scenario::preset("npath").expect("the npath preset");
    let (t_short, _) = npath_rtts(&s);
    let mss = (s.topology.mss_bytes + s.topology.header_bytes) as f64;
    let mut inside: Vec<(f64, f64)> = pts
        .iter()
        .copied()
        .filter(|&(q, gbps)| 1.0 / q > gbps * 1e9 / 8.0 * t_short / mss)
        .collect();
    inside.sort_by(|a, b| a.0.total_cmp(&b.0));
    inside
}

/// Claim 1 (Fig. 2, Theorems 1–6): the Θ(1/√q) collapse and the median's immunity.
pub fn theory(m: &Measured) -> Claim {
    let mut checks = Vec::new();
    for cca in [C::TCP, C::DCTCP, C::SWIFT, C::LSWIFT] {
        let all = theory_points(m, cca);
        let pts = model_range(&all);
        let s = (pts.len() >= 3).then(|| slope(&pts));
        let range = match (pts.first(), pts.last()) {
            (Some(a), Some(b)) => format!("q from {:.1} to {:.1} %", 100.0 * a.0, 100.0 * b.0),
            _ => "no q".into(),
        };
        checks.push(Check {
            what: format!(
                "{cca}: log-log slope of throughput against q in −0.5 ± 0.15, where n = 1/q > W"
            ),
            measured: format!(
                "{} over {} of {} values of q ({range})",
                f2(s),
                pts.len(),
                all.len()
            ),
            pass: s.map(|s| (s + 0.5).abs() <= 0.15),
            ..Default::default()
        });
    }
    let r = m.throughput(C::SWIFT, 100).zip(m.throughput(C::SWIFT, 50));
    checks.push(Check {
        what: "Swift: q = 1 % gives ≈ √2 × the throughput of q = 2 % (1.2 to 1.7)".into(),
        measured: r.map_or("–".into(), |(a, b)| {
            format!("{a:.1} vs {b:.1} Gbps: {:.2}×", a / b)
        }),
        pass: r.map(|(a, b)| (1.2..=1.7).contains(&(a / b))),
        ..Default::default()
    });
    let above: Option<Vec<(u32, f64, f64)>> = THEORY_PATHS
        .iter()
        .map(|&p| Some((p, m.throughput(C::LSWIFT, p)?, m.throughput(C::SWIFT, p)?)))
        .collect();
    checks.push(Check {
        what: "LSwift sits above Swift at every q".into(),
        measured: above.as_ref().map_or("–".into(), |v| {
            v.iter()
                .map(|(p, l, s)| format!("q = {:.1} %: {l:.0} vs {s:.0}", 100.0 / *p as f64))
                .collect::<Vec<_>>()
                .join("; ")
        }),
        pass: above.map(|v| v.iter().all(|(_, l, s)| l > s)),
        ..Default::default()
    });
    let flat = m.throughput(C::MSWIFT, 5).zip(m.throughput(C::MSWIFT, 200));
    checks.push(Check {
        what: "MSwift does not collapse: throughput at q = 20 % ≥ 80 % of that at q = 0.5 %".into(),
        measured: flat.map_or("–".into(), |(a, b)| format!("{a:.0} vs {b:.0} Gbps")),
        pass: flat.map(|(a, b)| a >= 0.8 * b),
        ..Default::default()
    });
    checks.push(dctcp_marked(m));
    checks.push(smartt_under_theorem_4(m));
    Claim {
        id: 1,
        figure: "theory",
        paper: "Throughput falls as Θ(1/√q) for TCP, DCTCP, Swift and reordering-resilient Swift; 2 % congested paths instead of 1 % give √2 ≈ 1.4× lower throughput; reordering-resilient CCAs sit higher but still collapse; a median CCA with H ≥ 3 does not collapse for q < 1/3.",
        checks,
    }
}

/// The simulated and closed-form throughput of `cca` in the theory-marked figure, by q.
fn marked_points(m: &Measured, cca: C) -> Vec<(f64, f64, f64)> {
    let mut v: Vec<(f64, f64, f64)> = THEORY_PATHS
        .iter()
        .filter_map(|&p| {
            let s = m.summary(&("theory-marked".to_string(), cca, LbScheme::Rr, p))?;
            Some((1.0 / p as f64, s.throughput_gbps?, s.model_gbps?))
        })
        .collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    v
}

fn listed(points: &[(f64, f64, f64)]) -> String {
    points
        .iter()
        .map(|(q, sim, model)| format!("q = {:.1} %: {sim:.0} vs {model:.0}", 100.0 * q))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Theorem 2, case (ii): with the long path marked, DCTCP's throughput is at most the bound.
fn dctcp_marked(m: &Measured) -> Check {
    let pts = marked_points(m, C::DCTCP);
    Check {
        what: "DCTCP with the long path marked (Theorem 2, case ii): throughput at or below its \
               bound at every q (within 5 %)"
            .into(),
        measured: format!("{} Gbps", listed(&pts)),
        pass: (pts.len() == THEORY_PATHS.len())
            .then(|| pts.iter().all(|(_, sim, bound)| *sim <= 1.05 * bound)),
        ..Default::default()
    }
}

/// Theorem 4 under its own assumptions (gate open, long path marked, T_long ≥ 2 × target):
/// SMaRTT's simulated throughput within a factor of 2 of the closed form where n = 1/q > W.
fn smartt_under_theorem_4(m: &Measured) -> Check {
    let all = marked_points(m, C::SMARTT);
    let inside = model_range(&all.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>());
    let pts: Vec<(f64, f64, f64)> = all
        .iter()
        .copied()
        .filter(|p| inside.iter().any(|i| i.0 == p.0))
        .collect();
    Check {
        what: "SMaRTT with its gate open, the long path marked and 6 µs longer (Theorem 4): \
               throughput within a factor of 2 of the closed form where n = 1/q > W"
            .into(),
        measured: format!(
            "{} Gbps ({} of {} values of q)",
            listed(&pts),
            pts.len(),
            all.len()
        ),
        pass: (!all.is_empty() && !pts.is_empty()).then(|| {
            pts.iter()
                .all(|(_, sim, model)| *sim >= model / 2.0 && *sim <= model * 2.0)
        }),
        ..Default::default()
    }
}
