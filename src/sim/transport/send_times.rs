//! The per-packet retransmission timeout's send times ([`RtoRule::PerPacket`](super::RtoRule)):
//! each sequence number's latest send time, by which a transmission still in the network (a
//! packet NACKed, an entry of the send order) is told from one sent again since.
//!
//! A send time is kept in 4 bytes, in picoseconds after the flow's first send, while every send
//! so far falls within 2^32 ps (4.29 ms) of it: the flows of a datacenter run finish well
//! within that, and at 8192 hosts the 8-byte times took 29 MB of a 163 MB run. The first send
//! beyond it widens the times to 8 bytes for good, so a time read back is always the one
//! recorded, and a comparison with it is exact.

use super::ring::SeqRing;
use crate::sim::time::SimTime;

/// Each sequence number's latest send time, for a window of consecutive sequence numbers.
#[derive(Clone, Debug)]
pub enum SendTimes {
    /// Picoseconds after `base`, the flow's first send (`SimTime::MAX` before it).
    Narrow { base: SimTime, ring: SeqRing<u32> },
    /// Picoseconds since the run began.
    Wide(SeqRing<SimTime>),
}

impl SendTimes {
    /// Times in 4 bytes, until one does not fit.
    pub fn new() -> SendTimes {
        SendTimes::Narrow {
            base: SimTime::MAX,
            ring: SeqRing::new(),
        }
    }

    /// Times a flow does not keep; they must never be read or written.
    pub fn none() -> SendTimes {
        SendTimes::Narrow {
            base: SimTime::MAX,
            ring: SeqRing::none(),
        }
    }

    /// Bytes it holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        match self {
            SendTimes::Narrow { ring, .. } => ring.heap_bytes(),
            SendTimes::Wide(ring) => ring.heap_bytes(),
        }
    }

    /// The latest send time of `seq`, which has been sent.
    #[inline(always)]
    pub fn get(&self, seq: u64) -> SimTime {
        match self {
            SendTimes::Narrow { base, ring } => base + ring.get(seq) as SimTime,
            SendTimes::Wide(ring) => ring.get(seq),
        }
    }

    /// Records that `seq` was sent at `now`, in a window of sequence numbers starting at `from`
    /// (the oldest one not acknowledged).
    #[inline(always)]
    pub fn record(&mut self, from: u64, seq: u64, now: SimTime) {
        if let SendTimes::Narrow { base, ring } = self {
            if *base == SimTime::MAX {
                *base = now;
            }
            if let Ok(after) = u32::try_from(now - *base) {
                ring.cover(from, seq);
                *ring.get_mut(seq) = after;
                return;
            }
            self.widen();
        }
        if let SendTimes::Wide(ring) = self {
            ring.cover(from, seq);
            *ring.get_mut(seq) = now;
        }
    }

    /// Keeps every time in 8 bytes from now on.
    #[cold]
    #[inline(never)]
    fn widen(&mut self) {
        if let SendTimes::Narrow { base, ring } = self {
            let base = *base;
            *self = SendTimes::Wide(ring.map(|after| base + after as SimTime));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Times read back are the ones recorded, in 4 bytes a time while they fit and in 8 after
    /// the first that does not, the window's older times kept across the change.
    #[test]
    fn times_read_back_as_recorded_before_and_after_they_widen() {
        let mut times = SendTimes::new();
        let start = 7_000_000; // the flow's first send, 7 µs into the run
        for seq in 0..100 {
            times.record(0, seq, start + seq * 1000);
        }
        assert!(matches!(times, SendTimes::Narrow { .. }));
        assert_eq!(times.heap_bytes(), 128 * 4);
        // the last time that fits, then one beyond
        let last = start + u32::MAX as SimTime;
        times.record(50, 100, last);
        assert!(matches!(times, SendTimes::Narrow { .. }));
        times.record(50, 101, last + 1);
        assert!(matches!(times, SendTimes::Wide(_)));
        assert_eq!(times.heap_bytes(), 128 * 8);
        for seq in 50..100 {
            assert_eq!(times.get(seq), start + seq * 1000, "{seq}");
        }
        assert_eq!((times.get(100), times.get(101)), (last, last + 1));
        // a retransmission long after: the latest time replaces the first
        times.record(50, 60, 40 * last);
        assert_eq!(times.get(60), 40 * last);
    }
}
