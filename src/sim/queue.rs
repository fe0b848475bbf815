//! A switch port's data queues: one drop-tail FIFO, or two classes (sprayed, ECMP) served by
//! deficit round robin (Shreedhar & Varghese; ALGORITHMS.md §11.2).
//!
//! With DRR each class has its own FIFO, byte count (for its drop limit and ECN threshold) and
//! deficit. Visiting a class adds its quantum to its deficit; the class sends while its head fits
//! in the deficit, then the turn passes on; an emptied class forfeits its deficit. With equal
//! 4 KiB quanta and 4 KiB packets the classes alternate packet by packet, and an idle class
//! leaves the link to the other (work conserving).
//!
//! Every queued packet of the network lives in one [`PacketSlab`]: each queue is a [`Fifo`],
//! the head and tail of a list threaded through the slab, and a freed slot is the next one
//! taken. A queue costs two indices instead of a buffer of its own, and a packet joining a queue
//! is written into the slot the last departure left, which is still in cache. At 1024 hosts,
//! with tens of thousands of queues, the packets' memory stays in one compact, reused region.
//!
//! A slot is the packet alone, 32 bytes aligned to 32, so two share a cache line and none spans
//! two: the list's link lives in the packet's `landing`, which a queued packet does not need (it
//! was read when the packet arrived, and the port that sends it writes the next). With the link
//! beside the packet a slot took 40 bytes and one in five spanned two lines; at 8192 hosts
//! reading the packet a port sends next was an eighth of the run.

use super::ids::Landing;
use super::packet::Packet;

/// The end of a list.
const NIL: u32 = u32::MAX;

/// A slot of the slab: a packet, whose landing holds the next slot of its queue (or of the
/// free list).
#[derive(Clone, Copy, Debug)]
#[repr(align(32))]
struct Node {
    packet: Packet,
}

impl Node {
    fn new(mut packet: Packet, next: u32) -> Node {
        packet.landing = Landing::from_bits(next);
        Node { packet }
    }

    fn next(&self) -> u32 {
        self.packet.landing.to_bits()
    }

    fn set_next(&mut self, next: u32) {
        self.packet.landing = Landing::from_bits(next);
    }
}

/// The storage of every queue: slots linked into FIFOs, and a LIFO list of free slots.
#[derive(Clone, Debug)]
pub struct PacketSlab {
    nodes: Vec<Node>,
    free: u32,
}

impl Default for PacketSlab {
    fn default() -> Self {
        PacketSlab {
            nodes: Vec::new(),
            free: NIL,
        }
    }
}

/// A FIFO of packets in a [`PacketSlab`]: its first and last slots.
#[derive(Clone, Copy, Debug)]
pub struct Fifo {
    head: u32,
    tail: u32,
}

impl Default for Fifo {
    fn default() -> Self {
        Fifo {
            head: NIL,
            tail: NIL,
        }
    }
}

impl Fifo {
    pub fn is_empty(&self) -> bool {
        self.head == NIL
    }

    /// The slab slot of its first packet.
    pub fn head_slot(&self) -> Option<u32> {
        (self.head != NIL).then_some(self.head)
    }
}

impl PacketSlab {
    /// Appends `packet` to `q`, in the most recently freed slot (a new one if none is free).
    pub fn push(&mut self, q: &mut Fifo, packet: Packet) {
        let node = Node::new(packet, NIL);
        let i = if self.free != NIL {
            let i = self.free;
            self.free = self.nodes[i as usize].next();
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        if q.tail == NIL {
            q.head = i;
        } else {
            self.nodes[q.tail as usize].set_next(i);
        }
        q.tail = i;
    }

    /// Takes the first packet of `q`, freeing its slot.
    pub fn pop(&mut self, q: &mut Fifo) -> Option<Packet> {
        if q.head == NIL {
            return None;
        }
        let i = q.head;
        let node = self.nodes[i as usize];
        q.head = node.next();
        if q.head == NIL {
            q.tail = NIL;
        }
        self.nodes[i as usize].set_next(self.free);
        self.free = i;
        Some(node.packet)
    }

    /// Asks the CPU to fetch slot `i` into the cache (nothing when there is no such slot).
    #[inline(always)]
    pub fn prefetch(&self, i: u32) {
        if let Some(node) = self.nodes.get(i as usize) {
            super::prefetch(node);
        }
    }

    /// The first packet of `q`.
    pub fn front(&self, q: &Fifo) -> Option<&Packet> {
        (q.head != NIL).then(|| &self.nodes[q.head as usize].packet)
    }
}

/// Traffic classes of the DRR experiment.
pub const SPRAYED: usize = 0;
pub const ECMP: usize = 1;

/// A packet leaving the queues: its class, and its class's occupancy before it left (itself
/// included: what ECN marking looks at; a shared DRR buffer reads the port's instead).
#[derive(Clone, Copy, Debug)]
pub struct Popped {
    pub packet: Packet,
    pub class: usize,
    pub occupancy: u64,
}

/// A port's data queues: one FIFO per class and its bytes (class 0 alone without DRR).
#[derive(Clone, Copy, Debug, Default)]
pub struct DataQueues {
    fifos: [Fifo; 2],
    /// A class holds at most its buffer (validated ≤ 1 GiB) and one packet: a u32.
    bytes: [u32; 2],
}

/// A port's deficit round robin state (kept apart from the queues: only DRR uses it).
#[derive(Clone, Copy, Debug, Default)]
pub struct DrrState {
    deficit: [u64; 2],
    /// The class whose turn it is, and whether its quantum was added for this turn.
    turn: u8,
    credited: bool,
}

impl DataQueues {
    /// The slab slot of the first packet of the first class: the packet a FIFO sends next.
    pub fn head_slot(&self) -> Option<u32> {
        self.fifos[SPRAYED].head_slot()
    }

    pub fn is_empty(&self) -> bool {
        self.fifos[0].is_empty() && self.fifos[1].is_empty()
    }

    /// Queued bytes of all classes.
    pub fn total_bytes(&self) -> u64 {
        self.bytes[0] as u64 + self.bytes[1] as u64
    }

    /// Queued bytes of one class.
    pub fn bytes(&self, class: usize) -> u64 {
        self.bytes[class] as u64
    }

    pub fn push(&mut self, slab: &mut PacketSlab, class: usize, p: Packet) {
        self.bytes[class] += p.size;
        slab.push(&mut self.fifos[class], p);
    }

    fn take(&mut self, slab: &mut PacketSlab, class: usize) -> Option<Popped> {
        let packet = slab.pop(&mut self.fifos[class])?;
        let occupancy = self.bytes[class] as u64;
        self.bytes[class] -= packet.size;
        Some(Popped {
            packet,
            class,
            occupancy,
        })
    }

    /// Any queued packet, class 0 first (to empty the queues).
    pub fn pop_any(&mut self, slab: &mut PacketSlab) -> Option<Packet> {
        let class = if self.fifos[SPRAYED].is_empty() {
            ECMP
        } else {
            SPRAYED
        };
        self.take(slab, class).map(|p| p.packet)
    }

    /// The next packet of a single FIFO (class 0).
    pub fn pop_fifo(&mut self, slab: &mut PacketSlab) -> Option<Popped> {
        self.take(slab, SPRAYED)
    }

    /// The next packet by deficit round robin with per-class `quantum` (bytes).
    pub fn pop_drr(
        &mut self,
        slab: &mut PacketSlab,
        drr: &mut DrrState,
        quantum: [u64; 2],
    ) -> Option<Popped> {
        if self.is_empty() {
            return None;
        }
        loop {
            let c = drr.turn as usize;
            let head = slab.front(&self.fifos[c]).map(|p| p.size as u64);
            match head {
                None => {
                    drr.deficit[c] = 0;
                }
                Some(size) => {
                    if !drr.credited {
                        drr.deficit[c] += quantum[c];
                        drr.credited = true;
                    }
                    if size <= drr.deficit[c] {
                        drr.deficit[c] -= size;
                        let out = self.take(slab, c);
                        if self.fifos[c].is_empty() {
                            drr.deficit[c] = 0;
                            drr.next_turn();
                        }
                        return out;
                    }
                }
            }
            drr.next_turn();
        }
    }
}

impl DrrState {
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
        Packet::data(crate::sim::FlowId(0), 0, size, 0, 0)
    }

    /// Bytes each class sends while both stay backlogged.
    fn shares(quantum: [u64; 2], sizes: impl Fn(u32) -> [u32; 2]) -> f64 {
        let (mut q, mut slab) = (DataQueues::default(), PacketSlab::default());
        let mut drr = DrrState::default();
        let mut bytes = [0u64; 2];
        for i in 0..4000u32 {
            let [s, e] = sizes(i);
            q.push(&mut slab, SPRAYED, pkt(s));
            q.push(&mut slab, ECMP, pkt(e));
            let out = q.pop_drr(&mut slab, &mut drr, quantum).unwrap();
            bytes[out.class] += out.packet.size as u64;
        }
        bytes[SPRAYED] as f64 / (bytes[0] + bytes[1]) as f64
    }

    #[test]
    fn a_port_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<crate::sim::port::Port>(), 64);
        assert_eq!(std::mem::align_of::<crate::sim::port::Port>(), 64);
    }

    #[test]
    fn a_slot_is_half_a_cache_line_and_aligned_to_it() {
        assert_eq!(std::mem::size_of::<Node>(), 32);
        assert_eq!(std::mem::align_of::<Node>(), 32);
    }

    #[test]
    fn queues_sharing_a_slab_keep_their_own_order_and_reuse_freed_slots() {
        let mut slab = PacketSlab::default();
        let (mut a, mut b) = (Fifo::default(), Fifo::default());
        for seq in 0..6 {
            let q = if seq % 2 == 0 { &mut a } else { &mut b };
            slab.push(q, Packet { seq, ..pkt(100) });
        }
        let seqs = |slab: &mut PacketSlab, q: &mut Fifo| {
            std::iter::from_fn(|| slab.pop(q).map(|p| p.seq)).collect::<Vec<_>>()
        };
        assert_eq!(seqs(&mut slab, &mut a), [0, 2, 4]);
        slab.push(&mut b, Packet { seq: 9, ..pkt(100) });
        assert_eq!(slab.nodes.len(), 6, "a freed slot is taken again");
        assert_eq!(seqs(&mut slab, &mut b), [1, 3, 5, 9]);
        assert!(a.is_empty() && b.is_empty() && slab.front(&a).is_none());
    }

    #[test]
    fn fifo_keeps_order_and_counts_bytes() {
        let (mut q, mut slab) = (DataQueues::default(), PacketSlab::default());
        q.push(&mut slab, SPRAYED, Packet { seq: 1, ..pkt(100) });
        q.push(&mut slab, SPRAYED, Packet { seq: 2, ..pkt(50) });
        assert_eq!(q.total_bytes(), 150);
        let out = q.pop_fifo(&mut slab).unwrap();
        assert_eq!(
            (out.packet.seq, out.occupancy, q.total_bytes()),
            (1, 150, 50)
        );
    }

    #[test]
    fn a_packet_leaving_reports_its_class_bytes_and_the_port_keeps_the_rest() {
        let (mut q, mut slab) = (DataQueues::default(), PacketSlab::default());
        let mut drr = DrrState::default();
        q.push(&mut slab, SPRAYED, pkt(100));
        q.push(&mut slab, SPRAYED, pkt(100));
        q.push(&mut slab, ECMP, pkt(300));
        let out = q.pop_drr(&mut slab, &mut drr, [4096, 4096]).unwrap();
        // a split or per-class buffer marks on the class's 200 B, a shared one on the port's 500 B
        let port = q.total_bytes() + out.packet.size as u64;
        assert_eq!((out.class, out.occupancy, port), (SPRAYED, 200, 500));
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
        let (mut lone, mut slab) = (DataQueues::default(), PacketSlab::default());
        let mut drr = DrrState::default();
        for _ in 0..5 {
            lone.push(&mut slab, ECMP, pkt(4096));
        }
        assert_eq!(
            (0..5)
                .filter(|_| lone.pop_drr(&mut slab, &mut drr, [4096, 4096]).is_some())
                .count(),
            5
        );
        assert!(lone.pop_drr(&mut slab, &mut drr, [4096, 4096]).is_none());
    }
}
