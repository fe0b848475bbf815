//! How a percentile filter keeps its samples: the last H in a ring and sorted
//! ([`SlidingPercentile`]), delays in picoseconds, in 32 bits while they
//! fit (below 4.29 ms, as every delay of a datacenter run is) and in 64 bits for good once one
//! does not. Both widths read back as the same `u64`, so the percentiles never depend on the
//! width; the narrow one halves the filters' memory (MSwift keeps up to 500 samples a flow,
//! 41 MB at 8192 flows in 64 bits).

/// Slots a ring starts with.
const FIRST_RING: usize = 8;

/// A percentile of the last H samples, H changeable at every sample.
#[derive(Clone, Debug)]
pub struct SlidingPercentile<T> {
    /// Raw samples in arrival order: a ring of `ring.len()` slots, grown on demand up to
    /// `capacity`.
    pub(super) ring: Vec<T>,
    /// Most samples kept: the largest H asked of this window.
    pub(super) capacity: usize,
    /// Where the next sample goes in `ring`.
    pub(super) head: usize,
    /// Samples held in `ring` (at most its capacity).
    pub(super) count: usize,
    /// The newest `window.len()` samples, sorted.
    pub(super) window: Vec<T>,
}

impl<T: Sample> SlidingPercentile<T> {
    pub fn new(capacity: usize) -> Self {
        let capacity = capacity.max(1);
        SlidingPercentile {
            ring: vec![T::default(); capacity.min(FIRST_RING)],
            capacity,
            head: 0,
            count: 0,
            window: Vec::new(),
        }
    }

    /// Doubles a full ring that is below `capacity`, oldest sample first, so that no sample
    /// leaves it before `capacity` newer ones have arrived.
    #[inline(always)]
    fn make_room(&mut self) {
        if self.count == self.ring.len() && self.count < self.capacity {
            self.grow();
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let cap = self.ring.len();
        let grown = (cap * 2).min(self.capacity);
        let mut ring = Vec::with_capacity(grown);
        ring.extend_from_slice(&self.ring[self.head..]);
        ring.extend_from_slice(&self.ring[..self.head]);
        ring.resize(grown, T::default());
        self.head = cap;
        self.ring = ring;
    }

    /// The ring slot after `head`, wrapped without a division.
    fn after_head(&self) -> usize {
        let next = self.head + 1;
        if next == self.ring.len() {
            0
        } else {
            next
        }
    }

    /// The `i`-th newest sample (0 = newest).
    fn newest(&self, i: usize) -> T {
        let cap = self.ring.len();
        // head < cap and i < cap: one subtraction wraps it, where `%` would divide
        let j = self.head + cap - 1 - i;
        self.ring[if j >= cap { j - cap } else { j }]
    }

    fn insert_sorted(&mut self, x: T) {
        let at = self.window.partition_point(|&v| v < x);
        self.window.insert(at, x);
    }

    fn remove_sorted(&mut self, x: T) {
        let at = self.window.partition_point(|&v| v < x);
        debug_assert_eq!(self.window.get(at), Some(&x));
        self.window.remove(at);
    }

    /// Replaces one sample equal to `old` in the sorted window by `new`: the elements between
    /// the two positions move by one, instead of a removal and an insertion that each move
    /// everything after their position.
    fn replace_sorted(&mut self, old: T, new: T) {
        let w = &mut self.window;
        let from = w.partition_point(|&v| v < old);
        debug_assert_eq!(w.get(from), Some(&old));
        // where `new` goes once `old` is out: among the others, after every smaller value
        let to = w.partition_point(|&v| v < new) - usize::from(old < new);
        if to >= from {
            w.copy_within(from + 1..to + 1, from);
        } else {
            w.copy_within(to..from, to + 1);
        }
        w[to] = new;
    }

    /// Adds a sample and keeps the window at `h` samples when it already holds `h`: the
    /// oldest of them leaves as the new one enters (the step every ACK takes once H is
    /// steady). Returns false, changing nothing, when the window does not hold `h` samples.
    pub(super) fn slide(&mut self, x: T, h: usize) -> bool {
        if h == 0 || self.window.len() != h {
            return false;
        }
        let leaving = self.newest(h - 1);
        self.replace_sorted(leaving, x);
        self.make_room();
        let cap = self.ring.len();
        self.count = (self.count + 1).min(cap);
        self.ring[self.head] = x;
        self.head = self.after_head();
        true
    }

    /// Adds a sample; the window grows by one to include it.
    pub fn push(&mut self, x: T) {
        self.make_room();
        let cap = self.ring.len();
        if self.count == cap {
            // the oldest sample leaves the ring; drop it from the window if it is there
            if self.window.len() == cap {
                let oldest = self.ring[self.head];
                self.remove_sorted(oldest);
            }
        } else {
            self.count += 1;
        }
        self.ring[self.head] = x;
        self.head = self.after_head();
        self.insert_sorted(x);
    }

    /// Makes the window the newest `h` samples (all of them when fewer are held).
    pub fn set_window(&mut self, h: usize) {
        let h = h.clamp(1, self.count.max(1)).min(self.count);
        while self.window.len() > h {
            let oldest = self.newest(self.window.len() - 1);
            self.remove_sorted(oldest);
        }
        while self.window.len() < h {
            let next_older = self.newest(self.window.len());
            self.insert_sorted(next_older);
        }
    }

    /// Samples in the current window.
    pub fn window_len(&self) -> usize {
        self.window.len()
    }

    /// The `p`-th percentile of the window (p in 1..=99), `None` when empty.
    ///
    /// p = 50 is the median: the middle value, or the mean of the two middle values for an even
    /// window (ALGORITHMS.md §15 A4). Other p take the nearest rank x[⌊p·(H−1)/100⌋] (ALGORITHMS.md §9).
    pub fn percentile(&self, p: u32) -> Option<f64> {
        let n = self.window.len();
        if n == 0 {
            return None;
        }
        if p == 50 {
            let mid = n / 2;
            if n % 2 == 1 {
                Some(self.window[mid].into() as f64)
            } else {
                Some((self.window[mid - 1].into() as f64 + self.window[mid].into() as f64) / 2.0)
            }
        } else {
            let rank = (p as usize * (n - 1)) / 100;
            Some(self.window[rank].into() as f64)
        }
    }
}

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
