//! The ranges in words, one function per field of the registry that names it: `.rule(...)` for
//! a range that reads its field alone, `.across(...)` for one that other fields set, which may
//! rely on every field being within its own range. Each is called with its field's entry, whose
//! path it names in its error.

use super::{self as r, Field};
use crate::scenario::*;

type Checked = Result<(), ScenarioError>;

/// An even k from 4 to [`MAX_K_TWO_TIERS`] (three tiers: [`k_for_tiers`]).
pub fn k(f: &Field, s: &Scenario) -> Checked {
    let k = s.topology.k;
    if !(4..=MAX_K_TWO_TIERS).contains(&k) || k % 2 != 0 {
        return Err(err(
            f.path,
            format!(
                "must be an even number from 4 to {MAX_K} (16 to 8192 hosts), \
                 or to {MAX_K_TWO_TIERS} with tiers = 2, got {k}"
            ),
        ));
    }
    Ok(())
}

/// A three-tier fat-tree's k is at most [`MAX_K`].
pub fn k_for_tiers(f: &Field, s: &Scenario) -> Checked {
    let k = s.topology.k;
    if s.topology.tiers == 3 && k > MAX_K {
        return Err(err(
            f.path,
            format!(
                "must be an even number from 4 to {MAX_K} with three tiers \
                 (16 to 8192 hosts; to {MAX_K_TWO_TIERS} with tiers = 2), got {k}"
            ),
        ));
    }
    Ok(())
}

/// A divisor of k/2: a switch's hosts (or ToRs) per up-link.
fn divides_half(f: &Field, s: &Scenario, v: u32, whose: &str) -> Checked {
    let half = s.topology.k / 2;
    if v == 0 || half % v != 0 {
        let divisors: Vec<String> = (1..=half)
            .filter(|d| half % d == 0)
            .map(|d| d.to_string())
            .collect();
        return Err(err(
            f.path,
            format!(
                "must divide k/2 = {half} ({whose} per up-link: {}), got {v}",
                divisors.join(", ")
            ),
        ));
    }
    Ok(())
}

/// A ToR's hosts per up-link divide its k/2 hosts.
pub fn oversubscription(f: &Field, s: &Scenario) -> Checked {
    divides_half(f, s, s.topology.oversubscription, "a ToR's hosts")
}

/// An aggregation switch's ToRs per up-link divide its k/2 ToRs; a leaf-spine has none.
pub fn agg_oversubscription(f: &Field, s: &Scenario) -> Checked {
    let v = s.topology.agg_oversubscription;
    if s.topology.tiers == 2 && v != 1 {
        return Err(err(
            f.path,
            format!("must be 1 with tiers = 2 (a leaf-spine's spines have no up-links), got {v}"),
        ));
    }
    divides_half(f, s, v, "an aggregation switch's ToRs")
}

/// Bundles to the cores need cores (three tiers), and an aggregation switch's up-links, the
/// bundles to each of its cores, fit a routing choice ([`MAX_SWITCH_UP`]).
pub fn core_bundle(f: &Field, s: &Scenario) -> Checked {
    let t = &s.topology;
    if t.core_bundle == 1 {
        return Ok(());
    }
    if t.tiers == 2 {
        return Err(err(
            f.path,
            format!(
                "must be 1 with tiers = 2 (a leaf-spine has no cores), got {}",
                t.core_bundle
            ),
        ));
    }
    let cores = t.fabric().cores_per_column();
    let most = MAX_SWITCH_UP / cores.max(1);
    if t.core_bundle > most {
        return Err(err(
            f.path,
            format!(
                "must be from 1 to {most} here: an aggregation switch's {cores} cores times this \
                 make its up-links, at most {}, got {}",
                MAX_SWITCH_UP, t.core_bundle
            ),
        ));
    }
    Ok(())
}

/// 0 (k), or 1 to k pods (a leaf-spine's ToRs).
pub fn pods(f: &Field, s: &Scenario) -> Checked {
    let (pods, k) = (s.topology.pods, s.topology.k);
    if pods > k {
        let what = match s.topology.tiers {
            2 => "ToRs of a leaf-spine: a spine has k ports",
            _ => "pods: a core has k ports",
        };
        return Err(err(
            f.path,
            format!("must be 0 (k) or from 1 to k = {k} ({what}), got {pods}"),
        ));
    }
    Ok(())
}

/// The bytes of one data packet on the wire: the least buffer.
fn wire(s: &Scenario) -> u64 {
    (s.topology.mss_bytes + s.topology.header_bytes) as u64
}

/// One data packet to 1 GiB.
pub fn buffer_bytes(f: &Field, s: &Scenario) -> Checked {
    range_u(f.path, s.topology.buffer_bytes as u64, wire(s), 1 << 30)
}

/// 0 (the byte limit rules), or 1 to 1 GiB of data packets.
pub fn buffer_packets(f: &Field, s: &Scenario) -> Checked {
    match s.topology.buffer_packets {
        0 => Ok(()),
        n => range_u(f.path, n as u64, 1, (1 << 30) / wire(s)),
    }
}

/// At most the buffer.
pub fn ecn_max(f: &Field, s: &Scenario) -> Checked {
    let t = &s.topology;
    range_u(f.path, t.ecn_max_bytes as u64, 0, t.buffer_bytes as u64)
}

/// At most the upper threshold.
pub fn ecn_min(f: &Field, s: &Scenario) -> Checked {
    let t = &s.topology;
    range_u(f.path, t.ecn_min_bytes as u64, 0, t.ecn_max_bytes as u64)
}

/// A degraded link runs at a quarter of its rate: every switch link's at least 4 Gbps.
pub fn degraded(_: &Field, s: &Scenario) -> Checked {
    let t = &s.topology;
    if !t.failed_links_degraded {
        return Ok(());
    }
    let [_, agg, core] = t.tier_gbps();
    for (field, g) in [
        (&r::TOPOLOGY_LINK_GBPS, t.link_gbps),
        (&r::TOPOLOGY_AGG_LINK_GBPS, agg),
        (&r::TOPOLOGY_CORE_LINK_GBPS, core),
    ] {
        if g < 4 {
            return Err(err(
                field.path,
                format!(
                    "must be at least 4 with {} (a degraded link runs at a quarter of its rate), got {g}",
                    r::TOPOLOGY_FAILED_LINKS_DEGRADED.path,
                ),
            ));
        }
    }
    Ok(())
}

/// HSDP places servers of 8 hosts: a fat-tree of at least two of them.
pub fn hsdp(_: &Field, s: &Scenario) -> Checked {
    let hosts = s.hosts() as u64;
    if s.workload.kind == WorkloadKind::Hsdp && (hosts % 8 != 0 || hosts < 16) {
        let msg = format!("hsdp needs servers of 8 hosts and at least 2 servers; {hosts} hosts");
        return Err(err(r::TOPOLOGY_K.path, msg));
    }
    Ok(())
}

/// Elephants only beside a permutation, 0 or 2 to hosts − 2 of them.
pub fn elephants(f: &Field, s: &Scenario) -> Checked {
    let (kind, e) = (s.workload.kind, s.workload.elephants as u64);
    let hosts = s.hosts() as u64;
    match kind {
        WorkloadKind::NPath if e != 0 => Err(err(
            f.path,
            format!("must be 0 in the npath model, got {e}"),
        )),
        WorkloadKind::Permutation if e == 1 || e + 2 > hosts => Err(err(
            f.path,
            format!(
                "must be 0 or from 2 to {} (hosts minus the 2 a permutation needs), got {e}",
                hosts - 2
            ),
        )),
        WorkloadKind::Permutation | WorkloadKind::NPath => Ok(()),
        _ if e != 0 => Err(err(
            f.path,
            format!("must be 0 in the {kind} workload, got {e}"),
        )),
        _ => Ok(()),
    }
}

/// 1 to 1023 in any workload (no nonsense waits in a file or link), and in an incast at
/// most every other host.
pub fn incast_senders(f: &Field, s: &Scenario) -> Checked {
    let n = s.workload.incast_senders as u64;
    range_u(f.path, n, 1, 1023)?;
    match s.workload.kind {
        WorkloadKind::Incast => range_u(f.path, n, 1, s.hosts() as u64 - 1),
        _ => Ok(()),
    }
}

/// 2 to the hosts in a collective (a group needs two members).
pub fn group_size(f: &Field, s: &Scenario) -> Checked {
    let g = s.workload.group_size as u64;
    match s.workload.kind {
        WorkloadKind::Allreduce | WorkloadKind::Alltoall => range_u(f.path, g, 2, s.hosts() as u64),
        _ => range_u(f.path, g, 2, 8192),
    }
}

/// A traffic-matrix file is the command line's to read.
pub fn traffic(f: &Field, s: &Scenario) -> Checked {
    match &s.workload.traffic {
        Some(path) => Err(err(
            f.path,
            format!(
                "{path:?} is read by the command line (spraylab run --scenario FILE or --traffic FILE), which fills {}",
                r::WORKLOAD_CONNECTIONS.path
            ),
        )),
        None => Ok(()),
    }
}

/// A traffic matrix's flows: on the fat-tree, between its hosts, each of a valid size.
pub fn connections(f: &Field, s: &Scenario) -> Checked {
    use super::super::traffic::{MAX_CONNECTIONS, MAX_START_US};
    let w = &s.workload;
    if w.connections.is_empty() {
        return Ok(());
    }
    if w.kind == WorkloadKind::NPath {
        return Err(err(
            f.path,
            "a traffic matrix runs on the fat-tree, not in the npath model",
        ));
    }
    range_u(
        f.path,
        w.connections.len() as u64,
        1,
        MAX_CONNECTIONS as u64,
    )?;
    let hosts = s.hosts() as u64;
    let mut declared: Vec<u32> = w.triggers.iter().map(|t| t.id).collect();
    declared.sort_unstable();
    for (i, c) in w.connections.iter().enumerate() {
        let field = format!("{}[{i}]", f.path);
        if c.src.max(c.dst) as u64 >= hosts {
            return Err(err(
                &field,
                format!(
                    "{}->{} names a host beyond the topology's {hosts} (0 to {}); a larger {} holds more",
                    c.src,
                    c.dst,
                    hosts - 1,
                    r::TOPOLOGY_K.path
                ),
            ));
        }
        if c.src == c.dst {
            return Err(err(
                &field,
                format!("{}->{}: a host cannot send to itself", c.src, c.dst),
            ));
        }
        range_u(&format!("{field}.bytes"), c.bytes, 1, 1 << 30)?;
        range_u(
            &format!("{field}.start_us"),
            c.start_us as u64,
            0,
            MAX_START_US as u64,
        )?;
        if let (Some(t), true) = (c.trigger, c.start_us != 0) {
            return Err(err(
                &field,
                format!(
                    "starts at {} µs and by trigger {t}: a flow starts at a time or by a trigger, not both",
                    c.start_us
                ),
            ));
        }
        if let Some(t) = c.triggers().find(|t| declared.binary_search(t).is_err()) {
            return Err(err(
                &field,
                format!(
                    "names trigger {t}, which {} does not declare",
                    r::WORKLOAD_TRIGGERS.path
                ),
            ));
        }
    }
    Ok(())
}

/// Triggers beside a traffic matrix only: ids from 1, each once; a barrier's count from 1.
pub fn triggers(f: &Field, s: &Scenario) -> Checked {
    use super::super::triggers::{TriggerKind, MAX_TRIGGERS};
    let t = &s.workload.triggers;
    if t.is_empty() {
        return Ok(());
    }
    if s.workload.connections.is_empty() {
        return Err(err(
            f.path,
            format!(
                "triggers start the flows of {}, which has none",
                r::WORKLOAD_CONNECTIONS.path
            ),
        ));
    }
    range_u(f.path, t.len() as u64, 1, MAX_TRIGGERS as u64)?;
    let mut ids: Vec<u32> = t.iter().map(|t| t.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(err(f.path, format!("trigger {} is declared twice", w[0])));
    }
    for (i, trigger) in t.iter().enumerate() {
        let name = format!("{}[{i}]", f.path);
        range_u(&format!("{name}.id"), trigger.id as u64, 1, u32::MAX as u64)?;
        let (lo, hi) = match trigger.kind {
            TriggerKind::Barrier => (1, u32::MAX as u64),
            TriggerKind::Oneshot | TriggerKind::Multishot => (0, 0),
        };
        range_u(&format!("{name}.count"), trigger.count as u64, lo, hi)?;
    }
    Ok(())
}

/// Its fixed range, and a power of two under the oblivious scheme (it XORs label indices
/// with a mask).
pub fn path_labels(f: &Field, s: &Scenario) -> Checked {
    let n = s.lb.path_labels;
    f.check_whole(n as u64)?;
    if s.lb.scheme == LbScheme::Oblivious && !n.is_power_of_two() {
        return Err(err(
            f.path,
            format!(
                "must be a power of two from 1 to 32768 with the oblivious scheme (it XORs \
                 label indices with a mask), got {n}"
            ),
        ));
    }
    Ok(())
}

/// 1 to 16 ascending levels from 0 to 100.
pub fn ar_levels(f: &Field, s: &Scenario) -> Checked {
    let levels = &s.lb.ar_levels_pct;
    range_u(f.path, levels.len() as u64, 1, 16)?;
    for (i, &l) in levels.iter().enumerate() {
        let lo = if i == 0 { 0.0 } else { levels[i - 1] + 1e-9 };
        range_f(&format!("{}[{i}]", f.path), l, lo, 100.0)?;
    }
    Ok(())
}

/// Nyquist's rule, or 1 to [`MAX_HISTORY`].
pub fn history(f: &Field, s: &Scenario) -> Checked {
    match s.cca.history {
        History::Fixed(h) => range_u(f.path, h as u64, 1, MAX_HISTORY as u64),
        History::Nyquist => Ok(()),
    }
}

/// Above the least window of the fast-start range.
pub fn fs_max_cwnd(f: &Field, s: &Scenario) -> Checked {
    let w = &s.cca.swift;
    range_f(f.path, w.fs_max_cwnd, w.fs_min_cwnd * (1.0 + 1e-9), 1e6)
}

/// From the least timeout up.
pub fn rto_initial(f: &Field, s: &Scenario) -> Checked {
    let t = &s.transport;
    range_f(f.path, t.rto_initial_us, t.rto_min_us, 1e7)
}

/// 0 (no sampling), or 0.01 to 10⁶ µs.
pub fn interval(f: &Field, s: &Scenario) -> Checked {
    let v = s.timeline.interval_us;
    if v != 0.0 && range_f(f.path, v, 0.01, 1e6).is_err() {
        return Err(err(
            f.path,
            format!("must be 0 (no sampling) or a number from 0.01 to 1000000, got {v}"),
        ));
    }
    Ok(())
}

/// A long-lived flow (an elephant) numbers its packets in 32 bits, as every packet carries
/// them: the run is short enough that one sending full packets at its host link's rate stays
/// below 2^32 of them (at 800 Gbps in 4 KiB packets, 176 s: beyond the longest run).
pub fn long_lived_packets(f: &Field, s: &Scenario) -> Checked {
    let w = &s.workload;
    if w.elephants == 0 || !w.connections.is_empty() {
        return Ok(());
    }
    let t = &s.topology;
    let wire_bits = 8.0 * (t.mss_bytes + t.header_bytes) as f64;
    let packets_per_us = t.link_gbps as f64 * 1e3 / wire_bits;
    let most = (u32::MAX as f64 / packets_per_us).floor();
    if s.max_sim_time_us > most {
        return Err(err(
            f.path,
            format!(
                "must be at most {most} µs with elephants at {} Gbps in {}-byte packets \
                 (an elephant's packets are numbered in 32 bits), got {}",
                t.link_gbps,
                t.mss_bytes + t.header_bytes,
                s.max_sim_time_us
            ),
        ));
    }
    Ok(())
}

fn range_u(field: &str, v: u64, lo: u64, hi: u64) -> Result<(), ScenarioError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(err(field, format!("must be from {lo} to {hi}, got {v}")))
    }
}

fn range_f(field: &str, v: f64, lo: f64, hi: f64) -> Result<(), ScenarioError> {
    if v.is_finite() && v >= lo && v <= hi {
        Ok(())
    } else {
        Err(err(
            field,
            format!("must be a number from {lo} to {hi}, got {v}"),
        ))
    }
}
