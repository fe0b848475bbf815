//! The events panel's actions: a link and a rate typed or clicked, an edit applied at the
//! cursor (the scenario gains a timed event and runs again from zero), an event removed.

use super::*;
use crate::web::components::events::EventAction;

impl App {
    pub(super) fn on_event_action(&mut self, ctx: &Context<Self>, action: EventAction) -> bool {
        match action {
            EventAction::Link(text) => {
                self.event_link = text.trim().to_string();
                self.event_refused = None;
            }
            EventAction::Gbps(text) => {
                self.event_gbps = text.trim().to_string();
                self.event_refused = None;
            }
            EventAction::Apply(edit) => {
                let at = self.session.cursor_us();
                match edits::add(&self.scenario, edit, &self.event_link, at) {
                    Ok(s) => self.rerun_with(ctx, s),
                    Err(e) => self.event_refused = Some(e.to_string()),
                }
            }
            EventAction::Remove(i) => {
                let s = edits::remove(&self.scenario, i);
                self.rerun_with(ctx, s);
            }
        }
        true
    }

    /// The form's scenario becomes `s`, in the address bar, and runs from time zero.
    fn rerun_with(&mut self, ctx: &Context<Self>, s: Scenario) {
        self.scenario = s;
        self.refused = None;
        self.event_refused = None;
        self.write_link();
        self.start_main(ctx, self.scenario.clone());
    }
}
