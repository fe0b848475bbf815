//! The page's canvases as drawing areas for [`crate::figures`]: a `<canvas>` drawn in CSS
//! pixels at the screen's pixel density, its text measured by the canvas itself.

use super::canvas_text::{measured_canvas, MeasuredCanvas};
use crate::figures::{self, At, DrawResult, Root, Style};
use plotters::prelude::*;
use web_sys::HtmlCanvasElement;

/// The drawing area of `canvas`, `scale` canvas pixels per CSS pixel.
pub fn area(canvas: &HtmlCanvasElement, scale: f64) -> Result<Root<MeasuredCanvas>, String> {
    let backend = measured_canvas(canvas, scale).ok_or("canvas has no 2D context")?;
    Ok(backend.into_drawing_area())
}

/// Parts of the charts' code to run once off-screen before any chart is drawn, each small enough
/// for a task of its own (see `App::warm_up`): part 0 fills a blank area and writes a line of
/// text (the canvas backend, measuring text); part 1 draws an empty chart (the chart builder,
/// the mesh, tick labels).
pub const WARM_PARTS: usize = 2;

/// Draws warm-up part `part` (below [`WARM_PARTS`]) on `canvas`.
pub fn warm(canvas: &HtmlCanvasElement, part: usize) -> DrawResult {
    let root = area(canvas, 1.0)?;
    let at = At::still(Style::PAGE);
    if part == 0 {
        let fail = |e| format!("{e:?}");
        root.fill(&WHITE).map_err(fail)?;
        let style = ("sans-serif", Style::PAGE.text_px)
            .into_font()
            .color(&BLACK);
        root.draw(&Text::new("0.5 µs", (10, 10), style))
            .map_err(fail)?;
        root.present().map_err(fail)?;
        return Ok(figures::Drawn::default());
    }
    figures::empty(root, &at, "", "")
}
