//! The claim of the evaluation's setup (§IV-A): how much of the baseline the elephants touch.
//! It is a property of the network and the draw, not of a CCA: it is computed from the
//! baseline preset's flows and paths, seed by seed, as the simulator builds them.

use super::checks::judge_about;
use super::stats::Estimate;
use super::{Check, Claim, Outcome, Test, BAND};
use crate::scenario::Scenario;
use crate::sim::Simulation;

/// The baseline's elephants: their count among the flows, and per seed the probability that a
/// sprayed packet crosses a switch port one of them crosses.
#[derive(Clone, Debug, PartialEq)]
pub struct Exposure {
    pub flows: usize,
    pub elephants: usize,
    pub by_seed: Vec<f64>,
}

impl Exposure {
    /// The baseline preset under `seeds` (`None` if it cannot be built).
    pub fn of_baseline(seeds: impl IntoIterator<Item = u64>) -> Option<Exposure> {
        let mut e = Exposure {
            flows: 0,
            elephants: 0,
            by_seed: Vec::new(),
        };
        for seed in seeds {
            let mut s = Scenario::preset("baseline")?;
            s.seed = seed;
            let sim = Simulation::new(&s).ok()?;
            let flows = sim.flow_endpoints();
            e.flows = flows.len();
            e.elephants = flows.iter().filter(|f| !f.2).count();
            e.by_seed.push(sim.sprayed_exposure());
        }
        Some(e)
    }
}

/// Claim 21 (§IV-A): the elephants are few flows but many packets meet them.
pub fn elephants(e: Option<&Exposure>) -> Claim {
    let share = e.map(|e| e.elephants as f64 / e.flows.max(1) as f64);
    let hit = e.and_then(|e| Estimate::of(&e.by_seed));
    Claim {
        id: 21,
        figure: "baseline",
        section: "§IV-A",
        title: "The 4 ECMP flows are about 3 % of the flows, yet a sprayed packet meets one with probability about 0.09",
        paper: "Note that the 4 ECMP flows only form about 3% of the flows, but each ECMP flow uses up to 6 links, so the probability for a random sprayed packet to hit at least one of them is larger (about 0.09).",
        checks: vec![
            Check {
                id: "21a",
                quote: "the 4 ECMP flows only form about 3% of the flows",
                reads: format!(
                    "the baseline's elephants ÷ its flows about 3 % (within {:.0} %)",
                    100.0 * BAND
                ),
                measured: e.map_or("–".into(), |e| {
                    format!(
                        "{} of {} flows: {:.1} %",
                        e.elephants,
                        e.flows,
                        100.0 * share.unwrap_or(0.0)
                    )
                }),
                tests: Vec::new(),
                // the preset sets it: a fact of the setup when it matches, a setup that is not the
                // paper's when it does not
                outcome: share.map(|s| {
                    if ((s / 0.03) - 1.0).abs() <= BAND {
                        Outcome::Setup
                    } else {
                        Outcome::Fail
                    }
                }),
            },
            Check {
                id: "21b",
                quote: "the probability for a random sprayed packet to hit at least one of them is larger (about 0.09)",
                reads: format!(
                    "the share of a sprayed flow's equally likely paths that cross a switch port an elephant's ECMP path crosses, over the flows and seeds, about 0.09 (within {:.0} %)",
                    100.0 * BAND
                ),
                measured: hit.map_or("–".into(), |h| {
                    format!(
                        "{:.3} ± {:.3} over {} seeds",
                        h.mean,
                        h.half_width(),
                        h.df + 1.0
                    )
                }),
                tests: hit
                    .map(|h| Test {
                        label: "baseline".into(),
                        a: None,
                        b: None,
                        estimate: Some(h),
                        shown: format!("{:.3} ± {:.3}", h.mean, h.half_width()),
                        outcome: judge_about(&h, 0.09),
                    })
                    .into_iter()
                    .collect(),
                outcome: hit.map(|h| judge_about(&h, 0.09)),
            },
        ],
    }
}
