//! Plots of `spraylab repro` outputs, drawn with plotters from the summary CSVs, each as SVG
//! (vector, embedded in REPRODUCTION.md) and PNG (bitmap, for slides and tools without SVG):
//! - `DIR/<figure>/plot.{svg,png}`: mean CCT inflation per LB scheme and CCA, with ± one
//!   standard error, like the paper's CCT figures; for the theory, throughput against q on
//!   log-log axes, simulated points against the closed forms;
//! - `DIR/baseline/fct.{svg,png}`: the CDFs of the baseline's flow completion times, one panel
//!   per LB.
//!
//! The bitmap backend draws text with an embedded DejaVu Sans (`fonts/`, Bitstream Vera
//! licence), so the PNGs look the same on every machine, with or without system fonts; see
//! [`crate::bitmap_text`] for how its glyphs are placed.

use crate::bitmap_text::BitmapWithText;
use plotters::coord::Shift;
use plotters::prelude::*;
use spraylab::claims::Measured;
use spraylab::repro::{Figure, FIGURES};
use std::path::Path;
use std::sync::Once;

const FONT: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");

use spraylab::repro::SPRAYING as LBS;
use spraylab::scenario::{CcaName, LbScheme};
const SIZE: (u32, u32) = (900, 420);

fn err(e: impl std::fmt::Display) -> String {
    format!("plot: {e}")
}

/// The colours of a plot's CCAs, the page's for the same CCAs.
fn colors(ccas: &[CcaName]) -> Vec<RGBAColor> {
    spraylab::palette::ccas(ccas)
        .into_iter()
        .map(|c| c.to_rgba())
        .collect()
}

/// Log-axis labels at 1, 2 and 5 times a power of ten only: the others crowd.
fn one_two_five(x: &f64) -> String {
    let mantissa = x / 10f64.powf(x.log10().floor());
    if [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-6) {
        format!("{x}")
    } else {
        String::new()
    }
}

/// Makes the embedded font plotters' "sans-serif" (once per process).
fn register_font() -> Result<(), String> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        result = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
            .map_err(|_| "plot: the embedded font does not load".to_string());
    });
    result
}

/// Draws one plot twice, `STEM.svg` and `STEM.png`: `$draw` is expanded once per backend, so
/// the same drawing code serves both.
macro_rules! svg_and_png {
    ($stem:expr, $size:expr, $draw:expr) => {{
        let stem: &Path = $stem;
        let svg = stem.with_extension("svg");
        $draw(SVGBackend::new(&svg, $size).into_drawing_area())?;
        let png = stem.with_extension("png");
        let drawn = $draw(BitmapWithText::new(&png, $size, FONT)?.into_drawing_area());
        drawn
    }};
}

/// Draws every plot that the CSVs in `dir` allow.
pub fn draw_all(dir: &Path) -> Result<(), String> {
    register_font()?;
    let m = spraylab::claims::read_dir(dir)?;
    for f in FIGURES {
        let stem = dir.join(f.name).join("plot");
        if !m.cells.keys().any(|k| k.0 == f.name) {
            continue;
        }
        if f.over_q() {
            svg_and_png!(&stem, SIZE, |root| theory(&m, f, root))?;
        } else {
            svg_and_png!(&stem, SIZE, |root| bars(&m, f, root))?;
        }
    }
    if !m.fcts.is_empty() {
        let stem = dir.join("baseline").join("fct");
        svg_and_png!(&stem, (1200, 400), |root| fct_cdfs(&m, root))?;
    }
    Ok(())
}

/// The series legend, boxed on a translucent white background, at `position`.
fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.85))
        .draw()
        .map_err(err)
}

/// Grouped bars: one group per LB scheme, one bar per CCA, with error bars.
fn bars<DB: DrawingBackend>(
    m: &Measured,
    f: &Figure,
    root: DrawingArea<DB, Shift>,
) -> Result<(), String> {
    let (fig, ccas, lbs) = (f.name, f.ccas, f.lbs);
    let cell = |c: &CcaName, lb: &LbScheme| {
        let s = m.cells.get(&(fig.to_string(), *c, *lb, 0))?;
        Some((
            100.0 * s.inflation?,
            100.0 * s.inflation_stderr.unwrap_or(0.0),
        ))
    };
    let top = ccas
        .iter()
        .flat_map(|c| lbs.iter().filter_map(move |lb| cell(c, lb)))
        .map(|(v, e)| v + e)
        .fold(1.0, f64::max)
        * 1.1;
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(f.about, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..lbs.len() as f64, 0f64..top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(2 * lbs.len() + 1)
        .x_label_formatter(&|x| {
            let i = x.floor();
            if (x - i - 0.5).abs() < 1e-6 && (0.0..lbs.len() as f64).contains(&i) {
                lbs[i as usize].name().to_uppercase()
            } else {
                String::new()
            }
        })
        .y_desc("CCT inflation (%)")
        .draw()
        .map_err(err)?;
    let width = 0.8 / ccas.len() as f64;
    for (j, (c, color)) in ccas.iter().zip(colors(ccas)).enumerate() {
        let at = |i: usize| i as f64 + 0.1 + width * j as f64;
        let bars: Vec<(usize, f64, f64)> = lbs
            .iter()
            .enumerate()
            .filter_map(|(i, lb)| cell(c, lb).map(|(v, e)| (i, v, e)))
            .collect();
        chart
            .draw_series(bars.iter().map(|&(i, v, _)| {
                Rectangle::new([(at(i), 0.0), (at(i) + width * 0.9, v)], color.filled())
            }))
            .map_err(err)?
            .label(c.to_string())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        chart
            .draw_series(bars.iter().map(|&(i, v, e)| {
                let x = at(i) + width * 0.45;
                ErrorBar::new_vertical(x, (v - e).max(0.0), v, v + e, BLACK.stroke_width(1), 6)
            }))
            .map_err(err)?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    root.present().map_err(err)
}

/// Throughput against q, log-log: simulated points and, where there is one, the closed form.
fn theory<DB: DrawingBackend>(
    m: &Measured,
    f: &Figure,
    root: DrawingArea<DB, Shift>,
) -> Result<(), String> {
    let caption = if f.name == "theory" {
        "Throughput against q: simulated (points) and closed form (lines)"
    } else {
        f.about
    };
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d((0.004f64..0.25).log_scale(), (10f64..1000.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_label_formatter(&one_two_five)
        .y_label_formatter(&one_two_five)
        .max_light_lines(1)
        .x_desc("q, share of packets on the congested path")
        .y_desc("throughput (Gbps)")
        .draw()
        .map_err(err)?;
    for (c, color) in f.ccas.iter().zip(colors(f.ccas)) {
        let points: Vec<(f64, f64, Option<f64>)> = m
            .cells
            .iter()
            .filter(|(k, _)| k.0 == f.name && k.1 == *c && k.3 > 0)
            .filter_map(|(k, s)| Some((1.0 / k.3 as f64, s.throughput_gbps?, s.model_gbps)))
            .collect();
        // TCP and DCTCP coincide here (the model marks nothing): TCP is a ring around DCTCP.
        let style = if *c == CcaName::TCP {
            color.stroke_width(2)
        } else {
            color.filled()
        };
        let radius = if *c == CcaName::TCP { 7 } else { 4 };
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(q, t, _)| Circle::new((q, t), radius, style)),
            )
            .map_err(err)?
            .label(c.to_string())
            .legend(move |(x, y)| Circle::new((x + 6, y), radius, style));
        let mut model: Vec<(f64, f64)> = points
            .iter()
            .filter_map(|&(q, _, mo)| Some((q, mo?)))
            .collect();
        model.sort_by(|a, b| a.0.total_cmp(&b.0));
        if model.len() > 1 {
            chart
                .draw_series(LineSeries::new(model, color.stroke_width(2)))
                .map_err(err)?;
        }
    }
    legend(&mut chart, SeriesLabelPosition::LowerLeft)?;
    root.present().map_err(err)
}

/// One panel per LB scheme: the CDF of every CCA's FCTs over all seeds.
fn fct_cdfs<DB: DrawingBackend>(m: &Measured, root: DrawingArea<DB, Shift>) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let panels = root.split_evenly((1, 3));
    let max = m
        .fcts
        .values()
        .filter_map(|v| v.last().copied())
        .fold(1.0, f64::max);
    let order = spraylab::repro::figure("baseline").map_or(&[][..], |f| f.ccas);
    for (panel, lb) in panels.iter().zip(LBS) {
        let mut chart = ChartBuilder::on(panel)
            .caption(
                format!("Baseline FCT CDF, {}", lb.name().to_uppercase()),
                ("sans-serif", 18),
            )
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(0f64..max * 1.02, 0f64..1f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("FCT (µs)")
            .draw()
            .map_err(err)?;
        for (c, color) in order.iter().zip(colors(order)) {
            let Some(v) = m.fcts.get(&(*c, *lb)) else {
                continue;
            };
            let n = v.len() as f64;
            let line = v.iter().enumerate().map(|(i, x)| (*x, (i + 1) as f64 / n));
            chart
                .draw_series(LineSeries::new(line, color.stroke_width(2)))
                .map_err(err)?
                .label(c.to_string())
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 14, y)], color.stroke_width(2))
                });
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
    }
    root.present().map_err(err)
}
