//! The sweeps area's actions, driven through [`Page::reduce`] like every other panel.
//!
//! Starting a sweep asks the shell for a pool ([`Effect::StartPool`]); every message of the pool
//! ([`super::actions::Action::Pool`]) hands the worker that sent it its next job
//! ([`Effect::PoolSend`]); a sweep that ends, fails or is cancelled lets its workers go
//! ([`Effect::StopPool`]), and a message from a pool already let go is dropped by its
//! generation. The shell only spawns, posts and terminates workers.

use super::actions::SweepAction;
use super::charts::Trigger;
use super::effects::Effect;
use super::page::Page;
use super::sweeps::PoolMessage;
use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::Budget;
use crate::sweep::{Plan, Sweep, SweepRun};

impl Page {
    pub(super) fn on_sweep(&mut self, action: SweepAction) -> Vec<Effect> {
        let redraw = vec![Effect::Redraw(Trigger::Sweep)];
        match action {
            SweepAction::Figure(name) => match Sweep::figure(name, self.sweeps.form.seeds) {
                Ok(sweep) => return self.start_sweep(sweep),
                Err(e) => self.sweeps.refused = Some(e),
            },
            SweepAction::Run => return self.start_sweep(self.sweeps.form.what_if()),
            SweepAction::Cancel => return self.cancel_sweep(),
            SweepAction::Seeds(v) => {
                if let Ok(n) = v.trim().parse() {
                    self.sweeps.form.seeds = n;
                }
            }
            SweepAction::Cca(c, on) => self.sweeps.form.toggle_cca(c, on),
            SweepAction::Lb(l, on) => self.sweeps.form.toggle_lb(l, on),
            SweepAction::Vary(v) => self.sweeps.form.vary = v.trim().to_string(),
            SweepAction::Values(v) => self.sweeps.form.values = v,
            SweepAction::Log(on) => {
                self.sweeps.form.log = on;
                return redraw;
            }
            SweepAction::Csv(summary) => return self.export_sweep(summary),
            SweepAction::CopyAddress => {
                if let Some(address) = self.sweep_address() {
                    return vec![Effect::Copy {
                        what: "sweep link",
                        text: address,
                    }];
                }
            }
        }
        Vec::new()
    }

    /// Starts `sweep` over the form's scenario on a new pool; a refused sweep is shown with its
    /// reason. A sweep in progress is dropped with its pool.
    pub(super) fn start_sweep(&mut self, sweep: Sweep) -> Vec<Effect> {
        let mut effects = self.stop_pool();
        self.sweeps.form.show(&sweep);
        let workers = self.sweeps.cores.max(1).min(sweep.runs().max(1));
        let run = SweepRun::new(
            sweep.clone(),
            &self.scenario,
            &Budget::BROWSER,
            workers,
            self.now_ms,
        );
        match run {
            Ok(run) => {
                self.sweeps.refused = None;
                self.sweeps.shared = Some(sweep);
                self.sweeps.run = Some(run);
                self.sweeps.generation += 1;
                let generation = self.sweeps.generation;
                self.sweeps.pool = Some(generation);
                effects.extend([
                    Effect::WriteAddress,
                    Effect::StartPool {
                        workers,
                        generation,
                    },
                    Effect::Redraw(Trigger::Sweep),
                ]);
            }
            Err(e) => self.sweeps.refused = Some(e),
        }
        effects
    }

    fn stop_pool(&mut self) -> Vec<Effect> {
        match self.sweeps.pool.take() {
            Some(_) => vec![Effect::StopPool],
            None => Vec::new(),
        }
    }

    fn cancel_sweep(&mut self) -> Vec<Effect> {
        if let Some(run) = &mut self.sweeps.run {
            run.cancel();
        }
        self.stop_pool()
    }

    /// A pool worker's message: ready for a job, a job's report, or a failure. The worker gets
    /// its next job; a sweep that has ended lets the pool go.
    pub(super) fn on_pool(&mut self, m: PoolMessage) -> Vec<Effect> {
        if self.sweeps.pool != Some(m.generation) {
            return Vec::new(); // from a pool already let go
        }
        let Some(run) = self.sweeps.run.as_mut() else {
            return Vec::new();
        };
        let mut effects = Vec::new();
        match m.event {
            Ok(FromWorker::Ready) => {}
            Ok(FromWorker::JobDone { id, report, .. }) => {
                run.finished(m.worker, id, &report, self.now_ms);
                effects.push(Effect::Redraw(Trigger::Sweep));
            }
            Ok(FromWorker::Failed { message, .. }) => run.fail(&message),
            Ok(_) => return effects,
            Err(message) => run.fail(&format!("a sweep worker failed: {message}")),
        }
        let next = run.next_job(m.worker);
        if !run.running() {
            // done, failed or cancelled: the workers go, with their memory
            effects.extend(self.stop_pool());
        } else if let Some((id, scenario)) = next {
            effects.push(Effect::PoolSend {
                worker: m.worker,
                msg: ToWorker::Job {
                    id,
                    scenario: Box::new(scenario),
                },
            });
        }
        effects
    }

    /// Whether the results on screen are an n-path figure's (throughput against q).
    pub fn sweep_over_q(&self) -> bool {
        self.sweeps
            .run
            .as_ref()
            .is_some_and(|r| match r.sweep.plan {
                Plan::Figure(name) => crate::repro::figure(name).is_some_and(|f| f.over_q()),
                Plan::WhatIf { .. } => false,
            })
    }

    /// The sweep chart's title: the figure, or the what-if's varied field, and the seeds.
    pub fn sweep_title(&self) -> String {
        let Some(run) = &self.sweeps.run else {
            return "sweep results".into();
        };
        let seeds = format!("{} seeds per cell", run.sweep.seeds);
        match &run.sweep.plan {
            Plan::Figure(name) => crate::repro::figure(name).map_or(String::new(), |f| {
                crate::figures::figure_title(f, run.sweep.seeds)
            }),
            Plan::WhatIf { vary: Some(v), .. } => {
                format!("CCT inflation against {} · {seeds}", v.field)
            }
            Plan::WhatIf { vary: None, .. } => format!("the form's scenario · {seeds}"),
        }
    }

    /// The sweep's summary.csv (or runs.csv), named after the sweep, under the version and the
    /// link that runs the sweep again, as `#` lines readers skip.
    fn export_sweep(&self, summary: bool) -> Vec<Effect> {
        let Some(run) = &self.sweeps.run else {
            return Vec::new();
        };
        let (name, vary) = match &run.sweep.plan {
            Plan::Figure(f) => (format!("{f}-{}seeds", run.sweep.seeds), None),
            Plan::WhatIf { vary, .. } => (
                format!("what-if_{}", crate::share::short_form(&self.scenario)),
                vary.as_ref(),
            ),
        };
        let (what, text) = match summary {
            true => ("summary", run.results.summary_csv()),
            false => ("runs", run.results.runs_csv_varied(vary)),
        };
        let provenance = crate::repro::rows::provenance(&self.sweep_address().unwrap_or_default());
        vec![Effect::Download {
            name: format!("spraylab-{name}-{what}.csv"),
            mime: "text/csv",
            text: provenance + &text,
        }]
    }

    /// The page's address that reproduces the last sweep and starts it on load.
    pub fn sweep_address(&self) -> Option<String> {
        let s = self.sweeps.shared.as_ref()?;
        let fragment = crate::share::sweep_fragment(&self.scenario, s, true);
        Some(format!("{}#{fragment}", self.base_url))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Runner;
    use crate::session::actions::Action;
    use crate::sweep::SweepPhase;

    /// Plays a pool of workers in process: every effect for the pool is performed, each job
    /// run to its end; returns how many jobs each worker ran.
    fn run_pool(page: &mut Page, effects: Vec<Effect>) -> Vec<usize> {
        let mut ran = Vec::new();
        // in order of arrival, as a browser delivers them
        let mut inbox = std::collections::VecDeque::new();
        let mut pending = effects;
        loop {
            for e in pending.drain(..) {
                match e {
                    Effect::StartPool {
                        workers,
                        generation,
                    } => {
                        ran = vec![0; workers];
                        inbox.extend((0..workers).map(|worker| PoolMessage {
                            generation,
                            worker,
                            event: Ok(FromWorker::Ready),
                        }));
                    }
                    Effect::PoolSend {
                        worker,
                        msg: ToWorker::Job { id, scenario },
                    } => {
                        let mut r = Runner::job(id, &scenario).unwrap();
                        let report = loop {
                            if let FromWorker::Finished { report, .. } = r.step(1 << 20, 0.0) {
                                break report;
                            }
                        };
                        ran[worker] += 1;
                        inbox.push_back(PoolMessage {
                            generation: page.sweeps.pool.unwrap(),
                            worker,
                            event: Ok(FromWorker::JobDone {
                                id,
                                report: *report,
                                elapsed_ms: 1.0,
                            }),
                        });
                    }
                    _ => {}
                }
            }
            let Some(m) = inbox.pop_front() else {
                return ran;
            };
            pending = page.reduce(Action::Pool(Box::new(m)));
        }
    }

    fn small_page() -> Page {
        let mut page = Page::new(crate::session::fake_worker::small());
        page.sweeps.cores = 2;
        page.reduce(Action::Sweep(SweepAction::Seeds("1".into())));
        // the form's scenario alone (its default field to vary goes past a k = 4 fat-tree)
        page.reduce(Action::Sweep(SweepAction::Vary(String::new())));
        page
    }

    #[test]
    fn a_what_if_runs_on_its_pool_to_the_end_and_lets_the_workers_go() {
        let mut page = small_page();
        let effects = page.reduce(Action::Sweep(SweepAction::Run));
        assert!(effects.contains(&Effect::StartPool {
            workers: 2,
            generation: 1
        }));
        let ran = run_pool(&mut page, effects);
        let run = page.sweeps.run.as_ref().unwrap();
        assert_eq!(run.phase, SweepPhase::Done, "{}", run.status(0.0));
        assert_eq!(ran.iter().sum::<usize>(), run.total());
        assert!(ran.iter().all(|&n| n > 0), "both workers ran jobs: {ran:?}");
        assert_eq!(page.sweeps.pool, None, "the pool is let go");
        assert_eq!(page.sweep_title(), "the form's scenario · 1 seeds per cell");
        // the summary downloads under the link that runs the sweep again
        page.base_url = "https://example.org/".into();
        let effects = page.reduce(Action::Sweep(SweepAction::Csv(true)));
        let [Effect::Download { name, text, .. }] = effects.as_slice() else {
            panic!("one download: {effects:?}");
        };
        assert!(name.starts_with("spraylab-what-if_") && name.ends_with("-summary.csv"));
        assert!(text.contains("https://example.org/#") && text.contains("run=1"));
    }

    #[test]
    fn a_cancelled_sweep_drops_its_pool_s_late_messages() {
        let mut page = small_page();
        page.reduce(Action::Sweep(SweepAction::Run));
        assert_eq!(
            page.reduce(Action::Sweep(SweepAction::Cancel)),
            vec![Effect::StopPool]
        );
        let late = PoolMessage {
            generation: 1,
            worker: 0,
            event: Ok(FromWorker::Ready),
        };
        assert_eq!(page.reduce(Action::Pool(Box::new(late))), vec![]);
        assert_eq!(
            page.sweeps.run.as_ref().unwrap().phase,
            SweepPhase::Cancelled
        );
        // a new sweep gets a new generation, and the old pool goes first
        let effects = page.reduce(Action::Sweep(SweepAction::Figure("baseline")));
        assert_eq!(effects[0], Effect::WriteAddress);
        assert!(effects.contains(&Effect::StartPool {
            workers: 2,
            generation: 2
        }));
    }

    #[test]
    fn a_worker_that_fails_stops_the_sweep_saying_why() {
        let mut page = small_page();
        page.reduce(Action::Sweep(SweepAction::Run));
        let failed = PoolMessage {
            generation: 1,
            worker: 1,
            event: Err("could not start the workers: no Worker".into()),
        };
        assert_eq!(
            page.reduce(Action::Pool(Box::new(failed))),
            vec![Effect::StopPool]
        );
        let status = page.sweeps.run.as_ref().unwrap().status(0.0);
        assert!(status.contains("could not start the workers"), "{status}");
    }

    #[test]
    fn a_refused_sweep_says_why_and_starts_nothing() {
        let mut page = small_page();
        page.reduce(Action::Sweep(SweepAction::Vary("elephants".into())));
        page.reduce(Action::Sweep(SweepAction::Values("1,999".into())));
        assert_eq!(page.reduce(Action::Sweep(SweepAction::Run)), vec![]);
        assert!(page.sweeps.refused.is_some());
        assert_eq!(page.sweeps.pool, None);
    }
}
