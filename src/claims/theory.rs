//! The theory figure's claim: simulated n-path throughput against q.

use super::checks::{f2, slope, theory_points};
use super::{Check, Claim, Measured};
use crate::model::THEORY_PATHS;
use crate::scenario::CcaName as C;

/// Claim 1 (Fig. 2, Theorems 1–6): the Θ(1/√q) collapse and the median's immunity.
pub fn theory(m: &Measured) -> Claim {
    let mut checks = Vec::new();
    for cca in [C::TCP, C::DCTCP, C::SWIFT, C::LSWIFT] {
        let pts = theory_points(m, cca);
        let s = (pts.len() >= 3).then(|| slope(&pts));
        checks.push(Check {
            what: format!("{cca}: log-log slope of throughput against q in −0.5 ± 0.15"),
            measured: format!("{} over {} values of q", f2(s), pts.len()),
            pass: s.map(|s| (s + 0.5).abs() <= 0.15),
        });
    }
    let r = m.throughput(C::SWIFT, 100).zip(m.throughput(C::SWIFT, 50));
    checks.push(Check {
        what: "Swift: q = 1 % gives ≈ √2 × the throughput of q = 2 % (1.2 to 1.7)".into(),
        measured: r.map_or("–".into(), |(a, b)| {
            format!("{a:.1} vs {b:.1} Gbps: {:.2}×", a / b)
        }),
        pass: r.map(|(a, b)| (1.2..=1.7).contains(&(a / b))),
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
    });
    let flat = m.throughput(C::MSWIFT, 5).zip(m.throughput(C::MSWIFT, 200));
    checks.push(Check {
        what: "MSwift does not collapse: throughput at q = 20 % ≥ 80 % of that at q = 0.5 %".into(),
        measured: flat.map_or("–".into(), |(a, b)| format!("{a:.0} vs {b:.0} Gbps")),
        pass: flat.map(|(a, b)| a >= 0.8 * b),
    });
    Claim {
        id: 1,
        figure: "theory",
        paper: "Throughput falls as Θ(1/√q) for TCP, DCTCP, Swift and reordering-resilient Swift; 2 % congested paths instead of 1 % give √2 ≈ 1.4× lower throughput; reordering-resilient CCAs sit higher but still collapse; a median CCA with H ≥ 3 does not collapse for q < 1/3.",
        checks,
        why_not: "the simulated n-path network departs from the model's assumptions (ACK-clocked bursts, recovery holding cwnd for an RTT), most at large q.",
    }
}
