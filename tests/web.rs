//! Browser tests (wasm-bindgen-test in headless Chromium): the app mounts, the form drives the
//! scenario and the link, hostile links and values are refused, a missing worker is reported,
//! and runs in wasm reproduce the native report (in-process and through the real worker, which
//! also cancels). Run by `scripts/test.sh`; the real-worker tests need `SPRAYLAB_WORKER_BASE`,
//! the URL of a served Trunk build.
#![cfg(target_arch = "wasm32")]

use spraylab::protocol::{FromWorker, Runner, ToWorker};
use spraylab::web::app::{App, AppProps};
use spraylab::web::bridge::{SimWorker, WorkerEvent};
use spraylab::Scenario;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

const FIXTURE: &str = include_str!("data/cross_target.json");

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
async fn click_when_enabled(root: &Element, selector: &str) {
    let enabled = || find(root, selector).is_some_and(|b| !b.has_attribute("disabled"));
    assert!(eventually(5000, enabled).await, "{selector} never enabled");
    find(root, selector)
        .unwrap()
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
}

/// The page's worker, from the served Trunk build; `None` (the test skips) when not served.
fn real_worker_props() -> Option<AppProps> {
    let Some(base) = option_env!("SPRAYLAB_WORKER_BASE") else {
        console_log!("skipped: SPRAYLAB_WORKER_BASE is not set (scripts/test.sh sets it)");
        return None;
    };
    Some(AppProps {
        worker_url: Some(format!("{base}/worker.js")),
    })
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
    assert_eq!(text(&root, "#status"), "idle");
    assert!(find(&root, "#run").is_some() && find(&root, "#cancel").is_some());
    assert_eq!(root.query_selector_all("canvas").unwrap().length(), 7);
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
    assert_eq!(hash(), "#k=4&cca=lswift&flow-size=1MiB");
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
        let error = text(&root, "#form-error");
        assert!(error.starts_with("Refused:"), "{hostile}: {error:?}");
        assert_eq!(value(&root, "#f-k"), "8", "{hostile}");
        assert_eq!(text(&root, "#status"), "idle");
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
    set_and_change(&root, "#f-percentile", "250");
    sleep_ms(30).await;
    assert!(text(&root, "#form-error").contains("cca.percentile"));
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
    let v: serde_json::Value = serde_json::from_str(FIXTURE).unwrap();
    (
        Scenario::from_json(&v["scenario"].to_string()).unwrap(),
        v["report"].clone(),
    )
}

#[wasm_bindgen_test]
fn a_run_in_wasm_reproduces_the_native_report() {
    let (scenario, expected) = fixture();
    let (mut runner, _) = Runner::start(1, &scenario).unwrap();
    let report = loop {
        if let FromWorker::Finished { report, .. } = runner.step(10_000, 0.0) {
            break report;
        }
    };
    let got: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(got, expected);
}

/// Messages from a real worker, collected as they arrive.
fn spawn_real_worker() -> Option<(SimWorker, Rc<RefCell<Vec<WorkerEvent>>>)> {
    let Some(base) = option_env!("SPRAYLAB_WORKER_BASE") else {
        console_log!("skipped: SPRAYLAB_WORKER_BASE is not set (scripts/test.sh sets it)");
        return None;
    };
    let inbox = Rc::new(RefCell::new(Vec::new()));
    let sink = inbox.clone();
    let worker = SimWorker::spawn(
        &format!("{base}/worker.js"),
        yew::Callback::from(move |e| sink.borrow_mut().push(e)),
    )
    .expect("the worker starts");
    Some((worker, inbox))
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
    let Some((worker, inbox)) = spawn_real_worker() else {
        return;
    };
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
    let Some((worker, inbox)) = spawn_real_worker() else {
        return;
    };
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
    let Some(props) = real_worker_props() else {
        return;
    };
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
        text(&root, "#status")
    );
    let table = text(&root, "#compare-table");
    for cca in ["swift ·", "lswift ·", "mswift ·"] {
        assert!(table.contains(cca), "{cca} missing from {table}");
    }
    assert!(text(&root, "#status").starts_with("done: CCT"));
    // the last run, MSwift, is the form's scenario now, and the link says so
    assert_eq!(value(&root, "#f-cca"), "mswift");
    assert!(hash().contains("seed=3"));
    handle.destroy();
}

#[wasm_bindgen_test]
async fn the_theory_sweep_collects_every_point() {
    let Some(props) = real_worker_props() else {
        return;
    };
    let (root, handle) = mount("", props).await;
    click_when_enabled(&root, "#theory-run").await;
    let complete = || text(&root, "#theory-progress") == "21 of 21 points";
    assert!(
        eventually(60_000, complete).await,
        "status {:?}",
        text(&root, "#status")
    );
    // theory runs leave the form and the comparison alone
    assert_eq!(value(&root, "#f-k"), "8");
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
