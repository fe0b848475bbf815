//! The class story's content: the paper's argument in five runs, each with its title, a
//! sentence or two of narration, what to look for, what it runs and the chart that makes its
//! point. The page's reducer runs a step ([`super::page::Page::reduce`]); the story's component
//! shows it.

use crate::scenario::{CcaName, LbScheme, Scenario};

/// What a step runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepRun {
    /// The baseline (Fig. 4) with this CCA and LB, at this playback speed (index into
    /// [`crate::session::playback::SPEEDS`]).
    Baseline {
        cca: CcaName,
        lb: LbScheme,
        speed: usize,
        /// A CCA run beside it in lockstep, on the same scenario.
        partner: Option<CcaName>,
    },
    /// The theory sweep.
    Theory,
}

pub struct Step {
    pub title: &'static str,
    pub narration: &'static str,
    pub look: &'static str,
    pub run: StepRun,
    /// The canvas of the one chart that makes the step's point: the presentation layout shows
    /// it beside the network picture.
    pub point: &'static str,
}

pub const STEPS: [Step; 5] = [
    Step {
        title: "Swift collapses on reordering",
        narration: "128 hosts: 124 sprayed flows of 8 MiB, and 4 ECMP elephants that keep a few paths congested. \
            Swift sprays every packet on a random path (OPS). Packets overtake each other, every SACK hole cuts the window.",
        look: "The congestion window band falls to a few packets; the CCT ends many times above the lower bound.",
        run: StepRun::Baseline { cca: CcaName::SWIFT, lb: LbScheme::Ops, speed: 7, partner: None },
        point: "chart-cwnd",
    },
    Step {
        title: "LSwift: reordering handled, still collapsing",
        narration: "LSwift waits before it calls a hole a loss, so reordering alone no longer cuts the window. \
            But a share q of its packets cross the elephants' queues and come back late, and Swift cuts on every late delay.",
        look: "The decision signal (blue) jumps with the raw RTT; the window saws down again and again.",
        run: StepRun::Baseline { cca: CcaName::LSWIFT, lb: LbScheme::Ops, speed: 7, partner: None },
        point: "chart-delay",
    },
    Step {
        title: "MSwift: the median holds (in slow motion)",
        narration: "MSwift decides on the median of the last H delays. The few late ACKs from congested paths are outvoted \
            by the many on-time ones. Watch the elephants' links turn red in the network while the median stays flat; \
            beside it, Swift runs on the same network in lockstep, one cursor for both.",
        look: "Pause (Space), scrub back, click a red link to plot its queue, click a host to follow its flow.",
        run: StepRun::Baseline { cca: CcaName::MSWIFT, lb: LbScheme::Ops, speed: 3, partner: Some(CcaName::SWIFT) },
        point: "chart-delay",
    },
    Step {
        title: "MSwift with REPS",
        narration: "REPS steers sprayed packets away from paths that came back ECN-marked. With MSwift it gives the paper's best \
            CCT inflation under elephants: up to 8.6× below LSwift.",
        look: "Compare the last runs in the table below: CCT inflation of Swift, LSwift, MSwift.",
        run: StepRun::Baseline { cca: CcaName::MSWIFT, lb: LbScheme::Reps, speed: 7, partner: None },
        point: "chart-fct",
    },
    Step {
        title: "The Θ(1/√q) rule",
        narration: "The theory model: one flow sprays round robin over n paths, one of them longer, so q = 1/n of its packets come back late. \
            Swift and LSwift follow the closed form down like 1/√q; MSwift stays at line rate while q < 1/3.",
        look: "The theory chart fills with simulated points (21 short runs).",
        run: StepRun::Theory,
        point: "chart-theory",
    },
];

impl StepRun {
    /// The form's scenario for this step (the baseline with the step's CCA and LB).
    pub fn scenario(&self, seed: u64) -> Option<Scenario> {
        let StepRun::Baseline { cca, lb, .. } = *self else {
            return None;
        };
        let mut s = Scenario::preset("baseline")?;
        cca.apply(&mut s.cca);
        s.lb.scheme = lb;
        s.seed = seed;
        Some(s)
    }
}
