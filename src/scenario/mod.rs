//! The scenario: every parameter of a run, with the paper's defaults, in one serde struct.
//!
//! A scenario is read from TOML or JSON (unknown fields are refused), then [`Scenario::validate`]
//! checks every value against its allowed range. Errors name the field (`topology.k`) and say
//! what is allowed, so a bad file, URL or form value never reaches the simulator.
//! Named presets reproduce the paper's figures.

mod budget;
mod cca_policy;
mod cca_table;
mod fabric;
mod fields;
mod history;
mod link_name;
mod named_enum;
mod names;
pub mod nscc_params;
mod partner;
mod presets;
pub mod registry;
mod swift_params;
#[cfg(test)]
mod tests;
mod timed;
pub mod topo_file;
pub mod traffic;
pub mod triggers;
mod validate;

pub use budget::{Budget, Work, WORKER_CHUNK_SAMPLES};
pub use cca_policy::RtoRule;
pub use cca_table::{CcaInfo, Model, CCAS};
pub use fabric::{Fabric, MAX_SWITCH_UP};
pub use fields::{format_bytes, parse_bytes, ECN_STEP};
pub use history::History;
pub use link_name::{PortName, NAME_SHAPES};
pub use names::{CcaKind, CcaName, DrrBuffer, LbScheme, WorkloadKind, MEDIAN};
pub use nscc_params::NsccParams;
pub use partner::Partner;
pub use presets::{Preset, PRESETS};
use serde::{Deserialize, Serialize};
use std::fmt;
pub use swift_params::SwiftParams;
pub use timed::{events_from_text, events_to_text, EventKind, TimedEvent, MAX_EVENTS};
pub use traffic::Connection;
pub use triggers::{Trigger, TriggerKind};

/// A scenario field that failed to parse or validate.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioError {
    /// Dotted path of the field, e.g. `topology.k`.
    pub field: String,
    pub message: String,
}

/// One line, whatever the input held: control characters (a newline in a key, an escape
/// sequence) are written escaped.
impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (field, message) = (escape_controls(&self.field), escape_controls(&self.message));
        write!(f, "{field}: {message}")
    }
}

/// `text` with its control characters escaped (`\n`, `\u{1b}`), so that it prints on one line
/// and never drives a terminal.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl std::error::Error for ScenarioError {}

fn err(field: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        field: field.to_string(),
        message: message.into(),
    }
}

/// One complete run description.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    /// Seed of every random draw (permutation, elephants, path labels, hash salts).
    pub seed: u64,
    pub topology: Topology,
    pub workload: Workload,
    pub lb: LoadBalancing,
    pub cca: CcaConfig,
    pub transport: Transport,
    pub timeline: TimelineConfig,
    /// Safety stop: the run ends at this simulated time even if flows are unfinished.
    pub max_sim_time_us: f64,
    /// Changes to the network during the run (`timed.rs`): links failing, slowing, coming back;
    /// elephants stopping and starting.
    pub events: Vec<TimedEvent>,
}

/// The fat-tree and its links and queues.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Topology {
    /// Switch arity, even: a k-ary three-tier fat-tree has k³/4 hosts (4..=32: 16 to 8192);
    /// a ToR has k/2 hosts ([`Fabric`]).
    pub k: u32,
    /// Switch tiers: 3 (fat-tree) or 2 (leaf-spine).
    pub tiers: u32,
    /// A ToR's hosts per up-link: 1 (full bisection) or a divisor of k/2 above it.
    pub oversubscription: u32,
    /// A three-tier aggregation switch's ToRs per up-link (1 or a divisor of k/2).
    pub agg_oversubscription: u32,
    /// Pods of a three-tier fat-tree, ToRs of a leaf-spine: 0 for k (a full fabric), else 1 to k.
    pub pods: u32,
    /// Parallel links from an aggregation switch to each core it reaches (three tiers).
    pub core_bundle: u32,
    /// Rate of the hosts' links, and of every link another rate field leaves at 0, Gbps.
    pub link_gbps: u32,
    /// Rate of the links between ToRs and aggregation switches (spines), Gbps; 0: `link_gbps`.
    pub agg_link_gbps: u32,
    /// Rate of the links between aggregation switches and cores, Gbps; 0: `link_gbps`.
    pub core_link_gbps: u32,
    /// Propagation latency of every link, µs.
    pub link_latency_us: f64,
    /// Drop-tail limit of each switch output port, bytes.
    pub buffer_bytes: u32,
    /// The limit in full data packets instead (0: use `buffer_bytes`).
    pub buffer_packets: u32,
    /// Payload bytes of a full data packet (the MSS).
    pub mss_bytes: u32,
    /// Header bytes added to every data packet on the wire.
    pub header_bytes: u32,
    /// Wire size of an ACK, bytes.
    pub ack_bytes: u32,
    /// ECN marking starts above this occupancy (bytes). Equal to `ecn_max_bytes`: a step.
    pub ecn_min_bytes: u32,
    /// Above this occupancy every packet is marked; between min and max the probability ramps
    /// linearly.
    pub ecn_max_bytes: u32,
    /// Two classes at every switch port, sprayed and ECMP, each with its own FIFO, buffer limit
    /// and ECN threshold, served by deficit round robin (the paper's fair-scheduling experiment).
    pub drr: bool,
    /// DRR weights of the sprayed and the ECMP class.
    pub drr_weights: [f64; 2],
    /// DRR quantum of the lighter class, bytes.
    pub drr_quantum_bytes: u32,
    /// How the two DRR classes share the buffer and the ECN threshold.
    pub drr_buffer: DrrBuffer,
    /// Probability that each inter-switch link fails (is removed from routing). The failed set
    /// depends on the seed only.
    pub link_failure_rate: f64,
    /// A failed link stays in routing at a quarter of its rate, in both directions (htsim's
    /// `-failed`, ALGORITHMS.md §15 A17's alternative), instead of being removed.
    pub failed_links_degraded: bool,
    /// A data packet a full queue has no room for is trimmed to its header and NACKed instead
    /// of dropped (ALGORITHMS.md §11.3).
    pub trim: bool,
}

/// Which flows run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Workload {
    pub kind: WorkloadKind,
    /// Long-lived ECMP flows among randomly chosen hosts (0, or 2 and more).
    pub elephants: u32,
    /// Bytes of each sprayed flow.
    pub flow_size_bytes: u64,
    /// `npath`: the number of parallel paths (q = 1/paths of the packets take the long one).
    pub paths: u32,
    /// `npath`: the latency the long path adds, µs.
    pub long_path_extra_us: f64,
    /// `npath`: packets crossing the long path come back ECN-marked (the congestion of
    /// Theorems 2 (ii) and 4).
    pub long_path_ecn: bool,
    /// `incast`: the number of senders.
    pub incast_senders: u32,
    /// `allreduce`, `alltoall`: hosts per group.
    pub group_size: u32,
    /// Each sprayed flow of a drawn workload (and each chain's first flow of a collective)
    /// starts at a uniformly random whole µs from 0 to this (htsim's incast files spread their
    /// starts so).
    pub start_spread_us: u32,
    /// `hsdp`: place every GPU on a random host instead of whole servers on random server
    /// slots (ALGORITHMS.md §15 A14's alternative).
    pub hsdp_random_hosts: bool,
    /// Flows read from a traffic matrix (`traffic.rs`); when there are any, they are the
    /// run's flows instead of the ones `kind` would draw (no elephants; `flow_size_bytes`
    /// unused), each sprayed by the LB scheme, on the fat-tree.
    pub connections: Vec<Connection>,
    /// The triggers the connections name (`triggers.rs`): how one flow's end starts others.
    pub triggers: Vec<Trigger>,
    /// A traffic-matrix file in htsim's connection-matrix format: the command line reads it
    /// into `connections` (a path relative to the scenario file).
    pub traffic: Option<String>,
}

/// Sender-side path choice of the sprayed flows (elephants always use ECMP).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LoadBalancing {
    pub scheme: LbScheme,
    /// Number of distinct path labels (entropy values) a sender can use ([`PATH_LABELS`] by
    /// default; ALGORITHMS.md §10).
    pub path_labels: u32,
    /// AR: queue-occupancy thresholds of the quantized levels, % of the buffer, ascending.
    pub ar_levels_pct: Vec<f64>,
    /// AR: a switch refreshes a port's quantized level at most this often, µs.
    pub ar_refresh_us: f64,
}

/// Congestion control.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CcaConfig {
    pub algorithm: CcaKind,
    /// History size of the median framework: `"nyquist"` (H = max(⌊W/2⌋, 1)) or a fixed H.
    pub history: History,
    /// Percentile of the history the median variants decide on (50 = median).
    pub percentile: u32,
    /// Initial cwnd as a multiple of the network BDP (the paper: 1, the "ideal value").
    pub initial_cwnd_bdp: f64,
    pub swift: SwiftParams,
    pub nscc: NsccParams,
    /// SMaRTT decreases only once the ECN moving average passes 25 % ("wait to decrease"). The
    /// paper's Theorem 4 assumes the gate always open: set false to match it.
    pub smartt_wait_to_decrease: bool,
}

/// Largest fat-tree arity: k = 32, 8192 hosts (a switch's k/2 up-ports fit a 16-bit mask).
pub const MAX_K: u32 = 32;

/// The largest k of a leaf-spine (`topology.tiers` = 2): 64 hosts per ToR, 64 spines, 8192 hosts.
pub const MAX_K_TWO_TIERS: u32 = 128;

/// Largest history the estimator keeps.
pub const MAX_HISTORY: u32 = 1024;

/// Largest cwnd (packets) a sender may reach: its scoreboard covers this many packets and more.
pub const MAX_CWND_PACKETS: f64 = 2000.0;

/// Packets a flow's scoreboard covers beyond its oldest unacknowledged one: it bounds what can
/// be in flight (above the largest allowed cwnd, with room for holes), and with it every
/// per-packet table of the transport.
pub const SCOREBOARD: u64 = 4096;

/// Bytes of the report a coalescing receiver keeps for an ACK on its way, at most (the
/// transport checks its own at compile time); the memory budget charges `SCOREBOARD` of them.
pub const POSTING_BYTES: usize = 24;

/// Entries a flow's per-packet retransmission timeout keeps in send order, at most: what can be
/// in flight and half as many again (the transport holds its queue to it, 8 bytes an entry).
pub const SEND_ORDER_ENTRIES: u64 = SCOREBOARD * 3 / 2 + 8;

/// Loss detection and retransmission timers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Transport {
    /// Acknowledged packets above a missing one that make it a hole (a loss for Swift; for
    /// LSwift/MSwift a packet to wait for, srtt + 4·rttvar, before counting it delayed).
    pub dupthresh: u32,
    pub rto_min_us: f64,
    pub rto_initial_us: f64,
    /// Pace every flow at cwnd/srtt (one packet per srtt/cwnd) instead of only below one packet
    /// of cwnd. Theorem 6 (the median framework avoids collapse) assumes pacing.
    pub pacing: bool,
    /// ACK coalescing for every CCA but NSCC and MNSCC (theirs is `cca.nscc.ack_every_bytes`):
    /// the receiver acknowledges every this many bytes, as the UEC reference's does (0: every
    /// packet).
    pub ack_every_bytes: u64,
    /// LSwift/MSwift wait srtt + 4·rttvar for a hole before counting it delayed (ALGORITHMS.md §15 A3);
    /// `false` counts it delayed as soon as 3 later packets are acknowledged.
    pub reordering_wait: bool,
}

/// Timeline sampling.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TimelineConfig {
    /// Sample every this many µs of simulated time; 0 turns sampling off.
    pub interval_us: f64,
    /// Most samples buffered between two drains; past it, pairs of buckets merge (min/max kept)
    /// and the interval doubles.
    pub max_buffered: u32,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            seed: 1,
            topology: Topology::default(),
            workload: Workload::default(),
            lb: LoadBalancing::default(),
            cca: CcaConfig::default(),
            transport: Transport::default(),
            timeline: TimelineConfig::default(),
            max_sim_time_us: 100_000.0,
            events: Vec::new(),
        }
    }
}

impl Default for Topology {
    fn default() -> Self {
        Topology {
            k: 8,
            tiers: 3,
            oversubscription: 1,
            agg_oversubscription: 1,
            pods: 0,
            core_bundle: 1,
            link_gbps: fabric::DEFAULT_GBPS,
            agg_link_gbps: 0,
            core_link_gbps: 0,
            link_latency_us: 0.5,
            buffer_bytes: 800 * 1024,
            buffer_packets: 0,
            mss_bytes: 4096,
            header_bytes: 0,
            ack_bytes: 64,
            ecn_min_bytes: 40 * 1024,
            ecn_max_bytes: 40 * 1024,
            drr: false,
            drr_weights: [1.0, 1.0],
            drr_quantum_bytes: 4096,
            drr_buffer: DrrBuffer::PerClass,
            link_failure_rate: 0.0,
            failed_links_degraded: false,
            trim: false,
        }
    }
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            kind: WorkloadKind::Permutation,
            elephants: 4,
            flow_size_bytes: 8 << 20,
            paths: 10,
            // T_short = 2.62 µs here: 2.5 µs keeps Swift's model assumptions (ALGORITHMS.md §12):
            // T_s < target (T_s + 1 µs) < T_l < 2·T_s
            long_path_extra_us: 2.5,
            long_path_ecn: false,
            incast_senders: 32,
            group_size: 8,
            start_spread_us: 0,
            hsdp_random_hosts: false,
            connections: Vec::new(),
            triggers: Vec::new(),
            traffic: None,
        }
    }
}

/// The default number of path labels: 2^15, the largest power of two the 16-bit entropy value
/// holds beside the label AR marks its packets with. OPS draws a label for every packet, as
/// the paper describes it (§IV-A, "a random flow label for each packet") and as the Swift
/// simulator it sprayed with does (a path id that advances on every packet and is never reused
/// within a flow; classic htsim defaults to ten million entropies, "all paths"). With so many
/// labels a flow's packets split over each switch's up-ports in equal shares; with few, the
/// hash of (flow, label, switch) gives every flow a fixed uneven split (ALGORITHMS.md §5.1 and
/// choice A12 measure 64, the UEC simulator's `path_entropy_size`).
pub const PATH_LABELS: u32 = 1 << 15;

impl Default for LoadBalancing {
    fn default() -> Self {
        LoadBalancing {
            scheme: LbScheme::Ops,
            path_labels: PATH_LABELS,
            ar_levels_pct: vec![5.0, 10.0, 20.0],
            ar_refresh_us: 0.1,
        }
    }
}

impl Default for CcaConfig {
    fn default() -> Self {
        CcaConfig {
            algorithm: CcaKind::MSwift,
            history: History::Nyquist,
            percentile: 50,
            initial_cwnd_bdp: 1.0,
            swift: SwiftParams::default(),
            nscc: NsccParams::default(),
            smartt_wait_to_decrease: true,
        }
    }
}

impl Default for Transport {
    fn default() -> Self {
        Transport {
            dupthresh: 3,
            rto_min_us: 100.0,
            rto_initial_us: 1000.0,
            pacing: false,
            ack_every_bytes: 0,
            reordering_wait: true,
        }
    }
}

impl Default for TimelineConfig {
    fn default() -> Self {
        TimelineConfig {
            interval_us: 1.0,
            max_buffered: 4096,
        }
    }
}

impl Scenario {
    /// Parses JSON, naming the offending field on error. Does not validate ranges.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| {
            let field = e.path().to_string();
            let msg = e.inner().to_string();
            err(if field == "." { "scenario" } else { &field }, msg)
        })
    }

    /// Parses TOML, naming the offending field on error. Does not validate ranges.
    pub fn from_toml(text: &str) -> Result<Scenario, ScenarioError> {
        let de = toml::Deserializer::parse(text)
            .map_err(|e| err("scenario", one_line(&e.to_string())))?;
        serde_path_to_error::deserialize(de).map_err(|e| {
            let field = e.path().to_string();
            let msg = one_line(&e.inner().to_string());
            err(if field == "." { "scenario" } else { &field }, msg)
        })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a scenario always serializes")
    }

    /// Number of hosts of the network.
    pub fn hosts(&self) -> u32 {
        match self.workload.kind {
            WorkloadKind::NPath => 2,
            // the fabric saturates: hosts() is also asked of scenarios not yet validated
            _ => self.topology.fabric().hosts(),
        }
    }
}

/// Folds a multi-line parser message onto one line.
fn one_line(s: &str) -> String {
    let lines: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    lines.join(" ")
}
