//! The packet-level discrete-event simulator.
//!
//! [`Simulation`] wires the pieces together: a [`FatTree`](topology::FatTree) of output ports,
//! hosts running one [`Sender`](transport::Sender)/[`Receiver`](transport::Receiver) pair per
//! flow, and the event loop. Its API is the one every front end uses:
//! [`Simulation::new`] from a validated scenario, [`Simulation::advance`] by a budget of events,
//! [`Simulation::drain_timeline`] for the samples since the last drain, [`Simulation::report`].
//!
//! The network model (ALGORITHMS.md §0, §11): every link has one output port at each end. A port sends
//! one packet at a time (store and forward) at the link rate, then the packet propagates for the
//! link latency. Switch ports hold a drop-tail FIFO for data and a strict-priority control queue
//! for ACKs; data is ECN-marked when it leaves a queue whose occupancy (itself included) is above
//! the threshold (or, on a ramp, with a probability rising from the min to the max threshold).
//! A host's NIC port pulls the next packet from its flows when it is free (round robin), so a
//! data packet's send time is when it starts onto the wire. Switches hash (flow, path label,
//! switch) to choose among up-ports.

pub mod cca;
pub mod events;
pub mod ids;
pub mod lb;
pub mod metrics;
pub mod netmap;
pub mod network;
pub mod packet;
pub mod queue;
pub mod rng;
pub mod time;
pub mod timeline;
pub mod topology;
pub mod trace;
pub mod transport;
pub mod workload;

mod bound;
pub(crate) mod build;
mod collectives;
mod fifo;
mod host;
mod observe;
pub use observe::PortLimits;
mod port;
mod prefetch;
mod radix;
mod reps_buffer;
mod routing;
mod starts;
mod timed;

use crate::scenario::{Connection, Scenario, ScenarioError, WorkloadKind};
use cca::{AnyController, CcaContext, Controller};
use events::{Due, EventQueue};
use host::Flow;
use lb::{hash_port, pick_lowest, quantize, PathChooser, ADAPTIVE};
use metrics::Counters;
use network::{NPath, Network};
use packet::{Packet, PacketKind};
use port::{LinkConfig, LinkState, Port};
use queue::{DataQueues, DrrState, Fifo, PacketSlab};
use rand::Rng;
use rng::{stream, Purpose, SimRng};
use routing::{hash_key, routes_adaptively, NOT_ROUTED};
use time::{from_us, serialization, to_us, SimTime};
use timeline::{SampleRow, Timeline, TimelineBatch};
use topology::{FatTree, Hop, NodeId, PortId, UpMask, MAX_UP};
use transport::{AckReport, Arrival, Receiver, SendDecision, Sender, TransportConfig};

use ids::Landing;
pub use ids::{FlowId, HostId};
use prefetch::prefetch;

/// An event a constant delay after the one that schedules it (kept in FIFO lanes).
#[derive(Clone, Copy, Debug)]
enum Event {
    /// A packet reaches a node over a port's link (`Packet::landing` says which).
    Arrive(Packet),
    /// A port finished sending and has more to send; `next` is the slab slot of the packet it
    /// is expected to send then (a hint for the cache, see [`Simulation::warm_next`]).
    PortFree { port: PortId, next: u32 },
}

/// An event at an arbitrary time (kept in the heap; small).
#[derive(Clone, Copy, Debug)]
enum Timer {
    /// A port that was kicked while busy is free.
    PortFree(PortId),
    /// A flow's timer (reordering wait, retransmission timeout, pacing).
    FlowWake(FlowId),
    /// Take a timeline sample.
    Sample,
    /// A packet arrival that found every lane taken (a traffic matrix's many last-packet
    /// sizes): the packet waits in [`Parked`] slot `.0`.
    Arrive(u32),
    /// The scenario's timed event `.0` (in `Simulation::timed`).
    Timed(u32),
    /// A traffic matrix's flow starts at its `start` time (`starts.rs`).
    Start(FlowId),
}

// an arrival event is a packet, which carries where it lands: with its key's gap, 40 bytes in a lane
const _: () = assert!(std::mem::size_of::<Event>() == 32);

/// Arrivals scheduled as timers, for delays beyond the lanes' limit: a slab with a free list.
#[derive(Default)]
struct Parked {
    slots: Vec<Packet>,
    free: Vec<u32>,
}

impl Parked {
    fn park(&mut self, packet: Packet) -> u32 {
        match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = packet;
                i
            }
            None => {
                self.slots.push(packet);
                (self.slots.len() - 1) as u32
            }
        }
    }

    fn take(&mut self, slot: u32) -> Packet {
        self.free.push(slot);
        self.slots[slot as usize]
    }
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Simulated time, µs.
    pub sim_time_us: f64,
    /// Finite flows completed so far.
    pub flows_done: usize,
    pub flows_total: usize,
    pub events: u64,
    /// Packets acknowledged so far, and in all, over the finite flows.
    pub packets_acked: u64,
    pub packets_total: u64,
    /// The run is over (all finite flows done, or the time limit reached).
    pub done: bool,
}

/// A running simulation.
pub struct Simulation {
    topo: Network,
    link: LinkConfig,
    queue: EventQueue<Event, Timer>,
    /// Data packets in queues or on links.
    data_in_network: u64,
    ports: Vec<Port>,
    /// AR: when each port's quantized level was last refreshed ([`port::NEVER`]: not yet);
    /// empty when the scenario does not route adaptively (only AR labels a packet
    /// [`ADAPTIVE`]).
    ar_refreshed: Vec<SimTime>,
    /// Every queued packet (the ports' queues are lists in it).
    slab: PacketSlab,
    /// Each port's DRR state (empty without DRR).
    drr: Vec<DrrState>,
    /// Hash salt of every node.
    salts: Vec<u64>,
    flows: Vec<Flow>,
    /// Each flow's source and destination hosts: what a switch reads of a flow to route its
    /// packets (which carry no destination) and count their paths, kept apart from the large
    /// `Flow`s.
    flow_ends: Vec<[u32; 2]>,
    /// Flows each host sends, and the round-robin position.
    host_flows: Vec<Vec<FlowId>>,
    host_rr: Vec<u32>,
    ecn_rng: SimRng,
    /// AR's tie-breaks.
    ar_rng: SimRng,
    counters: Counters,
    /// The rate of each slowed port (`LinkState::OwnRate`), Gbps; empty when none can be.
    port_gbps: Vec<u32>,
    /// The scenario's timed events, in the order they apply ([`Timer::Timed`]).
    timed: Vec<timed::Timed>,
    /// For each port, the last time a packet it sent before its link went down would arrive:
    /// such packets are lost on the wire. Empty when no link goes down.
    lost_until: Vec<SimTime>,
    timeline: Timeline,
    row: SampleRow,
    unfinished: usize,
    finite_flows: usize,
    max_time: SimTime,
    done: bool,
    /// Whether lane events fetch what their successor in the lane will touch into the cache
    /// ([`Simulation::warm_next`], [`Simulation::warm_arrival`]): only in networks whose ports,
    /// queues and flows outgrow the CPU's L2 cache, where it saves 8 % at 1024 hosts (the
    /// port and its packet) and 6 % more (the flows), and an arrival at a switch is routed a
    /// lane entry ahead (docs/performance.md); in smaller ones it costs 2–4 %.
    warm: bool,
    /// Per lane, the output port of the lane's front arrival, routed when the event before it
    /// in the lane was popped ([`Simulation::warm_arrival`]); [`NOT_ROUTED`] when it was not.
    routed: [PortId; events::MAX_LANES],
    /// Transmissions to lose on purpose: each entry drops the next one of that packet.
    losses: Vec<(FlowId, u64)>,
    /// One flow's decisions and the drops, when asked for (`trace.rs`).
    trace: trace::Trace,
    /// Arrivals waiting as timers ([`Timer::Arrive`]).
    parked: Parked,
    /// Flows that start late or by a trigger (`starts.rs`).
    starts: starts::Starts,
}

impl Simulation {
    /// Unloaded RTT between two hosts: a full data packet out, an ACK back, store and forward at
    /// every hop (ALGORITHMS.md §0).
    pub fn base_rtt(&self, src: u32, dst: u32) -> SimTime {
        let (out, back) = self.topo.round_trip_links(src, dst);
        let l = &self.link;
        (out + back) as u64 * l.latency
            + out as u64 * serialization(l.mss + l.header, l.gbps)
            + back as u64 * serialization(l.ack_bytes, l.gbps)
    }

    /// The network's largest unloaded RTT (inter-pod in a fat-tree).
    pub fn net_rtt(&self) -> SimTime {
        let hosts = self.topo.hosts();
        self.base_rtt(0, hosts - 1).max(self.base_rtt(0, 1))
    }

    /// The network's bandwidth-delay product in packets: the largest unloaded RTT at line rate,
    /// rounded up (153 packets for the paper's network).
    pub fn bdp_packets(&self) -> f64 {
        let max_rtt = self.net_rtt();
        (max_rtt as f64 / serialization(self.link.mss + self.link.header, self.link.gbps) as f64)
            .ceil()
    }

    pub fn network(&self) -> &Network {
        &self.topo
    }

    /// Loses the next transmission of data packet `seq` of flow `flow` at the first switch it
    /// reaches, counted as a drop: a controlled loss, to see what one drop costs (called twice,
    /// the retransmission is lost too).
    pub fn lose_packet(&mut self, flow: usize, seq: u64) {
        self.losses.push((FlowId(flow as u32), seq));
    }

    /// Runs at most `budget` events. Returns where the run stands.
    pub fn advance(&mut self, budget: u64) -> Progress {
        self.advance_until(budget, SimTime::MAX)
    }

    /// Runs at most `budget` events, none later than `until` (a front end that paces the run
    /// against the wall clock). The run is done only when no event is left before the time
    /// limit, never because `until` was reached.
    pub fn advance_until(&mut self, budget: u64, until: SimTime) -> Progress {
        let mut left = budget;
        let limit = until.min(self.max_time);
        while left > 0 && !self.done {
            let Some(due) = self.queue.pop_due(limit) else {
                if self.queue.peek_time().is_none_or(|t| t > self.max_time) {
                    self.finish();
                }
                break;
            };
            self.counters.events += 1;
            left -= 1;
            match due {
                // the event is read in the lane: a packet is copied once, whole
                Due::Lane(lane) => match *self.queue.lane_front(lane) {
                    Event::Arrive(packet) => {
                        self.queue.drop_lane_front(lane);
                        if self.warm {
                            let routed = self.warm_arrival(lane);
                            self.arrive::<true>(packet, routed)
                        } else {
                            self.arrive::<false>(packet, NOT_ROUTED)
                        }
                    }
                    Event::PortFree { port, .. } => {
                        self.queue.drop_lane_front(lane);
                        if self.warm {
                            self.routed[lane] = NOT_ROUTED;
                            self.warm_next();
                        }
                        self.port_free(port);
                    }
                },
                Due::Heap(Timer::PortFree(port)) => self.port_free(port),
                Due::Heap(Timer::FlowWake(f)) => self.flow_wake(f),
                Due::Heap(Timer::Sample) => self.sample(),
                Due::Heap(Timer::Arrive(slot)) => self.arrive_parked(slot),
                Due::Heap(Timer::Timed(i)) => self.apply_timed(i),
                Due::Heap(Timer::Start(f)) => self.start_flow(f),
            }
        }
        self.progress()
    }

    /// Fetches into the cache what the next port-free event of the lane just popped will read:
    /// its port's line and the packet it is expected to send, or, at a NIC, the flow whose turn
    /// it is to send. It comes out a few events later, and a queued packet was written (a
    /// flow's state last touched) long before, so it is out of cache in a large network.
    #[inline(always)]
    fn warm_next(&self) {
        if let Some(&Event::PortFree { port, next }) = self.queue.next_in_last_lane() {
            prefetch(&self.ports[port.index()]);
            self.slab.prefetch(next);
            if let Some(host) = self.topo.nic_host(port) {
                let flows = &self.host_flows[host.index()];
                if let Some(f) = flows.get(self.host_rr[host.index()] as usize) {
                    self.flows[f.index()].prefetch();
                }
            }
        }
    }

    /// Takes the port routed ahead for the arrival just popped from `lane`, and prepares the
    /// next arrival in that lane: when it reaches a host, fetches its flow into the cache (its
    /// receiver takes a data packet, its sender an ACK); at a switch, routes it now, unless
    /// adaptive routing will choose by the queues as they are when it arrives, and fetches the
    /// port's line it will join, which holds the wire an idle port reads to send it on. The
    /// route depends on the packet and the topology alone, so routing it early gives the same
    /// port, computed once; a timed link change forgets it.
    #[inline(always)]
    fn warm_arrival(&mut self, lane: usize) -> PortId {
        let routed = std::mem::replace(&mut self.routed[lane], NOT_ROUTED);
        if let Some(&Event::Arrive(packet)) = self.queue.next_in_last_lane() {
            let node = packet.landing.node();
            if self.topo.host_of(node).is_some() {
                self.flows[packet.flow.index()].prefetch();
            } else if !routes_adaptively(packet.kind, packet.label) {
                let port =
                    self.hashed_route(node, hash_key(&packet), packet.label, self.dst_of(&packet));
                prefetch(&self.ports[port.index()]);
                self.routed[lane] = port;
            }
        }
        routed
    }

    /// Runs to the end.
    pub fn run(&mut self) -> Progress {
        while !self.advance(1 << 20).done {}
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            sim_time_us: to_us(self.queue.now()),
            flows_done: self.finite_flows - self.unfinished,
            flows_total: self.finite_flows,
            events: self.counters.events,
            packets_acked: self
                .finite()
                .map(|f| f.sender.acked.min(f.sender.total))
                .sum(),
            packets_total: self.finite().map(|f| f.sender.total).sum(),
            done: self.done,
        }
    }

    fn finite(&self) -> impl Iterator<Item = &Flow> {
        self.flows.iter().filter(|f| f.bytes.is_some())
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The timeline samples since the last drain.
    pub fn drain_timeline(&mut self) -> TimelineBatch {
        self.timeline.drain()
    }

    /// Simulated time so far, µs.
    pub fn sim_time_us(&self) -> f64 {
        to_us(self.queue.now())
    }

    /// Time of the next event, µs (`None`: nothing left to do).
    pub fn next_event_us(&self) -> Option<f64> {
        self.queue.peek_time().map(to_us)
    }

    fn now(&self) -> SimTime {
        self.queue.now()
    }

    /// A packet lands at the end of its hop: a host takes it, a switch sends it on through
    /// `routed` (its output port, when it was routed ahead: only `AHEAD`, in a network that
    /// warms its cache, so that a small one's arrival has no branch for it) or the port it
    /// routes it to now.
    #[inline(always)]
    fn arrive<const AHEAD: bool>(&mut self, p: Packet, routed: PortId) {
        let node = p.landing.node();
        if !self.lost_until.is_empty() && self.lost_on_wire(p.landing.via(), &p) {
            return;
        }
        if let Some(host) = self.topo.host_of(node) {
            match p.kind {
                PacketKind::Data { .. } => self.receive_data(host, p),
                PacketKind::Ack => self.receive_ack(p),
                PacketKind::Trimmed => self.receive_trimmed(host, p),
                PacketKind::Nack => self.receive_nack(p),
            }
            return;
        }
        if let PacketKind::Data { .. } = p.kind {
            if !self.losses.is_empty() && self.lost_on_purpose(&p) {
                return;
            }
            self.count_path(node, &p);
        }
        if AHEAD && routed != NOT_ROUTED {
            return self.enqueue(routed, p);
        }
        let port = self.route(node, p.kind, hash_key(&p), p.label, self.dst_of(&p));
        self.enqueue(port, p);
    }

    /// The host `p` goes to: its flow's receiver, or its sender for an ACK or a NACK.
    #[inline(always)]
    fn dst_of(&self, p: &Packet) -> u32 {
        self.flow_ends[p.flow.index()][!p.kind.is_reply() as usize]
    }

    /// A parked arrival ([`Timer::Arrive`]); kept out of line so that the event loop inlines
    /// only the lanes' arrivals.
    #[cold]
    #[inline(never)]
    fn arrive_parked(&mut self, slot: u32) {
        let packet = self.parked.take(slot);
        self.arrive::<false>(packet, NOT_ROUTED);
    }

    /// Whether `p` is a transmission [`lose_packet`](Self::lose_packet) asked to lose; if so it is
    /// counted as dropped.
    fn lost_on_purpose(&mut self, p: &Packet) -> bool {
        let Some(i) = self
            .losses
            .iter()
            .position(|&l| l == (p.flow, p.seq as u64))
        else {
            return false;
        };
        self.losses.remove(i);
        self.log_drop(None, p.flow, p.seq as u64);
        self.counters.drops += 1;
        self.data_in_network -= 1;
        true
    }
}
