//! The lockstep panel's actions: choose what the partner changes, run it beside the main run,
//! close it.

use super::*;
use crate::session::lockstep;
use crate::session::Phase;
use crate::web::components::lockstep::LockstepAction;

impl App {
    pub(super) fn on_lockstep(&mut self, ctx: &Context<Self>, action: LockstepAction) -> bool {
        match action {
            LockstepAction::Choose(value) => {
                self.partner_choice = value;
                self.partner_refused = None;
            }
            LockstepAction::Field(text) => {
                self.partner_field = text.trim().to_string();
                self.partner_refused = None;
            }
            LockstepAction::Start => {
                let base = self
                    .session
                    .run
                    .as_ref()
                    .map_or_else(|| self.scenario.clone(), |r| r.scenario.clone());
                let choice = match self.partner_choice.as_str() {
                    "set" => format!("set:{}", self.partner_field),
                    other => other.to_string(),
                };
                match lockstep::partner_of(&base, &choice) {
                    Ok(partner) => {
                        self.partner_refused = None;
                        self.partner_beside = Some(choice);
                        self.start_partner(ctx, base, partner);
                        self.write_link();
                    }
                    Err(why) => self.partner_refused = Some(why),
                }
            }
            LockstepAction::Close => {
                let msgs = self.session.drop_partner();
                self.send(msgs);
                self.write_link();
            }
        }
        self.mark(&AT_CURSOR, ctx);
        true
    }

    /// Shows `choice` (`cca:swift`, `set:elephants=8`) in the panel, as a link names it.
    pub(super) fn choose_partner(&mut self, choice: &str) {
        match choice.strip_prefix("set:") {
            Some(field) => {
                self.partner_choice = "set".to_string();
                self.partner_field = field.to_string();
            }
            None => self.partner_choice = choice.to_string(),
        }
        self.partner_beside = Some(choice.to_string());
    }

    /// Runs `partner` beside the main run (`base`, run first if none is on screen).
    pub(super) fn start_partner(&mut self, ctx: &Context<Self>, base: Scenario, partner: Scenario) {
        if self.worker.is_none() {
            self.spawn_worker(ctx);
        }
        let msgs = match self.session.run {
            Some(_) => self.session.start_partner(partner),
            None => self.session.start_pair(base, partner),
        };
        self.send(msgs);
    }

    /// Where the partner stands, in a few words.
    pub(super) fn partner_status(&self) -> String {
        let s = &self.session;
        match (&s.partner_phase, &s.partner) {
            (Some(Phase::Idle), _) => "waits for the main run".to_string(),
            (Some(Phase::Running), Some(p)) => format!("running: {:.1} µs", p.span_us()),
            (Some(Phase::Done), Some(p)) => match p.report.as_ref().and_then(|r| r.cct_us) {
                Some(cct) => format!("done: CCT {cct:.1} µs"),
                None => "done: unfinished".to_string(),
            },
            (Some(Phase::Cancelled), _) => "cancelled".to_string(),
            (Some(Phase::Failed(why)), _) => format!("failed: {why}"),
            _ => String::new(),
        }
    }

    /// A partner's stage is beside the main run's: the partner is running, done or waiting.
    pub(super) fn paired(&self) -> bool {
        self.session.run.is_some() && self.session.partner_scenario().is_some()
    }

    /// The two stages' titles while they are [`App::paired`]: what tells the runs apart, and
    /// where the partner stands.
    pub(super) fn stage_titles(&self) -> Option<(String, String)> {
        let s = &self.session;
        let main = s.run.as_ref().map(|r| &r.scenario)?;
        let (a, b) = lockstep::titles(main, s.partner_scenario()?);
        Some((a, format!("{b}: {}", self.partner_status())))
    }

    /// The two runs' difference at the cursor, once both have samples.
    pub(super) fn partner_difference(&self, cursor: f64) -> String {
        match (&self.session.run, &self.session.partner) {
            (Some(a), Some(b)) => lockstep::difference(a, b, cursor),
            _ => String::new(),
        }
    }
}
