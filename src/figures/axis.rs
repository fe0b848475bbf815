//! A value axis drawn linear or in log space, and the labels of category and log axes.
//!
//! A log scale is drawn in log space (the labels give the values back), so bars, lines and
//! points share one chart type whatever the scale.

use super::{err, fitting, house_mesh, At, Chart, Root};
use plotters::prelude::*;
use std::ops::Range;

/// A y axis: a range in drawing space, and the map from a value to it.
pub(super) struct Axis {
    pub(super) log: bool,
    pub(super) range: Range<f64>,
}

impl Axis {
    /// An axis holding `lo..hi` with a margin: from 0 when linear, a decade's fraction around
    /// the values when log.
    pub(super) fn new(lo: f64, hi: f64, log: bool) -> Axis {
        let range = if log {
            let lo = lo.max(0.01);
            (lo * 0.7).log10()..(hi.max(lo * 2.0) * 1.4).log10()
        } else {
            0.0..(hi * 1.1).max(1.0)
        };
        Axis { log, range }
    }

    /// Where the value `v` is drawn.
    pub(super) fn at(&self, v: f64) -> f64 {
        if self.log {
            v.max(10f64.powf(self.range.start)).log10()
        } else {
            v
        }
    }

    /// The tick label at `y`, in drawing space.
    pub(super) fn label(&self, y: f64) -> String {
        if self.log {
            return two_digits(10f64.powf(y));
        }
        let digits = if y >= 10.0 || y == 0.0 { 0 } else { 1 };
        format!("{y:.digits$}")
    }
}

/// Builds the chart in the house style with `x` in data space and the y axis from `axis`; the x
/// axis is named by the first of `x_descs` (longest first) that fits under the plot.
#[allow(clippy::too_many_arguments)]
pub(super) fn frame<'a, DB: DrawingBackend>(
    root: &'a Root<DB>,
    at: &At,
    title: &str,
    x: Range<f64>,
    axis: &Axis,
    x_labels: usize,
    x_label: &dyn Fn(&f64) -> String,
    (x_descs, y_desc): (&[&str], &str),
) -> Result<Chart<'a, DB>, String> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", at.style.title_px))
        .margin(8)
        .margin_right(at.style.right_px)
        .x_label_area_size(at.style.text_px * 3 + 1)
        .y_label_area_size(at.style.text_px * 4 + 4)
        .build_cartesian_2d(x, axis.range.clone())
        .map_err(err)?;
    let plot = chart.plotting_area().dim_in_pixel();
    // the x axis's name centred under the plot, as far into the margins as the right one goes
    let font = at.style.text().into_font();
    let room = plot.0 + 2 * at.style.right_px;
    let x_desc = fitting(chart.plotting_area(), x_descs, &font, room);
    house_mesh(&mut chart.configure_mesh(), at.style, plot)
        .disable_x_mesh()
        .x_labels(x_labels)
        .x_label_formatter(x_label)
        .y_label_formatter(&|y| axis.label(*y))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .draw()
        .map_err(err)?;
    Ok(chart)
}

/// A value rounded to two significant digits: 25, 63, 160, 0.016.
pub(super) fn two_digits(v: f64) -> String {
    if v <= 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let scale = 10f64.powf(v.log10().floor() - 1.0);
    let r = (v / scale).round() * scale;
    let decimals = (-(scale.log10().round())).max(0.0) as usize;
    format!("{r:.decimals$}")
}

/// The label of the category at `x` (its centre at `i + offset`), or nothing between them.
pub(super) fn category(labels: &[String], x: f64, offset: f64) -> String {
    let i = (x - offset).round();
    if (x - offset - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < labels.len() {
        labels[i as usize].clone()
    } else {
        String::new()
    }
}

/// Distinct items in order of first appearance.
pub(super) fn distinct<T: PartialEq + Copy>(xs: impl Iterator<Item = T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for x in xs {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_significant_digits() {
        assert_eq!(two_digits(25.3), "25");
        assert_eq!(two_digits(163.0), "160");
        assert_eq!(two_digits(0.0163), "0.016");
    }

    #[test]
    fn a_category_is_labelled_at_its_centre_only() {
        let labels = ["OPS".to_string(), "REPS".to_string()];
        assert_eq!(category(&labels, 1.5, 0.5), "REPS");
        assert_eq!(category(&labels, 1.25, 0.5), "");
        assert_eq!(category(&labels, 2.5, 0.5), "");
    }

    #[test]
    fn a_log_axis_draws_values_in_decades() {
        let a = Axis::new(10.0, 1000.0, true);
        assert!((a.at(100.0) - 2.0).abs() < 1e-12);
        assert_eq!(a.label(2.0), "100");
        assert!(a.range.start < 1.0 && a.range.end > 3.0);
    }
}
