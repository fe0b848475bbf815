//! The run beside the main one (the page's "compare with", a link's `beside=`): the scenario
//! with one thing changed, a CCA (`cca:swift`), an LB scheme (`lb:reps`) or any field
//! (`set:elephants=8`, `set:topology.drr=true`), parsed once into a [`Partner`] and written
//! back the same way.

use super::{CcaName, LbScheme, Scenario};
use std::fmt;

/// What the partner run changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Partner {
    Cca(CcaName),
    Lb(LbScheme),
    /// A field as a link or `--set` names it (a short name or a dotted path), and its value.
    Set {
        field: String,
        value: String,
    },
}

impl Partner {
    /// Reads `cca:NAME`, `lb:NAME` or `set:FIELD=VALUE`; `Err` says what was expected.
    pub fn parse(text: &str) -> Result<Partner, String> {
        let unknown =
            || format!("compare with: expected cca:NAME, lb:NAME or set:FIELD=VALUE, got {text:?}");
        match text.split_once(':').ok_or_else(unknown)? {
            ("cca", name) => Ok(Partner::Cca(CcaName::parse(name)?)),
            ("lb", name) => LbScheme::parse(name)
                .map(Partner::Lb)
                .ok_or_else(|| format!("lb: no scheme {name:?}")),
            ("set", assignment) => {
                let (field, value) = assignment.split_once('=').ok_or_else(|| {
                    format!("expected FIELD=VALUE (elephants=8), got {assignment:?}")
                })?;
                Ok(Partner::Set {
                    field: field.trim().to_string(),
                    value: value.trim().to_string(),
                })
            }
            _ => Err(unknown()),
        }
    }

    /// `s` with the change made, validated; `Err` says why not, naming the field.
    pub fn apply(&self, s: &Scenario) -> Result<Scenario, String> {
        let mut out = s.clone();
        match self {
            Partner::Cca(c) => c.apply(&mut out.cca),
            Partner::Lb(l) => out.lb.scheme = *l,
            Partner::Set { field, value } => {
                out.set_any(field, value).map_err(|e| e.to_string())?
            }
        }
        out.validate().map_err(|e| e.to_string())?;
        Ok(out)
    }
}

impl fmt::Display for Partner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Partner::Cca(c) => write!(f, "cca:{c}"),
            Partner::Lb(l) => write!(f, "lb:{l}"),
            Partner::Set { field, value } => write!(f, "set:{field}={value}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_partner_reads_back_as_it_is_written_and_applies_its_change() {
        for text in [
            "cca:lswift",
            "lb:reps",
            "set:elephants=6",
            "set:topology.drr=true",
        ] {
            let p = Partner::parse(text).unwrap();
            assert_eq!(p.to_string(), text);
            assert_eq!(Partner::parse(&p.to_string()).unwrap(), p);
        }
        let base = Scenario::default();
        let p = Partner::parse("set: elephants = 6").unwrap();
        assert_eq!(p.apply(&base).unwrap().workload.elephants, 6);
        assert_eq!(
            Partner::parse("lb:reps")
                .unwrap()
                .apply(&base)
                .unwrap()
                .lb
                .scheme,
            LbScheme::Reps
        );
    }

    #[test]
    fn a_bad_partner_says_what_was_expected_or_names_the_field() {
        assert!(Partner::parse("k:4").unwrap_err().contains("cca:NAME"));
        assert!(Partner::parse("lb:nope").unwrap_err().contains("no scheme"));
        assert!(Partner::parse("set:elephants")
            .unwrap_err()
            .contains("FIELD=VALUE"));
        let e = Partner::parse("set:elephants=999")
            .unwrap()
            .apply(&Scenario::default())
            .unwrap_err();
        assert!(e.contains("workload.elephants"), "{e}");
    }
}
