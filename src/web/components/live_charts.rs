//! The main run's four time charts, each with its caption and a text alternative computed from
//! the samples at the playback cursor.

use super::figure::{Canvases, Figure};
use super::glossary::Term;
use crate::session::charts::Chart;
use crate::session::store::RunData;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LiveChartsProps {
    pub canvases: Canvases,
    /// Text alternatives, in the same order.
    pub alts: [AttrValue; 4],
}

/// The four charts, in the order of their captions.
pub const CHARTS: [Chart; 4] = [Chart::Cwnd, Chart::Delay, Chart::Queue, Chart::Fct];

#[function_component(LiveCharts)]
pub fn live_charts(props: &LiveChartsProps) -> Html {
    let captions = [
        html! { <>
            { "Every sprayed flow's " }<Term term="cwnd" />{ ": the band spans the smallest to the largest, the thick line is their mean, \
               the thin black line the highlighted flow, the wine line the " }<Term term="elephant" text="elephants" />{ ". " }
            <strong>{ "Look for: " }</strong>{ "a band pressed down to a few packets means the CCA keeps cutting; MSwift's stays up." }
        </> },
        html! { <>
            { "The highlighted flow's delay: grey, the " }<Term term="raw RTT" />{ " of each ACK (it jumps when a packet crossed a congested path); \
               coloured, the " }<Term term="decision signal" />{ " the CCA acted on. " }
            <strong>{ "Look for: " }</strong>{ "LSwift's signal follows every jump; MSwift's " }<Term term="median" />{ " stays near the short paths' delay." }
        </> },
        html! { <>
            { "The " }<Term term="queue depth" />{ " of the ports the elephants cross (thick), the links you clicked in the network, and the busiest others. " }
            <strong>{ "Look for: " }</strong>{ "the elephants' queues fill and stay full: every sprayed packet through them comes back late." }
        </> },
        html! { <>
            { "The share of sprayed flows finished by each time (" }<Term term="FCT" />{ "), and the " }<Term term="lower bound" />{ " (grey). " }
            <strong>{ "Look for: " }</strong>{ "the last step is the " }<Term term="CCT" />{ "; its distance from the bound is the " }
            <Term term="CCT inflation" />{ "." }
        </> },
    ];
    html! {
        <div class="charts">
            { for captions.into_iter().enumerate().map(|(i, caption)| html! {
                <Figure chart={CHARTS[i]} canvases={props.canvases.clone()} {caption} alt={props.alts[i].clone()} />
            }) }
        </div>
    }
}

/// The text alternatives of the four charts at `cursor_us`.
pub fn alts(
    run: Option<&RunData>,
    flow: usize,
    cursor_us: f64,
    ports: &[(usize, bool)],
) -> [AttrValue; 4] {
    let Some(run) = run.filter(|r| !r.summary.is_empty()) else {
        return [
            "Congestion window chart: empty until a run starts.".into(),
            "Delay chart: empty until a run starts.".into(),
            "Queue depth chart: empty until a run starts.".into(),
            "Flow completion time chart: filled when a run finishes.".into(),
        ];
    };
    let t = cursor_us;
    let s = run
        .summary
        .iter()
        .rev()
        .find(|s| s.time_us <= t)
        .or(run.summary.first())
        .copied()
        .unwrap_or_default();
    let one = run.bucket_at(t).and_then(|(b, i)| {
        let k = i * b.flows + flow;
        Some((
            b.cwnd.get(k)?.max,
            b.raw_delay_us.get(k)?.max,
            b.signal_us.get(k)?.max,
        ))
    });
    let cwnd = format!(
        "Congestion window at {t:.1} µs: sprayed flows' mean {:.1} packets (from {:.1} to {:.1}){}{}.",
        s.cwnd_mean,
        s.cwnd_min,
        s.cwnd_max,
        one.map_or(String::new(), |o| format!("; flow {flow}: {:.1}", o.0)),
        if s.elephant_cwnd > 0.0 { format!("; elephants {:.1}", s.elephant_cwnd) } else { String::new() }
    );
    let delay = match one {
        Some((_, raw, signal)) => format!(
            "Delay of flow {flow} at {t:.1} µs: raw RTT {raw:.2} µs, decision signal {signal:.2} µs."
        ),
        None => format!("Delay of flow {flow}: no sample yet."),
    };
    let names = run.meta.as_ref().map(|m| &m.port_names);
    let queues = run.queues_at(t);
    let listed: Vec<String> = ports
        .iter()
        .filter_map(|&(p, _)| {
            let name = names?.get(p)?;
            let q = queues?.get(p)?.max;
            Some(format!("{name} {:.0} KiB", q / 1024.0))
        })
        .collect();
    let queue = format!(
        "Queue depth at {t:.1} µs: {}.",
        if listed.is_empty() {
            "no queue".to_string()
        } else {
            listed.join(", ")
        }
    );
    let fct = match run.report.as_ref() {
        Some(r) => match (r.cct_us, r.cct_inflation) {
            (Some(c), Some(i)) => format!(
                "Flow completion times: the CCT is {c:.1} µs against a lower bound of {:.1} µs, an inflation of {:.1} %.",
                r.ideal_cct_us,
                i * 100.0
            ),
            _ => "Flow completion times: the run did not finish.".to_string(),
        },
        None => "Flow completion times: filled when the run finishes.".to_string(),
    };
    [cwnd.into(), delay.into(), queue.into(), fct.into()]
}
