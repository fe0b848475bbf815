//! The scenario: every parameter of a run, with the paper's defaults, in one serde struct.
//!
//! A scenario is read from TOML or JSON (unknown fields are refused), then [`Scenario::validate`]
//! checks every value against its allowed range. Errors name the field (`topology.k`) and say
//! what is allowed, so a bad file, URL or form value never reaches the simulator.
//! Named presets reproduce the paper's figures.

pub use crate::sim::cca::{NsccParams, SwiftParams};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A scenario field that failed to parse or validate.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioError {
    /// Dotted path of the field, e.g. `topology.k`.
    pub field: String,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
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
}

/// The fat-tree and its links and queues.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Topology {
    /// Fat-tree arity, even, 4..=16 (k³/4 hosts: 16 to 1024).
    pub k: u32,
    /// Rate of every link, Gbps.
    pub link_gbps: u32,
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
    /// Probability that each inter-switch link fails (is removed from routing). The failed set
    /// depends on the seed only.
    pub link_failure_rate: f64,
    /// A failed link stays in routing at a quarter of its rate, in both directions (htsim's
    /// `-failed`, ALGORITHMS.md §15 A17's alternative), instead of being removed.
    pub failed_links_degraded: bool,
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
    /// `hsdp`: place every GPU on a random host instead of whole servers on random server
    /// slots (ALGORITHMS.md §15 A14's alternative).
    pub hsdp_random_hosts: bool,
}

/// Workload families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkloadKind {
    /// A random derangement over the hosts not running elephants; every flow sprayed.
    Permutation,
    /// The theory model (paper §II): one flow sprays over `paths` parallel paths, one of which
    /// adds `long_path_extra_us`. Replaces the fat-tree (`topology.k` is not used).
    #[serde(rename = "npath")]
    NPath,
    /// `incast_senders` random hosts send `flow_size_bytes` each to one random host.
    Incast,
    /// One ring step of Llama-3 70B HSDP training (ALGORITHMS.md §13, A14): servers of 8 GPUs placed at
    /// random; logical GPU i sends `flow_size_bytes` to GPU i + 8 (8 parallel rings).
    Hsdp,
}

/// Sender-side path choice of the sprayed flows (elephants always use ECMP).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LoadBalancing {
    pub scheme: LbScheme,
    /// Number of distinct path labels (entropy values) a sender can use.
    pub path_labels: u32,
    /// AR: queue-occupancy thresholds of the quantized levels, % of the buffer, ascending.
    pub ar_levels_pct: Vec<f64>,
    /// AR: a switch refreshes a port's quantized level at most this often, µs.
    pub ar_refresh_us: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LbScheme {
    /// One path label per flow.
    Ecmp,
    /// Oblivious packet spraying: a uniformly random label per packet.
    Ops,
    /// Round robin over the labels (the theory model's spraying).
    Rr,
    /// REPS: reuse the labels of ACKs that came back without ECN (oldest first), else a random
    /// label (ALGORITHMS.md §10, the list form).
    Reps,
    /// Switch adaptive routing: each switch sends a sprayed data packet to the up-port with the
    /// shortest quantized queue (ALGORITHMS.md §10, A13).
    Ar,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CcaKind {
    /// Swift; any SACK hole cuts cwnd by max_mdf.
    Swift,
    /// Swift with LTCP-U reordering resilience (cut after `ltcp_k` successive delayed packets).
    LSwift,
    /// LSwift deciding on a percentile (default the median) of the last H delay samples.
    MSwift,
    /// Ultra Ethernet's NSCC (delay and ECN quadrants).
    Nscc,
    /// NSCC deciding on the median of the last H delays (H = max(min(⌊W/2⌋, 4), 1)).
    Mnscc,
    /// TCP NewReno with SACK recovery (the theory section's baseline).
    Tcp,
    /// DCTCP: NewReno plus the ECN-fraction decrease.
    Dctcp,
    /// SMaRTT (FastFlow), the basis of NSCC.
    Smartt,
}

impl CcaKind {
    pub const ALL: [CcaKind; 8] = [
        CcaKind::Swift,
        CcaKind::LSwift,
        CcaKind::MSwift,
        CcaKind::Nscc,
        CcaKind::Mnscc,
        CcaKind::Tcp,
        CcaKind::Dctcp,
        CcaKind::Smartt,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CcaKind::Swift => "swift",
            CcaKind::LSwift => "lswift",
            CcaKind::MSwift => "mswift",
            CcaKind::Nscc => "nscc",
            CcaKind::Mnscc => "mnscc",
            CcaKind::Tcp => "tcp",
            CcaKind::Dctcp => "dctcp",
            CcaKind::Smartt => "smartt",
        }
    }
}

/// The median framework's history size rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// H = max(⌊K/2⌋, 1), K the packets per unit of cwnd growth (Nyquist rule of the paper).
    Nyquist,
    /// A fixed H.
    Fixed(u32),
}

/// In text formats (TOML, JSON) a history is `"nyquist"` or a number; in binary formats (the
/// worker protocol) it is an `Option<u32>`, `None` for the Nyquist rule.
impl Serialize for History {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            let fixed = match self {
                History::Nyquist => None,
                History::Fixed(h) => Some(*h),
            };
            return fixed.serialize(s);
        }
        match self {
            History::Nyquist => s.serialize_str("nyquist"),
            History::Fixed(h) => s.serialize_u32(*h),
        }
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return Ok(Option::<u32>::deserialize(d)?.map_or(History::Nyquist, History::Fixed));
        }
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = History;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"nyquist\" or a whole number of samples from 1 to 1024")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<History, E> {
                History::parse(v).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<History, E> {
                u32::try_from(v)
                    .map(History::Fixed)
                    .map_err(|_| E::custom("history is too large"))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<History, E> {
                u32::try_from(v)
                    .map(History::Fixed)
                    .map_err(|_| E::custom("history must be positive"))
            }
        }
        d.deserialize_any(V)
    }
}

impl History {
    /// Parses `nyquist` or a whole number.
    pub fn parse(s: &str) -> Result<History, String> {
        if s.eq_ignore_ascii_case("nyquist") {
            return Ok(History::Nyquist);
        }
        s.parse::<u32>().map(History::Fixed).map_err(|_| {
            format!("expected \"nyquist\" or a whole number from 1 to {MAX_HISTORY}, got {s:?}")
        })
    }
}

/// Largest history the estimator keeps.
pub const MAX_HISTORY: u32 = 1024;

/// Largest cwnd (packets) a sender may reach: its scoreboard covers this many packets and more.
pub const MAX_CWND_PACKETS: f64 = 2000.0;

/// Loss detection and retransmission timers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// ACK coalescing: the receiver acknowledges in-order data every this many bytes (0: every
    /// packet; the UEC reference uses 16384 for NSCC).
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
        }
    }
}

impl Default for Topology {
    fn default() -> Self {
        Topology {
            k: 8,
            link_gbps: 800,
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
            link_failure_rate: 0.0,
            failed_links_degraded: false,
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
            hsdp_random_hosts: false,
        }
    }
}

impl Default for LoadBalancing {
    fn default() -> Self {
        LoadBalancing {
            scheme: LbScheme::Ops,
            path_labels: 64,
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

/// Named scenarios: the paper's figures.
pub const PRESETS: &[(&str, &str)] = &[
    ("baseline", "128 hosts (k=8), 4 ECMP elephants, 124 sprayed 8 MiB flows (paper Fig. 4, 5)"),
    ("permutation", "128 hosts (k=8), 128 sprayed 8 MiB flows, no elephants (paper Fig. 6)"),
    ("hsdp", "Llama-3 70B HSDP ring step: 16 servers × 8 GPUs, 8 rings, 3344 packets per flow (paper Fig. 7)"),
    ("hosts250", "the baseline on 250 hosts (k=10), 4 elephants (paper Fig. 8)"),
    ("size16mib", "the baseline with 16 MiB flows (paper Fig. 9)"),
    ("elephants8", "the baseline with 8 elephants (paper Fig. 10)"),
    ("failures", "the baseline with 1 % of the inter-switch links failed (paper Fig. 11)"),
    ("drr", "the baseline with DRR fair scheduling of sprayed and ECMP traffic (paper Fig. 13)"),
    ("incast", "32 random senders of 8 MiB to one receiver, no elephants (paper Fig. 14)"),
    ("npath", "theory model: one 64 MiB flow, round robin over 10 paths, one 2.5 µs longer (paper §II)"),
];

impl Scenario {
    /// The preset called `name`, if any.
    pub fn preset(name: &str) -> Option<Scenario> {
        let mut s = Scenario::default();
        match name {
            "baseline" => {}
            "permutation" => s.workload.elephants = 0,
            "npath" => {
                s.workload.kind = WorkloadKind::NPath;
                s.workload.elephants = 0;
                s.workload.flow_size_bytes = 64 << 20;
                s.lb.scheme = LbScheme::Rr;
            }
            "hsdp" => {
                s.workload.kind = WorkloadKind::Hsdp;
                s.workload.elephants = 0;
                s.workload.flow_size_bytes = 3344 * 4096;
            }
            "hosts250" => s.topology.k = 10,
            "size16mib" => s.workload.flow_size_bytes = 16 << 20,
            "elephants8" => s.workload.elephants = 8,
            "failures" => s.topology.link_failure_rate = 0.01,
            "drr" => s.topology.drr = true,
            "incast" => {
                s.workload.kind = WorkloadKind::Incast;
                s.workload.elephants = 0;
            }
            _ => return None,
        }
        Some(s)
    }

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
    #[cfg(not(target_arch = "wasm32"))]
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
            _ => self.topology.k.pow(3) / 4,
        }
    }

    /// Checks every field against its allowed range.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        let t = &self.topology;
        if !(4..=16).contains(&t.k) || t.k % 2 != 0 {
            return Err(err(
                "topology.k",
                format!(
                    "must be an even number from 4 to 16 (16 to 1024 hosts), got {}",
                    t.k
                ),
            ));
        }
        range_u("topology.link_gbps", t.link_gbps as u64, 1, 3200)?;
        range_f("topology.link_latency_us", t.link_latency_us, 0.0, 1000.0)?;
        range_u("topology.mss_bytes", t.mss_bytes as u64, 64, 65_536)?;
        range_u("topology.header_bytes", t.header_bytes as u64, 0, 1024)?;
        range_u("topology.ack_bytes", t.ack_bytes as u64, 1, 1024)?;
        let wire = (t.mss_bytes + t.header_bytes) as u64;
        range_u(
            "topology.buffer_bytes",
            t.buffer_bytes as u64,
            wire,
            1 << 30,
        )?;
        if t.buffer_packets != 0 {
            range_u(
                "topology.buffer_packets",
                t.buffer_packets as u64,
                1,
                (1 << 30) / wire,
            )?;
        }
        range_u(
            "topology.ecn_max_bytes",
            t.ecn_max_bytes as u64,
            0,
            t.buffer_bytes as u64,
        )?;
        range_u(
            "topology.ecn_min_bytes",
            t.ecn_min_bytes as u64,
            0,
            t.ecn_max_bytes as u64,
        )?;
        range_f("topology.drr_weights[0]", t.drr_weights[0], 0.01, 100.0)?;
        range_f("topology.drr_weights[1]", t.drr_weights[1], 0.01, 100.0)?;
        range_u(
            "topology.drr_quantum_bytes",
            t.drr_quantum_bytes as u64,
            64,
            1 << 20,
        )?;
        range_f("topology.link_failure_rate", t.link_failure_rate, 0.0, 0.5)?;
        if t.failed_links_degraded && t.link_gbps < 4 {
            return Err(err(
                "topology.link_gbps",
                format!(
                    "must be at least 4 with topology.failed_links_degraded (a degraded link runs \
                     at a quarter of the rate), got {}",
                    t.link_gbps
                ),
            ));
        }

        let hosts = self.hosts() as u64;
        let w = &self.workload;
        let e = w.elephants as u64;
        if w.kind == WorkloadKind::NPath {
            range_u("workload.paths", w.paths as u64, 2, 10_000)?;
            range_f(
                "workload.long_path_extra_us",
                w.long_path_extra_us,
                0.0,
                1000.0,
            )?;
            if e != 0 {
                return Err(err(
                    "workload.elephants",
                    format!("must be 0 in the npath model, got {e}"),
                ));
            }
        } else if w.kind != WorkloadKind::Permutation && e != 0 {
            let kind = self.field("workload").unwrap_or_default();
            return Err(err(
                "workload.elephants",
                format!("must be 0 in the {kind} workload, got {e}"),
            ));
        } else if w.kind == WorkloadKind::Incast {
            range_u(
                "workload.incast_senders",
                w.incast_senders as u64,
                1,
                hosts - 1,
            )?;
        } else if w.kind == WorkloadKind::Hsdp && (hosts % 8 != 0 || hosts < 16) {
            let msg =
                format!("hsdp needs servers of 8 hosts and at least 2 servers; {hosts} hosts");
            return Err(err("topology.k", msg));
        } else if e == 1 || e + 2 > hosts {
            return Err(err(
                "workload.elephants",
                format!(
                    "must be 0 or from 2 to {} (hosts minus the 2 a permutation needs), got {e}",
                    hosts - 2
                ),
            ));
        }
        range_u("workload.flow_size_bytes", w.flow_size_bytes, 1, 1 << 30)?;
        range_u("lb.path_labels", self.lb.path_labels as u64, 1, 65_534)?;
        let levels = &self.lb.ar_levels_pct;
        range_u("lb.ar_levels_pct", levels.len() as u64, 1, 16)?;
        for (i, &l) in levels.iter().enumerate() {
            let lo = if i == 0 { 0.0 } else { levels[i - 1] + 1e-9 };
            range_f(&format!("lb.ar_levels_pct[{i}]"), l, lo, 100.0)?;
        }
        range_f("lb.ar_refresh_us", self.lb.ar_refresh_us, 0.0, 1000.0)?;

        let c = &self.cca;
        if let History::Fixed(h) = c.history {
            range_u("cca.history", h as u64, 1, MAX_HISTORY as u64)?;
        }
        range_u("cca.percentile", c.percentile as u64, 1, 99)?;
        let s = &c.swift;
        range_f("cca.swift.ai", s.ai, 1e-6, 100.0)?;
        range_f("cca.swift.beta", s.beta, 1e-6, 1.0)?;
        range_f("cca.swift.max_mdf", s.max_mdf, 1e-6, 0.999)?;
        range_f(
            "cca.swift.target_queue_delay_us",
            s.target_queue_delay_us,
            0.0,
            10_000.0,
        )?;
        range_f("cca.swift.fs_range_us", s.fs_range_us, 0.0, 10_000.0)?;
        range_f("cca.swift.fs_min_cwnd", s.fs_min_cwnd, 1e-6, 1e6)?;
        range_f(
            "cca.swift.fs_max_cwnd",
            s.fs_max_cwnd,
            s.fs_min_cwnd * (1.0 + 1e-9),
            1e6,
        )?;
        range_f("cca.swift.min_cwnd", s.min_cwnd, 1e-6, 1.0)?;
        range_f("cca.swift.max_cwnd", s.max_cwnd, 1.0, MAX_CWND_PACKETS)?;
        range_u(
            "cca.swift.retx_reset_threshold",
            s.retx_reset_threshold as u64,
            1,
            1000,
        )?;
        range_u("cca.swift.ltcp_k", s.ltcp_k as u64, 1, 64)?;
        range_f("cca.initial_cwnd_bdp", c.initial_cwnd_bdp, 1e-3, 10.0)?;
        range_f(
            "cca.nscc.target_qdelay_us",
            c.nscc.target_qdelay_us,
            0.01,
            10_000.0,
        )?;
        range_f("cca.nscc.rto_min_us", c.nscc.rto_min_us, 1.0, 1e6)?;

        let tr = &self.transport;
        range_u("transport.dupthresh", tr.dupthresh as u64, 1, 64)?;
        range_f("transport.rto_min_us", tr.rto_min_us, 1.0, 1e6)?;
        range_f(
            "transport.rto_initial_us",
            tr.rto_initial_us,
            tr.rto_min_us,
            1e7,
        )?;
        range_u("transport.ack_every_bytes", tr.ack_every_bytes, 0, 1 << 24)?;

        let tl = &self.timeline;
        if tl.interval_us != 0.0 {
            range_f("timeline.interval_us", tl.interval_us, 0.01, 1e6)?;
        }
        range_u("timeline.max_buffered", tl.max_buffered as u64, 2, 1 << 20)?;
        range_f("max_sim_time_us", self.max_sim_time_us, 1.0, 1e7)?;
        Ok(())
    }
}

/// The fields a user sets by short name: CLI flags (`--k 8`), the web form and its URL hash.
pub const SHORT_FIELDS: &[(&str, &str)] = &[
    ("k", "fat-tree arity, even, 4..16"),
    (
        "cca",
        "swift | lswift | mswift | mswift-pN | nscc | mnscc | tcp | dctcp | smartt",
    ),
    ("lb", "ecmp | ops | rr | reps | ar"),
    ("elephants", "long-lived ECMP flows: 0, or 2 to hosts-2"),
    (
        "flow-size",
        "bytes per sprayed flow: 8388608, 8MiB, 512KiB, ...",
    ),
    ("history", "nyquist | a fixed H from 1 to 1024"),
    (
        "percentile",
        "percentile MSwift decides on, 1..99 (50 = median)",
    ),
    ("seed", "random seed (a whole number)"),
    (
        "workload",
        "permutation | npath (the theory model) | incast | hsdp",
    ),
    ("paths", "npath: parallel paths, 2..10000 (q = 1/paths)"),
    ("long-delay", "npath: extra latency of the long path, µs"),
    ("senders", "incast: senders, 1 to hosts-1"),
];

impl Scenario {
    /// Sets the field called `name` (see [`SHORT_FIELDS`]) from text. Only the syntax is checked
    /// here; [`Scenario::validate`] checks ranges.
    pub fn set_field(&mut self, name: &str, value: &str) -> Result<(), ScenarioError> {
        let v = value.trim();
        match name {
            "k" => self.topology.k = number("topology.k", v, "an even number from 4 to 16")?,
            "cca" => {
                let lower = v.to_ascii_lowercase();
                let (kind, percentile) = match lower.as_str() {
                    "swift" => (CcaKind::Swift, None),
                    "lswift" => (CcaKind::LSwift, None),
                    "mswift" => (CcaKind::MSwift, Some(50)),
                    "nscc" => (CcaKind::Nscc, None),
                    "mnscc" => (CcaKind::Mnscc, Some(50)),
                    "tcp" => (CcaKind::Tcp, None),
                    "dctcp" => (CcaKind::Dctcp, None),
                    "smartt" => (CcaKind::Smartt, None),
                    p if p.starts_with("mswift-p") => {
                        let n = number(
                            "cca.percentile",
                            &p["mswift-p".len()..],
                            "mswift-pN with N from 1 to 99",
                        )?;
                        (CcaKind::MSwift, Some(n))
                    }
                    _ => {
                        const ALLOWED: &str =
                            "swift, lswift, mswift, mswift-pN, nscc, mnscc, tcp, dctcp or smartt";
                        return Err(err(
                            "cca.algorithm",
                            format!("must be {ALLOWED}, got {v:?}"),
                        ));
                    }
                };
                self.cca.algorithm = kind;
                if let Some(p) = percentile {
                    self.cca.percentile = p;
                }
            }
            "lb" => {
                self.lb.scheme = match v.to_ascii_lowercase().as_str() {
                    "ecmp" => LbScheme::Ecmp,
                    "ops" => LbScheme::Ops,
                    "rr" => LbScheme::Rr,
                    "reps" => LbScheme::Reps,
                    "ar" => LbScheme::Ar,
                    _ => {
                        return Err(err(
                            "lb.scheme",
                            format!("must be ecmp, ops, rr, reps or ar, got {v:?}"),
                        ))
                    }
                }
            }
            "elephants" => {
                self.workload.elephants = number("workload.elephants", v, "a whole number")?
            }
            "flow-size" => {
                self.workload.flow_size_bytes = parse_bytes("workload.flow_size_bytes", v)?
            }
            "history" => self.cca.history = History::parse(v).map_err(|e| err("cca.history", e))?,
            "percentile" => {
                self.cca.percentile = number("cca.percentile", v, "a whole number from 1 to 99")?
            }
            "seed" => self.seed = number("seed", v, "a whole number from 0 to 2^64-1")?,
            "workload" => {
                self.workload.kind = match v.to_ascii_lowercase().as_str() {
                    "permutation" => WorkloadKind::Permutation,
                    "npath" => WorkloadKind::NPath,
                    "incast" => WorkloadKind::Incast,
                    "hsdp" => WorkloadKind::Hsdp,
                    _ => {
                        return Err(err(
                            "workload.kind",
                            format!("must be permutation, npath, incast or hsdp, got {v:?}"),
                        ))
                    }
                }
            }
            "paths" => {
                self.workload.paths = number("workload.paths", v, "a whole number from 2 to 10000")?
            }
            "senders" => {
                self.workload.incast_senders =
                    number("workload.incast_senders", v, "a whole number")?
            }
            "long-delay" => {
                let d: f64 = number(
                    "workload.long_path_extra_us",
                    v,
                    "a number of µs from 0 to 1000",
                )?;
                self.workload.long_path_extra_us = d;
            }
            _ => {
                let names: Vec<&str> = SHORT_FIELDS.iter().map(|(n, _)| *n).collect();
                return Err(err(
                    name,
                    format!("unknown field (known: {})", names.join(", ")),
                ));
            }
        }
        Ok(())
    }

    /// The value of a short-named field as text ([`Scenario::set_field`] reads it back).
    pub fn field(&self, name: &str) -> Option<String> {
        Some(match name {
            "k" => self.topology.k.to_string(),
            "cca" => match (self.cca.algorithm, self.cca.percentile) {
                (CcaKind::MSwift, 50) => "mswift".to_string(),
                (CcaKind::MSwift, p) => format!("mswift-p{p}"),
                (kind, _) => kind.name().to_string(),
            },
            "lb" => match self.lb.scheme {
                LbScheme::Ecmp => "ecmp".to_string(),
                LbScheme::Ops => "ops".to_string(),
                LbScheme::Rr => "rr".to_string(),
                LbScheme::Reps => "reps".to_string(),
                LbScheme::Ar => "ar".to_string(),
            },
            "elephants" => self.workload.elephants.to_string(),
            "flow-size" => format_bytes(self.workload.flow_size_bytes),
            "history" => match self.cca.history {
                History::Nyquist => "nyquist".to_string(),
                History::Fixed(h) => h.to_string(),
            },
            "percentile" => self.cca.percentile.to_string(),
            "seed" => self.seed.to_string(),
            "workload" => match self.workload.kind {
                WorkloadKind::Permutation => "permutation".to_string(),
                WorkloadKind::NPath => "npath".to_string(),
                WorkloadKind::Incast => "incast".to_string(),
                WorkloadKind::Hsdp => "hsdp".to_string(),
            },
            "paths" => self.workload.paths.to_string(),
            "senders" => self.workload.incast_senders.to_string(),
            "long-delay" => self.workload.long_path_extra_us.to_string(),
            _ => return None,
        })
    }
}

fn number<T: std::str::FromStr>(field: &str, v: &str, what: &str) -> Result<T, ScenarioError> {
    v.parse()
        .map_err(|_| err(field, format!("must be {what}, got {v:?}")))
}

/// A byte count in the largest binary unit that divides it exactly: `8MiB`, `1536KiB`, `1000`.
pub fn format_bytes(n: u64) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
        if n > 0 && n % (1 << shift) == 0 {
            return format!("{}{unit}", n >> shift);
        }
    }
    n.to_string()
}

/// Parses a byte count with an optional KiB/MiB/GiB (or KB/MB/GB) suffix.
pub fn parse_bytes(field: &str, v: &str) -> Result<u64, ScenarioError> {
    let t = v.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, suffix) = t.split_at(split);
    let what = "a byte count like 8388608 or 8MiB";
    let mult: u64 = match suffix.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        "kb" => 1_000,
        "mb" => 1_000_000,
        "gb" => 1_000_000_000,
        _ => return Err(err(field, format!("must be {what}, got {v:?}"))),
    };
    let n: u64 = number(field, digits, what)?;
    n.checked_mul(mult)
        .ok_or_else(|| err(field, format!("is too large: {v:?}")))
}

/// Folds a multi-line parser message onto one line.
#[cfg(not(target_arch = "wasm32"))]
fn one_line(s: &str) -> String {
    let lines: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    lines.join(" ")
}

fn range_u(field: &str, v: u64, lo: u64, hi: u64) -> Result<(), ScenarioError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(err(field, format!("must be from {lo} to {hi}, got {v}")))
    }
}

fn range_f(field: &str, v: f64, lo: f64, hi: f64) -> Result<(), ScenarioError> {
    if v.is_finite() && v >= lo && v <= hi {
        Ok(())
    } else {
        Err(err(
            field,
            format!("must be a number from {lo} to {hi}, got {v}"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_fields_round_trip_and_name_their_field_on_error() {
        let mut s = Scenario::default();
        for (name, value) in [
            ("k", "4"),
            ("cca", "mswift-p10"),
            ("lb", "ecmp"),
            ("elephants", "2"),
            ("flow-size", "16MiB"),
            ("history", "8"),
            ("seed", "77"),
        ] {
            s.set_field(name, value).unwrap();
        }
        assert_eq!(
            (s.topology.k, s.cca.algorithm, s.cca.percentile),
            (4, CcaKind::MSwift, 10)
        );
        assert_eq!(
            (s.workload.flow_size_bytes, s.cca.history, s.seed),
            (16 << 20, History::Fixed(8), 77)
        );
        let mut t = Scenario::default();
        for (name, _) in SHORT_FIELDS {
            t.set_field(name, &s.field(name).unwrap()).unwrap();
        }
        assert_eq!(s, t);
        assert_eq!(s.field("flow-size").as_deref(), Some("16MiB"));
        assert_eq!(
            (
                format_bytes(1536 << 10),
                format_bytes(1000),
                format_bytes(0)
            ),
            ("1536KiB".into(), "1000".into(), "0".into())
        );
        assert_eq!(s.set_field("k", "eight").unwrap_err().field, "topology.k");
        assert_eq!(
            s.set_field("cca", "reno").unwrap_err().field,
            "cca.algorithm"
        );
        assert_eq!(
            s.set_field("flow-size", "12 parsecs").unwrap_err().field,
            "workload.flow_size_bytes"
        );
        assert!(s
            .set_field("flow-size", "99999999999999GiB")
            .unwrap_err()
            .message
            .contains("too large"));
        assert_eq!(s.set_field("seed", "-1").unwrap_err().field, "seed");
        assert_eq!(s.set_field("speed", "9").unwrap_err().field, "speed");
    }

    #[test]
    fn defaults_are_the_papers_and_valid() {
        let s = Scenario::default();
        assert_eq!(s.hosts(), 128);
        assert_eq!(s.topology.buffer_bytes, 819_200);
        assert_eq!(s.topology.ecn_min_bytes, 40_960);
        assert_eq!(s.workload.flow_size_bytes, 8 * 1024 * 1024);
        s.validate().unwrap();
        for (name, _) in PRESETS {
            Scenario::preset(name).unwrap().validate().unwrap();
        }
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn json_and_toml_round_trip() {
        let mut s = Scenario::preset("baseline").unwrap();
        s.cca.history = History::Fixed(7);
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
        let toml_text = toml::to_string(&s).unwrap();
        assert_eq!(Scenario::from_toml(&toml_text).unwrap(), s);
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn partial_files_fill_in_defaults() {
        let s = Scenario::from_toml("seed = 9\n[topology]\nk = 4\n[cca]\nhistory = \"nyquist\"\n")
            .unwrap();
        assert_eq!((s.seed, s.topology.k, s.topology.link_gbps), (9, 4, 800));
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn errors_name_the_field() {
        let e = Scenario::from_json(r#"{"topology": {"kk": 3}}"#).unwrap_err();
        assert!(e.field.starts_with("topology"), "{e}");
        let e = Scenario::from_toml("[cca]\nalgorithm = \"reno\"\n").unwrap_err();
        assert_eq!(e.field, "cca.algorithm");
        let e = Scenario::from_json(r#"{"cca": {"history": "often"}}"#).unwrap_err();
        assert_eq!(e.field, "cca.history");

        let mut s = Scenario::default();
        s.topology.k = 7;
        assert_eq!(s.validate().unwrap_err().field, "topology.k");
        s.topology.k = 18;
        assert!(s.validate().unwrap_err().message.contains("4 to 16"));
        let mut s = Scenario::default();
        s.workload.elephants = 1;
        assert_eq!(s.validate().unwrap_err().field, "workload.elephants");
        let mut s = Scenario::default();
        s.cca.swift.beta = f64::NAN;
        assert_eq!(s.validate().unwrap_err().field, "cca.swift.beta");
        let mut s = Scenario::default();
        s.cca.history = History::Fixed(0);
        assert_eq!(s.validate().unwrap_err().field, "cca.history");
    }
}
