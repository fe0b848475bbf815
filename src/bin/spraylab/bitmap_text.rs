//! A bitmap backend whose text keeps the font's own glyph positions.
//!
//! plotters' `ab_glyph` text drawing puts each glyph's bounding box at the pen position, which
//! drops the glyph's left-side bearing: letters crowd and spaces shrink in bitmaps. This
//! wrapper hands everything but text to the `BitMapBackend` and draws text with ab_glyph
//! itself, in plotters' own layout box (the same width, anchors and baseline), so charts keep
//! their margins and only the glyphs move to where the font puts them.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use plotters::prelude::*;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendTextStyle, DrawingErrorKind};
use spraylab::figures::{TextEngine, WithText};
use std::path::Path;

/// A `BitMapBackend` drawing text with its font's own glyph positions.
pub type BitmapWithText<'a> = WithText<BitMapBackend<'a>, GlyphText>;

/// Text drawn glyph by glyph with ab_glyph.
pub struct GlyphText {
    font: FontRef<'static>,
}

/// A PNG of `size` at `path`, with text in `font` (a TrueType file's bytes).
pub fn bitmap_with_text<'a>(
    path: &'a Path,
    size: (u32, u32),
    font: &'static [u8],
) -> Result<BitmapWithText<'a>, String> {
    let font = FontRef::try_from_slice(font).map_err(|e| format!("plot: font: {e}"))?;
    Ok(WithText::new(
        BitMapBackend::new(path, size),
        GlyphText { font },
    ))
}

type Result2<E> = Result<(), DrawingErrorKind<E>>;

impl<'a> TextEngine<BitMapBackend<'a>> for GlyphText {
    fn draw<S: BackendTextStyle>(
        &self,
        inner: &mut BitMapBackend<'a>,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result2<<BitMapBackend<'a> as DrawingBackend>::ErrorType> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        // plotters' layout box, so anchors line up with the rest of the chart
        let ((min_x, min_y), (max_x, max_y)) = style
            .layout_box(text)
            .map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
        let (width, height) = (max_x - min_x, max_y - min_y);
        let dx = match style.anchor().h_pos {
            HPos::Left => 0,
            HPos::Right => -width,
            HPos::Center => -width / 2,
        } - min_x;
        let dy = match style.anchor().v_pos {
            VPos::Top => 0,
            VPos::Center => -height / 2,
            VPos::Bottom => -height,
        } - min_y;
        let transform = style.transform();
        let (w, h) = inner.get_size();
        let scale = PxScale::from(style.size() as f32);
        let scaled = self.font.as_scaled(scale);
        let mut caret = 0f32;
        let mut previous = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = previous {
                caret += scaled.kern(p, id);
            }
            previous = Some(id);
            // plotters' baseline: half the font size below the top of the box
            let glyph = id.with_scale_and_position(scale, point(caret, scale.y / 2.0));
            caret += scaled.h_advance(id);
            let Some(outline) = self.font.outline_glyph(glyph) else {
                continue; // a space
            };
            let origin = outline.px_bounds().min;
            let mut result = Ok(());
            outline.draw(|gx, gy, coverage| {
                if result.is_err() || coverage <= 0.0 {
                    return;
                }
                let (x, y) = transform.transform(
                    origin.x as i32 + gx as i32 + dx,
                    origin.y as i32 + gy as i32 + dy,
                );
                let (x, y) = (pos.0 + x, pos.1 + y);
                if x >= 0 && y >= 0 && (x as u32) < w && (y as u32) < h {
                    let ink = BackendColor {
                        alpha: color.alpha * coverage as f64,
                        rgb: color.rgb,
                    };
                    result = inner.draw_pixel((x, y), ink);
                }
            });
            result?;
        }
        Ok(())
    }
}
