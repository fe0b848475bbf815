//! Folding: a run of any length kept for replay in bounded memory.
//!
//! The worker streams batches at full resolution, and a run keeps them as they came while they
//! fit its limit. Past it, every bucket is folded onto one grid twice as coarse as the widest
//! bucket so far, aligned to time zero (cell `g` of width `w` covers `[g·w, (g+1)·w)`): buckets
//! in the same cell merge, min and max kept and path counts added, and the run becomes one batch
//! at that width. Batches that arrive later fold onto the same grid; each further excess doubles
//! it. A sample therefore always lies in the bucket that covers its time, between its min and max;
//! the closing sample taken at the run's end keeps a bucket of its own.

use crate::sim::timeline::TimelineBatch;

/// Every bucket of `batches` (of one shape) on a grid of `width` µs, as one batch.
pub fn regrid(batches: &[TimelineBatch], width: f64) -> TimelineBatch {
    let mut kept = TimelineBatch {
        bucket_us: width,
        ..Default::default()
    };
    if let Some(b) = batches.first() {
        (kept.flows, kept.ports, kept.paths) = (b.flows, b.ports, b.paths);
    }
    for b in batches {
        fold(&mut kept, b);
    }
    kept
}

/// Folds every bucket of `src` onto the grid of `kept` (its `bucket_us`), which must be at least
/// as wide as `src`'s buckets and follow on from them in time. A closing sample (the run's end)
/// keeps its own bucket and time.
pub fn fold(kept: &mut TimelineBatch, src: &TimelineBatch) {
    let w = kept.bucket_us;
    for i in 0..src.buckets {
        // the cell a bucket's first sample falls in (a hair of slack for float rounding)
        let cell = (src.time_us(i) / w + 1e-9).floor();
        if kept.buckets == 0 {
            kept.start_us = cell * w;
        }
        let last = (kept.start_us / w).round() + kept.buckets as f64 - 1.0;
        // the closing sample stays a bucket of its own, at the run's end
        let closing = src.is_closing(i);
        kept.take_bucket(src, i, !closing && kept.buckets > 0 && cell <= last);
        if closing {
            kept.end_us = src.end_us;
        }
    }
}
