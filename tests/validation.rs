//! Validation is total: every field of the registry set to each end of its range and one step
//! outside, and to the values that break arithmetic (0, 1, −1, 10³⁰, 0.001, 65536, 2³², …),
//! singly and in every pair, gives acceptance or a one-line error, never a panic.
//!
//! The pairs are what catch an order dependence: a rule that reads another field (the buffer in
//! packets divides 1 GiB by the MSS) must not run before that field's own range is checked.

use spraylab::scenario::registry::{Allowed, Field, FIELDS};
use spraylab::scenario::CcaKind;
use spraylab::Scenario;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Values that break arithmetic wherever a field is read unchecked, as text the setters take.
const HOSTILE: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "1e30",
    "0.001",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "nan",
    "[]",
    "[0]",
    "[1e30]",
    "[0.001, 65536]",
    "0-1:1",
    "0-0:0",
    "0-1:1/t1/s1/r1",
    "0-1:1/@4294967295",
    "1:oneshot",
    "0:barrier:0",
    "4294967295:barrier:4294967295",
];

/// A step outside `v`, for a whole number's range.
fn whole_ends(lo: u64, hi: u64) -> Vec<String> {
    let mut v = vec![
        lo.to_string(),
        hi.to_string(),
        hi.saturating_add(1).to_string(),
    ];
    if lo > 0 {
        v.push((lo - 1).to_string());
    }
    v
}

/// The ends of a real range and a hair beyond each.
fn real_ends(lo: f64, hi: f64) -> Vec<String> {
    let step = |x: f64| (x.abs() * 1e-9).max(1e-12);
    [lo, hi, lo - step(lo), hi + step(hi)]
        .iter()
        .map(|x| x.to_string())
        .collect()
}

/// Every value the test sets `f` to: the ends of its range and one step outside them (every
/// name, and one that is not, for a name field), then the hostile values.
fn values(f: &Field) -> Vec<String> {
    let mut v = match f.allowed {
        Allowed::Whole(lo, hi) => whole_ends(lo, hi),
        Allowed::Real(lo, hi) => real_ends(lo, hi),
        Allowed::Names(names, _) => names.iter().map(|n| n.to_string()).collect(),
        Allowed::Switch => vec!["true".into(), "false".into()],
        Allowed::Ccas => CcaKind::ALL
            .iter()
            .map(|k| k.name().to_string())
            .chain(["mswift-p0", "mswift-p100", "mswift-p101"].map(String::from))
            .collect(),
        Allowed::Words(_) => Vec::new(),
    };
    v.push("no-such-name".into());
    v.extend(HOSTILE.iter().map(|s| s.to_string()));
    v
}

/// Every (field, scenario with that field set) that the setter takes; a value the setter
/// refuses is refused in one line.
fn settings() -> Vec<(&'static Field, String, Scenario)> {
    let mut out = Vec::new();
    for f in FIELDS {
        for value in values(f) {
            let mut s = Scenario::default();
            match f.set(&mut s, &value) {
                Ok(()) => out.push((f, value, s)),
                Err(e) => assert_one_line(&e, f.path, &value),
            }
        }
    }
    out
}

fn assert_one_line(e: &impl std::fmt::Display, what: &str, value: &str) {
    let text = e.to_string();
    assert!(
        !text.is_empty() && !text.contains('\n'),
        "{what} = {value:?}: not a one-line error: {text:?}"
    );
}

/// Validates `s` (and, if valid, sizes it for a tab) under `catch_unwind`: a panic fails with
/// the settings that caused it.
fn validate(s: &Scenario, what: &dyn Fn() -> String) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| match s.validate() {
        Ok(()) => {
            if let Err(e) = s.check_web_size() {
                assert_one_line(&e, &what(), "");
            }
            true
        }
        Err(e) => {
            assert_one_line(&e, &what(), "");
            false
        }
    }));
    match outcome {
        Ok(valid) => valid,
        Err(_) => panic!("validation panicked on {}", what()),
    }
}

#[test]
fn every_field_at_its_ends_validates_or_is_refused_in_one_line() {
    let all = settings();
    // every field reaches validation with at least one value
    for f in FIELDS {
        assert!(
            all.iter().any(|(g, _, _)| g.path == f.path),
            "{}: the setter took none of the test's values",
            f.path
        );
    }
    let mut accepted = 0;
    for (f, value, s) in &all {
        accepted += usize::from(validate(s, &|| format!("{} = {value}", f.path)));
    }
    // the ends themselves are allowed: a test that refused everything would prove nothing
    assert!(accepted > FIELDS.len(), "only {accepted} settings accepted");
}

#[test]
fn every_pair_of_fields_at_their_ends_validates_or_is_refused_in_one_line() {
    let all = settings();
    let mut pairs = 0u64;
    let mut accepted = 0u64;
    for (i, (f, v, _)) in all.iter().enumerate() {
        for (g, w, _) in &all[i + 1..] {
            if f.path == g.path {
                continue;
            }
            let mut s = Scenario::default();
            f.set(&mut s, v).expect("the setter took it alone");
            g.set(&mut s, w).expect("the setter took it alone");
            let what = || format!("{} = {v} with {} = {w}", f.path, g.path);
            accepted += u64::from(validate(&s, &what));
            pairs += 1;
        }
    }
    eprintln!("{pairs} pairs of settings, {accepted} accepted, no panic");
    assert!(pairs > 100_000, "only {pairs} pairs");
}

/// The defect that made this test: a buffer in packets was checked against 1 GiB divided by
/// the bytes of a packet before the MSS's own range, so an MSS of 0 divided by zero.
#[test]
fn a_zero_mss_with_a_buffer_in_packets_is_refused_naming_the_mss() {
    let mut s = Scenario::default();
    s.set_paths(&[
        ("topology.mss_bytes", "0"),
        ("topology.buffer_packets", "1"),
    ])
    .unwrap();
    let e = s.validate().unwrap_err().to_string();
    assert!(e.contains("topology.mss_bytes"), "{e}");
    assert!(e.contains("from 64 to 65536"), "{e}");
}
