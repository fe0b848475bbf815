//! A port: the output end of a link. It holds a strict-priority control queue for ACKs and the
//! data queues (one drop-tail FIFO, or two classes under DRR), marks ECN as data leaves, and
//! sends one packet at a time at the link rate (its own rate on a slowed link: a degraded or
//! timed one), after which the packet propagates for the link latency (ALGORITHMS.md §0, §11).
//! A port whose link is down sends nothing and loses what it is given.

use super::*;

/// One output port: one cache line (64 bytes, aligned), since every packet at every hop reads
/// and writes one. Its [`Wire`] is in the same line, so sending a packet touches one line
/// where a table of wires apart took a second one a hop. What only DRR uses lives in
/// `Simulation::drr`, and when AR last refreshed the port's level in
/// `Simulation::ar_refreshed`.
#[derive(Clone, Debug)]
#[repr(align(64))]
pub(super) struct Port {
    /// The port is sending until then.
    pub(super) busy_until: SimTime,
    /// Strict-priority control queue (ACKs), in the simulation's packet slab.
    pub(super) ctrl: Fifo,
    /// Drop-tail data FIFO (two classes under DRR).
    pub(super) data: DataQueues,
    /// Largest queued data bytes since the last timeline sample (at most the buffer).
    pub(super) peak_bytes: u32,
    /// AR: the quantized queue level switches see.
    pub(super) ar_level: u8,
    /// A `PortFree` event is scheduled.
    pub(super) wake_pending: bool,
    /// Up at the scenario's rate, at a rate of its own (its tier's, a failed link kept at a
    /// quarter of it, ALGORITHMS.md §15 A17's alternative, or a timed `link-rate`), or down (a
    /// timed `link-down`).
    pub(super) link: LinkState,
    /// Where the port's link leads, fixed when the network is built.
    pub(super) wire: Wire,
}

// the dynamic state (47 bytes) and the wire (16) share one line
const _: () = assert!(std::mem::size_of::<Port>() == 64);

/// The state of a port's link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum LinkState {
    /// At the scenario's link rate (`topology.link_gbps`).
    #[default]
    Up,
    /// At its own rate, `Simulation::port_gbps`.
    OwnRate,
    /// Carrying nothing.
    Down,
}

/// `Simulation::ar_refreshed` of a port before its first refresh.
pub(super) const NEVER: SimTime = SimTime::MAX;

impl Port {
    /// An idle port with an empty queue, its link up, leading over `wire`.
    pub(super) fn new(wire: Wire) -> Port {
        Port {
            busy_until: 0,
            ctrl: Fifo::default(),
            data: DataQueues::default(),
            peak_bytes: 0,
            ar_level: 0,
            wake_pending: false,
            link: LinkState::Up,
            wire,
        }
    }

    /// A port of `topo`'s each, in port order.
    pub(super) fn of_every_port(topo: &Network, link_latency: SimTime) -> Vec<Port> {
        (0..topo.port_count())
            .map(|p| Port::new(Wire::of(topo, PortId(p), link_latency)))
            .collect()
    }
}

/// What sending on a port needs besides its dynamic state, fixed when the network is built: the
/// node at the far end, the latency to it, and the port's kind (16 bytes, in the port's line).
#[derive(Clone, Copy, Debug)]
pub(super) struct Wire {
    /// Link latency plus any latency the port adds (the n-path network's long path).
    pub(super) latency: SimTime,
    pub(super) to: NodeId,
    /// A host's NIC (its flows are pulled when the port is free).
    pub(super) nic: bool,
    /// Every data packet it sends is ECN-marked (the n-path network's marked long path).
    pub(super) marks_all: bool,
}

impl Wire {
    /// The wire of `topo`'s port `p`.
    pub(super) fn of(topo: &Network, p: PortId, link_latency: SimTime) -> Wire {
        Wire {
            latency: link_latency + topo.extra_latency(p),
            to: topo.port_to(p),
            nic: topo.nic_host(p).is_some(),
            marks_all: topo.marks_all(p),
        }
    }
}

/// Link and queue constants, in simulator units.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LinkConfig {
    /// The hosts' links' rate (every link's unless a tier has its own).
    pub(super) gbps: u32,
    /// The fastest link's rate: what a lower bound may assume of a hop between switches.
    pub(super) fastest_gbps: u32,
    /// Serialization at the full rate of a full data packet and of an ACK (most packets are one
    /// or the other, and a division per packet shows in profiles).
    pub(super) ser_full: SimTime,
    pub(super) ser_ack: SimTime,
    pub(super) latency: SimTime,
    pub(super) mss: u32,
    pub(super) header: u32,
    pub(super) ack_bytes: u32,
    pub(super) buffer: u64,
    pub(super) ecn_min: u64,
    pub(super) ecn_max: u64,
    /// DRR quanta (sprayed, ECMP), bytes; `None`: one FIFO.
    pub(super) drr: Option<[u64; 2]>,
    /// DRR's classes share one buffer: the limit and ECN read the port's total bytes, not the
    /// class's (`DrrBuffer::Shared`; a split buffer is `buffer` and the thresholds halved).
    pub(super) shared_buffer: bool,
    /// AR: occupancy thresholds of the quantized levels (bytes, ascending) and refresh period.
    pub(super) ar_thresholds: [u64; 16],
    pub(super) ar_levels: usize,
    pub(super) ar_refresh: SimTime,
    /// A data packet the queue has no room for is trimmed, not dropped.
    pub(super) trim: bool,
}

impl LinkConfig {
    /// Serialization time of `bytes` at the link rate.
    pub(super) fn serialization(&self, bytes: u32) -> SimTime {
        if bytes == self.mss + self.header {
            self.ser_full
        } else if bytes == self.ack_bytes {
            self.ser_ack
        } else {
            serialization(bytes, self.gbps)
        }
    }
}

impl Simulation {
    /// Starts `port` sending if it is idle; otherwise makes sure it wakes when free.
    pub(super) fn kick(&mut self, port: PortId) {
        let now = self.now();
        let p = &mut self.ports[port.index()];
        if p.wake_pending {
            return;
        }
        if p.busy_until <= now {
            self.start_next(port);
        } else {
            p.wake_pending = true;
            let at = p.busy_until;
            self.queue.schedule_at(at, Timer::PortFree(port));
        }
    }

    pub(super) fn enqueue(&mut self, port: PortId, packet: Packet) {
        let size = packet.size as u64;
        let now = self.now();
        let p = &mut self.ports[port.index()];
        if p.link == LinkState::Down {
            return self.lose(Some(port), packet);
        }
        let idle = !p.wake_pending && p.busy_until <= now && p.ctrl.is_empty() && p.data.is_empty();
        if idle && self.topo.nic_host(port).is_none() {
            // fast path: an idle switch port sends at once (the queue, empty, is never marked)
            if packet.kind.is_data() {
                p.peak_bytes = p.peak_bytes.max(packet.size);
            }
            self.transmit(port, packet);
            return;
        }
        match packet.kind {
            PacketKind::Data { .. } => {
                // with DRR, sprayed and ECMP packets queue (and are limited) separately
                let class = match self.link.drr {
                    Some(_) if !self.flows[packet.flow.index()].sprayed => queue::ECMP,
                    _ => queue::SPRAYED,
                };
                let held = match self.link.shared_buffer {
                    true => p.data.total_bytes(),
                    false => p.data.bytes(class),
                };
                if held + size > self.link.buffer {
                    return self.overflow(port, packet);
                }
                p.data.push(&mut self.slab, class, packet);
                p.peak_bytes = p.peak_bytes.max(p.data.total_bytes() as u32);
            }
            // ACKs, NACKs and trimmed headers take the strict-priority control queue
            _ => self.slab.push(&mut p.ctrl, packet),
        }
        self.kick(port);
    }

    /// A data packet `port`'s queue has no room for: dropped, or with trimming cut to its
    /// header and queued at priority (ALGORITHMS.md §11.3, A29).
    #[cold]
    #[inline(never)]
    fn overflow(&mut self, port: PortId, packet: Packet) {
        self.data_in_network -= 1;
        if !self.link.trim {
            self.log_drop(Some(port), packet.flow, packet.seq as u64);
            self.counters.drops += 1;
            return;
        }
        self.counters.trimmed += 1;
        let last_hop = self
            .topo
            .host_of(self.ports[port.index()].wire.to)
            .is_some();
        let p = &mut self.ports[port.index()];
        self.slab.push(&mut p.ctrl, packet.trimmed(last_hop));
        self.kick(port);
    }

    /// A port's `PortFree` event (from a lane or a timer): it is free, and sends its next packet.
    #[inline(always)]
    pub(super) fn port_free(&mut self, port: PortId) {
        self.ports[port.index()].wake_pending = false;
        self.start_next(port);
    }

    /// Sends the next packet of an idle port: ACKs first, then data (a NIC pulls from its flows).
    pub(super) fn start_next(&mut self, port: PortId) {
        if self.ports[port.index()].link == LinkState::Down {
            return;
        }
        let nic = self.topo.nic_host(port);
        let Some(packet) = self.next_packet(port, nic) else {
            return;
        };
        self.transmit(port, packet);
    }

    /// Puts `packet` on the wire of `port` now; schedules its arrival and the port's next turn.
    pub(super) fn transmit(&mut self, port: PortId, mut packet: Packet) {
        let wire = self.ports[port.index()].wire;
        if wire.marks_all && packet.kind.is_data() && !packet.ecn {
            packet.ecn = true;
            self.counters.ecn_marks += 1;
        }
        let ser = match self.ports[port.index()].link {
            LinkState::Up => self.link.serialization(packet.size),
            _ => serialization(packet.size, self.port_gbps[port.index()]),
        };
        packet.landing = Landing::new(wire.to, port);
        self.schedule_after(ser + wire.latency, Event::Arrive(packet));
        let now = self.queue.now();
        let p = &mut self.ports[port.index()];
        p.busy_until = now + ser;
        let more = !p.ctrl.is_empty()
            || !p.data.is_empty()
            || (wire.nic && self.host_can_send(HostId(port.0)));
        if more {
            let p = &mut self.ports[port.index()];
            p.wake_pending = true;
            // ACKs go first; `u32::MAX` (no slot) when there is no hint to give
            let next = if self.warm {
                p.ctrl.head_slot().or(p.data.head_slot())
            } else {
                None
            };
            let next = next.unwrap_or(u32::MAX);
            self.schedule_after(ser, Event::PortFree { port, next });
        }
    }

    /// Schedules a lane event, or the same as a timer when every lane is taken.
    #[inline(always)]
    pub(super) fn schedule_after(&mut self, delay: SimTime, event: Event) {
        if let Err(event) = self.queue.schedule_after(delay, event) {
            self.schedule_as_timer(delay, event);
        }
    }

    /// An event whose delay found every lane taken, as a timer. Lane delays are the hop and
    /// serialization times of the packet sizes (full, ACK, each flow's last partial one): a
    /// drawn workload has a few, a traffic matrix may have more than the lanes hold.
    #[cold]
    #[inline(never)]
    fn schedule_as_timer(&mut self, delay: SimTime, event: Event) {
        let time = self.queue.now() + delay;
        match event {
            Event::Arrive(packet) => {
                let slot = self.parked.park(packet);
                self.queue.schedule_at(time, Timer::Arrive(slot));
            }
            Event::PortFree { port, .. } => self.queue.schedule_at(time, Timer::PortFree(port)),
        }
    }

    /// The next packet `port` sends: an ACK first, then data (a NIC pulls it from its host's
    /// flows; a switch port takes it from its queues, marking ECN).
    pub(super) fn next_packet(&mut self, port: PortId, nic: Option<HostId>) -> Option<Packet> {
        let p = &mut self.ports[port.index()];
        if let Some(ack) = self.slab.pop(&mut p.ctrl) {
            return Some(ack);
        }
        if let Some(host) = nic {
            return self.pull_from_host(host);
        }
        let popped = match self.link.drr {
            Some(quantum) => p
                .data
                .pop_drr(&mut self.slab, &mut self.drr[port.index()], quantum),
            None => p.data.pop_fifo(&mut self.slab),
        }?;
        let occupancy = match self.link.shared_buffer {
            // the port's bytes before this packet left
            true => p.data.total_bytes() + popped.packet.size as u64,
            false => popped.occupancy,
        };
        let mut packet = popped.packet;
        if self.should_mark(occupancy) {
            packet.ecn = true;
            self.counters.ecn_marks += 1;
        }
        Some(packet)
    }

    /// ECN at dequeue on the occupancy including the departing packet (ALGORITHMS.md §11, A24).
    pub(super) fn should_mark(&mut self, occupancy: u64) -> bool {
        let (lo, hi) = (self.link.ecn_min, self.link.ecn_max);
        if occupancy <= lo {
            false
        } else if occupancy > hi {
            true
        } else {
            let p = (occupancy - lo) as f64 / (hi - lo) as f64;
            self.ecn_rng.random::<f64>() < p
        }
    }
}
