//! What the figures draw, as plain data: a run's timeline borrowed from whoever keeps it, the
//! runs a comparison overlays with their names, a decision at the cursor, the theory's points.
//! The page's session keeps the runs and builds these; the figures read nothing above them.

use crate::protocol::RunMeta;
use crate::scenario::{CcaName, Scenario};
use crate::sim::timeline::TimelineBatch;
use crate::sim::trace::Decision;
use crate::sim::Progress;
use crate::Report;

/// One bucket's aggregate over the flows: what the time charts draw over a long run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BucketSummary {
    pub time_us: f64,
    /// Smallest and largest cwnd of any sprayed flow, and the mean (packets).
    pub cwnd_min: f32,
    pub cwnd_max: f32,
    pub cwnd_mean: f32,
    /// Mean cwnd of the elephants (0 if none).
    pub elephant_cwnd: f32,
}

/// A run as the figures read it.
#[derive(Clone, Copy, Debug)]
pub struct RunView<'a> {
    /// The run's number on the page.
    pub id: u32,
    pub scenario: &'a Scenario,
    /// What the worker said of the run before its first sample (ports, references).
    pub meta: Option<&'a RunMeta>,
    pub batches: &'a [TimelineBatch],
    /// One aggregate per bucket, in time order.
    pub summary: &'a [BucketSummary],
    /// Largest queue of every port so far (bytes).
    pub port_peak: &'a [f32],
    pub progress: Option<Progress>,
    pub report: Option<&'a Report>,
}

impl<'a> RunView<'a> {
    /// Every bucket as (time µs, batch, index within the batch).
    pub fn buckets(&self) -> impl Iterator<Item = (f64, &'a TimelineBatch, usize)> {
        self.batches
            .iter()
            .flat_map(|b| (0..b.buckets).map(move |i| (b.time_us(i), b, i)))
    }

    /// Simulated time covered so far, µs.
    pub fn span_us(&self) -> f64 {
        self.summary
            .last()
            .map_or(0.0, |s| s.time_us)
            .max(self.progress.map_or(0.0, |p| p.sim_time_us))
    }

    /// The `n` ports with the largest queues so far, largest first (timeline indices).
    pub fn busiest_ports(&self, n: usize) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.port_peak.len())
            .filter(|&p| self.port_peak[p] > 0.0)
            .collect();
        idx.sort_by(|&a, &b| self.port_peak[b].total_cmp(&self.port_peak[a]));
        idx.truncate(n);
        idx
    }

    /// The run's CCA as the palette and the legends name it.
    pub fn cca(&self) -> CcaName {
        let c = &self.scenario.cca;
        CcaName::of_config(c.algorithm, c.percentile)
    }
}

/// A run of a comparison and the name its legend gives it.
#[derive(Clone, Debug)]
pub struct Compared<'a> {
    pub run: RunView<'a>,
    pub label: String,
}

/// The decision at the cursor of a traced flow.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionAt {
    pub flow: usize,
    /// The decision's index in the trace, and the decision.
    pub index: usize,
    pub row: Decision,
    /// The samples it was taken on, the latest last.
    pub samples: Vec<(f64, f64)>,
    /// What the CCA takes of its samples ("median", "90th percentile"); `None`: the latest.
    pub statistic: Option<String>,
    pub sentence: String,
}

/// One simulated point of the theory: a CCA's throughput at q.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TheoryPoint {
    pub cca: CcaName,
    pub q: f64,
    pub gbps: f64,
}
