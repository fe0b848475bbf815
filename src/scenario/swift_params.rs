//! Swift's parameters, shared by LSwift and MSwift (ALGORITHMS.md §3.4).
//!
//! The defaults are htsim's Swift (`swift.cpp` in the htsim simulator) except where the paper
//! sets a value: the target queueing delay (about 1 µs, §IV-A of the paper) and LTCP-U's `k`
//! (§4). `max_cwnd` is also the scenario's one window cap: every CCA's initial window is capped
//! by it, and TCP and DCTCP use it as their maximum.

use serde::{Deserialize, Serialize};

/// Swift's parameters, the `[cca.swift]` table of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SwiftParams {
    /// Additive increase, packets per RTT (htsim: 1; with `max_mdf` = 0.5 it gives the paper's
    /// collapse constant √((1/mm − 1/2)·ai) = 1.22).
    pub ai: f64,
    /// Multiplicative-decrease gain (htsim: 0.8).
    pub beta: f64,
    /// Largest multiplicative decrease (htsim: 0.5).
    pub max_mdf: f64,
    /// Target queueing delay above the path's unloaded RTT, µs (the paper: about 1 µs).
    pub target_queue_delay_us: f64,
    /// Range of the flow-scaling term of the target, µs (htsim: 5).
    pub fs_range_us: f64,
    /// The window at which flow scaling adds its whole range (htsim: 0.1 packet).
    pub fs_min_cwnd: f64,
    /// The window at which flow scaling adds nothing (htsim: 100 packets).
    pub fs_max_cwnd: f64,
    /// Smallest cwnd, packets; below 1 the sender paces (the Swift paper: 0.001).
    pub min_cwnd: f64,
    /// Largest cwnd, packets (htsim: 1000, never binding in the paper's networks).
    pub max_cwnd: f64,
    /// Timeouts in a row after which cwnd drops to `min_cwnd` (htsim: 5).
    pub retx_reset_threshold: u32,
    /// LSwift/MSwift: successive delayed packets that count as a congestion loss (LTCP-U: 5).
    pub ltcp_k: u32,
    /// MSwift: size a delay decrease on the latest sample instead of the percentile that
    /// decided it (ALGORITHMS.md §15 A6's alternative; the median is the default).
    pub decrease_on_latest: bool,
    /// Size a delay decrease on the queueing delay (RTT less the path's unloaded RTT) instead of
    /// the whole RTT: 1 − β·(d − T)/(d − base) (ALGORITHMS.md §15 A1's alternative, as the
    /// LeoLongmay/HTSIM fork's Swift works; the Swift paper and htsim use the whole RTT).
    pub decrease_on_queueing: bool,
    /// LSwift/MSwift: cut on delay only after `ltcp_k` ACKs in a row above target, instead of
    /// counting successive delayed (missing) packets (ALGORITHMS.md §15 A3's alternative, as the
    /// LeoLongmay/HTSIM fork's LSwift reads LTCP-U).
    pub ltcp_on_delay: bool,
}

impl SwiftParams {
    /// The longest growth period W/ai the Nyquist rule can see: cwnd never exceeds `max_cwnd`.
    pub fn max_growth_period(&self) -> Option<f64> {
        Some(self.max_cwnd / self.ai).filter(|k| k.is_finite() && *k > 0.0)
    }
}

impl Default for SwiftParams {
    fn default() -> Self {
        SwiftParams {
            ai: 1.0,
            beta: 0.8,
            max_mdf: 0.5,
            target_queue_delay_us: 1.0,
            fs_range_us: 5.0,
            fs_min_cwnd: 0.1,
            fs_max_cwnd: 100.0,
            min_cwnd: 0.001,
            max_cwnd: 1000.0,
            retx_reset_threshold: 5,
            ltcp_k: 5,
            decrease_on_latest: false,
            decrease_on_queueing: false,
            ltcp_on_delay: false,
        }
    }
}
