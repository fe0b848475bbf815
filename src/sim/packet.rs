//! Packets are small `Copy` values that travel inside events and port queues.
//!
//! Carrying the whole packet (40 bytes) in the event that delivers it, and in the FIFO of the
//! port that queues it, keeps every access sequential: no packet table to look up on each hop,
//! so no cache miss per hop, and no allocation per packet. A data packet becomes its own ACK at
//! the receiver.

use super::ids::FlowId;
use super::time::SimTime;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    /// A data packet; with `ack_request` the sender asks a coalescing receiver to acknowledge
    /// it at once (the UEC reference's *ack request*, ALGORITHMS.md §6.7).
    Data {
        ack_request: bool,
    },
    Ack,
}

impl PacketKind {
    pub fn is_data(self) -> bool {
        matches!(self, PacketKind::Data { .. })
    }
}

/// A packet on the wire. An ACK echoes the fields of the data packet it acknowledges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packet {
    /// Data: sequence number. ACK: the sequence number acknowledged (selective ACK).
    pub seq: u64,
    /// ACK: the receiver's next expected sequence number (cumulative ACK).
    pub cum_ack: u64,
    /// Data: when it left the sender. ACK: the echo of that time.
    pub sent_at: SimTime,
    pub flow: FlowId,
    /// Host the packet is addressed to.
    pub dst: u32,
    /// Bytes on the wire.
    pub size: u32,
    /// Path label (entropy value) hashed by switches; an ACK echoes its data packet's label.
    pub label: u16,
    pub kind: PacketKind,
    /// Data: ECN congestion experienced. ACK: echo of the data packet's mark.
    pub ecn: bool,
}

impl Packet {
    pub fn data(flow: FlowId, dst: u32, seq: u64, size: u32, label: u16, now: SimTime) -> Packet {
        Packet {
            seq,
            cum_ack: 0,
            sent_at: now,
            flow,
            dst,
            size,
            label,
            kind: PacketKind::Data { ack_request: false },
            ecn: false,
        }
    }

    /// The ACK of this data packet, addressed to `src`, carrying the receiver's `cum_ack`.
    pub fn into_ack(self, src: u32, cum_ack: u64, ack_bytes: u32) -> Packet {
        debug_assert!(self.kind.is_data());
        Packet {
            kind: PacketKind::Ack,
            dst: src,
            cum_ack,
            size: ack_bytes,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ack_echoes_its_data_packet() {
        let mut d = Packet::data(FlowId(3), 9, 42, 4096, 17, 1234);
        d.ecn = true;
        let a = d.into_ack(5, 40, 64);
        assert_eq!(
            (a.kind, a.dst, a.size, a.cum_ack),
            (PacketKind::Ack, 5, 64, 40)
        );
        assert_eq!(
            (a.seq, a.sent_at, a.label, a.ecn, a.flow),
            (42, 1234, 17, true, FlowId(3))
        );
        assert!(std::mem::size_of::<Packet>() <= 40);
    }
}
