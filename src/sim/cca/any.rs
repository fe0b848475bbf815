//! [`AnyController`]: the scenario's CCA, chosen once per flow and dispatched statically.

use super::{
    AckSample, CcaContext, Controller, Hole, HoleVerdict, Nscc, Smartt, Stats, Swift, Tcp, Timeout,
    Window,
};
use crate::scenario::{CcaConfig, CcaKind};
use crate::sim::time::SimTime;

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

    fn on_nack(&mut self, hole: &Hole) {
        dispatch!(self, c => c.on_nack(hole))
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
