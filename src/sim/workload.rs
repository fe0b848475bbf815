//! Workloads: which flows run between which hosts.
//!
//! Permutation with elephants (the paper's baseline, ALGORITHMS.md §13): E random hosts form a random
//! derangement of long-lived ECMP flows; the remaining hosts form a random derangement of sprayed
//! flows of `flow_size_bytes`. E = 0 is the plain permutation.
//!
//! The n-path theory model has one sprayed flow, from host 0 to host 1. A traffic matrix
//! (`scenario::traffic`) lists its flows itself.

use super::rng::{stream, Purpose, SimRng};
use crate::scenario::{Connection, Scenario, Trigger, WorkloadKind};
use rand::seq::SliceRandom;
use rand::Rng;

/// One flow to create.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlowSpec {
    pub src: u32,
    pub dst: u32,
    /// Bytes to deliver; `None` for a long-lived flow.
    pub bytes: Option<u64>,
    /// Sprayed by the scenario's LB scheme (otherwise ECMP).
    pub sprayed: bool,
}

/// A workload's flows and how they start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub flows: Vec<FlowSpec>,
    /// Each flow's start and triggers (index-aligned with `flows`) when some flow starts late
    /// or by a trigger; empty when every flow starts at 0.
    pub starts: Vec<Connection>,
    pub triggers: Vec<Trigger>,
}

/// The flows of a scenario (validated) and their starts: a traffic matrix's, a collective's
/// chains, or a drawn workload's flows spread over `start_spread_us`.
pub fn plan(s: &Scenario) -> Plan {
    let w = &s.workload;
    if !w.connections.is_empty() {
        return Plan {
            flows: flows(s),
            starts: w.connections.clone(),
            triggers: w.triggers.clone(),
        };
    }
    let (flows, mut starts, triggers) = match super::collectives::generate(s) {
        Some((conns, triggers)) => (sprayed(&conns), conns, triggers),
        None => {
            let flows = flows(s);
            let starts = flows
                .iter()
                .map(|f| Connection::new(f.src, f.dst, f.bytes.unwrap_or(0)))
                .collect();
            (flows, starts, Vec::new())
        }
    };
    if w.start_spread_us > 0 {
        // its own stream: a spread changes when flows start, never which flows there are
        let mut rng = stream(s.seed, Purpose::Workload, 1);
        for (c, f) in starts.iter_mut().zip(&flows) {
            if f.sprayed && c.trigger.is_none() {
                c.start_us = rng.random_range(0..=w.start_spread_us);
            }
        }
    }
    let late = starts.iter().any(|c| c.start_us > 0 || c.trigger.is_some());
    if !late {
        starts.clear();
    }
    Plan {
        flows,
        starts,
        triggers,
    }
}

/// A matrix's or collective's connections as flows: every one sprayed.
fn sprayed(connections: &[Connection]) -> Vec<FlowSpec> {
    connections
        .iter()
        .map(|c| FlowSpec {
            src: c.src,
            dst: c.dst,
            bytes: Some(c.bytes),
            sprayed: true,
        })
        .collect()
}

/// The flows of a scenario (validated), from its seed.
pub fn flows(s: &Scenario) -> Vec<FlowSpec> {
    if let Some((conns, _)) = super::collectives::generate(s) {
        return sprayed(&conns);
    }
    if !s.workload.connections.is_empty() {
        // a traffic matrix: its flows, in file order, all sprayed
        return sprayed(&s.workload.connections);
    }
    let mut rng = stream(s.seed, Purpose::Workload, 0);
    match s.workload.kind {
        WorkloadKind::Permutation => permutation(
            s.hosts(),
            s.workload.elephants,
            s.workload.flow_size_bytes,
            &mut rng,
        ),
        WorkloadKind::NPath => vec![FlowSpec {
            src: 0,
            dst: 1,
            bytes: Some(s.workload.flow_size_bytes),
            sprayed: true,
        }],
        WorkloadKind::Incast => incast(
            s.hosts(),
            s.workload.incast_senders,
            s.workload.flow_size_bytes,
            &mut rng,
        ),
        WorkloadKind::Hsdp => hsdp_ring_step(
            s.hosts(),
            s.workload.flow_size_bytes,
            s.workload.hsdp_random_hosts,
            &mut rng,
        ),
        // generated above, with their triggers
        WorkloadKind::Allreduce | WorkloadKind::Alltoall => Vec::new(),
    }
}

fn permutation(hosts: u32, elephants: u32, bytes: u64, rng: &mut SimRng) -> Vec<FlowSpec> {
    let mut all: Vec<u32> = (0..hosts).collect();
    all.shuffle(rng);
    let (big, rest) = all.split_at(elephants as usize);
    let mut out = Vec::with_capacity(hosts as usize);
    for (src, dst) in derangement(big, rng) {
        out.push(FlowSpec {
            src,
            dst,
            bytes: None,
            sprayed: false,
        });
    }
    let mut sprayed: Vec<FlowSpec> = derangement(rest, rng)
        .map(|(src, dst)| FlowSpec {
            src,
            dst,
            bytes: Some(bytes),
            sprayed: true,
        })
        .collect();
    sprayed.sort_by_key(|f| f.src);
    out.extend(sprayed);
    out
}

/// `senders` distinct random hosts each send `bytes` to one other random host.
fn incast(hosts: u32, senders: u32, bytes: u64, rng: &mut SimRng) -> Vec<FlowSpec> {
    let mut all: Vec<u32> = (0..hosts).collect();
    all.shuffle(rng);
    let receiver = all[0];
    let mut srcs = all[1..=senders as usize].to_vec();
    srcs.sort_unstable();
    srcs.into_iter()
        .map(|src| FlowSpec {
            src,
            dst: receiver,
            bytes: Some(bytes),
            sprayed: true,
        })
        .collect()
}

/// One HSDP ring step (ALGORITHMS.md §15 A14): servers of 8 hosts take random server slots; logical GPU i
/// lives on host 8·π(⌊i/8⌋) + i mod 8 and sends to logical GPU i + 8 (mod the GPU count), i.e.
/// 8 parallel rings across the servers. With `random_hosts`, GPU i lives on host σ(i) for a
/// uniformly random permutation σ of the hosts instead.
fn hsdp_ring_step(hosts: u32, bytes: u64, random_hosts: bool, rng: &mut SimRng) -> Vec<FlowSpec> {
    let host_of: Vec<u32> = if random_hosts {
        let mut sigma: Vec<u32> = (0..hosts).collect();
        sigma.shuffle(rng);
        sigma
    } else {
        let mut slot: Vec<u32> = (0..hosts / 8).collect();
        slot.shuffle(rng);
        (0..hosts)
            .map(|gpu| 8 * slot[(gpu / 8) as usize] + gpu % 8)
            .collect()
    };
    let host = |gpu: u32| host_of[gpu as usize];
    (0..hosts)
        .map(|gpu| FlowSpec {
            src: host(gpu),
            dst: host((gpu + 8) % hosts),
            bytes: Some(bytes),
            sprayed: true,
        })
        .collect()
}

/// Pairs (host, image) of a uniformly random derangement of `hosts` (no host maps to itself),
/// by rejection sampling; empty for fewer than two hosts.
fn derangement<'a>(hosts: &'a [u32], rng: &mut SimRng) -> impl Iterator<Item = (u32, u32)> + 'a {
    let mut image: Vec<u32> = hosts.to_vec();
    if hosts.len() >= 2 {
        loop {
            image.shuffle(rng);
            if hosts.iter().zip(&image).all(|(a, b)| a != b) {
                break;
            }
        }
    } else {
        image.clear();
    }
    hosts.iter().copied().zip(image)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::WorkloadKind;
    use std::collections::BTreeSet;

    #[test]
    fn baseline_has_four_elephants_and_a_derangement_of_the_rest() {
        let s = Scenario::preset("baseline").unwrap();
        let f = flows(&s);
        let elephants: Vec<_> = f.iter().filter(|f| !f.sprayed).collect();
        assert_eq!(elephants.len(), 4);
        assert!(elephants.iter().all(|e| e.bytes.is_none()));
        let sprayed: Vec<_> = f.iter().filter(|f| f.sprayed).collect();
        assert_eq!(sprayed.len(), 124);
        let srcs: BTreeSet<u32> = f.iter().map(|f| f.src).collect();
        let dsts: BTreeSet<u32> = f.iter().map(|f| f.dst).collect();
        assert_eq!((srcs.len(), dsts.len()), (128, 128));
        assert!(f.iter().all(|f| f.src != f.dst));
        // elephants and sprayed flows use disjoint hosts
        let e_hosts: BTreeSet<u32> = elephants.iter().map(|f| f.src).collect();
        assert!(sprayed
            .iter()
            .all(|f| !e_hosts.contains(&f.src) && !e_hosts.contains(&f.dst)));
    }

    #[test]
    fn incast_has_distinct_senders_and_one_receiver() {
        let mut s = Scenario::default();
        s.workload.kind = WorkloadKind::Incast;
        s.workload.elephants = 0;
        let f = flows(&s);
        assert_eq!(f.len(), 32);
        let dst = f[0].dst;
        assert!(f.iter().all(|x| x.dst == dst && x.src != dst && x.sprayed));
        assert_eq!(f.iter().map(|x| x.src).collect::<BTreeSet<_>>().len(), 32);
    }

    #[test]
    fn hsdp_is_eight_rings_over_whole_servers() {
        let mut s = Scenario::default();
        s.workload.kind = WorkloadKind::Hsdp;
        s.workload.elephants = 0;
        let f = flows(&s);
        assert_eq!(f.len(), 128);
        // a permutation of the hosts, every flow crossing to another server
        assert_eq!(f.iter().map(|x| x.dst).collect::<BTreeSet<_>>().len(), 128);
        assert!(f.iter().all(|x| x.src / 8 != x.dst / 8));
        // the GPU at position p of a server talks to position p of the next server: 8 rings of 16
        assert!(f.iter().all(|x| x.src % 8 == x.dst % 8));
        let mut next: std::collections::BTreeMap<u32, u32> =
            f.iter().map(|x| (x.src, x.dst)).collect();
        let (mut h, mut len) = (f[0].src, 0);
        loop {
            h = next.remove(&h).unwrap();
            len += 1;
            if h == f[0].src {
                break;
            }
        }
        assert_eq!(len, 16);
    }

    #[test]
    fn hsdp_with_random_hosts_is_still_a_permutation_of_ring_steps() {
        let mut s = Scenario::default();
        s.workload.kind = WorkloadKind::Hsdp;
        s.workload.hsdp_random_hosts = true;
        let f = flows(&s);
        assert_eq!(f.len(), 128);
        assert_eq!(f.iter().map(|x| x.dst).collect::<BTreeSet<_>>().len(), 128);
        assert!(f.iter().all(|x| x.src != x.dst));
        // no longer whole servers: a GPU may talk to another position of a server
        assert!(f.iter().any(|x| x.src % 8 != x.dst % 8));
        s.workload.hsdp_random_hosts = false;
        assert_ne!(flows(&s), f);
    }

    #[test]
    fn the_seed_decides_the_draw() {
        let mut s = Scenario::default();
        let a = flows(&s);
        assert_eq!(a, flows(&s));
        s.seed = 2;
        assert_ne!(a, flows(&s));
        s.cca.algorithm = crate::scenario::CcaKind::Swift;
        assert_eq!(flows(&s), flows(&s));
    }
}
