//! Cumulative distributions of flow completion times: one step line per series, and the
//! zero-queueing lower bound of the CCT as a vertical line where it is known.

use super::*;

/// One series: its sorted values, legend key and label, colour, line width, and whether it is
/// drawn dashed.
pub struct CdfSeries {
    pub key: String,
    pub label: String,
    pub colour: RGBColor,
    pub width: u32,
    pub dashed: bool,
    pub sorted: Vec<f64>,
}

/// The legend key of the lower bound.
pub const CDF_BOUND: &str = "bound";

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
        legend.add_keyed(
            CDF_BOUND,
            Mark::Line(palette::REFERENCE, 2),
            format!("lower bound {bound:.1} µs"),
        );
    }
    for s in &f.series {
        let mark = match s.dashed {
            true => Mark::Dashed(s.colour, s.width),
            false => Mark::Line(s.colour, s.width),
        };
        legend.add_keyed(s.key.clone(), mark, s.label.clone());
    }
    let (root, boxes) = with_legend(root, &legend, at)?;
    let x_top = f.x_top.max(f.bound.unwrap_or(0.0)).max(1.0) * 1.05;
    let mut c = chart(&root, at, f.title, 0.0..x_top, 0.0..1.02, "FCT (µs)")?;
    if let Some(bound) = f.bound.filter(|_| at.shows_series(CDF_BOUND)) {
        line(
            &mut c,
            vec![(bound, 0.0), (bound, 1.02)],
            palette::REFERENCE.stroke_width(2),
        )?;
    }
    for s in f.series.iter().filter(|s| at.shows_series(&s.key)) {
        let mut steps = cdf_steps(&s.sorted);
        if let (Some(cur), Some(&(_, y))) = (at.cursor, steps.last()) {
            steps.push((cur.min(x_top), y));
        }
        let style = s.colour.mix(0.85).stroke_width(s.width);
        match s.dashed {
            true => dashed_line(&mut c, &steps, style)?,
            false => line(&mut c, steps, style)?,
        }
    }
    cursor(&mut c, at, 0.0..1.02)?;
    let out = drawn(&c, boxes);
    root.present().map_err(err)?;
    Ok(out)
}
