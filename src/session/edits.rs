//! Changing the network from the page: a click on a link (or a name typed beside the picture)
//! becomes a timed event at the playback cursor, added to the form's scenario, which then runs
//! again from time zero, so what is on screen is always a deterministic run of a scenario that
//! the link in the address bar reproduces. And the other way: which links are down at a time,
//! for the picture.

use crate::scenario::{EventKind, PortName, Scenario, ScenarioError, TimedEvent};

/// What the page can do to the network at the cursor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Edit {
    /// The link goes down.
    Fail,
    /// The link runs at this many Gbps.
    Slow(u32),
    /// The link is back at the full rate.
    Restore,
    /// The elephants start here instead of at 0 (a scenario without elephants gets
    /// [`ELEPHANTS`] of them).
    ElephantsFromHere,
}

/// Elephants a scenario without any gets when the page starts them.
pub const ELEPHANTS: u32 = 4;

/// Event times are rounded to this, µs, so that links read well.
const GRAIN_US: f64 = 0.1;

/// `s` with `edit` at `at_us` (on the link named `link` for the link edits), its events in
/// time order, validated. `Err` names the field (`events[3].link`, `workload.elephants`).
pub fn add(s: &Scenario, edit: Edit, link: &str, at_us: f64) -> Result<Scenario, ScenarioError> {
    let at_us = ((at_us.max(0.0) / GRAIN_US).round() * GRAIN_US * 1e6).round() / 1e6;
    let mut out = s.clone();
    let on_link = |kind| {
        let mut e = TimedEvent::new(at_us, kind);
        e.link = Some(link.trim().to_string());
        e
    };
    match edit {
        Edit::Fail => out.events.push(on_link(EventKind::LinkDown)),
        Edit::Restore => out.events.push(on_link(EventKind::LinkUp)),
        Edit::Slow(gbps) => {
            let mut e = on_link(EventKind::LinkRate);
            e.gbps = Some(gbps);
            out.events.push(e);
        }
        Edit::ElephantsFromHere => {
            if out.workload.elephants == 0 {
                out.workload.elephants = ELEPHANTS; // checked with the rest below
            }
            let held_from_start = out.events.iter().any(|e| {
                e.kind == EventKind::ElephantsStop
                    && e.at_us == 0.0
                    && e.count.is_none()
                    && e.flow.is_none()
            });
            if !held_from_start {
                out.events
                    .insert(0, TimedEvent::new(0.0, EventKind::ElephantsStop));
            }
            out.events
                .push(TimedEvent::new(at_us, EventKind::ElephantsStart));
        }
    }
    out.events.sort_by(|a, b| a.at_us.total_cmp(&b.at_us)); // stable: one time keeps its order
    out.validate()?;
    Ok(out)
}

/// `s` without its event `i`.
pub fn remove(s: &Scenario, i: usize) -> Scenario {
    let mut out = s.clone();
    if i < out.events.len() {
        out.events.remove(i);
    }
    out
}

/// The timeline ports (indices into `port_names`) of the links down at `at_us` in a run of `s`
/// on a fat-tree: both ends of each, whichever name the event used.
pub fn down_ports(s: &Scenario, at_us: f64, port_names: &[String]) -> Vec<usize> {
    let fabric = s.topology.fabric();
    let mut down: Vec<PortName> = Vec::new();
    for e in s
        .events
        .iter()
        .filter(|e| e.kind.on_link() && e.at_us <= at_us)
    {
        let Some(name) = e.port() else { continue };
        let ends = [name, name.peer(&fabric)];
        down.retain(|d| !ends.contains(d));
        if e.kind == EventKind::LinkDown {
            down.extend(ends);
        }
    }
    let names: Vec<String> = down.iter().map(PortName::to_string).collect();
    port_names
        .iter()
        .enumerate()
        .filter(|(_, n)| names.contains(n))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Scenario {
        let mut s = Scenario::default();
        s.topology.k = 4;
        s
    }

    #[test]
    fn an_edit_at_the_cursor_is_an_event_in_time_order() {
        let s = add(&base(), Edit::Fail, " agg2.up1 ", 42.345).unwrap();
        let s = add(&s, Edit::Slow(100), "tor0.up0", 7.0).unwrap();
        let s = add(&s, Edit::Restore, "core3.pod1", 42.3).unwrap();
        let text = crate::scenario::events_to_text(&s.events);
        assert_eq!(
            text,
            "7:link-rate:tor0.up0:100,42.3:link-down:agg2.up1,42.3:link-up:core3.pod1"
        );
        assert_eq!(remove(&s, 1).events.len(), 2);
        assert_eq!(remove(&s, 9), s);
        let e = add(&s, Edit::Fail, "agg9.up0", 1.0).unwrap_err();
        assert_eq!(e.field, "events[0].link");
        let e = add(&s, Edit::Slow(9000), "agg1.up0", 1.0).unwrap_err();
        assert_eq!(e.field, "events[0].gbps");
    }

    #[test]
    fn elephants_from_here_hold_them_from_the_start() {
        let mut s = base();
        s.workload.elephants = 0;
        let s = add(&s, Edit::ElephantsFromHere, "", 30.0).unwrap();
        assert_eq!(s.workload.elephants, ELEPHANTS);
        let s = add(&s, Edit::ElephantsFromHere, "", 50.0).unwrap();
        let text = crate::scenario::events_to_text(&s.events);
        assert_eq!(
            text,
            "0:elephants-stop,30:elephants-start,50:elephants-start"
        );
    }

    #[test]
    fn a_link_is_down_between_its_down_and_its_up_whichever_end_names_it() {
        let names: Vec<String> = ["tor3.up0", "agg2.down1", "agg2.up0", "core0.pod1"]
            .map(String::from)
            .to_vec();
        let s = add(&base(), Edit::Fail, "tor3.up0", 10.0).unwrap();
        let s = add(&s, Edit::Restore, "agg2.down1", 20.0).unwrap();
        let s = add(&s, Edit::Fail, "core0.pod1", 15.0).unwrap();
        assert_eq!(down_ports(&s, 5.0, &names), Vec::<usize>::new());
        assert_eq!(down_ports(&s, 12.0, &names), vec![0, 1]);
        assert_eq!(down_ports(&s, 16.0, &names), vec![0, 1, 2, 3]);
        assert_eq!(down_ports(&s, 25.0, &names), vec![2, 3]);
    }
}
