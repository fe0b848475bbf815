//! Building a simulation from a scenario, in named steps: the network (with its failed links),
//! the link constants, the flows of the workload with their transport, CCA and path choice, the
//! timeline, and the first NIC kicks that start the hosts sending.

use super::*;
use crate::scenario::DrrBuffer;

/// Ports from which a network warms the cache ahead of its port-free events (`Simulation::warm`)
/// and its lanes look ahead (`EventQueue::looking_ahead`):
/// a k = 16 fat-tree has 6144, a k = 8 one 768.
const WARM_PORTS: u32 = 4096;

/// The network of a scenario, how many of its links failed, and the ports of those kept at a
/// quarter of the rate (if any).
struct Built {
    topo: Network,
    failed_links: u64,
    degraded_ports: Vec<PortId>,
}

impl Simulation {
    /// Builds the network and flows of `scenario` (validated first).
    pub fn new(scenario: &Scenario) -> Result<Simulation, ScenarioError> {
        scenario.validate()?;
        let built = network_of(scenario);
        let mut sim = Simulation::empty(scenario, built.topo, link_config(scenario));
        sim.counters.failed_links = built.failed_links;
        let own_rate: Vec<PortId> = (0..sim.ports.len() as u32)
            .map(PortId)
            .filter(|&p| sim.nominal_gbps(p) != sim.link.gbps)
            .collect();
        if !own_rate.is_empty() || !built.degraded_ports.is_empty() {
            sim.port_gbps = (0..sim.ports.len() as u32)
                .map(|p| sim.nominal_gbps(PortId(p)))
                .collect();
            for p in own_rate {
                sim.ports[p.index()].link = LinkState::OwnRate;
            }
            for p in built.degraded_ports {
                sim.port_gbps[p.index()] /= 4;
                sim.ports[p.index()].link = LinkState::OwnRate;
            }
        }
        sim.add_flows(scenario)?;
        sim.add_timed_events(scenario)?;
        sim.start_timeline(scenario);
        for host in (0..sim.topo.hosts()).map(HostId) {
            sim.kick(sim.topo.nic_port(host));
        }
        Ok(sim)
    }

    /// A simulation of `topo` with no flows yet.
    fn empty(scenario: &Scenario, topo: Network, link: LinkConfig) -> Simulation {
        let mut salt_rng = stream(scenario.seed, Purpose::Topology, 0);
        let salts = (0..topo.node_count())
            .map(|_| salt_rng.random::<u64>())
            .collect();
        let warm = topo.port_count() >= WARM_PORTS;
        Simulation {
            ports: Port::of_every_port(&topo, link.latency),
            ar_refreshed: match scenario.lb.scheme {
                crate::scenario::LbScheme::Ar => vec![port::NEVER; topo.port_count() as usize],
                _ => Vec::new(),
            },
            slab: PacketSlab::default(),
            drr: match scenario.topology.drr {
                true => vec![DrrState::default(); topo.port_count() as usize],
                false => Vec::new(),
            },
            salts,
            flows: Vec::new(),
            flow_ends: Vec::new(),
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
            losses: Vec::new(),
            trace: trace::Trace::default(),
            parked: Parked::default(),
            starts: starts::Starts::default(),
            queue: match warm {
                true => EventQueue::looking_ahead(),
                false => EventQueue::new(),
            },
            data_in_network: 0,
            port_gbps: Vec::new(),
            timed: Vec::new(),
            lost_until: Vec::new(),
            warm,
            routed: [NOT_ROUTED; events::MAX_LANES],
            topo,
            link,
        }
    }

    /// The workload's flows, each with its sender (transport and CCA), receiver and path choice;
    /// refused when failed links disconnect a flow's hosts.
    fn add_flows(&mut self, scenario: &Scenario) -> Result<(), ScenarioError> {
        let link = self.link;
        let initial_cwnd = scenario.cca.initial_cwnd(self.bdp_packets());
        let net_rtt = self.net_rtt();
        let transport_cfg = transport_config(scenario);
        let plan = workload::plan(scenario);
        let specs = plan.flows;
        if let Network::FatTree(tree) = &self.topo {
            if let Some(f) = specs.iter().find(|f| !tree.reachable(f.src, f.dst)) {
                return Err(ScenarioError {
                    field: crate::scenario::registry::TOPOLOGY_LINK_FAILURE_RATE.path.into(),
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
            let base_rtt = self.base_rtt(spec.src, spec.dst);
            let total = spec.bytes.map_or(u64::MAX, |b| b.div_ceil(link.mss as u64));
            let ctx = CcaContext {
                base_rtt,
                net_rtt,
                mss_bytes: link.mss + link.header,
                link_gbps: link.gbps,
                initial_cwnd,
            };
            let cca = AnyController::new(&scenario.cca, &ctx);
            self.host_flows[spec.src as usize].push(FlowId(i as u32));
            self.flow_ends.push([spec.src, spec.dst]);
            if spec.bytes.is_some() {
                self.finite_flows += 1;
            }
            self.flows.push(Flow {
                src: spec.src,
                dst: spec.dst,
                bytes: spec.bytes,
                sprayed: spec.sprayed,
                sender: Sender::new(total, cca, base_rtt, &transport_cfg),
                receiver: Receiver::new(transport_cfg.ack_every_bytes),
                paths: path_chooser(scenario, i, spec.sprayed),
                wake_at: None,
                paused: false,
            });
        }
        self.unfinished = self.finite_flows;
        self.done = self.unfinished == 0;
        if !plan.starts.is_empty() {
            self.add_starts(&plan.starts, &plan.triggers);
        }
        Ok(())
    }

    /// The timeline's buffer and its first sample (none when the interval is 0).
    fn start_timeline(&mut self, scenario: &Scenario) {
        let interval = from_us(scenario.timeline.interval_us);
        let n_ports = self.topo.switch_port_count() as usize;
        let slots = self.topo.path_slots() as usize;
        self.timeline = Timeline::new(
            interval,
            scenario.timeline.max_buffered,
            self.flows.len(),
            n_ports,
            slots,
        );
        if interval > 0 {
            self.row.path_pkts = vec![0; self.flows.len() * slots];
            self.queue.schedule_at(0, Timer::Sample);
        }
    }
}

/// The fat-tree (failed links drawn from the seed: removed from routing, or kept at a quarter
/// rate) or the n-path model.
fn network_of(scenario: &Scenario) -> Built {
    let t = &scenario.topology;
    match scenario.workload.kind {
        WorkloadKind::Permutation
        | WorkloadKind::Incast
        | WorkloadKind::Hsdp
        | WorkloadKind::Allreduce
        | WorkloadKind::Alltoall => {
            let tree = FatTree::of(t.fabric());
            let mut rng = stream(scenario.seed, Purpose::Failures, 0);
            let failed: Vec<bool> = (0..tree.link_count())
                .map(|_| rng.random::<f64>() < t.link_failure_rate)
                .collect();
            if t.failed_links_degraded {
                let degraded_ports = (0..tree.link_count())
                    .filter(|&l| failed[l as usize])
                    .flat_map(|l| tree.link_ports(l))
                    .collect();
                Built {
                    failed_links: failed.iter().filter(|&&f| f).count() as u64,
                    degraded_ports,
                    topo: Network::FatTree(tree),
                }
            } else {
                let tree = tree.with_failures(failed);
                Built {
                    failed_links: tree.failed_links() as u64,
                    topo: Network::FatTree(tree),
                    degraded_ports: Vec::new(),
                }
            }
        }
        WorkloadKind::NPath => Built {
            topo: Network::NPath(NPath {
                paths: scenario.workload.paths,
                long_extra: from_us(scenario.workload.long_path_extra_us),
                long_ecn: scenario.workload.long_path_ecn,
            }),
            failed_links: 0,
            degraded_ports: Vec::new(),
        },
    }
}

/// Link and queue constants in simulator units.
fn link_config(scenario: &Scenario) -> LinkConfig {
    let t = &scenario.topology;
    let buffer = match t.buffer_packets {
        0 => t.buffer_bytes as u64,
        packets => packets as u64 * (t.mss_bytes + t.header_bytes) as u64,
    };
    // a split DRR buffer gives each class half the limit and half the ECN thresholds
    let per_class = match (t.drr, t.drr_buffer) {
        (true, DrrBuffer::Split) => 2,
        _ => 1,
    };
    // the n-path network runs every link at the hosts' rate; a fabric each kind at its own
    let fastest_gbps = match scenario.workload.kind {
        WorkloadKind::NPath => t.link_gbps,
        _ => t.tier_gbps().into_iter().max().unwrap_or(t.link_gbps),
    };
    LinkConfig {
        gbps: t.link_gbps,
        fastest_gbps,
        ser_full: serialization(t.mss_bytes + t.header_bytes, t.link_gbps),
        ser_ack: serialization(t.ack_bytes, t.link_gbps),
        latency: from_us(t.link_latency_us),
        mss: t.mss_bytes,
        header: t.header_bytes,
        ack_bytes: t.ack_bytes,
        buffer: buffer / per_class,
        ecn_min: t.ecn_min_bytes as u64 / per_class,
        ecn_max: t.ecn_max_bytes as u64 / per_class,
        // AR's levels are shares of the limit that applies, in bytes or in packets
        ar_thresholds: {
            let mut th = [u64::MAX; 16];
            for (slot, pct) in th.iter_mut().zip(&scenario.lb.ar_levels_pct) {
                *slot = (buffer as f64 * pct / 100.0) as u64;
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
        shared_buffer: t.drr && t.drr_buffer == DrrBuffer::Shared,
        ar_refresh: from_us(scenario.lb.ar_refresh_us),
        trim: t.trim,
    }
}

/// The transport's settings; NSCC and MNSCC take their own minimum RTO (ALGORITHMS.md §6.1).
pub(crate) fn transport_config(scenario: &Scenario) -> TransportConfig {
    let tr = &scenario.transport;
    let rto_min_us = scenario.cca.rto_min_us(tr);
    TransportConfig {
        given: *tr,
        rto_min: from_us(rto_min_us),
        rto_initial: from_us(tr.rto_initial_us),
        rto_rule: scenario.cca.algorithm.rto_rule(),
        ack_every_bytes: scenario.cca.ack_every_bytes(tr),
    }
}

/// Flow `i`'s path choice: the scenario's scheme for a sprayed flow, ECMP for an elephant; in the
/// n-path model the labels are the paths themselves (label mod n picks the path).
fn path_chooser(scenario: &Scenario, i: usize, sprayed: bool) -> PathChooser {
    let scheme = if sprayed {
        scenario.lb.scheme
    } else {
        crate::scenario::LbScheme::Ecmp
    };
    let labels = match scenario.workload.kind {
        WorkloadKind::NPath => scenario.workload.paths,
        _ => scenario.lb.path_labels,
    };
    PathChooser::new(
        scheme,
        labels,
        stream(scenario.seed, Purpose::FlowPath, i as u64),
        scenario.topology.trim,
    )
}
