//! REPS's Ultra Ethernet form: the UEC reference simulator's `CircularBufferREPS`
//! (`ultraethernet/uet-htsim`, `htsim/sim/buffer_reps.{h,cpp}`) and the freezing mode its
//! `UecMpReps` (`uec_mp.cpp`) drives (ALGORITHMS.md §10, §11.3).
//!
//! Eight slots hold the labels of ACKs that came back clean. An ACK's label is written at the
//! head, over whatever the slot held; a slot is *fresh* until a packet reuses its label. In the
//! normal mode a packet takes the earliest fresh label, which makes the fresh labels a queue of
//! the latest clean ones, oldest first, at most eight; with none fresh it draws a random label.
//!
//! A retransmission timeout *freezes* the buffer when trimming is on (the reference stops the
//! run when a REPS flow times out without trimming, so without it a timeout changes nothing
//! here). Frozen, a packet takes the slots in turn, fresh or not, round the ones written: the
//! flow keeps to the last paths that delivered while the network may be failing. ACKs still
//! write their labels. The first feedback more than [`FREEZE`] after the timeout thaws it: the
//! buffer is emptied and the next [`EXPLORE`] packets take random labels.

use super::time::SimTime;

/// Clean labels the buffer holds (`CircularBufferREPS::repsBufferSize`).
pub const REPS_BUFFER: usize = 8;

/// How long a freeze lasts at least (`exit_freeze_after`: 10^10 ps).
pub const FREEZE: SimTime = 10_000_000_000;

/// Random labels sent after a thaw (`explore_counter = 16`).
pub const EXPLORE: u8 = 16;

/// The buffer and its mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RepsBuffer {
    labels: [u16; REPS_BUFFER],
    /// Bit i: slot i is fresh.
    fresh_slots: u8,
    /// The slot written next.
    head: u8,
    /// Slots written since the last reset, at most [`REPS_BUFFER`].
    count: u8,
    /// Fresh slots.
    fresh: u8,
    /// The slot a frozen buffer gives next.
    frozen_head: u8,
    /// Random labels still to send after a thaw.
    explore: u8,
    frozen: bool,
    /// A timeout may freeze the buffer (trimming is on).
    may_freeze: bool,
    /// The first feedback after this thaws a frozen buffer.
    thaw_after: SimTime,
}

impl RepsBuffer {
    /// An empty buffer; `may_freeze` when trimming is on.
    pub fn new(may_freeze: bool) -> RepsBuffer {
        RepsBuffer {
            may_freeze,
            ..RepsBuffer::default()
        }
    }

    #[cfg(test)]
    pub fn is_frozen(&self) -> bool {
        self.frozen
    }

    /// The label of the next packet, or `None` for a random one.
    pub fn next(&mut self) -> Option<u16> {
        if self.explore > 0 {
            self.explore -= 1;
            return None;
        }
        match self.frozen {
            true => self.take_frozen(),
            false => self.take_fresh(),
        }
    }

    /// An ACK or NACK at `now` for a packet sent with `label`; `good` when it says the path
    /// delivered unmarked (`processEv` with `PATH_GOOD`).
    pub fn feedback(&mut self, now: SimTime, label: u16, good: bool) {
        self.thaw_if_due(now);
        if good {
            self.add(label);
        }
    }

    /// A retransmission timeout at `now` (`processEv` with `PATH_TIMEOUT`).
    pub fn timeout(&mut self, now: SimTime) {
        if self.may_freeze && !self.frozen && self.explore == 0 {
            self.frozen = true;
            self.thaw_after = now + FREEZE;
        }
        self.thaw_if_due(now);
    }

    fn thaw_if_due(&mut self, now: SimTime) {
        if self.frozen && now > self.thaw_after {
            *self = RepsBuffer {
                explore: EXPLORE,
                ..RepsBuffer::new(self.may_freeze)
            };
        }
    }

    /// `add`: the head slot takes the label and is fresh.
    fn add(&mut self, label: u16) {
        let head = self.head as usize;
        if self.fresh_slots & (1 << head) == 0 {
            self.fresh += 1;
        }
        self.labels[head] = label;
        self.fresh_slots |= 1 << head;
        self.head = ((head + 1) % REPS_BUFFER) as u8;
        self.count = (self.count + 1).min(REPS_BUFFER as u8);
    }

    /// `remove_earliest_fresh`: the oldest fresh slot, `fresh` places behind the head.
    fn take_fresh(&mut self) -> Option<u16> {
        if self.count == 0 || self.fresh == 0 {
            return None;
        }
        let at = (self.head as usize + REPS_BUFFER - self.fresh as usize) % REPS_BUFFER;
        self.fresh_slots &= !(1 << at);
        self.fresh -= 1;
        Some(self.labels[at])
    }

    /// `remove_frozen`: the slots in turn over those written, fresh or not.
    fn take_frozen(&mut self) -> Option<u16> {
        if self.count == 0 {
            return None;
        }
        let at = self.frozen_head as usize;
        if self.fresh_slots & (1 << at) != 0 {
            self.fresh -= 1;
            self.fresh_slots &= !(1 << at);
        }
        self.frozen_head = ((at + 1) % self.count as usize) as u8;
        Some(self.labels[at])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::{stream, Purpose};
    use rand::Rng;
    use std::collections::VecDeque;

    /// Unfrozen, the buffer is a queue of the latest eight clean labels, oldest first, that
    /// drops its oldest when full: replayed against that queue on random adds and takes.
    #[test]
    fn unfrozen_it_is_a_queue_of_the_latest_eight_clean_labels() {
        let mut b = RepsBuffer::new(false);
        let mut q: VecDeque<u16> = VecDeque::new();
        let mut draw = stream(9, Purpose::Ecn, 0);
        for step in 0..20_000u32 {
            if draw.random_range(0..3) > 0 {
                let label = (step % 1000) as u16;
                b.feedback(0, label, true);
                if q.len() == REPS_BUFFER {
                    q.pop_front();
                }
                q.push_back(label);
            } else {
                assert_eq!(b.next(), q.pop_front(), "step {step}");
            }
        }
        // a timeout without trimming changes nothing
        b.timeout(5);
        assert!(!b.is_frozen());
    }

    #[test]
    fn a_timeout_with_trimming_freezes_it_round_the_slots_until_a_thaw_then_it_explores() {
        let mut b = RepsBuffer::new(true);
        for label in [10, 11, 12] {
            b.feedback(0, label, true);
        }
        assert_eq!(b.next(), Some(10), "the earliest fresh label");
        b.timeout(1_000);
        assert!(b.is_frozen());
        // frozen: every written slot in turn, the used one too, and again from the first
        let turns: Vec<Option<u16>> = (0..5).map(|_| b.next()).collect();
        assert_eq!(turns, [10, 11, 12, 10, 11].map(Some));
        // an ACK still writes its label, and the turn goes round it
        b.feedback(2_000, 13, true);
        assert_eq!((b.next(), b.next()), (Some(12), Some(13)));
        // a second timeout while frozen does not extend it
        b.timeout(5_000);
        // no thaw at the deadline itself, one just after it
        b.feedback(1_000 + FREEZE, 14, false);
        assert!(b.is_frozen());
        b.feedback(1_001 + FREEZE, 15, true);
        assert!(!b.is_frozen());
        // a thaw empties the buffer, then sixteen random labels before the ACK's label is reused
        assert!((0..EXPLORE).all(|_| b.next().is_none()));
        assert_eq!(b.next(), Some(15));
        assert_eq!(b.next(), None);
    }

    #[test]
    fn an_empty_frozen_buffer_draws_random_labels_and_exploring_defers_a_freeze() {
        let mut b = RepsBuffer::new(true);
        b.timeout(0);
        assert!(b.is_frozen());
        assert_eq!(b.next(), None);
        b.feedback(FREEZE + 1, 3, false);
        assert!(!b.is_frozen());
        // while it explores after a thaw, a timeout does not freeze it again
        b.timeout(FREEZE + 2);
        assert!(!b.is_frozen());
    }
}
