//! Property test: scenarios drawn across every field's allowed range, ends included, each run to
//! a small event budget. None may panic; every run conserves its packets (sent = delivered +
//! dropped + in the network); a run that finishes does so no sooner than its lower bound.
//!
//! Every field of the scenario file has a drawing rule in [`FIELDS`], and a test checks that the
//! table covers the file, so a new field cannot go undrawn. `SPRAYLAB_PROPERTY_CASES` sets the
//! number of scenarios (200 by default; each takes about 60 ms).

use spraylab::scenario::{
    CcaKind, Connection, DrrBuffer, EventKind, History, LbScheme, PortName, Scenario, TimedEvent,
    WorkloadKind, MAX_HISTORY,
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

/// Every field of the scenario file, in the file's order, with how it is drawn. Ranges are the
/// validated ones (`Scenario::validate`); fields whose range depends on others are drawn after
/// them, as a share of what they allow.
const FIELDS: &[(&str, Rule)] = &[
    ("seed", |s, d| s.seed = d.next()),
    ("max_sim_time_us", |s, d| s.max_sim_time_us = d.f(1.0, 1e7)),
    ("topology.k", |s, d| {
        s.topology.k = d.of(&[4, 4, 4, 6, 8, 16])
    }),
    ("topology.tiers", |s, d| {
        s.topology.tiers = d.of(&[3, 3, 2]);
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
    ("topology.core_bundle", |s, d| {
        // up to the up-links an aggregation switch may have (64)
        let t = &s.topology;
        let cores = (t.k / 2 / t.agg_oversubscription) as u64;
        s.topology.core_bundle = if t.tiers == 2 || d.bool() {
            1
        } else {
            d.u(1, (64 / cores).min(8)) as u32
        };
    }),
    ("topology.link_gbps", |s, d| {
        s.topology.link_gbps = d.u(1, 3200) as u32
    }),
    ("topology.agg_link_gbps", |s, d| {
        s.topology.agg_link_gbps = if d.bool() { 0 } else { d.u(1, 3200) as u32 }
    }),
    ("topology.core_link_gbps", |s, d| {
        s.topology.core_link_gbps = if d.bool() { 0 } else { d.u(1, 3200) as u32 }
    }),
    ("topology.link_latency_us", |s, d| {
        s.topology.link_latency_us = d.f(0.0, 1000.0)
    }),
    ("topology.mss_bytes", |s, d| {
        s.topology.mss_bytes = d.u(64, 65_536) as u32
    }),
    ("topology.header_bytes", |s, d| {
        s.topology.header_bytes = d.u(0, 1024) as u32
    }),
    ("topology.ack_bytes", |s, d| {
        s.topology.ack_bytes = d.u(1, 1024) as u32
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
    ("topology.drr", |s, d| s.topology.drr = d.bool()),
    ("topology.drr_weights", |s, d| {
        s.topology.drr_weights = [d.f(0.01, 100.0), d.f(0.01, 100.0)]
    }),
    ("topology.drr_quantum_bytes", |s, d| {
        s.topology.drr_quantum_bytes = d.u(64, 1 << 20) as u32
    }),
    ("topology.drr_buffer", |s, d| {
        s.topology.drr_buffer = d.of(DrrBuffer::ALL)
    }),
    ("topology.link_failure_rate", |s, d| {
        s.topology.link_failure_rate = if d.bool() { 0.0 } else { d.f(0.0, 0.5) }
    }),
    ("topology.failed_links_degraded", |s, d| {
        s.topology.failed_links_degraded =
            d.bool() && s.topology.tier_gbps().iter().all(|&g| g >= 4)
    }),
    ("topology.trim", |s, d| s.topology.trim = d.bool()),
    ("workload.kind", |s, d| {
        s.workload.kind = d.of(WorkloadKind::ALL)
    }),
    ("workload.elephants", |s, d| {
        let hosts = s.hosts() as u64;
        s.workload.elephants = match s.workload.kind {
            WorkloadKind::Permutation if d.bool() && hosts >= 4 => d.u(2, hosts - 2) as u32,
            _ => 0,
        }
    }),
    ("workload.flow_size_bytes", |s, d| {
        s.workload.flow_size_bytes = d.u(1, 1 << 30)
    }),
    ("workload.paths", |s, d| {
        s.workload.paths = d.u(2, 10_000) as u32
    }),
    ("workload.long_path_extra_us", |s, d| {
        s.workload.long_path_extra_us = d.f(0.0, 1000.0)
    }),
    ("workload.long_path_ecn", |s, d| {
        s.workload.long_path_ecn = d.bool()
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
    ("workload.start_spread_us", |s, d| {
        s.workload.start_spread_us = if d.bool() { 0 } else { d.u(0, 200) as u32 }
    }),
    ("workload.hsdp_random_hosts", |s, d| {
        s.workload.hsdp_random_hosts = d.bool()
    }),
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
    // a file the command line reads into the connections; validation refuses it unread
    ("workload.traffic", |s, _| s.workload.traffic = None),
    ("lb.scheme", |s, d| s.lb.scheme = d.of(LbScheme::ALL)),
    ("lb.path_labels", |s, d| {
        s.lb.path_labels = d.u(1, 65_534) as u32
    }),
    ("lb.ar_levels_pct", |s, d| {
        let n = d.u(1, 16) as usize;
        let mut levels: Vec<f64> = (0..n).map(|_| d.f(0.0, 100.0)).collect();
        levels.sort_by(f64::total_cmp);
        levels.dedup();
        s.lb.ar_levels_pct = levels
    }),
    ("lb.ar_refresh_us", |s, d| {
        s.lb.ar_refresh_us = d.f(0.0, 1000.0)
    }),
    ("cca.algorithm", |s, d| s.cca.algorithm = d.of(CcaKind::ALL)),
    ("cca.history", |s, d| {
        s.cca.history = if d.bool() {
            History::Nyquist
        } else {
            History::Fixed(d.u(1, MAX_HISTORY as u64) as u32)
        }
    }),
    ("cca.percentile", |s, d| {
        s.cca.percentile = d.u(1, 99) as u32
    }),
    ("cca.initial_cwnd_bdp", |s, d| {
        s.cca.initial_cwnd_bdp = d.f(1e-3, 10.0)
    }),
    ("cca.smartt_wait_to_decrease", |s, d| {
        s.cca.smartt_wait_to_decrease = d.bool()
    }),
    ("cca.swift.ai", |s, d| s.cca.swift.ai = d.f(1e-6, 100.0)),
    ("cca.swift.beta", |s, d| s.cca.swift.beta = d.f(1e-6, 1.0)),
    ("cca.swift.max_mdf", |s, d| {
        s.cca.swift.max_mdf = d.f(1e-6, 0.999)
    }),
    ("cca.swift.target_queue_delay_us", |s, d| {
        s.cca.swift.target_queue_delay_us = d.f(0.0, 10_000.0)
    }),
    ("cca.swift.fs_range_us", |s, d| {
        s.cca.swift.fs_range_us = d.f(0.0, 10_000.0)
    }),
    ("cca.swift.fs_min_cwnd", |s, d| {
        s.cca.swift.fs_min_cwnd = d.f(1e-6, 1e5)
    }),
    ("cca.swift.fs_max_cwnd", |s, d| {
        let lo = s.cca.swift.fs_min_cwnd * (1.0 + 1e-6);
        s.cca.swift.fs_max_cwnd = d.f(lo, 1e6)
    }),
    ("cca.swift.min_cwnd", |s, d| {
        s.cca.swift.min_cwnd = d.f(1e-6, 1.0)
    }),
    ("cca.swift.max_cwnd", |s, d| {
        s.cca.swift.max_cwnd = d.f(1.0, 2000.0)
    }),
    ("cca.swift.retx_reset_threshold", |s, d| {
        s.cca.swift.retx_reset_threshold = d.u(1, 1000) as u32
    }),
    ("cca.swift.ltcp_k", |s, d| {
        s.cca.swift.ltcp_k = d.u(1, 64) as u32
    }),
    ("cca.swift.decrease_on_queueing", |s, d| {
        s.cca.swift.decrease_on_queueing = d.bool()
    }),
    ("cca.swift.ltcp_on_delay", |s, d| {
        s.cca.swift.ltcp_on_delay = d.bool()
    }),
    ("cca.swift.decrease_on_latest", |s, d| {
        s.cca.swift.decrease_on_latest = d.bool()
    }),
    ("cca.nscc.target_qdelay_us", |s, d| {
        s.cca.nscc.target_qdelay_us = d.f(0.01, 10_000.0)
    }),
    ("cca.nscc.rto_min_us", |s, d| {
        s.cca.nscc.rto_min_us = d.f(1.0, 1e6)
    }),
    ("transport.dupthresh", |s, d| {
        s.transport.dupthresh = d.u(1, 64) as u32
    }),
    ("transport.rto_min_us", |s, d| {
        s.transport.rto_min_us = d.f(1.0, 1e6)
    }),
    ("transport.rto_initial_us", |s, d| {
        s.transport.rto_initial_us = d.f(s.transport.rto_min_us, 1e7)
    }),
    ("transport.pacing", |s, d| s.transport.pacing = d.bool()),
    ("cca.nscc.ack_every_bytes", |s, d| {
        s.cca.nscc.ack_every_bytes = d.u(0, 1 << 24)
    }),
    ("transport.ack_every_bytes", |s, d| {
        s.transport.ack_every_bytes = d.u(0, 1 << 24)
    }),
    ("transport.reordering_wait", |s, d| {
        s.transport.reordering_wait = d.bool()
    }),
    ("timeline.interval_us", |s, d| {
        s.timeline.interval_us = if d.bool() { 0.0 } else { d.f(0.01, 1e6) }
    }),
    ("timeline.max_buffered", |s, d| {
        s.timeline.max_buffered = d.u(2, 1 << 20) as u32
    }),
    // last: an event's range depends on the run's length, the tree and the elephants
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
        e.link = Some(draw_port(s.topology.k, d).to_string());
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

/// Any port of a k-ary fat-tree.
fn draw_port(k: u32, d: &mut Draw) -> PortName {
    let half = k as u64 / 2;
    let (hosts, tors, cores) = (k as u64 * half * half, k as u64 * half, half * half);
    let pick = |d: &mut Draw, n: u64| d.below(n) as u32;
    match d.below(6) {
        0 => PortName::HostNic(pick(d, hosts)),
        1 => PortName::TorDown(pick(d, tors), pick(d, half)),
        2 => PortName::TorUp(pick(d, tors), pick(d, half)),
        3 => PortName::AggDown(pick(d, tors), pick(d, half)),
        4 => PortName::AggUp(pick(d, tors), pick(d, half)),
        _ => PortName::CorePod(pick(d, cores), pick(d, k as u64), 0),
    }
}

/// The dotted path of every leaf of the scenario file (arrays count as leaves).
fn leaves(v: &serde_json::Value, prefix: &str, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                leaves(v, &path, out);
            }
        }
        _ => out.push(prefix.to_string()),
    }
}

#[test]
fn the_drawing_rules_cover_every_field_of_the_scenario_file() {
    let json: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    let mut paths = Vec::new();
    leaves(&json, "", &mut paths);
    assert!(paths.len() >= 50, "{paths:?}");
    for p in &paths {
        assert!(
            FIELDS.iter().any(|(f, _)| f == p),
            "no drawing rule for {p}"
        );
    }
    for (f, _) in FIELDS {
        assert!(
            paths.contains(&f.to_string()),
            "{f} is not a field of the file"
        );
    }
}

/// A scenario with every field drawn, in the table's order.
fn draw_scenario(d: &mut Draw) -> Scenario {
    let mut s = Scenario::default();
    for (_, rule) in FIELDS {
        rule(&mut s, d);
    }
    s
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
