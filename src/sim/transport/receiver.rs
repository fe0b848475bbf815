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
//! The ACK packet itself carries only the cumulative ACK (a packet stays 32 bytes, an arrival
//! event 48); the rest of its report is posted here, keyed by the transmission that triggered
//! the ACK (its sequence number and send time, which the ACK echoes), and taken when the ACK
//! reaches the sender ([`Receiver::report`]). The report is the one written when the ACK was
//! made, so nothing travels faster than the ACK. The postings are filed by sequence number
//! modulo the scoreboard's 4096 slots, in a table sized by the ACKs on their way ([`Postings`]).
//! A posting is lost only to a second ACK triggered by the same sequence number (a
//! retransmission arriving while the first ACK is still on its way), or when its ACK was dropped
//! and its key is needed again; that ACK then counts as carrying its cumulative ACK alone.

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
/// triggered it: 24 bytes, since a flow at 8192 hosts keeps a hundred or more of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Posted {
    /// The triggering transmission's sequence number (a flow numbers its packets in 32 bits,
    /// as its packets carry them).
    seq: u32,
    /// Distinct data packets received when the ACK was made (wrapping).
    delivered: u32,
    bits: u64,
    /// The transmission's send time in picoseconds (below 2^44: a run lasts at most 10 s), how
    /// far below `seq` the bitmap starts (below 64) from bit 56, and whether its ACK is still
    /// on its way in bit 63.
    stamp: u64,
}

impl Posted {
    const BACK_SHIFT: u32 = 56;
    const LIVE: u64 = 1 << 63;

    /// A live posting.
    fn new(seq: u64, sent_at: SimTime, bits: u64, delivered: u32, back: u8) -> Posted {
        debug_assert!(seq <= u32::MAX as u64 && sent_at < 1 << Self::BACK_SHIFT && back < 64);
        Posted {
            seq: seq as u32,
            delivered,
            bits,
            stamp: sent_at | (back as u64) << Self::BACK_SHIFT | Self::LIVE,
        }
    }

    fn seq(&self) -> u64 {
        self.seq as u64
    }

    fn sent_at(&self) -> SimTime {
        self.stamp & ((1 << Self::BACK_SHIFT) - 1)
    }

    /// How far below `seq` the bitmap starts.
    fn back(&self) -> u64 {
        (self.stamp & !Self::LIVE) >> Self::BACK_SHIFT
    }

    /// Its ACK is still on its way.
    fn live(&self) -> bool {
        self.stamp & Self::LIVE != 0
    }

    fn kill(&mut self) {
        self.stamp &= !Self::LIVE;
    }
}

/// The postings of ACKs on their way, one per scoreboard slot at most: a posting is filed under
/// its sequence number modulo [`SCOREBOARD`] (its *key*), and a new posting replaces a live one
/// of the same key. The packets whose ACKs are on their way all lie within one scoreboard, so
/// two of them never share a key; a posting of the same key is either the same packet's
/// (a retransmission's ACK) or one whose ACK was dropped.
///
/// The table holds only the live postings, by open addressing: a posting sits at the first free
/// slot from `key mod len` on, and the table doubles once seven eighths are taken, up to one
/// slot per key, where every key sits at its own slot. The keys of a flow's ACKs on their way
/// are mostly consecutive or evenly spaced, so they rarely probe far even so (doubling at three
/// quarters, the tables took 1.7 MB more at 8192 hosts for 0.2 % fewer instructions). A flow
/// has a few dozen ACKs on their way while the sequence numbers they span run to hundreds: a
/// table indexed by sequence number needed that span (8 KiB a flow at 8192 hosts), this one the
/// count.
#[derive(Clone, Debug)]
struct Postings {
    slots: Vec<Posted>,
    live: usize,
}

impl Postings {
    const FIRST: usize = 8;
    /// Keys, and the largest table: one slot per scoreboard slot (the memory budget charges
    /// this many postings per flow).
    pub const MOST: usize = SCOREBOARD as usize;

    fn new() -> Postings {
        Postings {
            slots: vec![Posted::default(); Self::FIRST],
            live: 0,
        }
    }

    fn key(seq: u64) -> usize {
        seq as usize & (Self::MOST - 1)
    }

    /// The slot holding the live posting of `key`, or the free slot where it would go.
    fn find(&self, key: usize) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = key & mask;
        while self.slots[at].live() && Self::key(self.slots[at].seq()) != key {
            at = (at + 1) & mask;
        }
        at
    }

    /// Posts `p`, replacing a live posting of the same key.
    fn post(&mut self, p: Posted) {
        let at = self.find(Self::key(p.seq()));
        if !self.slots[at].live() {
            self.live += 1;
        }
        self.slots[at] = p;
        if 8 * self.live > 7 * self.slots.len() && self.slots.len() < Self::MOST {
            self.grow();
        }
    }

    /// Doubles the table, filing every live posting again.
    fn grow(&mut self) {
        let doubled = vec![Posted::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        for p in old.into_iter().filter(Posted::live) {
            let at = self.find(Self::key(p.seq()));
            self.slots[at] = p;
        }
    }

    /// Bytes it holds on the heap.
    fn heap_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Posted>()
    }

    /// Takes the posting of the transmission of `seq` sent at `sent_at`, if it is still there.
    fn take(&mut self, seq: u64, sent_at: SimTime) -> Option<Posted> {
        let at = self.find(Self::key(seq));
        let p = self.slots[at];
        (p.live() && p.seq() == seq && p.sent_at() == sent_at).then(|| {
            self.remove(at);
            p
        })
    }

    /// Frees slot `at`, moving back the postings after it that probed past it (backward-shift
    /// deletion: every live posting stays reachable from its key's first slot). In the largest
    /// table every posting sits at its key's slot, and nothing moves.
    fn remove(&mut self, mut at: usize) {
        let mask = self.slots.len() - 1;
        self.live -= 1;
        let mut next = (at + 1) & mask;
        while self.slots.len() < Self::MOST && self.slots[next].live() {
            let home = Self::key(self.slots[next].seq()) & mask;
            // the posting at `next` may move to `at` if `at` lies on its way from `home`
            if (next.wrapping_sub(home) & mask) >= (next.wrapping_sub(at) & mask) {
                self.slots[at] = self.slots[next];
                at = next;
            }
            next = (next + 1) & mask;
        }
        self.slots[at].kill();
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

    /// Gives back the memory of what arrived out of order and of the ACKs' postings once the
    /// sender has every packet acknowledged: every packet has arrived by then, so any that
    /// arrives later is a duplicate below `rcv_nxt`, which neither reads, and the sender takes
    /// no more reports.
    pub fn release(&mut self) {
        debug_assert!((0..self.received.capacity()).all(|s| !self.received.get(s)));
        self.received = SeqRing::new();
        if let Some(c) = &mut self.coalescing {
            c.posted = Postings::new();
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
        let back = (seq - base.min(seq)) as u8;
        c.posted.post(Posted::new(
            seq,
            sent_at,
            sack.bits,
            self.delivered as u32,
            back,
        ));
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
                base: seq - p.back(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Posts and takes as a flow makes them (sequence numbers in a sliding window, some ACKs
    /// dropped and never taken, retransmissions posting a sequence number again), against a
    /// table of one slot per key: the same postings are taken, the same ones lost.
    #[test]
    fn postings_behave_as_one_slot_per_key() {
        let mut table = Postings::new();
        let mut reference = vec![Posted::default(); Postings::MOST];
        let mut x = 11u64;
        let (mut newest, mut taken) = (0u64, 0);
        for step in 0..200_000u64 {
            x = crate::sim::rng::mix64(x);
            let seq = newest.saturating_sub(x % 300);
            if x % 5 < 3 {
                let back = (x % 64) as u8;
                let p = Posted::new(seq, step, x, step as u32, back);
                table.post(p);
                reference[Postings::key(seq)] = p;
                newest += x % 3;
            } else {
                let key = Postings::key(seq);
                let held = reference[key];
                // most takes are of a posting still there; some of one replaced or never made
                let sent_at = if x % 7 == 0 { step } else { held.sent_at() };
                let expected = (held.live() && held.seq() == seq && held.sent_at() == sent_at)
                    .then(|| std::mem::take(&mut reference[key]));
                let got = table.take(seq, sent_at);
                assert_eq!(got, expected);
                taken += got.is_some() as u32;
            }
            let live = reference.iter().filter(|p| p.live()).count();
            if step % 1000 == 0 {
                assert_eq!(table.live, live);
                assert!(table.slots.len() <= Postings::MOST);
                assert!(8 * live <= 7 * table.slots.len() || table.slots.len() == Postings::MOST);
            }
        }
        assert!(taken > 20_000, "{taken}");
    }

    /// A posting gives back what it was given at the ends of each range: the largest sequence
    /// number, a send time at the end of the longest run the scenario allows, the deepest bitmap
    /// base; taken, it is dead.
    #[test]
    fn a_posting_keeps_its_fields_in_24_bytes() {
        assert_eq!(std::mem::size_of::<Posted>(), 24);
        let crate::scenario::registry::Allowed::Real(_, most_us) =
            crate::scenario::registry::MAX_SIM_TIME_US.allowed
        else {
            panic!("a run's length is a range of microseconds");
        };
        let longest = crate::sim::time::from_us(most_us);
        for (seq, sent_at, back) in [(0, 0, 0), (u32::MAX as u64, longest, 63), (4097, 1, 1)] {
            let mut p = Posted::new(seq, sent_at, !0, u32::MAX, back);
            assert_eq!(
                (p.seq(), p.sent_at(), p.back()),
                (seq, sent_at, back as u64)
            );
            assert!(p.live() && p.bits == !0 && p.delivered == u32::MAX);
            p.kill();
            assert!(!p.live() && p.sent_at() == sent_at && p.back() == back as u64);
        }
    }

    /// With one slot per key, a take and a post never probe past their key's slot.
    #[test]
    fn the_largest_table_holds_every_key_at_its_own_slot() {
        let mut table = Postings::new();
        for seq in 0..Postings::MOST as u64 {
            table.post(Posted::new(seq, seq, 0, 0, 0));
        }
        assert_eq!(
            (table.live, table.slots.len()),
            (Postings::MOST, Postings::MOST)
        );
        assert!((0..Postings::MOST).all(|i| Postings::key(table.slots[i].seq()) == i));
        assert!(table.take(7, 7).is_some() && table.take(7, 7).is_none());
        assert_eq!(table.live, Postings::MOST - 1);
    }
}
