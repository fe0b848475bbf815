//! Congestion-control algorithms behind one interface.
//!
//! The transport (`transport.rs`) owns sequence numbers, the SACK scoreboard, RTT estimation and
//! timers; a CCA owns the congestion window and decides how to react to each signal: an ACK
//! with its delay and ECN echo, a new hole in the scoreboard, a timeout.

pub mod estimator;
pub mod nscc;
pub mod smartt;
pub mod swift;
pub mod tcp;

use crate::scenario::{CcaKind, Scenario};
use crate::sim::time::SimTime;
pub use nscc::{Nscc, NsccSetup};
pub use smartt::Smartt;
pub use swift::{Cuts, Swift};
pub use tcp::Tcp;

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

/// The sender's window after an ACK.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub snd_una: u64,
    pub snd_nxt: u64,
    /// Packets sent and neither acknowledged nor declared lost.
    pub in_flight: u32,
}

/// What the transport should do about a new hole in the scoreboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleVerdict {
    /// The packet is lost: retransmit it now.
    Retransmit,
    /// The packet is probably only reordered: wait for it (the transport's reordering wait), then
    /// report it with [`Cca::on_delayed_packet`] if it is still missing.
    Wait,
    /// Holes mean nothing to this CCA (NSCC): only the retransmission timeout recovers a loss.
    Ignore,
}

/// What a CCA needs to know about its flow and network.
#[derive(Clone, Copy, Debug)]
pub struct CcaContext {
    /// This flow's unloaded RTT.
    pub base_rtt: SimTime,
    /// The network's largest unloaded RTT.
    pub net_rtt: SimTime,
    /// Bytes of a full data packet on the wire.
    pub mss_bytes: u32,
    pub link_gbps: u32,
    /// Initial cwnd, packets.
    pub initial_cwnd: f64,
}

/// The congestion controller of one flow.
#[derive(Clone, Debug)]
pub enum Cca {
    Swift(Swift),
    Nscc(Nscc),
    Tcp(Tcp),
    Smartt(Smartt),
}

impl Cca {
    /// The CCA the scenario asks for, on a path of unloaded RTT `base_rtt`.
    pub fn new(scenario: &Scenario, ctx: &CcaContext) -> Cca {
        let c = &scenario.cca;
        match c.algorithm {
            CcaKind::Swift | CcaKind::LSwift | CcaKind::MSwift => Cca::Swift(Swift::new(
                c.algorithm,
                &c.swift,
                c.history,
                c.percentile,
                ctx.base_rtt,
                ctx.initial_cwnd,
            )),
            CcaKind::Nscc | CcaKind::Mnscc => {
                let setup = NsccSetup {
                    mss: ctx.mss_bytes as f64,
                    net_rtt: ctx.net_rtt as f64,
                    base_rtt: ctx.base_rtt as f64,
                    bytes_per_ps: ctx.link_gbps as f64 / 8000.0,
                    target_qdelay: crate::sim::time::from_us(c.nscc.target_qdelay_us) as f64,
                    initial_cwnd: ctx.initial_cwnd * ctx.mss_bytes as f64,
                };
                let median = (c.algorithm == CcaKind::Mnscc).then_some((c.history, c.percentile));
                Cca::Nscc(Nscc::new(&setup, median))
            }
            CcaKind::Smartt => {
                let mss = ctx.mss_bytes as f64;
                let bdp = (ctx.net_rtt as f64 * ctx.link_gbps as f64 / 8000.0).max(mss);
                Cca::Smartt(Smartt::new(
                    mss,
                    bdp,
                    ctx.base_rtt,
                    ctx.initial_cwnd * mss,
                    c.smartt_wait_to_decrease,
                ))
            }
            CcaKind::Tcp | CcaKind::Dctcp => Cca::Tcp(Tcp::new(
                ctx.initial_cwnd,
                c.swift.max_cwnd,
                c.algorithm == CcaKind::Dctcp,
                ctx.base_rtt,
            )),
        }
    }

    /// An ACK; `window` is the sender's state after it.
    pub fn on_ack(&mut self, s: &AckSample, window: &Window) {
        match self {
            Cca::Swift(c) => c.on_ack(s),
            Cca::Nscc(c) => c.on_ack(s, window.in_flight),
            Cca::Tcp(c) => c.on_ack(s, window.snd_una, window.snd_nxt),
            Cca::Smartt(c) => c.on_ack(s),
        }
    }

    pub fn on_hole(&mut self, now: SimTime, srtt: SimTime, snd_nxt: u64) -> HoleVerdict {
        match self {
            Cca::Swift(c) => c.on_hole(now, srtt),
            Cca::Nscc(c) => c.on_hole(),
            Cca::Tcp(c) => c.on_hole(snd_nxt),
            Cca::Smartt(c) => c.on_hole(),
        }
    }

    /// A hole the transport waited for is still missing (it is retransmitted now).
    pub fn on_delayed_packet(&mut self, now: SimTime, seq: u64, srtt: SimTime) {
        match self {
            Cca::Swift(c) => c.on_delayed_packet(now, seq, srtt),
            Cca::Nscc(_) | Cca::Tcp(_) | Cca::Smartt(_) => {}
        }
    }

    pub fn on_timeout(&mut self, now: SimTime, srtt: SimTime) {
        match self {
            Cca::Swift(c) => c.on_timeout(now, srtt),
            Cca::Nscc(c) => c.on_timeout(),
            Cca::Tcp(c) => c.on_timeout(),
            Cca::Smartt(c) => c.on_timeout(),
        }
    }

    /// Congestion window, packets.
    pub fn cwnd(&self) -> f64 {
        match self {
            Cca::Swift(c) => c.cwnd(),
            Cca::Nscc(c) => c.cwnd(),
            Cca::Tcp(c) => c.cwnd(),
            Cca::Smartt(c) => c.cwnd(),
        }
    }

    /// The congestion signal (delay, ps) the last decision used.
    pub fn signal(&self) -> f64 {
        match self {
            Cca::Swift(c) => c.signal(),
            Cca::Nscc(c) => c.signal(),
            Cca::Tcp(c) => c.signal(),
            Cca::Smartt(c) => c.signal(),
        }
    }

    /// Multiplicative decreases so far, by cause.
    pub fn cuts(&self) -> Cuts {
        match self {
            Cca::Swift(c) => c.cuts,
            Cca::Nscc(c) => c.cuts,
            Cca::Tcp(c) => c.cuts,
            Cca::Smartt(c) => c.cuts,
        }
    }

    /// Gap between two packets when the CCA paces instead of using its window.
    pub fn pacing_interval(&self, srtt: SimTime) -> Option<SimTime> {
        match self {
            Cca::Swift(c) => c.pacing_interval(srtt),
            Cca::Nscc(_) | Cca::Tcp(_) | Cca::Smartt(_) => None,
        }
    }
}
