//! What a sweep is, and its expansion into checked jobs.

use crate::repro::{expand, figure, Cell};
use crate::scenario::{Budget, CcaName, LbScheme, Scenario, ScenarioError, WorkloadKind};

/// Most seeds per cell.
pub const MAX_SEEDS: u32 = 20;
/// Seeds per cell when a link or the page does not say.
pub const DEFAULT_SEEDS: u32 = 3;
/// Most values of the varied field.
pub const MAX_VALUES: usize = 16;
/// Most runs in one sweep.
pub const MAX_RUNS: usize = 1000;
/// Most data packets over all of a sweep's runs (first transmissions, elephants included):
/// about 40 minutes of one core natively; the paper's largest grid at 10 seeds needs 65 M.
pub const MAX_SWEEP_PACKETS: u64 = 160 << 20;

/// The figure name a what-if sweep's runs carry in `runs.csv`.
pub const WHAT_IF: &str = "what-if";

/// The fields a what-if sweep offers to vary first, as (key, label): the field registry's
/// ([`crate::scenario::registry::varied_fields`]); any other field is varied by its dotted path
/// in the scenario file (see [`Scenario::set_any`]).
pub fn params() -> impl Iterator<Item = (&'static str, &'static str)> {
    crate::scenario::registry::varied_fields().map(|f| (f.key(), f.label))
}

/// What a sweep compares.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// One of `spraylab repro`'s figures, by name ([`crate::repro::FIGURES`]).
    Figure(&'static str),
    /// The form's scenario under every CCA × LB scheme, optionally over one field's values.
    WhatIf {
        ccas: Vec<CcaName>,
        lbs: Vec<LbScheme>,
        vary: Option<Vary>,
    },
}

/// One field of the scenario and the values a sweep gives it, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// A short name (`elephants`), `ecn`, or a dotted path (`topology.buffer_bytes`).
    pub field: String,
    pub values: Vec<String>,
}

/// A grid of runs: a plan and the seeds per cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub plan: Plan,
    pub seeds: u32,
}

/// One run of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Which point of the sweep (the varied field's value) it belongs to.
    pub point: usize,
    pub cell: Cell,
    pub scenario: Scenario,
    /// Its data packets, the measure of its work.
    pub packets: u64,
}

fn refuse(field: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        field: field.to_string(),
        message: message.into(),
    }
}

impl Sweep {
    /// A figure as `spraylab repro FIGURE --seeds N` runs it; an unknown name is refused.
    pub fn figure(name: &str, seeds: u32) -> Result<Sweep, ScenarioError> {
        let f = figure(name).ok_or_else(|| {
            refuse(
                "sweep",
                format!(
                    "unknown figure {:?} (known: what-if, {})",
                    crate::scenario::escape_controls(name),
                    crate::repro::FIGURES
                        .iter()
                        .map(|f| f.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?;
        Ok(Sweep {
            plan: Plan::Figure(f.name),
            seeds,
        })
    }

    /// The points' labels: the figure's name; for a what-if, `field=value` per value, or
    /// `what-if` without a varied field. They fill `summary.csv`'s figure column.
    pub fn points(&self) -> Vec<String> {
        match &self.plan {
            Plan::Figure(name) => vec![name.to_string()],
            Plan::WhatIf { vary: None, .. } => vec![WHAT_IF.to_string()],
            Plan::WhatIf { vary: Some(v), .. } => v
                .values
                .iter()
                .map(|x| format!("{}={x}", v.field))
                .collect(),
        }
    }

    /// The number of runs, before any scenario is built.
    pub fn runs(&self) -> usize {
        match &self.plan {
            Plan::Figure(name) => figure(name).map_or(0, |f| {
                let per_cell = if f.over_q() {
                    crate::repro::THEORY_PATHS.len()
                } else {
                    self.seeds as usize
                };
                f.ccas.len() * f.lbs.len() * per_cell
            }),
            Plan::WhatIf { ccas, lbs, vary } => {
                let points = vary.as_ref().map_or(1, |v| v.values.len());
                points * ccas.len() * lbs.len() * self.seeds as usize
            }
        }
    }

    /// Every run of the sweep over `base` (the form's scenario; a figure ignores it), in grid
    /// order, each validated and held to `budget`, and the whole to [`MAX_RUNS`] and
    /// [`MAX_SWEEP_PACKETS`]. An error names the field (`seeds`, `values`, or the scenario's).
    pub fn jobs(&self, base: &Scenario, budget: &Budget) -> Result<Vec<Job>, ScenarioError> {
        self.check_shape()?;
        let runs = self.runs();
        if runs > MAX_RUNS {
            return Err(refuse(
                "sweep",
                format!(
                    "asks for {runs} runs; at most {MAX_RUNS} (fewer seeds, CCAs, LB schemes or values)"
                ),
            ));
        }
        let jobs = match &self.plan {
            Plan::Figure(name) => self.figure_jobs(name)?,
            Plan::WhatIf { ccas, lbs, vary } => self.what_if_jobs(base, ccas, lbs, vary)?,
        };
        let mut packets = 0u64;
        for j in &jobs {
            j.scenario.check_budget(budget)?;
            packets = packets.saturating_add(j.packets);
        }
        if packets > MAX_SWEEP_PACKETS {
            return Err(refuse(
                "sweep",
                format!(
                    "asks for {:.0} M data packets over its runs; at most {} M (fewer seeds, \
                     values or runs, or smaller flows)",
                    packets as f64 / 1e6,
                    MAX_SWEEP_PACKETS >> 20
                ),
            ));
        }
        Ok(jobs)
    }

    /// The ranges that do not need a scenario: seeds, the lists' lengths and repeats.
    fn check_shape(&self) -> Result<(), ScenarioError> {
        if !(1..=MAX_SEEDS).contains(&self.seeds) {
            return Err(refuse(
                "seeds",
                format!("must be from 1 to {MAX_SEEDS}, got {}", self.seeds),
            ));
        }
        let Plan::WhatIf { ccas, lbs, vary } = &self.plan else {
            return Ok(());
        };
        if ccas.is_empty() {
            return Err(refuse("ccas", "choose at least one CCA"));
        }
        if lbs.is_empty() {
            return Err(refuse("lbs", "choose at least one LB scheme"));
        }
        if let Some(c) = ccas
            .iter()
            .enumerate()
            .find(|(i, c)| ccas[..*i].contains(c))
        {
            return Err(refuse("ccas", format!("{} appears twice", c.1)));
        }
        if let Some(l) = lbs.iter().enumerate().find(|(i, l)| lbs[..*i].contains(l)) {
            return Err(refuse("lbs", format!("{} appears twice", l.1)));
        }
        if let Some(v) = vary {
            if v.values.is_empty() || v.values.len() > MAX_VALUES {
                return Err(refuse(
                    "values",
                    format!(
                        "give 1 to {MAX_VALUES} values, comma-separated; got {}",
                        v.values.len()
                    ),
                ));
            }
            if let Some(x) = v
                .values
                .iter()
                .enumerate()
                .find(|(i, x)| v.values[..*i].contains(x))
            {
                return Err(refuse(
                    "values",
                    format!("{:?} appears twice", crate::scenario::escape_controls(x.1)),
                ));
            }
        }
        Ok(())
    }

    fn figure_jobs(&self, name: &str) -> Result<Vec<Job>, ScenarioError> {
        let f = figure(name).ok_or_else(|| refuse("sweep", "unknown figure"))?;
        expand(&[f], self.seeds as u64)
            .into_iter()
            .map(|cell| {
                let scenario = cell.scenario(&[])?;
                Ok(job(0, cell, scenario))
            })
            .collect()
    }

    fn what_if_jobs(
        &self,
        base: &Scenario,
        ccas: &[CcaName],
        lbs: &[LbScheme],
        vary: &Option<Vary>,
    ) -> Result<Vec<Job>, ScenarioError> {
        let points: Vec<Scenario> = match vary {
            None => vec![base.clone()],
            Some(v) => v
                .values
                .iter()
                .map(|x| {
                    let mut s = base.clone();
                    s.set_any(&v.field, x)?;
                    s.validate()?;
                    Ok(s)
                })
                .collect::<Result<_, ScenarioError>>()?,
        };
        let mut jobs = Vec::with_capacity(self.runs());
        for (point, s) in points.iter().enumerate() {
            for &cca in ccas {
                for &lb in lbs {
                    for i in 0..self.seeds as u64 {
                        let mut scenario = s.clone();
                        cca.apply(&mut scenario.cca);
                        scenario.lb.scheme = lb;
                        scenario.seed = base.seed.wrapping_add(i);
                        scenario.validate()?;
                        let cell = Cell {
                            figure: WHAT_IF,
                            cca,
                            lb,
                            seed: scenario.seed,
                            paths: match scenario.workload.kind {
                                WorkloadKind::NPath => scenario.workload.paths,
                                _ => 0,
                            },
                        };
                        jobs.push(job(point, cell, scenario));
                    }
                }
            }
        }
        Ok(jobs)
    }
}

fn job(point: usize, cell: Cell, scenario: Scenario) -> Job {
    let packets = scenario.work().data_packets;
    Job {
        point,
        cell,
        scenario,
        packets,
    }
}
