//! `spraylab repro` and `spraylab merge`: run the paper's evaluation grids on all cores, in
//! shards if asked, and combine shard outputs.
//!
//! Output, per figure, in `OUT/<figure>/`:
//! - `runs.csv`: every run (one row per cell);
//! - `summary.csv`: mean and standard error per CCA and LB scheme;
//! - `fct.csv`: for the baseline, every sprayed flow's FCT (Fig. 5's CDFs);
//! - `plot.svg` and `plot.png` (and the baseline's `fct.svg`, `fct.png`): see [`crate::plots`].

use crate::args::Overrides;
use crate::errors::{usage, UsageError};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use spraylab::repro::rows::{self, Header};
use spraylab::repro::{self, Cell, FctRow, Figure, Row, FIGURES};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `spraylab repro`'s flags.
#[derive(Args, Debug)]
pub struct ReproArgs {
    #[arg(value_name = "FIGURE", help = figures_help())]
    pub which: String,
    /// Seeds per cell, 1 to 1000.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub seeds: u64,
    /// Run only the i-th of n slices of the grid (1 ≤ i ≤ n).
    #[arg(long, value_name = "i/n", default_value = "1/1", value_parser = parse_shard)]
    pub shard: (usize, usize),
    /// The output folder.
    #[arg(long, default_value = "repro")]
    pub out: PathBuf,
    /// Then check the paper's claims and write OUT/REPRODUCTION.md.
    #[arg(long)]
    pub report: bool,
    /// Run cells beyond the default budget (32 M data packets each).
    #[arg(long)]
    pub allow_large: bool,
    #[command(flatten)]
    pub overrides: Overrides,
}

/// The figures `repro` knows, for its help.
fn figures_help() -> String {
    let names: Vec<&str> = spraylab::repro::FIGURES.iter().map(|f| f.name).collect();
    format!(
        "`all`, `alternatives` (the ALGORITHMS.md §15 choices' alternatives) or one figure: {}",
        names.join(", ")
    )
}

fn parse_shard(v: &str) -> Result<(usize, usize), String> {
    v.split_once('/')
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        .filter(|&(i, n)| n >= 1 && i >= 1 && i <= n)
        .ok_or_else(|| format!("must be i/n with 1 ≤ i ≤ n, got {v:?}"))
}

/// `spraylab merge`'s arguments.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The folder to write.
    pub out: PathBuf,
    /// The shard folders.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
}

/// `spraylab report`'s arguments.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The folder `spraylab repro` wrote.
    pub dir: PathBuf,
    /// Where to write the report [default: DIR/REPRODUCTION.md]; its plot links are
    /// relative to where it is.
    #[arg(long, visible_alias = "to", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Overwrite FILE even if it is not a report spraylab wrote.
    #[arg(long)]
    pub force: bool,
}

/// The figures `which` names: one, `alternatives` or `all`.
fn figures(which: &str) -> Result<Vec<&'static Figure>, UsageError> {
    Ok(match which {
        "all" => FIGURES.iter().collect(),
        "alternatives" => FIGURES.iter().filter(|f| f.alternative.is_some()).collect(),
        name => vec![repro::figure(name).ok_or_else(|| {
            let names: Vec<&str> = FIGURES.iter().map(|f| f.name).collect();
            usage(format!(
                "repro: unknown figure {name:?} (expected all, alternatives, {})",
                names.join(", ")
            ))
        })?],
    })
}

pub fn run(a: ReproArgs) -> Result<(), UsageError> {
    let figures = figures(&a.which)?;
    let overrides = &a.overrides.pairs()?;
    let cells = repro::shard(repro::expand(&figures, a.seeds), a.shard.0, a.shard.1);
    // refuse a bad override before spending hours: every cell's scenario, before any runs
    for c in &cells {
        let s = c.scenario(overrides).map_err(|e| {
            usage(format!(
                "invalid scenario for {} {} {} seed {}: {e}",
                c.figure, c.cca, c.lb, c.seed
            ))
        })?;
        crate::resolve::within_budget(&s, a.allow_large)?;
    }
    let bar = ProgressBar::new(cells.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} runs, {elapsed} elapsed, ~{eta} left")
            .expect("a valid template"),
    );
    let started = std::time::Instant::now();
    let results: Vec<Result<(Row, Vec<f64>), String>> = cells
        .par_iter()
        .map(|c| {
            let r = c.run(overrides);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let mut rows = Vec::with_capacity(results.len());
    let mut fcts: Vec<(Cell, Vec<f64>)> = Vec::new();
    for r in results {
        let (row, f) = r.map_err(usage)?;
        if row.cell.figure == "baseline" {
            fcts.push((row.cell.clone(), f));
        }
        rows.push(row);
    }
    write_outputs(&a.out, &rows, &fcts)?;
    crate::plots::draw_all(&a.out).map_err(usage)?;
    eprintln!(
        "{} runs ({} figures, shard {}/{}) in {:.1} s → {}",
        rows.len(),
        figures.len(),
        a.shard.0,
        a.shard.1,
        started.elapsed().as_secs_f64(),
        a.out.display()
    );
    if a.report {
        write_report(&a.out, &a.out.join(REPORT), false)?;
    }
    Ok(())
}

/// The claims report's file name in the folder it reads, unless told otherwise.
pub const REPORT: &str = "REPRODUCTION.md";

/// Evaluates the claims on the CSVs in `dir` and writes the report to `to`, refusing to
/// replace a file that is not such a report unless `force`.
fn write_report(dir: &Path, to: &Path, force: bool) -> Result<(), UsageError> {
    let foreign = match std::fs::read_to_string(to) {
        Ok(old) => !spraylab::claims::is_report(&old),
        Err(_) => to.exists(),
    };
    if foreign && !force {
        return Err(usage(format!(
            "{}: exists and is not a report spraylab wrote; --force replaces it",
            to.display()
        )));
    }
    let m = spraylab::claims::read_dir(dir).map_err(usage)?;
    let claims = spraylab::claims::evaluate(&m);
    let links = relative_to(dir, to.parent().unwrap_or(Path::new("")));
    let command = command(dir, to);
    let dir_name = dir.display().to_string();
    let paths = spraylab::claims::ReportPaths {
        command: &command,
        dir: &dir_name,
        links: &links,
    };
    let text = spraylab::claims::report(&m, &claims, &paths, true);
    std::fs::write(to, text).map_err(|e| io_err(to, e))?;
    eprintln!("claims report → {}", to.display());
    Ok(())
}

/// The command that regenerates the report `to` from `dir`, as the report states it.
fn command(dir: &Path, to: &Path) -> String {
    if to == dir.join(REPORT) {
        format!("spraylab report {}", dir.display())
    } else {
        format!("spraylab report {} --out {}", dir.display(), to.display())
    }
}

/// `dir` as a link from the folder `from` (both as given, relative or absolute): the path
/// that resolves to `dir` from a file in `from`.
fn relative_to(dir: &Path, from: &Path) -> String {
    let abs = |p: &Path| -> PathBuf {
        let p = if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        };
        std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
    };
    let norm = |p: PathBuf| -> Vec<String> {
        let mut parts: Vec<String> = Vec::new();
        for c in p.components() {
            match c {
                std::path::Component::ParentDir => {
                    parts.pop();
                }
                std::path::Component::CurDir => {}
                c => parts.push(c.as_os_str().to_string_lossy().into_owned()),
            }
        }
        parts
    };
    let (d, f) = (norm(abs(dir)), norm(abs(from)));
    let common = d.iter().zip(&f).take_while(|(a, b)| a == b).count();
    let mut link: Vec<String> = vec!["..".to_string(); f.len() - common];
    link.extend(d[common..].iter().cloned());
    if link.is_empty() {
        ".".to_string()
    } else {
        link.join("/")
    }
}

/// `spraylab report DIR [--out FILE] [--force]`: the plots and the claims report from existing
/// CSVs.
pub fn report(a: ReportArgs) -> Result<(), UsageError> {
    let to = a.out.unwrap_or_else(|| a.dir.join(REPORT));
    crate::plots::draw_all(&a.dir).map_err(usage)?;
    write_report(&a.dir, &to, a.force)
}

fn io_err(path: &Path, e: std::io::Error) -> UsageError {
    usage(format!("{}: {e}", path.display()))
}

/// Writes `rows` as CSV (header included) to `path`.
fn write_csv<'a, T: Header + Serialize + 'a>(
    path: &Path,
    rows: impl IntoIterator<Item = &'a T>,
) -> Result<(), UsageError> {
    let text = rows::to_csv(rows).map_err(|e| usage(format!("{}: {e}", path.display())))?;
    std::fs::write(path, text).map_err(|e| io_err(path, e))
}

/// Reads the rows of the CSV file at `path`; `None` when there is no such file.
fn read_csv<T: Header + DeserializeOwned>(path: &Path) -> Result<Option<Vec<T>>, UsageError> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(None);
    };
    rows::from_csv(&text)
        .map(Some)
        .map_err(|e| usage(format!("{}: {e}", path.display())))
}

/// The baseline's FCT rows of `runs`, in grid order.
fn fct_rows(runs: &[(Cell, Vec<f64>)]) -> Vec<FctRow> {
    let mut runs: Vec<&(Cell, Vec<f64>)> = runs.iter().collect();
    runs.sort_by_key(|(c, _)| repro::order(c));
    runs.iter()
        .flat_map(|(c, v)| {
            v.iter().map(move |&fct_us| FctRow {
                cca: c.cca,
                lb: c.lb,
                seed: c.seed,
                fct_us,
            })
        })
        .collect()
}

/// Writes `runs.csv`, `summary.csv` (and the baseline's `fct.csv`) per figure, rows in grid order.
fn write_outputs(out: &Path, rows: &[Row], fcts: &[(Cell, Vec<f64>)]) -> Result<(), UsageError> {
    let mut by_figure: BTreeMap<&str, Vec<Row>> = BTreeMap::new();
    for r in rows {
        by_figure.entry(r.cell.figure).or_default().push(r.clone());
    }
    for (figure, mut rows) in by_figure {
        rows.sort_by_key(|r| repro::order(&r.cell));
        let dir = out.join(figure);
        std::fs::create_dir_all(&dir).map_err(|e| io_err(&dir, e))?;
        write_csv(&dir.join("runs.csv"), &rows)?;
        write_csv(&dir.join("summary.csv"), &repro::summarize(&rows))?;
        if figure == "baseline" {
            write_csv(&dir.join("fct.csv"), &fct_rows(fcts))?;
        }
    }
    Ok(())
}

/// `spraylab merge OUT DIR...`: combines the outputs of shards into one.
pub fn merge(a: MergeArgs) -> Result<(), UsageError> {
    let (out, dirs) = (a.out.as_path(), a.dirs.as_slice());
    let mut rows: BTreeMap<Cell, Row> = BTreeMap::new();
    // each run's FCTs come from the first folder that has them (overlapping shards repeat runs)
    let mut fcts: BTreeMap<Cell, Vec<f64>> = BTreeMap::new();
    for dir in dirs {
        for f in FIGURES {
            let folder = dir.join(f.name);
            let Some(found) = read_csv::<Row>(&folder.join("runs.csv"))? else {
                continue;
            };
            for row in found {
                rows.insert(row.cell.clone(), row);
            }
            let path = folder.join("fct.csv");
            let Some(found) = read_csv::<FctRow>(&path)? else {
                continue;
            };
            let mut here: BTreeMap<Cell, Vec<f64>> = BTreeMap::new();
            for r in found {
                let cell = rows
                    .keys()
                    .find(|c| c.figure == f.name && (c.cca, c.lb, c.seed) == (r.cca, r.lb, r.seed))
                    .ok_or_else(|| {
                        usage(format!(
                            "{}: a row of no known run: {},{},{}",
                            path.display(),
                            r.cca,
                            r.lb,
                            r.seed
                        ))
                    })?;
                here.entry(cell.clone()).or_default().push(r.fct_us);
            }
            for (cell, v) in here {
                fcts.entry(cell).or_insert(v);
            }
        }
    }
    if rows.is_empty() {
        return Err(usage("merge: no runs.csv found in the shard folders"));
    }
    let rows: Vec<Row> = rows.into_values().collect();
    let fcts: Vec<(Cell, Vec<f64>)> = fcts.into_iter().collect();
    write_outputs(out, &rows, &fcts)?;
    crate::plots::draw_all(out).map_err(usage)?;
    eprintln!(
        "merged {} runs from {} folders → {}",
        rows.len(),
        dirs.len(),
        out.display()
    );
    Ok(())
}
