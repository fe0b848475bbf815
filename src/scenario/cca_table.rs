//! One table of the congestion-control algorithms: each CCA's proper name, how the page's menus
//! label it, what the glossary says of it, its colour in every chart and plot, and what it asks
//! of the rest of the simulator (its retransmission timer, whose transport parameters it takes,
//! what bounds its history, its window cap, its percentile). Every column is a field of a row, so
//! a new CCA is a variant of [`CcaKind`] (its one name in files, links and CSVs, beside it) and
//! a row the compiler asks for whole; its control law is its own file in `src/sim/cca/`.

use super::named_enum::named_enum;
use super::RtoRule;

named_enum! {
    /// The congestion-control algorithm.
    pub enum CcaKind {
        /// Swift; any SACK hole cuts cwnd by max_mdf.
        Swift = "swift",
        /// Swift with LTCP-U reordering resilience (cut after `ltcp_k` successive delayed
        /// packets).
        LSwift = "lswift",
        /// LSwift deciding on a percentile (default the median) of the last H delay samples.
        MSwift = "mswift",
        /// Ultra Ethernet's NSCC (delay and ECN quadrants).
        Nscc = "nscc",
        /// NSCC deciding on the median of the last H delays (H = max(min(⌊W/2⌋, 4), 1)).
        Mnscc = "mnscc",
        /// TCP NewReno with SACK recovery (the theory section's baseline).
        Tcp = "tcp",
        /// DCTCP: NewReno plus the ECN-fraction decrease.
        Dctcp = "dctcp",
        /// SMaRTT (FastFlow), the basis of NSCC.
        Smartt = "smartt",
    }
}

impl CcaKind {
    /// Whether it decides on a percentile of its history (MSwift and MNSCC: the CCA table says).
    pub fn has_percentile(self) -> bool {
        self.info().percentile != PercentileOf::Latest
    }

    /// Whether its name carries its percentile (`mswift-p10`: MSwift, the CCA table says).
    pub fn named_percentile(self) -> bool {
        self.info().percentile == PercentileOf::Named
    }
}

/// Whose transport parameters a CCA takes: the scenario's, or NSCC's own (the UEC reference's
/// minimum RTO and receiver ACK coalescing, ALGORITHMS.md §6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransportOf {
    Scenario,
    Nscc,
}

/// What bounds how many congestion signals a CCA's percentile filter keeps (ALGORITHMS.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryBound {
    /// None kept: it decides on the latest signal.
    Latest,
    /// Swift's growth period W/ai, at most `max_cwnd / ai`.
    SwiftGrowth,
    /// NSCC's growth period, at most 8 packets.
    NsccGrowth,
}

/// The most packets a CCA's window reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowCap {
    /// The scenario's one cap, `cca.swift.max_cwnd`.
    MaxCwnd,
    /// 1.5 bandwidth-delay products of its path, as the UEC reference clamps it.
    Bdps,
}

/// Which percentile a CCA decides on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PercentileOf {
    /// None: the latest signal.
    Latest,
    /// The configured one (the median by default), named only by the scenario.
    Configured,
    /// The configured one, also named as `NAME-pN` (`mswift-p10`).
    Named,
}

/// The paper's closed form for a CCA's throughput on the n-path network (Theorems 1–4), where
/// it gives one; the formulas are in src/model.rs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    Tcp,
    DctcpBound,
    Swift,
    Smartt,
}

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
    pub rto: RtoRule,
    pub transport: TransportOf,
    pub history: HistoryBound,
    pub window_cap: WindowCap,
    pub percentile: PercentileOf,
    /// Its closed form (the paper proves LSwift's collapse, Theorem 5, without one, and gives
    /// none for NSCC or the median variants).
    pub model: Option<Model>,
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
        rto: RtoRule::CumulativeAck,
        transport: TransportOf::Scenario,
        history: HistoryBound::Latest,
        window_cap: WindowCap::MaxCwnd,
        percentile: PercentileOf::Latest,
        model: Some(Model::Swift),
    },
    CcaInfo {
        kind: CcaKind::LSwift,
        name: "LSwift",
        label: "LSwift (reordering-resilient)",
        about: "Swift made reordering-resilient (LTCP style): a hole only counts as a loss after a wait, and only five successive late packets cut the window.",
        // orange, darkened
        colour: (196, 125, 0),
        colour_name: "orange",
        rto: RtoRule::CumulativeAck,
        transport: TransportOf::Scenario,
        history: HistoryBound::Latest,
        window_cap: WindowCap::MaxCwnd,
        percentile: PercentileOf::Latest,
        model: None,
    },
    CcaInfo {
        kind: CcaKind::MSwift,
        name: "MSwift",
        label: "MSwift (median)",
        about: "LSwift deciding on the median of the last H delays instead of the latest one: the paper's fix.",
        // blue
        colour: (0, 114, 178),
        colour_name: "blue",
        rto: RtoRule::CumulativeAck,
        transport: TransportOf::Scenario,
        history: HistoryBound::SwiftGrowth,
        window_cap: WindowCap::MaxCwnd,
        percentile: PercentileOf::Named,
        model: None,
    },
    CcaInfo {
        kind: CcaKind::Nscc,
        name: "NSCC",
        label: "NSCC (Ultra Ethernet)",
        about: "Ultra Ethernet's network-signal congestion control: ECN marks and delay together, tuned for spraying.",
        // bluish green
        colour: (0, 140, 100),
        colour_name: "green",
        rto: RtoRule::PerPacket,
        transport: TransportOf::Nscc,
        history: HistoryBound::Latest,
        window_cap: WindowCap::Bdps,
        percentile: PercentileOf::Latest,
        model: None,
    },
    CcaInfo {
        kind: CcaKind::Mnscc,
        name: "MNSCC",
        label: "MNSCC (median)",
        about: "NSCC deciding on the median of the last H delays (H ≤ 4).",
        // reddish purple
        colour: (190, 90, 150),
        colour_name: "pink",
        rto: RtoRule::PerPacket,
        transport: TransportOf::Nscc,
        history: HistoryBound::NsccGrowth,
        window_cap: WindowCap::Bdps,
        percentile: PercentileOf::Configured,
        model: None,
    },
    CcaInfo {
        kind: CcaKind::Tcp,
        name: "TCP",
        label: "TCP New Reno",
        about: "TCP New Reno: halves cwnd on three duplicate ACKs, so every late packet looks like a loss.",
        // grey
        colour: (85, 85, 85),
        colour_name: "dark grey",
        rto: RtoRule::CumulativeAck,
        transport: TransportOf::Scenario,
        history: HistoryBound::Latest,
        window_cap: WindowCap::MaxCwnd,
        percentile: PercentileOf::Latest,
        model: Some(Model::Tcp),
    },
    CcaInfo {
        kind: CcaKind::Dctcp,
        name: "DCTCP",
        label: "DCTCP",
        about: "Data-center TCP: cuts cwnd in proportion to the fraction of ECN-marked packets.",
        // the palette's yellow, darkened to read on white
        colour: (150, 130, 0),
        colour_name: "olive",
        rto: RtoRule::CumulativeAck,
        transport: TransportOf::Scenario,
        history: HistoryBound::Latest,
        window_cap: WindowCap::MaxCwnd,
        percentile: PercentileOf::Latest,
        model: Some(Model::DctcpBound),
    },
    CcaInfo {
        kind: CcaKind::Smartt,
        name: "SMaRTT",
        label: "SMaRTT",
        about: "The CCA REPS was designed with (also called FastFlow), the basis of NSCC: delay and ECN, with a wait-to-decrease gate.",
        // purple
        colour: (120, 60, 160),
        colour_name: "purple",
        rto: RtoRule::PerPacket,
        transport: TransportOf::Scenario,
        history: HistoryBound::Latest,
        window_cap: WindowCap::Bdps,
        percentile: PercentileOf::Latest,
        model: Some(Model::Smartt),
    },
];

impl CcaKind {
    /// Its row of [`CCAS`] (which lists them in declaration order, tested).
    pub const fn info(self) -> &'static CcaInfo {
        &CCAS[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cca_keeps_a_history_exactly_when_it_decides_on_a_percentile_of_it() {
        for c in CCAS {
            let keeps = c.history != HistoryBound::Latest;
            let decides = c.percentile != PercentileOf::Latest;
            assert_eq!(keeps, decides, "{}", c.name);
            // the UEC family's window is clamped to BDPs and its timer runs per packet
            assert_eq!(
                c.window_cap == WindowCap::Bdps,
                c.rto == RtoRule::PerPacket,
                "{}",
                c.name
            );
        }
    }

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
    }
}
