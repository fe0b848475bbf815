//! A switch port's data queues: one drop-tail FIFO, or two classes (sprayed, ECMP) served by
//! deficit round robin (Shreedhar & Varghese; ALGORITHMS.md §11.2).
//!
//! With DRR each class has its own FIFO, byte count (for its drop limit and ECN threshold) and
//! deficit. Visiting a class adds its quantum to its deficit; the class sends while its head fits
//! in the deficit, then the turn passes on; an emptied class forfeits its deficit. With equal
//! 4 KiB quanta and 4 KiB packets the classes alternate packet by packet, and an idle class
//! leaves the link to the other (work conserving).

use super::packet::Packet;
use std::collections::VecDeque;

/// Traffic classes of the DRR experiment.
pub const SPRAYED: usize = 0;
pub const ECMP: usize = 1;

/// A packet leaving the queues: its class, and its class's occupancy before it left (itself
/// included: what ECN marking looks at).
#[derive(Clone, Copy, Debug)]
pub struct Popped {
    pub packet: Packet,
    pub class: usize,
    pub occupancy: u64,
}

#[derive(Clone, Debug, Default)]
pub struct DataQueues {
    fifos: [VecDeque<Packet>; 2],
    bytes: [u64; 2],
    deficit: [u64; 2],
    /// The class whose turn it is, and whether its quantum was added for this turn.
    turn: usize,
    credited: bool,
}

impl DataQueues {
    pub fn is_empty(&self) -> bool {
        self.fifos[0].is_empty() && self.fifos[1].is_empty()
    }

    /// Queued bytes of all classes.
    pub fn total_bytes(&self) -> u64 {
        self.bytes[0] + self.bytes[1]
    }

    /// Queued bytes of one class.
    pub fn bytes(&self, class: usize) -> u64 {
        self.bytes[class]
    }

    pub fn push(&mut self, class: usize, p: Packet) {
        self.bytes[class] += p.size as u64;
        self.fifos[class].push_back(p);
    }

    fn take(&mut self, class: usize) -> Option<Popped> {
        let packet = self.fifos[class].pop_front()?;
        let occupancy = self.bytes[class];
        self.bytes[class] -= packet.size as u64;
        Some(Popped {
            packet,
            class,
            occupancy,
        })
    }

    /// The next packet of a single FIFO (class 0).
    pub fn pop_fifo(&mut self) -> Option<Popped> {
        self.take(SPRAYED)
    }

    /// The next packet by deficit round robin with per-class `quantum` (bytes).
    pub fn pop_drr(&mut self, quantum: [u64; 2]) -> Option<Popped> {
        if self.is_empty() {
            return None;
        }
        loop {
            let c = self.turn;
            let head = self.fifos[c].front().map(|p| p.size as u64);
            match head {
                None => {
                    self.deficit[c] = 0;
                }
                Some(size) => {
                    if !self.credited {
                        self.deficit[c] += quantum[c];
                        self.credited = true;
                    }
                    if size <= self.deficit[c] {
                        self.deficit[c] -= size;
                        let out = self.take(c);
                        if self.fifos[c].is_empty() {
                            self.deficit[c] = 0;
                            self.next_turn();
                        }
                        return out;
                    }
                }
            }
            self.next_turn();
        }
    }

    fn next_turn(&mut self) {
        self.turn = 1 - self.turn;
        self.credited = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::packet::Packet;

    fn pkt(size: u32) -> Packet {
        Packet::data(crate::sim::FlowId(0), 1, 0, size, 0, 0)
    }

    /// Bytes each class sends while both stay backlogged.
    fn shares(quantum: [u64; 2], sizes: impl Fn(u32) -> [u32; 2]) -> f64 {
        let mut q = DataQueues::default();
        let mut bytes = [0u64; 2];
        for i in 0..4000u32 {
            let [s, e] = sizes(i);
            q.push(SPRAYED, pkt(s));
            q.push(ECMP, pkt(e));
            let out = q.pop_drr(quantum).unwrap();
            bytes[out.class] += out.packet.size as u64;
        }
        bytes[SPRAYED] as f64 / (bytes[0] + bytes[1]) as f64
    }

    #[test]
    fn fifo_keeps_order_and_counts_bytes() {
        let mut q = DataQueues::default();
        q.push(SPRAYED, Packet { seq: 1, ..pkt(100) });
        q.push(SPRAYED, Packet { seq: 2, ..pkt(50) });
        assert_eq!(q.total_bytes(), 150);
        let out = q.pop_fifo().unwrap();
        assert_eq!(
            (out.packet.seq, out.occupancy, q.total_bytes()),
            (1, 150, 50)
        );
    }

    #[test]
    fn drr_shares_the_link_evenly_between_two_saturated_classes() {
        let even = shares([4096, 4096], |_| [4096, 4096]);
        assert!((even - 0.5).abs() < 0.05, "{even}");
        // in bytes, whatever the packet sizes
        let mixed = shares([4096, 4096], |i| [4096, 1500 + (i % 3) * 1000]);
        assert!((mixed - 0.5).abs() < 0.05, "{mixed}");
    }

    #[test]
    fn drr_weights_follow_the_quanta_and_idle_classes_leave_the_link() {
        let weighted = shares([3 * 4096, 4096], |_| [4096, 4096]);
        assert!((weighted - 0.75).abs() < 0.05, "{weighted}");
        let mut lone = DataQueues::default();
        for _ in 0..5 {
            lone.push(ECMP, pkt(4096));
        }
        assert_eq!(
            (0..5)
                .filter(|_| lone.pop_drr([4096, 4096]).is_some())
                .count(),
            5
        );
        assert!(lone.pop_drr([4096, 4096]).is_none());
    }
}
