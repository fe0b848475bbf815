//! Sweeps on the page: the form's choices, starting a sweep on a fresh pool of workers, handing
//! each free worker the next job, and what their reports change. The sweep's logic lives in
//! [`crate::sweep`]; this is the shell that talks to the workers.

use super::*;
use crate::figures::figure_title;
use crate::scenario::Budget;
use crate::sweep::{Plan, Sweep, SweepRun};
use crate::web::components::sweep::SweepAction;
use crate::web::pool::{pool_size, Pool, PoolEvent};

impl App {
    /// Starts `sweep` over the form's scenario on a new pool; a refused sweep is shown with its
    /// reason. A sweep in progress is dropped with its pool.
    pub(super) fn start_sweep(&mut self, ctx: &Context<Self>, sweep: Sweep) {
        self.pool = None;
        self.sweep_form.show(&sweep);
        let workers = pool_size().min(sweep.runs().max(1));
        let run = SweepRun::new(
            sweep.clone(),
            &self.page.scenario,
            &Budget::BROWSER,
            workers,
            crate::web::now_ms(),
        );
        let mut run = match run {
            Ok(run) => run,
            Err(e) => {
                self.sweep_refused = Some(e);
                return;
            }
        };
        self.sweep_refused = None;
        self.sweep_link = Some(sweep);
        self.write_link();
        self.pool_generation += 1;
        let url = match &ctx.props().worker_url {
            Some(u) => Ok(u.clone()),
            None => default_worker_url(),
        };
        let on_event = ctx.link().callback(|e| Msg::Pool(Box::new(e)));
        match url.and_then(|u| Pool::spawn(&u, workers, self.pool_generation, on_event)) {
            Ok(pool) => self.pool = Some(pool),
            Err(e) => run.fail(&format!("could not start the workers: {e}")),
        }
        self.sweep = Some(run);
        self.mark(&[Canvas::Sweep], ctx);
    }

    /// A pool worker's message: a worker ready for a job, a job's report, or a failure.
    pub(super) fn on_pool(&mut self, ctx: &Context<Self>, e: PoolEvent) -> bool {
        if self
            .pool
            .as_ref()
            .is_none_or(|p| p.generation != e.generation)
        {
            return false; // from a pool already terminated
        }
        let Some(run) = self.sweep.as_mut() else {
            return false;
        };
        match e.event {
            Ok(FromWorker::Ready) => {}
            Ok(FromWorker::JobDone { id, report, .. }) => {
                run.finished(e.worker, id, &report, crate::web::now_ms());
                self.drawing.frames.mark(Canvas::Sweep as usize);
            }
            Ok(FromWorker::Failed { message, .. }) => run.fail(&message),
            Ok(_) => return false,
            Err(message) => run.fail(&format!("a sweep worker failed: {message}")),
        }
        let next = run.next_job(e.worker);
        if !run.running() {
            self.pool = None; // done, failed or cancelled: the workers go, with their memory
        } else if let (Some((id, scenario)), Some(pool)) = (next, &self.pool) {
            pool.send(
                e.worker,
                &ToWorker::Job {
                    id,
                    scenario: Box::new(scenario),
                },
            );
        }
        // the view follows on the next frame, as for the main worker: many reports, one render
        self.view_stale = true;
        self.schedule_frame(ctx);
        false
    }

    pub(super) fn cancel_sweep(&mut self) {
        self.pool = None;
        if let Some(run) = &mut self.sweep {
            run.cancel();
        }
    }

    /// The what-if the form describes.
    pub(super) fn start_what_if(&mut self, ctx: &Context<Self>) {
        let sweep = self.sweep_form.what_if();
        self.start_sweep(ctx, sweep);
    }

    /// Whether the results on screen are an n-path figure's (throughput against q).
    pub(super) fn sweep_over_q(&self) -> bool {
        self.sweep.as_ref().is_some_and(|r| match r.sweep.plan {
            Plan::Figure(name) => crate::repro::figure(name).is_some_and(|f| f.over_q()),
            Plan::WhatIf { .. } => false,
        })
    }

    /// The chart's title: the figure, or the what-if's varied field, and the seeds.
    pub(super) fn sweep_title(&self) -> String {
        let Some(run) = &self.sweep else {
            return "sweep results".into();
        };
        let seeds = format!("{} seeds per cell", run.sweep.seeds);
        match &run.sweep.plan {
            Plan::Figure(name) => crate::repro::figure(name)
                .map_or(String::new(), |f| figure_title(f, run.sweep.seeds)),
            Plan::WhatIf { vary: Some(v), .. } => {
                format!("CCT inflation against {} · {seeds}", v.field)
            }
            Plan::WhatIf { vary: None, .. } => format!("the form's scenario · {seeds}"),
        }
    }

    /// Downloads the sweep's summary.csv (or runs.csv), named after the sweep.
    pub(super) fn export_sweep(&self, summary: bool) {
        let Some(run) = &self.sweep else { return };
        let name = match &run.sweep.plan {
            Plan::Figure(f) => format!("{f}-{}seeds", run.sweep.seeds),
            Plan::WhatIf { .. } => {
                format!("what-if_{}", crate::link::short_form(&self.page.scenario))
            }
        };
        let vary = match &run.sweep.plan {
            Plan::WhatIf { vary, .. } => vary.as_ref(),
            Plan::Figure(_) => None,
        };
        let (what, text) = match summary {
            true => ("summary", run.results.summary_csv()),
            false => ("runs", run.results.runs_csv_varied(vary)),
        };
        // the version and the link that runs the sweep again, as `#` lines readers skip
        let text =
            crate::repro::rows::provenance(&self.sweep_page_link().unwrap_or_default()) + &text;
        exports::download_text(&format!("spraylab-{name}-{what}.csv"), "text/csv", &text);
    }
}

impl App {
    /// What the sweeps area asks for.
    pub(super) fn on_sweep_action(&mut self, ctx: &Context<Self>, action: SweepAction) -> bool {
        match action {
            SweepAction::Figure(name) => {
                match Sweep::figure(name, self.sweep_form.seeds) {
                    Ok(sweep) => self.start_sweep(ctx, sweep),
                    Err(e) => self.sweep_refused = Some(e),
                }
                true
            }
            SweepAction::Run => {
                self.start_what_if(ctx);
                true
            }
            SweepAction::Cancel => {
                self.cancel_sweep();
                true
            }
            SweepAction::Seeds(v) => {
                if let Ok(n) = v.parse() {
                    self.sweep_form.seeds = n;
                }
                true
            }
            SweepAction::Cca(c, on) => {
                self.sweep_form.toggle_cca(c, on);
                true
            }
            SweepAction::Lb(l, on) => {
                self.sweep_form.toggle_lb(l, on);
                true
            }
            SweepAction::Vary(v) => {
                self.sweep_form.vary = v.trim().to_string();
                true
            }
            SweepAction::Values(v) => {
                self.sweep_form.values = v;
                true
            }
            SweepAction::Log(on) => {
                self.sweep_form.log = on;
                self.mark(&[Canvas::Sweep], ctx);
                true
            }
            SweepAction::Csv(summary) => {
                self.export_sweep(summary);
                false
            }
            SweepAction::CopyLink => {
                if let Some(link) = self.sweep_page_link() {
                    self.copy_link("sweep link", link);
                }
                true
            }
        }
    }
}
