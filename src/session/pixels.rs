//! A small RGBA pixel buffer with a line rasterizer, for the network picture's links.
//!
//! A k = 16 fat-tree has over two thousand links. Stroked with the canvas API, their
//! anti-aliased rasterization runs in the page's paint and took 50–60 ms a frame in headless
//! Chromium (software rendering); drawn here into a buffer and copied in one `putImageData`,
//! they take a few milliseconds. Lines are Bresenham's, made `width` pixels wide by drawing
//! parallel lines offset across their direction; no anti-aliasing.

/// An RGBA image, row-major, 4 bytes a pixel.
#[derive(Clone, Debug, PartialEq)]
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
        for px in self.data.chunks_exact_mut(4) {
            px.copy_from_slice(&[rgb.0, rgb.1, rgb.2, 255]);
        }
    }

    fn put(&mut self, x: i64, y: i64, rgb: (u8, u8, u8)) {
        if x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height {
            let i = (y as usize * self.width as usize + x as usize) * 4;
            self.data[i..i + 3].copy_from_slice(&[rgb.0, rgb.1, rgb.2]);
        }
    }

    /// A line from `a` to `b` (pixel coordinates), `width` pixels wide.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), width: u32, rgb: (u8, u8, u8)) {
        if !(a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite()) {
            return;
        }
        let steep = (b.1 - a.1).abs() > (b.0 - a.0).abs();
        let w = width.max(1) as i64;
        for k in 0..w {
            let off = (k - (w - 1) / 2) as f64;
            // offset across the line: in x for a steep line, in y for a flat one
            let (da, db) = if steep {
                ((a.0 + off, a.1), (b.0 + off, b.1))
            } else {
                ((a.0, a.1 + off), (b.0, b.1 + off))
            };
            self.bresenham(da, db, rgb);
        }
    }

    fn bresenham(&mut self, a: (f64, f64), b: (f64, f64), rgb: (u8, u8, u8)) {
        let Some((a, b)) = clip(a, b, self.width as f64, self.height as f64) else {
            return;
        };
        let (mut x0, mut y0) = (a.0.round() as i64, a.1.round() as i64);
        let (x1, y1) = (b.0.round() as i64, b.1.round() as i64);
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let mut err = dx + dy;
        for _ in 0..=(dx - dy) {
            self.put(x0, y0, rgb);
            if x0 == x1 && y0 == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x0 += sx;
            }
            if e2 <= dx {
                err += dx;
                y0 += sy;
            }
        }
    }
}

/// The part of segment `a`–`b` inside `[-1, w] × [-1, h]` (Liang–Barsky), if any.
fn clip(a: (f64, f64), b: (f64, f64), w: f64, h: f64) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 + 1.0),
        (dx, w - a.0),
        (-dy, a.1 + 1.0),
        (dy, h - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    (t0 <= t1).then_some((
        (a.0 + t0 * dx, a.1 + t0 * dy),
        (a.0 + t1 * dx, a.1 + t1 * dy),
    ))
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
    }
}
