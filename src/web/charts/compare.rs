//! The comparison charts: finished runs side by side.

use super::*;

/// The legend name and colour of a compared run ([`crate::session::lockstep::compare_label`]).
fn run_name(r: &RunData, runs: &[&RunData]) -> (String, RGBColor) {
    let all: Vec<(u32, &crate::scenario::Scenario)> =
        runs.iter().map(|o| (o.id, &o.scenario)).collect();
    (
        crate::session::lockstep::compare_label(r.id, &r.scenario, &all),
        palette::cca(cca_of(r)),
    )
}

/// Line widths that tell apart compared runs of one CCA (its colour is fixed).
fn nth_of_cca(runs: &[&RunData], k: usize) -> u32 {
    let cca = cca_of(runs[k]);
    let same = runs[..k].iter().filter(|r| cca_of(r) == cca).count() as u32;
    3 + same * 2
}

/// Compare: the mean cwnd of the sprayed flows of several runs, overlaid.
pub fn draw_compare_cwnd(canvas: &HtmlCanvasElement, runs: &[&RunData], at: At) -> DrawResult {
    const TITLE: &str = "mean congestion window of the sprayed flows";
    if runs.is_empty() {
        return empty(canvas, at, TITLE, "finished runs appear here");
    }
    let span = runs.iter().map(|r| r.span_us()).fold(1.0, f64::max);
    let width = (canvas.width() as f64 / at.scale) as usize;
    let cols: Vec<Columns> = runs
        .iter()
        .map(|r| {
            let mut col = Columns::new(width, span);
            for s in &r.summary {
                col.add(s.time_us, s.cwnd_mean, s.cwnd_mean);
            }
            col
        })
        .collect();
    let mut legend = Legend::default();
    for (k, r) in runs.iter().enumerate() {
        let (name, colour) = run_name(r, runs);
        legend.add(Mark::Line(colour, nth_of_cca(runs, k)), name);
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let y_top = cols.iter().map(Columns::top).fold(1.0, f64::max) * 1.05;
    let mut c = chart(&root, TITLE, 0.0..span, 0.0..y_top, "time (µs)")?;
    for (k, (col, r)) in cols.iter().zip(runs).enumerate() {
        let colour = run_name(r, runs).1;
        line(
            &mut c,
            col.means(),
            colour.mix(0.85).stroke_width(nth_of_cca(runs, k)),
        )?;
    }
    root.present().map_err(err)
}

/// Compare: the FCT CDFs of several runs.
pub fn draw_compare_fct(canvas: &HtmlCanvasElement, runs: &[&RunData], at: At) -> DrawResult {
    const TITLE: &str = "flow completion times (CDF)";
    let finished: Vec<(&RunData, Vec<f64>, usize)> = runs
        .iter()
        .enumerate()
        .map(|(k, r)| (*r, sorted_fcts(r, f64::INFINITY), k))
        .filter(|(_, f, _)| !f.is_empty())
        .collect();
    if finished.is_empty() {
        return empty(canvas, at, TITLE, "finished runs appear here");
    }
    let x_top = finished
        .iter()
        .filter_map(|(_, f, _)| f.last().copied())
        .fold(1.0, f64::max)
        * 1.05;
    let mut legend = Legend::default();
    for (r, _, k) in &finished {
        let (name, colour) = run_name(r, runs);
        legend.add(Mark::Line(colour, nth_of_cca(runs, *k)), name);
    }
    let root = with_legend(area(canvas, at)?, &legend)?;
    let mut c = chart(&root, TITLE, 0.0..x_top, 0.0..1.02, "FCT (µs)")?;
    for (r, fcts, k) in &finished {
        let colour = run_name(r, runs).1;
        line(
            &mut c,
            cdf_steps(fcts),
            colour.mix(0.85).stroke_width(nth_of_cca(runs, *k)),
        )?;
    }
    root.present().map_err(err)
}
