//! Swift (Kumar et al., SIGCOMM 2020) and its reordering-resilient and median descendants.
//!
//! - **Swift**: delay-based AIMD towards a target RTT (ALGORITHMS.md §3). Loss recovery is SACK-based and,
//!   as the paper describes it, *any* SACK hole is a loss that cuts cwnd by `max_mdf` (at most
//!   once per RTT). Under spraying every reordered packet is such a hole.
//! - **LSwift**: Swift + LTCP-U (ALGORITHMS.md §4). LTCP waits longer for a disordered packet and halves
//!   only on *successive* losses. Here a hole is waited for (the transport's reordering wait,
//!   srtt + 4·rttvar); a hole still missing after the wait is a "delayed packet" and is
//!   retransmitted; `ltcp_k` (5) successive delayed packets cut cwnd by `max_mdf`. Reordering
//!   alone therefore never cuts cwnd.
//! - **MSwift**: LSwift deciding on the median (or another percentile) of the last H delay
//!   samples instead of the latest one (ALGORITHMS.md §5, §9), with H from the Nyquist rule H = max(⌊W/2⌋, 1).
//!
//! Units: cwnd in packets (fractional; below one packet the sender paces), times in picoseconds.

use super::estimator::PercentileFilter;
use super::{
    AckSample, CcaContext, Controller, Hole, HoleVerdict, Stats, SwiftParams, Timeout, Window,
};
use crate::scenario::{CcaConfig, CcaKind, History};
use crate::sim::time::{from_us, SimTime};

/// How holes in the SACK scoreboard are treated.
#[derive(Clone, Debug)]
enum HoleReaction {
    /// Swift: every hole is a loss (retransmit, cut cwnd).
    EveryHoleIsLoss,
    /// LTCP-U: a hole is waited for; once still missing after the wait it is a delayed packet.
    /// `run_len` successive delayed packets from `run_start` form the current run; a run of
    /// `ltcp_k` is a congestion loss.
    SuccessiveHoles { run_start: u64, run_len: u32 },
}

/// One Swift-family sender's congestion state.
#[derive(Clone, Debug)]
pub struct Swift {
    ai: f64,
    beta: f64,
    max_mdf: f64,
    min_cwnd: f64,
    max_cwnd: f64,
    retx_reset_threshold: u32,
    ltcp_k: u32,
    decrease_on_latest: bool,
    decrease_on_queueing: bool,
    /// `Some(run)` when LSwift/MSwift count ACKs above target in a row before a delay cut
    /// (the A3 alternative): the current run.
    delay_run: Option<u32>,
    /// Unloaded RTT of this flow's path (ps).
    base_rtt: f64,
    /// Unloaded RTT of this flow's path plus the target queueing delay (ps).
    base_target: f64,
    fs_alpha: f64,
    fs_beta: f64,
    fs_range: f64,
    holes: HoleReaction,
    /// MSwift's percentile filter; `None` for Swift and LSwift (decide on the latest sample).
    filter: Option<PercentileFilter>,
    cwnd: f64,
    t_last_decrease: Option<SimTime>,
    retransmit_cnt: u32,
    /// The signal of the last decision and the cuts so far.
    stats: Stats,
}

impl Swift {
    /// The scenario's Swift, LSwift or MSwift for one flow.
    pub fn for_flow(config: &CcaConfig, ctx: &CcaContext) -> Swift {
        Swift::new(
            config.algorithm,
            &config.swift,
            config.history,
            config.percentile,
            ctx.base_rtt,
            ctx.initial_cwnd,
        )
    }

    /// A sender of `kind` on a path of unloaded RTT `base_rtt`, starting at `initial_cwnd` packets.
    pub fn new(
        kind: CcaKind,
        p: &SwiftParams,
        history: History,
        percentile: u32,
        base_rtt: SimTime,
        initial_cwnd: f64,
    ) -> Swift {
        let fs_range = from_us(p.fs_range_us) as f64;
        let fs_alpha = fs_range / (1.0 / p.fs_min_cwnd.sqrt() - 1.0 / p.fs_max_cwnd.sqrt());
        let holes = match kind {
            CcaKind::Swift => HoleReaction::EveryHoleIsLoss,
            CcaKind::LSwift | CcaKind::MSwift => HoleReaction::SuccessiveHoles {
                run_start: 0,
                run_len: 0,
            },
            // a Swift is built for the three Swifts only (sim/cca/mod.rs's table)
            CcaKind::Nscc | CcaKind::Mnscc | CcaKind::Tcp | CcaKind::Dctcp | CcaKind::Smartt => {
                unreachable!("a Swift for {kind}")
            }
        };
        let filter = (kind == CcaKind::MSwift)
            .then(|| PercentileFilter::new(history, percentile, p.max_growth_period()));
        Swift {
            ai: p.ai,
            beta: p.beta,
            max_mdf: p.max_mdf,
            min_cwnd: p.min_cwnd,
            max_cwnd: p.max_cwnd,
            retx_reset_threshold: p.retx_reset_threshold,
            ltcp_k: p.ltcp_k,
            decrease_on_latest: p.decrease_on_latest,
            decrease_on_queueing: p.decrease_on_queueing,
            delay_run: (p.ltcp_on_delay && kind != CcaKind::Swift).then_some(0),
            base_rtt: base_rtt as f64,
            base_target: base_rtt as f64 + from_us(p.target_queue_delay_us) as f64,
            fs_alpha,
            fs_beta: -fs_alpha / p.fs_max_cwnd.sqrt(),
            fs_range,
            holes,
            filter,
            cwnd: initial_cwnd.clamp(p.min_cwnd, p.max_cwnd),
            t_last_decrease: None,
            retransmit_cnt: 0,
            stats: Stats::starting_at(base_rtt as f64),
        }
    }

    /// Target delay (ps) at the current cwnd: base RTT + target queueing + flow scaling (§3.1).
    pub fn target_rtt(&self) -> f64 {
        let fs = (self.fs_alpha / self.cwnd.sqrt() + self.fs_beta).clamp(0.0, self.fs_range);
        self.base_target + fs
    }

    fn can_decrease(&self, now: SimTime, srtt: SimTime) -> bool {
        self.t_last_decrease.is_none_or(|t| now - t >= srtt)
    }

    /// The A3 alternative's run of ACKs above target (off by default).
    #[cold]
    #[inline(never)]
    fn count_delay_run(&mut self, below_target: bool) {
        if let Some(run) = &mut self.delay_run {
            *run = if below_target { 0 } else { *run + 1 };
        }
    }

    fn decrease(&mut self, now: SimTime, factor: f64) {
        self.cwnd = (self.cwnd * factor).clamp(self.min_cwnd, self.max_cwnd);
        self.t_last_decrease = Some(now);
    }
}

impl Controller for Swift {
    fn cwnd(&self) -> f64 {
        self.cwnd
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Per-ACK AIMD (Swift Algorithm 1, §3.2; MSwift decides on the percentile, §5).
    fn on_ack(&mut self, s: &AckSample, _: &Window) {
        self.retransmit_cnt = 0;
        let delay = match &mut self.filter {
            // Swift's cwnd grows by ai per W packets: K = W/ai in the Nyquist rule
            Some(f) => f.update(s.rtt, self.cwnd / self.ai),
            None => s.rtt as f64,
        };
        self.stats.signal = delay;
        let target = self.target_rtt();
        if self.delay_run.is_some() {
            self.count_delay_run(delay < target);
        }
        if delay < target {
            let n = s.newly_acked as f64;
            self.cwnd += if self.cwnd >= 1.0 {
                self.ai * n / self.cwnd
            } else {
                self.ai * n
            };
            self.cwnd = self.cwnd.clamp(self.min_cwnd, self.max_cwnd);
        } else if self.can_decrease(s.now, s.srtt)
            && self.delay_run.is_none_or(|run| run >= self.ltcp_k)
        {
            let size_on = if self.decrease_on_latest {
                s.rtt as f64
            } else {
                delay
            };
            let scale = if self.decrease_on_queueing {
                size_on - self.base_rtt
            } else {
                size_on
            };
            // the latest sample may be below target when the percentile is not: no increase
            let factor =
                (1.0 - self.beta * (size_on - target) / scale).clamp(1.0 - self.max_mdf, 1.0);
            self.decrease(s.now, factor);
            self.stats.cuts.delay += 1;
        }
    }

    /// A new hole in the SACK scoreboard: Swift takes it as a loss (§3.3); LSwift and
    /// MSwift wait for the packet (§4).
    fn on_hole(&mut self, hole: &Hole) -> HoleVerdict {
        match self.holes {
            HoleReaction::EveryHoleIsLoss => {
                if self.can_decrease(hole.now, hole.srtt) {
                    self.decrease(hole.now, 1.0 - self.max_mdf);
                    self.stats.cuts.loss += 1;
                }
                HoleVerdict::Retransmit
            }
            HoleReaction::SuccessiveHoles { .. } => HoleVerdict::Wait,
        }
    }

    /// A hole the sender waited for is still missing: a delayed packet (LTCP-U, §4). The packet is
    /// retransmitted either way; `ltcp_k` successive delayed packets are a congestion loss.
    fn on_delayed_packet(&mut self, hole: &Hole) {
        let HoleReaction::SuccessiveHoles { run_start, run_len } = &mut self.holes else {
            return;
        };
        if *run_len > 0 && hole.seq == *run_start + *run_len as u64 {
            *run_len += 1;
        } else {
            *run_start = hole.seq;
            *run_len = 1;
        }
        if *run_len >= self.ltcp_k {
            *run_len = 0;
            if self.can_decrease(hole.now, hole.srtt) {
                self.decrease(hole.now, 1.0 - self.max_mdf);
                self.stats.cuts.loss += 1;
            }
        }
    }

    /// Retransmission timeout (§3.3).
    fn on_timeout(&mut self, timeout: &Timeout) {
        self.retransmit_cnt += 1;
        if self.retransmit_cnt >= self.retx_reset_threshold {
            self.cwnd = self.min_cwnd;
        } else if self.can_decrease(timeout.now, timeout.srtt) {
            self.decrease(timeout.now, 1.0 - self.max_mdf);
        }
        self.stats.cuts.timeout += 1;
    }

    /// Below one packet of cwnd, one packet every srtt/cwnd.
    fn pacing_interval(&self, srtt: SimTime) -> Option<SimTime> {
        (self.cwnd < 1.0).then(|| (srtt as f64 / self.cwnd) as SimTime)
    }

    /// The median framework's current H (MSwift only).
    fn history(&self) -> Option<usize> {
        self.filter.as_ref().map(PercentileFilter::history)
    }

    fn heap_bytes(&self) -> usize {
        self.filter.as_ref().map_or(0, PercentileFilter::heap_bytes)
    }

    fn target(&self) -> Option<f64> {
        Some(self.target_rtt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(now: SimTime, seq: u64) -> Hole {
        Hole {
            now,
            seq,
            snd_nxt: seq + 1,
            srtt: BASE,
            in_flight: 1,
        }
    }

    const US: SimTime = 1_000_000;
    const BASE: SimTime = 6 * US;

    fn swift(kind: CcaKind, cwnd: f64) -> Swift {
        Swift::new(
            kind,
            &SwiftParams::default(),
            History::Nyquist,
            50,
            BASE,
            cwnd,
        )
    }

    fn ack(now: SimTime, rtt: SimTime) -> AckSample {
        AckSample {
            now,
            rtt,
            ecn: false,
            newly_acked: 1,
            srtt: BASE,
        }
    }

    #[test]
    fn additive_increase_below_target() {
        let mut s = swift(CcaKind::Swift, 100.0);
        s.on_ack(&ack(0, BASE), &Window::default());
        assert!((s.cwnd() - 100.01).abs() < 1e-12);
    }

    #[test]
    fn additive_increase_below_one_packet_is_per_ack() {
        let mut s = swift(CcaKind::Swift, 0.5);
        s.on_ack(&ack(0, BASE), &Window::default());
        assert!((s.cwnd() - 1.5).abs() < 1e-12);
    }

    #[test]
    fn multiplicative_decrease_scales_with_the_excess_delay() {
        let mut s = swift(CcaKind::Swift, 100.0);
        let target = s.target_rtt();
        assert_eq!(target, (BASE + US) as f64);
        let d = 8 * US;
        s.on_ack(&ack(0, d), &Window::default());
        let factor = 1.0 - 0.8 * (d as f64 - target) / d as f64;
        assert!((s.cwnd() - 100.0 * factor).abs() < 1e-9);
        // a huge delay is capped at max_mdf
        let mut s = swift(CcaKind::Swift, 100.0);
        s.on_ack(&ack(0, 100 * US), &Window::default());
        assert!((s.cwnd() - 50.0).abs() < 1e-9);
    }

    #[test]
    fn at_most_one_decrease_per_rtt() {
        let mut s = swift(CcaKind::Swift, 100.0);
        s.on_ack(&ack(0, 100 * US), &Window::default());
        s.on_ack(&ack(BASE - 1, 100 * US), &Window::default());
        assert!((s.cwnd() - 50.0).abs() < 1e-9);
        s.on_ack(&ack(BASE, 100 * US), &Window::default());
        assert!((s.cwnd() - 25.0).abs() < 1e-9);
    }

    #[test]
    fn flow_scaling_raises_the_target_of_small_windows() {
        let fs_at = |w: f64| swift(CcaKind::Swift, w).target_rtt() - (BASE + US) as f64;
        assert_eq!(fs_at(100.0), 0.0);
        assert_eq!(fs_at(500.0), 0.0);
        assert!((fs_at(5.5) / US as f64 - 0.533).abs() < 1e-3);
        assert!((fs_at(1.0) / US as f64 - 1.469).abs() < 1e-3);
        assert!((fs_at(0.01) / US as f64 - 5.0).abs() < 1e-9);
    }

    #[test]
    fn swift_cuts_on_every_hole_once_per_rtt() {
        let mut s = swift(CcaKind::Swift, 100.0);
        assert_eq!(s.on_hole(&hole(0, 0)), HoleVerdict::Retransmit);
        assert!((s.cwnd() - 50.0).abs() < 1e-9);
        assert_eq!(s.on_hole(&hole(1, 0)), HoleVerdict::Retransmit);
        assert!((s.cwnd() - 50.0).abs() < 1e-9);
        assert_eq!(s.cuts().loss, 1);
    }

    #[test]
    fn lswift_waits_on_holes() {
        let mut s = swift(CcaKind::LSwift, 100.0);
        assert_eq!(s.on_hole(&hole(0, 0)), HoleVerdict::Wait);
        assert_eq!(s.cwnd(), 100.0);
    }

    #[test]
    fn lswift_cuts_only_after_five_successive_delayed_packets() {
        let mut s = swift(CcaKind::LSwift, 100.0);
        for seq in 10..14 {
            s.on_delayed_packet(&hole(0, seq));
        }
        assert_eq!(s.cwnd(), 100.0);
        s.on_delayed_packet(&hole(0, 14));
        assert!((s.cwnd() - 50.0).abs() < 1e-9);
        assert_eq!(s.cuts().loss, 1);
    }

    #[test]
    fn lswift_run_breaks_on_a_gap() {
        let mut s = swift(CcaKind::LSwift, 100.0);
        for seq in [1, 2, 3, 4, 6, 7, 8, 9, 11] {
            s.on_delayed_packet(&hole(0, seq));
        }
        assert_eq!(s.cwnd(), 100.0);
    }

    #[test]
    fn mswift_decides_on_the_median_not_the_latest_sample() {
        let mut l = swift(CcaKind::LSwift, 100.0);
        let mut m = swift(CcaKind::MSwift, 100.0);
        // one congested sample in ten: LSwift cuts, MSwift's median stays at the base RTT
        for i in 0..10u64 {
            let rtt = if i == 9 { 20 * US } else { BASE };
            l.on_ack(&ack(i, rtt), &Window::default());
            m.on_ack(&ack(i, rtt), &Window::default());
        }
        assert!(l.cwnd() < 60.0, "lswift {}", l.cwnd());
        assert!(m.cwnd() > 100.0, "mswift {}", m.cwnd());
        assert_eq!(m.signal(), BASE as f64);
        assert_eq!(m.history(), Some(10)); // fewer samples than H = 50: all of them
    }

    #[test]
    fn mswift_sizes_its_decrease_on_the_median_or_optionally_the_latest_sample() {
        let mk = |decrease_on_latest| {
            let p = SwiftParams {
                decrease_on_latest,
                ..SwiftParams::default()
            };
            Swift::new(CcaKind::MSwift, &p, History::Fixed(3), 50, BASE, 100.0)
        };
        let (mut median, mut latest) = (mk(false), mk(true));
        let d = 8 * US;
        for (i, rtt) in [d, d, BASE].into_iter().enumerate() {
            let now = i as SimTime * BASE; // one RTT apart: every ACK may decrease
            if i == 2 {
                // both filters now hold [8 µs, 8 µs, BASE]: the median is 8 µs, the latest BASE
                assert_eq!(median.cwnd(), latest.cwnd());
            }
            median.on_ack(&ack(now, rtt), &Window::default());
            latest.on_ack(&ack(now, rtt), &Window::default());
        }
        let before = latest.cwnd();
        let target = latest.target_rtt(); // at the cwnd both had before the third ACK
        let factor = 1.0 - 0.8 * (d as f64 - target) / d as f64;
        assert_eq!(median.signal(), d as f64);
        assert!(
            (median.cwnd() - before * factor).abs() < 1e-9,
            "median sizes the cut"
        );
        assert_eq!(
            latest.cuts().delay,
            3,
            "the median decides: a decrease is due"
        );
        assert_eq!(
            latest.cwnd(),
            before,
            "the latest sample is below target: no cut"
        );
    }

    #[test]
    fn the_queueing_delay_alternative_sizes_decreases_on_the_queueing_delay() {
        let p = SwiftParams {
            decrease_on_queueing: true,
            ..SwiftParams::default()
        };
        let mut s = Swift::new(CcaKind::Swift, &p, History::Nyquist, 50, BASE, 100.0);
        let target = s.target_rtt();
        let d = 8 * US;
        s.on_ack(&ack(0, d), &Window::default());
        // 2 µs of queueing against a 1 µs target: 1 − 0.8 · 1/2
        let factor = 1.0 - 0.8 * (d as f64 - target) / (d - BASE) as f64;
        assert!((factor - 0.6).abs() < 1e-9);
        assert!((s.cwnd() - 100.0 * factor).abs() < 1e-9);
    }

    #[test]
    fn the_delay_run_alternative_cuts_only_after_ltcp_k_high_acks_in_a_row() {
        let p = SwiftParams {
            ltcp_on_delay: true,
            ..SwiftParams::default()
        };
        let mut s = Swift::new(CcaKind::LSwift, &p, History::Nyquist, 50, BASE, 100.0);
        let high = 20 * US;
        for i in 0..4 {
            s.on_ack(&ack(i, high), &Window::default());
        }
        s.on_ack(&ack(4, BASE), &Window::default()); // the run breaks
        for i in 5..9 {
            s.on_ack(&ack(i, high), &Window::default());
        }
        assert_eq!(s.cuts().delay, 0);
        s.on_ack(&ack(9, high), &Window::default()); // the fifth in a row
        assert_eq!(s.cuts().delay, 1);
        // Swift itself ignores the option
        let mut swift = Swift::new(CcaKind::Swift, &p, History::Nyquist, 50, BASE, 100.0);
        swift.on_ack(&ack(0, high), &Window::default());
        assert_eq!(swift.cuts().delay, 1);
    }

    #[test]
    fn mswift_percentile_variants_differ() {
        let mk = |p| {
            Swift::new(
                CcaKind::MSwift,
                &SwiftParams::default(),
                History::Fixed(10),
                p,
                BASE,
                100.0,
            )
        };
        let (mut p10, mut p90) = (mk(10), mk(90));
        for i in 0..10u64 {
            let rtt = if i % 2 == 0 { 20 * US } else { BASE };
            p10.on_ack(&ack(i, rtt), &Window::default());
            p90.on_ack(&ack(i, rtt), &Window::default());
        }
        assert_eq!(p10.signal(), BASE as f64);
        assert_eq!(p90.signal(), (20 * US) as f64);
    }

    #[test]
    fn timeouts_cut_then_reset_to_min_cwnd() {
        let mut s = swift(CcaKind::Swift, 100.0);
        s.on_timeout(&Timeout { now: 0, srtt: BASE });
        assert!((s.cwnd() - 50.0).abs() < 1e-9);
        for i in 1..5 {
            s.on_timeout(&Timeout {
                now: i * 10 * BASE,
                srtt: BASE,
            });
        }
        assert_eq!(s.cwnd(), 0.001);
        assert_eq!(s.pacing_interval(BASE), Some(BASE * 1000));
    }

    #[test]
    fn cwnd_is_clamped_to_max() {
        let mut s = swift(CcaKind::Swift, 999.999);
        let big = AckSample {
            newly_acked: 1000,
            ..ack(0, BASE)
        };
        s.on_ack(&big, &Window::default());
        assert_eq!(s.cwnd(), 1000.0);
        assert_eq!(s.pacing_interval(BASE), None);
    }
}
