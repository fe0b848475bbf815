//! The figures: every chart SprayLab draws, one function each, generic over plotters'
//! `DrawingBackend`, so the page (a `<canvas>`) and the command line (SVG and PNG) draw the same
//! figure from the same data and only pick a backend.
//!
//! A figure takes a drawing area, its data and an [`At`] (the playback cursor and the text
//! sizes) and draws itself in the house style: a title, a light mesh, the axes named, the legend
//! in a strip below the plot (never over the data), every CCA in its [`crate::palette`] colour.
//!
//! ```
//! use plotters::prelude::*;
//! use spraylab::figures::{self, At, SweepChart};
//! use spraylab::repro::SummaryRow;
//! use spraylab::scenario::{CcaName, LbScheme};
//!
//! // two cells of a figure, as `summary.csv` holds them: MSwift and Swift under OPS
//! let row = |cca: CcaName, inflation: f64| SummaryRow {
//!     figure: "baseline".into(),
//!     cca,
//!     lb: LbScheme::Ops,
//!     paths: 0,
//!     runs: 10,
//!     unfinished: 0,
//!     inflation_mean: Some(inflation),
//!     inflation_stderr: Some(0.02),
//!     cct_us_mean: None,
//!     throughput_gbps_mean: None,
//!     model_gbps: None,
//! };
//! let rows = vec![(0, row(CcaName::MSWIFT, 0.2)), (0, row(CcaName::SWIFT, 3.1))];
//! figures::register_font().unwrap(); // the embedded font, for drawing natively
//! let mut svg = String::new();
//! {
//!     let root = SVGBackend::with_string(&mut svg, (600, 300)).into_drawing_area();
//!     let chart = SweepChart { rows: &rows, points: &[], over_q: false, log: false, title: "Fig. 4" };
//!     figures::sweep(root, &chart, &At::still(figures::Style::PAGE)).unwrap();
//! }
//! assert!(svg.contains("mswift") && svg.contains("OPS"));
//! ```
//!
//! The time charts decimate every series to the area's width: the run's span is cut into one
//! column per pixel and each column keeps the min and max (or mean) of the samples it covers
//! ([`columns`]), so a redraw costs O(width) however long the run. With the playback cursor
//! away from the live edge, they draw the samples up to the cursor over the run's whole span,
//! and a vertical line marks the cursor.

mod axis;
mod cdf;
mod columns;
mod compare;
mod data;
mod decision;
mod flows;
mod legend;
mod run;
mod sweep;
mod text;
mod theory;
mod throughput;

use crate::palette;
use crate::scenario::CcaName;
pub use cdf::{cdfs, CdfSeries, Cdfs};
use columns::Columns;
pub use compare::{compare_cwnd, compare_fct};
pub use data::{BucketSummary, Compared, DecisionAt, RunView, TheoryPoint};
pub use decision::{decision, DECISION_LATEST, DECISION_SAMPLES, DECISION_SIGNAL, DECISION_TARGET};
pub use flows::{describe_flow, flow_rows, flow_span, flows, flows_at, row_at};
pub use flows::{FLOWS_ELEPHANTS, FLOWS_SPRAYED};
use legend::{with_legend, Legend, Mark};
use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::Ranged;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
pub use run::{cwnd, cwnd_top, delay, fct_cdf, queue_ports, queues, sorted_fcts};
pub use run::{CWND_BAND, CWND_BDP, CWND_CAP, CWND_ELEPHANTS, CWND_FLOW, CWND_MEAN, CWND_PARTNER};
pub use run::{DELAY_RAW, DELAY_SIGNAL, DELAY_TARGET, FCT_SERIES, QUEUE_BUFFER, QUEUE_ECN};
use std::ops::Range;
pub use sweep::{figure_title, sweep, SweepChart};
pub use text::{TextEngine, WithText};
pub use theory::theory;
pub use throughput::{throughput_against_q, QCurve, QFigure, QSeries};

/// The font of the figures drawn natively (SVG and PNG): DejaVu Sans, embedded (`fonts/`,
/// Bitstream Vera licence), so the plots look the same on every machine, with or without
/// system fonts. The page draws with the browser's own sans-serif.
#[cfg(not(target_arch = "wasm32"))]
pub const FONT: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");

/// Makes [`FONT`] plotters' "sans-serif" (once per process): call it before drawing natively.
#[cfg(not(target_arch = "wasm32"))]
pub fn register_font() -> Result<(), String> {
    static REGISTERED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
                .map_err(|_| "plot: the embedded font does not load".to_string())
        })
        .clone()
}

/// What drawing a figure gives: where its parts went, or what went wrong, in words.
pub type DrawResult = Result<Drawn, String>;

/// Where a figure drew what a pointer can read: its x axis and its legend's entries, in the
/// drawing area's pixels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    /// The plot's x axis; `None` for a figure whose x a pointer does not read (bars, a note).
    pub x: Option<Axis>,
    /// The plot's y axis, for a figure whose rows a pointer reads (the flows over time).
    pub y: Option<Axis>,
    pub legend: Vec<LegendBox>,
}

/// A plot's axis: the pixels it spans and the values at its two ends (linear; a y axis's first
/// pixel is its top, where its value is the range's end).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    pub px: (i32, i32),
    pub range: (f64, f64),
}

impl Axis {
    /// The value at pixel `px`; `None` outside the plot.
    pub fn value_at(&self, px: f64) -> Option<f64> {
        let (a, b) = (self.px.0 as f64, self.px.1 as f64);
        if b <= a || px < a || px > b {
            return None;
        }
        Some(self.range.0 + (px - a) / (b - a) * (self.range.1 - self.range.0))
    }
}

/// A legend entry's key and its box (x0, y0, x1, y1).
#[derive(Clone, Debug, PartialEq)]
pub struct LegendBox {
    pub key: String,
    pub rect: [i32; 4],
}

impl LegendBox {
    pub fn contains(&self, x: f64, y: f64) -> bool {
        let [x0, y0, x1, y1] = self.rect.map(f64::from);
        (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
    }
}

/// The drawn parts of `chart`, its legend `legend`: the x axis, linear.
fn drawn<DB: DrawingBackend>(chart: &Chart<DB>, legend: Vec<LegendBox>) -> Drawn {
    let (px, py) = chart.plotting_area().get_pixel_range();
    let (x, y) = (chart.x_range(), chart.y_range());
    Drawn {
        x: Some(Axis {
            px: (px.start, px.end),
            range: (x.start, x.end),
        }),
        y: Some(Axis {
            px: (py.start, py.end),
            range: (y.end, y.start),
        }),
        legend,
    }
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// What a step of drawing gives.
type Done = Result<(), String>;

/// A figure's drawing area.
pub type Root<DB> = DrawingArea<DB, Shift>;
type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Text sizes in the backend's pixels (CSS pixels on the page).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// A figure's title.
    pub title_px: u32,
    /// Tick labels, axis names, legends and notes.
    pub text_px: u32,
    /// Room right of the plot, where the last tick label stands half out (a canvas clips what
    /// passes its edge).
    pub right_px: u32,
}

impl Style {
    /// The page's charts (14 px and more, read on a phone).
    pub const PAGE: Style = Style {
        title_px: 15,
        text_px: 14,
        right_px: 24,
    };
    /// The presentation layout's charts, read across a room (16 px and more).
    pub const PRESENT: Style = Style {
        title_px: 18,
        text_px: 16,
        right_px: 26,
    };
    /// The command line's plots (900 pixels wide, read on a page or a slide).
    pub const PRINT: Style = Style {
        title_px: 18,
        text_px: 15,
        right_px: 8,
    };

    fn text(&self) -> (&'static str, u32) {
        ("sans-serif", self.text_px)
    }
}

/// What a figure is drawn at.
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    /// The playback cursor, µs; `None`: at the live edge (everything, no cursor line).
    pub cursor: Option<f64>,
    pub style: Style,
    /// The time range the time charts show, µs; `None`: the run's whole span.
    pub zoom: Option<(f64, f64)>,
    /// The legend keys of the series the reader hid.
    pub hidden: &'a [String],
    /// The least top of a window chart's y axis, packets: two runs side by side share one
    /// window axis ([`cwnd_top`]).
    pub y_top: Option<f64>,
}

impl At<'static> {
    /// Everything, no cursor.
    pub fn still(style: Style) -> At<'static> {
        At {
            cursor: None,
            style,
            zoom: None,
            hidden: &[],
            y_top: None,
        }
    }
}

impl At<'_> {
    /// Whether a sample at `t` is drawn (up to the cursor).
    fn shows(&self, t: f64) -> bool {
        self.cursor.is_none_or(|c| t <= c)
    }

    /// Whether the series keyed `key` is drawn.
    fn shows_series(&self, key: &str) -> bool {
        !self.hidden.iter().any(|h| h == key)
    }

    /// The time range a time chart of a run spanning `span` µs shows.
    fn time_range(&self, span: f64) -> Range<f64> {
        match self.zoom {
            Some((a, b)) if b > a => a..b,
            _ => 0.0..span,
        }
    }
}

/// `root` filled white: the ground every figure is drawn on.
fn ground<DB: DrawingBackend>(root: Root<DB>) -> Result<Root<DB>, String> {
    root.fill(&WHITE).map_err(err)?;
    Ok(root)
}

/// A chart in the house style: title, margins, a light mesh, the axes named.
fn chart<'a, DB: DrawingBackend>(
    root: &'a Root<DB>,
    at: &At,
    title: &str,
    x: Range<f64>,
    y: Range<f64>,
    x_desc: &str,
) -> Result<Chart<'a, DB>, String> {
    meshed(root, at, title, (x, x_desc), y, None)
}

/// A chart in the house style whose y axis is rows, each tick labelled by `row_name`.
fn chart_of_rows<'a, DB: DrawingBackend>(
    root: &'a Root<DB>,
    at: &At,
    title: &str,
    (x, x_desc): (Range<f64>, &str),
    (y, y_desc): (Range<f64>, &str),
    row_name: RowName,
) -> Result<Chart<'a, DB>, String> {
    meshed(root, at, title, (x, x_desc), y, Some((y_desc, row_name)))
}

/// A row's name from its place on the y axis.
type RowName<'f> = &'f dyn Fn(&f64) -> String;

/// The frame and the house mesh, the y axis named and its ticks labelled by `rows` when given.
fn meshed<'a, DB: DrawingBackend>(
    root: &'a Root<DB>,
    at: &At,
    title: &str,
    (x, x_desc): (Range<f64>, &str),
    y: Range<f64>,
    rows: Option<(&str, RowName)>,
) -> Result<Chart<'a, DB>, String> {
    let mut chart = frame(root, at, title, x, y)?;
    let plot = chart.plotting_area().dim_in_pixel();
    let mut mesh = chart.configure_mesh();
    let mesh = house_mesh(&mut mesh, at.style, plot).x_desc(x_desc);
    if let Some((y_desc, row_name)) = rows {
        mesh.y_desc(y_desc).y_label_formatter(row_name);
    }
    mesh.draw().map_err(err)?;
    Ok(chart)
}

/// A chart's title, margins and label areas, before its mesh.
fn frame<'a, DB: DrawingBackend>(
    root: &'a Root<DB>,
    at: &At,
    title: &str,
    x: Range<f64>,
    y: Range<f64>,
) -> Result<Chart<'a, DB>, String> {
    ChartBuilder::on(root)
        .caption(title, ("sans-serif", at.style.title_px))
        .margin(8)
        .margin_right(at.style.right_px)
        .x_label_area_size(at.style.text_px * 3 + 1)
        .y_label_area_size(at.style.text_px * 4 - 4)
        .build_cartesian_2d(x, y)
        .map_err(err)
}

/// The house style of a chart's mesh and labels: tick labels and axis names at the text size, no
/// minor grid lines, faint major ones, and on each axis plotters' eleven labels, fewer where the
/// plot is short (a label every line and a half of text) or narrow (a label every three text
/// sizes across, about "100.0" and a gap), so that they never overlap.
fn house_mesh<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    style: Style,
    (plot_width_px, plot_height_px): (u32, u32),
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB> {
    let text = style.text_px.max(1);
    let fit_y = 2 * plot_height_px / (3 * text);
    let fit_x = plot_width_px / (3 * text);
    mesh.y_labels((fit_y as usize).clamp(2, 11))
        .x_labels((fit_x as usize).clamp(2, 11))
        .label_style(style.text())
        .axis_desc_style(style.text())
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
}

fn line<DB: DrawingBackend>(
    chart: &mut Chart<DB>,
    points: Vec<(f64, f64)>,
    style: ShapeStyle,
) -> Done {
    chart
        .draw_series(LineSeries::new(points, style))
        .map_err(err)?;
    Ok(())
}

/// A polyline drawn dashed: every other run of `DASH` points (the points of a decimated series
/// are a pixel apart, so a dash is a few pixels long).
fn dashed_line<DB: DrawingBackend>(
    chart: &mut Chart<DB>,
    points: &[(f64, f64)],
    style: ShapeStyle,
) -> Done {
    const DASH: usize = 6;
    for (i, dash) in points
        .windows(2)
        .collect::<Vec<_>>()
        .chunks(DASH)
        .enumerate()
    {
        if i % 2 == 0 {
            let mut pts: Vec<(f64, f64)> = dash.iter().map(|w| w[0]).collect();
            pts.extend(dash.last().map(|w| w[1]));
            line(chart, pts, style)?;
        }
    }
    Ok(())
}

/// How a reference line is drawn: solid for a limit (a cap, a buffer), dashed for a bound or a
/// threshold (the BDP, ECN, the target).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Rule {
    Solid,
    Dashed,
}

/// A horizontal reference line at `y` over the chart's x range, drawn when its key is shown
/// (its legend entry names it).
pub(super) fn reference<DB: DrawingBackend>(
    c: &mut Chart<DB>,
    at: &At,
    (key, rule): (&str, Rule),
    y: f64,
    style: ShapeStyle,
) -> Done {
    if !at.shows_series(key) || !y.is_finite() {
        return Ok(());
    }
    let x = c.x_range();
    match rule {
        Rule::Solid => line(c, vec![(x.start, y), (x.end, y)], style),
        Rule::Dashed => {
            let dash = (x.end - x.start) / 80.0;
            let mut from = x.start;
            while from < x.end {
                line(
                    c,
                    vec![(from, y), ((from + dash * 0.6).min(x.end), y)],
                    style,
                )?;
                from += dash;
            }
            Ok(())
        }
    }
}

/// The scenario's timed events (a link failing, slowing, coming back; elephants stopping or
/// starting): a thin vertical line at each event's time, then the cursor.
fn marks<DB: DrawingBackend>(chart: &mut Chart<DB>, run: &RunView, at: &At, y: Range<f64>) -> Done {
    let x = chart.x_range();
    for e in run.scenario.events.iter().filter(|e| x.contains(&e.at_us)) {
        line(
            chart,
            vec![(e.at_us, y.start), (e.at_us, y.end)],
            palette::EVENT.stroke_width(1),
        )?;
    }
    cursor(chart, at, y)
}

/// The playback cursor: a vertical line at `at.cursor` over the y range.
fn cursor<DB: DrawingBackend>(chart: &mut Chart<DB>, at: &At, y: Range<f64>) -> Done {
    let x = chart.x_range();
    if let Some(c) = at.cursor.filter(|c| x.contains(c)) {
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

/// An empty chart with its title and axes, and a note on what will appear. Drawing the axes at
/// page load also warms up the plotting code, so the first live redraw is fast.
pub fn empty<DB: DrawingBackend>(root: Root<DB>, at: &At, title: &str, note: &str) -> DrawResult {
    let root = ground(root)?;
    let mut c = chart(&root, at, title, 0.0..100.0, 0.0..1.0, "time (µs)")?;
    let font = ("sans-serif", at.style.text_px + 1).into_font();
    // from a tenth of the way in, the note's lines wrapped to what is left of the plot
    let plot = c.plotting_area();
    let (width, line_px) = (plot.dim_in_pixel().0 * 9 / 10, at.style.text_px * 3 / 2);
    let dy = line_px as f64 / plot.dim_in_pixel().1.max(1) as f64;
    let lines = wrapped(plot, note, &font, width);
    let style = font.color(&BLACK.mix(0.6));
    let placed = lines.into_iter().enumerate().map(|(i, l)| {
        let y = 0.55 - i as f64 * dy;
        Text::new(l, (10.0, y), style.clone())
    });
    c.draw_series(placed).map_err(err)?;
    root.present().map_err(err)?;
    Ok(Drawn::default())
}

/// `text` broken at spaces into lines no wider than `width_px` in `font` (a word wider than
/// that on a line of its own).
fn wrapped<DB: DrawingBackend>(
    area: &DrawingArea<DB, impl CoordTranslate>,
    text: &str,
    font: &FontDesc,
    width_px: u32,
) -> Vec<String> {
    let fits = fits_in(area, font, width_px);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line} {word}")) => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Whether a text is no wider than `width_px` in `font`, with a tenth to spare: the browser may
/// draw in a font wider than the one it measured.
fn fits_in<'f, DB: DrawingBackend>(
    area: &'f DrawingArea<DB, impl CoordTranslate>,
    font: &FontDesc<'f>,
    width_px: u32,
) -> impl Fn(&str) -> bool + 'f {
    let style = TextStyle::from(font.clone());
    move |s: &str| {
        area.estimate_text_size(s, &style)
            .is_ok_and(|(w, _)| w * 11 <= width_px * 10)
    }
}

/// The first of `texts` (longest first) no wider than `width_px` in `font`, or the last: an
/// axis name that says more where the chart has the room.
fn fitting<'t, DB: DrawingBackend>(
    area: &DrawingArea<DB, impl CoordTranslate>,
    texts: &[&'t str],
    font: &FontDesc,
    width_px: u32,
) -> &'t str {
    let fits = fits_in(area, font, width_px);
    texts
        .iter()
        .copied()
        .find(|t| fits(t))
        .or(texts.last().copied())
        .unwrap_or("")
}

// natively: the SVG backend draws them as text a test can read
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
