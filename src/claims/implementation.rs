//! The implementation claim: the median framework is a small addition.

use super::{Check, Claim};

/// Source lines (neither blank nor comments) of the median estimator that MSwift and MNSCC add.
fn estimator_lines() -> usize {
    include_str!("../sim/cca/estimator.rs")
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

/// Claim 17: the median framework is small.
pub fn size() -> Claim {
    let n = estimator_lines();
    Claim {
        id: 17,
        figure: "implementation",
        paper: "MSwift and MNSCC add fewer than 200 lines to htsim.",
        checks: vec![Check {
            what: "the median estimator both use (src/sim/cca/estimator.rs, tests excluded; the 32-bit storage of its samples, src/sim/cca/samples.rs, is a memory layout of this simulator and not counted) is under 200 lines".into(),
            measured: format!("{n} lines"),
            pass: Some(n < 200),
            ..Default::default()
        }],
    }
}
