use super::report::{alternative_effects, CHOICES};
use super::*;
use crate::repro::rows::{Header, SummaryRow};
use crate::repro::SPRAYING as LBS;

fn summary_header() -> String {
    SummaryRow::HEADER.join(",")
}

/// A summary CSV for `fig` where each CCA has the given inflation under every LB.
fn summary(fig: &str, inflations: &[(&str, f64)]) -> String {
    let mut s = summary_header();
    for (cca, x) in inflations {
        for &lb in LBS {
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
    let bad = format!("{}\nbaseline,swift,ops,0,ten,0,1,0,1,,", summary_header());
    let e = m.add_summary(&bad).unwrap_err();
    assert!(e.contains("line 2") && e.contains("runs"), "{e}");
}
