//! The worker: starting it, sending it the session's messages, and what its messages change.

use super::*;

impl App {
    pub(super) fn spawn_worker(&mut self, ctx: &Context<Self>) {
        let url = match &ctx.props().worker_url {
            Some(u) => Ok(u.clone()),
            None => default_worker_url(),
        };
        let on_event = ctx.link().callback(|e| Msg::Worker(Box::new(e)));
        match url.and_then(|u| SimWorker::spawn(&u, on_event)) {
            Ok(w) => {
                self.worker = Some(w);
                self.worker_error = None;
            }
            Err(e) => {
                self.worker_error = Some(format!("could not start the simulation worker: {e}"))
            }
        }
    }

    /// Starts the worker, writes the address bar and starts what the link asked for: a task of
    /// its own after the first render, since starting a worker and rewriting the address (a
    /// same-document navigation) took 10–30 ms of the start-up task.
    pub(super) fn launch(&mut self, ctx: &Context<Self>) {
        if self.worker.is_none() {
            self.spawn_worker(ctx);
        }
        match self.on_load.take() {
            Some(OnLoad::Sweep(sweep)) => {
                self.page.now_ms = crate::web::now_ms();
                let effects = self.page.run_link_sweep(sweep);
                self.perform(ctx, effects);
                self.write_link();
            }
            Some(OnLoad::Run) => {
                let effects = self.page.launch_run();
                self.link_ran = Some(self.page.address_fragment());
                self.perform(ctx, effects);
            }
            None => self.write_link(),
        }
    }

    /// A new link in the address bar: it replaces the scenario and the run on screen, and
    /// starts what it says with `run=1` (a run, or its sweep), as on load.
    pub(super) fn open_link(&mut self, ctx: &Context<Self>) -> bool {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let mut fragment = hash.trim_start_matches('#').to_string();
        if fragment == self.page.address_fragment() {
            return false;
        }
        // Back or Forward to an entry whose link ran: run it again
        let ran = web_sys::window()
            .and_then(|w| w.history().ok())
            .and_then(|h| h.state().ok())
            .is_some_and(|s| s == JsValue::TRUE);
        if ran && !fragment.split('&').any(|kv| kv == "run=1") {
            fragment += if fragment.is_empty() {
                "run=1"
            } else {
                "&run=1"
            };
        }
        self.page.now_ms = crate::web::now_ms();
        let (effects, run) = self.page.open_link(&fragment);
        self.run_pressed = false;
        self.link_ran = run.then(|| self.page.address_fragment());
        self.perform(ctx, effects);
        if !run {
            self.write_link();
        }
        self.view_stale = true;
        self.schedule_frame(ctx);
        true
    }

    /// Asks for [`App::launch`] in a task of its own (at once if there is no timer).
    pub(super) fn launch_later(&mut self, ctx: &Context<Self>) {
        if !send_later(ctx, Msg::Launch) {
            self.launch(ctx);
        }
    }

    pub(super) fn send(&self, msgs: Vec<ToWorker>) {
        if let Some(w) = &self.worker {
            for m in &msgs {
                w.send(m);
            }
        }
    }

    pub(super) fn on_worker(&mut self, ctx: &Context<Self>, event: WorkerEvent) -> bool {
        let msg = match event {
            Ok(msg) => msg,
            Err(e) => {
                // the worker is gone: say so, keep the page working; Run starts a new worker
                self.worker = None;
                self.worker_error = Some(format!("simulation worker error: {e}"));
                self.page.session.worker_lost(&e);
                return true;
            }
        };
        let (out, changed) = self.page.on_worker(msg);
        self.send(out);
        if changed.main {
            self.live_stale = true;
        }
        if changed.finished {
            self.mark(Chart::on(Trigger::Compare), ctx);
            // after the next render, which shows the run's end
            self.refocus = !self.page.session.running() && std::mem::take(&mut self.run_pressed);
        }
        if changed.theory {
            self.mark(Chart::on(Trigger::Theory), ctx);
        }
        // the view follows on the next frame: many messages, one render
        self.view_stale |= changed.main || changed.theory || changed.finished || changed.compare;
        self.schedule_frame(ctx);
        false
    }

    /// After a run, focus goes back to Run if it was lost (Run is disabled while running).
    pub(super) fn return_focus(&self) {
        let lost = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element())
            .is_none_or(|el| el.tag_name().eq_ignore_ascii_case("body"));
        if lost {
            if let Some(b) = self.run_button.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        }
    }
}

/// "sim 120.3 µs · 40/124 flows · 12.1 M events/s · ~0.4 s left".
pub(super) fn progress_text(elapsed_ms: f64, p: &crate::sim::Progress) -> String {
    let rate = if elapsed_ms > 0.0 {
        p.events as f64 / elapsed_ms * 1e3
    } else {
        0.0
    };
    let frac = p.packets_acked as f64 / p.packets_total.max(1) as f64;
    let left = if p.done {
        format!("{:.2} s", elapsed_ms / 1e3)
    } else if frac > 0.02 {
        format!("~{:.1} s left", elapsed_ms / 1e3 * (1.0 - frac) / frac)
    } else {
        "estimating".to_string()
    };
    format!(
        "sim {:.1} µs · {}/{} flows · {:.2} M events/s · {left}",
        p.sim_time_us,
        p.flows_done,
        p.flows_total,
        rate / 1e6
    )
}
