//! Diagnostics a researcher asks of a run: every window decision of one flow, and every drop.
//!
//! A timeline samples every flow once per interval; a trace records one flow's every decision
//! instead, as it happens: the ACK's RTT sample, the signal the CCA decided on (MSwift's median
//! of the last H samples, the latest sample otherwise), H, the target, cwnd before and after,
//! and what came of it ([`Outcome`]). With the samples in order, the ones that entered a
//! median are the last H rows' `rtt_us`. The drop log says where and when each data packet was
//! dropped, and whose it was.
//!
//! Both are off unless asked for ([`super::Simulation::trace_flow`],
//! [`super::Simulation::log_drops`]): the hot path pays one branch per ACK and nothing per
//! packet. Each keeps at most [`TRACE_CAP`] rows, so a long run cannot exhaust memory; what
//! did not fit is counted.

use super::cca::{Controller, Cuts};
use super::ids::FlowId;
use super::time::{to_us, SimTime};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The most rows a trace or a drop log keeps.
pub const TRACE_CAP: usize = 1 << 20;

/// What set off a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    /// An ACK (with the reordering waits and holes it settled).
    Ack,
    /// A flow timer: a reordering wait ending, or the retransmission timeout.
    Timer,
    /// A NACK of a trimmed packet.
    Nack,
}

/// What a decision did to cwnd, from the CCA's cut counters and its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// cwnd grew.
    Increase,
    /// The signal was below target but cwnd did not grow (at its cap, or a CCA that waits).
    Unchanged,
    /// The signal asked for a decrease that the CCA's pacing of decreases held back (Swift:
    /// at most one per RTT).
    Held,
    /// A decrease on the congestion signal (delay, ECN).
    DelayCut,
    /// A decrease on a loss: a SACK hole, a run of delayed packets, quick adapt.
    LossCut,
    /// A decrease on a retransmission timeout.
    TimeoutCut,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Increase => "increase",
            Outcome::Unchanged => "unchanged",
            Outcome::Held => "held",
            Outcome::DelayCut => "delay-cut",
            Outcome::LossCut => "loss-cut",
            Outcome::TimeoutCut => "timeout-cut",
        }
    }

    /// The outcome of a decision that moved cwnd from `before` to `after`, the cut counters from
    /// `cuts_before` to `cuts_after`, on `signal` against `target`.
    pub fn of(
        before: f64,
        after: f64,
        cuts_before: Cuts,
        cuts_after: Cuts,
        signal: f64,
        target: Option<f64>,
    ) -> Outcome {
        if cuts_after.timeout > cuts_before.timeout {
            Outcome::TimeoutCut
        } else if cuts_after.loss > cuts_before.loss {
            Outcome::LossCut
        } else if cuts_after.delay > cuts_before.delay {
            Outcome::DelayCut
        } else if after > before {
            Outcome::Increase
        } else if target.is_some_and(|t| signal >= t) {
            Outcome::Held
        } else {
            Outcome::Unchanged
        }
    }
}

/// One window decision of the traced flow.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub time: SimTime,
    pub cause: Cause,
    /// The acknowledged packet's sequence number and RTT sample (ACKs only).
    pub seq: Option<u64>,
    pub rtt: Option<SimTime>,
    pub ecn: bool,
    /// The path label the acknowledged packet was sprayed with.
    pub label: Option<u16>,
    /// The signal the CCA decided on and its target (ps), H for the median variants.
    pub signal: f64,
    pub target: Option<f64>,
    pub history: Option<usize>,
    pub srtt: SimTime,
    pub cwnd_before: f64,
    pub cwnd_after: f64,
    pub in_flight: u32,
    pub outcome: Outcome,
}

/// A data packet dropped at a full queue (or lost on purpose).
#[derive(Clone, Debug, PartialEq)]
pub struct DropRecord {
    pub time: SimTime,
    /// The port's name as the network picture and timelines give it (`lost` for a loss asked
    /// for with `lose_packet`).
    pub port: String,
    pub flow: FlowId,
    pub seq: u64,
    pub sprayed: bool,
}

/// A bounded list that counts what it could not keep.
#[derive(Clone, Debug)]
pub struct Capped<T> {
    pub rows: Vec<T>,
    pub left_out: u64,
}

impl<T> Default for Capped<T> {
    fn default() -> Self {
        Capped {
            rows: Vec::new(),
            left_out: 0,
        }
    }
}

impl<T> Capped<T> {
    pub fn push(&mut self, row: T) {
        if self.rows.len() < TRACE_CAP {
            self.rows.push(row);
        } else {
            self.left_out += 1;
        }
    }
}

/// What a run records for diagnosis.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The flow whose decisions are traced.
    pub flow: Option<FlowId>,
    pub decisions: Capped<Decision>,
    /// `None` unless drops are logged.
    pub drops: Option<Capped<DropRecord>>,
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

impl Trace {
    /// The decisions as CSV, a header and a row each (times and delays in µs).
    pub fn decisions_csv(&self) -> String {
        let mut s = String::from(
            "time_us,cause,seq,rtt_us,ecn,label,signal_us,history,target_us,srtt_us,cwnd_before,cwnd_after,in_flight,outcome\n",
        );
        for d in &self.decisions.rows {
            let _ = writeln!(
                s,
                "{:.4},{},{},{},{},{},{:.4},{},{},{:.4},{:.3},{:.3},{},{}",
                to_us(d.time),
                match d.cause {
                    Cause::Ack => "ack",
                    Cause::Timer => "timer",
                    Cause::Nack => "nack",
                },
                opt(d.seq),
                opt(d.rtt.map(|r| format!("{:.4}", to_us(r)))),
                u8::from(d.ecn),
                opt(d.label),
                d.signal / 1e6,
                opt(d.history),
                opt(d.target.map(|t| format!("{:.4}", t / 1e6))),
                to_us(d.srtt),
                d.cwnd_before,
                d.cwnd_after,
                d.in_flight,
                d.outcome.name()
            );
        }
        s
    }

    /// The drop log as CSV, a header and a row each.
    pub fn drops_csv(&self) -> String {
        let mut s = String::from("time_us,port,flow,seq,sprayed\n");
        for d in self.drops.iter().flat_map(|d| &d.rows) {
            let _ = writeln!(
                s,
                "{:.4},{},{},{},{}",
                to_us(d.time),
                d.port,
                d.flow.0,
                d.seq,
                u8::from(d.sprayed)
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts(delay: u64, loss: u64, timeout: u64) -> Cuts {
        Cuts {
            delay,
            loss,
            timeout,
        }
    }

    #[test]
    fn outcomes_follow_the_counters_then_the_window() {
        let c0 = cuts(0, 0, 0);
        let of = |after, c, signal| Outcome::of(10.0, after, c0, c, signal, Some(5.0));
        assert_eq!(of(5.0, cuts(0, 0, 1), 1.0), Outcome::TimeoutCut);
        assert_eq!(of(5.0, cuts(1, 1, 0), 1.0), Outcome::LossCut);
        assert_eq!(of(8.0, cuts(1, 0, 0), 9.0), Outcome::DelayCut);
        assert_eq!(of(10.1, c0, 1.0), Outcome::Increase);
        assert_eq!(of(10.0, c0, 9.0), Outcome::Held);
        assert_eq!(of(10.0, c0, 1.0), Outcome::Unchanged);
    }

    #[test]
    fn a_capped_list_counts_what_it_leaves_out() {
        let mut c = Capped::default();
        for i in 0..TRACE_CAP + 3 {
            c.push(i as u32);
        }
        assert_eq!(c.rows.len(), TRACE_CAP);
        assert_eq!(c.left_out, 3);
    }
}

impl super::Simulation {
    /// Records every window decision of flow `flow` (its index in the report) from now on.
    pub fn trace_flow(&mut self, flow: usize) -> Result<(), String> {
        if flow >= self.flows.len() {
            return Err(format!(
                "trace-flow: flow {flow} does not exist (this run has flows 0 to {})",
                self.flows.len().saturating_sub(1)
            ));
        }
        self.trace.flow = Some(FlowId(flow as u32));
        Ok(())
    }

    /// Records every data packet dropped from now on.
    pub fn log_drops(&mut self) {
        self.trace.drops.get_or_insert_with(Capped::default);
    }

    /// What the trace and the drop log hold so far.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The traced flow's decisions so far, taken out of the trace (which goes on recording).
    pub fn take_decisions(&mut self) -> Capped<Decision> {
        std::mem::take(&mut self.trace.decisions)
    }

    /// The traced flow's state before a decision, if `flow` is the traced one.
    pub(super) fn before_decision(&self, flow: FlowId) -> Option<Before> {
        if self.trace.flow != Some(flow) {
            return None;
        }
        let s = &self.flows[flow.index()].sender;
        Some(Before {
            cwnd: s.cca.cwnd(),
            cuts: s.cca.cuts(),
            target: s.cca.target(),
        })
    }

    /// Records the traced flow's decision that `before` preceded.
    pub(super) fn record_decision(
        &mut self,
        flow: FlowId,
        before: Before,
        cause: Cause,
        ack: Option<&super::packet::Packet>,
    ) {
        let now = self.now();
        let s = &self.flows[flow.index()].sender;
        let (signal, cwnd, cuts) = (s.cca.signal(), s.cca.cwnd(), s.cca.cuts());
        self.trace.decisions.push(Decision {
            time: now,
            cause,
            seq: ack.map(|p| p.seq as u64),
            rtt: ack.map(|p| now - p.sent_at),
            ecn: ack.is_some_and(|p| p.ecn),
            label: ack.map(|p| p.label),
            signal,
            target: before.target,
            history: s.cca.history(),
            srtt: s.srtt,
            cwnd_before: before.cwnd,
            cwnd_after: cwnd,
            in_flight: s.in_flight,
            outcome: Outcome::of(before.cwnd, cwnd, before.cuts, cuts, signal, before.target),
        });
    }

    /// Logs a dropped data packet (`flow`, `seq`), if drops are logged. Takes the two fields
    /// rather than the packet, so that the hot paths that call it keep the packet in registers.
    #[cold]
    #[inline(never)]
    pub(super) fn log_drop(&mut self, port: Option<super::PortId>, flow: FlowId, seq: u64) {
        if self.trace.drops.is_none() {
            return;
        }
        let record = DropRecord {
            time: self.now(),
            port: port.map_or_else(|| "lost".to_string(), |port| self.topo.port_name(port)),
            flow,
            seq,
            sprayed: self.flows[flow.index()].sprayed,
        };
        if let Some(log) = &mut self.trace.drops {
            log.push(record);
        }
    }
}

/// The traced flow's window, cuts and target before a decision.
#[derive(Clone, Copy, Debug)]
pub(super) struct Before {
    cwnd: f64,
    cuts: Cuts,
    target: Option<f64>,
}

impl Before {
    pub(super) fn cwnd(&self) -> f64 {
        self.cwnd
    }

    pub(super) fn cuts(&self) -> Cuts {
        self.cuts
    }
}
