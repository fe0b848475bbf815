//! Every term the page uses, defined where it appears: [`Term`] shows a word with its definition
//! in a tip that opens on hover, on keyboard focus and on touch (the word is focusable), and
//! [`Glossary`] lists them all.

use yew::prelude::*;

/// (term, definition), in the order a newcomer meets them; the CCAs' entries are the CCA
/// table's ([`crate::scenario::CCAS`]), listed after "percentile".
const TERMS: &[(&str, &str)] = &[
    ("packet spraying", "Sending the packets of one flow over many paths at once instead of one path per flow."),
    ("ECMP", "Equal-cost multi-path: each flow is hashed onto one path and stays there. The elephants use it."),
    ("OPS", "Oblivious packet spraying: the sender picks a random path for every packet."),
    ("AR", "Adaptive routing: each switch sends a sprayed packet to the up-port with the shortest (quantized) queue."),
    ("REPS", "Recycled entropy packet spraying: the sender reuses the paths of ACKs that came back without an ECN mark, else picks a new random path."),
    ("round robin", "The sender cycles through the paths in order (the theory model's assumption)."),
    ("elephant", "A long-lived flow routed by ECMP on one path for the whole run. It keeps the links of its path congested, so a few of the sprayed flows' paths are congested."),
    ("q", "The share of a sprayed flow's packets that cross a congested path. The paper proves that throughput falls like 1/√q."),
    ("cwnd", "Congestion window: how many packets a sender may have in flight. The CCA shrinks it on congestion signals and grows it otherwise."),
    ("CCA", "Congestion control algorithm: the sender's rule for setting cwnd from congestion signals (delay, ECN marks, losses)."),
    ("RTT", "Round-trip time: from sending a packet to receiving its ACK. Queues on the path add to it."),
    ("raw RTT", "The delay measured by the latest ACK alone. Under spraying it jumps between short and congested paths."),
    ("decision signal", "The delay the CCA acts on: the latest RTT for Swift and LSwift; for MSwift and MNSCC, the median of the last H RTTs."),
    ("median", "The middle value of the last H signals. One late ACK in H cannot move it, so congested paths that carry under half the packets do not trigger cuts."),
    ("H", "History: how many recent delays the median covers. \"nyquist\" sets H from the window (Nyquist rule): H = max(W/2, 1) for MSwift, max(min(W/2, 4), 1) for MNSCC."),
    ("percentile", "Which percentile of the last H delays MSwift decides on: 50 is the median, 10 is aggressive, 90 cautious."),
    ("ECN", "Explicit congestion notification: a switch marks packets when its queue passes a threshold; the receiver echoes the mark in the ACK."),
    ("queue depth", "Bytes waiting at a switch port. A deep queue adds delay to every packet behind it."),
    ("DRR", "Deficit round robin: switches serve sprayed and ECMP traffic from two queues in turn, so each gets half a link."),
    ("FCT", "Flow completion time: from a flow's start until its last byte is acknowledged."),
    ("CCT", "Collective completion time: when the last sprayed flow finishes, from time 0 (the largest FCT when every flow starts at once). A collective (say, a training step) waits for its slowest flow."),
    ("lower bound", "The CCT with no queueing at all: serialization of the flow's bytes plus the path's latency. No run can finish sooner."),
    ("CCT inflation", "How far the CCT is above the lower bound: (CCT − lower bound) / lower bound. The paper's figures plot it."),
    ("fat-tree", "The three-tier datacenter network of the paper: hosts, top-of-rack (ToR) switches, aggregation and core switches. k = 8 gives 128 hosts."),
    ("leaf-spine", "A two-tier network: every ToR switch has one link to every spine switch, so any two ToRs are two hops apart over any spine."),
    ("trimming", "A switch whose queue is full cuts a data packet to its header and sends that on at priority, so the receiver can ask for the packet again at once instead of the sender waiting for a timeout."),
    ("oversubscription", "A switch with fewer up-links than hosts (or ToRs) below it: 4:1 means four hosts share one up-link's bandwidth out of the rack."),
    ("seed", "The random seed: the same scenario and seed give the same run, in the browser and on the command line."),
];

/// Every entry: the general terms, with the CCAs' after "percentile".
pub fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    let at = TERMS
        .iter()
        .position(|(t, _)| *t == "percentile")
        .map_or(0, |i| i + 1);
    let ccas = crate::scenario::CCAS.iter().map(|c| (c.name, c.about));
    TERMS[..at]
        .iter()
        .copied()
        .chain(ccas)
        .chain(TERMS[at..].iter().copied())
}

/// The definition of `term` (case-insensitive), if the glossary has it.
pub fn define(term: &str) -> Option<&'static str> {
    entries()
        .find(|(t, _)| t.eq_ignore_ascii_case(term))
        .map(|(_, d)| d)
}

#[derive(Properties, PartialEq)]
pub struct TermProps {
    /// The glossary entry.
    pub term: AttrValue,
    /// The text shown (the term itself by default).
    #[prop_or_default]
    pub text: Option<AttrValue>,
}

/// A term with its definition in a tip (hover, focus or tap).
#[function_component(Term)]
pub fn term(props: &TermProps) -> Html {
    let text = props.text.clone().unwrap_or_else(|| props.term.clone());
    match define(&props.term) {
        // a click opens the definition (the term takes the focus), and inside a form field's
        // label it does not go on to focus the field
        Some(d) => html! {
            <span class="term" tabindex="0" role="button" aria-label={format!("{text}: {d}")}
                onclick={Callback::from(|e: MouseEvent| e.prevent_default())}>
                { text }<span class="tip" role="tooltip">{ d }</span>
            </span>
        },
        None => html! { <span>{ text }</span> },
    }
}

/// The whole glossary, folded.
#[function_component(Glossary)]
pub fn glossary() -> Html {
    html! {
        <details class="glossary" id="glossary">
            <summary>{ "Glossary: every term on this page" }</summary>
            <dl>
                { for entries().map(|(t, d)| html! { <><dt>{ t }</dt><dd>{ d }</dd></> }) }
            </dl>
        </details>
    }
}
