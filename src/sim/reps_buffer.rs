//! The Ultra Ethernet form of REPS: a small circular buffer of recycled path labels.
//!
//! REPS (recycled entropy packet spraying) reuses the labels of packets whose ACKs came back
//! without an ECN mark. SprayLab's default REPS (`lb = reps`) keeps every such label in a list,
//! as the REPS artifact's legacy engine does. The Ultra Ethernet reference simulator
//! (`UecMpReps` in `uec_mp.cpp`, `CircularBufferREPS` in `buffer_reps.cpp`) keeps only the
//! last [`REPS_BUFFER`] of them:
//!
//! - an unmarked ACK writes its label at the head and advances the head; when the buffer is
//!   full the oldest label is overwritten, so a sender remembers only its 8 latest clean paths;
//!   a marked ACK writes nothing;
//! - a packet takes the earliest label not yet reused (each is reused once), or a uniformly
//!   random label when none is left;
//! - there is no first window of round-robin labels: before the first ACK every label is random;
//! - a retransmission timeout would put the reference into a *freezing* mode that cycles through
//!   the buffer without consuming it, but the reference allows it only with packet trimming and
//!   stops the run otherwise. The paper's network has no trimming, so here a timeout leaves the
//!   buffer as it is (ALGORITHMS.md §10).

/// Entries of the buffer (`CircularBufferREPS::repsBufferSize`).
pub const REPS_BUFFER: usize = 8;

/// The recycled labels of one flow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RepsBuffer {
    labels: [u16; REPS_BUFFER],
    valid: [bool; REPS_BUFFER],
    /// Where the next clean label is written.
    head: usize,
    /// Labels written and not yet reused: the `fresh` slots before `head`.
    fresh: usize,
}

impl RepsBuffer {
    /// An ACK without ECN for a packet sent with `label`.
    pub fn add(&mut self, label: u16) {
        if !self.valid[self.head] {
            self.fresh += 1;
        }
        self.labels[self.head] = label;
        self.valid[self.head] = true;
        self.head = (self.head + 1) % REPS_BUFFER;
    }

    /// The earliest label not yet reused, if any; it is then spent.
    pub fn take(&mut self) -> Option<u16> {
        if self.fresh == 0 {
            return None;
        }
        let at = (self.head + REPS_BUFFER - self.fresh) % REPS_BUFFER;
        self.valid[at] = false;
        self.fresh -= 1;
        Some(self.labels[at])
    }

    /// Labels waiting to be reused.
    pub fn fresh(&self) -> usize {
        self.fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_reused_once_oldest_first() {
        let mut b = RepsBuffer::default();
        assert_eq!(b.take(), None);
        for l in [5, 6, 7] {
            b.add(l);
        }
        assert_eq!(b.take(), Some(5));
        b.add(8);
        assert_eq!(
            [b.take(), b.take(), b.take(), b.take()],
            [Some(6), Some(7), Some(8), None]
        );
    }

    #[test]
    fn a_full_buffer_keeps_the_latest_eight() {
        let mut b = RepsBuffer::default();
        for l in 0..20 {
            b.add(l);
        }
        assert_eq!(b.fresh(), REPS_BUFFER);
        let taken: Vec<u16> = std::iter::from_fn(|| b.take()).collect();
        assert_eq!(taken, (12..20).collect::<Vec<u16>>());
    }

    #[test]
    fn writing_over_a_spent_slot_counts_as_fresh_and_over_a_fresh_one_does_not() {
        let mut b = RepsBuffer::default();
        for l in 0..8 {
            b.add(l);
        }
        assert_eq!(b.take(), Some(0));
        assert_eq!(b.fresh(), 7);
        b.add(100); // over the spent slot 0
        assert_eq!(b.fresh(), 8);
        b.add(101); // over label 1, still fresh: the count stays
        assert_eq!(b.fresh(), 8);
        assert_eq!(b.take(), Some(2));
    }
}
