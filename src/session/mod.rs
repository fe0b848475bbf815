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
//! - *comparisons*: every finished main run is summarised into [`Session::past`], and "run the
//!   Swift variants" queues main runs;
//! - the *theory sweep*: short n-path runs whose throughputs land in [`Theory::points`]. Its
//!   status and results never touch the main run's.

pub mod layout;
pub mod pixels;
pub mod playback;
pub mod store;

use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::Scenario;
use playback::Playback;
use store::RunData;

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

/// The theory sweep's path counts (q = 1/paths, all below 1/3) and flow size.
pub const THEORY_PATHS: [u32; 7] = [200, 100, 50, 20, 10, 5, 4];
pub const THEORY_FLOW: &str = "32MiB";
/// The simulated CCAs of the theory sweep, by [`TheoryPoint::cca`].
pub const THEORY_CCAS: [&str; 3] = ["swift", "lswift", "mswift"];

/// One simulated point of the theory sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TheoryPoint {
    /// Index into [`THEORY_CCAS`].
    pub cca: usize,
    pub q: f64,
    pub gbps: f64,
}

/// The theory sweep: runs still to do, the one in progress, the points so far.
#[derive(Debug, Default)]
pub struct Theory {
    queue: Vec<(usize, Scenario)>,
    /// The run in progress: (run id, CCA index, q).
    running: Option<(u32, usize, f64)>,
    pub points: Vec<TheoryPoint>,
    pub phase: Option<Phase>,
}

impl Theory {
    /// Runs in a whole sweep.
    pub fn total() -> usize {
        THEORY_CCAS.len() * THEORY_PATHS.len()
    }

    pub fn busy(&self) -> bool {
        self.running.is_some()
    }
}

/// What a worker message changed, for the view to redraw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changed {
    pub main: bool,
    pub theory: bool,
    /// A main run just finished (the comparison grew).
    pub finished: bool,
    /// The form's scenario changed (a queued comparison run started).
    pub scenario: Option<Scenario>,
}

/// A run waiting for the worker to load.
#[derive(Debug)]
enum Pending {
    Main(Box<Scenario>),
    Theory,
}

#[derive(Debug, Default)]
pub struct Session {
    /// The main run on screen.
    pub run: Option<RunData>,
    pub phase: Option<Phase>,
    /// Finished main runs (summaries), oldest first.
    pub past: Vec<RunData>,
    /// Main runs still to do after the current one (a comparison).
    queue: Vec<Scenario>,
    pub theory: Theory,
    pub playback: Playback,
    worker_ready: bool,
    pending: Option<Pending>,
    next_id: u32,
}

impl Session {
    pub fn new() -> Session {
        Session {
            next_id: 1,
            ..Default::default()
        }
    }

    /// The main run is in progress.
    pub fn running(&self) -> bool {
        self.phase == Some(Phase::Running)
    }

    /// Anything (main run or theory sweep) keeps the worker busy.
    pub fn busy(&self) -> bool {
        self.running() || self.theory.busy() || self.pending.is_some()
    }

    /// The worker is gone (or not loaded yet); runs wait for [`FromWorker::Ready`].
    pub fn worker_lost(&mut self, error: &str) {
        self.worker_ready = false;
        if self.running() {
            self.phase = Some(Phase::Failed(error.to_string()));
        }
        if self.theory.running.take().is_some() {
            self.theory.phase = Some(Phase::Failed(error.to_string()));
            self.theory.queue.clear();
        }
        self.queue.clear();
    }

    /// Starts a main run of `scenario` (stopping a theory sweep in progress).
    pub fn start(&mut self, scenario: Scenario) -> Vec<ToWorker> {
        self.queue.clear();
        self.start_main(scenario)
    }

    /// Runs each scenario in turn as main runs (a comparison); the first starts now.
    pub fn start_series(&mut self, mut scenarios: Vec<Scenario>) -> Vec<ToWorker> {
        if scenarios.is_empty() {
            return Vec::new();
        }
        let first = scenarios.remove(0);
        self.queue = scenarios;
        self.start_main(first)
    }

    fn start_main(&mut self, scenario: Scenario) -> Vec<ToWorker> {
        if self.theory.running.take().is_some() {
            self.theory.queue.clear();
            self.theory.phase = Some(Phase::Cancelled);
        }
        self.phase = Some(Phase::Running);
        self.playback.reset();
        if !self.worker_ready {
            self.pending = Some(Pending::Main(Box::new(scenario)));
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

    fn take_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Starts the theory sweep (the main run, if any, is left as it is).
    pub fn start_theory(&mut self) -> Vec<ToWorker> {
        self.theory.points.clear();
        self.theory.queue = (0..THEORY_CCAS.len())
            .flat_map(|cca| THEORY_PATHS.iter().map(move |&paths| (cca, paths)))
            .map(|(cca, paths)| {
                let mut s = Scenario::preset("npath").expect("the npath preset exists");
                s.set_field("cca", THEORY_CCAS[cca])
                    .and_then(|_| s.set_field("flow-size", THEORY_FLOW))
                    .expect("the theory sweep's fields are valid");
                s.workload.paths = paths;
                (cca, s)
            })
            .collect();
        self.theory.phase = Some(Phase::Running);
        if !self.worker_ready {
            self.pending = Some(Pending::Theory);
            return Vec::new();
        }
        self.next_theory_run()
    }

    fn next_theory_run(&mut self) -> Vec<ToWorker> {
        if self.theory.queue.is_empty() {
            self.theory.phase = Some(Phase::Done);
            return Vec::new();
        }
        let (cca, scenario) = self.theory.queue.remove(0);
        let id = self.take_id();
        let q = 1.0 / scenario.workload.paths as f64;
        self.theory.running = Some((id, cca, q));
        vec![ToWorker::Run {
            id,
            scenario: Box::new(scenario),
        }]
    }

    /// Stops whatever runs: the main run, queued comparisons and the theory sweep.
    pub fn cancel(&mut self) -> Vec<ToWorker> {
        self.queue.clear();
        self.theory.queue.clear();
        let mut out = Vec::new();
        if let Some((id, _, _)) = self.theory.running {
            out.push(ToWorker::Cancel { id });
        }
        if let (true, Some(run)) = (self.running(), &self.run) {
            out.push(ToWorker::Cancel { id: run.id });
        }
        if self.pending.take().is_some() {
            self.phase = Some(Phase::Cancelled);
        }
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

    /// The simulated span of the main run, µs.
    pub fn span_us(&self) -> f64 {
        self.run.as_ref().map_or(0.0, RunData::span_us)
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

    /// Takes a message from the worker.
    pub fn on_message(&mut self, msg: FromWorker) -> (Vec<ToWorker>, Changed) {
        let mut changed = Changed::default();
        let main = self.run.as_ref().map(|r| r.id);
        let theory = self.theory.running.map(|(id, _, _)| id);
        let out = match msg {
            FromWorker::Ready => {
                self.worker_ready = true;
                changed.main = true;
                match self.pending.take() {
                    Some(Pending::Main(s)) => self.start_main(*s),
                    Some(Pending::Theory) => self.next_theory_run(),
                    None => Vec::new(),
                }
            }
            FromWorker::Started { id, meta } if Some(id) == main => {
                if let Some(run) = &mut self.run {
                    run.set_meta(meta);
                }
                changed.main = true;
                Vec::new()
            }
            FromWorker::Progress {
                id,
                progress,
                elapsed_ms,
                batch,
            } if Some(id) == main => {
                if let Some(run) = &mut self.run {
                    run.append(batch);
                    run.progress = Some(progress);
                    run.elapsed_ms = elapsed_ms;
                }
                changed.main = true;
                Vec::new()
            }
            FromWorker::Finished {
                id,
                report,
                elapsed_ms,
                batch,
            } if Some(id) == main => {
                if let Some(run) = &mut self.run {
                    run.append(batch);
                    run.finish(report, elapsed_ms);
                    if self.past.len() == MAX_COMPARED {
                        self.past.remove(0);
                    }
                    self.past.push(run.summary_copy());
                }
                self.phase = Some(Phase::Done);
                changed.main = true;
                changed.finished = true;
                if self.queue.is_empty() {
                    Vec::new()
                } else {
                    let next = self.queue.remove(0);
                    changed.scenario = Some(next.clone());
                    self.start_main(next)
                }
            }
            FromWorker::Finished { id, report, .. } if Some(id) == theory => {
                if let Some((_, cca, q)) = self.theory.running.take() {
                    if let Some(gbps) = report.flows.first().and_then(|f| f.throughput_gbps) {
                        self.theory.points.push(TheoryPoint { cca, q, gbps });
                    }
                }
                changed.theory = true;
                self.next_theory_run()
            }
            FromWorker::Cancelled { id } if Some(id) == main => {
                if let Some(run) = &mut self.run {
                    run.cancelled = true;
                }
                self.phase = Some(Phase::Cancelled);
                changed.main = true;
                Vec::new()
            }
            FromWorker::Cancelled { id } if Some(id) == theory => {
                self.theory.running = None;
                self.theory.phase = Some(Phase::Cancelled);
                changed.theory = true;
                Vec::new()
            }
            FromWorker::Failed { id, message } if Some(id) == theory => {
                self.theory.running = None;
                self.theory.queue.clear();
                self.theory.phase = Some(Phase::Failed(message));
                changed.theory = true;
                Vec::new()
            }
            FromWorker::Failed { id, message } if Some(id) == main || id == 0 => {
                self.phase = Some(Phase::Failed(message));
                changed.main = true;
                Vec::new()
            }
            // a message about an older run, or theory progress (the sweep shows counts only)
            _ => Vec::new(),
        };
        (out, changed)
    }
}

#[cfg(test)]
mod tests;
