//! The paper's claims (ALGORITHMS.md §14), checked against the CSVs of `spraylab repro`, and the
//! `REPRODUCTION.md` report built from them.
//!
//! A claim is a list of checks, each a comparison of measured figures with a fixed threshold
//! stated next to it. A claim *holds* when every check passes, *partly* when some do, and *does
//! not hold* when none does. The thresholds are the same for every figure and every run; nothing
//! here is tuned to the outcome.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One cell of a `summary.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub runs: u32,
    pub unfinished: u32,
    pub inflation: Option<f64>,
    pub inflation_stderr: Option<f64>,
    pub cct_us: Option<f64>,
    pub throughput_gbps: Option<f64>,
    pub model_gbps: Option<f64>,
}

/// Key of a summary cell: figure, CCA, LB scheme, paths (0 outside the theory).
pub type Key = (String, String, String, u32);

/// Everything the claims read: the summaries of every figure and the baseline's FCTs.
#[derive(Clone, Debug, Default)]
pub struct Measured {
    pub cells: BTreeMap<Key, Summary>,
    /// Baseline FCTs (µs) per (CCA, LB), all seeds together, sorted.
    pub fcts: BTreeMap<(String, String), Vec<f64>>,
}

fn num(field: &str, what: &str) -> Result<Option<f64>, String> {
    if field.is_empty() {
        return Ok(None);
    }
    field
        .parse::<f64>()
        .map(Some)
        .map_err(|_| format!("{what}: not a number: {field:?}"))
}

impl Measured {
    /// Adds the rows of one `summary.csv` (header included).
    pub fn add_summary(&mut self, text: &str) -> Result<(), String> {
        for (n, line) in text.lines().enumerate().skip(1) {
            if line.is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split(',').collect();
            let at = |what: &str| format!("summary line {}: {what}", n + 1);
            if f.len() != 11 {
                return Err(at(&format!("expected 11 fields, got {}", f.len())));
            }
            let int = |i: usize, what: &str| {
                f[i].parse::<u32>()
                    .map_err(|_| at(&format!("{what}: not a whole number: {:?}", f[i])))
            };
            let key = (f[0].into(), f[1].into(), f[2].into(), int(3, "paths")?);
            let s = Summary {
                runs: int(4, "runs")?,
                unfinished: int(5, "unfinished")?,
                inflation: num(f[6], &at("inflation_mean"))?,
                inflation_stderr: num(f[7], &at("inflation_stderr"))?,
                cct_us: num(f[8], &at("cct_us_mean"))?,
                throughput_gbps: num(f[9], &at("throughput_gbps_mean"))?,
                model_gbps: num(f[10], &at("model_gbps"))?,
            };
            self.cells.insert(key, s);
        }
        Ok(())
    }

    /// Adds the rows of the baseline's `fct.csv` (`cca,lb,seed,fct_us`).
    pub fn add_fcts(&mut self, text: &str) -> Result<(), String> {
        for (n, line) in text.lines().enumerate().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            if f.len() != 4 {
                return Err(format!("fct line {}: expected 4 fields", n + 1));
            }
            let v = num(f[3], &format!("fct line {}", n + 1))?
                .ok_or_else(|| format!("fct line {}: empty fct_us", n + 1))?;
            self.fcts
                .entry((f[0].into(), f[1].into()))
                .or_default()
                .push(v);
        }
        for v in self.fcts.values_mut() {
            v.sort_by(f64::total_cmp);
        }
        Ok(())
    }

    fn cell(&self, fig: &str, cca: &str, lb: &str, paths: u32) -> Option<&Summary> {
        self.cells
            .get(&(fig.to_string(), cca.to_string(), lb.to_string(), paths))
    }

    /// Mean CCT inflation of a cell, in the (CCT − ideal) / ideal sense.
    pub fn inflation(&self, fig: &str, cca: &str, lb: &str) -> Option<f64> {
        self.cell(fig, cca, lb, 0)?.inflation
    }

    fn cct(&self, fig: &str, cca: &str, lb: &str) -> Option<f64> {
        self.cell(fig, cca, lb, 0)?.cct_us
    }

    fn throughput(&self, cca: &str, paths: u32) -> Option<f64> {
        self.cell("theory", cca, "rr", paths)?.throughput_gbps
    }

    fn fct_percentile(&self, cca: &str, lb: &str, p: f64) -> Option<f64> {
        let v = self.fcts.get(&(cca.to_string(), lb.to_string()))?;
        let i = ((v.len() as f64 - 1.0) * p).round() as usize;
        v.get(i).copied()
    }
}

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

const LBS: [&str; 3] = ["ops", "ar", "reps"];
const FOUR: [&str; 4] = ["lswift", "mswift", "nscc", "mnscc"];

fn f2(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.2}"))
}

fn pct(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{:.0} %", 100.0 * x))
}

/// A check that `a < b` for every LB scheme, with the measured pairs.
fn below_every_lb(
    m: &Measured,
    what: &str,
    a: (&str, &str),
    b: (&str, &str),
    margin: f64,
) -> Check {
    let mut measured = Vec::new();
    let mut pass = Some(true);
    for lb in LBS {
        let x = m.inflation(a.0, a.1, lb);
        let y = m.inflation(b.0, b.1, lb);
        measured.push(format!("{lb} {} vs {}", pct(x), pct(y)));
        pass = match (pass, x, y) {
            (Some(p), Some(x), Some(y)) => Some(p && x < y * margin),
            _ => None,
        };
    }
    Check {
        what: what.into(),
        measured: measured.join(", "),
        pass,
    }
}

/// Whether `cca` has the lowest inflation of `ccas` in `fig` under every LB.
fn best_every_lb(m: &Measured, fig: &str, cca: &str, ccas: &[&str]) -> Check {
    let mut measured = Vec::new();
    let mut pass = Some(true);
    for lb in LBS {
        let own = m.inflation(fig, cca, lb);
        let best_other = ccas
            .iter()
            .filter(|c| **c != cca)
            .map(|c| m.inflation(fig, c, lb).map(|v| (v, *c)))
            .collect::<Option<Vec<_>>>()
            .and_then(|v| v.into_iter().min_by(|a, b| a.0.total_cmp(&b.0)));
        measured.push(format!(
            "{lb}: {} vs best other {}",
            pct(own),
            best_other.map_or("–".into(), |(v, c)| format!("{} ({c})", pct(Some(v))))
        ));
        pass = match (pass, own, best_other) {
            (Some(p), Some(o), Some((b, _))) => Some(p && o < b),
            _ => None,
        };
    }
    Check {
        what: format!("{cca} has the lowest CCT inflation under every LB"),
        measured: measured.join("; "),
        pass,
    }
}

/// The largest ratio a/b of inflations over the LBs, and the LB it occurs at.
fn max_ratio(m: &Measured, fig: &str, a: &str, b: &str) -> Option<(f64, &'static str)> {
    LBS.iter()
        .map(|lb| Some((m.inflation(fig, a, lb)? / m.inflation(fig, b, lb)?, *lb)))
        .collect::<Option<Vec<_>>>()?
        .into_iter()
        .max_by(|x, y| x.0.total_cmp(&y.0))
}

/// A check that a paper factor ("up to 8.6×") is matched within a factor of two.
fn factor_check(m: &Measured, fig: &str, a: &str, b: &str, paper: f64, lb: Option<&str>) -> Check {
    let (ratio, at) = match lb {
        Some(lb) => (
            m.inflation(fig, a, lb)
                .zip(m.inflation(fig, b, lb))
                .map(|(x, y)| x / y),
            lb,
        ),
        None => match max_ratio(m, fig, a, b) {
            Some((r, lb)) => (Some(r), lb),
            None => (None, "–"),
        },
    };
    Check {
        what: format!(
            "{a} ÷ {b} inflation {} ≈ {paper}× (within a factor of 2)",
            if lb.is_some() {
                format!("with {at}")
            } else {
                "at its largest over the LBs".into()
            }
        ),
        measured: format!("{}× ({at})", f2(ratio)),
        pass: ratio.map(|r| r >= paper / 2.0 && r <= paper * 2.0),
    }
}

/// Log-log slope of throughput against q by least squares.
fn slope(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let xs: Vec<f64> = points.iter().map(|p| p.0.ln()).collect();
    let ys: Vec<f64> = points.iter().map(|p| p.1.ln()).collect();
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(&ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    sxy / sxx
}

fn theory_points(m: &Measured, cca: &str) -> Vec<(f64, f64)> {
    m.cells
        .iter()
        .filter(|(k, _)| k.0 == "theory" && k.1 == cca && k.3 > 0)
        .filter_map(|(k, s)| Some((1.0 / k.3 as f64, s.throughput_gbps?)))
        .collect()
}

fn theory_claim(m: &Measured) -> Claim {
    let mut checks = Vec::new();
    for cca in ["tcp", "dctcp", "swift", "lswift"] {
        let pts = theory_points(m, cca);
        let s = (pts.len() >= 3).then(|| slope(&pts));
        checks.push(Check {
            what: format!("{cca}: log-log slope of throughput against q in −0.5 ± 0.15"),
            measured: format!("{} over {} values of q", f2(s), pts.len()),
            pass: s.map(|s| (s + 0.5).abs() <= 0.15),
        });
    }
    let r = m.throughput("swift", 100).zip(m.throughput("swift", 50));
    checks.push(Check {
        what: "Swift: q = 1 % gives ≈ √2 × the throughput of q = 2 % (1.2 to 1.7)".into(),
        measured: r.map_or("–".into(), |(a, b)| {
            format!("{a:.1} vs {b:.1} Gbps: {:.2}×", a / b)
        }),
        pass: r.map(|(a, b)| (1.2..=1.7).contains(&(a / b))),
    });
    let above: Option<Vec<(u32, f64, f64)>> = [200, 100, 50, 20, 10, 5]
        .iter()
        .map(|&p| Some((p, m.throughput("lswift", p)?, m.throughput("swift", p)?)))
        .collect();
    checks.push(Check {
        what: "LSwift sits above Swift at every q".into(),
        measured: above.as_ref().map_or("–".into(), |v| {
            v.iter()
                .map(|(p, l, s)| format!("q = {:.1} %: {l:.0} vs {s:.0}", 100.0 / *p as f64))
                .collect::<Vec<_>>()
                .join("; ")
        }),
        pass: above.map(|v| v.iter().all(|(_, l, s)| l > s)),
    });
    let flat = m.throughput("mswift", 5).zip(m.throughput("mswift", 200));
    checks.push(Check {
        what: "MSwift does not collapse: throughput at q = 20 % ≥ 80 % of that at q = 0.5 %".into(),
        measured: flat.map_or("–".into(), |(a, b)| format!("{a:.0} vs {b:.0} Gbps")),
        pass: flat.map(|(a, b)| a >= 0.8 * b),
    });
    Claim {
        id: 1,
        figure: "theory",
        paper: "Throughput falls as Θ(1/√q) for TCP, DCTCP, Swift and reordering-resilient Swift; 2 % congested paths instead of 1 % give √2 ≈ 1.4× lower throughput; reordering-resilient CCAs sit higher but still collapse; a median CCA with H ≥ 3 does not collapse for q < 1/3.",
        checks,
        why_not: "the simulated n-path network departs from the model's assumptions (ACK-clocked bursts, recovery holding cwnd for an RTT), most at large q.",
    }
}

fn baseline_claims(m: &Measured) -> Vec<Claim> {
    let b = "baseline";
    let swift_ratio: Option<f64> = LBS
        .iter()
        .map(|lb| Some(m.cct(b, "swift", lb)? / m.cct(b, "mswift", lb)?))
        .collect::<Option<Vec<_>>>()
        .map(|v| v.iter().sum::<f64>() / v.len() as f64);
    let all: Vec<(&str, &str)> = cells(&["swift", "lswift", "mswift", "nscc", "mnscc"]).collect();
    let best = all
        .iter()
        .map(|&(c, lb)| Some((m.inflation(b, c, lb)?, c, lb)))
        .collect::<Option<Vec<_>>>()
        .and_then(|v| v.into_iter().min_by(|x, y| x.0.total_cmp(&y.0)));
    let reps_not_best: Option<Vec<(&str, bool)>> = FOUR
        .iter()
        .map(|c| {
            let r = m.inflation(b, c, "reps")?;
            let o = m.inflation(b, c, "ops")?.min(m.inflation(b, c, "ar")?);
            Some((*c, r > o))
        })
        .collect();
    vec![
        Claim {
            id: 2,
            figure: "baseline",
            paper: "Swift with spraying is very poor: ≈ 13× higher CCT.",
            checks: vec![Check {
                what: "Swift's CCT ÷ MSwift's, mean over OPS, AR and REPS, ≈ 13× (6.5 to 26)"
                    .into(),
                measured: format!("{}×", f2(swift_ratio)),
                pass: swift_ratio.map(|r| (6.5..=26.0).contains(&r)),
            }],
            why_not: "the collapse depth depends on how far the elephants' queues exceed Swift's target; SprayLab's queues are the 800 KiB drop-tail of ALGORITHMS.md §11 with a 40 KiB ECN step.",
        },
        Claim {
            id: 3,
            figure: "baseline",
            paper: "MSwift is best overall, with REPS, and reduces CCT inflation against LSwift by up to 8.6× (REPS).",
            checks: vec![
                Check {
                    what: "the lowest inflation of all cells is MSwift with REPS".into(),
                    measured: best.map_or("–".into(), |(v, c, lb)| {
                        format!("lowest: {c} with {lb}, {}", pct(Some(v)))
                    }),
                    pass: best.map(|(_, c, lb)| c == "mswift" && lb == "reps"),
                },
                factor_check(m, b, "lswift", "mswift", 8.6, None),
            ],
            why_not: "SprayLab's AR reacts to the quantized queue at every hop every 0.1 µs, which steers sprayed packets away from the elephants better than REPS's feedback does.",
        },
        Claim {
            id: 4,
            figure: "baseline",
            paper: "MSwift outperforms Swift and NSCC under all three of OPS, AR and REPS.",
            checks: vec![
                below_every_lb(m, "MSwift below Swift under every LB", (b, "mswift"), (b, "swift"), 1.0),
                below_every_lb(m, "MSwift below NSCC under every LB", (b, "mswift"), (b, "nscc"), 1.0),
            ],
            why_not: "see the measured figures: the gap to NSCC is small under AR.",
        },
        Claim {
            id: 5,
            figure: "baseline",
            paper: "NSCC is good, and better with AR than with REPS. MNSCC improves NSCC a bit but stays behind MSwift.",
            checks: vec![
                Check {
                    what: "NSCC with AR below NSCC with REPS".into(),
                    measured: format!(
                        "{} vs {}",
                        pct(m.inflation(b, "nscc", "ar")),
                        pct(m.inflation(b, "nscc", "reps"))
                    ),
                    pass: m
                        .inflation(b, "nscc", "ar")
                        .zip(m.inflation(b, "nscc", "reps"))
                        .map(|(a, r)| a < r),
                },
                below_every_lb(m, "MNSCC at or below NSCC under every LB", (b, "mnscc"), (b, "nscc"), 1.0 + 1e-9),
                below_every_lb(m, "MSwift below MNSCC under every LB", (b, "mswift"), (b, "mnscc"), 1.0),
            ],
            why_not: "MNSCC's history is capped at 4 samples (ALGORITHMS.md §7), so its median filters less than MSwift's.",
        },
        Claim {
            id: 6,
            figure: "baseline",
            paper: "REPS is not the best LB for every CCA.",
            checks: vec![Check {
                what: "for at least one of LSwift, MSwift, NSCC, MNSCC, REPS is not the lowest".into(),
                measured: reps_not_best.as_ref().map_or("–".into(), |v| {
                    v.iter()
                        .map(|(c, nb)| format!("{c}: REPS {}", if *nb { "not best" } else { "best" }))
                        .collect::<Vec<_>>()
                        .join(", ")
                }),
                pass: reps_not_best.map(|v| v.iter().any(|(_, nb)| *nb)),
            }],
            why_not: "",
        },
    ]
}

fn fct_claim(m: &Measured) -> Claim {
    let p99 = |c: &str, lb: &str| m.fct_percentile(c, lb, 0.99);
    let p50 = |c: &str, lb: &str| m.fct_percentile(c, lb, 0.5);
    let mut worst = Vec::new();
    let mut worst_pass = Some(true);
    for lb in LBS {
        let l = p99("lswift", lb);
        let others: Option<f64> = ["mswift", "nscc", "mnscc"]
            .iter()
            .map(|c| p99(c, lb))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().fold(0.0, f64::max));
        worst.push(format!("{lb}: {} vs {} µs", f2(l), f2(others)));
        worst_pass = match (worst_pass, l, others) {
            (Some(p), Some(l), Some(o)) => Some(p && l > o),
            _ => None,
        };
    }
    let mut close = Vec::new();
    let mut close_pass = Some(true);
    for lb in ["ops", "ar"] {
        let ms = p50("mswift", lb);
        let ns: Option<f64> = p50("nscc", lb).zip(p50("mnscc", lb)).map(|(a, b)| a.min(b));
        close.push(format!("{lb}: {} vs {} µs", f2(ms), f2(ns)));
        close_pass = match (close_pass, ms, ns) {
            (Some(p), Some(a), Some(b)) => Some(p && (a / b - 1.0).abs() <= 0.25),
            _ => None,
        };
    }
    let tail: Option<(f64, f64)> = p99("mswift", "reps").zip(
        ["lswift", "nscc", "mnscc"]
            .iter()
            .map(|c| p99(c, "reps"))
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().fold(f64::INFINITY, f64::min)),
    );
    Claim {
        id: 7,
        figure: "baseline (FCT CDFs)",
        paper: "LSwift is worst under every LB and has a poor tail with REPS. MSwift ≈ NSCC/MNSCC with OPS and AR. MSwift has a better tail with REPS.",
        checks: vec![
            Check {
                what: "LSwift's p99 FCT above every other CCA's, under every LB".into(),
                measured: worst.join("; "),
                pass: worst_pass,
            },
            Check {
                what: "MSwift's median FCT within 25 % of the better of NSCC and MNSCC, with OPS and AR".into(),
                measured: close.join("; "),
                pass: close_pass,
            },
            Check {
                what: "with REPS, MSwift's p99 FCT below every other CCA's".into(),
                measured: tail.map_or("–".into(), |(a, b)| format!("{a:.1} vs {b:.1} µs")),
                pass: tail.map(|(a, b)| a < b),
            },
        ],
        why_not: "the FCT spread comes from which flows share paths with elephants; with 10 seeds the tails are estimated from few flows.",
    }
}

fn every_lower(m: &Measured, fig: &str, base: &str, ccas: &[&str], lower: bool) -> Check {
    let mut n = 0;
    let mut ok = 0;
    let mut missing = false;
    for c in ccas {
        for lb in LBS {
            match m.inflation(fig, c, lb).zip(m.inflation(base, c, lb)) {
                Some((a, b)) => {
                    n += 1;
                    ok += usize::from(if lower { a < b } else { a > b });
                }
                None => missing = true,
            }
        }
    }
    Check {
        what: format!(
            "{} inflation in {fig} {} than in {base}, for {} under every LB",
            if ccas.len() == 1 {
                ccas[0]
            } else {
                "each CCA's"
            },
            if lower { "lower" } else { "higher" },
            ccas.join(", ")
        ),
        measured: format!("{ok} of {n} cells"),
        pass: (!missing).then_some(ok == n),
    }
}

/// A check that MNSCC ÷ NSCC inflation lies in `range` under every LB.
fn mnscc_over_nscc(
    m: &Measured,
    fig: &str,
    claim: &str,
    range: std::ops::RangeInclusive<f64>,
) -> Check {
    let r: Option<Vec<f64>> = LBS
        .iter()
        .map(|lb| Some(m.inflation(fig, "mnscc", lb)? / m.inflation(fig, "nscc", lb)?))
        .collect();
    let bounds = if range.end().is_finite() {
        format!("within {} to {}", range.start(), range.end())
    } else {
        format!("≥ {}", range.start())
    };
    Check {
        what: format!("{claim}: MNSCC ÷ NSCC inflation {bounds} under every LB"),
        measured: r.as_ref().map_or("–".into(), |v| {
            v.iter()
                .zip(LBS)
                .map(|(x, lb)| format!("{lb} {x:.2}"))
                .collect::<Vec<_>>()
                .join(", ")
        }),
        pass: r.map(|v| v.iter().all(|x| range.contains(x))),
    }
}

/// Every (CCA, LB) pair of `ccas` and the three spraying schemes.
fn cells<'a>(ccas: &'a [&'a str]) -> impl Iterator<Item = (&'a str, &'static str)> + 'a {
    ccas.iter()
        .flat_map(|c| LBS.iter().map(move |lb| (*c, *lb)))
}

fn sensitivity_claims(m: &Measured) -> Vec<Claim> {
    let p = "permutation";
    let nscc_mnscc_help = |fig: &str| {
        below_every_lb(
            m,
            "MNSCC at or below NSCC under every LB",
            (fig, "mnscc"),
            (fig, "nscc"),
            1.0 + 1e-9,
        )
    };
    let reps_best_for_mswift = Check {
        what: "MSwift is best with REPS (REPS below OPS and AR)".into(),
        measured: LBS
            .iter()
            .map(|lb| format!("{lb} {}", pct(m.inflation(p, "mswift", lb))))
            .collect::<Vec<_>>()
            .join(", "),
        pass: (|| {
            let r = m.inflation(p, "mswift", "reps")?;
            Some(r < m.inflation(p, "mswift", "ops")? && r < m.inflation(p, "mswift", "ar")?)
        })(),
    };
    let advantage_grows = {
        let a = max_ratio(m, "size16mib", "lswift", "mswift");
        let b = max_ratio(m, "baseline", "lswift", "mswift");
        Check {
            what: "MSwift's largest advantage over LSwift larger than in the baseline".into(),
            measured: format!("{}× vs {}×", f2(a.map(|x| x.0)), f2(b.map(|x| x.0))),
            pass: a.zip(b).map(|(a, b)| a.0 > b.0),
        }
    };
    let not_much_worse = {
        let r: Option<Vec<f64>> = cells(&FOUR)
            .map(|(c, lb)| Some(m.cct("elephants8", c, lb)? / m.cct("baseline", c, lb)?))
            .collect();
        Check {
            what: "every cell's CCT at most 1.5× its 4-elephant CCT".into(),
            measured: r.as_ref().map_or("–".into(), |v| {
                format!(
                    "largest ratio {:.2}×",
                    v.iter().fold(0.0f64, |a, b| a.max(*b))
                )
            }),
            pass: r.map(|v| v.iter().all(|x| *x <= 1.5)),
        }
    };
    let failures_cct = {
        let r: Option<Vec<(f64, f64)>> = cells(&FOUR)
            .map(|(c, lb)| Some((m.cct("failures", c, lb)?, m.cct("baseline", c, lb)?)))
            .collect();
        Check {
            what: "CCT higher than the baseline's in every cell".into(),
            measured: r.as_ref().map_or("–".into(), |v| {
                format!(
                    "{} of {} cells",
                    v.iter().filter(|(a, b)| a > b).count(),
                    v.len()
                )
            }),
            pass: r.map(|v| v.iter().all(|(a, b)| a > b)),
        }
    };
    let pc = "percentiles";
    let p10_ops = m
        .inflation(pc, "mswift-p10", "ops")
        .zip(m.inflation(pc, "mswift", "ops"));
    let others_not_better: Option<Vec<(String, bool)>> =
        [("mswift-p10", "ar"), ("mswift-p10", "reps")]
            .into_iter()
            .chain(LBS.iter().map(|lb| ("mswift-p90", *lb)))
            .map(|(c, lb)| {
                Some((
                    format!("{c} {lb}"),
                    m.inflation(pc, c, lb)? >= m.inflation(pc, "mswift", lb)?,
                ))
            })
            .collect();
    let incast_small: Option<f64> = cells(&FOUR)
        .map(|(c, lb)| m.inflation("incast", c, lb))
        .collect::<Option<Vec<_>>>()
        .map(|v| v.into_iter().fold(0.0, f64::max));
    let mean_over_lbs = |fig: &str, c: &str| -> Option<f64> {
        let v: Option<Vec<f64>> = LBS.iter().map(|lb| m.inflation(fig, c, lb)).collect();
        v.map(|v| v.iter().sum::<f64>() / 3.0)
    };
    let median_worse = [("mswift", "lswift"), ("mnscc", "nscc")]
        .iter()
        .map(|(a, b)| {
            Some((
                *a,
                *b,
                mean_over_lbs("incast", a)?,
                mean_over_lbs("incast", b)?,
            ))
        })
        .collect::<Option<Vec<_>>>();
    vec![
        Claim {
            id: 8,
            figure: "permutation",
            paper: "Without elephants every CCA is better than in the baseline. LSwift becomes better than NSCC. MSwift beats LSwift in every LB, by up to 1.7×, and is best with REPS. MNSCC slightly improves NSCC, and MSwift beats both.",
            checks: vec![
                every_lower(m, p, "baseline", &FOUR, true),
                below_every_lb(m, "LSwift below NSCC under every LB", (p, "lswift"), (p, "nscc"), 1.0),
                below_every_lb(m, "MSwift below LSwift under every LB", (p, "mswift"), (p, "lswift"), 1.0),
                factor_check(m, p, "lswift", "mswift", 1.7, None),
                reps_best_for_mswift,
                nscc_mnscc_help(p),
                best_every_lb(m, p, "mswift", &FOUR),
            ],
            why_not: "without congested paths there is no collapse to fix; MSwift's median then only adds lag to a clean signal, and OPS's random collisions cost it more than LSwift.",
        },
        Claim {
            id: 9,
            figure: "hsdp",
            paper: "Llama-70B HSDP: MSwift beats all algorithms under all LBs. With REPS its CCT inflation is 1.8× smaller than LSwift and 2.3× smaller than NSCC. MNSCC barely helps.",
            checks: vec![
                best_every_lb(m, "hsdp", "mswift", &FOUR),
                factor_check(m, "hsdp", "lswift", "mswift", 1.8, Some("reps")),
                factor_check(m, "hsdp", "nscc", "mswift", 2.3, Some("reps")),
                mnscc_over_nscc(m, "hsdp", "MNSCC barely helps", 0.8..=1.2),
            ],
            why_not: "the shortfall is under OPS, whose i.i.d. random paths make the sprayed packets collide among themselves, which a median does not filter; the server placement is a reconstruction (ALGORITHMS.md §15 A14), and its alternative's effect is in the choices table.",
        },
        Claim {
            id: 10,
            figure: "hosts250",
            paper: "250 hosts: the same ordering; MSwift is best and MNSCC slightly improves NSCC.",
            checks: vec![best_every_lb(m, "hosts250", "mswift", &FOUR), nscc_mnscc_help("hosts250")],
            why_not: "under OPS the larger tree makes more random collisions among sprayed packets, which the median does not filter.",
        },
        Claim {
            id: 11,
            figure: "size16mib",
            paper: "16 MiB: MSwift's advantage grows, to up to 10.7× less inflation than LSwift. LSwift and NSCC get worse.",
            checks: vec![
                factor_check(m, "size16mib", "lswift", "mswift", 10.7, None),
                advantage_grows,
                every_lower(m, "size16mib", "baseline", &["lswift", "nscc"], false),
            ],
            why_not: "longer flows give the CCAs more time to converge, which in SprayLab shrinks every CCA's inflation.",
        },
        Claim {
            id: 12,
            figure: "elephants8",
            paper: "8 elephants: results similar to 4 elephants, not much worse.",
            checks: vec![not_much_worse, best_every_lb(m, "elephants8", "mswift", &FOUR)],
            why_not: "twice the elephants make twice the congested paths, more than the median with H = W/2 fully filters under OPS.",
        },
        Claim {
            id: 13,
            figure: "failures",
            paper: "1 % link failures: CCT higher for all; MSwift still wins under all three LBs; results noisier.",
            checks: vec![failures_cct, best_every_lb(m, "failures", "mswift", &FOUR)],
            why_not: "with p = 0.01 per link a k = 8 tree loses 2.6 links on average and some seeds lose none, so the mean CCT moves little; SprayLab removes failed links from routing (ALGORITHMS.md §15 A17), and the effect of htsim's degradation to a quarter rate, the alternative, is in the choices table.",
        },
        Claim {
            id: 14,
            figure: "percentiles",
            paper: "With OPS, MSwift-P10 beats MSwift. In the other cases neither P10 nor P90 beats MSwift.",
            checks: vec![
                Check {
                    what: "with OPS, P10 below the median".into(),
                    measured: p10_ops.map_or("–".into(), |(a, b)| format!("{} vs {}", pct(Some(a)), pct(Some(b)))),
                    pass: p10_ops.map(|(a, b)| a < b),
                },
                Check {
                    what: "P10 with AR and REPS, and P90 everywhere, at or above the median".into(),
                    measured: others_not_better.as_ref().map_or("–".into(), |v| {
                        v.iter().map(|(n, ok)| format!("{n}: {}", if *ok { "not better" } else { "better" })).collect::<Vec<_>>().join(", ")
                    }),
                    pass: others_not_better.map(|v| v.iter().all(|(_, ok)| *ok)),
                },
            ],
            why_not: "a low percentile ignores more of the congested samples; where it beats the median the median still reacts to some elephant queueing.",
        },
        Claim {
            id: 15,
            figure: "drr",
            paper: "DRR fair scheduling: the Swift variants get worse and the NSCC variants better. MSwift still beats LSwift. MNSCC no longer helps NSCC.",
            checks: vec![
                every_lower(m, "drr", "baseline", &["lswift", "mswift"], false),
                every_lower(m, "drr", "baseline", &["nscc", "mnscc"], true),
                below_every_lb(m, "MSwift below LSwift under every LB", ("drr", "mswift"), ("drr", "lswift"), 1.0),
                mnscc_over_nscc(m, "drr", "MNSCC no longer helps", 0.95..=f64::INFINITY),
            ],
            why_not: "DRR splits each port between the sprayed and the ECMP class; how much that helps a CCA depends on its delay target against the per-class queue.",
        },
        Claim {
            id: 16,
            figure: "incast",
            paper: "Incast 32→1: the CCT increase is small for every CCA; the median variants are slightly worse than their originals.",
            checks: vec![
                Check {
                    what: "every cell's inflation below 50 %".into(),
                    measured: format!("largest {}", pct(incast_small)),
                    pass: incast_small.map(|x| x < 0.5),
                },
                Check {
                    what: "MSwift above LSwift and MNSCC above NSCC (mean over the LBs)".into(),
                    measured: median_worse.as_ref().map_or("–".into(), |v| {
                        v.iter().map(|(a, b, x, y)| format!("{a} {} vs {b} {}", pct(Some(*x)), pct(Some(*y)))).collect::<Vec<_>>().join("; ")
                    }),
                    pass: median_worse.map(|v| v.iter().all(|(_, _, x, y)| x > y)),
                },
            ],
            why_not: "in incast every path ends at the same congested downlink, so every sample carries the same signal and the median neither helps nor lags much.",
        },
    ]
}

/// Source lines (neither blank nor comments) of the median estimator that MSwift and MNSCC add.
fn estimator_lines() -> usize {
    include_str!("sim/cca/estimator.rs")
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

fn size_claim() -> Claim {
    let n = estimator_lines();
    Claim {
        id: 17,
        figure: "implementation",
        paper: "MSwift and MNSCC add fewer than 200 lines to htsim.",
        checks: vec![Check {
            what: "the median estimator both use (src/sim/cca/estimator.rs, tests excluded) is under 200 lines".into(),
            measured: format!("{n} lines"),
            pass: Some(n < 200),
        }],
        why_not: "",
    }
}

/// Every claim of ALGORITHMS.md §14, evaluated on `m`.
pub fn evaluate(m: &Measured) -> Vec<Claim> {
    let mut claims = vec![theory_claim(m)];
    claims.extend(baseline_claims(m));
    claims.push(fct_claim(m));
    claims.extend(sensitivity_claims(m));
    claims.push(size_claim());
    claims
}

/// Reads `DIR/<figure>/summary.csv` for every figure present, and the baseline's `fct.csv`.
pub fn read_dir(dir: &std::path::Path) -> Result<Measured, String> {
    let mut m = Measured::default();
    for f in crate::repro::FIGURES {
        let path = dir.join(f.name).join("summary.csv");
        if let Ok(text) = std::fs::read_to_string(&path) {
            m.add_summary(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let path = dir.join("baseline").join("fct.csv");
    if let Ok(text) = std::fs::read_to_string(&path) {
        m.add_fcts(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if m.cells.is_empty() {
        return Err(format!("{}: no summary.csv found", dir.display()));
    }
    Ok(m)
}

/// The ALGORITHMS.md §15 choices SprayLab makes, and why a choice has no measured alternative (the report
/// adds the measured effect of the alternatives that `spraylab repro alternatives` runs).
const CHOICES: &[(&str, &str, &str)] = &[
    ("A1", "Swift target = unloaded RTT of the path + 1 µs + flow scaling (fs_range 5 µs).", ""),
    ("A2", "A hole is lost once 3 packets above it are SACKed; at most one decrease per RTT.", "ALGORITHMS.md §15 names no alternative"),
    ("A3", "LTCP waits srtt + 4·rttvar for a hole before declaring it delayed; 5 successive delayed packets cut cwnd.", ""),
    ("A4", "Median with H = max(⌊W/2⌋, 1); an even H takes the mean of the two middle samples; all samples while fewer than H.", "ALGORITHMS.md §15 names no alternative (the choice is rounding and warm-up)"),
    ("A5", "MNSCC: only the per-ACK delay goes through the median; the delay EWMA and ECN stay per ACK.", "not run: the alternative (the delay EWMA fed by the median too) is not implemented"),
    ("A6", "MSwift's decrease size uses the median too.", ""),
    ("A7", "4096 B packets, headers ignored; 800 KiB buffers, 40 KiB ECN step; 8 MiB = 2048 packets.", "units, not a mechanism"),
    ("A8", "Initial cwnd = BDP of the largest RTT for every flow.", ""),
    ("A9", "One ACK per data packet for every CCA.", ""),
    ("A10", "NSCC base RTT per host pair; target 1 µs; maxwnd 1.5·BDP.", "not run: a network-wide base RTT is not implemented"),
    ("A11", "REPS: list form recycling labels of unmarked ACKs, random labels when empty, no freezing.", "not run: REPS freezing needs packet trimming, which SprayLab does not model"),
    ("A12", "OPS: i.i.d. random path label per packet.", ""),
    ("A13", "AR: 4 queue levels at 5/10/20 % of the buffer, refreshed every 0.1 µs, random tie-break, sprayed data only.", "ALGORITHMS.md §15 names no alternative"),
    ("A14", "HSDP: a random permutation of the 16 servers, 8 GPUs each on consecutive hosts.", ""),
    ("A15", "Elephants: infinite, from t = 0, ECMP, same CCA.", "ALGORITHMS.md §15 names no alternative"),
    ("A16", "Permutations are derangements.", "not run: self-flows are not implemented"),
    ("A17", "A failed link is removed from routing; each inter-switch link fails with p = 0.01, a new set per seed, the same for every CCA.", ""),
    ("A18", "DRR: each class gets the full buffer and ECN threshold.", "ALGORITHMS.md §15 names no alternative"),
    ("A19", "Ideal CCT: size / bottleneck rate + unloaded RTT, CCT at the sender's last ACK.", "the definition of the reference CCT, not a mechanism"),
    ("A20", "Seeds 1..N per cell; mean ± standard error.", "how runs are summarized, not a mechanism"),
    ("A21", "SMaRTT: wait-to-decrease gate at 25 % (EWMA α = 0.05).", ""),
    ("A22", "Swift family: cwnd 0.001 to 1000 packets with pacing below one, RTO_min 100 µs.", "ALGORITHMS.md §15 names no alternative"),
    ("A23", "ACKs are hashed on their data packet's label, never adaptive.", "not run: adaptive routing of ACKs is not implemented"),
    ("A24", "ECN step at 40 KiB on the occupancy including the departing packet.", ""),
    ("A25", "ACKs take a strict-priority control queue.", "not run: ACKs queueing behind data is not implemented"),
    ("A26", "srtt (EWMA 1/8) for can_decrease, pacing and flow scaling.", "not run: decisions on the latest RTT instead of srtt are not implemented"),
];

/// `REPRODUCTION.md`: the claims table, each claim's checks, and the choices with the measured
/// effects of their alternatives. `how` is the folder of the CSVs, relative to the report; with
/// `plots`, each claim embeds its figure's SVG plot there.
pub fn report(m: &Measured, claims: &[Claim], how: &str, plots: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Reproduction of the paper's claims\n");
    let _ = writeln!(
        s,
        "Generated by `spraylab report {how}` from the CSVs that `spraylab repro all --out {how}` \
         wrote there; regenerated, never edited. \
         Each claim of the paper is a set of checks with fixed thresholds, the same for every \
         figure. A claim *holds* when every check passes, is *partly* reproduced when some do, \
         and *does not hold* when none does. Every run uses its figure's preset with the \
         defaults of the algorithm reference; no parameter is changed per figure. The `alt-*` \
         runs each change one choice where the paper is silent, to measure its effect (last \
         section); no claim reads them.\n"
    );
    let count = |v: Verdict| claims.iter().filter(|c| c.verdict() == v).count();
    let _ = writeln!(
        s,
        "{} claims: {} hold, {} partly, {} do not hold, {} without data.\n",
        claims.len(),
        count(Verdict::Holds),
        count(Verdict::Partly),
        count(Verdict::DoesNotHold),
        count(Verdict::NoData)
    );
    let _ = writeln!(s, "| # | figure | claim | verdict |\n|---|---|---|---|");
    for c in claims {
        let short: String = c.paper.split(". ").next().unwrap_or(c.paper).into();
        let _ = writeln!(
            s,
            "| {} | {} | {} | **{}** |",
            c.id,
            c.figure,
            short.trim_end_matches('.'),
            c.verdict().label()
        );
    }
    for c in claims {
        let _ = writeln!(s, "\n## {}. {} — {}\n", c.id, c.figure, c.verdict().label());
        let _ = writeln!(s, "Paper: {}\n", c.paper);
        let _ = writeln!(s, "| check | measured | passes |\n|---|---|---|");
        for k in &c.checks {
            let pass = match k.pass {
                Some(true) => "yes",
                Some(false) => "**no**",
                None => "no data",
            };
            let _ = writeln!(s, "| {} | {} | {pass} |", k.what, k.measured);
        }
        if !matches!(c.verdict(), Verdict::Holds) && !c.why_not.is_empty() {
            let _ = writeln!(s, "\nMost likely reason: {}", c.why_not);
        }
        let fig = c.figure.split(' ').next().unwrap_or(c.figure);
        if plots && crate::repro::figure(fig).is_some() {
            let file = if c.figure.contains("FCT") {
                "fct"
            } else {
                "plot"
            };
            let _ = writeln!(s, "\n![{}]({how}/{fig}/{file}.svg)", c.figure);
        }
    }
    let _ = writeln!(s, "\n## Choices where the paper is silent\n");
    let _ = writeln!(
        s,
        "SprayLab's choice for each ambiguity of ALGORITHMS.md §15, and the measured effect of its \
         alternative where `spraylab repro alternatives` runs one (the `alt-*` folders): the \
         same cells and seeds as the figure with the default, mean CCT inflation (throughput for \
         the n-path model), default → alternative; * marks a change beyond two standard errors. \
         \"If it were the default\" re-evaluates every claim with the alternative's cells in \
         place of the default's.\n"
    );
    let _ = writeln!(s, "| # | choice | measured effect |\n|---|---|---|");
    for (id, text, unmeasured) in CHOICES {
        let effects = alternative_effects(m, id);
        let effects = if effects.is_empty() {
            format!("not measured: {unmeasured}")
        } else {
            effects.join("<br>")
        };
        let _ = writeln!(s, "| {id} | {text} | {effects} |");
    }
    s
}

/// For every alternative run for `choice` whose cells are in `m`: its cells against the
/// default's, and the claims whose outcome would change were it the default.
fn alternative_effects(m: &Measured, choice: &str) -> Vec<String> {
    let mut out = Vec::new();
    for f in crate::repro::FIGURES {
        let Some(alt) = f.alternative.filter(|a| a.choice == choice) else {
            continue;
        };
        let mut substituted = m.clone();
        let paths: &[u32] = if f.preset == "npath" {
            &crate::repro::THEORY_PATHS
        } else {
            &[0]
        };
        let mut cells = Vec::new();
        for cca in f.ccas {
            let mut compared = Vec::new();
            for (lb, &p) in f
                .lbs
                .iter()
                .flat_map(|lb| paths.iter().map(move |p| (lb, p)))
            {
                let reference_lb = alt.reference_lb.unwrap_or(lb);
                let key =
                    |fig: &str, lb: &str| (fig.to_string(), cca.to_string(), lb.to_string(), p);
                let (Some(cell), Some(reference)) = (
                    m.cells.get(&key(f.name, lb)),
                    m.cells.get(&key(alt.reference, reference_lb)),
                ) else {
                    continue;
                };
                compared.push(compare(reference, cell, lb, reference_lb, p));
                substituted
                    .cells
                    .insert(key(alt.reference, reference_lb), cell.clone());
            }
            if !compared.is_empty() {
                cells.push(format!("{cca} {}", compared.join(", ")));
            }
        }
        if cells.is_empty() {
            continue;
        }
        let changes: Vec<String> = evaluate(m)
            .iter()
            .zip(evaluate(&substituted))
            .filter(|(before, after)| passed(before) != passed(after))
            .map(|(before, after)| {
                format!(
                    "claim {} ({}): {} → {} of {} checks pass",
                    before.id,
                    before.figure,
                    passed(before),
                    passed(&after),
                    after.checks.len()
                )
            })
            .collect();
        let changes = if changes.is_empty() {
            "no claim changes".to_string()
        } else {
            changes.join("; ")
        };
        out.push(format!(
            "`{}`: {}. If it were the default: {changes}.",
            f.name,
            cells.join("; ")
        ));
    }
    out
}

fn passed(c: &Claim) -> usize {
    c.checks.iter().filter(|k| k.pass == Some(true)).count()
}

/// "OPS 174 → 160 %*": a default cell against its alternative; throughput for the n-path model.
fn compare(
    default: &Summary,
    alternative: &Summary,
    lb: &str,
    default_lb: &str,
    paths: u32,
) -> String {
    let (a, b, unit) = if paths > 0 {
        (
            default.throughput_gbps,
            alternative.throughput_gbps,
            " Gbps",
        )
    } else {
        (
            default.inflation.map(|x| 100.0 * x),
            alternative.inflation.map(|x| 100.0 * x),
            " %",
        )
    };
    let value = |v: Option<f64>| v.map_or("–".to_string(), |x| format!("{x:.0}"));
    let beyond_noise = match (a, b, default.inflation_stderr, alternative.inflation_stderr) {
        (Some(a), Some(b), Some(sa), Some(sb)) if paths == 0 => {
            (a - b).abs() > 2.0 * 100.0 * (sa * sa + sb * sb).sqrt()
        }
        _ => false,
    };
    let at = if paths > 0 {
        format!("q = {}", 1.0 / paths as f64)
    } else if lb == default_lb {
        lb.to_uppercase()
    } else {
        format!("{} → {}", default_lb.to_uppercase(), lb.to_uppercase())
    };
    format!(
        "{at} {} → {}{unit}{}",
        value(a),
        value(b),
        if beyond_noise { "*" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A summary CSV for `fig` where each CCA has the given inflation under every LB.
    fn summary(fig: &str, inflations: &[(&str, f64)]) -> String {
        let mut s = String::from(crate::repro::SUMMARY_HEADER);
        for (cca, x) in inflations {
            for lb in LBS {
                s.push_str(&format!(
                    "\n{fig},{cca},{lb},0,10,0,{x},0.01,{},,",
                    100.0 * (1.0 + x)
                ));
            }
        }
        s
    }

    /// The 250-host figure with LSwift at 100 % and NSCC at 60 % inflation.
    fn hosts250(mswift: f64, mnscc: f64) -> Measured {
        let mut m = Measured::default();
        let rows = [
            ("lswift", 1.0),
            ("mswift", mswift),
            ("nscc", 0.6),
            ("mnscc", mnscc),
        ];
        m.add_summary(&summary("hosts250", &rows)).unwrap();
        m
    }

    fn claim(m: &Measured, figure: &str) -> Claim {
        evaluate(m)
            .into_iter()
            .find(|c| c.figure == figure)
            .unwrap()
    }

    #[test]
    fn a_claim_holds_when_every_check_passes() {
        let m = hosts250(0.2, 0.5);
        assert_eq!(claim(&m, "hosts250").verdict(), Verdict::Holds);
    }

    #[test]
    fn a_claim_does_not_hold_when_every_check_fails() {
        let m = hosts250(2.0, 0.9);
        let c = claim(&m, "hosts250");
        assert_eq!(c.verdict(), Verdict::DoesNotHold);
        assert!(report(&m, &[c], "repro", false).contains("**does not hold**"));
    }

    #[test]
    fn a_claim_partly_holds_and_missing_figures_give_no_data() {
        let m = hosts250(0.2, 0.9);
        assert_eq!(claim(&m, "hosts250").verdict(), Verdict::Partly);
        assert_eq!(claim(&m, "drr").verdict(), Verdict::NoData);
    }

    #[test]
    fn the_theory_slope_is_measured_from_the_points() {
        let mut m = Measured::default();
        let mut s = String::from(crate::repro::SUMMARY_HEADER);
        for cca in ["tcp", "dctcp", "swift", "lswift", "mswift"] {
            for p in [200u32, 100, 50, 20, 10, 5] {
                // 1/√q for the collapsing CCAs, LSwift twice as high, MSwift flat
                let t = match cca {
                    "mswift" => 790.0,
                    "lswift" => 30.0 * (p as f64).sqrt(),
                    _ => 15.0 * (p as f64).sqrt(),
                };
                s.push_str(&format!("\ntheory,{cca},rr,{p},3,0,,,,{t},"));
            }
        }
        m.add_summary(&s).unwrap();
        let c = claim(&m, "theory");
        assert_eq!(c.verdict(), Verdict::Holds, "{:?}", c.checks);
        assert!(
            c.checks[0].measured.starts_with("-0.50"),
            "{}",
            c.checks[0].measured
        );
    }

    #[test]
    fn alternatives_are_compared_cell_by_cell_and_against_the_claims() {
        let baseline = [
            ("swift", 10.0),
            ("lswift", 1.5),
            ("mswift", 0.2),
            ("nscc", 0.5),
            ("mnscc", 0.4),
        ];
        let with_alt_fs0 = |lswift: f64, mswift: f64| {
            let mut m = Measured::default();
            m.add_summary(&summary("baseline", &baseline)).unwrap();
            let alt = [("lswift", lswift), ("mswift", mswift)];
            m.add_summary(&summary("alt-fs0", &alt)).unwrap();
            m
        };
        // the same cells: no change, no claim moves
        let same = alternative_effects(&with_alt_fs0(1.5, 0.2), "A1");
        assert_eq!(same.len(), 1);
        assert!(
            same[0].contains("lswift OPS 150 → 150 %, AR 150 → 150 %"),
            "{}",
            same[0]
        );
        assert!(same[0].ends_with("no claim changes."), "{}", same[0]);
        // MSwift far worse under the alternative: beyond the noise, and baseline claims fail
        let worse = alternative_effects(&with_alt_fs0(1.5, 3.0), "A1");
        assert!(worse[0].contains("mswift OPS 20 → 300 %*"), "{}", worse[0]);
        assert!(
            worse[0].contains("claim 2 (baseline): 1 → 0 of 1 checks pass"),
            "{}",
            worse[0]
        );
        // a choice without an alternative in the CSVs says nothing
        assert!(alternative_effects(&with_alt_fs0(1.5, 0.2), "A2").is_empty());
    }

    #[test]
    fn every_choice_has_an_alternative_run_or_a_reason_for_none() {
        for (id, _, unmeasured) in CHOICES {
            let run = crate::repro::FIGURES
                .iter()
                .any(|f| f.alternative.is_some_and(|a| a.choice == *id));
            assert_ne!(run, !unmeasured.is_empty(), "{id}");
        }
        assert_eq!(CHOICES.len(), 26);
    }

    #[test]
    fn bad_csv_rows_are_refused_with_their_line() {
        let mut m = Measured::default();
        let bad = format!(
            "{}\nbaseline,swift,ops,0,ten,0,1,0,1,,",
            crate::repro::SUMMARY_HEADER
        );
        let e = m.add_summary(&bad).unwrap_err();
        assert!(e.contains("line 2") && e.contains("runs"), "{e}");
    }
}
