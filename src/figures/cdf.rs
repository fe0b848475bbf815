//! Cumulative distributions of flow completion times: one step line per series, and the
//! zero-queueing lower bound of the CCT as a vertical line where it is known.

use super::*;

/// One series: its sorted values, legend label, colour and line width.
pub struct CdfSeries {
    pub label: String,
    pub colour: RGBColor,
    pub width: u32,
    pub sorted: Vec<f64>,
}

/// The figure: the series, the lower bound (µs) if known, the x axis' end.
pub struct Cdfs<'a> {
    pub title: &'a str,
    pub series: Vec<CdfSeries>,
    pub bound: Option<f64>,
    /// The x axis' end: the largest value the figure will ever show (a run in progress keeps
    /// its scale as flows finish).
    pub x_top: f64,
}

/// Draws `f`; with the cursor away from the live edge, each series runs on to the cursor at
/// the share finished by then, and the cursor is marked.
pub fn cdfs<DB: DrawingBackend>(root: Root<DB>, f: &Cdfs, at: &At) -> DrawResult {
    let mut legend = Legend::default();
    if let Some(bound) = f.bound {
        legend.add(
            Mark::Line(palette::REFERENCE, 2),
            format!("lower bound {bound:.1} µs"),
        );
    }
    for s in &f.series {
        legend.add(Mark::Line(s.colour, s.width), s.label.clone());
    }
    let root = with_legend(root, &legend, at.style)?;
    let x_top = f.x_top.max(f.bound.unwrap_or(0.0)).max(1.0) * 1.05;
    let mut c = chart(&root, at, f.title, 0.0..x_top, 0.0..1.02, "FCT (µs)")?;
    if let Some(bound) = f.bound {
        line(
            &mut c,
            vec![(bound, 0.0), (bound, 1.02)],
            palette::REFERENCE.stroke_width(2),
        )?;
    }
    for s in &f.series {
        let mut steps = cdf_steps(&s.sorted);
        if let (Some(cur), Some(&(_, y))) = (at.cursor, steps.last()) {
            steps.push((cur.min(x_top), y));
        }
        line(&mut c, steps, s.colour.mix(0.85).stroke_width(s.width))?;
    }
    cursor(&mut c, at, 0.0..1.02)?;
    root.present().map_err(err)
}
