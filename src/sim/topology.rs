//! The k-ary three-tier fat-tree (Al-Fares et al.): k pods, each with k/2 top-of-rack (ToR) and
//! k/2 aggregation switches, (k/2)² core switches, k³/4 hosts. k = 8 gives the paper's 128 hosts.
//!
//! Every directed link is an output *port* of the node it leaves, numbered in one flat space so
//! that per-port state lives in plain arrays:
//! host NICs first, then ToR ports (k per ToR: k/2 down to hosts, k/2 up), then aggregation
//! ports (k/2 down to ToRs, k/2 up to cores), then core ports (one per pod).
//! Nodes are numbered hosts, ToRs, aggregation switches, cores.

pub use super::ids::{NodeId, PortId};
use crate::scenario::PortName;

/// The set of a switch's up-ports that still lead to a destination, one bit per port: k/2 ≤ 16
/// bits up to k = 32 (8192 hosts).
pub type UpMask = u16;

/// Tier of a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    Host,
    Tor,
    Agg,
    Core,
}

/// Where a switch sends a packet for a destination host: one port, or a choice among the
/// contiguous ports `first..first + count`: by hashing (flow, label, switch) for a fat-tree's
/// up-ports, or by the label alone (port `label mod count`) for the n-path network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    Port(PortId),
    Up { first: PortId, count: u32 },
    ByLabel { first: PortId, count: u32 },
}

/// Shape and addressing of a k-ary fat-tree.
#[derive(Clone, Debug)]
pub struct FatTree {
    pub k: u32,
    half: u32,
    pub hosts: u32,
    pub tors: u32,
    pub aggs: u32,
    pub cores: u32,
    /// Destination node of every port.
    port_to: Vec<NodeId>,
    /// Tier and index within the tier of every node (routing looks these up on every hop).
    tiers: Vec<(Tier, u32)>,
    /// ToR and pod of every host.
    host_tor: Vec<u32>,
    host_pod: Vec<u32>,
    /// Inter-switch links that failed: ToR–aggregation links first (ToR t, up-port i at
    /// `t·half + i`), then aggregation–core links (aggregation switch a, up-port i at
    /// `tors·half + a·half + i`).
    failed: Vec<bool>,
    /// For every ToR and aggregation switch, and every destination ToR: which up-ports (bit i
    /// for up-port i) still lead there. Empty when no link failed.
    up_masks: Vec<UpMask>,
}

impl FatTree {
    /// Builds the fat-tree for an even `k` ≥ 2 (validated by the scenario).
    pub fn new(k: u32) -> FatTree {
        let half = k / 2;
        let mut t = FatTree {
            k,
            half,
            hosts: k * k * k / 4,
            tors: k * half,
            aggs: k * half,
            cores: half * half,
            port_to: Vec::new(),
            tiers: Vec::new(),
            host_tor: Vec::new(),
            host_pod: Vec::new(),
            failed: Vec::new(),
            up_masks: Vec::new(),
        };
        t.host_tor = (0..t.hosts).map(|h| h / half).collect();
        t.host_pod = (0..t.hosts).map(|h| h / (half * half)).collect();
        t.port_to = (0..t.port_count()).map(|p| t.compute_port_to(p)).collect();
        t.tiers = (0..t.node_count()).map(|n| t.compute_tier(n)).collect();
        t
    }

    /// Inter-switch links (each both directions).
    pub fn link_count(&self) -> u32 {
        (self.tors + self.aggs) * self.half
    }

    /// Removes the links marked in `failed` (indexed as [`FatTree::link_count`] counts them) from
    /// routing.
    pub fn with_failures(mut self, failed: Vec<bool>) -> FatTree {
        debug_assert_eq!(failed.len(), self.link_count() as usize);
        self.failed = failed;
        self.route_around_failures();
        self
    }

    /// Takes inter-switch link `link` out of routing (`failed`) or puts it back, from now on
    /// (a timed event).
    pub fn set_failed(&mut self, link: u32, failed: bool) {
        if self.failed.is_empty() {
            self.failed = vec![false; self.link_count() as usize];
        }
        self.failed[link as usize] = failed;
        self.route_around_failures();
    }

    /// Recomputes which up-ports lead to each destination ToR, after links failed or came back.
    fn route_around_failures(&mut self) {
        if !self.failed.iter().any(|&f| f) {
            self.failed.clear();
            self.up_masks.clear();
            return;
        }
        let mut masks = vec![0 as UpMask; ((self.tors + self.aggs) * self.tors) as usize];
        for dst_tor in 0..self.tors {
            for t in 0..self.tors {
                let mask = (0..self.half)
                    .filter(|&i| {
                        self.alive(t * self.half + i)
                            && self.agg_reaches(self.pod_of_tor(t) * self.half + i, dst_tor)
                    })
                    .fold(0 as UpMask, |m, i| m | 1 << i);
                masks[(t * self.tors + dst_tor) as usize] = mask;
            }
            for a in 0..self.aggs {
                let mask = (0..self.half)
                    .filter(|&i| {
                        self.alive(self.tors * self.half + a * self.half + i)
                            && self.core_reaches((a % self.half) * self.half + i, dst_tor)
                    })
                    .fold(0 as UpMask, |m, i| m | 1 << i);
                masks[((self.tors + a) * self.tors + dst_tor) as usize] = mask;
            }
        }
        self.up_masks = masks;
    }

    /// The two output ports of inter-switch link `link` (indexed as [`FatTree::link_count`]
    /// counts them): the lower switch's up-port and the upper switch's down-port.
    pub fn link_ports(&self, link: u32) -> [PortId; 2] {
        let half = self.half;
        if link < self.tors * half {
            let (t, i) = (link / half, link % half);
            let a = self.pod_of_tor(t) * half + i;
            [self.tor_port(t, half + i), self.agg_port(a, t % half)]
        } else {
            let l = link - self.tors * half;
            let (a, i) = (l / half, l % half);
            let c = (a % half) * half + i;
            [self.agg_port(a, half + i), self.core_port(c, a / half)]
        }
    }

    /// Whether inter-switch link `link` failed (and left routing, or runs degraded).
    pub fn link_failed(&self, link: u32) -> bool {
        self.failed.get(link as usize).copied().unwrap_or(false)
    }

    /// The path slot of a data packet from `src` to `dst` at `node`, if `node` is the highest
    /// switch of its path: the core switch for a path between pods, the aggregation switch
    /// (by its index in the pod) for a path between two ToRs of one pod. Slots number
    /// `cores` (≥ k/2), so one flow's packets spread over at most [`FatTree::cores`] slots.
    pub fn apex_slot(&self, node: NodeId, src: u32, dst: u32) -> Option<u32> {
        match self.node_tier(node) {
            (Tier::Core, c) => Some(c),
            (Tier::Agg, a)
                if self.pod_of(src) == self.pod_of(dst) && self.tor_of(src) != self.tor_of(dst) =>
            {
                Some(a % self.half)
            }
            _ => None,
        }
    }

    /// Links that failed.
    pub fn failed_links(&self) -> usize {
        self.failed.iter().filter(|&&f| f).count()
    }

    fn alive(&self, link: u32) -> bool {
        self.failed.get(link as usize).is_none_or(|&f| !f)
    }

    fn pod_of_tor(&self, t: u32) -> u32 {
        t / self.half
    }

    /// Aggregation switch `a` reaches ToR `dst`: down directly in its own pod, else through a
    /// core.
    fn agg_reaches(&self, a: u32, dst: u32) -> bool {
        let half = self.half;
        if a / half == self.pod_of_tor(dst) {
            self.alive(dst * half + a % half)
        } else {
            (0..half).any(|i| {
                self.alive(self.tors * half + a * half + i)
                    && self.core_reaches((a % half) * half + i, dst)
            })
        }
    }

    /// Core `c` reaches ToR `dst` through its aggregation switch in `dst`'s pod.
    fn core_reaches(&self, c: u32, dst: u32) -> bool {
        let half = self.half;
        let agg = self.pod_of_tor(dst) * half + c / half;
        self.alive(self.tors * half + agg * half + c % half) && self.alive(dst * half + agg % half)
    }

    /// The up-ports of switch `node` that still lead to host `dst` (bit i: up-port i); all of
    /// them when no link failed.
    pub fn up_mask(&self, node: NodeId, dst: u32) -> UpMask {
        if self.up_masks.is_empty() {
            return UpMask::MAX;
        }
        let switch = node.0 - self.hosts;
        self.up_masks[(switch * self.tors + self.tor_of(dst)) as usize]
    }

    /// Whether host `src` still reaches host `dst`.
    pub fn reachable(&self, src: u32, dst: u32) -> bool {
        let (ts, td) = (self.tor_of(src), self.tor_of(dst));
        ts == td || self.up_mask(self.tor_node(ts), dst) != 0
    }

    pub fn node_count(&self) -> u32 {
        self.hosts + self.tors + self.aggs + self.cores
    }

    pub fn port_count(&self) -> u32 {
        self.hosts + (self.tors + self.aggs + self.cores) * self.k
    }

    /// Number of switch output ports (all ports but the host NICs).
    pub fn switch_port_count(&self) -> u32 {
        self.port_count() - self.hosts
    }

    fn tor_node(&self, t: u32) -> NodeId {
        NodeId(self.hosts + t)
    }
    fn agg_node(&self, a: u32) -> NodeId {
        NodeId(self.hosts + self.tors + a)
    }
    fn core_node(&self, c: u32) -> NodeId {
        NodeId(self.hosts + self.tors + self.aggs + c)
    }
    fn tor_port(&self, t: u32, i: u32) -> PortId {
        PortId(self.hosts + t * self.k + i)
    }
    fn agg_port(&self, a: u32, i: u32) -> PortId {
        PortId(self.hosts + (self.tors + a) * self.k + i)
    }
    fn core_port(&self, c: u32, pod: u32) -> PortId {
        PortId(self.hosts + (self.tors + self.aggs + c) * self.k + pod)
    }

    /// Tier and index within the tier of a node.
    pub fn node_tier(&self, n: NodeId) -> (Tier, u32) {
        self.tiers[n.index()]
    }

    fn compute_tier(&self, n: u32) -> (Tier, u32) {
        if n < self.hosts {
            (Tier::Host, n)
        } else if n < self.hosts + self.tors {
            (Tier::Tor, n - self.hosts)
        } else if n < self.hosts + self.tors + self.aggs {
            (Tier::Agg, n - self.hosts - self.tors)
        } else {
            (Tier::Core, n - self.hosts - self.tors - self.aggs)
        }
    }

    /// The ToR a host hangs off.
    pub fn tor_of(&self, host: u32) -> u32 {
        self.host_tor[host as usize]
    }

    /// The pod of a host.
    pub fn pod_of(&self, host: u32) -> u32 {
        self.host_pod[host as usize]
    }

    /// The node a port leads to.
    pub fn port_to(&self, p: PortId) -> NodeId {
        self.port_to[p.index()]
    }

    /// The node a port belongs to (the sending side of the link).
    pub fn port_from(&self, p: PortId) -> NodeId {
        if p.0 < self.hosts {
            return NodeId(p.0);
        }
        let s = (p.0 - self.hosts) / self.k;
        NodeId(self.hosts + s)
    }

    /// The host's NIC port (host → ToR).
    pub fn nic_port(&self, host: u32) -> PortId {
        PortId(host)
    }

    fn compute_port_to(&self, p: u32) -> NodeId {
        let (k, half) = (self.k, self.half);
        if p < self.hosts {
            return self.tor_node(self.tor_of(p));
        }
        let s = (p - self.hosts) / k;
        let i = (p - self.hosts) % k;
        if s < self.tors {
            let pod = s / half;
            if i < half {
                NodeId(s * half + i)
            } else {
                self.agg_node(pod * half + (i - half))
            }
        } else if s < self.tors + self.aggs {
            let a = s - self.tors;
            let pod = a / half;
            if i < half {
                self.tor_node(pod * half + i)
            } else {
                self.core_node((a % half) * half + (i - half))
            }
        } else {
            let c = s - self.tors - self.aggs;
            self.agg_node(i * half + c / half)
        }
    }

    /// The forwarding decision at switch `node` for a packet to host `dst`.
    pub fn hop(&self, node: NodeId, dst: u32) -> Hop {
        let half = self.half;
        let (dst_tor, dst_pod) = (self.tor_of(dst), self.pod_of(dst));
        match self.node_tier(node) {
            (Tier::Host, _) => Hop::Port(self.nic_port(node.0)),
            (Tier::Tor, t) if dst_tor == t => Hop::Port(self.tor_port(t, dst - t * half)),
            (Tier::Tor, t) => Hop::Up {
                first: self.tor_port(t, half),
                count: half,
            },
            // aggregation switch a is in pod ⌊a / half⌋, with ToRs pod·half .. pod·half + half
            (Tier::Agg, a) if a >= dst_pod * half && a < dst_pod * half + half => {
                Hop::Port(self.agg_port(a, dst_tor - dst_pod * half))
            }
            (Tier::Agg, a) => Hop::Up {
                first: self.agg_port(a, half),
                count: half,
            },
            (Tier::Core, c) => Hop::Port(self.core_port(c, dst_pod)),
        }
    }

    /// Number of links on a shortest path between two hosts.
    pub fn path_links(&self, src: u32, dst: u32) -> u32 {
        if self.tor_of(src) == self.tor_of(dst) {
            2
        } else if self.pod_of(src) == self.pod_of(dst) {
            4
        } else {
            6
        }
    }

    /// Number of distinct shortest paths between two hosts.
    pub fn path_count(&self, src: u32, dst: u32) -> u32 {
        match self.path_links(src, dst) {
            2 => 1,
            4 => self.half,
            _ => self.half * self.half,
        }
    }

    /// A port's name (`scenario::PortName`: `tor3.up1`, `core2.pod5`, `host7.nic`).
    pub fn name_of(&self, p: PortId) -> PortName {
        let (p, half) = (p.0, self.half);
        if p < self.hosts {
            return PortName::HostNic(p);
        }
        let s = (p - self.hosts) / self.k;
        let i = (p - self.hosts) % self.k;
        if s < self.tors {
            match i < half {
                true => PortName::TorDown(s, i),
                false => PortName::TorUp(s, i - half),
            }
        } else if s < self.tors + self.aggs {
            let a = s - self.tors;
            match i < half {
                true => PortName::AggDown(a, i),
                false => PortName::AggUp(a, i - half),
            }
        } else {
            PortName::CorePod(s - self.tors - self.aggs, i)
        }
    }

    /// The port a name stands for (a name checked against this tree's k).
    pub fn port_of(&self, name: PortName) -> PortId {
        let half = self.half;
        match name {
            PortName::HostNic(h) => self.nic_port(h),
            PortName::TorDown(t, i) => self.tor_port(t, i),
            PortName::TorUp(t, i) => self.tor_port(t, half + i),
            PortName::AggDown(a, i) => self.agg_port(a, i),
            PortName::AggUp(a, i) => self.agg_port(a, half + i),
            PortName::CorePod(c, pod) => self.core_port(c, pod),
        }
    }

    /// The link port `p` is an end of: its two ports, and its index among the inter-switch
    /// links (as [`FatTree::link_count`] counts them) unless it is a host's link.
    pub fn link_of(&self, p: PortId) -> ([PortId; 2], Option<u32>) {
        let (name, half) = (self.name_of(p), self.half);
        let peer = name.peer(self.k);
        // inter-switch links are numbered by their lower end's up-port
        let link = [name, peer].into_iter().find_map(|n| match n {
            PortName::TorUp(t, i) => Some(t * half + i),
            PortName::AggUp(a, i) => Some(self.tors * half + a * half + i),
            _ => None,
        });
        ([p, self.port_of(peer)], link)
    }

    /// A readable name for a port, e.g. `tor3.up1` or `core2.pod5`.
    pub fn port_name(&self, p: PortId) -> String {
        self.name_of(p).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every path from `src` to `dst`, as the list of ports crossed, enumerating every up-choice.
    fn all_paths(t: &FatTree, src: u32, dst: u32) -> BTreeSet<Vec<PortId>> {
        fn walk(
            t: &FatTree,
            node: NodeId,
            dst: u32,
            path: &mut Vec<PortId>,
            out: &mut BTreeSet<Vec<PortId>>,
        ) {
            if node == NodeId(dst) {
                out.insert(path.clone());
                return;
            }
            let choices: Vec<PortId> = match t.hop(node, dst) {
                Hop::Port(p) => vec![p],
                Hop::Up { first, count } | Hop::ByLabel { first, count } => {
                    (0..count).map(|i| first.offset(i)).collect()
                }
            };
            for p in choices {
                path.push(p);
                walk(t, t.port_to(p), dst, path, out);
                path.pop();
            }
        }
        let mut out = BTreeSet::new();
        walk(t, NodeId(src), dst, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn sizes_for_every_supported_k() {
        for k in (4..=16).step_by(2) {
            let t = FatTree::new(k);
            assert_eq!(t.hosts, k * k * k / 4);
            assert_eq!(t.tors, k * k / 2);
            assert_eq!(t.aggs, k * k / 2);
            assert_eq!(t.cores, k * k / 4);
            // every switch port leads to a node of an adjacent tier, and links pair up
            for p in (0..t.port_count()).map(PortId) {
                let (from, to) = (t.port_from(p), t.port_to(p));
                let back = (0..t.port_count())
                    .map(PortId)
                    .find(|&q| t.port_from(q) == to && t.port_to(q) == from);
                assert!(
                    back.is_some(),
                    "k={k} port {} has no reverse",
                    t.port_name(p)
                );
            }
        }
        assert_eq!(FatTree::new(8).hosts, 128);
        assert_eq!(FatTree::new(16).hosts, 1024);
    }

    #[test]
    fn k32_has_8192_hosts_256_paths_across_pods_and_16_bit_up_masks() {
        let t = FatTree::new(32);
        assert_eq!((t.hosts, t.tors, t.cores), (8192, 512, 256));
        assert_eq!(t.path_count(0, 8191), 256);
        // ToR 0 loses its up-links 0 to 11: only ports 12 to 15 lead out of its pod
        let mut failed = vec![false; t.link_count() as usize];
        failed[..12].fill(true);
        let t = t.with_failures(failed);
        let tor0 = t.port_to(t.nic_port(0));
        assert_eq!(t.up_mask(tor0, 8191), 0b1111 << 12);
        assert!(t.reachable(0, 8191));
    }

    #[test]
    fn path_counts_for_k8_are_1_4_and_16() {
        let t = FatTree::new(8);
        let same_tor = all_paths(&t, 0, 1);
        let same_pod = all_paths(&t, 0, 5);
        let other_pod = all_paths(&t, 0, 127);
        assert_eq!(
            (same_tor.len(), same_pod.len(), other_pod.len()),
            (1, 4, 16)
        );
        assert_eq!(
            (t.path_count(0, 1), t.path_count(0, 5), t.path_count(0, 127)),
            (1, 4, 16)
        );
        assert!(same_tor.iter().all(|p| p.len() == 2));
        assert!(same_pod.iter().all(|p| p.len() == 4));
        assert!(other_pod.iter().all(|p| p.len() == 6));
    }

    #[test]
    fn every_link_has_two_ports_facing_each_other() {
        for k in [4, 8] {
            let t = FatTree::new(k);
            let mut seen = std::collections::BTreeSet::new();
            for l in 0..t.link_count() {
                let [up, down] = t.link_ports(l);
                assert!(
                    seen.insert(up) && seen.insert(down),
                    "link {l} shares a port"
                );
                // each port leads to the switch that owns the other
                let owner = |p: PortId| NodeId(t.hosts + (p.0 - t.hosts) / k);
                assert_eq!(t.port_to(up), owner(down), "link {l}");
                assert_eq!(t.port_to(down), owner(up), "link {l}");
                assert!(
                    owner(up) < owner(down),
                    "the first port is the lower switch's"
                );
            }
        }
    }

    #[test]
    fn failed_links_are_never_routed_into() {
        let k = 8;
        let clean = FatTree::new(k);
        // fail every fourth link
        let failed: Vec<bool> = (0..clean.link_count()).map(|l| l % 4 == 1).collect();
        let t = FatTree::new(k).with_failures(failed.clone());
        assert_eq!(t.failed_links(), failed.iter().filter(|&&f| f).count());
        // the link a port uses, if it is an inter-switch up or down port
        let link_of = |p: PortId| -> Option<u32> {
            let (from, to) = (t.port_from(p), t.port_to(p));
            let (ft, fi) = t.node_tier(from);
            let (tt, ti) = t.node_tier(to);
            match (ft, tt) {
                (Tier::Tor, Tier::Agg) => Some(fi * t.half + ti % t.half),
                (Tier::Agg, Tier::Tor) => Some(ti * t.half + fi % t.half),
                (Tier::Agg, Tier::Core) => Some(t.tors * t.half + fi * t.half + ti % t.half),
                (Tier::Core, Tier::Agg) => Some(t.tors * t.half + ti * t.half + fi / t.half),
                _ => None,
            }
        };
        for src in (0..t.hosts).step_by(5) {
            for dst in (0..t.hosts).step_by(7) {
                if src == dst || !t.reachable(src, dst) {
                    continue;
                }
                // walk every allowed choice: never a failed link, always the destination
                let mut stack = vec![t.port_to(t.nic_port(src))];
                while let Some(node) = stack.pop() {
                    if node == NodeId(dst) {
                        continue;
                    }
                    let ports: Vec<PortId> = match t.hop(node, dst) {
                        Hop::Port(p) => vec![p],
                        Hop::Up { first, count } | Hop::ByLabel { first, count } => {
                            let mask = t.up_mask(node, dst);
                            (0..count)
                                .filter(|i| mask & 1 << i != 0)
                                .map(|i| first.offset(i))
                                .collect()
                        }
                    };
                    assert!(!ports.is_empty(), "dead end at {node:?} for {src}->{dst}");
                    for p in ports {
                        if let Some(l) = link_of(p) {
                            assert!(
                                !failed[l as usize],
                                "{src}->{dst} uses failed link {l} ({})",
                                t.port_name(p)
                            );
                        }
                        stack.push(t.port_to(p));
                    }
                }
            }
        }
        assert_eq!(clean.up_mask(NodeId(clean.hosts), 0), UpMask::MAX);
    }

    #[test]
    fn every_port_has_one_name_and_belongs_to_one_link_of_two_facing_ports() {
        for k in [4, 8] {
            let t = FatTree::new(k);
            let mut links = BTreeSet::new();
            for p in (0..t.port_count()).map(PortId) {
                let name = t.name_of(p);
                assert_eq!(PortName::parse(&name.to_string()), Some(name));
                assert_eq!(name.check(k), Ok(()), "{name}");
                assert_eq!(t.port_of(name), p, "{name}");
                let (ports, link) = t.link_of(p);
                let [a, b] = ports;
                assert_eq!(a, p, "{name}");
                assert_eq!(
                    (t.port_to(a), t.port_to(b)),
                    (t.port_from(b), t.port_from(a))
                );
                assert_eq!(name.peer(k), t.name_of(b), "{name}");
                assert_eq!(t.link_of(b), ([b, a], link));
                if let Some(l) = link {
                    let [x, y] = t.link_ports(l);
                    assert!([x, y] == ports || [y, x] == ports, "{name}");
                }
                links.insert(if a < b { [a, b] } else { [b, a] });
            }
            // every link once: host links, then the inter-switch ones
            assert_eq!(links.len() as u32, t.hosts + t.link_count());
        }
    }

    #[test]
    fn a_link_taken_out_and_put_back_restores_routing() {
        let t = FatTree::new(4);
        let mut u = t.clone();
        u.set_failed(3, true);
        assert!(u.link_failed(3) && u.failed_links() == 1);
        assert_ne!(u.up_masks, t.up_masks);
        u.set_failed(3, false);
        assert_eq!((u.failed_links(), &u.up_masks), (0, &t.up_masks));
    }

    #[test]
    fn every_pair_is_reachable_on_k4() {
        let t = FatTree::new(4);
        for s in 0..t.hosts {
            for d in 0..t.hosts {
                if s != d {
                    let paths = all_paths(&t, s, d);
                    assert_eq!(paths.len() as u32, t.path_count(s, d));
                    assert!(paths.iter().all(|p| p.len() as u32 == t.path_links(s, d)));
                }
            }
        }
    }
}
