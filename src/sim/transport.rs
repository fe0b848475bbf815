//! The reliable transport under every CCA: sequence numbers, the SACK scoreboard, loss and
//! reordering detection, retransmission, RTT estimation, the retransmission timeout and pacing.
//!
//! The receiver acknowledges every data packet. Each ACK carries the sequence number it
//! acknowledges (a selective ACK), the receiver's cumulative ACK, the packet's ECN mark and its
//! echoed send time, so every ACK yields an exact RTT sample even for retransmissions.
//!
//! Hole detection (ALGORITHMS.md §15 A2): a packet is a *hole* once `dupthresh` packets above it are
//! acknowledged. With the acknowledged sequence numbers' `dupthresh`-th largest value `h`, every
//! unacknowledged packet below `h` is a hole; a frontier sweeps up to `h`, visiting each sequence
//! number once, and asks the CCA what a new hole means: a loss to retransmit now (Swift), or
//! possibly a reordered packet to wait for (LSwift, MSwift). A hole still missing after the
//! reordering wait (srtt + 4·rttvar) is retransmitted and reported to the CCA as a delayed packet.

use super::cca::{AckSample, AnyController, Controller, Hole, HoleVerdict, Timeout, Window};
use super::time::SimTime;
use std::collections::VecDeque;

/// Packets the scoreboard covers beyond the oldest unacknowledged one; bounds what can be in
/// flight (above the largest allowed cwnd, with room for holes).
pub const SCOREBOARD: u64 = 4096;

const ACKED: u8 = 1;
const IN_PIPE: u8 = 2;
const RETX_QUEUED: u8 = 4;
const PENDING: u8 = 8;

/// What the sender wants to do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendDecision {
    /// Send this sequence number (a retransmission if `retx`).
    Send { seq: u64, retx: bool },
    /// Pacing: nothing before this time.
    WaitUntil(SimTime),
    /// Window full, or nothing to send.
    Idle,
}

/// Timer settings of the transport.
#[derive(Clone, Copy, Debug)]
pub struct TransportConfig {
    pub dupthresh: u32,
    pub rto_min: SimTime,
    pub rto_initial: SimTime,
    /// Pace at every cwnd, not only below one packet.
    pub pacing: bool,
    /// LSwift/MSwift wait srtt + 4·rttvar for a hole before counting it delayed (ALGORITHMS.md §15 A3);
    /// without, a hole counts as delayed as soon as it is detected.
    pub reordering_wait: bool,
}

/// The sending side of one flow.
#[derive(Clone, Debug)]
pub struct Sender {
    /// Packets to deliver; `u64::MAX` for a long-lived flow.
    pub total: u64,
    pub snd_una: u64,
    pub snd_nxt: u64,
    /// Packets sent and neither acknowledged nor declared lost.
    pub in_flight: u32,
    flags: Vec<u8>,
    /// The `dupthresh` largest acknowledged sequence numbers, largest first.
    top_acked: Vec<u64>,
    dupthresh: usize,
    hole_frontier: u64,
    retx_queue: VecDeque<u64>,
    /// Holes being waited for (possibly only reordered), with the time they were detected.
    pending: VecDeque<(u64, SimTime)>,
    pub srtt: SimTime,
    rttvar: SimTime,
    rto: SimTime,
    rto_min: SimTime,
    pub rto_deadline: Option<SimTime>,
    pace_next: SimTime,
    pace_always: bool,
    wait_for_reordering: bool,
    /// RTT of the latest ACK (ps).
    pub latest_rtt: SimTime,
    pub cca: AnyController,
    pub retransmits: u64,
    pub timeouts: u64,
    pub acked: u64,
    pub finished_at: Option<SimTime>,
}

impl Sender {
    pub fn new(total: u64, cca: AnyController, base_rtt: SimTime, cfg: &TransportConfig) -> Sender {
        Sender {
            total,
            snd_una: 0,
            snd_nxt: 0,
            in_flight: 0,
            flags: vec![0; SCOREBOARD as usize],
            top_acked: Vec::with_capacity(cfg.dupthresh as usize + 1),
            dupthresh: cfg.dupthresh as usize,
            hole_frontier: 0,
            retx_queue: VecDeque::with_capacity(256),
            pending: VecDeque::with_capacity(256),
            srtt: base_rtt,
            rttvar: base_rtt / 2,
            rto: cfg.rto_initial,
            rto_min: cfg.rto_min,
            rto_deadline: None,
            pace_next: 0,
            pace_always: cfg.pacing,
            wait_for_reordering: cfg.reordering_wait,
            latest_rtt: base_rtt,
            cca,
            retransmits: 0,
            timeouts: 0,
            acked: 0,
            finished_at: None,
        }
    }

    fn flag(&self, seq: u64) -> u8 {
        self.flags[(seq % SCOREBOARD) as usize]
    }

    fn flag_mut(&mut self, seq: u64) -> &mut u8 {
        &mut self.flags[(seq % SCOREBOARD) as usize]
    }

    fn is_acked(&self, seq: u64) -> bool {
        seq < self.snd_una || self.flag(seq) & ACKED != 0
    }

    /// Largest RTO after backoff.
    fn rto_max(&self) -> SimTime {
        self.rto_min * 100
    }

    /// The gap to keep between two packets: the CCA's below one packet of cwnd; srtt/cwnd at
    /// every cwnd when pacing is on.
    fn pacing_gap(&self) -> Option<SimTime> {
        let always = self
            .pace_always
            .then(|| (self.srtt as f64 / self.cca.cwnd().max(1e-9)) as SimTime);
        self.cca.pacing_interval(self.srtt).or(always)
    }

    /// When a pacing sender may send its next packet (`None` when it does not pace).
    pub fn pace_deadline(&self) -> Option<SimTime> {
        (self.finished_at.is_none() && self.pacing_gap().is_some()).then_some(self.pace_next)
    }

    /// Whether [`next_send`](Self::next_send) would send a packet now.
    pub fn can_send(&self, now: SimTime) -> bool {
        if self.finished_at.is_some() {
            return false;
        }
        let window_open = self.cca.pacing_interval(self.srtt).is_some()
            || self.in_flight as f64 + 1.0 <= self.cca.cwnd();
        let allowed = window_open && (self.pacing_gap().is_none() || now >= self.pace_next);
        let has_new = self.snd_nxt < self.total && self.snd_nxt < self.snd_una + SCOREBOARD;
        allowed && (has_new || self.retx_queue.iter().any(|&s| !self.is_acked(s)))
    }

    /// The next packet to send, if the window and pacing allow one.
    pub fn next_send(&mut self, now: SimTime) -> SendDecision {
        if self.finished_at.is_some() {
            return SendDecision::Idle;
        }
        let pacing = self.pacing_gap();
        if self.cca.pacing_interval(self.srtt).is_none()
            && self.in_flight as f64 + 1.0 > self.cca.cwnd()
        {
            return SendDecision::Idle;
        }
        if pacing.is_some() && now < self.pace_next {
            return SendDecision::WaitUntil(self.pace_next);
        }
        let Some((seq, retx)) = self.pick_seq() else {
            return SendDecision::Idle;
        };
        *self.flag_mut(seq) |= IN_PIPE;
        self.in_flight += 1;
        if retx {
            self.retransmits += 1;
        } else {
            self.snd_nxt += 1;
        }
        if let Some(gap) = pacing {
            self.pace_next = now + gap;
        }
        if self.rto_deadline.is_none() {
            self.rto_deadline = Some(now + self.rto);
        }
        SendDecision::Send { seq, retx }
    }

    fn pick_seq(&mut self) -> Option<(u64, bool)> {
        while let Some(seq) = self.retx_queue.pop_front() {
            if self.is_acked(seq) {
                continue;
            }
            *self.flag_mut(seq) &= !RETX_QUEUED;
            return Some((seq, true));
        }
        let new = self.snd_nxt;
        (new < self.total && new < self.snd_una + SCOREBOARD).then_some((new, false))
    }

    /// Packets waiting to be retransmitted.
    pub fn queued_retransmissions(&self) -> usize {
        self.retx_queue.len()
    }

    /// Processes an ACK of `seq` with cumulative ACK `cum_ack`, sent at `sent_at`.
    /// Returns true when this ACK completes the flow.
    pub fn on_ack(
        &mut self,
        now: SimTime,
        seq: u64,
        cum_ack: u64,
        sent_at: SimTime,
        ecn: bool,
    ) -> bool {
        if self.finished_at.is_some() {
            return false;
        }
        let rtt = now - sent_at;
        self.latest_rtt = rtt;
        self.update_rtt(rtt);

        let mut newly = 0;
        if seq < self.snd_nxt && !self.is_acked(seq) {
            self.mark_acked(seq);
            self.note_top_acked(seq);
            newly += 1;
        }
        for s in self.snd_una..cum_ack.min(self.snd_nxt) {
            if !self.is_acked(s) {
                self.mark_acked(s);
                newly += 1;
            }
        }
        while self.snd_una < self.snd_nxt && self.flag(self.snd_una) & ACKED != 0 {
            *self.flag_mut(self.snd_una) = 0;
            self.snd_una += 1;
        }
        if newly > 0 {
            self.acked += newly as u64;
            self.rto_deadline = (self.snd_una < self.snd_nxt).then_some(now + self.rto);
        }
        let window = Window {
            snd_una: self.snd_una,
            snd_nxt: self.snd_nxt,
            in_flight: self.in_flight,
        };
        self.cca.on_ack(
            &AckSample {
                now,
                rtt,
                ecn,
                newly_acked: newly,
                srtt: self.srtt,
            },
            &window,
        );
        self.detect_holes(now);
        self.expire_waiting_holes(now);
        if self.snd_una >= self.total {
            self.finished_at = Some(now);
            self.rto_deadline = None;
            return true;
        }
        false
    }

    /// RFC 6298 estimator; RTO = max(srtt + 4·rttvar, RTO_min).
    fn update_rtt(&mut self, sample: SimTime) {
        let err = self.srtt.abs_diff(sample);
        self.rttvar = self.rttvar - self.rttvar / 4 + err / 4;
        self.srtt = self.srtt - self.srtt / 8 + sample / 8;
        self.rto = (self.srtt + 4 * self.rttvar).max(self.rto_min);
    }

    fn mark_acked(&mut self, seq: u64) {
        let f = self.flag_mut(seq);
        let was_in_pipe = *f & IN_PIPE != 0;
        *f = (*f | ACKED) & !(IN_PIPE | PENDING);
        if was_in_pipe {
            self.in_flight -= 1;
        }
    }

    fn note_top_acked(&mut self, seq: u64) {
        let at = self.top_acked.partition_point(|&v| v > seq);
        if at < self.dupthresh {
            self.top_acked.insert(at, seq);
            self.top_acked.truncate(self.dupthresh);
        }
    }

    /// Takes `seq` out of the pipe and queues it for retransmission.
    fn declare_lost(&mut self, seq: u64) {
        let f = self.flag_mut(seq);
        let was_in_pipe = *f & IN_PIPE != 0;
        let queued = *f & RETX_QUEUED != 0;
        *f = (*f | RETX_QUEUED) & !(IN_PIPE | PENDING);
        if was_in_pipe {
            self.in_flight -= 1;
        }
        if !queued {
            self.retx_queue.push_back(seq);
        }
    }

    fn detect_holes(&mut self, now: SimTime) {
        if self.top_acked.len() < self.dupthresh {
            return;
        }
        let limit = self.top_acked[self.dupthresh - 1];
        self.hole_frontier = self.hole_frontier.max(self.snd_una);
        while self.hole_frontier < limit {
            let seq = self.hole_frontier;
            self.hole_frontier += 1;
            if self.is_acked(seq) {
                continue;
            }
            let hole = Hole {
                now,
                seq,
                snd_nxt: self.snd_nxt,
                srtt: self.srtt,
            };
            match self.cca.on_hole(&hole) {
                HoleVerdict::Retransmit => self.declare_lost(seq),
                HoleVerdict::Wait => {
                    *self.flag_mut(seq) |= PENDING;
                    self.pending.push_back((seq, now));
                }
                HoleVerdict::Ignore => {}
            }
        }
    }

    /// How long a hole may stay missing before it counts as a delayed packet: srtt + 4·rttvar
    /// (nothing when the wait is off).
    fn reordering_wait(&self) -> SimTime {
        if self.wait_for_reordering {
            self.srtt + 4 * self.rttvar
        } else {
            0
        }
    }

    /// Holes waited for and still missing after the reordering wait: report them to the CCA
    /// (in sequence order, so it can see successive ones) and retransmit them.
    fn expire_waiting_holes(&mut self, now: SimTime) {
        let wait = self.reordering_wait();
        while let Some(&(seq, declared)) = self.pending.front() {
            if self.is_acked(seq) || self.flag(seq) & PENDING == 0 {
                self.pending.pop_front();
            } else if now - declared >= wait {
                self.pending.pop_front();
                let hole = Hole {
                    now,
                    seq,
                    snd_nxt: self.snd_nxt,
                    srtt: self.srtt,
                };
                self.cca.on_delayed_packet(&hole);
                self.declare_lost(seq);
            } else {
                break;
            }
        }
    }

    /// When the sender next needs a timer: its retransmission deadline or the end of the
    /// oldest hole's reordering wait.
    pub fn next_deadline(&self) -> Option<SimTime> {
        let hole = self
            .pending
            .front()
            .map(|&(_, t)| t + self.reordering_wait());
        match (self.rto_deadline, hole) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Timer work due at `now`: expired reordering waits, then the retransmission timeout.
    /// Returns true if the retransmission timeout fired.
    pub fn on_timer(&mut self, now: SimTime) -> bool {
        if self.finished_at.is_some() {
            return false;
        }
        self.expire_waiting_holes(now);
        self.on_rto(now)
    }

    fn on_rto(&mut self, now: SimTime) -> bool {
        match self.rto_deadline {
            Some(deadline) if now >= deadline && self.finished_at.is_none() => {}
            _ => return false,
        }
        if self.snd_una >= self.snd_nxt {
            self.rto_deadline = None;
            return false;
        }
        self.timeouts += 1;
        self.cca.on_timeout(&Timeout {
            now,
            srtt: self.srtt,
        });
        for seq in self.snd_una..self.snd_nxt {
            if !self.is_acked(seq) {
                self.declare_lost(seq);
            }
        }
        self.rto = (self.rto * 2).min(self.rto_max());
        self.rto_deadline = Some(now + self.rto);
        true
    }
}

/// The receiving side of one flow: what has arrived, and the cumulative ACK.
#[derive(Clone, Debug)]
pub struct Receiver {
    rcv_nxt: u64,
    received: Vec<bool>,
    /// Distinct data packets delivered.
    pub delivered: u64,
    /// ACK coalescing: acknowledge in-order data once this many bytes are pending (0: every
    /// packet).
    ack_every: u64,
    pending_bytes: u64,
    /// Packets of the flow (`u64::MAX`: long-lived); the last one is acknowledged at once.
    total: u64,
}

impl Default for Receiver {
    fn default() -> Self {
        Receiver::new(0, u64::MAX)
    }
}

impl Receiver {
    /// A receiver that coalesces ACKs every `ack_every` bytes (0: one ACK per packet) for a flow
    /// of `total` packets.
    pub fn new(ack_every: u64, total: u64) -> Receiver {
        Receiver {
            rcv_nxt: 0,
            received: vec![false; SCOREBOARD as usize],
            delivered: 0,
            ack_every,
            pending_bytes: 0,
            total,
        }
    }

    /// Records the arrival of `seq`; returns the cumulative ACK to send.
    pub fn on_data(&mut self, seq: u64) -> u64 {
        let slot = (seq % SCOREBOARD) as usize;
        if seq >= self.rcv_nxt && !self.received[slot] {
            debug_assert!(seq < self.rcv_nxt + SCOREBOARD);
            self.received[slot] = true;
            self.delivered += 1;
            while self.received[(self.rcv_nxt % SCOREBOARD) as usize] {
                self.received[(self.rcv_nxt % SCOREBOARD) as usize] = false;
                self.rcv_nxt += 1;
            }
        }
        self.rcv_nxt
    }

    /// Records a packet of `bytes` (ECN-marked or not) and decides whether to acknowledge now:
    /// the cumulative ACK to send, or `None` to wait (ALGORITHMS.md §6.7). In-order data waits until
    /// `ack_every` bytes are pending; a mark, an out-of-order packet, one that fills a gap, and
    /// the flow's last packet are acknowledged at once, so a coalesced ACK only ever covers an
    /// in-order run, which its cumulative ACK states exactly.
    pub fn on_packet(&mut self, seq: u64, bytes: u32, ecn: bool) -> Option<u64> {
        let before = self.rcv_nxt;
        let cum = self.on_data(seq);
        let in_order = seq == before && cum == before + 1;
        self.pending_bytes += bytes as u64;
        let now = self.ack_every == 0
            || !in_order
            || ecn
            || self.pending_bytes >= self.ack_every
            || cum >= self.total;
        if now {
            self.pending_bytes = 0;
            Some(cum)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{CcaKind, Scenario};
    use crate::sim::cca::CcaContext;

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

    fn sender(kind: CcaKind, total: u64, cwnd: f64) -> Sender {
        let mut s = Scenario::default();
        s.cca.algorithm = kind;
        let cfg = TransportConfig {
            dupthresh: 3,
            rto_min: 100 * US,
            rto_initial: 1000 * US,
            pacing: false,
            reordering_wait: true,
        };
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
            SendDecision::Send { seq: 0, retx: true }
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
            SendDecision::Send { seq: 0, retx: true }
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
    fn timeout_retransmits_everything_unacked() {
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
        let mut s = Scenario::default();
        s.cca.algorithm = CcaKind::MSwift;
        let cfg = TransportConfig {
            dupthresh: 3,
            rto_min: 100 * US,
            rto_initial: 1000 * US,
            pacing: true,
            reordering_wait: true,
        };
        let mut p = Sender::new(100, AnyController::new(&s.cca, &ctx(4.0)), 6 * US, &cfg);
        assert_eq!(
            p.next_send(0),
            SendDecision::Send {
                seq: 0,
                retx: false
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
                retx: false
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

    #[test]
    fn coalescing_acks_in_order_runs_and_anything_unusual_at_once() {
        let mut r = Receiver::new(16384, 100);
        assert_eq!(r.on_packet(0, 4096, false), None);
        assert_eq!(r.on_packet(1, 4096, false), None);
        assert_eq!(r.on_packet(2, 4096, false), None);
        assert_eq!(r.on_packet(3, 4096, false), Some(4)); // 16 KiB pending
        assert_eq!(r.on_packet(5, 4096, false), Some(4)); // out of order
        assert_eq!(r.on_packet(4, 4096, false), Some(6)); // fills the gap
        assert_eq!(r.on_packet(6, 4096, true), Some(7)); // marked
        assert_eq!(r.on_packet(7, 4096, false), None);
        let mut last = Receiver::new(16384, 2);
        assert_eq!(last.on_packet(0, 4096, false), None);
        assert_eq!(last.on_packet(1, 4096, false), Some(2)); // the flow's last packet
        let mut every = Receiver::new(0, 100);
        assert_eq!(every.on_packet(0, 4096, false), Some(1));
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
}
