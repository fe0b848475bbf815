//! The paper's claims (ALGORITHMS.md §14), checked against the CSVs of `spraylab repro`, and the
//! `REPRODUCTION.md` report built from them.
//!
//! A claim is a list of checks, each a comparison of measured figures with a fixed threshold
//! stated next to it. The thresholds are the same for every figure and every run; nothing here
//! is tuned to the outcome. A check that compares two cells' mean inflations does so with their
//! noise: the difference must exceed two standard errors of the difference (over the seeds) to
//! pass or fail, and is *within noise* otherwise. A claim *holds* when every check passes, is
//! *within noise* when none fails but some are within noise, *partly* holds when some fail and
//! others do not, and *does not hold* when every check fails. When a claim does not fully hold,
//! the report explains it from the data: which cells fail or are within noise, by how much, and
//! how their counters per run (drops, timeouts, ECN marks, retransmissions, cwnd cuts by cause)
//! differ.
//!
//! - `measured.rs`: the summaries and FCTs the claims read;
//! - `checks.rs`: the comparisons claims are made of, with their noise;
//! - `explain.rs`: why a claim does not fully hold, from the data;
//! - `theory.rs`, `baseline.rs`, `sensitivity.rs`, `implementation.rs`: the paper's claims, one
//!   function each, in the paper's order;
//! - `report.rs`: the markdown report.

mod baseline;
mod checks;
mod explain;
mod implementation;
mod measured;
mod report;
mod sensitivity;
#[cfg(test)]
mod tests;
mod theory;

pub use explain::explain;
pub use measured::{read_dir, Counters, Key, Measured, Summary};
pub use report::{is_report, report, ReportPaths};

/// The outcome of a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Holds,
    /// No check fails, but some cannot tell their cells apart from the seeds' noise.
    WithinNoise,
    Partly,
    DoesNotHold,
    /// A figure the claim needs is missing from the CSVs.
    NoData,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::WithinNoise => "within noise",
            Verdict::Partly => "partly",
            Verdict::DoesNotHold => "does not hold",
            Verdict::NoData => "no data",
        }
    }
}

/// How a check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail,
    /// The cells compared differ by less than two standard errors.
    WithinNoise,
}

/// Two cells a check compares: `a`'s mean inflation is expected below `b`'s times `margin`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub a: Key,
    pub b: Key,
    pub margin: f64,
    pub outcome: Outcome,
}

/// One check of a claim: what is compared, the measured figures, and whether it passed.
#[derive(Clone, Debug, Default)]
pub struct Check {
    pub what: String,
    pub measured: String,
    /// Whether the measured figures meet the threshold (`None`: a figure is missing).
    pub pass: Option<bool>,
    /// The pairs of cells the check compared with their noise, where it compares cells.
    pub pairs: Vec<Pair>,
    /// Other cells the check read, for the explanation.
    pub cells: Vec<Key>,
    /// A check without pairs that did not pass only because some of its comparisons were
    /// within noise.
    pub within_noise: bool,
}

impl Check {
    /// Pass or fail; within noise if a compared pair could not be told apart and none failed
    /// beyond its noise.
    pub fn outcome(&self) -> Option<Outcome> {
        let pass = self.pass?;
        let outcomes = self.pairs.iter().map(|p| p.outcome);
        if self.pairs.is_empty() {
            Some(match (pass, self.within_noise) {
                (true, _) => Outcome::Pass,
                (false, true) => Outcome::WithinNoise,
                (false, false) => Outcome::Fail,
            })
        } else if outcomes.clone().any(|o| o == Outcome::Fail) {
            Some(Outcome::Fail)
        } else if outcomes.clone().any(|o| o == Outcome::WithinNoise) {
            Some(Outcome::WithinNoise)
        } else {
            Some(Outcome::Pass)
        }
    }
}

/// A claim of the paper and its checks.
#[derive(Clone, Debug)]
pub struct Claim {
    pub id: u32,
    pub figure: &'static str,
    pub paper: &'static str,
    pub checks: Vec<Check>,
}

impl Claim {
    pub fn verdict(&self) -> Verdict {
        let Some(outcomes) = self
            .checks
            .iter()
            .map(Check::outcome)
            .collect::<Option<Vec<_>>>()
        else {
            return Verdict::NoData;
        };
        let count = |o: Outcome| outcomes.iter().filter(|&&x| x == o).count();
        match (count(Outcome::Fail), count(Outcome::WithinNoise)) {
            _ if outcomes.is_empty() => Verdict::NoData,
            (0, 0) => Verdict::Holds,
            (0, _) => Verdict::WithinNoise,
            (f, _) if f == outcomes.len() => Verdict::DoesNotHold,
            _ => Verdict::Partly,
        }
    }

    /// Checks that pass.
    pub fn passed(&self) -> usize {
        self.checks
            .iter()
            .filter(|c| c.outcome() == Some(Outcome::Pass))
            .count()
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
