//! The main run's time charts (cwnd, delay, queues) and its FCT distribution.

use super::cdf::{cdfs, CdfSeries, Cdfs};
use super::*;

/// The sorted FCTs of a run's sprayed flows that finished by `until_us`.
pub fn sorted_fcts(run: &RunData, until_us: f64) -> Vec<f64> {
    let mut f: Vec<f64> = run
        .report
        .iter()
        .flat_map(|r| r.flows.iter())
        .filter(|f| f.sprayed)
        .filter_map(|f| f.fct_us)
        .filter(|&t| t <= until_us)
        .collect();
    f.sort_by(f64::total_cmp);
    f
}

/// cwnd over time: the band over all sprayed flows, their mean, one highlighted flow, and the
/// elephants' mean.
pub fn cwnd<DB: DrawingBackend>(root: Root<DB>, run: &RunData, flow: usize, at: &At) -> DrawResult {
    const TITLE: &str = "congestion window (packets)";
    if run.summary.is_empty() {
        return empty(root, at, TITLE, "press Run");
    }
    let span = run.span_us();
    let width = root.dim_in_pixel().0 as usize;
    let [mut band, mut mean, mut one, mut elephants] =
        std::array::from_fn(|_| Columns::new(width, span));
    for s in run.summary.iter().filter(|s| at.shows(s.time_us)) {
        band.add(s.time_us, s.cwnd_min, s.cwnd_max);
        mean.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
        elephants.add(s.time_us, s.elephant_cwnd, s.elephant_cwnd);
    }
    for (t, b, i) in run.buckets().filter(|(t, _, _)| at.shows(*t)) {
        if let Some(m) = b.cwnd.get(i * b.flows + flow) {
            one.add(t, m.min, m.max);
        }
    }
    let colour = palette::cca(cca_of(run));
    let has_elephants = run.summary.iter().any(|s| s.elephant_cwnd > 0.0);
    let mut legend = Legend::default();
    legend.add(Mark::Band(colour), "min–max of sprayed flows");
    legend.add(Mark::Line(colour, 3), format!("mean ({})", cca_of(run)));
    legend.add(Mark::Line(palette::HIGHLIGHT, 1), format!("flow {flow}"));
    if has_elephants {
        legend.add(Mark::Line(palette::ELEPHANT, 3), "elephants (mean)");
    }
    let root = with_legend(root, &legend, at.style)?;
    let y_top = band.top().max(one.top()).max(1.0) * 1.05;
    let mut c = chart(&root, at, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    c.draw_series(std::iter::once(Polygon::new(band.band(), colour.mix(0.22))))
        .map_err(err)?;
    line(&mut c, mean.means(), colour.stroke_width(3))?;
    line(&mut c, one.means(), palette::HIGHLIGHT.stroke_width(1))?;
    if has_elephants {
        line(&mut c, elephants.means(), palette::ELEPHANT.stroke_width(3))?;
    }
    marks(&mut c, run, at, 0.0..y_top)?;
    root.present().map_err(err)
}

/// The delay the CCA decided on (MSwift: the median of the last H samples) against the raw
/// latest RTT, for one flow.
pub fn delay<DB: DrawingBackend>(
    root: Root<DB>,
    run: &RunData,
    flow: usize,
    at: &At,
) -> DrawResult {
    let title = format!("delay of flow {flow} (µs)");
    if run.summary.is_empty() {
        return empty(root, at, &title, "press Run");
    }
    let span = run.span_us();
    let width = root.dim_in_pixel().0 as usize;
    let (mut raw, mut signal) = (Columns::new(width, span), Columns::new(width, span));
    for (t, b, i) in run.buckets().filter(|(t, _, _)| at.shows(*t)) {
        let k = i * b.flows + flow;
        if let (Some(r), Some(s)) = (b.raw_delay_us.get(k), b.signal_us.get(k)) {
            raw.add(t, r.min, r.max);
            signal.add(t, s.min, s.max);
        }
    }
    let colour = palette::cca(cca_of(run));
    let mut legend = Legend::default();
    legend.add(
        Mark::Line(palette::REFERENCE, 1),
        "raw RTT of the latest ACK",
    );
    legend.add(
        Mark::Line(colour, 3),
        format!("decision signal ({})", cca_of(run)),
    );
    let root = with_legend(root, &legend, at.style)?;
    let y_top = raw.top().max(signal.top()).max(1.0) * 1.05;
    let mut c = chart(&root, at, &title, 0.0..span, 0.0..y_top, "time (µs)")?;
    line(
        &mut c,
        raw.maxes(),
        palette::REFERENCE.mix(0.55).stroke_width(1),
    )?;
    line(&mut c, signal.means(), colour.stroke_width(3))?;
    marks(&mut c, run, at, 0.0..y_top)?;
    root.present().map_err(err)
}

/// Colours of the queue chart's ports (Paul Tol's "bright" scheme, colour-blind safe).
const PORT_COLOURS: [RGBColor; 7] = [
    RGBColor(68, 119, 170),
    RGBColor(238, 102, 119),
    RGBColor(34, 136, 51),
    RGBColor(204, 187, 68),
    RGBColor(102, 204, 238),
    RGBColor(170, 51, 119),
    RGBColor(100, 100, 100),
];

/// The ports the queue chart shows: the chosen ones, then the elephants', then the busiest;
/// (timeline index, crosses an elephant) each, at most `n`.
pub fn queue_ports(run: &RunData, chosen: &[usize], n: usize) -> Vec<(usize, bool)> {
    let Some(meta) = &run.meta else {
        return Vec::new();
    };
    let elephant = |p: usize| meta.elephant_ports.contains(&p);
    let mut ports: Vec<(usize, bool)> = Vec::new();
    let candidates = chosen
        .iter()
        .copied()
        .chain(meta.elephant_ports.iter().copied().take(4))
        .chain(run.busiest_ports(12));
    for p in candidates {
        if ports.len() < n && p < meta.port_names.len() && !ports.iter().any(|&(q, _)| q == p) {
            ports.push((p, elephant(p)));
        }
    }
    ports
}

/// Queue depth over time of the chosen ports, the ports the elephants cross and the busiest.
pub fn queues<DB: DrawingBackend>(
    root: Root<DB>,
    run: &RunData,
    chosen: &[usize],
    at: &At,
) -> DrawResult {
    const TITLE: &str = "queue depth (KiB)";
    let Some(meta) = run.meta.as_ref().filter(|_| !run.summary.is_empty()) else {
        return empty(root, at, TITLE, "press Run");
    };
    let ports = queue_ports(run, chosen, 6);
    let span = run.span_us();
    let width = root.dim_in_pixel().0 as usize;
    let mut cols: Vec<Columns> = ports.iter().map(|_| Columns::new(width, span)).collect();
    for (t, b, i) in run.buckets().filter(|(t, _, _)| at.shows(*t)) {
        for (c, &(p, _)) in cols.iter_mut().zip(&ports) {
            if let Some(m) = b.queue_bytes.get(i * b.ports + p) {
                c.add(t, m.min / 1024.0, m.max / 1024.0);
            }
        }
    }
    let mut legend = Legend::default();
    for (k, &(p, elephant)) in ports.iter().enumerate() {
        let tag = if elephant { " (elephant)" } else { "" };
        legend.add(
            Mark::Line(
                PORT_COLOURS[k % PORT_COLOURS.len()],
                if elephant { 3 } else { 2 },
            ),
            format!("{}{tag}", meta.port_names[p]),
        );
    }
    let root = with_legend(root, &legend, at.style)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut c = chart(&root, at, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    for (k, (col, &(_, elephant))) in cols.iter().zip(&ports).enumerate() {
        let colour = PORT_COLOURS[k % PORT_COLOURS.len()];
        line(
            &mut c,
            col.maxes(),
            colour.stroke_width(if elephant { 3 } else { 2 }),
        )?;
    }
    marks(&mut c, run, at, 0.0..y_top)?;
    root.present().map_err(err)
}

/// The CDF of the sprayed flows' FCTs (those finished by the cursor), with the zero-queueing
/// lower bound of the CCT.
pub fn fct_cdf<DB: DrawingBackend>(root: Root<DB>, run: &RunData, at: &At) -> DrawResult {
    const TITLE: &str = "flow completion times (CDF)";
    let Some(report) = &run.report else {
        return empty(root, at, TITLE, "after the run");
    };
    let all = sorted_fcts(run, f64::INFINITY);
    if all.is_empty() {
        return empty(root, at, TITLE, "no flow finished");
    }
    let label = match report.cct_us {
        Some(cct) => format!("{} FCTs (CCT {cct:.1} µs)", cca_of(run)),
        None => "FCTs (unfinished)".to_string(),
    };
    let figure = Cdfs {
        title: TITLE,
        series: vec![CdfSeries {
            label,
            colour: palette::cca(cca_of(run)),
            width: 3,
            sorted: sorted_fcts(run, at.cursor.unwrap_or(f64::INFINITY)),
        }],
        bound: Some(report.ideal_cct_us),
        x_top: all.last().copied().unwrap_or(1.0),
    };
    cdfs(root, &figure, at)
}
