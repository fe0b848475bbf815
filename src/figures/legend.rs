//! Legends drawn by hand in a strip below the plot, wrapped to the canvas width.

use super::*;

/// How a legend entry is marked.
#[derive(Clone, Copy)]
pub(super) enum Mark {
    Line(RGBColor, u32),
    Band(RGBColor),
    /// A solid box: a bar's colour.
    Box(RGBColor),
    Dot(RGBColor),
}

/// The legend: entries in reading order.
#[derive(Default)]
pub(super) struct Legend(Vec<(Mark, String)>);

impl Legend {
    pub(super) fn add(&mut self, mark: Mark, label: impl Into<String>) {
        self.0.push((mark, label.into()));
    }
}

const MARK_W: i32 = 22;

/// A legend row's height: the text and 6 pixels.
fn row_height(style: Style) -> i32 {
    style.text_px as i32 + 6
}

/// Positions of the legend's entries in a strip `width` wide: (row, x) each, and the rows.
fn legend_layout<DB: DrawingBackend>(
    root: &Root<DB>,
    legend: &Legend,
    style: Style,
    width: i32,
) -> (Vec<(i32, i32)>, i32) {
    let font: TextStyle = style.text().into_font().into();
    let (mut row, mut x, mut at) = (0, 8, Vec::new());
    for (_, label) in &legend.0 {
        let w = root
            .estimate_text_size(label, &font)
            .map_or(100, |(w, _)| w as i32)
            + MARK_W
            + 18;
        if x > 8 && x + w > width {
            row += 1;
            x = 8;
        }
        at.push((row, x));
        x += w;
    }
    (at, if legend.0.is_empty() { 0 } else { row + 1 })
}

/// Splits the canvas into the plot and the legend strip below it, drawing the legend.
pub(super) fn with_legend<DB: DrawingBackend>(
    root: Root<DB>,
    legend: &Legend,
    style: Style,
) -> Result<Root<DB>, String> {
    let root = ground(root)?;
    let (w, h) = root.dim_in_pixel();
    let (at, rows) = legend_layout(&root, legend, style, w as i32);
    if rows == 0 {
        return Ok(root);
    }
    let row_h = row_height(style);
    let strip = rows * row_h + 6;
    let (plot, below) = root.split_vertically(h as i32 - strip);
    let font = style.text().into_font().color(&BLACK);
    for ((mark, label), (row, x)) in legend.0.iter().zip(at) {
        let y = 4 + row * row_h + row_h / 2;
        match *mark {
            Mark::Line(c, w) => below
                .draw(&PathElement::new(
                    vec![(x, y), (x + MARK_W - 4, y)],
                    c.stroke_width(w.max(2)),
                ))
                .map_err(err)?,
            Mark::Band(c) => below
                .draw(&Rectangle::new(
                    [(x, y - 5), (x + MARK_W - 4, y + 5)],
                    c.mix(0.35).filled(),
                ))
                .map_err(err)?,
            Mark::Box(c) => below
                .draw(&Rectangle::new(
                    [(x, y - 6), (x + MARK_W - 6, y + 6)],
                    c.filled(),
                ))
                .map_err(err)?,
            Mark::Dot(c) => below
                .draw(&Circle::new((x + 8, y), 5, c.filled()))
                .map_err(err)?,
        }
        below
            .draw(&Text::new(
                label.clone(),
                (x + MARK_W, y - style.text_px as i32 / 2 - 1),
                font.clone(),
            ))
            .map_err(err)?;
    }
    Ok(plot)
}
