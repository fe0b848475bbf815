//! The page's state beside its runs, as plain Rust: the form's scenario and why a value was
//! refused, the events and lockstep panels' inputs, the highlighted flow and the chosen links,
//! the class story's step and the presentation layout, around the [`Session`].
//!
//! [`Page::reduce`] takes one [`Action`] (what a panel asked for) and returns the [`Effect`]s
//! for the app shell to perform: messages for the worker, the address bar, the clipboard,
//! redraws. The shell renders the page from this state and touches the DOM; nothing here does,
//! so native tests drive the page as a user would.
//!
//! ```
//! use spraylab::session::actions::FormAction;
//! use spraylab::session::page::{Action, Effect, Page};
//!
//! let mut page = Page::new(Default::default());
//! let effects = page.reduce(Action::Form(FormAction::Field("k", "4".into())));
//! assert_eq!(effects, vec![Effect::WriteLink]);
//! assert_eq!(page.scenario.topology.k, 4);
//! // a value out of range is refused, naming the field, and the scenario stays
//! page.reduce(Action::Form(FormAction::Field("k", "5".into())));
//! assert_eq!(page.refused.as_ref().unwrap().field, "topology.k");
//! assert_eq!(page.scenario.topology.k, 4);
//! ```

use super::actions::{
    CompareAction, EventAction, Export, FormAction, LockstepAction, PlaybackAction, StoryAction,
    SweepAction,
};
use super::charts::{Chart, Trigger};
use super::instruments::{Instruments, Pointer};
use super::layout::Layout;
use super::story::{StepRun, STEPS};
use super::sweeps::{PoolMessage, Sweeps};
use super::{edits, lockstep, Phase, Session};
use crate::protocol::ToWorker;
use crate::scenario::escape_controls;
use crate::scenario::{CcaName, Partner, Scenario, ScenarioError};

/// What the events panel holds: the link to act on (the last one clicked, or typed), the rate
/// to slow it to, and why the last change was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct EventsInput {
    pub link: String,
    pub gbps: String,
    pub refused: Option<String>,
}

/// What the lockstep panel holds: the partner chosen (`cca:swift`, or `set` with its field),
/// the shown partner as a link writes it (`beside=cca:swift`), and why the last was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct PartnerInput {
    pub choice: String,
    pub field: String,
    pub beside: Option<Partner>,
    pub refused: Option<String>,
}

/// The page's state beside what the app shell keeps of the DOM.
#[derive(Debug)]
pub struct Page {
    pub session: Session,
    /// The form's scenario, which the address bar always holds.
    pub scenario: Scenario,
    /// Why the last form change was refused.
    pub refused: Option<ScenarioError>,
    /// A one-line notice beside the status (a refused link, a copied link).
    pub notice: Option<String>,
    /// The flow the charts follow, when one was picked.
    pub highlight: Option<usize>,
    /// Timeline ports whose queues the user chose to plot (clicked links).
    pub chosen: Vec<usize>,
    pub events: EventsInput,
    pub partner: PartnerInput,
    /// The class story's step, when class mode is open.
    pub story: Option<usize>,
    /// The presentation layout: the story's narration, the network picture and the step's one
    /// chart on one 1280×720 screen, in large text.
    pub presenting: bool,
    /// The embedded page (`embed=1`): the run's stage alone, for a course page's frame.
    pub embed: bool,
    /// The playback is being recorded (WebM, for a slide).
    pub recording: bool,
    /// The sweeps area: its form, the sweep on screen and its pool.
    pub sweeps: Sweeps,
    /// The network pictures' layouts on screen, the main run's and the partner's, each with the
    /// id of the run it is for.
    pub layouts: [Option<(u32, Layout)>; 2],
    /// The page's address before its fragment (`https://host/spraylab/`), which links start with.
    pub base_url: String,
    /// The shell's clock when the action came, ms (a sweep's status and time left).
    pub now_ms: f64,
    /// The charts' readout, zoom and hidden series.
    pub instruments: Instruments,
}

/// What the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Form(FormAction),
    Events(EventAction),
    Lockstep(LockstepAction),
    Playback(PlaybackAction),
    Compare(CompareAction),
    Story(StoryAction),
    /// Run the theory sweep (its button).
    Theory,
    /// The presentation layout on or off.
    Present(bool),
    /// The flow to follow, as typed (empty or out of range: the slowest).
    Highlight(String),
    /// Forget the links clicked for the queue chart.
    ClearChosen,
    /// A click (or tap) on a network picture at (x, y) CSS px, in a plot of `w` × `h` CSS px.
    PictureClick {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
    /// Something to take away: a download, or the charts as one picture.
    Export(Export),
    /// The sweeps area: a figure, a what-if, its form, its exports.
    Sweep(SweepAction),
    /// A message from a sweep's pool of workers.
    Pool(Box<PoolMessage>),
    /// A pointer on a chart: read, zoom, hide a series.
    Pointer(Chart, Pointer),
    /// Every time chart shows the whole run again.
    ResetZoom,
    /// Record the playback from the start (true), or stop and download it (false).
    Record(bool),
}

/// What the app shell does after an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Messages for the worker, which is started first if there is none.
    Worker(Vec<ToWorker>),
    /// The address bar shows the page's link again.
    WriteLink,
    /// The canvases this trigger redraws ([`super::charts::CHARTS`]) are drawn again.
    Redraw(Trigger),
    /// Every canvas is drawn again.
    RedrawAll,
    /// The layout changed: every canvas is measured and drawn again.
    Relayout,
    /// Playback (re)starts: its clock counts from the next frame.
    RestartClock,
    /// The page scrolls to the element with this id.
    ScrollTo(&'static str),
    /// A pool of this many sweep workers starts, its messages tagged with `generation`.
    StartPool { workers: usize, generation: u32 },
    /// The pool's workers are terminated.
    StopPool,
    /// A message for one worker of the pool.
    PoolSend { worker: usize, msg: ToWorker },
    /// A file is downloaded.
    Download {
        name: String,
        mime: &'static str,
        text: String,
    },
    /// The run's charts are downloaded as one PNG, under a title line.
    ChartsPng { name: String, title: String },
    /// `text` goes on the clipboard, and the notice says `what` was copied.
    Copy { what: &'static str, text: String },
    /// The readout at the pointer shows [`Instruments::readout`] (or goes).
    Readout,
    /// A recording of the stage starts (named `name`), or stops and downloads (`None`).
    Record(Option<String>),
}

impl Page {
    /// A page showing `scenario`, nothing run yet.
    pub fn new(scenario: Scenario) -> Self {
        Page {
            session: Session::new(),
            scenario,
            refused: None,
            notice: None,
            highlight: None,
            chosen: Vec::new(),
            events: EventsInput {
                link: String::new(),
                gbps: "200".to_string(),
                refused: None,
            },
            partner: PartnerInput {
                choice: "cca:swift".to_string(),
                field: String::new(),
                beside: None,
                refused: None,
            },
            story: None,
            presenting: false,
            embed: false,
            recording: false,
            sweeps: Sweeps::default(),
            layouts: [None, None],
            base_url: String::new(),
            now_ms: 0.0,
            instruments: Instruments::default(),
        }
    }

    /// The page a link opens (a URL fragment, with or without `#`): its scenario, its lockstep
    /// partner, whether it asks to start (`run=1`), and its sweep. A refused link opens the
    /// defaults, with a notice saying why.
    pub fn from_fragment(fragment: &str) -> (Page, bool, Option<crate::sweep::Sweep>) {
        match crate::share::from_fragment(fragment) {
            Ok(link) => {
                let mut page = Page::new(link.scenario);
                page.embed = link.embed;
                if let Some(beside) = &link.beside {
                    page.choose_partner(beside);
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

    /// A scenario file opened (or dropped) on the page, `name` and its text: TOML, or JSON (a
    /// scenario as `spraylab scenario` writes it, or the page's report export, whose
    /// `scenario` it takes), or an htsim traffic matrix (`.cm`, whose flows replace the form's
    /// workload). A good one replaces the form's scenario and the address bar; a bad one leaves
    /// the form as it is and says why in one line, naming the field (or the line).
    pub fn open_file(&mut self, name: &str, text: &str) -> Vec<Effect> {
        match read_scenario_file(name, text, &self.scenario) {
            Ok((s, notes)) => {
                let flows = s.workload.connections.len();
                self.scenario = s;
                self.refused = None;
                self.highlight = None;
                self.chosen.clear();
                let mut notice = match flows {
                    0 => format!("opened {}", escape_controls(name)),
                    n => format!(
                        "opened {}: its {n} flows replace the workload's",
                        escape_controls(name)
                    ),
                };
                if !notes.is_empty() {
                    notice.push_str(&format!(" ({})", notes.join("; ")));
                }
                self.notice = Some(notice);
                vec![Effect::WriteLink, Effect::RedrawAll]
            }
            Err(e) => {
                self.notice = Some(format!(
                    "{} was refused ({e}); the form is unchanged",
                    escape_controls(name)
                ));
                Vec::new()
            }
        }
    }

    /// What the class story's step says of its run, computed from the runs on screen and seen
    /// ([`super::story::Step::says`]); `None` when the story is closed or the run on screen is
    /// not the step's (or not finished).
    pub fn story_says(&self) -> Option<String> {
        let step = &STEPS[self.story?.min(STEPS.len() - 1)];
        let s = &self.session;
        let seen = super::story::Seen {
            run: s.run.as_ref(),
            partner: s.partner.as_ref(),
            past: &s.past,
            theory: &s.theory_points,
        };
        if let StepRun::Baseline { cca, lb, .. } = step.run {
            let run = s.run.as_ref()?;
            let ran = CcaName::of_config(run.scenario.cca.algorithm, run.scenario.cca.percentile);
            if (ran, run.scenario.lb.scheme) != (cca, lb) || s.phase != Some(super::Phase::Done) {
                return None;
            }
        }
        (step.says)(&seen)
    }

    /// A new link in the address bar (pasted, or Back and Forward): its scenario, partner and
    /// notice replace the page's, the run on screen goes (cancelled if it runs), and the link's
    /// `run=1` starts its run as on load (or its sweep, for a sweep's link). The layout, the
    /// story and the series stay. Returns the effects and whether a run started.
    pub fn open_link(&mut self, fragment: &str) -> (Vec<Effect>, bool) {
        let (fresh, run, sweep) = Page::from_fragment(fragment);
        let msgs = self.session.clear_main();
        self.scenario = fresh.scenario;
        self.partner = fresh.partner;
        self.embed = fresh.embed;
        self.notice = fresh.notice;
        self.refused = None;
        self.highlight = None;
        self.chosen.clear();
        self.events = fresh.events;
        let mut effects = vec![Effect::Worker(msgs), Effect::RedrawAll];
        let ran = match sweep {
            Some(sweep) => {
                self.sweeps.show(sweep.clone());
                if run {
                    effects.extend(self.run_link_sweep(sweep));
                }
                false
            }
            None => {
                self.sweeps.link = None;
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
        let sweep = self.sweeps.link.as_ref().filter(|s| {
            matches!(s.plan, crate::sweep::Plan::Figure(_))
                || s.jobs(&self.scenario, &crate::scenario::Budget::BROWSER)
                    .is_ok()
        });
        let mut fragment = match sweep {
            Some(s) => crate::share::sweep_fragment(&self.scenario, s, false),
            None => crate::share::to_fragment(&self.scenario, false),
        };
        let beside = self
            .beside()
            .map(|c| format!("{}={c}", crate::share::BESIDE));
        let embed = self.embed.then(|| format!("{}=1", crate::share::EMBED));
        for part in [beside, embed].into_iter().flatten() {
            let sep = if fragment.is_empty() { "" } else { "&" };
            fragment += &format!("{sep}{part}");
        }
        fragment
    }

    /// The page's link for the form's scenario (`run`: with `run=1`).
    pub fn page_link(&self, run: bool) -> String {
        let fragment = crate::share::to_fragment(&self.scenario, run);
        format!("{}#{fragment}", self.base_url)
    }

    /// Starts recording the finished run's playback from its start, or stops the recording.
    fn record(&mut self, on: bool) -> Vec<Effect> {
        let s = &mut self.session;
        match (on, self.recording, &s.run) {
            (true, false, Some(run)) if s.phase == Some(super::Phase::Done) => {
                let name = super::exports::file_name(run, "playback", "webm");
                let span = s.span_us();
                s.playback.seek(0.0, span);
                s.playback.play(span, false);
                self.recording = true;
                vec![
                    Effect::Record(Some(name)),
                    Effect::RestartClock,
                    Effect::Redraw(Trigger::Cursor),
                ]
            }
            (false, true, _) => {
                self.recording = false;
                vec![Effect::Record(None)]
            }
            _ => Vec::new(),
        }
    }

    /// A link's sweep with `run=1`: it starts, the notice says where, and the page scrolls to it.
    pub fn run_link_sweep(&mut self, sweep: crate::sweep::Sweep) -> Vec<Effect> {
        let mut effects = self.start_sweep(sweep);
        if self.sweeps.run.as_ref().is_some_and(|r| r.running()) {
            self.notice = Some("the link's sweep is running, below".into());
            effects.push(Effect::ScrollTo("sweeps"));
        }
        effects
    }

    /// Applies `action` and says what the shell must do.
    pub fn reduce(&mut self, action: Action) -> Vec<Effect> {
        let mut effects = self.apply(action);
        let trace = self.follow_decisions();
        if !trace.is_empty() {
            effects.push(Effect::Worker(trace));
        }
        effects
    }

    /// Takes a message from the page's worker: the session's, then the followed flow's trace
    /// when the worker is free for it.
    pub fn on_worker(
        &mut self,
        msg: crate::protocol::FromWorker,
    ) -> (Vec<ToWorker>, super::Changed) {
        let (mut out, changed) = self.session.on_message(msg);
        out.extend(self.follow_decisions());
        (out, changed)
    }

    /// The followed flow's decisions, asked for once its run has finished ([`super::decisions`]).
    /// The presentation layout does not show them: it asks for none, so that a class's next
    /// step has the worker (and the projector's machine) to itself.
    fn follow_decisions(&mut self) -> Vec<ToWorker> {
        if self.presenting {
            return Vec::new();
        }
        let flow = self.flow();
        self.session.follow_decisions(flow)
    }

    fn apply(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Form(a) => self.on_form(a),
            Action::Sweep(a) => self.on_sweep(a),
            Action::Pool(m) => self.on_pool(*m),
            Action::PictureClick { x, y, w, h } => self.on_picture_click(x, y, w, h),
            Action::Export(e) => self.export(e),
            Action::Pointer(chart, p) => self.on_pointer(chart, p),
            Action::ResetZoom => self.reset_zoom(),
            Action::Record(on) => self.record(on),
            Action::Events(a) => self.on_events(a),
            Action::Lockstep(a) => self.on_lockstep(a),
            Action::Playback(a) => self.on_playback(a),
            Action::Compare(CompareAction::RunVariants) => {
                let variants = [CcaName::SWIFT, CcaName::LSWIFT, CcaName::MSWIFT].map(|cca| {
                    let mut s = self.scenario.clone();
                    cca.apply(&mut s.cca);
                    s
                });
                vec![Effect::Worker(self.session.start_series(variants.to_vec()))]
            }
            Action::Compare(CompareAction::Clear) => {
                self.session.past.clear();
                vec![Effect::Redraw(Trigger::Compare)]
            }
            Action::Story(StoryAction::Show(step)) => {
                self.story = step.map(|s| s.min(STEPS.len() - 1));
                // the presentation shows another step's chart: every canvas is measured again
                if self.presenting {
                    vec![Effect::Relayout]
                } else {
                    Vec::new()
                }
            }
            Action::Story(StoryAction::Run(i)) => self.run_step(i),
            Action::Theory => self.start_theory(),
            Action::Present(on) => {
                self.presenting = on;
                if on && self.story.is_none() {
                    self.story = Some(0);
                }
                vec![Effect::Relayout]
            }
            Action::Highlight(text) => {
                let run = self.session.run.as_ref();
                let flows = run
                    .and_then(|r| r.meta.as_ref())
                    .map_or(0, |m| m.flows.len());
                self.highlight = text.trim().parse().ok().filter(|&f| f < flows);
                vec![Effect::Redraw(Trigger::Cursor)]
            }
            Action::ClearChosen => {
                self.chosen.clear();
                vec![Effect::Redraw(Trigger::Cursor)]
            }
        }
    }

    fn on_form(&mut self, action: FormAction) -> Vec<Effect> {
        match action {
            FormAction::Field(name, value) => self.set_field(name, &value),
            FormAction::FieldAndRun(name, value) => {
                let mut out = self.set_field(name, &value);
                if self.refused.is_none() {
                    out.extend(self.start_main(self.scenario.clone()));
                }
                out
            }
            FormAction::Preset(name) => match Scenario::preset(&name) {
                Some(mut preset) => {
                    preset.seed = self.scenario.seed;
                    self.scenario = preset;
                    self.refused = None;
                    vec![Effect::WriteLink]
                }
                None => Vec::new(),
            },
            FormAction::Run => self.start_main(self.scenario.clone()),
            FormAction::Cancel => vec![Effect::Worker(self.session.cancel())],
            FormAction::Open(name, text) => self.open_file(&name, &text),
            FormAction::CopyLink => vec![Effect::Copy {
                what: "link",
                text: self.page_link(true),
            }],
        }
    }

    /// Applies a form field by its short name; refused (with the reason kept), nothing changes.
    pub fn set_field(&mut self, name: &str, value: &str) -> Vec<Effect> {
        let mut next = self.scenario.clone();
        // a workload starts from its preset (the n-path model has no elephants, sprays round
        // robin), keeping the CCA settings and the seed
        if name == "workload" {
            let preset = match value {
                "npath" | "incast" | "hsdp" => Scenario::preset(value),
                _ => Scenario::preset("baseline"),
            };
            if let Some(mut p) = preset {
                p.cca = next.cca.clone();
                p.seed = next.seed;
                next = p;
            }
        }
        let checked = next
            .set_field(name, value)
            .and_then(|_| next.validate())
            .and_then(|_| next.check_web_size());
        match checked {
            Ok(()) => {
                self.scenario = next;
                self.refused = None;
                self.notice = None;
                vec![Effect::WriteLink]
            }
            Err(e) => {
                self.refused = Some(e);
                Vec::new()
            }
        }
    }

    /// Starts what a `run=1` link asks for: the form's scenario, with its partner beside it
    /// when the link names one (`beside=cca:swift`).
    pub fn launch_run(&mut self) -> Vec<Effect> {
        let partner = self
            .partner
            .beside
            .as_ref()
            .and_then(|p| p.apply(&self.scenario).ok());
        let msgs = match partner {
            Some(p) => self.session.start_pair(self.scenario.clone(), p),
            None => self.session.start(self.scenario.clone()),
        };
        vec![Effect::Worker(msgs), Effect::WriteLink]
    }

    /// Starts the main run of `scenario` (a new run drops the lockstep pair).
    pub fn start_main(&mut self, scenario: Scenario) -> Vec<Effect> {
        self.notice = None;
        let msgs = self.session.start(scenario);
        self.highlight = None;
        self.chosen.clear();
        vec![Effect::Worker(msgs), Effect::RedrawAll]
    }

    /// Starts the theory sweep.
    fn start_theory(&mut self) -> Vec<Effect> {
        vec![
            Effect::Worker(self.session.start_theory()),
            Effect::Redraw(Trigger::Theory),
        ]
    }

    /// Runs the class story's step `i`: the theory sweep, or the baseline with the step's CCA
    /// and LB at its playback speed, with its lockstep partner if it has one.
    fn run_step(&mut self, i: usize) -> Vec<Effect> {
        let Some(run) = STEPS.get(i).map(|s| s.run) else {
            return Vec::new();
        };
        let StepRun::Baseline { speed, partner, .. } = run else {
            let mut out = self.start_theory();
            out.push(Effect::ScrollTo("chart-theory"));
            return out;
        };
        let Some(s) = run.scenario(self.scenario.seed) else {
            return Vec::new();
        };
        self.scenario = s.clone();
        self.refused = None;
        self.session.playback.set_speed(speed);
        let mut out = self.start_main(s.clone());
        if let Some(cca) = partner {
            let mut other = s;
            cca.apply(&mut other.cca);
            self.partner.beside = Some(Partner::Cca(cca));
            out.push(Effect::Worker(self.session.start_partner(other)));
        }
        out.push(Effect::WriteLink);
        out
    }

    fn on_playback(&mut self, action: PlaybackAction) -> Vec<Effect> {
        let s = &mut self.session;
        let span = s.span_us();
        match action {
            PlaybackAction::Play => {
                let live = s.running();
                s.playback.toggle(span, live);
                return vec![Effect::RestartClock, Effect::Redraw(Trigger::Cursor)];
            }
            PlaybackAction::Step(n) => {
                let bucket = s.run.as_ref().map_or(1.0, |r| r.bucket_us());
                s.playback.step(n, bucket, span);
            }
            PlaybackAction::Seek(t) => s.playback.seek(t, span),
            PlaybackAction::Decision(n) => {
                let cursor = s.cursor_us();
                match s.flow_trace().and_then(|t| t.step_from(cursor, n)) {
                    Some(t) => {
                        s.playback.pause(span);
                        s.playback.seek(t, span);
                    }
                    None => return Vec::new(),
                }
            }
            PlaybackAction::Speed(i) => return vec![Effect::Worker(s.set_speed(i))],
        }
        vec![Effect::Redraw(Trigger::Cursor)]
    }

    fn on_events(&mut self, action: EventAction) -> Vec<Effect> {
        match action {
            EventAction::Link(text) => {
                self.events.link = text.trim().to_string();
                self.events.refused = None;
            }
            EventAction::Gbps(text) => {
                self.events.gbps = text.trim().to_string();
                self.events.refused = None;
            }
            EventAction::Apply(edit) => {
                let at = self.session.cursor_us();
                match edits::add(&self.scenario, edit, &self.events.link, at) {
                    Ok(s) => return self.rerun_with(s),
                    Err(e) => self.events.refused = Some(e.to_string()),
                }
            }
            EventAction::Remove(i) => return self.rerun_with(edits::remove(&self.scenario, i)),
        }
        Vec::new()
    }

    /// The form's scenario becomes `s`, in the address bar, and runs from time zero.
    fn rerun_with(&mut self, s: Scenario) -> Vec<Effect> {
        self.scenario = s;
        self.refused = None;
        self.events.refused = None;
        let mut out = vec![Effect::WriteLink];
        out.extend(self.start_main(self.scenario.clone()));
        out
    }

    fn on_lockstep(&mut self, action: LockstepAction) -> Vec<Effect> {
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
                        out = vec![Effect::Worker(msgs), Effect::WriteLink];
                    }
                    Err(why) => self.partner.refused = Some(why),
                }
            }
            LockstepAction::Close => {
                out = vec![
                    Effect::Worker(self.session.drop_partner()),
                    Effect::WriteLink,
                ];
            }
        }
        out.push(Effect::Redraw(Trigger::Cursor));
        out
    }

    /// Shows `partner` in the lockstep panel, as a link names it.
    pub fn choose_partner(&mut self, partner: &Partner) {
        match partner {
            Partner::Set { field, value } => {
                self.partner.choice = "set".to_string();
                self.partner.field = format!("{field}={value}");
            }
            other => self.partner.choice = other.to_string(),
        }
        self.partner.beside = Some(partner.clone());
    }

    /// The partner as the address bar carries it (`cca:swift`), while one is shown or waits.
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

/// The largest scenario file the page reads.
pub const MAX_SCENARIO_FILE: usize = 256 * 1024;

/// A scenario file's scenario, checked as a link's is (ranges, and what a tab can run); an
/// htsim traffic matrix (`.cm`) puts its flows in the form's scenario `form`.
/// Returns the scenario and what the matrix reader says of keys it read differently from htsim.
fn read_scenario_file(
    name: &str,
    text: &str,
    form: &Scenario,
) -> Result<(Scenario, Vec<String>), String> {
    if text.len() > MAX_SCENARIO_FILE {
        return Err(format!(
            "{} bytes, more than the {MAX_SCENARIO_FILE} a scenario file may have",
            text.len()
        ));
    }
    let lower = name.to_ascii_lowercase();
    let parsed = if lower.ends_with(".json") {
        Scenario::from_json(text).or_else(|e| {
            // the page's report export holds the scenario under "scenario"
            let doc: serde_json::Value = serde_json::from_str(text).map_err(|_| e.clone())?;
            match doc.get("scenario") {
                Some(inner) => Scenario::from_json(&inner.to_string()),
                None => Err(e),
            }
        })
    } else if lower.ends_with(".toml") {
        Scenario::from_toml(text)
    } else if lower.ends_with(".cm") {
        return read_matrix_file(text, form);
    } else {
        return Err("a scenario file ends in .toml or .json, a traffic matrix in .cm".into());
    };
    let s = parsed.map_err(|e| e.to_string())?;
    if s.workload.traffic.is_some() {
        return Err(format!(
            "{}: the page opens the .cm file itself (Open, or drop it on the form)",
            crate::scenario::registry::WORKLOAD_TRAFFIC.path
        ));
    }
    Ok((checked(s)?, Vec::new()))
}

/// An htsim connection matrix read as the command line reads it (`--traffic`): its flows
/// replace the workload's in the form's scenario, on the form's fat-tree. It must fit a link,
/// which carries the flows.
fn read_matrix_file(text: &str, form: &Scenario) -> Result<(Scenario, Vec<String>), String> {
    let m = crate::scenario::traffic::parse_matrix(text)?;
    let mut s = form.clone();
    if m.nodes > s.hosts() {
        return Err(format!(
            "written for 'Nodes {}', more than the form's {} hosts (fat-tree k sets them: k³/4 hosts)",
            m.nodes,
            s.hosts()
        ));
    }
    s.workload.connections = m.connections;
    s.workload.triggers = m.triggers;
    let s = checked(s)?;
    let link = crate::share::to_fragment(&s, true).len();
    if link > crate::share::MAX_FRAGMENT {
        return Err(format!(
            "its {} flows make a link of {link} characters, more than the {} a link holds; \
             spraylab run --traffic FILE runs it",
            s.workload.connections.len(),
            crate::share::MAX_FRAGMENT
        ));
    }
    Ok((s, m.notes))
}

/// A scenario checked as a link's is: its ranges, and what a tab can run.
fn checked(s: Scenario) -> Result<Scenario, String> {
    s.validate().map_err(|e| e.to_string())?;
    s.check_web_size().map_err(|e| e.to_string())?;
    Ok(s)
}
