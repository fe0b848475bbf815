//! The paper's claims, checked against the CSVs of `spraylab repro`, and the `REPRODUCTION.md`
//! report built from them.
//!
//! A claim is one or more of the paper's sentences, quoted with their section, and the checks
//! that read them as written:
//! - "up to X" and "reaching X" take the largest cell; a sentence about REPS reads REPS;
//! - "similar" FCTs pass within 5 % of each other and "clearly" worse needs more than that
//!   ([`CLEAR`]), so the two words never read the same gap;
//! - "about X times" (and "slightly", "not much") passes within one band, 25 % of
//!   X ([`BAND`]), which never admits a ratio on the wrong side of 1 for the factors the paper
//!   gives (1.7× and above);
//! - a check adds no condition its sentence does not make, and none is true by construction;
//! - a sentence a simulator cannot check (the lines added to htsim) is *not checkable here*.
//!
//! Every comparison of cells goes through one noise rule ([`stats`]): paired by seed within a
//! figure and across figures that draw the same flows at each seed ([`draws`]), independent
//! otherwise, with the Student t quantile of its degrees of freedom;
//! every rival is tested, not only the best by mean; and a difference within the noise keeps its
//! sign in words ("within noise, in the paper's direction" or "against it"). A sentence that
//! something does *not* help passes unless it helps beyond the noise.
//!
//! A claim *holds* when every check passes, is *within noise* when none fails but some are
//! within noise, *partly* holds when some pass and some fail, and *does not hold* when some
//! fail and none passes. When a claim does not fully hold, the report explains it from the
//! data: which cells fail or are within noise, by how much, and how their counters per run
//! (drops, timeouts, ECN marks, retransmissions, cwnd cuts by cause) differ.
//!
//! - `measured.rs`: the summaries, runs and FCTs the claims read;
//! - `stats.rs`: estimates, the t quantile and the sign test;
//! - `checks.rs`: the comparisons checks are made of, each through the noise rule;
//! - `draws.rs`: which figures share each seed's draws, so that their cells are paired;
//! - `explain.rs`: why a claim does not fully hold, from the data;
//! - `theory.rs`, `baseline.rs`, `sensitivity.rs`, `design.rs`, `workload.rs`, `intro.rs`: the
//!   paper's claims, one function each;
//! - `report.rs`: the markdown report.

mod baseline;
mod checks;
mod design;
pub mod draws;
mod explain;
mod intro;
mod measured;
pub mod paper;
mod report;
mod sensitivity;
pub mod stats;
#[cfg(test)]
mod tests;
mod theory;
mod workload;

use crate::scenario;
pub use explain::explain;
pub use measured::{read_dir, Counters, Key, Measured, Run, Summary};
pub use report::{is_report, report, ReportPaths};
use stats::Estimate;
pub use workload::{Elephants, Exposure};

/// "About X times" passes within this share of X.
pub const BAND: f64 = 0.25;

/// "Similar" passes within this share of 1, and "clearly" worse needs a gap beyond it: one line
/// between the two words, so that no gap reads as both (claim 7 uses both of one figure's FCTs).
pub const CLEAR: f64 = 0.05;

/// The outcome of a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Holds,
    /// No check fails, but some cannot tell their cells apart from the seeds' noise.
    WithinNoise,
    /// Some checks pass and some fail.
    Partly,
    /// Some checks fail and none passes.
    DoesNotHold,
    /// The claim is about something a simulator cannot measure.
    NotCheckable,
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
            Verdict::NotCheckable => "not checkable here",
            Verdict::NoData => "no data",
        }
    }
}

/// How a check, or one comparison of it, came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail,
    /// The compared figures differ by less than their 95 % interval; `along` when the means
    /// lean the paper's way.
    WithinNoise {
        along: bool,
    },
    /// Not something a simulator can measure.
    NotCheckable,
    /// True of the setup as configured (the baseline's 4 elephants among its 128 flows): it
    /// says the setup is the paper's, and counts as no evidence for the claim.
    Setup,
}

impl Outcome {
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Pass => "yes",
            Outcome::Fail => "**no**",
            Outcome::WithinNoise { along: true } => "within noise, in the paper's direction",
            Outcome::WithinNoise { along: false } => "within noise, against the paper's direction",
            Outcome::NotCheckable => "not checkable here",
            Outcome::Setup => "so set up",
        }
    }

    /// The outcome of "every one of these": a failure fails it; else any within noise makes it
    /// within noise (in the paper's direction only if all of those are).
    pub fn every(outcomes: impl IntoIterator<Item = Outcome>) -> Outcome {
        let v: Vec<Outcome> = outcomes.into_iter().collect();
        if v.contains(&Outcome::Fail) {
            Outcome::Fail
        } else if v.iter().any(|o| matches!(o, Outcome::WithinNoise { .. })) {
            Outcome::WithinNoise {
                along: !v.contains(&Outcome::WithinNoise { along: false }),
            }
        } else {
            Outcome::Pass
        }
    }
}

/// One comparison behind a check: the cells it reads, the estimate with its noise, its outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// Which comparison: "ops: mswift vs nscc".
    pub label: String,
    /// The cells compared, for the explanation's counters (the first side, then the second).
    pub a: Option<Key>,
    pub b: Option<Key>,
    /// The compared quantity: a difference or a ratio, with its noise.
    pub estimate: Option<Estimate>,
    /// The figures as the report shows them: "21 % vs 57 %: −36 ± 9 points".
    pub shown: String,
    pub outcome: Outcome,
}

/// One check of a claim: the paper's words it reads, how, what was measured, and the outcome.
#[derive(Clone, Debug)]
pub struct Check {
    /// A stable name: the claim's number and a letter ("3a").
    pub id: &'static str,
    /// The paper's words this check reads.
    pub quote: &'static str,
    /// How it reads them.
    pub reads: String,
    pub measured: String,
    /// The comparisons it is made of, where it compares cells.
    pub tests: Vec<Test>,
    /// `None`: a figure it needs is missing.
    pub outcome: Option<Outcome>,
}

impl Check {
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

/// A claim of the paper: its sentences, where they stand, and its checks.
#[derive(Clone, Debug)]
pub struct Claim {
    pub id: u32,
    pub figure: &'static str,
    /// The section and figure the sentences stand in ("§IV-B, Fig. 4").
    pub section: &'static str,
    /// A short title for the table.
    pub title: &'static str,
    /// The paper's sentences, quoted.
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
        let count = |f: fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
        let pass = count(|o| *o == Outcome::Pass);
        let fail = count(|o| *o == Outcome::Fail);
        let noise = count(|o| matches!(o, Outcome::WithinNoise { .. }));
        match (pass, fail, noise) {
            _ if outcomes.is_empty() => Verdict::NoData,
            (0, 0, 0) => Verdict::NotCheckable,
            (_, 0, 0) => Verdict::Holds,
            (_, 0, _) => Verdict::WithinNoise,
            (0, _, _) => Verdict::DoesNotHold,
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

/// Every claim, evaluated on `m`, with the elephants computed from the presets
/// ([`baseline_exposure`]).
pub fn evaluate(m: &Measured) -> Vec<Claim> {
    evaluate_with(m, baseline_exposure(m).as_ref())
}

/// The elephants of the baseline and of the 8-elephant figure, from their presets under the
/// seeds `m` has for the baseline (1 to 10 when it has none).
pub fn baseline_exposure(m: &Measured) -> Option<Exposure> {
    let key = (
        "baseline".to_string(),
        scenario::CcaName::MSWIFT,
        scenario::LbScheme::Ops,
        0,
    );
    let seeds: Vec<u64> = match m.seeds.get(&key) {
        Some(runs) => runs.keys().copied().collect(),
        None => (1..=10).collect(),
    };
    Exposure::of(seeds)
}

/// Every claim: the paper's order of sections within the first seventeen, then the statements
/// checked since (numbers are kept so a claim's history can be followed).
pub fn evaluate_with(m: &Measured, exposure: Option<&Exposure>) -> Vec<Claim> {
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
        sensitivity::elephants8(m, exposure),
        sensitivity::failures(m),
        sensitivity::percentiles(m),
        sensitivity::drr(m),
        sensitivity::incast(m),
        design::size(),
        sensitivity::drr_similar(m),
        theory::table_one(m),
        design::smaller_improvement(m),
        workload::elephants(exposure),
        intro::other_remedies(m),
        intro::both_networks(m),
    ]
}
