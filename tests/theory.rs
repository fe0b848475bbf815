//! The theory section against the simulator: the n-path model (one flow, round robin over n
//! paths, one longer) reproduces the closed forms and the Θ(1/√q) collapse, and the median
//! framework does not collapse (Theorem 6).

use spraylab::model;
use spraylab::scenario::{CcaKind, History, Scenario};
use spraylab::sim::time::{serialization, to_us};
use spraylab::Simulation;

fn npath(cca: CcaKind, paths: u32) -> Scenario {
    let mut s = Scenario::preset("npath").unwrap();
    s.cca.algorithm = cca;
    s.workload.paths = paths;
    s
}

/// The simulated flow's throughput, Gbps.
fn simulate(s: &Scenario) -> f64 {
    let mut sim = Simulation::new(s).unwrap();
    sim.run();
    sim.report().flows[0]
        .throughput_gbps
        .expect("the flow finishes")
}

/// The n-path network's short-path RTT (s): 3 links out, 2 back.
fn t_short(s: &Scenario) -> f64 {
    let t = &s.topology;
    (5.0 * t.link_latency_us
        + to_us(
            3 * serialization(t.mss_bytes, t.link_gbps)
                + 2 * serialization(t.ack_bytes, t.link_gbps),
        ))
        * 1e-6
}

/// Least-squares slope of ln(throughput) against ln(q).
fn log_slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let (mx, my) = points.iter().fold((0.0, 0.0), |(a, b), (q, t)| {
        (a + q.ln() / n, b + t.ln() / n)
    });
    let cov: f64 = points
        .iter()
        .map(|(q, t)| (q.ln() - mx) * (t.ln() - my))
        .sum();
    let var: f64 = points.iter().map(|(q, _)| (q.ln() - mx).powi(2)).sum();
    cov / var
}

/// Without pacing a window-limited sender sends in ACK-clocked bursts, and a gap in sending can
/// put two long-path ACKs among three: H = 3 then collapses, as Theorem 6's assumptions warn.
#[test]
fn a_tiny_history_without_pacing_can_collapse() {
    let mut s = npath(CcaKind::MSwift, 4);
    s.cca.history = History::Fixed(3);
    assert!(simulate(&s) < 400.0);
}

#[test]
fn swift_follows_its_closed_form() {
    for (paths, tolerance) in [(100, 0.10), (50, 0.10), (20, 0.10), (10, 0.15)] {
        let s = npath(CcaKind::Swift, paths);
        let q = 1.0 / paths as f64;
        let model_gbps = model::swift(4096.0, t_short(&s), q, 0.5, 1.0) * 8.0 / 1e9;
        let sim = simulate(&s);
        // at q = 0.1 the model's assumption that n/W is large (many increases between two cuts)
        // holds less well: W ≈ 5 packets for n = 10
        assert!(
            (sim / model_gbps - 1.0).abs() < tolerance,
            "q={q}: simulated {sim:.1} vs model {model_gbps:.1} Gbps"
        );
    }
}

/// TCP NewReno with SACK recovery against Mathis: its recovery holds cwnd for an RTT (ALGORITHMS.md §1)
/// where the closed form's sawtooth keeps growing, so the simulation runs 10–20 % below it.
/// DCTCP is TCP here: the n-path model marks nothing (Theorem 2 (i)).
#[test]
fn tcp_and_dctcp_follow_mathis_within_twenty_percent() {
    for cca in [CcaKind::Tcp, CcaKind::Dctcp] {
        for paths in [100, 50, 20] {
            let s = npath(cca, paths);
            let q = 1.0 / paths as f64;
            let model_gbps = model::tcp(4096.0, t_short(&s), q) * 8.0 / 1e9;
            let sim = simulate(&s);
            assert!(
                (sim / model_gbps - 1.0).abs() < 0.2,
                "{cca:?} q={q}: {sim:.1} vs {model_gbps:.1} Gbps"
            );
        }
    }
}

#[test]
fn aimd_ccas_collapse_like_one_over_root_q() {
    for cca in [
        CcaKind::Tcp,
        CcaKind::Dctcp,
        CcaKind::Swift,
        CcaKind::LSwift,
    ] {
        let points: Vec<(f64, f64)> = [400, 200, 100, 50, 20]
            .iter()
            .map(|&n| (1.0 / n as f64, simulate(&npath(cca, n))))
            .collect();
        let slope = log_slope(&points);
        assert!(
            (slope + 0.5).abs() < 0.05,
            "{cca:?}: slope {slope:.3} from {points:?}"
        );
        // 1 % → 2 % of packets on the long path: about √2 less throughput
        let ratio = points[2].1 / points[3].1;
        assert!(
            (ratio - 2f64.sqrt()).abs() < 0.15,
            "{cca:?}: 1 % → 2 % ratio {ratio:.2}"
        );
    }
}

/// Theorem 6 assumes pacing and H ≥ 3; with the Nyquist H the median is safe without pacing too.
#[test]
fn the_median_framework_does_not_collapse_below_one_third() {
    for (history, pacing) in [
        (History::Fixed(3), true),
        (History::Nyquist, true),
        (History::Nyquist, false),
    ] {
        let mut uncongested = npath(CcaKind::MSwift, 10);
        uncongested.cca.history = history;
        uncongested.transport.pacing = pacing;
        uncongested.workload.long_path_extra_us = 0.0;
        let base = simulate(&uncongested);
        for paths in [4, 5, 10, 50, 200] {
            let mut s = npath(CcaKind::MSwift, paths);
            s.cca.history = history;
            s.transport.pacing = pacing;
            let got = simulate(&s);
            assert!(
                got > 0.9 * base,
                "{history:?} pacing {pacing}, q = 1/{paths}: {got:.1} vs {base:.1} Gbps"
            );
        }
    }
}
