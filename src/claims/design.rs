//! The claims of the design section (§III): the implementation's size, and H's effect on how
//! much the median helps.

use super::checks::{check, judge_negative, key, values, Metric};
use super::stats::Estimate;
use super::{Check, Claim, Measured, Outcome, Test};
use crate::repro::{FIGURES, SPRAYING as LBS};
use crate::scenario::CcaName as C;

/// Lines of code (neither blank nor comments, tests excluded) of a source file.
fn code_lines(text: &str) -> usize {
    code(text).count()
}

fn code(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
}

/// Lines of code of a CCA that name the percentile filter: its wiring.
fn wiring_lines(text: &str) -> usize {
    code(text)
        .filter(|l| l.contains("filter") || l.contains("PercentileFilter"))
        .count()
}

/// Claim 17 (§III-B): the median framework is small. The sentence counts lines added to
/// htsim, which this project is not: it is reported with this project's own count.
pub fn size() -> Claim {
    let estimator = code_lines(include_str!("../sim/cca/estimator.rs"));
    let samples = code_lines(include_str!("../sim/cca/samples.rs"));
    let swift = wiring_lines(include_str!("../sim/cca/swift.rs"));
    let nscc = wiring_lines(include_str!("../sim/cca/nscc.rs"));
    Claim {
        id: 17,
        figure: "implementation",
        section: "§III-B",
        title: "MSwift and MNSCC take fewer than 200 lines of code in htsim",
        paper: "Adding MSwift to LSwift and MNSCC to NSCC takes less than a total of 200 lines of code in htsim.",
        checks: vec![Check {
            id: "17a",
            quote: "takes less than a total of 200 lines of code in htsim",
            reads: "a count of lines added to htsim: SprayLab is not htsim, so it cannot be checked here; this project's own count is given instead".into(),
            measured: format!(
                "SprayLab: {} lines (the percentile filter and its H rule, src/sim/cca/estimator.rs, {estimator}; the sorted window of the last H samples and their storage, samples.rs, {samples}; lines naming the filter in swift.rs, {swift}, and nscc.rs, {nscc})",
                estimator + samples + swift + nscc
            ),
            tests: Vec::new(),
            outcome: Some(Outcome::NotCheckable),
        }],
    }
}

/// The paper's evaluations that run LSwift, MSwift, NSCC and MNSCC: every figure of the grid
/// with the four (not an alternative run), incast included, as "the evaluations" of the
/// sentence exclude none.
fn evaluations() -> impl Iterator<Item = &'static str> {
    FIGURES
        .iter()
        .filter(|f| f.alternative.is_none())
        .filter(|f| {
            [C::LSWIFT, C::MSWIFT, C::NSCC, C::MNSCC]
                .iter()
                .all(|c| f.ccas.contains(c))
        })
        .map(|f| f.name)
}

/// Per seed, the mean over the LBs of ln(LSwift ÷ MSwift) − ln(NSCC ÷ MNSCC): how much more
/// the median improves Swift than NSCC (positive: MNSCC's improvement is the smaller); with the
/// two improvements it is the difference of, as geometric means over the LBs and seeds.
fn improvement_gap(m: &Measured, fig: &str) -> Option<(Estimate, f64, f64)> {
    let v = |c: C, lb| values(m, &key(fig, c, lb), Metric::Inflation);
    let maps: Vec<[std::collections::BTreeMap<u64, f64>; 4]> = LBS
        .iter()
        .map(|&lb| {
            Some([
                v(C::LSWIFT, lb)?,
                v(C::MSWIFT, lb)?,
                v(C::NSCC, lb)?,
                v(C::MNSCC, lb)?,
            ])
        })
        .collect::<Option<_>>()?;
    // per seed: the mean over the LBs of ln(LSwift ÷ MSwift) and of ln(NSCC ÷ MNSCC)
    let mut per_seed: Vec<(f64, f64)> = Vec::new();
    for seed in maps[0][0].keys() {
        let logs: Option<Vec<(f64, f64)>> = maps
            .iter()
            .map(|[l, ms, n, mn]| {
                let (l, ms, n, mn) = (l.get(seed)?, ms.get(seed)?, n.get(seed)?, mn.get(seed)?);
                (l.min(*ms).min(*n).min(*mn) > 0.0).then(|| ((l / ms).ln(), (n / mn).ln()))
            })
            .collect();
        if let Some(v) = logs {
            let k = v.len() as f64;
            per_seed.push((
                v.iter().map(|p| p.0).sum::<f64>() / k,
                v.iter().map(|p| p.1).sum::<f64>() / k,
            ));
        }
    }
    let gap = Estimate::of(&per_seed.iter().map(|(a, b)| a - b).collect::<Vec<_>>())?;
    let n = per_seed.len() as f64;
    let swift = per_seed.iter().map(|p| p.0).sum::<f64>() / n;
    let nscc = per_seed.iter().map(|p| p.1).sum::<f64>() / n;
    Some((gap, swift.exp(), nscc.exp()))
}

/// Claim 20 (§III-C): a smaller H gives NSCC a smaller improvement than Swift.
pub fn smaller_improvement(m: &Measured) -> Claim {
    let tests = evaluations()
        .map(|fig| {
            let (g, swift, nscc) = improvement_gap(m, fig)?;
            // the test is "−gap < 0"
            let neg = Estimate { mean: -g.mean, ..g };
            Some(Test {
                label: fig.to_string(),
                a: Some(key(fig, C::MNSCC, LBS[0])),
                b: Some(key(fig, C::MSWIFT, LBS[0])),
                estimate: Some(g),
                shown: format!(
                    "MSwift's improvement {swift:.2}×, MNSCC's {nscc:.2}× (geometric means of the runs' ratios over the LBs and seeds); gap in ln {:+.2} ± {:.2}",
                    g.mean,
                    g.half_width()
                ),
                outcome: judge_negative(&neg),
            })
        })
        .collect();
    Claim {
        id: 20,
        figure: "evaluations",
        section: "§III-C",
        title: "MNSCC's improvement over NSCC is smaller than MSwift's over LSwift",
        paper: "[...] Likewise, when a congestion starts, a high H will delay the answer. [...] We can see that more aggressive CCAs like NSCC will use a lower H, getting closer to the original single-ACK signal (H=1), thus their improvement is expected to be smaller. This will be confirmed in the evaluations.",
        checks: vec![
            check(
                "20a",
                "their improvement is expected to be smaller. This will be confirmed in the evaluations",
                "in every evaluation with the four CCAs: NSCC ÷ MNSCC smaller than LSwift ÷ MSwift, as ln ratios per seed averaged over the LBs, paired".into(),
                tests,
            ),
            Check {
                id: "20b",
                quote: "when a congestion starts, a high H will delay the answer",
                reads: "the time from a congestion's start to the CCA's first cut, with a high H against the Nyquist H".into(),
                measured: "not checkable here: in every figure the congestion is there from the first packet (the elephants start at t = 0), so no run has a start to time the answer from; the alt-h32 runs (choice A4, last section) give what H = 32 does to the CCT".into(),
                tests: Vec::new(),
                outcome: Some(Outcome::NotCheckable),
            },
        ],
    }
}
