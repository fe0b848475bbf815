//! A figure's cells (one run each), their shards and canonical order, and running a cell.

use super::{figure, Figure, Row, RunCounters, FIGURES, THEORY_PATHS};
use crate::model::Model;
use crate::scenario::{CcaName, LbScheme, Scenario, ScenarioError};
use crate::{Report, Simulation};

/// One run of a grid.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cell {
    pub figure: &'static str,
    pub cca: CcaName,
    pub lb: LbScheme,
    pub seed: u64,
    /// The theory's number of paths (0 elsewhere).
    pub paths: u32,
}

/// Every cell of `figures`, in a fixed order; the theory (every n-path figure) has one run per
/// (CCA, q).
pub fn expand(figures: &[&'static Figure], seeds: u64) -> Vec<Cell> {
    let mut cells = Vec::new();
    for f in figures {
        for &cca in f.ccas {
            for &lb in f.lbs {
                if f.over_q() {
                    cells.extend(THEORY_PATHS.iter().map(|&paths| Cell {
                        figure: f.name,
                        cca,
                        lb,
                        seed: 1,
                        paths,
                    }));
                } else {
                    cells.extend((1..=seeds).map(|seed| Cell {
                        figure: f.name,
                        cca,
                        lb,
                        seed,
                        paths: 0,
                    }));
                }
            }
        }
    }
    cells
}

/// The `i`-th (1-based) of `n` slices of `cells`: every n-th cell, so slices take similar time.
pub fn shard(cells: Vec<Cell>, i: usize, n: usize) -> Vec<Cell> {
    cells
        .into_iter()
        .enumerate()
        .filter(|(k, _)| k % n == i - 1)
        .map(|(_, c)| c)
        .collect()
}

impl Cell {
    /// The cell's scenario: its figure's preset, the overrides (a short field or a dotted path,
    /// and its value), then the
    /// cell's CCA, LB scheme, seed and paths.
    pub fn scenario(&self, overrides: &[(String, String)]) -> Result<Scenario, ScenarioError> {
        let f = figure(self.figure).ok_or_else(|| ScenarioError {
            field: "figure".into(),
            message: self.figure.into(),
        })?;
        let mut s = Scenario::preset(f.preset).expect("every figure's preset exists");
        if let Some(alt) = f.alternative {
            (alt.apply)(&mut s);
        }
        for (name, value) in overrides {
            s.set_any(name, value)?;
        }
        self.cca.apply(&mut s.cca);
        s.lb.scheme = self.lb;
        s.seed = self.seed;
        if self.paths > 0 {
            s.workload.paths = self.paths;
        }
        s.validate()?;
        Ok(s)
    }

    /// Runs the cell: its CSV row, and the FCTs of its sprayed flows.
    pub fn run(&self, overrides: &[(String, String)]) -> Result<(Row, Vec<f64>), String> {
        let s = self
            .scenario(overrides)
            .map_err(|e| format!("{self:?}: {e}"))?;
        let mut sim = Simulation::new(&s).map_err(|e| format!("{self:?}: {e}"))?;
        sim.run();
        let r = sim.report();
        Ok((Row::of_report(self.clone(), &s, &r), sprayed_fcts(&r)))
    }
}

impl Row {
    /// The CSV row of `cell`, run as `s` with report `r`: the theory's throughput and closed
    /// form for a cell with paths, the counters.
    pub fn of_report(cell: Cell, s: &Scenario, r: &Report) -> Row {
        let npath = cell.paths > 0;
        let model_gbps = match npath {
            false => None,
            true => Model::of(cell.cca.kind).map(|m| m.npath_gbps(s)),
        };
        Row {
            cell,
            finished: r.finished,
            cct_us: r.cct_us,
            ideal_cct_us: r.ideal_cct_us,
            inflation: r.cct_inflation,
            throughput_gbps: if npath {
                r.flows.first().and_then(|f| f.throughput_gbps)
            } else {
                None
            },
            model_gbps,
            counters: RunCounters::from(&r.counters),
        }
    }
}

/// The FCTs of a report's sprayed flows that finished, µs.
pub fn sprayed_fcts(r: &Report) -> Vec<f64> {
    r.flows
        .iter()
        .filter(|f| f.sprayed)
        .filter_map(|f| f.fct_us)
        .collect()
}

/// A cell's position in the canonical grid order (figure, CCA, LB as listed; then paths, seed).
pub fn order(c: &Cell) -> (usize, usize, usize, std::cmp::Reverse<u32>, u64) {
    let fi = FIGURES
        .iter()
        .position(|f| f.name == c.figure)
        .unwrap_or(usize::MAX);
    let f = &FIGURES[fi.min(FIGURES.len() - 1)];
    let ci = f
        .ccas
        .iter()
        .position(|x| *x == c.cca)
        .unwrap_or(usize::MAX);
    let li = f.lbs.iter().position(|x| *x == c.lb).unwrap_or(usize::MAX);
    (fi, ci, li, std::cmp::Reverse(c.paths), c.seed)
}
