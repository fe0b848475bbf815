//! Sender-side load balancing: which path label (entropy value) each data packet carries.
//!
//! Switches hash (flow, label, switch) to pick an up-port, so the label is all a sender needs to
//! change to move a packet to another path (ALGORITHMS.md §10). ECMP keeps one label per flow; OPS draws a
//! uniformly random label for every packet; round robin (RR) cycles through the labels, and the UEC
//! reference's oblivious spraying cycles through them in an order drawn anew every cycle. REPS
//! (ALGORITHMS.md §10) recycles the labels of ACKs that came back unmarked, oldest first, and draws a
//! random label when it has none, so a sender keeps to paths that are not congested.
//!
//! REPS's Ultra Ethernet form (`lb = reps-uec`; the UEC simulator's `UecMpReps` in `uec_mp.cpp`
//! with `CircularBufferREPS` in `buffer_reps.cpp`) keeps only the last [`REPS_BUFFER`] clean
//! labels: its circular buffer writes an unmarked ACK's label at the head, overwriting the oldest
//! label not yet reused when all eight are, and a packet takes the earliest label not yet reused.
//! The labels not yet reused are thus always the latest ones, oldest first: a queue of at most
//! eight that drops its oldest when full, which is how it is kept here. It has no first window
//! of round-robin labels. A retransmission timeout would put the reference into a *freezing*
//! mode that needs packet trimming (without it the reference stops the run); the paper's
//! network has no trimming, so a timeout changes nothing here.

use super::rng::SimRng;
use crate::scenario::LbScheme;
use rand::Rng;
use std::collections::VecDeque;

/// The label of a packet that switches route adaptively (AR); never a real label.
pub const ADAPTIVE: u16 = u16::MAX;

/// Clean labels the UEC form of REPS remembers (`CircularBufferREPS::repsBufferSize`).
pub const REPS_BUFFER: usize = 8;

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
    /// REPS: labels whose ACKs came back without ECN, oldest first (at most
    /// [`REPS_BUFFER`] in the UEC form).
    good: VecDeque<u16>,
    rng: SimRng,
}

impl PathChooser {
    /// Bytes it holds on the heap (REPS's labels).
    pub fn heap_bytes(&self) -> usize {
        self.good.capacity() * 2
    }

    /// `labels` distinct labels; the ECMP label is drawn once from `rng`.
    pub fn new(scheme: LbScheme, labels: u32, mut rng: SimRng) -> PathChooser {
        let fixed = rng.random_range(0..labels) as u16;
        let xor = match scheme {
            LbScheme::Oblivious => rng.random_range(0..labels),
            _ => 0,
        };
        PathChooser {
            scheme,
            labels,
            fixed,
            next: 0,
            xor,
            good: VecDeque::new(),
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
            LbScheme::Reps | LbScheme::RepsUec => match self.good.pop_front() {
                Some(label) => label,
                None => self.rng.random_range(0..self.labels) as u16,
            },
        }
    }
}

impl PathChooser {
    /// An ACK came back for a packet sent with `label`: REPS recycles the label unless the
    /// packet was ECN-marked.
    pub fn on_ack(&mut self, label: u16, ecn: bool) {
        match self.scheme {
            LbScheme::Reps if !ecn => self.good.push_back(label),
            LbScheme::RepsUec if !ecn => self.recycle_capped(label),
            _ => {}
        }
    }
}

impl PathChooser {
    /// The UEC form's recycling: the oldest label goes when [`REPS_BUFFER`] are held.
    #[inline(never)]
    fn recycle_capped(&mut self, label: u16) {
        if self.good.len() == REPS_BUFFER {
            self.good.pop_front();
        }
        self.good.push_back(label);
    }
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
        let mut o = PathChooser::new(LbScheme::Oblivious, 64, stream(1, Purpose::FlowPath, 0));
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
        let mut e = PathChooser::new(LbScheme::Ecmp, 64, stream(1, Purpose::FlowPath, 0));
        let first = e.next_label();
        assert!((0..100).all(|_| e.next_label() == first));
        let mut o = PathChooser::new(LbScheme::Ops, 64, stream(1, Purpose::FlowPath, 0));
        let mut seen = [0u32; 64];
        for _ in 0..64_000 {
            seen[o.next_label() as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        let mut rr = PathChooser::new(LbScheme::Rr, 3, stream(1, Purpose::FlowPath, 0));
        assert_eq!(
            (0..7).map(|_| rr.next_label()).collect::<Vec<_>>(),
            vec![0, 1, 2, 0, 1, 2, 0]
        );
    }

    #[test]
    fn reps_reuses_clean_labels_and_falls_back_to_random() {
        let mut r = PathChooser::new(LbScheme::Reps, 64, stream(3, Purpose::FlowPath, 0));
        let first: Vec<u16> = (0..4).map(|_| r.next_label()).collect();
        r.on_ack(first[2], false);
        r.on_ack(first[0], true); // ECN-marked: not reused
        r.on_ack(first[1], false);
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
        let mut u = PathChooser::new(LbScheme::RepsUec, 64, stream(3, Purpose::FlowPath, 0));
        for label in 0..12 {
            u.on_ack(label, label == 11);
        }
        let reused: Vec<u16> = (0..8).map(|_| u.next_label()).collect();
        assert_eq!(reused, (3..11).collect::<Vec<u16>>());
        // other schemes ignore ACKs
        let mut o = PathChooser::new(LbScheme::Ops, 64, stream(3, Purpose::FlowPath, 0));
        o.on_ack(7, false);
        assert!(o.good.is_empty());
    }

    /// The reference's circular buffer (a head, a count of labels not yet reused, a valid flag
    /// per slot), replayed on random adds and takes, gives what the capped queue gives.
    #[test]
    fn the_uec_form_is_the_reference_circular_buffer() {
        struct Circular {
            labels: [u16; REPS_BUFFER],
            valid: [bool; REPS_BUFFER],
            head: usize,
            fresh: usize,
        }
        impl Circular {
            fn add(&mut self, l: u16) {
                if !self.valid[self.head] {
                    self.fresh += 1;
                }
                (self.labels[self.head], self.valid[self.head]) = (l, true);
                self.head = (self.head + 1) % REPS_BUFFER;
            }
            fn take(&mut self) -> Option<u16> {
                if self.fresh == 0 {
                    return None;
                }
                let at = (self.head + REPS_BUFFER - self.fresh) % REPS_BUFFER;
                self.valid[at] = false;
                self.fresh -= 1;
                Some(self.labels[at])
            }
        }
        let mut c = Circular {
            labels: [0; REPS_BUFFER],
            valid: [false; REPS_BUFFER],
            head: 0,
            fresh: 0,
        };
        let mut u = PathChooser::new(LbScheme::RepsUec, 1 << 15, stream(9, Purpose::FlowPath, 0));
        let mut draw = stream(9, Purpose::Ecn, 0);
        for step in 0..20_000u32 {
            if draw.random_range(0..3) > 0 {
                let label = (step % 1000) as u16;
                c.add(label);
                u.on_ack(label, false);
            } else if let Some(l) = c.take() {
                assert_eq!(u.next_label(), l, "step {step}");
            } else {
                assert!(u.good.is_empty(), "step {step}");
            }
        }
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
        let mut ar = PathChooser::new(LbScheme::Ar, 64, stream(1, Purpose::FlowPath, 0));
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
