//! Per-cell summaries over the seeds: `summary.csv`.

use super::{order, Row, SummaryRow};

/// Mean and standard error of the mean (NaN for no values; a zero error for one).
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

/// A mean of nothing is no value.
fn value(x: f64) -> Option<f64> {
    (!x.is_nan()).then_some(x)
}

/// Per (figure, CCA, LB, paths): the runs, how many did not finish, the mean and standard error
/// of the CCT inflation over the finished runs, the mean CCT; for the theory, the throughput and
/// the closed form. Rows in cell order.
pub fn summarize(rows: &[Row]) -> Vec<SummaryRow> {
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by_key(|r| order(&r.cell));
    let key = |r: &Row| (r.cell.figure, r.cell.cca, r.cell.lb, r.cell.paths);
    sorted
        .chunk_by(|a, b| key(a) == key(b))
        .map(|group| summary_of(group[0].cell.figure.to_string(), group))
        .collect()
}

/// One cell's summary over its runs (`group`, every run of one figure, CCA, LB and paths),
/// under the name `figure`.
pub fn summary_of(figure: String, group: &[&Row]) -> SummaryRow {
    let first = group[0];
    let infl: Vec<f64> = group.iter().filter_map(|r| r.inflation).collect();
    let ccts: Vec<f64> = group.iter().filter_map(|r| r.cct_us).collect();
    let thr: Vec<f64> = group.iter().filter_map(|r| r.throughput_gbps).collect();
    let (mean, stderr) = mean_stderr(&infl);
    SummaryRow {
        figure,
        cca: first.cell.cca,
        lb: first.cell.lb,
        paths: first.cell.paths,
        runs: group.len() as u32,
        unfinished: group.iter().filter(|r| !r.finished).count() as u32,
        inflation_mean: value(mean),
        inflation_stderr: value(stderr),
        cct_us_mean: value(mean_stderr(&ccts).0),
        throughput_gbps_mean: value(mean_stderr(&thr).0),
        model_gbps: first.model_gbps,
    }
}
