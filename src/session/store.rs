//! The samples of one run: every batch the worker streamed, kept for replay, with the
//! per-bucket aggregates the charts draw (kept up to date on append, so a redraw never rescans
//! every flow).
//!
//! What a run keeps is bounded, however long it runs: past [`MAX_KEPT_VALUES`] timeline values
//! the whole run is kept at one coarser resolution (see [`super::folding`]); past
//! [`MAX_SUMMARIES`] per-bucket aggregates, neighbouring ones merge pairwise.

use super::folding;
pub use crate::figures::BucketSummary;
use crate::figures::RunView;
use crate::protocol::RunMeta;
use crate::scenario::Scenario;
use crate::sim::timeline::{MinMax, TimelineBatch, CSV_HEADER};
use crate::sim::Progress;
use crate::Report;

/// Most timeline values (min/max pairs and path counts) a run keeps for replay: at most about
/// 256 MiB.
pub const MAX_KEPT_VALUES: usize = 32 << 20;

/// Most per-bucket aggregates a run keeps for the charts (6 MiB).
pub const MAX_SUMMARIES: usize = 1 << 18;

impl BucketSummary {
    /// The aggregate of this bucket and the next.
    fn merge(self, next: BucketSummary) -> BucketSummary {
        BucketSummary {
            time_us: self.time_us,
            cwnd_min: self.cwnd_min.min(next.cwnd_min),
            cwnd_max: self.cwnd_max.max(next.cwnd_max),
            cwnd_mean: (self.cwnd_mean + next.cwnd_mean) / 2.0,
            elephant_cwnd: (self.elephant_cwnd + next.elephant_cwnd) / 2.0,
        }
    }
}

/// Everything known about one run.
#[derive(Debug)]
pub struct RunData {
    pub id: u32,
    pub scenario: Scenario,
    pub meta: Option<RunMeta>,
    pub batches: Vec<TimelineBatch>,
    pub summary: Vec<BucketSummary>,
    /// Largest queue of every port so far (bytes).
    pub port_peak: Vec<f32>,
    pub progress: Option<Progress>,
    pub elapsed_ms: f64,
    pub report: Option<Report>,
    pub cancelled: bool,
    /// Timeline values held in `batches`, and the most it keeps ([`MAX_KEPT_VALUES`]).
    kept_values: usize,
    /// The width of the grid the run is folded onto, µs (0 until it first outgrows its limit).
    kept_bucket_us: f64,
    pub max_values: usize,
    /// The most per-bucket aggregates it keeps ([`MAX_SUMMARIES`]).
    pub max_summaries: usize,
}

impl RunData {
    pub fn new(id: u32, scenario: Scenario) -> RunData {
        RunData {
            id,
            scenario,
            meta: None,
            batches: Vec::new(),
            summary: Vec::new(),
            port_peak: Vec::new(),
            progress: None,
            elapsed_ms: 0.0,
            report: None,
            cancelled: false,
            kept_values: 0,
            kept_bucket_us: 0.0,
            max_values: MAX_KEPT_VALUES,
            max_summaries: MAX_SUMMARIES,
        }
    }

    pub fn set_meta(&mut self, meta: RunMeta) {
        self.port_peak = vec![0.0; meta.port_names.len()];
        self.meta = Some(meta);
    }

    /// Adds a batch of samples.
    pub fn append(&mut self, batch: TimelineBatch) {
        if batch.is_empty() {
            return;
        }
        let sprayed: Vec<bool> = match &self.meta {
            Some(m) => m.flows.iter().map(|f| f.2).collect(),
            None => vec![true; batch.flows],
        };
        for b in 0..batch.buckets {
            let row = &batch.cwnd[b * batch.flows..(b + 1) * batch.flows];
            let mut s = BucketSummary {
                time_us: batch.time_us(b),
                cwnd_min: f32::MAX,
                ..Default::default()
            };
            let (mut n, mut sum, mut e_n, mut e_sum) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
            for (m, &is_sprayed) in row.iter().zip(&sprayed) {
                if is_sprayed {
                    s.cwnd_min = s.cwnd_min.min(m.min);
                    s.cwnd_max = s.cwnd_max.max(m.max);
                    sum += (m.min + m.max) / 2.0;
                    n += 1.0;
                } else {
                    e_sum += (m.min + m.max) / 2.0;
                    e_n += 1.0;
                }
            }
            s.cwnd_mean = if n > 0.0 { sum / n } else { 0.0 };
            s.elephant_cwnd = if e_n > 0.0 { e_sum / e_n } else { 0.0 };
            if n == 0.0 {
                s.cwnd_min = 0.0;
            }
            self.summary.push(s);
            let q = &batch.queue_bytes[b * batch.ports..(b + 1) * batch.ports];
            for (peak, m) in self.port_peak.iter_mut().zip(q) {
                *peak = peak.max(m.max);
            }
        }
        if self.kept_bucket_us > 0.0 {
            while batch.bucket_us > self.kept_bucket_us {
                self.regrid(2.0 * self.kept_bucket_us);
            }
            let kept = self
                .batches
                .last_mut()
                .expect("a regridded run keeps one batch");
            folding::fold(kept, &batch);
            self.kept_values = kept.values();
        } else {
            self.kept_values += batch.values();
            self.batches.push(batch);
        }
        while self.kept_values > self.max_values
            && self.batches.iter().map(|b| b.buckets).sum::<usize>() > 1
        {
            let widest = self.batches.iter().map(|b| b.bucket_us).fold(0.0, f64::max);
            self.regrid(2.0 * widest);
        }
        if self.summary.len() > self.max_summaries {
            self.summary = self
                .summary
                .chunks(2)
                .map(|p| p.iter().copied().reduce(BucketSummary::merge).unwrap())
                .collect();
        }
    }

    /// Folds the whole run onto a grid of `width` µs.
    fn regrid(&mut self, width: f64) {
        self.batches = vec![folding::regrid(&self.batches, width)];
        self.kept_values = self.batches[0].values();
        self.kept_bucket_us = width;
    }

    /// Timeline values held for replay.
    pub fn kept_values(&self) -> usize {
        self.kept_values
    }

    /// Records the end of the run: its report, its last progress and its wall time.
    pub fn finish(&mut self, report: Report, progress: Progress, elapsed_ms: f64) {
        self.elapsed_ms = elapsed_ms;
        self.progress = Some(progress);
        self.report = Some(report);
    }

    /// The run as the figures read it.
    pub fn view(&self) -> RunView<'_> {
        RunView {
            id: self.id,
            scenario: &self.scenario,
            meta: self.meta.as_ref(),
            batches: &self.batches,
            summary: &self.summary,
            port_peak: &self.port_peak,
            progress: self.progress,
            report: self.report.as_ref(),
        }
    }

    /// Every bucket as (time µs, batch, index within the batch).
    pub fn buckets(&self) -> impl Iterator<Item = (f64, &TimelineBatch, usize)> {
        self.view().buckets()
    }

    /// Simulated time covered so far, µs.
    pub fn span_us(&self) -> f64 {
        self.view().span_us()
    }

    /// Simulated time between samples, µs (1 before the first sample).
    pub fn bucket_us(&self) -> f64 {
        self.batches.first().map_or(1.0, |b| b.bucket_us)
    }

    /// The newest bucket sampled at or before `t_us`: its batch and index.
    pub fn bucket_at(&self, t_us: f64) -> Option<(&TimelineBatch, usize)> {
        let i = self
            .batches
            .partition_point(|b| b.start_us <= t_us)
            .checked_sub(1)?;
        let b = &self.batches[i];
        Some((b, b.bucket_at(t_us)))
    }

    /// Every switch port's queue (bytes, the largest in the bucket) at `t_us`.
    pub fn queues_at(&self, t_us: f64) -> Option<&[MinMax]> {
        let (b, i) = self.bucket_at(t_us)?;
        b.queue_bytes.get(i * b.ports..(i + 1) * b.ports)
    }

    /// Data packets of `flow` per path slot sampled in `(from_us, to_us]`.
    pub fn spread(&self, flow: usize, from_us: f64, to_us: f64) -> Vec<u32> {
        let slots = self.meta.as_ref().map_or(0, |m| m.network.path_slots) as usize;
        let mut out = vec![0u32; slots];
        // only the batches that reach into the window
        let first = self
            .batches
            .partition_point(|b| b.time_us(b.buckets) <= from_us);
        for b in self.batches[first..]
            .iter()
            .take_while(|b| b.start_us <= to_us)
        {
            for i in 0..b.buckets {
                let t = b.time_us(i);
                if t > from_us && t <= to_us {
                    for (o, &n) in out.iter_mut().zip(b.flow_paths(i, flow)) {
                        *o += n as u32;
                    }
                }
            }
        }
        out
    }

    /// The `n` ports with the largest queues so far, largest first (timeline indices).
    pub fn busiest_ports(&self, n: usize) -> Vec<usize> {
        self.view().busiest_ports(n)
    }

    /// The sprayed flow with the largest FCT (after the run), else the first sprayed flow.
    pub fn slowest_flow(&self) -> usize {
        if let Some(r) = &self.report {
            let slowest = r
                .flows
                .iter()
                .enumerate()
                .filter(|(_, f)| f.sprayed)
                .max_by(|a, b| {
                    a.1.fct_us
                        .unwrap_or(f64::MAX)
                        .total_cmp(&b.1.fct_us.unwrap_or(f64::MAX))
                });
            if let Some((i, _)) = slowest {
                return i;
            }
        }
        self.meta
            .as_ref()
            .and_then(|m| m.flows.iter().position(|f| f.2))
            .unwrap_or(0)
    }

    /// A copy for the comparison list: the per-bucket summary and the report, not the samples.
    pub fn summary_copy(&self) -> RunData {
        RunData {
            id: self.id,
            scenario: self.scenario.clone(),
            meta: None,
            batches: Vec::new(),
            summary: self.summary.clone(),
            port_peak: Vec::new(),
            progress: self.progress,
            elapsed_ms: self.elapsed_ms,
            report: self.report.clone(),
            cancelled: self.cancelled,
            kept_values: 0,
            kept_bucket_us: 0.0,
            max_values: self.max_values,
            max_summaries: self.max_summaries,
        }
    }

    /// A short name for the run's scenario: `mswift · ops · k=8 · 4 elephants · 8MiB · seed 1`.
    pub fn label(&self) -> String {
        let s = &self.scenario;
        use crate::scenario::registry as r;
        let field = |f: &r::Field| f.get(s);
        let history = match s.cca.history {
            crate::scenario::History::Nyquist => String::new(),
            crate::scenario::History::Fixed(h) => format!(" H={h}"),
        };
        format!(
            "{}{history} · {} · k={} · {} elephants · {} · seed {}",
            field(&r::CCA_ALGORITHM),
            field(&r::LB_SCHEME),
            s.topology.k,
            s.workload.elephants,
            field(&r::WORKLOAD_FLOW_SIZE_BYTES),
            s.seed
        )
    }

    /// The timelines as CSV (the command line's `--timeline` format).
    pub fn timeline_csv(&self) -> String {
        let names = self
            .meta
            .as_ref()
            .map(|m| m.port_names.clone())
            .unwrap_or_default();
        let mut out = String::from(CSV_HEADER);
        for b in &self.batches {
            b.write_csv(&names, &mut out);
        }
        out
    }
}
