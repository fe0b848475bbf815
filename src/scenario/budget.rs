//! How much work a scenario asks for, against a budget: the bytes over all flows, the data
//! packets they make, and the timeline values a run streams. Validation says what is allowed;
//! a budget says what this front end is willing to do. The page uses [`Budget::BROWSER`]; the
//! command line [`Budget::NATIVE`], which `--allow-large` lifts.
//!
//! The estimates are what the scenario cannot do without: every flow's bytes (an elephant runs
//! as long as the sprayed flows, so it carries about one flow's bytes), and the run's shortest
//! possible duration (its bytes through a receiver's link at the line rate).

use super::{err, Scenario, ScenarioError, WorkloadKind};

/// Limits on a scenario's work.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Bytes over all flows, elephants included.
    pub max_total_bytes: u64,
    /// Data packets over all flows (first transmissions).
    pub max_data_packets: u64,
    /// Timeline values streamed (samples × values per sample).
    pub max_sample_values: f64,
    /// Who sets it, for the error: "a browser", ...
    pub whose: &'static str,
}

impl Budget {
    /// A browser tab: 1024 hosts × 8 MiB, a few seconds of wasm; about 400 MB of samples kept
    /// for playback.
    pub const BROWSER: Budget = Budget {
        max_total_bytes: 8 << 30,
        max_data_packets: u64::MAX,
        max_sample_values: 100e6,
        whose: "a browser",
    };

    /// The command line's default: 16 times the largest preset's packets (k = 16 with 8 MiB
    /// flows: 2 M packets), minutes of CPU. `--allow-large` lifts it.
    pub const NATIVE: Budget = Budget {
        max_total_bytes: u64::MAX,
        max_data_packets: 32 << 20,
        max_sample_values: f64::INFINITY,
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
}

impl Scenario {
    /// The work this scenario asks for (see the module doc for the estimates).
    pub fn work(&self) -> Work {
        let (w, t) = (&self.workload, &self.topology);
        let hosts = self.hosts() as u64;
        let (flows, into_one) = match w.kind {
            WorkloadKind::NPath => (1, 1),
            WorkloadKind::Incast => (w.incast_senders as u64, w.incast_senders as u64),
            WorkloadKind::Permutation | WorkloadKind::Hsdp => (hosts, 1),
        };
        let total_bytes = w.flow_size_bytes.saturating_mul(flows);
        let per_flow_packets = w.flow_size_bytes.div_ceil(t.mss_bytes.max(1) as u64);
        let min_duration_us =
            (w.flow_size_bytes.saturating_mul(into_one)) as f64 * 8.0 / (t.link_gbps as f64 * 1e3);
        let sample_values = if self.timeline.interval_us > 0.0 {
            let (switch_ports, path_slots) = match w.kind {
                WorkloadKind::NPath => (1 + 2 * w.paths as u64, w.paths as u64),
                _ => (5 * (t.k as u64).pow(3) / 4, (t.k as u64).pow(2) / 4),
            };
            let per_sample = switch_ports + flows * (2 + path_slots);
            min_duration_us / self.timeline.interval_us * per_sample as f64
        } else {
            0.0
        };
        Work {
            total_bytes,
            data_packets: per_flow_packets.saturating_mul(flows),
            min_duration_us,
            sample_values,
        }
    }

    /// Refuses a scenario whose work exceeds `budget`, naming the field to change.
    pub fn check_budget(&self, budget: &Budget) -> Result<(), ScenarioError> {
        let work = self.work();
        let size = self.workload.flow_size_bytes;
        let whose = budget.whose;
        if work.total_bytes > budget.max_total_bytes {
            let flows = (work.total_bytes / size.max(1)).max(1);
            return Err(err(
                "workload.flow_size_bytes",
                format!(
                    "{flows} flows (elephants included) × {size} B is more than {whose} allows: \
                     at most {} MiB per flow",
                    (budget.max_total_bytes / flows) >> 20
                ),
            ));
        }
        if work.data_packets > budget.max_data_packets {
            return Err(err(
                "workload.flow_size_bytes",
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
                "workload.flow_size_bytes",
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
        Ok(())
    }
}
