//! The Yew app: a thin shell around the [`Session`] (run state, playback) and the form's
//! scenario. It owns the worker, turns DOM events into [`Msg`]s, hands worker messages to the
//! session and sends back what the session asks for, and draws the canvases on animation
//! frames: at most once per frame however many messages arrive, within a time budget per frame,
//! so the page stays responsive while the worker streams. The URL fragment always holds the
//! form's scenario, so the address bar is a link that reproduces the run (`run=1` starts it).

use super::bridge::{default_worker_url, SimWorker, WorkerEvent};
use super::charts::{self, At};
use super::components::compare::{self, Compare};
use super::components::form::Form;
use super::components::glossary::Glossary;
use super::components::live_charts::{self, LiveCharts};
use super::components::network_panel::NetworkPanel;
use super::components::playback::Playback;
use super::components::report::Report;
use super::components::status::{status_text, Status};
use super::components::story::{StepRun, Story, STEPS};
use super::components::theory::TheoryView;
use super::exports;
use super::network::{self, Marks};
use crate::link::{check_web_size, from_fragment, to_fragment};
use crate::protocol::ToWorker;
use crate::scenario::{CcaName, Scenario, ScenarioError};
use crate::session::layout::{Hit, Layout};
use crate::session::pixels::Pixels;
use crate::session::store::RunData;
use crate::session::Session;
use crate::sim::netmap::Shape;
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

pub enum Msg {
    None,
    /// A form field changed: (short field name, text).
    Field(&'static str, String),
    /// Enter in a field: apply it, then run.
    FieldAndRun(&'static str, String),
    Preset(String),
    Highlight(String),
    Run,
    Cancel,
    CopyLink,
    Worker(Box<WorkerEvent>),
    /// An animation frame, at this timestamp (ms).
    Frame(f64),
    Resize,
    /// A key pressed outside the form: (key, shift held).
    Key(String, bool),
    Play,
    Step(i32),
    Seek(f64),
    Speed(usize),
    /// A click on the network picture: (x, y, width, height) in CSS px.
    NetworkClick(f64, f64, f64, f64),
    ClearChosen,
    ExportJson,
    ExportCsv,
    ExportPng,
    /// Queue Swift, LSwift and MSwift on the current scenario.
    CompareVariants,
    TheorySweep,
    ClearComparison,
    /// Open the class story at a step, or close it.
    Story(Option<usize>),
    StoryRun(usize),
}

/// The canvases, in drawing order.
#[derive(Clone, Copy, PartialEq)]
enum Canvas {
    Cwnd,
    Delay,
    Queue,
    Fct,
    Network,
    CompareCwnd,
    CompareFct,
    Theory,
}

const CANVASES: usize = 8;
const ALL: [Canvas; CANVASES] = [
    Canvas::Cwnd,
    Canvas::Delay,
    Canvas::Queue,
    Canvas::Fct,
    Canvas::Network,
    Canvas::CompareCwnd,
    Canvas::CompareFct,
    Canvas::Theory,
];
/// The canvases that show the main run at the cursor.
const AT_CURSOR: [Canvas; 5] = [
    Canvas::Cwnd,
    Canvas::Delay,
    Canvas::Queue,
    Canvas::Fct,
    Canvas::Network,
];

impl Canvas {
    /// Height over width, and the smallest height (CSS px).
    fn shape(self) -> (f64, f64) {
        match self {
            Canvas::Network => (0.42, 300.0),
            Canvas::Theory => (0.55, 320.0),
            _ => (0.62, 260.0),
        }
    }
}

/// Drawing time per animation frame after which the remaining dirty canvases wait for the next
/// frame. A canvas's pixels are rasterized in the frame's paint, after the drawing calls, so
/// the budget is small: in practice one large canvas per frame, which keeps every main-thread
/// task short while the worker streams.
const FRAME_BUDGET_MS: f64 = 4.0;

/// Least wall time between two redraws of the run's canvases for streamed samples (the
/// playback cursor redraws them at every frame).
const LIVE_REDRAW_MS: f64 = 200.0;

pub struct App {
    session: Session,
    scenario: Scenario,
    /// Why the last form change was refused.
    refused: Option<ScenarioError>,
    /// A one-line notice beside the status (a refused link, a copied link).
    notice: Option<String>,
    worker: Option<SimWorker>,
    worker_error: Option<String>,
    highlight: Option<usize>,
    /// Timeline ports whose queues the user chose to plot (clicked links).
    chosen: Vec<usize>,
    /// The network layout of the main run (by run id).
    layout: Option<(u32, Layout)>,
    story: Option<usize>,
    frame_pending: bool,
    /// Worker messages changed what the view shows since the last render.
    view_stale: bool,
    /// Focus goes back to Run after the next render (a run ended).
    refocus: bool,
    /// Streamed samples wait to be drawn, since `last_live_ms`.
    live_stale: bool,
    last_live_ms: f64,
    last_view_ms: f64,
    last_frame_ms: Option<f64>,
    /// Each canvas's CSS width when last sized (sizes are read again after a resize).
    widths: [Option<i32>; CANVASES],
    dirty: [bool; CANVASES],
    /// The canvas to draw first on the next frame (turns rotate so none starves).
    next_canvas: usize,
    canvases: [NodeRef; CANVASES],
    /// The network picture's pixel buffer, kept between frames.
    pixels: std::cell::RefCell<Pixels>,
    run_button: NodeRef,
    listeners: Vec<Closure<dyn FnMut(web_sys::Event)>>,
}

impl Component for App {
    type Message = Msg;
    type Properties = AppProps;

    fn create(ctx: &Context<Self>) -> Self {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let (scenario, notice, run_now) = match from_fragment(&hash) {
            Ok(link) => (link.scenario, None, link.run),
            Err(e) => (
                Scenario::default(),
                Some(format!(
                    "the link was refused ({e}); the defaults are in use"
                )),
                false,
            ),
        };
        let mut app = App {
            session: Session::new(),
            scenario,
            refused: None,
            notice,
            worker: None,
            worker_error: None,
            highlight: None,
            chosen: Vec::new(),
            layout: None,
            story: None,
            frame_pending: false,
            view_stale: false,
            refocus: false,
            live_stale: false,
            last_live_ms: f64::NEG_INFINITY,
            last_view_ms: f64::NEG_INFINITY,

            last_frame_ms: None,
            widths: [None; CANVASES],
            dirty: [true; CANVASES],
            next_canvas: 0,
            canvases: Default::default(),
            pixels: std::cell::RefCell::new(Pixels::new(0, 0)),
            run_button: NodeRef::default(),
            listeners: listen(ctx),
        };
        app.write_link();
        app.spawn_worker(ctx);
        if run_now {
            let msgs = app.session.start(app.scenario.clone());
            app.send(msgs);
        }
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::None => false,
            Msg::Field(name, value) => {
                self.set_field(name, &value);
                true
            }
            Msg::FieldAndRun(name, value) => {
                if self.set_field(name, &value) {
                    self.start_main(ctx, self.scenario.clone());
                }
                true
            }
            Msg::Preset(name) => {
                if let Some(mut preset) = Scenario::preset(&name) {
                    preset.seed = self.scenario.seed;
                    self.scenario = preset;
                    self.refused = None;
                    self.write_link();
                }
                true
            }
            Msg::Highlight(text) => {
                let flows = self.meta_flows();
                self.highlight = match text.trim().parse::<usize>() {
                    Ok(f) if f < flows => Some(f),
                    _ => None,
                };
                self.mark(&AT_CURSOR, ctx);
                true
            }
            Msg::Run => {
                self.start_main(ctx, self.scenario.clone());
                true
            }
            Msg::Cancel => {
                let msgs = self.session.cancel();
                self.send(msgs);
                true
            }
            Msg::CopyLink => {
                let link = self.page_link(true);
                self.notice = Some(if exports::copy_text(&link) {
                    "link copied".to_string()
                } else {
                    format!("link: {link}")
                });
                true
            }
            Msg::Worker(event) => self.on_worker(ctx, *event),
            Msg::Frame(ts) => self.on_frame(ctx, ts),
            Msg::Resize => {
                self.widths = [None; CANVASES];
                self.mark(&ALL, ctx);
                false
            }
            Msg::Key(key, shift) => self.on_key(ctx, &key, shift),
            Msg::Play => {
                let (span, live) = (self.session.span_us(), self.session.running());
                self.session.playback.toggle(span, live);
                self.last_frame_ms = None;
                self.mark(&AT_CURSOR, ctx);
                true
            }
            Msg::Step(n) => {
                let span = self.session.span_us();
                let bucket = self.session.run.as_ref().map_or(1.0, RunData::bucket_us);
                self.session.playback.step(n, bucket, span);
                self.mark(&AT_CURSOR, ctx);
                true
            }
            Msg::Seek(t) => {
                let span = self.session.span_us();
                self.session.playback.seek(t, span);
                self.mark(&AT_CURSOR, ctx);
                true
            }
            Msg::Speed(i) => {
                let msgs = self.session.set_speed(i);
                self.send(msgs);
                true
            }
            Msg::NetworkClick(x, y, w, h) => self.on_network_click(ctx, x, y, w, h),
            Msg::ClearChosen => {
                self.chosen.clear();
                self.mark(&AT_CURSOR, ctx);
                true
            }
            Msg::ExportJson => {
                if let Some(run) = &self.session.run {
                    if let Some(text) = exports::report_json(run) {
                        let name = exports::file_name(run, "report", "json");
                        exports::download_text(&name, "application/json", &text);
                    }
                }
                false
            }
            Msg::ExportCsv => {
                if let Some(run) = &self.session.run {
                    let name = exports::file_name(run, "timelines", "csv");
                    exports::download_text(&name, "text/csv", &run.timeline_csv());
                }
                false
            }
            Msg::ExportPng => {
                if let Some(run) = &self.session.run {
                    let canvases: Vec<HtmlCanvasElement> = self.canvases[..5]
                        .iter()
                        .filter_map(|n| n.cast::<HtmlCanvasElement>())
                        .collect();
                    let title = format!("SprayLab {} · {}", env!("CARGO_PKG_VERSION"), run.label());
                    if let Some(url) = exports::charts_png(&title, &canvases) {
                        exports::download_url(&exports::file_name(run, "charts", "png"), &url);
                    }
                }
                false
            }
            Msg::CompareVariants => {
                let variants: Vec<Scenario> = [CcaName::SWIFT, CcaName::LSWIFT, CcaName::MSWIFT]
                    .iter()
                    .map(|cca| {
                        let mut s = self.scenario.clone();
                        cca.apply(&mut s.cca);
                        s
                    })
                    .collect();
                let msgs = self.session.start_series(variants);
                self.send(msgs);
                true
            }
            Msg::TheorySweep => {
                let msgs = self.session.start_theory();
                self.send(msgs);
                self.mark(&[Canvas::Theory], ctx);
                true
            }
            Msg::ClearComparison => {
                self.session.past.clear();
                self.mark(&[Canvas::CompareCwnd, Canvas::CompareFct], ctx);
                true
            }
            Msg::Story(step) => {
                self.story = step.map(|s| s.min(STEPS.len() - 1));
                true
            }
            Msg::StoryRun(i) => {
                match STEPS.get(i).map(|s| s.run) {
                    Some(StepRun::Theory) => {
                        let msgs = self.session.start_theory();
                        self.send(msgs);
                        self.mark(&[Canvas::Theory], ctx);
                        scroll_to("chart-theory");
                    }
                    Some(run @ StepRun::Baseline { speed, .. }) => {
                        if let Some(s) = run.scenario(self.scenario.seed) {
                            self.scenario = s.clone();
                            self.refused = None;
                            self.write_link();
                            self.session.playback.set_speed(speed);
                            self.start_main(ctx, s);
                        }
                    }
                    None => {}
                }
                true
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let on = ctx.link().callback(|m: Msg| m);
        let s = &self.session;
        let run = s.run.as_ref();
        let cursor = s.cursor_us();
        let flow = self.flow();
        let ports = run.map_or(Vec::new(), |r| charts::queue_ports(r, &self.chosen, 6));
        let progress = run.and_then(|r| {
            r.progress.map(|p| {
                (
                    p.packets_acked,
                    p.packets_total,
                    progress_text(r.elapsed_ms, &p).into(),
                )
            })
        });
        let npath = run
            .and_then(|r| r.meta.as_ref())
            .is_some_and(|m| matches!(m.network.shape, Shape::NPath { .. }));
        let [c0, c1, c2, c3, c4, c5, c6, c7] = self.canvases.clone();
        let form = html! {
            <Form scenario={self.scenario.clone()} refused={self.refused.clone()} running={s.running()}
                run_ref={self.run_button.clone()} on={on.clone()} />
        };
        html! {
            <main class="app">
                <header>
                    <h1>{ "SprayLab" }</h1>
                    <p class="tagline">{ "Congestion control under packet spraying: when a few paths are congested, \
                        reacting to the latest delay collapses throughput; deciding on the median of the last H delays (MSwift) does not." }</p>
                    <Glossary />
                </header>
                <section class="story-area" aria-label="class mode"><Story step={self.story} on={on.clone()} /></section>
                <section class="controls" aria-label="scenario">
                    if self.story.is_some() {
                        // class mode: the story drives the runs, the form folds away
                        <details class="settings">
                            <summary>{ "Scenario settings (the story sets them)" }</summary>
                            { form }
                        </details>
                    } else {
                        { form }
                    }
                </section>
                <section class="run" aria-label="the run">
                    <Status phase={s.phase.clone()} text={status_text(&s.phase, run, self.notice.as_deref())}
                        {progress} worker_error={self.worker_error.clone().map(AttrValue::from)}
                        on_cancel={on.reform(|_| Msg::Cancel)} />
                    <Playback playing={s.playback.playing()} at_edge={s.playback.at_edge()} cursor_us={cursor}
                        span_us={s.span_us()} speed={s.playback.speed()} live={s.running()} on={on.clone()} />
                    <div class="stage">
                        <NetworkPanel canvas={c4} alt={self.network_alt(cursor)} selection={self.selection_text(cursor)}
                            {npath} on={on.clone()} />
                        <LiveCharts canvases={[c0, c1, c2, c3]} alts={live_charts::alts(run, flow, cursor, &ports)} />
                    </div>
                    <Report {flow} flows={self.meta_flows()} counters={run.and_then(|r| r.report.as_ref()).map(|r| r.counters.clone())}
                        on={on.clone()} />
                </section>
                <section class="compare" aria-label="compare runs">
                    <Compare rows={compare::rows(&s.past)} status={s.compare.status()} busy={s.busy()}
                        canvases={[c5, c6]} on={on.clone()} />
                </section>
                <section class="theory" aria-label="theory">
                    <TheoryView points={s.theory_points.clone()} status={s.theory.status()} busy={s.busy()}
                        canvas={c7} {on} />
                </section>
            </main>
        }
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        if let Some(window) = web_sys::window() {
            for (event, listener) in ["keydown", "resize"].iter().zip(&self.listeners) {
                let _ = window
                    .remove_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
            }
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if std::mem::take(&mut self.refocus) {
            self.return_focus();
        }
        if first_render {
            if let Some(loading) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("loading"))
            {
                loading.remove();
            }
            self.mark(&ALL, ctx);
        }
    }
}

/// Document-level listeners: keys outside the form drive the playback; a resize redraws.
fn listen(ctx: &Context<App>) -> Vec<Closure<dyn FnMut(web_sys::Event)>> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let link = ctx.link().clone();
    let on_key = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let tag = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|el| el.tag_name().to_ascii_lowercase())
            .unwrap_or_default();
        // the form's fields, lists and buttons keep their own keys
        if matches!(
            tag.as_str(),
            "input" | "select" | "textarea" | "button" | "summary"
        ) {
            return;
        }
        let key = k.key();
        if matches!(key.as_str(), " " | "ArrowLeft" | "ArrowRight")
            && !k.ctrl_key()
            && !k.meta_key()
        {
            e.prevent_default();
            link.send_message(Msg::Key(key, k.shift_key()));
        }
    });
    let link = ctx.link().clone();
    let on_resize =
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| link.send_message(Msg::Resize));
    let _ = window.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
    vec![on_key, on_resize]
}

fn scroll_to(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        el.scroll_into_view();
    }
}

impl App {
    fn spawn_worker(&mut self, ctx: &Context<Self>) {
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

    fn send(&self, msgs: Vec<ToWorker>) {
        if let Some(w) = &self.worker {
            for m in &msgs {
                w.send(m);
            }
        }
    }

    /// Applies a form field; false (with the reason shown) when refused.
    fn set_field(&mut self, name: &str, value: &str) -> bool {
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
            .and_then(|_| check_web_size(&next));
        match checked {
            Ok(()) => {
                self.scenario = next;
                self.refused = None;
                self.notice = None;
                self.write_link();
                true
            }
            Err(e) => {
                self.refused = Some(e);
                false
            }
        }
    }

    /// The page's link for the form's scenario.
    fn page_link(&self, run: bool) -> String {
        let fragment = to_fragment(&self.scenario, run);
        let href = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        let base = href.split('#').next().unwrap_or_default();
        format!("{base}#{fragment}")
    }

    fn write_link(&self) {
        let fragment = to_fragment(&self.scenario, false);
        if let Some(w) = web_sys::window() {
            if let Ok(history) = w.history() {
                let url = if fragment.is_empty() {
                    let path = w.location().pathname().unwrap_or_default();
                    let search = w.location().search().unwrap_or_default();
                    format!("{path}{search}")
                } else {
                    format!("#{fragment}")
                };
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
        }
    }

    fn start_main(&mut self, ctx: &Context<Self>, scenario: Scenario) {
        if self.worker.is_none() {
            self.spawn_worker(ctx);
        }
        self.notice = None;
        let msgs = self.session.start(scenario);
        self.after_start(ctx, msgs);
    }

    fn after_start(&mut self, ctx: &Context<Self>, msgs: Vec<ToWorker>) {
        self.highlight = None;
        self.chosen.clear();
        self.send(msgs);
        self.mark(&ALL, ctx);
    }

    fn on_worker(&mut self, ctx: &Context<Self>, event: WorkerEvent) -> bool {
        let msg = match event {
            Ok(msg) => msg,
            Err(e) => {
                // the worker is gone: say so, keep the page working; Run starts a new worker
                self.worker = None;
                self.worker_error = Some(format!("simulation worker error: {e}"));
                self.session.worker_lost(&e);
                return true;
            }
        };
        let (out, changed) = self.session.on_message(msg);
        self.send(out);
        if changed.main {
            self.live_stale = true;
        }
        if changed.finished {
            self.mark(&[Canvas::CompareCwnd, Canvas::CompareFct], ctx);
            // after the next render, which shows the run's end
            self.refocus = !self.session.running();
        }
        if changed.theory {
            self.mark(&[Canvas::Theory], ctx);
        }
        // the view follows on the next frame: many messages, one render
        self.view_stale |= changed.main || changed.theory || changed.finished || changed.compare;
        self.schedule_frame(ctx);
        false
    }

    /// After a run, focus goes back to Run if it was lost (Run is disabled while running).
    fn return_focus(&self) {
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

    fn on_key(&mut self, ctx: &Context<Self>, key: &str, shift: bool) -> bool {
        let steps = if shift { 10 } else { 1 };
        let msg = match key {
            " " => Msg::Play,
            "ArrowLeft" => Msg::Step(-steps),
            "ArrowRight" => Msg::Step(steps),
            _ => return false,
        };
        <App as Component>::update(self, ctx, msg)
    }

    fn on_network_click(&mut self, ctx: &Context<Self>, x: f64, y: f64, w: f64, h: f64) -> bool {
        let Some((_, layout)) = &self.layout else {
            return false;
        };
        let plot_h = (h - network::KEY_H).max(1.0);
        let p = (x / w.max(1.0), y / plot_h);
        match layout.hit(p, 9.0 / w.max(1.0)) {
            Some(Hit::Host(h)) => {
                let flows = self.session.run.as_ref().and_then(|r| r.meta.as_ref());
                let group = layout
                    .nodes
                    .iter()
                    .find(|n| n.hosts.contains(&h))
                    .map_or(h..h + 1, |n| n.hosts.clone());
                if let Some(f) =
                    flows.and_then(|m| m.flows.iter().position(|f| group.contains(&f.0)))
                {
                    self.highlight = Some(f);
                }
            }
            Some(Hit::Link(i)) => {
                let run = self.session.run.as_ref();
                let peak = |p: u32| {
                    run.and_then(|r| r.port_peak.get(p as usize))
                        .copied()
                        .unwrap_or(0.0)
                };
                let ports = &layout.links[i].ports;
                let busiest = ports
                    .iter()
                    .copied()
                    .max_by(|a, b| peak(*a).total_cmp(&peak(*b)));
                if let Some(p) = busiest.map(|p| p as usize) {
                    if let Some(at) = self.chosen.iter().position(|&c| c == p) {
                        self.chosen.remove(at);
                    } else {
                        self.chosen.insert(0, p);
                        self.chosen.truncate(4);
                    }
                }
            }
            None => return false,
        }
        self.mark(&AT_CURSOR, ctx);
        true
    }

    fn meta_flows(&self) -> usize {
        self.session
            .run
            .as_ref()
            .and_then(|r| r.meta.as_ref())
            .map_or(0, |m| m.flows.len())
    }

    fn flow(&self) -> usize {
        let run = self.session.run.as_ref();
        self.highlight
            .or_else(|| run.map(RunData::slowest_flow))
            .unwrap_or(0)
    }

    /// One line on the highlighted flow and the chosen links.
    fn selection_text(&self, cursor: f64) -> String {
        let Some(run) = &self.session.run else {
            return String::new();
        };
        let Some(meta) = &run.meta else {
            return String::new();
        };
        let flow = self.flow();
        let Some(&(src, dst, sprayed)) = meta.flows.get(flow) else {
            return String::new();
        };
        let counts = run.spread(flow, cursor - network::SPREAD_WINDOW_US, cursor);
        let (n, used) = (
            counts.iter().sum::<u32>(),
            counts.iter().filter(|&&c| c > 0).count(),
        );
        let kind = if sprayed { "sprayed" } else { "elephant, ECMP" };
        let chosen: Vec<&str> = self
            .chosen
            .iter()
            .filter_map(|&p| meta.port_names.get(p).map(String::as_str))
            .collect();
        format!(
            "Flow {flow}: host {src} → host {dst} ({kind}); in the {} µs before the cursor, {n} packets over {used} paths.{}",
            network::SPREAD_WINDOW_US,
            if chosen.is_empty() { String::new() } else { format!(" Chosen links: {}.", chosen.join(", ")) }
        )
    }

    /// The network picture's text alternative: the hottest links at the cursor.
    fn network_alt(&self, cursor: f64) -> String {
        let Some((run, meta)) = self
            .session
            .run
            .as_ref()
            .and_then(|r| Some((r, r.meta.as_ref()?)))
        else {
            return "Network picture: appears when a run starts.".to_string();
        };
        let Some(q) = run.queues_at(cursor) else {
            return "Network picture: no sample yet.".to_string();
        };
        let mut hot: Vec<(usize, f32)> = q
            .iter()
            .map(|m| m.max)
            .enumerate()
            .filter(|x| x.1 > 0.0)
            .collect();
        hot.sort_by(|a, b| b.1.total_cmp(&a.1));
        let list: Vec<String> = hot
            .iter()
            .take(4)
            .map(|&(p, b)| {
                let e = if meta.elephant_ports.contains(&p) {
                    " (elephant)"
                } else {
                    ""
                };
                format!("{}{e} {:.0} KiB", meta.port_names[p], b / 1024.0)
            })
            .collect();
        format!(
            "Network at {cursor:.1} µs: {} links with a queue{}.",
            hot.len(),
            if list.is_empty() {
                String::new()
            } else {
                format!("; the deepest: {}", list.join(", "))
            }
        )
    }

    /// Marks canvases for redrawing on the next animation frame.
    fn mark(&mut self, which: &[Canvas], ctx: &Context<Self>) {
        for c in which {
            self.dirty[*c as usize] = true;
        }
        self.schedule_frame(ctx);
    }

    fn schedule_frame(&mut self, ctx: &Context<Self>) {
        if self.frame_pending {
            return;
        }
        let Some(window) = web_sys::window() else {
            return;
        };
        let link = ctx.link().clone();
        let callback = Closure::once_into_js(move |ts: f64| link.send_message(Msg::Frame(ts)));
        if window
            .request_animation_frame(callback.unchecked_ref())
            .is_ok()
        {
            self.frame_pending = true;
        }
    }

    fn on_frame(&mut self, ctx: &Context<Self>, ts: f64) -> bool {
        self.frame_pending = false;
        let dt = self
            .last_frame_ms
            .map_or(0.0, |last| (ts - last).clamp(0.0, 100.0));
        let moving = self.session.tick(dt);
        self.last_frame_ms = moving.then_some(ts);
        if moving {
            self.dirty[..5].fill(true);
        }
        if self.live_stale && (ts - self.last_live_ms >= LIVE_REDRAW_MS || !self.session.running())
        {
            self.live_stale = false;
            self.last_live_ms = ts;
            self.dirty[..5].fill(true);
        }
        self.draw();
        if self.dirty.contains(&true) || moving || self.live_stale {
            self.schedule_frame(ctx);
        }
        // the view (status, progress, text alternatives) at most every LIVE_REDRAW_MS / 2
        let render = self.view_stale
            && (ts - self.last_view_ms >= LIVE_REDRAW_MS / 2.0 || !self.session.running());
        if render {
            self.view_stale = false;
            self.last_view_ms = ts;
        } else if self.view_stale {
            self.schedule_frame(ctx);
        }
        moving || render
    }

    /// Draws dirty canvases, in rotating order, until the frame's budget is spent.
    fn draw(&mut self) {
        let start = super::now_ms();
        let scale = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 3.0);
        self.refresh_layout();
        for k in 0..CANVASES {
            let i = (self.next_canvas + k) % CANVASES;
            if !self.dirty[i] {
                continue;
            }
            if k > 0 && super::now_ms() - start > FRAME_BUDGET_MS {
                self.next_canvas = i;
                return;
            }
            self.dirty[i] = false;
            let Some(canvas) = self.canvases[i].cast::<HtmlCanvasElement>() else {
                continue;
            };
            // reading a width forces a layout: once per canvas until the window resizes
            let css_w = *self.widths[i].get_or_insert_with(|| canvas.client_width());
            fit(&canvas, ALL[i], css_w, scale);
            if let Err(e) = self.draw_one(ALL[i], &canvas, scale) {
                web_sys::console::warn_1(&format!("canvas {i}: {e}").into());
            }
        }
        self.next_canvas = 0;
    }

    fn refresh_layout(&mut self) {
        let Some(run) = &self.session.run else { return };
        let Some(meta) = &run.meta else { return };
        if self.layout.as_ref().is_none_or(|(id, _)| *id != run.id) {
            self.layout = Some((run.id, Layout::of(&meta.network)));
        }
    }

    fn draw_one(
        &self,
        which: Canvas,
        canvas: &HtmlCanvasElement,
        scale: f64,
    ) -> Result<(), String> {
        let s = &self.session;
        let empty = RunData::new(0, self.scenario.clone());
        let run = s.run.as_ref().unwrap_or(&empty);
        let at = At {
            cursor: (!s.playback.at_edge()).then(|| s.cursor_us()),
            scale,
        };
        let flow = self.flow();
        let past: Vec<&RunData> = s.past.iter().collect();
        match which {
            Canvas::Cwnd => charts::draw_cwnd(canvas, run, flow, at),
            Canvas::Delay => charts::draw_delay(canvas, run, flow, at),
            Canvas::Queue => charts::draw_queues(canvas, run, &self.chosen, at),
            Canvas::Fct => charts::draw_fct_cdf(canvas, run, at),
            Canvas::Network => {
                let fallback = Layout::default();
                let layout = match &self.layout {
                    Some((id, l)) if *id == run.id => l,
                    _ => &fallback,
                };
                let ecn = run.scenario.topology.ecn_min_bytes as f64;
                let peak = run.port_peak.iter().copied().fold(0.0f32, f32::max) as f64;
                let marks = Marks {
                    flow,
                    chosen: &self.chosen,
                    scale_bytes: peak.max(ecn),
                };
                let mut pixels = self.pixels.borrow_mut();
                network::draw_network(
                    canvas,
                    &mut pixels,
                    scale,
                    layout,
                    run,
                    s.cursor_us(),
                    &marks,
                )
            }
            Canvas::CompareCwnd => charts::draw_compare_cwnd(canvas, &past, at),
            Canvas::CompareFct => charts::draw_compare_fct(canvas, &past, at),
            Canvas::Theory => {
                let npath = Scenario::preset("npath").expect("the npath preset exists");
                charts::draw_theory(canvas, &npath, &s.theory_points, at)
            }
        }
    }
}

/// Sizes a canvas's pixels to its CSS width × the pixel ratio, with its shape's height.
fn fit(canvas: &HtmlCanvasElement, which: Canvas, css_w: i32, scale: f64) {
    let css_w = css_w.max(200) as f64;
    let (ratio, min_h) = which.shape();
    let css_h = (css_w * ratio).max(min_h);
    let (w, h) = (
        (css_w * scale).round() as u32,
        (css_h * scale).round() as u32,
    );
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
}

/// "sim 120.3 µs · 40/124 flows · 12.1 M events/s · ~0.4 s left".
fn progress_text(elapsed_ms: f64, p: &crate::sim::Progress) -> String {
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

/// Mounts the app in `#app` (or the body).
pub fn start() {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a page has a document");
    let root = document
        .get_element_by_id("app")
        .or_else(|| document.body().map(Into::into))
        .expect("page has a body");
    yew::Renderer::<App>::with_root_and_props(root, AppProps::default()).render();
}
