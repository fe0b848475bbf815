//! The claims of the abstract and the introduction (§I) that sum up the evaluation: the other
//! remedies fall short, and the median helps with and without congested paths.

use super::checks::{below, check, Metric, Side};
use super::{Claim, Measured};
use crate::repro::SPRAYING as LBS;
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme::Reps;

/// Claim 22 (§I): REPS and fair scheduling, the introduction's other two remedies, fall short.
pub fn other_remedies(m: &Measured) -> Claim {
    let b = "baseline";
    let under_reps = [C::SWIFT, C::LSWIFT].map(|c| {
        below(
            m,
            format!("reps: mswift vs {c}"),
            Side::cell(b, C::MSWIFT, Reps),
            Side::cell(b, c, Reps),
            Metric::Inflation,
        )
    });
    let under_drr = [C::LSWIFT, C::NSCC]
        .into_iter()
        .flat_map(|c| {
            LBS.iter().map(move |&lb| {
                below(
                    m,
                    format!("{c} {lb}: permutation vs drr"),
                    Side::cell("permutation", c, lb),
                    Side::cell("drr", c, lb),
                    Metric::Inflation,
                )
            })
        })
        .collect();
    Claim {
        id: 22,
        figure: b,
        section: "§I",
        title: "REPS does not help enough, and with DRR the sprayed traffic still suffers from the collapse",
        paper: "(ii) A second approach would be to employ packet spraying techniques like REPS that avoid sending over congested links. We show in evaluations that this does not help sufficiently. (iii) A third approach would be to separate ECMP flows from sprayed packets using traffic classes, and provide a fair scheduling in switches. [...] we show that this approach still suffers from the throughput collapse, since sprayed packets keep encountering more congestion at shared links [...]",
        checks: vec![
            check(
                "22a",
                "employ packet spraying techniques like REPS [...] this does not help sufficiently",
                "with REPS in the baseline, Swift and LSwift (which decide on the latest signal) each above MSwift: REPS alone leaves them short of what the median reaches".into(),
                under_reps.into(),
            ),
            check(
                "22b",
                "this approach still suffers from the throughput collapse",
                "with DRR, LSwift and NSCC (no median) each above themselves without elephants (Fig. 6: with the ECMP class empty DRR serves one FIFO) under every LB".into(),
                under_drr,
            ),
        ],
    }
}

/// Claim 23 (the abstract): the median variants improve their CCAs with and without elephants.
pub fn both_networks(m: &Measured) -> Claim {
    let improves = |fig: &str| {
        [(C::MSWIFT, C::LSWIFT), (C::MNSCC, C::NSCC)]
            .map(|(median, base)| {
                below(
                    m,
                    format!("{fig}: {median} vs {base}"),
                    Side::over_lbs(fig, median),
                    Side::over_lbs(fig, base),
                    Metric::Inflation,
                )
            })
            .into()
    };
    Claim {
        id: 23,
        figure: "baseline",
        section: "Abstract",
        title: "The median improves both CCAs, under congested paths and in uncongested networks",
        paper: "We demonstrate that they can improve both CCAs, reaching better QoS both under congested paths and in uncongested networks.",
        checks: vec![
            check(
                "23a",
                "reaching better QoS both under congested paths",
                "in the baseline, MSwift below LSwift and MNSCC below NSCC, each over the three LBs".into(),
                improves("baseline"),
            ),
            check(
                "23b",
                "and in uncongested networks",
                "without elephants (Fig. 6), MSwift below LSwift and MNSCC below NSCC, each over the three LBs".into(),
                improves("permutation"),
            ),
        ],
    }
}
