//! The claims of the other workloads and the sensitivity study (§IV-C to §IV-E, Fig. 6 to 14).

use super::baseline::{mswift_beats_all, up_to};
use super::checks::{
    below, below_every_lb, check, compare_cells, counter_below, every_cell_vs, judge_negative, key,
    largest_ratio, lowest_cell, noisier, not_below, not_below_every_lb, pairing_narrows, ratio,
    ratio_above, ratio_at_most, same_ordering, Metric, Side,
};
use super::stats::Estimate;
use super::{Check, Claim, Measured, Test, BAND};
use crate::repro::{FOUR, SPRAYING as LBS};
use crate::scenario::CcaName as C;
use crate::scenario::LbScheme::{Ar, Ops, Reps};

fn mnscc_improves(m: &Measured, fig: &str, id: &'static str, quote: &'static str) -> Check {
    check(
        id,
        quote,
        "MNSCC below NSCC under every LB".into(),
        below_every_lb(m, fig, C::MNSCC, C::NSCC),
    )
}

fn band() -> f64 {
    100.0 * BAND
}

/// Claim 8 (Fig. 6): without elephants.
pub fn permutation(m: &Measured) -> Claim {
    let p = "permutation";
    Claim {
        id: 8,
        figure: p,
        section: "§IV-C, Fig. 6",
        title: "Without elephants every CCA does better; LSwift beats NSCC; MSwift beats LSwift by up to 1.7× and is best with REPS",
        paper: "All algorithms perform better when the ECMP flows are removed (compared to Fig. 4), and in particular LSwift is much improved and becomes better than NSCC. It is significant that even though there are no ECMP flows, MSwift always improves upon LSwift (by up to 1.7×), and in fact obtains the best performance with REPS. [...] MNSCC slightly improves upon NSCC, yet MSwift still outperforms both.",
        checks: vec![
            check(
                "8a",
                "All algorithms perform better when the ECMP flows are removed",
                "every cell of LSwift, MSwift, NSCC and MNSCC below the same cell of the baseline".into(),
                every_cell_vs(m, p, "baseline", FOUR, true, Metric::Inflation),
            ),
            check(
                "8b",
                "and becomes better than NSCC",
                "LSwift below NSCC under every LB".into(),
                below_every_lb(m, p, C::LSWIFT, C::NSCC),
            ),
            check(
                "8c",
                "MSwift always improves upon LSwift",
                "MSwift below LSwift under every LB".into(),
                below_every_lb(m, p, C::MSWIFT, C::LSWIFT),
            ),
            check(
                "8d",
                "(by up to 1.7×)",
                format!("the largest LSwift ÷ MSwift over the LBs about 1.7 (within {:.0} %)", band()),
                vec![up_to(m, p, C::LSWIFT, C::MSWIFT, 1.7)],
            ),
            check(
                "8e",
                "and in fact obtains the best performance with REPS",
                "MSwift with REPS below every other cell of the figure".into(),
                lowest_cell(m, p, C::MSWIFT, Reps, FOUR),
            ),
            mnscc_improves(m, p, "8f", "MNSCC slightly improves upon NSCC"),
            check(
                "8g",
                "yet MSwift still outperforms both",
                "MSwift below NSCC and below MNSCC under every LB".into(),
                [C::NSCC, C::MNSCC]
                    .iter()
                    .flat_map(|&c| below_every_lb(m, p, C::MSWIFT, c))
                    .collect(),
            ),
            check(
                "8h",
                "in particular LSwift is much improved",
                format!(
                    "LSwift's inflation over the three LBs in the baseline ÷ in this figure above 1 + {:.0} % (\"much\": beyond the band that \"slightly\" and \"not much\" stay within)",
                    band()
                ),
                vec![ratio_above(
                    m,
                    "lswift: baseline ÷ permutation".into(),
                    Side::over_lbs("baseline", C::LSWIFT),
                    Side::over_lbs(p, C::LSWIFT),
                    1.0 + BAND,
                )],
            ),
        ],
    }
}

/// Claim 9 (Fig. 7, and §I): the Llama-70B HSDP ring step.
pub fn hsdp(m: &Measured) -> Claim {
    let h = "hsdp";
    let with_reps = |a: C, x: f64| {
        super::checks::ratio_about(
            m,
            format!("reps: {a} ÷ mswift"),
            Side::cell(h, a, Reps),
            Side::cell(h, C::MSWIFT, Reps),
            x,
        )
    };
    Claim {
        id: 9,
        figure: h,
        section: "§I and §IV-C, Fig. 7",
        title: "HSDP: MSwift beats all under every LB; with REPS 1.8× below LSwift and 2.3× below NSCC; MNSCC does not help much",
        paper: "MSwift outperforms again all other algorithms given all spraying techniques. Its CCT inflation with REPS is 1.8× smaller than LSwift and 2.3× smaller than NSCC. Unlike MSwift, MNSCC does not help much in this scenario without ECMP traffic that it is not designed for.",
        checks: vec![
            check(
                "9a",
                "MSwift outperforms again all other algorithms given all spraying techniques",
                "MSwift below each of LSwift, NSCC and MNSCC under every LB".into(),
                mswift_beats_all(m, h, FOUR),
            ),
            check(
                "9b",
                "Its CCT inflation with REPS is 1.8× smaller than LSwift",
                format!("LSwift ÷ MSwift with REPS about 1.8 (within {:.0} %)", band()),
                vec![with_reps(C::LSWIFT, 1.8)],
            ),
            check(
                "9c",
                "and 2.3× smaller than NSCC",
                format!("NSCC ÷ MSwift with REPS about 2.3 (within {:.0} %)", band()),
                vec![with_reps(C::NSCC, 2.3)],
            ),
            check(
                "9d",
                "MNSCC does not help much",
                format!("NSCC ÷ MNSCC at most 1 + {:.0} % under every LB", band()),
                LBS.iter()
                    .map(|&lb| {
                        ratio_at_most(
                            m,
                            format!("{lb}: nscc ÷ mnscc"),
                            Side::cell(h, C::NSCC, lb),
                            Side::cell(h, C::MNSCC, lb),
                            1.0 + BAND,
                        )
                    })
                    .collect(),
            ),
        ],
    }
}

/// Claim 10 (Fig. 8): 250 hosts.
pub fn hosts250(m: &Measured) -> Claim {
    let h = "hosts250";
    Claim {
        id: 10,
        figure: h,
        section: "§IV-D, Fig. 8",
        title: "250 hosts: similar results; MSwift outperforms all; MNSCC keeps slightly improving NSCC",
        paper: "The scaled network yields similar results. MSwift again outperforms all other approaches. MNSCC keeps slightly improving NSCC.",
        checks: vec![
            check(
                "10a",
                "The scaled network yields similar results",
                "every pair of CCAs the baseline orders beyond the noise keeps its order, under every LB".into(),
                same_ordering(m, h, "baseline", FOUR),
            ),
            check(
                "10b",
                "MSwift again outperforms all other approaches",
                "MSwift below each of LSwift, NSCC and MNSCC under every LB".into(),
                mswift_beats_all(m, h, FOUR),
            ),
            mnscc_improves(m, h, "10c", "MNSCC keeps slightly improving NSCC"),
        ],
    }
}

/// The largest LSwift ÷ MSwift over the LBs of `fig`, with its noise.
fn largest_advantage(m: &Measured, fig: &str) -> Option<(Estimate, String)> {
    let lb = largest_ratio(m, fig, C::LSWIFT, C::MSWIFT)?;
    let r = ratio(
        m,
        &Side::cell(fig, C::LSWIFT, lb),
        &Side::cell(fig, C::MSWIFT, lb),
        Metric::Inflation,
    )?;
    Some((r, format!("{:.2}× ({lb})", r.mean)))
}

/// Claim 11 (Fig. 9): 16 MiB flows.
pub fn size16mib(m: &Measured) -> Claim {
    let s = "size16mib";
    let stronger = largest_advantage(m, "baseline")
        .zip(largest_advantage(m, s))
        .map(|((base, bt), (here, ht))| {
            let d = Estimate::independent(&[(1.0, base), (-1.0, here)]);
            Test {
                label: "largest lswift ÷ mswift: baseline vs size16mib".into(),
                a: Some(key("baseline", C::LSWIFT, Reps)),
                b: Some(key(s, C::LSWIFT, Reps)),
                estimate: Some(d),
                shown: format!("{bt} vs {ht}: {:+.2} ± {:.2}", d.mean, d.half_width()),
                outcome: judge_negative(&d),
            }
        });
    let worse = |c: C| {
        below(
            m,
            format!("{c}: baseline vs size16mib"),
            Side::over_lbs("baseline", c),
            Side::over_lbs(s, c),
            Metric::Inflation,
        )
    };
    Claim {
        id: 11,
        figure: s,
        section: "§IV-D, Fig. 9",
        title: "16 MiB: MSwift even stronger, up to 10.7× less inflation than LSwift; LSwift and NSCC tend to get worse",
        paper: "MSwift obtains even stronger results as there is more time for the CCA mechanisms to make a difference, with up to 10.7× reduction in the CCA inflation vs LSwift, while both LSwift and NSCC tend to get worse.",
        checks: vec![
            check(
                "11a",
                "with up to 10.7× reduction in the CCA inflation vs LSwift",
                format!("the largest LSwift ÷ MSwift over the LBs about 10.7 (within {:.0} %)", band()),
                vec![up_to(m, s, C::LSWIFT, C::MSWIFT, 10.7)],
            ),
            check(
                "11b",
                "MSwift obtains even stronger results",
                "the largest LSwift ÷ MSwift larger than the baseline's".into(),
                vec![stronger],
            ),
            check(
                "11c",
                "while both LSwift and NSCC tend to get worse",
                "LSwift's and NSCC's inflation, each as a mean over the LBs, higher than in the baseline (the figure plots inflation)".into(),
                vec![worse(C::LSWIFT), worse(C::NSCC)],
            ),
        ],
    }
}

/// Claim 12 (Fig. 10): 8 elephants.
pub fn elephants8(m: &Measured, exposure: Option<&super::Exposure>) -> Claim {
    let [more_meet, worst_port] = super::workload::doubled_elephants(exposure);
    let e = "elephants8";
    let not_much_worse = super::checks::cells(FOUR)
        .map(|(c, lb)| {
            ratio_at_most(
                m,
                format!("{c} {lb}: elephants8 ÷ baseline"),
                Side::cell(e, c, lb),
                Side::cell("baseline", c, lb),
                1.0 + BAND,
            )
        })
        .collect();
    Claim {
        id: 12,
        figure: e,
        section: "§IV-D, Fig. 10",
        title: "8 elephants: results similar and not much worse than with 4",
        paper: "Interestingly, results are similar and not much worse than with 4 ECMP flows, maybe because the CCT focuses on the worst case and even though more flows experience congestion, the worst-case congestion does not change much.",
        checks: vec![
            check(
                "12a",
                "results are similar",
                "every pair of CCAs the baseline orders beyond the noise keeps its order, under every LB".into(),
                same_ordering(m, e, "baseline", FOUR),
            ),
            check(
                "12b",
                "and not much worse than with 4 ECMP flows",
                format!("every cell's inflation at most 1 + {:.0} % of the baseline's", band()),
                not_much_worse,
            ),
            more_meet,
            worst_port,
        ],
    }
}

/// Claim 13 (Fig. 11): 1 % link failures.
pub fn failures(m: &Measured) -> Claim {
    let f = "failures";
    let (measured, outcome) = noisier(m, f, "baseline", FOUR);
    let reliable = pairing_narrows(m, f, FOUR);
    Claim {
        id: 13,
        figure: f,
        section: "§IV-D, Fig. 11",
        title: "1 % link failures: noisier, CCT higher, MSwift still outperforms under all three LBs",
        paper: "Results are a bit noisier, because each run uses a new topology with different failed links, but we use the same topology for all algorithms so the relative results are more reliable. As expected, CCT is higher as there is no full network capacity anymore. However, MSwift still keeps outperforming with the three spraying algorithms.",
        checks: vec![
            Check {
                id: "13a",
                quote: "Results are a bit noisier",
                reads: "the standard error of a cell's inflation larger than the baseline's, in more cells than a sign test allows by chance (95 %)".into(),
                measured,
                tests: Vec::new(),
                outcome,
            },
            check(
                "13b",
                "As expected, CCT is higher",
                "every cell's CCT above the same cell's in the baseline".into(),
                every_cell_vs(m, f, "baseline", FOUR, false, Metric::Cct),
            ),
            check(
                "13c",
                "MSwift still keeps outperforming with the three spraying algorithms",
                "MSwift below each of LSwift, NSCC and MNSCC under every LB".into(),
                mswift_beats_all(m, f, FOUR),
            ),
            Check {
                id: "13d",
                quote: "we use the same topology for all algorithms so the relative results are more reliable",
                reads: "every two CCAs under every LB compared seed by seed (same failed links) with a smaller standard error than as independent samples, in more comparisons than a sign test allows by chance (95 %)".into(),
                measured: reliable.0,
                tests: Vec::new(),
                outcome: reliable.1,
            },
        ],
    }
}

/// Claim 14 (Fig. 12): MSwift's P10 and P90 variants.
pub fn percentiles(m: &Measured) -> Claim {
    let pc = "percentiles";
    let others = [(C::MSWIFT_P10, Ar), (C::MSWIFT_P10, Reps)]
        .into_iter()
        .chain(LBS.iter().map(|&lb| (C::MSWIFT_P90, lb)))
        .map(|(c, lb)| compare_cells(m, pc, (c, lb), (C::MSWIFT, lb), not_below))
        .collect();
    Claim {
        id: 14,
        figure: pc,
        section: "§IV-D, Fig. 12",
        title: "With OPS MSwift-P10 beats MSwift; elsewhere neither P10 nor P90 pays off",
        paper: "[...] either an aggressive MSwift-P10 that only considers the 10th percentile of delays, i.e., the lowest delays, and therefore does not back off easily; or a conservative MSwift-P90. [...] We can see that with OPS, the more aggressive MSwift-P10 outperforms MSwift, but in the other cases being overly aggressive or conservative does not pay off.",
        checks: vec![
            check(
                "14a",
                "with OPS, the more aggressive MSwift-P10 outperforms MSwift",
                "P10 below MSwift with OPS".into(),
                vec![compare_cells(m, pc, (C::MSWIFT_P10, Ops), (C::MSWIFT, Ops), below)],
            ),
            check(
                "14b",
                "but in the other cases being overly aggressive or conservative does not pay off",
                "P10 with AR and REPS, and P90 under every LB, not below MSwift beyond the noise".into(),
                others,
            ),
            check(
                "14c",
                "an aggressive MSwift-P10 that only considers the 10th percentile of delays, i.e., the lowest delays, and therefore does not back off easily",
                "P10 cuts its window on delay fewer times a run than MSwift, under every LB".into(),
                LBS.iter()
                    .map(|&lb| {
                        counter_below(
                            m,
                            pc,
                            (C::MSWIFT_P10, lb),
                            (C::MSWIFT, lb),
                            "delay cuts",
                            |c| c.cuts_delay,
                        )
                    })
                    .collect(),
            ),
        ],
    }
}

/// Claim 15 (Fig. 13): DRR fair scheduling.
pub fn drr(m: &Measured) -> Claim {
    let d = "drr";
    let tend = |c: C, worse: bool| {
        let (base, here) = (Side::over_lbs("baseline", c), Side::over_lbs(d, c));
        if worse {
            below(
                m,
                format!("{c}: baseline vs drr"),
                base,
                here,
                Metric::Inflation,
            )
        } else {
            below(
                m,
                format!("{c}: drr vs baseline"),
                here,
                base,
                Metric::Inflation,
            )
        }
    };
    Claim {
        id: 15,
        figure: d,
        section: "§IV-E, Fig. 13",
        title: "DRR: the Swift variants tend to get worse, the NSCC variants better; MSwift still beats LSwift; MNSCC no longer helps",
        paper: "First, Swift variants tend to get worse, while NSCC variants tend to get better. [...] Second, MSwift still outperforms LSwift, but MNSCC does not help with NSCC anymore.",
        checks: vec![
            check(
                "15a",
                "Swift variants tend to get worse",
                "LSwift's and MSwift's inflation, each as a mean over the LBs, higher than in the baseline".into(),
                vec![tend(C::LSWIFT, true), tend(C::MSWIFT, true)],
            ),
            check(
                "15b",
                "while NSCC variants tend to get better",
                "NSCC's and MNSCC's inflation, each as a mean over the LBs, lower than in the baseline".into(),
                vec![tend(C::NSCC, false), tend(C::MNSCC, false)],
            ),
            check(
                "15c",
                "MSwift still outperforms LSwift",
                "MSwift below LSwift under every LB".into(),
                below_every_lb(m, d, C::MSWIFT, C::LSWIFT),
            ),
            check(
                "15d",
                "but MNSCC does not help with NSCC anymore",
                "MNSCC not below NSCC beyond the noise, under every LB".into(),
                not_below_every_lb(m, d, C::MNSCC, C::NSCC),
            ),
        ],
    }
}

/// Claim 16 (Fig. 14): incast 32 → 1.
pub fn incast(m: &Measured) -> Claim {
    let i = "incast";
    let slightly: Vec<Option<Test>> = [(C::MSWIFT, C::LSWIFT), (C::MNSCC, C::NSCC)]
        .iter()
        .flat_map(|&(a, b)| {
            LBS.iter().map(move |&lb| {
                ratio_at_most(
                    m,
                    format!("{lb}: {a} ÷ {b}"),
                    Side::cell(i, a, lb),
                    Side::cell(i, b, lb),
                    1.0 + BAND,
                )
            })
        })
        .collect();
    Claim {
        id: 16,
        figure: i,
        section: "§IV-E, Fig. 14",
        title: "Incast: the CCT increase is relatively small; the median variants do not help and are only slightly worse",
        paper: "We can see that the CCT increase is relatively small, i.e., the CCAs handle incast well. In addition, while the median-based algorithms do not help, they are only slightly worse than the original algorithms.",
        checks: vec![
            check(
                "16a",
                "the CCT increase is relatively small",
                "every cell's inflation below the same cell's in the baseline (Fig. 4), the figures it is read against".into(),
                every_cell_vs(m, i, "baseline", FOUR, true, Metric::Inflation),
            ),
            check(
                "16b",
                "while the median-based algorithms do not help",
                "MSwift not below LSwift and MNSCC not below NSCC beyond the noise, under every LB".into(),
                [(C::MSWIFT, C::LSWIFT), (C::MNSCC, C::NSCC)]
                    .iter()
                    .flat_map(|&(a, b)| not_below_every_lb(m, i, a, b))
                    .collect(),
            ),
            check(
                "16c",
                "they are only slightly worse than the original algorithms",
                format!("MSwift ÷ LSwift and MNSCC ÷ NSCC at most 1 + {:.0} % under every LB", band()),
                slightly,
            ),
        ],
    }
}

/// Claim 18 (§I): DRR gives similar results to FIFO: MSwift improves on LSwift and beats NSCC.
pub fn drr_similar(m: &Measured) -> Claim {
    let d = "drr";
    Claim {
        id: 18,
        figure: d,
        section: "§I, Fig. 13",
        title: "Fair DRR scheduling exhibits similar results: MSwift improves on LSwift and outperforms NSCC under every LB",
        paper: "MSwift improves the sprayed-traffic CCT inflation in the presence of ECMP flows by up to 8.6× using REPS. It outperforms both Swift and NSCC in all 3 compared spraying algorithms: OPS, AR and REPS. In addition, using fair DRR scheduling at switches exhibits similar results.",
        checks: vec![
            check(
                "18a",
                "MSwift improves the sprayed-traffic CCT inflation [...] similar results",
                "under DRR, MSwift below LSwift under every LB".into(),
                below_every_lb(m, d, C::MSWIFT, C::LSWIFT),
            ),
            check(
                "18b",
                "It outperforms both Swift and NSCC in all 3 compared spraying algorithms [...] similar results",
                "under DRR, MSwift below NSCC under every LB (the DRR figure runs no Swift)".into(),
                below_every_lb(m, d, C::MSWIFT, C::NSCC),
            ),
        ],
    }
}
