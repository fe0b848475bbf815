//! The Yew app: a thin shell around the [`Session`] (run state, playback) and the form's
//! scenario. It owns the worker, turns DOM events into [`Msg`]s, hands worker messages to the
//! session and sends back what the session asks for, and draws the canvases on animation
//! frames: at most once per frame however many messages arrive, within a time budget per frame,
//! so the page stays responsive while the worker streams. The URL fragment always holds the
//! form's scenario, so the address bar is a link that reproduces the run (`run=1` starts it).

mod address;
mod canvases;
mod dom;
mod effects;
mod msg;
mod panels;
mod runs;
mod selection;
mod sweeps;

use super::bridge::{default_worker_url, SimWorker, WorkerEvent};
use super::charts::{self, At};
use super::components::compare::{self, Compare};
use super::components::events::Events;
use super::components::form::{Form, FormAction};
use super::components::glossary::Glossary;
use super::components::live_charts::{self, LiveCharts};
use super::components::lockstep::Lockstep;
use super::components::network_panel::NetworkPanel;
use super::components::partner_stage::PartnerStage;
use super::components::playback::Playback;
use super::components::report::Report;
use super::components::status::{status_text, Status};
use super::components::story::{StepRun, Story, STEPS};
use super::components::sweep::SweepView;
use super::components::theory::TheoryView;
use super::exports;
use super::network::{self, Marks};
use crate::link::{from_fragment, sweep_fragment, to_fragment};
use crate::protocol::{FromWorker, ToWorker};
use crate::scenario::{CcaName, Scenario, ScenarioError};
use crate::session::edits;
use crate::session::frames::{Budget, Frames};
use crate::session::layout::{Hit, Layout};
use crate::session::page::{Action, Effect, Page};
use crate::session::store::RunData;
use crate::sim::netmap::Shape;
use crate::sweep::form::SweepForm;
use crate::sweep::{Sweep, SweepRun};
use crate::web::pool::Pool;
use canvases::{canvases_of, send_later, Canvas, ALL, AT_CURSOR, CANVASES};
use canvases::{COMPARE, CONTROLS, SECTIONS, STAGE, SWEEPS};
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
    /// The network layout of the main run (by run id).
    layout: Option<(u32, Layout)>,
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
    /// The widths were read with a partner's stage beside the main one.
    widths_paired: bool,
    /// Which canvases need drawing, and which the next frame starts with.
    frames: Frames<CANVASES>,
    /// Canvases (in `ALL` order) whose chart code has been warmed up off-screen: only these
    /// are drawn ([`App::warm_up`]).
    warmed: usize,
    /// How many of the page's sections after the first render are rendered ([`SECTIONS`]):
    /// the first render shows the header and the run's status, and the others follow, each in
    /// a task of its own. The browser compiles a WebAssembly function on its first call, and a
    /// first render of every section at once made a start-up task of 60–80 ms.
    sections_shown: u8,
    canvases: [NodeRef; CANVASES],
    /// The network picture's pixel buffer and how far its links have got, kept between frames.
    picture: std::cell::RefCell<network::Picture>,
    /// The lockstep partner's layout (by run id) and network picture.
    partner_layout: Option<(u32, Layout)>,
    partner_picture: std::cell::RefCell<network::Picture>,
    run_button: NodeRef,
    listeners: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    /// The sweep form's choices, and why the last sweep was refused.
    sweep_form: SweepForm,
    sweep_refused: Option<ScenarioError>,
    /// The sweep on screen (running or ended), the last one started (for the address bar),
    /// and the pool running it.
    sweep: Option<SweepRun>,
    sweep_link: Option<Sweep>,
    pool: Option<Pool>,
    pool_generation: u32,
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
        let link = from_fragment(&hash);
        let notice = link
            .as_ref()
            .err()
            .map(|e| format!("the link was refused ({e}); the defaults are in use"));
        let link = link.unwrap_or_else(|_| crate::link::Link {
            scenario: Scenario::default(),
            run: false,
            sweep: None,
            beside: None,
        });
        let (run_now, sweep) = (link.run, link.sweep);
        let mut page = Page::new(link.scenario);
        page.notice = notice;
        if let Some(beside) = link.beside {
            page.choose_partner(&beside);
        }
        let mut app = App {
            page,
            worker: None,
            worker_error: None,
            layout: None,
            frame_pending: false,
            view_stale: false,
            refocus: false,
            live_stale: false,
            last_live_ms: f64::NEG_INFINITY,
            last_view_ms: f64::NEG_INFINITY,

            last_frame_ms: None,
            widths: [None; CANVASES],
            widths_paired: false,
            frames: Frames::all_dirty(),
            warmed: 0,
            sections_shown: 0,
            canvases: Default::default(),
            picture: std::cell::RefCell::new(network::Picture::default()),
            partner_layout: None,
            partner_picture: std::cell::RefCell::new(network::Picture::default()),
            run_button: NodeRef::default(),
            listeners: listen(ctx),
            sweep_form: SweepForm::default(),
            sweep_refused: None,
            sweep: None,
            sweep_link: None,
            pool: None,
            pool_generation: 0,
            on_load: None,
        };
        if let Some(sweep) = sweep {
            // a sweep link shows its sweep; with run=1 it starts the sweep, not a run
            app.sweep_form.show(&sweep);
            app.sweep_link = Some(sweep.clone());
            app.on_load = run_now.then_some(OnLoad::Sweep(sweep));
        } else {
            app.on_load = run_now.then_some(OnLoad::Run);
        }
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Form(action) => self.reduce(ctx, Action::Form(action)),
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
                self.widths = [None; CANVASES];
                self.mark(&ALL, ctx);
                false
            }
            Msg::Key(key, shift) => self.on_key(ctx, &key, shift),
            Msg::Playback(action) => self.on_playback(ctx, action),
            Msg::Network(action) => self.on_network(ctx, action),
            Msg::Report(action) => self.on_report(ctx, action),
            Msg::Events(action) => self.reduce(ctx, Action::Events(action)),
            Msg::Lockstep(action) => self.reduce(ctx, Action::Lockstep(action)),
            Msg::Compare(action) => self.on_compare(ctx, action),
            Msg::TheorySweep => {
                self.start_theory(ctx);
                true
            }
            Msg::Sweep(action) => self.on_sweep_action(ctx, action),
            Msg::Pool(e) => self.on_pool(ctx, *e),
            Msg::Present(on) => self.reduce(ctx, Action::Present(on)),
            Msg::Story(action) => self.on_story(ctx, action),
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let on = ctx.link().callback(|m: Msg| m);
        let s = &self.page.session;
        let run = s.run.as_ref();
        let cursor = s.cursor_us();
        let flow = self.flow();
        let ports = run.map_or(Vec::new(), |r| charts::queue_ports(r, &self.page.chosen, 6));
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
        let [c0, c1, c2, c3, c4, p0, p1, c5, c6, c7, c8] = self.canvases.clone();
        let sweep = self.sweep.as_ref();
        let titles = self.page.stage_titles();
        let sweep_status = sweep.map_or(String::new(), |r| r.status(crate::web::now_ms()));
        // the step's chart, which the presentation layout shows beside the picture
        let point = self
            .page
            .story
            .and_then(|i| STEPS.get(i))
            .map(|s| format!("point-{}", s.point));
        let form = html! {
            <Form scenario={self.page.scenario.clone()} refused={self.page.refused.clone()} running={s.running()}
                run_ref={self.run_button.clone()} on={on.reform(Msg::Form)} />
        };
        html! {
            <main class={classes!("app", self.page.presenting.then_some("present"), point)}>
                <header>
                    <h1>{ "SprayLab" }</h1>
                    <p class="tagline">{ "Congestion control under packet spraying: when a few paths are congested, \
                        reacting to the latest delay collapses throughput; deciding on the median of the last H delays (MSwift) does not." }</p>
                    if self.sections_shown >= CONTROLS {
                    <button id="present" class="quiet" aria-pressed={self.page.presenting.to_string()}
                        onclick={on.reform({ let on = !self.page.presenting; move |_| Msg::Present(on) })}>
                        { if self.page.presenting { "Leave presentation (P)" } else { "Present (P)" } }</button>
                    <Glossary />
                    }
                </header>
                if self.sections_shown >= CONTROLS {
                <section class="story-area" aria-label="class mode"><Story step={self.page.story} on={on.reform(Msg::Story)} /></section>
                <section class="controls" aria-label="scenario">
                    if self.page.story.is_some() {
                        // class mode: the story drives the runs, the form folds away
                        <details class="settings">
                            <summary>{ "Scenario settings (the story sets them)" }</summary>
                            { form }
                        </details>
                    } else {
                        { form }
                    }
                </section>
                }
                <section class="run" aria-label="the run">
                    <Status phase={s.phase.clone()} text={status_text(&s.phase, run, self.page.notice.as_deref())}
                        {progress} worker_error={self.worker_error.clone().map(AttrValue::from)}
                        on_cancel={on.reform(|_| Msg::Form(FormAction::Cancel))} />
                    <Playback playing={s.playback.playing()} at_edge={s.playback.at_edge()} cursor_us={cursor}
                        span_us={s.span_us()} speed={s.playback.speed()} live={s.running()} on={on.reform(Msg::Playback)} />
                    if self.sections_shown >= STAGE {
                    if titles.is_some() {
                        <p id="lockstep-diff" aria-live="polite">{ self.page.partner_difference() }</p>
                    }
                    <div class={classes!("stages", titles.is_some().then_some("paired"))}>
                        <div class="stage">
                            if let Some((main, _)) = &titles {
                                <h3 class="stage-title">{ main.clone() }</h3>
                            }
                            <NetworkPanel canvas={c4} alt={self.network_alt(cursor)} selection={self.selection_text(cursor)}
                                {npath} on={on.reform(Msg::Network)} />
                            <LiveCharts canvases={[c0, c1, c2, c3]} alts={live_charts::alts(run, flow, cursor, &ports)} />
                        </div>
                        if let Some((_, partner)) = &titles {
                            <PartnerStage title={partner.clone()} canvases={[p0, p1]}
                                alts={[AttrValue::from(format!("The other run's network at {cursor:.1} µs.")),
                                    AttrValue::from(format!("The other run's congestion windows up to {cursor:.1} µs."))]} />
                        }
                    </div>
                    <Events events={self.page.scenario.events.clone()} cursor_us={cursor} link={self.page.events.link.clone()}
                        gbps={self.page.events.gbps.clone()} refused={self.page.events.refused.clone().map(AttrValue::from)}
                        enabled={!npath} on={on.reform(Msg::Events)} />
                    <Lockstep choice={self.page.partner.choice.clone()} field={self.page.partner.field.clone()}
                        refused={self.page.partner.refused.clone().map(AttrValue::from)} shown={s.partner.is_some()}
                        status={self.page.partner_status()} enabled={!npath} on={on.reform(Msg::Lockstep)} />
                    <Report {flow} flows={self.meta_flows()} counters={run.and_then(|r| r.report.as_ref()).map(|r| r.counters.clone())}
                        on={on.reform(Msg::Report)} />
                    }
                </section>
                if self.sections_shown >= COMPARE {
                <section class="compare" aria-label="compare runs">
                    <Compare rows={compare::rows(&s.past)} status={s.compare.status()} busy={s.busy()}
                        canvases={[c5, c6]} on={on.reform(Msg::Compare)} />
                </section>
                <section class="theory" aria-label="theory">
                    <TheoryView points={s.theory_points.clone()} status={s.theory.status()} busy={s.busy()}
                        canvas={c7} on_run={on.reform(|()| Msg::TheorySweep)} />
                </section>
                }
                if self.sections_shown >= SWEEPS {
                <section class="sweeps" aria-label="sweeps">
                    <SweepView form={self.sweep_form.clone()} refused={self.sweep_refused.clone()} status={sweep_status}
                        progress={sweep.filter(|r| r.running()).map(|r| r.fraction())}
                        rows={sweep.map_or(Vec::new(), |r| r.results.summary())}
                        points={sweep.map_or(Vec::new(), |r| r.results.points.clone())}
                        over_q={self.sweep_over_q()} canvas={c8} on={on.reform(Msg::Sweep)} />
                </section>
                }
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
            self.launch_later(ctx);
            self.show_section_later(ctx);
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
