//! SMaRTT (FastFlow), the REPS companion CCA and the basis of NSCC (ALGORITHMS.md §8), with the paper's
//! model parameters (mi = 2, md = 2, fi = 0.25, fd = 0.8, target RTT = 1.5 · base RTT).
//!
//! Per ACK, four quadrants of (ECN, RTT against the target):
//! - no mark, RTT below target: multiplicative increase min(mi·(tRTT − rtt)/rtt · MSS²/cwnd, MSS),
//!   plus the fair increase fi · MSS²/cwnd;
//! - mark, RTT above target: decrease by min(md·(rtt − tRTT)/rtt · MSS + fd · cwnd/BDP · MSS, MSS);
//! - mark, RTT below target: fair decrease fd · cwnd/BDP · MSS;
//! - no mark, RTT above target: fair increase.
//!
//! Decreases wait for the ECN moving average (EWMA 0.05) to pass 25 % ("wait to decrease").
//! Fast increase adds one MSS per ACK once a whole cwnd of bytes came back unmarked with at most
//! 1 µs of queueing. SMaRTT ignores reordering; on a timeout, quick adapt sets cwnd to the bytes
//! acknowledged in the last target-RTT window. cwnd is kept between one MTU and 1.5 · BDP.
//!
//! Units: bytes and picoseconds, as f64.

use super::{AckSample, CcaContext, Controller, Stats, Timeout, Window};
use crate::scenario::CcaConfig;
use crate::sim::time::SimTime;

const MI: f64 = 2.0;
const MD: f64 = 2.0;
const FI: f64 = 0.25;
const FD: f64 = 0.8;
const ECN_EWMA: f64 = 0.05;
const WAIT_TO_DECREASE: f64 = 0.25;
const FAST_INCREASE_DELAY_PS: f64 = 1e6;

#[derive(Clone, Debug)]
pub struct Smartt {
    mss: f64,
    /// Decreases wait for the ECN average (false: always allowed, as Theorem 4 assumes).
    wait_to_decrease: bool,
    /// The network BDP, bytes.
    bdp: f64,
    base_rtt: f64,
    cwnd: f64,
    ecn_avg: f64,
    /// Bytes acknowledged since the last ECN mark.
    clean_bytes: f64,
    /// Quick adapt: bytes acknowledged in the current target-RTT window, and its end.
    window_bytes: f64,
    last_window_bytes: f64,
    window_end: SimTime,
    /// The signal of the last decision and the cuts so far.
    stats: Stats,
}

impl Smartt {
    /// The scenario's SMaRTT for one flow: windows in bytes, the BDP of the network's largest
    /// unloaded RTT (at least one packet), the gate from `cca.smartt_wait_to_decrease`.
    pub fn for_flow(config: &CcaConfig, ctx: &CcaContext) -> Smartt {
        let mss = ctx.mss_bytes as f64;
        let bdp = (ctx.net_rtt as f64 * ctx.link_gbps as f64 / 8000.0).max(mss);
        Smartt::new(
            mss,
            bdp,
            ctx.base_rtt,
            ctx.initial_cwnd * mss,
            config.smartt_wait_to_decrease,
        )
    }

    pub fn new(
        mss: f64,
        bdp_bytes: f64,
        base_rtt: SimTime,
        initial_cwnd: f64,
        wait_to_decrease: bool,
    ) -> Smartt {
        Smartt {
            mss,
            wait_to_decrease,
            bdp: bdp_bytes,
            base_rtt: base_rtt as f64,
            cwnd: initial_cwnd.clamp(mss, 1.5 * bdp_bytes),
            ecn_avg: 0.0,
            clean_bytes: 0.0,
            window_bytes: 0.0,
            last_window_bytes: 0.0,
            window_end: 0,
            stats: Stats::starting_at(base_rtt as f64),
        }
    }

    fn track_window(&mut self, now: SimTime, n: f64) {
        if now >= self.window_end {
            self.last_window_bytes = self.window_bytes;
            self.window_bytes = 0.0;
            self.window_end = now + (1.5 * self.base_rtt) as SimTime;
        }
        self.window_bytes += n;
    }
}

impl Controller for Smartt {
    /// cwnd in packets.
    fn cwnd(&self) -> f64 {
        self.cwnd / self.mss
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn on_ack(&mut self, s: &AckSample, _: &Window) {
        let rtt = s.rtt as f64;
        self.stats.signal = rtt;
        self.base_rtt = self.base_rtt.min(rtt);
        let target = 1.5 * self.base_rtt;
        let n = s.newly_acked as f64 * self.mss;
        self.track_window(s.now, n);
        self.ecn_avg = (1.0 - ECN_EWMA) * self.ecn_avg + if s.ecn { ECN_EWMA } else { 0.0 };
        self.clean_bytes = if s.ecn { 0.0 } else { self.clean_bytes + n };
        let can_decrease = !self.wait_to_decrease || self.ecn_avg > WAIT_TO_DECREASE;
        let mss2 = self.mss * self.mss;
        if !s.ecn && rtt - self.base_rtt <= FAST_INCREASE_DELAY_PS && self.clean_bytes > self.cwnd {
            self.cwnd += self.mss;
        } else {
            match (s.ecn, rtt < target) {
                (false, true) => {
                    self.cwnd += (MI * (target - rtt) / rtt * mss2 / self.cwnd).min(self.mss);
                    self.cwnd += FI * mss2 / self.cwnd;
                }
                (true, false) if can_decrease => {
                    let d =
                        MD * (rtt - target) / rtt * self.mss + FD * self.cwnd / self.bdp * self.mss;
                    self.cwnd -= d.min(self.mss);
                    self.stats.cuts.delay += 1;
                }
                (true, true) if can_decrease => {
                    self.cwnd -= FD * self.cwnd / self.bdp * self.mss;
                    self.stats.cuts.delay += 1;
                }
                (false, false) => self.cwnd += FI * mss2 / self.cwnd,
                _ => {} // marked, but the moving average says wait
            }
        }
        self.cwnd = self.cwnd.clamp(self.mss, 1.5 * self.bdp);
    }

    /// Quick adapt on a timeout: what the last window achieved.
    fn on_timeout(&mut self, _: &Timeout) {
        self.cwnd = self.last_window_bytes.max(self.window_bytes).max(self.mss);
        self.stats.cuts.timeout += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::cca::{Hole, HoleVerdict};

    const MSS: f64 = 4096.0;
    const BASE: SimTime = 4_000_000;

    fn s(cwnd_pkts: f64) -> Smartt {
        Smartt::new(MSS, 153.0 * MSS, BASE, cwnd_pkts * MSS, true)
    }

    fn ack(now: SimTime, rtt: SimTime, ecn: bool) -> AckSample {
        AckSample {
            now,
            rtt,
            ecn,
            newly_acked: 1,
            srtt: BASE,
        }
    }

    #[test]
    fn below_target_without_marks_increases_multiplicatively_and_fairly() {
        let mut c = s(20.0);
        c.clean_bytes = -1e12; // keep fast increase out of this rule
        let rtt = 5_000_000; // target 6 µs
        c.on_ack(&ack(0, rtt, false), &Window::default());
        let cwnd0 = 20.0 * MSS;
        let mi = (MI * (6e6 - 5e6) / 5e6 * MSS * MSS / cwnd0).min(MSS);
        let expected = cwnd0 + mi + FI * MSS * MSS / (cwnd0 + mi);
        assert!((c.cwnd - expected).abs() < 1e-6, "{} vs {expected}", c.cwnd);
    }

    #[test]
    fn decreases_wait_for_the_ecn_average() {
        let mut c = s(20.0);
        let before = c.cwnd;
        c.on_ack(&ack(0, 8_000_000, true), &Window::default()); // one mark: average 0.05 < 0.25
        assert_eq!(c.cwnd, before);
        for i in 0..10 {
            c.on_ack(&ack(i, 8_000_000, true), &Window::default());
        }
        assert!(c.cwnd < before && c.cuts().delay > 0);
        // with the gate open (Theorem 4's assumption), the first mark decreases
        let mut open = Smartt::new(MSS, 153.0 * MSS, BASE, 20.0 * MSS, false);
        open.on_ack(&ack(0, 8_000_000, true), &Window::default());
        assert!(open.cwnd < 20.0 * MSS);
    }

    #[test]
    fn fair_decrease_scales_with_cwnd_over_bdp() {
        let mut c = s(100.0);
        c.ecn_avg = 0.9;
        let before = c.cwnd;
        c.on_ack(&ack(0, 5_000_000, true), &Window::default()); // marked, below target
        let expected = before - FD * before / (153.0 * MSS) * MSS;
        assert!((c.cwnd - expected).abs() < 1e-6);
    }

    #[test]
    fn marked_and_late_decreases_by_at_most_one_packet() {
        let mut c = s(100.0);
        c.ecn_avg = 0.9;
        let before = c.cwnd;
        c.on_ack(&ack(0, 100_000_000, true), &Window::default());
        assert!((before - c.cwnd - MSS).abs() < 1e-6);
    }

    #[test]
    fn fast_increase_after_a_clean_cwnd_and_quick_adapt_on_timeout() {
        let mut c = s(4.0);
        for i in 0..5 {
            c.on_ack(&ack(i, BASE, false), &Window::default());
        }
        let before = c.cwnd;
        c.on_ack(&ack(10, BASE, false), &Window::default());
        assert!((c.cwnd - before - MSS).abs() < 1e-6);
        c.on_timeout(&Timeout::default());
        assert!(c.cwnd <= 6.0 * MSS && c.cwnd >= MSS);
        assert_eq!(c.on_hole(&Hole::default()), HoleVerdict::Ignore);
    }
}
