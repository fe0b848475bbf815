//! Named scenarios: the paper's figures, each a few changes to the defaults.

use super::*;

/// A named scenario: its name (`--preset NAME`) and what it is (`spraylab presets`). The
/// paper's figures that run on it, and how they are labelled, are `repro::FIGURES`'.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    pub name: &'static str,
    pub about: &'static str,
}

/// Named scenarios: the paper's figures, the theory model, and the UEC reference's settings.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "baseline",
        about: "128 hosts (k=8), 4 ECMP elephants, 124 sprayed 8 MiB flows (paper Fig. 4, 5)",
    },
    Preset {
        name: "permutation",
        about: "128 hosts (k=8), 128 sprayed 8 MiB flows, no elephants (paper Fig. 6)",
    },
    Preset {
        name: "hsdp",
        about: "Llama-3 70B HSDP ring step: 16 servers × 8 GPUs, 8 rings, 3344 packets per flow (paper Fig. 7)",
    },
    Preset {
        name: "hosts250",
        about: "the baseline on 250 hosts (k=10), 4 elephants (paper Fig. 8)",
    },
    Preset {
        name: "size16mib",
        about: "the baseline with 16 MiB flows (paper Fig. 9)",
    },
    Preset {
        name: "elephants8",
        about: "the baseline with 8 elephants (paper Fig. 10)",
    },
    Preset {
        name: "failures",
        about: "the baseline with 1 % of the inter-switch links failed (paper Fig. 11)",
    },
    Preset {
        name: "drr",
        about: "the baseline with DRR fair scheduling of sprayed and ECMP traffic (paper Fig. 13)",
    },
    Preset {
        name: "incast",
        about: "32 random senders of 8 MiB to one receiver, no elephants (paper Fig. 14)",
    },
    Preset {
        name: "allreduce",
        about: "ring all-reduce: 128 hosts (k=8) in groups of 8, each member a chain of 15 flows of 1 MiB around its ring, no elephants",
    },
    Preset {
        name: "alltoall",
        about: "serial all-to-all: 128 hosts (k=8) in groups of 8, each member a chain of 7 flows of 1 MiB, one to every other member in turn, no elephants",
    },
    Preset {
        name: "npath",
        about: "theory model: one 64 MiB flow, round robin over 10 paths, one 2.5 µs longer (the model of paper §II; the 2.5 µs is SprayLab's)",
    },
    Preset {
        name: "npath-marked",
        about: "the theory model under Theorems 2 (ii) and 4: the long path ECN-marked and 6 µs longer (over 2 × SMaRTT's target), SMaRTT's gate open",
    },
    Preset {
        name: "uec-reference",
        about: "NSCC with the UEC reference simulator's settings: 4096+64 B packets, 192-packet queues, ECN at 10 packets, an ACK per 16 KiB, cwnd 1.5·BDP, its oblivious OPS; a permutation without elephants",
    },
];

/// The UEC reference simulator's queue: 192 packets.
const UEC_QUEUE_PACKETS: u32 = 192;
/// Its ECN step: 10 packets.
const UEC_ECN_PACKETS: u32 = 10;
/// Its entropy values per flow (`path_entropy_size` in `main_uec.cpp`): 64.
const UEC_PATH_ENTROPIES: u32 = 64;

impl Scenario {
    /// The settings of the UEC reference simulator (`main_uec.cpp`, `uec.cpp`) that the paper
    /// used for NSCC, on a permutation without elephants (docs/cli.md, "Running next to the UEC
    /// reference").
    fn uec_reference(&mut self) {
        let t = &mut self.topology;
        t.mss_bytes = 4096;
        t.header_bytes = 64;
        let wire = t.mss_bytes + t.header_bytes;
        t.buffer_packets = UEC_QUEUE_PACKETS;
        t.buffer_bytes = UEC_QUEUE_PACKETS * wire;
        t.ecn_min_bytes = UEC_ECN_PACKETS * wire;
        t.ecn_max_bytes = UEC_ECN_PACKETS * wire;
        self.workload.elephants = 0;
        self.lb.scheme = LbScheme::Oblivious;
        self.lb.path_labels = UEC_PATH_ENTROPIES;
        self.cca.algorithm = CcaKind::Nscc;
        self.cca.nscc.target_qdelay_us = 1.0;
        self.cca.initial_cwnd_bdp = 1.5;
        self.cca.nscc.rto_min_us = self.uec_min_rto_us();
        // the reference's receiver for any CCA run on this preset (NSCC's is its own default)
        self.transport.ack_every_bytes = 16 << 10;
    }

    /// The reference's minimum RTO (`main_uec.cpp`): 15 µs plus six full queues' drain time at
    /// the link rate. A topology file read after the preset sets another rate, so the command
    /// line derives it again then.
    pub fn uec_min_rto_us(&self) -> f64 {
        let t = &self.topology;
        let queue_bytes = match t.buffer_packets {
            0 => t.buffer_bytes as f64,
            n => n as f64 * (t.mss_bytes + t.header_bytes) as f64,
        };
        15.0 + 6.0 * queue_bytes * 8.0 / (t.link_gbps as f64 * 1e3)
    }

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
            "allreduce" | "alltoall" => {
                s.workload.kind = WorkloadKind::parse(name)?;
                s.workload.elephants = 0;
                s.workload.flow_size_bytes = 1 << 20;
            }
            "npath-marked" => {
                s = Scenario::preset("npath")?;
                s.workload.long_path_ecn = true;
                s.workload.long_path_extra_us = 6.0;
                s.cca.smartt_wait_to_decrease = false;
            }
            "uec-reference" => s.uec_reference(),
            _ => return None,
        }
        Some(s)
    }
}
