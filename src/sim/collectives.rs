//! Collectives: the traffic of AI training, written as htsim's generators write it
//! (`connection_matrices/gen_allreduce.py`, `gen_serial_alltoall.py`), so that a collective runs
//! the same in SprayLab as from htsim's own matrices.
//!
//! The hosts are shuffled by the scenario's seed and cut into groups of `group_size` (hosts
//! left over stay idle). In each group every member runs one chain of flows of
//! `flow_size_bytes`, each flow started by the end of the one before it (its sender has every
//! byte acknowledged: a `send_done_trigger` to a oneshot):
//!
//! - **ring all-reduce** (`allreduce`): member s's chain has 2G − 1 flows; its d-th goes from
//!   member s + d − 1 to member s + d (mod G): the ring walked once to reduce and once more to
//!   share, as `gen_allreduce.py` writes it;
//! - **serial all-to-all** (`alltoall`): member s's chain has G − 1 flows; its d-th goes from s
//!   to member s + d (mod G), as `gen_serial_alltoall.py` writes it.
//!
//! Each chain's first flow starts at 0 (or within `start_spread_us`, as every drawn workload's
//! flows do). The collective completes when its last flow does: the report's CCT.

use super::rng::{stream, Purpose};
use crate::scenario::{Connection, Scenario, Trigger, TriggerKind, WorkloadKind};
use rand::seq::SliceRandom;

/// The flows and triggers of the scenario's collective, or `None` for another workload.
pub fn generate(s: &Scenario) -> Option<(Vec<Connection>, Vec<Trigger>)> {
    // a traffic matrix's flows replace whatever the workload would make
    if !s.workload.connections.is_empty() {
        return None;
    }
    let steps = |g: u32| match s.workload.kind {
        WorkloadKind::Allreduce => Some(2 * g - 1),
        WorkloadKind::Alltoall => Some(g - 1),
        WorkloadKind::Permutation
        | WorkloadKind::NPath
        | WorkloadKind::Incast
        | WorkloadKind::Hsdp => None,
    };
    let g = s.workload.group_size;
    let chain = steps(g)?;
    let mut hosts: Vec<u32> = (0..s.hosts()).collect();
    hosts.shuffle(&mut stream(s.seed, Purpose::Workload, 0));
    let mut flows = Vec::new();
    let mut triggers = Vec::new();
    for group in hosts.chunks_exact(g as usize) {
        for member in 0..g {
            for d in 1..=chain {
                let (from, to) = match s.workload.kind {
                    WorkloadKind::Allreduce => (member + d - 1, member + d),
                    _ => (member, member + d),
                };
                let mut c = Connection::new(
                    group[(from % g) as usize],
                    group[(to % g) as usize],
                    s.workload.flow_size_bytes,
                );
                // the flow before it in the chain activated the last trigger declared
                if d > 1 {
                    c.trigger = Some(triggers.len() as u32);
                }
                if d < chain {
                    let id = triggers.len() as u32 + 1;
                    triggers.push(Trigger {
                        id,
                        kind: TriggerKind::Oneshot,
                        count: 0,
                    });
                    c.send_done = Some(id);
                }
                flows.push(c);
            }
        }
    }
    Some((flows, triggers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::workload::plan;
    use crate::sim::Simulation;

    fn collective(kind: WorkloadKind, group: u32) -> Scenario {
        let mut s = Scenario::default();
        s.topology.k = 4;
        s.workload.elephants = 0;
        s.workload.kind = kind;
        s.workload.group_size = group;
        s.workload.flow_size_bytes = 64 << 10;
        s
    }

    /// htsim's generators' shapes: G·(2G − 1) flows a group for the all-reduce, G·(G − 1) for the
    /// all-to-all, one chain per member, every flow but a chain's first started by the one
    /// before it, every host sending as many flows as a chain is long.
    #[test]
    fn each_member_runs_one_chain_of_the_generator_s_length() {
        for (kind, g, chain) in [
            (WorkloadKind::Allreduce, 4, 7),
            (WorkloadKind::Alltoall, 4, 3),
            (WorkloadKind::Allreduce, 5, 9),
        ] {
            let s = collective(kind, g);
            let (flows, triggers) = generate(&s).unwrap();
            let groups = 16 / g;
            assert_eq!(flows.len() as u32, groups * g * chain, "{kind}");
            assert_eq!(triggers.len() as u32, groups * g * (chain - 1), "{kind}");
            for c in flows.chunks(chain as usize) {
                assert_eq!(c[0].trigger, None);
                for pair in c.windows(2) {
                    assert_eq!(pair[1].trigger, pair[0].send_done, "{kind}: a chain");
                    if kind == WorkloadKind::Allreduce {
                        assert_eq!(pair[1].src, pair[0].dst, "{kind}: around the ring");
                    } else {
                        assert_eq!(pair[1].src, pair[0].src, "{kind}: one sender");
                    }
                }
                assert_eq!(c[c.len() - 1].send_done, None);
            }
            let mut sent = vec![0u32; 16];
            flows.iter().for_each(|c| sent[c.src as usize] += 1);
            assert!(
                sent.iter().all(|&n| n == 0 || n == chain),
                "{kind}: {sent:?}"
            );
            assert_eq!(sent.iter().filter(|&&n| n > 0).count() as u32, groups * g);
        }
    }

    #[test]
    fn a_collective_runs_its_chains_to_the_end_no_sooner_than_its_bound() {
        for kind in [WorkloadKind::Allreduce, WorkloadKind::Alltoall] {
            let s = collective(kind, 4);
            let mut sim = Simulation::new(&s).unwrap();
            sim.run();
            let r = sim.report();
            assert!(r.finished, "{kind}");
            let chain_bound: f64 = r.flows[..plan(&s).flows.len() / 16]
                .iter()
                .map(|f| f.ideal_fct_us.unwrap())
                .sum();
            assert!(r.ideal_cct_us >= chain_bound - 1e-6, "{kind}");
            assert!(r.cct_us.unwrap() >= r.ideal_cct_us, "{kind}");
        }
    }

    /// A spread moves when flows start, never which flows there are; without one the plan has
    /// no starts (every flow at 0, the run as before).
    #[test]
    fn a_start_spread_draws_starts_within_it_and_keeps_the_flows() {
        let mut s = collective(WorkloadKind::Incast, 4);
        s.workload.incast_senders = 12;
        let before = plan(&s);
        assert!(before.starts.is_empty());
        s.workload.start_spread_us = 16;
        let spread = plan(&s);
        assert_eq!(spread.flows, before.flows);
        assert!(spread.starts.iter().all(|c| c.start_us <= 16));
        assert!(spread.starts.iter().any(|c| c.start_us > 0));
    }
}
