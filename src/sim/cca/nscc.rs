//! NSCC, Ultra Ethernet's network-signal congestion control, as the UEC reference simulator
//! implements it (ALGORITHMS.md §6), and MNSCC, NSCC deciding on the median of the last H delays (§7).
//!
//! NSCC is byte-based and combines ECN with the queueing delay (RTT minus the base RTT) in four
//! quadrants: no ECN and delay above target → fair increase; no ECN and delay below target →
//! proportional (or fast) increase; ECN and delay above target → multiplicative decrease on the
//! averaged delay, at most once per base RTT; ECN and small delay → nothing. Increases are
//! batched and applied every 8 MTUs of ACKs or every network RTT. Quick adapt resets cwnd to what
//! was achieved in the last window when that collapsed. NSCC ignores reordering (it does not
//! retransmit on holes); without trimming, losses are found by the retransmission timeout.
//!
//! MNSCC feeds the per-ACK delay through the median framework with K = min(W, 8) packets, so
//! H = max(min(⌊W/2⌋, 4), 1); the delay average used by the decrease keeps raw samples and the
//! ECN bit stays per ACK (ALGORITHMS.md §15 A5).
//!
//! Units: bytes and picoseconds, as f64.

use super::estimator::PercentileFilter;
use super::nscc_params::*;
use super::{AckSample, CcaContext, Controller, Hole, Stats, Timeout, Window};
use crate::scenario::{CcaConfig, CcaKind, History};
use crate::sim::time::SimTime;

/// What a NSCC sender needs to know about its network.
#[derive(Clone, Copy, Debug)]
pub struct NsccSetup {
    /// Bytes of a full data packet on the wire.
    pub mss: f64,
    /// The network's largest unloaded RTT (ps).
    pub net_rtt: f64,
    /// This flow's unloaded RTT (ps).
    pub base_rtt: f64,
    /// Link rate, bytes per ps.
    pub bytes_per_ps: f64,
    /// Target queueing delay (ps); the paper sets 1 µs.
    pub target_qdelay: f64,
    /// Initial cwnd, bytes.
    pub initial_cwnd: f64,
}

/// One NSCC (or MNSCC) sender.
#[derive(Clone, Debug)]
pub struct Nscc {
    mss: f64,
    net_rtt: f64,
    qt: f64,
    alpha: f64,
    fi: f64,
    eta: f64,
    fi_scale: f64,
    min_cwnd: f64,
    max_cwnd: f64,
    cwnd: f64,
    base_rtt: f64,
    avg_delay: f64,
    inc_bytes: f64,
    received_bytes: f64,
    achieved_bytes: f64,
    last_adjust_time: SimTime,
    last_dec_time: SimTime,
    fi_count: f64,
    increasing: bool,
    qa_endtime: SimTime,
    /// A NACK asked for quick adapt at the end of its window, whatever the delay.
    trigger_qa: bool,
    bytes_to_ignore: f64,
    bytes_ignored: f64,
    /// MNSCC's filter of the queueing delay; `None` for NSCC.
    filter: Option<PercentileFilter>,
    /// The signal of the last decision and the cuts so far.
    stats: Stats,
}

impl Nscc {
    /// The scenario's NSCC (or MNSCC) for one flow: the reference's constants scaled to this
    /// network, the target delay from `[cca.nscc]`, the median framework for MNSCC.
    pub fn for_flow(config: &CcaConfig, ctx: &CcaContext) -> Nscc {
        let setup = NsccSetup {
            mss: ctx.mss_bytes as f64,
            net_rtt: ctx.net_rtt as f64,
            base_rtt: ctx.base_rtt as f64,
            bytes_per_ps: ctx.link_gbps as f64 / 8000.0,
            target_qdelay: crate::sim::time::from_us(config.nscc.target_qdelay_us) as f64,
            initial_cwnd: ctx.initial_cwnd * ctx.mss_bytes as f64,
        };
        let median =
            (config.algorithm == CcaKind::Mnscc).then_some((config.history, config.percentile));
        Nscc::new(&setup, median)
    }

    /// NSCC, or MNSCC when `median` gives the history rule and percentile.
    pub fn new(setup: &NsccSetup, median: Option<(History, u32)>) -> Nscc {
        let net_bdp = setup.net_rtt * setup.bytes_per_ps;
        let a = net_bdp / REF_BDP;
        let b = setup.target_qdelay / REF_RTT_PS;
        let max_cwnd = MAX_CWND_BDPS * setup.base_rtt * setup.bytes_per_ps;
        Nscc {
            mss: setup.mss,
            net_rtt: setup.net_rtt,
            qt: setup.target_qdelay,
            alpha: ALPHA_GAIN * setup.mss * a * b / setup.target_qdelay.max(1.0),
            fi: FI_GAIN * setup.mss * a,
            eta: ETA_GAIN * setup.mss * a,
            fi_scale: FI_SCALE_GAIN * a,
            min_cwnd: setup.mss,
            max_cwnd: max_cwnd.max(setup.mss),
            cwnd: setup.initial_cwnd.clamp(setup.mss, max_cwnd.max(setup.mss)),
            base_rtt: setup.base_rtt,
            avg_delay: 0.0,
            inc_bytes: 0.0,
            received_bytes: 0.0,
            achieved_bytes: 0.0,
            last_adjust_time: 0,
            last_dec_time: 0,
            fi_count: 0.0,
            increasing: false,
            qa_endtime: 0,
            trigger_qa: false,
            bytes_to_ignore: 0.0,
            bytes_ignored: 0.0,
            filter: median
                .map(|(rule, p)| PercentileFilter::new(rule, p, Some(GROWTH_PERIOD_MAX_PACKETS))),
            stats: Stats::starting_at(setup.base_rtt),
        }
    }

    fn clamp(&mut self) {
        self.cwnd = self.cwnd.clamp(self.min_cwnd, self.max_cwnd);
    }

    /// The delay EWMA (§6.5): an unmarked packet with a high delay counts as a small one.
    fn update_delay(&mut self, sample: f64, skip: bool) {
        let x = if !skip && sample > self.qt {
            UNMARKED_HIGH_DELAY_BASE_RTTS * self.base_rtt
        } else {
            sample
        };
        self.avg_delay = DELAY_ALPHA * x + (1.0 - DELAY_ALPHA) * self.avg_delay;
    }

    fn proportional_increase(&mut self, n: f64, delay: f64) {
        self.fast_increase(n, delay);
        if !self.increasing {
            self.inc_bytes += self.alpha * n * (self.qt - delay);
        }
    }

    /// Fast increase (§6.4): a whole cwnd of ACKs below 1 µs of queueing grows cwnd per ACK.
    fn fast_increase(&mut self, n: f64, delay: f64) {
        if delay < FAST_INCREASE_DELAY_PS {
            self.fi_count += n;
            if self.fi_count > self.cwnd || self.increasing {
                self.cwnd += n * self.fi_scale;
                self.increasing = true;
                return;
            }
        } else {
            self.fi_count = 0.0;
        }
        self.increasing = false;
    }

    /// Multiplicative decrease on the averaged delay, at most once per base RTT.
    fn multiplicative_decrease(&mut self, now: SimTime) {
        self.increasing = false;
        self.fi_count = 0.0;
        if self.avg_delay > self.qt && (now - self.last_dec_time) as f64 > self.base_rtt {
            let factor = (1.0 - GAMMA * (self.avg_delay - self.qt) / self.avg_delay)
                .max(MIN_DECREASE_FACTOR);
            self.cwnd = (self.cwnd * factor).max(self.min_cwnd);
            self.last_dec_time = now;
            self.stats.cuts.delay += 1;
        }
    }

    /// Applies the batched increase; an extra `eta` once per network RTT.
    fn fulfill_adjustment(&mut self, now: SimTime) {
        self.cwnd += self.inc_bytes / self.cwnd;
        if (now - self.last_adjust_time) as f64 >= self.net_rtt {
            self.cwnd += self.eta;
            self.last_adjust_time = now;
        }
        self.inc_bytes = 0.0;
        self.received_bytes = 0.0;
    }

    /// Quick adapt (§6.6), as the reference's `quick_adapt`: once a window of `base_rtt + Qt`
    /// has passed, if it achieved little and the delay is large (or a NACK came: `is_loss`
    /// now, `trigger_qa` since), cwnd drops to what was achieved and the marked ACKs of the
    /// packets then in flight are ignored; either way a new window starts. An ACK consumed here
    /// (by the cut or by the ignoring) clears the pending increase. Returns true when the ACK
    /// is consumed.
    fn quick_adapt(
        &mut self,
        now: SimTime,
        skip: bool,
        delay: f64,
        in_flight: f64,
        is_loss: bool,
    ) -> bool {
        let mut consumed = false;
        if self.bytes_ignored < self.bytes_to_ignore && skip {
            consumed = true;
        } else if now > self.qa_endtime {
            let collapsed = self.achieved_bytes < self.max_cwnd / QA_ACHIEVED_DIVISOR;
            let asked = self.trigger_qa || is_loss || delay > QA_DELAY_QTS * self.qt;
            if self.qa_endtime != 0 && asked && collapsed {
                self.cwnd = self.achieved_bytes.max(self.min_cwnd);
                self.bytes_to_ignore = in_flight;
                self.bytes_ignored = 0.0;
                self.trigger_qa = false;
                self.stats.cuts.loss += 1;
                consumed = true;
            }
            self.achieved_bytes = 0.0;
            self.qa_endtime = now + (self.base_rtt + self.qt) as SimTime;
        }
        if consumed {
            self.inc_bytes = 0.0;
            self.received_bytes = 0.0;
        }
        consumed
    }
}

impl Controller for Nscc {
    /// cwnd in packets.
    fn cwnd(&self) -> f64 {
        self.cwnd / self.mss
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Per-ACK processing (§6.3, §6.4).
    fn on_ack(&mut self, s: &AckSample, window: &Window) {
        let raw = s.rtt as f64;
        let n = s.newly_acked as f64 * self.mss;
        let raw_delay = if raw >= self.base_rtt {
            self.update_delay(raw - self.base_rtt, s.ecn);
            Some(raw - self.base_rtt)
        } else {
            self.base_rtt = raw; // the base RTT is the smallest RTT seen
            None
        };
        // MNSCC: NSCC grows cwnd by about one packet per min(W, 8) packets
        let growth_period = self.cwnd().min(GROWTH_PERIOD_MAX_PACKETS);
        let delay = match (&mut self.filter, raw_delay) {
            (Some(f), Some(d)) => f.update(d as u64, growth_period),
            (_, Some(d)) => d,
            (_, None) => self.avg_delay,
        };
        self.stats.signal = self.base_rtt + delay;
        // every acknowledged byte counts, as in the reference's processAck
        self.achieved_bytes += n;
        self.received_bytes += n;
        self.bytes_ignored += n;
        if self.quick_adapt(
            s.now,
            s.ecn,
            delay,
            window.in_flight as f64 * self.mss,
            false,
        ) {
            return;
        }
        match (s.ecn, delay >= self.qt) {
            (false, true) => self.inc_bytes += self.fi * n,
            (false, false) => self.proportional_increase(n, delay),
            (true, true) => self.multiplicative_decrease(s.now),
            (true, false) => {} // marked but a small delay: only change paths (the LB's job)
        }
        self.clamp();
        if self.received_bytes > ADJUST_BYTES_MTUS * self.mss
            || (s.now - self.last_adjust_time) as f64 > self.net_rtt
        {
            self.fulfill_adjustment(s.now);
        }
        self.clamp();
    }

    /// A NACK (the reference's `updateCwndOnNack_NSCC`): the NACKed packet counts as ignored,
    /// the delay average takes a network RTT as a skipped sample, quick adapt is asked for and
    /// tried at once as for a loss, and unless it consumed the NACK cwnd loses the packet.
    fn on_nack(&mut self, hole: &Hole) {
        self.bytes_ignored += self.mss;
        self.update_delay(self.net_rtt, true);
        self.trigger_qa = true;
        let in_flight = hole.in_flight as f64 * self.mss;
        if !self.quick_adapt(hole.now, true, 0.0, in_flight, true) {
            self.cwnd = (self.cwnd - self.mss).max(self.min_cwnd);
            self.clamp();
        }
    }

    /// A timeout: one packet less (the reference's `mark_packet_for_retransmission`).
    fn on_timeout(&mut self, _: &Timeout) {
        self.cwnd = (self.cwnd - self.mss).max(self.min_cwnd);
        self.stats.cuts.timeout += 1;
    }

    /// The median framework's current H (MNSCC only).
    fn history(&self) -> Option<usize> {
        self.filter.as_ref().map(PercentileFilter::history)
    }

    fn heap_bytes(&self) -> usize {
        self.filter.as_ref().map_or(0, PercentileFilter::heap_bytes)
    }

    /// The base RTT plus the target queueing delay.
    fn target(&self) -> Option<f64> {
        Some(self.base_rtt + self.qt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::cca::{Hole, HoleVerdict};

    const US: f64 = 1e6;
    const MSS: f64 = 4096.0;

    fn setup() -> NsccSetup {
        NsccSetup {
            mss: MSS,
            net_rtt: 6.2496 * US,
            base_rtt: 6.2496 * US,
            bytes_per_ps: 0.1, // 800 Gbps
            target_qdelay: US,
            initial_cwnd: 100.0 * MSS,
        }
    }

    fn in_flight(packets: u32) -> Window {
        Window {
            snd_una: 0,
            snd_nxt: 0,
            in_flight: packets,
        }
    }

    fn ack(now_us: f64, qdelay_us: f64, ecn: bool) -> AckSample {
        AckSample {
            now: (now_us * US) as SimTime,
            rtt: ((6.2496 + qdelay_us) * US) as SimTime,
            ecn,
            newly_acked: 1,
            srtt: (6.2496 * US) as SimTime,
        }
    }

    #[test]
    fn constants_follow_the_reference_scaling() {
        let n = Nscc::new(&setup(), None);
        // a = 624 960 / 150 000 = 4.1664; fi = 5·MSS·a; eta = 0.15·MSS·a; fi_scale = 0.25·a
        assert!((n.fi - 5.0 * MSS * 4.1664).abs() < 1e-6);
        assert!((n.eta - 2559.83).abs() < 0.01);
        assert!((n.fi_scale - 1.0416).abs() < 1e-9);
        assert!((n.max_cwnd - 1.5 * 624_960.0).abs() < 1e-6);
    }

    #[test]
    fn fair_increase_when_delay_is_high_without_marks() {
        let mut n = Nscc::new(&setup(), None);
        let before = n.cwnd;
        for i in 0..9 {
            n.on_ack(&ack(1.0 + i as f64 * 0.01, 2.0, false), &in_flight(50));
        }
        // 9 MTUs acked: one batched adjustment of fi·(9·MSS)/cwnd
        let expected = before + n.fi * 9.0 * MSS / before;
        assert!(
            (n.cwnd - expected).abs() / expected < 1e-3,
            "{} vs {expected}",
            n.cwnd
        );
    }

    #[test]
    fn proportional_increase_scales_with_the_headroom() {
        let (mut low, mut high) = (Nscc::new(&setup(), None), Nscc::new(&setup(), None));
        for i in 0..9 {
            let t = 1.0 + i as f64 * 0.01;
            low.on_ack(&ack(t, 0.0, false), &in_flight(50)); // full headroom... but fast increase needs a whole cwnd
            high.on_ack(&ack(t, 0.9, false), &in_flight(50)); // little headroom
        }
        assert!(low.cwnd > high.cwnd && high.cwnd > 100.0 * MSS);
    }

    #[test]
    fn fast_increase_after_a_cwnd_of_low_delay() {
        let mut n = Nscc::new(&setup(), None);
        for i in 0..101 {
            n.on_ack(&ack(1.0 + i as f64 * 0.001, 0.5, false), &in_flight(50));
        }
        assert!(n.increasing);
        let before = n.cwnd;
        n.on_ack(&ack(1.2, 0.5, false), &in_flight(50));
        assert!(n.cwnd - before >= MSS * n.fi_scale * 0.99);
    }

    #[test]
    fn multiplicative_decrease_needs_marks_and_a_high_average_once_per_rtt() {
        let mut n = Nscc::new(&setup(), None);
        n.avg_delay = 3.0 * US;
        let before = n.cwnd;
        n.on_ack(&ack(10.0, 3.0, true), &in_flight(50));
        let factor = (1.0f64 - 0.8 * 2.0 / 3.0).max(0.5);
        assert!(
            (n.cwnd / before - factor).abs() < 0.01,
            "{}",
            n.cwnd / before
        );
        let after_one = n.cwnd;
        n.on_ack(&ack(11.0, 3.0, true), &in_flight(50)); // within one base RTT
        assert!((n.cwnd - after_one).abs() < 1.0);
        assert_eq!(n.cuts().delay, 1);
        // marked but a small delay: no change (away from the once-per-RTT eta adjustment)
        let mut m = Nscc::new(&setup(), None);
        m.last_adjust_time = (10.0 * US) as SimTime;
        let c = m.cwnd;
        m.on_ack(&ack(10.0, 0.1, true), &in_flight(50));
        assert_eq!(m.cwnd, c);
    }

    #[test]
    fn quick_adapt_drops_cwnd_to_what_a_collapsed_window_achieved() {
        let mut n = Nscc::new(&setup(), None);
        n.on_ack(&ack(1.0, 0.0, false), &in_flight(50)); // opens the first quick-adapt window
        n.on_ack(&ack(20.0, 5.0, false), &in_flight(50)); // a huge delay, after the window, little achieved
        assert!(n.cwnd <= 2.0 * MSS, "{}", n.cwnd / MSS);
        assert_eq!(n.cuts().loss, 1);
    }

    #[test]
    fn quick_adapt_starts_a_new_window_when_it_fires_so_it_cannot_fire_twice_in_a_row() {
        let mut n = Nscc::new(&setup(), None);
        n.on_ack(&ack(1.0, 0.0, false), &in_flight(50));
        n.on_ack(&ack(20.0, 5.0, false), &in_flight(50));
        assert_eq!(n.cuts().loss, 1);
        assert_eq!(n.achieved_bytes, 0.0);
        assert_eq!(n.qa_endtime, ((20.0 + 6.2496 + 1.0) * US) as SimTime);
        // the next ACK, still collapsed and delayed, falls inside the new window
        n.on_ack(&ack(20.1, 5.0, false), &in_flight(50));
        assert_eq!(n.cuts().loss, 1);
    }

    #[test]
    fn ignored_acks_clear_the_pending_increase_and_every_ack_counts_toward_the_ignoring() {
        let mut n = Nscc::new(&setup(), None);
        n.on_ack(&ack(1.0, 0.0, false), &in_flight(50));
        n.on_ack(&ack(20.0, 5.0, false), &in_flight(50)); // fires: ignore the 50 in flight
        assert_eq!(n.bytes_to_ignore, 50.0 * MSS);
        // an unmarked ACK is not ignored, but counts toward the bytes to ignore
        n.on_ack(&ack(20.1, 0.5, false), &in_flight(49));
        assert_eq!(n.bytes_ignored, MSS);
        // a marked one inside the ignored bytes is consumed and clears the pending increase
        (n.inc_bytes, n.received_bytes) = (100.0, MSS);
        n.on_ack(&ack(20.2, 0.5, true), &in_flight(48));
        assert_eq!((n.inc_bytes, n.received_bytes), (0.0, 0.0));
        assert_eq!(n.cuts().delay, 0);
    }

    #[test]
    fn a_timeout_removes_a_packet() {
        let mut n = Nscc::new(&setup(), None);
        n.on_timeout(&Timeout::default());
        assert!((n.cwnd - 99.0 * MSS).abs() < 1e-6);
        assert_eq!(n.on_hole(&Hole::default()), HoleVerdict::Ignore);
    }

    #[test]
    fn a_nack_removes_a_packet_inside_a_quick_adapt_window_and_asks_for_quick_adapt_after_it() {
        let mut n = Nscc::new(&setup(), None);
        n.on_ack(&ack(1.0, 0.0, false), &in_flight(50)); // opens the first quick-adapt window
        let (before, avg) = (n.cwnd, n.avg_delay);
        let nack = Hole {
            now: (2.0 * US) as SimTime,
            in_flight: 50,
            ..Hole::default()
        };
        n.on_nack(&nack);
        // within the window: one packet less, and the average takes a network RTT, skipped
        assert!(
            (before - n.cwnd - MSS).abs() < 1e-6,
            "{}",
            (before - n.cwnd) / MSS
        );
        assert!(n.avg_delay > avg);
        assert!(n.trigger_qa);
        // past the window, a low delay quick-adapts now: the NACK asked for it
        n.on_ack(&ack(20.0, 0.0, false), &in_flight(50));
        assert!(n.cwnd <= 2.0 * MSS, "{}", n.cwnd / MSS);
        assert_eq!(n.cuts().loss, 1);
        assert!(!n.trigger_qa);
        // a NACK past the window quick-adapts itself, and its packet is not removed on top
        let mut m = Nscc::new(&setup(), None);
        m.on_ack(&ack(1.0, 0.0, false), &in_flight(50));
        m.on_nack(&Hole {
            now: (20.0 * US) as SimTime,
            in_flight: 50,
            ..Hole::default()
        });
        assert_eq!(m.cuts().loss, 1);
        assert_eq!(m.bytes_to_ignore, 50.0 * MSS);
    }

    #[test]
    fn mnscc_decides_on_the_median_of_at_most_four() {
        let mut m = Nscc::new(&setup(), Some((History::Nyquist, 50)));
        for i in 0..8 {
            let q = if i % 3 == 2 { 5.0 } else { 0.1 };
            m.on_ack(&ack(1.0 + i as f64 * 0.01, q, false), &in_flight(50));
        }
        assert_eq!(m.history(), Some(4));
        assert!(m.signal() < 6.2496 * US + 0.5 * US, "{}", m.signal());
    }
}
