//! Reproducing the paper's evaluation: each figure's grid of runs (CCAs × LB schemes × seeds,
//! or CCAs × q for the theory), its expansion into cells and shards, one CSV row per run, and
//! per-cell summaries (mean and standard error over the seeds).
//!
//! The same seed gives every CCA and LB scheme of a figure the same permutation and the same
//! failed links, so comparisons within a seed are paired. Running the cells is the caller's job
//! (the `spraylab repro` command runs them on all cores); this module is pure and deterministic.
//!
//! - `figures.rs`: the figures and the alternatives to SprayLab's choices;
//! - `grid.rs`: a figure's cells, shards and canonical order, and running one cell;
//! - `rows.rs`: the CSV files (`runs.csv`, `summary.csv`, `fct.csv`) as serde row structs;
//! - `summary.rs`: means and standard errors over the seeds.

mod figures;
mod grid;
pub mod rows;
mod summary;
#[cfg(test)]
mod tests;

pub use crate::model::THEORY_PATHS;
pub use figures::{figure, figure_presets, Alternative, Figure, FIGURES, FOUR, SPRAYING};
pub use grid::{expand, order, shard, sprayed_fcts, Cell};
pub use rows::{FctRow, Row, RunCounters, SummaryRow};
pub use summary::{mean_stderr, summarize, summary_of};
