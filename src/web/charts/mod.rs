//! The charts, drawn with plotters on `<canvas>` elements, in CSS pixels at the screen's pixel
//! density, with the legend in a strip below the plot (never over the data).
//!
//! Every series is decimated to the canvas width: the run's time span is cut into one column per
//! pixel and each column keeps the min and max (or mean) of the buckets it covers, so a redraw
//! costs O(width) drawing however long the run. With the playback cursor away from the live
//! edge, the time charts draw the samples up to the cursor over the run's whole span, and a
//! vertical line marks the cursor.

mod columns;
mod compare;
mod legend;
mod run;
mod sweep;
mod theory;

use super::canvas_text::MeasuredCanvas;
use crate::palette;
use crate::scenario::CcaName;
use crate::session::store::RunData;
use columns::Columns;
pub use compare::{draw_compare_cwnd, draw_compare_fct};
use legend::{with_legend, Legend, Mark};
use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::Ranged;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
pub use run::{draw_cwnd, draw_delay, draw_fct_cdf, draw_queues, queue_ports, sorted_fcts};
use std::ops::Range;
pub use sweep::{draw_sweep, SweepChart};
pub use theory::draw_theory;
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

type Root = DrawingArea<MeasuredCanvas, Shift>;
type Chart<'a> = ChartContext<'a, MeasuredCanvas, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

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
    house_mesh(&mut chart.configure_mesh())
        .x_desc(x_desc)
        .draw()
        .map_err(err)?;
    Ok(chart)
}

/// The house style of a chart's mesh and labels: tick labels and axis names at the text size, no
/// minor grid lines, faint major ones.
fn house_mesh<'m, 'a, 'b, X: Ranged, Y: Ranged>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, MeasuredCanvas>,
) -> &'m mut MeshStyle<'a, 'b, X, Y, MeasuredCanvas> {
    mesh.label_style(("sans-serif", TEXT_PX))
        .axis_desc_style(("sans-serif", TEXT_PX))
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
}

fn line(chart: &mut Chart, points: Vec<(f64, f64)>, style: ShapeStyle) -> DrawResult {
    chart
        .draw_series(LineSeries::new(points, style))
        .map_err(err)?;
    Ok(())
}

/// The scenario's timed events (a link failing, slowing, coming back; elephants stopping or
/// starting): a thin vertical line at each event's time, then the cursor.
fn marks(chart: &mut Chart, run: &RunData, at: At, y: Range<f64>) -> DrawResult {
    for e in &run.scenario.events {
        line(
            chart,
            vec![(e.at_us, y.start), (e.at_us, y.end)],
            palette::EVENT.stroke_width(1),
        )?;
    }
    cursor(chart, at, y)
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

/// Parts of the charts' code to run once off-screen before any chart is drawn, each small enough
/// for a task of its own (see `App::warm_up`): part 0 fills a blank area and writes a line of
/// text (the canvas backend, measuring text); part 1 draws an empty chart (the chart builder,
/// the mesh, tick labels).
pub const WARM_PARTS: usize = 2;

/// Draws warm-up part `part` (below [`WARM_PARTS`]) on `canvas`.
pub fn warm(canvas: &HtmlCanvasElement, part: usize) -> DrawResult {
    let at = At {
        cursor: None,
        scale: 1.0,
    };
    if part == 0 {
        let root = area(canvas, at)?;
        let style = ("sans-serif", TEXT_PX).into_font().color(&BLACK);
        root.draw(&Text::new("0.5 µs", (10, 10), style))
            .map_err(err)?;
        return root.present().map_err(err);
    }
    empty(canvas, at, "", "")
}

fn cca_of(run: &RunData) -> CcaName {
    let c = &run.scenario.cca;
    CcaName::of_config(c.algorithm, c.percentile)
}
