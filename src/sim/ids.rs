//! Typed indices. Each wraps the `u32` index of its arena in a small `Copy` value, so one kind
//! cannot be passed where another is meant: a port's number is not a host's, even where the
//! numbering makes them equal (host `h`'s NIC is port `h`).

/// A host (a server's NIC and its flows' endpoints).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HostId(pub u32);

/// A flow, in the order the workload made them (the timeline's order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FlowId(pub u32);

/// A node: a host or a switch, numbered hosts first, then ToRs, aggregation and core switches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

/// An output port: one direction of a link, numbered host NICs first, then each switch's
/// ports in turn, so per-port state lives in plain arrays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PortId(pub u32);

impl NodeId {
    /// Its position in per-node arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl PortId {
    /// Its position in per-port arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The `i`-th port after this one (a switch's ports are contiguous).
    pub fn offset(self, i: u32) -> PortId {
        PortId(self.0 + i)
    }
}

impl HostId {
    /// Its position in per-host arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl FlowId {
    /// Its position in per-flow arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where an arriving packet lands: the node it reaches and the port whose link it crossed,
/// packed in 32 bits (the node in the low 14), so that a packet carries it and stays 32 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Landing(u32);

impl Landing {
    const NODE_BITS: u32 = 14;

    pub fn new(node: NodeId, via: PortId) -> Landing {
        debug_assert!(node.0 < 1 << Self::NODE_BITS && via.0 < 1 << (32 - Self::NODE_BITS));
        Landing(node.0 | via.0 << Self::NODE_BITS)
    }

    pub fn node(self) -> NodeId {
        NodeId(self.0 & ((1 << Self::NODE_BITS) - 1))
    }

    pub fn via(self) -> PortId {
        PortId(self.0 >> Self::NODE_BITS)
    }

    /// Its 32 bits, and back: a queued packet's landing is spent, and its queue keeps a link
    /// there (`queue.rs`).
    pub fn to_bits(self) -> u32 {
        self.0
    }

    pub fn from_bits(bits: u32) -> Landing {
        Landing(bits)
    }
}

// Every network fits: a k = 32 fat-tree has 9472 nodes and 49152 ports, a k = 128 leaf-spine
// 8384 nodes and 32768 ports (fewer pods or oversubscription only remove switches and ports);
// the largest n-path model (10,000 paths) 10,004 nodes and 20,003 ports. Bundles to the cores
// add ports, at most 64 up-links an aggregation switch (`MAX_SWITCH_UP`): the k = 32 tree with
// bundles of 4 has 98,304.
const _: () = {
    use crate::scenario::{Fabric, MAX_K, MAX_K_TWO_TIERS};
    let tree = Fabric::fat_tree(MAX_K);
    let leaf_spine = Fabric {
        tiers: 2,
        hosts_per_tor: MAX_K_TWO_TIERS / 2,
        tor_up: MAX_K_TWO_TIERS / 2,
        tors_per_pod: MAX_K_TWO_TIERS,
        agg_up: 0,
        pods: 1,
        core_bundle: 1,
        gbps: [1; 3],
    };
    assert!(tree.nodes() < 1 << Landing::NODE_BITS);
    assert!(leaf_spine.nodes() < 1 << Landing::NODE_BITS);
    assert!(10_004 < 1 << Landing::NODE_BITS);
    assert!(tree.ports() < 1 << (32 - Landing::NODE_BITS));
    let bundled = tree.with_links(crate::scenario::MAX_SWITCH_UP / (MAX_K / 2), [1; 3]);
    assert!(bundled.ports() < 1 << (32 - Landing::NODE_BITS));
    assert!(leaf_spine.ports() < 1 << (32 - Landing::NODE_BITS));
};
