//! The main run's report: the highlighted flow, the counters, and the exports.

use super::glossary::Term;
use crate::session::actions::{Action, Export};
use crate::sim::metrics::Counters;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What the report asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum ReportAction {
    /// The highlighted flow, as typed (empty: the slowest sprayed flow).
    Highlight(String),
    /// A download of the run.
    Export(Export),
    /// Record the playback (true), or stop and download the recording (false).
    Record(bool),
}

impl From<ReportAction> for Action {
    fn from(a: ReportAction) -> Action {
        match a {
            ReportAction::Highlight(text) => Action::Highlight(text),
            ReportAction::Export(e) => Action::Export(e),
            ReportAction::Record(on) => Action::Record(on),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct ReportProps {
    pub flow: usize,
    pub flows: usize,
    pub counters: Option<Counters>,
    /// The playback is being recorded.
    pub recording: bool,
    pub on: Callback<ReportAction>,
}

#[function_component(Report)]
pub fn report(props: &ReportProps) -> Html {
    let on = &props.on;
    let on_highlight = on.reform(|e: Event| {
        ReportAction::Highlight(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let lost = props
        .counters
        .as_ref()
        .is_some_and(|c| c.link_losses + c.link_ack_losses > 0);
    html! {
        <div class="report-body">
            <label class="highlight">{ "highlighted flow" }
                <input id="f-highlight" type="text" value={props.flow.to_string()} onchange={on_highlight}
                    aria-describedby="h-highlight" />
                <small id="h-highlight" class="range">{ format!("0 to {}; empty: the slowest sprayed flow", props.flows.saturating_sub(1)) }</small>
            </label>
            if let Some(c) = &props.counters {
                <div class="table-wrap">
                <table id="counters">
                    <tr><th>{ "events" }</th><th>{ "data packets" }</th><th>{ "retransmits" }</th><th>{ "drops" }</th>
                        <th><Term term="ECN" text="ECN marks" /></th><th>{ "timeouts" }</th><th><Term term="cwnd" text="cwnd cuts" />{ " (delay / loss / timeout)" }</th>
                        if lost { <th>{ "lost on down links (data / ACKs)" }</th> }</tr>
                    <tr><td>{ c.events }</td><td>{ c.data_packets }</td><td>{ c.retransmits }</td><td>{ c.drops }</td>
                        <td>{ c.ecn_marks }</td><td>{ c.timeouts }</td>
                        <td>{ format!("{} / {} / {}", c.cuts_delay, c.cuts_loss, c.cuts_timeout) }</td>
                        if lost { <td>{ format!("{} / {}", c.link_losses, c.link_ack_losses) }</td> }</tr>
                </table>
                </div>
                <div class="buttons">
                    <button id="export-json" class="quiet" onclick={on.reform(|_| ReportAction::Export(Export::ReportJson))}>{ "Report (JSON)" }</button>
                    <button id="export-csv" class="quiet" onclick={on.reform(|_| ReportAction::Export(Export::TimelinesCsv))}>{ "Timelines (CSV)" }</button>
                    <button id="export-png" class="quiet" onclick={on.reform(|_| ReportAction::Export(Export::ChartsPng))}>{ "Charts (PNG)" }</button>
                    <button id="record" class="quiet" aria-pressed={props.recording.to_string()}
                        onclick={on.reform({ let on = !props.recording; move |_| ReportAction::Record(on) })}
                        title="the playback from the start, as a video for a slide">
                        { if props.recording { "Stop recording" } else { "Record the playback (WebM)" } }</button>
                </div>
            }
        </div>
    }
}
