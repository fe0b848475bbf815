//! [`AnyController`]: the scenario's CCA, chosen once per flow and dispatched statically.

use super::estimator::PercentileFilter;
use super::nscc_params::GROWTH_PERIOD_MAX_PACKETS;
use super::{
    AckSample, CcaContext, Controller, Hole, HoleVerdict, Nscc, Smartt, Stats, Swift, Tcp, Timeout,
    Window,
};
use crate::scenario::{CcaConfig, CcaKind, Transport};
use crate::sim::time::SimTime;
use crate::sim::transport::RtoRule;

/// One flow's congestion controller, whichever algorithm the scenario names.
#[derive(Clone, Debug)]
pub enum AnyController {
    /// Swift, LSwift and MSwift.
    Swift(Swift),
    /// NSCC and MNSCC.
    Nscc(Nscc),
    /// TCP NewReno and DCTCP.
    Tcp(Tcp),
    Smartt(Smartt),
}

impl AnyController {
    /// The controller `config` asks for, for a flow described by `ctx`.
    pub fn new(config: &CcaConfig, ctx: &CcaContext) -> AnyController {
        match config.algorithm {
            CcaKind::Swift | CcaKind::LSwift | CcaKind::MSwift => {
                AnyController::Swift(Swift::for_flow(config, ctx))
            }
            CcaKind::Nscc | CcaKind::Mnscc => AnyController::Nscc(Nscc::for_flow(config, ctx)),
            CcaKind::Tcp | CcaKind::Dctcp => AnyController::Tcp(Tcp::for_flow(config, ctx)),
            CcaKind::Smartt => AnyController::Smartt(Smartt::for_flow(config, ctx)),
        }
    }

    /// Every flow's initial cwnd (packets): `initial_cwnd_bdp` times the network BDP, capped by
    /// `cca.swift.max_cwnd`, the scenario's one window cap. Each CCA then clamps it to its own
    /// range (NSCC and SMaRTT to 1.5 · BDP).
    pub fn initial_cwnd(config: &CcaConfig, bdp_packets: f64) -> f64 {
        (bdp_packets * config.initial_cwnd_bdp).min(config.swift.max_cwnd)
    }

    /// How the CCA's reference runs the retransmission timer: per packet for the UEC family
    /// (NSCC, MNSCC, SMaRTT), on the cumulative ACK for the others.
    pub fn rto_rule(kind: CcaKind) -> RtoRule {
        match kind {
            CcaKind::Nscc | CcaKind::Mnscc | CcaKind::Smartt => RtoRule::PerPacket,
            _ => RtoRule::CumulativeAck,
        }
    }

    /// The smallest retransmission timeout (µs) for the CCA: NSCC and MNSCC take their own, the
    /// UEC reference's (ALGORITHMS.md §6.1); the others the transport's.
    pub fn rto_min_us(config: &CcaConfig, transport: &Transport) -> f64 {
        match config.algorithm {
            CcaKind::Nscc | CcaKind::Mnscc => config.nscc.rto_min_us,
            _ => transport.rto_min_us,
        }
    }

    /// The receiver's ACK coalescing, bytes (0: every packet): NSCC's own, as the UEC
    /// reference's receiver, for NSCC and MNSCC; the transport's for the others.
    /// The most congestion signals a flow's percentile filter keeps (0: the CCA decides on
    /// the latest one): the largest H its rule can reach (ALGORITHMS.md §5).
    pub fn history_slots(config: &CcaConfig) -> usize {
        let bound = match config.algorithm {
            CcaKind::MSwift => Swift::max_growth_period(&config.swift),
            CcaKind::Mnscc => Some(GROWTH_PERIOD_MAX_PACKETS),
            _ => return 0,
        };
        PercentileFilter::capacity(config.history, bound)
    }

    pub fn ack_every_bytes(config: &CcaConfig, transport: &Transport) -> u64 {
        match config.algorithm {
            CcaKind::Nscc | CcaKind::Mnscc => config.nscc.ack_every_bytes,
            _ => transport.ack_every_bytes,
        }
    }
}

/// Forwards a call to the algorithm inside.
macro_rules! dispatch {
    ($self:ident, $c:ident => $call:expr) => {
        match $self {
            AnyController::Swift($c) => $call,
            AnyController::Nscc($c) => $call,
            AnyController::Tcp($c) => $call,
            AnyController::Smartt($c) => $call,
        }
    };
}

impl Controller for AnyController {
    #[inline]
    fn cwnd(&self) -> f64 {
        dispatch!(self, c => c.cwnd())
    }

    #[inline]
    fn stats(&self) -> &Stats {
        dispatch!(self, c => c.stats())
    }

    #[inline]
    fn on_ack(&mut self, ack: &AckSample, window: &Window) {
        dispatch!(self, c => c.on_ack(ack, window))
    }

    fn on_hole(&mut self, hole: &Hole) -> HoleVerdict {
        dispatch!(self, c => c.on_hole(hole))
    }

    fn on_delayed_packet(&mut self, hole: &Hole) {
        dispatch!(self, c => c.on_delayed_packet(hole))
    }

    fn on_timeout(&mut self, timeout: &Timeout) {
        dispatch!(self, c => c.on_timeout(timeout))
    }

    #[inline]
    fn pacing_interval(&self, srtt: SimTime) -> Option<SimTime> {
        dispatch!(self, c => c.pacing_interval(srtt))
    }

    fn history(&self) -> Option<usize> {
        dispatch!(self, c => c.history())
    }

    fn heap_bytes(&self) -> usize {
        dispatch!(self, c => c.heap_bytes())
    }

    fn target(&self) -> Option<f64> {
        dispatch!(self, c => c.target())
    }
}
