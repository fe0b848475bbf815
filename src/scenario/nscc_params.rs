//! NSCC's parameters and the constants of the UEC reference simulator (ALGORITHMS.md §6.1).
//!
//! The reference (`uec.cpp` in the Ultra Ethernet htsim fork) scales its gains from a 100 Gbps,
//! 12 µs reference network; the names below are the reference's. Two values are the scenario's
//! to set: the target queueing delay (the paper: 1 µs, the reference: `net_rtt`), the
//! smallest retransmission timeout and the receiver's ACK coalescing.

use serde::{Deserialize, Serialize};

/// NSCC's parameters, the `[cca.nscc]` table of a scenario; the other constants follow from
/// the network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NsccParams {
    /// Target queueing delay `Qt`, µs (the paper sets it to Swift's, about 1 µs).
    pub target_qdelay_us: f64,
    /// Smallest retransmission timeout for NSCC flows, µs (the UEC reference: 15 µs plus the
    /// drain time of six full 800 KiB queues at 800 Gbps, 64.2 µs).
    pub rto_min_us: f64,
    /// ACK coalescing of NSCC and MNSCC receivers, bytes (0: an ACK per packet): the UEC
    /// reference's sink, `UecSink::_bytes_unacked_threshold = 16384` in `uec.cpp`, the one
    /// the paper's NSCC runs used (ALGORITHMS.md §6.7).
    pub ack_every_bytes: u64,
}

impl Default for NsccParams {
    fn default() -> Self {
        NsccParams {
            target_qdelay_us: 1.0,
            rto_min_us: 64.2,
            ack_every_bytes: 16384,
        }
    }
}

/// The reference network's BDP, bytes (100 Gbps × 12 µs).
pub const REF_BDP: f64 = 150_000.0;
/// The reference network's RTT, ps.
pub const REF_RTT_PS: f64 = 12e6;
/// Proportional increase: `alpha = ALPHA_GAIN · MSS · a · b / Qt`.
pub const ALPHA_GAIN: f64 = 4.0;
/// Fair increase: `fi = FI_GAIN · MSS · a`.
pub const FI_GAIN: f64 = 5.0;
/// The bump every network RTT: `eta = ETA_GAIN · MSS · a`.
pub const ETA_GAIN: f64 = 0.15;
/// Fast increase: `fi_scale = FI_SCALE_GAIN · a`.
pub const FI_SCALE_GAIN: f64 = 0.25;
/// Largest window, in base-RTT BDPs (`maxwnd = 1.5 · BDP`).
pub const MAX_CWND_BDPS: f64 = 1.5;
/// Below this queueing delay a whole window of ACKs turns on fast increase, ps (1 µs).
pub const FAST_INCREASE_DELAY_PS: f64 = 1e6;
/// The delay EWMA's weight of a new sample.
pub const DELAY_ALPHA: f64 = 0.0125;
/// An unmarked sample above `Qt` enters the EWMA as this fraction of the base RTT.
pub const UNMARKED_HIGH_DELAY_BASE_RTTS: f64 = 0.25;
/// The decrease gain `gamma`: `W *= max(1 − gamma · (avg − Qt) / avg, MIN_DECREASE_FACTOR)`.
pub const GAMMA: f64 = 0.8;
/// The largest single decrease keeps this fraction of the window.
pub const MIN_DECREASE_FACTOR: f64 = 0.5;
/// Increases are applied after this many MTUs of ACKed bytes (or a network RTT).
pub const ADJUST_BYTES_MTUS: f64 = 8.0;
/// Quick adapt fires when the delay exceeds this many `Qt`...
pub const QA_DELAY_QTS: f64 = 4.0;
/// ...and the last window achieved less than `maxwnd / QA_ACHIEVED_DIVISOR`.
pub const QA_ACHIEVED_DIVISOR: f64 = 8.0;
/// MNSCC's growth period cap: NSCC grows cwnd by about one packet per `min(W, 8)` packets, so
/// the Nyquist rule gives H = max(min(⌊W/2⌋, 4), 1) (ALGORITHMS.md §7).
pub const GROWTH_PERIOD_MAX_PACKETS: f64 = 8.0;
