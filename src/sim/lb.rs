//! Sender-side load balancing: which path label (entropy value) each data packet carries.
//!
//! Switches hash (flow, label, switch) to pick an up-port, so the label is all a sender needs to
//! change to move a packet to another path (ALGORITHMS.md §10). ECMP keeps one label per flow; OPS draws a
//! uniformly random label for every packet; round robin (RR) cycles through the labels, and the UEC
//! reference's oblivious spraying cycles through them in an order drawn anew every cycle. REPS
//! (ALGORITHMS.md §10) recycles the labels of ACKs that came back unmarked, oldest first, and draws a
//! random label when it has none, so a sender keeps to paths that are not congested.
//!
//! REPS's Ultra Ethernet form (`lb = reps-uec`) keeps the reference's circular buffer of eight
//! clean labels and its freezing mode under trimming ([`super::reps_buffer`]).

use super::reps_buffer::RepsBuffer;
use super::rng::SimRng;
use super::time::SimTime;
use crate::scenario::LbScheme;
use rand::Rng;
use std::collections::VecDeque;

/// The label of a packet that switches route adaptively (AR); never a real label.
pub const ADAPTIVE: u16 = u16::MAX;

/// One flow's path-label chooser.
#[derive(Clone, Debug)]
pub struct PathChooser {
    scheme: LbScheme,
    labels: u32,
    fixed: u16,
    /// Round robin's and the oblivious cycle's next index.
    next: u32,
    /// The oblivious cycle's mask, drawn anew every cycle.
    xor: u32,
    /// REPS: the labels whose ACKs came back without ECN.
    recycled: Recycled,
    rng: SimRng,
}

impl PathChooser {
    /// Bytes it holds on the heap (REPS's labels).
    pub fn heap_bytes(&self) -> usize {
        match &self.recycled {
            Recycled::List(good) => good.capacity() * 2,
            Recycled::Uec(_) => 0,
        }
    }

    /// `labels` distinct labels; the ECMP label is drawn once from `rng`. With `trimming`,
    /// a timeout freezes the UEC form of REPS.
    pub fn new(scheme: LbScheme, labels: u32, mut rng: SimRng, trimming: bool) -> PathChooser {
        let fixed = rng.random_range(0..labels) as u16;
        let xor = match scheme {
            LbScheme::Oblivious => rng.random_range(0..labels),
            LbScheme::Ecmp
            | LbScheme::Ops
            | LbScheme::Rr
            | LbScheme::Reps
            | LbScheme::RepsUec
            | LbScheme::Ar => 0,
        };
        PathChooser {
            scheme,
            labels,
            fixed,
            next: 0,
            xor,
            recycled: match scheme {
                LbScheme::RepsUec => Recycled::Uec(RepsBuffer::new(trimming)),
                LbScheme::Ecmp
                | LbScheme::Ops
                | LbScheme::Rr
                | LbScheme::Reps
                | LbScheme::Ar
                | LbScheme::Oblivious => Recycled::List(VecDeque::new()),
            },
            rng,
        }
    }

    /// The label of the next data packet.
    pub fn next_label(&mut self) -> u16 {
        match self.scheme {
            LbScheme::Ecmp => self.fixed,
            LbScheme::Ops => self.rng.random_range(0..self.labels) as u16,
            LbScheme::Rr => {
                let label = self.next as u16;
                self.next = (self.next + 1) % self.labels;
                label
            }
            LbScheme::Ar => ADAPTIVE,
            LbScheme::Oblivious => {
                // UecMpOblivious::nextEntropy: index XOR mask (labels is a power of two)
                let label = ((self.next ^ self.xor) & (self.labels - 1)) as u16;
                self.next += 1;
                if self.next == self.labels {
                    self.next = 0;
                    self.xor = self.rng.random_range(0..self.labels);
                }
                label
            }
            LbScheme::Reps | LbScheme::RepsUec => {
                let reused = match &mut self.recycled {
                    Recycled::List(good) => good.pop_front(),
                    Recycled::Uec(buffer) => buffer.next(),
                };
                match reused {
                    Some(label) => label,
                    None => self.rng.random_range(0..self.labels) as u16,
                }
            }
        }
    }
}

impl PathChooser {
    /// An ACK came back at `now` for a packet sent with `label`: REPS recycles the label
    /// unless the packet was ECN-marked.
    pub fn on_ack(&mut self, now: SimTime, label: u16, ecn: bool) {
        match (self.scheme, &mut self.recycled) {
            (LbScheme::Reps, Recycled::List(good)) if !ecn => good.push_back(label),
            (LbScheme::RepsUec, Recycled::Uec(buffer)) => buffer.feedback(now, label, !ecn),
            _ => {}
        }
    }

    /// The flow's retransmission timer fired at `now`: the UEC form of REPS may freeze.
    pub fn on_timeout(&mut self, now: SimTime) {
        if let Recycled::Uec(buffer) = &mut self.recycled {
            buffer.timeout(now);
        }
    }
}

/// Where REPS keeps its clean labels: a list (the paper's form) or the reference's buffer.
#[derive(Clone, Debug)]
enum Recycled {
    List(VecDeque<u16>),
    Uec(RepsBuffer),
}

/// AR's quantized level of a queue: how many of the ascending `thresholds` (bytes) its
/// occupancy has reached.
pub fn quantize(occupancy: u64, thresholds: &[u64]) -> u8 {
    thresholds.iter().take_while(|&&t| occupancy >= t).count() as u8
}

/// AR's choice: the index of a lowest level, ties broken uniformly at random.
pub fn pick_lowest(levels: &[u8], rng: &mut SimRng) -> usize {
    let (mut best, mut best_level, mut ties) = (0, u8::MAX, 0u32);
    for (i, &level) in levels.iter().enumerate() {
        if level < best_level {
            (best, best_level, ties) = (i, level, 1);
        } else if level == best_level {
            // reservoir sampling: each tied port is kept with probability 1/ties
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = i;
            }
        }
    }
    best
}

/// Index of the up-port (of `count`) a switch with `salt` picks for (flow, label).
pub fn hash_port(flow: u32, label: u16, salt: u64, count: u32) -> u32 {
    let h = super::rng::mix64(((flow as u64) << 16 | label as u64) ^ salt);
    (((h >> 32) * count as u64) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::{stream, Purpose};

    #[test]
    fn oblivious_uses_every_label_once_per_cycle_in_a_new_order_each_cycle() {
        let mut o = PathChooser::new(
            LbScheme::Oblivious,
            64,
            stream(1, Purpose::FlowPath, 0),
            false,
        );
        let cycles: Vec<Vec<u16>> = (0..8)
            .map(|_| (0..64).map(|_| o.next_label()).collect())
            .collect();
        for c in &cycles {
            let mut sorted = c.clone();
            sorted.sort();
            assert_eq!(sorted, (0..64).collect::<Vec<u16>>());
            // an index sequence XOR a mask: consecutive pairs differ in the lowest bit only
            assert!(c.chunks(2).all(|p| p[0] ^ p[1] == 1), "{c:?}");
        }
        let distinct = cycles
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        assert!(distinct >= 6, "{distinct} distinct orders in 8 cycles");
    }

    #[test]
    fn ecmp_keeps_one_label_and_ops_spreads_them() {
        let mut e = PathChooser::new(LbScheme::Ecmp, 64, stream(1, Purpose::FlowPath, 0), false);
        let first = e.next_label();
        assert!((0..100).all(|_| e.next_label() == first));
        let mut o = PathChooser::new(LbScheme::Ops, 64, stream(1, Purpose::FlowPath, 0), false);
        let mut seen = [0u32; 64];
        for _ in 0..64_000 {
            seen[o.next_label() as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        let mut rr = PathChooser::new(LbScheme::Rr, 3, stream(1, Purpose::FlowPath, 0), false);
        assert_eq!(
            (0..7).map(|_| rr.next_label()).collect::<Vec<_>>(),
            vec![0, 1, 2, 0, 1, 2, 0]
        );
    }

    #[test]
    fn reps_reuses_clean_labels_and_falls_back_to_random() {
        let mut r = PathChooser::new(LbScheme::Reps, 64, stream(3, Purpose::FlowPath, 0), false);
        let first: Vec<u16> = (0..4).map(|_| r.next_label()).collect();
        r.on_ack(0, first[2], false);
        r.on_ack(0, first[0], true); // ECN-marked: not reused
        r.on_ack(0, first[1], false);
        assert_eq!(r.next_label(), first[2]);
        assert_eq!(r.next_label(), first[1]);
        // none left: random again
        let fresh: Vec<u16> = (0..50).map(|_| r.next_label()).collect();
        assert!(
            fresh
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len()
                > 20
        );
        // the UEC form keeps only the latest clean labels
        let mut u = PathChooser::new(
            LbScheme::RepsUec,
            64,
            stream(3, Purpose::FlowPath, 0),
            false,
        );
        for label in 0..12 {
            u.on_ack(0, label, label == 11);
        }
        let reused: Vec<u16> = (0..8).map(|_| u.next_label()).collect();
        assert_eq!(reused, (3..11).collect::<Vec<u16>>());
        // other schemes ignore ACKs
        let mut o = PathChooser::new(LbScheme::Ops, 64, stream(3, Purpose::FlowPath, 0), false);
        o.on_ack(0, 7, false);
        assert!(matches!(&o.recycled, Recycled::List(good) if good.is_empty()));
    }

    #[test]
    fn the_uec_form_freezes_on_a_timeout_only_with_trimming() {
        for trimming in [false, true] {
            let mut u = PathChooser::new(
                LbScheme::RepsUec,
                64,
                stream(4, Purpose::FlowPath, 0),
                trimming,
            );
            u.on_ack(0, 5, false);
            u.on_ack(0, 6, false);
            u.on_timeout(1);
            let labels: Vec<u16> = (0..4).map(|_| u.next_label()).collect();
            match trimming {
                // frozen: the two written slots in turn, again and again
                true => assert_eq!(labels, [5, 6, 5, 6]),
                // the queue of fresh labels, then random ones
                false => assert_eq!(labels[..2], [5, 6]),
            }
        }
        // the paper's REPS ignores timeouts
        let mut r = PathChooser::new(LbScheme::Reps, 64, stream(4, Purpose::FlowPath, 0), true);
        r.on_ack(0, 5, false);
        r.on_timeout(1);
        assert_eq!(r.next_label(), 5);
        assert_ne!((r.next_label(), r.next_label()), (5, 5));
    }

    #[test]
    fn ar_quantizes_queues_and_prefers_the_emptier_port() {
        let th = [40, 80, 160];
        assert_eq!(
            [0, 39, 40, 100, 160, 10_000].map(|b| quantize(b, &th)),
            [0, 0, 1, 2, 3, 3]
        );
        let mut rng = stream(5, Purpose::Ecn, 1);
        assert_eq!(pick_lowest(&[3, 1, 2, 3], &mut rng), 1);
        // ties are spread evenly
        let mut hits = [0u32; 4];
        for _ in 0..4000 {
            hits[pick_lowest(&[1, 0, 0, 0], &mut rng)] += 1;
        }
        assert_eq!(hits[0], 0);
        assert!(
            hits[1..].iter().all(|&h| (1150..1520).contains(&h)),
            "{hits:?}"
        );
        let mut ar = PathChooser::new(LbScheme::Ar, 64, stream(1, Purpose::FlowPath, 0), false);
        assert_eq!(ar.next_label(), ADAPTIVE);
    }

    #[test]
    fn hashing_spreads_labels_over_ports() {
        let mut per_port = [0u32; 4];
        for label in 0..4000u16 {
            per_port[hash_port(7, label, 99, 4) as usize] += 1;
        }
        assert!(
            per_port.iter().all(|&c| (850..1150).contains(&c)),
            "{per_port:?}"
        );
        assert_eq!(hash_port(7, 3, 99, 4), hash_port(7, 3, 99, 4));
    }
}
