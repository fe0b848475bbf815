//! Hosts: a flow's endpoints (sender and receiver), the NIC that pulls packets from its flows in
//! round robin when it is free, and the flows' timers (reordering wait, retransmission timeout,
//! pacing).

use super::*;

/// One flow: endpoints, transport state, path choice.
pub(super) struct Flow {
    pub(super) src: u32,
    pub(super) dst: u32,
    /// Bytes to deliver (`None`: long-lived).
    pub(super) bytes: Option<u64>,
    pub(super) sprayed: bool,
    pub(super) sender: Sender,
    pub(super) receiver: Receiver,
    pub(super) paths: PathChooser,
    /// Time of the earliest `FlowWake` scheduled for this flow.
    pub(super) wake_at: Option<SimTime>,
    /// A stopped elephant (a timed event): it hands its NIC nothing.
    pub(super) paused: bool,
}

impl Flow {
    /// Asks the CPU to fetch every line of the flow's fixed state into the cache.
    #[inline(always)]
    pub(super) fn prefetch(&self) {
        let start = self as *const Flow as *const u8;
        for offset in (0..std::mem::size_of::<Flow>()).step_by(64) {
            prefetch(start.wrapping_add(offset));
        }
    }

    /// Bytes the flow holds on the heap, beyond its fixed-size struct.
    fn heap_bytes(&self) -> usize {
        self.sender.heap_bytes() + self.receiver.heap_bytes() + self.paths.heap_bytes()
    }
}

impl Simulation {
    /// Bytes all flows hold on the heap beyond their fixed-size structs: what the memory
    /// budget's flow state estimates from above ([`Scenario::work`](crate::Scenario::work)).
    pub fn flow_heap_bytes(&self) -> usize {
        self.flows.iter().map(Flow::heap_bytes).sum()
    }

    pub(super) fn receive_data(&mut self, host: HostId, p: Packet) {
        self.counters.delivered += 1;
        self.data_in_network -= 1;
        let flow = &mut self.flows[p.flow.index()];
        // with ACK coalescing, an in-order packet may wait for a later ACK that covers it
        let arrival = Arrival {
            seq: p.seq as u64,
            sent_at: p.sent_at,
            bytes: p.size,
            ecn: p.ecn,
            ack_request: matches!(p.kind, PacketKind::Data { ack_request: true }),
        };
        let answer = flow.receiver.on_packet(arrival);
        if self.starts.on_receive {
            self.check_received(p.flow);
        }
        if let Some(cum_ack) = answer {
            let ack = p.into_ack(cum_ack, self.link.ack_bytes);
            self.counters.acks += 1;
            self.enqueue(self.topo.nic_port(host), ack);
        }
    }

    /// A trimmed header reached its receiver: a NACK goes back at once, whatever the
    /// receiver's coalescing (the reference's `UecSink::processTrimmed`).
    pub(super) fn receive_trimmed(&mut self, host: HostId, p: Packet) {
        let nack = p.into_nack(self.link.ack_bytes);
        self.enqueue(self.topo.nic_port(host), nack);
    }

    /// A NACK: the sender resends the packet at once and its CCA and path choice hear of the
    /// loss (ALGORITHMS.md §11.3).
    pub(super) fn receive_nack(&mut self, p: Packet) {
        let traced = self.trace.flow == Some(p.flow);
        let before = if traced {
            self.before_decision(p.flow)
        } else {
            None
        };
        let now = self.now();
        let flow = &mut self.flows[p.flow.index()];
        // a packet cut before the last hop says its path is congested; one cut at the
        // receiver's port says nothing of the path (the reference's processEv)
        flow.paths
            .on_ack(now, p.label, p.ecn || !p.cut_at_last_hop());
        flow.sender.on_nack(now, p.seq as u64, p.sent_at);
        if let Some(before) = before {
            self.record_decision(p.flow, before, trace::Cause::Nack, Some(&p));
        }
        self.arm_timer(p.flow);
        let src = self.flows[p.flow.index()].src;
        self.kick(self.topo.nic_port(HostId(src)));
    }

    pub(super) fn receive_ack(&mut self, p: Packet) {
        if self.trace.flow == Some(p.flow) {
            return self.receive_ack_traced(p);
        }
        self.take_ack(p);
    }

    /// The traced flow's ACK: [`Self::take_ack`] between two looks at its state (`trace.rs`).
    #[cold]
    #[inline(never)]
    fn receive_ack_traced(&mut self, p: Packet) {
        let before = self.before_decision(p.flow);
        self.take_ack(p);
        if let Some(before) = before {
            self.record_decision(p.flow, before, trace::Cause::Ack, Some(&p));
        }
    }

    #[inline(always)]
    fn take_ack(&mut self, p: Packet) {
        let now = self.now();
        let flow = &mut self.flows[p.flow.index()];
        flow.paths.on_ack(now, p.label, p.ecn);
        // only a coalescing receiver posts more than the cumulative ACK (and the sender's line
        // says so without touching the receiver's)
        let report = match flow.sender.coalesced_acks() {
            true => flow
                .receiver
                .report(p.seq as u64, p.sent_at, p.cum_ack as u64),
            false => AckReport::cumulative(p.cum_ack as u64),
        };
        if flow
            .sender
            .on_report(now, p.seq as u64, p.sent_at, p.ecn, &report)
        {
            flow.receiver.release();
            self.unfinished -= 1;
            if self.unfinished == 0 {
                self.finish();
            }
            self.sent_all(p.flow);
        }
        self.arm_timer(p.flow);
        let src = self.flows[p.flow.index()].src;
        self.kick(self.topo.nic_port(HostId(src)));
    }

    /// Makes sure a `FlowWake` fires by the flow's next timer deadline.
    pub(super) fn arm_timer(&mut self, f: FlowId) {
        if let Some(deadline) = self.flows[f.index()].sender.next_deadline() {
            self.wake_flow_at(f, deadline);
        }
    }

    pub(super) fn wake_flow_at(&mut self, f: FlowId, t: SimTime) {
        let flow = &mut self.flows[f.index()];
        if flow.wake_at.is_none_or(|w| t < w) {
            flow.wake_at = Some(t);
            self.queue.schedule_at(t, Timer::FlowWake(f));
        }
    }

    pub(super) fn flow_wake(&mut self, f: FlowId) {
        if self.trace.flow == Some(f) {
            return self.flow_wake_traced(f);
        }
        self.wake(f);
    }

    /// The traced flow's timer: [`Self::wake`], recorded when it changed the window.
    #[cold]
    #[inline(never)]
    fn flow_wake_traced(&mut self, f: FlowId) {
        let before = self.before_decision(f);
        self.wake(f);
        if let Some(d) = before {
            let s = &self.flows[f.index()].sender;
            // a timer that changed nothing (a reordering wait still running) is not a decision
            if s.cca.cwnd() != d.cwnd() || s.cca.cuts() != d.cuts() {
                self.record_decision(f, d, trace::Cause::Timer, None);
            }
        }
    }

    #[inline(always)]
    fn wake(&mut self, f: FlowId) {
        let now = self.now();
        let flow = &mut self.flows[f.index()];
        if flow.wake_at == Some(now) {
            flow.wake_at = None;
        }
        let before = flow.sender.timeouts;
        if flow.sender.on_timer(now) {
            flow.paths.on_timeout(now);
        }
        self.counters.timeouts += flow.sender.timeouts - before;
        self.arm_timer(f);
        let src = self.flows[f.index()].src;
        self.kick(self.topo.nic_port(HostId(src)));
    }

    /// Whether a flow of `host` could send a packet now (so its NIC should look again when free).
    /// Anything that later lets a flow send (an ACK, a timer) kicks the NIC itself.
    pub(super) fn host_can_send(&self, host: HostId) -> bool {
        let now = self.now();
        self.host_flows[host.index()].iter().any(|&f| {
            let flow = &self.flows[f.index()];
            flow.sender.can_send(now) && !flow.paused
        })
    }

    /// The next data packet any flow of `host` may send (round robin over its flows).
    pub(super) fn pull_from_host(&mut self, host: HostId) -> Option<Packet> {
        let now = self.now();
        let n = self.host_flows[host.index()].len();
        let start = self.host_rr[host.index()] as usize;
        for i in 0..n {
            let f = self.host_flows[host.index()][(start + i) % n];
            let flow = &mut self.flows[f.index()];
            if flow.paused {
                continue;
            }
            match flow.sender.next_send(now) {
                SendDecision::Send {
                    seq,
                    retx,
                    ack_request,
                } => {
                    self.host_rr[host.index()] = ((start + i + 1) % n) as u32;
                    self.counters.data_packets += 1;
                    if retx {
                        self.counters.retransmits += 1;
                    }
                    let payload = match flow.bytes {
                        Some(b) => {
                            (b - seq * self.link.mss as u64).min(self.link.mss as u64) as u32
                        }
                        None => self.link.mss,
                    };
                    let label = flow.paths.next_label();
                    let size = payload + self.link.header;
                    let mut packet = Packet::data(f, seq, size, label, now);
                    packet.kind = PacketKind::Data { ack_request };
                    self.data_in_network += 1;
                    self.arm_timer(f);
                    // a pacing sender is woken for its next packet rather than left to the next ACK
                    if let Some(t) = self.flows[f.index()].sender.pace_deadline() {
                        self.wake_flow_at(f, t);
                    }
                    return Some(packet);
                }
                SendDecision::WaitUntil(t) => self.wake_flow_at(f, t),
                SendDecision::Idle => {}
            }
        }
        None
    }
}
