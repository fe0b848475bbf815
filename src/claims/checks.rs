//! The comparisons checks are made of. Each reads cells seed by seed and goes through the noise
//! rule of [`super::stats`]; each returns a [`Test`] whose outcome is pass, fail or within noise
//! with its sign, and a check is one or more of them ([`check`], [`check_some`]).

use super::stats::{sign_test_count, Estimate};
use super::{Check, Key, Measured, Outcome, Test, BAND};
use crate::repro::SPRAYING as LBS;
use crate::scenario::{CcaName, LbScheme};
use std::collections::BTreeMap;

/// What a comparison reads from each run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// CCT inflation, (CCT − ideal) / ideal, shown in %.
    Inflation,
    /// CCT, µs.
    Cct,
}

impl Metric {
    fn of(self, r: &super::Run) -> f64 {
        match self {
            Metric::Inflation => r.inflation,
            Metric::Cct => r.cct_us,
        }
    }

    /// A value as the report shows it.
    pub fn show(self, x: f64) -> String {
        match self {
            Metric::Inflation => format!("{:.0} %", 100.0 * x),
            Metric::Cct => format!("{x:.0} µs"),
        }
    }

    /// A difference ± its half width.
    fn show_diff(self, d: &Estimate) -> String {
        match self {
            Metric::Inflation => format!(
                "{:+.1} ± {:.1} points",
                100.0 * d.mean,
                100.0 * d.half_width()
            ),
            Metric::Cct => format!("{:+.1} ± {:.1} µs", d.mean, d.half_width()),
        }
    }
}

/// The key of a cell outside the theory.
pub fn key(fig: &str, cca: CcaName, lb: LbScheme) -> Key {
    (fig.to_string(), cca, lb, 0)
}

pub fn f2(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.2}"))
}

/// One side of a comparison: the mean of one or more cells of one or more figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Side(pub Vec<Key>);

impl Side {
    pub fn cell(fig: &str, cca: CcaName, lb: LbScheme) -> Side {
        Side(vec![key(fig, cca, lb)])
    }

    /// The mean over the three spraying schemes: "tends to", for a CCA as a whole.
    pub fn over_lbs(fig: &str, cca: CcaName) -> Side {
        Side(LBS.iter().map(|&lb| key(fig, cca, lb)).collect())
    }
}

/// Values by seed.
type BySeed = BTreeMap<u64, f64>;

/// A cell's values by seed.
pub fn values(m: &Measured, k: &Key, metric: Metric) -> Option<BTreeMap<u64, f64>> {
    let runs = m.seeds.get(k)?;
    Some(runs.iter().map(|(&s, r)| (s, metric.of(r))).collect())
}

/// `Σ wᵢ·xᵢ` seed by seed over the seeds all maps share (a paired estimate).
pub fn paired(terms: &[(f64, &BTreeMap<u64, f64>)]) -> Option<Estimate> {
    let (_, first) = terms.first()?;
    let per_seed: Vec<f64> = first
        .keys()
        .filter_map(|s| {
            terms
                .iter()
                .map(|(w, v)| Some(w * v.get(s)?))
                .sum::<Option<f64>>()
        })
        .collect();
    Estimate::of(&per_seed)
}

/// `Σ wᵢ·cellᵢ` over cells: paired by seed within a figure and across figures that share each
/// seed's draws ([`super::draws`]), independent across the others.
pub fn contrast(m: &Measured, terms: &[(f64, Key)], metric: Metric) -> Option<Estimate> {
    let mut by_figure: BTreeMap<&str, Vec<(f64, BySeed)>> = BTreeMap::new();
    for (w, k) in terms {
        by_figure
            .entry(super::draws::group(k.0.as_str()))
            .or_default()
            .push((*w, values(m, k, metric)?));
    }
    let parts: Option<Vec<(f64, Estimate)>> = by_figure
        .values()
        .map(|v| {
            let refs: Vec<(f64, &BTreeMap<u64, f64>)> = v.iter().map(|(w, m)| (*w, m)).collect();
            paired(&refs).map(|e| (1.0, e))
        })
        .collect();
    let parts = parts?;
    Some(match parts.as_slice() {
        [(_, e)] => *e,
        _ => Estimate::independent(&parts),
    })
}

/// The mean of a side.
pub fn mean(m: &Measured, side: &Side, metric: Metric) -> Option<f64> {
    let w = 1.0 / side.0.len() as f64;
    let terms: Vec<(f64, Key)> = side.0.iter().map(|k| (w, k.clone())).collect();
    contrast(m, &terms, metric).map(|e| e.mean)
}

/// `a − b·c` over the seeds.
fn difference(m: &Measured, a: &Side, b: &Side, c: f64, metric: Metric) -> Option<Estimate> {
    let wa = 1.0 / a.0.len() as f64;
    let wb = -c / b.0.len() as f64;
    let terms: Vec<(f64, Key)> =
        a.0.iter()
            .map(|k| (wa, k.clone()))
            .chain(b.0.iter().map(|k| (wb, k.clone())))
            .collect();
    contrast(m, &terms, metric)
}

/// The outcome of "d < 0": beyond the noise either way, or within it with its sign.
pub fn judge_negative(d: &Estimate) -> Outcome {
    if d.high() < 0.0 {
        Outcome::Pass
    } else if d.low() > 0.0 {
        Outcome::Fail
    } else {
        Outcome::WithinNoise {
            along: d.mean < 0.0,
        }
    }
}

fn test(label: String, a: &Side, b: &Side, estimate: Estimate, shown: String, o: Outcome) -> Test {
    Test {
        label,
        a: a.0.first().cloned(),
        b: b.0.first().cloned(),
        estimate: Some(estimate),
        shown,
        outcome: o,
    }
}

/// "`a` is below `b`": passes when `a − b` is below zero beyond the noise.
pub fn below(m: &Measured, label: String, a: Side, b: Side, metric: Metric) -> Option<Test> {
    compared(m, label, a, b, metric, judge_negative)
}

/// "`a` does not improve on `b`": passes unless `a` is below `b` beyond the noise.
pub fn not_below(m: &Measured, label: String, a: Side, b: Side, metric: Metric) -> Option<Test> {
    compared(m, label, a, b, metric, |d| {
        if d.high() < 0.0 {
            Outcome::Fail
        } else {
            Outcome::Pass
        }
    })
}

/// `a − b` over the seeds, judged by `judge`.
fn compared(
    m: &Measured,
    label: String,
    a: Side,
    b: Side,
    metric: Metric,
    judge: fn(&Estimate) -> Outcome,
) -> Option<Test> {
    let d = difference(m, &a, &b, 1.0, metric)?;
    let shown = format!(
        "{} vs {}: {}",
        metric.show(mean(m, &a, metric)?),
        metric.show(mean(m, &b, metric)?),
        metric.show_diff(&d)
    );
    Some(test(label, &a, &b, d, shown, judge(&d)))
}

/// The ratio of two sides' means with its noise, linearized: se(r) = se(a − r·b) / mean(b).
pub fn ratio(m: &Measured, a: &Side, b: &Side, metric: Metric) -> Option<Estimate> {
    let (ma, mb) = (mean(m, a, metric)?, mean(m, b, metric)?);
    if mb <= 0.0 {
        return None;
    }
    let r = ma / mb;
    let d = difference(m, a, b, r, metric)?;
    Some(Estimate {
        mean: r,
        se: d.se / mb,
        df: d.df,
    })
}

/// Whether a ratio is "about `x`": inside the band passes, outside it beyond the noise fails,
/// outside it within the noise is within noise (against the paper's value).
pub fn judge_about(r: &Estimate, x: f64) -> Outcome {
    judge_within(r, x, BAND)
}

/// Whether a ratio is within `share` of `x` ("similar"): inside passes, outside beyond the
/// noise fails, outside within the noise is within noise (against the paper's value).
pub fn judge_within(r: &Estimate, x: f64, share: f64) -> Outcome {
    let (lo, hi) = (x * (1.0 - share), x * (1.0 + share));
    if (lo..=hi).contains(&r.mean) {
        Outcome::Pass
    } else if r.high() < lo || r.low() > hi {
        Outcome::Fail
    } else {
        Outcome::WithinNoise { along: false }
    }
}

/// Whether a ratio is above `x` ("clearly worse"): beyond the noise either way, or within it
/// with its sign.
pub fn judge_above(r: &Estimate, x: f64) -> Outcome {
    if r.low() > x {
        Outcome::Pass
    } else if r.high() < x {
        Outcome::Fail
    } else {
        Outcome::WithinNoise { along: r.mean > x }
    }
}

/// Whether a ratio is "at most `x`" ("not much worse", "slightly").
pub fn judge_at_most(r: &Estimate, x: f64) -> Outcome {
    if r.mean <= x {
        Outcome::Pass
    } else if r.low() > x {
        Outcome::Fail
    } else {
        Outcome::WithinNoise { along: false }
    }
}

fn show_ratio(r: &Estimate) -> String {
    format!("{:.2}× ± {:.2}", r.mean, r.half_width())
}

/// "`a` ÷ `b` is about `x`".
pub fn ratio_about(m: &Measured, label: String, a: Side, b: Side, x: f64) -> Option<Test> {
    judged_ratio(m, label, a, b, |r| judge_about(r, x))
}

/// "`a` ÷ `b` is above `x`" ("much" better: beyond the band).
pub fn ratio_above(m: &Measured, label: String, a: Side, b: Side, x: f64) -> Option<Test> {
    judged_ratio(m, label, a, b, |r| judge_above(r, x))
}

/// "`a` ÷ `b` is at most `x`".
pub fn ratio_at_most(m: &Measured, label: String, a: Side, b: Side, x: f64) -> Option<Test> {
    judged_ratio(m, label, a, b, |r| judge_at_most(r, x))
}

fn judged_ratio(
    m: &Measured,
    label: String,
    a: Side,
    b: Side,
    judge: impl Fn(&Estimate) -> Outcome,
) -> Option<Test> {
    let r = ratio(m, &a, &b, Metric::Inflation)?;
    let shown = format!(
        "{} ÷ {} = {}",
        Metric::Inflation.show(mean(m, &a, Metric::Inflation)?),
        Metric::Inflation.show(mean(m, &b, Metric::Inflation)?),
        show_ratio(&r)
    );
    Some(test(label, &a, &b, r, shown, judge(&r)))
}

/// A check that holds when every one of its comparisons passes (`None` ones: missing data).
pub fn check(
    id: &'static str,
    quote: &'static str,
    reads: String,
    tests: Vec<Option<Test>>,
) -> Check {
    let tests: Option<Vec<Test>> = tests.into_iter().collect();
    let outcome = tests
        .as_ref()
        .filter(|t| !t.is_empty())
        .map(|t| Outcome::every(t.iter().map(|t| t.outcome)));
    finish(id, quote, reads, tests, outcome)
}

/// A check that holds when some one of its comparisons passes ("not ... for all"); it fails only
/// when every comparison fails, and is within noise otherwise.
pub fn check_some(
    id: &'static str,
    quote: &'static str,
    reads: String,
    tests: Vec<Option<Test>>,
) -> Check {
    let tests: Option<Vec<Test>> = tests.into_iter().collect();
    let outcome = tests.as_ref().filter(|t| !t.is_empty()).map(|t| {
        let o: Vec<Outcome> = t.iter().map(|t| t.outcome).collect();
        if o.contains(&Outcome::Pass) {
            Outcome::Pass
        } else if o.iter().all(|x| *x == Outcome::Fail) {
            Outcome::Fail
        } else {
            Outcome::WithinNoise {
                along: o.contains(&Outcome::WithinNoise { along: true }),
            }
        }
    });
    finish(id, quote, reads, tests, outcome)
}

fn finish(
    id: &'static str,
    quote: &'static str,
    reads: String,
    tests: Option<Vec<Test>>,
    outcome: Option<Outcome>,
) -> Check {
    let tests = tests.unwrap_or_default();
    let measured = if outcome.is_none() {
        "–".into()
    } else {
        tests
            .iter()
            .map(|t| format!("{}: {}", t.label, t.shown))
            .collect::<Vec<_>>()
            .join("; ")
    };
    Check {
        id,
        quote,
        reads,
        measured,
        tests,
        outcome,
    }
}

/// A check of figures without seeds (the n-path model runs once per q): a plain comparison.
pub fn plain(
    id: &'static str,
    quote: &'static str,
    reads: String,
    measured: String,
    pass: Option<bool>,
) -> Check {
    Check {
        id,
        quote,
        reads,
        measured,
        tests: Vec::new(),
        outcome: pass.map(|p| if p { Outcome::Pass } else { Outcome::Fail }),
    }
}

/// A comparison of two sides.
pub type Compare = fn(&Measured, String, Side, Side, Metric) -> Option<Test>;

/// `compare` of two cells of `fig` by inflation, labelled by what they share: "ops: mswift vs
/// nscc" (one LB scheme), "nscc: ar vs reps" (one CCA), "mswift reps vs nscc ops" (neither).
pub fn compare_cells(
    m: &Measured,
    fig: &str,
    a: (CcaName, LbScheme),
    b: (CcaName, LbScheme),
    compare: Compare,
) -> Option<Test> {
    let label = match (a.0 == b.0, a.1 == b.1) {
        (_, true) => format!("{}: {} vs {}", a.1, a.0, b.0),
        (true, false) => format!("{}: {} vs {}", a.0, a.1, b.1),
        (false, false) => format!("{} {} vs {} {}", a.0, a.1, b.0, b.1),
    };
    compare(
        m,
        label,
        Side::cell(fig, a.0, a.1),
        Side::cell(fig, b.0, b.1),
        Metric::Inflation,
    )
}

/// `compare` of `a` and `b` in `fig` under every LB, one comparison each.
fn every_lb(
    m: &Measured,
    fig: &str,
    a: CcaName,
    b: CcaName,
    compare: Compare,
) -> Vec<Option<Test>> {
    LBS.iter()
        .map(|&lb| compare_cells(m, fig, (a, lb), (b, lb), compare))
        .collect()
}

/// "`a` below `b` under every LB", one comparison per LB.
pub fn below_every_lb(m: &Measured, fig: &str, a: CcaName, b: CcaName) -> Vec<Option<Test>> {
    every_lb(m, fig, a, b, below)
}

/// "`a` not below `b` under every LB", one comparison per LB.
pub fn not_below_every_lb(m: &Measured, fig: &str, a: CcaName, b: CcaName) -> Vec<Option<Test>> {
    every_lb(m, fig, a, b, not_below)
}

/// `cca` below every rival under every LB: every rival, not only the best by mean.
pub fn below_every_rival(
    m: &Measured,
    fig: &str,
    cca: CcaName,
    all: &[CcaName],
) -> Vec<Option<Test>> {
    all.iter()
        .filter(|&&c| c != cca)
        .flat_map(|&c| below_every_lb(m, fig, cca, c))
        .collect()
}

/// The cell (`cca`, `lb`) below every other cell of `ccas` × the spraying schemes in `fig`.
pub fn lowest_cell(
    m: &Measured,
    fig: &str,
    cca: CcaName,
    lb: LbScheme,
    ccas: &[CcaName],
) -> Vec<Option<Test>> {
    cells(ccas)
        .filter(|&(c, l)| (c, l) != (cca, lb))
        .map(|(c, l)| {
            below(
                m,
                format!("{cca} {lb} vs {c} {l}"),
                Side::cell(fig, cca, lb),
                Side::cell(fig, c, l),
                Metric::Inflation,
            )
        })
        .collect()
}

/// Every cell of `ccas` lower (`lower`) or higher in `fig` than in `base`, independent figures.
pub fn every_cell_vs(
    m: &Measured,
    fig: &str,
    base: &str,
    ccas: &[CcaName],
    lower: bool,
    metric: Metric,
) -> Vec<Option<Test>> {
    cells(ccas)
        .map(|(c, lb)| {
            let (here, there) = (Side::cell(fig, c, lb), Side::cell(base, c, lb));
            if lower {
                below(m, format!("{c} {lb}: {fig} vs {base}"), here, there, metric)
            } else {
                below(m, format!("{c} {lb}: {base} vs {fig}"), there, here, metric)
            }
        })
        .collect()
}

/// The largest ratio `a ÷ b` of mean inflations over the LBs, and its LB ("up to").
pub fn largest_ratio(m: &Measured, fig: &str, a: CcaName, b: CcaName) -> Option<LbScheme> {
    LBS.iter()
        .map(|&lb| {
            Some((
                mean(m, &Side::cell(fig, a, lb), Metric::Inflation)?
                    / mean(m, &Side::cell(fig, b, lb), Metric::Inflation)?,
                lb,
            ))
        })
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .max_by(|x, y| x.0.total_cmp(&y.0))
        .map(|x| x.1)
}

/// "The ordering of `base` holds in `fig`": every pair of CCAs that `base` orders beyond the
/// noise (paired) keeps that order in `fig`; pairs `base` cannot tell apart are not compared.
pub fn same_ordering(m: &Measured, fig: &str, base: &str, ccas: &[CcaName]) -> Vec<Option<Test>> {
    let mut tests = Vec::new();
    for &lb in LBS {
        for (i, &x) in ccas.iter().enumerate() {
            for &y in &ccas[i + 1..] {
                let there = below(
                    m,
                    String::new(),
                    Side::cell(base, x, lb),
                    Side::cell(base, y, lb),
                    Metric::Inflation,
                );
                let Some(there) = there else {
                    tests.push(None);
                    continue;
                };
                let (lo, hi) = match there.outcome {
                    Outcome::Pass => (x, y),
                    Outcome::Fail => (y, x),
                    _ => continue,
                };
                tests.push(below(
                    m,
                    format!("{lb}: {lo} below {hi} as in {base}"),
                    Side::cell(fig, lo, lb),
                    Side::cell(fig, hi, lb),
                    Metric::Inflation,
                ));
            }
        }
    }
    tests
}

/// The sign test of "`fig`'s standard errors are larger than `base`'s", cell by cell.
pub fn noisier(m: &Measured, fig: &str, base: &str, ccas: &[CcaName]) -> (String, Option<Outcome>) {
    let se = |k: &Key| contrast(m, &[(1.0, k.clone())], Metric::Inflation).map(|e| e.se);
    let pairs: Option<Vec<(f64, f64)>> = cells(ccas)
        .map(|(c, lb)| Some((se(&key(fig, c, lb))?, se(&key(base, c, lb))?)))
        .collect();
    let Some(pairs) = pairs else {
        return ("–".into(), None);
    };
    let t = sign_test(&pairs, |(a, b)| a > b);
    (
        format!(
            "larger in {} of {} cells (the sign test needs {}); mean standard error {:.1} against {:.1} points",
            t.hits, t.n, t.need, t.means.0, t.means.1
        ),
        Some(t.outcome),
    )
}

/// The sign test of "`hit` holds in more of `pairs` than chance allows (95 %)": fails when it
/// fails in that many, is within noise otherwise; and each side's mean, in points.
struct SignTest {
    hits: usize,
    n: usize,
    need: usize,
    outcome: Outcome,
    means: (f64, f64),
}

fn sign_test(pairs: &[(f64, f64)], hit: fn(&(f64, f64)) -> bool) -> SignTest {
    let n = pairs.len();
    let hits = pairs.iter().filter(|p| hit(p)).count();
    let need = sign_test_count(n);
    let outcome = if hits >= need {
        Outcome::Pass
    } else if n - hits >= need {
        Outcome::Fail
    } else {
        Outcome::WithinNoise {
            along: 2 * hits > n,
        }
    };
    let mean = |f: fn(&(f64, f64)) -> f64| 100.0 * pairs.iter().map(f).sum::<f64>() / n as f64;
    SignTest {
        hits,
        n,
        need,
        outcome,
        means: (mean(|p| p.0), mean(|p| p.1)),
    }
}

/// The sign test of "comparing `fig`'s CCAs seed by seed is tighter than comparing them as
/// independent samples": for every pair of `ccas` under every LB, the paired difference's
/// standard error against the one the two cells would have were their seeds unrelated.
pub fn pairing_narrows(m: &Measured, fig: &str, ccas: &[CcaName]) -> (String, Option<Outcome>) {
    let se_both = |a: &Key, b: &Key| -> Option<(f64, f64)> {
        let (va, vb) = (
            values(m, a, Metric::Inflation)?,
            values(m, b, Metric::Inflation)?,
        );
        let paired = paired(&[(1.0, &va), (-1.0, &vb)])?;
        let of = |v: &BySeed| Estimate::of(&v.values().copied().collect::<Vec<_>>());
        let apart = Estimate::independent(&[(1.0, of(&va)?), (-1.0, of(&vb)?)]);
        Some((paired.se, apart.se))
    };
    let pairs: Option<Vec<(f64, f64)>> = ccas
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| ccas[i + 1..].iter().map(move |&b| (a, b)))
        .flat_map(|(a, b)| {
            LBS.iter()
                .map(move |&lb| (key(fig, a, lb), key(fig, b, lb)))
        })
        .map(|(a, b)| se_both(&a, &b))
        .collect();
    let Some(pairs) = pairs.filter(|p| !p.is_empty()) else {
        return ("–".into(), None);
    };
    let t = sign_test(&pairs, |(paired, apart)| paired < apart);
    (
        format!(
            "tighter in {} of {} comparisons (the sign test needs {}); mean standard error {:.1} points paired against {:.1} as if independent",
            t.hits, t.n, t.need, t.means.0, t.means.1
        ),
        Some(t.outcome),
    )
}

/// "`a` does this less than `b`" for one counter (`name`, read by `get`), means per run from
/// `runs.csv`: compared as they are (the counters are kept as means, not seed by seed).
pub fn counter_below(
    m: &Measured,
    fig: &str,
    a: (CcaName, LbScheme),
    b: (CcaName, LbScheme),
    name: &str,
    get: fn(&super::Counters) -> f64,
) -> Option<Test> {
    let (ka, kb) = (key(fig, a.0, a.1), key(fig, b.0, b.1));
    let (ca, cb) = (get(m.counters.get(&ka)?), get(m.counters.get(&kb)?));
    Some(Test {
        label: format!("{}: {} vs {}", a.1, a.0, b.0),
        a: Some(ka),
        b: Some(kb),
        estimate: None,
        shown: format!("{ca:.0} vs {cb:.0} {name} a run"),
        outcome: if ca < cb {
            Outcome::Pass
        } else {
            Outcome::Fail
        },
    })
}

/// Every (CCA, LB) pair of `ccas` and the three spraying schemes.
pub fn cells(ccas: &[CcaName]) -> impl Iterator<Item = (CcaName, LbScheme)> + '_ {
    ccas.iter()
        .flat_map(|&c| LBS.iter().map(move |&lb| (c, lb)))
}

/// Log-log slope of throughput against q by least squares.
pub fn slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let xs: Vec<f64> = points.iter().map(|p| p.0.ln()).collect();
    let ys: Vec<f64> = points.iter().map(|p| p.1.ln()).collect();
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    sxy / sxx
}

pub fn theory_points(m: &Measured, cca: CcaName) -> Vec<(f64, f64)> {
    m.cells
        .iter()
        .filter(|(k, _)| k.0 == "theory" && k.1 == cca && k.3 > 0)
        .filter_map(|(k, s)| Some((1.0 / k.3 as f64, s.throughput_gbps?)))
        .collect()
}
