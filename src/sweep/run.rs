//! A sweep in progress: its jobs, who runs what, the rows so far, where it stands.

use super::{Job, Results, Schedule, Sweep};
use crate::repro::Row;
use crate::scenario::{Budget, Scenario, ScenarioError};
use crate::Report;

/// Where a sweep stands.
#[derive(Clone, Debug, PartialEq)]
pub enum SweepPhase {
    Running,
    Done,
    Cancelled,
    Failed(String),
}

/// A sweep being run by a pool of workers. The page hands each free worker
/// [`SweepRun::next_job`] and gives back each report with [`SweepRun::finished`].
#[derive(Clone, Debug)]
pub struct SweepRun {
    pub sweep: Sweep,
    jobs: Vec<Job>,
    pub results: Results,
    schedule: Schedule,
    pub phase: SweepPhase,
    /// Wall time since the start, ms (as of the last message).
    pub elapsed_ms: f64,
    started_ms: f64,
}

impl SweepRun {
    /// Expands and checks `sweep` over `base` (see [`Sweep::jobs`]) for a pool of `workers`.
    pub fn new(
        sweep: Sweep,
        base: &Scenario,
        budget: &Budget,
        workers: usize,
        now_ms: f64,
    ) -> Result<SweepRun, ScenarioError> {
        let jobs = sweep.jobs(base, budget)?;
        let schedule = Schedule::new(jobs.iter().map(|j| j.packets).collect(), workers);
        Ok(SweepRun {
            results: Results::new(&sweep, &jobs),
            sweep,
            jobs,
            schedule,
            phase: SweepPhase::Running,
            elapsed_ms: 0.0,
            started_ms: now_ms,
        })
    }

    pub fn running(&self) -> bool {
        self.phase == SweepPhase::Running
    }

    pub fn total(&self) -> usize {
        self.jobs.len()
    }

    pub fn finished_jobs(&self) -> usize {
        self.schedule.finished()
    }

    pub fn workers(&self) -> usize {
        self.schedule.workers()
    }

    /// The share of the work done, 0 to 1.
    pub fn fraction(&self) -> f64 {
        self.schedule.fraction()
    }

    /// The next job for a free `worker`: its id and scenario.
    pub fn next_job(&mut self, worker: usize) -> Option<(u32, Scenario)> {
        if !self.running() {
            return None;
        }
        let j = self.schedule.assign(worker)?;
        Some((j as u32, self.jobs[j].scenario.clone()))
    }

    /// `worker` finished job `job` with `report`. A report for a job the worker was not
    /// running changes nothing.
    pub fn finished(&mut self, worker: usize, job: u32, report: &Report, now_ms: f64) {
        let j = job as usize;
        if !self.running() || !self.schedule.finish(worker, j) {
            return;
        }
        let Job { cell, scenario, .. } = &self.jobs[j];
        self.results
            .record(j, Row::of_report(cell.clone(), scenario, report));
        self.elapsed_ms = now_ms - self.started_ms;
        if self.schedule.all_done() {
            self.phase = SweepPhase::Done;
        }
    }

    /// A job failed (or a worker died): the sweep stops, saying why.
    pub fn fail(&mut self, message: &str) {
        if self.running() {
            self.phase = SweepPhase::Failed(message.to_string());
        }
    }

    pub fn cancel(&mut self) {
        if self.running() {
            self.phase = SweepPhase::Cancelled;
        }
    }

    /// "12 of 45 runs · 1 worker · 14.2 s · ~40 s left", or how it ended.
    pub fn status(&self, now_ms: f64) -> String {
        let (done, total) = (self.finished_jobs(), self.total());
        let elapsed = match self.phase {
            SweepPhase::Running => now_ms - self.started_ms,
            _ => self.elapsed_ms,
        };
        let workers = match self.workers() {
            1 => "1 worker".to_string(),
            n => format!("{n} workers"),
        };
        let secs = format!("{:.1} s", elapsed / 1e3);
        match &self.phase {
            SweepPhase::Running => {
                let left = match self.schedule.left_ms(elapsed) {
                    Some(ms) => format!("~{:.0} s left", (ms / 1e3).ceil()),
                    None => "estimating the time left".to_string(),
                };
                format!("{done} of {total} runs · {workers} · {secs} · {left}")
            }
            SweepPhase::Done => format!("done: {total} runs in {secs} on {workers}"),
            SweepPhase::Cancelled => format!("cancelled after {done} of {total} runs"),
            SweepPhase::Failed(why) => format!("stopped after {done} of {total} runs: {why}"),
        }
    }
}
