//! The browser front end (wasm32 only): a Yew app on the main thread and the simulation in a
//! Web Worker.
//!
//! - [`worker`]: the worker side: receives runs, advances them in chunks, posts progress with
//!   timeline samples, and stops between chunks on a cancel.
//! - [`bridge`]: the main-thread side of the worker (spawn, send, receive).
//! - [`pool`]: a pool of workers that runs a sweep's grid.
//! - [`app`]: the Yew app: a shell around [`crate::session::Session`] that owns the worker and
//!   draws the canvases on animation frames.
//! - [`components`]: one Yew component per file (form, status, playback, network, charts,
//!   compare, theory, class story, glossary).
//! - [`charts`]: the plotters-canvas charts, decimated to the canvas width.
//! - [`network`]: the network picture, drawn with the canvas 2D context.
//! - [`palette`]: one colour per CCA, and the links' queue scale.
//! - [`canvas_text`]: the charts' canvas backend, measuring text without page layouts.
//! - [`exports`]: JSON, CSV and PNG downloads, and the clipboard.
//! - [`panic`]: the main thread's panic hook, which reloads the page and says why.

pub mod app;
pub mod bridge;
pub mod canvas_text;
pub mod charts;
pub mod components;
pub mod exports;
pub mod network;
pub mod panic;
pub mod pool;
pub mod recorder;
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
