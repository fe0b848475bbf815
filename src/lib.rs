//! SprayLab: a packet-level datacenter simulator for congestion control under packet spraying.
//!
//! It reproduces "Congestion Control for Spraying with Congested Paths" (Gerstein, Silberstein,
//! Keslassy): when a few paths are congested, CCAs that react to the latest congestion signal
//! collapse (throughput Θ(1/√q)); deciding on the median of the last H signals (MSwift) fixes it.
//!
//! Module map:
//! - [`scenario`]: every parameter of a run, defaults, validation, presets.
//! - [`sim`]: the simulator core: event queue, fat-tree, ports and queues, transport, CCAs
//!   (with the median framework in [`sim::cca::estimator`]), load balancing, workloads, metrics
//!   and timelines.
//! - [`model`]: the paper's closed-form throughput models (TCP, DCTCP, Swift, SMaRTT).
//! - [`protocol`]: messages between the web page and the simulation worker, and the worker's
//!   chunked run loop.
//! - [`link`]: a scenario as a shareable URL fragment.
//! - [`session`]: the page's run state (main run, comparisons, theory sweep, playback cursor)
//!   as plain Rust, driven by worker messages.
//! - [`repro`]: the paper's evaluation grids, shards, CSV rows and summaries.
//! - [`claims`]: the paper's claims checked on the repro CSVs, and the `REPRODUCTION.md` report.
//! - `web` (wasm32 only): the browser app (Yew UI, simulation Web Worker, charts).
//! - [`plot_backend`]: what the plot backends wrapping a plotters backend share.

pub mod claims;
pub mod link;
pub mod model;
pub mod plot_backend;
pub mod protocol;
pub mod repro;
pub mod scenario;
pub mod session;
pub mod sim;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use scenario::Scenario;
pub use sim::metrics::Report;
pub use sim::Simulation;
