//! The class story's content: the paper's argument in five runs, each with its title, a
//! sentence or two of narration, what to look for, what it runs and the chart that makes its
//! point. The page's reducer runs a step ([`super::page::Page::reduce`]); the story's component
//! shows it.

use super::charts::Chart;
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

/// A question the class answers before a step runs (predict), and the answer its run supports
/// (observe, explain).
pub struct Question {
    pub prompt: &'static str,
    /// Two or three answers, picked by the number keys 1 to 3 or a tap.
    pub choices: &'static [&'static str],
    /// The answer (an index into `choices`) the runs seen support, computed from them; `None`
    /// while they cannot say.
    pub supported: fn(&Seen) -> Option<usize>,
    /// What the answer needs when the runs seen cannot give it.
    pub needs: &'static str,
}

/// A step's question as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub prompt: &'static str,
    pub choices: &'static [&'static str],
    /// The class's answer, if it gave one.
    pub picked: Option<usize>,
    /// The answer the step's finished run supports.
    pub supported: Option<usize>,
    /// The sentence saying which answer the run supports and how the class's compares, once
    /// the step's run is on screen and finished.
    pub explain: Option<String>,
}

pub struct Step {
    pub title: &'static str,
    /// What the step shows and why; the paper's numbers, where it gives one, quoted as its.
    pub narration: &'static str,
    /// What to look for, naming the colours the charts draw with.
    pub look: fn() -> String,
    /// What the run on screen (and the runs the class has seen) shows, computed from them.
    pub says: fn(&Seen) -> Option<String>,
    /// What the class is asked before the run.
    pub ask: Question,
    /// A run the step's sentence compares with (a CCA and LB on the step's network), which a
    /// button runs into the comparison when the class has not seen it.
    pub compare: Option<(CcaName, LbScheme)>,
    pub run: StepRun,
    /// The one chart that makes the step's point: the presentation layout shows it beside the
    /// network picture.
    pub point: Chart,
    /// The presentation layout shows the followed flow's decision at the cursor in the network
    /// picture's place: the step is about what the median decides.
    pub decision: bool,
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

/// Whether the class has seen a finished run of `cca` with `lb` on the same network.
pub fn seen_run(seen: &Seen, cca: CcaName, lb: LbScheme) -> bool {
    last_of(seen, cca, lb).is_some()
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
    // q as the chart's axis gives it: a fraction
    let mut s = format!(
        "Swift's throughput fell from {:.0} Gbps at q = {:.2} to {:.0} Gbps at q = {:.2}",
        s0.gbps, s0.q, s1.gbps, s1.q
    );
    if let Some((m0, m1)) = ends(CcaName::MSWIFT) {
        s += &format!("; MSwift's went from {:.0} to {:.0} Gbps", m0.gbps, m1.gbps);
    }
    s.push('.');
    Some(s)
}

/// Whether the sprayed flows' mean window, averaged over the run, fell below half of where it
/// started: 1 (it fell), else 0.
fn window_fell(seen: &Seen) -> Option<usize> {
    let run = seen.run?;
    let (first, _, _) = window(run)?;
    let n = run.summary.len() as f32;
    let mean = run.summary.iter().map(|b| b.cwnd_mean).sum::<f32>() / n;
    Some(usize::from(mean < first / 2.0))
}

/// Whether the run's CCT is within twice its lower bound: 0 (within), else 1.
fn within_twice_the_bound(seen: &Seen) -> Option<usize> {
    let (_, _, x) = inflation(seen.run?)?;
    Some(usize::from(x >= 1.0))
}

/// Which of the run and its lockstep partner finished first: 0 (the run), 1 (the partner), or
/// 2 when their CCTs are within 10 % of each other.
fn first_to_finish(seen: &Seen) -> Option<usize> {
    let cct = |r: &RunData| r.report.as_ref()?.cct_us;
    let (a, b) = (cct(seen.run?)?, cct(seen.partner?)?);
    Some(match (a - b).abs() / a.min(b) {
        d if d <= 0.1 => 2,
        _ if a < b => 0,
        _ => 1,
    })
}

/// Whether MSwift with REPS (the run) finished sooner than MSwift with OPS on the same
/// network: 0 (sooner), else 1; `None` until the class has seen both.
fn reps_sooner(seen: &Seen) -> Option<usize> {
    let (_, _, x) = inflation(seen.run?)?;
    let ops = last_of(seen, CcaName::MSWIFT, LbScheme::Ops)?;
    Some(usize::from(x >= ops))
}

/// What the theory sweep shows as q grows: 0 (Swift's throughput falls by a fifth or more and
/// MSwift's, while q < 1/3, does not), 1 (both fall), 2 (Swift's does not fall).
fn theory_answer(seen: &Seen) -> Option<usize> {
    let kept = |cca: CcaName, below: f64| {
        let mut pts: Vec<&TheoryPoint> = seen
            .theory
            .iter()
            .filter(|p| p.cca == cca && p.q < below)
            .collect();
        pts.sort_by(|a, b| a.q.total_cmp(&b.q));
        Some(pts.last()?.gbps / pts.first()?.gbps)
    };
    let swift = kept(CcaName::SWIFT, f64::INFINITY)?;
    let mswift = kept(CcaName::MSWIFT, 1.0 / 3.0)?;
    Some(match (swift < 0.8, mswift < 0.8) {
        (true, false) => 0,
        (true, true) => 1,
        (false, _) => 2,
    })
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
        ask: Question {
            prompt: "Swift sprays every packet on a random path. What happens to its sprayed flows' window?",
            choices: &["It stays near where it started", "It falls below half of where it started"],
            supported: window_fell,
            needs: "the run's window samples",
        },
        run: StepRun::Baseline { cca: CcaName::SWIFT, lb: LbScheme::Ops, speed: 7, partner: None },
        compare: None,
        point: Chart::Cwnd,
        decision: false,
    },
    Step {
        title: "LSwift: reordering handled, still collapsing",
        narration: "LSwift waits before it calls a hole a loss, so reordering alone no longer cuts the window. \
            But a share q of its packets cross the elephants' queues and come back late, and it still cuts its window on each late delay.",
        look: || format!(
            "The delay chart: LSwift decides on the latest ACK, so its decision signal ({}, thick) is the raw RTT \
             ({}, thin), jumping whenever a packet crossed a congested path.",
            colour_of(CcaName::LSWIFT),
            palette::name(palette::REFERENCE).unwrap_or("grey")
        ),
        says: lswift_step,
        ask: Question {
            prompt: "LSwift no longer reads reordering as a loss. Will its flows finish within twice the lower bound?",
            choices: &["Yes: within twice the lower bound", "No: more than twice the lower bound"],
            supported: within_twice_the_bound,
            needs: "a finished run",
        },
        run: StepRun::Baseline { cca: CcaName::LSWIFT, lb: LbScheme::Ops, speed: 7, partner: None },
        compare: None,
        point: Chart::Delay,
        decision: false,
    },
    Step {
        title: "MSwift: the median holds (in slow motion)",
        narration: "MSwift decides on the median of the last H delays. The few late ACKs from congested paths are outvoted \
            by the many on-time ones. Beside it, Swift runs on the same network in lockstep, one cursor for both.",
        look: || format!(
            "The decision view: MSwift's signal is the median ({} line) of its last H delays ({} dots); the latest ({} ring) \
             jumps when its packet crossed a congested path, the median does not. The window chart: MSwift's mean window \
             ({0}, thick) beside Swift's in lockstep ({}).",
            colour_of(CcaName::MSWIFT),
            palette::name(palette::REFERENCE).unwrap_or("grey"),
            palette::name(palette::CURSOR).unwrap_or("red"),
            colour_of(CcaName::SWIFT)
        ),
        says: mswift_step,
        ask: Question {
            prompt: "MSwift and Swift on the same network, the same elephants: which finishes first?",
            choices: &["MSwift", "Swift", "Neither: within 10 % of each other"],
            supported: first_to_finish,
            needs: "both runs finished",
        },
        run: StepRun::Baseline { cca: CcaName::MSWIFT, lb: LbScheme::Ops, speed: 3, partner: Some(CcaName::SWIFT) },
        compare: None,
        point: Chart::Cwnd,
        decision: true,
    },
    Step {
        title: "MSwift with REPS",
        narration: "REPS reuses the paths of ACKs that came back without an ECN mark. The paper reports its best CCT inflation \
            for MSwift with REPS, up to 8.6× below LSwift (its §IV-B). It depends on a choice the paper leaves open: \
            REPS here reads the ECN marks on MSwift's ACKs, marked because MSwift keeps queues above the 40 KB threshold. \
            The line below says what this run shows.",
        look: || "The flow completion times: the last flow to finish sets the CCT.".to_string(),
        says: reps_step,
        ask: Question {
            prompt: "With REPS instead of OPS, will MSwift finish sooner (a lower CCT inflation) than it did in step 3?",
            choices: &["Sooner than with OPS", "Not sooner than with OPS"],
            supported: reps_sooner,
            needs: "MSwift with OPS on the same network (step 3) among the runs seen",
        },
        run: StepRun::Baseline { cca: CcaName::MSWIFT, lb: LbScheme::Reps, speed: 7, partner: None },
        compare: Some((CcaName::LSWIFT, LbScheme::Reps)),
        point: Chart::Fct,
        decision: false,
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
        ask: Question {
            prompt: "As q, the share of late packets, grows: what happens to the throughput?",
            choices: &[
                "Swift's falls; MSwift's holds while q < 1/3",
                "Both fall",
                "Swift's does not fall",
            ],
            supported: theory_answer,
            needs: "the theory sweep's points for Swift and MSwift",
        },
        run: StepRun::Theory,
        compare: None,
        point: Chart::Theory,
        decision: false,
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

    /// A finished run of `cca` with `lb` whose CCT is `cct` µs over a lower bound of 100 µs and
    /// whose mean window goes through `windows`.
    fn run(cca: CcaName, lb: LbScheme, cct: f64, windows: &[f32]) -> RunData {
        let mut s = Scenario::default();
        cca.apply(&mut s.cca);
        s.lb.scheme = lb;
        let mut r = RunData::new(0, s);
        r.report = Some(crate::Report {
            finished: true,
            sim_time_us: cct,
            cct_us: Some(cct),
            ideal_cct_us: 100.0,
            cct_inflation: Some(cct / 100.0 - 1.0),
            flows: Vec::new(),
            counters: Default::default(),
            perf: None,
        });
        r.summary = windows
            .iter()
            .enumerate()
            .map(|(i, &w)| super::super::store::BucketSummary {
                time_us: i as f64,
                cwnd_mean: w,
                ..Default::default()
            })
            .collect();
        r
    }

    fn seen<'a>(run: &'a RunData, partner: Option<&'a RunData>, past: &'a [RunData]) -> Seen<'a> {
        Seen {
            run: Some(run),
            partner,
            past,
            theory: &[],
        }
    }

    /// Each step's answer is computed from the runs, and the other runs give the other answer.
    #[test]
    fn every_question_is_answered_by_the_runs_and_the_opposite_runs_answer_otherwise() {
        let (swift, lswift, mswift) = (CcaName::SWIFT, CcaName::LSWIFT, CcaName::MSWIFT);
        let ask = |i: usize, seen: &Seen| (STEPS[i].ask.supported)(seen);
        // 1: the mean window over the run against half its start
        let fell = run(swift, LbScheme::Ops, 900.0, &[150.0, 20.0, 10.0, 10.0]);
        let held = run(swift, LbScheme::Ops, 900.0, &[150.0, 140.0, 120.0, 130.0]);
        assert_eq!(ask(0, &seen(&fell, None, &[])), Some(1));
        assert_eq!(ask(0, &seen(&held, None, &[])), Some(0));
        // 2: the CCT against twice the lower bound
        let slow = run(lswift, LbScheme::Ops, 250.0, &[1.0]);
        let quick = run(lswift, LbScheme::Ops, 150.0, &[1.0]);
        assert_eq!(ask(1, &seen(&slow, None, &[])), Some(1));
        assert_eq!(ask(1, &seen(&quick, None, &[])), Some(0));
        // 3: which of the two finishes first, or neither by more than 10 %
        let m = run(mswift, LbScheme::Ops, 120.0, &[1.0]);
        let s = run(swift, LbScheme::Ops, 900.0, &[1.0]);
        let near = run(swift, LbScheme::Ops, 125.0, &[1.0]);
        assert_eq!(ask(2, &seen(&m, Some(&s), &[])), Some(0));
        assert_eq!(ask(2, &seen(&s, Some(&m), &[])), Some(1));
        assert_eq!(ask(2, &seen(&m, Some(&near), &[])), Some(2));
        assert_eq!(ask(2, &seen(&m, None, &[])), None, "no partner, no answer");
        // 4: REPS against the MSwift-with-OPS run seen on the same network
        let reps = run(mswift, LbScheme::Reps, 110.0, &[1.0]);
        let late = run(mswift, LbScheme::Reps, 130.0, &[1.0]);
        let past = [run(mswift, LbScheme::Ops, 120.0, &[1.0])];
        assert_eq!(ask(3, &seen(&reps, None, &past)), Some(0));
        assert_eq!(ask(3, &seen(&late, None, &past)), Some(1));
        assert_eq!(
            ask(3, &seen(&reps, None, &[])),
            None,
            "nothing to compare with"
        );
        // 5: Swift's throughput over q, MSwift's below q = 1/3
        let point = |cca, q, gbps| TheoryPoint { cca, q, gbps };
        let theory = |s1: f64, m1: f64| {
            vec![
                point(swift, 0.05, 100.0),
                point(swift, 0.5, s1),
                point(mswift, 0.05, 100.0),
                point(mswift, 0.3, m1),
                point(mswift, 0.5, 10.0),
            ]
        };
        let answer = |points: &[TheoryPoint]| {
            let seen = Seen {
                run: None,
                partner: None,
                past: &[],
                theory: points,
            };
            ask(4, &seen)
        };
        assert_eq!(answer(&theory(30.0, 95.0)), Some(0));
        assert_eq!(answer(&theory(30.0, 40.0)), Some(1));
        assert_eq!(answer(&theory(99.0, 95.0)), Some(2));
        for step in &STEPS {
            assert!((2..=3).contains(&step.ask.choices.len()), "{}", step.title);
        }
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
