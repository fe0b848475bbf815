//! The charts, drawn with plotters on `<canvas>` elements.
//!
//! Every series is decimated to the canvas width: the run's time span is cut into one column per
//! pixel and each column keeps the min and max (or mean) of the buckets it covers, so a redraw
//! costs O(width) drawing however long the run.

use super::store::RunData;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;

type DrawResult = Result<(), String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// Per-column min/max/mean of a value sampled at times in [0, span].
struct Columns {
    span: f64,
    min: Vec<f32>,
    max: Vec<f32>,
    sum: Vec<f32>,
    n: Vec<u32>,
}

impl Columns {
    fn new(width: usize, span: f64) -> Columns {
        let w = width.max(2);
        Columns {
            span: span.max(1e-9),
            min: vec![f32::MAX; w],
            max: vec![f32::MIN; w],
            sum: vec![0.0; w],
            n: vec![0; w],
        }
    }

    fn add(&mut self, t: f64, lo: f32, hi: f32) {
        let w = self.n.len();
        let c = (((t / self.span) * (w - 1) as f64).round() as usize).min(w - 1);
        self.min[c] = self.min[c].min(lo);
        self.max[c] = self.max[c].max(hi);
        self.sum[c] += (lo + hi) / 2.0;
        self.n[c] += 1;
    }

    fn x(&self, c: usize) -> f64 {
        c as f64 / (self.n.len() - 1) as f64 * self.span
    }

    fn means(&self) -> Vec<(f64, f64)> {
        (0..self.n.len())
            .filter(|&c| self.n[c] > 0)
            .map(|c| (self.x(c), (self.sum[c] / self.n[c] as f32) as f64))
            .collect()
    }

    fn maxes(&self) -> Vec<(f64, f64)> {
        (0..self.n.len())
            .filter(|&c| self.n[c] > 0)
            .map(|c| (self.x(c), self.max[c] as f64))
            .collect()
    }

    /// The band between the column minima and maxima, as a closed polygon.
    fn band(&self) -> Vec<(f64, f64)> {
        let cols: Vec<usize> = (0..self.n.len()).filter(|&c| self.n[c] > 0).collect();
        let mut pts: Vec<(f64, f64)> = cols
            .iter()
            .map(|&c| (self.x(c), self.max[c] as f64))
            .collect();
        pts.extend(cols.iter().rev().map(|&c| (self.x(c), self.min[c] as f64)));
        pts
    }

    fn top(&self) -> f64 {
        self.max.iter().copied().fold(0.0f32, f32::max) as f64
    }
}

fn area(
    canvas: &HtmlCanvasElement,
) -> Result<DrawingArea<CanvasBackend, plotters::coord::Shift>, String> {
    let backend =
        CanvasBackend::with_canvas_object(canvas.clone()).ok_or("canvas has no 2D context")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    Ok(root)
}

const FLOW: RGBColor = RGBColor(214, 39, 40);
const MEAN: RGBColor = RGBColor(31, 119, 180);
const ELEPHANT: RGBColor = RGBColor(44, 160, 44);
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// An empty chart with its title and axes, and a note on what will appear. Drawing the axes at
/// page load also warms up the plotting code, so the first live redraw is fast.
fn empty(canvas: &HtmlCanvasElement, title: &str, note: &str) -> DrawResult {
    let root = area(canvas)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..100.0, 0f64..1.0)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("time (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    let style = ("sans-serif", 14).into_font().color(&BLACK.mix(0.5));
    chart
        .draw_series(std::iter::once(Text::new(
            note.to_string(),
            (30.0, 0.5),
            style,
        )))
        .map_err(err)?;
    root.present().map_err(err)
}

/// cwnd over time: the band over all sprayed flows, their mean, one highlighted flow, and the
/// elephants' mean.
pub fn draw_cwnd(canvas: &HtmlCanvasElement, run: &RunData, flow: usize) -> DrawResult {
    if run.summary.is_empty() {
        return empty(canvas, "cwnd (packets)", "press Run");
    }
    let span = run.span_us();
    let width = canvas.width() as usize;
    let (mut band, mut mean) = (Columns::new(width, span), Columns::new(width, span));
    let mut elephants = Columns::new(width, span);
    for s in &run.summary {
        band.add(s.time_us, s.cwnd_min, s.cwnd_max);
        mean.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
        elephants.add(s.time_us, s.elephant_cwnd, s.elephant_cwnd);
    }
    let mut one = Columns::new(width, span);
    for (t, b, i) in run.buckets() {
        if let Some(m) = b.cwnd.get(i * b.flows + flow) {
            one.add(t, m.min, m.max);
        }
    }
    let root = area(canvas)?;
    let y_top = band.top().max(one.top()).max(1.0) * 1.05;
    let mut chart = ChartBuilder::on(&root)
        .caption("cwnd (packets)", ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..span, 0f64..y_top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("time (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    chart
        .draw_series(std::iter::once(Polygon::new(band.band(), MEAN.mix(0.15))))
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(mean.means(), MEAN.stroke_width(2)))
        .map_err(err)?
        .label("sprayed flows: mean (band: min–max)")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], MEAN.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(one.means(), FLOW.stroke_width(1)))
        .map_err(err)?
        .label(format!("flow {flow}"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], FLOW));
    if run.summary.iter().any(|s| s.elephant_cwnd > 0.0) {
        chart
            .draw_series(LineSeries::new(elephants.means(), ELEPHANT.stroke_width(1)))
            .map_err(err)?
            .label("elephants: mean")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], ELEPHANT));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// The delay the CCA decided on (MSwift: the median of the last H samples) against the raw
/// latest RTT, for one flow.
pub fn draw_delay(canvas: &HtmlCanvasElement, run: &RunData, flow: usize) -> DrawResult {
    if run.summary.is_empty() {
        return empty(canvas, "delay (µs)", "press Run");
    }
    let span = run.span_us();
    let width = canvas.width() as usize;
    let (mut raw, mut signal) = (Columns::new(width, span), Columns::new(width, span));
    for (t, b, i) in run.buckets() {
        let at = i * b.flows + flow;
        if let (Some(r), Some(s)) = (b.raw_delay_us.get(at), b.signal_us.get(at)) {
            raw.add(t, r.min, r.max);
            signal.add(t, s.min, s.max);
        }
    }
    let root = area(canvas)?;
    let y_top = raw.top().max(signal.top()).max(1.0) * 1.05;
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("delay of flow {flow} (µs)"), ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..span, 0f64..y_top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("time (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(raw.maxes(), BLACK.mix(0.35)))
        .map_err(err)?
        .label("raw RTT (latest ACK)")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK.mix(0.35)));
    chart
        .draw_series(LineSeries::new(signal.means(), MEAN.stroke_width(2)))
        .map_err(err)?
        .label("decision signal")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], MEAN.stroke_width(2)));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Queue depth over time of the ports the elephants cross and of the busiest other ports.
pub fn draw_queues(canvas: &HtmlCanvasElement, run: &RunData) -> DrawResult {
    let Some(meta) = run.meta.as_ref().filter(|_| !run.summary.is_empty()) else {
        return empty(canvas, "queue depth (KiB)", "press Run");
    };
    let mut ports: Vec<(usize, bool)> = meta
        .elephant_ports
        .iter()
        .take(6)
        .map(|&p| (p, true))
        .collect();
    for p in run.busiest_ports(12) {
        if ports.len() >= 8 {
            break;
        }
        if !ports.iter().any(|&(q, _)| q == p) {
            ports.push((p, false));
        }
    }
    let span = run.span_us();
    let width = canvas.width() as usize;
    let mut cols: Vec<Columns> = ports.iter().map(|_| Columns::new(width, span)).collect();
    for (t, b, i) in run.buckets() {
        for (c, &(p, _)) in cols.iter_mut().zip(&ports) {
            if let Some(m) = b.queue_bytes.get(i * b.ports + p) {
                c.add(t, m.min / 1024.0, m.max / 1024.0);
            }
        }
    }
    let root = area(canvas)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut chart = ChartBuilder::on(&root)
        .caption("queue depth (KiB)", ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..span, 0f64..y_top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("time (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    for (k, (c, &(p, elephant))) in cols.iter().zip(&ports).enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        let name = format!(
            "{}{}",
            meta.port_names[p],
            if elephant { " (elephant)" } else { "" }
        );
        chart
            .draw_series(LineSeries::new(
                c.maxes(),
                color.stroke_width(if elephant { 2 } else { 1 }),
            ))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color));
    }
    if !ports.is_empty() {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .label_font(("sans-serif", 11))
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(err)
}

/// The CDF of the sprayed flows' FCTs, with the zero-queueing lower bound of the CCT.
pub fn draw_fct_cdf(canvas: &HtmlCanvasElement, run: &RunData) -> DrawResult {
    let Some(report) = &run.report else {
        return empty(canvas, "FCT CDF of the sprayed flows", "after the run");
    };
    let mut fcts: Vec<f64> = report
        .flows
        .iter()
        .filter(|f| f.sprayed)
        .filter_map(|f| f.fct_us)
        .collect();
    fcts.sort_by(f64::total_cmp);
    if fcts.is_empty() {
        return empty(canvas, "FCT CDF of the sprayed flows", "no flow finished");
    }
    let x_top = fcts.last().copied().unwrap_or(1.0).max(report.ideal_cct_us) * 1.05;
    let n = fcts.len() as f64;
    let mut steps = vec![(0.0, 0.0)];
    for (i, &f) in fcts.iter().enumerate() {
        steps.push((f, i as f64 / n));
        steps.push((f, (i + 1) as f64 / n));
    }
    let root = area(canvas)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("FCT CDF of the sprayed flows", ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..x_top, 0f64..1.02)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("FCT (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    let bound = report.ideal_cct_us;
    chart
        .draw_series(LineSeries::new(
            vec![(bound, 0.0), (bound, 1.02)],
            ELEPHANT.stroke_width(2),
        ))
        .map_err(err)?
        .label(format!("lower bound {bound:.1} µs"))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], ELEPHANT.stroke_width(2)));
    let label = match report.cct_us {
        Some(c) => format!("FCTs (CCT {c:.1} µs)"),
        None => "FCTs (unfinished)".to_string(),
    };
    chart
        .draw_series(LineSeries::new(steps, MEAN.stroke_width(2)))
        .map_err(err)?
        .label(label)
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], MEAN.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Compare: the mean cwnd of the sprayed flows of several runs, overlaid.
pub fn draw_compare_cwnd(canvas: &HtmlCanvasElement, runs: &[&RunData]) -> DrawResult {
    if runs.is_empty() {
        return empty(
            canvas,
            "compare: mean cwnd of sprayed flows",
            "finished runs appear here",
        );
    }
    let span = runs.iter().map(|r| r.span_us()).fold(1.0, f64::max);
    let width = canvas.width() as usize;
    let cols: Vec<Columns> = runs
        .iter()
        .map(|r| {
            let mut c = Columns::new(width, span);
            for s in &r.summary {
                c.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
            }
            c
        })
        .collect();
    let root = area(canvas)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut chart = ChartBuilder::on(&root)
        .caption("compare: mean cwnd of sprayed flows", ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..span, 0f64..y_top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("time (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    for (k, (c, r)) in cols.iter().zip(runs).enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(c.means(), color.stroke_width(2)))
            .map_err(err)?
            .label(format!(
                "#{} {}",
                r.id,
                r.scenario.field("cca").unwrap_or_default()
            ))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Compare: the FCT CDFs of several runs, with the lower bound of the first.
pub fn draw_compare_fct(canvas: &HtmlCanvasElement, runs: &[&RunData]) -> DrawResult {
    let finished: Vec<(&RunData, Vec<f64>)> = runs
        .iter()
        .filter_map(|r| {
            let report = r.report.as_ref()?;
            let mut f: Vec<f64> = report
                .flows
                .iter()
                .filter(|f| f.sprayed)
                .filter_map(|f| f.fct_us)
                .collect();
            f.sort_by(f64::total_cmp);
            (!f.is_empty()).then_some((*r, f))
        })
        .collect();
    if finished.is_empty() {
        return empty(canvas, "compare: FCT CDFs", "finished runs appear here");
    }
    let x_top = finished
        .iter()
        .filter_map(|(_, f)| f.last().copied())
        .fold(1.0, f64::max)
        * 1.05;
    let root = area(canvas)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("compare: FCT CDFs of the sprayed flows", ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0f64..x_top, 0f64..1.02)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("FCT (µs)")
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    for (k, (r, fcts)) in finished.iter().enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        let n = fcts.len() as f64;
        let mut steps = vec![(0.0, 0.0)];
        for (i, &f) in fcts.iter().enumerate() {
            steps.push((f, i as f64 / n));
            steps.push((f, (i + 1) as f64 / n));
        }
        chart
            .draw_series(LineSeries::new(steps, color.stroke_width(2)))
            .map_err(err)?
            .label(format!(
                "#{} {}",
                r.id,
                r.scenario.field("cca").unwrap_or_default()
            ))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}
