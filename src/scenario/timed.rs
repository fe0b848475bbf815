//! Timed events: changes to the network at set times of a run, so that "what if this link
//! fails now?" or "how fast does each CCA recover when the elephants start at 50 µs?" are
//! scenarios like any other, deterministic and shareable.
//!
//! | kind | arguments | from `at_us` on |
//! |---|---|---|
//! | `link-down` | `link` | the link carries nothing, both ways: what its two ports hold, queued or on the wire, is lost; routing leaves it out |
//! | `link-up` | `link` | the link is back, at the full rate, and routing uses it again |
//! | `link-rate` | `link`, `gbps` | the link runs at `gbps` (from 1 to `topology.link_gbps`), both ways; up again if it was down |
//! | `elephants-stop` | `count` or `flow`, or neither (all) | those elephants send nothing new |
//! | `elephants-start` | `count` or `flow`, or neither (all) | they send again |
//!
//! A link is named by either of its ports ([`PortName`]: `agg3.up1`, `tor1.down0`,
//! `core1.pod1`...). Elephants are the workload's first flows: `count = N` means flows 0 to
//! N − 1, `flow = F` flow F. To start elephants late, stop them at 0 and start them later.
//!
//! A scenario file holds events as `[[events]]` tables (TOML) or an `events` array (JSON); the
//! command line (`--event`) and the page's links write one as `AT_US:KIND[:ARGS]`:
//! `50:link-down:agg3.up1`, `80:link-rate:agg3.up1:200`, `0:elephants-stop`,
//! `0:elephants-stop:2`, `40:elephants-start:flow1`. Events of one time apply in list order.

use super::link_name::{PortName, NAME_SHAPES};
use super::named_enum::named_enum;
use super::{err, Scenario, ScenarioError, WorkloadKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;

/// Most events a scenario may hold.
pub const MAX_EVENTS: usize = 64;

named_enum! {
    /// What a timed event changes.
    pub enum EventKind {
        /// The link stops carrying anything, both ways.
        LinkDown = "link-down",
        /// The link carries again, at the full rate.
        LinkUp = "link-up",
        /// The link runs at another rate, both ways.
        LinkRate = "link-rate",
        /// Elephants send again.
        ElephantsStart = "elephants-start",
        /// Elephants send nothing new.
        ElephantsStop = "elephants-stop",
    }
}

impl EventKind {
    /// The kinds that act on a link (and take `link`).
    pub const fn on_link(self) -> bool {
        matches!(
            self,
            EventKind::LinkDown | EventKind::LinkUp | EventKind::LinkRate
        )
    }
}

/// One change at one time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimedEvent {
    /// When, µs from the start of the run.
    pub at_us: f64,
    pub kind: EventKind,
    /// The link kinds: a port at either end of the link, e.g. `agg3.up1`.
    #[serde(default)]
    pub link: Option<String>,
    /// `link-rate`: the new rate, Gbps.
    #[serde(default)]
    pub gbps: Option<u32>,
    /// The elephant kinds: the first `count` elephants.
    #[serde(default)]
    pub count: Option<u32>,
    /// The elephant kinds: the one elephant of this flow index.
    #[serde(default)]
    pub flow: Option<u32>,
}

impl TimedEvent {
    /// An event of `kind` at `at_us` with no arguments yet.
    pub fn new(at_us: f64, kind: EventKind) -> TimedEvent {
        TimedEvent {
            at_us,
            kind,
            link: None,
            gbps: None,
            count: None,
            flow: None,
        }
    }

    /// The port the event names (validated events of the link kinds have one).
    pub fn port(&self) -> Option<PortName> {
        self.link.as_deref().and_then(PortName::parse)
    }

    /// The flows an elephant event acts on, given the workload's number of elephants.
    pub fn elephant_flows(&self, elephants: u32) -> Range<u32> {
        match (self.count, self.flow) {
            (Some(n), _) => 0..n.min(elephants),
            (_, Some(f)) => f..f + 1,
            _ => 0..elephants,
        }
    }

    /// Reads the compact form `AT_US:KIND[:ARGS]`; `Err` says what is wrong, in one line.
    pub fn parse(text: &str) -> Result<TimedEvent, String> {
        let shape = "expected AT_US:KIND[:ARGS], e.g. 50:link-down:agg3.up1, \
                     80:link-rate:agg3.up1:200 or 0:elephants-stop:2";
        let mut parts = text.split(':');
        let (Some(at), Some(kind)) = (parts.next(), parts.next()) else {
            return Err(format!("{shape}; got {text:?}"));
        };
        let at_us = at
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|t| t.is_finite())
            .ok_or_else(|| format!("the time must be a number of µs, got {at:?}"))?;
        let kind = EventKind::parse(kind.trim()).ok_or_else(|| {
            format!(
                "the kind must be one of {}, got {kind:?}",
                EventKind::NAMES.join(", ")
            )
        })?;
        let args: Vec<&str> = parts.map(str::trim).collect();
        let mut event = TimedEvent::new(at_us, kind);
        let wanted = match kind {
            EventKind::LinkRate => 2,
            k if k.on_link() => 1,
            _ => args.len().min(1),
        };
        if args.len() != wanted {
            let what = match kind {
                EventKind::LinkRate => "a link and a rate in Gbps (link-rate:agg3.up1:200)",
                k if k.on_link() => "one link (link-down:agg3.up1)",
                _ => "at most one argument: a count (2) or a flow (flow1)",
            };
            return Err(format!("{kind} takes {what}, got {text:?}"));
        }
        match (kind, args.as_slice()) {
            (EventKind::LinkRate, [link, gbps]) => {
                event.link = Some(link.to_string());
                event.gbps = Some(gbps.parse().map_err(|_| {
                    format!("the rate must be a whole number of Gbps, got {gbps:?}")
                })?);
            }
            (_, [link]) if kind.on_link() => event.link = Some(link.to_string()),
            (_, [arg]) => match arg.strip_prefix("flow") {
                Some(f) => {
                    event.flow = Some(f.parse().map_err(|_| {
                        format!("flowF needs a flow index F, a whole number, got {arg:?}")
                    })?)
                }
                None => {
                    event.count = Some(arg.parse().map_err(|_| {
                        format!("the argument must be a count (2) or a flow (flow1), got {arg:?}")
                    })?)
                }
            },
            _ => {}
        }
        Ok(event)
    }
}

/// The compact form `AT_US:KIND[:ARGS]`, which [`TimedEvent::parse`] reads back.
impl fmt::Display for TimedEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.at_us, self.kind)?;
        if let Some(link) = &self.link {
            write!(f, ":{link}")?;
        }
        if let Some(gbps) = self.gbps {
            write!(f, ":{gbps}")?;
        }
        if let Some(n) = self.count {
            write!(f, ":{n}")?;
        }
        if let Some(flow) = self.flow {
            write!(f, ":flow{flow}")?;
        }
        Ok(())
    }
}

/// A list of events as one text, the compact forms joined by commas (a link's `events=`).
pub fn events_to_text(events: &[TimedEvent]) -> String {
    let forms: Vec<String> = events.iter().map(TimedEvent::to_string).collect();
    forms.join(",")
}

/// Reads [`events_to_text`]'s form; `Err` names the event by its index.
pub fn events_from_text(text: &str) -> Result<Vec<TimedEvent>, ScenarioError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let forms: Vec<&str> = text.split(',').collect();
    if forms.len() > MAX_EVENTS {
        return Err(too_many(forms.len()));
    }
    forms
        .iter()
        .enumerate()
        .map(|(i, form)| TimedEvent::parse(form).map_err(|m| err(&format!("events[{i}]"), m)))
        .collect()
}

fn too_many(n: usize) -> ScenarioError {
    err(
        "events",
        format!("a scenario holds at most {MAX_EVENTS} events, got {n}"),
    )
}

impl Scenario {
    /// Every timed event against the scenario: a time inside the run, a link of this
    /// fat-tree, a rate up to the link rate, elephants the workload has. Errors name the event
    /// by its index and field (`events[2].gbps`).
    pub(super) fn validate_events(&self) -> Result<(), ScenarioError> {
        if self.events.len() > MAX_EVENTS {
            return Err(too_many(self.events.len()));
        }
        for (i, e) in self.events.iter().enumerate() {
            let field = |name: &str| format!("events[{i}].{name}");
            if !(e.at_us.is_finite() && e.at_us >= 0.0 && e.at_us < self.max_sim_time_us) {
                return Err(err(
                    &field("at_us"),
                    format!(
                        "must be a time from 0 to below max_sim_time_us ({} µs), got {}",
                        self.max_sim_time_us, e.at_us
                    ),
                ));
            }
            let refuse = |name: &str, present: bool, why: &str| match present {
                true => Err(err(&field(name), format!("{} {why}", e.kind))),
                false => Ok(()),
            };
            refuse(
                "link",
                !e.kind.on_link() && e.link.is_some(),
                "takes no link",
            )?;
            refuse(
                "gbps",
                e.kind != EventKind::LinkRate && e.gbps.is_some(),
                "takes no gbps (only link-rate does)",
            )?;
            refuse(
                "count",
                e.kind.on_link() && e.count.is_some(),
                "takes no count",
            )?;
            refuse(
                "flow",
                e.kind.on_link() && e.flow.is_some(),
                "takes no flow",
            )?;
            if e.kind.on_link() {
                self.validate_link_event(e, &field)?;
            } else {
                self.validate_elephant_event(e, &field)?;
            }
        }
        Ok(())
    }

    fn validate_link_event(
        &self,
        e: &TimedEvent,
        field: &dyn Fn(&str) -> String,
    ) -> Result<(), ScenarioError> {
        if self.workload.kind == WorkloadKind::NPath {
            return Err(err(
                &field("link"),
                "the npath model has no named links; link events need a fat-tree workload",
            ));
        }
        let Some(link) = &e.link else {
            return Err(err(
                &field("link"),
                format!("{} needs a link, e.g. agg3.up1", e.kind),
            ));
        };
        let port = PortName::parse(link).ok_or_else(|| {
            err(
                &field("link"),
                format!("must name a port like {NAME_SHAPES}, got {link:?}"),
            )
        })?;
        port.check(&self.topology.fabric())
            .map_err(|m| err(&field("link"), m))?;
        if e.kind == EventKind::LinkRate {
            let top = self.topology.link_gbps;
            match e.gbps {
                Some(g) if (1..=top).contains(&g) => {}
                Some(g) => {
                    return Err(err(
                        &field("gbps"),
                        format!("must be from 1 to topology.link_gbps ({top}), got {g}"),
                    ))
                }
                None => return Err(err(&field("gbps"), "link-rate needs a rate in Gbps")),
            }
        }
        Ok(())
    }

    fn validate_elephant_event(
        &self,
        e: &TimedEvent,
        field: &dyn Fn(&str) -> String,
    ) -> Result<(), ScenarioError> {
        let w = &self.workload;
        let elephants = match (w.kind, w.connections.is_empty()) {
            (WorkloadKind::Permutation, true) => w.elephants,
            _ => 0,
        };
        if elephants == 0 {
            return Err(err(
                &field("kind"),
                format!(
                    "{} needs elephants: a permutation workload with workload.elephants from 2",
                    e.kind
                ),
            ));
        }
        match (e.count, e.flow) {
            (Some(_), Some(_)) => Err(err(&field("flow"), "give a count or a flow, not both")),
            (Some(n), None) if !(1..=elephants).contains(&n) => Err(err(
                &field("count"),
                format!("must be from 1 to workload.elephants ({elephants}), got {n}"),
            )),
            (None, Some(f)) if f >= elephants => Err(err(
                &field("flow"),
                format!(
                    "must be an elephant's flow index, from 0 to {}, got {f}",
                    elephants - 1
                ),
            )),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(events: &[&str]) -> Scenario {
        Scenario {
            events: events
                .iter()
                .map(|e| TimedEvent::parse(e).unwrap())
                .collect(),
            ..Scenario::default()
        }
    }

    fn refused(s: &Scenario) -> String {
        s.validate().unwrap_err().to_string()
    }

    #[test]
    fn the_compact_form_reads_back() {
        let forms = [
            "50:link-down:agg3.up1",
            "90.5:link-up:tor1.down0",
            "60:link-rate:core1.pod1:200",
            "0:elephants-stop",
            "40:elephants-start:2",
            "40:elephants-start:flow1",
        ];
        for form in forms {
            assert_eq!(TimedEvent::parse(form).unwrap().to_string(), form);
        }
        let text = forms.join(",");
        assert_eq!(events_to_text(&events_from_text(&text).unwrap()), text);
        assert_eq!(events_from_text("").unwrap(), vec![]);
        let e = events_from_text("5:link-up:tor0.up0,5:link-up").unwrap_err();
        assert_eq!(e.field, "events[1]");
        let many = vec!["1:link-up:tor0.up0"; MAX_EVENTS + 1].join(",");
        assert!(events_from_text(&many)
            .unwrap_err()
            .message
            .contains("at most 64"));
        for bad in [
            "",
            "5",
            "5:",
            "inf:link-up:tor0.up0",
            "5:link-rate:tor0.up0",
            "5:elephants-stop:x",
        ] {
            assert!(TimedEvent::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn events_are_held_to_the_run_the_tree_and_the_workload() {
        assert_eq!(
            with(&["0:link-down:agg31.up3", "99999:elephants-stop:flow3"]).validate(),
            Ok(())
        );
        let cases = [
            (
                &["100000:link-up:tor0.up0"][..],
                "events[0].at_us: must be a time from 0 to below",
            ),
            (
                &["1:link-up:tor0.up0", "-1:link-up:tor0.up0"],
                "events[1].at_us",
            ),
            (
                &["1:link-up:agg32.up0"],
                "events[0].link: agg32.up0: the aggregation switch must be from 0 to 31 when k = 8",
            ),
            (
                &["1:link-up:spine1.up0"],
                "events[0].link: must name a port like host5.nic",
            ),
            (
                &["1:link-rate:tor0.up0:801"],
                "events[0].gbps: must be from 1 to topology.link_gbps (800), got 801",
            ),
            (&["1:link-rate:tor0.up0:0"], "events[0].gbps"),
            (
                &["1:elephants-stop:5"],
                "events[0].count: must be from 1 to workload.elephants (4), got 5",
            ),
            (
                &["1:elephants-stop:flow4"],
                "events[0].flow: must be an elephant's flow index, from 0 to 3",
            ),
        ];
        for (events, message) in cases {
            let e = refused(&with(events));
            assert!(e.starts_with(message), "{e}");
        }
        let mut s = with(&["1:elephants-start"]);
        s.workload.elephants = 0;
        assert!(refused(&s).starts_with("events[0].kind: elephants-start needs elephants"));
        let mut s = with(&["1:link-down:tor0.up0"]);
        s.workload.kind = WorkloadKind::NPath;
        s.workload.elephants = 0;
        assert!(refused(&s).contains("npath model has no named links"));
        let mut s = with(&["1:link-down:tor0.up0"]);
        s.events[0].gbps = Some(5);
        assert!(refused(&s).starts_with("events[0].gbps: link-down takes no gbps"));
        let mut s = with(&[]);
        s.events = vec![TimedEvent::parse("1:link-up:tor0.up0").unwrap(); MAX_EVENTS + 1];
        assert!(refused(&s).starts_with("events: a scenario holds at most 64"));
    }

    #[test]
    fn files_hold_events_as_tables_or_an_array() {
        let toml = "[[events]]\nat_us = 50\nkind = \"link-down\"\nlink = \"agg3.up1\"\n\n\
                    [[events]]\nat_us = 80\nkind = \"link-rate\"\nlink = \"agg3.up1\"\ngbps = 200\n";
        let s = Scenario::from_toml(toml).unwrap();
        assert_eq!(
            events_to_text(&s.events),
            "50:link-down:agg3.up1,80:link-rate:agg3.up1:200"
        );
        let back = Scenario::from_json(&s.to_json()).unwrap();
        assert_eq!(back.events, s.events);
        let e =
            Scenario::from_json(r#"{"events": [{"at_us": 1, "kind": "link-up", "port": "x"}]}"#)
                .unwrap_err();
        assert!(e.to_string().starts_with("events[0]"), "{e}");
        let e = Scenario::from_json(r#"{"events": [{"at_us": 1, "kind": "fail"}]}"#).unwrap_err();
        assert!(e.to_string().contains("link-down"), "{e}");
    }
}
