//! What the claims read: the `summary.csv` of every figure and the baseline's `fct.csv`, as
//! `spraylab repro` wrote them (the row structs of [`crate::repro::rows`]).

use crate::repro::rows::{from_csv, FctRow, Row, SummaryRow};
use crate::scenario::{CcaName, LbScheme};
use std::collections::BTreeMap;

/// One cell over its seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub runs: u32,
    pub unfinished: u32,
    /// Mean CCT inflation over the finished runs.
    pub inflation: Option<f64>,
    pub inflation_stderr: Option<f64>,
    pub cct_us: Option<f64>,
    /// The theory: the flow's mean throughput.
    pub throughput_gbps: Option<f64>,
    /// The theory: the closed form.
    pub model_gbps: Option<f64>,
}

/// A cell's counters, mean per run over its seeds (from `runs.csv`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counters {
    pub drops: f64,
    pub timeouts: f64,
    pub ecn_marks: f64,
    pub retransmits: f64,
    pub cuts_delay: f64,
    pub cuts_loss: f64,
    pub cuts_timeout: f64,
}

impl Counters {
    /// Every counter, in the order of [`Counters::named`].
    fn fields_mut(&mut self) -> [&mut f64; 7] {
        [
            &mut self.drops,
            &mut self.timeouts,
            &mut self.ecn_marks,
            &mut self.retransmits,
            &mut self.cuts_delay,
            &mut self.cuts_loss,
            &mut self.cuts_timeout,
        ]
    }

    /// The counters by name, in a fixed order.
    pub fn named(&self) -> [(&'static str, f64); 7] {
        [
            ("drops", self.drops),
            ("timeouts", self.timeouts),
            ("ECN marks", self.ecn_marks),
            ("retransmissions", self.retransmits),
            ("delay cuts", self.cuts_delay),
            ("loss cuts", self.cuts_loss),
            ("timeout cuts", self.cuts_timeout),
        ]
    }
}

/// Key of a summary cell: figure, CCA, LB scheme, paths (0 outside the theory).
pub type Key = (String, CcaName, LbScheme, u32);

/// Everything the claims read: the summaries of every figure and the baseline's FCTs.
#[derive(Clone, Debug, Default)]
pub struct Measured {
    pub cells: BTreeMap<Key, Summary>,
    /// Baseline FCTs (µs) per (CCA, LB), all seeds together, sorted.
    pub fcts: BTreeMap<(CcaName, LbScheme), Vec<f64>>,
    /// Every cell's counters, where its `runs.csv` was read.
    pub counters: BTreeMap<Key, Counters>,
    /// Every finished run by cell and seed, where its `runs.csv` was read: what the noise rule
    /// pairs seed by seed.
    pub seeds: BTreeMap<Key, BTreeMap<u64, Run>>,
    /// Baseline FCTs (µs) per (CCA, LB) and seed.
    pub fcts_by_seed: BTreeMap<(CcaName, LbScheme), BTreeMap<u64, Vec<f64>>>,
}

/// One finished run's figures the claims compare.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    pub inflation: f64,
    pub cct_us: f64,
}

impl Measured {
    /// Adds the rows of one `summary.csv` (header included).
    pub fn add_summary(&mut self, text: &str) -> Result<(), String> {
        for r in from_csv::<SummaryRow>(text)? {
            let summary = Summary {
                runs: r.runs,
                unfinished: r.unfinished,
                inflation: r.inflation_mean,
                inflation_stderr: r.inflation_stderr,
                cct_us: r.cct_us_mean,
                throughput_gbps: r.throughput_gbps_mean,
                model_gbps: r.model_gbps,
            };
            self.cells.insert((r.figure, r.cca, r.lb, r.paths), summary);
        }
        Ok(())
    }

    /// Adds the counters of the rows of one `runs.csv`, averaged per cell.
    pub fn add_runs(&mut self, text: &str) -> Result<(), String> {
        let mut sums: BTreeMap<Key, (Counters, f64)> = BTreeMap::new();
        for r in from_csv::<Row>(text)? {
            let key = (
                r.cell.figure.to_string(),
                r.cell.cca,
                r.cell.lb,
                r.cell.paths,
            );
            if let (true, Some(inflation), Some(cct_us)) = (r.finished, r.inflation, r.cct_us) {
                self.seeds
                    .entry(key.clone())
                    .or_default()
                    .insert(r.cell.seed, Run { inflation, cct_us });
            }
            let c = r.counters;
            let (sum, n) = sums.entry(key).or_default();
            for (total, v) in sum.fields_mut().into_iter().zip([
                c.drops,
                c.timeouts,
                c.ecn_marks,
                c.retransmits,
                c.cuts_delay,
                c.cuts_loss,
                c.cuts_timeout,
            ]) {
                *total += v as f64;
            }
            *n += 1.0;
        }
        for (key, (mut mean, n)) in sums {
            for total in mean.fields_mut() {
                *total /= n;
            }
            self.counters.insert(key, mean);
        }
        Ok(())
    }

    /// Adds the rows of the baseline's `fct.csv`.
    pub fn add_fcts(&mut self, text: &str) -> Result<(), String> {
        for r in from_csv::<FctRow>(text)? {
            self.fcts.entry((r.cca, r.lb)).or_default().push(r.fct_us);
            self.fcts_by_seed
                .entry((r.cca, r.lb))
                .or_default()
                .entry(r.seed)
                .or_default()
                .push(r.fct_us);
        }
        for v in self.fcts.values_mut() {
            v.sort_by(f64::total_cmp);
        }
        for v in self.fcts_by_seed.values_mut().flat_map(|s| s.values_mut()) {
            v.sort_by(f64::total_cmp);
        }
        Ok(())
    }

    /// The summary of the cell `key`.
    pub fn summary(&self, key: &Key) -> Option<&Summary> {
        self.cells.get(key)
    }

    fn cell(&self, fig: &str, cca: CcaName, lb: LbScheme, paths: u32) -> Option<&Summary> {
        self.cells.get(&(fig.to_string(), cca, lb, paths))
    }

    /// Mean CCT inflation of a cell, in the (CCT − ideal) / ideal sense.
    pub fn inflation(&self, fig: &str, cca: CcaName, lb: LbScheme) -> Option<f64> {
        self.cell(fig, cca, lb, 0)?.inflation
    }

    /// Mean CCT of a cell, µs.
    pub fn cct(&self, fig: &str, cca: CcaName, lb: LbScheme) -> Option<f64> {
        self.cell(fig, cca, lb, 0)?.cct_us
    }

    /// The theory's throughput of `cca` over `paths` paths, Gbps.
    pub fn throughput(&self, cca: CcaName, paths: u32) -> Option<f64> {
        self.cell("theory", cca, LbScheme::Rr, paths)?
            .throughput_gbps
    }

    /// The `p`-quantile (0 to 1) of the baseline's FCTs of (`cca`, `lb`), nearest rank.
    pub fn fct_percentile(&self, cca: CcaName, lb: LbScheme, p: f64) -> Option<f64> {
        quantile(self.fcts.get(&(cca, lb))?, p)
    }

    /// The `p`-quantile of the baseline's FCTs of (`cca`, `lb`), seed by seed.
    pub fn fct_percentile_by_seed(
        &self,
        cca: CcaName,
        lb: LbScheme,
        p: f64,
    ) -> Option<BTreeMap<u64, f64>> {
        self.fcts_by_seed
            .get(&(cca, lb))?
            .iter()
            .map(|(&seed, v)| Some((seed, quantile(v, p)?)))
            .collect()
    }
}

/// The `p`-quantile of sorted values, nearest rank.
fn quantile(sorted: &[f64], p: f64) -> Option<f64> {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied()
}

/// Reads `DIR/<figure>/summary.csv` and `runs.csv` for every figure present, and the baseline's
/// `fct.csv`.
pub fn read_dir(dir: &std::path::Path) -> Result<Measured, String> {
    let mut m = Measured::default();
    for f in crate::repro::FIGURES {
        let path = dir.join(f.name).join("summary.csv");
        if let Ok(text) = std::fs::read_to_string(&path) {
            m.add_summary(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        let path = dir.join(f.name).join("runs.csv");
        if let Ok(text) = std::fs::read_to_string(&path) {
            m.add_runs(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let path = dir.join("baseline").join("fct.csv");
    if let Ok(text) = std::fs::read_to_string(&path) {
        m.add_fcts(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if m.cells.is_empty() {
        return Err(format!("{}: no summary.csv found", dir.display()));
    }
    Ok(m)
}
