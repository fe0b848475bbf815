//! The network a simulation runs on: the k-ary fat-tree of the evaluation, or the theory model's
//! n parallel paths (paper §II, Fig. 1).
//!
//! The n-path network carries one flow from host 0 to host 1. The sender's NIC feeds a spray
//! switch with one port per path; path i ends at the receiver. Path 0 adds a constant
//! `long_extra` latency, so a round-robin sender puts q = 1/n of its packets on the long path.
//! ACKs return over one separate short path. Nodes: hosts 0 and 1, the spray switch (2), the
//! path switches (3 .. 3+n), the return switch (3+n). Ports: the two NICs (0, 1), the spray
//! switch's n ports, one port per path switch to the receiver, the return switch's port to the
//! sender.

use super::ids::HostId;
use super::netmap::{NetMap, Shape};
use super::time::SimTime;
use super::topology::{FatTree, Hop, NodeId, PortId, UpMask};

/// The n-path theory network.
#[derive(Clone, Debug)]
pub struct NPath {
    pub paths: u32,
    /// Latency the long path (path 0) adds to its last link.
    pub long_extra: SimTime,
    /// Packets crossing the long path are ECN-marked.
    pub long_ecn: bool,
}

impl NPath {
    const SPRAY: NodeId = NodeId(2);

    fn path_node(&self, i: u32) -> NodeId {
        NodeId(3 + i)
    }
    fn return_node(&self) -> NodeId {
        NodeId(3 + self.paths)
    }
    fn spray_port(&self, i: u32) -> PortId {
        PortId(2 + i)
    }
    fn path_out_port(&self, i: u32) -> PortId {
        PortId(2 + self.paths + i)
    }
    fn return_port(&self) -> PortId {
        PortId(2 + 2 * self.paths)
    }
}

/// The simulated network.
#[derive(Clone, Debug)]
pub enum Network {
    FatTree(FatTree),
    NPath(NPath),
}

impl Network {
    pub fn hosts(&self) -> u32 {
        match self {
            Network::FatTree(t) => t.hosts,
            Network::NPath(_) => 2,
        }
    }

    pub fn node_count(&self) -> u32 {
        match self {
            Network::FatTree(t) => t.node_count(),
            Network::NPath(n) => 4 + n.paths,
        }
    }

    pub fn port_count(&self) -> u32 {
        match self {
            Network::FatTree(t) => t.port_count(),
            Network::NPath(n) => 3 + 2 * n.paths,
        }
    }

    /// Switch output ports (all but the host NICs), numbered after the NICs.
    pub fn switch_port_count(&self) -> u32 {
        self.port_count() - self.hosts()
    }

    /// The NIC port of `host` (host → first switch).
    pub fn nic_port(&self, host: HostId) -> PortId {
        PortId(host.0)
    }

    /// The host `node` is, if it is one (hosts are the first nodes).
    pub fn host_of(&self, node: NodeId) -> Option<HostId> {
        (node.0 < self.hosts()).then_some(HostId(node.0))
    }

    /// The host whose NIC `port` is, if it is one.
    pub fn nic_host(&self, port: PortId) -> Option<HostId> {
        (port.0 < self.hosts()).then_some(HostId(port.0))
    }

    /// The node a port leads to.
    pub fn port_to(&self, p: PortId) -> NodeId {
        match self {
            Network::FatTree(t) => t.port_to(p),
            Network::NPath(n) => match p.0 {
                0 => NPath::SPRAY,
                1 => n.return_node(),
                p if p < 2 + n.paths => n.path_node(p - 2),
                p if p < 2 + 2 * n.paths => NodeId(1),
                _ => NodeId(0),
            },
        }
    }

    /// The node a port leaves.
    pub fn port_from(&self, p: PortId) -> NodeId {
        match self {
            Network::FatTree(t) => t.port_from(p),
            Network::NPath(n) => match p.0 {
                p @ (0 | 1) => NodeId(p),
                p if p < 2 + n.paths => NPath::SPRAY,
                p if p < 2 + 2 * n.paths => n.path_node(p - 2 - n.paths),
                _ => n.return_node(),
            },
        }
    }

    /// Path slots a flow's packets are counted in (see [`Network::path_slot`]).
    pub fn path_slots(&self) -> u32 {
        match self {
            Network::FatTree(t) => t.cores,
            Network::NPath(n) => n.paths,
        }
    }

    /// The path slot a data packet from `src` to `dst` takes, counted at the highest switch of
    /// its path: a core (or, within a pod, an aggregation switch) of a fat-tree; the path switch
    /// of the n-path model. `None` at any other node.
    pub fn path_slot(&self, node: NodeId, src: u32, dst: u32) -> Option<u32> {
        match self {
            Network::FatTree(t) => t.apex_slot(node, src, dst),
            Network::NPath(n) => (node.0 >= 3 && node < n.return_node()).then(|| node.0 - 3),
        }
    }

    /// The network as a front end draws it.
    pub fn map(&self) -> NetMap {
        let port_ends = (self.hosts()..self.port_count())
            .map(PortId)
            .map(|p| (self.port_from(p).0, self.port_to(p).0))
            .collect();
        let (shape, failed_ports) = match self {
            Network::FatTree(t) => {
                let failed = (0..t.link_count())
                    .filter(|&l| t.link_failed(l))
                    .flat_map(|l| t.link_ports(l))
                    .map(|p| p.0 - self.hosts())
                    .collect();
                (Shape::FatTree { fabric: t.fabric }, failed)
            }
            Network::NPath(n) => (Shape::NPath { paths: n.paths }, Vec::new()),
        };
        NetMap {
            shape,
            port_ends,
            failed_ports,
            path_slots: self.path_slots(),
        }
    }

    /// The forwarding decision at switch `node` for a packet to host `dst`.
    pub fn hop(&self, node: NodeId, dst: u32) -> Hop {
        match self {
            Network::FatTree(t) => t.hop(node, dst),
            Network::NPath(n) => match node {
                NPath::SPRAY => Hop::ByLabel {
                    first: n.spray_port(0),
                    count: n.paths,
                },
                node if node == n.return_node() => Hop::Port(n.return_port()),
                node => Hop::Port(n.path_out_port(node.0 - 3)),
            },
        }
    }

    /// The up-ports (bit i: the i-th of the hop's choices) of `node` that still lead to `dst`.
    pub fn up_mask(&self, node: NodeId, dst: u32) -> UpMask {
        match self {
            Network::FatTree(t) => t.up_mask(node, dst),
            Network::NPath(_) => UpMask::MAX,
        }
    }

    /// Latency a port adds to the link latency (the n-path network's long path).
    pub fn extra_latency(&self, p: PortId) -> SimTime {
        match self {
            Network::NPath(n) if p == n.path_out_port(0) => n.long_extra,
            _ => 0,
        }
    }

    /// Whether a port marks every packet it sends (the n-path network's long path, if asked).
    pub fn marks_all(&self, p: PortId) -> bool {
        matches!(self, Network::NPath(n) if n.long_ecn && p == n.path_out_port(0))
    }

    /// Links a packet from `src` to `dst` crosses, and links its ACK crosses back, on the
    /// shortest path.
    pub fn round_trip_links(&self, src: u32, dst: u32) -> (u32, u32) {
        match self {
            Network::FatTree(t) => {
                let l = t.path_links(src, dst);
                (l, l)
            }
            Network::NPath(_) => (3, 2),
        }
    }

    /// A readable name for a port.
    pub fn port_name(&self, p: PortId) -> String {
        match self {
            Network::FatTree(t) => t.port_name(p),
            Network::NPath(n) => match p.0 {
                p @ (0 | 1) => format!("host{p}.nic"),
                p if p < 2 + n.paths => format!("spray.path{}", p - 2),
                p if p < 2 + 2 * n.paths => format!("path{}.out", p - 2 - n.paths),
                _ => "return.out".to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_reaches_the_receiver_and_acks_return() {
        let net = Network::NPath(NPath {
            paths: 5,
            long_extra: 7,
            long_ecn: false,
        });
        for label in 0..10u32 {
            // sender NIC → spray switch → path (label mod n) → receiver
            let mut node = net.port_to(net.nic_port(HostId(0)));
            let mut ports = Vec::new();
            while net.host_of(node).is_none() {
                let port = match net.hop(node, 1) {
                    Hop::Port(p) => p,
                    Hop::ByLabel { first, count } => first.offset(label % count),
                    Hop::Up { .. } => panic!("no hashing in the n-path network"),
                };
                ports.push(port);
                node = net.port_to(port);
            }
            assert_eq!(node, NodeId(1));
            assert_eq!(ports.len(), 2);
            let extra: u64 = ports.iter().map(|&p| net.extra_latency(p)).sum();
            assert_eq!(extra, if label % 5 == 0 { 7 } else { 0 });
        }
        let back = net.port_to(net.nic_port(HostId(1)));
        let Hop::Port(p) = net.hop(back, 0) else {
            panic!()
        };
        assert_eq!(net.port_to(p), NodeId(0));
        assert_eq!(net.round_trip_links(0, 1), (3, 2));
        assert_eq!(
            (net.port_count(), net.switch_port_count(), net.node_count()),
            (13, 11, 9)
        );
        assert_eq!(net.port_name(PortId(2)), "spray.path0");
    }
}
