//! TCP NewReno with SACK recovery, and DCTCP (ALGORITHMS.md §1, §2): the loss-based baselines of the
//! paper's theory section.
//!
//! - NewReno: slow start below ssthresh, else +1 packet per RTT. The first hole (the SACK form of
//!   three duplicate ACKs) halves cwnd and starts recovery, which lasts until every packet sent
//!   before it is acknowledged: one cut per loss event. The hole is retransmitted. A timeout sets
//!   cwnd to one packet. Under spraying every long-path packet is such a hole (Theorem 1).
//! - DCTCP adds ECN: over each window of data it measures the marked fraction F, updates
//!   α ← (1 − g)·α + g·F (g = 1/16) and, if anything was marked, cuts cwnd by α/2 (RFC 8257).
//!
//! Units: packets; the transport's sequence numbers delimit recovery and DCTCP's windows.

use super::{AckSample, CcaContext, Controller, Hole, HoleVerdict, Stats, Timeout, Window};
use crate::scenario::{CcaConfig, CcaKind};
use crate::sim::time::SimTime;

/// DCTCP's ECN state.
#[derive(Clone, Debug)]
struct Dctcp {
    alpha: f64,
    acked: f64,
    marked: f64,
    /// The window ends when the cumulative ACK passes this sequence number (`None` until the
    /// first ACK starts the first window).
    window_end: Option<u64>,
}

/// DCTCP's gain g.
const DCTCP_G: f64 = 1.0 / 16.0;

#[derive(Clone, Debug)]
pub struct Tcp {
    cwnd: f64,
    ssthresh: f64,
    max_cwnd: f64,
    in_recovery: bool,
    recover: u64,
    dctcp: Option<Dctcp>,
    /// The signal of the last decision and the cuts so far.
    stats: Stats,
}

impl Tcp {
    /// The scenario's NewReno (or DCTCP) for one flow. Its largest window is the scenario's one
    /// window cap, `cca.swift.max_cwnd`.
    pub fn for_flow(config: &CcaConfig, ctx: &CcaContext) -> Tcp {
        Tcp::new(
            ctx.initial_cwnd,
            config.swift.max_cwnd,
            config.algorithm == CcaKind::Dctcp,
            ctx.base_rtt,
        )
    }

    /// NewReno (or DCTCP when `dctcp`), starting in congestion avoidance at `initial_cwnd`.
    pub fn new(initial_cwnd: f64, max_cwnd: f64, dctcp: bool, base_rtt: SimTime) -> Tcp {
        Tcp {
            // as clamps to [1, max] and [2, max], without a panic when max_cwnd is below them
            cwnd: initial_cwnd.max(1.0).min(max_cwnd.max(1.0)),
            ssthresh: initial_cwnd.max(2.0).min(max_cwnd.max(2.0)),
            max_cwnd,
            in_recovery: false,
            recover: 0,
            // RFC 8257 starts α at 1; a flow starting at the ideal window is not yet congested
            dctcp: dctcp.then_some(Dctcp {
                alpha: 0.0,
                acked: 0.0,
                marked: 0.0,
                window_end: None,
            }),
            stats: Stats::starting_at(base_rtt as f64),
        }
    }
}

impl Controller for Tcp {
    fn cwnd(&self) -> f64 {
        self.cwnd
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    /// An ACK; the window's `snd_una` and `snd_nxt` delimit recovery and DCTCP's windows.
    fn on_ack(&mut self, s: &AckSample, window: &Window) {
        let (snd_una, snd_nxt) = (window.snd_una, window.snd_nxt);
        self.stats.signal = s.rtt as f64;
        let n = s.newly_acked as f64;
        if self.in_recovery && snd_una > self.recover {
            self.in_recovery = false;
        }
        if let Some(d) = &mut self.dctcp {
            d.acked += n;
            if s.ecn {
                d.marked += n;
            }
            let end = *d.window_end.get_or_insert(snd_nxt);
            if snd_una > end {
                let fraction = if d.acked > 0.0 {
                    d.marked / d.acked
                } else {
                    0.0
                };
                d.alpha = (1.0 - DCTCP_G) * d.alpha + DCTCP_G * fraction;
                if d.marked > 0.0 {
                    self.cwnd = (self.cwnd * (1.0 - d.alpha / 2.0)).max(1.0);
                    self.ssthresh = self.cwnd.max(2.0);
                    self.stats.cuts.delay += 1;
                }
                d.acked = 0.0;
                d.marked = 0.0;
                d.window_end = Some(snd_nxt);
            }
        }
        if !self.in_recovery {
            self.cwnd += if self.cwnd < self.ssthresh {
                n
            } else {
                n / self.cwnd
            };
        }
        self.cwnd = self.cwnd.clamp(1.0, self.max_cwnd);
    }

    /// A hole: the first of a loss event halves cwnd and starts recovery.
    fn on_hole(&mut self, hole: &Hole) -> HoleVerdict {
        if !self.in_recovery {
            self.ssthresh = (self.cwnd / 2.0).max(2.0);
            self.cwnd = self.ssthresh;
            self.recover = hole.snd_nxt.saturating_sub(1);
            self.in_recovery = true;
            self.stats.cuts.loss += 1;
        }
        HoleVerdict::Retransmit
    }

    /// A timeout: ssthresh halves, cwnd restarts from one packet (slow start).
    fn on_timeout(&mut self, _: &Timeout) {
        self.ssthresh = (self.cwnd / 2.0).max(2.0);
        self.cwnd = 1.0;
        self.in_recovery = false;
        self.stats.cuts.timeout += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(snd_una: u64, snd_nxt: u64) -> Window {
        Window {
            snd_una,
            snd_nxt,
            in_flight: 0,
        }
    }

    fn hole(snd_nxt: u64) -> Hole {
        Hole {
            snd_nxt,
            ..Hole::default()
        }
    }

    fn ack(ecn: bool, newly: u32) -> AckSample {
        AckSample {
            now: 0,
            rtt: 5_000_000,
            ecn,
            newly_acked: newly,
            srtt: 5_000_000,
        }
    }

    #[test]
    fn congestion_avoidance_adds_a_packet_per_window() {
        let mut t = Tcp::new(10.0, 1000.0, false, 1);
        for _ in 0..10 {
            t.on_ack(&ack(false, 1), &window(1, 20));
        }
        assert!((t.cwnd() - 11.0).abs() < 0.05, "{}", t.cwnd());
    }

    #[test]
    fn slow_start_below_ssthresh() {
        let mut t = Tcp::new(10.0, 1000.0, false, 1);
        t.on_timeout(&Timeout::default());
        assert_eq!(t.cwnd(), 1.0);
        t.on_ack(&ack(false, 1), &window(1, 5));
        t.on_ack(&ack(false, 1), &window(2, 5));
        assert_eq!(t.cwnd(), 3.0);
    }

    #[test]
    fn one_halving_per_loss_event() {
        let mut t = Tcp::new(20.0, 1000.0, false, 1);
        assert_eq!(t.on_hole(&hole(50)), HoleVerdict::Retransmit);
        assert_eq!(t.cwnd(), 10.0);
        t.on_hole(&hole(50));
        t.on_ack(&ack(false, 1), &window(30, 50)); // still in recovery: no growth
        assert_eq!(t.cwnd(), 10.0);
        t.on_ack(&ack(false, 1), &window(50, 60)); // recovery over
        assert!(t.cwnd() > 10.0);
        t.on_hole(&hole(60));
        assert!((t.cwnd() - 5.05).abs() < 0.01, "{}", t.cwnd());
        assert_eq!(t.cuts().loss, 2);
    }

    #[test]
    fn dctcp_cuts_by_half_the_marked_fraction_average_once_per_window() {
        let mut d = Tcp::new(100.0, 1000.0, true, 1);
        // one window, all marked: α = g = 1/16; cut by α/2
        for i in 0..10 {
            d.on_ack(&ack(true, 1), &window(i, 100));
        }
        d.on_ack(&ack(true, 1), &window(101, 200));
        let expected = 100.0 * (1.0 - 1.0 / 32.0);
        assert!(
            (d.cwnd() - expected).abs() < 0.2,
            "{} vs {expected}",
            d.cwnd()
        );
        assert_eq!(d.cuts().delay, 1);
        // unmarked window: α decays, no cut
        let before = d.cwnd();
        for i in 102..200 {
            d.on_ack(&ack(false, 1), &window(i, 200));
        }
        d.on_ack(&ack(false, 1), &window(201, 300));
        assert!(d.cwnd() > before);
        assert_eq!(d.cuts().delay, 1);
        // plain TCP ignores marks
        let mut t = Tcp::new(100.0, 1000.0, false, 1);
        t.on_ack(&ack(true, 1), &window(101, 200));
        assert!(t.cwnd() > 100.0);
    }
}
