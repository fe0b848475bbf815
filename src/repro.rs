//! Reproducing the paper's evaluation: each figure's grid of runs (CCAs × LB schemes × seeds,
//! or CCAs × q for the theory), its expansion into cells and shards, one CSV row per run, and
//! per-cell summaries (mean and standard error over the seeds).
//!
//! The same seed gives every CCA and LB scheme of a figure the same permutation and the same
//! failed links, so comparisons within a seed are paired. Running the cells is the caller's job
//! (the `spraylab repro` command runs them on all cores); this module is pure and deterministic.

use crate::model::{npath_rtts, Model};
use crate::scenario::{Scenario, ScenarioError};
use crate::Simulation;

/// One figure of the paper: a preset and the CCAs and LB schemes compared on it; or an
/// alternative to one of SprayLab's choices where the paper is silent (ALGORITHMS.md §15), run against
/// the figure that uses the default.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    pub name: &'static str,
    pub about: &'static str,
    pub preset: &'static str,
    pub ccas: &'static [&'static str],
    pub lbs: &'static [&'static str],
    pub alternative: Option<Alternative>,
}

/// The alternative to a §15 choice that a figure measures.
#[derive(Clone, Copy, Debug)]
pub struct Alternative {
    /// The choice's number in ALGORITHMS.md §15 ("A1").
    pub choice: &'static str,
    /// The figure with SprayLab's default, whose cells are the reference.
    pub reference: &'static str,
    /// The reference's LB scheme when the alternative is an LB scheme itself.
    pub reference_lb: Option<&'static str>,
    /// What changes, applied to the preset before any command-line override.
    pub apply: fn(&mut Scenario),
}

const FIVE: &[&str] = &["swift", "lswift", "mswift", "nscc", "mnscc"];
/// The paper drops Swift after Fig. 4.
const FOUR: &[&str] = &["lswift", "mswift", "nscc", "mnscc"];
const SPRAYING: &[&str] = &["ops", "ar", "reps"];

/// The evaluation's figures, then the theory.
pub const FIGURES: &[Figure] = &[
    Figure {
        name: "baseline",
        about: "Fig. 4 and 5: permutation with 4 ECMP elephants",
        preset: "baseline",
        ccas: FIVE,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "permutation",
        about: "Fig. 6: permutation without elephants",
        preset: "permutation",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "hsdp",
        about: "Fig. 7: Llama-70B HSDP ring step",
        preset: "hsdp",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "hosts250",
        about: "Fig. 8: 250 hosts",
        preset: "hosts250",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "size16mib",
        about: "Fig. 9: 16 MiB flows",
        preset: "size16mib",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "elephants8",
        about: "Fig. 10: 8 elephants",
        preset: "elephants8",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "failures",
        about: "Fig. 11: 1 % link failures",
        preset: "failures",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "percentiles",
        about: "Fig. 12: MSwift against its P10 and P90 variants",
        preset: "baseline",
        ccas: &["mswift", "mswift-p10", "mswift-p90"],
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "drr",
        about: "Fig. 13: DRR fair scheduling",
        preset: "drr",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "incast",
        about: "Fig. 14: incast 32 → 1",
        preset: "incast",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: None,
    },
    Figure {
        name: "theory",
        about: "Fig. 2: closed forms against simulated n-path points",
        preset: "npath",
        ccas: &["tcp", "dctcp", "swift", "smartt", "lswift", "mswift"],
        lbs: &["rr"],
        alternative: None,
    },
    Figure {
        name: "alt-fs0",
        about: "A1 alternative: Swift's flow scaling off (fs_range = 0), baseline",
        preset: "baseline",
        ccas: &["lswift", "mswift"],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A1",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.swift.fs_range_us = 0.0,
        }),
    },
    Figure {
        name: "alt-no-wait",
        about: "A3 alternative: no reordering wait, a hole is delayed at once, baseline",
        preset: "baseline",
        ccas: &["lswift", "mswift"],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A3",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.transport.reordering_wait = false,
        }),
    },
    Figure {
        name: "alt-md-latest",
        about: "A6 alternative: MSwift sizes its decrease on the latest delay, baseline",
        preset: "baseline",
        ccas: &["mswift"],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A6",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.cca.swift.decrease_on_latest = true,
        }),
    },
    Figure {
        name: "alt-icwnd",
        about: "A8 alternative: initial cwnd BDP/32 in the incast",
        preset: "incast",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A8",
            reference: "incast",
            reference_lb: None,
            apply: |s| s.cca.initial_cwnd_bdp = 1.0 / 32.0,
        }),
    },
    Figure {
        name: "alt-hsdp-hosts",
        about: "A14 alternative: HSDP with every GPU on a random host",
        preset: "hsdp",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A14",
            reference: "hsdp",
            reference_lb: None,
            apply: |s| s.workload.hsdp_random_hosts = true,
        }),
    },
    Figure {
        name: "alt-degraded",
        about: "A17 alternative: failed links stay, at a quarter of the rate",
        preset: "failures",
        ccas: FOUR,
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A17",
            reference: "failures",
            reference_lb: None,
            apply: |s| s.topology.failed_links_degraded = true,
        }),
    },
    Figure {
        name: "alt-ack16k",
        about: "A9 alternative: NSCC receivers ACK every 16 KiB, baseline",
        preset: "baseline",
        ccas: &["nscc", "mnscc"],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A9",
            reference: "baseline",
            reference_lb: None,
            apply: |s| s.transport.ack_every_bytes = 16384,
        }),
    },
    Figure {
        name: "alt-smartt-open",
        about: "A21 alternative: SMaRTT with its gate open, the long path marked (Theorem 4)",
        preset: "npath",
        ccas: &["smartt"],
        lbs: &["rr"],
        alternative: Some(Alternative {
            choice: "A21",
            reference: "theory",
            reference_lb: None,
            apply: |s| {
                s.cca.smartt_wait_to_decrease = false;
                s.workload.long_path_ecn = true;
            },
        }),
    },
    Figure {
        name: "alt-cycle",
        about: "A12 alternative: OPS as a cycle through the labels (RR), baseline",
        preset: "baseline",
        ccas: FOUR,
        lbs: &["rr"],
        alternative: Some(Alternative {
            choice: "A12",
            reference: "baseline",
            reference_lb: Some("ops"),
            apply: |_| {},
        }),
    },
    Figure {
        name: "alt-ecn-ramp",
        about: "A24 alternative: ECN ramp from 20 to 80 % of the BDP, baseline",
        preset: "baseline",
        ccas: &["nscc", "mnscc"],
        lbs: SPRAYING,
        alternative: Some(Alternative {
            choice: "A24",
            reference: "baseline",
            reference_lb: None,
            apply: |s| {
                // 20 % and 80 % of the 624,960 B BDP (ALGORITHMS.md §2)
                s.topology.ecn_min_bytes = 124_992;
                s.topology.ecn_max_bytes = 499_968;
            },
        }),
    },
];

/// The theory figure's q values, as numbers of paths.
pub const THEORY_PATHS: [u32; 6] = [200, 100, 50, 20, 10, 5];

pub fn figure(name: &str) -> Option<&'static Figure> {
    FIGURES.iter().find(|f| f.name == name)
}

/// One run of a grid.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cell {
    pub figure: &'static str,
    pub cca: &'static str,
    pub lb: &'static str,
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
                if f.preset == "npath" {
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
    /// The cell's scenario: its figure's preset, the overrides (short field, value), then the
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
            s.set_field(name, value)?;
        }
        s.set_field("cca", self.cca)?;
        s.set_field("lb", self.lb)?;
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
        let model_gbps = match (self.paths, self.cca) {
            (0, _) => None,
            (_, "tcp") | (_, "dctcp") => Some(Model::Tcp),
            (_, "swift") => Some(Model::Swift),
            (_, "smartt") => Some(Model::Smartt),
            _ => None,
        }
        .map(|m| {
            let (short, long) = npath_rtts(&s);
            m.throughput(
                (s.topology.mss_bytes + s.topology.header_bytes) as f64,
                short,
                long,
                1.0 / self.paths as f64,
            ) * 8.0
                / 1e9
        });
        let fcts = r
            .flows
            .iter()
            .filter(|f| f.sprayed)
            .filter_map(|f| f.fct_us)
            .collect();
        let c = &r.counters;
        let row = Row {
            cell: self.clone(),
            finished: r.finished,
            cct_us: r.cct_us,
            ideal_cct_us: r.ideal_cct_us,
            inflation: r.cct_inflation,
            throughput_gbps: if self.paths > 0 {
                r.flows.first().and_then(|f| f.throughput_gbps)
            } else {
                None
            },
            model_gbps,
            counters: [
                c.events,
                c.data_packets,
                c.retransmits,
                c.drops,
                c.ecn_marks,
                c.timeouts,
                c.failed_links,
            ],
        };
        Ok((row, fcts))
    }
}

/// One run's results, a line of `runs.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub cell: Cell,
    pub finished: bool,
    pub cct_us: Option<f64>,
    pub ideal_cct_us: f64,
    /// (CCT − ideal) / ideal.
    pub inflation: Option<f64>,
    /// The theory: the flow's throughput.
    pub throughput_gbps: Option<f64>,
    /// The theory: the closed form, where there is one.
    pub model_gbps: Option<f64>,
    /// events, data_packets, retransmits, drops, ecn_marks, timeouts, failed_links.
    pub counters: [u64; 7],
}

/// The header of `runs.csv`.
pub const RUNS_HEADER: &str = concat!(
    "figure,cca,lb,seed,paths,finished,cct_us,ideal_cct_us,inflation,throughput_gbps,model_gbps,",
    "events,data_packets,retransmits,drops,ecn_marks,timeouts,failed_links"
);

fn opt(v: Option<f64>) -> String {
    v.map_or(String::new(), |x| format!("{x}"))
}

impl Row {
    pub fn to_csv(&self) -> String {
        let c = &self.cell;
        let counters: Vec<String> = self.counters.iter().map(u64::to_string).collect();
        format!(
            "{},{},{},{},{},{},{},{},{},{},{},{}",
            c.figure,
            c.cca,
            c.lb,
            c.seed,
            c.paths,
            self.finished,
            opt(self.cct_us),
            self.ideal_cct_us,
            opt(self.inflation),
            opt(self.throughput_gbps),
            opt(self.model_gbps),
            counters.join(",")
        )
    }

    /// Reads a line of `runs.csv`; the figure, CCA and LB must be ones this build knows.
    pub fn from_csv(line: &str) -> Result<Row, String> {
        let f: Vec<&str> = line.trim_end().split(',').collect();
        if f.len() != 18 {
            return Err(format!("expected 18 fields, got {}: {line:?}", f.len()));
        }
        let fig = figure(f[0]).ok_or_else(|| format!("unknown figure {:?}", f[0]))?;
        let known = |v: &str, list: &'static [&'static str]| list.iter().copied().find(|x| *x == v);
        let cca = known(f[1], fig.ccas)
            .ok_or_else(|| format!("unknown CCA {:?} for {}", f[1], fig.name))?;
        let lb = known(f[2], fig.lbs)
            .ok_or_else(|| format!("unknown LB {:?} for {}", f[2], fig.name))?;
        let num = |s: &str| s.parse::<f64>().map_err(|_| format!("not a number: {s:?}"));
        let opt_num = |s: &str| {
            if s.is_empty() {
                Ok(None)
            } else {
                num(s).map(Some)
            }
        };
        let int = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| format!("not a whole number: {s:?}"))
        };
        let mut counters = [0u64; 7];
        for (slot, s) in counters.iter_mut().zip(&f[11..]) {
            *slot = int(s)?;
        }
        Ok(Row {
            cell: Cell {
                figure: fig.name,
                cca,
                lb,
                seed: int(f[3])?,
                paths: int(f[4])? as u32,
            },
            finished: f[5] == "true",
            cct_us: opt_num(f[6])?,
            ideal_cct_us: num(f[7])?,
            inflation: opt_num(f[8])?,
            throughput_gbps: opt_num(f[9])?,
            model_gbps: opt_num(f[10])?,
            counters,
        })
    }
}

/// Mean and standard error of the mean.
pub fn mean_stderr(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The header of `summary.csv`.
pub const SUMMARY_HEADER: &str =
    "figure,cca,lb,paths,runs,unfinished,inflation_mean,inflation_stderr,cct_us_mean,throughput_gbps_mean,model_gbps";

/// Per (figure, CCA, LB, paths): the runs, how many did not finish, the mean and standard error
/// of the CCT inflation over the finished runs, the mean CCT; for the theory, the throughput and
/// the closed form. Rows in cell order.
pub fn summarize(rows: &[Row]) -> Vec<String> {
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by_key(|r| order(&r.cell));
    let mut out = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let key = |r: &Row| (r.cell.figure, r.cell.cca, r.cell.lb, r.cell.paths);
        let group: Vec<&Row> = sorted[i..]
            .iter()
            .take_while(|r| key(r) == key(sorted[i]))
            .copied()
            .collect();
        i += group.len();
        let (fig, cca, lb, paths) = key(group[0]);
        let infl: Vec<f64> = group.iter().filter_map(|r| r.inflation).collect();
        let ccts: Vec<f64> = group.iter().filter_map(|r| r.cct_us).collect();
        let thr: Vec<f64> = group.iter().filter_map(|r| r.throughput_gbps).collect();
        let (m, se) = mean_stderr(&infl);
        let nan_blank = |x: f64| {
            if x.is_nan() {
                String::new()
            } else {
                format!("{x}")
            }
        };
        out.push(format!(
            "{fig},{cca},{lb},{paths},{},{},{},{},{},{},{}",
            group.len(),
            group.iter().filter(|r| !r.finished).count(),
            nan_blank(m),
            nan_blank(se),
            nan_blank(mean_stderr(&ccts).0),
            nan_blank(mean_stderr(&thr).0),
            opt(group[0].model_gbps)
        ));
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<&'static Figure> {
        FIGURES.iter().collect()
    }

    #[test]
    fn the_grid_has_every_cell_once_and_shards_partition_it() {
        let cells = expand(&all(), 10);
        let runs = |f: &Figure| {
            let per_cell = if f.preset == "npath" {
                THEORY_PATHS.len()
            } else {
                10
            };
            f.ccas.len() * f.lbs.len() * per_cell
        };
        assert_eq!(cells.len(), FIGURES.iter().map(runs).sum::<usize>());
        let mut unique = cells.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), cells.len());
        for n in [1, 2, 3, 7] {
            let mut merged: Vec<Cell> = (1..=n).flat_map(|i| shard(cells.clone(), i, n)).collect();
            merged.sort();
            assert_eq!(merged, unique, "{n} shards");
        }
        // the canonical order is the expansion order
        let mut by_order = cells.clone();
        by_order.sort_by_key(order);
        assert_eq!(by_order, cells);
    }

    #[test]
    fn csv_rows_round_trip() {
        let row = Row {
            cell: Cell {
                figure: "baseline",
                cca: "mswift",
                lb: "reps",
                seed: 3,
                paths: 0,
            },
            finished: true,
            cct_us: Some(129.67),
            ideal_cct_us: 90.1356,
            inflation: Some(0.4386),
            throughput_gbps: None,
            model_gbps: None,
            counters: [1, 2, 3, 4, 5, 6, 7],
        };
        assert_eq!(Row::from_csv(&row.to_csv()).unwrap(), row);
        assert_eq!(RUNS_HEADER.split(',').count(), 18);
        assert!(!RUNS_HEADER.contains(['\\', '\n']), "one plain line");
        assert!(
            Row::from_csv("baseline,reno,ops,1,0,true,1,1,1,,,1,1,1,1,1,1,1")
                .unwrap_err()
                .contains("reno")
        );
        assert!(Row::from_csv("short").is_err());
    }

    #[test]
    fn summaries_give_mean_and_standard_error() {
        let (m, se) = mean_stderr(&[1.0, 2.0, 3.0, 4.0]);
        assert!(
            (m - 2.5).abs() < 1e-12
                && (se - (1.666_666_666_666_666_7f64 / 4.0).sqrt()).abs() < 1e-12
        );
        let mk = |seed, infl| Row {
            cell: Cell {
                figure: "baseline",
                cca: "lswift",
                lb: "ops",
                seed,
                paths: 0,
            },
            finished: true,
            cct_us: Some(100.0),
            ideal_cct_us: 90.0,
            inflation: Some(infl),
            throughput_gbps: None,
            model_gbps: None,
            counters: [0; 7],
        };
        let lines = summarize(&[mk(2, 0.3), mk(1, 0.1)]);
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].starts_with("baseline,lswift,ops,0,2,0,0.2,"),
            "{}",
            lines[0]
        );
        assert_eq!(
            SUMMARY_HEADER.split(',').count(),
            lines[0].split(',').count()
        );
    }

    #[test]
    fn every_figure_builds_valid_scenarios() {
        for c in expand(&all(), 1) {
            c.scenario(&[]).unwrap_or_else(|e| panic!("{c:?}: {e}"));
        }
    }
}
