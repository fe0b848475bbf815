//! A sweep's results so far: one `runs.csv` row per finished job, summarised per cell.

use super::{Job, Plan, Sweep};
use crate::repro::rows::to_csv;
use crate::repro::{summarize, summary_of, Row, SummaryRow};

/// The rows of a sweep's finished jobs, in job order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// Each point's label (`summary.csv`'s figure column).
    pub points: Vec<String>,
    figure: bool,
    /// Per job: its point, and its row once finished.
    rows: Vec<(usize, Option<Row>)>,
}

/// A summary row with the index of its point.
pub type PointRow = (usize, SummaryRow);

impl Results {
    pub fn new(sweep: &Sweep, jobs: &[Job]) -> Results {
        Results {
            points: sweep.points(),
            figure: matches!(sweep.plan, Plan::Figure(_)),
            rows: jobs.iter().map(|j| (j.point, None)).collect(),
        }
    }

    /// Job `job`'s row.
    pub fn record(&mut self, job: usize, row: Row) {
        if let Some(slot) = self.rows.get_mut(job) {
            slot.1 = Some(row);
        }
    }

    /// The finished jobs' rows, in grid order.
    pub fn rows(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter_map(|(_, r)| r.as_ref())
    }

    /// Per cell (point, CCA, LB scheme, paths): the summary over its finished runs, in grid
    /// order. A figure's summary is `spraylab repro`'s own ([`summarize`]).
    pub fn summary(&self) -> Vec<PointRow> {
        if self.figure {
            let rows: Vec<Row> = self.rows().cloned().collect();
            return summarize(&rows).into_iter().map(|s| (0, s)).collect();
        }
        let done: Vec<(usize, &Row)> = self
            .rows
            .iter()
            .filter_map(|(p, r)| r.as_ref().map(|r| (*p, r)))
            .collect();
        let key = |(p, r): &(usize, &Row)| (*p, r.cell.cca, r.cell.lb, r.cell.paths);
        done.chunk_by(|a, b| key(a) == key(b))
            .map(|group| {
                let point = group[0].0;
                let rows: Vec<&Row> = group.iter().map(|(_, r)| *r).collect();
                (point, summary_of(self.points[point].clone(), &rows))
            })
            .collect()
    }

    /// `runs.csv` of the finished jobs.
    pub fn runs_csv(&self) -> String {
        to_csv(self.rows()).expect("rows always write")
    }

    /// `runs.csv` of a what-if's finished jobs with two more columns, the varied field and its
    /// value on each row (`runs.csv` alone when nothing varies).
    pub fn runs_csv_varied(&self, vary: Option<&super::Vary>) -> String {
        let Some(v) = vary else {
            return self.runs_csv();
        };
        let base = self.runs_csv();
        let mut lines = base.lines();
        let mut out = format!("{},vary,value\n", lines.next().unwrap_or_default());
        let points = self
            .rows
            .iter()
            .filter(|(_, r)| r.is_some())
            .map(|(p, _)| *p);
        for (line, p) in lines.zip(points) {
            let value = v.values.get(p).map_or("", String::as_str);
            out += &format!("{line},{},{}\n", csv_field(&v.field), csv_field(value));
        }
        out
    }

    /// `summary.csv`, in `spraylab repro`'s columns; a what-if's figure column holds the
    /// point (`elephants=8`, or `what-if`).
    pub fn summary_csv(&self) -> String {
        to_csv(self.summary().iter().map(|(_, s)| s)).expect("rows always write")
    }
}

/// A CSV field, quoted where it must be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
