//! The theory sweep: short n-path runs of the Swift family at the theory figure's values of q,
//! whose throughputs the page plots against the closed forms.

use crate::model::THEORY_PATHS;
use crate::scenario::{CcaName, Scenario};

/// The theory sweep's flow size; its numbers of paths are the theory figure's.
pub const THEORY_FLOW: &str = "32MiB";
/// The simulated CCAs of the theory sweep, in the order the chart and its text list them.
pub const THEORY_CCAS: [CcaName; 3] = [CcaName::SWIFT, CcaName::LSWIFT, CcaName::MSWIFT];

/// One simulated point of the theory sweep.
pub use crate::figures::TheoryPoint;

/// What a theory run measures: the CCA (index into [`THEORY_CCAS`]) at q.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TheoryRun {
    pub cca: usize,
    pub q: f64,
}

/// What the theory chart's points show, computed from them: how far each CCA's simulated
/// throughput falls from the smallest q to the largest (MSwift's also below q = 1/3, where the
/// paper proves the median holds); `None` before any CCA has two points.
pub fn theory_look_for(points: &[TheoryPoint]) -> Option<String> {
    let fall = |cca: CcaName, below: f64| {
        let mut pts: Vec<&TheoryPoint> = points
            .iter()
            .filter(|p| p.cca == cca && p.q < below)
            .collect();
        pts.sort_by(|a, b| a.q.total_cmp(&b.q));
        let (first, last) = (pts.first()?, pts.last()?);
        (pts.len() > 1).then(|| (first.q, last.q, first.gbps / last.gbps))
    };
    let parts: Vec<String> = THEORY_CCAS
        .iter()
        .filter_map(|&cca| {
            let (q0, q1, x) = fall(cca, f64::INFINITY)?;
            let name = cca.kind.info().name;
            let mut s = format!("{name}'s dots fall {x:.1}× from q = {q0:.2} to {q1:.2}");
            if cca == CcaName::MSWIFT {
                if let Some((_, q1, x)) = fall(cca, 1.0 / 3.0) {
                    s += &format!(" ({x:.1}× up to q = {q1:.2})");
                }
            }
            Some(s)
        })
        .collect();
    (!parts.is_empty()).then(|| format!("{}.", parts.join("; ")))
}

/// Runs in a whole theory sweep.
pub fn theory_total() -> usize {
    THEORY_CCAS.len() * THEORY_PATHS.len()
}

/// The theory sweep's runs: the n-path model for every CCA and q.
pub(super) fn theory_runs() -> Vec<(TheoryRun, Scenario)> {
    (0..THEORY_CCAS.len())
        .flat_map(|cca| THEORY_PATHS.iter().map(move |&paths| (cca, paths)))
        .map(|(cca, paths)| {
            let mut s = Scenario::preset("npath").expect("the npath preset exists");
            THEORY_CCAS[cca].apply(&mut s.cca);
            let size = &crate::scenario::registry::WORKLOAD_FLOW_SIZE_BYTES;
            s.set_field(size.key(), THEORY_FLOW)
                .expect("the theory sweep's fields are valid");
            s.workload.paths = paths;
            let q = 1.0 / paths as f64;
            (TheoryRun { cca, q }, s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theory_caption_says_how_far_each_cca_s_dots_fall() {
        let point = |cca, q, gbps| TheoryPoint { cca, q, gbps };
        assert_eq!(theory_look_for(&[point(CcaName::SWIFT, 0.1, 100.0)]), None);
        let points = [
            point(CcaName::SWIFT, 0.1, 300.0),
            point(CcaName::SWIFT, 0.5, 100.0),
            point(CcaName::MSWIFT, 0.1, 400.0),
            point(CcaName::MSWIFT, 0.25, 400.0),
            point(CcaName::MSWIFT, 0.5, 50.0),
        ];
        assert_eq!(
            theory_look_for(&points).as_deref(),
            Some(
                "Swift's dots fall 3.0× from q = 0.10 to 0.50; MSwift's dots fall 8.0× from q = \
                 0.10 to 0.50 (1.0× up to q = 0.25)."
            )
        );
    }
}
