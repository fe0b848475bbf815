//! The browser front end (wasm32 only): a Yew app on the main thread and the simulation in a
//! Web Worker.
//!
//! - [`worker`]: the worker side: receives runs, advances them in chunks, posts progress with
//!   timeline samples, and stops between chunks on a cancel.
//! - [`bridge`]: the main-thread side of the worker (spawn, send, receive).
//! - [`store`]: the samples of a run, accumulated for the charts.
//! - [`charts`]: the plotters-canvas charts, decimated to the canvas width.
//! - [`canvas_text`]: the charts' canvas backend, measuring text without page layouts.
//! - [`app`]: the Yew components: form, progress, charts, report, exports, shareable links.

pub mod app;
pub mod bridge;
pub mod canvas_text;
pub mod charts;
pub mod store;
pub mod worker;

/// Milliseconds from a monotonic clock (the page's or the worker's `performance`).
pub fn now_ms() -> f64 {
    use wasm_bindgen::JsCast;
    let global = js_sys::global();
    if let Some(w) = global.dyn_ref::<web_sys::Window>() {
        if let Some(p) = w.performance() {
            return p.now();
        }
    }
    if let Some(w) = global.dyn_ref::<web_sys::DedicatedWorkerGlobalScope>() {
        if let Some(p) = w.performance() {
            return p.now();
        }
    }
    js_sys::Date::now()
}
