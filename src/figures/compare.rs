//! The comparison charts: finished runs side by side.

use super::cdf::{cdfs, CdfSeries, Cdfs};
use super::*;

/// The legend name and colour of a compared run.
fn run_name(r: &Compared) -> (String, RGBColor) {
    (r.label.clone(), palette::cca(r.run.cca()))
}

/// How a compared run is drawn among runs of its CCA (whose colour is fixed): the first solid
/// and 3 px, the later ones dashed and wider, so every run differs by dash or width.
fn stroke(runs: &[Compared], k: usize) -> (u32, bool) {
    let cca = runs[k].run.cca();
    let same = runs[..k].iter().filter(|r| r.run.cca() == cca).count() as u32;
    (3 + same, same > 0)
}

/// A compared run's legend key: its number.
fn key(r: &Compared) -> String {
    format!("#{}", r.run.id)
}

/// Compare: the mean cwnd of the sprayed flows of several runs, overlaid.
pub fn compare_cwnd<DB: DrawingBackend>(root: Root<DB>, runs: &[Compared], at: &At) -> DrawResult {
    const TITLE: &str = "mean congestion window of the sprayed flows";
    if runs.is_empty() {
        return empty(root, at, TITLE, "finished runs appear here");
    }
    let span = runs.iter().map(|r| r.run.span_us()).fold(1.0, f64::max);
    let x = at.time_range(span);
    let width = root.dim_in_pixel().0 as usize;
    let cols: Vec<Columns> = runs
        .iter()
        .map(|r| {
            let mut col = Columns::new(width, x.clone());
            for s in r.run.summary {
                col.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
            }
            col
        })
        .collect();
    let mut legend = Legend::default();
    for (k, r) in runs.iter().enumerate() {
        let (name, colour) = run_name(r);
        let mark = match stroke(runs, k) {
            (w, true) => Mark::Dashed(colour, w),
            (w, false) => Mark::Line(colour, w),
        };
        legend.add_keyed(key(r), mark, name);
    }
    let (root, boxes) = with_legend(root, &legend, at)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    // finished runs: no cursor
    let still = At {
        cursor: None,
        ..*at
    };
    let mut c = chart(&root, &still, TITLE, x, 0.0..y_top, "time (µs)")?;
    for (k, (col, r)) in cols.iter().zip(runs).enumerate() {
        if !at.shows_series(&key(r)) {
            continue;
        }
        let colour = run_name(r).1;
        let (w, dashed) = stroke(runs, k);
        let style = colour.mix(0.85).stroke_width(w);
        match dashed {
            true => dashed_line(&mut c, &col.means(), style)?,
            false => line(&mut c, col.means(), style)?,
        }
    }
    let out = drawn(&c, boxes);
    root.present().map_err(err)?;
    Ok(out)
}

/// Compare: the FCT CDFs of several runs.
pub fn compare_fct<DB: DrawingBackend>(root: Root<DB>, runs: &[Compared], at: &At) -> DrawResult {
    const TITLE: &str = "flow completion times (CDF)";
    let series: Vec<CdfSeries> = runs
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let (label, colour) = run_name(r);
            let (width, dashed) = stroke(runs, k);
            CdfSeries {
                key: key(r),
                label,
                colour,
                width,
                dashed,
                sorted: sorted_fcts(&r.run, f64::INFINITY),
            }
        })
        .filter(|s| !s.sorted.is_empty())
        .collect();
    if series.is_empty() {
        return empty(root, at, TITLE, "finished runs appear here");
    }
    let x_top = series
        .iter()
        .filter_map(|s| s.sorted.last().copied())
        .fold(1.0, f64::max);
    let figure = Cdfs {
        title: TITLE,
        series,
        bound: None,
        x_top,
    };
    // finished runs: every flow, no cursor
    cdfs(
        root,
        &figure,
        &At {
            cursor: None,
            ..*at
        },
    )
}
