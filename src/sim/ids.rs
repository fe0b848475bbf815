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
