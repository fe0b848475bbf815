//! The page's address: the URL fragment that holds the form's scenario (and a sweep, a
//! partner, `embed=1`), so that the address bar always reproduces the run. A page opens from an
//! address, a new address (pasted, Back, Forward) replaces the scenario and starts what its
//! `run=1` asks for, and the shared address of a run goes on the clipboard
//! ([`crate::share`] reads and writes the fragment).

use super::effects::Effect;
use super::page::{OnLoad, Page};
use super::story::STEPS;
use crate::scenario::{Scenario, ScenarioError};

/// What the browser tells the page when it opens: where the page is, how many workers a sweep
/// may use, and a notice that a page before it left (it failed).
#[derive(Clone, Debug, Default)]
pub struct Host {
    /// The page's address before its fragment (`https://host/spraylab/`).
    pub base_url: String,
    pub cores: usize,
    pub notice: Option<String>,
}

impl Page {
    /// The page an address opens in the browser `host`: its scenario, partner and sweep shown,
    /// and what its `run=1` asks for started by [`super::actions::Action::Launch`].
    pub fn load(fragment: &str, host: Host) -> Page {
        let (mut page, run, sweep) = Page::from_fragment(fragment);
        if let Some(notice) = host.notice {
            page.notice = Some(notice);
        }
        page.base_url = host.base_url;
        page.sweeps.cores = host.cores;
        page.on_load = match sweep {
            // a sweep's address shows its sweep; with run=1 it starts the sweep, not a run
            Some(sweep) => {
                page.sweeps.show(sweep.clone());
                run.then_some(OnLoad::Sweep(sweep))
            }
            None => run.then_some(OnLoad::Run),
        };
        page
    }

    /// The page an address opens (a URL fragment, with or without `#`): its scenario, its lockstep
    /// partner, the class story's step and the presentation, whether it asks to start (`run=1`),
    /// and its sweep. A refused address opens the defaults, with a notice saying why.
    pub fn from_fragment(fragment: &str) -> (Page, bool, Option<crate::sweep::Sweep>) {
        match crate::share::from_fragment(fragment).and_then(story_step) {
            Ok(link) => {
                let mut page = Page::new(link.scenario);
                page.embed = link.embed;
                if let Some(beside) = &link.beside {
                    page.choose_partner(beside);
                }
                page.story = link.story.map(|n| n - 1);
                if let Some(name) = &link.matrix {
                    page.notice = Some(format!(
                        "this link ran the flows of {name}, more than a link holds: open \
                         {name} (Open a scenario file…) to run them again; the form has the \
                         link's other settings"
                    ));
                }
                page.set_presenting(link.present);
                if page.presenting && page.story.is_none() {
                    page.story = Some(0);
                }
                (page, link.run, link.sweep)
            }
            Err(e) => {
                let mut page = Page::new(Scenario::default());
                page.notice = Some(format!(
                    "the link was refused ({e}); the defaults are in use"
                ));
                (page, false, None)
            }
        }
    }

    /// Starts the worker, writes the address bar and starts what the address asked for.
    pub(super) fn launch(&mut self) -> Vec<Effect> {
        // the worker starts now, whatever the address asks for
        let mut effects = vec![Effect::Worker(Vec::new())];
        match self.on_load.take() {
            Some(OnLoad::Sweep(sweep)) => {
                effects.extend(self.run_shared_sweep(sweep));
                effects.push(Effect::WriteAddress);
            }
            Some(OnLoad::Run) => {
                effects.extend(self.launch_run());
                self.ran = Some(self.address_fragment());
            }
            None => effects.push(Effect::WriteAddress),
        }
        effects
    }

    /// A new address in the address bar (`ran`: its history entry remembers that its run ran,
    /// so Back and Forward to it run it again). Nothing happens if it is the page's own.
    pub(super) fn on_address(&mut self, fragment: &str, ran: bool) -> Vec<Effect> {
        let mut fragment = fragment.trim_start_matches('#').to_string();
        if fragment == self.address_fragment() {
            return Vec::new();
        }
        if ran && !fragment.split('&').any(|kv| kv == "run=1") {
            fragment += if fragment.is_empty() {
                "run=1"
            } else {
                "&run=1"
            };
        }
        let (mut effects, run) = self.open_address(&fragment);
        self.run_pressed = false;
        self.ran = run.then(|| self.address_fragment());
        if !run {
            effects.push(Effect::WriteAddress);
        }
        effects.push(Effect::Render);
        effects
    }

    /// A new address (pasted, or Back and Forward): its scenario, partner and notice replace
    /// the page's, the run on screen goes (cancelled if it runs), and the address's `run=1` starts its run as on load (or its sweep, for a sweep's address). The layout, the
    /// story and the series stay. Returns the effects and whether a run started.
    pub(super) fn open_address(&mut self, fragment: &str) -> (Vec<Effect>, bool) {
        let (fresh, run, sweep) = Page::from_fragment(fragment);
        let msgs = self.session.clear_main();
        // the layout and the story stay, unless the address names them
        let relayout = fresh.presenting && !self.presenting;
        self.story = fresh.story.or(self.story);
        self.set_presenting(self.presenting || fresh.presenting);
        self.scenario = fresh.scenario;
        self.flows_file = None;
        self.partner = fresh.partner;
        self.embed = fresh.embed;
        self.notice = fresh.notice;
        self.refused = None;
        self.highlight = None;
        self.chosen.clear();
        self.events = fresh.events;
        let mut effects = vec![Effect::Worker(msgs), Effect::RedrawAll];
        if relayout {
            effects.push(Effect::Relayout);
        }
        let ran = match sweep {
            Some(sweep) => {
                self.sweeps.show(sweep.clone());
                if run {
                    effects.extend(self.run_shared_sweep(sweep));
                }
                false
            }
            None => {
                self.sweeps.shared = None;
                if run {
                    effects.extend(self.launch_run());
                }
                run
            }
        };
        (effects, ran)
    }

    /// The address bar's fragment: the form's scenario, the last sweep while it still fits the
    /// scenario (a what-if's grid is checked again over the new base), and the partner.
    pub fn address_fragment(&self) -> String {
        let sweep = self.sweeps.shared.as_ref().filter(|s| {
            matches!(s.plan, crate::sweep::Plan::Figure(_))
                || s.jobs(&self.scenario, &crate::scenario::Budget::BROWSER)
                    .is_ok()
        });
        let (scenario, matrix) = crate::share::carried(&self.scenario, self.flows_file.as_deref());
        let mut fragment = match sweep {
            Some(s) => crate::share::sweep_fragment(&scenario, s, false),
            None => crate::share::to_fragment(&scenario, false),
        };
        let matrix = matrix.map(|name| format!("{}={name}", crate::share::MATRIX));
        let beside = self
            .beside()
            .map(|c| format!("{}={c}", crate::share::BESIDE));
        let embed = self.embed.then(|| format!("{}=1", crate::share::EMBED));
        let story = self
            .story
            .map(|i| format!("{}={}", crate::share::STORY, i + 1));
        let present = self
            .presenting
            .then(|| format!("{}=1", crate::share::PRESENT));
        for part in [matrix, beside, embed, story, present]
            .into_iter()
            .flatten()
        {
            let sep = if fragment.is_empty() { "" } else { "&" };
            fragment += &format!("{sep}{part}");
        }
        fragment
    }

    /// The address bar's fragment, and whether its history entry remembers that its run ran.
    pub fn address(&self) -> (String, bool) {
        let fragment = self.address_fragment();
        let ran = self.ran.as_deref() == Some(fragment.as_str());
        (fragment, ran)
    }

    /// The address that shares the form's scenario (`run`: with `run=1`).
    pub fn share_url(&self, run: bool) -> String {
        let (scenario, matrix) = crate::share::carried(&self.scenario, self.flows_file.as_deref());
        let mut fragment = crate::share::to_fragment(&scenario, run);
        if let Some(name) = matrix {
            let sep = if fragment.is_empty() { "" } else { "&" };
            fragment += &format!("{sep}{}={name}", crate::share::MATRIX);
        }
        format!("{}#{fragment}", self.base_url)
    }

    /// An address's sweep with `run=1`: it starts, the notice says where, and the page scrolls to it.
    pub(super) fn run_shared_sweep(&mut self, sweep: crate::sweep::Sweep) -> Vec<Effect> {
        let mut effects = self.start_sweep(sweep);
        if self.sweeps.run.as_ref().is_some_and(|r| r.running()) {
            self.notice = Some("the link's sweep is running, below".into());
            effects.push(Effect::ScrollTo("sweeps"));
        }
        effects
    }

    /// Starts what a `run=1` address asks for: the form's scenario, with its partner beside it
    /// when the address names one (`beside=cca:swift`).
    pub(super) fn launch_run(&mut self) -> Vec<Effect> {
        let partner = self
            .partner
            .beside
            .as_ref()
            .and_then(|p| p.apply(&self.scenario).ok());
        let msgs = match partner {
            Some(p) => self.session.start_pair(self.scenario.clone(), p),
            None => self.session.start(self.scenario.clone()),
        };
        vec![Effect::Worker(msgs), Effect::WriteAddress]
    }
}

/// The address's story step checked against the class story: a step it has.
fn story_step(link: crate::share::Shared) -> Result<crate::share::Shared, ScenarioError> {
    match link.story {
        Some(n) if n > STEPS.len() => Err(ScenarioError {
            field: crate::share::STORY.to_string(),
            message: format!(
                "must be a step of the class story, 1 to {}, got {n}",
                STEPS.len()
            ),
        }),
        _ => Ok(link),
    }
}
