//! A picture of the network for front ends: its shape, the two ends of every switch port (in
//! timeline order, so a port's queue samples can colour its link), the failed links, and how
//! many path slots the timeline counts per flow.
//!
//! A fat-tree's nodes are numbered hosts, ToRs, aggregation switches, cores (see
//! [`super::topology`]); the n-path network's are the two hosts, the spray switch, the n path
//! switches and the return switch (see [`super::network`]). [`NetMap::role`] names any node.

use crate::scenario::Fabric;
use serde::{Deserialize, Serialize};

/// Which network a run simulates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shape {
    /// A fat-tree or leaf-spine.
    FatTree { fabric: Fabric },
    /// The theory model: one flow over `paths` parallel paths, path 0 the long one.
    NPath { paths: u32 },
}

/// What a node is, with its index within its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host(u32),
    Tor(u32),
    Agg(u32),
    Core(u32),
    /// The n-path sender's switch that sprays over the paths.
    Spray,
    /// The switch of n-path path `i` (path 0 is the long one).
    Path(u32),
    /// The n-path network's ACK path.
    Return,
}

/// The network as a front end draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NetMap {
    pub shape: Shape,
    /// (from node, to node) of every switch port, in timeline order.
    pub port_ends: Vec<(u32, u32)>,
    /// Timeline indices of the ports of failed links.
    pub failed_ports: Vec<u32>,
    /// Path slots per flow in [`super::timeline::TimelineBatch::path_pkts`]: the core switches
    /// of a fat-tree, the paths of the n-path model.
    pub path_slots: u32,
}

impl NetMap {
    /// Hosts, ToRs, aggregation switches and cores of a fat-tree (0 for the n-path model).
    pub fn tiers(&self) -> [u32; 4] {
        match self.shape {
            Shape::FatTree { fabric: f } => [f.hosts(), f.tors(), f.aggs(), f.cores()],
            Shape::NPath { .. } => [2, 0, 0, 0],
        }
    }

    /// What node `n` is.
    pub fn role(&self, n: u32) -> Role {
        match self.shape {
            Shape::FatTree { .. } => {
                let [hosts, tors, aggs, _] = self.tiers();
                if n < hosts {
                    Role::Host(n)
                } else if n < hosts + tors {
                    Role::Tor(n - hosts)
                } else if n < hosts + tors + aggs {
                    Role::Agg(n - hosts - tors)
                } else {
                    Role::Core(n - hosts - tors - aggs)
                }
            }
            Shape::NPath { paths } => match n {
                0 | 1 => Role::Host(n),
                2 => Role::Spray,
                n if n < 3 + paths => Role::Path(n - 3),
                _ => Role::Return,
            },
        }
    }

    /// Nodes in all.
    pub fn nodes(&self) -> u32 {
        match self.shape {
            Shape::FatTree { .. } => self.tiers().iter().sum(),
            Shape::NPath { paths } => 4 + paths,
        }
    }
}
