//! The receiving side of one flow: which packets arrived, the cumulative ACK, ACK coalescing.
//!
//! By default every data packet is acknowledged at once, and its ACK selectively acknowledges
//! that packet alone. With coalescing (`transport.ack_every_bytes` > 0) the receiver follows the
//! UEC reference's sink (`UecSink::processData` in `uec.cpp`, ALGORITHMS.md §6.7): it answers at
//! once only an ECN mark, the flow's first packet, a duplicate, a packet the sender flagged with
//! an *ack request*, and the moment the out-of-order packets after such a request are all in;
//! otherwise it waits until `ack_every` bytes have arrived since its last ACK. Each ACK then
//! reports a 64-packet bitmap of the out-of-order packets held ([`SackBits`]) and the count of
//! distinct packets received.
//!
//! The ACK packet itself carries only the cumulative ACK (a packet stays 40 bytes, one event a
//! cache line); the rest of its report is posted here, keyed by the transmission that triggered
//! the ACK (its sequence number and send time, which the ACK echoes), and taken when the ACK
//! reaches the sender ([`Receiver::report`]). The report is the one written when the ACK was
//! made, so nothing travels faster than the ACK. The postings are a table indexed by sequence
//! number that doubles, from 64 entries up to the scoreboard's 4096, whenever a new posting
//! would land on one still on its way: it grows with the span of sequence numbers a flow has
//! ACKs in flight for (wide after a retransmission far behind the newest packet). A posting is
//! lost only to a second ACK triggered by the same sequence number (a retransmission arriving
//! while the first ACK is still on its way), or when its ACK was dropped and its slot is needed
//! again; that ACK then counts as carrying its cumulative ACK alone.

use super::ring::SeqRing;
use super::{SackBits, SCOREBOARD};
use crate::sim::time::SimTime;

/// What an ACK reports to the sender.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AckReport {
    /// The next sequence number expected (cumulative ACK).
    pub cum_ack: u64,
    /// Out-of-order packets held, as a bitmap (empty without coalescing).
    pub sack: SackBits,
    /// Distinct data packets received so far (wrapping: the sender takes differences); `None`
    /// without coalescing, or when the posting was overwritten.
    pub delivered: Option<u32>,
}

impl AckReport {
    /// A report of the cumulative ACK alone.
    pub fn cumulative(cum_ack: u64) -> AckReport {
        AckReport {
            cum_ack,
            ..AckReport::default()
        }
    }
}

/// A data packet as its receiver sees it arrive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arrival {
    pub seq: u64,
    /// When the sender sent it (the ACK echoes it).
    pub sent_at: SimTime,
    /// Bytes on the wire.
    pub bytes: u32,
    pub ecn: bool,
    /// The sender asks for an ACK at once.
    pub ack_request: bool,
}

/// A coalesced ACK's report beyond its cumulative ACK, posted under the transmission that
/// triggered it.
#[derive(Clone, Copy, Debug, Default)]
struct Posted {
    seq: u64,
    sent_at: SimTime,
    bits: u64,
    delivered: u32,
    /// How far below `seq` the bitmap starts.
    back: u8,
    /// Its ACK is still on its way.
    live: bool,
}

/// The postings of ACKs on their way, by sequence number modulo the table's size.
#[derive(Clone, Debug)]
struct Postings {
    slots: Vec<Posted>,
}

impl Postings {
    const FIRST: usize = 64;
    /// The largest table, one entry per scoreboard slot: the packets whose ACKs are on their
    /// way all lie within one scoreboard, so live postings never share a slot there (the
    /// memory budget charges this many postings per flow).
    pub const MOST: usize = SCOREBOARD as usize;

    fn new() -> Postings {
        Postings {
            slots: vec![Posted::default(); Self::FIRST],
        }
    }

    fn slot(&self, seq: u64) -> usize {
        seq as usize & (self.slots.len() - 1)
    }

    /// Posts `p`, doubling the table while its slot holds another packet's live posting.
    fn post(&mut self, p: Posted) {
        loop {
            let at = self.slot(p.seq);
            let old = self.slots[at];
            if !old.live || old.seq == p.seq || self.slots.len() >= Self::MOST {
                self.slots[at] = p;
                return;
            }
            self.grow();
        }
    }

    /// Doubles the table. Two live postings in distinct slots i and j of n land in i or i + n
    /// and j or j + n of 2n: distinct again.
    fn grow(&mut self) {
        let doubled = vec![Posted::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        for p in old.into_iter().filter(|p| p.live) {
            let at = self.slot(p.seq);
            self.slots[at] = p;
        }
    }

    /// Bytes it holds on the heap.
    fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Posted>()
    }

    /// Takes the posting of the transmission of `seq` sent at `sent_at`, if it is still there.
    fn take(&mut self, seq: u64, sent_at: SimTime) -> Option<Posted> {
        let at = self.slot(seq);
        let p = &mut self.slots[at];
        (p.live && p.seq == seq && p.sent_at == sent_at).then(|| {
            p.live = false;
            *p
        })
    }
}

// the memory budget's charge for a posting covers it
const _: () = assert!(std::mem::size_of::<Posted>() <= crate::scenario::POSTING_BYTES);

/// The receiving side of one flow: what has arrived, and the cumulative ACK.
#[derive(Clone, Debug)]
pub struct Receiver {
    rcv_nxt: u64,
    /// Packets held from `rcv_nxt` on.
    received: SeqRing<bool>,
    /// Distinct data packets delivered.
    pub delivered: u64,
    /// ACK coalescing's state, boxed so that a receiver that ACKs every packet stays small.
    coalescing: Option<Box<Coalescing>>,
}

/// The state of a coalescing receiver.
#[derive(Clone, Debug)]
struct Coalescing {
    /// Acknowledge once this many bytes arrived since the last ACK.
    ack_every: u64,
    pending_bytes: u64,
    /// Packets held above `rcv_nxt`.
    out_of_order: u64,
    /// An ack request arrived while packets were missing: ACK again once they are all in.
    ack_request: bool,
    /// Coalesced ACKs' reports until their ACKs arrive.
    posted: Postings,
}

impl Default for Receiver {
    fn default() -> Self {
        Receiver::new(0)
    }
}

impl Receiver {
    /// Bytes its scoreboard and its postings hold on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.received.heap_bytes()
            + self.coalescing.as_ref().map_or(0, |c| {
                std::mem::size_of::<Coalescing>() + c.posted.heap_bytes()
            })
    }

    /// A receiver that coalesces ACKs every `ack_every` bytes (0: one ACK per packet).
    pub fn new(ack_every: u64) -> Receiver {
        Receiver {
            rcv_nxt: 0,
            received: SeqRing::new(),
            delivered: 0,
            coalescing: (ack_every > 0).then(|| {
                Box::new(Coalescing {
                    ack_every,
                    pending_bytes: 0,
                    out_of_order: 0,
                    ack_request: false,
                    posted: Postings::new(),
                })
            }),
        }
    }

    fn holds(&self, seq: u64) -> bool {
        seq >= self.rcv_nxt
            && seq - self.rcv_nxt < self.received.capacity()
            && self.received.get(seq)
    }

    /// Records the arrival of `seq`; returns the cumulative ACK to send.
    pub fn on_data(&mut self, seq: u64) -> u64 {
        if seq >= self.rcv_nxt {
            debug_assert!(seq < self.rcv_nxt + SCOREBOARD);
            self.received.cover(self.rcv_nxt, seq);
            if !self.received.get(seq) {
                *self.received.get_mut(seq) = true;
                self.delivered += 1;
                while self.received.get(self.rcv_nxt) {
                    *self.received.get_mut(self.rcv_nxt) = false;
                    self.rcv_nxt += 1;
                }
            }
        }
        self.rcv_nxt
    }

    /// Records a packet's arrival and decides whether to acknowledge now: the cumulative ACK to
    /// send, or `None` to wait. A coalesced ACK's report is posted for [`Self::report`].
    pub fn on_packet(&mut self, a: Arrival) -> Option<u64> {
        let Some(mut c) = self.coalescing.take() else {
            return Some(self.on_data(a.seq));
        };
        let answer = self.coalesce(&mut c, a);
        self.coalescing = Some(c);
        answer
    }

    /// [`Self::on_packet`] for a coalescing receiver.
    fn coalesce(&mut self, c: &mut Coalescing, a: Arrival) -> Option<u64> {
        let Arrival {
            seq,
            sent_at,
            bytes,
            ecn,
            ack_request,
        } = a;
        let duplicate = seq < self.rcv_nxt || self.holds(seq);
        let first = self.delivered == 0;
        let before = self.rcv_nxt;
        let cum_ack = self.on_data(seq);
        if !duplicate {
            // the new packet is held, and the cumulative ACK's advance releases what it passed
            c.out_of_order = c.out_of_order + 1 - (cum_ack - before);
        }
        c.pending_bytes += bytes as u64;
        // the flow's last packet carries an ack request, so its completion is always answered
        let mut now = duplicate || first || ecn;
        if ack_request && !duplicate {
            now = true;
            c.ack_request = true;
        }
        if cum_ack > before && c.out_of_order == 0 && c.ack_request {
            now = true;
            c.ack_request = false;
        }
        if !(now || c.pending_bytes >= c.ack_every) {
            return None;
        }
        c.pending_bytes = 0;
        // the reference's bitmap base: the packet itself after a mark or a request, else the 63
        // packets below it (never below the cumulative ACK)
        let base = if ecn || (ack_request && !duplicate) {
            seq
        } else {
            seq.saturating_sub(63).max(cum_ack + 1)
        };
        let sack = self.sack_bits(base);
        c.posted.post(Posted {
            seq,
            sent_at,
            bits: sack.bits,
            delivered: self.delivered as u32,
            back: (seq - base.min(seq)) as u8,
            live: true,
        });
        Some(cum_ack)
    }

    /// The report of the ACK that the transmission of `seq` sent at `sent_at` triggered, with
    /// its cumulative ACK `cum_ack`.
    /// Taken once: the ACK has arrived.
    pub fn report(&mut self, seq: u64, sent_at: SimTime, cum_ack: u64) -> AckReport {
        let mut report = AckReport::cumulative(cum_ack);
        if let Some(p) = self
            .coalescing
            .as_mut()
            .and_then(|c| c.posted.take(seq, sent_at))
        {
            report.sack = SackBits {
                base: seq - p.back as u64,
                bits: p.bits,
            };
            report.delivered = Some(p.delivered);
        }
        report
    }

    /// Entries of the postings table (0 without coalescing).
    pub fn postings_capacity(&self) -> usize {
        self.coalescing.as_ref().map_or(0, |c| c.posted.slots.len())
    }

    /// The out-of-order packets held among the 64 from `base` on.
    fn sack_bits(&self, base: u64) -> SackBits {
        let mut bits = 0u64;
        for i in 0..64 {
            if self.holds(base + i) {
                bits |= 1 << i;
            }
        }
        SackBits { base, bits }
    }
}
