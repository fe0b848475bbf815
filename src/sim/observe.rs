//! What the simulation shows while it runs: timeline samples (cwnd, delays, queues, the packets
//! of each flow per path), and the network and flows as front ends draw them.

use super::*;

/// A switch port's limits, bytes: where drop-tail starts, and the ECN marking ramp.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PortLimits {
    pub buffer_bytes: f64,
    pub ecn_min_bytes: f64,
    pub ecn_max_bytes: f64,
}

impl Simulation {
    /// The limits of a switch port (every port's, the sprayed class's under DRR).
    pub fn port_limits(&self) -> PortLimits {
        PortLimits {
            buffer_bytes: self.link.buffer as f64,
            ecn_min_bytes: self.link.ecn_min as f64,
            ecn_max_bytes: self.link.ecn_max as f64,
        }
    }

    /// A tick of the timeline: a sample, and the next tick while the run goes on.
    pub(super) fn sample(&mut self) {
        let now = self.now();
        self.fill_row();
        self.timeline.record(now, &self.row);
        self.row.path_pkts.fill(0);
        if !self.done {
            // a timer, not a lane: samples are rare, and every lane costs a comparison per event
            self.queue
                .schedule_at(now + self.timeline.interval(), Timer::Sample);
        }
    }

    /// The run has ended: no event will be handled after this. The timeline's closing sample
    /// shows the run as it ended (its last tick may be up to an interval earlier).
    pub(super) fn finish(&mut self) {
        self.done = true;
        if self.timeline.interval() > 0 {
            let now = self.now();
            self.fill_row();
            self.timeline.close(now, &self.row);
            self.row.path_pkts.fill(0);
        }
    }

    /// Writes every flow's and switch port's values now into the sample row, and starts the
    /// ports' peaks afresh.
    fn fill_row(&mut self) {
        let row = &mut self.row;
        row.cwnd.clear();
        row.signal_us.clear();
        row.raw_delay_us.clear();
        row.target_us.clear();
        row.queue_bytes.clear();
        for f in &self.flows {
            row.cwnd.push(f.sender.cca.cwnd() as f32);
            row.signal_us.push((f.sender.cca.signal() / 1e6) as f32);
            row.raw_delay_us.push(to_us(f.sender.latest_rtt) as f32);
            // 0: none (a CCA without a target); NaN would make a batch unequal to itself
            let target = f.sender.cca.target().map_or(0.0, |ps| (ps / 1e6) as f32);
            row.target_us.push(target);
        }
        for p in &mut self.ports[self.topo.hosts() as usize..] {
            row.queue_bytes.push(p.peak_bytes as f32);
            p.peak_bytes = p.data.total_bytes() as u32;
        }
    }

    /// Counts a data packet at the highest switch of its path, for the timeline's path spread.
    pub(super) fn count_path(&mut self, node: NodeId, p: &Packet) {
        if self.row.path_pkts.is_empty() {
            return;
        }
        let [src, dst] = self.flow_ends[p.flow.index()];
        if let Some(slot) = self.topo.path_slot(node, src, dst) {
            let at = p.flow.index() * self.timeline.paths() + slot as usize;
            let n = &mut self.row.path_pkts[at];
            *n = n.saturating_add(1);
        }
    }

    /// Names of the ports in timeline order (switch ports).
    pub fn timeline_port_names(&self) -> Vec<String> {
        (self.topo.hosts()..self.topo.port_count())
            .map(|p| self.topo.port_name(PortId(p)))
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
        let mut out: Vec<usize> = self.elephant_routes().concat();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Each long-lived ECMP flow's route: the timeline indices of the switch ports it crosses,
    /// in order (its hashed path; the NIC's link comes before them).
    pub fn elephant_routes(&self) -> Vec<Vec<usize>> {
        let mut routes = Vec::new();
        for (i, f) in self
            .flows
            .iter()
            .enumerate()
            .filter(|(_, f)| f.bytes.is_none())
        {
            let mut route = Vec::new();
            let mut probe = f.paths.clone();
            let label = probe.next_label();
            let mut node = self.topo.port_to(self.topo.nic_port(HostId(f.src)));
            while self.topo.host_of(node).is_none() {
                let port = self.hashed_route(node, i as u32, label, f.dst);
                route.push((port.0 - self.topo.hosts()) as usize);
                node = self.topo.port_to(port);
            }
            routes.push(route);
        }
        routes
    }

    /// The probability that a sprayed packet crosses at least one switch port an elephant
    /// crosses (paper §IV-A: "about 0.09" in the baseline): over the sprayed flows, each
    /// weighted by its bytes, and over each flow's paths with every up-port equally likely (as
    /// OPS's random labels hash them). 0 without elephants or sprayed flows.
    pub fn sprayed_exposure(&self) -> f64 {
        let hot: Vec<u32> = self
            .elephant_ports()
            .into_iter()
            .map(|i| i as u32 + self.topo.hosts())
            .collect();
        let (mut hit, mut bytes) = (0.0, 0.0);
        for f in self.flows.iter().filter(|f| f.sprayed) {
            let weight = f.bytes.unwrap_or(0) as f64;
            let first = self.topo.port_to(self.topo.nic_port(HostId(f.src)));
            hit += weight * self.share_hitting(first, f.dst, &hot);
            bytes += weight;
        }
        if bytes > 0.0 {
            hit / bytes
        } else {
            0.0
        }
    }

    /// The share of the equally likely paths from switch `node` to `dst` that cross a port of
    /// `hot`.
    fn share_hitting(&self, node: NodeId, dst: u32, hot: &[u32]) -> f64 {
        if self.topo.host_of(node).is_some() {
            return 0.0;
        }
        let ports: Vec<PortId> = match self.topo.hop(node, dst) {
            Hop::Port(p) => vec![p],
            Hop::Up { first, count } => {
                let mask = routing::usable(self.topo.up_mask(node, dst), count);
                (0..mask.count_ones())
                    .map(|n| first.offset(routing::nth_set_bit(mask, n)))
                    .collect()
            }
            Hop::ByLabel { first, count } => (0..count).map(|n| first.offset(n)).collect(),
        };
        let each = 1.0 / ports.len() as f64;
        ports
            .iter()
            .map(|&p| {
                if hot.binary_search(&p.0).is_ok() {
                    each
                } else {
                    each * self.share_hitting(self.topo.port_to(p), dst, hot)
                }
            })
            .sum()
    }
}
