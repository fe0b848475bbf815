//! Sweeps: many runs compared, with their noise. A researcher's what-if is rarely one run ("does
//! MSwift still win with 8 elephants?"), and the paper's figures are grids of runs with error
//! bars. A [`Sweep`] describes such a grid; the page spreads its runs over a pool of workers and
//! draws the means ± one standard error as it fills.
//!
//! Two plans:
//! - [`Plan::Figure`]: one of the paper's figures, exactly as `spraylab repro FIGURE --seeds N`
//!   runs it (the same cells, scenarios and seeds), so the browser's `summary.csv` is the
//!   command line's, byte for byte;
//! - [`Plan::WhatIf`]: the form's scenario under chosen CCAs × LB schemes × seeds, optionally
//!   over the values of one field ([`Vary`]: elephants, H, flow size, k, the ECN step, any
//!   field by its dotted path).
//!
//! The flow, all plain Rust that native tests drive:
//! - [`Sweep::jobs`] expands and checks the grid: every run's scenario is validated and held to
//!   the front end's budget, and the whole grid to [`MAX_RUNS`] runs and
//!   [`MAX_SWEEP_PACKETS`] data packets, so a hostile link cannot ask for hours of work;
//! - [`SweepRun`] hands jobs to workers as they free up ([`Schedule`]), collects each job's
//!   report as a `runs.csv` [`Row`](crate::repro::Row), and knows the fraction done and the
//!   time left;
//! - [`Results`] are the rows so far, summarised per cell as `summary.csv` rows;
//! - [`form::SweepForm`] is the page's sweep form as data;
//! - [`link`] writes and reads a sweep as keys of the page's URL fragment.

pub mod form;
pub mod link;
mod results;
mod run;
mod schedule;
mod spec;
#[cfg(test)]
mod tests;

pub use results::{PointRow, Results};
pub use run::{SweepPhase, SweepRun};
pub use schedule::Schedule;
pub use spec::{
    params, Job, Plan, Sweep, Vary, DEFAULT_SEEDS, MAX_RUNS, MAX_SEEDS, MAX_SWEEP_PACKETS,
    MAX_VALUES, WHAT_IF,
};
