//! SVG plots of `spraylab repro` outputs, drawn with plotters from the summary CSVs:
//! - `DIR/<figure>/plot.svg`: mean CCT inflation per LB scheme and CCA, with ± one standard
//!   error, like the paper's CCT figures; for the theory, throughput against q on log-log axes,
//!   simulated points against the closed forms;
//! - `DIR/baseline/fct.svg`: the CDFs of the baseline's flow completion times, one panel per LB.

use plotters::prelude::*;
use spraylab::claims::Measured;
use spraylab::repro::FIGURES;
use std::path::Path;

const LBS: [&str; 3] = ["ops", "ar", "reps"];
const SIZE: (u32, u32) = (900, 420);

fn err(e: impl std::fmt::Display) -> String {
    format!("plot: {e}")
}

/// Draws every plot that the CSVs in `dir` allow.
pub fn draw_all(dir: &Path) -> Result<(), String> {
    let m = spraylab::claims::read_dir(dir)?;
    for f in FIGURES {
        let path = dir.join(f.name).join("plot.svg");
        if f.name == "theory" {
            if m.cells.keys().any(|k| k.0 == "theory") {
                theory(&m, &path)?;
            }
        } else if m.cells.keys().any(|k| k.0 == f.name) {
            bars(&m, f.name, f.about, f.ccas, &path)?;
        }
    }
    if !m.fcts.is_empty() {
        fct_cdfs(&m, &dir.join("baseline").join("fct.svg"))?;
    }
    Ok(())
}

/// Grouped bars: one group per LB scheme, one bar per CCA, with error bars.
fn bars(m: &Measured, fig: &str, about: &str, ccas: &[&str], path: &Path) -> Result<(), String> {
    let cell = |c: &str, lb: &str| {
        let s = m
            .cells
            .get(&(fig.to_string(), c.to_string(), lb.to_string(), 0))?;
        Some((
            100.0 * s.inflation?,
            100.0 * s.inflation_stderr.unwrap_or(0.0),
        ))
    };
    let top = ccas
        .iter()
        .flat_map(|c| LBS.iter().filter_map(move |lb| cell(c, lb)))
        .map(|(v, e)| v + e)
        .fold(1.0, f64::max)
        * 1.1;
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(about, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..3f64, 0f64..top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(7)
        .x_label_formatter(&|x| {
            let i = x.floor();
            if (x - i - 0.5).abs() < 1e-6 && (0.0..3.0).contains(&i) {
                LBS[i as usize].to_uppercase()
            } else {
                String::new()
            }
        })
        .y_desc("CCT inflation (%)")
        .draw()
        .map_err(err)?;
    let width = 0.8 / ccas.len() as f64;
    for (j, c) in ccas.iter().enumerate() {
        let color = Palette99::pick(j).to_rgba();
        let at = |i: usize| i as f64 + 0.1 + width * j as f64;
        let bars: Vec<(usize, f64, f64)> = LBS
            .iter()
            .enumerate()
            .filter_map(|(i, lb)| cell(c, lb).map(|(v, e)| (i, v, e)))
            .collect();
        chart
            .draw_series(bars.iter().map(|&(i, v, _)| {
                Rectangle::new([(at(i), 0.0), (at(i) + width * 0.9, v)], color.filled())
            }))
            .map_err(err)?
            .label(*c)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
        chart
            .draw_series(bars.iter().map(|&(i, v, e)| {
                let x = at(i) + width * 0.45;
                ErrorBar::new_vertical(x, (v - e).max(0.0), v, v + e, BLACK.stroke_width(1), 6)
            }))
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.85))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Throughput against q, log-log: simulated points and, where there is one, the closed form.
fn theory(m: &Measured, path: &Path) -> Result<(), String> {
    let ccas = ["tcp", "dctcp", "swift", "lswift", "mswift"];
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Throughput against q: simulated (points) and closed form (lines)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d((0.004f64..0.25).log_scale(), (10f64..1000.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("q, share of packets on the congested path")
        .y_desc("throughput (Gbps)")
        .draw()
        .map_err(err)?;
    for (j, c) in ccas.iter().enumerate() {
        let color = Palette99::pick(j).to_rgba();
        let points: Vec<(f64, f64, Option<f64>)> = m
            .cells
            .iter()
            .filter(|(k, _)| k.0 == "theory" && k.1 == *c && k.3 > 0)
            .filter_map(|(k, s)| Some((1.0 / k.3 as f64, s.throughput_gbps?, s.model_gbps)))
            .collect();
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(q, t, _)| Circle::new((q, t), 4, color.filled())),
            )
            .map_err(err)?
            .label(*c)
            .legend(move |(x, y)| Circle::new((x + 6, y), 4, color.filled()));
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
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.85))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// One panel per LB scheme: the CDF of every CCA's FCTs over all seeds.
fn fct_cdfs(m: &Measured, path: &Path) -> Result<(), String> {
    let root = SVGBackend::new(path, (1200, 400)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let panels = root.split_evenly((1, 3));
    let max = m
        .fcts
        .values()
        .filter_map(|v| v.last().copied())
        .fold(1.0, f64::max);
    // the baseline grid's order, so colours match its bar chart
    let order = spraylab::repro::figure("baseline").map_or(&[][..], |f| f.ccas);
    for (panel, lb) in panels.iter().zip(LBS) {
        let mut chart = ChartBuilder::on(panel)
            .caption(
                format!("Baseline FCT CDF, {}", lb.to_uppercase()),
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
        for (j, c) in order.iter().enumerate() {
            let Some(v) = m.fcts.get(&(c.to_string(), lb.to_string())) else {
                continue;
            };
            let color = Palette99::pick(j).to_rgba();
            let n = v.len() as f64;
            let line = v.iter().enumerate().map(|(i, x)| (*x, (i + 1) as f64 / n));
            chart
                .draw_series(LineSeries::new(line, color.stroke_width(2)))
                .map_err(err)?
                .label(*c)
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 14, y)], color.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .border_style(BLACK)
            .background_style(WHITE.mix(0.85))
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(err)
}
