//! The sweep chart, drawn as the paper draws its figures, from the summary rows so far:
//! - one point (a figure, or a what-if without a varied field): grouped bars of the mean CCT
//!   inflation per LB scheme, one bar per CCA, ± one standard error (the shape of Fig. 4);
//! - a varied field: the mean inflation against its values, one line per CCA (and LB scheme),
//!   with error bars;
//! - an n-path figure: throughput against q, log-log, the simulated points and the closed form.
//!
//! A log scale is drawn in log space (the axis labels give the values back), so every form
//! shares one chart type.

use super::axis::{category, distinct, frame, Axis};
use super::throughput::{throughput_against_q, QFigure, QSeries};
use super::*;
use crate::repro::{Figure, SummaryRow};
use crate::sweep::PointRow;

/// What the sweep chart draws.
pub struct SweepChart<'a> {
    pub rows: &'a [PointRow],
    /// Every point's label (`elephants=8`).
    pub points: &'a [String],
    /// An n-path figure: throughput against q.
    pub over_q: bool,
    /// The inflation on a log scale.
    pub log: bool,
    pub title: &'a str,
}

/// A series: one CCA under one LB scheme.
type Key = (CcaName, crate::scenario::LbScheme);

/// The title of a paper figure's chart, `seeds` runs per cell.
pub fn figure_title(f: &Figure, seeds: u32) -> String {
    match f.over_q() {
        true => format!("{}: throughput against q", f.label()),
        false => format!("{} · {seeds} seeds per cell", f.label()),
    }
}

/// Draws the sweep chart `c`.
pub fn sweep<DB: DrawingBackend>(root: Root<DB>, c: &SweepChart, at: &At) -> DrawResult {
    let drawn: Vec<&PointRow> = c
        .rows
        .iter()
        .filter(|(_, r)| value(r, c).is_some())
        .collect();
    if drawn.is_empty() {
        return empty(
            root,
            at,
            c.title,
            "reproduce a figure or run a what-if: the results appear here as runs finish",
        );
    }
    if c.over_q {
        throughput(root, c, &drawn, at)
    } else if c.points.len() > 1 {
        lines(root, c, &drawn, at)
    } else {
        bars(root, c, &drawn, at)
    }
}

/// The value a row is drawn at: the inflation in %, or the throughput in Gbps.
fn value(r: &SummaryRow, c: &SweepChart) -> Option<f64> {
    if c.over_q {
        r.throughput_gbps_mean
    } else {
        r.inflation_mean.map(|x| 100.0 * x)
    }
}

fn stderr_pct(r: &SummaryRow) -> f64 {
    100.0 * r.inflation_stderr.unwrap_or(0.0)
}

/// The axis of the rows' inflations with their error bars.
fn inflation_axis(rows: &[&PointRow], c: &SweepChart) -> Axis {
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for (_, r) in rows {
        if let Some(v) = value(r, c) {
            lo = lo.min(v);
            hi = hi.max(v + stderr_pct(r));
        }
    }
    Axis::new(lo, hi, c.log)
}

fn inflation_desc(log: bool) -> &'static str {
    if log {
        "CCT inflation, % (log scale)"
    } else {
        "CCT inflation, %"
    }
}

/// An error bar of ± `e` around `v` at `x`, its caps `cap` wide (data units).
fn error_bar<DB: DrawingBackend>(
    chart: &mut Chart<DB>,
    axis: &Axis,
    x: f64,
    v: f64,
    e: f64,
    cap: f64,
) -> Done {
    if e <= 0.0 {
        return Ok(());
    }
    let (lo, hi) = (axis.at((v - e).max(0.0)), axis.at(v + e));
    let style = BLACK.stroke_width(1);
    for pts in [
        vec![(x, lo), (x, hi)],
        vec![(x - cap, lo), (x + cap, lo)],
        vec![(x - cap, hi), (x + cap, hi)],
    ] {
        line(chart, pts, style)?;
    }
    Ok(())
}

fn bars<DB: DrawingBackend>(
    root: Root<DB>,
    c: &SweepChart,
    rows: &[&PointRow],
    at: &At,
) -> DrawResult {
    let lbs = distinct(rows.iter().map(|(_, r)| r.lb));
    let ccas = distinct(rows.iter().map(|(_, r)| r.cca));
    let colour = palette::ccas(&ccas);
    let mut legend = Legend::default();
    for (cca, col) in ccas.iter().zip(&colour) {
        legend.add(Mark::Box(*col), cca.to_string());
    }
    let (root, _) = with_legend(root, &legend, at)?;
    let axis = inflation_axis(rows, c);
    let labels: Vec<String> = lbs.iter().map(|l| l.name().to_uppercase()).collect();
    let mut chart = frame(
        &root,
        at,
        c.title,
        0.0..lbs.len() as f64,
        &axis,
        2 * lbs.len() + 1,
        &|x| category(&labels, *x, 0.5),
        (&["load balancing"], inflation_desc(c.log)),
    )?;
    let width = 0.8 / ccas.len() as f64;
    // bars stand on the axis: 0, or the log scale's floor
    let base = axis.range.start;
    for (_, r) in rows {
        let (Some(i), Some(j), Some(v)) = (
            lbs.iter().position(|l| *l == r.lb),
            ccas.iter().position(|x| *x == r.cca),
            value(r, c),
        ) else {
            continue;
        };
        let x0 = i as f64 + 0.1 + width * j as f64;
        let bar = Rectangle::new(
            [(x0, base), (x0 + width * 0.9, axis.at(v))],
            colour[j].filled(),
        );
        chart.draw_series(std::iter::once(bar)).map_err(err)?;
        error_bar(
            &mut chart,
            &axis,
            x0 + width * 0.45,
            v,
            stderr_pct(r),
            width * 0.2,
        )?;
    }
    root.present().map_err(err)?;
    Ok(Drawn::default())
}

fn series_keys(rows: &[&PointRow]) -> (Vec<Key>, Vec<CcaName>, usize) {
    let keys = distinct(rows.iter().map(|(_, r)| (r.cca, r.lb)));
    let ccas = distinct(keys.iter().map(|k| k.0));
    let lbs = distinct(keys.iter().map(|k| k.1)).len();
    (keys, ccas, lbs)
}

fn series_label(k: Key, lbs: usize) -> String {
    if lbs > 1 {
        format!("{} · {}", k.0, k.1.name().to_uppercase())
    } else {
        k.0.to_string()
    }
}

fn lines<DB: DrawingBackend>(
    root: Root<DB>,
    c: &SweepChart,
    rows: &[&PointRow],
    at: &At,
) -> DrawResult {
    let (keys, ccas, lbs) = series_keys(rows);
    let colour = palette::ccas(&ccas);
    let col = |k: &Key| colour[ccas.iter().position(|x| *x == k.0).unwrap_or(0)];
    let mut legend = Legend::default();
    for k in &keys {
        legend.add(Mark::Line(col(k), 2), series_label(*k, lbs));
    }
    let (root, _) = with_legend(root, &legend, at)?;
    let axis = inflation_axis(rows, c);
    let field = c.points[0]
        .split('=')
        .next()
        .unwrap_or_default()
        .to_string();
    let labels: Vec<String> = c
        .points
        .iter()
        .map(|p| p.split_once('=').map_or(p.as_str(), |(_, v)| v).to_string())
        .collect();
    let n = labels.len();
    let mut chart = frame(
        &root,
        at,
        c.title,
        -0.5..n as f64 - 0.5,
        &axis,
        4 * n + 1,
        &|x| category(&labels, *x, 0.0),
        (&[&field], inflation_desc(c.log)),
    )?;
    // series side by side by a little, so their error bars do not overlap
    let shift = |s: usize| (s as f64 - (keys.len() as f64 - 1.0) / 2.0) * 0.04;
    for (s, k) in keys.iter().enumerate() {
        let pts: Vec<(f64, f64, f64)> = rows
            .iter()
            .filter(|(_, r)| (r.cca, r.lb) == *k)
            .filter_map(|(p, r)| Some((*p as f64 + shift(s), value(r, c)?, stderr_pct(r))))
            .collect();
        let style = col(k).stroke_width(2);
        line(
            &mut chart,
            pts.iter().map(|p| (p.0, axis.at(p.1))).collect(),
            style,
        )?;
        for &(x, v, e) in &pts {
            error_bar(&mut chart, &axis, x, v, e, 0.06)?;
        }
        let mark = |x: f64, v: f64| Circle::new((x, axis.at(v)), 4, col(k).filled());
        chart
            .draw_series(pts.iter().map(|p| mark(p.0, p.1)))
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(Drawn::default())
}

/// Throughput against q, log-log: per CCA (and LB scheme), the simulated points joined, and
/// the closed form as a thin line of the same colour. TCP, whose points the model's DCTCP
/// shares (it marks nothing), is a ring around them.
fn throughput<DB: DrawingBackend>(
    root: Root<DB>,
    c: &SweepChart,
    rows: &[&PointRow],
    at: &At,
) -> DrawResult {
    let (keys, ccas, lbs) = series_keys(rows);
    let colour = palette::ccas(&ccas);
    let q = |r: &SummaryRow| 1.0 / r.paths.max(1) as f64;
    let series = keys
        .iter()
        .map(|k| {
            let mine = || rows.iter().map(|(_, r)| r).filter(|r| (r.cca, r.lb) == *k);
            QSeries {
                label: format!("{}, simulated", series_label(*k, lbs)),
                colour: colour[ccas.iter().position(|x| *x == k.0).unwrap_or(0)],
                ring: k.0 == CcaName::TCP,
                simulated: mine()
                    .filter_map(|r| Some((q(r), r.throughput_gbps_mean?)))
                    .collect(),
                model: mine().filter_map(|r| Some((q(r), r.model_gbps?))).collect(),
            }
        })
        .collect();
    let figure = QFigure {
        title: c.title,
        series,
        curves: Vec::new(),
    };
    throughput_against_q(root, &figure, at)
}
