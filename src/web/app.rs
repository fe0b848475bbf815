//! The Yew app: the scenario form, run and cancel, progress, live charts, the report, exports
//! and shareable links.
//!
//! State lives in [`App`]; the simulation runs in the worker ([`super::bridge`]). Worker messages
//! update the run's [`RunData`]; charts are redrawn on the next animation frame, at most once per
//! frame however many messages arrive. The URL fragment always holds the form's scenario, so the
//! address bar is a link that reproduces the run (`run=1` starts it on load).

use super::bridge::{default_worker_url, SimWorker, WorkerEvent};
use super::charts;
use super::store::RunData;
use crate::link::{check_web_size, from_fragment, to_fragment};
use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::{Scenario, ScenarioError, PRESETS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Where the app finds its worker; `None`: `worker.js` next to the page.
#[derive(Clone, Debug, Default, PartialEq, Properties)]
pub struct AppProps {
    #[prop_or_default]
    pub worker_url: Option<String>,
}

pub enum Msg {
    /// A form field changed: (short field name, text).
    Field(&'static str, String),
    Preset(String),
    Highlight(String),
    Run,
    Cancel,
    Worker(Box<WorkerEvent>),
    Frame,
    ExportJson,
    ExportCsv,
    ExportPng,
    /// Queue Swift, LSwift and MSwift on the current scenario.
    CompareVariants,
    /// Run the theory sweep: the n-path model for every simulated CCA and several q.
    TheorySweep,
    ClearComparison,
}

/// Where the app stands.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    Idle,
    Running,
    Done,
    Cancelled,
    Failed(String),
}

pub struct App {
    scenario: Scenario,
    /// Why the last form change or link was refused.
    refused: Option<ScenarioError>,
    worker: Option<SimWorker>,
    worker_ready: bool,
    /// A run to start once the worker is ready (a `run=1` link, or Run before it loaded).
    start_when_ready: bool,
    /// The scenario of that run (the form's when `None`).
    pending: Option<Scenario>,
    worker_error: Option<String>,
    next_id: u32,
    run: Option<RunData>,
    phase: Phase,
    highlight: Option<usize>,
    frame_pending: bool,
    /// Finished runs (summaries), oldest first, for the comparison.
    past: Vec<RunData>,
    /// Scenarios to run after the current one.
    queue: Vec<Scenario>,
    /// The theory sweep's runs still to do, as (CCA index, scenario).
    theory_queue: Vec<(usize, Scenario)>,
    /// The theory run in progress: (run id, CCA index).
    theory_running: Option<(u32, usize)>,
    theory_points: Vec<charts::TheoryPoint>,
    /// Charts whose data changed since they were last drawn.
    dirty: [bool; CHARTS],
    /// The chart to draw first on the next frame (turns rotate so none starves).
    next_chart: usize,
    canvases: [NodeRef; CHARTS],
}

/// Most finished runs kept for the comparison.
const MAX_COMPARED: usize = 8;

/// Drawing time per animation frame after which the remaining dirty charts wait for the next
/// frame: keeps every main-thread task short while the worker streams.
const FRAME_BUDGET_MS: f64 = 12.0;

const CHARTS: usize = 7;
const CHART_IDS: [&str; CHARTS] = [
    "chart-cwnd",
    "chart-delay",
    "chart-queue",
    "chart-fct",
    "chart-compare-cwnd",
    "chart-compare-fct",
    "chart-theory",
];

/// The theory sweep's paths (q = 1/paths, all below 1/3) and flow size.
const THEORY_PATHS: [u32; 7] = [200, 100, 50, 20, 10, 5, 4];
const THEORY_FLOW: &str = "32MiB";

impl Component for App {
    type Message = Msg;
    type Properties = AppProps;

    fn create(ctx: &Context<Self>) -> Self {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let (scenario, refused, run_now) = match from_fragment(&hash) {
            Ok(link) => (link.scenario, None, link.run),
            Err(e) => (Scenario::default(), Some(e), false),
        };
        let mut app = App {
            scenario,
            refused,
            worker: None,
            worker_ready: false,
            start_when_ready: run_now,
            pending: None,
            worker_error: None,
            next_id: 1,
            run: None,
            phase: Phase::Idle,
            highlight: None,
            frame_pending: false,
            past: Vec::new(),
            queue: Vec::new(),
            theory_queue: Vec::new(),
            theory_running: None,
            theory_points: Vec::new(),
            dirty: [true; CHARTS],
            next_chart: 0,
            canvases: Default::default(),
        };
        app.spawn_worker(ctx);
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Field(name, value) => {
                let mut next = self.scenario.clone();
                // a workload starts from its preset (the n-path model has no elephants, sprays
                // round robin), keeping the CCA settings and the seed
                let preset = match value.as_str() {
                    "npath" | "incast" | "hsdp" => Scenario::preset(&value),
                    _ => Scenario::preset("baseline"),
                };
                if let (true, Some(mut p)) = (name == "workload", preset) {
                    p.cca = next.cca.clone();
                    p.seed = next.seed;
                    next = p;
                }
                let checked = next
                    .set_field(name, &value)
                    .and_then(|_| next.validate())
                    .and_then(|_| check_web_size(&next));
                match checked {
                    Ok(()) => {
                        self.scenario = next;
                        self.refused = None;
                        self.write_link();
                    }
                    Err(e) => self.refused = Some(e),
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
                let flows = self
                    .run
                    .as_ref()
                    .and_then(|r| r.meta.as_ref())
                    .map_or(0, |m| m.flows.len());
                match text.trim().parse::<usize>() {
                    Ok(f) if f < flows => self.highlight = Some(f),
                    _ => self.highlight = None,
                }
                self.redraw(ctx);
                true
            }
            Msg::Run => {
                self.start_run(ctx);
                true
            }
            Msg::Cancel => {
                self.queue.clear();
                self.theory_queue.clear();
                if let (Some(w), Some(run)) = (&self.worker, &self.run) {
                    if self.phase == Phase::Running {
                        w.send(&ToWorker::Cancel { id: run.id });
                    }
                }
                false
            }
            Msg::Worker(event) => self.on_worker(ctx, *event),
            Msg::Frame => {
                self.frame_pending = false;
                self.draw_charts();
                if self.dirty.contains(&true) {
                    self.schedule_frame(ctx);
                }
                false
            }
            Msg::CompareVariants => {
                let mut variants: Vec<Scenario> = ["swift", "lswift", "mswift"]
                    .iter()
                    .map(|cca| {
                        let mut s = self.scenario.clone();
                        let _ = s.set_field("cca", cca);
                        s
                    })
                    .collect();
                self.scenario = variants.remove(0);
                self.queue = variants;
                self.write_link();
                self.start_run(ctx);
                true
            }
            Msg::TheorySweep => {
                self.theory_points.clear();
                self.theory_queue = (0..charts::THEORY_CCAS.len())
                    .flat_map(|cca| THEORY_PATHS.iter().map(move |&paths| (cca, paths)))
                    .map(|(cca, paths)| {
                        let mut s = Scenario::preset("npath").expect("the npath preset exists");
                        let _ = s.set_field("cca", charts::THEORY_CCAS[cca]);
                        let _ = s.set_field("flow-size", THEORY_FLOW);
                        s.workload.paths = paths;
                        (cca, s)
                    })
                    .collect();
                self.next_theory_run(ctx);
                true
            }
            Msg::ClearComparison => {
                self.past.clear();
                self.redraw(ctx);
                true
            }
            Msg::ExportJson => {
                if let Some(report) = self.run.as_ref().and_then(|r| r.report.as_ref()) {
                    download_text(
                        "spraylab-report.json",
                        "application/json",
                        &report.to_json(),
                    );
                }
                false
            }
            Msg::ExportCsv => {
                if let Some(run) = &self.run {
                    download_text("spraylab-timelines.csv", "text/csv", &run.timeline_csv());
                }
                false
            }
            Msg::ExportPng => {
                for (node, id) in self.canvases.iter().zip(CHART_IDS) {
                    if let Some(canvas) = node.cast::<HtmlCanvasElement>() {
                        if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                            download_url(&format!("spraylab-{id}.png"), &url);
                        }
                    }
                }
                false
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        html! {
            <main class="app">
                <header>
                    <h1>{ "SprayLab" }</h1>
                    <p class="tagline">{ "Congestion control under packet spraying: when a few paths are congested, \
                        reacting to the latest delay collapses throughput; deciding on the median of the last H (MSwift) does not." }</p>
                </header>
                <section class="controls">{ self.view_form(ctx) }</section>
                <section class="run">{ self.view_status(ctx) }</section>
                <section class="charts">
                    { for self.canvases[..4].iter().zip(CHART_IDS).map(|(node, id)| html! {
                        <canvas id={id} ref={node.clone()} width="560" height="300"></canvas>
                    }) }
                </section>
                <section class="report">{ self.view_report(ctx) }</section>
                <section class="compare">{ self.view_compare(ctx) }</section>
                <section class="theory">{ self.view_theory(ctx) }</section>
            </main>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            if let Some(loading) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("loading"))
            {
                loading.remove();
            }
            self.redraw(ctx);
        }
    }
}

impl App {
    fn spawn_worker(&mut self, ctx: &Context<Self>) {
        let url = match &ctx.props().worker_url {
            Some(u) => Ok(u.clone()),
            None => default_worker_url(),
        };
        let on_event = ctx.link().callback(|e| Msg::Worker(Box::new(e)));
        let spawned = url.and_then(|u| SimWorker::spawn(&u, on_event));
        match spawned {
            Ok(w) => {
                self.worker = Some(w);
                self.worker_ready = false;
            }
            Err(e) => {
                self.worker_error = Some(format!("could not start the simulation worker: {e}"))
            }
        }
    }

    fn write_link(&self) {
        let fragment = to_fragment(&self.scenario, false);
        if let Some(w) = web_sys::window() {
            if let Ok(history) = w.history() {
                let url = if fragment.is_empty() {
                    w.location().pathname().unwrap_or_default()
                } else {
                    format!("#{fragment}")
                };
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
        }
    }

    /// Starts the next run of the theory sweep, if any.
    fn next_theory_run(&mut self, ctx: &Context<Self>) {
        if self.theory_queue.is_empty() {
            return;
        }
        let (cca, scenario) = self.theory_queue.remove(0);
        self.theory_running = Some((self.next_id, cca));
        self.start(ctx, scenario);
    }

    fn start_run(&mut self, ctx: &Context<Self>) {
        self.theory_running = None;
        self.start(ctx, self.scenario.clone());
    }

    /// Runs `scenario` in the worker (starting the worker first if needed).
    fn start(&mut self, ctx: &Context<Self>, scenario: Scenario) {
        if self.worker.is_none() {
            self.worker_error = None;
            self.spawn_worker(ctx);
        }
        if !self.worker_ready {
            self.start_when_ready = true;
            self.pending = Some(scenario);
            self.phase = Phase::Running;
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.run = Some(RunData::new(id, scenario.clone()));
        self.phase = Phase::Running;
        self.highlight = None;
        if let Some(w) = &self.worker {
            w.send(&ToWorker::Run {
                id,
                scenario: Box::new(scenario),
            });
        }
        self.schedule_frame(ctx);
    }

    fn on_worker(&mut self, ctx: &Context<Self>, event: WorkerEvent) -> bool {
        let msg = match event {
            Ok(msg) => msg,
            Err(e) => {
                // the worker is gone: say so, keep the page working; Run starts a new worker
                self.worker = None;
                self.worker_ready = false;
                self.worker_error = Some(format!("simulation worker error: {e}"));
                if self.phase == Phase::Running {
                    self.phase = Phase::Failed(e);
                }
                return true;
            }
        };
        let current = self.run.as_ref().map(|r| r.id);
        let mine = |id: u32| Some(id) == current;
        match msg {
            FromWorker::Ready => {
                self.worker_ready = true;
                if std::mem::take(&mut self.start_when_ready) {
                    let scenario = self.pending.take().unwrap_or_else(|| self.scenario.clone());
                    self.start(ctx, scenario);
                }
            }
            FromWorker::Started { id, meta } if mine(id) => {
                if let Some(run) = &mut self.run {
                    run.set_meta(meta);
                }
            }
            FromWorker::Progress {
                id,
                progress,
                elapsed_ms,
                batch,
            } if mine(id) => {
                if let Some(run) = &mut self.run {
                    run.append(batch);
                    run.progress = Some(progress);
                    run.elapsed_ms = elapsed_ms;
                }
                self.redraw(ctx);
            }
            FromWorker::Finished {
                id,
                report,
                elapsed_ms,
                batch,
            } if mine(id) => {
                if let Some(run) = &mut self.run {
                    run.append(batch);
                    run.elapsed_ms = elapsed_ms;
                    if let Some(p) = &mut run.progress {
                        p.done = true;
                        p.sim_time_us = report.sim_time_us;
                        p.flows_done = p.flows_total;
                        p.packets_acked = p.packets_total;
                    }
                    run.report = Some(report);
                }
                self.phase = Phase::Done;
                self.redraw(ctx);
                match self.theory_running.take() {
                    Some((theory_id, cca)) if theory_id == id => {
                        self.record_theory_point(cca);
                        self.next_theory_run(ctx);
                    }
                    _ => {
                        if let Some(run) = &self.run {
                            if self.past.len() == MAX_COMPARED {
                                self.past.remove(0);
                            }
                            self.past.push(run.summary_copy());
                        }
                        if !self.queue.is_empty() {
                            self.scenario = self.queue.remove(0);
                            self.write_link();
                            self.start_run(ctx);
                        }
                    }
                }
            }
            FromWorker::Cancelled { id } if mine(id) => {
                if let Some(run) = &mut self.run {
                    run.cancelled = true;
                }
                self.phase = Phase::Cancelled;
            }
            FromWorker::Failed { id, message } if mine(id) || id == 0 => {
                self.phase = Phase::Failed(message)
            }
            _ => return false, // a message about an older run
        }
        true
    }

    /// Marks every chart for redrawing on the next animation frame.
    fn redraw(&mut self, ctx: &Context<Self>) {
        self.dirty = [true; CHARTS];
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
        let callback = Closure::once_into_js(move || link.send_message(Msg::Frame));
        if window
            .request_animation_frame(callback.unchecked_ref())
            .is_ok()
        {
            self.frame_pending = true;
        }
    }

    /// Draws dirty charts, in rotating order, until the frame's budget is spent.
    fn draw_charts(&mut self) {
        let empty = RunData::new(0, self.scenario.clone());
        let run = self.run.as_ref().unwrap_or(&empty);
        let flow = self.highlight.unwrap_or_else(|| run.slowest_flow());
        let start = super::now_ms();
        for k in 0..CHARTS {
            let i = (self.next_chart + k) % CHARTS;
            if !self.dirty[i] {
                continue;
            }
            if k > 0 && super::now_ms() - start > FRAME_BUDGET_MS {
                self.next_chart = i;
                return;
            }
            self.dirty[i] = false;
            let Some(canvas) = self.canvases[i].cast::<HtmlCanvasElement>() else {
                continue;
            };
            let past: Vec<&RunData> = self.past.iter().collect();
            let drawn = match i {
                0 => charts::draw_cwnd(&canvas, run, flow),
                1 => charts::draw_delay(&canvas, run, flow),
                2 => charts::draw_queues(&canvas, run),
                3 => charts::draw_fct_cdf(&canvas, run),
                4 => charts::draw_compare_cwnd(&canvas, &past),
                5 => charts::draw_compare_fct(&canvas, &past),
                _ => charts::draw_theory(
                    &canvas,
                    &Scenario::preset("npath").expect("preset"),
                    &self.theory_points,
                ),
            };
            if let Err(e) = drawn {
                web_sys::console::warn_1(&format!("chart {}: {e}", CHART_IDS[i]).into());
            }
        }
        self.next_chart = 0;
    }

    fn view_form(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let s = &self.scenario;
        let field = |name: &'static str| s.field(name).unwrap_or_default();
        let on_select = |name: &'static str| {
            link.callback(move |e: Event| {
                Msg::Field(name, e.target_unchecked_into::<HtmlSelectElement>().value())
            })
        };
        let on_input = |name: &'static str| {
            link.callback(move |e: Event| {
                Msg::Field(name, e.target_unchecked_into::<HtmlInputElement>().value())
            })
        };
        let select = |name: &'static str, label: &str, options: Vec<(String, String)>| {
            let current = field(name);
            html! {
                <label>{ label }
                    <select id={format!("f-{name}")} onchange={on_select(name)}>
                        { for options.into_iter().map(|(v, text)| html! {
                            <option value={v.clone()} selected={v == current}>{ text }</option>
                        }) }
                    </select>
                </label>
            }
        };
        let input = |name: &'static str, label: &str, hint: &str| {
            html! {
                <label>{ label }
                    <input id={format!("f-{name}")} type="text" value={field(name)} title={hint.to_string()} onchange={on_input(name)} />
                </label>
            }
        };
        let ks = (4..=16)
            .step_by(2)
            .map(|k| (k.to_string(), format!("k={k} ({} hosts)", k * k * k / 4)))
            .collect();
        let ccas = [
            "swift",
            "lswift",
            "mswift",
            "mswift-p10",
            "mswift-p90",
            "nscc",
            "mnscc",
            "tcp",
            "dctcp",
            "smartt",
        ]
        .iter()
        .map(|c| (c.to_string(), c.to_string()))
        .collect();
        let lbs = vec![
            ("ecmp".to_string(), "ECMP".to_string()),
            ("ops".to_string(), "OPS (spraying)".to_string()),
            ("rr".to_string(), "round robin".to_string()),
            ("reps".to_string(), "REPS (recycle clean paths)".to_string()),
            ("ar".to_string(), "AR (switch adaptive routing)".to_string()),
        ];
        let workloads = vec![
            (
                "permutation".to_string(),
                "permutation (+ elephants)".to_string(),
            ),
            ("npath".to_string(), "n-path theory model".to_string()),
            ("incast".to_string(), "incast (32 → 1)".to_string()),
            ("hsdp".to_string(), "Llama-70B HSDP ring step".to_string()),
        ];
        let npath = s.workload.kind == crate::scenario::WorkloadKind::NPath;
        let on_preset = link.callback(|e: Event| {
            Msg::Preset(e.target_unchecked_into::<HtmlSelectElement>().value())
        });
        let running = self.phase == Phase::Running;
        html! {
            <>
                <div class="fields">
                    <label>{ "preset" }
                        <select id="f-preset" onchange={on_preset}>
                            <option value="" selected=true>{ "(choose)" }</option>
                            { for PRESETS.iter().map(|(name, about)| html! { <option value={*name} title={*about}>{ *name }</option> }) }
                        </select>
                    </label>
                                        { select("workload", "workload", workloads) }
                    if npath {
                        { input("paths", "paths (q = 1/paths)", "2 to 10000 parallel paths; one of them is longer") }
                        { input("long-delay", "long-path delay (µs)", "latency the long path adds, 0 to 1000 µs") }
                    } else {
                        { select("k", "topology", ks) }
                        { input("elephants", "ECMP elephants", "0, or 2 to hosts-2") }
                    }
                    { select("lb", "load balancing", lbs) }
                    { select("cca", "CCA", ccas) }
                    { input("history", "history H", "nyquist (H = max(W/2, 1)) or a fixed H, 1 to 1024") }
                    { input("percentile", "percentile", "1 to 99; MSwift decides on this percentile (50 = median)") }
                    { input("flow-size", "flow size", "bytes, or with KiB/MiB: 8MiB") }
                    { input("seed", "seed", "a whole number") }
                </div>
                if let Some(e) = &self.refused {
                    <p id="form-error" class="error">{ format!("Refused: {e}") }</p>
                }
                <div class="buttons">
                    <button id="run" onclick={link.callback(|_| Msg::Run)} disabled={running}>{ "Run" }</button>
                    <button id="cancel" onclick={link.callback(|_| Msg::Cancel)} disabled={!running}>{ "Cancel" }</button>
                </div>
            </>
        }
    }

    fn view_status(&self, _ctx: &Context<Self>) -> Html {
        let status = match &self.phase {
            Phase::Idle => "idle".to_string(),
            Phase::Running => "running".to_string(),
            Phase::Cancelled => "cancelled".to_string(),
            Phase::Failed(e) => format!("failed: {e}"),
            Phase::Done => match self.run.as_ref().and_then(|r| r.report.as_ref()) {
                Some(r) => match (r.cct_us, r.cct_inflation) {
                    (Some(c), Some(i)) => format!(
                        "done: CCT {c:.1} µs, lower bound {:.1} µs, inflation {:.1} %",
                        r.ideal_cct_us,
                        i * 100.0
                    ),
                    _ => format!("done: unfinished at {:.1} µs", r.sim_time_us),
                },
                None => "done".to_string(),
            },
        };
        let progress = self.run.as_ref().and_then(|r| r.progress.map(|p| (r, p)));
        html! {
            <>
                if let Some(e) = &self.worker_error {
                    <p id="worker-error" class="error">{ e.clone() }</p>
                }
                <p id="status" class="status">{ status }</p>
                if let Some((run, p)) = progress {
                    <div class="progress">
                        <progress id="progress" max={p.packets_total.max(1).to_string()} value={p.packets_acked.to_string()}></progress>
                        <span id="progress-text">{ progress_text(run.elapsed_ms, &p) }</span>
                    </div>
                }
            </>
        }
    }

    fn record_theory_point(&mut self, cca: usize) {
        let Some(run) = &self.run else { return };
        let gbps = run
            .report
            .as_ref()
            .and_then(|r| r.flows.first())
            .and_then(|f| f.throughput_gbps);
        if let Some(gbps) = gbps {
            let q = 1.0 / run.scenario.workload.paths as f64;
            self.theory_points
                .push(charts::TheoryPoint { cca, q, gbps });
        }
    }

    fn view_theory(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let running = self.phase == Phase::Running;
        let total = charts::THEORY_CCAS.len() * THEORY_PATHS.len();
        let done = self.theory_points.len();
        html! {
            <>
                <h2>{ "Theory: the Θ(1/√q) collapse and the median" }</h2>
                <p class="hint">{ "The paper's model: one flow sprays round robin over n paths, one of them 2.5 µs longer,                     so a share q = 1/n of its packets comes back late. Swift and reordering-resilient Swift (LSwift) fall                     like 1/√q, as the closed forms say; MSwift's median of the last H delays stays at line rate for q < 1/3." }</p>
                <div class="buttons">
                    <button id="theory-run" onclick={link.callback(|_| Msg::TheorySweep)} disabled={running}>
                        { format!("Run the theory sweep ({total} short runs)") }</button>
                                        if done > 0 {
                        <span id="theory-progress" class="hint">{ format!("{done} of {total} points") }</span>
                    }
                </div>
                <canvas id={CHART_IDS[6]} ref={self.canvases[6].clone()} width="760" height="420"></canvas>
            </>
        }
    }

    fn view_compare(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let running = self.phase == Phase::Running;
        html! {
            <>
                <h2>{ "Compare runs" }</h2>
                <p class="hint">{ "Every finished run is listed here (the last 8). Change one setting and run again,                     or run the three Swift variants on the current scenario in a row." }</p>
                <div class="buttons">
                    <button id="compare-variants" onclick={link.callback(|_| Msg::CompareVariants)} disabled={running}>
                        { "Run Swift · LSwift · MSwift" }</button>
                    <button id="compare-clear" onclick={link.callback(|_| Msg::ClearComparison)} disabled={self.past.is_empty()}>
                        { "Clear" }</button>
                </div>
                if !self.past.is_empty() {
                    <table id="compare-table">
                        <tr><th>{ "run" }</th><th class="left">{ "scenario" }</th><th>{ "CCT (µs)" }</th>
                            <th>{ "lower bound (µs)" }</th><th>{ "CCT inflation" }</th><th>{ "cwnd cuts (delay / loss)" }</th></tr>
                        { for self.past.iter().map(|r| {
                            let rep = r.report.as_ref();
                            let num = |v: Option<f64>, scale: f64| v.map_or("–".to_string(), |x| format!("{:.1}", x * scale));
                            html! {
                                <tr>
                                    <td>{ format!("#{}", r.id) }</td><td class="left">{ r.label() }</td>
                                    <td>{ num(rep.and_then(|x| x.cct_us), 1.0) }</td>
                                    <td>{ num(rep.map(|x| x.ideal_cct_us), 1.0) }</td>
                                    <td>{ format!("{} %", num(rep.and_then(|x| x.cct_inflation), 100.0)) }</td>
                                    <td>{ rep.map_or(String::new(), |x| format!("{} / {}", x.counters.cuts_delay, x.counters.cuts_loss)) }</td>
                                </tr>
                            }
                        }) }
                    </table>
                }
                <div class="charts">
                                        { for self.canvases[4..6].iter().zip(&CHART_IDS[4..6]).map(|(node, id)| html! {
                        <canvas id={*id} ref={node.clone()} width="560" height="300"></canvas>
                    }) }
                </div>
            </>
        }
    }

    fn view_report(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let Some(run) = &self.run else {
            return html! {};
        };
        let on_highlight = link.callback(|e: Event| {
            Msg::Highlight(e.target_unchecked_into::<HtmlInputElement>().value())
        });
        let flow = self.highlight.unwrap_or_else(|| run.slowest_flow());
        let counters = run.report.as_ref().map(|r| r.counters.clone());
        html! {
            <>
                <div class="highlight">
                    <label>{ "highlighted flow" }
                        <input id="f-highlight" type="text" value={flow.to_string()} onchange={on_highlight}
                            title="flow index; empty: the slowest sprayed flow" />
                    </label>
                </div>
                if let Some(c) = counters {
                    <table id="counters">
                        <tr><th>{ "events" }</th><th>{ "data packets" }</th><th>{ "retransmits" }</th><th>{ "drops" }</th>
                            <th>{ "ECN marks" }</th><th>{ "timeouts" }</th><th>{ "cwnd cuts (delay / loss / timeout)" }</th></tr>
                        <tr><td>{ c.events }</td><td>{ c.data_packets }</td><td>{ c.retransmits }</td><td>{ c.drops }</td>
                            <td>{ c.ecn_marks }</td><td>{ c.timeouts }</td>
                            <td>{ format!("{} / {} / {}", c.cuts_delay, c.cuts_loss, c.cuts_timeout) }</td></tr>
                    </table>
                    <div class="buttons">
                        <button id="export-json" onclick={link.callback(|_| Msg::ExportJson)}>{ "Report (JSON)" }</button>
                        <button id="export-csv" onclick={link.callback(|_| Msg::ExportCsv)}>{ "Timelines (CSV)" }</button>
                        <button id="export-png" onclick={link.callback(|_| Msg::ExportPng)}>{ "Charts (PNG)" }</button>
                    </div>
                }
            </>
        }
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

fn download_url(name: &str, url: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = document.create_element("a") else {
        return;
    };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(url);
    a.set_download(name);
    a.click();
}

fn download_text(name: &str, mime: &str, text: &str) {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
            download_url(name, &url);
            let _ = web_sys::Url::revoke_object_url(&url);
        }
    }
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
