//! What one lost packet costs: about one retransmission timeout at most, not the rest of the
//! flow (the timer rules are in `src/sim/transport/mod.rs`, `RtoRule`).

use spraylab::scenario::{CcaKind, LbScheme, Scenario, WorkloadKind};
use spraylab::Simulation;

/// One 8 MiB flow across a k = 4 fat-tree (about 84 µs at 800 Gbps).
fn one_flow(cca: CcaKind) -> Scenario {
    let mut s = Scenario::default();
    s.topology.k = 4;
    s.workload.kind = WorkloadKind::Incast;
    s.workload.incast_senders = 1;
    s.workload.elephants = 0;
    s.cca.algorithm = cca;
    s.lb.scheme = LbScheme::Ops;
    s
}

/// The flow's completion time (µs) and timeouts, losing `losses` transmissions of packet 5.
fn fct_losing(s: &Scenario, losses: usize) -> (f64, u64) {
    let mut sim = Simulation::new(s).unwrap();
    for _ in 0..losses {
        sim.lose_packet(0, 5);
    }
    sim.run();
    let r = sim.report();
    assert!(r.finished);
    assert_eq!(r.counters.drops, losses as u64);
    (r.flows[0].fct_us.unwrap(), r.counters.timeouts)
}

#[test]
fn nscc_recovers_an_early_drop_one_rto_after_sending_it() {
    for cca in [CcaKind::Nscc, CcaKind::Mnscc] {
        let s = one_flow(cca);
        let (clean, none) = fct_losing(&s, 0);
        assert_eq!(none, 0);
        let (lossy, timeouts) = fct_losing(&s, 1);
        // the packet's own deadline (sent at about 0.1 µs, RTO 64.2 µs) falls within the flow,
        // so the flow ends soon after the clean run, not an RTO after all the rest is acknowledged
        assert_eq!(timeouts, 1, "{cca}");
        // (measured: 90.09 µs clean, 90.16 µs with the drop; the old rule, restarting the timer on
        // every SACK, ended about an RTO after the rest of the flow, near 154 µs)
        assert!(
            lossy - clean < 5.0,
            "{cca}: {clean} µs clean, {lossy} µs with a drop"
        );
    }
}

#[test]
fn swift_recovers_a_lost_retransmission_one_rto_after_the_cumulative_ack_stalled() {
    for cca in [CcaKind::Swift, CcaKind::LSwift, CcaKind::MSwift] {
        let s = one_flow(cca);
        let rto = s.transport.rto_min_us;
        let (clean, _) = fct_losing(&s, 0);
        // one drop: the SACK scoreboard finds the hole; no timeout
        let (one, timeouts) = fct_losing(&s, 1);
        assert_eq!(timeouts, 0, "{cca}");
        // the retransmission lost too: the timer has run since the cumulative ACK stalled at
        // packet 5 (about 6 µs in) and fires RTO_min (100 µs) later, while the flow's other
        // packets are still being selectively acknowledged (they are until about 90 µs)
        let (two, timeouts) = fct_losing(&s, 2);
        assert_eq!(timeouts, 1, "{cca}");
        if cca == CcaKind::Swift {
            // Swift also halves its window on the hole and on the timeout, which sets its pace
            assert!(
                two - one < rto / 2.0,
                "{cca}: {one} µs, {two} µs with the retransmission lost"
            );
        } else {
            // LSwift and MSwift cut for neither: the flow ends one RTO after the stall
            assert!(
                one - clean < 1.0,
                "{cca}: {clean} µs clean, {one} µs with a drop"
            );
            assert!(
                two < 6.0 + rto + 10.0,
                "{cca}: {two} µs with the retransmission lost"
            );
        }
    }
}
