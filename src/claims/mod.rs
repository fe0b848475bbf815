//! The paper's claims (ALGORITHMS.md §14), checked against the CSVs of `spraylab repro`, and the
//! `REPRODUCTION.md` report built from them.
//!
//! A claim is a list of checks, each a comparison of measured figures with a fixed threshold
//! stated next to it. A claim *holds* when every check passes, *partly* when some do, and *does
//! not hold* when none does. The thresholds are the same for every figure and every run; nothing
//! here is tuned to the outcome.
//!
//! - `measured.rs`: the summaries and FCTs the claims read;
//! - `checks.rs`: the comparisons claims are made of;
//! - `theory.rs`, `baseline.rs`, `sensitivity.rs`, `implementation.rs`: the paper's claims, one
//!   function each, in the paper's order;
//! - `report.rs`: the markdown report.

mod baseline;
mod checks;
mod implementation;
mod measured;
mod report;
mod sensitivity;
#[cfg(test)]
mod tests;
mod theory;

pub use measured::{read_dir, Key, Measured, Summary};
pub use report::report;

/// The outcome of a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Holds,
    Partly,
    DoesNotHold,
    /// A figure the claim needs is missing from the CSVs.
    NoData,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Partly => "partly",
            Verdict::DoesNotHold => "does not hold",
            Verdict::NoData => "no data",
        }
    }
}

/// One check of a claim: what is compared, the measured figures, and whether it passed.
#[derive(Clone, Debug)]
pub struct Check {
    pub what: String,
    pub measured: String,
    pub pass: Option<bool>,
}

/// A claim of the paper and its checks.
#[derive(Clone, Debug)]
pub struct Claim {
    pub id: u32,
    pub figure: &'static str,
    pub paper: &'static str,
    pub checks: Vec<Check>,
    /// The most likely reason, shown when the claim does not fully hold.
    pub why_not: &'static str,
}

impl Claim {
    pub fn verdict(&self) -> Verdict {
        if self.checks.iter().any(|c| c.pass.is_none()) || self.checks.is_empty() {
            return Verdict::NoData;
        }
        let passed = self.checks.iter().filter(|c| c.pass == Some(true)).count();
        match passed {
            p if p == self.checks.len() => Verdict::Holds,
            0 => Verdict::DoesNotHold,
            _ => Verdict::Partly,
        }
    }
}

/// Every claim of ALGORITHMS.md §14, evaluated on `m`.
pub fn evaluate(m: &Measured) -> Vec<Claim> {
    vec![
        theory::theory(m),
        baseline::swift_collapses(m),
        baseline::mswift_best(m),
        baseline::mswift_beats_swift_and_nscc(m),
        baseline::nscc_and_mnscc(m),
        baseline::reps_not_always_best(m),
        baseline::fct(m),
        sensitivity::permutation(m),
        sensitivity::hsdp(m),
        sensitivity::hosts250(m),
        sensitivity::size16mib(m),
        sensitivity::elephants8(m),
        sensitivity::failures(m),
        sensitivity::percentiles(m),
        sensitivity::drr(m),
        sensitivity::incast(m),
        implementation::size(),
    ]
}
