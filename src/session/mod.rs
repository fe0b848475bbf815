//! The page's run state, as plain Rust that native tests drive: which run is on screen, what the
//! worker is doing, the comparison list, the theory sweep and the playback cursor.
//!
//! A [`Session`] never talks to a worker itself. Every method that wants the worker to do
//! something returns the [`ToWorker`] messages to send; every message from the worker goes
//! through [`Session::on_message`]. The Yew app is a thin shell around it, and a native test can
//! play the worker's part with [`crate::protocol::Runner`].
//!
//! Three kinds of work share the one worker, each with its own area of the page:
//! - the *main run* (the form's scenario), with its charts, network picture and playback;
//! - *comparisons*: every finished run is summarised into [`Session::past`]; "run the Swift
//!   variants" is a [`Series`] of runs in the background, with its own status;
//! - the *theory sweep*: a series of short n-path runs whose throughputs land in
//!   [`Session::theory_points`].
//!
//! The series' status and results never touch the main run's status or charts.

pub mod actions;
pub mod address;
pub mod charts;
pub mod decisions;
mod drawing;
pub mod edits;
pub mod effects;
pub mod exports;
mod folding;
pub mod form;
pub mod frames;
pub mod instruments;
pub mod keys;
pub mod layout;
pub mod lockstep;
pub mod page;
mod partner;
mod picture;
pub mod pixels;
pub mod playback;
mod pointer;
pub mod recovery;
mod reduce;
pub mod series;
mod stage;
pub mod store;
pub mod story;
mod sweeping;
pub mod sweeps;
mod theory;

use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::Scenario;
use playback::Playback;
use series::Series;
use store::RunData;
use theory::theory_runs;
pub use theory::{theory_look_for, theory_total, TheoryPoint, TheoryRun, THEORY_CCAS, THEORY_FLOW};

/// Where a run (main, or the theory sweep) stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    Idle,
    Running,
    Done,
    Cancelled,
    Failed(String),
}

/// Most finished runs kept for the comparison.
pub const MAX_COMPARED: usize = 8;

/// What a worker message changed, for the view to redraw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changed {
    pub main: bool,
    pub theory: bool,
    /// A run finished and joined the comparison.
    pub finished: bool,
    /// The comparison series moved on.
    pub compare: bool,
}

/// The slot of the page a run fills: the main run, its partner, the comparison or the theory.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Main,
    /// The second run of a lockstep pair (`lockstep.rs`).
    Partner,
    Compare,
    Theory,
}

#[derive(Debug, Default)]
pub struct Session {
    /// The main run on screen.
    run: Option<RunData>,
    phase: Option<Phase>,
    /// The run beside it in lockstep, and where it stands (`Idle`: waiting for the main run).
    partner: Option<RunData>,
    partner_phase: Option<Phase>,
    partner_pending: Option<Box<Scenario>>,
    /// Finished runs (summaries), oldest first: main runs and comparison runs.
    past: Vec<RunData>,
    /// Comparison runs (say the three Swift variants), in the background.
    compare: Series<()>,
    /// The theory sweep, in the background, and its points so far.
    theory: Series<TheoryRun>,
    theory_points: Vec<TheoryPoint>,
    playback: Playback,
    /// The playback spans the main run alone, not its lockstep partner's too (the presentation
    /// layout, which draws the partner over the main run's time).
    main_span_only: bool,
    /// The followed flow's decisions, replayed once the main run has finished.
    tracing: Option<decisions::Tracing>,
    worker_ready: bool,
    /// A main run waiting for the worker to load (series wait in their own queues).
    pending: Option<Box<Scenario>>,
    next_id: u32,
}

impl Session {
    pub fn new() -> Session {
        Session {
            next_id: 1,
            ..Default::default()
        }
    }

    /// The main run on screen.
    pub fn run(&self) -> Option<&RunData> {
        self.run.as_ref()
    }

    /// Where the main run stands (`None`: none yet).
    pub fn phase(&self) -> Option<&Phase> {
        self.phase.as_ref()
    }

    /// The run beside the main one in lockstep.
    pub fn partner(&self) -> Option<&RunData> {
        self.partner.as_ref()
    }

    /// Finished runs (summaries), oldest first.
    pub fn past(&self) -> &[RunData] {
        &self.past
    }

    /// The comparison runs.
    pub fn compare(&self) -> &Series<()> {
        &self.compare
    }

    /// The theory sweep.
    pub fn theory(&self) -> &Series<TheoryRun> {
        &self.theory
    }

    /// The theory sweep's points so far.
    pub fn theory_points(&self) -> &[TheoryPoint] {
        &self.theory_points
    }

    /// The playback cursor over the runs on screen.
    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    /// The main run is in progress.
    pub fn running(&self) -> bool {
        self.phase == Some(Phase::Running)
    }

    /// Anything keeps the worker busy (or waits for it).
    pub fn busy(&self) -> bool {
        self.running() || self.partner_busy() || self.theory.busy() || self.compare.busy()
    }

    /// The worker is gone; runs wait for [`FromWorker::Ready`] from a new one.
    pub fn worker_lost(&mut self, error: &str) {
        self.worker_ready = false;
        self.trace_dropped();
        if self.running() {
            self.phase = Some(Phase::Failed(error.to_string()));
        }
        if self.partner_busy() {
            self.partner_phase = Some(Phase::Failed(error.to_string()));
        }
        self.theory.stop(Phase::Failed(error.to_string()));
        self.compare.stop(Phase::Failed(error.to_string()));
    }

    /// Starts a main run of `scenario`. The worker runs one thing at a time, so a series in
    /// progress stops (its area says so).
    pub fn start(&mut self, scenario: Scenario) -> Vec<ToWorker> {
        self.theory.stop(Phase::Cancelled);
        self.compare.stop(Phase::Cancelled);
        self.partner = None;
        self.partner_pending = None;
        self.partner_phase = None;
        self.phase = Some(Phase::Running);
        self.playback.reset();
        if !self.worker_ready {
            self.pending = Some(Box::new(scenario));
            return Vec::new();
        }
        let id = self.take_id();
        self.run = Some(RunData::new(id, scenario.clone()));
        let mut out = vec![ToWorker::Run {
            id,
            scenario: Box::new(scenario),
        }];
        if let Some(pace) = self.playback.live_pace() {
            out.push(ToWorker::Pace {
                id,
                sim_us_per_s: Some(pace),
            });
        }
        out
    }

    /// The id of a run about to be sent to the worker, which drops a trace under way.
    fn take_id(&mut self) -> u32 {
        self.trace_dropped();
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Runs each scenario in the background, one after another, for the comparison; the main
    /// run on screen stays as it is.
    pub fn start_series(&mut self, scenarios: Vec<Scenario>) -> Vec<ToWorker> {
        self.stop_others(Slot::Compare);
        self.compare
            .plan(scenarios.into_iter().map(|s| ((), s)).collect());
        self.next_in(Slot::Compare)
    }

    /// Starts the theory sweep in the background.
    pub fn start_theory(&mut self) -> Vec<ToWorker> {
        self.stop_others(Slot::Theory);
        self.theory_points.clear();
        self.theory.plan(theory_runs());
        self.next_in(Slot::Theory)
    }

    /// Before a series starts: the worker drops whatever it was running.
    fn stop_others(&mut self, slot: Slot) {
        if self.running() {
            self.phase = Some(Phase::Cancelled);
            if let Some(run) = &mut self.run {
                run.cancelled = true;
            }
        }
        self.pending = None;
        match slot {
            Slot::Theory => self.compare.stop(Phase::Cancelled),
            _ => self.theory.stop(Phase::Cancelled),
        }
        if self.partner_busy() {
            self.partner_phase = Some(Phase::Cancelled);
            self.partner_pending = None;
        }
    }

    /// The next run of a series, once the worker is ready.
    fn next_in(&mut self, slot: Slot) -> Vec<ToWorker> {
        if !self.worker_ready {
            return Vec::new();
        }
        let id = self.next_id;
        let next = match slot {
            Slot::Theory => self.theory.next(id),
            _ => self.compare.next(id),
        };
        match next {
            Some(scenario) => {
                self.take_id();
                vec![ToWorker::Run {
                    id,
                    scenario: Box::new(scenario),
                }]
            }
            None => Vec::new(),
        }
    }

    /// Stops whatever runs: the main run and both series.
    pub fn cancel(&mut self) -> Vec<ToWorker> {
        let mut out: Vec<ToWorker> = [self.theory.id(), self.compare.id()]
            .into_iter()
            .flatten()
            .map(|id| ToWorker::Cancel { id })
            .collect();
        self.theory.stop(Phase::Cancelled);
        self.compare.stop(Phase::Cancelled);
        if let (true, Some(run)) = (self.running(), &self.run) {
            out.push(ToWorker::Cancel { id: run.id });
        }
        if self.partner_busy() {
            if let (Some(Phase::Running), Some(p)) = (&self.partner_phase, &self.partner) {
                out.push(ToWorker::Cancel { id: p.id });
            }
            self.partner_phase = Some(Phase::Cancelled);
            self.partner_pending = None;
        }
        if self.pending.take().is_some() {
            self.phase = Some(Phase::Cancelled);
        }
        out
    }

    /// Forgets the main run and its partner (a new link replaces them), cancelling them if they
    /// run; the series in the background go on.
    pub fn clear_main(&mut self) -> Vec<ToWorker> {
        let mut out = Vec::new();
        if let (true, Some(run)) = (self.running(), &self.run) {
            out.push(ToWorker::Cancel { id: run.id });
        }
        if let (Some(Phase::Running), Some(p)) = (&self.partner_phase, &self.partner) {
            out.push(ToWorker::Cancel { id: p.id });
        }
        self.run = None;
        self.phase = None;
        self.partner = None;
        self.partner_phase = None;
        self.partner_pending = None;
        self.pending = None;
        self.playback.reset();
        out
    }

    /// Sets the playback speed; a live main run is paced to it.
    pub fn set_speed(&mut self, i: usize) -> Vec<ToWorker> {
        self.playback.set_speed(i);
        match (&self.run, self.running()) {
            (Some(run), true) => vec![ToWorker::Pace {
                id: run.id,
                sim_us_per_s: self.playback.live_pace(),
            }],
            _ => Vec::new(),
        }
    }

    /// The simulated span of the main run (and its partner on screen, the longer), µs.
    pub fn span_us(&self) -> f64 {
        let partner = self.partner.as_ref().filter(|_| !self.main_span_only);
        [self.run.as_ref(), partner]
            .into_iter()
            .flatten()
            .map(RunData::span_us)
            .fold(0.0, f64::max)
    }

    /// Where the playback cursor stands, µs.
    pub fn cursor_us(&self) -> f64 {
        self.playback.cursor(self.span_us())
    }

    /// The rate "full speed" replays at: as fast as the run went.
    pub fn full_rate(&self) -> f64 {
        self.run
            .as_ref()
            .filter(|r| r.elapsed_ms > 0.0)
            .map_or(f64::NAN, |r| r.span_us() / (r.elapsed_ms / 1e3))
    }

    /// Advances the playback cursor by `dt_ms` of wall time; whether it still moves.
    pub fn tick(&mut self, dt_ms: f64) -> bool {
        let (span, live, rate) = (self.span_us(), self.running(), self.full_rate());
        self.playback.tick(dt_ms, span, live, rate)
    }

    fn slot_of(&self, id: u32) -> Option<Slot> {
        if self.run.as_ref().is_some_and(|r| r.id == id) {
            Some(Slot::Main)
        } else if self.partner.as_ref().is_some_and(|r| r.id == id) {
            Some(Slot::Partner)
        } else if self.compare.id() == Some(id) {
            Some(Slot::Compare)
        } else if self.theory.id() == Some(id) {
            Some(Slot::Theory)
        } else {
            None
        }
    }

    /// The run `id` streams into.
    fn run_of(&mut self, slot: Slot) -> Option<&mut RunData> {
        match slot {
            Slot::Main => self.run.as_mut(),
            Slot::Partner => self.partner.as_mut(),
            Slot::Compare => self.compare.current(),
            Slot::Theory => self.theory.current(),
        }
    }

    fn remember(&mut self, run: &RunData) {
        if self.past.len() == MAX_COMPARED {
            self.past.remove(0);
        }
        self.past.push(run.summary_copy());
    }

    /// Takes a message from the worker.
    pub fn on_message(&mut self, msg: FromWorker) -> (Vec<ToWorker>, Changed) {
        let mut changed = Changed::default();
        if self.on_trace_message(&msg) {
            changed.main = true;
            return (Vec::new(), changed);
        }
        let id = match &msg {
            FromWorker::Ready => {
                self.worker_ready = true;
                changed.main = true;
                let mut out = match (self.pending.take(), self.partner_pending.take()) {
                    (Some(s), partner) => {
                        let out = self.start(*s);
                        self.partner_pending = partner;
                        out
                    }
                    (None, Some(partner)) => self.run_partner(*partner),
                    (None, None) => Vec::new(),
                };
                // a series planned before the worker loaded starts now
                for slot in [Slot::Compare, Slot::Theory] {
                    let waiting = match slot {
                        Slot::Theory => self.theory.waiting(),
                        _ => self.compare.waiting(),
                    };
                    if waiting && out.is_empty() {
                        out = self.next_in(slot);
                    }
                }
                return (out, changed);
            }
            FromWorker::Started { id, .. }
            | FromWorker::Progress { id, .. }
            | FromWorker::Finished { id, .. }
            | FromWorker::Cancelled { id }
            | FromWorker::Failed { id, .. } => *id,
            // the session never asks for a sweep's jobs (the pool's workers run them); a trace
            // no longer followed is dropped
            FromWorker::JobDone { .. } | FromWorker::Traced { .. } => return (Vec::new(), changed),
        };
        let Some(slot) = self.slot_of(id) else {
            if let FromWorker::Failed { id: 0, message } = msg {
                self.phase = Some(Phase::Failed(message));
                changed.main = true;
            }
            return (Vec::new(), changed); // a message about an older run
        };
        match slot {
            Slot::Main | Slot::Partner => changed.main = true,
            Slot::Compare => changed.compare = true,
            Slot::Theory => changed.theory = true,
        }
        let out = match msg {
            FromWorker::Started { meta, .. } => {
                if let Some(run) = self.run_of(slot) {
                    run.set_meta(meta);
                }
                Vec::new()
            }
            FromWorker::Progress {
                progress,
                elapsed_ms,
                batch,
                ..
            } => {
                if let Some(run) = self.run_of(slot) {
                    run.append(batch);
                    run.progress = Some(progress);
                    run.elapsed_ms = elapsed_ms;
                }
                Vec::new()
            }
            FromWorker::Finished {
                report,
                progress,
                elapsed_ms,
                batch,
                ..
            } => {
                if let Some(run) = self.run_of(slot) {
                    run.append(batch);
                    run.finish(*report, progress, elapsed_ms);
                }
                self.finished(slot, &mut changed)
            }
            FromWorker::Cancelled { .. } => {
                match slot {
                    Slot::Main => {
                        if let Some(run) = &mut self.run {
                            run.cancelled = true;
                        }
                        self.phase = Some(Phase::Cancelled);
                    }
                    Slot::Partner => self.partner_phase = Some(Phase::Cancelled),
                    Slot::Compare => self.compare.stop(Phase::Cancelled),
                    Slot::Theory => self.theory.stop(Phase::Cancelled),
                }
                Vec::new()
            }
            FromWorker::Failed { message, .. } => {
                match slot {
                    Slot::Main => self.phase = Some(Phase::Failed(message)),
                    Slot::Partner => self.partner_phase = Some(Phase::Failed(message)),
                    Slot::Compare => self.compare.stop(Phase::Failed(message)),
                    Slot::Theory => self.theory.stop(Phase::Failed(message)),
                }
                Vec::new()
            }
            FromWorker::Ready | FromWorker::JobDone { .. } | FromWorker::Traced { .. } => {
                unreachable!("handled above")
            }
        };
        (out, changed)
    }

    /// A run of `slot` finished: record it, and start the series' next run.
    fn finished(&mut self, slot: Slot, changed: &mut Changed) -> Vec<ToWorker> {
        match slot {
            Slot::Main => {
                self.phase = Some(Phase::Done);
                if let Some(run) = self.run.take() {
                    self.remember(&run);
                    self.run = Some(run);
                }
                changed.finished = true;
                match self.partner_pending.take() {
                    Some(partner) => self.run_partner(*partner),
                    None => Vec::new(),
                }
            }
            Slot::Partner => {
                self.partner_phase = Some(Phase::Done);
                if let Some(run) = self.partner.take() {
                    self.remember(&run);
                    self.partner = Some(run);
                }
                changed.finished = true;
                Vec::new()
            }
            Slot::Compare => {
                if let Some(((), run)) = self.compare.take() {
                    self.remember(&run);
                }
                changed.finished = true;
                self.next_in(Slot::Compare)
            }
            Slot::Theory => {
                if let Some((t, run)) = self.theory.take() {
                    let gbps = run
                        .report
                        .as_ref()
                        .and_then(|r| r.flows.first()?.throughput_gbps);
                    if let Some(gbps) = gbps {
                        self.theory_points.push(TheoryPoint {
                            cca: THEORY_CCAS[t.cca],
                            q: t.q,
                            gbps,
                        });
                    }
                }
                self.next_in(Slot::Theory)
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod fake_worker;
#[cfg(test)]
mod tests;
