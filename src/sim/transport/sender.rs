//! The sending side of one flow: the scoreboard, hole detection, retransmission, RTT
//! estimation, the retransmission timeout and pacing, around the flow's CCA.

use super::ring::SeqRing;
use super::send_order::SendOrder;
use super::send_times::SendTimes;
use super::{
    AckReport, RtoRule, SendDecision, TransportConfig, ACKED, IN_PIPE, PENDING, RETX_QUEUED,
    SCOREBOARD,
};
use crate::sim::cca::{AckSample, AnyController, Controller, Hole, HoleVerdict, Timeout, Window};
use crate::sim::time::SimTime;
use std::collections::VecDeque;

/// The sending side of one flow.
#[derive(Clone, Debug)]
pub struct Sender {
    /// Packets to deliver; `u64::MAX` for a long-lived flow.
    pub total: u64,
    pub snd_una: u64,
    pub snd_nxt: u64,
    /// Packets sent and neither acknowledged nor declared lost.
    pub in_flight: u32,
    /// ACKs coalesced ([`TransportConfig::ack_every_bytes`] > 0): the receiver's latest count of packets received,
    /// that count widened, and how many of them no ACK has named yet (taken off the window's
    /// in-flight count, as the reference's sender takes off what the receiver reports).
    pub(super) coalesced_acks: bool,
    reported: u32,
    received: u64,
    unreported: u32,
    flags: SeqRing<u8>,
    /// The `dupthresh` largest acknowledged sequence numbers, largest first.
    top_acked: Vec<u64>,
    dupthresh: usize,
    hole_frontier: u64,
    retx_queue: VecDeque<u64>,
    /// Holes being waited for (possibly only reordered), with the time they were detected.
    pub(super) pending: VecDeque<(u64, SimTime)>,
    pub srtt: SimTime,
    rttvar: SimTime,
    rto: SimTime,
    rto_min: SimTime,
    pub rto_deadline: Option<SimTime>,
    rto_rule: RtoRule,
    /// [`RtoRule::PerPacket`]: every transmission in send order, and each sequence number's
    /// latest send time (an entry whose time differs was sent again since).
    send_order: SendOrder,
    sent_at: SendTimes,
    pace_next: SimTime,
    pace_always: bool,
    pub(super) wait_for_reordering: bool,
    /// RTT of the latest ACK (ps).
    pub latest_rtt: SimTime,
    pub cca: AnyController,
    pub retransmits: u64,
    pub timeouts: u64,
    pub acked: u64,
    pub finished_at: Option<SimTime>,
}

impl Sender {
    /// Bytes its scoreboards, queues and controller hold on the heap.
    pub fn heap_bytes(&self) -> usize {
        use crate::sim::cca::Controller;
        fn deque<T>(q: &VecDeque<T>) -> usize {
            q.capacity() * std::mem::size_of::<T>()
        }
        self.flags.heap_bytes()
            + self.sent_at.heap_bytes()
            + self.top_acked.capacity() * std::mem::size_of::<u64>()
            + deque(&self.retx_queue)
            + deque(&self.pending)
            + self.send_order.heap_bytes()
            + self.cca.heap_bytes()
    }

    pub fn new(total: u64, cca: AnyController, base_rtt: SimTime, cfg: &TransportConfig) -> Sender {
        Sender {
            total,
            snd_una: 0,
            snd_nxt: 0,
            in_flight: 0,
            coalesced_acks: cfg.ack_every_bytes > 0,
            reported: 0,
            received: 0,
            unreported: 0,
            flags: SeqRing::new(),
            top_acked: Vec::with_capacity(cfg.given.dupthresh as usize + 1),
            dupthresh: cfg.given.dupthresh as usize,
            hole_frontier: 0,
            retx_queue: VecDeque::new(),
            pending: VecDeque::new(),
            srtt: base_rtt,
            rttvar: base_rtt / 2,
            rto: cfg.rto_initial,
            rto_min: cfg.rto_min,
            rto_deadline: None,
            rto_rule: cfg.rto_rule,
            send_order: SendOrder::default(),
            sent_at: match cfg.rto_rule {
                RtoRule::PerPacket => SendTimes::new(),
                RtoRule::CumulativeAck => SendTimes::none(),
            },
            pace_next: 0,
            pace_always: cfg.given.pacing,
            wait_for_reordering: cfg.given.reordering_wait,
            latest_rtt: base_rtt,
            cca,
            retransmits: 0,
            timeouts: 0,
            acked: 0,
            finished_at: None,
        }
    }

    fn flag(&self, seq: u64) -> u8 {
        self.flags.get(seq)
    }

    fn flag_mut(&mut self, seq: u64) -> &mut u8 {
        self.flags.get_mut(seq)
    }

    fn is_acked(&self, seq: u64) -> bool {
        seq < self.snd_una || self.flag(seq) & ACKED != 0
    }

    /// Whether the receiver coalesces ACKs (and posts reports beyond the cumulative ACK).
    pub fn coalesced_acks(&self) -> bool {
        self.coalesced_acks
    }

    /// Packets in the network as the window counts them: in flight, less what the receiver
    /// reported and no ACK named yet (none without coalescing).
    pub(super) fn window_in_flight(&self) -> u32 {
        self.in_flight.saturating_sub(self.unreported)
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
            || self.window_in_flight() as f64 + 1.0 <= self.cca.cwnd();
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
            && self.window_in_flight() as f64 + 1.0 > self.cca.cwnd()
        {
            return SendDecision::Idle;
        }
        if pacing.is_some() && now < self.pace_next {
            return SendDecision::WaitUntil(self.pace_next);
        }
        let Some((seq, retx)) = self.pick_seq() else {
            return SendDecision::Idle;
        };
        // the scoreboards hold snd_una..=seq (a retransmission is inside already)
        self.flags.cover(self.snd_una, seq);
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
        match self.rto_rule {
            RtoRule::CumulativeAck => {
                if self.rto_deadline.is_none() {
                    self.rto_deadline = Some(now + self.rto);
                }
            }
            RtoRule::PerPacket => {
                self.sent_at.record(self.snd_una, seq, now);
                if self.send_order.is_full() {
                    // the closure reads the scoreboard while the queue is changed
                    let mut order = std::mem::take(&mut self.send_order);
                    order.drop_dead(self.snd_una, |t, s| self.in_network(t, s));
                    self.send_order = order;
                }
                self.send_order.push(now, seq);
                if self.rto_deadline.is_none() {
                    self.rto_deadline = Some(now + self.rto_min);
                }
            }
        }
        // the UEC reference's ack request: a retransmission, the last packet, or one after
        // which the window has no room for another (`uec.cpp`, sendNewPacket)
        let ack_request = self.coalesced_acks
            && (retx
                || seq + 1 >= self.total
                || self.window_in_flight() as f64 + 1.0 >= self.cca.cwnd());
        SendDecision::Send {
            seq,
            retx,
            ack_request,
        }
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
        self.on_report(now, seq, sent_at, ecn, &AckReport::cumulative(cum_ack))
    }

    /// Processes an ACK of `seq` (sent at `sent_at`) carrying the receiver's `report`: its
    /// cumulative ACK and, from a coalescing receiver, a SACK bitmap and its count of packets
    /// received. Returns true when this ACK completes the flow.
    pub fn on_report(
        &mut self,
        now: SimTime,
        seq: u64,
        sent_at: SimTime,
        ecn: bool,
        report: &AckReport,
    ) -> bool {
        let cum_ack = report.cum_ack;
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
        for s in report.sack.seqs() {
            if s < self.snd_nxt && !self.is_acked(s) {
                self.mark_acked(s);
                self.note_top_acked(s);
                newly += 1;
            }
        }
        let una_before = self.snd_una;
        while self.snd_una < self.snd_nxt && self.flag(self.snd_una) & ACKED != 0 {
            *self.flag_mut(self.snd_una) = 0;
            self.snd_una += 1;
        }
        self.acked += newly as u64;
        if self.coalesced_acks {
            // the receiver's count, as the reference's sender reads it; an ACK whose report was
            // replaced tells nothing new (the next count includes what it would have)
            newly = report.delivered.map_or(0, |d| self.take_count(d));
            self.unreported = self.received.saturating_sub(self.acked) as u32;
        }
        match self.rto_rule {
            RtoRule::CumulativeAck if self.snd_una > una_before => {
                self.rto_deadline = (self.snd_una < self.snd_nxt).then_some(now + self.rto);
            }
            RtoRule::CumulativeAck => {}
            RtoRule::PerPacket => self.rearm_per_packet(),
        }
        let window = Window {
            snd_una: self.snd_una,
            snd_nxt: self.snd_nxt,
            in_flight: self.window_in_flight(),
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
            self.release_scoreboards();
            return true;
        }
        false
    }

    /// Gives back the memory of the per-packet state once every packet is acknowledged: a
    /// finished sender reads none of it again (each method that would returns first), and in a
    /// run of many flows the ones still going reuse it. The holes waiting for reordering stay,
    /// since the next deadline still reads them.
    fn release_scoreboards(&mut self) {
        self.flags = SeqRing::none();
        self.top_acked = Vec::new();
        self.retx_queue = VecDeque::new();
        self.send_order = SendOrder::default();
        self.sent_at = SendTimes::none();
    }

    /// A coalescing receiver's count of packets received: how many are new since the latest
    /// count (what the CCA is told was acknowledged, as the reference's `newly_recvd_bytes`).
    /// An older count (a reordered ACK) adds nothing.
    fn take_count(&mut self, delivered: u32) -> u32 {
        match delivered.wrapping_sub(self.reported) as i32 {
            new if new > 0 => {
                self.reported = delivered;
                self.received += new as u64;
                new as u32
            }
            _ => 0,
        }
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

    /// A NACK of `seq` (its copy sent at `sent_at`, trimmed on the way): the packet leaves the
    /// pipe and is resent before anything else; the CCA hears of the loss. A NACK of a copy no
    /// longer in the pipe (acknowledged, declared lost, or sent again since) changes nothing.
    /// Returns whether it took effect.
    pub fn on_nack(&mut self, now: SimTime, seq: u64, sent_at: SimTime) -> bool {
        let stale = self.finished_at.is_some()
            || seq < self.snd_una
            || seq >= self.snd_nxt
            || self.is_acked(seq)
            || self.flag(seq) & IN_PIPE == 0
            || (self.rto_rule == RtoRule::PerPacket && self.sent_at.get(seq) != sent_at);
        if stale {
            return false;
        }
        self.cca.on_nack(&Hole {
            now,
            seq,
            snd_nxt: self.snd_nxt,
            srtt: self.srtt,
            in_flight: self.in_flight,
        });
        let queued = self.flag(seq) & RETX_QUEUED != 0;
        self.declare_lost(seq);
        if !queued {
            // the reference's queueForRtx: the NACKed packet is the next one sent
            self.retx_queue.pop_back();
            self.retx_queue.push_front(seq);
        }
        if self.rto_rule == RtoRule::PerPacket {
            self.rearm_per_packet();
        }
        true
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
                in_flight: self.in_flight,
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
    pub(super) fn reordering_wait(&self) -> SimTime {
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
                    in_flight: self.in_flight,
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
        match self.rto_rule {
            RtoRule::CumulativeAck => self.go_back(now),
            RtoRule::PerPacket => self.resend_expired(now),
        }
    }

    /// [`RtoRule::CumulativeAck`]'s expiry: everything unacknowledged is resent, RTO doubles.
    fn go_back(&mut self, now: SimTime) -> bool {
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

    /// [`RtoRule::PerPacket`]'s expiry: every packet whose deadline has passed is resent, each a
    /// timeout of its own for the CCA, oldest first.
    fn resend_expired(&mut self, now: SimTime) -> bool {
        let mut fired = false;
        loop {
            self.rearm_per_packet();
            match (self.rto_deadline, self.send_order.front(self.snd_una)) {
                (Some(deadline), Some((_, seq))) if deadline <= now => {
                    self.send_order.pop_front();
                    self.timeouts += 1;
                    self.cca.on_timeout(&Timeout {
                        now,
                        srtt: self.srtt,
                    });
                    self.declare_lost(seq);
                    fired = true;
                }
                _ => return fired,
            }
        }
    }

    /// Whether the transmission of `seq` at `t` is still in the network: sent, not
    /// acknowledged, not declared lost, and not sent again since.
    fn in_network(&self, t: SimTime, seq: u64) -> bool {
        seq < self.snd_nxt
            && !self.is_acked(seq)
            && self.flag(seq) & IN_PIPE != 0
            && self.sent_at.get(seq) == t
    }

    /// [`RtoRule::PerPacket`]: the deadline of the oldest transmission still in the network
    /// (dropping entries acknowledged, declared lost or sent again since).
    fn rearm_per_packet(&mut self) {
        while let Some((t, seq)) = self.send_order.front(self.snd_una) {
            if self.in_network(t, seq) {
                break;
            }
            self.send_order.pop_front();
        }
        self.rto_deadline = self
            .send_order
            .front(self.snd_una)
            .map(|(t, _)| t + self.rto_min);
    }
}
