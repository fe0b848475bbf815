//! The claims of the evaluation's setup (§IV-A, and §IV-D's 8 elephants): how much of the
//! network the elephants touch. It is a property of the network and the draw, not of a CCA: it
//! is computed from the presets' flows and paths, seed by seed, as the simulator builds them.

use super::checks::{judge_about, judge_at_most, judge_negative};
use super::stats::Estimate;
use super::{Check, Claim, Outcome, Test, BAND};
use crate::scenario::Scenario;
use crate::sim::Simulation;
use std::collections::BTreeMap;

/// One preset's elephants: their count among the flows, and seed by seed how much of the
/// network they touch.
#[derive(Clone, Debug, PartialEq)]
pub struct Elephants {
    pub flows: usize,
    pub elephants: usize,
    /// Per seed, the probability that a sprayed packet crosses a switch port one of them crosses.
    pub by_seed: Vec<f64>,
    /// Per seed, the most elephants that cross one switch port.
    pub worst_port: Vec<f64>,
    /// The most links one elephant's path takes (its NIC's link and the switch ports after it).
    pub longest_path: usize,
}

impl Elephants {
    /// The elephants of `preset` under `seeds` (`None` if it cannot be built).
    pub fn of(preset: &str, seeds: impl IntoIterator<Item = u64>) -> Option<Elephants> {
        let mut e = Elephants {
            flows: 0,
            elephants: 0,
            by_seed: Vec::new(),
            worst_port: Vec::new(),
            longest_path: 0,
        };
        for seed in seeds {
            let mut s = Scenario::preset(preset)?;
            s.seed = seed;
            let sim = Simulation::new(&s).ok()?;
            let flows = sim.flow_endpoints();
            e.flows = flows.len();
            e.elephants = flows.iter().filter(|f| !f.2).count();
            e.by_seed.push(sim.sprayed_exposure());
            let routes = sim.elephant_routes();
            let mut on_port: BTreeMap<usize, u32> = BTreeMap::new();
            for &p in routes.iter().flatten() {
                *on_port.entry(p).or_default() += 1;
            }
            e.worst_port
                .push(on_port.values().copied().max().unwrap_or(0) as f64);
            let longest = routes.iter().map(|r| r.len() + 1).max().unwrap_or(0);
            e.longest_path = e.longest_path.max(longest);
        }
        Some(e)
    }
}

/// What the claims read from the setup rather than from the runs: the elephants of the baseline
/// and of the figure that doubles them.
#[derive(Clone, Debug, PartialEq)]
pub struct Exposure {
    pub baseline: Elephants,
    pub doubled: Elephants,
}

impl Exposure {
    /// The baseline's and the 8-elephant figure's elephants under `seeds`.
    pub fn of(seeds: impl IntoIterator<Item = u64> + Clone) -> Option<Exposure> {
        Some(Exposure {
            baseline: Elephants::of("baseline", seeds.clone())?,
            doubled: Elephants::of("elephants8", seeds)?,
        })
    }
}

/// The ratio of two independent samples' means with its noise, linearized.
fn ratio_of(a: &Estimate, b: &Estimate) -> Option<Estimate> {
    if b.mean <= 0.0 {
        return None;
    }
    let r = a.mean / b.mean;
    let d = Estimate::independent(&[(1.0, *a), (-r, *b)]);
    Some(Estimate {
        mean: r,
        se: d.se / b.mean,
        df: d.df,
    })
}

/// Claim 12's checks of the paper's guess at why 8 elephants do little: more sprayed packets
/// meet an elephant, while the worst port is not much worse.
pub fn doubled_elephants(e: Option<&Exposure>) -> [Check; 2] {
    let est = |f: fn(&Elephants) -> &Vec<f64>| {
        e.and_then(|e| Some((Estimate::of(f(&e.baseline))?, Estimate::of(f(&e.doubled))?)))
    };
    let worst = est(|e| &e.worst_port).and_then(|(four, eight)| ratio_of(&eight, &four));
    let more = est(|e| &e.by_seed)
        .map(|(four, eight)| Estimate::independent(&[(1.0, four), (-1.0, eight)]));
    let shown = |f: fn(&Elephants) -> &Vec<f64>| {
        est(f).map_or("–".into(), |(four, eight)| {
            format!(
                "{:.2} ± {:.2} with 4 elephants, {:.2} ± {:.2} with 8",
                four.mean,
                four.half_width(),
                eight.mean,
                eight.half_width()
            )
        })
    };
    [
        Check {
            id: "12c",
            quote: "even though more flows experience congestion",
            reads: "the probability that a sprayed packet crosses a port an elephant crosses (claim 21b) higher with 8 elephants than with 4, beyond the noise".into(),
            measured: shown(|e| &e.by_seed),
            tests: Vec::new(),
            outcome: more.map(|d| judge_negative(&d)),
        },
        Check {
            id: "12d",
            quote: "the worst-case congestion does not change much",
            reads: format!(
                "the most elephants crossing one switch port, mean over the seeds, with 8 ÷ with 4 at most 1 + {:.0} %",
                100.0 * BAND
            ),
            measured: match worst {
                Some(r) => format!(
                    "{}: {:.2}× ± {:.2}",
                    shown(|e| &e.worst_port),
                    r.mean,
                    r.half_width()
                ),
                None => "–".into(),
            },
            tests: Vec::new(),
            outcome: worst.map(|r| judge_at_most(&r, 1.0 + BAND)),
        },
    ]
}

/// Claim 21 (§IV-A): the elephants are few flows but many packets meet them.
pub fn elephants(e: Option<&Exposure>) -> Claim {
    let e = e.map(|e| &e.baseline);
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
            Check {
                id: "21c",
                quote: "each ECMP flow uses up to 6 links",
                reads: "the most links an elephant's hashed path takes, over the seeds, is 6 (a fact of the three-tier fat-tree)".into(),
                measured: e.map_or("–".into(), |e| format!("{} links", e.longest_path)),
                tests: Vec::new(),
                outcome: e.map(|e| match e.longest_path {
                    6 => Outcome::Setup,
                    _ => Outcome::Fail,
                }),
            },
        ],
    }
}
