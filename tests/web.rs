//! Browser tests (wasm-bindgen-test in headless Chromium): the app mounts, the form drives the
//! scenario and the link, hostile links and values are refused, a missing worker is reported,
//! runs in wasm reproduce the native report (in-process and through the real worker, which
//! also cancels), the network picture draws every network, scrubbing moves every chart's cursor
//! and recolours the network, keys drive the playback, exports carry the scenario, a sweep on a
//! pool of real workers gives the native CSVs row for row and a sweep link fills the page. Run by
//! `scripts/test.sh`; the real-worker tests need `SPRAYLAB_WORKER_BASE`, the URL of a served
//! Trunk build, and fail without it.
#![cfg(target_arch = "wasm32")]

use spraylab::protocol::{FromWorker, Runner, ToWorker};
use spraylab::repro::rows::from_csv;
use spraylab::repro::Row;
use spraylab::scenario::Budget;
use spraylab::session::layout::Layout;
use spraylab::session::store::RunData;
use spraylab::session::sweeps::PoolMessage;
use spraylab::sweep::{Sweep, SweepPhase, SweepRun};
use spraylab::web::app::{App, AppProps};
use spraylab::web::bridge::{SimWorker, WorkerEvent};
use spraylab::web::network::{draw_network, Marks, Picture};
use spraylab::web::pool::Pool;
use spraylab::Scenario;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

const FIXTURE: &str = include_str!("data/cross_target.json");
/// The second fixture: a scenario with timed events (links down, slowed, back; elephants).
const EVENTS_FIXTURE: &str = include_str!("data/cross_target_events.json");

async fn sleep_ms(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts the app in a fresh container, with the page's URL fragment set to `hash` first.
async fn mount(hash: &str, props: AppProps) -> (Element, yew::AppHandle<App>) {
    let window = web_sys::window().unwrap();
    let _ = window.history().unwrap().replace_state_with_url(
        &wasm_bindgen::JsValue::NULL,
        "",
        Some(&format!("#{hash}")),
    );
    let div = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&div).unwrap();
    let handle = yew::Renderer::<App>::with_root_and_props(div.clone(), props).render();
    // the first render shows the header and the status; the other sections follow in tasks
    // of their own, the sweeps last
    let all_shown = || find(&div, "section.sweeps").is_some();
    assert!(
        eventually(5000, all_shown).await,
        "the page's sections never all rendered"
    );
    sleep_ms(60).await;
    (div, handle)
}

fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).unwrap()
}

fn text(root: &Element, selector: &str) -> String {
    find(root, selector)
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

fn value(root: &Element, selector: &str) -> String {
    let e = find(root, selector).unwrap_or_else(|| panic!("no {selector}"));
    match e.dyn_ref::<HtmlSelectElement>() {
        Some(s) => s.value(),
        None => e.unchecked_into::<HtmlInputElement>().value(),
    }
}

fn set_and_change(root: &Element, selector: &str, v: &str) {
    let e = find(root, selector).unwrap_or_else(|| panic!("no {selector}"));
    match e.dyn_ref::<HtmlSelectElement>() {
        Some(s) => s.set_value(v),
        None => e.unchecked_ref::<HtmlInputElement>().set_value(v),
    }
    let event = web_sys::Event::new("change").unwrap();
    e.dispatch_event(&event).unwrap();
}

/// Polls `done` every 20 ms for at most `limit_ms`; whether it became true.
async fn eventually(limit_ms: u64, done: impl Fn() -> bool) -> bool {
    let mut waited = 0;
    while !done() {
        if waited >= limit_ms {
            return false;
        }
        sleep_ms(20).await;
        waited += 20;
    }
    true
}

/// Waits for the button `selector` to be enabled (the worker is ready), then clicks it.
/// Waits up to 30 s for the run's status to say "done: CCT", failing with the status shown.
async fn wait_done(root: &Element) {
    let done = || text(root, "#status").starts_with("done: CCT");
    assert!(eventually(30_000, done).await, "{}", text(root, "#status"));
}

async fn click_when_enabled(root: &Element, selector: &str) {
    let enabled = || find(root, selector).is_some_and(|b| !b.has_attribute("disabled"));
    assert!(eventually(5000, enabled).await, "{selector} never enabled");
    find(root, selector)
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
}

/// The served Trunk build the real-worker tests use.
fn worker_base() -> &'static str {
    match option_env!("SPRAYLAB_WORKER_BASE") {
        Some(base) => base,
        None => panic!(
            "SPRAYLAB_WORKER_BASE (the URL of a served Trunk build) must be set when these \
             tests are built: scripts/test.sh sets it"
        ),
    }
}

/// The page's worker, from the served Trunk build.
fn real_worker_props() -> AppProps {
    AppProps {
        worker_url: Some(format!("{}/worker.js", worker_base())),
    }
}

fn hash() -> String {
    web_sys::window().unwrap().location().hash().unwrap()
}

/// A page whose worker cannot load (the test page serves no worker.js).
fn no_worker() -> AppProps {
    AppProps {
        worker_url: Some("./no-such-worker.js".to_string()),
    }
}

#[wasm_bindgen_test]
async fn app_mounts_with_form_charts_and_idle_status() {
    let (root, handle) = mount("", no_worker()).await;
    assert!(text(&root, "#status").starts_with("Ready"));
    assert!(find(&root, "#run").is_some() && find(&root, "#cancel").is_some());
    // every canvas of the chart table but the lockstep partner's (shown only beside a run)
    use spraylab::session::charts::{Chart, CHARTS};
    let shown = CHARTS
        .iter()
        .filter(|r| !matches!(r.chart, Chart::PartnerNetwork | Chart::PartnerCwnd))
        .count() as u32;
    assert_eq!(root.query_selector_all("canvas").unwrap().length(), shown);
    for r in CHARTS
        .iter()
        .filter(|r| !matches!(r.chart, Chart::PartnerNetwork | Chart::PartnerCwnd))
    {
        assert!(
            find(&root, &format!("#{}", r.id)).is_some(),
            "{} is on the page",
            r.id
        );
    }
    assert_eq!(
        find(&root, "#status")
            .unwrap()
            .get_attribute("aria-live")
            .as_deref(),
        Some("polite")
    );
    // every canvas has a caption and a text alternative
    assert_eq!(
        root.query_selector_all("figcaption").unwrap().length(),
        shown
    );
    assert_eq!(
        root.query_selector_all("canvas[aria-label]")
            .unwrap()
            .length(),
        shown
    );
    assert_eq!(value(&root, "#f-k"), "8");
    assert_eq!(value(&root, "#f-cca"), "mswift");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn changing_a_control_changes_the_scenario_and_the_link() {
    let (root, handle) = mount("", no_worker()).await;
    set_and_change(&root, "#f-k", "4");
    sleep_ms(30).await;
    set_and_change(&root, "#f-cca", "lswift");
    sleep_ms(30).await;
    set_and_change(&root, "#f-flow-size", "1MiB");
    sleep_ms(30).await;
    assert_eq!(value(&root, "#f-k"), "4");
    assert_eq!(hash(), "#k=4&flow-size=1MiB&cca=lswift");
    assert!(find(&root, "#form-error").is_none());
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_link_sets_the_form() {
    let (root, handle) = mount("k=6&cca=mswift-p90&lb=ecmp&history=9&seed=42", no_worker()).await;
    assert_eq!(value(&root, "#f-k"), "6");
    assert_eq!(value(&root, "#f-cca"), "mswift-p90");
    assert_eq!(value(&root, "#f-lb"), "ecmp");
    assert_eq!(value(&root, "#f-history"), "9");
    assert_eq!(value(&root, "#f-seed"), "42");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_hostile_link_is_refused_and_the_defaults_are_used() {
    for hostile in [
        "k=4&evil=%3Cscript%3E",
        "k=1024",
        "k=16&flow-size=1GiB",
        "seed=1&seed=2",
    ] {
        let (root, handle) = mount(hostile, no_worker()).await;
        let status = text(&root, "#status");
        assert!(
            status.contains("the link was refused") && status.contains("defaults are in use"),
            "{hostile}: {status:?}"
        );
        assert_eq!(value(&root, "#f-k"), "8", "{hostile}");
        assert_eq!(hash(), "", "{hostile}: the address bar is reset");
        handle.destroy();
    }
}

#[wasm_bindgen_test]
async fn an_out_of_range_value_is_refused_in_the_form_with_the_reason() {
    let (root, handle) = mount("", no_worker()).await;
    set_and_change(&root, "#f-elephants", "1");
    sleep_ms(30).await;
    let error = text(&root, "#form-error");
    assert!(
        error.contains("workload.elephants") && error.contains("from 2"),
        "{error}"
    );
    assert_eq!(value(&root, "#f-elephants"), "4");
    let field = find(&root, "#f-elephants").unwrap();
    assert_eq!(field.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(
        find(&root, "#form-error")
            .unwrap()
            .get_attribute("role")
            .as_deref(),
        Some("alert")
    );
    set_and_change(&root, "#f-percentile", "250");
    sleep_ms(30).await;
    assert!(text(&root, "#form-error").contains("cca.percentile"));
    // the allowed range stands beside the field
    assert!(text(&root, "#h-percentile").contains("1 to 99"));
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_missing_worker_is_reported_and_the_page_keeps_working() {
    let (root, handle) = mount("k=4", no_worker()).await;
    let shown = || text(&root, "#worker-error").contains("worker");
    assert!(eventually(3000, shown).await, "no worker error shown");
    set_and_change(&root, "#f-seed", "7");
    sleep_ms(30).await;
    assert_eq!(value(&root, "#f-seed"), "7");
    handle.destroy();
}

fn fixture() -> (Scenario, serde_json::Value) {
    fixture_of(FIXTURE)
}

fn fixture_of(text: &str) -> (Scenario, serde_json::Value) {
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    (
        Scenario::from_json(&v["scenario"].to_string()).unwrap(),
        v["report"].clone(),
    )
}

#[wasm_bindgen_test]
fn a_run_in_wasm_reproduces_the_native_reports() {
    for text in [FIXTURE, EVENTS_FIXTURE] {
        let (scenario, expected) = fixture_of(text);
        let (mut runner, _) = Runner::start(1, &scenario).unwrap();
        let report = loop {
            if let FromWorker::Finished { report, .. } = runner.step(10_000, 0.0) {
                break report;
            }
        };
        let got: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(got, expected);
    }
}

/// Messages from a real worker, collected as they arrive.
fn spawn_real_worker() -> (SimWorker, Rc<RefCell<Vec<WorkerEvent>>>) {
    let base = worker_base();
    let inbox = Rc::new(RefCell::new(Vec::new()));
    let sink = inbox.clone();
    let worker = SimWorker::spawn(
        &format!("{base}/worker.js"),
        yew::Callback::from(move |e| sink.borrow_mut().push(e)),
    )
    .expect("the worker starts");
    (worker, inbox)
}

async fn wait_for(
    inbox: &Rc<RefCell<Vec<WorkerEvent>>>,
    limit_ms: u64,
    pred: impl Fn(&WorkerEvent) -> bool,
) -> bool {
    let mut waited = 0;
    while waited < limit_ms {
        if inbox.borrow().iter().any(&pred) {
            return true;
        }
        sleep_ms(10).await;
        waited += 10;
    }
    false
}

#[wasm_bindgen_test]
async fn the_real_worker_runs_a_scenario_to_the_native_report() {
    let (worker, inbox) = spawn_real_worker();
    assert!(
        wait_for(&inbox, 10_000, |e| matches!(e, Ok(FromWorker::Ready))).await,
        "worker never ready: {:?}",
        inbox.borrow()
    );
    let (scenario, expected) = fixture();
    worker.send(&ToWorker::Run {
        id: 5,
        scenario: Box::new(scenario),
    });
    assert!(
        wait_for(&inbox, 20_000, |e| matches!(
            e,
            Ok(FromWorker::Finished { .. })
        ))
        .await,
        "run never finished"
    );
    let events = inbox.borrow();
    let report = events.iter().find_map(|e| match e {
        Ok(FromWorker::Finished { id: 5, report, .. }) => Some(report.clone()),
        _ => None,
    });
    let got: serde_json::Value = serde_json::from_str(&report.unwrap().to_json()).unwrap();
    assert_eq!(got, expected);
    let progress = events
        .iter()
        .filter(|e| matches!(e, Ok(FromWorker::Progress { .. })))
        .count();
    console_log!("worker streamed {progress} progress messages");
}

#[wasm_bindgen_test]
async fn cancel_stops_a_run_within_100_ms() {
    let (worker, inbox) = spawn_real_worker();
    assert!(wait_for(&inbox, 10_000, |e| matches!(e, Ok(FromWorker::Ready))).await);
    let mut big = Scenario::preset("baseline").unwrap();
    big.workload.flow_size_bytes = 64 << 20;
    worker.send(&ToWorker::Run {
        id: 9,
        scenario: Box::new(big),
    });
    assert!(
        wait_for(&inbox, 10_000, |e| matches!(
            e,
            Ok(FromWorker::Progress { id: 9, .. })
        ))
        .await
    );
    let t0 = spraylab::web::now_ms();
    worker.send(&ToWorker::Cancel { id: 9 });
    assert!(
        wait_for(&inbox, 2_000, |e| matches!(
            e,
            Ok(FromWorker::Cancelled { id: 9 })
        ))
        .await,
        "no Cancelled"
    );
    let latency = spraylab::web::now_ms() - t0;
    console_log!("cancel took {latency:.1} ms");
    assert!(latency < 100.0, "cancel took {latency} ms");
    assert!(!inbox
        .borrow()
        .iter()
        .any(|e| matches!(e, Ok(FromWorker::Finished { .. }))));
}

#[wasm_bindgen_test]
async fn the_app_runs_and_compares_the_three_swift_variants() {
    let props = real_worker_props();
    let (root, handle) = mount("k=4&elephants=2&flow-size=256KiB&seed=3", props).await;
    click_when_enabled(&root, "#compare-variants").await;
    let rows = || {
        root.query_selector_all("#compare-table tr")
            .unwrap()
            .length()
    };
    assert!(
        eventually(30_000, || rows() == 4).await,
        "three runs and a header; status {:?}",
        text(&root, "#compare-status")
    );
    let table = text(&root, "#compare-table");
    for cca in ["swift ·", "lswift ·", "mswift ·"] {
        assert!(table.contains(cca), "{cca} missing from {table}");
    }
    assert_eq!(text(&root, "#compare-status"), "done: 3 of 3");
    // comparisons run in their own area: the main run's status and the form stay as they were
    assert!(text(&root, "#status").starts_with("Ready"));
    assert_eq!(value(&root, "#f-cca"), "mswift");
    assert!(hash().contains("seed=3"));
    handle.destroy();
}

#[wasm_bindgen_test]
async fn the_theory_sweep_collects_every_point() {
    let props = real_worker_props();
    let (root, handle) = mount("", props).await;
    click_when_enabled(&root, "#theory-run").await;
    // every CCA of the sweep at every q of the theory figure
    let total = spraylab::session::theory_total();
    let done = format!("done: {total} of {total}");
    let complete = || text(&root, "#theory-status") == done;
    assert!(
        eventually(60_000, complete).await,
        "theory status {:?}",
        text(&root, "#theory-status")
    );
    // theory runs leave the form, the main run's status and the comparison alone
    assert_eq!(value(&root, "#f-k"), "8");
    assert!(text(&root, "#status").starts_with("Ready"));
    assert!(find(&root, "#compare-table").is_none());
    handle.destroy();
}

#[wasm_bindgen_test]
async fn choosing_the_theory_workload_shows_its_parameters() {
    let (root, handle) = mount("cca=lswift&seed=4", no_worker()).await;
    set_and_change(&root, "#f-workload", "npath");
    sleep_ms(30).await;
    assert!(
        find(&root, "#form-error").is_none(),
        "{}",
        text(&root, "#form-error")
    );
    assert_eq!(value(&root, "#f-paths"), "10");
    assert!(find(&root, "#f-k").is_none());
    set_and_change(&root, "#f-paths", "20");
    sleep_ms(30).await;
    assert_eq!(value(&root, "#f-cca"), "lswift");
    let h = hash();
    assert!(
        h.contains("workload=npath") && h.contains("paths=20") && h.contains("seed=4"),
        "{h}"
    );
    handle.destroy();
}

/// A finished run of `s`, computed in process and kept as the page keeps it.
fn run_data(s: &Scenario) -> RunData {
    let (mut runner, started) = Runner::start(1, s).unwrap();
    let FromWorker::Started { meta, .. } = started else {
        panic!("{started:?}")
    };
    let mut run = RunData::new(1, s.clone());
    run.set_meta(meta);
    loop {
        match runner.step(20_000, 1.0) {
            FromWorker::Progress {
                batch, progress, ..
            } => {
                run.append(batch);
                run.progress = Some(progress);
            }
            FromWorker::Finished {
                batch,
                report,
                progress,
                elapsed_ms,
                ..
            } => {
                run.append(batch);
                run.finish(*report, progress, elapsed_ms);
                return run;
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A canvas of `w` × `h` pixels, attached to the page.
fn canvas(w: u32, h: u32) -> HtmlCanvasElement {
    let c: HtmlCanvasElement = document()
        .create_element("canvas")
        .unwrap()
        .unchecked_into();
    c.set_width(w);
    c.set_height(h);
    document().body().unwrap().append_child(&c).unwrap();
    c
}

fn pixels_of(c: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: web_sys::CanvasRenderingContext2d =
        c.get_context("2d").unwrap().unwrap().unchecked_into();
    ctx.get_image_data(0.0, 0.0, c.width() as f64, c.height() as f64)
        .unwrap()
        .data()
        .0
}

/// Share of the pixels that are not white, and how many distinct colours there are.
fn ink(px: &[u8]) -> (f64, usize) {
    let colours: std::collections::HashSet<[u8; 3]> =
        px.chunks(4).map(|c| [c[0], c[1], c[2]]).collect();
    let inked = px.chunks(4).filter(|c| c[..3] != [255, 255, 255]).count();
    (inked as f64 / (px.len() / 4) as f64, colours.len())
}

#[wasm_bindgen_test]
fn the_network_picture_draws_k4_k16_k32_its_pods_and_one_open_and_the_npath_model() {
    let mut k4 = Scenario::default();
    k4.topology.k = 4;
    k4.workload.elephants = 2;
    k4.workload.flow_size_bytes = 256 << 10;
    let mut k16 = Scenario::default();
    k16.topology.k = 16;
    k16.workload.flow_size_bytes = 8 << 10;
    let mut k32 = k16.clone();
    k32.topology.k = 32;
    let mut npath = Scenario::preset("npath").unwrap();
    npath.workload.flow_size_bytes = 1 << 20;
    let cases = [
        ("k=4", k4, None),
        ("k=16", k16, None),
        ("k=32, all pods", k32.clone(), None),
        ("k=32, pod 5 open", k32, Some(5)),
        ("n-path", npath, None),
    ];
    for (name, s, open) in cases {
        let run = run_data(&s);
        let layout = Layout::of(&run.meta.as_ref().unwrap().network, open);
        assert_eq!(layout.open.map(|o| o.0), open, "{name}");
        let c = canvas(900, 420);
        let marks = Marks {
            flow: 0,
            chosen: &[0],
            down: &[],
            scale_bytes: 100e3,
            text_px: 14,
        };
        let at = run.span_us() / 3.0;
        let mut whole = Picture::default();
        let draw = |p: &mut Picture, slice_ms| {
            draw_network(&c, p, 1.0, &layout, &run, at, &marks, slice_ms).unwrap()
        };
        assert!(draw(&mut whole, f64::INFINITY), "{name}: drawn in one go");
        let one_go = pixels_of(&c);
        let (share, colours) = ink(&one_go);
        console_log!("{name}: {:.1} % inked, {colours} colours", share * 100.0);
        assert!(share > 0.02 && colours > 8, "{name}: {share} {colours}");
        // with no time per slice, a frame draws 64 links: the picture takes several calls, the
        // canvas keeps the previous picture until the last, which draws the same pixels
        let mut sliced = Picture::default();
        c.set_width(c.width()); // clears the canvas
        let mut calls = 1;
        while !draw(&mut sliced, 0.0) {
            assert!(
                pixels_of(&c).iter().all(|&b| b == 0),
                "{name}: unfinished shown"
            );
            calls += 1;
            assert!(calls <= layout.links.len(), "{name}: never finishes");
        }
        console_log!("{name}: {} links in {calls} slices", layout.links.len());
        assert_eq!(calls, layout.links.len().div_ceil(64).max(1), "{name}");
        assert!(
            pixels_of(&c) == one_go,
            "{name}: sliced and whole pictures differ"
        );
        c.remove();
    }
}

/// A fingerprint of a canvas's pixels.
fn digest(root: &Element, id: &str) -> u64 {
    let c: HtmlCanvasElement = find(root, &format!("#{id}")).unwrap().unchecked_into();
    pixels_of(&c).iter().fold(0xcbf29ce484222325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

/// Moves the playback cursor to `share` of the run's span, as dragging the slider does; the span.
fn scrub_to(root: &Element, share: f64) -> f64 {
    let scrub: HtmlInputElement = find(root, "#scrub").unwrap().unchecked_into();
    let span: f64 = scrub.max().parse().unwrap();
    scrub.set_value(&format!("{:.3}", span * share));
    scrub
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    span
}

fn press(key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    document().body().unwrap().dispatch_event(&e).unwrap();
}

#[wasm_bindgen_test]
async fn scrubbing_moves_every_cursor_and_recolours_the_network() {
    let (root, handle) = mount(
        "k=4&elephants=2&flow-size=512KiB&seed=2&run=1",
        real_worker_props(),
    )
    .await;
    wait_done(&root).await;
    sleep_ms(600).await;
    const IDS: [&str; 5] = [
        "network",
        "chart-cwnd",
        "chart-delay",
        "chart-queue",
        "chart-fct",
    ];
    let before: Vec<u64> = IDS.iter().map(|id| digest(&root, id)).collect();
    let span = scrub_to(&root, 0.4);
    sleep_ms(600).await;
    for (id, b) in IDS.iter().zip(&before) {
        assert_ne!(digest(&root, id), *b, "{id} did not change with the cursor");
    }
    let shown = text(&root, "#cursor-text");
    assert!(shown.contains(&format!("{:.1} of", span * 0.4)), "{shown}");
    // Space plays (slowly), Space pauses, the arrows step one sample
    set_and_change(&root, "#speed", "0");
    press(" ");
    sleep_ms(100).await;
    let play = || {
        find(&root, "#play")
            .unwrap()
            .get_attribute("aria-label")
            .unwrap()
    };
    assert!(play().starts_with("pause"), "{}", play());
    press(" ");
    sleep_ms(60).await;
    assert!(play().starts_with("play"), "{}", play());
    let at = text(&root, "#cursor-text");
    press("ArrowLeft");
    sleep_ms(60).await;
    assert_ne!(text(&root, "#cursor-text"), at);
    handle.destroy();
}

#[wasm_bindgen_test]
async fn enter_in_a_field_applies_it_and_runs() {
    let (root, handle) = mount("k=4", no_worker()).await;
    let seed: HtmlInputElement = find(&root, "#f-seed").unwrap().unchecked_into();
    seed.set_value("5");
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    seed.dispatch_event(&e).unwrap();
    sleep_ms(60).await;
    assert!(hash().contains("seed=5"), "{}", hash());
    let status = text(&root, "#status");
    assert!(
        status.starts_with("running") || status.starts_with("failed"),
        "the run started: {status}"
    );
    handle.destroy();
}

/// Runs `sweep` on a pool of `size` real workers, as the page does, to its end.
async fn run_on_pool(sweep: Sweep, size: usize) -> SweepRun {
    let base = worker_base();
    let inbox: Rc<RefCell<Vec<PoolMessage>>> = Rc::new(RefCell::new(Vec::new()));
    let sink = inbox.clone();
    let pool = Pool::spawn(
        &format!("{base}/worker.js"),
        size,
        1,
        yew::Callback::from(move |e| sink.borrow_mut().push(e)),
    )
    .expect("the pool starts");
    let mut run = SweepRun::new(sweep, &Scenario::default(), &Budget::BROWSER, size, 0.0).unwrap();
    let mut waited = 0;
    while run.running() && waited < 120_000 {
        let events: Vec<PoolMessage> = inbox.borrow_mut().drain(..).collect();
        for e in events {
            match e.event {
                Ok(FromWorker::JobDone { id, report, .. }) => {
                    run.finished(e.worker, id, &report, waited as f64)
                }
                Ok(FromWorker::Ready) => {}
                other => panic!("worker {}: {:?}", e.worker, other.err()),
            }
            if let Some((id, scenario)) = run.next_job(e.worker) {
                pool.send(
                    e.worker,
                    &ToWorker::Job {
                        id,
                        scenario: Box::new(scenario),
                    },
                );
            }
        }
        sleep_ms(20).await;
        waited += 20;
    }
    assert_eq!(run.phase, SweepPhase::Done, "{}", run.status(waited as f64));
    run
}

#[wasm_bindgen_test]
async fn a_sweep_on_a_pool_of_real_workers_gives_the_native_csvs_row_for_row() {
    // the theory figure: the committed CSVs are `spraylab repro all`'s, natively
    let run = run_on_pool(Sweep::figure("theory", 10).unwrap(), 2).await;
    assert_eq!(
        run.results.runs_csv(),
        include_str!("../repro/theory/runs.csv")
    );
    assert_eq!(
        run.results.summary_csv(),
        include_str!("../repro/theory/summary.csv")
    );
    // a seeded figure: every permutation cell at seed 1, against the committed seed-1 rows
    let run = run_on_pool(Sweep::figure("permutation", 1).unwrap(), 2).await;
    let committed = from_csv::<Row>(include_str!("../repro/permutation/runs.csv")).unwrap();
    let native: Vec<&Row> = committed.iter().filter(|r| r.cell.seed == 1).collect();
    let mine: Vec<&Row> = run.results.rows().collect();
    assert_eq!(mine.len(), 12);
    for (a, b) in mine.iter().zip(&native) {
        assert_eq!(a, b, "{:?}", a.cell);
    }
}

#[wasm_bindgen_test]
async fn a_sweep_link_runs_on_the_page_and_fills_the_table() {
    let (root, handle) = mount("sweep=theory&run=1", real_worker_props()).await;
    let theory = spraylab::repro::figure("theory").unwrap();
    let runs = theory.ccas.len() * spraylab::repro::THEORY_PATHS.len();
    let done = || text(&root, "#sweep-status").starts_with(&format!("done: {runs} runs"));
    assert!(
        eventually(60_000, done).await,
        "sweep status {:?}",
        text(&root, "#sweep-status")
    );
    let rows = root.query_selector_all("#sweep-table tr").unwrap().length();
    assert_eq!(rows as usize, runs + 1, "a header and a row per cell");
    // the default seeds are written out, so the link says what it ran
    assert_eq!(hash(), "#sweep=theory&seeds=3");
    // the main run was not started by the sweep's run=1
    assert!(text(&root, "#status").starts_with("Ready"));
    handle.destroy();
    // a hostile sweep link is refused like any other, with the key named
    for (hostile, key) in [
        ("sweep=baseline&seeds=99", "seeds"),
        (
            "sweep=what-if&vary=elephants&values=0,1",
            "workload.elephants",
        ),
        (
            "k=16&sweep=what-if&seeds=20&vary=elephants&values=0,2",
            "sweep",
        ),
    ] {
        let (root, handle) = mount(hostile, no_worker()).await;
        let status = text(&root, "#status");
        assert!(
            status.contains("the link was refused") && status.contains(key),
            "{hostile}: {status:?}"
        );
        assert_eq!(hash(), "", "{hostile}: the address bar is reset");
        handle.destroy();
    }
}

#[wasm_bindgen_test]
async fn a_what_if_from_the_form_is_refused_with_the_field_named() {
    let (root, handle) = mount("", no_worker()).await;
    set_and_change(&root, "#sweep-values", "0,1");
    click_when_enabled(&root, "#sweep-run").await;
    sleep_ms(50).await;
    let error = text(&root, "#sweep-error");
    assert!(error.contains("workload.elephants"), "{error:?}");
    assert_eq!(
        find(&root, "#sweep-values")
            .unwrap()
            .get_attribute("aria-invalid")
            .as_deref(),
        Some("true")
    );
    assert!(text(&root, "#sweep-status").is_empty(), "nothing started");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn cancel_stops_a_sweep_and_its_workers() {
    let (root, handle) = mount("sweep=baseline&seeds=1&run=1", real_worker_props()).await;
    let running = || text(&root, "#sweep-status").contains("of 15 runs");
    assert!(
        eventually(10_000, running).await,
        "{:?}",
        text(&root, "#sweep-status")
    );
    click_when_enabled(&root, "#sweep-cancel").await;
    sleep_ms(50).await;
    let status = text(&root, "#sweep-status");
    assert!(status.starts_with("cancelled after"), "{status:?}");
    // the pool is gone: nothing more arrives
    sleep_ms(2000).await;
    assert_eq!(text(&root, "#sweep-status"), status);
    assert!(
        find(&root, "#sweep-cancel").is_none(),
        "no progress bar once cancelled"
    );
    handle.destroy();
}

/// A link with timed events replays the run the command line makes of it.
#[wasm_bindgen_test]
async fn a_link_with_events_replays_to_the_native_report() {
    let fragment = "k=4&elephants=2&flow-size=256KiB&seed=3\
                    &events=0:elephants-stop:flow1,3:link-down:agg0.up1,6:elephants-start,9:link-up:core1.pod0&run=1";
    let scenario = spraylab::share::from_fragment(fragment).unwrap().scenario;
    let mut sim = spraylab::Simulation::new(&scenario).unwrap();
    sim.run();
    let native = sim.report();
    assert!(native.counters.link_losses > 0, "the failure loses packets");
    let (root, handle) = mount(fragment, real_worker_props()).await;
    wait_done(&root).await;
    let cct = format!("done: CCT {:.1} µs", native.cct_us.unwrap());
    assert!(
        text(&root, "#status").starts_with(&cct),
        "{} vs {cct}",
        text(&root, "#status")
    );
    let c = &native.counters;
    let row = text(&root, "#counters");
    for n in [c.events, c.data_packets, c.retransmits] {
        assert!(row.contains(&n.to_string()), "{n} not in {row}");
    }
    let listed = root.query_selector_all("#event-list li").unwrap().length();
    assert_eq!(listed, 4);
    handle.destroy();
}

/// A click on a link names it in the events panel; "fail" adds a link-down at the cursor,
/// reruns from zero and puts the event in the address bar; × removes it.
#[wasm_bindgen_test]
async fn a_link_clicked_and_failed_reruns_with_the_event_in_the_link() {
    let fragment = "k=4&elephants=2&flow-size=256KiB&seed=2&run=1";
    let (root, handle) = mount(fragment, real_worker_props()).await;
    wait_done(&root).await;
    let before = text(&root, "#status");
    // click the middle of the first link between an aggregation switch and a core
    let scenario = spraylab::share::from_fragment(fragment).unwrap().scenario;
    let sim = spraylab::Simulation::new(&scenario).unwrap();
    let net = sim.network();
    let layout = Layout::of(&net.map(), None);
    let (i, link) = layout
        .links
        .iter()
        .enumerate()
        .find(|(_, l)| {
            l.ports.iter().any(|&p| {
                net.port_name(spraylab::sim::topology::PortId(p + net.hosts()))
                    .starts_with("core")
            })
        })
        .unwrap();
    let names: Vec<String> = link
        .ports
        .iter()
        .map(|&p| net.port_name(spraylab::sim::topology::PortId(p + net.hosts())))
        .collect();
    let canvas: web_sys::HtmlElement = find(&root, "#network").unwrap().unchecked_into();
    canvas.scroll_into_view();
    sleep_ms(30).await;
    let rect = canvas.get_bounding_client_rect();
    let plot_h = canvas.client_height() as f64 - spraylab::web::network::KEY_H;
    let (x, y) = ((link.a.0 + link.b.0) / 2.0, (link.a.1 + link.b.1) / 2.0);
    let init = web_sys::MouseEventInit::new();
    init.set_client_x((rect.left() + x * canvas.client_width() as f64).round() as i32);
    init.set_client_y((rect.top() + y * plot_h).round() as i32);
    init.set_bubbles(true);
    let click = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&click).unwrap();
    sleep_ms(60).await;
    let named = value(&root, "#ev-link");
    assert!(
        names.contains(&named),
        "link {i}: {named:?} is not one of {names:?}"
    );
    // a name the tree does not have is refused, naming the field
    set_and_change(&root, "#ev-link", "agg99.up0");
    sleep_ms(30).await;
    find(&root, "#ev-fail")
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    sleep_ms(60).await;
    assert!(
        text(&root, "#ev-refused").starts_with("events[0].link"),
        "{}",
        text(&root, "#ev-refused")
    );
    set_and_change(&root, "#ev-link", &named);
    // the cursor a third of the way in: the failure happens while the flows run
    scrub_to(&root, 1.0 / 3.0);
    sleep_ms(30).await;
    find(&root, "#ev-fail")
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    sleep_ms(60).await;
    assert!(hash().contains(&format!("link-down:{named}")), "{}", hash());
    wait_done(&root).await;
    assert_eq!(
        root.query_selector_all("#event-list li").unwrap().length(),
        1
    );
    let after = text(&root, "#status");
    assert_ne!(after, before, "the failure changed the run");
    find(&root, "#event-list button")
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    sleep_ms(60).await;
    assert!(!hash().contains("events="), "{}", hash());
    wait_done(&root).await;
    assert_eq!(
        text(&root, "#status"),
        before,
        "without the event, the first run again"
    );
    handle.destroy();
}

/// "Compare with" runs a second scenario beside the main one: its picture and window chart
/// follow the one playback cursor, and the difference is said in words.
#[wasm_bindgen_test]
async fn a_partner_runs_beside_the_main_run_in_lockstep() {
    let (root, handle) = mount(
        "k=4&elephants=2&flow-size=256KiB&seed=2&cca=mswift&run=1",
        real_worker_props(),
    )
    .await;
    wait_done(&root).await;
    set_and_change(&root, "#partner", "cca:swift");
    click_when_enabled(&root, "#partner-run").await;
    let partner_done = || text(&root, "#partner-status").starts_with("done: CCT");
    assert!(
        eventually(30_000, partner_done).await,
        "{}",
        text(&root, "#partner-status")
    );
    sleep_ms(600).await;
    let diff = text(&root, "#lockstep-diff");
    assert!(
        diff.contains("mswift over ops") && diff.contains("swift over ops"),
        "{diff}"
    );
    assert!(diff.contains("× as long as"), "{diff}");
    const IDS: [&str; 3] = ["network", "network-2", "chart-cwnd-2"];
    let before: Vec<u64> = IDS.iter().map(|id| digest(&root, id)).collect();
    let span = scrub_to(&root, 0.3);
    sleep_ms(800).await;
    for (id, b) in IDS.iter().zip(&before) {
        assert_ne!(digest(&root, id), *b, "{id} did not follow the cursor");
    }
    let diff = text(&root, "#lockstep-diff");
    assert!(
        diff.starts_with(&format!("At {:.1} µs", span * 0.3)),
        "{diff}"
    );
    find(&root, "#partner-close")
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    sleep_ms(60).await;
    assert!(find(&root, "#network-2").is_none());
    // the same scenario with one field changed; a value out of range is refused, naming it
    set_and_change(&root, "#partner", "set");
    sleep_ms(30).await;
    set_and_change(&root, "#partner-field", "elephants=99");
    sleep_ms(30).await;
    click_when_enabled(&root, "#partner-run").await;
    sleep_ms(60).await;
    let why = text(&root, "#partner-refused");
    assert!(
        why.starts_with("workload.elephants: must be 0 or from 2 to 14"),
        "{why}"
    );
    set_and_change(&root, "#partner-field", "elephants=4");
    sleep_ms(30).await;
    click_when_enabled(&root, "#partner-run").await;
    assert!(
        eventually(30_000, partner_done).await,
        "{}",
        text(&root, "#partner-status")
    );
    assert!(find(&root, "#network-2").is_some());
    handle.destroy();
}
