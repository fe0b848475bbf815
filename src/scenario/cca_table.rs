//! One table of the congestion-control algorithms as people meet them: each CCA's proper name,
//! how the page's menus label it, what the glossary says of it, and its colour in every chart
//! and plot. Its names in files, links and CSVs are [`CcaKind`]'s; its rules are its own file
//! in `src/sim/cca/`.

use super::{CcaKind, CcaName};

/// What a reader sees of one CCA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CcaInfo {
    pub kind: CcaKind,
    /// Its proper name, the glossary's term (`MSwift`).
    pub name: &'static str,
    /// How menus label it (`MSwift (median)`).
    pub label: &'static str,
    /// The glossary's definition.
    pub about: &'static str,
    /// Its colour (sRGB) in the page's charts and the command line's plots, from the Okabe–Ito
    /// palette (distinguishable with the common colour-vision deficiencies), darkened where a
    /// colour would be too faint on white for a projector.
    pub colour: (u8, u8, u8),
    /// That colour in a word, for sentences that name it ("the blue line").
    pub colour_name: &'static str,
}

/// Every CCA, in [`CcaKind::ALL`]'s order.
pub const CCAS: [CcaInfo; 8] = [
    CcaInfo {
        kind: CcaKind::Swift,
        name: "Swift",
        label: "Swift",
        about: "Google's delay-based CCA: it cuts cwnd when the delay exceeds a target, and on every SACK hole (reordering).",
        // vermilion
        colour: (213, 94, 0),
        colour_name: "vermilion",
    },
    CcaInfo {
        kind: CcaKind::LSwift,
        name: "LSwift",
        label: "LSwift (reordering-resilient)",
        about: "Swift made reordering-resilient (LTCP style): a hole only counts as a loss after a wait, and only five successive late packets cut the window.",
        // orange, darkened
        colour: (196, 125, 0),
        colour_name: "orange",
    },
    CcaInfo {
        kind: CcaKind::MSwift,
        name: "MSwift",
        label: "MSwift (median)",
        about: "LSwift deciding on the median of the last H delays instead of the latest one: the paper's fix.",
        // blue
        colour: (0, 114, 178),
        colour_name: "blue",
    },
    CcaInfo {
        kind: CcaKind::Nscc,
        name: "NSCC",
        label: "NSCC (Ultra Ethernet)",
        about: "Ultra Ethernet's network-signal congestion control: ECN marks and delay together, tuned for spraying.",
        // bluish green
        colour: (0, 140, 100),
        colour_name: "green",
    },
    CcaInfo {
        kind: CcaKind::Mnscc,
        name: "MNSCC",
        label: "MNSCC (median)",
        about: "NSCC deciding on the median of the last H delays (H ≤ 4).",
        // reddish purple
        colour: (190, 90, 150),
        colour_name: "pink",
    },
    CcaInfo {
        kind: CcaKind::Tcp,
        name: "TCP",
        label: "TCP New Reno",
        about: "TCP New Reno: halves cwnd on three duplicate ACKs, so every late packet looks like a loss.",
        // grey
        colour: (85, 85, 85),
        colour_name: "dark grey",
    },
    CcaInfo {
        kind: CcaKind::Dctcp,
        name: "DCTCP",
        label: "DCTCP",
        about: "Data-center TCP: cuts cwnd in proportion to the fraction of ECN-marked packets.",
        // the palette's yellow, darkened to read on white
        colour: (150, 130, 0),
        colour_name: "olive",
    },
    CcaInfo {
        kind: CcaKind::Smartt,
        name: "SMaRTT",
        label: "SMaRTT",
        about: "The CCA REPS was designed with (also called FastFlow), the basis of NSCC: delay and ECN, with a wait-to-decrease gate.",
        // purple
        colour: (120, 60, 160),
        colour_name: "purple",
    },
];

impl CcaKind {
    /// Its row of [`CCAS`] (which lists them in declaration order, tested).
    pub const fn info(self) -> &'static CcaInfo {
        &CCAS[self as usize]
    }
}

impl CcaName {
    /// How menus label it: the algorithm's label, or `MSwift-P10` for another percentile.
    pub fn label(self) -> String {
        match self.kind == CcaKind::MSwift && self.percentile != super::MEDIAN {
            true => format!("{}-P{}", self.kind.info().name, self.percentile),
            false => self.kind.info().label.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cca_has_one_row_in_order_and_its_own_colour() {
        let kinds: Vec<CcaKind> = CCAS.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, CcaKind::ALL);
        for (i, c) in CCAS.iter().enumerate() {
            assert!(
                CCAS[..i]
                    .iter()
                    .all(|d| d.colour != c.colour && d.name != c.name),
                "{c:?}"
            );
        }
        assert_eq!(CcaName::mswift_p(10).label(), "MSwift-P10");
        assert_eq!(CcaName::MSWIFT.label(), "MSwift (median)");
    }
}
