//! The lockstep panel: a partner run beside the main one (another CCA, LB, or one field),
//! started, shown in the address (`beside=cca:swift`) and closed; the two stages' titles and
//! their difference at the cursor.

use super::actions::LockstepAction;
use super::charts::Trigger;
use super::effects::Effect;
use super::page::Page;
use super::{lockstep, Phase};
use crate::scenario::Partner;

impl Page {
    pub(super) fn on_lockstep(&mut self, action: LockstepAction) -> Vec<Effect> {
        let mut out = Vec::new();
        match action {
            LockstepAction::Choose(value) => {
                self.partner.choice = value;
                self.partner.refused = None;
            }
            LockstepAction::Field(text) => {
                self.partner.field = text.trim().to_string();
                self.partner.refused = None;
            }
            LockstepAction::Start => {
                let base = self
                    .session
                    .run
                    .as_ref()
                    .map_or_else(|| self.scenario.clone(), |r| r.scenario.clone());
                let choice = match self.partner.choice.as_str() {
                    "set" => format!("set:{}", self.partner.field),
                    other => other.to_string(),
                };
                let chosen = Partner::parse(&choice).and_then(|p| Ok((p.apply(&base)?, p)));
                match chosen {
                    Ok((partner, beside)) => {
                        self.partner.refused = None;
                        self.partner.beside = Some(beside);
                        let msgs = match self.session.run {
                            Some(_) => self.session.start_partner(partner),
                            None => self.session.start_pair(base, partner),
                        };
                        out = vec![Effect::Worker(msgs), Effect::WriteAddress];
                    }
                    Err(why) => self.partner.refused = Some(why),
                }
            }
            LockstepAction::Close => {
                out = vec![
                    Effect::Worker(self.session.drop_partner()),
                    Effect::WriteAddress,
                ];
            }
        }
        out.push(Effect::Redraw(Trigger::Cursor));
        out
    }

    /// Shows `partner` in the lockstep panel, as an address names it.
    pub(super) fn choose_partner(&mut self, partner: &Partner) {
        match partner {
            Partner::Set { field, value } => {
                self.partner.choice = "set".to_string();
                self.partner.field = format!("{field}={value}");
            }
            other => self.partner.choice = other.to_string(),
        }
        self.partner.beside = Some(partner.clone());
    }

    /// The partner as the address carries it (`cca:swift`), while one is shown or waits.
    pub fn beside(&self) -> Option<String> {
        self.partner
            .beside
            .as_ref()
            .filter(|_| self.session.partner_scenario().is_some())
            .map(Partner::to_string)
    }

    /// A partner's stage is beside the main run's: the partner is running, done or waiting.
    pub fn paired(&self) -> bool {
        self.session.run.is_some() && self.session.partner_scenario().is_some()
    }

    /// Where the partner stands, in a few words.
    pub fn partner_status(&self) -> String {
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

    /// The two stages' titles while they are [`Page::paired`]: what tells the runs apart, and
    /// where the partner stands.
    pub fn stage_titles(&self) -> Option<(String, String)> {
        let s = &self.session;
        let main = s.run.as_ref().map(|r| &r.scenario)?;
        let (a, b) = lockstep::titles(main, s.partner_scenario()?);
        Some((a, format!("{b}: {}", self.partner_status())))
    }

    /// The two runs' difference at the cursor, once both have samples.
    pub fn partner_difference(&self) -> String {
        match (&self.session.run, &self.session.partner) {
            (Some(a), Some(b)) => lockstep::difference(a, b, self.session.cursor_us()),
            _ => String::new(),
        }
    }
}
