//! SprayLab's colours: one fixed colour per CCA in every chart of the page and every plot of
//! the command line (`repro/*/plot.svg`), the CCA table's ([`crate::scenario::CCAS`]); the
//! colours of what is not a CCA (elephants, the cursor, events, references), from the same
//! colour-blind-safe palette; and the sequential scale that colours the network's links by
//! queue depth.

use crate::scenario::{CcaKind, CcaName, MEDIAN};
use plotters::style::RGBColor;

/// Declares the colours outside the CCA table, each with its name in a word (for sentences
/// that name what a chart draws: [`name`]) beside its value, so neither is listed twice.
macro_rules! colours {
    ($($(#[$doc:meta])* $id:ident = ($r:expr, $g:expr, $b:expr), $word:expr;)*) => {
        $($(#[$doc])* pub const $id: RGBColor = RGBColor($r, $g, $b);)*
        /// Every colour outside the CCA table, with its name.
        const NAMED: &[(RGBColor, &str)] = &[$(($id, $word)),*];
    };
}

colours! {
    /// MSwift at another percentile than the median: sky blue, darkened.
    MSWIFT_P = (40, 140, 200), "sky blue";
    /// The elephants (long-lived ECMP flows): dark wine, drawn dashed-thick.
    ELEPHANT = (136, 34, 85), "wine";
    /// One highlighted flow: near black.
    HIGHLIGHT = (25, 25, 25), "black";
    /// The playback cursor.
    CURSOR = (200, 0, 0), "red";
    /// Timed events: their marks on the time charts, and a link down in the network picture.
    EVENT = (68, 85, 102), "slate";
    /// Reference lines (lower bound, closed forms).
    REFERENCE = (70, 70, 70), "grey";
    /// The delay a CCA holds its signal to (its target), drawn dashed on the delay chart.
    TARGET = (0, 0, 0), "black";
    /// The line rate in the theory chart.
    LINE_RATE = (140, 140, 140), "light grey";
}

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
    let ccas = crate::scenario::CCAS
        .iter()
        .map(|i| (colour(i.kind), i.colour_name));
    NAMED
        .iter()
        .copied()
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
        let ccas: Vec<(RGBColor, &str)> = crate::scenario::CCAS
            .iter()
            .map(|i| (colour(i.kind), i.colour_name))
            .collect();
        // each colour is declared once: its name is the one declared with it
        for &(c, word) in NAMED.iter().chain(&ccas) {
            assert_eq!(name(c), Some(word), "{c:?}");
        }
        // a CCA's colour names that CCA alone (the highlighted flow and the target share black)
        let mut words: Vec<&str> = ccas.iter().map(|x| x.1).collect();
        words.extend(NAMED.iter().map(|x| x.1).filter(|w| *w != "black"));
        let n = words.len();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), n, "two colours share a name");
        assert_eq!(name(RGBColor(1, 2, 3)), None);
    }
}
