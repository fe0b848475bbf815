//! The page's worker and its address: starting the worker, sending it the page's messages and
//! handing the page what it says; a new address handed to the page.

use super::*;

impl App {
    pub(super) fn spawn_worker(&mut self, ctx: &Context<Self>) {
        let url = match &ctx.props().worker_url {
            Some(u) => Ok(u.clone()),
            None => default_worker_url(),
        };
        let on_event = ctx.link().callback(|e| Msg::Worker(Box::new(e)));
        let told = match url.and_then(|u| SimWorker::spawn(&u, on_event)) {
            Ok(w) => {
                self.worker = Some(w);
                Action::WorkerStarted
            }
            Err(why) => Action::WorkerFailed {
                started: false,
                why,
            },
        };
        let effects = self.page.reduce_at(crate::web::now_ms(), told);
        self.perform(ctx, effects);
    }

    /// A new address in the address bar (pasted, Back, Forward): the page opens it, and runs it
    /// again if its history entry remembers that it ran.
    pub(super) fn open_address(&mut self, ctx: &Context<Self>) -> bool {
        let window = web_sys::window();
        let fragment = window
            .as_ref()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let ran = window
            .and_then(|w| w.history().ok())
            .and_then(|h| h.state().ok())
            .is_some_and(|s| s == JsValue::TRUE);
        let effects = self
            .page
            .reduce_at(crate::web::now_ms(), Action::Address { fragment, ran });
        let changed = !effects.is_empty();
        self.perform(ctx, effects);
        changed
    }

    /// Asks for the page's [`Action::Launch`] in a task of its own after the first render (at
    /// once if there is no timer): starting a worker and rewriting the address (a
    /// same-document navigation) took 10–30 ms of the start-up task.
    pub(super) fn launch_later(&mut self, ctx: &Context<Self>) {
        if !send_later(ctx, Msg::Launch) {
            self.reduce(ctx, Action::Launch);
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
        let action = match event {
            Ok(msg) => Action::Worker(Box::new(msg)),
            Err(why) => {
                // the worker is gone: the page says so and keeps working; Run starts a new one
                self.worker = None;
                Action::WorkerFailed { started: true, why }
            }
        };
        let effects = self.page.reduce_at(crate::web::now_ms(), action);
        self.perform(ctx, effects);
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
