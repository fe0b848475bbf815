//! A canvas backend that measures text with the canvas itself.
//!
//! On wasm, plotters sizes every tick label and caption by appending a `<span>` to the page and
//! reading its `offsetWidth`/`offsetHeight`, which forces a layout of the page each time: a
//! profile of a baseline run spent about a third of a second of main-thread time there. This
//! wrapper hands all drawing to plotters' `CanvasBackend` and answers text-size questions with
//! `measureText` on the canvas's own 2D context (no layout), sized like the span: the font's
//! ascent plus descent for the height.

use crate::figures::{TextEngine, WithText};
use plotters_backend::{BackendTextStyle, DrawingBackend, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// plotters' `CanvasBackend`, measuring text with `measureText`, drawing in CSS pixels on a
/// canvas whose pixels are `scale` times finer (the screen's devicePixelRatio), so charts stay
/// sharp on high-density screens.
pub type MeasuredCanvas = WithText<CanvasBackend, CanvasText>;

/// Text measured with the canvas' own 2D context.
pub struct CanvasText {
    context: CanvasRenderingContext2d,
}

/// The backend of `canvas`, in CSS pixels (`scale`: canvas pixels per CSS pixel); `None` when
/// the canvas has no 2D context.
pub fn measured_canvas(canvas: &HtmlCanvasElement, scale: f64) -> Option<MeasuredCanvas> {
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
    Some(WithText::sized(inner, CanvasText { context }, size))
}

impl TextEngine<CanvasBackend> for CanvasText {
    fn estimate<S: BackendTextStyle>(
        &self,
        _inner: &CanvasBackend,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<<CanvasBackend as DrawingBackend>::ErrorType>> {
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
