//! The flows over time: one bar per flow from its start to its finish, the flows of one sender
//! one under another in the order they started, so that a collective reads as it ran (a ring
//! all-reduce's or a serial all-to-all's chains as staircases, an incast's spread starts as a
//! ragged left edge). A flow that did not finish (an elephant, or a run cut short) runs on to
//! the run's end, pale; a flow no trigger started has no bar. With the playback cursor away from
//! the live edge, every bar stops at the cursor and the flows not yet started are not drawn.

use super::*;
use crate::sim::metrics::FlowReport;
use crate::Report;

/// The legend key of the sprayed flows.
pub const FLOWS_SPRAYED: &str = "sprayed";
/// The legend key of the elephants (long-lived ECMP flows).
pub const FLOWS_ELEPHANTS: &str = "elephants";

/// The flows the chart shows, top row first: every flow that started, by sender, then by when
/// it started, then by its index.
pub fn flow_rows(report: &Report) -> Vec<usize> {
    let mut rows: Vec<usize> = (0..report.flows.len())
        .filter(|&i| report.flows[i].start_us.is_some())
        .collect();
    let key = |i: usize| {
        let f = &report.flows[i];
        (f.src, f.start_us.unwrap_or(0.0))
    };
    rows.sort_by(|&a, &b| {
        let ((sa, ta), (sb, tb)) = (key(a), key(b));
        sa.cmp(&sb).then(ta.total_cmp(&tb)).then(a.cmp(&b))
    });
    rows
}

/// Where a flow's bar runs, µs: from its start to its finish, or to `end_us` (the run's end)
/// for one that did not finish; `None` for a flow that never started.
pub fn flow_span(f: &FlowReport, end_us: f64) -> Option<(f64, f64)> {
    let start = f.start_us?;
    Some((start, f.finish_us.unwrap_or(end_us).max(start)))
}

/// The y value of row `row` of `rows`: the top row highest.
fn row_y(row: usize, rows: usize) -> f64 {
    (rows - 1 - row) as f64
}

/// The row at the y value `y` of a chart of `rows` rows, if one is there.
pub fn row_at(y: f64, rows: usize) -> Option<usize> {
    let from_top = rows as f64 - 1.0 - y.round();
    (from_top >= 0.0 && from_top < rows as f64).then_some(from_top as usize)
}

/// Draws the flows of `run` over time.
pub fn flows<DB: DrawingBackend>(root: Root<DB>, run: &RunView, at: &At) -> DrawResult {
    const TITLE: &str = "flows over time (a bar each, by sender)";
    let Some(report) = run.report else {
        return empty(root, at, TITLE, "after the run");
    };
    let rows = flow_rows(report);
    if rows.is_empty() {
        return empty(root, at, TITLE, "no flow started");
    }
    let colour = palette::cca(run.cca());
    let flow = |i: usize| &report.flows[i];
    let mut legend = Legend::default();
    let cct = report
        .cct_us
        .map_or("unfinished".to_string(), |c| format!("CCT {c:.1} µs"));
    legend.add_keyed(
        FLOWS_SPRAYED,
        Mark::Box(colour),
        format!("sprayed flows ({cct})"),
    );
    if rows.iter().any(|&i| !flow(i).sprayed) {
        legend.add_keyed(FLOWS_ELEPHANTS, Mark::Box(palette::ELEPHANT), "elephants");
    }
    let (root, boxes) = with_legend(root, &legend, at)?;
    let end = report.sim_time_us.max(1.0);
    let n = rows.len();
    let y = -0.5..n as f64 - 0.5;
    // a tick names the sender of the row it falls on
    let sender =
        |v: &f64| row_at(*v, n).map_or(String::new(), |r| format!("h{}", flow(rows[r]).src));
    let x = (at.time_range(end), "time (µs)");
    let mut c = chart_of_rows(&root, at, TITLE, x, (y.clone(), "sender"), &sender)?;
    let until = at.cursor.unwrap_or(f64::INFINITY);
    let bars = rows.iter().enumerate().filter_map(|(row, &i)| {
        let f = flow(i);
        let key = if f.sprayed {
            FLOWS_SPRAYED
        } else {
            FLOWS_ELEPHANTS
        };
        let (start, finish) = flow_span(f, end)?;
        if start > until || !at.shows_series(key) {
            return None;
        }
        let hue = if f.sprayed { colour } else { palette::ELEPHANT };
        let done = f.finish_us.is_some_and(|t| t <= until);
        let fill = hue.mix(if done { 0.85 } else { 0.35 }).filled();
        // a bar's height leaves a gap between rows while rows are a few pixels tall
        let half = if n > 60 { 0.5 } else { 0.38 };
        let y = row_y(row, n);
        Some(Rectangle::new(
            [(start, y - half), (finish.min(until), y + half)],
            fill,
        ))
    });
    c.draw_series(bars).map_err(err)?;
    cursor(&mut c, at, y)?;
    let out = drawn(&c, boxes);
    root.present().map_err(err)?;
    Ok(out)
}

/// What the pointer reads on the flows chart at `t` µs over the row at `y`: how many flows run,
/// have finished and are yet to start then, and the flow under the pointer.
pub fn flows_at(report: &Report, t: f64, y: Option<f64>) -> Vec<String> {
    let rows = flow_rows(report);
    if rows.is_empty() {
        return Vec::new();
    }
    let end = report.sim_time_us;
    let (mut running, mut done, mut waiting) = (0, 0, 0);
    for &i in &rows {
        let f = &report.flows[i];
        match flow_span(f, end) {
            Some((start, _)) if start > t => waiting += 1,
            _ if f.finish_us.is_some_and(|fin| fin <= t) => done += 1,
            _ => running += 1,
        }
    }
    let mut lines = vec![format!(
        "{running} running, {done} finished, {waiting} yet to start"
    )];
    if let Some(i) = y.and_then(|y| row_at(y, rows.len())).map(|r| rows[r]) {
        lines.push(describe_flow(i, &report.flows[i]));
    }
    lines
}

/// "flow 12: host 3 → 9, 64 KiB, 2.0 to 15.3 µs (FCT 13.3 µs)".
pub fn describe_flow(i: usize, f: &FlowReport) -> String {
    let size = crate::scenario::format_bytes(f.bytes);
    let start = f.start_us.unwrap_or(0.0);
    let when = match (f.finish_us, f.fct_us) {
        (Some(fin), Some(fct)) => format!("{start:.1} to {fin:.1} µs (FCT {fct:.1} µs)"),
        _ if !f.sprayed => format!("an elephant from {start:.1} µs"),
        _ => format!("from {start:.1} µs, unfinished"),
    };
    format!("flow {i}: host {} → {}, {size}, {when}", f.src, f.dst)
}
