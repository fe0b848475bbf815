//! Congestion-control algorithms behind one interface.
//!
//! The transport (`sim::transport`) owns sequence numbers, the SACK scoreboard, RTT estimation and
//! timers; a CCA owns the congestion window and decides how to react to each signal: an ACK
//! with its delay and ECN echo ([`AckSample`]), a new hole in the scoreboard or a hole still
//! missing after the reordering wait ([`Hole`]), a retransmission timeout ([`Timeout`]).
//!
//! Every CCA implements [`Controller`], whose methods take the same inputs for every algorithm
//! and default to doing nothing, so each file writes only the reactions its algorithm has. The
//! transport holds an [`AnyController`], an enum over the algorithms built from the table below
//! (`controllers!`): static dispatch, no boxing, and an allocation-free state per flow.
//!
//! | file | algorithms | reference |
//! |---|---|---|
//! | `swift.rs` (`swift_params.rs`) | Swift, LSwift, MSwift | ALGORITHMS.md §3–5 |
//! | `nscc.rs` (`nscc_params.rs`) | NSCC, MNSCC | §6–7 |
//! | `tcp.rs` | TCP NewReno, DCTCP | §1–2 |
//! | `smartt.rs` | SMaRTT | §8 |
//! | `estimator.rs` | the median framework all "M" variants share | §9 |

#[macro_use]
mod any;
pub mod estimator;
pub mod samples;

pub use crate::scenario::{nscc_params, NsccParams, SwiftParams};
use crate::sim::time::SimTime;

// The algorithms: each one's file, its controller and the scenario's CCAs it runs. A new
// algorithm is its file and a line here; `AnyController` and its dispatch follow (any.rs).
controllers! {
    swift::Swift for Swift | LSwift | MSwift,
    nscc::Nscc for Nscc | Mnscc,
    tcp::Tcp for Tcp | Dctcp,
    smartt::Smartt for Smartt,
}

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
#[derive(Clone, Copy, Debug, Default)]
pub struct Window {
    pub snd_una: u64,
    pub snd_nxt: u64,
    /// Packets sent and neither acknowledged nor declared lost.
    pub in_flight: u32,
}

/// A hole in the SACK scoreboard: new, or still missing after the reordering wait.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hole {
    pub now: SimTime,
    /// The missing packet's sequence number.
    pub seq: u64,
    /// The next sequence number the sender would send.
    pub snd_nxt: u64,
    /// The transport's smoothed RTT.
    pub srtt: SimTime,
    /// Packets in flight, the missing one included (what NSCC's quick adapt then ignores).
    pub in_flight: u32,
}

/// A retransmission timeout.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timeout {
    pub now: SimTime,
    /// The transport's smoothed RTT.
    pub srtt: SimTime,
}

/// What the transport should do about a new hole in the scoreboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoleVerdict {
    /// The packet is lost: retransmit it now.
    Retransmit,
    /// The packet is probably only reordered: wait for it (the transport's reordering wait),
    /// then report it with [`Controller::on_delayed_packet`] if it is still missing.
    Wait,
    /// Holes mean nothing to this CCA (NSCC, SMaRTT): only the retransmission timeout recovers
    /// a loss.
    Ignore,
}

/// Multiplicative decreases of cwnd, by cause: what the report's per-flow cut counters show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cuts {
    /// The congestion signal (delay or ECN) asked for a decrease.
    pub delay: u64,
    /// A loss: a SACK hole (Swift, TCP), a run of delayed packets (LSwift, MSwift), quick adapt
    /// (NSCC).
    pub loss: u64,
    /// A retransmission timeout.
    pub timeout: u64,
}

/// What every CCA reports besides its window: the congestion signal its last decision used and
/// its cuts so far. Each CCA keeps one and updates it; [`Controller`] reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// The congestion signal (an RTT, ps) of the last decision: the latest sample, or the
    /// median framework's percentile.
    pub signal: f64,
    pub cuts: Cuts,
}

impl Stats {
    /// No cuts yet, the signal at `signal` (the path's unloaded RTT).
    pub fn starting_at(signal: f64) -> Stats {
        Stats {
            signal,
            cuts: Cuts::default(),
        }
    }
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
///
/// Windows are reported in packets whatever unit the algorithm counts in (NSCC and SMaRTT count
/// bytes). Every reaction defaults to "nothing": a CCA that ignores holes keeps the default
/// [`Controller::on_hole`], which answers [`HoleVerdict::Ignore`].
pub trait Controller {
    /// Congestion window, packets.
    fn cwnd(&self) -> f64;

    /// The signal of the last decision and the cuts so far.
    fn stats(&self) -> &Stats;

    /// Multiplicative decreases so far, by cause.
    fn cuts(&self) -> Cuts {
        self.stats().cuts
    }

    /// The congestion signal (an RTT, ps) the last decision used: the latest sample, or the
    /// median framework's percentile.
    fn signal(&self) -> f64 {
        self.stats().signal
    }

    /// An ACK; `window` is the sender's state after it.
    fn on_ack(&mut self, _ack: &AckSample, _window: &Window) {}

    /// A new hole in the scoreboard.
    fn on_hole(&mut self, _hole: &Hole) -> HoleVerdict {
        HoleVerdict::Ignore
    }

    /// A hole the transport waited for is still missing (it is retransmitted now).
    fn on_delayed_packet(&mut self, _hole: &Hole) {}

    /// A retransmission timeout.
    fn on_timeout(&mut self, _timeout: &Timeout) {}

    /// A NACK: the packet `hole.seq` was trimmed at a full queue, so it is lost for certain
    /// (ALGORITHMS.md §11.3). By default the CCA reacts as to a loss it is sure of: a hole it
    /// would retransmit at once, or, for one that would wait for reordering first (LSwift,
    /// MSwift), a hole still missing after the wait.
    fn on_nack(&mut self, hole: &Hole) {
        if self.on_hole(hole) == HoleVerdict::Wait {
            self.on_delayed_packet(hole);
        }
    }

    /// Gap between two packets when the CCA paces instead of using its window.
    fn pacing_interval(&self, _srtt: SimTime) -> Option<SimTime> {
        None
    }

    /// The median framework's current history H, for the variants that have one.
    fn history(&self) -> Option<usize> {
        None
    }

    /// Bytes the controller holds on the heap (its percentile filter's samples, if any).
    fn heap_bytes(&self) -> usize {
        0
    }

    /// The RTT (ps) the CCA holds its signal to, for the delay-based ones: above it, the
    /// signal asks for a decrease (diagnostics; `None` where no single target applies).
    fn target(&self) -> Option<f64> {
        None
    }
}
