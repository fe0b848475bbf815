//! SprayLab's colours: one fixed colour per CCA in every chart of the page and every plot of
//! the command line (`repro/*/plot.svg`), the CCA table's ([`crate::scenario::CCAS`]); the
//! colours of what is not a CCA (elephants, the cursor, events, references), from the same
//! colour-blind-safe palette; and the sequential scale that colours the network's links by
//! queue depth.

use crate::scenario::{CcaKind, CcaName, MEDIAN};
use plotters::style::RGBColor;

/// MSwift at another percentile than the median: sky blue, darkened.
pub const MSWIFT_P: RGBColor = RGBColor(40, 140, 200);

/// The elephants (long-lived ECMP flows): dark wine, drawn dashed-thick.
pub const ELEPHANT: RGBColor = RGBColor(136, 34, 85);
/// One highlighted flow: near black.
pub const HIGHLIGHT: RGBColor = RGBColor(25, 25, 25);
/// The playback cursor.
pub const CURSOR: RGBColor = RGBColor(200, 0, 0);
/// Timed events: their marks on the time charts, and a link down in the network picture.
pub const EVENT: RGBColor = RGBColor(68, 85, 102);
/// Reference lines (lower bound, closed forms).
pub const REFERENCE: RGBColor = RGBColor(70, 70, 70);
/// The delay a CCA holds its signal to (its target), drawn dashed on the delay chart.
pub const TARGET: RGBColor = RGBColor(0, 0, 0);
/// The line rate in the theory chart.
pub const LINE_RATE: RGBColor = RGBColor(140, 140, 140);

/// The colour of a CCA: one per algorithm in every chart and run, MSwift's other percentiles in
/// a shade of their own.
pub fn cca(name: CcaName) -> RGBColor {
    match name.kind.named_percentile() && name.percentile != MEDIAN {
        true => MSWIFT_P,
        false => colour(name.kind),
    }
}

/// An algorithm's colour, the CCA table's.
const fn colour(kind: CcaKind) -> RGBColor {
    let (r, g, b) = kind.info().colour;
    RGBColor(r, g, b)
}

/// One colour per CCA of a chart: each its own, or a colour per position when two of them
/// share one (MSwift's percentiles).
pub fn ccas(list: &[CcaName]) -> Vec<RGBColor> {
    let own: Vec<RGBColor> = list.iter().map(|c| cca(*c)).collect();
    let clash = own.iter().enumerate().any(|(i, c)| own[..i].contains(c));
    if clash {
        (0..list.len()).map(series).collect()
    } else {
        own
    }
}

/// The `i`-th of eight distinct colours (Okabe–Ito, the yellow darkened), for series that
/// are not one CCA each.
pub fn series(i: usize) -> RGBColor {
    const SERIES: [RGBColor; 8] = [
        colour(CcaKind::MSwift),
        colour(CcaKind::Swift),
        colour(CcaKind::Nscc),
        colour(CcaKind::Mnscc),
        colour(CcaKind::LSwift),
        RGBColor(86, 180, 233),
        colour(CcaKind::Dctcp),
        colour(CcaKind::Tcp),
    ];
    SERIES[i % SERIES.len()]
}

/// A palette colour in a word, for sentences that name what a chart draws (`None` for a colour
/// outside the palette).
pub fn name(c: RGBColor) -> Option<&'static str> {
    let named = [
        (MSWIFT_P, "sky blue"),
        (ELEPHANT, "wine"),
        (HIGHLIGHT, "black"),
        (TARGET, "black"),
        (CURSOR, "red"),
        (EVENT, "slate"),
        (REFERENCE, "grey"),
        (LINE_RATE, "light grey"),
    ];
    let ccas = crate::scenario::CCAS
        .iter()
        .map(|i| (colour(i.kind), i.colour_name));
    named
        .into_iter()
        .chain(ccas)
        .find(|(x, _)| *x == c)
        .map(|(_, n)| n)
}

/// CSS for an RGB colour.
pub fn css(c: RGBColor) -> String {
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// The link colour for a queue filled to `level` (0: empty, 1: the top of the scale): light
/// grey through yellow and orange to dark red (a sequential scale that stays readable to the
/// colour-blind, since lightness falls monotonically).
pub fn load(level: f64) -> RGBColor {
    const STOPS: [(f64, (f64, f64, f64)); 5] = [
        (0.0, (205.0, 210.0, 218.0)),
        (0.1, (254.0, 217.0, 118.0)),
        (0.35, (253.0, 141.0, 60.0)),
        (0.7, (227.0, 26.0, 28.0)),
        (1.0, (128.0, 0.0, 38.0)),
    ];
    let l = if level.is_finite() {
        level.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let i = STOPS.iter().rposition(|s| s.0 <= l).unwrap_or(0);
    let (a, b) = (STOPS[i], STOPS[(i + 1).min(STOPS.len() - 1)]);
    let t = if b.0 > a.0 {
        (l - a.0) / (b.0 - a.0)
    } else {
        0.0
    };
    let mix = |x: f64, y: f64| (x + (y - x) * t).round() as u8;
    RGBColor(
        mix(a.1 .0, b.1 .0),
        mix(a.1 .1, b.1 .1),
        mix(a.1 .2, b.1 .2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_a_sentence_names_has_one_name_of_its_own() {
        let mut names: Vec<&str> = CcaKind::ALL
            .iter()
            .map(|&k| name(colour(k)).expect("every CCA's colour is named"))
            .chain(
                [
                    MSWIFT_P, ELEPHANT, HIGHLIGHT, CURSOR, EVENT, REFERENCE, LINE_RATE,
                ]
                .map(|c| name(c).expect("every named colour")),
            )
            .collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "two colours share a name");
        assert_eq!(name(RGBColor(1, 2, 3)), None);
    }
}
