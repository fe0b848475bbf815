//! A large fat-tree's picture, pod by pod. Beyond [`super::MAX_PODS_DRAWN`] pods (k ≥ 18: 1458 hosts
//! and more) every switch drawn apart makes a grey mass (k = 32: 1280 switches, 16,384 links
//! between switches), so the picture shows two views instead:
//! - all pods: each pod one block, filled with the largest queue inside it (its host and
//!   ToR–aggregation links); above them the cores in columns, one node per column (the cores
//!   that the aggregation switches of one index reach, in every pod); one link per pod and
//!   column, carrying every port between that pod's aggregation switch and the column's cores;
//! - one pod open: its aggregation switches, ToRs and host groups as a small fat-tree draws
//!   them, under the core columns, each aggregation switch linked to its column; the label at
//!   the top left ([`super::BACK`]) goes back to all pods.
//!
//! Every switch port of the network is in exactly one drawn link or block of the all-pods view,
//! so no queue goes unseen; the open view shows the pod's own ports and its up-links.

use super::{spread, Block, Layout, Links, Node, MARGIN, MAX_HOSTS_DRAWN};
use crate::scenario::Fabric;
use crate::sim::netmap::{NetMap, Role};

/// The cores row, then the blocks from top to bottom (all pods).
const CORE_Y: f64 = 0.08;
const BLOCK_Y: (f64, f64) = (0.40, 0.92);
/// The rows of an open pod: core columns, aggregation switches, ToRs, hosts; below the way back.
const OPEN_ROWS: [f64; 4] = [0.18, 0.42, 0.66, 0.92];

/// The pod of a host, ToR or aggregation switch (`None`: a core).
fn pod_of(role: Role, f: &Fabric) -> Option<u32> {
    let (hpt, tpp, app) = (f.hosts_per_tor, f.tors_per_pod, f.aggs_per_pod());
    match role {
        Role::Host(h) => Some(h / hpt / tpp),
        Role::Tor(t) => Some(t / tpp),
        Role::Agg(a) => Some(a / app),
        _ => None,
    }
}

/// x of core column `c` of `columns`, across the whole width.
fn column_x(c: u32, columns: u32) -> f64 {
    spread(c, columns, MARGIN, 1.0 - MARGIN)
}

/// The core columns as nodes (each standing as its first core), and every core's place.
fn columns(map: &NetMap, f: &Fabric, y: f64, places: &mut [Option<(f64, f64)>]) -> Vec<Node> {
    let [hosts, tors, aggs, cores] = map.tiers();
    let (app, cpc) = (f.aggs_per_pod(), f.cores_per_column().max(1));
    for c in 0..cores {
        places[(hosts + tors + aggs + c) as usize] = Some((column_x(c / cpc, app), y));
    }
    (0..app)
        .map(|c| Node {
            at: (column_x(c, app), y),
            role: Role::Core(c * cpc),
            hosts: 0..0,
        })
        .collect()
}

/// All pods as blocks under the core columns.
pub fn blocks(map: &NetMap, f: &Fabric) -> Layout {
    let [hosts, tors, aggs, _] = map.tiers();
    let app = f.aggs_per_pod();
    let mut places = vec![None; map.nodes() as usize];
    let nodes = columns(map, f, CORE_Y, &mut places);
    let pod_w = (1.0 - 2.0 * MARGIN) / f.pods as f64;
    let mut blocks: Vec<Block> = (0..f.pods)
        .map(|pod| {
            let x = MARGIN + pod as f64 * pod_w;
            Block {
                pod,
                lo: (x + pod_w * 0.12, BLOCK_Y.0),
                hi: (x + pod_w * 0.88, BLOCK_Y.1),
                ports: Vec::new(),
            }
        })
        .collect();
    // a pod's hosts and ToRs at its block's centre, its aggregation switches at the top edge,
    // where its links to the cores leave
    for n in 0..hosts + tors + aggs {
        let role = map.role(n);
        if let Some(b) = pod_of(role, f).map(|pod| &blocks[pod as usize]) {
            let x = (b.lo.0 + b.hi.0) / 2.0;
            let y = match role {
                Role::Agg(_) => b.lo.1,
                _ => (b.lo.1 + b.hi.1) / 2.0,
            };
            places[n as usize] = Some((x, y));
        }
    }
    let mut links = Links::default();
    let cpc = f.cores_per_column().max(1);
    for (p, &(from, to)) in map.port_ends.iter().enumerate() {
        let (lo, hi) = if from < to { (from, to) } else { (to, from) };
        let pod = pod_of(map.role(lo), f).unwrap_or(0);
        match map.role(hi) {
            // the pod's aggregation switch of column i, up to the column's cores, drawn from
            // the top of the pod's block
            Role::Core(c) => {
                let key = (lo, hi - c + c / cpc * cpc);
                let top = |n: u32| match map.role(n) {
                    Role::Agg(_) => places[n as usize].unwrap_or_default(),
                    _ => (column_x(c / cpc, app), CORE_Y),
                };
                links.add(map, p, key, top);
            }
            _ => blocks[pod as usize].ports.push(p as u32),
        }
    }
    let links = links.drawn;
    Layout {
        nodes,
        links,
        grouped: true,
        blocks,
        open: None,
        places,
        tiers: map.tiers(),
    }
}

/// Pod `pod` open: its switches and host groups under the core columns.
pub fn one_pod(map: &NetMap, f: &Fabric, pod: u32) -> Layout {
    let [hosts, tors, aggs, _] = map.tiers();
    let (hpt, tpp, app) = (f.hosts_per_tor, f.tors_per_pod, f.aggs_per_pod());
    let grouped = hpt * tpp > MAX_HOSTS_DRAWN;
    let mut places = vec![None; map.nodes() as usize];
    let mut nodes = columns(map, f, OPEN_ROWS[0], &mut places);
    let (lo, hi) = (MARGIN, 1.0 - MARGIN);
    let mut place = |n: u32, at: (f64, f64), role: Option<(Role, std::ops::Range<u32>)>| {
        places[n as usize] = Some(at);
        if let Some((role, hosts)) = role {
            nodes.push(Node { at, role, hosts });
        }
    };
    for i in 0..app {
        let a = pod * app + i;
        let at = (spread(i, app, lo, hi), OPEN_ROWS[1]);
        place(hosts + tors + a, at, Some((Role::Agg(a), 0..0)));
    }
    let tor_w = (hi - lo) / tpp as f64;
    for i in 0..tpp {
        let t = pod * tpp + i;
        let x = spread(i, tpp, lo, hi);
        place(hosts + t, (x, OPEN_ROWS[2]), Some((Role::Tor(t), 0..0)));
        for j in 0..hpt {
            let h = t * hpt + j;
            // a group is drawn once, as its first host; the others share its place
            let (at, drawn) = if grouped {
                (
                    (x, OPEN_ROWS[3]),
                    (j == 0).then(|| (Role::Host(h), h..h + hpt)),
                )
            } else {
                let x = spread(j, hpt, x - tor_w * 0.42, x + tor_w * 0.42);
                ((x, OPEN_ROWS[3]), Some((Role::Host(h), h..h + 1)))
            };
            place(h, at, drawn);
        }
    }
    let mut links = Links::default();
    for (p, &(from, to)) in map.port_ends.iter().enumerate() {
        let (lo_n, hi_n) = if from < to { (from, to) } else { (to, from) };
        if pod_of(map.role(lo_n), f) != Some(pod) {
            continue;
        }
        // a host group's links as one, an aggregation switch's up-links as one per column
        let key = match (map.role(lo_n), map.role(hi_n)) {
            (Role::Host(h), _) if grouped => (h / hpt * hpt, hi_n),
            (_, Role::Core(c)) => {
                let cpc = f.cores_per_column().max(1);
                (lo_n, hosts + tors + aggs + c / cpc * cpc)
            }
            _ => (lo_n, hi_n),
        };
        links.add(map, p, key, |n| places[n as usize].unwrap_or_default());
    }
    let links = links.drawn;
    Layout {
        nodes,
        links,
        grouped,
        blocks: Vec::new(),
        open: Some((pod, f.pods)),
        places,
        tiers: map.tiers(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Hit, Link, LinkKind, BACK};
    use super::*;
    use crate::scenario::Scenario;
    use crate::Simulation;

    fn k32() -> NetMap {
        let mut s = Scenario::default();
        s.topology.k = 32;
        s.workload.elephants = 0;
        s.workload.flow_size_bytes = 4096;
        Simulation::new(&s).unwrap().network_map()
    }

    /// Each port once: in a drawn link or in a block.
    fn ports_of(l: &Layout) -> Vec<u32> {
        let mut all: Vec<u32> = l.links.iter().flat_map(|x| x.ports.clone()).collect();
        all.extend(l.blocks.iter().flat_map(|b| b.ports.clone()));
        all.sort_unstable();
        all
    }

    #[test]
    fn k32_is_drawn_as_32_blocks_under_16_core_columns_with_every_port_once() {
        let map = k32();
        let l = Layout::of(&map, None);
        assert_eq!((l.blocks.len(), l.nodes.len(), l.open), (32, 16, None));
        // a link per pod and column, both directions of its 16 cores' links
        assert_eq!(l.links.len(), 32 * 16);
        assert!(l.links.iter().all(|x| x.ports.len() == 32));
        let every: Vec<u32> = (0..map.port_ends.len() as u32).collect();
        assert_eq!(ports_of(&l), every);
        // inside a block: its 256 hosts' and 256 ToR–aggregation links' ports (ToR → host,
        // and both directions between ToR and aggregation switch)
        assert!(l.blocks.iter().all(|b| b.ports.len() == 256 + 2 * 256));
        assert!(
            l.places.iter().all(Option::is_some),
            "every node has a place"
        );
        let b = &l.blocks[7];
        let centre = ((b.lo.0 + b.hi.0) / 2.0, (b.lo.1 + b.hi.1) / 2.0);
        assert_eq!(l.hit(centre, 0.01), Some(Hit::Pod(7)));
        // a finger just right of the block, in the gap before the next, still opens it
        assert_eq!(l.hit((b.hi.0 + 0.001, centre.1), 0.01), Some(Hit::Pod(7)));
        assert_eq!(l.place(Role::Host(7 * 256 + 3)), Some(centre));
        assert_eq!(l.place(Role::Agg(7 * 16)), Some((centre.0, b.lo.1)));
        // no way back where nothing is open
        assert_ne!(l.hit((0.01, 0.01), 0.001), Some(Hit::AllPods));
    }

    #[test]
    fn an_open_pod_draws_its_switches_and_host_groups_under_the_columns() {
        let map = k32();
        let l = Layout::of(&map, Some(5));
        assert_eq!(l.open, Some((5, 32)));
        assert!(l.blocks.is_empty() && l.grouped);
        // 16 core columns, 16 aggregation switches, 16 ToRs, 16 host groups
        assert_eq!(l.nodes.len(), 64);
        // 16 host groups, 256 ToR–aggregation links, 16 up-links (one per column)
        assert_eq!(l.links.len(), 16 + 256 + 16);
        let up: Vec<&Link> = l
            .links
            .iter()
            .filter(|x| x.kind == LinkKind::AggCore)
            .collect();
        assert!(
            up.iter().all(|x| x.ports.len() == 32),
            "16 cores, both directions"
        );
        // the pod's own ports only, each once
        let [hosts, tors, aggs, _] = map.tiers();
        let inside =
            |n: u32| n < hosts + tors + aggs && pod_of(map.role(n), &fabric(&map)) == Some(5);
        let mine: Vec<u32> = (0..map.port_ends.len() as u32)
            .filter(|&p| {
                let (a, b) = map.port_ends[p as usize];
                inside(a.min(b))
            })
            .collect();
        assert_eq!(ports_of(&l), mine);
        // another pod's nodes are off the picture; the cores keep their columns
        assert_eq!(l.place(Role::Tor(0)), None);
        assert!(l.place(Role::Tor(5 * 16)).is_some() && l.place(Role::Core(255)).is_some());
        let back = ((BACK.0 .0 + BACK.1 .0) / 2.0, (BACK.0 .1 + BACK.1 .1) / 2.0);
        assert_eq!(l.hit(back, 0.01), Some(Hit::AllPods));
        // a pod the fabric does not have opens nothing
        assert_eq!(Layout::of(&map, Some(32)).open, None);
    }

    fn fabric(map: &NetMap) -> Fabric {
        match map.shape {
            crate::sim::netmap::Shape::FatTree { fabric } => fabric,
            _ => unreachable!("a fat-tree"),
        }
    }
}
