//! The charts, drawn with plotters on `<canvas>` elements.
//!
//! Every series is decimated to the canvas width: the run's time span is cut into one column per
//! pixel and each column keeps the min and max (or mean) of the buckets it covers, so a redraw
//! costs O(width) drawing however long the run.

use super::canvas_text::MeasuredCanvas;
use super::store::RunData;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use std::ops::Range;
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

fn area(canvas: &HtmlCanvasElement) -> Result<Root, String> {
    let backend = MeasuredCanvas::new(canvas).ok_or("canvas has no 2D context")?;
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

type Root = DrawingArea<MeasuredCanvas, plotters::coord::Shift>;
type Chart<'a> = ChartContext<'a, MeasuredCanvas, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A chart in the house style: title, margins, a light mesh, the x axis named `x_desc`.
fn chart<'a>(
    root: &'a Root,
    title: &str,
    x: Range<f64>,
    y: Range<f64>,
    x_desc: &str,
) -> Result<Chart<'a>, String> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(x, y)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    Ok(chart)
}

/// A line with its legend entry.
fn line(
    chart: &mut Chart,
    points: Vec<(f64, f64)>,
    style: ShapeStyle,
    label: String,
) -> DrawResult {
    chart
        .draw_series(LineSeries::new(points, style))
        .map_err(err)?
        .label(label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], style));
    Ok(())
}

fn legend(chart: &mut Chart, position: SeriesLabelPosition) -> DrawResult {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 11))
        .draw()
        .map_err(err)
}

/// The steps of an empirical CDF of sorted values.
fn cdf_steps(sorted: &[f64]) -> Vec<(f64, f64)> {
    let n = sorted.len() as f64;
    let mut steps = vec![(0.0, 0.0)];
    for (i, &v) in sorted.iter().enumerate() {
        steps.push((v, i as f64 / n));
        steps.push((v, (i + 1) as f64 / n));
    }
    steps
}

/// The sorted FCTs of a run's finished sprayed flows.
fn sorted_fcts(run: &RunData) -> Vec<f64> {
    let mut f: Vec<f64> = run
        .report
        .iter()
        .flat_map(|r| r.flows.iter())
        .filter(|f| f.sprayed)
        .filter_map(|f| f.fct_us)
        .collect();
    f.sort_by(f64::total_cmp);
    f
}

/// An empty chart with its title and axes, and a note on what will appear. Drawing the axes at
/// page load also warms up the plotting code, so the first live redraw is fast.
fn empty(canvas: &HtmlCanvasElement, title: &str, note: &str) -> DrawResult {
    let root = area(canvas)?;
    let mut c = chart(&root, title, 0.0..100.0, 0.0..1.0, "time (µs)")?;
    let style = ("sans-serif", 14).into_font().color(&BLACK.mix(0.5));
    c.draw_series(std::iter::once(Text::new(
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
    let (mut band, mut mean, mut one) = (
        Columns::new(width, span),
        Columns::new(width, span),
        Columns::new(width, span),
    );
    let mut elephants = Columns::new(width, span);
    for s in &run.summary {
        band.add(s.time_us, s.cwnd_min, s.cwnd_max);
        mean.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
        elephants.add(s.time_us, s.elephant_cwnd, s.elephant_cwnd);
    }
    for (t, b, i) in run.buckets() {
        if let Some(m) = b.cwnd.get(i * b.flows + flow) {
            one.add(t, m.min, m.max);
        }
    }
    let root = area(canvas)?;
    let y_top = band.top().max(one.top()).max(1.0) * 1.05;
    let mut c = chart(&root, "cwnd (packets)", 0.0..span, 0.0..y_top, "time (µs)")?;
    c.draw_series(std::iter::once(Polygon::new(band.band(), MEAN.mix(0.15))))
        .map_err(err)?;
    line(
        &mut c,
        mean.means(),
        MEAN.stroke_width(2),
        "sprayed flows: mean (band: min–max)".into(),
    )?;
    line(
        &mut c,
        one.means(),
        FLOW.stroke_width(1),
        format!("flow {flow}"),
    )?;
    if run.summary.iter().any(|s| s.elephant_cwnd > 0.0) {
        line(
            &mut c,
            elephants.means(),
            ELEPHANT.stroke_width(1),
            "elephants: mean".into(),
        )?;
    }
    legend(&mut c, SeriesLabelPosition::UpperRight)?;
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
    let mut c = chart(
        &root,
        &format!("delay of flow {flow} (µs)"),
        0.0..span,
        0.0..y_top,
        "time (µs)",
    )?;
    line(
        &mut c,
        raw.maxes(),
        BLACK.mix(0.35).into(),
        "raw RTT (latest ACK)".into(),
    )?;
    line(
        &mut c,
        signal.means(),
        MEAN.stroke_width(2),
        "decision signal".into(),
    )?;
    legend(&mut c, SeriesLabelPosition::UpperRight)?;
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
        if ports.len() < 8 && !ports.iter().any(|&(q, _)| q == p) {
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
    let mut c = chart(
        &root,
        "queue depth (KiB)",
        0.0..span,
        0.0..y_top,
        "time (µs)",
    )?;
    for (k, (col, &(p, elephant))) in cols.iter().zip(&ports).enumerate() {
        let style = PALETTE[k % PALETTE.len()].stroke_width(if elephant { 2 } else { 1 });
        let name = format!(
            "{}{}",
            meta.port_names[p],
            if elephant { " (elephant)" } else { "" }
        );
        line(&mut c, col.maxes(), style, name)?;
    }
    if !ports.is_empty() {
        legend(&mut c, SeriesLabelPosition::UpperRight)?;
    }
    root.present().map_err(err)
}

/// The CDF of the sprayed flows' FCTs, with the zero-queueing lower bound of the CCT.
pub fn draw_fct_cdf(canvas: &HtmlCanvasElement, run: &RunData) -> DrawResult {
    let Some(report) = &run.report else {
        return empty(canvas, "FCT CDF of the sprayed flows", "after the run");
    };
    let fcts = sorted_fcts(run);
    if fcts.is_empty() {
        return empty(canvas, "FCT CDF of the sprayed flows", "no flow finished");
    }
    let bound = report.ideal_cct_us;
    let x_top = fcts.last().copied().unwrap_or(1.0).max(bound) * 1.05;
    let root = area(canvas)?;
    let mut c = chart(
        &root,
        "FCT CDF of the sprayed flows",
        0.0..x_top,
        0.0..1.02,
        "FCT (µs)",
    )?;
    line(
        &mut c,
        vec![(bound, 0.0), (bound, 1.02)],
        ELEPHANT.stroke_width(2),
        format!("lower bound {bound:.1} µs"),
    )?;
    let label = match report.cct_us {
        Some(cct) => format!("FCTs (CCT {cct:.1} µs)"),
        None => "FCTs (unfinished)".to_string(),
    };
    line(&mut c, cdf_steps(&fcts), MEAN.stroke_width(2), label)?;
    legend(&mut c, SeriesLabelPosition::LowerRight)?;
    root.present().map_err(err)
}

/// Compare: the mean cwnd of the sprayed flows of several runs, overlaid.
pub fn draw_compare_cwnd(canvas: &HtmlCanvasElement, runs: &[&RunData]) -> DrawResult {
    const TITLE: &str = "compare: mean cwnd of sprayed flows";
    if runs.is_empty() {
        return empty(canvas, TITLE, "finished runs appear here");
    }
    let span = runs.iter().map(|r| r.span_us()).fold(1.0, f64::max);
    let width = canvas.width() as usize;
    let cols: Vec<Columns> = runs
        .iter()
        .map(|r| {
            let mut col = Columns::new(width, span);
            for s in &r.summary {
                col.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
            }
            col
        })
        .collect();
    let root = area(canvas)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut c = chart(&root, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    for (k, (col, r)) in cols.iter().zip(runs).enumerate() {
        line(
            &mut c,
            col.means(),
            PALETTE[k % PALETTE.len()].stroke_width(2),
            run_name(r),
        )?;
    }
    legend(&mut c, SeriesLabelPosition::UpperRight)?;
    root.present().map_err(err)
}

/// Compare: the FCT CDFs of several runs.
pub fn draw_compare_fct(canvas: &HtmlCanvasElement, runs: &[&RunData]) -> DrawResult {
    const TITLE: &str = "compare: FCT CDFs of the sprayed flows";
    let finished: Vec<(&RunData, Vec<f64>)> = runs
        .iter()
        .map(|r| (*r, sorted_fcts(r)))
        .filter(|(_, f)| !f.is_empty())
        .collect();
    if finished.is_empty() {
        return empty(canvas, TITLE, "finished runs appear here");
    }
    let x_top = finished
        .iter()
        .filter_map(|(_, f)| f.last().copied())
        .fold(1.0, f64::max)
        * 1.05;
    let root = area(canvas)?;
    let mut c = chart(&root, TITLE, 0.0..x_top, 0.0..1.02, "FCT (µs)")?;
    for (k, (r, fcts)) in finished.iter().enumerate() {
        line(
            &mut c,
            cdf_steps(fcts),
            PALETTE[k % PALETTE.len()].stroke_width(2),
            run_name(r),
        )?;
    }
    legend(&mut c, SeriesLabelPosition::LowerRight)?;
    root.present().map_err(err)
}

/// "#3 mswift" in a comparison legend.
fn run_name(r: &RunData) -> String {
    format!("#{} {}", r.id, r.scenario.field("cca").unwrap_or_default())
}

/// One simulated point of the theory sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TheoryPoint {
    /// 0: Swift, 1: LSwift, 2: MSwift.
    pub cca: usize,
    pub q: f64,
    pub gbps: f64,
}

/// The names of the simulated CCAs of the theory sweep, by [`TheoryPoint::cca`].
pub const THEORY_CCAS: [&str; 3] = ["swift", "lswift", "mswift"];

/// Theory: throughput against q (log-log): the closed forms of the paper's table, the line rate,
/// and the simulated n-path points. AIMD curves fall like 1/√q; the median's line stays flat.
pub fn draw_theory(
    canvas: &HtmlCanvasElement,
    s: &crate::Scenario,
    points: &[TheoryPoint],
) -> DrawResult {
    use crate::model::{npath_rtts, Model};
    let (t_short, t_long) = npath_rtts(s);
    let mss = (s.topology.mss_bytes + s.topology.header_bytes) as f64;
    let line_rate = s.topology.link_gbps as f64;
    let (q_lo, q_hi) = (0.004f64, 0.34f64);
    let qs: Vec<f64> = (0..=60)
        .map(|i| q_lo * (q_hi / q_lo).powf(i as f64 / 60.0))
        .collect();
    let curve = |m: Model| -> Vec<(f64, f64)> {
        qs.iter()
            .map(|&q| (q, m.throughput(mss, t_short, t_long, q) * 8.0 / 1e9))
            .collect()
    };
    let root = area(canvas)?;
    let mut c = ChartBuilder::on(&root)
        .caption("theory: throughput against q (log-log)", ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((q_lo..q_hi).log_scale(), (10.0..2000.0).log_scale())
        .map_err(err)?;
    c.configure_mesh()
        .x_desc("q = share of packets on the long path")
        .y_desc("Gbps")
        .x_labels(6)
        .x_label_formatter(&|q| format!("{}", (q * 1000.0).round() / 1000.0))
        .y_label_formatter(&|g| format!("{g:.0}"))
        .light_line_style(WHITE)
        .draw()
        .map_err(err)?;
    let model_style = BLACK.mix(0.6).stroke_width(2);
    c.draw_series(LineSeries::new(curve(Model::Swift), model_style))
        .map_err(err)?
        .label("TCP / Swift model (Thm 1, 3): 1.22·MSS/(T_s·√q)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], model_style));
    let smartt_style = PALETTE[4].stroke_width(1);
    c.draw_series(LineSeries::new(curve(Model::Smartt), smartt_style))
        .map_err(err)?
        .label("SMaRTT model (Thm 4)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], smartt_style));
    let rate_style = ELEPHANT.mix(0.7).stroke_width(1);
    c.draw_series(LineSeries::new(
        vec![(q_lo, line_rate), (q_hi, line_rate)],
        rate_style,
    ))
    .map_err(err)?
    .label(format!("line rate {line_rate} Gbps"))
    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], rate_style));
    for (k, name) in THEORY_CCAS.iter().enumerate() {
        let color = [FLOW, PALETTE[1], MEAN][k];
        let mine: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.cca == k)
            .map(|p| (p.q, p.gbps))
            .collect();
        if mine.is_empty() {
            continue;
        }
        c.draw_series(LineSeries::new(mine.clone(), color.stroke_width(1)))
            .map_err(err)?;
        c.draw_series(mine.iter().map(|&p| Circle::new(p, 4, color.filled())))
            .map_err(err)?
            .label(format!("{name}, simulated"))
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, color.filled()));
    }
    c.configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 11))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}
