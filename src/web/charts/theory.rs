//! The theory chart: the closed forms against simulated n-path points.

use super::*;
use crate::session::{TheoryPoint, THEORY_CCAS};

/// Theory: throughput against q (log-log): the closed forms of the paper's table, the line rate,
/// and the simulated n-path points. AIMD curves fall like 1/√q; the median's line stays flat.
pub fn draw_theory(
    canvas: &HtmlCanvasElement,
    s: &crate::Scenario,
    points: &[TheoryPoint],
    at: At,
) -> DrawResult {
    use crate::model::{npath_rtts, Model, SmarttModel};
    let (t_short, t_long) = npath_rtts(s);
    let mss = (s.topology.mss_bytes + s.topology.header_bytes) as f64;
    let line_rate = s.topology.link_gbps as f64;
    let (q_lo, q_hi) = (0.004f64, 0.34f64);
    let qs: Vec<f64> = (0..=60)
        .map(|i| q_lo * (q_hi / q_lo).powf(i as f64 / 60.0))
        .collect();
    // closed forms drawn up to the line rate: no flow sends faster than its link
    let smartt = SmarttModel::npath(s);
    let curve = |m: Model| -> Vec<(f64, f64)> {
        qs.iter()
            .map(|&q| {
                let gbps = m.throughput(mss, t_short, t_long, q, &s.cca.swift, &smartt) * 8.0 / 1e9;
                (q, gbps.min(line_rate))
            })
            .collect()
    };
    let mut legend = Legend::default();
    legend.add(
        Mark::Line(palette::REFERENCE, 2),
        "TCP / Swift model (Thm 1, 3): 1.22·MSS/(T_s·√q)",
    );
    legend.add(
        Mark::Line(palette::cca(CcaName::SMARTT), 2),
        "SMaRTT model (Thm 4)",
    );
    legend.add(
        Mark::Line(palette::LINE_RATE, 1),
        format!("line rate {line_rate} Gbps"),
    );
    for name in THEORY_CCAS {
        if points.iter().any(|p| THEORY_CCAS[p.cca] == name) {
            legend.add(Mark::Dot(palette::cca(name)), format!("{name}, simulated"));
        }
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let mut c = ChartBuilder::on(&root)
        .caption(
            "throughput against q, the share of packets on the long path",
            ("sans-serif", TITLE_PX),
        )
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(52)
        .build_cartesian_2d((q_lo..q_hi).log_scale(), (10.0..2000.0).log_scale())
        .map_err(err)?;
    house_mesh(&mut c.configure_mesh())
        .x_desc("q (log scale)")
        .y_desc("Gbps (log scale)")
        .x_labels(6)
        .x_label_formatter(&|q| format!("{}", (q * 1000.0).round() / 1000.0))
        .y_label_formatter(&|g| format!("{g:.0}"))
        .draw()
        .map_err(err)?;
    let series = [
        (curve(Model::Swift), palette::REFERENCE.stroke_width(2)),
        (
            curve(Model::Smartt),
            palette::cca(CcaName::SMARTT).stroke_width(2),
        ),
        (
            vec![(q_lo, line_rate), (q_hi, line_rate)],
            palette::LINE_RATE.stroke_width(1),
        ),
    ];
    for (pts, style) in series {
        c.draw_series(LineSeries::new(pts, style)).map_err(err)?;
    }
    for (k, name) in THEORY_CCAS.iter().enumerate() {
        let colour = palette::cca(*name);
        let mine: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.cca == k)
            .map(|p| (p.q, p.gbps))
            .collect();
        c.draw_series(LineSeries::new(mine.clone(), colour.stroke_width(2)))
            .map_err(err)?;
        c.draw_series(mine.iter().map(|&p| Circle::new(p, 5, colour.filled())))
            .map_err(err)?;
    }
    root.present().map_err(err)
}
