//! The theory stage's chart: the closed forms of the paper's Table I over q, the line rate, and
//! the n-path runs the page has simulated so far.

use super::throughput::{throughput_against_q, QCurve, QFigure, QSeries};
use super::*;
use crate::model::{npath_rtts, Model, SmarttModel};

/// The q the closed forms are drawn over.
const Q_RANGE: (f64, f64) = (0.004, 0.34);

/// Throughput against q (log-log) for the n-path scenario `s`: the closed forms (drawn up to the
/// line rate: no flow sends faster than its link), the line rate, and `points`, a series for
/// each of `ccas` that has some, in that order.
pub fn theory<DB: DrawingBackend>(
    root: Root<DB>,
    s: &crate::Scenario,
    ccas: &[CcaName],
    points: &[TheoryPoint],
    at: &At,
) -> DrawResult {
    let (t_short, t_long) = npath_rtts(s);
    let mss = (s.topology.mss_bytes + s.topology.header_bytes) as f64;
    let line_rate = s.topology.link_gbps as f64;
    let (q_lo, q_hi) = Q_RANGE;
    let qs: Vec<f64> = (0..=60)
        .map(|i| q_lo * (q_hi / q_lo).powf(i as f64 / 60.0))
        .collect();
    let smartt = SmarttModel::npath(s);
    let curve = |m: Model| -> Vec<(f64, f64)> {
        qs.iter()
            .map(|&q| {
                let gbps = m.throughput(mss, t_short, t_long, q, &s.cca.swift, &smartt) * 8.0 / 1e9;
                (q, gbps.min(line_rate))
            })
            .collect()
    };
    let curves = vec![
        QCurve {
            label: "TCP / Swift model (Thm 1, 3): 1.22·MSS/(T_s·√q)".into(),
            colour: palette::REFERENCE,
            width: 2,
            points: curve(Model::Swift),
        },
        QCurve {
            label: "SMaRTT model (Thm 4)".into(),
            colour: palette::cca(CcaName::SMARTT),
            width: 2,
            points: curve(Model::Smartt),
        },
        QCurve {
            label: format!("line rate {line_rate} Gbps"),
            colour: palette::LINE_RATE,
            width: 1,
            points: vec![(q_lo, line_rate), (q_hi, line_rate)],
        },
    ];
    let series = ccas
        .iter()
        .filter(|&&cca| points.iter().any(|p| p.cca == cca))
        .map(|&cca| QSeries {
            label: format!("{cca}, simulated"),
            colour: palette::cca(cca),
            ring: false,
            simulated: points
                .iter()
                .filter(|p| p.cca == cca)
                .map(|p| (p.q, p.gbps))
                .collect(),
            model: Vec::new(),
        })
        .collect();
    let figure = QFigure {
        title: "throughput against q",
        series,
        curves,
    };
    throughput_against_q(root, &figure, at)
}
