//! What a run reports: counters, per-flow completion times, the collective completion time (CCT)
//! and its zero-queueing lower bound.
//!
//! - FCT: from a flow's start (0, or a traffic matrix's `start` or trigger) until its sender
//!   receives the ACK covering its last byte.
//! - CCT: when the last sprayed flow finishes (elephants excluded), from time 0: the largest FCT
//!   when every flow starts at 0, the collective's completion when flows start late or trigger
//!   each other. Its bound takes each flow from the earliest it can start (`starts.rs`).
//! - Zero-queueing lower bound (ALGORITHMS.md §13, A19; see `bound.rs`): of a flow, its bytes at
//!   line rate and its last packet's store-and-forward trip and ACK; the ideal CCT also counts
//!   the host links the sprayed flows share (a sender's, a receiver's), so no run beats it.
//! - CCT inflation: (CCT − ideal CCT) / ideal CCT.

use serde::{Deserialize, Serialize};

/// Event and packet counters of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Events processed.
    pub events: u64,
    /// Data packets sent, retransmissions included.
    pub data_packets: u64,
    pub retransmits: u64,
    /// Data packets dropped at full switch queues.
    pub drops: u64,
    /// Data packets ECN-marked.
    pub ecn_marks: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Data packets that reached their destination host (duplicates included).
    pub delivered: u64,
    /// ACKs sent (fewer than `delivered` with ACK coalescing).
    pub acks: u64,
    /// Data packets still in queues or on links when the run stopped.
    pub in_network_at_end: u64,
    /// cwnd cuts because the delay signal was above target (all flows).
    pub cuts_delay: u64,
    /// cwnd cuts on a loss: a SACK hole (Swift) or a run of delayed packets (LSwift, MSwift).
    pub cuts_loss: u64,
    /// cwnd cuts on a retransmission timeout.
    pub cuts_timeout: u64,
    /// Inter-switch links that failed by `topology.link_failure_rate` (removed, or degraded).
    pub failed_links: u64,
    /// Data packets lost to links that went down (timed events): queued at their ports, on
    /// their wires, or sent to them while down. Every data packet sent is delivered, dropped,
    /// lost so, or still in the network.
    #[serde(default)]
    pub link_losses: u64,
    /// ACKs lost so.
    #[serde(default)]
    pub link_ack_losses: u64,
    /// Data packets trimmed to their header at full switch queues (`topology.trim`): NACKed and
    /// resent instead of dropped. Every data packet sent is delivered, dropped, trimmed, lost to
    /// a link, or still in the network.
    #[serde(default)]
    pub trimmed: u64,
}

/// One flow's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlowReport {
    pub src: u32,
    pub dst: u32,
    /// Flow size; for a long-lived flow, the bytes acknowledged by the end of the run.
    pub bytes: u64,
    pub sprayed: bool,
    /// When it started, µs: 0 but in a traffic matrix with starts or triggers; `null` for a
    /// flow no trigger started. (Every field is written: the worker's messages are postcard,
    /// which has no optional fields.)
    #[serde(default = "at_zero")]
    pub start_us: Option<f64>,
    /// Flow completion time, µs, from its start; `null` for a long-lived or unfinished flow.
    pub fct_us: Option<f64>,
    /// When it finished, µs from time 0 (its start plus its FCT).
    #[serde(default)]
    pub finish_us: Option<f64>,
    /// Zero-queueing lower bound of the FCT, µs (finite flows).
    pub ideal_fct_us: Option<f64>,
    /// Average goodput, bytes × 8 / FCT, Gbps (finished finite flows).
    pub throughput_gbps: Option<f64>,
    pub retransmits: u64,
    pub timeouts: u64,
}

fn at_zero() -> Option<f64> {
    Some(0.0)
}

/// Wall-clock figures; the only part of a report that differs between identical runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Perf {
    pub wall_s: f64,
    pub events_per_s: f64,
    pub data_packets_per_s: f64,
}

/// The result of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Every finite flow completed (else the run hit `max_sim_time_us`).
    pub finished: bool,
    /// Simulated time at the end of the run, µs.
    pub sim_time_us: f64,
    /// Collective completion time over the sprayed flows, µs (`null` if unfinished).
    pub cct_us: Option<f64>,
    /// Zero-queueing lower bound of the CCT, µs.
    pub ideal_cct_us: f64,
    /// (CCT − ideal) / ideal.
    pub cct_inflation: Option<f64>,
    pub flows: Vec<FlowReport>,
    pub counters: Counters,
    /// Wall-clock figures (`null` from the library; filled in by the command line).
    #[serde(default)]
    pub perf: Option<Perf>,
}

impl Report {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes")
    }
}

use super::bound::{cct_bound, flow_bound, FlowShape};
use super::cca::Controller;
use super::network::Network;
use super::time::to_us;
use super::Flow;

impl super::Simulation {
    /// The run's report (complete once [`Progress::done`]).
    pub fn report(&self) -> Report {
        let link = self.link;
        let shape = |f: &Flow| {
            let (out, back) = self.topo.round_trip_links(f.src, f.dst);
            f.bytes.map(|bytes| FlowShape {
                src: f.src,
                dst: f.dst,
                bytes,
                out,
                back,
            })
        };
        let flows: Vec<FlowReport> = self
            .flows
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let ideal = shape(f).map(|s| to_us(flow_bound(&s, &link)));
                let start = self.starts.of(i);
                let fct = f.sender.finished_at.zip(start).map(|(t, s)| t - s);
                FlowReport {
                    src: f.src,
                    dst: f.dst,
                    bytes: f.bytes.unwrap_or(f.sender.acked * self.link.mss as u64),
                    sprayed: f.sprayed,
                    start_us: start.map(to_us),
                    fct_us: fct.map(to_us),
                    finish_us: f.sender.finished_at.filter(|_| fct.is_some()).map(to_us),
                    throughput_gbps: f
                        .bytes
                        .zip(fct)
                        .map(|(b, t)| b as f64 * 8.0 / to_us(t) / 1e3),
                    ideal_fct_us: ideal,
                    retransmits: f.sender.retransmits,
                    timeouts: f.sender.timeouts,
                }
            })
            .collect();
        let finite = || flows.iter().filter(|f| f.bytes_finite());
        let sprayed: Vec<FlowShape> = self
            .flows
            .iter()
            .filter(|f| f.sprayed)
            .filter_map(shape)
            .collect();
        let ideal_cct_us = to_us(
            cct_bound(
                &sprayed,
                self.topo.hosts(),
                &link,
                matches!(self.topo, Network::FatTree(_)),
            )
            .max(
                self.starts
                    .latest_end(|i| shape(&self.flows[i]).map(|s| flow_bound(&s, &link))),
            ),
        );
        let finished = self.unfinished == 0;
        let cct_us = finished.then(|| {
            finite()
                .filter(|f| f.sprayed)
                .filter_map(|f| f.finish_us)
                .fold(0.0, f64::max)
        });
        let mut counters = self.counters.clone();
        counters.in_network_at_end = self.data_in_network;
        for f in &self.flows {
            let cuts = f.sender.cca.cuts();
            counters.cuts_delay += cuts.delay;
            counters.cuts_loss += cuts.loss;
            counters.cuts_timeout += cuts.timeout;
        }
        Report {
            finished,
            sim_time_us: to_us(self.now()),
            cct_us,
            ideal_cct_us,
            cct_inflation: cct_us
                .filter(|_| ideal_cct_us > 0.0)
                .map(|c| (c - ideal_cct_us) / ideal_cct_us),
            flows,
            counters,
            perf: None,
        }
    }
}

impl FlowReport {
    fn bytes_finite(&self) -> bool {
        self.ideal_fct_us.is_some()
    }
}
