//! Compare runs: every finished main run in a table, and two charts overlaying them (each CCA
//! in its own colour, a second run of one CCA drawn wider).

use super::figure::{Canvases, Figure};
use super::glossary::Term;
pub use crate::session::actions::CompareAction;
use crate::session::charts::Chart;
use crate::session::store::RunData;
use yew::prelude::*;

/// One compared run as the table shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: u32,
    pub label: String,
    pub cct_us: Option<f64>,
    pub bound_us: Option<f64>,
    pub inflation: Option<f64>,
    /// cwnd cuts, "delay / loss".
    pub cuts: String,
}

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub rows: Vec<Row>,
    /// The comparison series' status line ("running: 1 of 3").
    pub status: AttrValue,
    pub busy: bool,
    pub canvases: Canvases,
    pub on: Callback<CompareAction>,
}

/// The table rows of the compared runs.
pub fn rows(past: &[RunData]) -> Vec<Row> {
    past.iter()
        .map(|r| {
            let rep = r.report.as_ref();
            Row {
                id: r.id,
                label: r.label(),
                cct_us: rep.and_then(|x| x.cct_us),
                bound_us: rep.map(|x| x.ideal_cct_us),
                inflation: rep.and_then(|x| x.cct_inflation),
                cuts: rep.map_or(String::new(), |x| {
                    format!("{} / {}", x.counters.cuts_delay, x.counters.cuts_loss)
                }),
            }
        })
        .collect()
}

#[function_component(Compare)]
pub fn compare(props: &CompareProps) -> Html {
    let on = &props.on;
    let num =
        |v: Option<f64>, scale: f64| v.map_or("–".to_string(), |x| format!("{:.1}", x * scale));
    let alt = format!(
        "Comparison of {} runs: {}",
        props.rows.len(),
        props
            .rows
            .iter()
            .map(|r| format!(
                "#{} {} inflation {} %",
                r.id,
                r.label,
                num(r.inflation, 100.0)
            ))
            .collect::<Vec<_>>()
            .join("; ")
    );
    html! {
        <>
            <h2>{ "Compare runs" }</h2>
            <p class="hint">{ "Every finished run is listed here (the last 8). Change one setting and run again, \
                or run the three Swift variants of the form's scenario one after another, here, leaving the run above as it is." }</p>
            <div class="buttons">
                <button id="compare-variants" onclick={on.reform(|_| CompareAction::RunVariants)} disabled={props.busy}>
                    { "Run Swift · LSwift · MSwift" }</button>
                <button id="compare-clear" class="quiet" onclick={on.reform(|_| CompareAction::Clear)} disabled={props.rows.is_empty()}>
                    { "Clear" }</button>
                <span id="compare-status" class="hint" role="status" aria-live="polite">{ props.status.clone() }</span>
            </div>
            if !props.rows.is_empty() {
                <div class="table-wrap">
                <table id="compare-table">
                    <tr><th>{ "run" }</th><th class="left">{ "scenario" }</th><th><Term term="CCT" text="CCT (µs)" /></th>
                        <th><Term term="lower bound" text="lower bound (µs)" /></th><th><Term term="CCT inflation" /></th>
                        <th>{ "cwnd cuts (delay / loss)" }</th></tr>
                    { for props.rows.iter().map(|r| html! {
                        <tr>
                            <td>{ format!("#{}", r.id) }</td><td class="left">{ r.label.clone() }</td>
                            <td>{ num(r.cct_us, 1.0) }</td><td>{ num(r.bound_us, 1.0) }</td>
                            <td>{ format!("{} %", num(r.inflation, 100.0)) }</td><td>{ r.cuts.clone() }</td>
                        </tr>
                    }) }
                </table>
                </div>
            }
            <div class="charts">
                <Figure chart={Chart::CompareCwnd} canvases={props.canvases.clone()} alt={alt.clone()}
                    caption={html!{ <>{ "The mean congestion window of each run's sprayed flows. " }<strong>{ "Look for: " }</strong>{ "the median variants hold a larger window." }</> }} />
                <Figure chart={Chart::CompareFct} canvases={props.canvases.clone()} {alt}
                    caption={html!{ <>{ "Each run's flow completion times. " }<strong>{ "Look for: " }</strong>{ "curves further left finish sooner; the last step is the CCT." }</> }} />
            </div>
        </>
    }
}
