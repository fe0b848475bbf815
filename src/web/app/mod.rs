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
use super::components::flows_chart::{self, FlowsChart};
use super::components::form::{Form, FormAction};
use super::components::glossary::Glossary;
use super::components::live_charts::{self, LiveCharts};
use super::components::lockstep::Lockstep;
use super::components::network_panel::NetworkPanel;
use super::components::partner_stage::PartnerStage;
use super::components::playback::Playback;
use super::components::report::Report;
use super::components::status::{status_text, Status};
use super::components::story::Story;
use super::components::sweep::SweepView;
use super::components::theory::TheoryView;
use super::exports;
use super::network::{self, Marks};
use crate::figures::{self, At, Style};
use crate::protocol::ToWorker;
use crate::session::actions::Action;
use crate::session::address::Host;
use crate::session::edits;
use crate::session::effects::Effect;
use crate::session::frames::{FrameBudget, Frames};
use crate::session::layout::Layout;
use crate::session::page::Page;
use crate::session::store::RunData;
use crate::sim::netmap::Shape;
use crate::web::pool::Pool;
use canvases::SECTIONS;
use canvases::{canvases_of, send_later, shown, Chart, Drawing, Section, CANVASES};
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
    /// The canvases and what drawing them keeps between frames.
    drawing: Drawing,
    frame_pending: bool,
    /// Worker messages changed what the view shows since the last render.
    view_stale: bool,
    /// Focus goes back to Run after the next render (a run ended).
    refocus: bool,
    /// The page scrolls to the sweeps once their section is there (a link's sweep runs).
    scroll_to_sweep: bool,
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
    /// What the key listener reads: decisions on screen (↑ ↓), the class story open (Page Down).
    keys_on: std::rc::Rc<dom::KeysOn>,
    /// The workers of the sweep on screen, while it runs.
    pool: Option<Pool>,
    /// The playback's recording, while it records.
    recorder: Option<super::recorder::Recorder>,
}

impl Component for App {
    type Message = Msg;
    type Properties = AppProps;

    fn create(ctx: &Context<Self>) -> Self {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let host = Host {
            base_url: page_base(),
            cores: crate::web::pool::pool_size(),
            notice: super::panic::take_notice(),
        };
        let keys_on = std::rc::Rc::new(dom::KeysOn::default());
        App {
            page: Page::load(&hash, host),
            worker: None,
            drawing: Drawing::default(),
            frame_pending: false,
            view_stale: false,
            refocus: false,
            scroll_to_sweep: false,
            live_stale: false,
            last_live_ms: f64::NEG_INFINITY,
            last_view_ms: f64::NEG_INFINITY,
            last_frame_ms: None,
            sections_shown: 0,
            run_button: NodeRef::default(),
            listeners: listen(ctx, keys_on.clone()),
            keys_on,
            pool: None,
            recorder: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Page(action) => self.reduce(ctx, action),
            Msg::Worker(event) => self.on_worker(ctx, *event),
            Msg::Frame(ts) => self.on_frame(ctx, ts),
            Msg::WarmUp(step) => self.warm_up(ctx, step),
            Msg::Launch => self.reduce(ctx, Action::Launch),
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
            Msg::NewAddress => self.open_address(ctx),
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
        let page = &self.page;
        self.keys_on
            .decisions
            .set(page.session().flow_trace().is_some());
        self.keys_on.class.set(page.story().is_some());
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
