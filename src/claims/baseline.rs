//! The baseline's claims (§IV-B, Fig. 4 and 5): 128 hosts, 4 ECMP elephants, and the
//! introduction's summary of them (§I).

use super::checks::{
    below, below_every_lb, below_every_rival, check, check_some, compare_cells, judge_about,
    judge_above, judge_negative, judge_within, key, largest_ratio, lowest_cell, paired,
    ratio_about, values, Metric, Side,
};
use super::stats::Estimate;
use super::{Check, Claim, Counters, Measured, Outcome, Test, BAND, CLEAR};
use crate::repro::{FOUR, SPRAYING as LBS};
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme::{self, Ar, Ops, Reps};
use std::collections::BTreeMap;

const B: &str = "baseline";
const FIVE: &[C] = &[C::SWIFT, C::LSWIFT, C::MSWIFT, C::NSCC, C::MNSCC];

/// Claim 2: Swift collapses with spraying; LSwift fixes reordering but is still poor.
pub fn swift_collapses(m: &Measured) -> Claim {
    // "reaching": the largest of Swift's cells, as CCT ÷ the zero-queueing bound (1 + inflation)
    let reaching = largest_ratio_to_bound(m, C::SWIFT);
    Claim {
        id: 2,
        figure: B,
        section: "§IV-B, Fig. 4",
        title: "Swift with spraying reaches some 13× higher CCTs; LSwift is still poor",
        paper: "First, it shows the particularly poor performance of the Swift CCA when using packet spraying, reaching some 13× higher CCTs. This reflects Swift's aggressive cwnd reduction upon SACK holes following out-of-order arrivals. [...] LSwift is designed to deal with this out-of-order issue, but still obtains a poor performance that illustrates the throughput collapse demonstrated in this paper.",
        checks: vec![
            check(
                "2a",
                "reaching some 13× higher CCTs",
                format!(
                    "Swift's largest cell: its CCT ÷ the zero-queueing bound (the figure's reference) about 13 (within {:.0} %)",
                    100.0 * BAND
                ),
                vec![reaching],
            ),
            check(
                "2b",
                "LSwift is designed to deal with this out-of-order issue",
                "LSwift below Swift under every LB".into(),
                below_every_lb(m, B, C::LSWIFT, C::SWIFT),
            ),
            check(
                "2c",
                "but still obtains a poor performance",
                "LSwift above MSwift, NSCC and MNSCC under every LB".into(),
                [C::MSWIFT, C::NSCC, C::MNSCC]
                    .iter()
                    .flat_map(|&c| below_every_lb(m, B, c, C::LSWIFT))
                    .collect(),
            ),
            swift_cuts_on_holes(m),
        ],
    }
}

/// Check 2d: Swift's cuts come from SACK holes that are not losses. Its counters are means per
/// run (`runs.csv`), each far from the other: compared as they are, not through the noise rule.
fn swift_cuts_on_holes(m: &Measured) -> Check {
    let per_lb: Option<Vec<(LbScheme, Counters)>> = LBS
        .iter()
        .map(|&lb| Some((lb, *m.counters.get(&key(B, C::SWIFT, lb))?)))
        .collect();
    let tests: Option<Vec<Test>> = per_lb.map(|v| {
        v.into_iter()
            .map(|(lb, c)| Test {
                label: format!("swift {lb}"),
                a: Some(key(B, C::SWIFT, lb)),
                b: None,
                estimate: None,
                shown: format!(
                    "{:.0} hole cuts, {:.0} delay cuts, {:.0} drops a run",
                    c.cuts_loss, c.cuts_delay, c.drops
                ),
                outcome: match c.cuts_loss > c.cuts_delay && c.cuts_loss > c.drops {
                    true => Outcome::Pass,
                    false => Outcome::Fail,
                },
            })
            .collect()
    });
    let outcome = tests
        .as_ref()
        .map(|t| Outcome::every(t.iter().map(|t| t.outcome)));
    Check {
        id: "2d",
        quote: "This reflects Swift's aggressive cwnd reduction upon SACK holes following out-of-order arrivals",
        reads: "under every LB, Swift's cuts on SACK holes (a hole with 3 packets SACKed above it) outnumber its cuts on delay and its dropped packets: most of its cuts are on holes that reordering made, not losses".into(),
        measured: tests.as_ref().map_or("–".into(), |t| {
            t.iter()
                .map(|t| format!("{}: {}", t.label, t.shown))
                .collect::<Vec<_>>()
                .join("; ")
        }),
        tests: tests.unwrap_or_default(),
        outcome,
    }
}

/// `cca`'s largest CCT ÷ ideal over the LBs, judged against "about 13".
fn largest_ratio_to_bound(m: &Measured, cca: C) -> Option<Test> {
    let per_lb: Vec<(LbScheme, Estimate)> = LBS
        .iter()
        .map(|&lb| {
            let v = values(m, &key(B, cca, lb), Metric::Inflation)?;
            let plus_one: BTreeMap<u64, f64> = v.into_iter().map(|(s, x)| (s, 1.0 + x)).collect();
            Some((lb, paired(&[(1.0, &plus_one)])?))
        })
        .collect::<Option<_>>()?;
    let (lb, e) = per_lb
        .into_iter()
        .max_by(|a, b| a.1.mean.total_cmp(&b.1.mean))?;
    Some(Test {
        label: format!("{cca} {lb}"),
        a: Some(key(B, cca, lb)),
        b: None,
        estimate: Some(e),
        shown: format!(
            "CCT {:.2}× ± {:.2} the bound (inflation {:.0} %)",
            e.mean,
            e.half_width(),
            100.0 * (e.mean - 1.0)
        ),
        outcome: judge_about(&e, 13.0),
    })
}

/// Claim 3: MSwift with REPS is best overall, up to 8.6× below LSwift.
pub fn mswift_best(m: &Measured) -> Claim {
    Claim {
        id: 3,
        figure: B,
        section: "§I and §IV-B, Fig. 4",
        title: "MSwift is strongest (with REPS) and cuts LSwift's CCT inflation by up to 8.6× using REPS",
        paper: "MSwift is designed to deal with this throughput collapse, and obtains the strongest performance across all algorithms (with REPS). When compared to LSwift, it reduces the CCT inflation by up to 8.6×. (§I: \"MSwift improves the sprayed-traffic CCT inflation in the presence of ECMP flows by up to 8.6× using REPS.\")",
        checks: vec![
            check(
                "3a",
                "obtains the strongest performance across all algorithms (with REPS)",
                "MSwift with REPS below every other cell of the figure (14 rivals)".into(),
                lowest_cell(m, B, C::MSWIFT, Reps, FIVE),
            ),
            check(
                "3b",
                "by up to 8.6× using REPS",
                format!(
                    "LSwift ÷ MSwift inflation with REPS about 8.6 (within {:.0} %)",
                    100.0 * BAND
                ),
                vec![ratio_about(
                    m,
                    "reps: lswift ÷ mswift".into(),
                    Side::cell(B, C::LSWIFT, Reps),
                    Side::cell(B, C::MSWIFT, Reps),
                    8.6,
                )],
            ),
        ],
    }
}

/// Claim 4 (§I): MSwift beats Swift and NSCC under every LB.
pub fn mswift_beats_swift_and_nscc(m: &Measured) -> Claim {
    Claim {
        id: 4,
        figure: B,
        section: "§I, Fig. 4",
        title: "MSwift outperforms both Swift and NSCC under OPS, AR and REPS",
        paper: "It outperforms both Swift and NSCC in all 3 compared spraying algorithms: OPS, AR and REPS.",
        checks: vec![
            check(
                "4a",
                "It outperforms both Swift [...] in all 3 compared spraying algorithms",
                "MSwift below Swift under every LB".into(),
                below_every_lb(m, B, C::MSWIFT, C::SWIFT),
            ),
            check(
                "4b",
                "It outperforms both [...] NSCC in all 3 compared spraying algorithms",
                "MSwift below NSCC under every LB".into(),
                below_every_lb(m, B, C::MSWIFT, C::NSCC),
            ),
        ],
    }
}

/// Claim 5: NSCC is good; MNSCC improves it a bit, short of MSwift.
pub fn nscc_and_mnscc(m: &Measured) -> Claim {
    Claim {
        id: 5,
        figure: B,
        section: "§IV-B, Fig. 4",
        title: "NSCC performs well; MNSCC improves it a bit but does not reach MSwift",
        paper: "NSCC also obtains good performance, as it is designed for packet spraying, and its delay averaging methods reduce the impact of elephant flows. MNSCC improves it a bit, but does not reach the performance of MSwift.",
        checks: vec![
            check(
                "5a",
                "NSCC also obtains good performance",
                "NSCC below the two Swift baselines (Swift and LSwift), under every LB".into(),
                [C::SWIFT, C::LSWIFT]
                    .iter()
                    .flat_map(|&c| below_every_lb(m, B, C::NSCC, c))
                    .collect(),
            ),
            check(
                "5b",
                "MNSCC improves it a bit",
                "MNSCC below NSCC under every LB".into(),
                below_every_lb(m, B, C::MNSCC, C::NSCC),
            ),
            check(
                "5c",
                "but does not reach the performance of MSwift",
                "MSwift below MNSCC under every LB".into(),
                below_every_lb(m, B, C::MSWIFT, C::MNSCC),
            ),
        ],
    }
}

/// Claim 6: REPS is best for MSwift, not for every CCA: NSCC does better with AR.
pub fn reps_not_always_best(m: &Measured) -> Claim {
    let reps_best_for_mswift = [Ops, Ar]
        .iter()
        .map(|&lb| compare_cells(m, B, (C::MSWIFT, Reps), (C::MSWIFT, lb), below))
        .collect();
    Claim {
        id: 6,
        figure: B,
        section: "§IV-B, Fig. 4",
        title: "REPS is best with MSwift but not for every CCA: NSCC does better with AR",
        paper: "Finally, we see that REPS reaches the best performance with MSwift, as it is designed to learn from wrong paths, but interestingly it is not the best LB algorithm for all CCAs. For example, even though REPS was designed together with SMaRTT, the inspiration for NSCC, it is not the best LB algorithm for NSCC, which performs better with AR.",
        checks: vec![
            check(
                "6a",
                "REPS reaches the best performance with MSwift",
                "MSwift with REPS below MSwift with OPS and with AR".into(),
                reps_best_for_mswift,
            ),
            check(
                "6b",
                "it is not the best LB algorithm for NSCC, which performs better with AR",
                "NSCC with AR below NSCC with REPS".into(),
                vec![compare_cells(m, B, (C::NSCC, Ar), (C::NSCC, Reps), below)],
            ),
            check_some(
                "6c",
                "interestingly it is not the best LB algorithm for all CCAs",
                "for some CCA of the five, OPS or AR below REPS (fails only if REPS is below both for every CCA)".into(),
                FIVE.iter()
                    .flat_map(|&c| {
                        [Ops, Ar]
                            .map(|lb| compare_cells(m, B, (c, lb), (c, Reps), below))
                    })
                    .collect(),
            ),
        ],
    }
}

/// Two cells' `p`-quantile FCTs by seed, and each one's mean over the seeds.
type FctPair = (BTreeMap<u64, f64>, BTreeMap<u64, f64>, f64, f64);

fn fct_pair(m: &Measured, a: (C, LbScheme), b: (C, LbScheme), p: f64) -> Option<FctPair> {
    let va = m.fct_percentile_by_seed(a.0, a.1, p)?;
    let vb = m.fct_percentile_by_seed(b.0, b.1, p)?;
    let mean = |v: &BTreeMap<u64, f64>| v.values().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&va), mean(&vb));
    Some((va, vb, ma, mb))
}

/// A comparison of FCT percentiles, seed by seed (the baseline's cells share each seed's draw).
fn fct_below(m: &Measured, a: (C, LbScheme), b: (C, LbScheme), p: f64) -> Option<Test> {
    let (va, vb, ma, mb) = fct_pair(m, a, b, p)?;
    let d = paired(&[(1.0, &va), (-1.0, &vb)])?;
    Some(Test {
        label: format!("{} {}: {} vs {}", p_name(p), a.1, a.0, b.0),
        a: Some(key(B, a.0, a.1)),
        b: Some(key(B, b.0, b.1)),
        estimate: Some(d),
        shown: format!(
            "{ma:.1} vs {mb:.1} µs: {:+.1} ± {:.1} µs",
            d.mean,
            d.half_width()
        ),
        outcome: judge_negative(&d),
    })
}

/// The ratio `a ÷ b` of two FCT percentiles, with its noise seed by seed, as a test judged by
/// `judge`.
fn fct_ratio(
    m: &Measured,
    a: (C, LbScheme),
    b: (C, LbScheme),
    p: f64,
    judge: impl Fn(&Estimate) -> Outcome,
) -> Option<Test> {
    let (va, vb, ma, mb) = fct_pair(m, a, b, p)?;
    let r = ma / mb;
    let d = paired(&[(1.0, &va), (-r, &vb)])?;
    let e = Estimate {
        mean: r,
        se: d.se / mb,
        df: d.df,
    };
    Some(Test {
        label: format!("{} {}: {} ÷ {}", p_name(p), a.1, a.0, b.0),
        a: Some(key(B, a.0, a.1)),
        b: Some(key(B, b.0, b.1)),
        estimate: Some(e),
        shown: format!(
            "{ma:.1} ÷ {mb:.1} µs = {:.2}× ± {:.2}",
            e.mean,
            e.half_width()
        ),
        outcome: judge(&e),
    })
}

/// "Performs similarly": the ratio of two FCT percentiles within [`CLEAR`] of 1.
fn fct_similar(m: &Measured, a: C, b: C, lb: LbScheme, p: f64) -> Option<Test> {
    fct_ratio(m, (a, lb), (b, lb), p, |e| judge_within(e, 1.0, CLEAR))
}

/// "Clearly worse": `a`'s FCT percentile above `b`'s by more than [`CLEAR`].
fn fct_clearly_above(m: &Measured, a: (C, LbScheme), b: (C, LbScheme), p: f64) -> Option<Test> {
    fct_ratio(m, a, b, p, |e| judge_above(e, 1.0 + CLEAR))
}

fn p_name(p: f64) -> String {
    if p == 0.5 {
        "median".into()
    } else {
        format!("p{:.0}", 100.0 * p)
    }
}

/// Claim 7 (Fig. 5): the FCT distributions.
pub fn fct(m: &Measured) -> Claim {
    let others = |cca: C| FOUR.iter().copied().filter(move |&c| c != cca);
    let worst: Vec<Option<Test>> = LBS
        .iter()
        .flat_map(|&lb| others(C::LSWIFT).map(move |c| (c, lb)))
        .map(|(c, lb)| fct_clearly_above(m, (C::LSWIFT, lb), (c, lb), 0.5))
        .collect();
    let poor_tail: Vec<Option<Test>> = others(C::LSWIFT)
        .map(|c| fct_below(m, (c, Reps), (C::LSWIFT, Reps), 0.99))
        .collect();
    let similar: Vec<Option<Test>> = [Ops, Ar]
        .iter()
        .flat_map(|&lb| [C::NSCC, C::MNSCC].map(|c| fct_similar(m, C::MSWIFT, c, lb, 0.5)))
        .collect();
    let better_tail: Vec<Option<Test>> = others(C::MSWIFT)
        .map(|c| fct_below(m, (C::MSWIFT, Reps), (c, Reps), 0.99))
        .collect();
    Claim {
        id: 7,
        figure: "baseline (FCT CDFs)",
        section: "§IV-B, Fig. 5",
        title: "LSwift has the worst FCTs and a poor tail with REPS; MSwift is like NSCC and MNSCC with OPS and AR, with a better tail with REPS",
        paper: "LSwift clearly has the worst performance in all spraying schemes, and in particular it has a poor tail with REPS (top right of Fig. 5c). MSwift performs similarly to NSCC and MNSCC with OPS and AR. However, MSwift's tail behaves better with REPS (top left), leading to its lower CCT.",
        checks: fct_checks(worst, poor_tail, similar, better_tail),
    }
}

fn fct_checks(
    worst: Vec<Option<Test>>,
    poor_tail: Vec<Option<Test>>,
    similar: Vec<Option<Test>>,
    better_tail: Vec<Option<Test>>,
) -> Vec<Check> {
    vec![
        check(
            "7a",
            "LSwift clearly has the worst performance in all spraying schemes",
            format!(
                "LSwift's median FCT more than {:.0} % above MSwift's, NSCC's and MNSCC's under every LB (\"clearly\": beyond the gap \"similar\" allows in 7c)",
                100.0 * CLEAR
            ),
            worst,
        ),
        check(
            "7b",
            "in particular it has a poor tail with REPS",
            "with REPS, LSwift's p99 FCT above each other CCA's".into(),
            poor_tail,
        ),
        check(
            "7c",
            "MSwift performs similarly to NSCC and MNSCC with OPS and AR",
            format!(
                "MSwift's median FCT ÷ NSCC's and ÷ MNSCC's within {:.0} % of 1, with OPS and AR (the gap 7a's \"clearly\" must exceed)",
                100.0 * CLEAR
            ),
            similar,
        ),
        check(
            "7d",
            "MSwift's tail behaves better with REPS",
            "with REPS, MSwift's p99 FCT below each other CCA's".into(),
            better_tail,
        ),
    ]
}

/// The largest `a ÷ b` over the LBs (for "up to"), as a test against `x`.
pub fn up_to(m: &Measured, fig: &str, a: C, b: C, x: f64) -> Option<Test> {
    let lb = largest_ratio(m, fig, a, b)?;
    ratio_about(
        m,
        format!("largest, {lb}: {a} ÷ {b}"),
        Side::cell(fig, a, lb),
        Side::cell(fig, b, lb),
        x,
    )
}

/// MSwift below every rival of `ccas` under every LB.
pub fn mswift_beats_all(m: &Measured, fig: &str, ccas: &[C]) -> Vec<Option<Test>> {
    below_every_rival(m, fig, C::MSWIFT, ccas)
}
