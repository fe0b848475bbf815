//! A series of runs done one after another in the background, with a status of its own: the
//! theory sweep and the comparisons. Each run carries a tag `T` (what its result means), and
//! the run in progress keeps what it streamed (comparisons draw it once it is done).

use super::store::RunData;
use super::Phase;
use crate::scenario::Scenario;

#[derive(Debug)]
pub struct Series<T> {
    queue: Vec<(T, Scenario)>,
    /// The run in progress: its id, tag and samples.
    running: Option<(u32, T, RunData)>,
    pub phase: Option<Phase>,
    /// Runs in the whole series, and those finished.
    pub total: usize,
    pub finished: usize,
}

impl<T> Default for Series<T> {
    fn default() -> Self {
        Series {
            queue: Vec::new(),
            running: None,
            phase: None,
            total: 0,
            finished: 0,
        }
    }
}

impl<T> Series<T> {
    /// Replaces whatever was queued with `runs`.
    pub fn plan(&mut self, runs: Vec<(T, Scenario)>) {
        self.total = runs.len();
        self.finished = 0;
        self.queue = runs;
        self.running = None;
        self.phase = Some(Phase::Running);
    }

    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Planned, but no run in progress (the worker was not ready when it was planned).
    pub fn waiting(&self) -> bool {
        !self.busy() && self.phase == Some(Phase::Running)
    }

    /// The id of the run in progress.
    pub fn id(&self) -> Option<u32> {
        self.running.as_ref().map(|r| r.0)
    }

    /// The run in progress, to append what it streams.
    pub fn current(&mut self) -> Option<&mut RunData> {
        self.running.as_mut().map(|r| &mut r.2)
    }

    /// Starts the next run as `id`: its scenario, or `None` (the series is done).
    pub fn next(&mut self, id: u32) -> Option<Scenario> {
        if self.queue.is_empty() {
            if self.phase == Some(Phase::Running) {
                self.phase = Some(Phase::Done);
            }
            return None;
        }
        let (tag, scenario) = self.queue.remove(0);
        self.running = Some((id, tag, RunData::new(id, scenario.clone())));
        Some(scenario)
    }

    /// The run in progress finished: its tag and samples.
    pub fn take(&mut self) -> Option<(T, RunData)> {
        let (_, tag, run) = self.running.take()?;
        self.finished += 1;
        Some((tag, run))
    }

    /// Stops the series with `phase` (cancelled by the user or another run, or failed).
    pub fn stop(&mut self, phase: Phase) {
        self.queue.clear();
        if self.running.take().is_some() || self.phase == Some(Phase::Running) {
            self.phase = Some(phase);
        }
    }

    /// "running: 3 of 21", "done: 21 of 21", ...; empty before the first series.
    pub fn status(&self) -> String {
        let (n, total) = (self.finished, self.total);
        match &self.phase {
            None | Some(Phase::Idle) => String::new(),
            Some(Phase::Running) => format!("running: {n} of {total}"),
            Some(Phase::Done) => format!("done: {n} of {total}"),
            Some(Phase::Cancelled) => format!("stopped at {n} of {total}"),
            Some(Phase::Failed(e)) => format!("failed at {n} of {total}: {e}"),
        }
    }
}
