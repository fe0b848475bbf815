//! The class story's content: the paper's argument in five runs, each with its title, a
//! sentence or two of narration, what to look for, what it runs and the chart that makes its
//! point. The page's reducer runs a step ([`super::page::Page::reduce`]); the story's component
//! shows it.

use super::store::RunData;
use super::{theory_total, TheoryPoint};
use crate::palette;
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
    /// What the step shows and why; the paper's numbers, where it gives one, quoted as its.
    pub narration: &'static str,
    /// What to look for, naming the colours the charts draw with.
    pub look: fn() -> String,
    /// What the run on screen (and the runs the class has seen) shows, computed from them.
    pub says: fn(&Seen) -> Option<String>,
    pub run: StepRun,
    /// The canvas of the one chart that makes the step's point: the presentation layout shows
    /// it beside the network picture.
    pub point: &'static str,
}

/// What the class has seen: the run on screen, the one beside it, every finished run, and the
/// theory sweep's points.
pub struct Seen<'a> {
    pub run: Option<&'a RunData>,
    pub partner: Option<&'a RunData>,
    pub past: &'a [RunData],
    pub theory: &'a [TheoryPoint],
}

/// A CCA's colour in a word, as the charts draw it.
fn colour_of(cca: CcaName) -> &'static str {
    palette::name(palette::cca(cca)).unwrap_or("coloured")
}

/// "CCT 1131 µs, 12.6× the lower bound (inflation 1155 %)".
fn cct(run: &RunData) -> Option<String> {
    let r = run.report.as_ref()?;
    let (c, x) = (r.cct_us?, r.cct_inflation?);
    Some(format!(
        "CCT {c:.0} µs, {:.1}× the lower bound (inflation {:.0} %)",
        1.0 + x,
        100.0 * x
    ))
}

/// A finished baseline run's inflation, and what it ran: "LSwift with OPS 143 %".
fn inflation(run: &RunData) -> Option<(CcaName, LbScheme, f64)> {
    let x = run.report.as_ref()?.cct_inflation?;
    let cca = run.view().cca();
    Some((cca, run.scenario.lb.scheme, x))
}

/// The sprayed flows' mean window at the start, at its lowest and at the end, packets.
fn window(run: &RunData) -> Option<(f32, f32, f32)> {
    let first = run.summary.first()?.cwnd_mean;
    let last = run.summary.last()?.cwnd_mean;
    let low = run
        .summary
        .iter()
        .map(|b| b.cwnd_mean)
        .fold(f32::INFINITY, f32::min);
    Some((first, low, last))
}

/// The window and its cuts: what a collapse looks like in numbers.
fn collapse(seen: &Seen) -> Option<String> {
    let run = seen.run?;
    let c = &run.report.as_ref()?.counters;
    let (first, low, last) = window(run)?;
    Some(format!(
        "This run: {}. The sprayed flows' mean window: {first:.0} → {last:.0} packets ({low:.0} at \
         its lowest); {} cuts on a loss or a run of late packets, {} on delay.",
        cct(run)?,
        c.cuts_loss,
        c.cuts_delay
    ))
}

/// The finished runs of the same network (the baseline, the run's seed), newest first.
fn seen_runs<'a>(seen: &'a Seen) -> impl Iterator<Item = (CcaName, LbScheme, f64)> + 'a {
    let seed = seen.run.map(|r| r.scenario.seed);
    seen.past
        .iter()
        .rev()
        .filter(move |r| Some(r.scenario.seed) == seed)
        .filter_map(inflation)
}

/// The inflation of the last run of `cca` with `lb` the class has seen.
fn last_of(seen: &Seen, cca: CcaName, lb: LbScheme) -> Option<f64> {
    seen_runs(seen)
        .find(|(c, l, _)| (*c, *l) == (cca, lb))
        .map(|(_, _, x)| x)
}

fn swift_step(seen: &Seen) -> Option<String> {
    collapse(seen)
}

fn lswift_step(seen: &Seen) -> Option<String> {
    let mut s = collapse(seen)?;
    if let Some(x) = last_of(seen, CcaName::SWIFT, LbScheme::Ops) {
        s += &format!(
            " Swift with OPS on the same network: inflation {:.0} %.",
            100.0 * x
        );
    }
    Some(s)
}

fn mswift_step(seen: &Seen) -> Option<String> {
    let run = seen.run?;
    let (_, _, x) = inflation(run)?;
    let mut s = format!("This run: MSwift, {}.", cct(run)?);
    if let Some((cca, _, y)) = seen.partner.and_then(inflation) {
        s += &format!(
            " {} beside it: inflation {:.0} %.",
            cca.kind.info().name,
            100.0 * y
        );
    }
    if let Some(l) = last_of(seen, CcaName::LSWIFT, LbScheme::Ops) {
        s += &format!(
            " LSwift with OPS on the same network: {:.0} %, {:.1}× MSwift's.",
            100.0 * l,
            l / x
        );
    }
    Some(s)
}

fn reps_step(seen: &Seen) -> Option<String> {
    let run = seen.run?;
    let (_, _, x) = inflation(run)?;
    let mut s = format!("This run: MSwift with REPS, {}.", cct(run)?);
    if let Some(o) = last_of(seen, CcaName::MSWIFT, LbScheme::Ops) {
        let how = if x < o { "below" } else { "above" };
        s += &format!(" That is {how} MSwift with OPS ({:.0} %).", 100.0 * o);
    }
    match last_of(seen, CcaName::LSWIFT, LbScheme::Reps) {
        Some(l) => {
            s += &format!(
                " LSwift with REPS: {:.0} %, {:.1}× MSwift's (the paper: up to 8.6×).",
                100.0 * l,
                l / x
            )
        }
        None => s += " Run LSwift with REPS to compare with the paper's up to 8.6×.",
    }
    Some(s)
}

fn theory_step(seen: &Seen) -> Option<String> {
    let ends = |cca: CcaName| {
        let mut pts: Vec<&TheoryPoint> = seen.theory.iter().filter(|p| p.cca == cca).collect();
        pts.sort_by(|a, b| a.q.total_cmp(&b.q));
        Some((*pts.first()?, *pts.last()?))
    };
    let (s0, s1) = ends(CcaName::SWIFT)?;
    let mut s = format!(
        "Swift's throughput fell from {:.0} Gbps at q = {:.1} % to {:.0} Gbps at q = {:.1} %",
        s0.gbps,
        100.0 * s0.q,
        s1.gbps,
        100.0 * s1.q
    );
    if let Some((m0, m1)) = ends(CcaName::MSWIFT) {
        s += &format!("; MSwift's went from {:.0} to {:.0} Gbps", m0.gbps, m1.gbps);
    }
    s.push('.');
    Some(s)
}

pub const STEPS: [Step; 5] = [
    Step {
        title: "Swift collapses on reordering",
        narration: "128 hosts: 124 sprayed flows of 8 MiB, and 4 ECMP elephants that keep a few paths congested. \
            Swift sprays every packet on a random path (OPS). Packets overtake each other, and every SACK hole cuts the window.",
        look: || format!(
            "The window chart: the band of the sprayed flows' windows and their mean ({}); the CCT against the lower bound.",
            colour_of(CcaName::SWIFT)
        ),
        says: swift_step,
        run: StepRun::Baseline { cca: CcaName::SWIFT, lb: LbScheme::Ops, speed: 7, partner: None },
        point: "chart-cwnd",
    },
    Step {
        title: "LSwift: reordering handled, still collapsing",
        narration: "LSwift waits before it calls a hole a loss, so reordering alone no longer cuts the window. \
            But a share q of its packets cross the elephants' queues and come back late, and it cuts on a run of late packets.",
        look: || format!(
            "The delay chart: LSwift decides on the latest ACK, so its decision signal ({}, thick) is the raw RTT \
             ({}, thin), jumping whenever a packet crossed a congested path.",
            colour_of(CcaName::LSWIFT),
            palette::name(palette::REFERENCE).unwrap_or("grey")
        ),
        says: lswift_step,
        run: StepRun::Baseline { cca: CcaName::LSWIFT, lb: LbScheme::Ops, speed: 7, partner: None },
        point: "chart-delay",
    },
    Step {
        title: "MSwift: the median holds (in slow motion)",
        narration: "MSwift decides on the median of the last H delays. The few late ACKs from congested paths are outvoted \
            by the many on-time ones. Beside it, Swift runs on the same network in lockstep, one cursor for both.",
        look: || format!(
            "The delay chart: the median ({}, thick) stays near the short paths' delay while the raw RTT ({}) jumps. \
             Pause (Space), scrub back, click a link to plot its queue, click a host to follow its flow.",
            colour_of(CcaName::MSWIFT),
            palette::name(palette::REFERENCE).unwrap_or("grey")
        ),
        says: mswift_step,
        run: StepRun::Baseline { cca: CcaName::MSWIFT, lb: LbScheme::Ops, speed: 3, partner: Some(CcaName::SWIFT) },
        point: "chart-delay",
    },
    Step {
        title: "MSwift with REPS",
        narration: "REPS reuses the paths of ACKs that came back without an ECN mark. The paper reports its best CCT inflation \
            for MSwift with REPS, up to 8.6× below LSwift (its §IV-B). It depends on a choice the paper leaves open: \
            REPS here reads the ECN marks on MSwift's ACKs, marked because MSwift keeps queues above the 40 KB threshold. \
            The line below says what this run shows.",
        look: || "The flow completion times: the last flow to finish sets the CCT.".to_string(),
        says: reps_step,
        run: StepRun::Baseline { cca: CcaName::MSWIFT, lb: LbScheme::Reps, speed: 7, partner: None },
        point: "chart-fct",
    },
    Step {
        title: "The Θ(1/√q) rule",
        narration: "The theory model: one flow sprays round robin over n paths, one of them longer, so q = 1/n of its packets come back late. \
            The paper proves that Swift's throughput falls like 1/√q, and that a median of at least 3 samples does not collapse while q < 1/3.",
        look: || format!(
            "The theory chart fills with simulated points ({} short runs) beside the closed forms.",
            theory_total()
        ),
        says: theory_step,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_names_the_colours_its_chart_draws_with() {
        let looks: Vec<String> = STEPS.iter().map(|s| (s.look)()).collect();
        assert!(looks[0].contains(colour_of(CcaName::SWIFT)), "{}", looks[0]);
        assert!(
            looks[1].contains(colour_of(CcaName::LSWIFT)) && looks[1].contains("grey"),
            "{}",
            looks[1]
        );
        assert!(
            looks[2].contains(colour_of(CcaName::MSWIFT)),
            "{}",
            looks[2]
        );
        assert!(
            looks[4].contains(&theory_total().to_string()),
            "{}",
            looks[4]
        );
        assert!(looks
            .iter()
            .all(|l| !l.is_empty() && !l.contains("coloured")));
    }

    #[test]
    fn the_papers_numbers_are_quoted_as_the_papers() {
        for s in &STEPS {
            if s.narration.contains("8.6") {
                assert!(s.narration.contains("The paper reports"), "{}", s.narration);
            }
        }
    }
}
