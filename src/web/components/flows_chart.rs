//! The main run's flows over time, a bar each (`figures::flows`), with its caption and a text
//! alternative counting the flows at the playback cursor.

use super::figure::{Canvases, Figure};
use super::glossary::Term;
use crate::session::charts::Chart;
use crate::session::store::RunData;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FlowsChartProps {
    pub canvases: Canvases,
    pub alt: AttrValue,
}

#[function_component(FlowsChart)]
pub fn flows_chart(props: &FlowsChartProps) -> Html {
    let caption = html! { <>
        { "Every flow as a bar from its start to its finish, a sender's flows one under another in the order they \
           started; pale: not finished. Point at a bar to name its flow. " }
        <strong>{ "Look for: " }</strong>{ "the right edge of the last bar is the " }<Term term="CCT" />
        { "; a collective's chains climb as staircases, each flow waiting for the one before." }
    </> };
    html! {
        <div class="charts wide-chart">
            <Figure chart={Chart::Flows} canvases={props.canvases.clone()} {caption} alt={props.alt.clone()} />
        </div>
    }
}

/// The text alternative at `cursor_us`.
pub fn alt(run: Option<&RunData>, cursor_us: f64) -> AttrValue {
    let Some(report) = run.and_then(|r| r.report.as_ref()) else {
        return "Flows over time: filled when the run finishes.".into();
    };
    let counts = crate::figures::flows_at(report, cursor_us, None);
    let last = match report.cct_us {
        Some(c) => format!("the last sprayed flow finishes at {c:.1} µs"),
        None => "the run ended before every flow finished".to_string(),
    };
    match counts.first() {
        Some(now) => format!("Flows over time at {cursor_us:.1} µs: {now}; {last}.").into(),
        None => "Flows over time: no flow started.".into(),
    }
}
