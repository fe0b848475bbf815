//! Shared links: a scenario as a URL fragment, e.g. `#k=8&cca=mswift&lb=ops&seed=3&run=1`.
//!
//! The fragment holds the fields the web form exposes by their short names (see
//! [`registry::short_fields`]), every other field that differs from the default by its dotted path in the
//! scenario file (`topology.drr=true`, `topology.link_failure_rate=0.01`), so a link reproduces
//! any scenario exactly, its timed events as `events=50:link-down:agg3.up1,90:link-up:agg3.up1`
//! (the compact form of `scenario::TimedEvent`), a lockstep partner as `beside=cca:swift` (what
//! the page's "compare with" writes: `cca:NAME`, `lb:NAME` or `set:FIELD=VALUE`), plus `run=1`
//! to start the run on load and `embed=1` to show the run's stage alone (for a course page).
//! Reading one is strict: an unknown key, a repeated key, a value of the wrong form or out of
//! range, or an overlong fragment is refused with an error naming the field, and the page then
//! falls back to the defaults.

use crate::scenario::{
    events_from_text, events_to_text, registry, Budget, Partner, Scenario, ScenarioError,
};
use crate::sweep::{self, Sweep};
use std::borrow::Cow;

/// Longest fragment accepted (room for every field and the most timed events a scenario holds).
pub const MAX_FRAGMENT: usize = 4096;

/// The key of the timed events.
const EVENTS: &str = "events";

/// The key of the lockstep partner.
pub const BESIDE: &str = "beside";

/// The key of the embedded page: the run's stage alone, for a course page's frame.
pub const EMBED: &str = "embed";

/// The key of the class story's step, counted from 1 as the story shows it (`story=3`).
pub const STORY: &str = "story";

/// The key of the presentation layout (`present=1`).
pub const PRESENT: &str = "present";

/// The key naming the file a scenario's flows came from, when they are more than a link holds
/// (`matrix=perm_8192n_8192c_1MB.cm`): the link carries every other field and asks for the file.
pub const MATRIX: &str = "matrix";

/// Longest file name a link's `matrix` key carries.
pub const MAX_MATRIX_NAME: usize = 100;

/// A scenario read from a link, and the sweep over it if the link has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub scenario: Scenario,
    /// Start the run (or the sweep) on load.
    pub run: bool,
    /// A sweep, checked against the browser's budget ([`crate::sweep::link`]).
    pub sweep: Option<Sweep>,
    /// The lockstep partner, checked.
    pub beside: Option<Partner>,
    /// Show the run's stage alone (`embed=1`): the status, playback, picture and charts.
    pub embed: bool,
    /// The class story open at this step, counted from 1 (`story=3`); the page checks it
    /// against its story.
    pub story: Option<usize>,
    /// The presentation layout (`present=1`).
    pub present: bool,
    /// The file whose flows the link's run had, more than a link holds (`matrix=NAME`).
    pub matrix: Option<String>,
}

fn refuse(field: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        field: field.to_string(),
        message: message.into(),
    }
}

/// The fragment (without `#`) for `scenario`: the form's fields by their short names, then
/// every other field that differs from the default by its dotted path
/// (`topology.drr=true`); fields equal to the default are left out.
pub fn to_fragment(scenario: &Scenario, run: bool) -> String {
    let mut parts = short_parts(scenario);
    parts.extend(
        extra_fields(scenario)
            .into_iter()
            .map(|(k, v)| format!("{k}={v}")),
    );
    if !scenario.events.is_empty() {
        parts.push(format!("{EVENTS}={}", events_to_text(&scenario.events)));
    }
    if run {
        parts.push("run=1".to_string());
    }
    parts.join("&")
}

/// What a link can carry of `scenario`, whose flows (if any) came from the file `file`: the
/// scenario itself while its fragment fits [`MAX_FRAGMENT`]; otherwise the scenario without its
/// flows and their triggers, and the `matrix` key's value naming the file (see
/// [`matrix_name`]). Without a file name the flows stay, however long.
pub fn carried<'a>(
    scenario: &'a Scenario,
    file: Option<&str>,
) -> (Cow<'a, Scenario>, Option<String>) {
    let fits = || to_fragment(scenario, true).len() <= MAX_FRAGMENT;
    match file {
        Some(name) if !scenario.workload.connections.is_empty() && !fits() => {
            let mut rest = scenario.clone();
            rest.workload.connections.clear();
            rest.workload.triggers.clear();
            (Cow::Owned(rest), Some(matrix_name(name)))
        }
        _ => (Cow::Borrowed(scenario), None),
    }
}

/// A file name as a link's `matrix` key carries it: ASCII letters, digits, `.`, `_` and `-`,
/// any other character as `_`, at most [`MAX_MATRIX_NAME`] characters.
pub fn matrix_name(file: &str) -> String {
    file.chars()
        .map(|c| if is_name_char(c) { c } else { '_' })
        .take(MAX_MATRIX_NAME)
        .collect()
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

/// The fragment for `scenario` and a sweep over it: the scenario's keys, then the sweep's
/// ([`sweep::link::to_parts`]), then `run=1` if asked.
pub fn sweep_fragment(scenario: &Scenario, sweep: &Sweep, run: bool) -> String {
    let mut parts: Vec<String> = Some(to_fragment(scenario, false))
        .filter(|f| !f.is_empty())
        .into_iter()
        .collect();
    parts.extend(sweep::link::to_parts(sweep));
    if run {
        parts.push("run=1".to_string());
    }
    parts.join("&")
}

fn short_parts(scenario: &Scenario) -> Vec<String> {
    let default = Scenario::default();
    registry::short_fields()
        .filter_map(|f| f.short)
        .filter_map(|name| {
            let v = scenario.field(name)?;
            (default.field(name).as_deref() != Some(v.as_str())).then(|| format!("{name}={v}"))
        })
        .collect()
}

/// The fields outside the form's that differ from the default, as (dotted path, value text).
pub fn extra_fields(scenario: &Scenario) -> Vec<(String, String)> {
    let mut base = Scenario::default();
    for name in registry::short_fields().filter_map(|f| f.short) {
        if let Some(v) = scenario.field(name) {
            let _ = base.set_field(name, &v);
        }
    }
    let (mine, theirs) = (leaves_of(scenario), leaves_of(&base));
    let mut out: Vec<(String, String)> = mine
        .into_iter()
        .zip(theirs)
        .filter(|(a, b)| a.1 != b.1)
        .map(|((path, v), _)| (path, value_text(&v)))
        .collect();
    // a traffic matrix's flows, in the registry's compact form (a list of its own length)
    let flows = &registry::WORKLOAD_CONNECTIONS;
    if !scenario.workload.connections.is_empty() {
        out.push((flows.path.to_string(), flows.get(scenario)));
    }
    out
}

/// A short form of the scenario for file names: `k-4_cca-lswift_topology.drr-true`, or
/// `default`.
pub fn short_form(scenario: &Scenario) -> String {
    let f = to_fragment(scenario, false);
    if f.is_empty() {
        return "default".to_string();
    }
    let name: String = f
        .chars()
        .map(|c| match c {
            '&' => '_',
            '=' => '-',
            c if c.is_ascii_alphanumeric() || c == '.' || c == '-' => c,
            _ => '_',
        })
        .take(80)
        .collect();
    name
}

/// Every leaf of the scenario's JSON form but its timed events and a traffic matrix's flows
/// (lists of their own), as (dotted path, value), in a fixed order.
fn leaves_of(s: &Scenario) -> Vec<(String, serde_json::Value)> {
    let mut out = Vec::new();
    let mut v = serde_json::to_value(s).expect("a scenario always serializes");
    if let Some(fields) = v.as_object_mut() {
        fields.remove(EVENTS);
    }
    if let Some(workload) = v.get_mut("workload").and_then(|w| w.as_object_mut()) {
        workload.remove("connections");
    }
    flatten(&v, String::new(), &mut out);
    out
}

fn flatten(v: &serde_json::Value, path: String, out: &mut Vec<(String, serde_json::Value)>) {
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                flatten(x, join(k), out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                flatten(x, join(&i.to_string()), out);
            }
        }
        leaf => out.push((path, leaf.clone())),
    }
}

fn value_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Reads a fragment (with or without the leading `#`) over the default scenario.
pub fn from_fragment(fragment: &str) -> Result<Shared, ScenarioError> {
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
    let mut link = Shared {
        scenario: Scenario::default(),
        run: false,
        sweep: None,
        beside: None,
        embed: false,
        story: None,
        present: false,
        matrix: None,
    };
    let mut sweep_keys: Vec<(&str, &str)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut dotted: Vec<(&str, &str)> = Vec::new();
    for part in f.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| refuse(part, "expected key=value"))?;
        if seen.contains(&key) {
            return Err(refuse(key, "appears twice"));
        }
        seen.push(key);
        if key == EMBED {
            link.embed = switch(EMBED, value)?;
        } else if key == "run" {
            link.run = switch("run", value)?;
        } else if key == PRESENT {
            link.present = switch(PRESENT, value)?;
        } else if key == STORY {
            let step = value
                .parse()
                .ok()
                .filter(|&n: &usize| (1..=99).contains(&n));
            let why = || format!("must be a step of the class story, from 1, got {value:?}");
            link.story = Some(step.ok_or_else(|| refuse(STORY, why()))?);
        } else if key == MATRIX {
            let name = Some(value).filter(|v| {
                (1..=MAX_MATRIX_NAME).contains(&v.len()) && v.chars().all(is_name_char)
            });
            let why = || {
                format!(
                    "must be a file name of 1 to {MAX_MATRIX_NAME} letters, digits, '.', '_' \
                     or '-', got {value:?}"
                )
            };
            link.matrix = Some(name.ok_or_else(|| refuse(MATRIX, why()))?.to_string());
        } else if key == EVENTS {
            link.scenario.events = events_from_text(value)?;
        } else if key == BESIDE {
            link.beside = Some(Partner::parse(value).map_err(|why| refuse(BESIDE, why))?);
        } else if sweep::link::KEYS.contains(&key) {
            sweep_keys.push((key, value));
        } else if !key.contains('.') {
            link.scenario.set_field(key, value)?;
        } else {
            dotted.push((key, value));
        }
    }
    link.scenario.set_paths(&dotted)?;
    link.scenario.validate()?;
    link.scenario.check_web_size()?;
    if let Some(beside) = &link.beside {
        let partner = beside
            .apply(&link.scenario)
            .map_err(|why| refuse(BESIDE, why))?;
        partner.check_web_size()?;
    }
    link.sweep = sweep::link::parse(&sweep_keys)?;
    if let Some(s) = &link.sweep {
        s.jobs(&link.scenario, &Budget::BROWSER)?;
    }
    // the flows the link names are not in it: nothing runs until their file is opened
    if link.matrix.is_some() {
        link.run = false;
    }
    Ok(link)
}

/// A key that is on (`1`) or off (`0`).
fn switch(key: &str, value: &str) -> Result<bool, ScenarioError> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(refuse(key, format!("must be 0 or 1, got {value:?}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::TimedEvent;

    #[test]
    fn embed_shows_the_stage_alone_and_is_refused_with_another_value() {
        let link = from_fragment("#k=4&embed=1&run=1").unwrap();
        assert!(link.embed && link.run);
        assert!(!from_fragment("#k=4").unwrap().embed);
        let e = from_fragment("#embed=yes").unwrap_err();
        assert_eq!(e.field, "embed");
        assert!(e.message.contains("0 or 1"), "{e}");
    }

    #[test]
    fn a_class_link_opens_the_story_at_a_step_and_in_the_presentation() {
        let link = from_fragment("#k=4&story=3&present=1").unwrap();
        assert_eq!((link.story, link.present), (Some(3), true));
        let link = from_fragment("#k=4").unwrap();
        assert_eq!((link.story, link.present), (None, false));
        for (bad, key) in [
            ("story=0", STORY),
            ("story=x", STORY),
            ("story=100", STORY),
            ("present=2", PRESENT),
        ] {
            let e = from_fragment(bad).unwrap_err();
            assert_eq!(e.field, key, "{bad}");
        }
    }

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
            "k=4&elephants=2&lb=ecmp&cca=lswift&history=12&seed=9&run=1"
        );
        assert_eq!(
            from_fragment(&format!("#{f}")).unwrap(),
            Shared {
                scenario: s,
                run: true,
                sweep: None,
                beside: None,
                embed: false,
                story: None,
                present: false,
                matrix: None,
            }
        );
        assert_eq!(to_fragment(&Scenario::default(), false), "");
        assert_eq!(from_fragment("").unwrap().scenario, Scenario::default());
    }

    #[test]
    fn timed_events_travel_in_the_link() {
        let text = "0:elephants-stop,12.5:link-down:agg3.up1,40:elephants-start:flow1";
        let link = from_fragment(&format!("#k=8&events={text}&run=1")).unwrap();
        assert_eq!(events_to_text(&link.scenario.events), text);
        assert_eq!(
            to_fragment(&link.scenario, true),
            format!("events={text}&run=1")
        );
        let e = from_fragment("events=5:link-down:agg99.up0").unwrap_err();
        assert_eq!(e.field, "events[0].link");
        let e = from_fragment("events=5:link-down").unwrap_err();
        assert_eq!(e.field, "events[0]");
        let e = from_fragment("events.0.at_us=3").unwrap_err();
        assert!(e.field.starts_with("events"), "{e}");
        // the most events a scenario holds fit a link
        let s = Scenario {
            events: vec![TimedEvent::parse("99999.5:link-rate:core15.pod7:799").unwrap(); 64],
            ..Scenario::default()
        };
        let f = to_fragment(&s, true);
        assert_eq!(from_fragment(&f).unwrap().scenario, s);
    }

    #[test]
    fn every_preset_link_reproduces_its_run() {
        use crate::Simulation;
        for &crate::scenario::Preset { name, .. } in crate::scenario::PRESETS {
            let mut s = Scenario::preset(name).unwrap();
            // small enough for a test, but every field the preset sets kept
            s.workload.flow_size_bytes = 96 << 10;
            s.seed = 5;
            let f = to_fragment(&s, true);
            let link = from_fragment(&f).unwrap_or_else(|e| panic!("{name}: {f}: {e}"));
            assert_eq!(link.scenario, s, "{name}: {f}");
            let report = |s: &Scenario| {
                let mut sim = Simulation::new(s).unwrap();
                sim.run();
                sim.report()
            };
            assert_eq!(report(&link.scenario), report(&s), "{name}");
        }
        let drr = to_fragment(&Scenario::preset("drr").unwrap(), false);
        assert_eq!(drr, "topology.drr=true");
        let failures = to_fragment(&Scenario::preset("failures").unwrap(), false);
        assert_eq!(failures, "topology.link_failure_rate=0.01");
        assert_eq!(
            short_form(&Scenario::preset("drr").unwrap()),
            "topology.drr-true"
        );
        assert_eq!(short_form(&Scenario::default()), "default");
    }

    #[test]
    fn fields_outside_the_form_travel_by_their_dotted_path() {
        let mut s = Scenario::default();
        s.topology.ecn_min_bytes = 20480;
        s.topology.ecn_max_bytes = 81920;
        s.topology.drr_weights = [3.0, 1.0];
        s.transport.reordering_wait = false;
        s.cca.swift.decrease_on_latest = true;
        let f = to_fragment(&s, false);
        assert!(f.contains("topology.ecn_min_bytes=20480"), "{f}");
        assert!(f.contains("topology.drr_weights.0=3.0"), "{f}");
        assert_eq!(from_fragment(&f).unwrap().scenario, s);
        for (fragment, field) in [
            ("topology.nope=1", "topology.nope"),
            ("topology.drr=maybe", "topology.drr"),
            ("topology.ecn_min_bytes=-1", "topology.ecn_min_bytes"),
            ("topology=1", "topology"),
            ("topology.drr_weights.7=1", "topology.drr_weights.7"),
        ] {
            let e = from_fragment(fragment).unwrap_err();
            assert_eq!(e.field, field, "{fragment}: {e}");
        }
    }

    #[test]
    fn hostile_fragments_are_refused_with_the_field_named() {
        let cases = [
            ("k=7", "topology.k"),
            ("k=1024", "topology.k"),
            // valid natively, but more than a tab runs in a minute
            ("k=32&flow-size=4MiB", "workload.flow_size_bytes"),
            ("k=99999999999999999999", "topology.k"),
            ("bogus=1", "bogus"),
            ("k=4&k=8", "k"),
            ("cca=<script>", "cca.algorithm"),
            ("flow-size=9999999999999999GiB", "workload.flow_size_bytes"),
            ("flow-size=2GiB", "workload.flow_size_bytes"),
            ("k=16&flow-size=64MiB", "workload.flow_size_bytes"),
            // the elephants' traffic counts: 2 sprayed flows of 1 GiB, but 1022 elephants
            (
                "k=16&elephants=1022&flow-size=1GiB&run=1",
                "workload.flow_size_bytes",
            ),
            // one flow, but 10,000 paths' samples for 10 ms
            (
                "workload=npath&elephants=0&paths=10000&flow-size=1GiB&run=1",
                "workload.flow_size_bytes",
            ),
            ("elephants=200", "workload.elephants"),
            ("history=0", "cca.history"),
            ("percentile=100", "cca.percentile"),
            ("run=yes", "run"),
            ("justtext", "justtext"),
            ("beside=k:4", BESIDE),
            ("beside=cca:cubic", BESIDE),
            ("beside=set:elephants=200", BESIDE),
            ("beside=cca:swift&beside=lb:ecmp", BESIDE),
            // a partner too large for a tab
            (
                "k=16&beside=set:flow-size=64MiB",
                "workload.flow_size_bytes",
            ),
        ];
        for (fragment, field) in cases {
            let e = from_fragment(fragment).unwrap_err();
            assert_eq!(e.field, field, "{fragment}: {e}");
        }
        // every preset fits a tab, and the baseline at k = 16
        for &crate::scenario::Preset { name, .. } in crate::scenario::PRESETS {
            let s = Scenario::preset(name).unwrap();
            s.check_web_size().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mut big = Scenario::preset("baseline").unwrap();
        big.topology.k = 16;
        big.check_web_size().unwrap();
        let both = from_fragment("cca=mswift&beside=set:elephants=6&run=1").unwrap();
        assert_eq!(
            both.beside.map(|p| p.to_string()).as_deref(),
            Some("set:elephants=6")
        );
        let long = "seed=1&".repeat(MAX_FRAGMENT / 7 + 1);
        assert_eq!(from_fragment(&long).unwrap_err().field, "link");
    }

    /// Flows that fit a link travel in it; more than that, the link names their file instead,
    /// and a link naming a file reads it back but does not run.
    #[test]
    fn flows_over_a_link_s_length_are_named_by_their_file() {
        let mut s = Scenario::default();
        let few = "0-5:64KiB,5-0:64KiB";
        s.set_paths(&[("workload.connections", few)]).unwrap();
        let (carried_s, named) = carried(&s, Some("few.cm"));
        assert_eq!((carried_s.as_ref(), named), (&s, None));
        // 400 flows: more than 4096 characters
        let many: Vec<String> = (0..400)
            .map(|i| format!("{}-{}:1000000", i % 128, (i + 1) % 128))
            .collect();
        s.set_paths(&[("workload.connections", &many.join(","))])
            .unwrap();
        assert!(to_fragment(&s, true).len() > MAX_FRAGMENT);
        let (rest, named) = carried(&s, Some("perm 128 (1).cm"));
        assert!(rest.workload.connections.is_empty() && rest.workload.triggers.is_empty());
        assert_eq!(named.as_deref(), Some("perm_128__1_.cm"));
        // without a file name the flows stay
        assert_eq!(carried(&s, None).0.as_ref(), &s);
        let link = from_fragment(&format!(
            "{}&{MATRIX}=perm_128.cm&run=1",
            to_fragment(&rest, false)
        ))
        .unwrap();
        assert_eq!(link.matrix.as_deref(), Some("perm_128.cm"));
        assert_eq!(link.scenario, *rest);
        assert!(!link.run, "its flows are not in the link");
        for bad in ["", "a/b.cm", "x y", &"a".repeat(MAX_MATRIX_NAME + 1)] {
            let e = from_fragment(&format!("{MATRIX}={bad}")).unwrap_err();
            assert_eq!(e.field, MATRIX, "{bad:?}");
            assert!(e.message.contains("must be a file name of 1 to 100"), "{e}");
        }
    }
}
