//! Congestion-control algorithms behind one interface.
//!
//! The transport (`transport.rs`) owns sequence numbers, the SACK scoreboard, RTT estimation and
//! timers; a CCA owns the congestion window and decides how to react to each signal: an ACK
//! with its delay and ECN echo, a new hole in the scoreboard, a timeout.

pub mod estimator;
pub mod swift;

use crate::scenario::{CcaKind, Scenario};
use crate::sim::time::SimTime;
pub use swift::{Cuts, Swift};

/// What one ACK tells the CCA.
#[derive(Clone, Copy, Debug)]
pub struct AckSample {
    pub now: SimTime,
    /// RTT of the acknowledged packet copy: now minus its echoed send time.
    pub rtt: SimTime,
    /// The acknowledged packet was ECN-marked.
    pub ecn: bool,
    /// Packets newly acknowledged by this ACK (0 for a duplicate).
    pub newly_acked: u32,
    /// The transport's smoothed RTT.
    pub srtt: SimTime,
}

/// What the transport should do about a new hole in the scoreboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleVerdict {
    /// The packet is lost: retransmit it now.
    Retransmit,
    /// The packet is probably only reordered: wait for it (the transport's reordering wait), then
    /// report it with [`Cca::on_delayed_packet`] if it is still missing.
    Wait,
}

/// The congestion controller of one flow.
#[derive(Clone, Debug)]
pub enum Cca {
    Swift(Swift),
}

impl Cca {
    /// The CCA the scenario asks for, on a path of unloaded RTT `base_rtt`.
    pub fn new(scenario: &Scenario, base_rtt: SimTime, initial_cwnd: f64) -> Cca {
        let c = &scenario.cca;
        match c.algorithm {
            CcaKind::Swift | CcaKind::LSwift | CcaKind::MSwift => Cca::Swift(Swift::new(
                c.algorithm,
                &c.swift,
                c.history,
                c.percentile,
                base_rtt,
                initial_cwnd,
            )),
        }
    }

    pub fn on_ack(&mut self, s: &AckSample) {
        match self {
            Cca::Swift(c) => c.on_ack(s),
        }
    }

    pub fn on_hole(&mut self, now: SimTime, srtt: SimTime) -> HoleVerdict {
        match self {
            Cca::Swift(c) => c.on_hole(now, srtt),
        }
    }

    /// A hole the transport waited for is still missing (it is retransmitted now).
    pub fn on_delayed_packet(&mut self, now: SimTime, seq: u64, srtt: SimTime) {
        match self {
            Cca::Swift(c) => c.on_delayed_packet(now, seq, srtt),
        }
    }

    pub fn on_timeout(&mut self, now: SimTime, srtt: SimTime) {
        match self {
            Cca::Swift(c) => c.on_timeout(now, srtt),
        }
    }

    /// Congestion window, packets.
    pub fn cwnd(&self) -> f64 {
        match self {
            Cca::Swift(c) => c.cwnd(),
        }
    }

    /// The congestion signal (delay, ps) the last decision used.
    pub fn signal(&self) -> f64 {
        match self {
            Cca::Swift(c) => c.signal(),
        }
    }

    /// Multiplicative decreases so far, by cause.
    pub fn cuts(&self) -> Cuts {
        match self {
            Cca::Swift(c) => c.cuts,
        }
    }

    /// Gap between two packets when the CCA paces instead of using its window.
    pub fn pacing_interval(&self, srtt: SimTime) -> Option<SimTime> {
        match self {
            Cca::Swift(c) => c.pacing_interval(srtt),
        }
    }
}
