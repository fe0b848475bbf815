//! What a CCA asks of the transport and of the memory budget: how its retransmission timer
//! runs, its smallest timeout, how its receiver coalesces ACKs, its first window and how many
//! congestion signals its percentile filter can keep. These are facts about the scenario's
//! choice of CCA, read by the simulator when it builds a run and by the budget before one, so
//! they live here, where both see them (`sim::cca::AnyController` only dispatches).

use super::cca_table::{HistoryBound, TransportOf, WindowCap};
use super::{CcaConfig, CcaKind, Transport};

/// When the retransmission timer runs, and what its expiry resends (ALGORITHMS.md §15 A27).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtoRule {
    /// The Swift family, TCP and DCTCP, as htsim's Swift and RFC 6298 (5.3): the deadline is
    /// `now + RTO` when a packet goes out with none pending and whenever the cumulative ACK
    /// advances (a selective ACK alone does not restart it); RTO = max(srtt + 4·rttvar, RTO_min),
    /// doubled on every expiry. An expiry resends from the oldest unacknowledged packet on, every
    /// packet not selectively acknowledged (htsim's Swift goes back N from it; RFC 6675 §5.1
    /// with SACK skips what arrived), as the window allows.
    CumulativeAck,
    /// NSCC, MNSCC and SMaRTT, as the UEC reference (`uec.cpp`, startRTO and rtxTimerExpired):
    /// every packet's deadline is its send time plus the CCA's fixed minimum RTO, with no
    /// backoff; an expiry resends that packet only, and the timer moves on to the oldest packet
    /// still unacknowledged.
    PerPacket,
}

impl CcaKind {
    /// How the CCA's reference runs the retransmission timer: per packet for the UEC family
    /// (NSCC, MNSCC, SMaRTT), on the cumulative ACK for the others.
    pub fn rto_rule(self) -> RtoRule {
        self.info().rto
    }
}

impl CcaConfig {
    /// Every flow's initial cwnd (packets): `initial_cwnd_bdp` times the network BDP, capped by
    /// `cca.swift.max_cwnd`, the scenario's one window cap. Each CCA then clamps it to its own
    /// range (NSCC and SMaRTT to 1.5 · BDP).
    pub fn initial_cwnd(&self, bdp_packets: f64) -> f64 {
        (bdp_packets * self.initial_cwnd_bdp).min(self.swift.max_cwnd)
    }

    /// The most packets a window reaches on a path whose BDP is `bdp_packets`: 1.5 BDP for the
    /// UEC family (NSCC, MNSCC, SMaRTT, as the UEC reference clamps them), the scenario's one cap
    /// `cca.swift.max_cwnd` for the others.
    pub fn window_cap_packets(&self, bdp_packets: f64) -> f64 {
        match self.algorithm.info().window_cap {
            WindowCap::Bdps => super::nscc_params::MAX_CWND_BDPS * bdp_packets,
            WindowCap::MaxCwnd => self.swift.max_cwnd,
        }
    }

    /// The smallest retransmission timeout (µs) for the CCA: NSCC and MNSCC take their own, the
    /// UEC reference's (ALGORITHMS.md §6.1); the others the transport's.
    pub fn rto_min_us(&self, transport: &Transport) -> f64 {
        match self.algorithm.info().transport {
            TransportOf::Nscc => self.nscc.rto_min_us,
            TransportOf::Scenario => transport.rto_min_us,
        }
    }

    /// The receiver's ACK coalescing, bytes (0: every packet): NSCC's own, as the UEC
    /// reference's receiver, for NSCC and MNSCC; the transport's for the others.
    pub fn ack_every_bytes(&self, transport: &Transport) -> u64 {
        match self.algorithm.info().transport {
            TransportOf::Nscc => self.nscc.ack_every_bytes,
            TransportOf::Scenario => transport.ack_every_bytes,
        }
    }

    /// The most congestion signals a flow's percentile filter keeps (0: the CCA decides on
    /// the latest one): the largest H its rule can reach (ALGORITHMS.md §5). MSwift's growth
    /// period W/ai stops at `max_cwnd / ai`; MNSCC's at 8 packets.
    pub fn history_slots(&self) -> usize {
        let bound = match self.algorithm.info().history {
            HistoryBound::SwiftGrowth => self.swift.max_growth_period(),
            HistoryBound::NsccGrowth => Some(super::nscc_params::GROWTH_PERIOD_MAX_PACKETS),
            HistoryBound::Latest => return 0,
        };
        self.history.most(bound)
    }
}
