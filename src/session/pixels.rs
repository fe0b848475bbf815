//! A small RGBA pixel buffer with a line rasterizer, for the network picture's links.
//!
//! A k = 16 fat-tree has over two thousand links. Stroked with the canvas API, their
//! anti-aliased rasterization runs in the page's paint and took 50–60 ms a frame in headless
//! Chromium (software rendering); drawn here into a buffer and copied in one `putImageData`,
//! they take a few milliseconds. A line is a run of spans `width` pixels long across its major
//! axis, one per step along it; no anti-aliasing.

/// An RGBA image, row-major, 4 bytes a pixel (empty by default).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Pixels {
    pub fn new(width: u32, height: u32) -> Pixels {
        Pixels {
            width,
            height,
            data: vec![0; width as usize * height as usize * 4],
        }
    }

    /// Resizes (when needed) and fills with one colour.
    pub fn reset(&mut self, width: u32, height: u32, rgb: (u8, u8, u8)) {
        let n = width as usize * height as usize * 4;
        self.width = width;
        self.height = height;
        self.data.resize(n, 0);
        if n == 0 {
            return;
        }
        // one pixel, then copies of what is filled, doubling: a few bulk copies (`memory.copy`
        // in wasm, fast even before the engine optimizes this code) instead of a loop per pixel
        self.data[..4].copy_from_slice(&[rgb.0, rgb.1, rgb.2, 255]);
        let mut filled = 4;
        while filled < n {
            let len = filled.min(n - filled);
            self.data.copy_within(..len, filled);
            filled += len;
        }
    }

    /// A line from `a` to `b` (pixel coordinates), `width` pixels wide.
    ///
    /// One pass along the line's major axis (x for a flat line, y for a steep one): at each step
    /// a span of `width` pixels across it, centred on the line. Only the steps inside the image
    /// are visited, so a line far outside costs nothing.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), width: u32, rgb: (u8, u8, u8)) {
        if !(a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite()) {
            return;
        }
        let steep = (b.1 - a.1).abs() > (b.0 - a.0).abs();
        // (major, minor) coordinates, and the image's extent along each
        let (a, b, major_len, minor_len) = if steep {
            ((a.1, a.0), (b.1, b.0), self.height, self.width)
        } else {
            (a, b, self.width, self.height)
        };
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        let slope = if b.0 > a.0 {
            (b.1 - a.1) / (b.0 - a.0)
        } else {
            0.0
        };
        let w = width.max(1) as i64;
        let first = (a.0.round() as i64).max(0);
        let last = (b.0.round() as i64).min(major_len as i64 - 1);
        let px = [rgb.0, rgb.1, rgb.2, 255];
        for m in first..=last {
            let centre = (a.1 + (m as f64 - a.0) * slope).round() as i64;
            // saturating: a line far outside the image has centres near the i64 limits
            let lo = centre.saturating_sub((w - 1) / 2);
            let hi = lo.saturating_add(w - 1).min(minor_len as i64 - 1);
            let lo = lo.max(0);
            if lo > hi {
                continue;
            }
            if steep {
                self.row_span(m as usize, lo as usize, hi as usize, px);
            } else {
                self.column_span(m as usize, lo as usize, hi as usize, px);
            }
        }
    }

    /// Pixels `x0..=x1` of row `y`: contiguous.
    fn row_span(&mut self, y: usize, x0: usize, x1: usize, px: [u8; 4]) {
        let row = y * self.width as usize;
        for p in self.data[(row + x0) * 4..(row + x1 + 1) * 4].chunks_exact_mut(4) {
            p.copy_from_slice(&px);
        }
    }

    /// Pixels `y0..=y1` of column `x`: one row apart.
    fn column_span(&mut self, x: usize, y0: usize, y1: usize, px: [u8; 4]) {
        let stride = self.width as usize * 4;
        for y in y0..=y1 {
            let i = y * stride + x * 4;
            self.data[i..i + 4].copy_from_slice(&px);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(p: &Pixels, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * p.width + x) * 4) as usize;
        p.data[i..i + 4].try_into().unwrap()
    }

    #[test]
    fn lines_cover_their_ends_and_nothing_far_from_them() {
        let mut p = Pixels::new(1, 1);
        p.reset(20, 10, (255, 255, 255));
        p.line((1.0, 1.0), (18.0, 8.0), 1, (200, 0, 0));
        assert_eq!(at(&p, 1, 1), [200, 0, 0, 255]);
        assert_eq!(at(&p, 18, 8), [200, 0, 0, 255]);
        assert_eq!(at(&p, 18, 1), [255, 255, 255, 255]);
        let red = p.data.chunks(4).filter(|c| c[0] == 200).count();
        assert_eq!(red, 18, "one pixel per column of a flat line");
    }

    #[test]
    fn wide_lines_are_wider_and_clipping_is_safe() {
        let mut p = Pixels::new(10, 10);
        p.reset(10, 10, (0, 0, 0));
        p.line((5.0, 0.0), (5.0, 9.0), 3, (9, 9, 9));
        assert_eq!(at(&p, 4, 5)[0], 9);
        assert_eq!(at(&p, 6, 5)[0], 9);
        assert_eq!(at(&p, 7, 5)[0], 0);
        p.line((-50.0, -50.0), (500.0, 300.0), 2, (1, 1, 1));
        p.line((f64::NAN, 0.0), (1.0, 1.0), 1, (1, 1, 1));
        p.line((1e12, 0.0), (-1e12, 1.0), 1, (1, 1, 1));
        p.line((0.0, 1e300), (9.0, -1e300), 4, (1, 1, 1));
        p.line((0.0, 1e300), (9.0, 1e300), 4, (1, 1, 1));
    }

    #[test]
    fn a_steep_line_has_one_pixel_per_row_and_reversed_ends_draw_the_same() {
        let mut p = Pixels::new(1, 1);
        p.reset(12, 30, (255, 255, 255));
        p.line((2.0, 3.0), (9.0, 26.0), 1, (0, 0, 200));
        let mut q = Pixels::new(1, 1);
        q.reset(12, 30, (255, 255, 255));
        q.line((9.0, 26.0), (2.0, 3.0), 1, (0, 0, 200));
        assert_eq!(p, q);
        for y in 0..30 {
            let blue = (0..12)
                .filter(|&x| at(&p, x, y)[2] == 200 && at(&p, x, y)[0] == 0)
                .count();
            assert_eq!(blue, usize::from((3..=26).contains(&y)), "row {y}");
        }
        assert_eq!(at(&p, 2, 3), [0, 0, 200, 255]);
        assert_eq!(at(&p, 9, 26), [0, 0, 200, 255]);
    }
}
