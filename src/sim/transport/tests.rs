use super::*;
use crate::scenario::{CcaKind, Scenario};
use crate::sim::build::transport_config;
use crate::sim::cca::{AnyController, CcaContext, Controller};

const US: SimTime = 1_000_000;

fn ctx(cwnd: f64) -> CcaContext {
    CcaContext {
        base_rtt: 6 * US,
        net_rtt: 6 * US,
        mss_bytes: 4096,
        link_gbps: 800,
        initial_cwnd: cwnd,
    }
}

/// The tests' scenario: `kind` with a 100 µs minimum RTO (NSCC's too), a 1 ms first one, an ACK
/// per packet, the reordering wait, and pacing as `pacing` says.
fn scenario(kind: CcaKind, pacing: bool) -> Scenario {
    let mut s = Scenario::default();
    s.cca.algorithm = kind;
    s.cca.nscc.rto_min_us = 100.0;
    s.cca.nscc.ack_every_bytes = 0;
    s.transport.dupthresh = 3;
    s.transport.rto_min_us = 100.0;
    s.transport.rto_initial_us = 1000.0;
    s.transport.pacing = pacing;
    s.transport.reordering_wait = true;
    s.transport.ack_every_bytes = 0;
    s
}

fn sender(kind: CcaKind, total: u64, cwnd: f64) -> Sender {
    let s = scenario(kind, false);
    let cfg = transport_config(&s);
    Sender::new(total, AnyController::new(&s.cca, &ctx(cwnd)), 6 * US, &cfg)
}

fn send_all(s: &mut Sender, now: SimTime) -> Vec<u64> {
    std::iter::from_fn(|| match s.next_send(now) {
        SendDecision::Send { seq, .. } => Some(seq),
        _ => None,
    })
    .collect()
}

#[test]
fn window_limits_packets_in_flight() {
    let mut s = sender(CcaKind::Swift, 100, 10.0);
    assert_eq!(send_all(&mut s, 0), (0..10).collect::<Vec<_>>());
    assert_eq!(s.in_flight, 10);
    s.on_ack(6 * US, 0, 1, 0, false);
    assert_eq!(s.in_flight, 9);
    assert_eq!(send_all(&mut s, 6 * US), vec![10]); // cwnd grew by 0.1 only
}

#[test]
fn a_finite_flow_finishes_on_the_ack_covering_its_last_packet() {
    let mut s = sender(CcaKind::Swift, 3, 10.0);
    assert_eq!(send_all(&mut s, 0), vec![0, 1, 2]);
    assert!(!s.on_ack(6 * US, 2, 0, 0, false));
    assert!(!s.on_ack(6 * US, 0, 1, 0, false));
    assert!(s.on_ack(7 * US, 1, 3, 0, false));
    assert_eq!(s.finished_at, Some(7 * US));
    assert_eq!(s.next_send(8 * US), SendDecision::Idle);
}

#[test]
fn a_finished_sender_gives_its_scoreboards_back() {
    // NSCC keeps every per-packet structure (send order, send times); a hole waits for its wait
    let mut s = sender(CcaKind::Nscc, 200, 100.0);
    let sent = send_all(&mut s, 0);
    assert_eq!(sent.len(), 100);
    let cca = s.cca.heap_bytes();
    let busy = s.heap_bytes();
    assert!(busy > cca + 100 * 4, "{busy} B while sending");
    for seq in 0..200 {
        let now = (7 + seq) * US;
        let done = s.on_ack(now, seq, seq + 1, 0, false);
        assert_eq!(done, seq == 199, "{seq}");
        send_all(&mut s, now);
    }
    let pending = s.pending.capacity() * std::mem::size_of::<(u64, SimTime)>();
    assert_eq!(s.heap_bytes(), cca + pending);
    assert_eq!(s.next_send(300 * US), SendDecision::Idle);
    assert!(!s.on_timer(1000 * US));
}

#[test]
fn swift_retransmits_a_hole_after_three_later_acks() {
    let mut s = sender(CcaKind::Swift, 100, 20.0);
    send_all(&mut s, 0);
    for seq in 1..=3 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    assert!(s.cca.cwnd() < 11.0, "cwnd {}", s.cca.cwnd());
    assert_eq!(s.queued_retransmissions(), 1);
    // the retransmission goes out once the window has room again
    for seq in 4..=10 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    assert_eq!(
        s.next_send(6 * US),
        SendDecision::Send {
            seq: 0,
            retx: true,
            ack_request: false
        }
    );
    assert_eq!(s.retransmits, 1);
}

#[test]
fn lswift_waits_for_a_reordered_packet_without_cutting() {
    let mut s = sender(CcaKind::LSwift, 100, 20.0);
    send_all(&mut s, 0);
    for seq in 1..=3 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    assert!(s.cca.cwnd() > 20.0);
    assert_eq!(s.queued_retransmissions(), 0);
    assert_eq!(s.next_deadline(), Some(6 * US + s.reordering_wait()));
    // the late original arrives
    s.on_ack(7 * US, 0, 4, 0, false);
    assert_eq!(s.snd_una, 4);
    assert_eq!(s.retransmits, 0);
    assert_eq!(s.cca.cuts().loss, 0);
}

#[test]
fn without_the_reordering_wait_a_hole_is_delayed_at_once() {
    let mut s = sender(CcaKind::LSwift, 100, 20.0);
    s.wait_for_reordering = false;
    send_all(&mut s, 0);
    for seq in 1..=3 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    s.on_timer(6 * US);
    assert_eq!(s.queued_retransmissions(), 1);
}

#[test]
fn a_hole_still_missing_after_the_wait_is_retransmitted() {
    let mut s = sender(CcaKind::LSwift, 100, 20.0);
    send_all(&mut s, 0);
    for seq in 1..=3 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    let later = 6 * US + s.reordering_wait();
    s.on_timer(later);
    assert_eq!(s.queued_retransmissions(), 1);
    assert_eq!(s.cca.cuts().loss, 0); // one delayed packet is not a run
    assert_eq!(
        s.next_send(later),
        SendDecision::Send {
            seq: 0,
            retx: true,
            ack_request: false
        }
    );
}

#[test]
fn five_successive_delayed_packets_cut_cwnd() {
    let mut s = sender(CcaKind::LSwift, 100, 30.0);
    send_all(&mut s, 0);
    for seq in 5..=7 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    assert_eq!(s.cca.cuts().loss, 0);
    s.on_timer(6 * US + s.reordering_wait());
    assert_eq!(s.cca.cuts().loss, 1);
    assert_eq!(s.queued_retransmissions(), 5);
    assert_eq!(s.in_flight, 30 - 3 - 5);
}

#[test]
fn a_selective_ack_does_not_restart_the_timer_a_cumulative_one_does() {
    let mut s = sender(CcaKind::MSwift, 100, 10.0);
    send_all(&mut s, 0);
    assert_eq!(s.rto_deadline, Some(1000 * US));
    // packet 0 is missing: ACKs of 1..9 only select
    for seq in 1..10 {
        s.on_ack((5 + seq) * US, seq, 0, 0, false);
    }
    assert_eq!(s.rto_deadline, Some(1000 * US));
    // the cumulative ACK advances: now + RTO
    s.on_ack(20 * US, 0, 10, 0, false);
    assert!(s.rto_deadline.is_none()); // nothing left in flight
    send_all(&mut s, 20 * US);
    let rto = s.rto_deadline.unwrap() - 20 * US;
    s.on_ack(30 * US, 10, 11, 0, false);
    assert_eq!(s.rto_deadline, Some(30 * US + rto));
}

#[test]
fn nscc_times_out_each_packet_from_its_own_send_time() {
    let mut s = sender(CcaKind::Nscc, 100, 4.0);
    // NSCC's window is in bytes: 4 packets
    assert_eq!(send_all(&mut s, 0), vec![0, 1, 2, 3]);
    assert_eq!(s.rto_deadline, Some(100 * US)); // send time + the fixed minimum RTO
                                                // 1..3 arrive, 0 is lost; the ACKs do not move 0's deadline
    for seq in 1..4 {
        s.on_ack(6 * US, seq, 0, 0, false);
    }
    send_all(&mut s, 6 * US);
    assert_eq!(s.rto_deadline, Some(100 * US));
    assert!(!s.on_timer(100 * US - 1));
    assert!(s.on_timer(100 * US));
    // only the expired packet is resent; the timer moves on to the oldest still in flight
    assert_eq!(s.timeouts, 1);
    assert_eq!(s.queued_retransmissions(), 1);
    assert_eq!(s.rto_deadline, Some(106 * US));
    // once the window has room, 0 goes out again
    for seq in 4..7 {
        s.on_ack(101 * US, seq, 0, 0, false);
    }
    assert_eq!(send_all(&mut s, 101 * US).first(), Some(&0));
    assert_eq!(s.retransmits, 1);
}

#[test]
fn a_packet_sent_again_takes_its_new_send_time() {
    let mut s = sender(CcaKind::Nscc, 100, 2.0);
    send_all(&mut s, 0);
    s.on_timer(100 * US); // 0 and 1 both expire: two timeouts
    assert_eq!(s.timeouts, 2);
    assert!(s.rto_deadline.is_none());
    send_all(&mut s, 150 * US);
    assert_eq!(s.rto_deadline, Some(250 * US));
}

#[test]
fn a_timeout_retransmits_everything_unacked_in_the_cumulative_rule() {
    let mut s = sender(CcaKind::Swift, 100, 4.0);
    send_all(&mut s, 0);
    assert!(!s.on_timer(999 * US));
    assert!(s.on_timer(1000 * US));
    assert_eq!(s.timeouts, 1);
    assert_eq!(s.in_flight, 0);
    assert_eq!(s.cca.cwnd(), 2.0);
    let again = send_all(&mut s, 1000 * US);
    assert_eq!(again, vec![0, 1]);
}

#[test]
fn pacing_spaces_packets_by_srtt_over_cwnd() {
    let s = scenario(CcaKind::MSwift, true);
    let cfg = transport_config(&s);
    let mut p = Sender::new(100, AnyController::new(&s.cca, &ctx(4.0)), 6 * US, &cfg);
    assert_eq!(
        p.next_send(0),
        SendDecision::Send {
            seq: 0,
            retx: false,
            ack_request: false
        }
    );
    let gap = 6 * US / 4;
    assert_eq!(p.pace_deadline(), Some(gap));
    assert_eq!(p.next_send(gap - 1), SendDecision::WaitUntil(gap));
    assert!(!p.can_send(gap - 1) && p.can_send(gap));
    assert_eq!(
        p.next_send(gap),
        SendDecision::Send {
            seq: 1,
            retx: false,
            ack_request: false
        }
    );
    // without pacing, a full window goes out at once
    let mut w = sender(CcaKind::MSwift, 100, 4.0);
    assert_eq!(send_all(&mut w, 0).len(), 4);
    assert_eq!(w.pace_deadline(), None);
}

#[test]
fn rtt_estimator_follows_samples() {
    let mut s = sender(CcaKind::Swift, 100, 4.0);
    send_all(&mut s, 0);
    s.on_ack(10 * US, 0, 1, 2 * US, false); // 8 µs sample
    assert_eq!(s.latest_rtt, 8 * US);
    assert_eq!(s.srtt, 6 * US - 6 * US / 8 + US);
}

/// Packet `seq` reaches `r` (sent at time `seq`, 4 KiB): the cumulative ACK it answers with.
fn arrive(r: &mut Receiver, seq: u64, ecn: bool, ack_request: bool) -> Option<u64> {
    r.on_packet(Arrival {
        seq,
        sent_at: seq,
        bytes: 4096,
        ecn,
        ack_request,
    })
}

#[test]
fn a_receiver_released_after_the_last_ack_still_answers_duplicates() {
    // the last packet first: the scoreboard spans 300 packets, and the postings of the ACKs
    // on their way grow with them
    let mut r = Receiver::new(16384);
    arrive(&mut r, 299, false, true);
    for seq in 0..299 {
        arrive(&mut r, seq, false, false);
    }
    assert_eq!(r.delivered, 300);
    let before = r.heap_bytes();
    r.release();
    assert!(
        r.heap_bytes() < before / 2,
        "{} of {before} B",
        r.heap_bytes()
    );
    // a retransmission that arrives late is a duplicate, answered at once, and counted once
    assert_eq!(arrive(&mut r, 6, false, false), Some(300));
    assert_eq!(r.delivered, 300);
}

#[test]
fn coalescing_acks_as_the_uec_reference_sink() {
    // UecSink::processData: the first packet, a mark, a duplicate and an ack request at once;
    // the rest once 16 KiB arrived since the last ACK
    let mut r = Receiver::new(16384);
    assert_eq!(arrive(&mut r, 0, false, false), Some(1)); // the first packet
    assert_eq!(arrive(&mut r, 1, false, false), None);
    assert_eq!(arrive(&mut r, 2, false, false), None);
    assert_eq!(arrive(&mut r, 3, false, false), None);
    assert_eq!(arrive(&mut r, 4, false, false), Some(5)); // 16 KiB since the last
    assert_eq!(arrive(&mut r, 6, false, false), None); // out of order: waits too
    assert_eq!(arrive(&mut r, 7, true, false), Some(5)); // marked
    assert_eq!(arrive(&mut r, 6, false, false), Some(5)); // a duplicate
    assert_eq!(arrive(&mut r, 9, false, true), Some(5)); // an ack request
    assert_eq!(arrive(&mut r, 5, false, false), None); // 8 not in yet
    assert_eq!(arrive(&mut r, 8, false, false), Some(10)); // the request's gap filled
    let mut every = Receiver::new(0);
    assert_eq!(arrive(&mut every, 0, false, false), Some(1));
    assert_eq!(arrive(&mut every, 2, false, false), Some(1));
    assert_eq!(
        every.report(2, 2, 1),
        AckReport {
            cum_ack: 1,
            ..AckReport::default()
        }
    );
}

#[test]
fn a_coalesced_ack_reports_the_reference_bitmap_and_count() {
    let mut r = Receiver::new(1 << 20);
    arrive(&mut r, 0, false, false);
    for seq in [2, 3, 70, 71] {
        assert_eq!(arrive(&mut r, seq, false, false), None);
    }
    // an ack request's bitmap starts at its packet
    let cum = arrive(&mut r, 72, false, true).unwrap();
    let a = r.report(72, 72, cum);
    assert_eq!((a.sack.base, a.delivered), (72, Some(6)));
    // a duplicate's, unmarked, ends at it: base max(seq - 63, cum + 1)
    let again = Arrival {
        seq: 72,
        sent_at: 100,
        bytes: 4096,
        ..Arrival::default()
    };
    assert_eq!(r.on_packet(again), Some(1));
    let a = r.report(72, 100, 1);
    assert_eq!(a.sack.base, 9);
    assert_eq!(a.sack.seqs().collect::<Vec<_>>(), vec![70, 71, 72]);
    // the first ACK of 72 is still on its way: its posting was overwritten, it reports nothing
    assert_eq!(
        r.report(72, 72, cum),
        AckReport {
            cum_ack: 1,
            ..AckReport::default()
        }
    );
    assert_eq!(arrive(&mut r, 5, false, false), None);
    let cum = arrive(&mut r, 4, true, false).unwrap(); // marked: the bitmap starts at it
    let a = r.report(4, 4, cum);
    assert_eq!((a.cum_ack, a.sack.base), (1, 4));
    assert_eq!(a.sack.seqs().collect::<Vec<_>>(), vec![4, 5]);
    // 1 fills the first gap, but the request's packets are not all in until 69 arrives
    for seq in std::iter::once(1).chain(6..69) {
        assert_eq!(arrive(&mut r, seq, false, false), None, "{seq}");
    }
    let cum = arrive(&mut r, 69, false, false).unwrap();
    assert_eq!((cum, r.report(69, 69, cum).delivered), (73, Some(73)));
}

#[test]
fn a_coalesced_acks_bitmap_acknowledges_and_the_count_frees_the_window() {
    let mut s = sender(CcaKind::Nscc, 100, 10.0);
    s.coalesced_acks = true;
    assert_eq!(send_all(&mut s, 0).len(), 10);
    // packets 0, 2 and 3 received; the ACK of 3 names 2 and 3 in its bitmap
    let report = AckReport {
        cum_ack: 1,
        sack: SackBits {
            base: 2,
            bits: 0b11,
        },
        delivered: Some(3),
    };
    assert!(!s.on_report(6 * US, 3, 0, false, &report));
    assert_eq!((s.snd_una, s.in_flight, s.acked), (1, 7, 3));
    // packets 4 and 5 arrived too, named by no ACK yet: the window counts them out
    let report = AckReport {
        cum_ack: 1,
        sack: SackBits {
            base: 2,
            bits: 0b11,
        },
        delivered: Some(5),
    };
    s.on_report(6 * US, 3, 0, false, &report);
    assert_eq!((s.in_flight, s.window_in_flight()), (7, 5));
    // an older count (a reordered ACK) changes nothing
    let report = AckReport {
        delivered: Some(4),
        ..report
    };
    s.on_report(6 * US, 3, 0, false, &report);
    assert_eq!(s.window_in_flight(), 5);
}

#[test]
fn a_sender_asks_for_an_ack_when_its_window_fills_and_on_its_last_packet() {
    let requests = |s: &mut Sender| -> Vec<bool> {
        std::iter::from_fn(|| match s.next_send(0) {
            SendDecision::Send { ack_request, .. } => Some(ack_request),
            _ => None,
        })
        .collect()
    };
    let mut s = sender(CcaKind::Nscc, 100, 3.0);
    s.coalesced_acks = true;
    assert_eq!(requests(&mut s), vec![false, true, true]);
    let mut short = sender(CcaKind::Nscc, 2, 10.0);
    short.coalesced_acks = true;
    assert_eq!(requests(&mut short), vec![false, true]);
    // a receiver that ACKs every packet needs no requests
    let mut every = sender(CcaKind::Nscc, 2, 10.0);
    assert_eq!(requests(&mut every), vec![false, false]);
}

#[test]
fn receiver_cumulative_ack_skips_over_reordered_packets() {
    let mut r = Receiver::default();
    assert_eq!(r.on_data(1), 0);
    assert_eq!(r.on_data(2), 0);
    assert_eq!(r.on_data(0), 3);
    assert_eq!(r.on_data(0), 3); // duplicate
    assert_eq!(r.delivered, 3);
}

#[test]
fn postings_grow_with_the_acks_in_flight_and_each_report_is_taken_once() {
    let mut r = Receiver::new(16384);
    assert_eq!(Receiver::new(0).postings_capacity(), 0);
    // 300 packets, each with an ack request: 300 ACKs on their way at once
    let cums: Vec<u64> = (0..300)
        .map(|seq| arrive(&mut r, seq, false, true).unwrap())
        .collect();
    assert_eq!(r.postings_capacity(), 512);
    for (seq, cum) in (0..300).zip(cums) {
        let a = r.report(seq, seq, cum);
        assert_eq!(a.delivered, Some(seq as u32 + 1), "{seq}");
        // taken: the same ACK cannot be read twice
        assert_eq!(r.report(seq, seq, cum).delivered, None);
    }
    // a posting whose ACK never arrives (dropped) stays until its slot is needed at the
    // largest size, one entry per scoreboard slot
    let mut r = Receiver::new(16384);
    for seq in 0..=SCOREBOARD {
        arrive(&mut r, seq, false, true);
    }
    assert_eq!(r.postings_capacity(), SCOREBOARD as usize);
    assert_eq!(r.report(0, 0, 1).delivered, None);
    assert_eq!(r.report(1, 1, 2).delivered, Some(2));
    assert_eq!(
        r.report(SCOREBOARD, SCOREBOARD, SCOREBOARD + 1).delivered,
        Some(SCOREBOARD as u32 + 1)
    );
}

#[test]
fn a_nacked_packet_leaves_the_pipe_and_is_the_next_one_sent() {
    for kind in [
        CcaKind::Swift,
        CcaKind::MSwift,
        CcaKind::Nscc,
        CcaKind::Dctcp,
    ] {
        let mut s = sender(kind, 100, 8.0);
        send_all(&mut s, 0);
        let in_flight = s.in_flight;
        // packet 5's copy sent at 0 was trimmed: the NACK takes it out of the pipe
        assert!(s.on_nack(3 * US, 5, 0), "{kind:?}");
        assert_eq!(s.in_flight, in_flight - 1, "{kind:?}");
        assert_eq!(s.queued_retransmissions(), 1, "{kind:?}");
        // a NACK of a packet no longer in the pipe, or of one not sent, changes nothing
        assert!(!s.on_nack(3 * US, 5, 0), "{kind:?}");
        assert!(!s.on_nack(3 * US, 99, 0), "{kind:?}");
        // the ACKs of the others make room: 5 goes first
        for seq in [0, 1, 2, 3] {
            s.on_ack(6 * US, seq, seq + 1, 0, false);
        }
        let next = send_all(&mut s, 6 * US);
        assert_eq!(next.first(), Some(&5), "{kind:?}: sent {next:?}");
        assert_eq!(s.retransmits, 1, "{kind:?}");
        // Swift and DCTCP cut on the loss; MSwift counts it as a delayed packet (below); NSCC
        // has its own NACK rule (nscc.rs)
        let cuts_on_one = matches!(kind, CcaKind::Swift | CcaKind::Dctcp);
        assert_eq!(s.cca.cuts().loss >= 1, cuts_on_one, "{kind:?}");
    }
    // LSwift and MSwift cut on five successive delayed packets: five NACKs in a row
    let mut s = sender(CcaKind::MSwift, 100, 20.0);
    send_all(&mut s, 0);
    for seq in 0..5 {
        assert_eq!(s.cca.cuts().loss, 0, "after {seq} NACKs");
        assert!(s.on_nack(3 * US, seq, 0));
    }
    assert_eq!(s.cca.cuts().loss, 1);
}

#[test]
fn a_nack_of_an_older_copy_of_a_resent_packet_is_stale() {
    let mut s = sender(CcaKind::Nscc, 100, 2.0);
    send_all(&mut s, 0);
    s.on_timer(100 * US); // 0 and 1 expire and are resent at 150 µs
    send_all(&mut s, 150 * US);
    assert!(!s.on_nack(151 * US, 0, 0), "the NACK of the copy sent at 0");
    assert!(s.on_nack(151 * US, 0, 150 * US));
}
