//! The sweep chart, drawn as the paper draws its figures, from the summary rows so far:
//! - one point (a figure, or a what-if without a varied field): grouped bars of the mean CCT
//!   inflation per LB scheme, one bar per CCA, ± one standard error (the shape of Fig. 4);
//! - a varied field: the mean inflation against its values, one line per CCA (and LB scheme),
//!   with error bars;
//! - an n-path figure: throughput against q, log-log, the simulated points and the closed form.
//!
//! A log scale is drawn in log space (the axis labels give the values back), so every form
//! shares one chart type.

use super::*;
use crate::repro::SummaryRow;
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

pub fn draw_sweep(canvas: &HtmlCanvasElement, c: &SweepChart, at: At) -> DrawResult {
    let drawn: Vec<&PointRow> = c
        .rows
        .iter()
        .filter(|(_, r)| value(r, c).is_some())
        .collect();
    if drawn.is_empty() {
        return empty(
            canvas,
            at,
            c.title,
            "reproduce a figure or run a what-if: the results appear here as runs finish",
        );
    }
    if c.over_q {
        throughput(canvas, c, &drawn, at)
    } else if c.points.len() > 1 {
        lines(canvas, c, &drawn, at)
    } else {
        bars(canvas, c, &drawn, at)
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

/// Distinct items in order of first appearance.
fn distinct<T: PartialEq + Copy>(xs: impl Iterator<Item = T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for x in xs {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// The y axis: a range in drawing space, and the map from a value to it.
struct Axis {
    log: bool,
    range: Range<f64>,
}

impl Axis {
    fn new(lo: f64, hi: f64, log: bool) -> Axis {
        let range = if log {
            let lo = lo.max(0.01);
            (lo * 0.7).log10()..(hi.max(lo * 2.0) * 1.4).log10()
        } else {
            0.0..(hi * 1.1).max(1.0)
        };
        Axis { log, range }
    }

    /// The axis of the rows' inflations with their error bars.
    fn inflation(rows: &[&PointRow], c: &SweepChart) -> Axis {
        let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
        for (_, r) in rows {
            if let Some(v) = value(r, c) {
                lo = lo.min(v);
                hi = hi.max(v + stderr_pct(r));
            }
        }
        Axis::new(lo, hi, c.log)
    }

    fn at(&self, v: f64) -> f64 {
        if self.log {
            v.max(10f64.powf(self.range.start)).log10()
        } else {
            v
        }
    }

    fn label(&self, y: f64) -> String {
        if self.log {
            return two_digits(10f64.powf(y));
        }
        let digits = if y >= 10.0 || y == 0.0 { 0 } else { 1 };
        format!("{y:.digits$}")
    }
}

/// A value rounded to two significant digits: 25, 63, 160, 0.016.
fn two_digits(v: f64) -> String {
    if v <= 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let scale = 10f64.powf(v.log10().floor() - 1.0);
    let r = (v / scale).round() * scale;
    let decimals = (-(scale.log10().round())).max(0.0) as usize;
    format!("{r:.decimals$}")
}

/// Builds the chart in the house style with `x` in data space and the y axis from `axis`.
fn frame<'a>(
    root: &'a Root,
    title: &str,
    x: Range<f64>,
    axis: &Axis,
    x_labels: usize,
    x_label: &dyn Fn(&f64) -> String,
    descs: (&str, &str),
) -> Result<Chart<'a>, String> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", TITLE_PX))
        .margin(8)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(x, axis.range.clone())
        .map_err(err)?;
    house_mesh(&mut chart.configure_mesh())
        .disable_x_mesh()
        .x_labels(x_labels)
        .x_label_formatter(x_label)
        .y_label_formatter(&|y| axis.label(*y))
        .x_desc(descs.0)
        .y_desc(descs.1)
        .draw()
        .map_err(err)?;
    Ok(chart)
}

fn inflation_desc(log: bool) -> &'static str {
    if log {
        "CCT inflation, % (log scale)"
    } else {
        "CCT inflation, %"
    }
}

/// An error bar of ± `e` around `v` at `x`, its caps `cap` wide (data units).
fn error_bar(chart: &mut Chart, axis: &Axis, x: f64, v: f64, e: f64, cap: f64) -> DrawResult {
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

/// The label of the category at `x` (its centre at `i + offset`), or nothing between them.
fn category(labels: &[String], x: f64, offset: f64) -> String {
    let i = (x - offset).round();
    if (x - offset - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
        labels[i as usize].clone()
    } else {
        String::new()
    }
}

fn bars(canvas: &HtmlCanvasElement, c: &SweepChart, rows: &[&PointRow], at: At) -> DrawResult {
    let lbs = distinct(rows.iter().map(|(_, r)| r.lb));
    let ccas = distinct(rows.iter().map(|(_, r)| r.cca));
    let colour = palette::ccas(&ccas);
    let mut legend = Legend::default();
    for (cca, col) in ccas.iter().zip(&colour) {
        legend.add(Mark::Box(*col), cca.to_string());
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let axis = Axis::inflation(rows, c);
    let labels: Vec<String> = lbs.iter().map(|l| l.name().to_uppercase()).collect();
    let mut chart = frame(
        &root,
        c.title,
        0.0..lbs.len() as f64,
        &axis,
        2 * lbs.len() + 1,
        &|x| category(&labels, *x, 0.5),
        ("load balancing", inflation_desc(c.log)),
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
    root.present().map_err(err)
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

fn lines(canvas: &HtmlCanvasElement, c: &SweepChart, rows: &[&PointRow], at: At) -> DrawResult {
    let (keys, ccas, lbs) = series_keys(rows);
    let colour = palette::ccas(&ccas);
    let col = |k: &Key| colour[ccas.iter().position(|x| *x == k.0).unwrap_or(0)];
    let mut legend = Legend::default();
    for k in &keys {
        legend.add(Mark::Line(col(k), 2), series_label(*k, lbs));
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let axis = Axis::inflation(rows, c);
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
        c.title,
        -0.5..n as f64 - 0.5,
        &axis,
        4 * n + 1,
        &|x| category(&labels, *x, 0.0),
        (&field, inflation_desc(c.log)),
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
    root.present().map_err(err)
}

fn throughput(
    canvas: &HtmlCanvasElement,
    c: &SweepChart,
    rows: &[&PointRow],
    at: At,
) -> DrawResult {
    let (keys, ccas, lbs) = series_keys(rows);
    let colour = palette::ccas(&ccas);
    let col = |k: &Key| colour[ccas.iter().position(|x| *x == k.0).unwrap_or(0)];
    let mut legend = Legend::default();
    for k in &keys {
        legend.add(
            Mark::Dot(col(k)),
            format!("{}, simulated", series_label(*k, lbs)),
        );
    }
    legend.add(
        Mark::Line(palette::REFERENCE, 1),
        "closed form (thin line, same colour)",
    );
    let root = with_legend(area(canvas, at)?, &legend)?;
    let q = |r: &SummaryRow| 1.0 / r.paths.max(1) as f64;
    let gbps = rows
        .iter()
        .flat_map(|(_, r)| [r.throughput_gbps_mean, r.model_gbps])
        .flatten();
    let (lo, hi) = gbps.fold((f64::INFINITY, 0.0f64), |(a, b), g| (a.min(g), b.max(g)));
    let axis = Axis::new(lo, hi, true);
    let (q_lo, q_hi) = rows
        .iter()
        .map(|(_, r)| q(r))
        .fold((f64::INFINITY, 0.0f64), |(a, b), x| (a.min(x), b.max(x)));
    let xr = (q_lo * 0.8).log10()..(q_hi * 1.25).log10();
    let mut chart = frame(
        &root,
        c.title,
        xr,
        &axis,
        // a label per 90 CSS px at most, so a phone's axis does not crowd
        ((canvas.width() as f64 / at.scale / 90.0) as usize).clamp(3, 8),
        &|x| two_digits(10f64.powf(*x)),
        (
            "q, the share of packets on the long path (log scale)",
            "Gbps (log scale)",
        ),
    )?;
    for k in &keys {
        let mine: Vec<&SummaryRow> = rows
            .iter()
            .map(|(_, r)| r)
            .filter(|r| (r.cca, r.lb) == *k)
            .collect();
        let sim: Vec<(f64, f64)> = mine
            .iter()
            .filter_map(|r| Some((q(r).log10(), axis.at(r.throughput_gbps_mean?))))
            .collect();
        let model: Vec<(f64, f64)> = mine
            .iter()
            .filter_map(|r| Some((q(r).log10(), axis.at(r.model_gbps?))))
            .collect();
        line(&mut chart, model, col(k).stroke_width(1))?;
        line(&mut chart, sim.clone(), col(k).stroke_width(2))?;
        chart
            .draw_series(sim.iter().map(|&p| Circle::new(p, 4, col(k).filled())))
            .map_err(err)?;
    }
    root.present().map_err(err)
}
