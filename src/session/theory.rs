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
            s.set_field("flow-size", THEORY_FLOW)
                .expect("the theory sweep's fields are valid");
            s.workload.paths = paths;
            let q = 1.0 / paths as f64;
            (TheoryRun { cca, q }, s)
        })
        .collect()
}
