//! A canvas backend that measures text with the canvas itself.
//!
//! On wasm, plotters sizes every tick label and caption by appending a `<span>` to the page and
//! reading its `offsetWidth`/`offsetHeight`, which forces a layout of the page each time: a
//! profile of a baseline run spent about a third of a second of main-thread time there. This
//! wrapper hands all drawing to plotters' `CanvasBackend` and answers text-size questions with
//! `measureText` on the canvas's own 2D context (no layout), sized like the span: the font's
//! ascent plus descent for the height.

use plotters::prelude::*;
use plotters_backend::{BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// plotters' `CanvasBackend`, measuring text with `measureText`, drawing in CSS pixels on a
/// canvas whose pixels are `scale` times finer (the screen's devicePixelRatio), so charts stay
/// sharp on high-density screens.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    /// Size in CSS pixels.
    size: (u32, u32),
}

impl MeasuredCanvas {
    /// `None` when the canvas has no 2D context. `scale`: canvas pixels per CSS pixel.
    pub fn new(canvas: &HtmlCanvasElement, scale: f64) -> Option<MeasuredCanvas> {
        let context = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<CanvasRenderingContext2d>()
            .ok()?;
        let scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        let _ = context.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
        let size = (
            (canvas.width() as f64 / scale).round() as u32,
            (canvas.height() as f64 / scale).round() as u32,
        );
        let inner = CanvasBackend::with_canvas_object(canvas.clone())?;
        Some(MeasuredCanvas {
            inner,
            context,
            size,
        })
    }
}

type Drawn<E> = Result<(), DrawingErrorKind<E>>;

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = <CanvasBackend as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    crate::delegate_basic_drawing!(without_size);

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn<Self::ErrorType> {
        self.inner.draw_path(path, style)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vertices: I,
        style: &S,
    ) -> Drawn<Self::ErrorType> {
        self.inner.fill_polygon(vertices, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn<Self::ErrorType> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Drawn<Self::ErrorType> {
        self.inner.draw_text(text, style, pos)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        // the font string `CanvasBackend::draw_text` sets
        self.context.set_font(&format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        ));
        match self.context.measure_text(text) {
            Ok(m) => {
                let height = m.font_bounding_box_ascent() + m.font_bounding_box_descent();
                Ok((m.width().round() as u32, height.round() as u32))
            }
            // a context that cannot measure: plotters' own estimate
            Err(_) => {
                let ((x0, y0), (x1, y1)) = style
                    .layout_box(text)
                    .map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
                Ok(((x1 - x0).unsigned_abs(), (y1 - y0).unsigned_abs()))
            }
        }
    }
}
