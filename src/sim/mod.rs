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
pub mod transport;
pub mod workload;

use crate::scenario::{CcaKind, Scenario, ScenarioError, WorkloadKind};
use cca::{Cca, CcaContext};
use events::{EventQueue, Next};
use lb::{hash_port, pick_lowest, quantize, PathChooser, ADAPTIVE};
use metrics::{Counters, FlowReport, Report};
use network::{NPath, Network};
use packet::{Packet, PacketKind};
use queue::DataQueues;
use rand::Rng;
use rng::{stream, Purpose, SimRng};
use std::collections::VecDeque;
use time::{from_us, serialization, to_us, SimTime};
use timeline::{SampleRow, Timeline, TimelineBatch};
use topology::{FatTree, Hop, PortId};
use transport::{Receiver, SendDecision, Sender, TransportConfig};

/// Flow index.
pub type FlowId = u32;

/// The mask of `count` up-ports (count ≤ 8).
fn full_mask(count: u32) -> u8 {
    (((1u16 << count) - 1) & 0xff) as u8
}

/// The position of the `n`-th set bit of `mask` (n < mask.count_ones()).
fn nth_set_bit(mut mask: u8, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// Bit that makes an ACK's hash differ from its data packet's.
const ACK_HASH_BIT: u32 = 1 << 31;

/// An event a constant delay after the one that schedules it (kept in FIFO lanes).
#[derive(Clone, Copy, Debug)]
enum Event {
    /// A packet reaches node `node`.
    Arrive { node: u32, packet: Packet },
    /// A port finished sending and has more to send.
    PortFree(PortId),
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
}

/// Dynamic state of one output port.
#[derive(Clone, Debug, Default)]
struct Port {
    /// The port is sending until then.
    busy_until: SimTime,
    /// A `PortFree` event is scheduled.
    wake_pending: bool,
    /// The port's link failed and runs at a quarter of the link rate (ALGORITHMS.md §15 A17's alternative).
    degraded: bool,
    /// Strict-priority control queue (ACKs).
    ctrl: VecDeque<Packet>,
    /// Drop-tail data FIFO.
    data: DataQueues,
    /// Largest `data_bytes` since the last timeline sample.
    peak_bytes: u64,
    /// AR: the quantized queue level switches see, and when it was last refreshed.
    ar_level: u8,
    ar_refreshed: Option<SimTime>,
}

/// Link and queue constants, in simulator units.
#[derive(Clone, Copy, Debug)]
struct LinkConfig {
    gbps: u32,
    latency: SimTime,
    mss: u32,
    header: u32,
    ack_bytes: u32,
    buffer: u64,
    ecn_min: u64,
    ecn_max: u64,
    /// DRR quanta (sprayed, ECMP), bytes; `None`: one FIFO.
    drr: Option<[u64; 2]>,
    /// AR: occupancy thresholds of the quantized levels (bytes, ascending) and refresh period.
    ar_thresholds: [u64; 16],
    ar_levels: usize,
    ar_refresh: SimTime,
}

/// One flow: endpoints, transport state, path choice.
struct Flow {
    src: u32,
    dst: u32,
    /// Bytes to deliver (`None`: long-lived).
    bytes: Option<u64>,
    sprayed: bool,
    sender: Sender,
    receiver: Receiver,
    paths: PathChooser,
    /// Time of the earliest `FlowWake` scheduled for this flow.
    wake_at: Option<SimTime>,
    base_rtt: SimTime,
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
    /// Hash salt of every node.
    salts: Vec<u64>,
    flows: Vec<Flow>,
    /// Flows each host sends, and the round-robin position.
    host_flows: Vec<Vec<FlowId>>,
    host_rr: Vec<u32>,
    ecn_rng: SimRng,
    /// AR's tie-breaks.
    ar_rng: SimRng,
    counters: Counters,
    /// Failed links that stay in routing at a quarter of the rate (counted with the failed).
    degraded_links: u64,
    timeline: Timeline,
    row: SampleRow,
    unfinished: usize,
    finite_flows: usize,
    max_time: SimTime,
    done: bool,
}

impl Simulation {
    /// Builds the network and flows of `scenario` (validated first).
    pub fn new(scenario: &Scenario) -> Result<Simulation, ScenarioError> {
        scenario.validate()?;
        let t = &scenario.topology;
        let (mut degraded_links, mut degraded_ports) = (0, Vec::new());
        let topo = match scenario.workload.kind {
            WorkloadKind::Permutation | WorkloadKind::Incast | WorkloadKind::Hsdp => {
                let tree = FatTree::new(t.k);
                let mut rng = stream(scenario.seed, Purpose::Failures, 0);
                let failed: Vec<bool> = (0..tree.link_count())
                    .map(|_| rng.random::<f64>() < t.link_failure_rate)
                    .collect();
                if t.failed_links_degraded {
                    degraded_links = failed.iter().filter(|&&f| f).count() as u64;
                    degraded_ports = (0..tree.link_count())
                        .filter(|&l| failed[l as usize])
                        .flat_map(|l| tree.link_ports(l))
                        .collect();
                    Network::FatTree(tree)
                } else {
                    Network::FatTree(tree.with_failures(failed))
                }
            }
            WorkloadKind::NPath => Network::NPath(NPath {
                paths: scenario.workload.paths,
                long_extra: from_us(scenario.workload.long_path_extra_us),
                long_ecn: scenario.workload.long_path_ecn,
            }),
        };
        let buffer = match t.buffer_packets {
            0 => t.buffer_bytes as u64,
            packets => packets as u64 * (t.mss_bytes + t.header_bytes) as u64,
        };
        let link = LinkConfig {
            gbps: t.link_gbps,
            latency: from_us(t.link_latency_us),
            mss: t.mss_bytes,
            header: t.header_bytes,
            ack_bytes: t.ack_bytes,
            buffer,
            ecn_min: t.ecn_min_bytes as u64,
            ecn_max: t.ecn_max_bytes as u64,
            ar_thresholds: {
                let mut th = [u64::MAX; 16];
                for (slot, pct) in th.iter_mut().zip(&scenario.lb.ar_levels_pct) {
                    *slot = (t.buffer_bytes as f64 * pct / 100.0) as u64;
                }
                th
            },
            ar_levels: scenario.lb.ar_levels_pct.len(),
            drr: t.drr.then(|| {
                // the class with the smaller weight gets one quantum; the other proportionally more
                let [ws, we] = t.drr_weights;
                let unit = t.drr_quantum_bytes as f64 / ws.min(we);
                [(unit * ws).round() as u64, (unit * we).round() as u64]
            }),
            ar_refresh: from_us(scenario.lb.ar_refresh_us),
        };
        let mut salt_rng = stream(scenario.seed, Purpose::Topology, 0);
        let salts = (0..topo.node_count())
            .map(|_| salt_rng.random::<u64>())
            .collect();
        let transport_cfg = TransportConfig {
            dupthresh: scenario.transport.dupthresh,
            rto_min: from_us(scenario.transport.rto_min_us),
            rto_initial: from_us(scenario.transport.rto_initial_us),
            pacing: scenario.transport.pacing,
            reordering_wait: scenario.transport.reordering_wait,
        };

        let mut sim = Simulation {
            ports: vec![Port::default(); topo.port_count() as usize],
            salts,
            flows: Vec::new(),
            host_flows: vec![Vec::new(); topo.hosts() as usize],
            host_rr: vec![0; topo.hosts() as usize],
            ecn_rng: stream(scenario.seed, Purpose::Ecn, 0),
            ar_rng: stream(scenario.seed, Purpose::Ecn, 1),
            counters: Counters::default(),
            timeline: Timeline::new(0, 2, 0, 0, 0),
            row: SampleRow::default(),
            unfinished: 0,
            finite_flows: 0,
            max_time: from_us(scenario.max_sim_time_us),
            done: false,
            queue: EventQueue::new(),
            data_in_network: 0,
            degraded_links,
            topo,
            link,
        };
        for p in degraded_ports {
            sim.ports[p as usize].degraded = true;
        }
        let initial_cwnd =
            (sim.bdp_packets() * scenario.cca.initial_cwnd_bdp).min(scenario.cca.swift.max_cwnd);
        let net_rtt = sim.net_rtt();
        let mut transport_cfg = transport_cfg;
        if matches!(scenario.cca.algorithm, CcaKind::Nscc | CcaKind::Mnscc) {
            transport_cfg.rto_min = from_us(scenario.cca.nscc.rto_min_us);
        }
        let specs = workload::flows(scenario);
        if let Network::FatTree(tree) = &sim.topo {
            if let Some(f) = specs.iter().find(|f| !tree.reachable(f.src, f.dst)) {
                return Err(ScenarioError {
                    field: "topology.link_failure_rate".into(),
                    message: format!(
                        "{} failed links disconnect host {} from host {}; try another seed or a lower rate",
                        tree.failed_links(),
                        f.src,
                        f.dst
                    ),
                });
            }
        }
        for (i, spec) in specs.into_iter().enumerate() {
            let base_rtt = sim.base_rtt(spec.src, spec.dst);
            let total = spec.bytes.map_or(u64::MAX, |b| b.div_ceil(link.mss as u64));
            let ctx = CcaContext {
                base_rtt,
                net_rtt,
                mss_bytes: link.mss + link.header,
                link_gbps: link.gbps,
                initial_cwnd,
            };
            let cca = Cca::new(scenario, &ctx);
            let scheme = if spec.sprayed {
                scenario.lb.scheme
            } else {
                crate::scenario::LbScheme::Ecmp
            };
            // in the n-path model the labels are the paths themselves (label mod n picks the path)
            let labels = match scenario.workload.kind {
                WorkloadKind::NPath => scenario.workload.paths,
                _ => scenario.lb.path_labels,
            };
            let paths = PathChooser::new(
                scheme,
                labels,
                stream(scenario.seed, Purpose::FlowPath, i as u64),
            );
            sim.host_flows[spec.src as usize].push(i as FlowId);
            if spec.bytes.is_some() {
                sim.finite_flows += 1;
            }
            sim.flows.push(Flow {
                src: spec.src,
                dst: spec.dst,
                bytes: spec.bytes,
                sprayed: spec.sprayed,
                sender: Sender::new(total, cca, base_rtt, &transport_cfg),
                receiver: Receiver::new(scenario.transport.ack_every_bytes, total),
                paths,
                wake_at: None,
                base_rtt,
            });
        }
        sim.unfinished = sim.finite_flows;
        sim.done = sim.unfinished == 0;

        let interval = from_us(scenario.timeline.interval_us);
        let n_ports = sim.topo.switch_port_count() as usize;
        let slots = sim.topo.path_slots() as usize;
        sim.timeline = Timeline::new(
            interval,
            scenario.timeline.max_buffered,
            sim.flows.len(),
            n_ports,
            slots,
        );
        if interval > 0 {
            sim.row.path_pkts = vec![0; sim.flows.len() * slots];
            sim.queue.schedule_at(0, Timer::Sample);
        }
        for host in 0..sim.topo.hosts() {
            sim.kick(sim.topo.nic_port(host));
        }
        Ok(sim)
    }

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
            let Some((_, event)) = self.queue.pop_until(limit) else {
                if self.queue.peek_time().is_none_or(|t| t > self.max_time) {
                    self.done = true;
                }
                break;
            };
            self.counters.events += 1;
            left -= 1;
            match event {
                Next::Lane(Event::Arrive { node, packet }) => self.arrive(node, packet),
                Next::Lane(Event::PortFree(port)) | Next::Heap(Timer::PortFree(port)) => {
                    self.ports[port as usize].wake_pending = false;
                    self.start_next(port);
                }
                Next::Heap(Timer::FlowWake(f)) => self.flow_wake(f),
                Next::Heap(Timer::Sample) => self.sample(),
            }
        }
        self.progress()
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

    /// Names of the ports in timeline order (switch ports).
    pub fn timeline_port_names(&self) -> Vec<String> {
        (self.topo.hosts()..self.topo.port_count())
            .map(|p| self.topo.port_name(p))
            .collect()
    }

    /// The network as a front end draws it (ports in timeline order).
    pub fn network_map(&self) -> netmap::NetMap {
        self.topo.map()
    }

    /// (source, destination, sprayed) of every flow, in timeline order.
    pub fn flow_endpoints(&self) -> Vec<(u32, u32, bool)> {
        self.flows
            .iter()
            .map(|f| (f.src, f.dst, f.sprayed))
            .collect()
    }

    /// Timeline indices of the switch ports the long-lived ECMP flows cross.
    pub fn elephant_ports(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, f) in self
            .flows
            .iter()
            .enumerate()
            .filter(|(_, f)| f.bytes.is_none())
        {
            let mut probe = f.paths.clone();
            let label = probe.next_label();
            let mut node = self.topo.port_to(self.topo.nic_port(f.src));
            while node >= self.topo.hosts() {
                let port = self.hashed_route(node, i as FlowId, label, f.dst);
                out.push((port - self.topo.hosts()) as usize);
                node = self.topo.port_to(port);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
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

    /// The output port of switch `node` for a packet of `flow_key` with `label` to `dst`.
    /// A data packet labelled [`ADAPTIVE`] takes the up-port with the smallest quantized queue
    /// (AR); ACKs (under 100 B) and every other packet are hashed.
    fn route(&mut self, node: u32, flow_key: u32, label: u16, dst: u32, size: u32) -> PortId {
        match self.topo.hop(node, dst) {
            Hop::Up { first, count } if label == ADAPTIVE && size >= 100 => {
                self.least_loaded(first, count, self.topo.up_mask(node, dst))
            }
            _ => self.hashed_route(node, flow_key, label, dst),
        }
    }

    /// The output port without adaptive routing: fixed, hashed on (flow, label, switch), or by
    /// label in the n-path network.
    fn hashed_route(&self, node: u32, flow_key: u32, label: u16, dst: u32) -> PortId {
        match self.topo.hop(node, dst) {
            Hop::Port(p) => p,
            Hop::Up { first, count } => {
                // with failed links, hash among the up-ports that still lead to `dst`
                let mask = self.topo.up_mask(node, dst) & full_mask(count);
                let pick = hash_port(
                    flow_key,
                    label,
                    self.salts[node as usize],
                    mask.count_ones(),
                );
                first + nth_set_bit(mask, pick)
            }
            Hop::ByLabel { first, count } => first + label as u32 % count,
        }
    }

    /// AR: among `count` ports from `first`, one with the lowest quantized level, ties broken
    /// uniformly at random.
    fn least_loaded(&mut self, first: PortId, count: u32, mask: u8) -> PortId {
        let now = self.now();
        let mask = mask & full_mask(count);
        let mut levels = [0u8; 8]; // a fat-tree switch has at most k/2 = 8 up-ports
        let n = mask.count_ones() as usize;
        for (j, level) in levels[..n].iter_mut().enumerate() {
            *level = self.ar_level(first + nth_set_bit(mask, j as u32), now);
        }
        first + nth_set_bit(mask, pick_lowest(&levels[..n], &mut self.ar_rng) as u32)
    }

    /// The quantized level of a port's queue as switches see it: the number of AR thresholds
    /// its occupancy has reached, refreshed at most every `ar_refresh`.
    fn ar_level(&mut self, port: PortId, now: SimTime) -> u8 {
        let l = &self.link;
        let p = &mut self.ports[port as usize];
        if p.ar_refreshed.is_none_or(|t| now - t >= l.ar_refresh) {
            p.ar_level = quantize(p.data.total_bytes(), &l.ar_thresholds[..l.ar_levels]);
            p.ar_refreshed = Some(now);
        }
        p.ar_level
    }

    fn arrive(&mut self, node: u32, p: Packet) {
        if node < self.topo.hosts() {
            match p.kind {
                PacketKind::Data => self.receive_data(node, p),
                PacketKind::Ack => self.receive_ack(p),
            }
            return;
        }
        let key = match p.kind {
            PacketKind::Ack => p.flow | ACK_HASH_BIT,
            PacketKind::Data => {
                self.count_path(node, &p);
                p.flow
            }
        };
        let port = self.route(node, key, p.label, p.dst, p.size);
        self.enqueue(port, p);
    }

    /// Counts a data packet at the highest switch of its path, for the timeline's path spread.
    fn count_path(&mut self, node: u32, p: &Packet) {
        if self.row.path_pkts.is_empty() {
            return;
        }
        let src = self.flows[p.flow as usize].src;
        if let Some(slot) = self.topo.path_slot(node, src, p.dst) {
            let at = p.flow as usize * self.timeline.paths() + slot as usize;
            let n = &mut self.row.path_pkts[at];
            *n = n.saturating_add(1);
        }
    }

    fn receive_data(&mut self, host: u32, p: Packet) {
        self.counters.delivered += 1;
        self.data_in_network -= 1;
        let flow = &mut self.flows[p.flow as usize];
        // with ACK coalescing, an in-order packet may wait for a later ACK that covers it
        if let Some(cum_ack) = flow.receiver.on_packet(p.seq, p.size, p.ecn) {
            let ack = p.into_ack(flow.src, cum_ack, self.link.ack_bytes);
            self.counters.acks += 1;
            self.enqueue(self.topo.nic_port(host), ack);
        }
    }

    fn receive_ack(&mut self, p: Packet) {
        let now = self.now();
        let flow = &mut self.flows[p.flow as usize];
        flow.paths.on_ack(p.label, p.ecn);
        if flow.sender.on_ack(now, p.seq, p.cum_ack, p.sent_at, p.ecn) {
            self.unfinished -= 1;
            if self.unfinished == 0 {
                self.done = true;
            }
        }
        self.arm_timer(p.flow);
        let src = self.flows[p.flow as usize].src;
        self.kick(self.topo.nic_port(src));
    }

    /// Makes sure a `FlowWake` fires by the flow's next timer deadline.
    fn arm_timer(&mut self, f: FlowId) {
        if let Some(deadline) = self.flows[f as usize].sender.next_deadline() {
            self.wake_flow_at(f, deadline);
        }
    }

    fn wake_flow_at(&mut self, f: FlowId, t: SimTime) {
        let flow = &mut self.flows[f as usize];
        if flow.wake_at.is_none_or(|w| t < w) {
            flow.wake_at = Some(t);
            self.queue.schedule_at(t, Timer::FlowWake(f));
        }
    }

    fn flow_wake(&mut self, f: FlowId) {
        let now = self.now();
        let flow = &mut self.flows[f as usize];
        if flow.wake_at == Some(now) {
            flow.wake_at = None;
        }
        if flow.sender.on_timer(now) {
            self.counters.timeouts += 1;
        }
        self.arm_timer(f);
        let src = self.flows[f as usize].src;
        self.kick(self.topo.nic_port(src));
    }

    /// Starts `port` sending if it is idle; otherwise makes sure it wakes when free.
    fn kick(&mut self, port: PortId) {
        let now = self.now();
        let p = &mut self.ports[port as usize];
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

    fn enqueue(&mut self, port: PortId, packet: Packet) {
        let size = packet.size as u64;
        let now = self.now();
        let p = &mut self.ports[port as usize];
        let idle = !p.wake_pending && p.busy_until <= now && p.ctrl.is_empty() && p.data.is_empty();
        if idle && port >= self.topo.hosts() {
            // fast path: an idle switch port sends at once (the queue, empty, is never marked)
            p.peak_bytes = p.peak_bytes.max(if packet.kind == PacketKind::Data {
                size
            } else {
                0
            });
            self.transmit(port, packet);
            return;
        }
        match packet.kind {
            PacketKind::Ack => p.ctrl.push_back(packet),
            PacketKind::Data => {
                // with DRR, sprayed and ECMP packets queue (and are limited) separately
                let class = match self.link.drr {
                    Some(_) if !self.flows[packet.flow as usize].sprayed => queue::ECMP,
                    _ => queue::SPRAYED,
                };
                if p.data.bytes(class) + size > self.link.buffer {
                    self.counters.drops += 1;
                    self.data_in_network -= 1;
                    return;
                }
                p.data.push(class, packet);
                p.peak_bytes = p.peak_bytes.max(p.data.total_bytes());
            }
        }
        self.kick(port);
    }

    /// Sends the next packet of an idle port: ACKs first, then data (a NIC pulls from its flows).
    fn start_next(&mut self, port: PortId) {
        let is_nic = port < self.topo.hosts();
        let Some(packet) = self.next_packet(port, is_nic) else {
            return;
        };
        self.transmit(port, packet);
    }

    /// Puts `packet` on the wire of `port` now; schedules its arrival and the port's next turn.
    fn transmit(&mut self, port: PortId, mut packet: Packet) {
        if packet.kind == PacketKind::Data && !packet.ecn && self.topo.marks_all(port) {
            packet.ecn = true;
            self.counters.ecn_marks += 1;
        }
        let is_nic = port < self.topo.hosts();
        let gbps = if self.ports[port as usize].degraded {
            self.link.gbps / 4
        } else {
            self.link.gbps
        };
        let ser = serialization(packet.size, gbps);
        let node = self.topo.port_to(port);
        let latency = self.link.latency + self.topo.extra_latency(port);
        self.schedule_after(ser + latency, Event::Arrive { node, packet });
        let p = &mut self.ports[port as usize];
        p.busy_until = self.queue.now() + ser;
        let more = !p.ctrl.is_empty() || !p.data.is_empty() || (is_nic && self.host_can_send(port));
        if more {
            self.ports[port as usize].wake_pending = true;
            self.schedule_after(ser, Event::PortFree(port));
        }
    }

    /// Schedules a lane event, or the same as a timer when every lane is taken.
    fn schedule_after(&mut self, delay: SimTime, event: Event) {
        if let Err(event) = self.queue.schedule_after(delay, event) {
            let at = self.queue.now() + delay;
            match event {
                // Lane delays are the hop and serialization times of at most three packet sizes
                // (full, last partial, ACK) on two link latencies (n-path) or two rates (degraded
                // links): at most 6 arrival and 6 port delays, under the lane limit of 16.
                Event::Arrive { .. } => unreachable!("a hop delay always has a lane"),
                Event::PortFree(port) => self.queue.schedule_at(at, Timer::PortFree(port)),
            }
        }
    }

    /// Whether a flow of `host` could send a packet now (so its NIC should look again when free).
    /// Anything that later lets a flow send (an ACK, a timer) kicks the NIC itself.
    fn host_can_send(&self, host: u32) -> bool {
        let now = self.now();
        self.host_flows[host as usize]
            .iter()
            .any(|&f| self.flows[f as usize].sender.can_send(now))
    }

    fn next_packet(&mut self, port: PortId, is_nic: bool) -> Option<Packet> {
        let p = &mut self.ports[port as usize];
        if let Some(ack) = p.ctrl.pop_front() {
            return Some(ack);
        }
        if is_nic {
            return self.pull_from_host(port);
        }
        let popped = match self.link.drr {
            Some(quantum) => p.data.pop_drr(quantum),
            None => p.data.pop_fifo(),
        }?;
        let (mut packet, occupancy) = (popped.packet, popped.occupancy);
        if self.should_mark(occupancy) {
            packet.ecn = true;
            self.counters.ecn_marks += 1;
        }
        Some(packet)
    }

    /// ECN at dequeue on the occupancy including the departing packet (ALGORITHMS.md §11, A24).
    fn should_mark(&mut self, occupancy: u64) -> bool {
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

    /// The next data packet any flow of `host` may send (round robin over its flows).
    fn pull_from_host(&mut self, host: u32) -> Option<Packet> {
        let now = self.now();
        let n = self.host_flows[host as usize].len();
        let start = self.host_rr[host as usize] as usize;
        for i in 0..n {
            let f = self.host_flows[host as usize][(start + i) % n];
            let flow = &mut self.flows[f as usize];
            match flow.sender.next_send(now) {
                SendDecision::Send { seq, retx } => {
                    self.host_rr[host as usize] = ((start + i + 1) % n) as u32;
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
                    let packet = Packet::data(f, flow.dst, seq, size, label, now);
                    self.data_in_network += 1;
                    self.arm_timer(f);
                    // a pacing sender is woken for its next packet rather than left to the next ACK
                    if let Some(t) = self.flows[f as usize].sender.pace_deadline() {
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

    fn sample(&mut self) {
        let now = self.now();
        let row = &mut self.row;
        row.cwnd.clear();
        row.signal_us.clear();
        row.raw_delay_us.clear();
        row.queue_bytes.clear();
        for f in &self.flows {
            row.cwnd.push(f.sender.cca.cwnd() as f32);
            row.signal_us.push((f.sender.cca.signal() / 1e6) as f32);
            row.raw_delay_us.push(to_us(f.sender.latest_rtt) as f32);
        }
        for p in &mut self.ports[self.topo.hosts() as usize..] {
            row.queue_bytes.push(p.peak_bytes as f32);
            p.peak_bytes = p.data.total_bytes();
        }
        self.timeline.record(now, &self.row);
        self.row.path_pkts.fill(0);
        if !self.done {
            // a timer, not a lane: samples are rare, and every lane costs a comparison per event
            self.queue
                .schedule_at(now + self.timeline.interval(), Timer::Sample);
        }
    }

    /// The run's report (complete once [`Progress::done`]).
    pub fn report(&self) -> Report {
        let gbps = self.link.gbps;
        let wire = |f: &Flow| {
            f.bytes
                .map(|b| b.div_ceil(self.link.mss as u64) * self.link.header as u64 + b)
        };
        // bytes each host must send and receive over its single link, over all finite flows
        let mut out_bytes = vec![0u64; self.topo.hosts() as usize];
        let mut in_bytes = vec![0u64; self.topo.hosts() as usize];
        for f in &self.flows {
            if let Some(w) = wire(f) {
                out_bytes[f.src as usize] += w;
                in_bytes[f.dst as usize] += w;
            }
        }
        let flows: Vec<FlowReport> = self
            .flows
            .iter()
            .map(|f| {
                let ideal = f.bytes.map(|_| {
                    let busiest = out_bytes[f.src as usize].max(in_bytes[f.dst as usize]);
                    to_us(busiest * 8_000 / gbps as u64 + f.base_rtt)
                });
                FlowReport {
                    src: f.src,
                    dst: f.dst,
                    bytes: f.bytes.unwrap_or(f.sender.acked * self.link.mss as u64),
                    sprayed: f.sprayed,
                    fct_us: f.sender.finished_at.map(to_us),
                    throughput_gbps: f
                        .bytes
                        .zip(f.sender.finished_at)
                        .map(|(b, t)| b as f64 * 8.0 / to_us(t) / 1e3),
                    ideal_fct_us: ideal,
                    retransmits: f.sender.retransmits,
                    timeouts: f.sender.timeouts,
                }
            })
            .collect();
        let finite = || flows.iter().filter(|f| f.bytes_finite());
        let ideal_cct_us = finite()
            .filter(|f| f.sprayed)
            .filter_map(|f| f.ideal_fct_us)
            .fold(0.0, f64::max);
        let finished = self.unfinished == 0;
        let cct_us = finished.then(|| {
            finite()
                .filter(|f| f.sprayed)
                .filter_map(|f| f.fct_us)
                .fold(0.0, f64::max)
        });
        let mut counters = self.counters.clone();
        counters.in_network_at_end = self.data_in_network;
        if let Network::FatTree(tree) = &self.topo {
            counters.failed_links = tree.failed_links() as u64 + self.degraded_links;
        }
        for f in &self.flows {
            let cuts = f.sender.cca.cuts();
            counters.cuts_delay += cuts.delay;
            counters.cuts_loss += cuts.loss;
            counters.cuts_timeout += cuts.timeout;
        }
        Report {
            finished,
            sim_time_us: to_us(self.now()),
            cct_us,
            ideal_cct_us,
            cct_inflation: cct_us
                .filter(|_| ideal_cct_us > 0.0)
                .map(|c| (c - ideal_cct_us) / ideal_cct_us),
            flows,
            counters,
            perf: None,
        }
    }
}

impl FlowReport {
    fn bytes_finite(&self) -> bool {
        self.ideal_fct_us.is_some()
    }
}
