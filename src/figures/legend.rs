//! Legends drawn by hand in a strip below the plot, wrapped to the area's width. Every entry
//! has a key: a reader may hide the series (its entry then stays, greyed, to show it again),
//! and the figure says where each entry was drawn ([`Drawn::legend`]), so a click can find it.

use super::*;

/// How a legend entry is marked.
#[derive(Clone, Copy)]
pub(super) enum Mark {
    Line(RGBColor, u32),
    /// A dashed line: a second run of one CCA.
    Dashed(RGBColor, u32),
    Band(RGBColor),
    /// A solid box: a bar's colour.
    Box(RGBColor),
    Dot(RGBColor),
}

/// One entry: its key (what hides it), mark and label.
struct Entry {
    key: String,
    mark: Mark,
    label: String,
}

/// The legend: entries in reading order.
#[derive(Default)]
pub(super) struct Legend(Vec<Entry>);

impl Legend {
    /// An entry keyed by its label.
    pub(super) fn add(&mut self, mark: Mark, label: impl Into<String>) {
        let label = label.into();
        self.add_keyed(label.clone(), mark, label);
    }

    /// An entry with a key of its own (a label that changes as the run goes).
    pub(super) fn add_keyed(
        &mut self,
        key: impl Into<String>,
        mark: Mark,
        label: impl Into<String>,
    ) {
        self.0.push(Entry {
            key: key.into(),
            mark,
            label: label.into(),
        });
    }
}

const MARK_W: i32 = 22;

/// A legend row's height: the text and 6 pixels.
fn row_height(style: Style) -> i32 {
    style.text_px as i32 + 6
}

/// Positions of the legend's entries in a strip `width` wide: (row, x, width) each, and the rows.
fn legend_layout<DB: DrawingBackend>(
    root: &Root<DB>,
    legend: &Legend,
    style: Style,
    width: i32,
) -> (Vec<(i32, i32, i32)>, i32) {
    let font: TextStyle = style.text().into_font().into();
    let (mut row, mut x, mut at) = (0, 8, Vec::new());
    for e in &legend.0 {
        let w = root
            .estimate_text_size(&e.label, &font)
            .map_or(100, |(w, _)| w as i32)
            + MARK_W
            + 18;
        if x > 8 && x + w > width {
            row += 1;
            x = 8;
        }
        at.push((row, x, w - 14));
        x += w;
    }
    (at, if legend.0.is_empty() { 0 } else { row + 1 })
}

/// Splits the area into the plot and the legend strip below it, drawing the legend (a hidden
/// series' entry greyed); the plot's area, and each entry's key and box in the area's pixels.
pub(super) fn with_legend<DB: DrawingBackend>(
    root: Root<DB>,
    legend: &Legend,
    at: &At,
) -> Result<(Root<DB>, Vec<LegendBox>), String> {
    let style = at.style;
    let root = ground(root)?;
    let (w, h) = root.dim_in_pixel();
    let (placed, rows) = legend_layout(&root, legend, style, w as i32);
    if rows == 0 {
        return Ok((root, Vec::new()));
    }
    let row_h = row_height(style);
    let strip = rows * row_h + 6;
    let top = h as i32 - strip;
    let (plot, below) = root.split_vertically(top);
    let mut boxes = Vec::new();
    for (e, (row, x, width)) in legend.0.iter().zip(placed) {
        let y = 4 + row * row_h + row_h / 2;
        let hidden = !at.shows_series(&e.key);
        let grey = RGBColor(190, 190, 190);
        let ink = |c: RGBColor| if hidden { grey } else { c };
        let drawn = match e.mark {
            Mark::Line(c, w) => below.draw(&PathElement::new(
                vec![(x, y), (x + MARK_W - 4, y)],
                ink(c).stroke_width(w.max(2)),
            )),
            Mark::Dashed(c, w) => {
                let style = ink(c).stroke_width(w.max(2));
                [(x, x + 7), (x + 11, x + MARK_W - 4)]
                    .into_iter()
                    .try_for_each(|(a, b)| {
                        below.draw(&PathElement::new(vec![(a, y), (b, y)], style))
                    })
            }
            Mark::Band(c) => below.draw(&Rectangle::new(
                [(x, y - 5), (x + MARK_W - 4, y + 5)],
                ink(c).mix(0.35).filled(),
            )),
            Mark::Box(c) => below.draw(&Rectangle::new(
                [(x, y - 6), (x + MARK_W - 6, y + 6)],
                ink(c).filled(),
            )),
            Mark::Dot(c) => below.draw(&Circle::new((x + 8, y), 5, ink(c).filled())),
        };
        drawn.map_err(err)?;
        let colour = if hidden { grey } else { BLACK };
        below
            .draw(&Text::new(
                e.label.clone(),
                (x + MARK_W, y - style.text_px as i32 / 2 - 1),
                style.text().into_font().color(&colour),
            ))
            .map_err(err)?;
        let y0 = top + 4 + row * row_h;
        boxes.push(LegendBox {
            key: e.key.clone(),
            rect: [x - 4, y0, x + width, y0 + row_h],
        });
    }
    Ok((plot, boxes))
}
