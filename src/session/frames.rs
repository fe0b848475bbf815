//! Which canvases an animation frame draws. The dirty ones are drawn in turn from where the last
//! frame stopped, so that none starves, until the frame's budget of drawing time or of pixels is
//! spent (the first is always drawn); a canvas whose chart code is not warmed up yet waits. A
//! picture that takes several frames (the network's links, drawn in slices) stays dirty, and
//! the next frame starts with it.
//!
//! Plain Rust, driven by the page's frame loop and by native tests:
//!
//! ```
//! use spraylab::session::frames::{FrameBudget, Frames};
//! let mut frames = Frames::<3>::all_dirty();
//! let budget = FrameBudget { ms: 4.0, pixels: 1000 };
//! let mut pass = frames.begin(0.0);
//! // each canvas is 600 pixels: the first is drawn, the second would pass the budget
//! assert_eq!(pass.next(&mut frames, 0.5, budget, 3, |_| Some(600)), Some(0));
//! assert_eq!(pass.next(&mut frames, 1.0, budget, 3, |_| Some(600)), None);
//! // the next frame goes on with the second
//! let mut pass = frames.begin(16.0);
//! assert_eq!(pass.next(&mut frames, 16.5, budget, 3, |_| Some(600)), Some(1));
//! ```

/// What one frame may spend on its canvases.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameBudget {
    /// Drawing time, ms, after which the remaining canvases wait for the next frame.
    pub ms: f64,
    /// Canvas pixels drawn, after which the same (each drawn canvas is copied to the
    /// compositor at the frame's commit, at a cost that grows with its pixels).
    pub pixels: u32,
}

/// The canvases that need drawing, and where the next frame starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Frames<const N: usize> {
    dirty: [bool; N],
    next: usize,
}

impl<const N: usize> Frames<N> {
    /// Every canvas needs drawing (the page's first frame).
    pub fn all_dirty() -> Self {
        Frames {
            dirty: [true; N],
            next: 0,
        }
    }

    /// Canvas `i` needs drawing.
    pub fn mark(&mut self, i: usize) {
        self.dirty[i] = true;
    }

    /// The first `n` canvases need drawing.
    pub fn mark_first(&mut self, n: usize) {
        self.dirty[..n.min(N)].fill(true);
    }

    /// Whether any canvas needs drawing.
    pub fn any(&self) -> bool {
        self.dirty.contains(&true)
    }

    /// A frame's pass over the canvases, begun at `now_ms`.
    pub fn begin(&self, now_ms: f64) -> Pass {
        Pass {
            start: self.next,
            k: 0,
            pixels: 0,
            started_ms: now_ms,
        }
    }
}

/// One frame's pass: which canvas to draw next.
#[derive(Clone, Debug)]
pub struct Pass {
    start: usize,
    k: usize,
    pixels: u32,
    started_ms: f64,
}

impl Pass {
    /// The next canvas to draw, taken off the dirty ones; `None` once the frame is over. Canvases
    /// at `warmed` and beyond wait; `area(i)` is a canvas's pixels, `None` when it is not on the
    /// page (it is then no longer dirty).
    pub fn next<const N: usize>(
        &mut self,
        frames: &mut Frames<N>,
        now_ms: f64,
        budget: FrameBudget,
        warmed: usize,
        mut area: impl FnMut(usize) -> Option<u32>,
    ) -> Option<usize> {
        while self.k < N {
            let i = (self.start + self.k) % N;
            self.k += 1;
            if !frames.dirty[i] || i >= warmed {
                continue;
            }
            let Some(pixels) = area(i) else {
                frames.dirty[i] = false;
                continue;
            };
            let over_time = now_ms - self.started_ms > budget.ms;
            if self.pixels > 0 && (over_time || self.pixels.saturating_add(pixels) > budget.pixels)
            {
                frames.next = i;
                return None;
            }
            self.pixels = self.pixels.saturating_add(pixels);
            frames.dirty[i] = false;
            return Some(i);
        }
        frames.next = 0;
        None
    }

    /// Canvas `i`, just drawn, is not finished: it stays dirty and the next frame starts with
    /// it (end the pass here).
    pub fn unfinished<const N: usize>(self, frames: &mut Frames<N>, i: usize) {
        frames.dirty[i] = true;
        frames.next = i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUDGET: FrameBudget = FrameBudget {
        ms: 4.0,
        pixels: 1000,
    };

    /// The canvases one frame draws (each drawn at once, `each` pixels).
    fn frame<const N: usize>(f: &mut Frames<N>, warmed: usize, each: u32) -> Vec<usize> {
        let mut pass = f.begin(0.0);
        let mut drawn = Vec::new();
        while let Some(i) = pass.next(f, 0.0, BUDGET, warmed, |_| Some(each)) {
            drawn.push(i);
        }
        drawn
    }

    #[test]
    fn frames_take_turns_within_the_pixel_budget_and_the_first_is_always_drawn() {
        let mut f = Frames::<5>::all_dirty();
        assert_eq!(frame(&mut f, 5, 400), vec![0, 1]);
        assert_eq!(frame(&mut f, 5, 400), vec![2, 3]);
        assert_eq!(frame(&mut f, 5, 400), vec![4]);
        assert!(!f.any());
        // a canvas larger than the budget is still drawn, alone
        f.mark_first(2);
        assert_eq!(frame(&mut f, 5, 5000), vec![0]);
        assert_eq!(frame(&mut f, 5, 5000), vec![1]);
    }

    #[test]
    fn the_time_budget_ends_a_frame_after_its_first_canvas() {
        let mut f = Frames::<3>::all_dirty();
        let mut pass = f.begin(100.0);
        assert_eq!(pass.next(&mut f, 100.0, BUDGET, 3, |_| Some(1)), Some(0));
        assert_eq!(pass.next(&mut f, 105.0, BUDGET, 3, |_| Some(1)), None);
        assert_eq!(frame(&mut f, 3, 1), vec![1, 2]);
    }

    #[test]
    fn cold_canvases_wait_missing_ones_are_dropped_and_unfinished_ones_come_first() {
        let mut f = Frames::<4>::all_dirty();
        // canvases 2 and 3 are not warmed up yet; 1 is not on the page
        let mut pass = f.begin(0.0);
        let area = |i: usize| (i != 1).then_some(10);
        assert_eq!(pass.next(&mut f, 0.0, BUDGET, 2, area), Some(0));
        assert_eq!(pass.next(&mut f, 0.0, BUDGET, 2, area), None);
        assert_eq!(frame(&mut f, 4, 10), vec![2, 3]);
        // a picture drawn in slices: unfinished, it is the next frame's first
        f.mark(3);
        f.mark(0);
        let mut pass = f.begin(0.0);
        assert_eq!(pass.next(&mut f, 0.0, BUDGET, 4, |_| Some(10)), Some(0));
        assert_eq!(pass.next(&mut f, 0.0, BUDGET, 4, |_| Some(10)), Some(3));
        pass.unfinished(&mut f, 3);
        assert_eq!(frame(&mut f, 4, 10), vec![3]);
    }
}
