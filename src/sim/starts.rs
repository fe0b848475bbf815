//! Flows that start late and flows that start each other: a traffic matrix's `start` times and
//! its triggers (`scenario::triggers` says what each kind of trigger does), in the event engine.
//!
//! A flow that starts at 0 is untouched: it sends from the first NIC kick, as every flow did
//! before starts and triggers existed, so a matrix of start-0 flows runs exactly as before. A
//! flow that starts later is held (`Flow::paused`, the flag that stops an elephant) until its
//! [`Timer::Start`]; a flow that a trigger starts is held until the trigger fires. Starting
//! releases it, notes the time (its FCT counts from there) and kicks its NIC.
//!
//! Activations come from the two places a flow ends: the ACK that completes its sender
//! (`send_done`) and the data packet that completes its receiver (`recv_done`, checked only in
//! a run that has such triggers). Neither is on the per-packet path of a run without triggers.

use super::bound::{flow_bound, received_bound, FlowShape};
use super::*;
use crate::scenario::{Trigger, TriggerKind};

/// One trigger's state in a run.
#[derive(Clone, Debug)]
pub(super) struct TriggerState {
    kind: TriggerKind,
    /// A barrier's activations still needed.
    remaining: u32,
    /// A oneshot has fired (later activations do nothing).
    fired: bool,
    /// The flows it starts, in the matrix's order, and the next one a multishot starts.
    targets: Vec<FlowId>,
    next: usize,
}

/// The flows' starts and the triggers between them.
#[derive(Clone, Debug, Default)]
pub(super) struct Starts {
    /// When each flow started (`SimTime::MAX` until it has); empty when every flow starts at 0.
    pub(super) at: Vec<SimTime>,
    triggers: Vec<TriggerState>,
    /// Per flow, the triggers (indices in `triggers`) it activates when sent and when received;
    /// empty without triggers.
    ends: Vec<(Option<u32>, Option<u32>)>,
    /// Some flow activates a trigger once received (the receiver's check runs).
    pub(super) on_receive: bool,
    /// The earliest each flow can start in any run ([`earliest_starts`]), for the ideal CCT.
    earliest: Vec<SimTime>,
}

impl Starts {
    /// The latest of the sprayed finite flows' earliest ends (`bound`: flow `i`'s least
    /// duration, `None` for a long-lived one): a lower bound on when the collective ends. 0
    /// when every flow starts at 0.
    pub(super) fn latest_end(&self, bound: impl Fn(usize) -> Option<SimTime>) -> SimTime {
        self.earliest
            .iter()
            .enumerate()
            .filter(|&(_, &e)| e != SimTime::MAX)
            .filter_map(|(i, &e)| Some(e + bound(i)?))
            .max()
            .unwrap_or(0)
    }

    /// When flow `f` started (`None`: not yet).
    pub(super) fn of(&self, f: usize) -> Option<SimTime> {
        match self.at.get(f) {
            Some(&SimTime::MAX) => None,
            Some(&t) => Some(t),
            None => Some(0),
        }
    }
}

impl Simulation {
    /// Holds the matrix's late and triggered flows, schedules the late ones and builds the
    /// triggers. Flow `i` is connection `i` (a matrix's flows are the run's, in file order).
    pub(super) fn add_starts(&mut self, connections: &[Connection], triggers: &[Trigger]) {
        let late = |c: &Connection| c.start_us > 0 || c.trigger.is_some();
        if !connections.iter().any(late) && triggers.is_empty() {
            return;
        }
        let ids = trigger_index(triggers);
        let index = |id: u32| ids.get(&id).map(|&i| i as u32);
        let mut states: Vec<TriggerState> = triggers
            .iter()
            .map(|t| TriggerState {
                kind: t.kind,
                remaining: t.count,
                fired: false,
                targets: Vec::new(),
                next: 0,
            })
            .collect();
        let mut s = Starts {
            at: vec![0; connections.len()],
            ..Starts::default()
        };
        for (i, c) in connections.iter().enumerate() {
            let f = FlowId(i as u32);
            if let Some(t) = c.trigger.and_then(index) {
                states[t as usize].targets.push(f);
            }
            if late(c) {
                self.flows[i].paused = true;
                s.at[i] = SimTime::MAX;
            }
            if c.trigger.is_none() && c.start_us > 0 {
                self.queue
                    .schedule_at(from_us(c.start_us as f64), Timer::Start(f));
            }
            s.ends
                .push((c.send_done.and_then(index), c.recv_done.and_then(index)));
            s.on_receive |= c.recv_done.is_some();
        }
        s.triggers = states;
        let link = self.link;
        let done: Vec<(SimTime, SimTime)> = connections
            .iter()
            .map(|c| {
                let (out, back) = self.topo.round_trip_links(c.src, c.dst);
                let shape = FlowShape {
                    src: c.src,
                    dst: c.dst,
                    bytes: c.bytes,
                    out,
                    back,
                };
                (flow_bound(&shape, &link), received_bound(&shape, &link))
            })
            .collect();
        s.earliest = earliest_starts(connections, triggers, &done);
        self.starts = s;
    }

    /// Flow `f` starts now: it may send, and its FCT counts from here.
    pub(super) fn start_flow(&mut self, f: FlowId) {
        let Some(at) = self.starts.at.get_mut(f.index()) else {
            return;
        };
        if *at != SimTime::MAX {
            return;
        }
        *at = self.queue.now();
        let flow = &mut self.flows[f.index()];
        flow.paused = false;
        let nic = self.topo.nic_port(HostId(flow.src));
        self.kick(nic);
    }

    /// Flow `f`'s sender has every byte acknowledged.
    pub(super) fn sent_all(&mut self, f: FlowId) {
        if let Some(&(Some(t), _)) = self.starts.ends.get(f.index()) {
            self.activate(t);
        }
    }

    /// Flow `f`'s receiver may have every byte now (a run with `recv_done` triggers).
    #[cold]
    pub(super) fn check_received(&mut self, f: FlowId) {
        let flow = &self.flows[f.index()];
        if flow.receiver.delivered != flow.sender.total {
            return;
        }
        if let Some(&(_, Some(t))) = self.starts.ends.get(f.index()) {
            self.activate(t);
        }
    }

    /// Trigger `t` is activated: it starts what its kind says.
    fn activate(&mut self, t: u32) {
        let state = &mut self.starts.triggers[t as usize];
        let start: Vec<FlowId> = match state.kind {
            TriggerKind::Oneshot if state.fired => Vec::new(),
            TriggerKind::Oneshot => {
                state.fired = true;
                state.targets.clone()
            }
            TriggerKind::Multishot => {
                let next = state.targets.get(state.next).copied();
                state.next += 1;
                next.into_iter().collect()
            }
            TriggerKind::Barrier => {
                state.remaining = state.remaining.saturating_sub(1);
                match state.remaining {
                    0 if !state.fired => {
                        state.fired = true;
                        state.targets.clone()
                    }
                    _ => Vec::new(),
                }
            }
        };
        for f in start {
            self.start_flow(f);
        }
    }
}

/// Each trigger's place in `triggers`, by its id.
fn trigger_index(triggers: &[Trigger]) -> std::collections::HashMap<u32, usize> {
    triggers
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id, i))
        .collect()
}

/// The earliest each flow can start in any run: its `start` time, or for a triggered flow the
/// earliest its trigger can fire, from the earliest the flows that activate it can end (`done`:
/// each flow's least duration once started, for its sender's end and for its receiver's). A
/// flow no chain can start gets `SimTime::MAX`. Flows are taken in the order of their earliest
/// end, so a trigger's activations come in time order: a oneshot fires at its first, a barrier
/// at its `count`-th, a multishot starts its k-th flow at its k-th.
pub(super) fn earliest_starts(
    connections: &[Connection],
    triggers: &[Trigger],
    done: &[(SimTime, SimTime)],
) -> Vec<SimTime> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let ids = trigger_index(triggers);
    let index = |id: u32| ids.get(&id).copied();
    let mut targets: Vec<Vec<usize>> = vec![Vec::new(); triggers.len()];
    let mut start = vec![SimTime::MAX; connections.len()];
    // (time, flow, whether the event is the flow's start or one of its ends)
    let mut heap = BinaryHeap::new();
    for (i, c) in connections.iter().enumerate() {
        match c.trigger.and_then(index) {
            Some(t) => targets[t].push(i),
            None => {
                start[i] = from_us(c.start_us as f64);
                heap.push(Reverse((start[i], i)));
            }
        }
    }
    let mut activations = vec![0u32; triggers.len()];
    let mut activate =
        |t: usize, at: SimTime, start: &mut Vec<SimTime>, heap: &mut BinaryHeap<_>| {
            activations[t] += 1;
            let n = activations[t];
            let started: Vec<usize> = match triggers[t].kind {
                TriggerKind::Oneshot if n == 1 => targets[t].clone(),
                TriggerKind::Barrier if n == triggers[t].count => targets[t].clone(),
                TriggerKind::Multishot => targets[t]
                    .get(n as usize - 1)
                    .copied()
                    .into_iter()
                    .collect(),
                _ => Vec::new(),
            };
            for f in started {
                if at < start[f] {
                    start[f] = at;
                    heap.push(Reverse((at, f)));
                }
            }
        };
    // each flow is taken once, at its earliest start; its two ends then activate in time order
    let mut ends = BinaryHeap::new();
    let mut taken = vec![false; connections.len()];
    loop {
        let next_start = heap.peek().map(|Reverse((t, _))| *t);
        let next_end = ends.peek().map(|Reverse((t, _, _))| *t);
        match (next_start, next_end) {
            (Some(s), e) if e.is_none_or(|e| s <= e) => {
                let Reverse((at, f)) = heap.pop().expect("peeked");
                if taken[f] || at != start[f] {
                    continue;
                }
                taken[f] = true;
                let c = &connections[f];
                let (sent, received) = done[f];
                if let Some(t) = c.send_done.and_then(index) {
                    ends.push(Reverse((at.saturating_add(sent), f, t)));
                }
                if let Some(t) = c.recv_done.and_then(index) {
                    ends.push(Reverse((at.saturating_add(received), f, t)));
                }
            }
            (_, Some(_)) => {
                let Reverse((at, _, t)) = ends.pop().expect("peeked");
                activate(t, at, &mut start, &mut heap);
            }
            _ => break,
        }
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::traffic::parse_matrix;
    use crate::sim::metrics::Report;

    /// Runs a matrix on a k = 4 fat-tree (NSCC, oblivious spraying, the UEC reference's pair).
    fn run(matrix: &str) -> Report {
        let m = parse_matrix(matrix).unwrap();
        let mut s = Scenario::default();
        s.topology.k = 4;
        s.cca.algorithm = crate::scenario::CcaKind::Nscc;
        s.lb.scheme = crate::scenario::LbScheme::Oblivious;
        s.workload.connections = m.connections;
        s.workload.triggers = m.triggers;
        let mut sim = Simulation::new(&s).unwrap();
        sim.run();
        sim.report()
    }

    fn header(flows: usize, triggers: usize) -> String {
        format!("Nodes 16\nConnections {flows}\nTriggers {triggers}\n")
    }

    #[test]
    fn a_late_flow_starts_at_its_time_and_its_fct_counts_from_there() {
        let alone = run(&format!("{}0->5 id 1 start 0 size 200000\n", header(1, 0)));
        let late = run(&format!("{}0->5 id 1 start 40 size 200000\n", header(1, 0)));
        let (a, l) = (&alone.flows[0], &late.flows[0]);
        assert_eq!(l.start_us, Some(40.0));
        assert_eq!(
            l.fct_us, a.fct_us,
            "the same flow, 40 µs later, in an empty network"
        );
        assert_eq!(late.cct_us, Some(40.0 + a.fct_us.unwrap()));
        assert!(late.cct_us.unwrap() >= late.ideal_cct_us);
        assert!(late.ideal_cct_us >= 40.0 + a.ideal_fct_us.unwrap() - 1e-9);
    }

    /// Three flows chained by oneshots: each starts as the one before it has every byte
    /// acknowledged, so the chain ends no sooner than the sum of their bounds.
    #[test]
    fn a_chain_of_triggered_flows_runs_one_after_another() {
        let m = format!(
            "{}0->5 id 1 start 0 size 100000 send_done_trigger 1\n\
             5->9 id 2 trigger 1 size 100000 send_done_trigger 2\n\
             9->14 id 3 trigger 2 size 100000\n\
             trigger id 1 oneshot\ntrigger id 2 oneshot\n",
            header(3, 2)
        );
        let r = run(&m);
        assert!(r.finished);
        let f = &r.flows;
        assert_eq!(f[1].start_us, f[0].finish_us);
        assert_eq!(f[2].start_us, f[1].finish_us);
        let bounds: f64 = f.iter().map(|f| f.ideal_fct_us.unwrap()).sum();
        assert!(r.cct_us.unwrap() >= bounds, "{:?} < {bounds}", r.cct_us);
        assert!(
            r.ideal_cct_us >= bounds - 1e-6,
            "{} < {bounds}",
            r.ideal_cct_us
        );
        assert_eq!(r.cct_us, f[2].finish_us);
    }

    #[test]
    fn a_barrier_waits_for_its_count_a_multishot_starts_one_flow_each_time() {
        let m = format!(
            "{}0->5 id 1 start 0 size 50000 send_done_trigger 1\n\
             1->6 id 2 start 0 size 150000 send_done_trigger 1\n\
             2->7 id 3 trigger 1 size 10000\n\
             3->8 id 4 start 0 size 20000 send_done_trigger 2\n\
             4->9 id 5 start 0 size 90000 send_done_trigger 2\n\
             10->11 id 6 trigger 2 size 10000\n\
             12->13 id 7 trigger 2 size 10000\n\
             trigger id 1 barrier count 2\ntrigger id 2 multishot\n",
            header(7, 2)
        );
        let r = run(&m);
        let f = &r.flows;
        let last_of_two = Some(f[0].finish_us.unwrap().max(f[1].finish_us.unwrap()));
        assert_eq!(
            f[2].start_us, last_of_two,
            "the barrier fires on its second activation"
        );
        assert_eq!(
            f[5].start_us, f[3].finish_us,
            "the multishot's first activation"
        );
        assert_eq!(f[6].start_us, f[4].finish_us, "and its second");
    }

    #[test]
    fn a_received_flow_triggers_before_its_sender_knows() {
        let m = format!(
            "{}0->5 id 1 start 0 size 100000 recv_done_trigger 1\n\
             5->0 id 2 trigger 1 size 1000\n\
             trigger id 1 oneshot\n",
            header(2, 1)
        );
        let r = run(&m);
        let (first, second) = (&r.flows[0], &r.flows[1]);
        assert!(second.start_us.unwrap() < first.finish_us.unwrap());
        assert!(second.start_us.unwrap() > first.finish_us.unwrap() - 5.0);
    }

    #[test]
    fn a_flow_no_trigger_starts_never_starts_and_the_run_says_unfinished() {
        let m = format!(
            "{}0->5 id 1 start 0 size 10000\n5->0 id 2 trigger 1 size 1000\ntrigger id 1 oneshot\n",
            header(2, 1)
        );
        let r = run(&m);
        assert!(!r.finished);
        assert_eq!(r.flows[1].start_us, None);
        assert_eq!(r.flows[1].fct_us, None);
        assert_eq!(r.cct_us, None);
    }

    /// The earliest starts follow the chain through every kind of trigger, and a flow in a
    /// cycle no chain starts gets none.
    #[test]
    fn earliest_starts_follow_the_chain() {
        let m = parse_matrix(&format!(
            "{}0->1 id 1 start 3 size 1 send_done_trigger 1\n\
             1->2 id 2 trigger 1 size 1 recv_done_trigger 2\n\
             2->3 id 3 trigger 2 size 1 send_done_trigger 3\n\
             3->4 id 4 trigger 3 size 1 send_done_trigger 3\n\
             trigger id 1 oneshot\ntrigger id 2 barrier count 1\ntrigger id 3 oneshot\n",
            header(4, 3)
        ))
        .unwrap();
        let done = vec![(10, 4); 4];
        let e = earliest_starts(&m.connections, &m.triggers, &done);
        let us = from_us(3.0);
        assert_eq!(e, vec![us, us + 10, us + 14, us + 24]);
        let cycle = parse_matrix(&format!(
            "{}0->1 id 1 trigger 1 size 1 send_done_trigger 1\ntrigger id 1 oneshot\n",
            header(1, 1)
        ))
        .unwrap();
        assert_eq!(
            earliest_starts(&cycle.connections, &cycle.triggers, &[(10, 4)]),
            vec![SimTime::MAX]
        );
    }
}
