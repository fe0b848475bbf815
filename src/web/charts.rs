//! The charts, drawn with plotters on `<canvas>` elements, in CSS pixels at the screen's pixel
//! density, with the legend in a strip below the plot (never over the data).
//!
//! Every series is decimated to the canvas width: the run's time span is cut into one column per
//! pixel and each column keeps the min and max (or mean) of the buckets it covers, so a redraw
//! costs O(width) drawing however long the run. With the playback cursor away from the live
//! edge, the time charts draw the samples up to the cursor over the run's whole span, and a
//! vertical line marks the cursor.

use super::canvas_text::MeasuredCanvas;
use super::palette;
use crate::scenario::CcaName;
use crate::session::store::RunData;
use crate::session::{TheoryPoint, THEORY_CCAS};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::ops::Range;
use web_sys::HtmlCanvasElement;

type DrawResult = Result<(), String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// Font sizes (CSS px): titles, tick labels and legends, notes.
const TITLE_PX: u32 = 15;
const TEXT_PX: u32 = 13;

/// What the time charts are drawn at.
#[derive(Clone, Copy, Debug)]
pub struct At {
    /// The playback cursor, µs; `None`: at the live edge (everything, no cursor line).
    pub cursor: Option<f64>,
    /// Canvas pixels per CSS pixel.
    pub scale: f64,
}

impl At {
    fn shows(&self, t: f64) -> bool {
        self.cursor.is_none_or(|c| t <= c)
    }
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

    fn filled(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        (0..self.n.len()).filter(|&c| self.n[c] > 0)
    }

    fn means(&self) -> Vec<(f64, f64)> {
        self.filled()
            .map(|c| (self.x(c), (self.sum[c] / self.n[c] as f32) as f64))
            .collect()
    }

    fn maxes(&self) -> Vec<(f64, f64)> {
        self.filled()
            .map(|c| (self.x(c), self.max[c] as f64))
            .collect()
    }

    /// The band between the column minima and maxima, as a closed polygon.
    fn band(&self) -> Vec<(f64, f64)> {
        let mut pts: Vec<(f64, f64)> = self
            .filled()
            .map(|c| (self.x(c), self.max[c] as f64))
            .collect();
        pts.extend(self.filled().rev().map(|c| (self.x(c), self.min[c] as f64)));
        pts
    }

    fn top(&self) -> f64 {
        self.max.iter().copied().fold(0.0f32, f32::max) as f64
    }
}

type Root = DrawingArea<MeasuredCanvas, Shift>;
type Chart<'a> = ChartContext<'a, MeasuredCanvas, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// How a legend entry is marked.
#[derive(Clone, Copy)]
enum Mark {
    Line(RGBColor, u32),
    Band(RGBColor),
    Dot(RGBColor),
}

/// The legend: entries in reading order.
#[derive(Default)]
struct Legend(Vec<(Mark, String)>);

impl Legend {
    fn add(&mut self, mark: Mark, label: impl Into<String>) {
        self.0.push((mark, label.into()));
    }
}

const LEGEND_ROW: i32 = 19;
const MARK_W: i32 = 22;

/// Positions of the legend's entries in a strip `width` wide: (row, x) each, and the rows.
fn legend_layout(root: &Root, legend: &Legend, width: i32) -> (Vec<(i32, i32)>, i32) {
    let font: TextStyle = ("sans-serif", TEXT_PX).into_font().into();
    let (mut row, mut x, mut at) = (0, 8, Vec::new());
    for (_, label) in &legend.0 {
        let w = root
            .estimate_text_size(label, &font)
            .map_or(100, |(w, _)| w as i32)
            + MARK_W
            + 18;
        if x > 8 && x + w > width {
            row += 1;
            x = 8;
        }
        at.push((row, x));
        x += w;
    }
    (at, if legend.0.is_empty() { 0 } else { row + 1 })
}

/// Splits the canvas into the plot and the legend strip below it, drawing the legend.
fn with_legend(root: Root, legend: &Legend) -> Result<Root, String> {
    let (w, h) = root.dim_in_pixel();
    let (at, rows) = legend_layout(&root, legend, w as i32);
    if rows == 0 {
        return Ok(root);
    }
    let strip = rows * LEGEND_ROW + 6;
    let (plot, below) = root.split_vertically(h as i32 - strip);
    let font = ("sans-serif", TEXT_PX).into_font().color(&BLACK);
    for ((mark, label), (row, x)) in legend.0.iter().zip(at) {
        let y = 4 + row * LEGEND_ROW + LEGEND_ROW / 2;
        match *mark {
            Mark::Line(c, w) => below
                .draw(&PathElement::new(
                    vec![(x, y), (x + MARK_W - 4, y)],
                    c.stroke_width(w.max(2)),
                ))
                .map_err(err)?,
            Mark::Band(c) => below
                .draw(&Rectangle::new(
                    [(x, y - 5), (x + MARK_W - 4, y + 5)],
                    c.mix(0.35).filled(),
                ))
                .map_err(err)?,
            Mark::Dot(c) => below
                .draw(&Circle::new((x + 8, y), 5, c.filled()))
                .map_err(err)?,
        }
        below
            .draw(&Text::new(
                label.clone(),
                (x + MARK_W, y - TEXT_PX as i32 / 2 - 1),
                font.clone(),
            ))
            .map_err(err)?;
    }
    Ok(plot)
}

fn area(canvas: &HtmlCanvasElement, at: At) -> Result<Root, String> {
    let backend = MeasuredCanvas::new(canvas, at.scale).ok_or("canvas has no 2D context")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    Ok(root)
}

/// A chart in the house style: title, margins, a light mesh, the axes named.
fn chart<'a>(
    root: &'a Root,
    title: &str,
    x: Range<f64>,
    y: Range<f64>,
    x_desc: &str,
) -> Result<Chart<'a>, String> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", TITLE_PX))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(48)
        .build_cartesian_2d(x, y)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .label_style(("sans-serif", TEXT_PX))
        .axis_desc_style(("sans-serif", TEXT_PX))
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(err)?;
    Ok(chart)
}

fn line(chart: &mut Chart, points: Vec<(f64, f64)>, style: ShapeStyle) -> DrawResult {
    chart
        .draw_series(LineSeries::new(points, style))
        .map_err(err)?;
    Ok(())
}

/// The playback cursor: a vertical line at `at.cursor` over the y range.
fn cursor(chart: &mut Chart, at: At, y: Range<f64>) -> DrawResult {
    if let Some(c) = at.cursor {
        line(
            chart,
            vec![(c, y.start), (c, y.end)],
            palette::CURSOR.stroke_width(2),
        )?;
    }
    Ok(())
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

/// An empty chart with its title and axes, and a note on what will appear. Drawing the axes at
/// page load also warms up the plotting code, so the first live redraw is fast.
fn empty(canvas: &HtmlCanvasElement, at: At, title: &str, note: &str) -> DrawResult {
    let root = area(canvas, at)?;
    let mut c = chart(&root, title, 0.0..100.0, 0.0..1.0, "time (µs)")?;
    let style = ("sans-serif", TEXT_PX + 1)
        .into_font()
        .color(&BLACK.mix(0.6));
    c.draw_series(std::iter::once(Text::new(
        note.to_string(),
        (30.0, 0.5),
        style,
    )))
    .map_err(err)?;
    root.present().map_err(err)
}

fn cca_of(run: &RunData) -> CcaName {
    let c = &run.scenario.cca;
    CcaName::of_config(c.algorithm, c.percentile)
}

/// cwnd over time: the band over all sprayed flows, their mean, one highlighted flow, and the
/// elephants' mean.
pub fn draw_cwnd(canvas: &HtmlCanvasElement, run: &RunData, flow: usize, at: At) -> DrawResult {
    const TITLE: &str = "congestion window (packets)";
    if run.summary.is_empty() {
        return empty(canvas, at, TITLE, "press Run");
    }
    let span = run.span_us();
    let width = (canvas.width() as f64 / at.scale) as usize;
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
    let root = with_legend(area(canvas, at)?, &legend)?;
    let y_top = band.top().max(one.top()).max(1.0) * 1.05;
    let mut c = chart(&root, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    c.draw_series(std::iter::once(Polygon::new(band.band(), colour.mix(0.22))))
        .map_err(err)?;
    line(&mut c, mean.means(), colour.stroke_width(3))?;
    line(&mut c, one.means(), palette::HIGHLIGHT.stroke_width(1))?;
    if has_elephants {
        line(&mut c, elephants.means(), palette::ELEPHANT.stroke_width(3))?;
    }
    cursor(&mut c, at, 0.0..y_top)?;
    root.present().map_err(err)
}

/// The delay the CCA decided on (MSwift: the median of the last H samples) against the raw
/// latest RTT, for one flow.
pub fn draw_delay(canvas: &HtmlCanvasElement, run: &RunData, flow: usize, at: At) -> DrawResult {
    let title = format!("delay of flow {flow} (µs)");
    if run.summary.is_empty() {
        return empty(canvas, at, &title, "press Run");
    }
    let span = run.span_us();
    let width = (canvas.width() as f64 / at.scale) as usize;
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
    let root = with_legend(area(canvas, at)?, &legend)?;
    let y_top = raw.top().max(signal.top()).max(1.0) * 1.05;
    let mut c = chart(&root, &title, 0.0..span, 0.0..y_top, "time (µs)")?;
    line(
        &mut c,
        raw.maxes(),
        palette::REFERENCE.mix(0.55).stroke_width(1),
    )?;
    line(&mut c, signal.means(), colour.stroke_width(3))?;
    cursor(&mut c, at, 0.0..y_top)?;
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
pub fn draw_queues(
    canvas: &HtmlCanvasElement,
    run: &RunData,
    chosen: &[usize],
    at: At,
) -> DrawResult {
    const TITLE: &str = "queue depth (KiB)";
    let Some(meta) = run.meta.as_ref().filter(|_| !run.summary.is_empty()) else {
        return empty(canvas, at, TITLE, "press Run");
    };
    let ports = queue_ports(run, chosen, 6);
    let span = run.span_us();
    let width = (canvas.width() as f64 / at.scale) as usize;
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
    let root = with_legend(area(canvas, at)?, &legend)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut c = chart(&root, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    for (k, (col, &(_, elephant))) in cols.iter().zip(&ports).enumerate() {
        let colour = PORT_COLOURS[k % PORT_COLOURS.len()];
        line(
            &mut c,
            col.maxes(),
            colour.stroke_width(if elephant { 3 } else { 2 }),
        )?;
    }
    cursor(&mut c, at, 0.0..y_top)?;
    root.present().map_err(err)
}

/// The CDF of the sprayed flows' FCTs (those finished by the cursor), with the zero-queueing
/// lower bound of the CCT.
pub fn draw_fct_cdf(canvas: &HtmlCanvasElement, run: &RunData, at: At) -> DrawResult {
    const TITLE: &str = "flow completion times (CDF)";
    let Some(report) = &run.report else {
        return empty(canvas, at, TITLE, "after the run");
    };
    let all = sorted_fcts(run, f64::INFINITY);
    let fcts = sorted_fcts(run, at.cursor.unwrap_or(f64::INFINITY));
    if all.is_empty() {
        return empty(canvas, at, TITLE, "no flow finished");
    }
    let bound = report.ideal_cct_us;
    let x_top = all.last().copied().unwrap_or(1.0).max(bound) * 1.05;
    let colour = palette::cca(cca_of(run));
    let mut legend = Legend::default();
    legend.add(
        Mark::Line(palette::REFERENCE, 2),
        format!("lower bound {bound:.1} µs"),
    );
    let label = match report.cct_us {
        Some(cct) => format!("{} FCTs (CCT {cct:.1} µs)", cca_of(run)),
        None => "FCTs (unfinished)".to_string(),
    };
    legend.add(Mark::Line(colour, 3), label);
    let root = with_legend(area(canvas, at)?, &legend)?;
    let mut c = chart(&root, TITLE, 0.0..x_top, 0.0..1.02, "FCT (µs)")?;
    line(
        &mut c,
        vec![(bound, 0.0), (bound, 1.02)],
        palette::REFERENCE.stroke_width(2),
    )?;
    let mut steps = cdf_steps(&fcts);
    if let (Some(c), Some(&(_, y))) = (at.cursor, steps.last()) {
        steps.push((c.min(x_top), y));
    }
    line(&mut c, steps, colour.stroke_width(3))?;
    cursor(&mut c, at, 0.0..1.02)?;
    root.present().map_err(err)
}

/// The legend name and colour of a compared run: "#3 mswift".
fn run_name(r: &RunData) -> (String, RGBColor) {
    (format!("#{} {}", r.id, cca_of(r)), palette::cca(cca_of(r)))
}

/// Line widths that tell apart compared runs of one CCA (its colour is fixed).
fn nth_of_cca(runs: &[&RunData], k: usize) -> u32 {
    let cca = cca_of(runs[k]);
    let same = runs[..k].iter().filter(|r| cca_of(r) == cca).count() as u32;
    3 + same * 2
}

/// Compare: the mean cwnd of the sprayed flows of several runs, overlaid.
pub fn draw_compare_cwnd(canvas: &HtmlCanvasElement, runs: &[&RunData], at: At) -> DrawResult {
    const TITLE: &str = "mean congestion window of the sprayed flows";
    if runs.is_empty() {
        return empty(canvas, at, TITLE, "finished runs appear here");
    }
    let span = runs.iter().map(|r| r.span_us()).fold(1.0, f64::max);
    let width = (canvas.width() as f64 / at.scale) as usize;
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
    let mut legend = Legend::default();
    for (k, r) in runs.iter().enumerate() {
        let (name, colour) = run_name(r);
        legend.add(Mark::Line(colour, nth_of_cca(runs, k)), name);
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut c = chart(&root, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    for (k, (col, r)) in cols.iter().zip(runs).enumerate() {
        let colour = run_name(r).1;
        line(
            &mut c,
            col.means(),
            colour.mix(0.85).stroke_width(nth_of_cca(runs, k)),
        )?;
    }
    root.present().map_err(err)
}

/// Compare: the FCT CDFs of several runs.
pub fn draw_compare_fct(canvas: &HtmlCanvasElement, runs: &[&RunData], at: At) -> DrawResult {
    const TITLE: &str = "flow completion times (CDF)";
    let finished: Vec<(&RunData, Vec<f64>, usize)> = runs
        .iter()
        .enumerate()
        .map(|(k, r)| (*r, sorted_fcts(r, f64::INFINITY), k))
        .filter(|(_, f, _)| !f.is_empty())
        .collect();
    if finished.is_empty() {
        return empty(canvas, at, TITLE, "finished runs appear here");
    }
    let x_top = finished
        .iter()
        .filter_map(|(_, f, _)| f.last().copied())
        .fold(1.0, f64::max)
        * 1.05;
    let mut legend = Legend::default();
    for (r, _, k) in &finished {
        let (name, colour) = run_name(r);
        legend.add(Mark::Line(colour, nth_of_cca(runs, *k)), name);
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let mut c = chart(&root, TITLE, 0.0..x_top, 0.0..1.02, "FCT (µs)")?;
    for (r, fcts, k) in &finished {
        let colour = run_name(r).1;
        line(
            &mut c,
            cdf_steps(fcts),
            colour.mix(0.85).stroke_width(nth_of_cca(runs, *k)),
        )?;
    }
    root.present().map_err(err)
}

/// Theory: throughput against q (log-log): the closed forms of the paper's table, the line rate,
/// and the simulated n-path points. AIMD curves fall like 1/√q; the median's line stays flat.
pub fn draw_theory(
    canvas: &HtmlCanvasElement,
    s: &crate::Scenario,
    points: &[TheoryPoint],
    at: At,
) -> DrawResult {
    use crate::model::{npath_rtts, Model};
    let (t_short, t_long) = npath_rtts(s);
    let mss = (s.topology.mss_bytes + s.topology.header_bytes) as f64;
    let line_rate = s.topology.link_gbps as f64;
    let (q_lo, q_hi) = (0.004f64, 0.34f64);
    let qs: Vec<f64> = (0..=60)
        .map(|i| q_lo * (q_hi / q_lo).powf(i as f64 / 60.0))
        .collect();
    // closed forms drawn up to the line rate: no flow sends faster than its link
    let curve = |m: Model| -> Vec<(f64, f64)> {
        qs.iter()
            .map(|&q| {
                let gbps = m.throughput(mss, t_short, t_long, q) * 8.0 / 1e9;
                (q, gbps.min(line_rate))
            })
            .collect()
    };
    let mut legend = Legend::default();
    legend.add(
        Mark::Line(palette::REFERENCE, 2),
        "TCP / Swift model (Thm 1, 3): 1.22·MSS/(T_s·√q)",
    );
    legend.add(Mark::Line(palette::SMARTT, 2), "SMaRTT model (Thm 4)");
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
    c.configure_mesh()
        .x_desc("q (log scale)")
        .y_desc("Gbps (log scale)")
        .x_labels(6)
        .label_style(("sans-serif", TEXT_PX))
        .axis_desc_style(("sans-serif", TEXT_PX))
        .x_label_formatter(&|q| format!("{}", (q * 1000.0).round() / 1000.0))
        .y_label_formatter(&|g| format!("{g:.0}"))
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(err)?;
    let series = [
        (curve(Model::Swift), palette::REFERENCE.stroke_width(2)),
        (curve(Model::Smartt), palette::SMARTT.stroke_width(2)),
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
