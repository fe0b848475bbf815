//! The theory figure's claim: simulated n-path throughput against q.

use super::checks::{f2, plain, slope, theory_points};
use super::{Check, Claim, Measured, Outcome, BAND};
use crate::model::{npath_rtts, THEORY_PATHS};
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme;
use crate::scenario::Scenario;

/// Whether Appendix A's assumptions hold at `q` for a flow whose closed form gives
/// `model_gbps`, with the window W that throughput implies (W = throughput · T_short / MSS):
/// "the congestion window is sufficiently large that [...] after every packet traversing the
/// long path, three packets from short paths return first" (W ≥ 4), "n/W is large enough that
/// multiple window increases occur between consecutive decreases" (n = 1/q ≥ 2W), and cwnd
/// limits are neglected, so the closed form stays below the line rate. W comes from the closed
/// form, not from the measurement: a CCA that does not collapse keeps its range, and fails there.
fn assumptions_hold(q: f64, model_gbps: f64) -> bool {
    let w = window(model_gbps);
    w >= 4.0 && 1.0 / q >= 2.0 * w && model_gbps < line_rate()
}

/// The window, in packets, a flow at `gbps` keeps on the n-path network's short paths.
fn window(gbps: f64) -> f64 {
    let s = Scenario::preset("npath").expect("the npath preset");
    let (t_short, _) = npath_rtts(&s);
    let mss = (s.topology.mss_bytes + s.topology.header_bytes) as f64;
    gbps * 1e9 / 8.0 * t_short / mss
}

fn line_rate() -> f64 {
    let s = Scenario::preset("npath").expect("the npath preset");
    s.topology.link_gbps as f64
}

/// The closed form's throughput for `cca` in `figure` at `paths` paths. LSwift has none (Theorem
/// 5 proves Θ(1/√q) without one): its range is read from Swift's, whose additive increase and
/// cuts it shares.
fn model_gbps(m: &Measured, figure: &str, cca: C, paths: u32) -> Option<f64> {
    let of = if cca == C::LSWIFT { C::SWIFT } else { cca };
    m.summary(&(figure.to_string(), of, LbScheme::Rr, paths))?
        .model_gbps
}

/// `cca`'s simulated points (q, throughput) in `figure` where Appendix A's assumptions hold, by q.
fn model_range(m: &Measured, figure: &str, cca: C) -> Vec<(f64, f64)> {
    let mut inside: Vec<(f64, f64)> = THEORY_PATHS
        .iter()
        .filter_map(|&p| {
            let q = 1.0 / p as f64;
            let sim = m.summary(&(figure.to_string(), cca, LbScheme::Rr, p))?;
            let model = model_gbps(m, figure, cca, p)?;
            assumptions_hold(q, model).then_some((q, sim.throughput_gbps?))
        })
        .collect();
    inside.sort_by(|a, b| a.0.total_cmp(&b.0));
    inside
}

/// What [`assumptions_hold`] asks, in the report's words.
const ASSUMPTIONS: &str =
    "W from the closed form ≥ 4, n = 1/q ≥ 2W, the closed form below the line rate";

fn band() -> f64 {
    100.0 * BAND
}

/// Claim 1 (§II-C, Fig. 2, Theorems 1–5; §III-A, Theorem 6): the Θ(1/√q) collapse and the
/// median's immunity. The n-path model runs once per q: its checks compare single runs.
pub fn theory(m: &Measured) -> Claim {
    let mut checks = Vec::new();
    for (id, cca) in [
        ("1a", C::TCP),
        ("1b", C::DCTCP),
        ("1c", C::SWIFT),
        ("1d", C::LSWIFT),
    ] {
        let all = theory_points(m, cca);
        let pts = model_range(m, "theory", cca);
        let s = (pts.len() >= 3).then(|| slope(&pts));
        let range = match (pts.first(), pts.last()) {
            (Some(a), Some(b)) => format!("q from {:.1} to {:.1} %", 100.0 * a.0, 100.0 * b.0),
            _ => "no q".into(),
        };
        checks.push(plain(
            id,
            "Throughput collapses as Θ(1/√q)",
            format!(
                "{cca}: log-log slope of throughput against q about −0.5 (within {:.0} %), where Appendix A's assumptions hold ({ASSUMPTIONS})",
                band()
            ),
            format!("{} over {} of {} values of q ({range})", f2(s), pts.len(), all.len()),
            s.map(|s| (s + 0.5).abs() <= 0.5 * BAND),
        ));
    }
    let ratios: Option<Vec<(C, f64, f64)>> = [C::TCP, C::DCTCP, C::SWIFT, C::LSWIFT]
        .iter()
        .map(|&c| Some((c, m.throughput(c, 100)?, m.throughput(c, 50)?)))
        .collect();
    let sqrt2 = std::f64::consts::SQRT_2;
    checks.push(plain(
        "1e",
        "Having 2% of congested paths rather than 1% decreases the throughput by a factor of √2 ≈ 1.4×",
        format!(
            "throughput at q = 1 % ÷ at q = 2 % about √2 (within {:.0} %) for each collapsing CCA",
            band()
        ),
        ratios.as_ref().map_or("–".into(), |v| {
            v.iter()
                .map(|(c, a, b)| format!("{c} {a:.0} ÷ {b:.0} Gbps = {:.2}×", a / b))
                .collect::<Vec<_>>()
                .join("; ")
        }),
        ratios.map(|v| v.iter().all(|(_, a, b)| (a / b / sqrt2 - 1.0).abs() <= BAND)),
    ));
    let above: Option<Vec<(u32, f64, f64)>> = THEORY_PATHS
        .iter()
        .map(|&p| Some((p, m.throughput(C::LSWIFT, p)?, m.throughput(C::SWIFT, p)?)))
        .collect();
    checks.push(plain(
        "1f",
        "reordering-resilient CCAs yield a higher throughput, but are still subject to the throughput drop",
        "LSwift above Swift at every q (its drop is 1d)".into(),
        above.as_ref().map_or("–".into(), |v| {
            v.iter()
                .map(|(p, l, s)| format!("q = {:.1} %: {l:.0} vs {s:.0}", 100.0 / *p as f64))
                .collect::<Vec<_>>()
                .join("; ")
        }),
        above.map(|v| v.iter().all(|(_, l, s)| l > s)),
    ));
    // every q run below 1/3, up to the nearest n paths give (q = 1/4)
    let low_q = THEORY_PATHS.iter().copied().max().unwrap_or(1);
    let flat: Option<Vec<(u32, f64)>> = THEORY_PATHS
        .iter()
        .filter(|&&p| p > 3)
        .map(|&p| Some((p, m.throughput(C::MSWIFT, p)?)))
        .collect();
    let reference = m.throughput(C::MSWIFT, low_q);
    checks.push(plain(
        "1g",
        "An infinite flow that uses the above median-based CCA avoids the throughput collapse whenever q<1/3",
        format!(
            "MSwift's throughput at every q run below 1/3 (up to q = 25 %, the nearest n paths give) within {:.0} % of its throughput at q = {:.1} %",
            band(),
            100.0 / low_q as f64
        ),
        flat.as_ref().zip(reference).map_or("–".into(), |(v, r)| {
            let at: Vec<String> = v
                .iter()
                .map(|(p, t)| format!("q = {:.1} %: {t:.0}", 100.0 / *p as f64))
                .collect();
            format!("{} Gbps against {r:.0}", at.join("; "))
        }),
        flat.zip(reference)
            .map(|(v, r)| v.iter().all(|(_, t)| *t >= (1.0 - BAND) * r)),
    ));
    checks.push(dctcp_marked(m));
    checks.push(smartt_under_theorem_4(m));
    checks.push(Check {
        id: "1j",
        quote: "If path delays in the congested path were replaced by drops to apply the Mathis model, the Θ(1/√p) model would not hold for several of our CCAs",
        reads: "the n-path model with the long path dropping instead of delaying".into(),
        measured: "not checkable here: SprayLab's n-path model delays the long path and never drops on it (ALGORITHMS.md §12), so no run has drops in place of delays; that LSwift and SMaRTT may keep their window on a drop is their rule as built (§4 waits for five delayed packets in a row, §8 gates on the ECN average), not a measurement".into(),
        tests: Vec::new(),
        outcome: Some(Outcome::NotCheckable),
    });
    Claim {
        id: 1,
        figure: "theory",
        section: "§II-C, Fig. 2, Theorems 1–6",
        title: "Throughput collapses as Θ(1/√q); 2 % instead of 1 % costs √2; reordering-resilient CCAs sit higher but still collapse; the median does not for q < 1/3",
        paper: "Our analysis reveals that if the flow uses TCP, DCTCP, Swift, SMaRTT, or a reordering-resilient Swift as CCAs, it will experience a throughput collapse that follows a common scaling rule: throughput = Θ(1/√q). [...] Having 2% of congested paths rather than 1% decreases the throughput by a factor of √2 ≈ 1.4×. [...] reordering-resilient CCAs yield a higher throughput, but are still subject to the throughput drop. (§II-C: \"If path delays in the congested path were replaced by drops to apply the Mathis model, the Θ(1/√p) model would not hold for several of our CCAs. In fact, SMaRTT and reordering-resilient Swift sometimes do not even reduce their congestion windows upon packet drop.\") (Theorem 6: \"An infinite flow that uses the above median-based CCA avoids the throughput collapse whenever q<1/3.\")",
        checks,
    }
}

/// Claim 19 (Table I): the closed forms of TCP, DCTCP (its long path unmarked, case i) and
/// Swift against the simulated n-path points, where Appendix A's assumptions hold.
pub fn table_one(m: &Measured) -> Claim {
    let checks = [("19a", C::TCP), ("19b", C::DCTCP), ("19c", C::SWIFT)]
        .into_iter()
        .map(|(id, cca)| {
            let pts: Vec<(f64, f64, f64)> = {
                let mut all: Vec<(f64, f64, f64)> = THEORY_PATHS
                    .iter()
                    .filter_map(|&p| {
                        let s = m.summary(&("theory".to_string(), cca, LbScheme::Rr, p))?;
                        Some((1.0 / p as f64, s.throughput_gbps?, s.model_gbps?))
                    })
                    .collect();
                all.sort_by(|a, b| a.0.total_cmp(&b.0));
                let inside = model_range(m, "theory", cca);
                all.retain(|p| inside.iter().any(|i| i.0 == p.0));
                all
            };
            plain(
                id,
                "CCA multi-path throughput models when congestion occurs with probability q",
                format!(
                    "{cca}: simulated throughput within {:.0} % of Table I's closed form at every q where Appendix A's assumptions hold ({ASSUMPTIONS})",
                    band()
                ),
                format!("{} Gbps", listed(&pts)),
                (!pts.is_empty()).then(|| {
                    pts.iter()
                        .all(|(_, sim, model)| (sim / model - 1.0).abs() <= BAND)
                }),
            )
        })
        .collect();
    Claim {
        id: 19,
        figure: "theory",
        section: "§II-C, Table I",
        title: "Table I's closed forms for TCP, DCTCP and Swift match the simulated n-path points",
        paper: "TCP: (MSS/T_s)·1.22/√q; DCTCP (upper bound): (MSS/T_s)·1.22/√q; Swift: (MSS/T_s)·√((1/mm − 1/2)·ai)/√q.",
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
    plain(
        "1h",
        "Else, Eq. (2) is a throughput upper bound",
        "DCTCP with the long path marked (Theorem 2, case ii): throughput at or below the bound at every q".into(),
        format!("{} Gbps", listed(&pts)),
        (pts.len() == THEORY_PATHS.len()).then(|| pts.iter().all(|(_, sim, bound)| sim <= bound)),
    )
}

/// Theorem 4 under its own assumptions (gate open, long path marked, T_long ≥ 2 × target):
/// SMaRTT's simulated throughput within the band of the closed form where its assumptions hold.
fn smartt_under_theorem_4(m: &Measured) -> Check {
    let all = marked_points(m, C::SMARTT);
    let inside = model_range(m, "theory-marked", C::SMARTT);
    let pts: Vec<(f64, f64, f64)> = all
        .iter()
        .copied()
        .filter(|p| inside.iter().any(|i| i.0 == p.0))
        .collect();
    let reads = format!(
        "SMaRTT with its gate open, the long path marked and 6 µs longer (Theorem 4's assumptions): throughput within {:.0} % of Appendix A's closed form at every q where its assumptions hold ({ASSUMPTIONS})",
        band()
    );
    // where no q meets the assumptions, say how far the closed form's own n/W is from them
    let below_line: Vec<(f64, f64, f64)> = all
        .iter()
        .copied()
        .filter(|(_, _, model)| *model < line_rate())
        .collect();
    let n_over_w: Vec<f64> = below_line
        .iter()
        .map(|(q, _, model)| 1.0 / q / window(*model))
        .collect();
    let model_slope = (below_line.len() >= 2)
        .then(|| slope(&below_line.iter().map(|p| (p.0, p.2)).collect::<Vec<_>>()));
    let (measured, outcome) = if all.is_empty() {
        ("–".to_string(), None)
    } else if pts.is_empty() {
        (
            format!(
                "no q run meets them: below the line rate, n/W from the closed form's own window is {} (at q = {} %); the closed form's log-log slope there is {}, so n/W hardly moves with q",
                n_over_w.iter().map(|v| format!("{v:.1}")).collect::<Vec<_>>().join(", "),
                below_line.iter().map(|p| format!("{:.1}", 100.0 * p.0)).collect::<Vec<_>>().join(", "),
                f2(model_slope),
            ),
            Some(Outcome::NotCheckable),
        )
    } else {
        let ok = pts
            .iter()
            .all(|(_, sim, model)| (sim / model - 1.0).abs() <= BAND);
        (
            format!(
                "{} Gbps ({} of {} values of q)",
                listed(&pts),
                pts.len(),
                all.len()
            ),
            Some(if ok { Outcome::Pass } else { Outcome::Fail }),
        )
    };
    Check {
        id: "1i",
        quote: "The throughput of a single SMaRTT flow is Θ(1/√q)",
        reads,
        measured,
        tests: Vec::new(),
        outcome,
    }
}
