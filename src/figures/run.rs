//! The main run's time charts (cwnd, delay, queues) and its FCT distribution.

use super::cdf::{cdfs, CdfSeries, Cdfs};
use super::*;

/// The sorted FCTs of a run's sprayed flows that finished by `until_us`.
pub fn sorted_fcts(run: &RunView, until_us: f64) -> Vec<f64> {
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
/// elephants' mean; the network's BDP and the CCA's window cap as reference lines. `beside`, a
/// run in lockstep with this one on the same network, adds its mean in its CCA's colour: both
/// runs on one time axis and one window axis (the presentation's one chart of a lockstep step).
pub fn cwnd<DB: DrawingBackend>(
    root: Root<DB>,
    run: &RunView,
    beside: Option<&RunView>,
    flow: usize,
    at: &At,
) -> DrawResult {
    const TITLE: &str = "congestion window (packets)";
    if run.summary.is_empty() {
        return empty(root, at, TITLE, "press Run");
    }
    let x = at.time_range(run.span_us());
    let width = root.dim_in_pixel().0 as usize;
    let [mut band, mut mean, mut one, mut elephants] =
        std::array::from_fn(|_| Columns::new(width, x.clone()));
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
    let mut partner = Columns::new(width, x.clone());
    for s in beside.iter().flat_map(|p| p.summary.iter()) {
        if at.shows(s.time_us) {
            partner.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
        }
    }
    let colour = palette::cca(run.cca());
    let has_elephants = run.summary.iter().any(|s| s.elephant_cwnd > 0.0);
    let refs = run.meta.as_ref().map(|m| m.references);
    let mut legend = Legend::default();
    legend.add_keyed(CWND_BAND, Mark::Band(colour), "min–max of sprayed flows");
    legend.add_keyed(
        CWND_MEAN,
        Mark::Line(colour, 3),
        format!("mean ({})", run.cca()),
    );
    if let Some(p) = beside {
        let name = format!("mean ({}, in lockstep)", p.cca());
        legend.add_keyed(CWND_PARTNER, Mark::Line(palette::cca(p.cca()), 3), name);
    }
    legend.add_keyed(
        CWND_FLOW,
        Mark::Line(palette::HIGHLIGHT, 1),
        format!("flow {flow}"),
    );
    if has_elephants {
        legend.add_keyed(
            CWND_ELEPHANTS,
            Mark::Line(palette::ELEPHANT, 3),
            "elephants (mean)",
        );
    }
    if let Some(r) = refs {
        let bdp = format!("BDP {:.0} pkts", r.bdp_packets);
        legend.add_keyed(CWND_BDP, Mark::Dashed(palette::REFERENCE, 1), bdp);
        let cap = format!("window cap {:.0} pkts", r.window_cap_packets);
        legend.add_keyed(CWND_CAP, Mark::Line(palette::LINE_RATE, 1), cap);
    }
    let (root, boxes) = with_legend(root, &legend, at)?;
    let data_top = [&band, &one, &elephants, &partner]
        .iter()
        .map(|c| c.top())
        .fold(1.0, f64::max);
    let near = |v: f64| near_reference(v, data_top);
    let y_top = lifted_to_references(data_top, &cwnd_references(run), at);
    let y_top = y_top.max(at.y_top.unwrap_or(0.0)) * 1.05;
    let mut c = chart(&root, at, TITLE, x, 0.0..y_top, "time (µs)")?;
    if at.shows_series(CWND_BAND) {
        c.draw_series(std::iter::once(Polygon::new(band.band(), colour.mix(0.22))))
            .map_err(err)?;
    }
    if let Some(r) = refs {
        if near(r.bdp_packets) {
            reference(
                &mut c,
                at,
                (CWND_BDP, Rule::Dashed),
                r.bdp_packets,
                palette::REFERENCE.stroke_width(1),
            )?;
        }
        if near(r.window_cap_packets) {
            reference(
                &mut c,
                at,
                (CWND_CAP, Rule::Solid),
                r.window_cap_packets,
                palette::LINE_RATE.stroke_width(1),
            )?;
        }
    }
    let series = [
        (CWND_MEAN, mean.means(), colour.stroke_width(3)),
        (CWND_FLOW, one.means(), palette::HIGHLIGHT.stroke_width(1)),
        (
            CWND_ELEPHANTS,
            elephants.means(),
            palette::ELEPHANT.stroke_width(3),
        ),
        (
            CWND_PARTNER,
            partner.means(),
            beside
                .map_or(colour, |p| palette::cca(p.cca()))
                .stroke_width(3),
        ),
    ];
    for (key, points, style) in series {
        let drawn = match key {
            CWND_ELEPHANTS => has_elephants,
            CWND_PARTNER => beside.is_some(),
            _ => true,
        };
        if at.shows_series(key) && drawn {
            line(&mut c, points, style)?;
        }
    }
    marks(&mut c, run, at, 0.0..y_top)?;
    let out = drawn(&c, boxes);
    root.present().map_err(err)?;
    Ok(out)
}

/// The top of `run`'s window chart over the time range `at` shows, up to its cursor: the
/// sprayed flows' largest window and the elephants', and the reference lines they come near
/// (as [`cwnd`] draws them), packets. Two charts side by side take the larger as one axis.
pub fn cwnd_top(run: &RunView, at: &At) -> f64 {
    let x = at.time_range(run.span_us());
    let data_top = run
        .summary
        .iter()
        .filter(|s| at.shows(s.time_us) && x.contains(&s.time_us))
        .map(|s| s.cwnd_max.max(s.elephant_cwnd) as f64)
        .fold(1.0, f64::max);
    lifted_to_references(data_top, &cwnd_references(run), at)
}

/// The window chart's reference lines: the BDP and the window cap, in packets (none before the
/// run's meta arrives).
fn cwnd_references(run: &RunView) -> Vec<(&'static str, f64)> {
    run.meta.as_ref().map_or(Vec::new(), |m| {
        let r = m.references;
        vec![(CWND_BDP, r.bdp_packets), (CWND_CAP, r.window_cap_packets)]
    })
}

/// A reference line is drawn, and lifts the y axis, when the data come within this factor of
/// it: in view when it matters, not squashing the data when it is far above them.
const NEAR: f64 = 1.6;

fn near_reference(v: f64, data_top: f64) -> bool {
    v <= data_top * NEAR
}

/// The top of a y axis: the data's, lifted to each shown reference line the data come near.
fn lifted_to_references(data_top: f64, references: &[(&str, f64)], at: &At) -> f64 {
    references
        .iter()
        .filter(|&&(key, v)| at.shows_series(key) && near_reference(v, data_top))
        .fold(data_top, |top, &(_, v)| top.max(v))
}

/// The legend keys of the window chart's series and lines.
pub const CWND_BAND: &str = "band";
pub const CWND_MEAN: &str = "mean";
pub const CWND_FLOW: &str = "flow";
pub const CWND_ELEPHANTS: &str = "elephants";
/// The mean window of a run in lockstep beside this one.
pub const CWND_PARTNER: &str = "partner";
pub const CWND_BDP: &str = "bdp";
pub const CWND_CAP: &str = "cap";
/// The legend keys of the delay chart's series.
pub const DELAY_RAW: &str = "raw";
pub const DELAY_SIGNAL: &str = "signal";
pub const DELAY_TARGET: &str = "target";
/// The legend key of the FCT chart's series.
pub const FCT_SERIES: &str = "fcts";
/// The legend keys of the queue chart's limits.
pub const QUEUE_ECN: &str = "ecn";
pub const QUEUE_BUFFER: &str = "buffer";

/// The delay the CCA decided on (MSwift: the median of the last H samples) against the raw
/// latest RTT, for one flow, and the delay the CCA holds its signal to (its target).
pub fn delay<DB: DrawingBackend>(
    root: Root<DB>,
    run: &RunView,
    flow: usize,
    at: &At,
) -> DrawResult {
    let title = format!("delay of flow {flow} (µs)");
    if run.summary.is_empty() {
        return empty(root, at, &title, "press Run");
    }
    let x = at.time_range(run.span_us());
    let width = root.dim_in_pixel().0 as usize;
    let [mut raw, mut signal, mut target] = std::array::from_fn(|_| Columns::new(width, x.clone()));
    for (t, b, i) in run.buckets().filter(|(t, _, _)| at.shows(*t)) {
        let k = i * b.flows + flow;
        if let (Some(r), Some(s)) = (b.raw_delay_us.get(k), b.signal_us.get(k)) {
            raw.add(t, r.min, r.max);
            signal.add(t, s.min, s.max);
        }
        // 0: the CCA has no target
        if let Some(g) = b.target_us.get(k).filter(|g| g.max > 0.0) {
            target.add(t, g.min, g.max);
        }
    }
    let colour = palette::cca(run.cca());
    let mut legend = Legend::default();
    legend.add_keyed(
        DELAY_RAW,
        Mark::Line(palette::REFERENCE, 1),
        "raw RTT of the latest ACK",
    );
    legend.add_keyed(
        DELAY_SIGNAL,
        Mark::Line(colour, 3),
        format!("decision signal ({})", run.cca()),
    );
    let has_target = !target.is_empty();
    if has_target {
        legend.add_keyed(DELAY_TARGET, Mark::Dashed(palette::TARGET, 2), "target");
    }
    let (root, boxes) = with_legend(root, &legend, at)?;
    let y_top = raw.top().max(signal.top()).max(target.top()).max(1.0) * 1.05;
    let mut c = chart(&root, at, &title, x, 0.0..y_top, "time (µs)")?;
    if at.shows_series(DELAY_RAW) {
        line(
            &mut c,
            raw.maxes(),
            palette::REFERENCE.mix(0.55).stroke_width(1),
        )?;
    }
    if at.shows_series(DELAY_SIGNAL) {
        line(&mut c, signal.means(), colour.stroke_width(3))?;
    }
    if has_target && at.shows_series(DELAY_TARGET) {
        // dashed, so the signal under it stays visible
        let style = palette::TARGET.mix(0.8).stroke_width(2);
        dashed_line(&mut c, &target.means(), style)?;
    }
    marks(&mut c, run, at, 0.0..y_top)?;
    let out = drawn(&c, boxes);
    root.present().map_err(err)?;
    Ok(out)
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
pub fn queue_ports(run: &RunView, chosen: &[usize], n: usize) -> Vec<(usize, bool)> {
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

/// Queue depth over time of the chosen ports, the ports the elephants cross and the busiest,
/// with a port's ECN threshold and buffer as reference lines.
pub fn queues<DB: DrawingBackend>(
    root: Root<DB>,
    run: &RunView,
    chosen: &[usize],
    at: &At,
) -> DrawResult {
    const TITLE: &str = "queue depth (KiB)";
    let Some(meta) = run.meta.as_ref().filter(|_| !run.summary.is_empty()) else {
        return empty(root, at, TITLE, "press Run");
    };
    let ports = queue_ports(run, chosen, 6);
    let x = at.time_range(run.span_us());
    let width = root.dim_in_pixel().0 as usize;
    let mut cols: Vec<Columns> = ports
        .iter()
        .map(|_| Columns::new(width, x.clone()))
        .collect();
    for (t, b, i) in run.buckets().filter(|(t, _, _)| at.shows(*t)) {
        for (c, &(p, _)) in cols.iter_mut().zip(&ports) {
            if let Some(m) = b.queue_bytes.get(i * b.ports + p) {
                c.add(t, m.min / 1024.0, m.max / 1024.0);
            }
        }
    }
    let limits = meta.references.port;
    let (ecn, buffer) = (limits.ecn_min_bytes / 1024.0, limits.buffer_bytes / 1024.0);
    let mut legend = Legend::default();
    for (k, &(p, elephant)) in ports.iter().enumerate() {
        let tag = if elephant { " (elephant)" } else { "" };
        let name = &meta.port_names[p];
        let mark = Mark::Line(
            PORT_COLOURS[k % PORT_COLOURS.len()],
            if elephant { 3 } else { 2 },
        );
        legend.add_keyed(name.clone(), mark, format!("{name}{tag}"));
    }
    legend.add_keyed(
        QUEUE_ECN,
        Mark::Dashed(palette::REFERENCE, 1),
        format!("ECN threshold {ecn:.0} KiB"),
    );
    legend.add_keyed(
        QUEUE_BUFFER,
        Mark::Line(palette::LINE_RATE, 1),
        format!("buffer {buffer:.0} KiB"),
    );
    let (root, boxes) = with_legend(root, &legend, at)?;
    let data_top = cols.iter().map(Columns::top).fold(1.0, f64::max);
    // the ECN threshold always in view; the buffer when queues come near it
    let ecn_top = if at.shows_series(QUEUE_ECN) { ecn } else { 0.0 };
    let y_top = lifted_to_references(data_top, &[(QUEUE_BUFFER, buffer)], at).max(ecn_top) * 1.05;
    let mut c = chart(&root, at, TITLE, x, 0.0..y_top, "time (µs)")?;
    reference(
        &mut c,
        at,
        (QUEUE_ECN, Rule::Dashed),
        ecn,
        palette::REFERENCE.stroke_width(1),
    )?;
    reference(
        &mut c,
        at,
        (QUEUE_BUFFER, Rule::Solid),
        buffer,
        palette::LINE_RATE.stroke_width(1),
    )?;
    for (k, (col, &(p, elephant))) in cols.iter().zip(&ports).enumerate() {
        if !at.shows_series(&meta.port_names[p]) {
            continue;
        }
        let colour = PORT_COLOURS[k % PORT_COLOURS.len()];
        line(
            &mut c,
            col.maxes(),
            colour.stroke_width(if elephant { 3 } else { 2 }),
        )?;
    }
    marks(&mut c, run, at, 0.0..y_top)?;
    let out = drawn(&c, boxes);
    root.present().map_err(err)?;
    Ok(out)
}

/// The CDF of the sprayed flows' FCTs (those finished by the cursor), with the zero-queueing
/// lower bound of the CCT.
pub fn fct_cdf<DB: DrawingBackend>(root: Root<DB>, run: &RunView, at: &At) -> DrawResult {
    const TITLE: &str = "flow completion times (CDF)";
    let Some(report) = &run.report else {
        return empty(root, at, TITLE, "after the run");
    };
    let all = sorted_fcts(run, f64::INFINITY);
    if all.is_empty() {
        return empty(root, at, TITLE, "no flow finished");
    }
    let label = match report.cct_us {
        Some(cct) => format!("{} FCTs (CCT {cct:.1} µs)", run.cca()),
        None => "FCTs (unfinished)".to_string(),
    };
    let figure = Cdfs {
        title: TITLE,
        series: vec![CdfSeries {
            key: FCT_SERIES.into(),
            label,
            colour: palette::cca(run.cca()),
            width: 3,
            dashed: false,
            sorted: sorted_fcts(run, at.cursor.unwrap_or(f64::INFINITY)),
        }],
        bound: Some(report.ideal_cct_us),
        x_top: all.last().copied().unwrap_or(1.0),
    };
    cdfs(root, &figure, at)
}
