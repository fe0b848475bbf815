//! The receiving side of one flow: which packets arrived, the cumulative ACK, ACK coalescing.

use super::SCOREBOARD;

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
