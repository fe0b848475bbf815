//! The class story: the paper's argument in five runs, each with a sentence or two of narration,
//! advanced by a button. A step sets the form (and the playback speed), then runs.

use crate::scenario::{CcaName, LbScheme, Scenario};
use yew::prelude::*;

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
            below, Swift runs on the same network in lockstep, one cursor for both.",
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

/// What the story asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StoryAction {
    /// Show this step, or close the story.
    Show(Option<usize>),
    /// Run this step.
    Run(usize),
}

#[derive(Properties, PartialEq)]
pub struct StoryProps {
    /// The step shown; `None`: the story is closed.
    pub step: Option<usize>,
    pub on: Callback<StoryAction>,
}

#[function_component(Story)]
pub fn story(props: &StoryProps) -> Html {
    let on = &props.on;
    let Some(i) = props.step else {
        return html! {
            <div class="story closed">
                <button id="story-open" onclick={on.reform(|_| StoryAction::Show(Some(0)))}>{ "▶ Class mode: the paper in five runs" }</button>
            </div>
        };
    };
    let step = &STEPS[i.min(STEPS.len() - 1)];
    let last = i + 1 >= STEPS.len();
    html! {
        <div class="story open" aria-live="polite">
            <div class="story-head">
                <h2>{ format!("Class mode · step {} of {}: {}", i + 1, STEPS.len(), step.title) }</h2>
                <button class="quiet" onclick={on.reform(|_| StoryAction::Show(None))} aria-label="close class mode">{ "✕" }</button>
            </div>
            <p id="story-narration">{ step.narration }</p>
            <p class="hint"><strong>{ "Look for: " }</strong>{ step.look }</p>
            <div class="buttons">
                <button id="story-run" onclick={on.reform(move |_| StoryAction::Run(i))}>{ "Run this step" }</button>
                if i > 0 {
                    <button class="quiet" onclick={on.reform(move |_| StoryAction::Show(Some(i - 1)))}>{ "← Back" }</button>
                }
                if !last {
                    <button id="story-next" class="quiet" onclick={on.reform(move |_| StoryAction::Show(Some(i + 1)))}>{ "Next step →" }</button>
                }
            </div>
        </div>
    }
}
