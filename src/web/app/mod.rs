//! The Yew app: a thin shell around the page's state ([`Page`]: the form's scenario, the
//! panels' inputs and the [`crate::session::Session`] of runs and playback). A panel's action
//! goes to [`Page::reduce`] and the shell performs the effects it returns (`effects.rs`); the
//! shell owns what is DOM: the worker, the canvases, the listeners. It hands worker messages to
//! the session and sends back what the session asks for, and draws the canvases on animation
//! frames: at most once per frame however many messages arrive, within a time budget per frame,
//! so the page stays responsive while the worker streams. The URL fragment always holds the
//! form's scenario, so the address bar is a link that reproduces the run (`run=1` starts it).

mod address;
mod canvases;
mod dom;
mod effects;
mod msg;
mod runs;
mod selection;
mod view;

use super::bridge::{default_worker_url, SimWorker, WorkerEvent};
use super::charts;
use super::components::compare::{self, Compare};
use super::components::decision::DecisionView;
use super::components::events::Events;
use super::components::form::{Form, FormAction};
use super::components::glossary::Glossary;
use super::components::live_charts::{self, LiveCharts};
use super::components::lockstep::Lockstep;
use super::components::network_panel::{NetworkAction, NetworkPanel};
use super::components::partner_stage::PartnerStage;
use super::components::playback::Playback;
use super::components::report::{Report, ReportAction};
use super::components::status::{status_text, Status};
use super::components::story::{Story, STEPS};
use super::components::sweep::SweepView;
use super::components::theory::TheoryView;
use super::exports;
use super::network::{self, Marks};
use crate::figures::{self, At, Style};
use crate::protocol::ToWorker;
use crate::session::edits;
use crate::session::frames::{FrameBudget, Frames};
use crate::session::layout::Layout;
use crate::session::page::{Action, Effect, Page};
use crate::session::store::RunData;
use crate::sim::netmap::Shape;
use crate::sweep::Sweep;
use crate::web::pool::Pool;
use canvases::SECTIONS;
use canvases::{canvases_of, send_later, shown, Chart, Drawing, Section, Trigger, CANVASES};
use dom::{listen, scroll_to};
pub use msg::Msg;
use runs::progress_text;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, KeyboardEvent};
use yew::prelude::*;

/// Where the app finds its worker; `None`: `worker.js` next to the page.
#[derive(Clone, Debug, Default, PartialEq, Properties)]
pub struct AppProps {
    #[prop_or_default]
    pub worker_url: Option<String>,
}

pub struct App {
    /// The page's state, and the reducer the panels' actions go through.
    page: Page,
    worker: Option<SimWorker>,
    worker_error: Option<String>,
    /// The canvases and what drawing them keeps between frames.
    drawing: Drawing,
    frame_pending: bool,
    /// Worker messages changed what the view shows since the last render.
    view_stale: bool,
    /// Focus goes back to Run after the next render (a run ended).
    refocus: bool,
    /// The main run was started by the Run button.
    run_pressed: bool,
    /// The page scrolls to the sweeps once their section is there (a link's sweep runs).
    scroll_to_sweep: bool,
    /// The address fragment of the run a link started (`run=1`), while the page still shows it.
    link_ran: Option<String>,
    /// Streamed samples wait to be drawn, since `last_live_ms`.
    live_stale: bool,
    last_live_ms: f64,
    last_view_ms: f64,
    last_frame_ms: Option<f64>,
    /// How many of the page's sections after the first render are rendered ([`SECTIONS`]):
    /// the first render shows the header and the run's status, and the others follow, each in
    /// a task of its own. The browser compiles a WebAssembly function on its first call, and a
    /// first render of every section at once made a start-up task of 60–80 ms.
    sections_shown: u8,
    run_button: NodeRef,
    listeners: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    /// A flow's decisions are on screen: ↑ and ↓ step through them (the key listener reads it).
    decisions_on: std::rc::Rc<std::cell::Cell<bool>>,
    /// The workers of the sweep on screen, while it runs.
    pool: Option<Pool>,
    /// The playback's recording, while it records.
    recorder: Option<super::recorder::Recorder>,
    /// What the link asked to start on load, until [`App::launch`] starts it.
    on_load: Option<OnLoad>,
}

/// What a link starts on load (`run=1`).
enum OnLoad {
    Run,
    Sweep(Sweep),
}

impl Component for App {
    type Message = Msg;
    type Properties = AppProps;

    fn create(ctx: &Context<Self>) -> Self {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let (mut page, run_now, sweep) = Page::from_fragment(&hash);
        if let Some(line) = super::panic::take_notice() {
            page.notice = Some(line);
        }
        page.base_url = page_base();
        page.sweeps.cores = crate::web::pool::pool_size();
        let decisions_on = std::rc::Rc::new(std::cell::Cell::new(false));
        let mut app = App {
            page,
            worker: None,
            worker_error: None,
            drawing: Drawing::default(),
            frame_pending: false,
            view_stale: false,
            refocus: false,
            run_pressed: false,
            scroll_to_sweep: false,
            link_ran: None,
            live_stale: false,
            last_live_ms: f64::NEG_INFINITY,
            last_view_ms: f64::NEG_INFINITY,
            last_frame_ms: None,
            sections_shown: 0,
            run_button: NodeRef::default(),
            listeners: listen(ctx, decisions_on.clone()),
            decisions_on,
            pool: None,
            recorder: None,
            on_load: None,
        };
        if let Some(sweep) = sweep {
            // a sweep link shows its sweep; with run=1 it starts the sweep, not a run
            app.page.sweeps.show(sweep.clone());
            app.on_load = run_now.then_some(OnLoad::Sweep(sweep));
        } else {
            app.on_load = run_now.then_some(OnLoad::Run);
        }
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Form(action) => {
                // focus goes back to Run after a run that Run started, not one a link started
                self.run_pressed |= matches!(action, crate::web::components::form::FormAction::Run);
                self.reduce(ctx, Action::Form(action))
            }
            Msg::Worker(event) => self.on_worker(ctx, *event),
            Msg::Frame(ts) => self.on_frame(ctx, ts),
            Msg::WarmUp(step) => self.warm_up(ctx, step),
            Msg::Launch => {
                self.launch(ctx);
                true
            }
            Msg::ShowSection => {
                self.sections_shown += 1;
                if self.sections_shown < SECTIONS {
                    self.show_section_later(ctx);
                } else {
                    self.warm_up_later(ctx, 0);
                }
                self.mark(canvases_of(self.sections_shown), ctx);
                true
            }
            Msg::Resize => {
                self.drawing.widths = [None; CANVASES];
                self.mark(Chart::all(), ctx);
                false
            }
            Msg::Key(cmd) => self.on_key(ctx, cmd),
            Msg::NewLink => self.open_link(ctx),
            Msg::Playback(action) => self.reduce(ctx, Action::Playback(action)),
            Msg::Network(NetworkAction::Click(x, y, w, h)) => {
                // the picture's colour key is below its plot
                let h = h - network::KEY_H;
                self.reduce(ctx, Action::PictureClick { x, y, w, h })
            }
            Msg::Network(NetworkAction::ClearChosen) => self.reduce(ctx, Action::ClearChosen),
            Msg::Report(ReportAction::Highlight(text)) => self.reduce(ctx, Action::Highlight(text)),
            Msg::Report(ReportAction::Export(e)) => self.reduce(ctx, Action::Export(e)),
            Msg::Report(ReportAction::Record(on)) => self.reduce(ctx, Action::Record(on)),
            Msg::Events(action) => self.reduce(ctx, Action::Events(action)),
            Msg::Lockstep(action) => self.reduce(ctx, Action::Lockstep(action)),
            Msg::Compare(action) => self.reduce(ctx, Action::Compare(action)),
            Msg::TheorySweep => self.reduce(ctx, Action::Theory),
            Msg::Sweep(action) => self.reduce(ctx, Action::Sweep(action)),
            Msg::Pool(e) => {
                self.page.now_ms = crate::web::now_ms();
                let effects = self.page.reduce(Action::Pool(e));
                self.perform(ctx, effects);
                // the view follows on the next frame, as for the main worker: many reports,
                // one render
                self.view_stale = true;
                self.schedule_frame(ctx);
                false
            }
            Msg::Present(on) => self.reduce(ctx, Action::Present(on)),
            Msg::Pointer(chart, p) => {
                let effects = self.page.reduce(Action::Pointer(chart, p));
                // a readout is drawn by hand; the view renders only for a zoom or a series
                let render = effects.iter().any(|e| matches!(e, Effect::Redraw(_)));
                self.perform(ctx, effects);
                render
            }
            Msg::ResetZoom => self.reduce(ctx, Action::ResetZoom),
            Msg::Story(action) => self.reduce(ctx, Action::Story(action)),
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.render(ctx)
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        if let Some(window) = web_sys::window() {
            for (event, listener) in dom::LISTENED.iter().zip(&self.listeners) {
                let _ = window
                    .remove_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
            }
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        self.decisions_on
            .set(self.page.session.flow_trace().is_some());
        if std::mem::take(&mut self.refocus) {
            self.return_focus();
        }
        if self.scroll_to_sweep && self.sections_shown >= shown(Section::Sweeps) {
            self.scroll_to_sweep = false;
            scroll_to("sweeps");
        }
        if first_render {
            if let Some(loading) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("loading"))
            {
                loading.remove();
            }
            self.mark(Chart::all(), ctx);
            self.launch_later(ctx);
            self.show_section_later(ctx);
        }
    }
}

/// The page's address before its fragment.
fn page_base() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// Mounts the app in `#app` (or the body).
pub fn start() {
    super::panic::install();
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a page has a document");
    let root = document
        .get_element_by_id("app")
        .or_else(|| document.body().map(Into::into))
        .expect("page has a body");
    yew::Renderer::<App>::with_root_and_props(root, AppProps::default()).render();
}
