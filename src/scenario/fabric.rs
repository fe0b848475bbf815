//! The switch fabric a scenario's hosts hang off: a folded Clos of two or three tiers, built from
//! four numbers in `[topology]` (`k`, `tiers`, `oversubscription`, `agg_oversubscription`) and
//! one count (`pods`).
//!
//! The k-ary three-tier fat-tree (Al-Fares et al.) is the default: k pods of k/2 ToRs and k/2
//! aggregation switches, (k/2)² cores, k³/4 hosts. From it:
//! - **oversubscription** o at the ToR: a ToR keeps its k/2 hosts but has k/(2o) up-links, so a
//!   pod has k/(2o) aggregation switches and the fabric (k/2)·k/(2o) cores. This is how the
//!   UEC reference simulator's `fat_tree_*_4os` files thin a tree (Radix_Down 16, Radix_Up 4);
//! - **agg_oversubscription** o₁ at the aggregation switch: k/(2o₁) up-links each, fewer cores
//!   (its `fat_tree_128_4os.topo` has one up-link per aggregation switch);
//! - **pods**: how many of a core's k ports carry a pod (0: all k). A fabric built for larger
//!   switches, partly filled;
//! - **tiers = 2**, a leaf-spine: `pods` ToRs (0: k) of k/2 hosts, each with k/(2o) up-links, one
//!   to every spine; k/(2o) spines. Its spines are named and drawn as aggregation switches.
//!
//! Every ToR has one link to every aggregation switch of its pod (every spine), every aggregation
//! switch one to each of the cores of its column: aggregation switch j of each pod (j < k/(2o))
//! reaches cores j·u₁ … j·u₁ + u₁ − 1, u₁ = k/(2o₁). That is the wiring of the reference's
//! `FatTreeTopology` with the cores numbered column by column (it numbers them round-robin,
//! `podpos + aggs_per_pod·l`): the same graph.
//!
//! Two more numbers shape the links rather than the switches, as the reference's topology files
//! do per tier:
//! - **rates** per kind of link (`topology.link_gbps` for the hosts' links, `agg_link_gbps` for
//!   ToR–aggregation (spine) links, `core_link_gbps` for aggregation–core links), so a tier of
//!   slower links shows as oversubscription of capacity, not of ports;
//! - **core_bundle** b: an aggregation switch reaches each core of its column over b parallel
//!   links (the reference's tier-2 `Bundle`): its k/(2o₁)·b up-ports lead to k/(2o₁) cores, and
//!   a core has b ports to each pod. ToR–aggregation bundles are not built.

use super::Topology;
use serde::{Deserialize, Serialize};

/// The most up-links a switch may have (the simulator's routing choice is a 64-bit mask).
pub const MAX_SWITCH_UP: u32 = 64;

/// The rate [`Fabric::new`] gives every link: the scenario's default `topology.link_gbps`.
pub const DEFAULT_GBPS: u32 = 800;

impl Topology {
    /// The fabric its fields describe.
    pub fn fabric(&self) -> Fabric {
        Fabric::new(
            self.k,
            self.tiers,
            self.oversubscription,
            self.agg_oversubscription,
            self.pods,
        )
        .with_links(self.core_bundle, self.tier_gbps())
    }

    /// The rates of the host, ToR–aggregation and aggregation–core links (0 in a field: the
    /// hosts' `link_gbps`).
    pub fn tier_gbps(&self) -> [u32; 3] {
        let or_host = |g: u32| if g == 0 { self.link_gbps } else { g };
        [
            self.link_gbps,
            or_host(self.agg_link_gbps),
            or_host(self.core_link_gbps),
        ]
    }
}

/// The shape of a fabric, every count derived from the scenario's fields (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fabric {
    /// 2 (leaf-spine) or 3 (fat-tree).
    pub tiers: u32,
    /// Hosts under one ToR (k/2).
    pub hosts_per_tor: u32,
    /// Up-links of a ToR: one to each aggregation switch of its pod (each spine).
    pub tor_up: u32,
    /// ToRs of a pod (k/2), or every ToR of a leaf-spine.
    pub tors_per_pod: u32,
    /// Up-links of an aggregation switch, one to each core of its column (0 in a leaf-spine).
    pub agg_up: u32,
    /// Pods (1 in a leaf-spine): a core's down-links go to each `core_bundle` times.
    pub pods: u32,
    /// Parallel links from an aggregation switch to each core of its column (1 in a
    /// leaf-spine); `agg_up` counts each of them.
    pub core_bundle: u32,
    /// Link rates, Gb/s: host–ToR, ToR–aggregation (spine), aggregation–core.
    pub gbps: [u32; 3],
}

impl Fabric {
    /// The k-ary three-tier fat-tree (no oversubscription, every pod).
    pub const fn fat_tree(k: u32) -> Fabric {
        Fabric {
            tiers: 3,
            hosts_per_tor: k / 2,
            tor_up: k / 2,
            tors_per_pod: k / 2,
            agg_up: k / 2,
            pods: k,
            core_bundle: 1,
            gbps: [DEFAULT_GBPS; 3],
        }
    }

    /// The same switches with `bundle` parallel links to each core (three tiers) and the link
    /// `gbps` of each kind.
    pub const fn with_links(self, bundle: u32, gbps: [u32; 3]) -> Fabric {
        let bundle = if self.tiers == 3 { bundle } else { 1 };
        Fabric {
            agg_up: self.agg_up.saturating_mul(bundle),
            core_bundle: bundle,
            gbps,
            ..self
        }
    }

    /// The fabric of `k`, `tiers`, the two oversubscription ratios and `pods` (0: k), fields
    /// already checked by the scenario's rules.
    pub fn new(k: u32, tiers: u32, tor_over: u32, agg_over: u32, pods: u32) -> Fabric {
        let half = k / 2;
        let pods = if pods == 0 { k } else { pods };
        let tor_up = half / tor_over.max(1);
        match tiers {
            2 => Fabric {
                tiers: 2,
                hosts_per_tor: half,
                tor_up,
                tors_per_pod: pods,
                agg_up: 0,
                pods: 1,
                core_bundle: 1,
                gbps: [DEFAULT_GBPS; 3],
            },
            _ => Fabric {
                tiers: 3,
                hosts_per_tor: half,
                tor_up,
                tors_per_pod: half,
                agg_up: half / agg_over.max(1),
                pods,
                core_bundle: 1,
                gbps: [DEFAULT_GBPS; 3],
            },
        }
    }

    /// The full k-ary three-tier fat-tree (the paper's), one rate on every link, not one of
    /// its variants.
    pub fn is_full_tree(&self) -> bool {
        let one_rate = self.gbps.iter().all(|&g| g == self.gbps[0]);
        one_rate
            && Fabric {
                gbps: [DEFAULT_GBPS; 3],
                ..*self
            } == Fabric::fat_tree(2 * self.hosts_per_tor)
    }

    /// Cores an aggregation switch reaches (its up-links over the bundle).
    pub const fn cores_per_column(&self) -> u32 {
        self.agg_up
            / if self.core_bundle == 0 {
                1
            } else {
                self.core_bundle
            }
    }

    /// The core aggregation switch up-port `i` leads to, counted from its column's first, and
    /// the link's place in the bundle.
    pub const fn core_and_member(&self, i: u32) -> (u32, u32) {
        let b = if self.core_bundle == 0 {
            1
        } else {
            self.core_bundle
        };
        (i / b, i % b)
    }

    /// Aggregation switches of a pod (spines of a leaf-spine): one per ToR up-link.
    pub const fn aggs_per_pod(&self) -> u32 {
        self.tor_up
    }

    // counts saturate: a scenario's fabric is also read before its fields are checked

    pub const fn tors(&self) -> u32 {
        self.pods.saturating_mul(self.tors_per_pod)
    }

    pub const fn aggs(&self) -> u32 {
        self.pods.saturating_mul(self.aggs_per_pod())
    }

    /// Cores: each aggregation switch's up-links lead to cores of its own column.
    pub const fn cores(&self) -> u32 {
        match self.tiers {
            2 => 0,
            _ => self.aggs_per_pod().saturating_mul(self.cores_per_column()),
        }
    }

    pub const fn hosts(&self) -> u32 {
        self.tors().saturating_mul(self.hosts_per_tor)
    }

    /// Ports of a ToR, of an aggregation switch (spine) and of a core: down-links, then up-links.
    pub const fn radix(&self) -> [u32; 3] {
        [
            self.hosts_per_tor.saturating_add(self.tor_up),
            self.tors_per_pod.saturating_add(self.agg_up),
            self.pods.saturating_mul(self.core_bundle),
        ]
    }

    /// Inter-switch links: ToR up-links, then aggregation up-links.
    pub const fn links(&self) -> u32 {
        let up = self.tors().saturating_mul(self.tor_up);
        up.saturating_add(self.aggs().saturating_mul(self.agg_up))
    }

    /// Switch output ports in all (both ends of every inter-switch link, and the ToRs' host
    /// ports).
    pub const fn switch_ports(&self) -> u32 {
        let [t, a, c] = self.radix();
        let tors = self.tors().saturating_mul(t);
        let aggs = self.aggs().saturating_mul(a);
        tors.saturating_add(aggs)
            .saturating_add(self.cores().saturating_mul(c))
    }

    /// Hosts and switches.
    pub const fn nodes(&self) -> u32 {
        let switches = self.tors().saturating_add(self.aggs());
        self.hosts()
            .saturating_add(switches)
            .saturating_add(self.cores())
    }

    /// Output ports: the hosts' NICs and the switches'.
    pub const fn ports(&self) -> u32 {
        self.hosts().saturating_add(self.switch_ports())
    }

    /// The switches at the top of a path between hosts of different pods (different ToRs of a
    /// leaf-spine), the cores (spines): the path slots a flow's packets are counted in. Without
    /// bundles, the distinct shortest paths.
    pub const fn widest(&self) -> u32 {
        match self.tiers {
            2 => self.tor_up,
            _ => self.cores(),
        }
    }

    /// The most up-links any switch has (the width of a routing choice).
    pub const fn most_up(&self) -> u32 {
        if self.tor_up > self.agg_up {
            self.tor_up
        } else {
            self.agg_up
        }
    }

    /// The ratio of host bandwidth to the bandwidth that leaves a pod (or a leaf-spine's ToR):
    /// 1 for a full-bisection fabric.
    pub fn oversubscription(&self) -> f64 {
        let [host, agg, core] = self.gbps.map(f64::from);
        let tor = self.hosts_per_tor as f64 * host / (self.tor_up as f64 * agg);
        match self.tiers {
            2 => tor,
            _ => tor * self.tors_per_pod as f64 * agg / (self.agg_up as f64 * core),
        }
    }

    /// One line for reports: `k-ary three-tier fat-tree, 128 hosts` and its oversubscription.
    pub fn describe(&self) -> String {
        let kind = match self.tiers {
            2 => format!(
                "leaf-spine of {} ToRs and {} spines",
                self.tors(),
                self.aggs()
            ),
            _ => format!(
                "three-tier fat-tree of {} pods, {} cores",
                self.pods,
                self.cores()
            ),
        };
        let over = self.oversubscription();
        if over == 1.0 {
            format!("{kind}, {} hosts", self.hosts())
        } else {
            format!("{kind}, {} hosts, {over}:1 oversubscribed", self.hosts())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_k_ary_fat_tree() {
        for k in (4..=32).step_by(2) {
            let f = Fabric::new(k, 3, 1, 1, 0);
            assert_eq!(f, Fabric::fat_tree(k));
            assert_eq!(
                (f.hosts(), f.tors(), f.aggs(), f.cores()),
                (k * k * k / 4, k * k / 2, k * k / 2, k * k / 4)
            );
            assert_eq!(f.radix(), [k, k, k]);
            assert_eq!(f.links(), k * k * k / 2);
            assert_eq!(f.widest(), k * k / 4);
            assert_eq!(f.oversubscription(), 1.0);
        }
    }

    /// The counts the reference's `FatTreeTopologyCfg::set_custom_params` derives for its
    /// shipped topology files, from their Radix_Down/Radix_Up lines.
    #[test]
    fn counts_match_the_reference_files() {
        // name, fabric, (hosts, tors, aggs, cores)
        let cases = [
            (
                "fat_tree_128_4os",
                Fabric::new(8, 3, 1, 4, 0),
                (128, 32, 32, 4),
            ),
            (
                "fat_tree_128_8os",
                Fabric::new(8, 3, 4, 2, 0),
                (128, 32, 8, 2),
            ),
            (
                "fat_tree_1024_4os",
                Fabric::new(16, 3, 4, 1, 0),
                (1024, 128, 32, 16),
            ),
            (
                "fat_tree_1024_8os",
                Fabric::new(16, 3, 4, 2, 0),
                (1024, 128, 32, 8),
            ),
            (
                "fat_tree_8192_4os",
                Fabric::new(32, 3, 4, 1, 0),
                (8192, 512, 128, 64),
            ),
            (
                "leaf_spine_1024",
                Fabric::new(64, 2, 1, 1, 32),
                (1024, 32, 32, 0),
            ),
            (
                "leaf_spine_1024_oversub",
                Fabric::new(64, 2, 4, 1, 32),
                (1024, 32, 8, 0),
            ),
            (
                "leaf_spine_8192_100g",
                Fabric::new(128, 2, 1, 1, 0),
                (8192, 128, 64, 0),
            ),
            (
                "leaf_spine_tiny",
                Fabric::new(16, 2, 4, 1, 4),
                (32, 4, 2, 0),
            ),
        ];
        for (name, f, want) in cases {
            assert_eq!((f.hosts(), f.tors(), f.aggs(), f.cores()), want, "{name}");
        }
        assert_eq!(Fabric::new(8, 3, 4, 2, 0).oversubscription(), 8.0);
        assert_eq!(Fabric::new(64, 2, 4, 1, 32).oversubscription(), 4.0);
    }
}
