//! The reliable transport under every CCA: sequence numbers, the SACK scoreboard, loss and
//! reordering detection, retransmission, RTT estimation, the retransmission timeout and pacing.
//!
//! By default the receiver acknowledges every data packet. Each ACK carries the sequence number
//! it acknowledges (a selective ACK), the receiver's cumulative ACK, the packet's ECN mark and
//! its echoed send time, so every ACK yields an exact RTT sample even for retransmissions. A
//! coalescing receiver ([`Receiver`]) acknowledges as the UEC reference does, and its ACKs also
//! report a 64-packet SACK bitmap and its count of packets received.
//!
//! Hole detection (ALGORITHMS.md §15 A2): a packet is a *hole* once `dupthresh` packets above it are
//! acknowledged. With the acknowledged sequence numbers' `dupthresh`-th largest value `h`, every
//! unacknowledged packet below `h` is a hole; a frontier sweeps up to `h`, visiting each sequence
//! number once, and asks the CCA what a new hole means: a loss to retransmit now (Swift), or
//! possibly a reordered packet to wait for (LSwift, MSwift). A hole still missing after the
//! reordering wait (srtt + 4·rttvar) is retransmitted and reported to the CCA as a delayed packet.
//!
//! The retransmission timeout follows the reference each CCA family comes from ([`RtoRule`]).

mod receiver;
mod ring;
mod send_order;
mod send_times;
mod sender;
#[cfg(test)]
mod tests;

use super::time::SimTime;
pub use crate::scenario::RtoRule;
use crate::scenario::Transport;
pub use receiver::{AckReport, Arrival, Receiver};
pub use sender::Sender;

pub use crate::scenario::SCOREBOARD;

/// A selective-ACK bitmap: bit i set when the receiver holds packet `base + i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SackBits {
    pub base: u64,
    pub bits: u64,
}

impl SackBits {
    /// The sequence numbers it acknowledges, in order.
    pub fn seqs(self) -> impl Iterator<Item = u64> {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                self.base + i as u64
            })
        })
    }
}

/// Scoreboard flags of one sequence number.
const ACKED: u8 = 1;
const IN_PIPE: u8 = 2;
const RETX_QUEUED: u8 = 4;
const PENDING: u8 = 8;

/// What the sender wants to do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendDecision {
    /// Send this sequence number (a retransmission if `retx`), asking for an ACK at once if
    /// `ack_request` (the window full after it, the flow's last packet, or a retransmission).
    Send {
        seq: u64,
        retx: bool,
        ack_request: bool,
    },
    /// Pacing: nothing before this time.
    WaitUntil(SimTime),
    /// Window full, or nothing to send.
    Idle,
}

/// What the transport runs by: the scenario's transport section as written, and what the
/// scenario's CCA makes of it. A setting of the section reaches the sender through `given`
/// untouched (its dupthresh, pacing and reordering wait), so a new one is read where it acts; the
/// members beside it are the ones the CCA decides or that run in simulated time.
#[derive(Clone, Copy, Debug)]
pub struct TransportConfig {
    pub given: Transport,
    /// The minimum RTO: the scenario's, or NSCC's own (`cca.nscc.rto_min_us`), not `given`'s.
    pub rto_min: SimTime,
    pub rto_initial: SimTime,
    pub rto_rule: RtoRule,
    /// The receiver coalesces ACKs every this many bytes (0: an ACK per packet; ALGORITHMS.md
    /// §6.7); the sender then counts what it reports as received, as the UEC reference's
    /// sender does, rather than only what its SACKs name. The scenario's, or NSCC's own
    /// (`cca.nscc.ack_every_bytes`), not `given`'s.
    pub ack_every_bytes: u64,
}
