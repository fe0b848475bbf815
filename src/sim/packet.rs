//! Packets are small `Copy` values that travel inside events and port queues.
//!
//! Carrying the whole packet (32 bytes) in the event that delivers it, and in the FIFO of the
//! port that queues it, keeps every access sequential: no packet table to look up on each hop,
//! so no cache miss per hop, and no allocation per packet. A data packet becomes its own ACK at
//! the receiver; with trimming, a switch cuts a data packet it has no room for to its header,
//! which the receiver turns into a NACK.
//!
//! What keeps it at 32 bytes, half a cache line (an arrival event with its 16-byte key is 48):
//! sequence numbers in 32 bits (a flow's packets are numbered below 2^32: a finite flow has at
//! most 2^24, and a long-lived one is held to it by the scenario's rules), and no destination:
//! a packet goes to its flow's receiver, or, an ACK or a NACK, back to its sender, so a switch
//! reads the flow's ends (`Simulation::flow_ends`, 8 bytes a flow) to route it. The bytes left
//! carry where the packet lands at the end of the link it is on.

use super::ids::{FlowId, Landing};
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
    /// Data: when it left the sender. ACK: the echo of that time.
    pub sent_at: SimTime,
    /// Data: sequence number. ACK: the sequence number acknowledged (selective ACK).
    pub seq: u32,
    /// ACK: the receiver's next expected sequence number (cumulative ACK). Trimmed header and
    /// its NACK: 1 when it was cut at the port into the receiver (the field is otherwise
    /// unused there).
    pub cum_ack: u32,
    pub flow: FlowId,
    /// Bytes on the wire.
    pub size: u32,
    /// Where it lands at the end of the link it is on (set by the port that sends it).
    pub landing: Landing,
    /// Path label (entropy value) hashed by switches; an ACK echoes its data packet's label.
    pub label: u16,
    pub kind: PacketKind,
    /// Data: ECN congestion experienced. ACK: echo of the data packet's mark.
    pub ecn: bool,
}

impl Packet {
    /// Data packet `seq` of `flow` (below 2^32, as the scenario's rules hold it).
    pub fn data(flow: FlowId, seq: u64, size: u32, label: u16, now: SimTime) -> Packet {
        debug_assert!(
            seq <= u32::MAX as u64,
            "sequence number {seq} beyond 32 bits"
        );
        Packet {
            sent_at: now,
            seq: seq as u32,
            cum_ack: 0,
            flow,
            size,
            landing: Landing::default(),
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
            cum_ack: last_hop as u32,
            ..self
        }
    }

    /// A trimmed header or its NACK: whether the data packet was cut at the port into its
    /// receiver (the reference's `last_hop`).
    pub fn cut_at_last_hop(&self) -> bool {
        self.cum_ack == 1
    }

    /// The NACK of this trimmed packet, back to its sender: its sequence number, label, send
    /// time and ECN mark echoed, as an ACK echoes them.
    pub fn into_nack(self, nack_bytes: u32) -> Packet {
        debug_assert_eq!(self.kind, PacketKind::Trimmed);
        Packet {
            kind: PacketKind::Nack,
            size: nack_bytes,
            ..self
        }
    }

    /// The ACK of this data packet, back to its sender, carrying the receiver's `cum_ack`.
    pub fn into_ack(self, cum_ack: u64, ack_bytes: u32) -> Packet {
        debug_assert!(self.kind.is_data());
        debug_assert!(cum_ack <= u32::MAX as u64 + 1);
        Packet {
            kind: PacketKind::Ack,
            cum_ack: cum_ack as u32,
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
        let mut d = Packet::data(FlowId(3), 42, 4096, 17, 1234);
        d.ecn = true;
        let a = d.into_ack(40, 64);
        assert_eq!((a.kind, a.size, a.cum_ack), (PacketKind::Ack, 64, 40));
        assert_eq!(
            (a.seq, a.sent_at, a.label, a.ecn, a.flow),
            (42, 1234, 17, true, FlowId(3))
        );
        assert!(a.kind.is_reply() && !d.kind.is_reply());
        assert_eq!(std::mem::size_of::<Packet>(), 32);
    }

    #[test]
    fn a_trimmed_packet_keeps_its_header_fields_and_its_nack_echoes_them() {
        let d = Packet::data(FlowId(3), 42, 4160, 17, 1234);
        let t = d.trimmed(true);
        assert_eq!(
            (t.kind, t.size, t.cut_at_last_hop()),
            (PacketKind::Trimmed, 64, true)
        );
        assert_eq!((t.seq, t.label, t.sent_at), (42, 17, 1234));
        assert!(!d.trimmed(false).cut_at_last_hop());
        let n = t.into_nack(64);
        assert_eq!((n.kind, n.seq, n.label), (PacketKind::Nack, 42, 17));
        assert!(n.kind.is_reply() && !t.kind.is_reply());
        assert!(n.cut_at_last_hop());
        assert!(n.kind.is_reply() && !t.kind.is_reply() && !t.kind.is_data());
    }
}
