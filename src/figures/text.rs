//! One wrapper for a plotters backend that places text its own way.
//!
//! The page and the command line each need to change how a backend handles text and nothing
//! else: the page measures text with the canvas' own `measureText` (plotters' wasm default
//! appends a `<span>` to the page and forces a layout per label), and the PNGs draw glyphs where
//! the font puts them (plotters' `ab_glyph` path drops each glyph's left bearing). A
//! [`TextEngine`] says how; [`WithText`] hands everything else to the wrapped backend, unchanged.

use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

type Drawn<E> = Result<(), DrawingErrorKind<E>>;

/// How a backend `B`'s text is measured and drawn; each method defaults to `B`'s own.
pub trait TextEngine<B: DrawingBackend> {
    /// The width and height of `text` in `style`.
    fn estimate<S: BackendTextStyle>(
        &self,
        inner: &B,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<B::ErrorType>> {
        inner.estimate_text_size(text, style)
    }

    /// Draws `text` in `style` at `pos` on `inner`.
    fn draw<S: BackendTextStyle>(
        &self,
        inner: &mut B,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Drawn<B::ErrorType> {
        inner.draw_text(text, style, pos)
    }
}

/// The backend `inner`, its text handled by `text`, its size `size` (the wrapped backend's,
/// or another: a canvas drawn in CSS pixels at a finer pixel ratio).
pub struct WithText<B, T> {
    inner: B,
    text: T,
    size: (u32, u32),
}

impl<B: DrawingBackend, T: TextEngine<B>> WithText<B, T> {
    /// `inner` at its own size.
    pub fn new(inner: B, text: T) -> Self {
        let size = inner.get_size();
        WithText { inner, text, size }
    }

    /// `inner`, seen as `size` pixels.
    pub fn sized(inner: B, text: T, size: (u32, u32)) -> Self {
        WithText { inner, text, size }
    }
}

impl<B: DrawingBackend, T: TextEngine<B>> DrawingBackend for WithText<B, T> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Drawn<B::ErrorType> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Drawn<B::ErrorType> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn<B::ErrorType> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn<B::ErrorType> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn<B::ErrorType> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn<B::ErrorType> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn<B::ErrorType> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vertices: I,
        style: &S,
    ) -> Drawn<B::ErrorType> {
        self.inner.fill_polygon(vertices, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Drawn<B::ErrorType> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Drawn<B::ErrorType> {
        self.text.draw(&mut self.inner, text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<B::ErrorType>> {
        self.text.estimate(&self.inner, text, style)
    }
}
