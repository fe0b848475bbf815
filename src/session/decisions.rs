//! The median's decision at the cursor: for the flow the charts follow, what its CCA saw and
//! did at its last window decision before the playback cursor.
//!
//! The decisions come from the command line's `--trace-flow` diagnostic, run in the page: once
//! the main run has finished, the worker runs its scenario again (deterministic, so the same
//! run) recording that flow's every decision ([`crate::protocol::ToWorker::Trace`]). A decision
//! row holds the ACK's RTT sample, the signal the CCA decided on, H, the target and cwnd before
//! and after ([`crate::sim::trace::Decision`]); the last H ACK rows' samples are the ones the
//! median (or another percentile) was taken of, since every ACK's sample enters the filter.
//! Under Swift and LSwift, which keep no history, the latest sample is the signal.
//!
//! The trace shares the page's one worker with the main run, its partner and the comparison
//! series, and waits for them: a run sent while a trace is under way drops the trace (the worker
//! runs one thing at a time), which is then asked for again once the worker is free.

use super::{Phase, Session};
pub use crate::figures::DecisionAt;
use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::{CcaName, MEDIAN};
use crate::sim::time::to_us;
use crate::sim::trace::{Cause, Decision, Outcome};

/// Samples shown before a decision of a CCA without history (Swift, LSwift): the latest alone
/// decides, the ones before it show what it jumped from.
pub const CONTEXT_SAMPLES: usize = 8;

/// One flow's decisions, replayed from the run on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowTrace {
    /// The run's id and the flow.
    pub run: u32,
    pub flow: usize,
    /// In time order.
    pub rows: Vec<Decision>,
    /// Decisions past the most a trace sends.
    pub left_out: u64,
}

/// Where the followed flow's trace stands.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceState {
    /// Waiting for the worker (the run, its partner or a series first).
    Waiting,
    /// The worker replays the run as job `id`.
    Running(u32),
    Done(FlowTrace),
    Failed(String),
}

/// The trace of flow `flow` of run `run`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tracing {
    pub run: u32,
    pub flow: usize,
    pub state: TraceState,
}

impl Session {
    /// Follows flow `flow`'s decisions: once the main run has finished, asks the worker for
    /// its trace (when the worker is free), and forgets a trace of another run or flow.
    pub fn follow_decisions(&mut self, flow: usize) -> Vec<ToWorker> {
        let run = match (&self.run, &self.phase) {
            (Some(run), Some(Phase::Done)) => run,
            _ => {
                self.tracing = None;
                return Vec::new();
            }
        };
        let run_id = run.id;
        if self
            .tracing
            .as_ref()
            .is_none_or(|t| (t.run, t.flow) != (run_id, flow))
        {
            self.tracing = Some(Tracing {
                run: run_id,
                flow,
                state: TraceState::Waiting,
            });
        }
        let waiting = self
            .tracing
            .as_ref()
            .is_some_and(|t| matches!(t.state, TraceState::Waiting));
        if !waiting || !self.worker_ready || self.busy() {
            return Vec::new();
        }
        // called after every action (pointer moves too): the scenario is copied only to be sent
        let scenario = self
            .run
            .as_ref()
            .map(|r| r.scenario.clone())
            .unwrap_or_default();
        let id = self.take_id();
        if let Some(t) = &mut self.tracing {
            t.state = TraceState::Running(id);
        }
        vec![ToWorker::Trace {
            id,
            scenario: Box::new(scenario),
            flow: flow as u32,
        }]
    }

    /// A run sent to the worker drops a trace under way: it waits again.
    pub(super) fn trace_dropped(&mut self) {
        if let Some(t) = &mut self.tracing {
            if matches!(t.state, TraceState::Running(_)) {
                t.state = TraceState::Waiting;
            }
        }
    }

    /// Takes the worker's message if it is about the trace under way; whether it was.
    pub(super) fn on_trace_message(&mut self, msg: &FromWorker) -> bool {
        let Some(t) = &mut self.tracing else {
            return false;
        };
        let TraceState::Running(job) = t.state else {
            return false;
        };
        match msg {
            FromWorker::Traced {
                id,
                decisions,
                left_out,
                ..
            } if *id == job => {
                t.state = TraceState::Done(FlowTrace {
                    run: t.run,
                    flow: t.flow,
                    rows: decisions.clone(),
                    left_out: *left_out,
                });
                true
            }
            FromWorker::Failed { id, message } if *id == job => {
                t.state = TraceState::Failed(message.clone());
                true
            }
            _ => false,
        }
    }

    /// The followed flow's trace, once it has come.
    pub fn flow_trace(&self) -> Option<&FlowTrace> {
        match &self.tracing.as_ref()?.state {
            TraceState::Done(t) => Some(t),
            _ => None,
        }
    }
}

/// A decision's time, µs.
pub fn time_us(d: &Decision) -> f64 {
    to_us(d.time)
}

impl FlowTrace {
    /// The last decision at or before `t_us`.
    pub fn at(&self, t_us: f64) -> Option<usize> {
        self.rows
            .partition_point(|d| time_us(d) <= t_us)
            .checked_sub(1)
    }

    /// The time of the decision `steps` decisions after (or before, negative) the one at
    /// `t_us`; the first decision's time when none is at or before `t_us`.
    pub fn step_from(&self, t_us: f64, steps: i32) -> Option<f64> {
        let last = self.rows.len().checked_sub(1)?;
        let to = match self.at(t_us) {
            Some(i) => (i as i64 + steps as i64).clamp(0, last as i64) as usize,
            None => 0,
        };
        Some(time_us(&self.rows[to]))
    }

    /// The RTT samples (time, RTT, µs) that decision `i` was taken on, oldest first: the last
    /// H ACKs' samples up to it, or for a CCA without history the latest sample and the
    /// [`CONTEXT_SAMPLES`] before it.
    pub fn samples(&self, i: usize) -> Vec<(f64, f64)> {
        let n = self.rows[i].history.unwrap_or(CONTEXT_SAMPLES + 1);
        let mut out: Vec<(f64, f64)> = self.rows[..=i]
            .iter()
            .rev()
            .filter_map(|d| Some((time_us(d), to_us(d.rtt?))))
            .take(n)
            .collect();
        out.reverse();
        out
    }
}

/// What a decision did, in a few words.
pub fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::Increase => "cwnd grew",
        Outcome::Unchanged => "cwnd stayed",
        Outcome::Held => "the cut was held back (at most one per RTT)",
        Outcome::DelayCut => "cwnd was cut",
        Outcome::LossCut => "cwnd was cut for a loss",
        Outcome::TimeoutCut => "cwnd was cut by the retransmission timeout",
    }
}

/// Decision `i` of `trace` in one sentence: what came, what the CCA decided on against its
/// target, and what it did. `statistic` names what a CCA with history takes of its samples
/// ("median", "90th percentile").
pub fn sentence(trace: &FlowTrace, i: usize, statistic: &str) -> String {
    let d = &trace.rows[i];
    let at = time_us(d);
    let came = match (d.cause, d.rtt) {
        (Cause::Ack, Some(rtt)) => format!(
            "the ACK of packet {} came back after {:.2} µs{}",
            d.seq.unwrap_or(0),
            to_us(rtt),
            if d.ecn { ", ECN-marked" } else { "" }
        ),
        (Cause::Ack, None) => "an ACK came".to_string(),
        (Cause::Timer, _) => "a timer fired (a reordering wait, or the timeout)".to_string(),
        (Cause::Nack, _) => format!(
            "a NACK came: packet {} was trimmed at a full queue and is resent",
            d.seq.unwrap_or(0)
        ),
    };
    let signal = d.signal / 1e6;
    let decided = match d.history {
        Some(h) => format!("the {statistic} of the last {h} RTTs is {signal:.2} µs"),
        None => format!("it decides on the latest RTT, {signal:.2} µs"),
    };
    let against = match d.target {
        Some(t) => {
            let t = t / 1e6;
            let side = if signal >= t { "above" } else { "below" };
            format!(", {side} the target {t:.2} µs")
        }
        None => String::new(),
    };
    // a per-ACK increase is a fraction of a packet: the change is given to a thousandth
    format!(
        "Decision {} of {} at {at:.2} µs: {came}; {decided}{against}; {} ({:.2} → {:.2} packets, {:+.3}).",
        i + 1,
        trace.rows.len(),
        outcome_words(d.outcome),
        d.cwnd_before,
        d.cwnd_after,
        d.cwnd_after - d.cwnd_before
    )
}

/// What a CCA with history takes of its last H samples, in words.
pub fn statistic(cca: CcaName) -> String {
    match cca.percentile {
        MEDIAN => "median".to_string(),
        p => format!("{p}th percentile"),
    }
}

impl super::page::Page {
    /// The followed flow's decision at the cursor, or why there is none, in a line.
    pub fn decision_at(&self) -> Result<DecisionAt, String> {
        let s = &self.session;
        let flow = self.flow();
        let Some(run) = &s.run else {
            return Err("Run a scenario: the decisions of its flow show here.".into());
        };
        let Some(tracing) = s.tracing.as_ref().filter(|t| t.run == run.id) else {
            return Err(format!(
                "Flow {flow}'s decisions show once the run has finished."
            ));
        };
        let trace = match &tracing.state {
            TraceState::Done(t) => t,
            TraceState::Failed(why) => return Err(format!("The trace of flow {flow} failed: {why}")),
            TraceState::Waiting | TraceState::Running(_) => {
                return Err(format!(
                    "Tracing flow {flow}: the worker runs the scenario again, recording its every decision…"
                ))
            }
        };
        let cursor = s.cursor_us();
        let Some(index) = trace.at(cursor) else {
            return Err(match trace.rows.first() {
                Some(first) => format!(
                    "Flow {flow} makes its first decision at {:.2} µs (↓ goes there).",
                    time_us(first)
                ),
                None => format!("Flow {flow} made no decision."),
            });
        };
        let c = &run.scenario.cca;
        let cca = CcaName::of_config(c.algorithm, c.percentile);
        let row = trace.rows[index];
        let statistic = row.history.map(|_| statistic(cca));
        let mut sentence = sentence(trace, index, statistic.as_deref().unwrap_or("median"));
        if trace.left_out > 0 {
            sentence += &format!(
                " (the trace keeps the first {} decisions; {} more are not shown)",
                trace.rows.len(),
                trace.left_out
            );
        }
        Ok(DecisionAt {
            flow,
            index,
            row,
            samples: trace.samples(index),
            statistic,
            sentence,
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::session::fake_worker::{small, FakeWorker};
    use crate::sim::time::from_us;

    fn row(t: f64, rtt: Option<f64>, history: Option<usize>) -> Decision {
        Decision {
            time: from_us(t),
            cause: if rtt.is_some() {
                Cause::Ack
            } else {
                Cause::Timer
            },
            seq: rtt.map(|_| 1),
            rtt: rtt.map(from_us),
            ecn: false,
            label: None,
            signal: 10e6,
            target: Some(12e6),
            history,
            srtt: from_us(9.0),
            cwnd_before: 20.0,
            cwnd_after: 20.5,
            in_flight: 10,
            outcome: Outcome::Increase,
        }
    }

    fn trace(rows: Vec<Decision>) -> FlowTrace {
        FlowTrace {
            run: 1,
            flow: 0,
            rows,
            left_out: 0,
        }
    }

    #[test]
    fn the_decision_at_the_cursor_is_the_last_at_or_before_it() {
        let t = trace((1..=5).map(|i| row(i as f64, Some(9.0), Some(3))).collect());
        assert_eq!(t.at(0.5), None);
        assert_eq!(t.at(1.0), Some(0));
        assert_eq!(t.at(3.7), Some(2));
        assert_eq!(t.at(99.0), Some(4));
        assert_eq!(t.step_from(3.0, 1), Some(4.0));
        assert_eq!(t.step_from(3.0, -1), Some(2.0));
        assert_eq!(t.step_from(3.0, -10), Some(1.0));
        assert_eq!(t.step_from(3.0, 10), Some(5.0));
        assert_eq!(
            t.step_from(0.0, 1),
            Some(1.0),
            "before the first: the first"
        );
        assert_eq!(trace(Vec::new()).step_from(3.0, 1), None);
    }

    #[test]
    fn a_median_decision_is_taken_on_the_last_h_acks_samples_and_timers_add_none() {
        let mut rows: Vec<Decision> = (1..=6)
            .map(|i| row(i as f64, Some(10.0 + i as f64), Some(3)))
            .collect();
        rows.insert(4, row(4.5, None, Some(3)));
        let t = trace(rows);
        // decision 6 (t = 5, after the timer at 4.5): the ACKs at 3, 4 and 5
        assert_eq!(t.samples(5), vec![(3.0, 13.0), (4.0, 14.0), (5.0, 15.0)]);
        assert_eq!(t.samples(0), vec![(1.0, 11.0)], "fewer ACKs than H so far");
        // without history: the latest and the ones before it, for context
        let swift = trace((1..=20).map(|i| row(i as f64, Some(9.0), None)).collect());
        let s = swift.samples(19);
        assert_eq!(s.len(), CONTEXT_SAMPLES + 1);
        assert_eq!(s.last(), Some(&(20.0, 9.0)));
    }

    #[test]
    fn the_sentence_says_what_came_what_was_decided_on_and_what_was_done() {
        let mut d = row(2.0, Some(14.0), Some(8));
        d.outcome = Outcome::DelayCut;
        d.signal = 13e6;
        d.cwnd_after = 18.0;
        let s = sentence(&trace(vec![row(1.0, Some(9.0), Some(8)), d]), 1, "median");
        assert_eq!(
            s,
            "Decision 2 of 2 at 2.00 µs: the ACK of packet 1 came back after 14.00 µs; the median \
             of the last 8 RTTs is 13.00 µs, above the target 12.00 µs; cwnd was cut (20.00 → \
             18.00 packets, -2.000)."
        );
        let mut swift = row(1.0, Some(9.0), None);
        swift.signal = 9e6;
        let s = sentence(&trace(vec![swift]), 0, "median");
        assert!(
            s.contains(
                "it decides on the latest RTT, 9.00 µs, below the target 12.00 µs; cwnd grew"
            ),
            "{s}"
        );
    }

    /// The worker traces the followed flow once the run is over; its decisions are the
    /// command line's `--trace-flow` of the same scenario, row for row.
    #[test]
    fn a_finished_run_s_flow_is_traced_as_the_command_line_traces_it() {
        let (mut session, mut worker) = (Session::new(), FakeWorker::new());
        worker.run_to_idle(&mut session);
        assert!(session.follow_decisions(3).is_empty(), "no run yet");
        worker.send(session.start(small()));
        worker.run_to_idle(&mut session);
        let msgs = session.follow_decisions(3);
        assert!(
            matches!(msgs[..], [ToWorker::Trace { flow: 3, .. }]),
            "{msgs:?}"
        );
        assert!(session.follow_decisions(3).is_empty(), "asked once");
        worker.send(msgs);
        worker.run_to_idle(&mut session);
        let got = session.flow_trace().expect("the trace came");
        let mut sim = crate::Simulation::new(&small()).unwrap();
        sim.trace_flow(3).unwrap();
        sim.run();
        assert_eq!(got.rows, sim.trace().decisions.rows);
        assert!(got.rows.len() > 20, "{}", got.rows.len());
        // another flow: the old trace goes, a new one is asked for
        let msgs = session.follow_decisions(4);
        assert!(session.flow_trace().is_none());
        assert!(
            matches!(msgs[..], [ToWorker::Trace { flow: 4, .. }]),
            "{msgs:?}"
        );
    }

    #[test]
    fn a_series_drops_the_trace_under_way_and_it_is_asked_for_again_once_the_worker_is_free() {
        let (mut session, mut worker) = (Session::new(), FakeWorker::new());
        worker.run_to_idle(&mut session);
        worker.send(session.start(small()));
        worker.run_to_idle(&mut session);
        let trace = session.follow_decisions(0);
        worker.send(trace);
        // the comparison starts before the trace's end: the worker drops the trace
        let series = session.start_series(vec![small()]);
        worker.send(series);
        assert_eq!(
            session.tracing.as_ref().map(|t| &t.state),
            Some(&TraceState::Waiting)
        );
        assert!(session.follow_decisions(0).is_empty(), "the series runs");
        worker.run_to_idle(&mut session);
        let again = session.follow_decisions(0);
        assert!(
            matches!(again[..], [ToWorker::Trace { flow: 0, .. }]),
            "{again:?}"
        );
        worker.send(again);
        worker.run_to_idle(&mut session);
        assert!(session.flow_trace().is_some());
        // a new main run forgets it
        worker.send(session.start(small()));
        assert!(session.follow_decisions(0).is_empty());
        assert!(session.tracing.is_none());
    }

    /// The view follows the cursor, and ↑ ↓ (or the buttons) move the cursor decision by
    /// decision, pausing the playback.
    #[test]
    fn the_cursor_steps_decision_by_decision_and_the_view_follows() {
        use crate::session::actions::Action::Playback;
        use crate::session::actions::PlaybackAction::{Decision as Step, Play, Seek};
        use crate::session::fake_worker::finished_page;
        let mut page = finished_page(small());
        page.reduce(Playback(Seek(0.0)));
        let before = page.decision_at().unwrap_err();
        assert!(before.contains("first decision at"), "{before}");
        page.reduce(Playback(Play));
        page.reduce(Playback(Step(1)));
        assert!(!page.session.playback.playing(), "a step pauses");
        let rows = page.session.flow_trace().unwrap().rows.clone();
        let expect = |page: &super::super::page::Page, i: usize| {
            let d = page.decision_at().unwrap();
            assert_eq!(d.index, i);
            assert_eq!(page.session.cursor_us(), time_us(&rows[i]));
            assert!(
                d.sentence
                    .starts_with(&format!("Decision {} of {}", i + 1, rows.len())),
                "{}",
                d.sentence
            );
        };
        expect(&page, 0);
        page.reduce(Playback(Step(1)));
        expect(&page, 1);
        page.reduce(Playback(Step(10)));
        expect(&page, 11);
        page.reduce(Playback(Step(-1)));
        expect(&page, 10);
        page.reduce(Playback(Step(100_000)));
        expect(&page, rows.len() - 1);
        // MSwift: every ACK decision was taken on at most H samples, the median its signal
        let d = page.decision_at().unwrap();
        assert_eq!(d.statistic.as_deref(), Some("median"));
        assert!(d.samples.len() <= 5 && !d.samples.is_empty());
    }

    /// The presentation layout hides the decision view: it asks for no trace, and leaving it
    /// asks for the one the page then shows.
    #[test]
    fn the_presentation_layout_asks_for_no_trace() {
        use crate::session::actions::Action;
        use crate::session::effects::Effect;
        use crate::session::fake_worker::FakeWorker;
        use crate::session::page::Page;
        let (mut page, mut worker) = (Page::new(small()), FakeWorker::new());
        worker.run_to_idle(&mut page);
        page.reduce(Action::Present(true));
        worker.send(page.session.start(small()));
        worker.run_to_idle(&mut page);
        assert!(page.session.tracing.is_none(), "no trace while presenting");
        let effects = page.reduce(Action::Present(false));
        assert!(
            effects.iter().any(
                |e| matches!(e, Effect::Worker(m) if matches!(m[..], [ToWorker::Trace { .. }]))
            ),
            "{effects:?}"
        );
    }

    /// A story step about the median's decision shows it in the presentation: its own run, once
    /// finished, asks for the followed flow's trace; another run on screen (the step before's)
    /// asks for none, nor does any run under the other steps.
    #[test]
    fn the_presentation_traces_only_the_step_about_the_decision() {
        use crate::session::actions::{Action, StoryAction};
        use crate::session::effects::Effect;
        use crate::session::fake_worker::FakeWorker;
        use crate::session::page::Page;
        use crate::session::story::STEPS;
        let about = STEPS.iter().filter(|s| s.decision).count();
        assert_eq!(about, 1, "one step is about the decision (MSwift's)");
        for (i, step) in STEPS.iter().enumerate() {
            let (mut page, mut worker) = (Page::new(small()), FakeWorker::new());
            worker.run_to_idle(&mut page);
            page.reduce(Action::Present(true));
            page.reduce(Action::Story(StoryAction::Show(Some(i))));
            // a run no step makes (TCP): another run on screen
            let mut other = small();
            other.set_field("cca", "tcp").unwrap();
            worker.send(page.session.start(other));
            worker.run_to_idle(&mut page);
            assert!(!page.presents_decision(), "step {}: not its run", i + 1);
            assert!(page.session.tracing.is_none(), "step {}: a trace", i + 1);
            // MSwift with OPS on a small tree: step 3's CCA and LB, the run its own
            worker.send(page.session.start(small()));
            worker.run_to_idle(&mut page);
            assert_eq!(page.presents_decision(), step.decision, "step {}", i + 1);
            let asked = page.reduce(Action::Tick(0.0)).iter().any(
                |e| matches!(e, Effect::Worker(m) if matches!(m[..], [ToWorker::Trace { .. }])),
            ) || page.session.tracing.is_some();
            assert_eq!(asked, step.decision, "step {}: a trace asked", i + 1);
        }
    }
}
