//! Integration tests of the simulator core: conservation, determinism, completion, lower bounds,
//! the timeline API, hostile scenarios, and the paper's qualitative baseline result.

use spraylab::scenario::{CcaKind, History, LbScheme, Scenario, Topology};
use spraylab::Simulation;

/// A small, quick scenario: k=4 (16 hosts), 2 elephants, 256 KiB flows.
fn small(cca: CcaKind, lb: LbScheme) -> Scenario {
    let mut s = Scenario::default();
    s.topology.k = 4;
    s.workload.elephants = 2;
    s.workload.flow_size_bytes = 256 << 10;
    s.cca.algorithm = cca;
    s.lb.scheme = lb;
    s
}

fn all_combinations() -> Vec<Scenario> {
    let mut out = Vec::new();
    for &cca in CcaKind::ALL {
        for lb in [LbScheme::Ecmp, LbScheme::Ops, LbScheme::Reps, LbScheme::Ar] {
            out.push(small(cca, lb));
        }
    }
    out
}

#[test]
fn every_flow_finishes_for_every_cca_and_lb() {
    for s in all_combinations() {
        let mut sim = Simulation::new(&s).unwrap();
        assert!(sim.run().done);
        let r = sim.report();
        assert!(
            r.finished,
            "{:?}/{:?} did not finish",
            s.cca.algorithm, s.lb.scheme
        );
        for f in r.flows.iter().filter(|f| f.sprayed) {
            assert!(f.fct_us.is_some());
            assert_eq!(f.bytes, 256 << 10);
        }
        assert_eq!(r.flows.iter().filter(|f| !f.sprayed).count(), 2);
    }
}

/// Every sprayed flow's FCT and the CCT are at or above their zero-queueing bounds.
fn assert_bounds_hold(s: &Scenario) {
    let mut sim = Simulation::new(s).unwrap();
    sim.run();
    let r = sim.report();
    let tolerance = 1e-9; // µs, for the conversion from picoseconds
    for f in r.flows.iter().filter(|f| f.sprayed) {
        if let (Some(fct), Some(ideal)) = (f.fct_us, f.ideal_fct_us) {
            assert!(fct >= ideal - tolerance, "{f:?} in {}", s.to_json());
        }
    }
    if let Some(cct) = r.cct_us {
        assert!(
            cct >= r.ideal_cct_us - tolerance,
            "CCT {cct} below its bound {} in {}",
            r.ideal_cct_us,
            s.to_json()
        );
    }
}

#[test]
fn fct_and_cct_are_never_below_their_zero_queueing_bounds() {
    for s in all_combinations() {
        assert_bounds_hold(&s);
    }
}

/// Randomized small scenarios of every workload, with flow sizes that are not whole packets,
/// one-byte flows, headers, and incast's senders sharing the receiver's link.
#[test]
fn the_bound_holds_on_random_small_scenarios_of_every_workload() {
    use spraylab::scenario::WorkloadKind;
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    for i in 0..48 {
        let mut s = Scenario {
            seed: i,
            ..Scenario::default()
        };
        s.topology.k = 4;
        s.workload.elephants = 0;
        s.workload.kind = WorkloadKind::ALL[next(4) as usize];
        s.cca.algorithm = CcaKind::ALL[next(CcaKind::ALL.len() as u64) as usize];
        s.lb.scheme = [LbScheme::Ops, LbScheme::Reps, LbScheme::Ar, LbScheme::Rr][next(4) as usize];
        s.workload.flow_size_bytes = [1, 4095, 4097, 65_537, 100_000][next(5) as usize];
        s.topology.header_bytes = [0, 64][next(2) as usize];
        s.workload.incast_senders = 1 + next(15) as u32;
        s.workload.paths = 2 + next(20) as u32;
        if s.workload.kind == WorkloadKind::Permutation && next(2) == 0 {
            s.workload.elephants = 2;
        }
        s.max_sim_time_us = 20_000.0;
        if s.validate().is_ok() {
            assert_bounds_hold(&s);
        }
    }
}

#[test]
fn the_lower_bound_for_the_baseline_is_90_09_us() {
    // 8 MiB at 800 Gbps (83.886 µs), then the last packet's trip (5 more hops, 6 latencies) and
    // its ACK's (6 hops): the unloaded RTT (6.2496 µs) less one packet's serialization (0.041 µs)
    let sim = Simulation::new(&Scenario::preset("baseline").unwrap()).unwrap();
    assert!((sim.report().ideal_cct_us - 90.09472).abs() < 1e-6);
    assert_eq!(sim.bdp_packets(), 153.0);
    assert_eq!(sim.base_rtt(0, 127), 6_249_600);
}

/// Data packets sent = delivered + dropped + still in the network, at any point of a run.
fn assert_conserved(sim: &Simulation) {
    let c = sim.report().counters;
    assert_eq!(
        c.data_packets,
        c.delivered + c.drops + c.trimmed + c.link_losses + c.in_network_at_end,
        "{c:?}"
    );
}

#[test]
fn every_data_packet_is_delivered_dropped_or_in_flight() {
    for mut s in all_combinations() {
        // small buffers so that drops happen too
        s.topology.buffer_bytes = 24 << 10;
        s.topology.ecn_min_bytes = 8 << 10;
        s.topology.ecn_max_bytes = 8 << 10;
        let mut sim = Simulation::new(&s).unwrap();
        for _ in 0..5 {
            sim.advance(20_000);
            assert_conserved(&sim);
        }
        sim.run();
        assert_conserved(&sim);
        let r = sim.report();
        assert!(r.finished);
        assert!(r.counters.drops > 0, "{:?}", s.cca.algorithm);
        assert!(r.counters.retransmits > 0);
    }
}

#[test]
fn with_trimming_a_full_queue_trims_instead_of_dropping_and_every_trim_is_resent() {
    for mut s in all_combinations() {
        s.topology.buffer_bytes = 24 << 10;
        s.topology.ecn_min_bytes = 8 << 10;
        s.topology.ecn_max_bytes = 8 << 10;
        let mut dropping = Simulation::new(&s).unwrap();
        dropping.run();
        let dropped = dropping.report();
        s.topology.trim = true;
        let mut sim = Simulation::new(&s).unwrap();
        for _ in 0..5 {
            sim.advance(20_000);
            assert_conserved(&sim);
        }
        sim.run();
        assert_conserved(&sim);
        let r = sim.report();
        let what = format!("{:?}/{:?}", s.cca.algorithm, s.lb.scheme);
        assert!(r.finished, "{what}");
        assert_eq!(r.counters.drops, 0, "{what}");
        assert!(r.counters.trimmed > 0, "{what}");
        // a trimmed packet is resent without waiting for a timeout: every one is retransmitted
        assert!(r.counters.retransmits >= r.counters.trimmed, "{what}");
        assert!(
            r.counters.timeouts < dropped.counters.timeouts.max(1),
            "{what}: {} timeouts with trimming, {} without",
            r.counters.timeouts,
            dropped.counters.timeouts
        );
        // a run without trimming trims nothing
        assert_eq!(dropped.counters.trimmed, 0, "{what}");
    }
}

/// The most bytes any switch port held at once over a run.
fn peak_queue_bytes(s: &Scenario) -> f32 {
    let mut sim = Simulation::new(s).unwrap();
    let mut peak = 0f32;
    loop {
        let done = sim.advance(20_000).done;
        let b = sim.drain_timeline();
        peak = b.queue_bytes.iter().fold(peak, |p, m| p.max(m.max));
        if done {
            return peak;
        }
    }
}

#[test]
fn drr_classes_hold_a_whole_buffer_each_half_of_one_or_one_between_them() {
    use spraylab::scenario::DrrBuffer;
    // TCP fills each class until it drops, at the ports the elephants share with sprayed flows
    let mut s = small(CcaKind::Tcp, LbScheme::Ops);
    s.topology.drr = true;
    s.topology.buffer_bytes = 32 << 10;
    s.topology.ecn_min_bytes = 16 << 10;
    s.topology.ecn_max_bytes = 16 << 10;
    let buffer = s.topology.buffer_bytes as f32;
    let peak = |mode| {
        let mut s = s.clone();
        s.topology.drr_buffer = mode;
        let limits = Simulation::new(&s).unwrap().port_limits();
        (peak_queue_bytes(&s), limits)
    };
    let (per_class, limits) = peak(DrrBuffer::PerClass);
    assert!(
        per_class > buffer,
        "{per_class} B at most with a buffer each"
    );
    assert_eq!(
        (limits.buffer_bytes, limits.ecn_min_bytes),
        (32768.0, 16384.0)
    );
    let (split, limits) = peak(DrrBuffer::Split);
    assert!(split <= buffer, "{split} B with half a buffer each");
    assert_eq!(
        (limits.buffer_bytes, limits.ecn_min_bytes),
        (16384.0, 8192.0)
    );
    let (shared, _) = peak(DrrBuffer::Shared);
    assert!(shared <= buffer, "{shared} B in one shared buffer");
}

#[test]
fn drr_without_elephants_runs_as_one_fifo_to_the_digit() {
    // the ECMP class is empty, so DRR always serves the sprayed class, with the same limit
    for cca in [CcaKind::Tcp, CcaKind::MSwift, CcaKind::Nscc] {
        let mut s = small(cca, LbScheme::Ops);
        s.workload.elephants = 0;
        let mut fifo = Simulation::new(&s).unwrap();
        fifo.run();
        s.topology.drr = true;
        let mut drr = Simulation::new(&s).unwrap();
        drr.run();
        assert_eq!(fifo.report(), drr.report(), "{cca:?}");
    }
}

#[test]
fn oversubscribed_bundled_and_leaf_spine_fabrics_run_every_cca_and_lb_to_the_end() {
    // tiers, ToR and aggregation oversubscription, pods, bundle to the cores
    for (tiers, over, agg_over, pods, bundle) in [
        (3, 2, 1, 0, 1),
        (3, 1, 2, 3, 1),
        (3, 1, 1, 0, 2),
        (2, 1, 1, 0, 1),
        (2, 2, 1, 3, 1),
    ] {
        for mut s in all_combinations() {
            s.topology.tiers = tiers;
            s.topology.oversubscription = over;
            s.topology.agg_oversubscription = agg_over;
            s.topology.pods = pods;
            s.topology.core_bundle = bundle;
            if bundle > 1 {
                // htsim's test.topo: the cores at half the rate, over bundles of two
                s.topology.core_link_gbps = s.topology.link_gbps / 2;
            }
            s.validate().unwrap();
            let mut sim = Simulation::new(&s).unwrap();
            sim.run();
            assert_conserved(&sim);
            let r = sim.report();
            assert!(
                r.finished,
                "{:?}/{:?} on tiers {tiers} over {over}:{agg_over} pods {pods} bundle {bundle}",
                s.cca.algorithm, s.lb.scheme
            );
            assert_eq!(r.flows.len() as u32, s.hosts());
        }
    }
}

/// A tier of links at half the rate carries half as much: on a 2:1 tree whose up-links are
/// the bottleneck, a permutation's completion time nearly doubles (×1.8 to ×2.4) with either
/// the ToR–aggregation or the aggregation–core links at half the rate; bundles of two links to
/// each core at half the rate carry what one link at the full rate does (within 10 %).
#[test]
fn a_tier_at_half_the_rate_slows_the_flows_through_it_and_a_bundle_of_two_makes_up_for_it() {
    let cct = |f: &dyn Fn(&mut Topology)| {
        let mut s = small(CcaKind::Nscc, LbScheme::Ops);
        s.topology.oversubscription = 2;
        s.workload.elephants = 0;
        s.workload.flow_size_bytes = 2 << 20;
        f(&mut s.topology);
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        sim.report().cct_us.unwrap()
    };
    let full = cct(&|_| {});
    let half = 800 / 2;
    let agg = cct(&|t| t.agg_link_gbps = half) / full;
    let core = cct(&|t| t.core_link_gbps = half) / full;
    let bundled = cct(&|t| (t.core_link_gbps, t.core_bundle) = (half, 2)) / full;
    assert!(
        (1.8..=2.4).contains(&agg),
        "ToR–aggregation links at half: ×{agg:.2}"
    );
    assert!(
        (1.8..=2.4).contains(&core),
        "aggregation–core links at half: ×{core:.2}"
    );
    assert!(
        (0.9..=1.1).contains(&bundled),
        "bundles of two at half: ×{bundled:.2}"
    );
}

#[test]
fn same_scenario_and_seed_give_identical_reports() {
    for s in all_combinations() {
        let run = |s: &Scenario| {
            let mut sim = Simulation::new(s).unwrap();
            sim.run();
            let mut tl = sim.drain_timeline();
            tl.cwnd.truncate(1000);
            (sim.report().to_json(), tl)
        };
        let (a, ta) = run(&s);
        let (b, tb) = run(&s);
        assert_eq!(a, b);
        assert_eq!(ta, tb);
        let mut other = s.clone();
        other.seed += 1;
        assert_ne!(run(&other).0, a, "another seed draws another permutation");
    }
}

#[test]
fn advancing_in_small_budgets_gives_the_same_result() {
    let s = small(CcaKind::MSwift, LbScheme::Ops);
    let mut whole = Simulation::new(&s).unwrap();
    whole.run();
    let mut pieces = Simulation::new(&s).unwrap();
    while !pieces.advance(777).done {
        pieces.drain_timeline();
    }
    assert_eq!(whole.report(), pieces.report());
}

#[test]
fn timeline_covers_the_run_and_drains_incrementally() {
    let s = small(CcaKind::MSwift, LbScheme::Ops);
    let mut sim = Simulation::new(&s).unwrap();
    let mut buckets = 0;
    let mut last_end = -1.0;
    let flows = sim.report().flows.len();
    let ports = sim.timeline_port_names().len();
    while !sim.advance(5_000).done {
        let b = sim.drain_timeline();
        if !b.is_empty() {
            assert!(b.start_us > last_end);
            last_end = b.time_us(b.buckets - 1);
            assert_eq!((b.flows, b.ports), (flows, ports));
            assert_eq!(b.cwnd.len(), b.buckets * flows);
            assert_eq!(b.queue_bytes.len(), b.buckets * ports);
            assert!(b.cwnd.iter().all(|m| m.min <= m.max && m.min > 0.0));
            buckets += b.buckets;
        }
    }
    let closing = sim.drain_timeline();
    buckets += closing.buckets;
    let sim_us = sim.report().sim_time_us;
    // the last sample shows the run as it ended
    let end = match closing.buckets {
        0 => last_end,
        n => closing.time_us(n - 1),
    };
    assert_eq!(end, sim_us, "the last sample is at the run's end");
    assert!(
        (buckets as f64 - sim_us).abs() <= 2.0,
        "{buckets} buckets for {sim_us} µs"
    );
    // some queue built up somewhere, and the elephants' ports are known
    assert_eq!(
        sim.elephant_ports().iter().filter(|&&p| p >= ports).count(),
        0
    );
    assert!(!sim.elephant_ports().is_empty());
}

#[test]
fn mswift_signal_is_the_median_and_lswift_signal_the_latest_delay() {
    for (cca, expect_equal) in [(CcaKind::LSwift, true), (CcaKind::MSwift, false)] {
        let mut s = small(cca, LbScheme::Ops);
        s.workload.flow_size_bytes = 1 << 20;
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        let b = sim.drain_timeline();
        let differ = b
            .signal_us
            .iter()
            .zip(&b.raw_delay_us)
            .filter(|(a, r)| a != r)
            .count();
        if expect_equal {
            assert_eq!(differ, 0);
        } else {
            assert!(
                differ > b.signal_us.len() / 4,
                "{differ} of {}",
                b.signal_us.len()
            );
        }
    }
}

#[test]
fn hostile_scenarios_are_refused_or_run_without_panicking() {
    let base = small(CcaKind::MSwift, LbScheme::Ops);
    let mut cases: Vec<Scenario> = Vec::new();
    let mut push = |f: &dyn Fn(&mut Scenario)| {
        let mut s = base.clone();
        s.max_sim_time_us = 300.0;
        f(&mut s);
        cases.push(s);
    };
    push(&|s| s.topology.k = 0);
    push(&|s| s.topology.k = u32::MAX);
    push(&|s| s.topology.link_gbps = 0);
    push(&|s| s.topology.link_gbps = 1);
    push(&|s| s.topology.link_latency_us = f64::INFINITY);
    push(&|s| s.topology.link_latency_us = 0.0);
    push(&|s| s.topology.buffer_bytes = 100);
    push(&|s| s.topology.mss_bytes = 64);
    push(&|s| s.topology.ecn_max_bytes = 0);
    push(&|s| s.topology.ecn_min_bytes = 1 << 30);
    push(&|s| s.workload.elephants = 14);
    push(&|s| s.workload.elephants = 15);
    push(&|s| s.workload.flow_size_bytes = 0);
    push(&|s| s.workload.flow_size_bytes = 1);
    push(&|s| s.lb.path_labels = 1);
    push(&|s| s.lb.path_labels = 0);
    push(&|s| s.cca.history = History::Fixed(1024));
    push(&|s| s.cca.history = History::Fixed(5000));
    push(&|s| s.cca.percentile = 0);
    push(&|s| s.cca.percentile = 99);
    push(&|s| s.cca.initial_cwnd_bdp = 0.001);
    push(&|s| s.cca.initial_cwnd_bdp = -1.0);
    push(&|s| s.cca.swift.max_cwnd = 1.0);
    push(&|s| s.cca.swift.min_cwnd = 0.0);
    push(&|s| s.cca.swift.fs_min_cwnd = 200.0);
    push(&|s| s.transport.dupthresh = 1);
    push(&|s| s.transport.dupthresh = 0);
    push(&|s| s.timeline.interval_us = 0.0);
    push(&|s| s.timeline.interval_us = 0.01);
    push(&|s| s.timeline.max_buffered = 2);
    push(&|s| s.max_sim_time_us = 1.0);
    push(&|s| s.max_sim_time_us = f64::NAN);
    let (mut refused, mut ran) = (0, 0);
    for s in cases {
        match Simulation::new(&s) {
            Err(e) => {
                assert!(!e.field.is_empty() && e.message.contains("from"), "{e}");
                refused += 1;
            }
            Ok(mut sim) => {
                sim.run();
                let r = sim.report();
                assert_eq!(
                    r.counters.data_packets,
                    r.counters.delivered
                        + r.counters.drops
                        + r.counters.trimmed
                        + r.counters.in_network_at_end
                );
                ran += 1;
            }
        }
    }
    assert!(refused >= 12 && ran >= 12, "refused {refused}, ran {ran}");
}

#[test]
fn a_run_cut_short_reports_unfinished_flows() {
    let mut s = small(CcaKind::LSwift, LbScheme::Ops);
    s.workload.flow_size_bytes = 4 << 20;
    s.max_sim_time_us = 20.0;
    let mut sim = Simulation::new(&s).unwrap();
    sim.run();
    let r = sim.report();
    assert!(!r.finished);
    assert_eq!(r.cct_us, None);
    assert!(r.sim_time_us <= 20.0);
    assert!(r.flows.iter().any(|f| f.sprayed && f.fct_us.is_none()));
}

/// The paper's baseline (128 hosts, 4 ECMP elephants, OPS): Swift collapses on reordering,
/// LSwift on the delay signal, and MSwift's median avoids most of it (Fig. 4).
#[test]
fn baseline_swift_collapses_and_mswift_beats_lswift() {
    let inflation = |cca| {
        let mut s = Scenario::preset("baseline").unwrap();
        s.cca.algorithm = cca;
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        sim.report().cct_inflation.unwrap()
    };
    let (swift, lswift, mswift) = (
        inflation(CcaKind::Swift),
        inflation(CcaKind::LSwift),
        inflation(CcaKind::MSwift),
    );
    assert!(swift > 3.0 * lswift, "Swift {swift} vs LSwift {lswift}");
    assert!(mswift < lswift, "MSwift {mswift} vs LSwift {lswift}");
}

/// The cross-target fixtures: small scenarios and their reports (the second with timed
/// events). The browser tests (tests/web.rs) run the same scenarios in wasm and must produce
/// the same reports, byte for byte.
#[test]
fn native_reports_match_the_cross_target_fixtures() {
    for name in ["cross_target.json", "cross_target_events.json"] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let fixture: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let scenario = Scenario::from_json(&fixture["scenario"].to_string()).unwrap();
        let mut sim = Simulation::new(&scenario).unwrap();
        sim.run();
        let report = sim.report().to_json();
        if std::env::var_os("SPRAYLAB_BLESS").is_some() {
            let both = format!(
                "{{\"scenario\": {},\n\"report\": {report}}}\n",
                scenario.to_json()
            );
            std::fs::write(&path, both).unwrap();
            continue;
        }
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&report).unwrap(),
            fixture["report"],
            "{name}: the simulator's results changed: if intended, regenerate with SPRAYLAB_BLESS=1 cargo test --release --test sim"
        );
    }
}

#[test]
fn failures_depend_on_the_seed_only_and_flows_route_around_them() {
    let run = |cca, lb| {
        let mut s = small(cca, lb);
        s.topology.k = 8;
        s.workload.elephants = 4;
        s.topology.link_failure_rate = 0.05;
        s.seed = 11;
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        sim.report()
    };
    let a = run(CcaKind::LSwift, LbScheme::Ops);
    let b = run(CcaKind::Nscc, LbScheme::Ar);
    assert!(a.counters.failed_links > 0);
    assert_eq!(a.counters.failed_links, b.counters.failed_links);
    assert!(a.finished && b.finished);
}

#[test]
fn a_network_cut_in_two_is_refused_with_the_field_named() {
    let mut s = small(CcaKind::MSwift, LbScheme::Ops);
    s.topology.link_failure_rate = 0.5;
    let e = Simulation::new(&s)
        .err()
        .expect("half the links failing cuts a k=4 tree");
    assert_eq!(e.field, "topology.link_failure_rate");
    assert!(e.message.contains("disconnect"), "{e}");
}

#[test]
fn degraded_links_stay_routed_at_a_quarter_rate_and_slow_the_flows() {
    // the cut above, degraded instead of removed: every host pair stays connected
    let run = |rate: f64, lb| {
        let mut s = small(CcaKind::MSwift, lb);
        // a partial last packet: three packet sizes at two rates, twelve hop delays
        s.workload.flow_size_bytes = 100_000;
        s.topology.link_failure_rate = rate;
        s.topology.failed_links_degraded = true;
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        let r = sim.report();
        assert_conserved(&sim);
        r
    };
    for lb in [LbScheme::Ops, LbScheme::Ar, LbScheme::Reps, LbScheme::Ecmp] {
        let (clean, degraded) = (run(0.0, lb), run(0.5, lb));
        assert!(degraded.finished, "{lb:?}");
        assert!(degraded.counters.failed_links > 0);
        assert!(
            degraded.cct_us.unwrap() > clean.cct_us.unwrap(),
            "{lb:?}: {:?} vs {:?}",
            degraded.cct_us,
            clean.cct_us
        );
    }
}

#[test]
fn ack_coalescing_sends_fewer_acks_and_every_flow_still_finishes() {
    // two equal paths: in-order arrivals, no queues, no marks (any of which would ACK at once)
    let run = |every| {
        let mut s = Scenario::preset("npath").unwrap();
        s.cca.algorithm = CcaKind::Nscc;
        s.workload.paths = 2;
        s.workload.long_path_extra_us = 0.0;
        s.workload.flow_size_bytes = 4 << 20;
        s.cca.nscc.ack_every_bytes = every;
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        sim.report()
    };
    let (each, coalesced) = (run(0), run(16384));
    assert_eq!(each.counters.acks, each.counters.delivered);
    assert!(coalesced.finished);
    // one ACK per four 4 KiB packets
    assert!(
        (coalesced.counters.acks as f64) < 0.3 * coalesced.counters.delivered as f64,
        "{} ACKs for {} packets",
        coalesced.counters.acks,
        coalesced.counters.delivered
    );
}

#[test]
fn the_uec_reference_preset_acks_as_often_as_the_uec_htsim() {
    // the UEC htsim (ultraethernet/uet-htsim, htsim_uec -load_balancing_algo oblivious, the
    // flags of docs/cli.md's "Side by side with htsim") sends 127,938 ACKs a run over seeds 1 to 5
    // on this permutation; ACKing every reordered packet at once sent 230,339
    let mut s = Scenario::preset("uec-reference").unwrap();
    s.seed = 1;
    let mut sim = Simulation::new(&s).unwrap();
    sim.run();
    let r = sim.report();
    assert!(r.finished);
    let ratio = r.counters.acks as f64 / 127_938.0;
    assert!(
        (0.95..1.05).contains(&ratio),
        "{} ACKs, {ratio:.3} of the reference's",
        r.counters.acks
    );
}

#[test]
fn tcp_and_dctcp_with_a_window_cap_below_two_packets_run_without_a_panic() {
    for cca in ["tcp", "dctcp"] {
        let mut s = Scenario::default();
        s.topology.k = 4;
        s.workload.elephants = 0;
        s.workload.flow_size_bytes = 64 << 10;
        s.set_field("cca", cca).unwrap();
        s.cca.swift.max_cwnd = 1.999;
        s.validate().unwrap();
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        assert!(sim.report().finished, "{cca}");
    }
}

#[test]
fn degraded_links_below_4_gbps_are_refused_with_the_fields_named() {
    let mut s = Scenario::default();
    s.topology.k = 4;
    s.workload.elephants = 0;
    s.topology.link_gbps = 3;
    s.topology.link_failure_rate = 0.05;
    s.topology.failed_links_degraded = true;
    let e = s.validate().unwrap_err();
    assert_eq!(e.field, "topology.link_gbps");
    assert!(e.to_string().contains("failed_links_degraded"), "{e}");
    s.topology.link_gbps = 4;
    s.validate().unwrap();
}

/// The n-path model's receiver has a link per path: a flow whose last packet is short can
/// finish sooner than one link in could deliver it (a scenario the property test drew).
#[test]
fn the_npath_bound_does_not_assume_one_link_into_the_receiver() {
    let s = Scenario::from_json(include_str!("regressions/npath_short_last_packet.json")).unwrap();
    assert_bounds_hold(&s);
}

#[test]
fn a_k32_fat_tree_of_8192_hosts_runs_every_flow_to_the_end() {
    let mut s = Scenario::default();
    s.topology.k = 32;
    s.workload.flow_size_bytes = 32 << 10;
    s.timeline.interval_us = 0.0;
    s.validate().unwrap();
    let mut sim = Simulation::new(&s).unwrap();
    sim.run();
    let r = sim.report();
    assert!(r.finished, "{:?}", r.counters);
    assert_eq!(r.flows.iter().filter(|f| f.sprayed).count(), 8192 - 4);
    assert!(r.cct_us.unwrap() >= r.ideal_cct_us);
}

/// A trace holds every ACK of the traced flow in time order, with the signal the CCA decided on,
/// its H and target, and cuts that match the CCA's own counters; the drop log holds every drop.
#[test]
fn a_trace_records_each_decision_of_one_flow_and_the_drop_log_each_drop() {
    use spraylab::sim::trace::Outcome;
    let mut s = small(CcaKind::MSwift, LbScheme::Ops);
    s.seed = 4;
    let mut sim = Simulation::new(&s).unwrap();
    assert!(sim.trace_flow(99).unwrap_err().contains("trace-flow"));
    let traced = 2; // a sprayed flow (the elephants come first)
    sim.trace_flow(traced).unwrap();
    sim.log_drops();
    sim.lose_packet(traced, 5);
    sim.run();
    let report = sim.report();
    let trace = sim.trace();
    let acks: Vec<_> = trace
        .decisions
        .rows
        .iter()
        .filter(|d| d.rtt.is_some())
        .collect();
    // one ACK per data packet delivered, the lost one's retransmission included
    let packets = (s.workload.flow_size_bytes / s.topology.mss_bytes as u64) as usize;
    assert_eq!(acks.len(), packets, "every packet acknowledged once");
    assert!(trace
        .decisions
        .rows
        .windows(2)
        .all(|w| w[0].time <= w[1].time));
    assert!(acks
        .iter()
        .all(|d| d.history.is_some() && d.target.is_some()));
    // the median of a run of equal samples is that sample: the first ACK decides on its own RTT
    assert_eq!(acks[0].signal, acks[0].rtt.unwrap() as f64);
    let drops = trace.drops.as_ref().unwrap();
    assert_eq!(drops.rows.len() as u64, report.counters.drops);
    assert!(drops
        .rows
        .iter()
        .any(|d| d.port == "lost" && d.seq == 5 && d.flow.0 == traced as u32));
    let csv = trace.decisions_csv();
    assert_eq!(csv.lines().count(), trace.decisions.rows.len() + 1);
    assert!(csv.starts_with("time_us,cause,seq,rtt_us"));
    assert!(acks.iter().any(|d| d.outcome == Outcome::Increase));
    // a decision that cut cwnd says which cause; one that grew it says so
    for d in &trace.decisions.rows {
        match d.outcome {
            Outcome::Increase => assert!(d.cwnd_after > d.cwnd_before),
            Outcome::DelayCut | Outcome::LossCut | Outcome::TimeoutCut => {
                assert!(d.cwnd_after <= d.cwnd_before)
            }
            Outcome::Held | Outcome::Unchanged => assert_eq!(d.cwnd_after, d.cwnd_before),
        }
    }
}

/// A traffic matrix whose flows all end in a last packet of a different size needs more delays
/// than the event lanes hold: the arrivals beyond them wait as timers, and the run finishes
/// with every packet accounted for and every flow at or above its bound.
#[test]
fn a_matrix_of_many_packet_sizes_runs_to_the_end() {
    use spraylab::scenario::Connection;
    let mut s = small(CcaKind::Nscc, LbScheme::Ops);
    s.workload.connections = (0..40u32)
        .map(|i| Connection::new(i % 16, (i * 7 + 3) % 16, 20_000 + 97 * i as u64))
        .filter(|c| c.src != c.dst)
        .collect();
    let n = s.workload.connections.len();
    s.validate().unwrap();
    let mut sim = Simulation::new(&s).unwrap();
    sim.run();
    assert_conserved(&sim);
    let r = sim.report();
    assert_eq!(r.flows.len(), n);
    assert!(r.finished);
    for (f, c) in r.flows.iter().zip(&s.workload.connections) {
        assert_eq!((f.src, f.dst, f.bytes), (c.src, c.dst, c.bytes));
        assert!(f.fct_us.unwrap() >= f.ideal_fct_us.unwrap() - 1e-9);
    }
}

#[test]
fn the_budget_bounds_what_flows_hold_on_the_heap() {
    // every CCA and LB on the small network, and the median and window-based CCAs on the
    // presets whose flows differ most (per-packet timeouts, coalesced ACKs, one receiver)
    let mut cases = all_combinations();
    for name in ["baseline", "uec-reference", "incast", "hsdp"] {
        for cca in [
            CcaKind::MSwift,
            CcaKind::Nscc,
            CcaKind::Mnscc,
            CcaKind::Smartt,
        ] {
            let mut s = Scenario::preset(name).unwrap();
            s.cca.algorithm = cca;
            s.workload.flow_size_bytes = 2 << 20;
            cases.push(s);
        }
    }
    for s in cases {
        let mut sim = Simulation::new(&s).unwrap();
        // the most the flows held at any point: a finished flow gives its scoreboards back
        let mut held = 0f64;
        loop {
            let progress = sim.advance(1 << 12);
            held = held.max(sim.flow_heap_bytes() as f64);
            if progress.done {
                break;
            }
        }
        let estimate = s.work().memory.flow_state;
        assert!(held > 0.0);
        assert!(
            held <= estimate,
            "{:?} {:?} k={}: flows hold {held} B, the budget says at most {estimate}",
            s.cca.algorithm,
            s.lb.scheme,
            s.topology.k
        );
    }
}
