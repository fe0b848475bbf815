//! The decision at the cursor: the RTT samples one flow's CCA decided on, as points in time
//! order, the latest ringed; the signal it took of them (the median of the last H, or under
//! Swift and LSwift the latest sample itself) as a line in the CCA's colour; its target dashed.
//! The title says what the decision did to cwnd.

use super::*;
use crate::sim::trace::Outcome;

/// Legend keys of the decision chart.
pub const DECISION_SAMPLES: &str = "samples";
pub const DECISION_LATEST: &str = "latest";
pub const DECISION_SIGNAL: &str = "signal";
pub const DECISION_TARGET: &str = "target";

/// The decision chart of `decision`, or an empty chart with `note` when there is none.
pub fn decision<DB: DrawingBackend>(
    root: Root<DB>,
    decision: Result<&DecisionAt, &str>,
    cca: CcaName,
    at: &At,
) -> DrawResult {
    let d = match decision {
        Ok(d) if !d.samples.is_empty() => d,
        Ok(d) => return empty(root, at, &title(d), "a timer's decision: no RTT sample"),
        Err(note) => return empty(root, at, "the decision at the cursor", note),
    };
    let colour = palette::cca(cca);
    let (older, latest) = d.samples.split_at(d.samples.len() - 1);
    let signal = d.row.signal / 1e6;
    let target = d.row.target.map(|t| t / 1e6);
    let mut legend = Legend::default();
    let statistic = d.statistic.as_deref();
    let samples_label = match (statistic, d.row.history) {
        (Some(_), Some(h)) => format!("the last {h} RTT samples"),
        _ => "the RTT samples before".to_string(),
    };
    legend.add_keyed(
        DECISION_SAMPLES,
        Mark::Dot(palette::REFERENCE),
        samples_label,
    );
    legend.add_keyed(DECISION_LATEST, Mark::Dot(palette::CURSOR), "the latest");
    let signal_label = match statistic {
        Some(s) => format!("their {s}: the signal ({cca})"),
        None => format!("the signal ({cca}): the latest"),
    };
    legend.add_keyed(DECISION_SIGNAL, Mark::Line(colour, 3), signal_label);
    if target.is_some() {
        legend.add_keyed(DECISION_TARGET, Mark::Dashed(palette::TARGET, 2), "target");
    }
    let (root, boxes) = with_legend(root, &legend, at)?;
    let (t0, t1) = (d.samples[0].0, latest[0].0);
    let pad = ((t1 - t0) * 0.06).max(0.05);
    let x = (t0 - pad)..(t1 + pad);
    // the y axis spans what is drawn, padded: the samples' spread is what a reader compares
    let values = || d.samples.iter().map(|s| s.1).chain([signal]).chain(target);
    let (lo, hi) = (
        values().fold(f64::INFINITY, f64::min),
        values().fold(0.0, f64::max),
    );
    let pad = ((hi - lo) * 0.15).max(hi * 0.05).max(0.01);
    let y = (lo - pad).max(0.0)..hi + pad;
    let mut c = chart(&root, at, &title(d), x, y, "time (µs)")?;
    if let Some(t) = target {
        let style = palette::TARGET.mix(0.8).stroke_width(2);
        reference(&mut c, at, (DECISION_TARGET, Rule::Dashed), t, style)?;
    }
    let style = colour.stroke_width(3);
    reference(&mut c, at, (DECISION_SIGNAL, Rule::Solid), signal, style)?;
    let dot = at.style.text_px as i32 / 3 + 1;
    c.draw_series(
        older
            .iter()
            .map(|&p| Circle::new(p, dot, palette::REFERENCE.mix(0.8).filled())),
    )
    .map_err(err)?;
    c.draw_series(
        latest
            .iter()
            .map(|&p| Circle::new(p, dot + 3, palette::CURSOR.stroke_width(3))),
    )
    .map_err(err)?;
    let out = Drawn {
        legend: boxes,
        ..Drawn::default()
    };
    root.present().map_err(err)?;
    Ok(out)
}

/// "flow 3, decision 12: cut (RTT µs)".
fn title(d: &DecisionAt) -> String {
    // short enough for a phone's chart: the time is the sentence's and the axis's
    let did = outcome_short(d.row.outcome);
    format!("flow {}, decision {}: {did} (RTT µs)", d.flow, d.index + 1)
}

/// What a decision did to cwnd, in the fewest words.
fn outcome_short(o: Outcome) -> &'static str {
    match o {
        Outcome::Increase => "grew",
        Outcome::Unchanged => "stayed",
        Outcome::Held => "held its cut",
        Outcome::DelayCut => "cut",
        Outcome::LossCut => "cut (loss)",
        Outcome::TimeoutCut => "cut (timeout)",
    }
}
