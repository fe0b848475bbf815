//! The per-packet retransmission timeout's queue ([`RtoRule::PerPacket`](super::RtoRule)): every
//! transmission of a flow in send order, from which the oldest one still in the network gives
//! the flow's next deadline.
//!
//! An entry dies when its packet is acknowledged, declared lost, or sent again (a later
//! transmission of the same sequence number); a dead entry never lives again. The sender drops
//! dead entries as they reach the front; behind a transmission long on its way (on a congested
//! path, or waiting for its timeout) the acknowledged ones would pile up, so when the queue is
//! full the dead are dropped before it grows by half. It holds about what is in flight.
//!
//! An entry is one `u64`: the send time in the high 48 bits (picoseconds: up to 281 s, beyond
//! the longest run, 10 s) and the sequence number's low 16 bits, read back as the one sequence
//! number from `snd_una` on with those bits. That is the entry's own while it lives (what is in
//! flight spans at most the 4096 of a scoreboard), and for a dead one either its own or one
//! not sent yet, never another packet in flight: the queue holds at most
//! [`SEND_ORDER_ENTRIES`] (6152), half as many again as can be alive when it drops the dead,
//! so an entry is dropped or read within 6152 transmissions of its own or of the last drop
//! that found it alive (in the scoreboard then), and a sequence number 2^16 higher is not sent
//! by then.

use crate::scenario::SEND_ORDER_ENTRIES;
use crate::sim::time::SimTime;
use std::collections::VecDeque;

/// Bits of an entry that hold the sequence number.
const SEQ_BITS: u32 = 16;

/// Transmissions in send order.
#[derive(Clone, Debug, Default)]
pub struct SendOrder {
    queue: VecDeque<u64>,
}

impl SendOrder {
    /// Bytes it holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.queue.capacity() * std::mem::size_of::<u64>()
    }

    /// No room for another entry: [`drop_dead`](Self::drop_dead) before the next
    /// [`push`](Self::push).
    pub fn is_full(&self) -> bool {
        self.queue.len() == self.queue.capacity()
    }

    /// Drops the entries `alive` says are dead (called with each entry's time and sequence
    /// number, read from `snd_una` on), and makes room for half as many again as are left,
    /// so that dropping costs O(1) a transmission.
    pub fn drop_dead(&mut self, snd_una: u64, alive: impl Fn(SimTime, u64) -> bool) {
        self.queue.retain(|&e| {
            let (t, s) = unpack(e, snd_una);
            alive(t, s)
        });
        self.queue.reserve_exact((self.queue.len() / 2).max(8));
        debug_assert!(self.queue.capacity() as u64 <= SEND_ORDER_ENTRIES);
    }

    /// Files the transmission of `seq` at `time` (the queue grows if it is full: the caller
    /// drops the dead first).
    pub fn push(&mut self, time: SimTime, seq: u64) {
        debug_assert!(time < 1 << (64 - SEQ_BITS), "a send time beyond 281 s");
        self.queue
            .push_back(time << SEQ_BITS | seq & ((1 << SEQ_BITS) - 1));
    }

    /// The oldest entry: its time and sequence number (read from `snd_una` on).
    pub fn front(&self, snd_una: u64) -> Option<(SimTime, u64)> {
        self.queue.front().map(|&e| unpack(e, snd_una))
    }

    pub fn pop_front(&mut self) {
        self.queue.pop_front();
    }
}

/// An entry's time, and the sequence number from `snd_una` on with its low bits.
fn unpack(e: u64, snd_una: u64) -> (SimTime, u64) {
    let low = e & ((1 << SEQ_BITS) - 1);
    let ahead = low.wrapping_sub(snd_una) & ((1 << SEQ_BITS) - 1);
    (e >> SEQ_BITS, snd_una + ahead)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_its_time_and_sequence_number_from_the_oldest_unacknowledged_on() {
        let mut q = SendOrder::default();
        let t = 9_999_999_999_999; // 10 s in picoseconds
        q.push(t, 70_000);
        assert_eq!(q.front(69_000), Some((t, 70_000)));
        assert_eq!(q.front(70_000), Some((t, 70_000)));
        // once acknowledged (below snd_una) it reads as a sequence number not sent yet
        assert_eq!(q.front(70_001), Some((t, 70_000 + (1 << 16))));
    }

    #[test]
    fn a_full_queue_drops_the_dead_before_it_grows_and_keeps_the_order() {
        let mut q = SendOrder::default();
        // three transmissions in four are acknowledged at once: a quarter stays
        for seq in 0..10_000u64 {
            if q.is_full() {
                q.drop_dead(0, |_, s| s % 4 == 1);
            }
            q.push(seq * 10, seq);
        }
        // 2500 live ones (and dead ones pushed since the last drop), in a queue half as
        // large again
        assert!(q.queue.capacity() <= 3750 + 8, "{}", q.queue.capacity());
        let (mut last, mut live) = (0, 0);
        while let Some((t, seq)) = q.front(0) {
            assert!(t >= last && t == seq * 10);
            (last, live) = (t, live + (seq % 4 == 1) as u32);
            q.pop_front();
        }
        assert_eq!(live, 2500);
    }
}
