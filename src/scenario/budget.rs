//! How much work a scenario asks for, against a budget: the bytes over all flows, the data
//! packets they make, and the timeline values a run streams. Validation says what is allowed;
//! a budget says what this front end is willing to do. The page uses [`Budget::BROWSER`]; the
//! command line [`Budget::NATIVE`], which `--allow-large` lifts.
//!
//! The estimates are what the scenario cannot do without: every flow's bytes (an elephant runs
//! as long as the sprayed flows, so it carries about one flow's bytes), and the run's shortest
//! possible duration (its bytes through a receiver's link at the line rate).
//!
//! Memory is estimated from above, whatever the run does: every flow's state at its largest (its
//! two scoreboards and the longest decision history its CCA can keep), every packet its window lets into the network at
//! once, and the timeline buffer full (`max_buffered` buckets, as when nothing drains it), or,
//! for a front end that drains it every few samples (the page's workers, [`WORKER_CHUNK_SAMPLES`]),
//! the buckets between two drains. What grows with the run's length is bounded elsewhere: the
//! timeline by `max_buffered`, the event queue by the packets in flight.

use super::{err, registry, Scenario, ScenarioError, WorkloadKind};
use super::{RtoRule, POSTING_BYTES, SCOREBOARD, SEND_ORDER_ENTRIES};

/// The timeline's series per flow: cwnd, the decision signal, the raw delay and the target.
const FLOW_SERIES: u64 = 4;

/// Bytes a packet in flight costs: the packet, its event and the queue slot that holds it.
const PACKET_BYTES: f64 = 64.0;

/// Sampling intervals a page's worker simulates at most between two drains of the timeline (its
/// chunks, `protocol::Runner`): its simulation holds at most one bucket more than this.
pub const WORKER_CHUNK_SAMPLES: u32 = 16;

/// Limits on a scenario's work.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Largest fat-tree arity.
    pub max_k: u32,
    /// Bytes over all flows, elephants included.
    pub max_total_bytes: u64,
    /// Data packets over all flows (first transmissions).
    pub max_data_packets: u64,
    /// Timeline values streamed (samples × values per sample).
    pub max_sample_values: f64,
    /// Memory a run may hold at once (see the module doc), bytes.
    pub max_memory_bytes: f64,
    /// Timeline samples between two drains of the timeline, when the front end drains it as
    /// the run goes (`None`: its buffer may fill).
    pub drains_every: Option<u32>,
    /// Who sets it, for the error: "a browser", ...
    pub whose: &'static str,
}

impl Budget {
    /// A browser tab: the largest fat-tree (k = 32, 8192 hosts), 17 GiB over all flows (8192
    /// hosts × 2 MiB and 4 elephants, htsim's 8192-host 2 MB matrices, or 1024 hosts × 16 MiB),
    /// a minute or so of wasm (docs/performance.md); about 400 MB of samples kept for playback;
    /// 2 GiB of memory at most, estimated from above, half of what a wasm32 worker can address
    /// (the k = 32 runs measured in docs/performance.md take a fifth of that).
    pub const BROWSER: Budget = Budget {
        max_k: super::MAX_K,
        max_total_bytes: 17 << 30,
        max_data_packets: u64::MAX,
        max_sample_values: 100e6,
        max_memory_bytes: (2u64 << 30) as f64,
        drains_every: Some(WORKER_CHUNK_SAMPLES),
        whose: "a browser",
    };

    /// The command line's default: 16 times the largest preset's packets (k = 16 with 8 MiB
    /// flows: 2 M packets), minutes of CPU. `--allow-large` lifts it.
    pub const NATIVE: Budget = Budget {
        max_k: super::MAX_K,
        max_total_bytes: u64::MAX,
        max_data_packets: 32 << 20,
        max_sample_values: f64::INFINITY,
        max_memory_bytes: (8u64 << 30) as f64,
        drains_every: None,
        whose: "the default budget (--allow-large lifts it)",
    };
}

/// The work a scenario asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Work {
    pub total_bytes: u64,
    pub data_packets: u64,
    /// The run's shortest possible duration, µs.
    pub min_duration_us: f64,
    pub sample_values: f64,
    /// Memory the run holds at most, bytes, and the field that decides most of it.
    pub memory: Memory,
}

/// The estimate of a run's memory, by part.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Memory {
    /// Every flow's scoreboards and decision history.
    pub flow_state: f64,
    /// Every flow's window of packets in the network at once.
    pub in_flight: f64,
    /// The timeline buffer, full.
    pub timeline: f64,
    /// One bucket of the timeline buffer.
    pub bucket: f64,
}

impl Memory {
    /// What a front end that drains the timeline every `samples` samples holds: at most one
    /// bucket more than that in the buffer, when it is below the full buffer.
    pub fn drained_every(self, samples: Option<u32>) -> Memory {
        let held = samples.map_or(f64::INFINITY, |n| (n as f64 + 1.0) * self.bucket);
        Memory {
            timeline: self.timeline.min(held),
            ..self
        }
    }

    pub fn total(&self) -> f64 {
        self.flow_state + self.in_flight + self.timeline
    }

    /// The field to change to shrink the largest part.
    fn field(&self) -> &'static str {
        if self.timeline >= self.in_flight.max(self.flow_state) {
            registry::TIMELINE_MAX_BUFFERED.path
        } else if self.in_flight >= self.flow_state {
            registry::CCA_SWIFT_MAX_CWND.path
        } else {
            registry::TOPOLOGY_K.path
        }
    }
}

impl Scenario {
    /// The work this scenario asks for (see the module doc for the estimates).
    pub fn work(&self) -> Work {
        let (w, t) = (&self.workload, &self.topology);
        let Shape {
            flows,
            total_bytes,
            data_packets,
            per_flow_packets,
            busiest_link_bytes,
        } = self.shape();
        let min_duration_us = busiest_link_bytes as f64 * 8.0 / (t.link_gbps as f64 * 1e3);
        let (switch_ports, path_slots) = match w.kind {
            WorkloadKind::NPath => (1 + 2 * w.paths as u64, w.paths as u64),
            _ => {
                let f = t.fabric();
                (f.switch_ports() as u64, f.widest() as u64)
            }
        };
        let sampled = self.timeline.interval_us > 0.0;
        let sample_values = if sampled {
            let per_sample = switch_ports + flows * (FLOW_SERIES + path_slots);
            min_duration_us / self.timeline.interval_us * per_sample as f64
        } else {
            0.0
        };
        let elephants = if w.connections.is_empty() {
            w.elephants as u64
        } else {
            0
        };
        let all_flows = (flows + elephants) as f64;
        // a percentile filter's samples, in arrival order and sorted
        let history = 16 * self.cca.history_slots() as u64;
        let window = per_flow_packets.min(self.window_packets().ceil() as u64);
        // a bucket: the min/max series per flow (8 B each), its path counts, a queue per port
        let bucket = flows * (FLOW_SERIES * 8 + path_slots) + switch_ports * 8;
        // two scoreboards of flags; where packets time out one by one, a send time per slot
        // and the transmissions in send order
        let scoreboards = match self.cca.algorithm.rto_rule() {
            RtoRule::PerPacket => 10 * SCOREBOARD + 8 * SEND_ORDER_ENTRIES,
            RtoRule::CumulativeAck => 2 * SCOREBOARD,
        };
        // a coalescing receiver's reports of ACKs on their way, at most
        let postings = match self.cca.ack_every_bytes(&self.transport) {
            0 => 0,
            _ => SCOREBOARD * POSTING_BYTES as u64,
        };
        let memory = Memory {
            flow_state: all_flows * (scoreboards + postings + history) as f64,
            in_flight: all_flows * window as f64 * PACKET_BYTES,
            timeline: if sampled {
                self.timeline.max_buffered as f64 * bucket as f64
            } else {
                0.0
            },
            bucket: if sampled { bucket as f64 } else { 0.0 },
        };
        Work {
            total_bytes,
            data_packets,
            min_duration_us,
            sample_values,
            memory,
        }
    }

    /// The finite flows' count, bytes and packets, from the workload or its traffic matrix.
    fn shape(&self) -> Shape {
        let (w, t) = (&self.workload, &self.topology);
        let mss = t.mss_bytes.max(1) as u64;
        if !w.connections.is_empty() {
            let mut out = vec![0u64; self.hosts() as usize];
            let mut into = vec![0u64; self.hosts() as usize];
            for c in &w.connections {
                // validated hosts; a stray index only lowers the estimate
                if let Some(o) = out.get_mut(c.src as usize) {
                    *o = o.saturating_add(c.bytes);
                }
                if let Some(i) = into.get_mut(c.dst as usize) {
                    *i = i.saturating_add(c.bytes);
                }
            }
            let packets = |c: &super::Connection| c.bytes.div_ceil(mss);
            return Shape {
                flows: w.connections.len() as u64,
                total_bytes: w
                    .connections
                    .iter()
                    .map(|c| c.bytes)
                    .fold(0, u64::saturating_add),
                data_packets: w
                    .connections
                    .iter()
                    .map(packets)
                    .fold(0, u64::saturating_add),
                per_flow_packets: w.connections.iter().map(packets).max().unwrap_or(0),
                busiest_link_bytes: out.into_iter().chain(into).max().unwrap_or(0),
            };
        }
        let hosts = self.hosts() as u64;
        // a collective: every member of every group sends a chain's worth through its link
        let members = hosts / (w.group_size.max(2) as u64) * w.group_size as u64;
        let g = w.group_size as u64;
        let (flows, into_one) = match w.kind {
            WorkloadKind::NPath => (1, 1),
            WorkloadKind::Incast => (w.incast_senders as u64, w.incast_senders as u64),
            WorkloadKind::Permutation | WorkloadKind::Hsdp => (hosts, 1),
            WorkloadKind::Allreduce => (members * (2 * g - 1), 2 * g - 1),
            WorkloadKind::Alltoall => (members * (g - 1), g - 1),
        };
        let per_flow_packets = w.flow_size_bytes.div_ceil(mss);
        Shape {
            flows,
            total_bytes: w.flow_size_bytes.saturating_mul(flows),
            data_packets: per_flow_packets.saturating_mul(flows),
            per_flow_packets,
            busiest_link_bytes: w.flow_size_bytes.saturating_mul(into_one),
        }
    }

    /// The most packets one flow's window can hold: Swift's cap, or NSCC's 1.5 bandwidth-delay
    /// products (an RTT over the fat-tree's twelve links, or the theory model's long path).
    fn window_packets(&self) -> f64 {
        let t = &self.topology;
        let wire = (t.mss_bytes + t.header_bytes) as f64;
        let mut rtt_us = 12.0 * (t.link_latency_us + wire * 8.0 / (t.link_gbps as f64 * 1e3));
        if self.workload.kind == WorkloadKind::NPath {
            rtt_us += 2.0 * self.workload.long_path_extra_us;
        }
        let bdp = rtt_us * t.link_gbps as f64 * 1e3 / 8.0 / wire;
        self.cca.swift.max_cwnd.max(1.5 * bdp)
    }

    /// Refuses a scenario too large to simulate in a browser tab (beyond what `validate`
    /// refuses): [`Budget::BROWSER`], a traffic matrix's flows counted as they are.
    pub fn check_web_size(&self) -> Result<(), ScenarioError> {
        self.check_budget(&Budget::BROWSER)
    }

    /// Refuses a scenario whose work exceeds `budget`, naming the field to change.
    pub fn check_budget(&self, budget: &Budget) -> Result<(), ScenarioError> {
        let work = self.work();
        let size = self.workload.flow_size_bytes;
        let whose = budget.whose;
        // a fat-tree by its k, a leaf-spine by its hosts: as many as the largest fat-tree's
        let most_hosts = budget.max_k.pow(3) / 4;
        let t = &self.topology;
        if self.workload.kind != WorkloadKind::NPath {
            if t.tiers == 3 && t.k > budget.max_k {
                return Err(err(
                    registry::TOPOLOGY_K.path,
                    format!(
                        "must be at most {} in {whose} (k = {} runs natively)",
                        budget.max_k, t.k
                    ),
                ));
            }
            if self.hosts() > most_hosts {
                return Err(err(
                    registry::TOPOLOGY_K.path,
                    format!(
                        "{} hosts (k = {}) is more than {whose} takes: {most_hosts} hosts",
                        self.hosts(),
                        t.k
                    ),
                ));
            }
        }
        if work.total_bytes > budget.max_total_bytes {
            let flows = (work.total_bytes / size.max(1)).max(1);
            return Err(err(
                registry::WORKLOAD_FLOW_SIZE_BYTES.path,
                format!(
                    "{flows} flows (elephants included) × {size} B is more than {whose} allows: \
                     at most {} MiB per flow",
                    (budget.max_total_bytes / flows) >> 20
                ),
            ));
        }
        if work.data_packets > budget.max_data_packets {
            return Err(err(
                registry::WORKLOAD_FLOW_SIZE_BYTES.path,
                format!(
                    "about {} M data packets (elephants included) is more than {whose} allows \
                     ({} M): use smaller flows, fewer hosts or larger packets",
                    work.data_packets >> 20,
                    budget.max_data_packets >> 20
                ),
            ));
        }
        if work.sample_values > budget.max_sample_values {
            return Err(err(
                registry::WORKLOAD_FLOW_SIZE_BYTES.path,
                format!(
                    "a run of at least {:.0} µs sampled every {} µs streams about {:.0} M values, \
                     more than {whose} allows ({:.0} M): shorten the flows, use fewer paths, or \
                     sample less often (timeline.interval_us)",
                    work.min_duration_us,
                    self.timeline.interval_us,
                    work.sample_values / 1e6,
                    budget.max_sample_values / 1e6
                ),
            ));
        }
        let m = work.memory.drained_every(budget.drains_every);
        if m.total() > budget.max_memory_bytes {
            return Err(err(
                m.field(),
                format!(
                    "the run may hold about {:.0} MiB (flow state {:.0}, packets in flight {:.0}, \
                     timeline buffer {:.0}), more than {whose} allows ({:.0} MiB)",
                    m.total() / MIB,
                    m.flow_state / MIB,
                    m.in_flight / MIB,
                    m.timeline / MIB,
                    budget.max_memory_bytes / MIB
                ),
            ));
        }
        Ok(())
    }
}

const MIB: f64 = (1u64 << 20) as f64;

/// What a scenario's finite flows amount to.
struct Shape {
    flows: u64,
    total_bytes: u64,
    data_packets: u64,
    per_flow_packets: u64,
    /// The bytes the busiest host link carries: a lower bound on the run's length.
    busiest_link_bytes: u64,
}
