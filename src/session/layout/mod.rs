//! Where the network picture puts every node and link, in a unit square (x right, y down), and
//! which of them a click at a point hits. Pure geometry: the page scales it to its canvas.
//!
//! A fat-tree is drawn in four rows, cores at the top and hosts at the bottom, pod by pod from
//! left to right. When the hosts are too many to tell apart (more than [`MAX_HOSTS_DRAWN`]),
//! the hosts of each ToR are drawn as one group. A fat-tree of more than [`MAX_PODS_DRAWN`] pods
//! (k ≥ 18) is drawn as blocks, one per pod, under its cores in columns; a click on a block
//! opens that pod ([`pods`]). The n-path model is drawn as its sender, the
//! spray switch, the paths (path 0, the long one, at the top; at most [`MAX_PATHS_DRAWN`]
//! paths, the rest folded into one band) and the receiver.
//!
//! Every link carries the timeline indices of the switch ports that send over it, so the page
//! colours it by the largest of their queues at the cursor.

use crate::scenario::Fabric;
use crate::sim::netmap::{NetMap, Role, Shape};

mod pods;

/// More hosts than this are drawn as one group per ToR.
pub const MAX_HOSTS_DRAWN: u32 = 128;
/// More n-path paths than this are folded into one band.
pub const MAX_PATHS_DRAWN: u32 = 24;
/// More pods than this are drawn as blocks, one opened at a time.
pub const MAX_PODS_DRAWN: u32 = 16;

/// What a link connects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// ToR to host (or to a group of hosts).
    Host,
    TorAgg,
    AggCore,
    /// An n-path path: (path index, the long one); `None`: the folded band of short paths.
    Path(Option<u32>, bool),
    /// The n-path model's ACK path.
    Return,
}

/// One drawn link.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub a: (f64, f64),
    pub b: (f64, f64),
    pub kind: LinkKind,
    /// Timeline indices of the switch ports that send over the link.
    pub ports: Vec<u32>,
    /// Both ends' nodes (the lower end's first); a host group's ToR for a grouped host link.
    pub ends: (u32, u32),
    pub failed: bool,
}

/// One drawn node (or group of hosts).
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub at: (f64, f64),
    pub role: Role,
    /// The hosts it stands for (one, or a ToR's hosts when grouped).
    pub hosts: std::ops::Range<u32>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Layout {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
    /// Hosts are drawn a ToR at a time.
    pub grouped: bool,
    /// Pods drawn as blocks (a fabric of more than [`MAX_PODS_DRAWN`] pods, none open).
    pub blocks: Vec<Block>,
    /// The pod drawn open, of a fabric drawn as blocks, and how many pods there are.
    pub open: Option<(u32, u32)>,
    /// Where each fat-tree node is drawn, by node number (hosts, ToRs, aggregation switches,
    /// cores): a node inside a block at its block, a core at its column; `None` off the picture
    /// (another pod than the open one). Empty for the n-path model.
    pub places: Vec<Option<(f64, f64)>>,
    /// Hosts, ToRs, aggregation switches and cores: how node numbers start per tier.
    pub tiers: [u32; 4],
}

/// A pod drawn as one block: its corners, and the timeline ports inside it (host and
/// ToR–aggregation links), whose largest queue fills it.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub pod: u32,
    pub lo: (f64, f64),
    pub hi: (f64, f64),
    pub ports: Vec<u32>,
}

/// What a click hit.
#[derive(Clone, Debug, PartialEq)]
pub enum Hit {
    /// A link: its index in [`Layout::links`].
    Link(usize),
    /// A host (or the first host of a group).
    Host(u32),
    /// A pod drawn as a block: open it.
    Pod(u32),
    /// The way back from an open pod to all pods ([`BACK`]).
    AllPods,
}

/// Where an open pod's picture has its way back to all pods, in unit coordinates (x, y from, to):
/// the label at the top left.
pub const BACK: ((f64, f64), (f64, f64)) = ((0.0, 0.0), (0.4, 0.09));

impl Layout {
    /// The layout of `map`, with pod `open` open when its pods are drawn as blocks (an
    /// `open` pod the fabric does not have, or one not drawn as blocks, is ignored).
    pub fn of(map: &NetMap, open: Option<u32>) -> Layout {
        match map.shape {
            Shape::FatTree { fabric } if fabric.tiers == 3 && fabric.pods > MAX_PODS_DRAWN => {
                match open.filter(|&p| p < fabric.pods) {
                    Some(pod) => pods::one_pod(map, &fabric, pod),
                    None => pods::blocks(map, &fabric),
                }
            }
            Shape::FatTree { fabric } => fat_tree(map, &fabric),
            Shape::NPath { paths } => npath(map, paths),
        }
    }

    /// Where the node of `role` is drawn: a fat-tree node by [`Layout::places`], an n-path
    /// node by its own.
    pub fn place(&self, role: Role) -> Option<(f64, f64)> {
        let [h, t, a, _] = self.tiers;
        let n = match role {
            _ if self.places.is_empty() => {
                return self.nodes.iter().find(|n| n.role == role).map(|n| n.at)
            }
            Role::Host(i) => i,
            Role::Tor(i) => h + i,
            Role::Agg(i) => h + t + i,
            Role::Core(i) => h + t + a + i,
            Role::Spray | Role::Path(_) | Role::Return => return None,
        };
        self.places.get(n as usize).copied().flatten()
    }

    /// The node or link nearest to `p` (unit coordinates), within `reach` (unit distance): a
    /// target larger than the drawing, a finger's width on a touch screen ([`TOUCH_REACH_PX`]).
    /// A host within a mouse's reach ([`POINTER_REACH_PX`], scaled as `reach` is) wins over the
    /// links that end on it; further out the nearer of the two wins.
    pub fn hit(&self, p: (f64, f64), reach: f64) -> Option<Hit> {
        let inside = |lo: (f64, f64), hi: (f64, f64)| {
            (lo.0..=hi.0).contains(&p.0) && (lo.1..=hi.1).contains(&p.1)
        };
        if self.open.is_some() && inside(BACK.0, BACK.1) {
            return Some(Hit::AllPods);
        }
        // a block, or the nearest one within reach beside it (on a phone a block is 9 px wide)
        let beside = |b: &&Block| {
            let dx = (b.lo.0 - p.0).max(p.0 - b.hi.0).max(0.0);
            (dx, (b.lo.1..=b.hi.1).contains(&p.1) && dx <= reach)
        };
        let block = self
            .blocks
            .iter()
            .filter(|b| beside(b).1)
            .min_by(|a, b| beside(a).0.total_cmp(&beside(b).0));
        if let Some(b) = block {
            return Some(Hit::Pod(b.pod));
        }
        let host = self
            .nodes
            .iter()
            .filter(|n| matches!(n.role, Role::Host(_)))
            .map(|n| (dist(n.at, p), n.hosts.start))
            .filter(|&(d, _)| d <= reach)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        let link = self
            .links
            .iter()
            .enumerate()
            .map(|(i, l)| (segment_dist(p, l.a, l.b), i))
            .filter(|&(d, _)| d <= reach)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        let on_host = reach * POINTER_REACH_PX / TOUCH_REACH_PX;
        match (host, link) {
            (Some((d, h)), _) if d <= on_host => Some(Hit::Host(h)),
            (Some((dh, h)), Some((dl, _))) if dh <= dl => Some(Hit::Host(h)),
            (Some((_, h)), None) => Some(Hit::Host(h)),
            (_, Some((_, i))) => Some(Hit::Link(i)),
            (None, None) => None,
        }
    }

    /// The link that carries timeline port `port`, if drawn.
    pub fn link_of_port(&self, port: u32) -> Option<usize> {
        self.links.iter().position(|l| l.ports.contains(&port))
    }
}

/// How far from a host or link, in CSS pixels, a click still picks it: a finger's 44 px target.
pub const TOUCH_REACH_PX: f64 = 22.0;
/// Within this distance a host wins over the links that end on it (a mouse's precision).
pub const POINTER_REACH_PX: f64 = 9.0;

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn segment_dist(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(p, (a.0 + t * dx, a.1 + t * dy))
}

/// The drawn links, gathered port by port: the ports whose ends are drawn as the same two
/// nodes (`key`, the lower end first) share one link.
#[derive(Default)]
pub(super) struct Links {
    pub drawn: Vec<Link>,
    index: std::collections::HashMap<(u32, u32), usize>,
}

impl Links {
    /// Adds switch port `port` to the link `key`, made on its first port with its ends where
    /// `at` draws them and its kind from its lower end.
    pub fn add(
        &mut self,
        map: &NetMap,
        port: usize,
        key: (u32, u32),
        at: impl Fn(u32) -> (f64, f64),
    ) {
        let drawn = &mut self.drawn;
        let i = *self.index.entry(key).or_insert_with(|| {
            let kind = match map.role(key.0) {
                Role::Host(_) => LinkKind::Host,
                Role::Tor(_) => LinkKind::TorAgg,
                _ => LinkKind::AggCore,
            };
            drawn.push(Link {
                a: at(key.0),
                b: at(key.1),
                kind,
                ports: Vec::new(),
                ends: key,
                failed: false,
            });
            drawn.len() - 1
        });
        drawn[i].ports.push(port as u32);
        drawn[i].failed |= map.failed_ports.contains(&(port as u32));
    }
}

/// x of item `i` of `n` spread over `[lo, hi]`, centred in its share.
pub(super) fn spread(i: u32, n: u32, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * (i as f64 + 0.5) / n.max(1) as f64
}

pub(super) const MARGIN: f64 = 0.02;
pub(super) const ROWS: [f64; 4] = [0.06, 0.36, 0.64, 0.92];
/// A leaf-spine has no cores: its spines take the top row, its ToRs the middle.
const LEAF_SPINE_ROWS: [f64; 4] = [0.06, 0.06, 0.49, 0.92];

/// Pods side by side, each its aggregation switches over its ToRs over their hosts, the cores
/// in a row on top; a leaf-spine is one pod without cores.
fn fat_tree(map: &NetMap, f: &Fabric) -> Layout {
    let [hosts, tors, aggs, cores] = map.tiers();
    let (hpt, tpp, app) = (f.hosts_per_tor, f.tors_per_pod, f.aggs_per_pod());
    let grouped = hosts > MAX_HOSTS_DRAWN;
    let rows = if f.tiers == 2 { LEAF_SPINE_ROWS } else { ROWS };
    let pod_w = (1.0 - 2.0 * MARGIN) / f.pods as f64;
    let pod_x = |pod: u32, i: u32, n: u32| {
        let lo = MARGIN + pod as f64 * pod_w;
        spread(i, n, lo + pod_w * 0.08, lo + pod_w * 0.92)
    };
    let mut pos = vec![(0.0, 0.0); map.nodes() as usize];
    let mut nodes = Vec::new();
    let mut place = |n: u32, at: (f64, f64), role: Role| {
        pos[n as usize] = at;
        nodes.push(Node {
            at,
            role,
            hosts: 0..0,
        });
    };
    for c in 0..cores {
        let at = (spread(c, cores, MARGIN, 1.0 - MARGIN), rows[0]);
        place(hosts + tors + aggs + c, at, Role::Core(c));
    }
    for a in 0..aggs {
        let at = (pod_x(a / app, a % app, app), rows[1]);
        place(hosts + tors + a, at, Role::Agg(a));
    }
    for t in 0..tors {
        let at = (pod_x(t / tpp, t % tpp, tpp), rows[2]);
        place(hosts + t, at, Role::Tor(t));
    }
    for h in 0..hosts {
        let (t, i) = (h / hpt, h % hpt);
        pos[h as usize] = if grouped {
            (pos[(hosts + t) as usize].0, rows[3])
        } else {
            let tor_w = pod_w * 0.84 / tpp as f64;
            let x = pos[(hosts + t) as usize].0;
            (spread(i, hpt, x - tor_w / 2.0, x + tor_w / 2.0), rows[3])
        };
        if !grouped || i == 0 {
            let range = if grouped { h..h + hpt } else { h..h + 1 };
            nodes.push(Node {
                at: pos[h as usize],
                role: Role::Host(h),
                hosts: range,
            });
        }
    }
    // one link per undirected pair, with the ports of both directions; a ToR's host links as
    // one per host group when grouped
    let mut links = Links::default();
    for (p, &(from, to)) in map.port_ends.iter().enumerate() {
        let (lo, hi) = if from < to { (from, to) } else { (to, from) };
        let key = match (map.role(lo), grouped) {
            (Role::Host(h), true) => (h / hpt * hpt, hi),
            _ => (lo, hi),
        };
        links.add(map, p, key, |n| pos[n as usize]);
    }
    let links = links.drawn;
    Layout {
        nodes,
        links,
        grouped,
        places: pos.into_iter().map(Some).collect(),
        tiers: map.tiers(),
        ..Layout::default()
    }
}

fn npath(map: &NetMap, paths: u32) -> Layout {
    let drawn = paths.min(MAX_PATHS_DRAWN);
    let folded = paths > drawn;
    // rows of path switches: the drawn paths, plus the band of the folded ones
    let rows = drawn + folded as u32;
    let y = |i: u32| spread(i, rows, 0.04, 0.84);
    let sender = (0.05, 0.44);
    let spray = (0.25, 0.44);
    let receiver = (0.95, 0.44);
    let back = (0.5, 0.96);
    let mut nodes = vec![
        Node {
            at: sender,
            role: Role::Host(0),
            hosts: 0..1,
        },
        Node {
            at: receiver,
            role: Role::Host(1),
            hosts: 1..2,
        },
        Node {
            at: spray,
            role: Role::Spray,
            hosts: 0..0,
        },
        Node {
            at: back,
            role: Role::Return,
            hosts: 0..0,
        },
    ];
    let mut links = Vec::new();
    let row_of = |i: u32| if i < drawn { i } else { drawn };
    for i in 0..rows {
        let at = (0.6, y(i));
        let role = if i < drawn {
            Role::Path(i)
        } else {
            Role::Path(drawn)
        };
        nodes.push(Node {
            at,
            role,
            hosts: 0..0,
        });
        let kind = LinkKind::Path((i < drawn).then_some(i), i == 0);
        for (a, b) in [(spray, at), (at, receiver)] {
            links.push(Link {
                a,
                b,
                kind,
                ports: Vec::new(),
                ends: (2, 3 + i),
                failed: false,
            });
        }
    }
    let ret = Link {
        a: receiver,
        b: back,
        kind: LinkKind::Return,
        ports: Vec::new(),
        ends: (1, 3 + paths),
        failed: false,
    };
    links.push(ret.clone());
    links.push(Link {
        a: back,
        b: sender,
        ..ret
    });
    // ports: spray → path i (first link of row i), path i → receiver (second), return
    for (p, &(from, to)) in map.port_ends.iter().enumerate() {
        let at = match (map.role(from), map.role(to)) {
            (Role::Spray, Role::Path(i)) => 2 * row_of(i) as usize,
            (Role::Path(i), _) => 2 * row_of(i) as usize + 1,
            _ => links.len() - 2,
        };
        links[at].ports.push(p as u32);
    }
    Layout {
        nodes,
        links,
        grouped: folded,
        ..Layout::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;
    use crate::Simulation;

    fn map_of(s: &Scenario) -> NetMap {
        Simulation::new(s).unwrap().network_map()
    }

    fn fat(k: u32) -> NetMap {
        let mut s = Scenario::default();
        s.topology.k = k;
        s.workload.elephants = 0;
        map_of(&s)
    }

    #[test]
    fn a_k4_fat_tree_draws_every_node_and_link_once() {
        let l = Layout::of(&fat(4), None);
        assert!(!l.grouped);
        // 4 cores, 8 aggregation switches, 8 ToRs, 16 hosts
        assert_eq!(l.nodes.len(), 4 + 8 + 8 + 16);
        // 16 host links, 16 ToR–agg links, 16 agg–core links, both directions on each
        assert_eq!(l.links.len(), 48);
        let host_links = l.links.iter().filter(|x| x.kind == LinkKind::Host);
        assert!(
            host_links.clone().all(|x| x.ports.len() == 1),
            "ToR → host only"
        );
        assert!(l
            .links
            .iter()
            .filter(|x| x.kind != LinkKind::Host)
            .all(|x| x.ports.len() == 2));
        let ports: usize = l.links.iter().map(|x| x.ports.len()).sum();
        assert_eq!(
            ports,
            fat(4).port_ends.len(),
            "every switch port drawn once"
        );
        assert!(l
            .nodes
            .iter()
            .all(|n| (0.0..=1.0).contains(&n.at.0) && (0.0..=1.0).contains(&n.at.1)));
    }

    #[test]
    fn a_leaf_spine_draws_spines_over_tors_over_hosts_and_every_link_once() {
        // 4 ToRs of 8 hosts, 2 up-links each (4:1), 2 spines
        let mut s = Scenario::default();
        (s.topology.k, s.topology.tiers) = (16, 2);
        (s.topology.oversubscription, s.topology.pods) = (4, 4);
        s.workload.elephants = 0;
        let map = map_of(&s);
        let l = Layout::of(&map, None);
        let at = |role: fn(&Role) -> bool| -> Vec<f64> {
            l.nodes
                .iter()
                .filter(|n| role(&n.role))
                .map(|n| n.at.1)
                .collect()
        };
        let spines = at(|r| matches!(r, Role::Agg(_)));
        let tors = at(|r| matches!(r, Role::Tor(_)));
        let hosts = at(|r| matches!(r, Role::Host(_)));
        assert_eq!((spines.len(), tors.len(), hosts.len()), (2, 4, 32));
        assert!(at(|r| matches!(r, Role::Core(_))).is_empty());
        assert!(spines.iter().all(|&y| y < tors[0]) && tors.iter().all(|&y| y < hosts[0]));
        // 32 host links and 8 ToR–spine links, each drawn once with both directions' ports
        assert_eq!(l.links.len(), 40);
        let ports: usize = l.links.iter().map(|x| x.ports.len()).sum();
        assert_eq!(ports, map.port_ends.len());
    }

    #[test]
    fn a_k16_fat_tree_groups_its_hosts_per_tor() {
        let l = Layout::of(&fat(16), None);
        assert!(l.grouped);
        let groups = l
            .nodes
            .iter()
            .filter(|n| matches!(n.role, Role::Host(_)))
            .count();
        assert_eq!(groups, 128, "one group per ToR");
        let host_links: Vec<&Link> = l
            .links
            .iter()
            .filter(|x| x.kind == LinkKind::Host)
            .collect();
        assert_eq!(host_links.len(), 128);
        assert!(host_links.iter().all(|x| x.ports.len() == 8));
        assert_eq!(l.links.len(), 128 + 1024 + 1024);
    }

    #[test]
    fn the_npath_model_draws_its_paths_with_the_long_one_first() {
        let mut s = Scenario::preset("npath").unwrap();
        s.workload.paths = 10;
        let l = Layout::of(&map_of(&s), None);
        let long: Vec<&Link> = l
            .links
            .iter()
            .filter(|x| matches!(x.kind, LinkKind::Path(_, true)))
            .collect();
        assert_eq!(long.len(), 2);
        assert!(long.iter().all(|x| !x.ports.is_empty()));
        s.workload.paths = 1000;
        let l = Layout::of(&map_of(&s), None);
        assert!(l.grouped);
        let band: Vec<usize> = l
            .links
            .iter()
            .filter(|x| x.kind == LinkKind::Path(None, false))
            .map(|x| x.ports.len())
            .collect();
        let folded = 1000 - MAX_PATHS_DRAWN as usize;
        assert_eq!(band, vec![folded, folded], "in and out of the folded paths");
    }

    #[test]
    fn clicks_hit_the_nearest_host_or_link() {
        let l = Layout::of(&fat(4), None);
        let h = l.nodes.iter().find(|n| n.role == Role::Host(5)).unwrap();
        assert_eq!(l.hit(h.at, 0.01), Some(Hit::Host(5)));
        let link = &l.links[20];
        let mid = ((link.a.0 + link.b.0) / 2.0, (link.a.1 + link.b.1) / 2.0);
        assert_eq!(l.hit(mid, 0.005), Some(Hit::Link(20)));
        assert_eq!(l.hit((0.5, 0.5), 0.0001), None);
        assert_eq!(l.link_of_port(link.ports[0]), Some(20));
        // a finger 14 px below a host on a 390 px phone still picks it, a target larger than the
        // drawing (a host is drawn a few px wide)
        let px = 1.0 / 390.0;
        let reach = TOUCH_REACH_PX * px;
        let off = (h.at.0 + 2.0 * px, h.at.1 + 14.0 * px);
        assert_eq!(l.hit(off, reach), Some(Hit::Host(5)));
        assert_eq!(
            l.hit(off, POINTER_REACH_PX * px),
            None,
            "beyond a mouse's reach"
        );
        // and a link's midpoint stays the link's, however large the reach
        assert_eq!(l.hit(mid, reach), Some(Hit::Link(20)));
    }
}
