//! Named scenarios: the paper's figures, each a few changes to the defaults.

use super::*;

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
}
