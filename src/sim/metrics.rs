//! What a run reports: counters, per-flow completion times, the collective completion time (CCT)
//! and its zero-queueing lower bound.
//!
//! - FCT: time the sender receives the ACK covering a flow's last byte (all flows start at 0).
//! - CCT: the largest FCT over the sprayed flows (elephants excluded).
//! - Zero-queueing lower bound of a flow (ALGORITHMS.md §13, A19): the bytes its busiest host link must
//!   carry (its source's sending or its destination's receiving, over all finite flows) at line
//!   rate, plus the path's unloaded RTT. The ideal CCT is the largest bound over sprayed flows.
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
    /// Inter-switch links removed by `topology.link_failure_rate`.
    pub failed_links: u64,
}

/// One flow's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlowReport {
    pub src: u32,
    pub dst: u32,
    /// Flow size; for a long-lived flow, the bytes acknowledged by the end of the run.
    pub bytes: u64,
    pub sprayed: bool,
    /// Flow completion time, µs; `null` for a long-lived or unfinished flow.
    pub fct_us: Option<f64>,
    /// Zero-queueing lower bound of the FCT, µs (finite flows).
    pub ideal_fct_us: Option<f64>,
    /// Average goodput, bytes × 8 / FCT, Gbps (finished finite flows).
    pub throughput_gbps: Option<f64>,
    pub retransmits: u64,
    pub timeouts: u64,
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

use super::cca::Controller;
use super::network::Network;
use super::time::to_us;
use super::Flow;

impl super::Simulation {
    /// The run's report (complete once [`Progress::done`]).
    pub fn report(&self) -> Report {
        let gbps = self.link.gbps;
        let wire = |f: &Flow| {
            f.bytes
                .map(|b| b.div_ceil(self.link.mss as u64) * self.link.header as u64 + b)
        };
        // bytes each host must send and receive over its single link, over all finite flows
        let mut out_bytes = vec![0u64; self.topo.hosts() as usize];
        let mut in_bytes = vec![0u64; self.topo.hosts() as usize];
        for f in &self.flows {
            if let Some(w) = wire(f) {
                out_bytes[f.src as usize] += w;
                in_bytes[f.dst as usize] += w;
            }
        }
        let flows: Vec<FlowReport> = self
            .flows
            .iter()
            .map(|f| {
                let ideal = f.bytes.map(|_| {
                    let busiest = out_bytes[f.src as usize].max(in_bytes[f.dst as usize]);
                    to_us(busiest * 8_000 / gbps as u64 + f.base_rtt)
                });
                FlowReport {
                    src: f.src,
                    dst: f.dst,
                    bytes: f.bytes.unwrap_or(f.sender.acked * self.link.mss as u64),
                    sprayed: f.sprayed,
                    fct_us: f.sender.finished_at.map(to_us),
                    throughput_gbps: f
                        .bytes
                        .zip(f.sender.finished_at)
                        .map(|(b, t)| b as f64 * 8.0 / to_us(t) / 1e3),
                    ideal_fct_us: ideal,
                    retransmits: f.sender.retransmits,
                    timeouts: f.sender.timeouts,
                }
            })
            .collect();
        let finite = || flows.iter().filter(|f| f.bytes_finite());
        let ideal_cct_us = finite()
            .filter(|f| f.sprayed)
            .filter_map(|f| f.ideal_fct_us)
            .fold(0.0, f64::max);
        let finished = self.unfinished == 0;
        let cct_us = finished.then(|| {
            finite()
                .filter(|f| f.sprayed)
                .filter_map(|f| f.fct_us)
                .fold(0.0, f64::max)
        });
        let mut counters = self.counters.clone();
        counters.in_network_at_end = self.data_in_network;
        if let Network::FatTree(tree) = &self.topo {
            counters.failed_links = tree.failed_links() as u64 + self.degraded_links;
        }
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
