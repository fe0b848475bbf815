//! Decimation to the canvas width: per-pixel-column min, max and mean of a sampled value.

/// Per-column min/max/mean of a value sampled at times in a range (samples outside it are
/// left out).
pub(super) struct Columns {
    start: f64,
    span: f64,
    min: Vec<f32>,
    max: Vec<f32>,
    sum: Vec<f32>,
    n: Vec<u32>,
}

impl Columns {
    pub(super) fn new(width: usize, range: std::ops::Range<f64>) -> Columns {
        let w = width.max(2);
        Columns {
            start: range.start,
            span: (range.end - range.start).max(1e-9),
            min: vec![f32::MAX; w],
            max: vec![f32::MIN; w],
            sum: vec![0.0; w],
            n: vec![0; w],
        }
    }

    pub(super) fn add(&mut self, t: f64, lo: f32, hi: f32) {
        let w = self.n.len();
        let at = (t - self.start) / self.span;
        if !(0.0..=1.0).contains(&at) {
            return;
        }
        let c = ((at * (w - 1) as f64).round() as usize).min(w - 1);
        self.min[c] = self.min[c].min(lo);
        self.max[c] = self.max[c].max(hi);
        self.sum[c] += (lo + hi) / 2.0;
        self.n[c] += 1;
    }

    pub(super) fn x(&self, c: usize) -> f64 {
        self.start + c as f64 / (self.n.len() - 1) as f64 * self.span
    }

    pub(super) fn filled(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        (0..self.n.len()).filter(|&c| self.n[c] > 0)
    }

    pub(super) fn means(&self) -> Vec<(f64, f64)> {
        self.filled()
            .map(|c| (self.x(c), (self.sum[c] / self.n[c] as f32) as f64))
            .collect()
    }

    pub(super) fn maxes(&self) -> Vec<(f64, f64)> {
        self.filled()
            .map(|c| (self.x(c), self.max[c] as f64))
            .collect()
    }

    /// The band between the column minima and maxima, as a closed polygon.
    pub(super) fn band(&self) -> Vec<(f64, f64)> {
        let mut pts: Vec<(f64, f64)> = self
            .filled()
            .map(|c| (self.x(c), self.max[c] as f64))
            .collect();
        pts.extend(self.filled().rev().map(|c| (self.x(c), self.min[c] as f64)));
        pts
    }

    /// Whether any sample fell in range.
    pub(super) fn is_empty(&self) -> bool {
        self.filled().next().is_none()
    }

    pub(super) fn top(&self) -> f64 {
        self.max.iter().copied().fold(0.0f32, f32::max) as f64
    }
}
