use super::report::{alternative_effects, CHOICES};
use super::*;
use crate::repro::rows::{Header, SummaryRow};
use crate::repro::SPRAYING as LBS;
use crate::scenario::{CcaName, LbScheme};

fn summary_header() -> String {
    SummaryRow::HEADER.join(",")
}

/// A summary CSV for `fig` where each CCA has the given inflation under every LB.
fn summary(fig: &str, inflations: &[(&str, f64)]) -> String {
    summary_se(fig, inflations, 0.01)
}

/// The same, with standard error `se` in every cell.
fn summary_se(fig: &str, inflations: &[(&str, f64)], se: f64) -> String {
    let mut s = summary_header();
    for (cca, x) in inflations {
        for &lb in LBS {
            s.push_str(&format!(
                "\n{fig},{cca},{lb},0,10,0,{x},{se},{},,",
                100.0 * (1.0 + x)
            ));
        }
    }
    s
}

/// The baseline with MSwift at 90 % and NSCC at 80 % inflation, standard errors of 10 points.
fn close_baseline() -> Measured {
    let mut m = Measured::default();
    let rows = [
        ("swift", 10.0),
        ("lswift", 1.5),
        ("mswift", 0.9),
        ("nscc", 0.8),
        ("mnscc", 0.8),
    ];
    m.add_summary(&summary_se("baseline", &rows, 0.1)).unwrap();
    m
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
    assert!(report(&m, &[c], &ReportPaths::beside("repro"), false).contains("**does not hold**"));
}

#[test]
fn a_claim_partly_holds_and_missing_figures_give_no_data() {
    let m = hosts250(0.2, 0.9);
    assert_eq!(claim(&m, "hosts250").verdict(), Verdict::Partly);
    assert_eq!(claim(&m, "drr").verdict(), Verdict::NoData);
}

#[test]
fn a_difference_within_two_standard_errors_is_within_noise_not_a_failure() {
    let m = close_baseline();
    // MSwift 90 ± 10 % against NSCC 80 ± 10 %: 10 points apart, two standard errors are 28
    let c = claim(&m, "baseline");
    assert_eq!(c.id, 2);
    let c4 = evaluate(&m).into_iter().find(|c| c.id == 4).unwrap();
    assert_eq!(c4.checks[0].outcome(), Some(Outcome::Pass)); // below Swift, far beyond noise
    assert_eq!(c4.checks[1].outcome(), Some(Outcome::WithinNoise));
    assert_eq!(c4.verdict(), Verdict::WithinNoise);
    // with a tenth of the noise the same means decide: MSwift is not below NSCC
    let mut sharp = Measured::default();
    let rows = [("swift", 10.0), ("mswift", 0.9), ("nscc", 0.8)];
    sharp
        .add_summary(&summary_se("baseline", &rows, 0.01))
        .unwrap();
    let c4 = evaluate(&sharp).into_iter().find(|c| c.id == 4).unwrap();
    assert_eq!(c4.checks[1].outcome(), Some(Outcome::Fail));
    assert_eq!(c4.verdict(), Verdict::Partly);
    let text = report(&sharp, &[c4], &ReportPaths::beside("repro"), false);
    assert!(
        text.contains("**partly**") || text.contains("— partly"),
        "{text}"
    );
}

/// `runs.csv` rows for the baseline: `n` seeds of (CCA, LB) with the given drops and timeouts.
fn runs(rows: &[(&str, &str, u64, u64)]) -> String {
    let mut s = crate::repro::rows::Row::HEADER.join(",");
    for (cca, lb, drops, timeouts) in rows {
        for seed in 1..=3 {
            s.push_str(&format!(
                "\nbaseline,{cca},{lb},{seed},0,true,200,100,1,,,1000,5000,{drops},{drops},70,{timeouts},0,9,{drops},{timeouts}"
            ));
        }
    }
    s
}

#[test]
fn explanations_come_from_the_data_cells_gaps_and_counters() {
    let mut m = Measured::default();
    let rows = [("swift", 10.0), ("mswift", 0.97), ("nscc", 0.5)];
    m.add_summary(&summary_se("baseline", &rows, 0.01)).unwrap();
    m.add_runs(&runs(&[("mswift", "ops", 55, 2), ("nscc", "ops", 0, 0)]))
        .unwrap();
    assert_eq!(
        m.counters[&("baseline".into(), CcaName::MSWIFT, LbScheme::Ops, 0)].drops,
        55.0
    );
    let c4 = evaluate(&m).into_iter().find(|c| c.id == 4).unwrap();
    assert_eq!(c4.verdict(), Verdict::Partly);
    let why = explain(&m, &c4);
    // one sentence per failing LB, naming both cells, the gap and the noise
    assert_eq!(why.len(), 3, "{why:?}");
    let ops = why.iter().find(|w| w.contains("mswift with ops")).unwrap();
    assert!(
        ops.contains("97 ± 1 %") && ops.contains("nscc with ops at 50 ± 1 %"),
        "{ops}"
    );
    assert!(ops.contains("47 points above"), "{ops}");
    // the counters that differ, largest ratio first; AR has no counters
    assert!(
        ops.contains(
            "drops 55.0 vs 0.0, retransmissions 55.0 vs 0.0, loss cuts 55.0 vs 0.0, \
             timeouts 2.0 vs 0.0, timeout cuts 2.0 vs 0.0"
        ),
        "{ops}"
    );
    let ar = why.iter().find(|w| w.contains("mswift with ar")).unwrap();
    assert!(ar.contains("no counters"), "{ar}");
    // and the report shows them under the claim
    assert!(report(&m, &[c4], &ReportPaths::beside("repro"), false)
        .contains("From the data:\n\n- baseline mswift with"));
}

#[test]
fn the_theory_slope_is_measured_from_the_points() {
    let mut m = Measured::default();
    let mut s = summary_header();
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
    // under the theorems' assumptions: DCTCP at 90 % of its bound, SMaRTT at 1.5 × its model
    for p in [200u32, 100, 50, 20, 10, 5] {
        let bound = 15.0 * (p as f64).sqrt();
        s.push_str(&format!(
            "\ntheory-marked,dctcp,rr,{p},1,0,,,,{},{bound}",
            0.9 * bound
        ));
        s.push_str(&format!(
            "\ntheory-marked,smartt,rr,{p},1,0,,,,{},{}",
            1.5 * bound,
            bound
        ));
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
    assert_eq!(CHOICES.len(), 27);
}

#[test]
fn bad_csv_rows_are_refused_with_their_line() {
    let mut m = Measured::default();
    let bad = format!("{}\nbaseline,swift,ops,0,ten,0,1,0,1,,", summary_header());
    let e = m.add_summary(&bad).unwrap_err();
    assert!(e.contains("line 2") && e.contains("runs"), "{e}");
}
