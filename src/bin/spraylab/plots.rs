//! Plots of `spraylab repro` outputs, drawn from the summary CSVs by the figures the page draws
//! ([`spraylab::figures`]), each as SVG (vector, embedded in REPRODUCTION.md) and PNG (bitmap,
//! for slides and tools without SVG):
//! - `DIR/<figure>/plot.{svg,png}`: mean CCT inflation per LB scheme and CCA, with ± one
//!   standard error, like the paper's CCT figures; for the theory, throughput against q on
//!   log-log axes, simulated points against the closed forms;
//! - `DIR/baseline/fct.{svg,png}`: the CDFs of the baseline's flow completion times, one panel
//!   per LB.
//!
//! The bitmap backend draws text with the figures' embedded DejaVu Sans ([`spraylab::figures::FONT`], Bitstream Vera
//! licence), so the PNGs look the same on every machine, with or without system fonts; see
//! [`crate::bitmap_text`] for how its glyphs are placed.

use crate::bitmap_text::bitmap_with_text;
use plotters::prelude::*;
use spraylab::figures::{self, register_font, At, CdfSeries, Cdfs, Root, Style, SweepChart, FONT};
use spraylab::repro::rows::from_csv;
use spraylab::repro::{Figure, SummaryRow, FIGURES, SPRAYING};
use std::path::Path;

const SIZE: (u32, u32) = (900, 420);

/// Draws one plot twice, `STEM.svg` and `STEM.png`: `$draw` is expanded once per backend, so
/// the same figure serves both.
macro_rules! svg_and_png {
    ($stem:expr, $size:expr, $draw:expr) => {{
        let stem: &Path = $stem;
        let svg = stem.with_extension("svg");
        $draw(SVGBackend::new(&svg, $size).into_drawing_area())?;
        let png = stem.with_extension("png");
        let drawn = $draw(bitmap_with_text(&png, $size, FONT)?.into_drawing_area());
        drawn
    }};
}

fn plot_error(stem: &Path) -> impl Fn(String) -> String + '_ {
    move |e| format!("plot {}: {e}", stem.display())
}

/// Draws every plot that the CSVs in `dir` allow.
pub fn draw_all(dir: &Path) -> Result<(), String> {
    register_font()?;
    let mut any = false;
    for f in FIGURES {
        let path = dir.join(f.name).join("summary.csv");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let rows = from_csv::<SummaryRow>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if rows.is_empty() {
            continue;
        }
        any = true;
        let stem = dir.join(f.name).join("plot");
        svg_and_png!(&stem, SIZE, |root| figure(root, f, &rows)).map_err(plot_error(&stem))?;
    }
    if !any {
        return Err(format!("{}: no summary.csv found", dir.display()));
    }
    let path = dir.join("baseline").join("fct.csv");
    if let Ok(text) = std::fs::read_to_string(&path) {
        let mut m = spraylab::claims::Measured::default();
        m.add_fcts(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if !m.fcts.is_empty() {
            let stem = dir.join("baseline").join("fct");
            svg_and_png!(&stem, (1200, 400), |root| fct_cdfs(&m, root))
                .map_err(plot_error(&stem))?;
        }
    }
    Ok(())
}

/// A paper figure from its summary rows: the page's sweep chart of the same figure.
fn figure<DB: DrawingBackend>(
    root: Root<DB>,
    f: &Figure,
    rows: &[SummaryRow],
) -> Result<(), String> {
    let seeds = rows.iter().map(|r| r.runs).max().unwrap_or(0);
    let title = figures::figure_title(f, seeds);
    let rows: Vec<(usize, SummaryRow)> = rows.iter().map(|r| (0, r.clone())).collect();
    let chart = SweepChart {
        rows: &rows,
        points: &[],
        over_q: f.over_q(),
        log: false,
        title: &title,
    };
    figures::sweep(root, &chart, &At::still(Style::PRINT)).map(drop)
}

/// One panel per LB scheme: the CDF of every CCA's FCTs over all seeds.
fn fct_cdfs<DB: DrawingBackend>(
    m: &spraylab::claims::Measured,
    root: Root<DB>,
) -> Result<(), String> {
    let panels = root.split_evenly((1, 3));
    let x_top = m
        .fcts
        .values()
        .filter_map(|v| v.last().copied())
        .fold(1.0, f64::max);
    let order = spraylab::repro::figure("baseline").map_or(&[][..], |f| f.ccas);
    for (panel, lb) in panels.into_iter().zip(SPRAYING) {
        let series = order
            .iter()
            .zip(spraylab::palette::ccas(order))
            .filter_map(|(c, colour)| {
                Some(CdfSeries {
                    key: c.to_string(),
                    label: c.to_string(),
                    colour,
                    width: 2,
                    dashed: false,
                    sorted: m.fcts.get(&(*c, *lb))?.clone(),
                })
            })
            .collect();
        let title = format!("Baseline FCT CDF, {}", lb.name().to_uppercase());
        let cdfs = Cdfs {
            title: &title,
            series,
            bound: None,
            x_top,
        };
        figures::cdfs(panel, &cdfs, &At::still(Style::PRINT))?;
    }
    Ok(())
}
