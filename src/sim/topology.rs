//! The fabric a fat-tree scenario runs on: the k-ary three-tier fat-tree (Al-Fares et al.; k
//! pods, each with k/2 top-of-rack (ToR) and k/2 aggregation switches, (k/2)² cores, k³/4 hosts:
//! k = 8 gives the paper's 128 hosts), or the oversubscribed, partly filled and two-tier
//! (leaf-spine) variants [`Fabric`] describes.
//!
//! Every directed link is an output *port* of the node it leaves, numbered in one flat space so
//! that per-port state lives in plain arrays:
//! host NICs first, then ToR ports (per ToR: its hosts, then its up-links), then aggregation
//! ports (per switch: its ToRs, then its up-links), then core ports (one per pod).
//! Nodes are numbered hosts, ToRs, aggregation switches (a leaf-spine's spines), cores.

pub use super::ids::{NodeId, PortId};
use crate::scenario::{Fabric, PortName};

/// The set of a switch's up-ports that still lead to a destination, one bit per port: up to 64
/// (a leaf-spine ToR of k = 128 has 64 up-links).
pub type UpMask = u64;

/// The most up-ports a switch may have ([`UpMask`]'s width), the scenario's limit.
pub const MAX_UP: u32 = UpMask::BITS;
const _: () = assert!(MAX_UP == crate::scenario::MAX_SWITCH_UP);

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
/// up-ports (and a core's bundle of links down to a pod), or by the label alone (port
/// `label mod count`) for the n-path network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    Port(PortId),
    Up { first: PortId, count: u32 },
    ByLabel { first: PortId, count: u32 },
}

/// Shape and addressing of a fat-tree or leaf-spine.
#[derive(Clone, Debug)]
pub struct FatTree {
    pub fabric: Fabric,
    pub hosts: u32,
    pub tors: u32,
    pub aggs: u32,
    pub cores: u32,
    /// Ports of a ToR, of an aggregation switch and of a core.
    radix: [u32; 3],
    /// Destination node of every port.
    port_to: Vec<NodeId>,
    /// Tier and index within the tier of every node (routing looks these up on every hop).
    tiers: Vec<(Tier, u32)>,
    /// ToR and pod of every host.
    host_tor: Vec<u32>,
    host_pod: Vec<u32>,
    /// Inter-switch links that failed: ToR up-links first (ToR t, up-port i at
    /// `t·tor_up + i`), then aggregation up-links (aggregation switch a, up-port i at
    /// `tors·tor_up + a·agg_up + i`).
    failed: Vec<bool>,
    /// For every ToR and aggregation switch, and every destination ToR: which up-ports (bit i
    /// for up-port i) still lead there. Empty when no link failed.
    up_masks: Vec<UpMask>,
}

impl FatTree {
    /// The k-ary three-tier fat-tree for an even `k` ≥ 2.
    pub fn new(k: u32) -> FatTree {
        FatTree::of(Fabric::fat_tree(k))
    }

    /// Builds `fabric` (validated by the scenario: every count at least 1, at most [`MAX_UP`]
    /// up-links a switch).
    pub fn of(fabric: Fabric) -> FatTree {
        let mut t = FatTree {
            fabric,
            hosts: fabric.hosts(),
            tors: fabric.tors(),
            aggs: fabric.aggs(),
            cores: fabric.cores(),
            radix: fabric.radix(),
            port_to: Vec::new(),
            tiers: Vec::new(),
            host_tor: Vec::new(),
            host_pod: Vec::new(),
            failed: Vec::new(),
            up_masks: Vec::new(),
        };
        t.host_tor = (0..t.hosts).map(|h| h / t.hpt()).collect();
        t.host_pod = (0..t.hosts).map(|h| h / (t.hpt() * t.tpp())).collect();
        t.port_to = (0..t.port_count()).map(|p| t.compute_port_to(p)).collect();
        t.tiers = (0..t.node_count()).map(|n| t.compute_tier(n)).collect();
        t
    }

    // the fabric's counts, named short for the routing arithmetic

    /// Hosts per ToR.
    fn hpt(&self) -> u32 {
        self.fabric.hosts_per_tor
    }
    /// ToR up-links: aggregation switches per pod.
    fn tor_up(&self) -> u32 {
        self.fabric.tor_up
    }
    /// ToRs per pod.
    fn tpp(&self) -> u32 {
        self.fabric.tors_per_pod
    }
    /// Up-links of an aggregation switch.
    fn agg_up(&self) -> u32 {
        self.fabric.agg_up
    }
    /// Cores of an aggregation switch's column.
    fn cpc(&self) -> u32 {
        self.fabric.cores_per_column()
    }
    /// Parallel links from an aggregation switch to each of its cores.
    fn bundle(&self) -> u32 {
        self.fabric.core_bundle
    }

    /// Inter-switch links (each both directions).
    pub fn link_count(&self) -> u32 {
        self.tors * self.tor_up() + self.aggs * self.agg_up()
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
        let switches = self.tors + self.aggs + self.cores;
        let mut masks = vec![0 as UpMask; (switches * self.tors) as usize];
        for dst_tor in 0..self.tors {
            for t in 0..self.tors {
                let mask = (0..self.tor_up())
                    .filter(|&i| {
                        self.alive(t * self.tor_up() + i)
                            && self.agg_reaches(self.pod_of_tor(t) * self.tor_up() + i, dst_tor)
                    })
                    .fold(0 as UpMask, |m, i| m | 1 << i);
                masks[(t * self.tors + dst_tor) as usize] = mask;
            }
            for a in 0..self.aggs {
                let mask = (0..self.agg_up())
                    .filter(|&i| {
                        self.alive(self.agg_link(a, i))
                            && self.core_reaches(self.core_of(a, i), dst_tor)
                    })
                    .fold(0 as UpMask, |m, i| m | 1 << i);
                masks[((self.tors + a) * self.tors + dst_tor) as usize] = mask;
            }
            // a core's choice among its bundle down to the destination's pod
            for c in 0..self.cores {
                let mask = (0..self.bundle())
                    .filter(|&m| self.core_link_reaches(c, m, dst_tor))
                    .fold(0 as UpMask, |mask, m| mask | 1 << m);
                masks[((self.tors + self.aggs + c) * self.tors + dst_tor) as usize] = mask;
            }
        }
        self.up_masks = masks;
    }

    /// The two output ports of inter-switch link `link` (indexed as [`FatTree::link_count`]
    /// counts them): the lower switch's up-port and the upper switch's down-port.
    pub fn link_ports(&self, link: u32) -> [PortId; 2] {
        if link < self.tors * self.tor_up() {
            let (t, i) = (link / self.tor_up(), link % self.tor_up());
            let a = self.pod_of_tor(t) * self.tor_up() + i;
            [
                self.tor_port(t, self.hpt() + i),
                self.agg_port(a, t % self.tpp()),
            ]
        } else {
            let l = link - self.tors * self.tor_up();
            let (a, i) = (l / self.agg_up(), l % self.agg_up());
            let c = self.core_of(a, i);
            [
                self.agg_port(a, self.tpp() + i),
                self.core_port(c, self.pod_of_agg(a), i % self.bundle()),
            ]
        }
    }

    /// Whether inter-switch link `link` failed (and left routing, or runs degraded).
    pub fn link_failed(&self, link: u32) -> bool {
        self.failed.get(link as usize).copied().unwrap_or(false)
    }

    /// The path slot of a data packet from `src` to `dst` at `node`, if `node` is the highest
    /// switch of its path: the core switch for a path between pods, the aggregation switch
    /// (by its index in the pod) for a path between two ToRs of one pod, the spine of a
    /// leaf-spine. Slots number [`Fabric::widest`] (at least the aggregation switches of a
    /// pod), so one flow's packets spread over at most that many slots.
    pub fn apex_slot(&self, node: NodeId, src: u32, dst: u32) -> Option<u32> {
        match self.node_tier(node) {
            (Tier::Core, c) => Some(c),
            (Tier::Agg, a)
                if self.pod_of(src) == self.pod_of(dst) && self.tor_of(src) != self.tor_of(dst) =>
            {
                Some(a % self.tor_up())
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
        t / self.tpp()
    }

    fn pod_of_agg(&self, a: u32) -> u32 {
        a / self.tor_up()
    }

    /// The core aggregation switch `a`'s up-port `i` leads to: cores of a's column, `j·cpc` on
    /// (j = a's index in its pod), each over `bundle` consecutive up-ports.
    fn core_of(&self, a: u32, i: u32) -> u32 {
        (a % self.tor_up()) * self.cpc() + i / self.bundle()
    }

    /// The index of the link from aggregation switch `a`'s up-port `i`.
    fn agg_link(&self, a: u32, i: u32) -> u32 {
        self.tors * self.tor_up() + a * self.agg_up() + i
    }

    /// Aggregation switch `a` reaches ToR `dst`: down directly in its own pod, else through a
    /// core.
    fn agg_reaches(&self, a: u32, dst: u32) -> bool {
        if self.pod_of_agg(a) == self.pod_of_tor(dst) {
            self.alive(dst * self.tor_up() + a % self.tor_up())
        } else {
            (0..self.agg_up()).any(|i| {
                self.alive(self.agg_link(a, i)) && self.core_reaches(self.core_of(a, i), dst)
            })
        }
    }

    /// Core `c` reaches ToR `dst` through its aggregation switch in `dst`'s pod, over any link
    /// of its bundle.
    fn core_reaches(&self, c: u32, dst: u32) -> bool {
        (0..self.bundle()).any(|m| self.core_link_reaches(c, m, dst))
    }

    /// Link `m` of core `c`'s bundle to `dst`'s pod is up and leads on to ToR `dst`.
    fn core_link_reaches(&self, c: u32, m: u32, dst: u32) -> bool {
        let column = c / self.cpc();
        let agg = self.pod_of_tor(dst) * self.tor_up() + column;
        let up_port = (c % self.cpc()) * self.bundle() + m;
        self.alive(self.agg_link(agg, up_port)) && self.alive(dst * self.tor_up() + column)
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
        let [t, a, c] = self.radix;
        self.hosts + self.tors * t + self.aggs * a + self.cores * c
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
        PortId(self.hosts + t * self.radix[0] + i)
    }
    fn agg_port(&self, a: u32, i: u32) -> PortId {
        PortId(self.hosts + self.tors * self.radix[0] + a * self.radix[1] + i)
    }
    /// Core `c`'s port to `pod` over link `member` of the bundle.
    fn core_port(&self, c: u32, pod: u32, member: u32) -> PortId {
        let first = self.hosts + self.tors * self.radix[0] + self.aggs * self.radix[1];
        PortId(first + c * self.radix[2] + pod * self.bundle() + member)
    }

    /// The switch a switch port belongs to, by tier and index, and the port's index on it.
    fn switch_port(&self, p: u32) -> (Tier, u32, u32) {
        let [rt, ra, rc] = self.radix;
        let q = p - self.hosts;
        if q < self.tors * rt {
            return (Tier::Tor, q / rt, q % rt);
        }
        let q = q - self.tors * rt;
        if q < self.aggs * ra {
            return (Tier::Agg, q / ra, q % ra);
        }
        let q = q - self.aggs * ra;
        (Tier::Core, q / rc, q % rc)
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

    /// The pod of a host (0 for every host of a leaf-spine).
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
        match self.switch_port(p.0) {
            (Tier::Tor, t, _) => self.tor_node(t),
            (Tier::Agg, a, _) => self.agg_node(a),
            (_, c, _) => self.core_node(c),
        }
    }

    /// The host's NIC port (host → ToR).
    pub fn nic_port(&self, host: u32) -> PortId {
        PortId(host)
    }

    fn compute_port_to(&self, p: u32) -> NodeId {
        if p < self.hosts {
            return self.tor_node(self.tor_of(p));
        }
        match self.switch_port(p) {
            (Tier::Tor, t, i) if i < self.hpt() => NodeId(t * self.hpt() + i),
            (Tier::Tor, t, i) => self.agg_node(self.pod_of_tor(t) * self.tor_up() + i - self.hpt()),
            (Tier::Agg, a, i) if i < self.tpp() => {
                self.tor_node(self.pod_of_agg(a) * self.tpp() + i)
            }
            (Tier::Agg, a, i) => self.core_node(self.core_of(a, i - self.tpp())),
            (_, c, q) => self.agg_node(q / self.bundle() * self.tor_up() + c / self.cpc()),
        }
    }

    /// The rate of port `p`'s link, Gb/s: the fabric's rate for its kind of link.
    pub fn port_gbps(&self, p: PortId) -> u32 {
        let [host, agg, core] = self.fabric.gbps;
        if p.0 < self.hosts {
            return host;
        }
        match self.switch_port(p.0) {
            (Tier::Tor, _, i) if i < self.hpt() => host,
            (Tier::Tor, ..) => agg,
            (Tier::Agg, _, i) if i < self.tpp() => agg,
            _ => core,
        }
    }

    /// The forwarding decision at switch `node` for a packet to host `dst`.
    pub fn hop(&self, node: NodeId, dst: u32) -> Hop {
        let (dst_tor, dst_pod) = (self.tor_of(dst), self.pod_of(dst));
        match self.node_tier(node) {
            (Tier::Host, _) => Hop::Port(self.nic_port(node.0)),
            (Tier::Tor, t) if dst_tor == t => Hop::Port(self.tor_port(t, dst - t * self.hpt())),
            (Tier::Tor, t) => Hop::Up {
                first: self.tor_port(t, self.hpt()),
                count: self.tor_up(),
            },
            // aggregation switch a is in pod ⌊a / tor_up⌋, whose ToRs are pod·tpp onwards
            (Tier::Agg, a) if a >= dst_pod * self.tor_up() && a < (dst_pod + 1) * self.tor_up() => {
                Hop::Port(self.agg_port(a, dst_tor - dst_pod * self.tpp()))
            }
            (Tier::Agg, a) => Hop::Up {
                first: self.agg_port(a, self.tpp()),
                count: self.agg_up(),
            },
            (Tier::Core, c) if self.bundle() == 1 => Hop::Port(self.core_port(c, dst_pod, 0)),
            (Tier::Core, c) => Hop::Up {
                first: self.core_port(c, dst_pod, 0),
                count: self.bundle(),
            },
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
            4 => self.tor_up(),
            // a bundle's link up and one of the core's bundle down
            _ => self.tor_up() * self.agg_up() * self.bundle(),
        }
    }

    /// A port's name (`scenario::PortName`: `tor3.up1`, `core2.pod5`, `host7.nic`).
    pub fn name_of(&self, p: PortId) -> PortName {
        if p.0 < self.hosts {
            return PortName::HostNic(p.0);
        }
        match self.switch_port(p.0) {
            (Tier::Tor, t, i) if i < self.hpt() => PortName::TorDown(t, i),
            (Tier::Tor, t, i) => PortName::TorUp(t, i - self.hpt()),
            (Tier::Agg, a, i) if i < self.tpp() => PortName::AggDown(a, i),
            (Tier::Agg, a, i) => PortName::AggUp(a, i - self.tpp()),
            (_, c, q) => PortName::CorePod(c, q / self.bundle(), q % self.bundle()),
        }
    }

    /// The port a name stands for (a name checked against this fabric).
    pub fn port_of(&self, name: PortName) -> PortId {
        match name {
            PortName::HostNic(h) => self.nic_port(h),
            PortName::TorDown(t, i) => self.tor_port(t, i),
            PortName::TorUp(t, i) => self.tor_port(t, self.hpt() + i),
            PortName::AggDown(a, i) => self.agg_port(a, i),
            PortName::AggUp(a, i) => self.agg_port(a, self.tpp() + i),
            PortName::CorePod(c, pod, m) => self.core_port(c, pod, m),
        }
    }

    /// The link port `p` is an end of: its two ports, and its index among the inter-switch
    /// links (as [`FatTree::link_count`] counts them) unless it is a host's link.
    pub fn link_of(&self, p: PortId) -> ([PortId; 2], Option<u32>) {
        let name = self.name_of(p);
        let peer = name.peer(&self.fabric);
        // inter-switch links are numbered by their lower end's up-port
        let link = [name, peer].into_iter().find_map(|n| match n {
            PortName::TorUp(t, i) => Some(t * self.tor_up() + i),
            PortName::AggUp(a, i) => Some(self.agg_link(a, i)),
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

    /// Fabrics of every kind: k-ary trees, oversubscribed at either tier, partly filled, and
    /// leaf-spines, full and oversubscribed and partly filled.
    fn fabrics() -> Vec<Fabric> {
        vec![
            Fabric::fat_tree(4),
            Fabric::fat_tree(8),
            Fabric::new(8, 3, 4, 1, 0),
            Fabric::new(8, 3, 1, 4, 0),
            Fabric::new(8, 3, 4, 2, 0),
            Fabric::new(8, 3, 2, 2, 5),
            Fabric::new(12, 3, 3, 2, 0),
            Fabric::new(8, 2, 1, 1, 0),
            Fabric::new(16, 2, 4, 1, 4),
            Fabric::new(12, 2, 2, 1, 7),
            // htsim's test.topo (cores over bundles of two at half the rate), and bundles of
            // three on an oversubscribed, partly filled tree
            Fabric::new(4, 3, 1, 1, 0).with_links(2, [200, 200, 100]),
            Fabric::new(8, 3, 2, 2, 5).with_links(3, [100, 100, 100]),
        ]
    }

    /// Every path from `src` to `dst`, as the list of ports crossed, enumerating every up-choice
    /// still allowed by the up-masks.
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
                    let mask = t.up_mask(node, dst);
                    (0..count)
                        .filter(|i| mask & 1 << i != 0)
                        .map(|i| first.offset(i))
                        .collect()
                }
            };
            assert!(!choices.is_empty(), "dead end at {node:?} to {dst}");
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
    fn each_port_runs_at_its_kind_of_link_s_rate() {
        let t = FatTree::of(Fabric::new(4, 3, 1, 1, 0).with_links(2, [200, 300, 100]));
        for p in (0..t.port_count()).map(PortId) {
            let want = match t.name_of(p) {
                PortName::HostNic(_) | PortName::TorDown(..) => 200,
                PortName::TorUp(..) | PortName::AggDown(..) => 300,
                PortName::AggUp(..) | PortName::CorePod(..) => 100,
            };
            assert_eq!(t.port_gbps(p), want, "{}", t.port_name(p));
        }
    }

    #[test]
    fn sizes_for_every_supported_k() {
        for k in (4..=16).step_by(2) {
            let t = FatTree::new(k);
            assert_eq!(t.hosts, k * k * k / 4);
            assert_eq!(t.tors, k * k / 2);
            assert_eq!(t.aggs, k * k / 2);
            assert_eq!(t.cores, k * k / 4);
        }
        assert_eq!(FatTree::new(8).hosts, 128);
        assert_eq!(FatTree::new(16).hosts, 1024);
    }

    #[test]
    fn every_port_of_every_fabric_has_a_reverse_and_the_counts_add_up() {
        for f in fabrics() {
            let t = FatTree::of(f);
            assert_eq!(t.port_count(), f.ports(), "{f:?}");
            assert_eq!(t.node_count(), f.nodes(), "{f:?}");
            assert_eq!(t.link_count(), f.links(), "{f:?}");
            for p in (0..t.port_count()).map(PortId) {
                let (from, to) = (t.port_from(p), t.port_to(p));
                let back = (0..t.port_count())
                    .map(PortId)
                    .filter(|&q| t.port_from(q) == to && t.port_to(q) == from)
                    .count() as u32;
                // a core and an aggregation switch are joined by a bundle of links
                let parallel = match t.name_of(p) {
                    PortName::AggUp(..) | PortName::CorePod(..) => f.core_bundle,
                    _ => 1,
                };
                assert_eq!(
                    back,
                    parallel,
                    "{f:?}: port {} has not one reverse per parallel link",
                    t.port_name(p)
                );
            }
        }
    }

    #[test]
    fn k32_has_8192_hosts_256_paths_across_pods_and_routes_around_failures() {
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
    fn a_k128_leaf_spine_has_64_up_links_and_routes_around_a_failed_one() {
        let f = Fabric::new(128, 2, 1, 1, 0);
        let t = FatTree::of(f);
        assert_eq!((t.hosts, t.tors, t.aggs, t.cores), (8192, 128, 64, 0));
        assert_eq!(t.path_count(0, 8191), 64);
        let mut failed = vec![false; t.link_count() as usize];
        failed[63] = true; // ToR 0's up-link to spine 63
        let t = t.with_failures(failed);
        let tor0 = t.port_to(t.nic_port(0));
        assert_eq!(t.up_mask(tor0, 8191), UpMask::MAX >> 1);
    }

    #[test]
    fn paths_number_and_length_as_the_fabric_says() {
        for f in fabrics() {
            let t = FatTree::of(f);
            for s in (0..t.hosts).step_by(3) {
                for d in (0..t.hosts).step_by(5) {
                    if s == d {
                        continue;
                    }
                    let paths = all_paths(&t, s, d);
                    assert_eq!(paths.len() as u32, t.path_count(s, d), "{f:?} {s}->{d}");
                    assert!(paths.iter().all(|p| p.len() as u32 == t.path_links(s, d)));
                }
            }
            // the widest choice is the fabric's: its path slots (the cores), times a link of
            // the bundle up and one down
            let b = f.core_bundle;
            assert_eq!(t.path_count(0, t.hosts - 1), f.widest() * b * b, "{f:?}");
        }
        let t = FatTree::new(8);
        assert_eq!(
            (t.path_count(0, 1), t.path_count(0, 5), t.path_count(0, 127)),
            (1, 4, 16)
        );
    }

    #[test]
    fn every_link_has_two_ports_facing_each_other() {
        for f in fabrics() {
            let t = FatTree::of(f);
            let mut seen = std::collections::BTreeSet::new();
            for l in 0..t.link_count() {
                let [up, down] = t.link_ports(l);
                assert!(
                    seen.insert(up) && seen.insert(down),
                    "link {l} shares a port"
                );
                assert_eq!(t.port_to(up), t.port_from(down), "link {l}");
                assert_eq!(t.port_to(down), t.port_from(up), "link {l}");
                assert!(
                    t.port_from(up) < t.port_from(down),
                    "the first port is the lower switch's"
                );
                assert_eq!(t.link_of(up).1, Some(l));
                assert_eq!(t.link_of(down).1, Some(l));
            }
        }
    }

    #[test]
    fn failed_links_are_never_routed_into() {
        for f in fabrics() {
            let clean = FatTree::of(f);
            // fail every fourth link
            let failed: Vec<bool> = (0..clean.link_count()).map(|l| l % 4 == 1).collect();
            let t = FatTree::of(f).with_failures(failed.clone());
            assert_eq!(t.failed_links(), failed.iter().filter(|&&f| f).count());
            for src in (0..t.hosts).step_by(5) {
                for dst in (0..t.hosts).step_by(7) {
                    if src == dst || !t.reachable(src, dst) {
                        continue;
                    }
                    // every allowed choice: never a failed link, always the destination
                    for path in all_paths(&t, src, dst) {
                        for p in path {
                            if let Some(l) = t.link_of(p).1 {
                                assert!(
                                    !failed[l as usize],
                                    "{f:?}: {src}->{dst} uses failed link {l} ({})",
                                    t.port_name(p)
                                );
                            }
                        }
                    }
                }
            }
            assert_eq!(clean.up_mask(NodeId(clean.hosts), 0), UpMask::MAX);
        }
    }

    #[test]
    fn every_port_has_one_name_and_belongs_to_one_link_of_two_facing_ports() {
        for f in fabrics() {
            let t = FatTree::of(f);
            let mut links = BTreeSet::new();
            for p in (0..t.port_count()).map(PortId) {
                let name = t.name_of(p);
                assert_eq!(PortName::parse(&name.to_string()), Some(name));
                assert_eq!(name.check(&f), Ok(()), "{name}");
                assert_eq!(t.port_of(name), p, "{name}");
                let (ports, link) = t.link_of(p);
                let [a, b] = ports;
                assert_eq!(a, p, "{name}");
                assert_eq!(
                    (t.port_to(a), t.port_to(b)),
                    (t.port_from(b), t.port_from(a))
                );
                assert_eq!(name.peer(&f), t.name_of(b), "{name}");
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
    fn the_apex_of_every_path_is_one_slot_below_the_fabric_s_width() {
        for f in fabrics() {
            let t = FatTree::of(f);
            for s in 0..t.hosts.min(40) {
                for d in (0..t.hosts).step_by(3) {
                    if t.tor_of(s) == t.tor_of(d) {
                        continue;
                    }
                    for path in all_paths(&t, s, d) {
                        let slots: Vec<u32> = path
                            .iter()
                            .filter_map(|&p| t.apex_slot(t.port_to(p), s, d))
                            .collect();
                        assert_eq!(slots.len(), 1, "{f:?} {s}->{d}");
                        assert!(slots[0] < f.widest(), "{f:?} {s}->{d}");
                    }
                }
            }
        }
    }
}
