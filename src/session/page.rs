//! The page's state beside its runs, as plain Rust: the form's scenario and why a value was
//! refused, the events and lockstep panels' inputs, the highlighted flow and the chosen links,
//! the class story's step and the presentation layout, around the [`Session`].
//!
//! The page has one door: [`Page::reduce`] (`reduce.rs`) takes an
//! [`Action`](super::actions::Action) (what a panel
//! asked for, or what the browser brought: a worker's message, a new address, a frame) and
//! returns the [`Effect`](super::effects::Effect)s for the app shell to perform: messages for the worker, the address
//! bar, the clipboard, redraws. The shell renders the page from this state and touches the DOM;
//! nothing here does, so native tests drive the page as a user would. Each feature's actions
//! live beside it: the form and files (`form.rs`), the address (`address.rs`), the lockstep
//! partner (`partner.rs`), the stage's playback and story (`stage.rs`).
//!
//! ```
//! use spraylab::session::actions::{Action, FormAction};
//! use spraylab::session::effects::Effect;
//! use spraylab::session::page::Page;
//!
//! let mut page = Page::new(Default::default());
//! let effects = page.reduce(Action::Form(FormAction::Field("k", "4".into())));
//! assert_eq!(effects, vec![Effect::WriteAddress]);
//! assert_eq!(page.scenario().topology.k, 4);
//! // a value out of range is refused, naming the field, and the scenario stays
//! page.reduce(Action::Form(FormAction::Field("k", "5".into())));
//! assert_eq!(page.refused().unwrap().field, "topology.k");
//! assert_eq!(page.scenario().topology.k, 4);
//! ```

use super::instruments::Instruments;
use super::layout::Layout;
use super::store::RunData;
use super::sweeps::Sweeps;
use super::Session;
use crate::scenario::{Partner, Scenario, ScenarioError};

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

/// What an address asks the page to start once it has loaded (`run=1`).
#[derive(Debug)]
pub(super) enum OnLoad {
    Run,
    Sweep(crate::sweep::Sweep),
}

/// The page's state beside what the app shell keeps of the DOM. Only the session's modules
/// change it (through [`Page::reduce`]); everything else reads it through the methods below.
#[derive(Debug)]
pub struct Page {
    pub(super) session: Session,
    /// The form's scenario, which the address bar always holds.
    pub(super) scenario: Scenario,
    /// The file the form's flows came from (an htsim traffic matrix, a scenario file), which
    /// the address bar names when the flows are more than a link holds.
    pub(super) flows_file: Option<String>,
    /// Why the last form change was refused.
    pub(super) refused: Option<ScenarioError>,
    /// A one-line notice beside the status (a refused link, a copied link).
    pub(super) notice: Option<String>,
    /// The flow the charts follow, when one was picked.
    pub(super) highlight: Option<usize>,
    /// Timeline ports whose queues the user chose to plot (clicked links).
    pub(super) chosen: Vec<usize>,
    pub(super) events: EventsInput,
    pub(super) partner: PartnerInput,
    /// The class story's step, when class mode is open.
    pub(super) story: Option<usize>,
    /// The class's answer to the step's question, until the step changes.
    pub(super) picked: Option<usize>,
    /// The presentation layout: the story's narration, the network picture and the step's one
    /// chart on one 1280×720 screen, in large text.
    pub(super) presenting: bool,
    /// The embedded page (`embed=1`): the run's stage alone, for a course page's frame.
    pub(super) embed: bool,
    /// The playback is being recorded (WebM, for a slide).
    pub(super) recording: bool,
    /// The sweeps area: its form, the sweep on screen and its pool.
    pub(super) sweeps: Sweeps,
    /// The network pictures' layouts on screen, the main run's and the partner's, each with the
    /// id of the run it is for.
    pub(super) layouts: [Option<(u32, Layout)>; 2],
    /// The pod the pictures show open, of a fat-tree drawn as blocks (a click on a block).
    pub(super) open_pod: Option<u32>,
    /// The page's address before its fragment (`https://host/spraylab/`), which shared
    /// addresses start with.
    pub(super) base_url: String,
    /// The shell's clock when the action came, ms (a sweep's status and time left).
    pub(super) now_ms: f64,
    /// The charts' readout, zoom and hidden series.
    pub(super) instruments: Instruments,
    /// Why the page's worker is gone (it failed, or could not start).
    pub(super) worker_error: Option<String>,
    /// What the address asked to start once the page has loaded (`run=1`).
    pub(super) on_load: Option<OnLoad>,
    /// The address whose `run=1` started the run on screen, while the page shows it: its
    /// history entry remembers that it ran, for Back and Forward.
    pub(super) ran: Option<String>,
    /// The main run on screen was started by the Run button: focus goes back to Run at its end.
    pub(super) run_pressed: bool,
}

impl Page {
    /// A page showing `scenario`, nothing run yet.
    pub fn new(scenario: Scenario) -> Self {
        Page {
            session: Session::new(),
            scenario,
            flows_file: None,
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
            picked: None,
            presenting: false,
            embed: false,
            recording: false,
            sweeps: Sweeps::default(),
            layouts: [None, None],
            open_pod: None,
            base_url: String::new(),
            now_ms: 0.0,
            instruments: Instruments::default(),
            worker_error: None,
            on_load: None,
            ran: None,
            run_pressed: false,
        }
    }

    /// The flow the charts follow: the one picked, or the run's slowest.
    pub fn flow(&self) -> usize {
        let run = self.session.run.as_ref();
        self.highlight
            .or_else(|| run.map(RunData::slowest_flow))
            .unwrap_or(0)
    }

    // what the shell and the tests read

    /// The runs on screen, the worker's work and the playback.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The form's scenario, which the address bar always holds.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Why the last form change was refused.
    pub fn refused(&self) -> Option<&ScenarioError> {
        self.refused.as_ref()
    }

    /// A one-line notice beside the status.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Timeline ports whose queues the user chose to plot.
    pub fn chosen(&self) -> &[usize] {
        &self.chosen
    }

    /// What the events panel holds.
    pub fn events(&self) -> &EventsInput {
        &self.events
    }

    /// What the lockstep panel holds.
    pub fn partner(&self) -> &PartnerInput {
        &self.partner
    }

    /// The class story's step, when class mode is open.
    pub fn story(&self) -> Option<usize> {
        self.story
    }

    /// The presentation layout is on.
    pub fn presenting(&self) -> bool {
        self.presenting
    }

    /// The page is embedded (`embed=1`).
    pub fn embed(&self) -> bool {
        self.embed
    }

    /// The playback is being recorded.
    pub fn recording(&self) -> bool {
        self.recording
    }

    /// The sweeps area.
    pub fn sweeps(&self) -> &Sweeps {
        &self.sweeps
    }

    /// The network pictures' layouts, each with its run's id.
    pub fn layouts(&self) -> &[Option<(u32, Layout)>; 2] {
        &self.layouts
    }

    /// The charts' readout, zoom and hidden series.
    pub fn instruments(&self) -> &Instruments {
        &self.instruments
    }

    /// Why the page's worker is gone.
    pub fn worker_error(&self) -> Option<&str> {
        self.worker_error.as_deref()
    }
}
