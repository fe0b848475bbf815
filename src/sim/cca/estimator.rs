//! The median framework: a sliding-window percentile over the last H congestion signals.
//!
//! The paper's fix for throughput collapse is to decide on the median of the last H signals
//! instead of the latest one (§III). This module is that estimator, independent of any CCA:
//! MSwift and MNSCC (and the P10/P90 variants) all wrap it.
//!
//! H follows the paper's Nyquist rule, H = max(⌊K/2⌋, 1), where K is the number of packets over
//! which a flow's cwnd grows by one packet (K = W for Swift, K = min(W, 8) for NSCC), or is fixed.
//!
//! Cost: the window is kept sorted. A new sample is one binary search and one `memmove` of at
//! most H values; changing H moves the oldest samples in or out one by one. The percentile is
//! then a lookup.
//!
//! Memory follows what a flow has used: the raw samples live in a ring that starts at 8 and
//! doubles as samples arrive, up to the largest H the rule can ask for (1024 for Swift's
//! K = W, 4 for NSCC's K ≤ 8), and the sorted window holds H values. A ring that never drops a
//! sample the largest H could need gives the same percentiles as one allocated full at the
//! start; at 8192 flows the full one took 134 MB before the first packet. Each sample takes 4
//! bytes while delays fit 32 bits of picoseconds. The sorted window and its ring live with the
//! samples' storage ([`super::samples`]); this module decides which H and which percentile.

use super::samples::Samples;
use crate::scenario::History;

/// The reusable "decide on a percentile of the last H signals" filter.
#[derive(Clone, Debug)]
pub struct PercentileFilter {
    samples: Samples,
    rule: History,
    percentile: u32,
}

impl PercentileFilter {
    /// A filter whose growth periods never exceed `max_growth_period` packets (`None`: no
    /// bound): no H it can be asked for exceeds the capacity this gives it.
    pub fn new(rule: History, percentile: u32, max_growth_period: Option<f64>) -> Self {
        PercentileFilter {
            samples: Samples::new(rule.most(max_growth_period)),
            rule,
            percentile,
        }
    }

    /// Records `sample` and returns the decision signal: the percentile of the last H samples,
    /// with H from the rule and the flow's current `growth_period` (packets per +1 cwnd).
    pub fn update(&mut self, sample: u64, growth_period: f64) -> f64 {
        let h = self.rule.size(growth_period);
        debug_assert!(
            h <= self.samples.capacity(),
            "H {h} beyond the filter's bound"
        );
        self.samples.record(sample, h, self.percentile)
    }

    /// Bytes it holds on the heap: its samples in arrival order and sorted.
    pub fn heap_bytes(&self) -> usize {
        self.samples.heap_bytes()
    }

    /// The H used at the last update.
    pub fn history(&self) -> usize {
        self.samples.window_len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::samples::SlidingPercentile;
    use super::*;

    fn naive(samples: &[u64], h: usize, p: u32) -> f64 {
        let mut w: Vec<u64> = samples[samples.len().saturating_sub(h)..].to_vec();
        w.sort();
        let n = w.len();
        if p == 50 {
            if n % 2 == 1 {
                w[n / 2] as f64
            } else {
                (w[n / 2 - 1] + w[n / 2]) as f64 / 2.0
            }
        } else {
            w[p as usize * (n - 1) / 100] as f64
        }
    }

    #[test]
    fn nyquist_rule_is_half_the_growth_period_at_least_one() {
        assert_eq!(History::Nyquist.size(153.0), 76);
        assert_eq!(History::Nyquist.size(3.9), 1);
        assert_eq!(History::Nyquist.size(0.01), 1);
        assert_eq!(
            History::Nyquist.size(1e9),
            crate::scenario::MAX_HISTORY as usize
        );
        assert_eq!(History::Fixed(7).size(153.0), 7);
    }

    #[test]
    fn median_of_odd_and_even_windows() {
        let mut s = SlidingPercentile::<u64>::new(16);
        for x in [5, 1, 9, 3] {
            s.push(x);
        }
        s.set_window(3); // 1, 9, 3
        assert_eq!(s.percentile(50), Some(3.0));
        s.set_window(4); // 5, 1, 9, 3
        assert_eq!(s.percentile(50), Some(4.0));
        assert_eq!(s.percentile(10), Some(1.0));
        assert_eq!(s.percentile(90), Some(5.0)); // rank ⌊0.9·3⌋ = 2
    }

    #[test]
    fn window_follows_a_changing_h_like_a_naive_sort() {
        let mut s = SlidingPercentile::<u64>::new(64);
        let mut all = Vec::new();
        let mut x: u64 = 12345;
        for i in 0..2000 {
            x = crate::sim::rng::mix64(x) % 1000;
            all.push(x);
            s.push(x);
            let h = 1 + (i * 7919 % 64);
            s.set_window(h);
            for p in [10, 50, 90] {
                assert_eq!(
                    s.percentile(p).unwrap(),
                    naive(&all, h.min(all.len()), p),
                    "i={i} h={h} p={p}"
                );
            }
        }
    }

    #[test]
    fn the_filter_slides_like_a_naive_sort_as_h_holds_and_changes() {
        // runs of a steady H (the sliding step) between changes (the general step), duplicates
        // included, for the median and the nearest-rank percentiles
        for p in [10, 50, 90] {
            let mut f = PercentileFilter::new(History::Nyquist, p, None);
            let mut all = Vec::new();
            let mut x: u64 = 99;
            for i in 0..3000u64 {
                x = crate::sim::rng::mix64(x);
                let sample = x % 50;
                all.push(sample);
                let growth = 2.0 * (1 + (i / 97) % 40) as f64 + 0.5;
                let h = History::Nyquist.size(growth);
                assert_eq!(f.update(sample, growth), naive(&all, h.min(all.len()), p));
                assert_eq!(f.history(), h.min(all.len()));
            }
        }
    }

    #[test]
    fn memory_follows_the_samples_and_the_largest_h() {
        let mut f = PercentileFilter::new(History::Nyquist, 50, None);
        for i in 0..10 {
            f.update(i, 1e6);
        }
        // ten samples in a ring grown 8 → 16, not the 1024 that H could reach, of 4 bytes each
        let Samples::Narrow(s) = &f.samples else {
            panic!("delays under 4.29 ms are kept in 32 bits")
        };
        assert_eq!(s.ring.len(), 16);
        assert!(s.window.capacity() < 64);
        assert_eq!(
            f.heap_bytes(),
            (s.ring.capacity() + s.window.capacity()) * 4
        );
        // NSCC's growth period stops at 8 packets: H ≤ 4, so four samples are all it keeps
        let mut f = PercentileFilter::new(History::Nyquist, 50, Some(8.0));
        for i in 0..100 {
            f.update(i, 8.0);
        }
        let Samples::Narrow(s) = &f.samples else {
            panic!("narrow")
        };
        assert_eq!(s.ring.len(), 4);
        assert_eq!(f.history(), 4);
    }

    #[test]
    fn a_sample_beyond_32_bits_widens_the_filter_and_changes_no_percentile() {
        for p in [10, 50, 90] {
            let mut f = PercentileFilter::new(History::Nyquist, p, None);
            let mut all = Vec::new();
            let mut x: u64 = 7;
            for i in 0..600u64 {
                x = crate::sim::rng::mix64(x);
                // small delays, then from the 300th one a few beyond u32::MAX among them
                let sample = match i >= 300 && i % 7 == 0 {
                    true => u32::MAX as u64 + x % 1000,
                    false => x % 5000,
                };
                all.push(sample);
                let growth = 2.0 * (1 + (i / 31) % 20) as f64 + 0.5;
                let h = History::Nyquist.size(growth);
                assert_eq!(f.update(sample, growth), naive(&all, h.min(all.len()), p));
                assert_eq!(matches!(f.samples, Samples::Wide(_)), i >= 301, "i={i}");
            }
        }
    }

    #[test]
    fn fewer_samples_than_h_uses_all_of_them() {
        let mut f = PercentileFilter::new(History::Fixed(5), 50, None);
        assert_eq!(f.update(10, 100.0), 10.0);
        assert_eq!(f.update(30, 100.0), 20.0);
        assert_eq!(f.history(), 2);
    }

    #[test]
    fn median_ignores_a_minority_of_congested_samples() {
        // one long-path sample every 4 packets (q = 1/4 < 1/3): the median stays short (Thm 6)
        let mut f = PercentileFilter::new(History::Fixed(3), 50, None);
        for i in 0..100u64 {
            let d = if i % 4 == 0 { 20 } else { 6 };
            let m = f.update(d, 100.0);
            if i >= 2 {
                assert_eq!(m, 6.0);
            }
        }
    }
}
