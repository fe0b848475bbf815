//! How a percentile filter stores its samples: delays in picoseconds, in 32 bits while they
//! fit (below 4.29 ms, as every delay of a datacenter run is) and in 64 bits for good once one
//! does not. Both widths read back as the same `u64`, so the percentiles never depend on the
//! width; the narrow one halves the filters' memory (MSwift keeps up to 500 samples a flow,
//! 41 MB at 8192 flows in 64 bits).

use super::estimator::SlidingPercentile;

/// A sample's storage type.
pub trait Sample: Copy + Ord + Default + Into<u64> + std::fmt::Debug {}
impl Sample for u32 {}
impl Sample for u64 {}

/// A filter's samples: narrow until one does not fit 32 bits, then wide.
#[derive(Clone, Debug)]
pub enum Samples {
    Narrow(SlidingPercentile<u32>),
    Wide(SlidingPercentile<u64>),
}

impl Samples {
    /// Room for up to `capacity` samples, narrow.
    pub fn new(capacity: usize) -> Self {
        Samples::Narrow(SlidingPercentile::new(capacity))
    }

    /// Adds `sample`, makes the window the newest `h`, and returns its percentile `p`.
    pub fn record(&mut self, sample: u64, h: usize, p: u32) -> f64 {
        match self {
            Samples::Narrow(s) => match u32::try_from(sample) {
                Ok(x) => s.record(x, h, p),
                Err(_) => {
                    let mut wide = s.widen();
                    let out = wide.record(sample, h, p);
                    *self = Samples::Wide(wide);
                    out
                }
            },
            Samples::Wide(s) => s.record(sample, h, p),
        }
    }

    /// Bytes held on the heap: the samples in arrival order and sorted.
    pub fn heap_bytes(&self) -> usize {
        match self {
            Samples::Narrow(s) => s.heap_bytes(),
            Samples::Wide(s) => s.heap_bytes(),
        }
    }

    /// Most samples kept: the largest H the filter can be asked for.
    pub fn capacity(&self) -> usize {
        match self {
            Samples::Narrow(s) => s.capacity,
            Samples::Wide(s) => s.capacity,
        }
    }

    /// Samples in the current window.
    pub fn window_len(&self) -> usize {
        match self {
            Samples::Narrow(s) => s.window_len(),
            Samples::Wide(s) => s.window_len(),
        }
    }
}

impl<T: Sample> SlidingPercentile<T> {
    fn record(&mut self, x: T, h: usize, p: u32) -> f64 {
        if !self.slide(x, h) {
            self.push(x);
            self.set_window(h);
        }
        self.percentile(p).unwrap_or(x.into() as f64)
    }

    fn heap_bytes(&self) -> usize {
        (self.ring.capacity() + self.window.capacity()) * std::mem::size_of::<T>()
    }
}

impl SlidingPercentile<u32> {
    /// The same samples, in 64 bits.
    #[cold]
    #[inline(never)]
    fn widen(&self) -> SlidingPercentile<u64> {
        SlidingPercentile {
            ring: self.ring.iter().map(|&x| x.into()).collect(),
            capacity: self.capacity,
            head: self.head,
            count: self.count,
            window: self.window.iter().map(|&x| x.into()).collect(),
        }
    }
}
