//! Property test: scenarios drawn across every field's allowed range, ends included, each run to
//! a small event budget. None may panic; every run conserves its packets (sent = delivered +
//! dropped + in the network); a run that finishes does so no sooner than its lower bound.
//!
//! A field is drawn from the range the field registry gives it (`scenario::registry::FIELDS`),
//! so a new field with a fixed range is drawn with no line here; a field whose range the registry
//! says in words (it depends on other fields) has a rule in [`RULES`], and a test fails until it
//! has one. `SPRAYLAB_PROPERTY_CASES` sets the
//! number of scenarios (200 by default; each takes about 60 ms).

use spraylab::scenario::registry::{self, Allowed, Field, FIELDS};
use spraylab::scenario::{
    CcaKind, Connection, EventKind, Fabric, History, PortName, Scenario, TimedEvent, WorkloadKind,
    MAX_HISTORY,
};
use spraylab::Simulation;

/// A small deterministic generator (xorshift64*), so that a failure names a reproducible case.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// One end of `[lo, hi]` a quarter of the time each, else a value within (log-uniform over
    /// wide positive ranges, so that small values are drawn as often as large ones).
    fn f(&mut self, lo: f64, hi: f64) -> f64 {
        match self.below(4) {
            0 => lo,
            1 => hi,
            _ if lo > 0.0 && hi / lo > 1e3 => (lo.ln() + self.unit() * (hi / lo).ln()).exp(),
            _ => lo + self.unit() * (hi - lo),
        }
    }
    fn u(&mut self, lo: u64, hi: u64) -> u64 {
        let v = self.f(lo as f64, hi as f64).round() as u64;
        v.clamp(lo, hi)
    }
    fn bool(&mut self) -> bool {
        self.below(2) == 1
    }
    fn of<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

type Rule = fn(&mut Scenario, &mut Draw);

/// A value of `field` within the range the registry gives it, as text for [`Field::set`]; `None`
/// leaves the field as it is: a field whose range is in words (drawn by [`RULES`]), and a quarter
/// of the time any other, so that a feature off by default (a zero) is drawn off as often as an
/// end.
fn in_range(field: &Field, s: &Scenario, d: &mut Draw) -> Option<String> {
    let one = |d: &mut Draw| match field.allowed {
        Allowed::Whole(lo, hi) => d.u(lo, hi).to_string(),
        Allowed::Real(lo, hi) => d.f(lo, hi).to_string(),
        Allowed::Names(names, _) => d.of(names).to_string(),
        Allowed::Switch => d.bool().to_string(),
        Allowed::Ccas => d.of(CcaKind::ALL).to_string(),
        Allowed::Words(_) => unreachable!("a range in words is drawn by RULES"),
    };
    if matches!(field.allowed, Allowed::Words(_)) || d.below(4) == 0 {
        return None;
    }
    // a list (the DRR weights) draws each of its elements from the range
    Some(match field.get(s).strip_prefix('[') {
        Some(items) => {
            let items: Vec<String> = items.split(',').map(|_| one(d)).collect();
            format!("[{}]", items.join(", "))
        }
        None => one(d),
    })
}

/// How the fields whose range the registry says in words are drawn (it depends on other fields,
/// or the value is a list), in the order they are drawn, after every field with a fixed range:
/// a rule reads the fields drawn before it and draws, as a share of what they allow, the range
/// the registry's words state. The timed events are last: their range depends on the run's
/// length, the tree and the elephants.
const RULES: &[(&str, Rule)] = &[
    ("topology.k", |s, d| {
        s.topology.k = d.of(&[4, 4, 4, 6, 8, 16])
    }),
    ("topology.oversubscription", |s, d| {
        // a divisor of k/2
        let half = s.topology.k / 2;
        let divisors: Vec<u32> = (1..=half).filter(|v| half % v == 0).collect();
        s.topology.oversubscription = if d.bool() { 1 } else { d.of(&divisors) };
    }),
    ("topology.agg_oversubscription", |s, d| {
        let half = s.topology.k / 2;
        let divisors: Vec<u32> = (1..=half).filter(|v| half % v == 0).collect();
        s.topology.agg_oversubscription = if s.topology.tiers == 2 || d.bool() {
            1
        } else {
            d.of(&divisors)
        };
    }),
    ("topology.pods", |s, d| {
        s.topology.pods = if d.bool() {
            0
        } else {
            d.u(1, s.topology.k as u64) as u32
        };
    }),
    ("topology.buffer_bytes", |s, d| {
        let wire = (s.topology.mss_bytes + s.topology.header_bytes) as u64;
        s.topology.buffer_bytes = d.u(wire, 1 << 30) as u32
    }),
    ("topology.buffer_packets", |s, d| {
        let wire = (s.topology.mss_bytes + s.topology.header_bytes) as u64;
        s.topology.buffer_packets = if d.bool() {
            0
        } else {
            d.u(1, (1 << 30) / wire) as u32
        }
    }),
    ("topology.ecn_max_bytes", |s, d| {
        s.topology.ecn_max_bytes = d.u(0, s.topology.buffer_bytes as u64) as u32
    }),
    ("topology.ecn_min_bytes", |s, d| {
        s.topology.ecn_min_bytes = d.u(0, s.topology.ecn_max_bytes as u64) as u32
    }),
    ("workload.elephants", |s, d| {
        let hosts = s.hosts() as u64;
        s.workload.elephants = match s.workload.kind {
            WorkloadKind::Permutation if d.bool() && hosts >= 4 => d.u(2, hosts - 2) as u32,
            _ => 0,
        }
    }),
    ("workload.incast_senders", |s, d| {
        s.workload.incast_senders = d.u(1, s.hosts() as u64 - 1) as u32
    }),
    ("workload.group_size", |s, d| {
        // mostly small groups: a group of all the hosts makes hosts² flows
        let most = match d.below(8) {
            0 => s.hosts().max(2) as u64,
            _ => s.hosts().clamp(2, 8) as u64,
        };
        s.workload.group_size = d.u(2, most) as u32
    }),
    ("workload.traffic", |s, _| s.workload.traffic = None),
    ("workload.connections", |s, d| {
        let hosts = s.hosts() as u64;
        let n = if d.below(4) == 0 && s.workload.kind != WorkloadKind::NPath {
            d.u(1, 64)
        } else {
            0
        };
        s.workload.connections = (0..n)
            .map(|_| {
                let src = d.below(hosts) as u32;
                let dst = (src + 1 + d.below(hosts - 1) as u32) % hosts as u32;
                let mut c = Connection::new(src, dst, d.u(1, 1 << 30));
                // a late start now and then, and chains: started by one of a few triggers,
                // activating one when sent or received (the triggers' rule declares them)
                match d.below(4) {
                    0 => c.start_us = d.u(0, 100) as u32,
                    1 => c.trigger = Some(d.u(1, 4) as u32),
                    _ => {}
                }
                if d.bool() {
                    c.send_done = Some(d.u(1, 4) as u32);
                }
                if d.below(4) == 0 {
                    c.recv_done = Some(d.u(1, 4) as u32);
                }
                c
            })
            .collect()
    }),
    ("workload.triggers", |s, d| {
        use spraylab::scenario::{Trigger, TriggerKind};
        let mut ids: Vec<u32> = s
            .workload
            .connections
            .iter()
            .flat_map(Connection::triggers)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        s.workload.triggers = ids
            .into_iter()
            .map(|id| {
                let kind = d.of(&[
                    TriggerKind::Oneshot,
                    TriggerKind::Multishot,
                    TriggerKind::Barrier,
                ]);
                let count = match kind {
                    TriggerKind::Barrier => d.u(1, 3) as u32,
                    _ => 0,
                };
                Trigger { id, kind, count }
            })
            .collect()
    }),
    ("lb.ar_levels_pct", |s, d| {
        let n = d.u(1, 16) as usize;
        let mut levels: Vec<f64> = (0..n).map(|_| d.f(0.0, 100.0)).collect();
        levels.sort_by(f64::total_cmp);
        levels.dedup();
        s.lb.ar_levels_pct = levels
    }),
    ("cca.history", |s, d| {
        s.cca.history = if d.bool() {
            History::Nyquist
        } else {
            History::Fixed(d.u(1, MAX_HISTORY as u64) as u32)
        }
    }),
    ("cca.swift.fs_max_cwnd", |s, d| {
        let lo = s.cca.swift.fs_min_cwnd * (1.0 + 1e-6);
        s.cca.swift.fs_max_cwnd = d.f(lo, 1e6)
    }),
    ("transport.rto_initial_us", |s, d| {
        s.transport.rto_initial_us = d.f(s.transport.rto_min_us, 1e7)
    }),
    ("timeline.interval_us", |s, d| {
        s.timeline.interval_us = if d.bool() { 0.0 } else { d.f(0.01, 1e6) }
    }),
    ("seed", |s, d| s.seed = d.next()),
    ("events", |s, d| {
        let n = if d.bool() { 0 } else { d.u(1, 8) };
        s.events = (0..n).filter_map(|_| draw_event(s, d)).collect()
    }),
];

/// A timed event this scenario allows, of any kind it has (none in the npath model without
/// elephants), early in the run so that a small event budget reaches it.
fn draw_event(s: &Scenario, d: &mut Draw) -> Option<TimedEvent> {
    let elephants = match (s.workload.kind, s.workload.connections.is_empty()) {
        (WorkloadKind::Permutation, true) => s.workload.elephants,
        _ => 0,
    };
    let links = s.workload.kind != WorkloadKind::NPath;
    let kinds: Vec<EventKind> = EventKind::ALL
        .iter()
        .copied()
        .filter(|k| if k.on_link() { links } else { elephants > 0 })
        .collect();
    if kinds.is_empty() {
        return None;
    }
    let at_us = d.f(0.0, (s.max_sim_time_us * 0.999).min(200.0));
    let mut e = TimedEvent::new(at_us, d.of(&kinds));
    if e.kind.on_link() {
        e.link = Some(draw_port(&s.topology.fabric(), d).to_string());
        if e.kind == EventKind::LinkRate {
            e.gbps = Some(d.u(1, s.topology.link_gbps as u64) as u32);
        }
    } else {
        match d.below(3) {
            0 => e.count = Some(d.u(1, elephants as u64) as u32),
            1 => e.flow = Some(d.below(elephants as u64) as u32),
            _ => {}
        }
    }
    Some(e)
}

/// Any port of the scenario's fabric.
fn draw_port(f: &Fabric, d: &mut Draw) -> PortName {
    let pick = |d: &mut Draw, n: u32| d.below(n as u64) as u32;
    let kinds = if f.tiers == 3 { 6 } else { 4 };
    match d.below(kinds) {
        0 => PortName::HostNic(pick(d, f.hosts())),
        1 => PortName::TorDown(pick(d, f.tors()), pick(d, f.hosts_per_tor)),
        2 => PortName::TorUp(pick(d, f.tors()), pick(d, f.tor_up)),
        3 => PortName::AggDown(pick(d, f.aggs()), pick(d, f.tors_per_pod)),
        4 => PortName::AggUp(pick(d, f.aggs()), pick(d, f.agg_up)),
        _ => PortName::CorePod(pick(d, f.cores()), pick(d, f.pods), pick(d, f.core_bundle)),
    }
}

#[test]
fn the_rules_draw_exactly_the_fields_whose_range_is_in_words() {
    // the registry holds every field of the scenario file but the timed events (its own test)
    for field in FIELDS {
        let ruled = RULES.iter().any(|(p, _)| *p == field.path);
        let words = matches!(field.allowed, Allowed::Words(_));
        assert_eq!(
            ruled, words,
            "{}: a field with a range in words needs a rule here, one with a fixed range must \
             not (its range is the registry's)",
            field.path
        );
    }
    for (path, _) in RULES {
        assert!(
            *path == "events" || registry::find_path(path).is_some(),
            "{path} is not a field of the registry"
        );
    }
    assert!(RULES.iter().any(|(p, _)| *p == "events"));
}

/// A scenario with every field drawn: the fixed ranges in the registry's order, then the rules
/// in theirs.
fn draw_scenario(d: &mut Draw) -> Scenario {
    let mut s = Scenario::default();
    for field in FIELDS {
        if let Some(text) = in_range(field, &s, d) {
            field.set(&mut s, &text).unwrap_or_else(|e| {
                panic!("{}: {text} drawn in its range and refused: {e}", field.path)
            });
        }
    }
    for (_, rule) in RULES {
        rule(&mut s, d);
    }
    repair(&mut s);
    s
}

/// A drawn value that other fields' values refuse (a bundle of links to the cores in a
/// leaf-spine, a path label count the oblivious scheme cannot mask) goes back to its default, so
/// that most drawn scenarios reach the simulator; each refusal has its own test in validation.
fn repair(s: &mut Scenario) {
    let default = Scenario::default();
    // the cross-field rules may read the fields' own ranges only once those hold
    while FIELDS.iter().all(|f| f.check(s).is_ok()) {
        let Some(refused) = FIELDS.iter().find(|f| f.check_across(s).is_err()) else {
            return;
        };
        let text = refused.get(&default);
        if refused.get(s) == text {
            return;
        }
        refused.set(s, &text).unwrap();
    }
}

#[test]
fn scenarios_across_every_range_run_without_panic_conserve_packets_and_respect_the_bound() {
    let cases: u64 = std::env::var("SPRAYLAB_PROPERTY_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let mut d = Draw(0x5eed_5eed_5eed_5eed);
    let (mut refused, mut ran, mut finished) = (0u64, 0u64, 0u64);
    for case in 0..cases {
        let s = draw_scenario(&mut d);
        let mut sim = match Simulation::new(&s) {
            Ok(sim) => sim,
            Err(e) => {
                // refusals are for the cross-field rules; each names its field and range
                assert!(!e.field.is_empty() && !e.message.contains('\n'), "{e}");
                refused += 1;
                continue;
            }
        };
        ran += 1;
        sim.advance(30_000);
        let r = sim.report();
        let c = &r.counters;
        assert_eq!(
            c.data_packets,
            c.delivered + c.drops + c.trimmed + c.link_losses + c.in_network_at_end,
            "case {case}: {}",
            s.to_json()
        );
        if let Some(cct) = r.cct_us.filter(|_| r.finished) {
            finished += 1;
            assert!(
                cct >= r.ideal_cct_us - 1e-9,
                "case {case}: CCT {cct} below its bound {} in {}",
                r.ideal_cct_us,
                s.to_json()
            );
        }
    }
    eprintln!("{cases} scenarios: {ran} ran ({finished} finished), {refused} refused");
    // the draw must reach the simulator, not only validation, and some runs must finish
    assert!(ran >= cases / 2, "only {ran} of {cases} ran");
    assert!(
        finished >= cases / 20,
        "only {finished} of {cases} finished"
    );
}
