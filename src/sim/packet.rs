//! Packets live in a slab and are addressed by a small `Copy` id; queues link them intrusively.
//!
//! A data packet becomes its own ACK at the receiver (same slot, rewritten), so a packet's life
//! from first send to ACK costs one slab allocation, reused through a free list: no heap
//! allocation per packet once the slab has grown to the number of packets in flight.

use super::time::SimTime;

/// Index of a packet in the [`PacketSlab`].
pub type PacketId = u32;

/// End-of-list marker for intrusive queues.
pub const NIL: PacketId = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    Data,
    Ack,
}

/// A packet on the wire. An ACK echoes the fields of the data packet it acknowledges.
#[derive(Clone, Copy, Debug)]
pub struct Packet {
    /// Data: sequence number. ACK: the sequence number acknowledged (selective ACK).
    pub seq: u64,
    /// ACK: the receiver's next expected sequence number (cumulative ACK).
    pub cum_ack: u64,
    /// Data: when it left the sender. ACK: the echo of that time.
    pub sent_at: SimTime,
    pub flow: u32,
    /// Host the packet is addressed to.
    pub dst: u32,
    /// Node the packet is travelling to (set when a port transmits it).
    pub next_node: u32,
    /// Next packet in the same queue.
    pub next: PacketId,
    /// Bytes on the wire.
    pub size: u32,
    /// Path label (entropy value) hashed by switches; an ACK echoes its data packet's label.
    pub label: u16,
    pub kind: PacketKind,
    /// Data: ECN congestion experienced. ACK: echo of the data packet's mark.
    pub ecn: bool,
}

impl Packet {
    pub fn data(flow: u32, dst: u32, seq: u64, size: u32, label: u16, now: SimTime) -> Packet {
        Packet {
            seq,
            cum_ack: 0,
            sent_at: now,
            flow,
            dst,
            next_node: 0,
            next: NIL,
            size,
            label,
            kind: PacketKind::Data,
            ecn: false,
        }
    }
}

/// Storage for every packet in the network.
#[derive(Default)]
pub struct PacketSlab {
    slots: Vec<Packet>,
    free: Vec<PacketId>,
    live: usize,
    live_data: usize,
}

impl PacketSlab {
    pub fn alloc(&mut self, p: Packet) -> PacketId {
        self.live += 1;
        if p.kind == PacketKind::Data {
            self.live_data += 1;
        }
        match self.free.pop() {
            Some(id) => {
                self.slots[id as usize] = p;
                id
            }
            None => {
                self.slots.push(p);
                (self.slots.len() - 1) as PacketId
            }
        }
    }

    pub fn release(&mut self, id: PacketId) {
        self.live -= 1;
        if self.slots[id as usize].kind == PacketKind::Data {
            self.live_data -= 1;
        }
        self.free.push(id);
    }

    /// Turns a delivered data packet into an ACK in place.
    pub fn make_ack(&mut self, id: PacketId, dst: u32, cum_ack: u64, ack_bytes: u32) {
        let p = &mut self.slots[id as usize];
        debug_assert_eq!(p.kind, PacketKind::Data);
        p.kind = PacketKind::Ack;
        p.dst = dst;
        p.cum_ack = cum_ack;
        p.size = ack_bytes;
        self.live_data -= 1;
    }

    /// Packets currently allocated (in queues or on links).
    pub fn live(&self) -> usize {
        self.live
    }

    /// Data packets currently in the network.
    pub fn live_data(&self) -> usize {
        self.live_data
    }

    /// Slots ever allocated (the slab's high-water mark).
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }
}

impl std::ops::Index<PacketId> for PacketSlab {
    type Output = Packet;
    fn index(&self, id: PacketId) -> &Packet {
        &self.slots[id as usize]
    }
}

impl std::ops::IndexMut<PacketId> for PacketSlab {
    fn index_mut(&mut self, id: PacketId) -> &mut Packet {
        &mut self.slots[id as usize]
    }
}

/// A FIFO of packets linked through [`Packet::next`].
#[derive(Clone, Copy, Debug)]
pub struct PacketFifo {
    head: PacketId,
    tail: PacketId,
}

impl Default for PacketFifo {
    fn default() -> Self {
        PacketFifo {
            head: NIL,
            tail: NIL,
        }
    }
}

impl PacketFifo {
    pub fn is_empty(&self) -> bool {
        self.head == NIL
    }

    pub fn push(&mut self, slab: &mut PacketSlab, id: PacketId) {
        slab[id].next = NIL;
        if self.tail == NIL {
            self.head = id;
        } else {
            slab[self.tail].next = id;
        }
        self.tail = id;
    }

    pub fn pop(&mut self, slab: &PacketSlab) -> Option<PacketId> {
        if self.head == NIL {
            return None;
        }
        let id = self.head;
        self.head = slab[id].next;
        if self.head == NIL {
            self.tail = NIL;
        }
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slab_reuses_slots_and_counts_live_packets() {
        let mut slab = PacketSlab::default();
        let a = slab.alloc(Packet::data(0, 1, 0, 100, 0, 0));
        let b = slab.alloc(Packet::data(0, 1, 1, 100, 0, 0));
        assert_eq!((slab.live(), slab.live_data()), (2, 2));
        slab.make_ack(a, 0, 1, 64);
        assert_eq!((slab.live(), slab.live_data()), (2, 1));
        slab.release(a);
        let c = slab.alloc(Packet::data(0, 1, 2, 100, 0, 0));
        assert_eq!(c, a);
        assert_eq!(slab.capacity(), 2);
        slab.release(b);
        slab.release(c);
        assert_eq!(slab.live(), 0);
    }

    #[test]
    fn fifo_keeps_order() {
        let mut slab = PacketSlab::default();
        let ids: Vec<_> = (0..5)
            .map(|i| slab.alloc(Packet::data(0, 1, i, 100, 0, 0)))
            .collect();
        let mut q = PacketFifo::default();
        for &id in &ids {
            q.push(&mut slab, id);
        }
        let out: Vec<_> = std::iter::from_fn(|| q.pop(&slab)).collect();
        assert_eq!(out, ids);
        assert!(q.is_empty());
    }
}
