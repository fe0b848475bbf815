//! Shareable links: a scenario as a URL fragment, e.g. `#k=8&cca=mswift&lb=ops&seed=3&run=1`.
//!
//! The fragment holds the fields the web form exposes (see [`SHORT_FIELDS`]) plus `run=1` to
//! start the run on load. Reading one is strict: an unknown key, a repeated key, a value of the
//! wrong form or out of range, or an overlong fragment is refused with an error naming the field,
//! and the page then falls back to the defaults.

use crate::scenario::{Scenario, ScenarioError, SHORT_FIELDS};

/// Largest topology-and-workload a browser tab is asked to simulate: the bytes of all sprayed
/// flows together (1024 hosts × 8 MiB, a few seconds of wasm).
pub const WEB_MAX_TOTAL_BYTES: u64 = 8 << 30;

/// Refuses scenarios too large to simulate in a browser tab (beyond what `validate` refuses).
pub fn check_web_size(s: &Scenario) -> Result<(), ScenarioError> {
    let sprayed_hosts = (s.hosts() - s.workload.elephants) as u64;
    let total = s.workload.flow_size_bytes.saturating_mul(sprayed_hosts);
    if total > WEB_MAX_TOTAL_BYTES {
        let max_flow = WEB_MAX_TOTAL_BYTES / sprayed_hosts;
        return Err(refuse(
            "workload.flow_size_bytes",
            format!(
                "{} hosts × {} B is too much for a browser: at most {} MiB per flow at this size",
                sprayed_hosts,
                s.workload.flow_size_bytes,
                max_flow >> 20
            ),
        ));
    }
    Ok(())
}

/// Longest fragment accepted.
pub const MAX_FRAGMENT: usize = 1024;

/// A scenario read from a link.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub scenario: Scenario,
    /// Start the run on load.
    pub run: bool,
}

fn refuse(field: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        field: field.to_string(),
        message: message.into(),
    }
}

/// The fragment (without `#`) for `scenario`; fields equal to the default are left out.
pub fn to_fragment(scenario: &Scenario, run: bool) -> String {
    let default = Scenario::default();
    let mut parts: Vec<String> = SHORT_FIELDS
        .iter()
        .filter_map(|(name, _)| {
            let v = scenario.field(name)?;
            (default.field(name).as_deref() != Some(v.as_str())).then(|| format!("{name}={v}"))
        })
        .collect();
    if run {
        parts.push("run=1".to_string());
    }
    parts.join("&")
}

/// Reads a fragment (with or without the leading `#`) over the default scenario.
pub fn from_fragment(fragment: &str) -> Result<Link, ScenarioError> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    if f.len() > MAX_FRAGMENT {
        return Err(refuse(
            "link",
            format!(
                "is {} characters long; at most {MAX_FRAGMENT} are accepted",
                f.len()
            ),
        ));
    }
    let mut link = Link {
        scenario: Scenario::default(),
        run: false,
    };
    let mut seen: Vec<&str> = Vec::new();
    for part in f.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| refuse(part, "expected key=value"))?;
        if seen.contains(&key) {
            return Err(refuse(key, "appears twice"));
        }
        seen.push(key);
        if key == "run" {
            link.run = match value {
                "1" => true,
                "0" => false,
                _ => return Err(refuse("run", format!("must be 0 or 1, got {value:?}"))),
            };
        } else {
            link.scenario.set_field(key, value)?;
        }
    }
    link.scenario.validate()?;
    check_web_size(&link.scenario)?;
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut s = Scenario::default();
        for (k, v) in [
            ("k", "4"),
            ("cca", "lswift"),
            ("lb", "ecmp"),
            ("elephants", "2"),
            ("history", "12"),
            ("seed", "9"),
        ] {
            s.set_field(k, v).unwrap();
        }
        let f = to_fragment(&s, true);
        assert_eq!(
            f,
            "k=4&cca=lswift&lb=ecmp&elephants=2&history=12&seed=9&run=1"
        );
        assert_eq!(
            from_fragment(&format!("#{f}")).unwrap(),
            Link {
                scenario: s,
                run: true
            }
        );
        assert_eq!(to_fragment(&Scenario::default(), false), "");
        assert_eq!(from_fragment("").unwrap().scenario, Scenario::default());
    }

    #[test]
    fn hostile_fragments_are_refused_with_the_field_named() {
        let cases = [
            ("k=7", "topology.k"),
            ("k=1024", "topology.k"),
            ("k=99999999999999999999", "topology.k"),
            ("bogus=1", "bogus"),
            ("k=4&k=8", "k"),
            ("cca=<script>", "cca.algorithm"),
            ("flow-size=9999999999999999GiB", "workload.flow_size_bytes"),
            ("flow-size=2GiB", "workload.flow_size_bytes"),
            ("k=16&flow-size=64MiB", "workload.flow_size_bytes"),
            ("elephants=200", "workload.elephants"),
            ("history=0", "cca.history"),
            ("percentile=100", "cca.percentile"),
            ("run=yes", "run"),
            ("justtext", "justtext"),
        ];
        for (fragment, field) in cases {
            let e = from_fragment(fragment).unwrap_err();
            assert_eq!(e.field, field, "{fragment}: {e}");
        }
        let long = "seed=1&".repeat(200);
        assert_eq!(from_fragment(&long).unwrap_err().field, "link");
    }
}
