//! The paper's figures as grids: each a preset, the CCAs and LB schemes it compares; and the
//! alternatives to SprayLab's choices where the paper is silent (ALGORITHMS.md §15).

use crate::scenario::{CcaName, DrrBuffer, LbScheme, Scenario, WorkloadKind};

/// One figure of the paper: a preset and the CCAs and LB schemes compared on it; or an
/// alternative to one of SprayLab's choices where the paper is silent (ALGORITHMS.md §15), run against
/// the figure that uses the default.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    pub name: &'static str,
    pub about: &'static str,
    pub preset: &'static str,
    pub ccas: &'static [CcaName],
    pub lbs: &'static [LbScheme],
    pub alternative: Option<Alternative>,
}

impl Figure {
    /// Whether the figure runs the n-path model, one run per value of q ([`crate::model::THEORY_PATHS`])
    /// instead of one per seed.
    pub fn over_q(&self) -> bool {
        Scenario::preset(self.preset).is_some_and(|s| s.workload.kind == WorkloadKind::NPath)
    }

    /// The figure's short label: the paper's figure number and the name ("Fig. 4: baseline").
    pub fn label(&self) -> String {
        let which = self.about.split(':').next().unwrap_or(self.about);
        let which = match which.starts_with("Fig.") {
            true => which.split(" and ").next().unwrap_or(which),
            false => which,
        };
        format!("{which}: {}", self.name)
    }
}

/// The alternative to a §15 choice that a figure measures.
#[derive(Clone, Copy, Debug)]
pub struct Alternative {
    /// The choice's number in ALGORITHMS.md §15 ("A1").
    pub choice: &'static str,
    /// The figure with SprayLab's default, whose cells are the reference.
    pub reference: &'static str,
    /// The reference's LB scheme when the alternative is an LB scheme itself.
    pub reference_lb: Option<LbScheme>,
    /// What changes, applied to the preset before any command-line override.
    pub apply: fn(&mut Scenario),
}

use CcaName as C;
const SWIFT: CcaName = C::SWIFT;
const LSWIFT: CcaName = C::LSWIFT;
const MSWIFT: CcaName = C::MSWIFT;
const NSCC: CcaName = C::NSCC;
const MNSCC: CcaName = C::MNSCC;

const FIVE: &[CcaName] = &[SWIFT, LSWIFT, MSWIFT, NSCC, MNSCC];
/// The paper drops Swift after Fig. 4.
pub const FOUR: &[CcaName] = &[LSWIFT, MSWIFT, NSCC, MNSCC];
/// The spraying schemes every figure compares.
pub const SPRAYING: &[LbScheme] = &[LbScheme::Ops, LbScheme::Ar, LbScheme::Reps];

/// The paper's figures (no alternatives), each preset once, its first figure's description
/// as its label: the page's preset menu.
pub fn figure_presets() -> impl Iterator<Item = (&'static str, &'static str)> {
    FIGURES
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            f.alternative.is_none()
                && !FIGURES[..*i]
                    .iter()
                    .any(|g| g.alternative.is_none() && g.preset == f.preset)
        })
        .map(|(_, f)| (f.preset, f.about))
}

/// The evaluation's figures, then the theory.
pub const FIGURES: &[Figure] = &[
    Figure {
        name: "baseline",
        about: "Fig. 4 and 5: permutation with 4 ECMP elephants",
        preset: "baseline",
        ccas: FIVE,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "permutation",
        about: "Fig. 6: permutation without elephants",
        preset: "permutation",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "hsdp",
        about: "Fig. 7: Llama-70B HSDP ring step",
        preset: "hsdp",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "hosts250",
        about: "Fig. 8: 250 hosts",
        preset: "hosts250",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "size16mib",
        about: "Fig. 9: 16 MiB flows",
        preset: "size16mib",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "elephants8",
        about: "Fig. 10: 8 elephants",
        preset: "elephants8",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "failures",
        about: "Fig. 11: 1 % link failures",
        preset: "failures",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "percentiles",
        about: "Fig. 12: MSwift against its P10 and P90 variants",
        preset: "baseline",
        ccas: &[MSWIFT, C::MSWIFT_P10, C::MSWIFT_P90],
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "drr",
        about: "Fig. 13: DRR fair scheduling",
        preset: "drr",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "incast",
        about: "Fig. 14: incast 32 → 1",
        preset: "incast",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "theory",
        about: "Fig. 2: closed forms against simulated n-path points",
        preset: "npath",
        ccas: &[C::TCP, C::DCTCP, SWIFT, C::SMARTT, LSWIFT, MSWIFT],
        lbs: &[LbScheme::Rr],
        alternative: None,
    },
    Figure {
        name: "theory-marked",
        about: "Theorems 2 (ii) and 4: long path marked and 6 µs longer, SMaRTT gate open",
        preset: "npath-marked",
        ccas: &[C::DCTCP, C::SMARTT],
        lbs: &[LbScheme::Rr],
        alternative: None,
    },
    Figure {
        name: "alt-fs0",
        about: "A1 alternative: Swift's flow scaling off (fs_range = 0), baseline",
        preset: "baseline",
        ccas: &[LSWIFT, MSWIFT],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A1",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.swift.fs_range_us = 0.0,
        }),
    },
    Figure {
        name: "alt-no-wait",
        about: "A3 alternative: no reordering wait, a hole is delayed at once, baseline",
        preset: "baseline",
        ccas: &[LSWIFT, MSWIFT],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A3",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.transport.reordering_wait = false,
        }),
    },
    Figure {
        name: "alt-md-latest",
        about: "A6 alternative: MSwift sizes its decrease on the latest delay, baseline",
        preset: "baseline",
        ccas: &[MSWIFT],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A6",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.swift.decrease_on_latest = true,
        }),
    },
    Figure {
        name: "alt-h32",
        about: "A4 alternative: MSwift with H = 32 (a public htsim fork caps H there), baseline",
        preset: "baseline",
        ccas: &[MSWIFT],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A4",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.history = crate::scenario::History::Fixed(32),
        }),
    },
    Figure {
        name: "alt-queueing-md",
        about:
            "A1 alternative: the Swift family sizes its decreases on the queueing delay, baseline",
        preset: "baseline",
        ccas: &[LSWIFT, MSWIFT],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A1",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.swift.decrease_on_queueing = true,
        }),
    },
    Figure {
        name: "alt-delay-run",
        about: "A3 alternative: LSwift and MSwift cut after 5 ACKs in a row above target, baseline",
        preset: "baseline",
        ccas: &[LSWIFT, MSWIFT],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A3",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.swift.ltcp_on_delay = true,
        }),
    },
    Figure {
        name: "alt-icwnd",
        about: "A8 alternative: initial cwnd BDP/32 in the incast",
        preset: "incast",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A8",
            reference: "incast",
            reference_lb: None,
            apply: |s| s.cca.initial_cwnd_bdp = 1.0 / 32.0,
        }),
    },
    Figure {
        name: "alt-hsdp-hosts",
        about: "A14 alternative: HSDP with every GPU on a random host",
        preset: "hsdp",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A14",
            reference: "hsdp",
            reference_lb: None,
            apply: |s| s.workload.hsdp_random_hosts = true,
        }),
    },
    Figure {
        name: "alt-degraded",
        about: "A17 alternative: failed links stay, at a quarter of the rate",
        preset: "failures",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A17",
            reference: "failures",
            reference_lb: None,
            apply: |s| s.topology.failed_links_degraded = true,
        }),
    },
    Figure {
        name: "alt-ack-each",
        about: "A9 alternative: NSCC and MNSCC receivers ACK every packet, baseline",
        preset: "baseline",
        ccas: &[NSCC, MNSCC],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A9",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.nscc.ack_every_bytes = 0,
        }),
    },
    Figure {
        name: "alt-smartt-open",
        about: "A21 alternative: SMaRTT with its gate open, the long path marked (Theorem 4)",
        preset: "npath",
        ccas: &[C::SMARTT],
        lbs: &[LbScheme::Rr],
        alternative: Some(Alternative {
            choice: "A21",
            reference: "theory",
            reference_lb: None,
            apply: |s| {
                s.cca.smartt_wait_to_decrease = false;
                s.workload.long_path_ecn = true;
            },
        }),
    },
    Figure {
        name: "alt-cycle",
        about: "A12 alternative: OPS as a cycle through the labels (RR), baseline",
        preset: "baseline",
        ccas: FOUR,
        lbs: &[LbScheme::Rr],
        alternative: Some(Alternative {
            choice: "A12",
            reference: "baseline",
            reference_lb: Some(LbScheme::Ops),
            apply: |_| {},
        }),
    },
    Figure {
        name: "alt-labels64",
        about: "A12 alternative: 64 path labels (the UEC simulator's entropies), baseline",
        preset: "baseline",
        ccas: FIVE,
        lbs: &[LbScheme::Ops, LbScheme::Reps],
        alternative: Some(Alternative {
            choice: "A12",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.lb.path_labels = 64,
        }),
    },
    Figure {
        name: "alt-reps-uec",
        about: "A11 alternative: REPS in the UEC form (8 recycled labels), baseline",
        preset: "baseline",
        ccas: FIVE,
        lbs: &[LbScheme::RepsUec],
        alternative: Some(Alternative {
            choice: "A11",
            reference: "baseline",
            reference_lb: Some(LbScheme::Reps),
            apply: |_| {},
        }),
    },
    Figure {
        name: "alt-ecn-ramp",
        about: "A24 alternative: ECN ramp from 20 to 80 % of the BDP, baseline",
        preset: "baseline",
        ccas: &[NSCC, MNSCC],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A24",
            reference: "baseline",
            reference_lb: None,
            apply: |s| {
                // 20 % and 80 % of the 624,960 B BDP (ALGORITHMS.md §2)
                s.topology.ecn_min_bytes = 124_992;
                s.topology.ecn_max_bytes = 499_968;
            },
        }),
    },
    Figure {
        name: "alt-reps-unmarked",
        about: "A28 alternative: REPS sees no ECN mark on the Swift family's ACKs, baseline",
        preset: "baseline",
        ccas: &[SWIFT, LSWIFT, MSWIFT],
        lbs: &[LbScheme::Reps],
        alternative: Some(Alternative {
            choice: "A28",
            reference: "baseline",
            reference_lb: None,
            apply: unmarked,
        }),
    },
    Figure {
        name: "alt-reps-unmarked-perm",
        about: "A28 alternative: REPS sees no ECN mark on the Swift family's ACKs, permutation",
        preset: "permutation",
        ccas: &[LSWIFT, MSWIFT],
        lbs: &[LbScheme::Reps],
        alternative: Some(Alternative {
            choice: "A28",
            reference: "permutation",
            reference_lb: None,
            apply: unmarked,
        }),
    },
    Figure {
        name: "alt-reps-unmarked-hsdp",
        about: "A28 alternative: REPS sees no ECN mark on the Swift family's ACKs, HSDP",
        preset: "hsdp",
        ccas: &[LSWIFT, MSWIFT],
        lbs: &[LbScheme::Reps],
        alternative: Some(Alternative {
            choice: "A28",
            reference: "hsdp",
            reference_lb: None,
            apply: unmarked,
        }),
    },
    Figure {
        name: "alt-reps-ecn100k",
        about: "A28 in between: REPS sees the Swift family's marks only above 100 KiB, baseline",
        preset: "baseline",
        ccas: &[SWIFT, LSWIFT, MSWIFT],
        lbs: &[LbScheme::Reps],
        alternative: Some(Alternative {
            choice: "A28",
            reference: "baseline",
            reference_lb: None,
            apply: |s| mark_above(s, 100 * 1024),
        }),
    },
    Figure {
        name: "alt-reps-ecn200k",
        about: "A28 in between: REPS sees the Swift family's marks only above 200 KiB, baseline",
        preset: "baseline",
        ccas: &[SWIFT, LSWIFT, MSWIFT],
        lbs: &[LbScheme::Reps],
        alternative: Some(Alternative {
            choice: "A28",
            reference: "baseline",
            reference_lb: None,
            apply: |s| mark_above(s, 200 * 1024),
        }),
    },
    Figure {
        name: "alt-drr-split",
        about: "A18 alternative: DRR's classes each get half the buffer and half the ECN threshold",
        preset: "drr",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A18",
            reference: "drr",
            reference_lb: None,
            apply: |s| s.topology.drr_buffer = DrrBuffer::Split,
        }),
    },
    Figure {
        name: "alt-drr-shared",
        about: "A18 alternative: DRR's classes share one buffer and one ECN threshold",
        preset: "drr",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A18",
            reference: "drr",
            reference_lb: None,
            apply: |s| s.topology.drr_buffer = DrrBuffer::Shared,
        }),
    },
    Figure {
        name: "alt-drr-3to1",
        about: "A18 beside it: DRR weights 3:1 for the sprayed class (the paper's are equal)",
        preset: "drr",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A18",
            reference: "drr",
            reference_lb: None,
            apply: |s| s.topology.drr_weights = [3.0, 1.0],
        }),
    },
];

/// A28's alternative: no packet is marked. The Swift family never reads ECN, so only what REPS
/// sees changes: every ACK is clean, as from htsim's Swift sink, which echoes no ECN.
fn unmarked(s: &mut Scenario) {
    mark_above(s, s.topology.buffer_bytes);
}

/// A step ECN threshold at `bytes`: for the Swift family, which never reads ECN, it sets how
/// many of its ACKs REPS sees marked (ALGORITHMS.md §5.2).
fn mark_above(s: &mut Scenario, bytes: u32) {
    s.topology.ecn_min_bytes = bytes;
    s.topology.ecn_max_bytes = bytes;
}

pub fn figure(name: &str) -> Option<&'static Figure> {
    FIGURES.iter().find(|f| f.name == name)
}
