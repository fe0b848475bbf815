//! Packets are small `Copy` values that travel inside events and port queues.
//!
//! Carrying the whole packet (40 bytes) in the event that delivers it, and in the FIFO of the
//! port that queues it, keeps every access sequential: no packet table to look up on each hop,
//! so no cache miss per hop, and no allocation per packet. A data packet becomes its own ACK at
//! the receiver; with trimming, a switch cuts a data packet it has no room for to its header,
//! which the receiver turns into a NACK.

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
    /// A data packet a full switch queue cut to its header ([`TRIMMED_BYTES`]), on its way to
    /// the receiver at priority ([`Packet::cut_at_last_hop`] says where it was cut).
    Trimmed,
    /// The receiver's answer to a trimmed packet: resend it.
    Nack,
}

/// The bytes left of a trimmed packet: the UEC reference's default `-trimsize`
/// (`main_uec.cpp`, `trimsize = 64`).
pub const TRIMMED_BYTES: u32 = 64;

impl PacketKind {
    pub fn is_data(self) -> bool {
        matches!(self, PacketKind::Data { .. })
    }

    /// Travels towards the sender (an ACK or a NACK).
    pub fn is_reply(self) -> bool {
        matches!(self, PacketKind::Ack | PacketKind::Nack)
    }
}

/// A packet on the wire. An ACK echoes the fields of the data packet it acknowledges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packet {
    /// Data: sequence number. ACK: the sequence number acknowledged (selective ACK).
    pub seq: u64,
    /// ACK: the receiver's next expected sequence number (cumulative ACK). Trimmed header and
    /// its NACK: 1 when it was cut at the port into the receiver (the field is otherwise
    /// unused there, and the packet stays 40 bytes).
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

    /// This data packet cut to its header, as a switch port trims it; `last_hop`: the port
    /// leads to the receiver.
    pub fn trimmed(self, last_hop: bool) -> Packet {
        debug_assert!(self.kind.is_data());
        Packet {
            kind: PacketKind::Trimmed,
            size: TRIMMED_BYTES,
            cum_ack: last_hop as u64,
            ..self
        }
    }

    /// A trimmed header or its NACK: whether the data packet was cut at the port into its
    /// receiver (the reference's `last_hop`).
    pub fn cut_at_last_hop(&self) -> bool {
        self.cum_ack == 1
    }

    /// The NACK of this trimmed packet, addressed to `src`: its sequence number, label, send
    /// time and ECN mark echoed, as an ACK echoes them.
    pub fn into_nack(self, src: u32, nack_bytes: u32) -> Packet {
        debug_assert_eq!(self.kind, PacketKind::Trimmed);
        Packet {
            kind: PacketKind::Nack,
            dst: src,
            size: nack_bytes,
            ..self
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

    #[test]
    fn a_trimmed_packet_keeps_its_header_fields_and_its_nack_echoes_them() {
        let d = Packet::data(FlowId(3), 9, 42, 4160, 17, 1234);
        let t = d.trimmed(true);
        assert_eq!(
            (t.kind, t.size, t.cut_at_last_hop()),
            (PacketKind::Trimmed, 64, true)
        );
        assert_eq!((t.seq, t.dst, t.label, t.sent_at), (42, 9, 17, 1234));
        assert!(!d.trimmed(false).cut_at_last_hop());
        let n = t.into_nack(5, 64);
        assert_eq!(
            (n.kind, n.dst, n.seq, n.label),
            (PacketKind::Nack, 5, 42, 17)
        );
        assert!(n.cut_at_last_hop());
        assert!(n.kind.is_reply() && !t.kind.is_reply() && !t.kind.is_data());
    }
}
