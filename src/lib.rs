//! SprayLab: a packet-level datacenter simulator for congestion control under packet spraying.
//!
//! It reproduces "Congestion Control for Spraying with Congested Paths" (Gerstein, Silberstein,
//! Keslassy): when a few paths are congested, CCAs that react to the latest congestion signal
//! collapse (throughput Θ(1/√q)); deciding on the median of the last H signals (MSwift) fixes it.
//! `docs/ALGORITHMS.md` describes every algorithm and cites its sources.
//!
//! # A first run
//!
//! A [`Scenario`] holds every parameter of a run, with the paper's defaults; presets reproduce
//! the paper's figures. [`Simulation`] runs it and [`Report`] says how it went:
//!
//! ```
//! use spraylab::{Scenario, Simulation};
//!
//! // the paper's baseline (4 ECMP elephants among sprayed flows), made small: 16 hosts, 256 KiB
//! let mut scenario = Scenario::preset("baseline").unwrap();
//! scenario.topology.k = 4;
//! scenario.workload.elephants = 2;
//! scenario.workload.flow_size_bytes = 256 << 10;
//! scenario.set_field("cca", "mswift").unwrap(); // the median of the last H delays
//!
//! let mut sim = Simulation::new(&scenario).unwrap(); // validates: a bad field is an error
//! sim.run();
//! let report = sim.report();
//!
//! // the collective completes, never faster than the zero-queueing lower bound
//! let cct = report.cct_us.unwrap();
//! assert!(cct >= report.ideal_cct_us);
//! println!("CCT {cct:.1} µs, {:.0} % above the bound", report.cct_inflation.unwrap() * 100.0);
//!
//! // the same scenario and seed give the same report, natively and in wasm
//! let mut again = Simulation::new(&scenario).unwrap();
//! again.run();
//! assert_eq!(again.report(), report);
//! ```
//!
//! A front end that shows a run as it goes advances it in chunks instead
//! ([`Simulation::advance`], or [`Simulation::advance_until`] to pace it against a clock) and
//! drains the timeline samples taken since the last chunk ([`Simulation::drain_timeline`]):
//!
//! ```
//! # use spraylab::{Scenario, Simulation};
//! # let mut scenario = Scenario::preset("baseline").unwrap();
//! # scenario.topology.k = 4;
//! # scenario.workload.elephants = 2;
//! # scenario.workload.flow_size_bytes = 64 << 10;
//! let mut sim = Simulation::new(&scenario).unwrap();
//! let (mut chunks, mut samples) = (0, 0);
//! loop {
//!     let progress = sim.advance(2_000);
//!     samples += sim.drain_timeline().buckets; // cwnd, delays and queues, every µs
//!     chunks += 1;
//!     if progress.done {
//!         break;
//!     }
//! }
//! assert!(chunks > 1 && samples > 0);
//! ```
//!
//! A bad value is refused with the field named:
//!
//! ```
//! # use spraylab::Scenario;
//! let mut s = Scenario::default();
//! s.topology.k = 7;
//! assert_eq!(s.validate().unwrap_err().field, "topology.k");
//! ```
//!
//! # Module map
//!
//! - [`scenario`]: every parameter of a run, defaults, validation, presets, and the named
//!   choices ([`scenario::CcaKind`], [`scenario::LbScheme`], [`scenario::CcaName`]).
//! - [`sim`]: the simulator core: event queue, fat-tree, ports and queues, transport, CCAs
//!   behind one [`sim::cca::Controller`] trait (with the median framework in
//!   [`sim::cca::estimator`]), load balancing, workloads, metrics and timelines.
//! - [`model`]: the paper's closed-form throughput models (TCP, DCTCP, Swift, SMaRTT).
//! - [`protocol`]: messages between the web page and the simulation worker, and the worker's
//!   chunked run loop.
//! - [`share`]: a scenario as a shareable URL fragment (a "shared link"; a network link is a [`sim`] thing).
//! - [`session`]: the page's run state (main run, comparisons, theory sweep, playback cursor)
//!   as plain Rust, driven by worker messages.
//! - [`repro`]: the paper's evaluation grids, shards, CSV rows ([`repro::rows`]) and summaries.
//! - [`sweep`]: grids of runs in the page (a paper figure, or a what-if over one field), their
//!   jobs, schedule over a pool of workers, results and links.
//! - [`claims`]: the paper's claims checked on the repro CSVs, and the `REPRODUCTION.md` report.
//! - `web` (wasm32 only): the browser app (Yew UI, simulation Web Worker, charts).
//! - [`figures`]: every chart, one function each over any plotters backend: the page's canvases
//!   and the command line's SVG and PNG plots draw the same figures.
//! - [`palette`]: the colours, one per CCA, of the page's charts and the command line's plots.

// Unsafe code stays where it is measured and needed: the event queue's blocks and a cache
// hint (src/sim/fifo.rs, src/sim/prefetch.rs), each allowing it for itself.
#![deny(unsafe_code)]

pub mod claims;
pub mod figures;
pub mod model;
pub mod palette;
pub mod protocol;
pub mod repro;
pub mod scenario;
pub mod session;
pub mod share;
pub mod sim;
pub mod sweep;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use scenario::Scenario;
pub use sim::metrics::Report;
pub use sim::Simulation;
