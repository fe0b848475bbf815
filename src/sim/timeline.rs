//! Timelines sampled every Δ of simulated time, with bounded memory, drained incrementally.
//!
//! Each sample records, per flow, cwnd (packets), the decision signal (the delay the CCA decided
//! on: MSwift's median, the latest delay otherwise) and the raw latest delay (µs); and per switch
//! port, the largest queue occupancy (bytes) since the previous sample; and per flow and path
//! slot, the data packets that crossed that path's highest switch since the previous sample
//! (how a sprayed flow spreads over its paths; see [`super::network::Network::path_slot`]).
//! Path counts saturate at 255 per bucket: at the default 1 µs interval an 800 Gbps flow sends
//! about 25 packets.
//!
//! Samples accumulate into buckets that keep the min and max of every series. Between two drains
//! at most `max_buffered` buckets are held: when full, neighbouring buckets merge pairwise and a
//! bucket then covers twice as many samples. A drain hands over every bucket and starts afresh
//! at one sample per bucket, so a consumer that drains often (the web worker) gets full
//! resolution, and one that never drains still holds a bounded amount.
//!
//! The run's end is sampled too: when the run finishes between two ticks of the interval, a
//! *closing sample* taken at that moment ends the timeline as a bucket of its own, off the grid
//! ([`TimelineBatch::end_us`]), so a replay's last picture is the run as it ended.

use super::time::{to_us, SimTime};
use serde::{Deserialize, Serialize};

/// The smallest and largest value in a bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MinMax {
    pub min: f32,
    pub max: f32,
}

impl MinMax {
    fn of(v: f32) -> MinMax {
        MinMax { min: v, max: v }
    }
    fn merge(&mut self, o: MinMax) {
        self.min = self.min.min(o.min);
        self.max = self.max.max(o.max);
    }
}

/// One sample's values, written by the simulation into reusable buffers.
#[derive(Default)]
pub struct SampleRow {
    pub cwnd: Vec<f32>,
    pub signal_us: Vec<f32>,
    pub raw_delay_us: Vec<f32>,
    /// The delay the CCA holds its signal to (0 for a CCA without one).
    pub target_us: Vec<f32>,
    pub queue_bytes: Vec<f32>,
    /// Data packets per (flow, path slot) since the last sample, flow-major.
    pub path_pkts: Vec<u8>,
}

/// Buckets drained from a running simulation. Series are row-major: bucket `b`, flow `f` is at
/// `b * flows + f` (ports likewise).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimelineBatch {
    /// Time of the first sample of the first bucket, µs.
    pub start_us: f64,
    /// Time between the first samples of consecutive buckets, µs.
    pub bucket_us: f64,
    pub buckets: usize,
    pub flows: usize,
    pub ports: usize,
    pub cwnd: Vec<MinMax>,
    pub signal_us: Vec<MinMax>,
    pub raw_delay_us: Vec<MinMax>,
    /// The delay each flow's CCA holds its signal to, µs (0: none, a CCA without a target).
    pub target_us: Vec<MinMax>,
    pub queue_bytes: Vec<MinMax>,
    /// Path slots per flow; bucket `b`, flow `f`, slot `s` of `path_pkts` is at
    /// `(b * flows + f) * paths + s`.
    pub paths: usize,
    pub path_pkts: Vec<u8>,
    /// When the run ended in this batch between two ticks: the time of its last bucket, the
    /// closing sample, µs (the other buckets stay on the grid of `bucket_us`).
    pub end_us: Option<f64>,
}

impl TimelineBatch {
    pub fn is_empty(&self) -> bool {
        self.buckets == 0
    }

    /// Values held: the min/max series and the path counts.
    pub fn values(&self) -> usize {
        self.cwnd.len()
            + self.signal_us.len()
            + self.raw_delay_us.len()
            + self.target_us.len()
            + self.queue_bytes.len()
            + self.path_pkts.len()
    }

    /// Appends a copy of bucket `i` of `src` (a batch of the same shape) as a new bucket, or
    /// merges it into the last one (min and max kept, path counts added, saturating).
    pub fn take_bucket(&mut self, src: &TimelineBatch, i: usize, into_last: bool) {
        let (f, p, w) = (src.flows, src.ports, src.flows * src.paths);
        let pairs = [
            (&mut self.cwnd, &src.cwnd, f),
            (&mut self.signal_us, &src.signal_us, f),
            (&mut self.raw_delay_us, &src.raw_delay_us, f),
            (&mut self.target_us, &src.target_us, f),
            (&mut self.queue_bytes, &src.queue_bytes, p),
        ];
        for (dst, from, width) in pairs {
            let row = &from[i * width..(i + 1) * width];
            if into_last {
                let at = dst.len() - width;
                for (d, &m) in dst[at..].iter_mut().zip(row) {
                    d.merge(m);
                }
            } else {
                dst.extend_from_slice(row);
            }
        }
        let row = &src.path_pkts[i * w..(i + 1) * w];
        if into_last {
            let at = self.path_pkts.len() - w;
            for (d, &n) in self.path_pkts[at..].iter_mut().zip(row) {
                *d = d.saturating_add(n);
            }
        } else {
            self.path_pkts.extend_from_slice(row);
            self.buckets += 1;
        }
    }

    /// Time of bucket `b`, µs.
    pub fn time_us(&self, b: usize) -> f64 {
        match self.end_us {
            Some(end) if b + 1 == self.buckets => end,
            _ => self.start_us + b as f64 * self.bucket_us,
        }
    }

    /// Whether bucket `b` is the closing sample, taken at the run's end.
    pub fn is_closing(&self, b: usize) -> bool {
        self.end_us.is_some() && b + 1 == self.buckets
    }

    /// The newest bucket sampled at or before `t_us` (the first one before it starts).
    pub fn bucket_at(&self, t_us: f64) -> usize {
        let last = self.buckets.saturating_sub(1);
        if self.end_us.is_some_and(|end| t_us >= end) {
            return last;
        }
        let on_grid = last - usize::from(self.end_us.is_some() && last > 0);
        let within = ((t_us - self.start_us) / self.bucket_us).floor().max(0.0);
        (within as usize).min(on_grid)
    }

    /// The path counts of flow `f` in bucket `b` (empty when paths were not counted).
    pub fn flow_paths(&self, b: usize, f: usize) -> &[u8] {
        let at = (b * self.flows + f) * self.paths;
        self.path_pkts.get(at..at + self.paths).unwrap_or(&[])
    }
}

/// Header of the timeline CSV.
pub const CSV_HEADER: &str = "time_us,series,id,min,max\n";

impl TimelineBatch {
    /// Appends the batch as long-format CSV rows (`time_us,series,id,min,max`): per flow its
    /// cwnd, decision signal and raw delay; per switch port (named by `port_names`) its queue,
    /// only while non-empty.
    pub fn write_csv(&self, port_names: &[String], out: &mut String) {
        use std::fmt::Write;
        for b in 0..self.buckets {
            let t = self.time_us(b);
            for f in 0..self.flows {
                let at = b * self.flows + f;
                for (name, series) in [
                    ("cwnd_pkts", &self.cwnd),
                    ("signal_us", &self.signal_us),
                    ("raw_delay_us", &self.raw_delay_us),
                    ("target_us", &self.target_us),
                ] {
                    let m = series[at];
                    // a CCA without a target has none to write
                    if name != "target_us" || m.max > 0.0 {
                        let _ = writeln!(out, "{t:.3},{name},flow{f},{},{}", m.min, m.max);
                    }
                }
            }
            for (p, name) in port_names.iter().enumerate().take(self.ports) {
                let m = self.queue_bytes[b * self.ports + p];
                if m.max > 0.0 {
                    let _ = writeln!(out, "{t:.3},queue_bytes,{name},{},{}", m.min, m.max);
                }
            }
        }
    }
}

/// The sampler's buffer.
pub struct Timeline {
    interval: SimTime,
    max_buckets: usize,
    /// Samples per bucket.
    stride: u32,
    /// Samples in the last bucket.
    in_last: u32,
    /// When the newest sample was taken.
    last_at: Option<SimTime>,
    batch: TimelineBatch,
}

impl Timeline {
    pub fn new(
        interval: SimTime,
        max_buffered: u32,
        flows: usize,
        ports: usize,
        paths: usize,
    ) -> Timeline {
        Timeline {
            interval,
            max_buckets: (max_buffered as usize).max(2) & !1,
            stride: 1,
            in_last: 0,
            last_at: None,
            batch: TimelineBatch {
                flows,
                ports,
                paths,
                bucket_us: to_us(interval),
                ..Default::default()
            },
        }
    }

    /// Sampling interval (0: off).
    pub fn interval(&self) -> SimTime {
        self.interval
    }

    /// Adds the sample taken at `now`.
    pub fn record(&mut self, now: SimTime, row: &SampleRow) {
        self.last_at = Some(now);
        if self.batch.buckets == 0 {
            self.batch.start_us = to_us(now);
        }
        if self.batch.buckets > 0 && self.in_last < self.stride {
            self.merge_into_last(row);
            self.in_last += 1;
            return;
        }
        self.push(row);
    }

    /// Adds the closing sample, taken when the run ended at `now`, as a bucket of its own. Nothing
    /// is added when sampling is off, nothing was sampled yet, or the last tick was at `now`.
    pub fn close(&mut self, now: SimTime, row: &SampleRow) {
        if self.interval == 0 || self.last_at.is_none_or(|t| t >= now) {
            return;
        }
        self.last_at = Some(now);
        if self.batch.buckets == 0 {
            self.batch.start_us = to_us(now);
        }
        self.push(row);
        self.batch.end_us = Some(to_us(now));
    }

    /// Adds `row` as a new bucket, halving the buffer first when it is full.
    fn push(&mut self, row: &SampleRow) {
        if self.batch.buckets == self.max_buckets {
            self.halve();
        }
        let b = &mut self.batch;
        b.cwnd.extend(row.cwnd.iter().map(|&v| MinMax::of(v)));
        b.signal_us
            .extend(row.signal_us.iter().map(|&v| MinMax::of(v)));
        b.raw_delay_us
            .extend(row.raw_delay_us.iter().map(|&v| MinMax::of(v)));
        b.target_us
            .extend(row.target_us.iter().map(|&v| MinMax::of(v)));
        b.queue_bytes
            .extend(row.queue_bytes.iter().map(|&v| MinMax::of(v)));
        b.path_pkts.extend_from_slice(&row.path_pkts);
        b.buckets += 1;
        self.in_last = 1;
    }

    fn merge_into_last(&mut self, row: &SampleRow) {
        let b = &mut self.batch;
        let (f0, p0) = ((b.buckets - 1) * b.flows, (b.buckets - 1) * b.ports);
        for (i, &v) in row.cwnd.iter().enumerate() {
            b.cwnd[f0 + i].merge(MinMax::of(v));
            b.signal_us[f0 + i].merge(MinMax::of(row.signal_us[i]));
            b.raw_delay_us[f0 + i].merge(MinMax::of(row.raw_delay_us[i]));
            b.target_us[f0 + i].merge(MinMax::of(row.target_us[i]));
        }
        for (i, &v) in row.queue_bytes.iter().enumerate() {
            b.queue_bytes[p0 + i].merge(MinMax::of(v));
        }
        let s0 = (b.buckets - 1) * b.flows * b.paths;
        for (i, &n) in row.path_pkts.iter().enumerate() {
            b.path_pkts[s0 + i] = b.path_pkts[s0 + i].saturating_add(n);
        }
    }

    /// Merges buckets pairwise: half as many, each covering twice the samples.
    fn halve(&mut self) {
        let b = &mut self.batch;
        let half = b.buckets / 2;
        for series in [
            &mut b.cwnd,
            &mut b.signal_us,
            &mut b.raw_delay_us,
            &mut b.target_us,
        ] {
            pairwise(series, b.flows, half);
        }
        pairwise(&mut b.queue_bytes, b.ports, half);
        let width = b.flows * b.paths;
        for r in 0..half {
            for c in 0..width {
                let sum = b.path_pkts[2 * r * width + c]
                    .saturating_add(b.path_pkts[(2 * r + 1) * width + c]);
                b.path_pkts[r * width + c] = sum;
            }
        }
        b.path_pkts.truncate(half * width);
        b.buckets = half;
        b.bucket_us *= 2.0;
        self.stride *= 2;
        self.in_last = self.stride;
    }

    /// Hands over everything sampled since the last drain.
    pub fn drain(&mut self) -> TimelineBatch {
        let fresh = TimelineBatch {
            flows: self.batch.flows,
            ports: self.batch.ports,
            paths: self.batch.paths,
            bucket_us: to_us(self.interval),
            ..Default::default()
        };
        self.stride = 1;
        self.in_last = 0;
        std::mem::replace(&mut self.batch, fresh)
    }

    /// Path slots per flow.
    pub fn paths(&self) -> usize {
        self.batch.paths
    }

    /// Buckets currently held.
    pub fn buffered(&self) -> usize {
        self.batch.buckets
    }
}

/// Merges rows (2i, 2i+1) of a row-major series of `width` columns into row i, keeping `rows`.
fn pairwise(series: &mut Vec<MinMax>, width: usize, rows: usize) {
    for r in 0..rows {
        for c in 0..width {
            let mut m = series[2 * r * width + c];
            m.merge(series[(2 * r + 1) * width + c]);
            series[r * width + c] = m;
        }
    }
    series.truncate(rows * width);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(v: f32) -> SampleRow {
        SampleRow {
            cwnd: vec![v, -v],
            signal_us: vec![v; 2],
            raw_delay_us: vec![v; 2],
            target_us: vec![v; 2],
            queue_bytes: vec![v * 10.0],
            path_pkts: vec![v as u8, 1, 0, 200],
        }
    }

    #[test]
    fn full_resolution_when_drained_often() {
        let mut t = Timeline::new(1_000_000, 8, 2, 1, 2);
        for i in 0..5 {
            t.record(i * 1_000_000, &row(i as f32));
        }
        let b = t.drain();
        assert_eq!((b.buckets, b.bucket_us, b.start_us), (5, 1.0, 0.0));
        assert_eq!(b.cwnd[2 * 3], MinMax { min: 3.0, max: 3.0 });
        assert_eq!(
            b.queue_bytes[4],
            MinMax {
                min: 40.0,
                max: 40.0
            }
        );
        assert!(t.drain().is_empty());
    }

    #[test]
    fn csv_rows_name_series_and_skip_empty_queues() {
        let mut t = Timeline::new(1_000_000, 8, 2, 2, 2);
        let mut r = row(2.0);
        r.queue_bytes = vec![0.0, 5.0];
        // flow 1's CCA has no target: no row for it
        r.target_us = vec![7.0, 0.0];
        t.record(3_000_000, &r);
        let mut out = String::from(CSV_HEADER);
        t.drain().write_csv(&["a".into(), "b".into()], &mut out);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1 + 4 + 3 + 1, "{out}");
        assert_eq!(lines[1], "3.000,cwnd_pkts,flow0,2,2");
        assert_eq!(lines[4], "3.000,target_us,flow0,7,7");
        assert_eq!(lines[8], "3.000,queue_bytes,b,5,5");
    }

    #[test]
    fn the_run_s_end_is_a_closing_sample_off_the_grid() {
        let mut t = Timeline::new(1_000_000, 8, 2, 1, 2);
        for i in 0..3 {
            t.record(i * 1_000_000, &row(i as f32));
        }
        t.close(2_400_000, &row(9.0));
        let b = t.drain();
        assert_eq!((b.buckets, b.end_us), (4, Some(2.4)));
        assert_eq!((b.time_us(2), b.time_us(3)), (2.0, 2.4));
        assert!(b.is_closing(3) && !b.is_closing(2));
        assert_eq!(b.cwnd[3 * 2], MinMax { min: 9.0, max: 9.0 });
        let at = |us: f64| b.bucket_at(us);
        assert_eq!(
            (at(-1.0), at(0.5), at(2.39), at(2.4), at(50.0)),
            (0, 0, 2, 3, 3)
        );
        // a run that ends on a tick has nothing more to show
        t.record(3_000_000, &row(1.0));
        t.close(3_000_000, &row(2.0));
        let b = t.drain();
        assert_eq!((b.buckets, b.end_us), (1, None));
        // nor does one never sampled
        let mut off = Timeline::new(0, 8, 2, 1, 2);
        off.close(5, &row(1.0));
        assert!(off.drain().is_empty());
    }

    #[test]
    fn a_closing_sample_on_a_full_buffer_halves_it_first() {
        let mut t = Timeline::new(1_000_000, 8, 2, 1, 2);
        for i in 0..8 {
            t.record(i * 1_000_000, &row(i as f32));
        }
        t.close(7_500_000, &row(20.0));
        let b = t.drain();
        assert_eq!((b.buckets, b.bucket_us), (5, 2.0));
        assert_eq!((b.time_us(3), b.time_us(4)), (6.0, 7.5));
        assert_eq!(b.cwnd[3 * 2], MinMax { min: 6.0, max: 7.0 });
        assert_eq!(b.cwnd[4 * 2].max, 20.0);
    }

    #[test]
    fn memory_stays_bounded_and_min_max_survive() {
        let mut t = Timeline::new(1_000_000, 8, 2, 1, 2);
        for i in 0..1000 {
            t.record(i * 1_000_000, &row(i as f32));
            assert!(t.buffered() <= 8);
        }
        let b = t.drain();
        assert!(b.buckets <= 8 && b.buckets >= 4, "{}", b.buckets);
        assert_eq!(b.bucket_us, 128.0);
        assert_eq!(
            b.cwnd[0],
            MinMax {
                min: 0.0,
                max: 127.0
            }
        );
        assert_eq!(
            b.cwnd[1],
            MinMax {
                min: -127.0,
                max: 0.0
            }
        );
        let last = b.buckets - 1;
        assert_eq!(b.cwnd[last * 2].max, 999.0);
        // after a drain, full resolution again
        t.record(0, &row(1.0));
        assert_eq!(t.drain().bucket_us, 1.0);
    }
}
