//! Throughput against q, the share of packets on the congested path, log-log: the figure of
//! the paper's theory (§II, Table I). Simulated points per CCA, each with its closed form as a
//! thin line of its colour, and whole curves of their own (the models over a range of q, the
//! line rate). AIMD curves fall like 1/√q; the median's stays flat.

use super::axis::{frame, two_digits, Axis};
use super::*;

/// One CCA's points: (q, Gbps) simulated, and its closed form at the same q, if it has one.
pub struct QSeries {
    pub label: String,
    pub colour: RGBColor,
    /// Drawn as rings (a series whose points another's hide: TCP under DCTCP's).
    pub ring: bool,
    pub simulated: Vec<(f64, f64)>,
    pub model: Vec<(f64, f64)>,
}

/// A curve of its own: (q, Gbps) points, its legend label, colour and line width.
pub struct QCurve {
    pub label: String,
    pub colour: RGBColor,
    pub width: u32,
    pub points: Vec<(f64, f64)>,
}

/// The figure: its title, the series and the curves; the axes hold them all.
pub struct QFigure<'a> {
    pub title: &'a str,
    pub series: Vec<QSeries>,
    pub curves: Vec<QCurve>,
}

impl QFigure<'_> {
    fn points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        let series = self
            .series
            .iter()
            .flat_map(|s| s.simulated.iter().chain(&s.model));
        let curves = self.curves.iter().flat_map(|c| &c.points);
        series.chain(curves).copied()
    }

    fn has_model(&self) -> bool {
        self.series.iter().any(|s| s.model.len() > 1)
    }
}

fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .filter(|v| *v > 0.0 && v.is_finite())
        .fold((f64::INFINITY, 0.0f64), |(a, b), v| (a.min(v), b.max(v)))
}

/// Draws `f`, both axes in log space.
pub fn throughput_against_q<DB: DrawingBackend>(
    root: Root<DB>,
    f: &QFigure,
    at: &At,
) -> DrawResult {
    let mut legend = Legend::default();
    for c in &f.curves {
        legend.add(Mark::Line(c.colour, c.width), c.label.clone());
    }
    for s in &f.series {
        legend.add(Mark::Dot(s.colour), s.label.clone());
    }
    if f.has_model() {
        legend.add(
            Mark::Line(palette::REFERENCE, 1),
            "closed form (thin line, same colour)",
        );
    }
    let (root, _) = with_legend(root, &legend, at)?;
    let (lo, hi) = span(f.points().map(|p| p.1));
    let axis = Axis::new(lo, hi, true);
    let (q_lo, q_hi) = span(f.points().map(|p| p.0));
    let x = (q_lo * 0.8).log10()..(q_hi * 1.25).log10();
    let to = |p: &(f64, f64)| (p.0.log10(), axis.at(p.1));
    // a label per 90 pixels at most, so a phone's axis does not crowd
    let x_labels = (root.dim_in_pixel().0 as usize / 90).clamp(3, 8);
    let mut chart = frame(
        &root,
        at,
        f.title,
        x,
        &axis,
        x_labels,
        &|x| two_digits(10f64.powf(*x)),
        (
            &[
                "q, the share of packets on the long path (log scale)",
                "q, the share of packets on the long path",
                "q (log scale)",
            ],
            "Gbps (log scale)",
        ),
    )?;
    for c in &f.curves {
        line(
            &mut chart,
            c.points.iter().map(to).collect(),
            c.colour.stroke_width(c.width),
        )?;
    }
    for s in &f.series {
        if s.model.len() > 1 {
            line(
                &mut chart,
                s.model.iter().map(to).collect(),
                s.colour.stroke_width(1),
            )?;
        }
        let sim: Vec<(f64, f64)> = s.simulated.iter().map(to).collect();
        line(&mut chart, sim.clone(), s.colour.stroke_width(2))?;
        let (radius, style) = match s.ring {
            true => (7, s.colour.stroke_width(2)),
            false => (4, s.colour.filled()),
        };
        chart
            .draw_series(sim.iter().map(|&p| Circle::new(p, radius, style)))
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(Drawn::default())
}
