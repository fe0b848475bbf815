//! Where a switch sends a packet: the up-port among several (hashing on flow, path label and
//! switch, or adaptive routing's least-loaded port), with failed links left out of the choice
//! (ALGORITHMS.md §10, A13, A23).

use super::*;

/// The mask of `count` up-ports (count ≤ [`MAX_UP`]).
pub(super) fn full_mask(count: u32) -> UpMask {
    UpMask::MAX
        .checked_shr(MAX_UP - count.min(MAX_UP))
        .unwrap_or(0)
}

/// The up-ports among `count` that a switch chooses from: those of `mask` that still lead to the
/// destination, or, when a timed link event has cut it off from every one, all of them (the
/// packet is then lost where the link is down).
pub(super) fn usable(mask: UpMask, count: u32) -> UpMask {
    match mask & full_mask(count) {
        0 => full_mask(count),
        live => live,
    }
}

/// The position of the `n`-th set bit of `mask` (n < mask.count_ones()).
pub(super) fn nth_set_bit(mut mask: UpMask, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// Bit that makes an ACK's hash differ from its data packet's.
pub(super) const ACK_HASH_BIT: u32 = 1 << 31;

/// The flow key a switch hashes `p` on: its flow's, with an ACK's or a NACK's apart from its
/// data's (a trimmed header goes the way its data packet went).
pub(super) fn hash_key(p: &Packet) -> u32 {
    match p.kind {
        PacketKind::Ack | PacketKind::Nack => p.flow.0 | ACK_HASH_BIT,
        PacketKind::Data { .. } | PacketKind::Trimmed => p.flow.0,
    }
}

/// Whether a switch chooses `kind`'s up-port by the queues as they are when it arrives (AR's
/// data packets), rather than by hashing.
pub(super) fn routes_adaptively(kind: PacketKind, label: u16) -> bool {
    label == ADAPTIVE && kind.is_data()
}

/// [`Simulation::routed`](super::Simulation) of a lane whose front arrival was not routed ahead.
pub(super) const NOT_ROUTED: PortId = PortId(u32::MAX);

impl Simulation {
    /// The output port of switch `node` for a packet of `kind` and `flow_key` with `label` to
    /// `dst`. A data packet labelled [`ADAPTIVE`] takes the up-port with the smallest quantized
    /// queue (AR); ACKs, whatever their size, and every other packet are hashed.
    pub(super) fn route(
        &mut self,
        node: NodeId,
        kind: PacketKind,
        flow_key: u32,
        label: u16,
        dst: u32,
    ) -> PortId {
        match self.topo.hop(node, dst) {
            Hop::Port(p) => p,
            Hop::Up { first, count } if routes_adaptively(kind, label) => {
                self.least_loaded(first, count, self.topo.up_mask(node, dst))
            }
            hop => self.pick(hop, node, flow_key, label, dst),
        }
    }

    /// The output port without adaptive routing: fixed, hashed on (flow, label, switch), or by
    /// label in the n-path network.
    pub(super) fn hashed_route(&self, node: NodeId, flow_key: u32, label: u16, dst: u32) -> PortId {
        self.pick(self.topo.hop(node, dst), node, flow_key, label, dst)
    }

    /// The port `hop` leads to for (flow, label) at `node`, without adaptive routing.
    #[inline(always)]
    fn pick(&self, hop: Hop, node: NodeId, flow_key: u32, label: u16, dst: u32) -> PortId {
        match hop {
            Hop::Port(p) => p,
            Hop::Up { first, count } => {
                // with failed links, hash among the up-ports that still lead to `dst`
                let mask = usable(self.topo.up_mask(node, dst), count);
                let pick = hash_port(flow_key, label, self.salts[node.index()], mask.count_ones());
                first.offset(nth_set_bit(mask, pick))
            }
            Hop::ByLabel { first, count } => first.offset(label as u32 % count),
        }
    }

    /// AR: among `count` ports from `first`, one with the lowest quantized level, ties broken
    /// uniformly at random.
    pub(super) fn least_loaded(&mut self, first: PortId, count: u32, mask: UpMask) -> PortId {
        let now = self.now();
        let mask = usable(mask, count);
        let mut levels = [0u8; MAX_UP as usize];
        let n = mask.count_ones() as usize;
        for (j, level) in levels[..n].iter_mut().enumerate() {
            *level = self.ar_level(first.offset(nth_set_bit(mask, j as u32)), now);
        }
        first.offset(nth_set_bit(
            mask,
            pick_lowest(&levels[..n], &mut self.ar_rng) as u32,
        ))
    }

    /// The quantized level of a port's queue as switches see it: the number of AR thresholds
    /// its occupancy has reached, refreshed at most every `ar_refresh`.
    pub(super) fn ar_level(&mut self, port: PortId, now: SimTime) -> u8 {
        let l = &self.link;
        let p = &mut self.ports[port.index()];
        let refreshed = &mut self.ar_refreshed[port.index()];
        if *refreshed == port::NEVER || now - *refreshed >= l.ar_refresh {
            p.ar_level = quantize(p.data.total_bytes(), &l.ar_thresholds[..l.ar_levels]);
            *refreshed = now;
        }
        p.ar_level
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::LbScheme;

    fn ar_sim(f: impl Fn(&mut Scenario)) -> Simulation {
        let mut s = Scenario::default();
        s.topology.k = 4;
        s.workload.elephants = 0;
        s.lb.scheme = LbScheme::Ar;
        f(&mut s);
        Simulation::new(&s).unwrap()
    }

    /// A large network routes an arrival at a switch when the one before it in its lane is
    /// popped (`Simulation::warm_arrival`): every report is the one routing on arrival gives,
    /// under each way of choosing a path and across links failing and coming back.
    #[test]
    fn routing_ahead_changes_no_result() {
        use crate::scenario::{CcaKind, TimedEvent};
        type Setup = (&'static str, fn(&mut Scenario));
        let setups: [Setup; 5] = [
            ("oblivious", |s| s.lb.scheme = LbScheme::Oblivious),
            ("ecmp", |s| s.lb.scheme = LbScheme::Ecmp),
            ("ar", |s| s.lb.scheme = LbScheme::Ar),
            ("reps, nscc", |s| {
                s.lb.scheme = LbScheme::Reps;
                s.cca.algorithm = CcaKind::Nscc;
            }),
            ("a link down and up", |s| {
                s.events = ["5:link-down:agg3.up1", "15:link-up:agg3.up1"]
                    .map(|e| TimedEvent::parse(e).unwrap())
                    .to_vec();
            }),
        ];
        for (name, setup) in setups {
            let mut s = Scenario::preset("baseline").unwrap();
            s.topology.k = 16;
            s.workload.flow_size_bytes = 64 << 10;
            // a wrong route may send packets round in circles: the run stops anyway
            s.max_sim_time_us = 200.0;
            setup(&mut s);
            s.validate().unwrap();
            let mut ahead = Simulation::new(&s).unwrap();
            assert!(ahead.warm, "{name}: k = 16 warms its cache");
            let mut on_arrival = Simulation::new(&s).unwrap();
            on_arrival.warm = false;
            let mut routed_ahead = 0;
            while !ahead.advance(64).done {
                routed_ahead += ahead.routed.iter().filter(|&&p| p != NOT_ROUTED).count();
            }
            on_arrival.run();
            assert!(routed_ahead > 1000, "{name}: {routed_ahead}");
            assert_eq!(
                ahead.report().to_json(),
                on_arrival.report().to_json(),
                "{name}"
            );
        }
    }

    #[test]
    fn ar_levels_are_shares_of_the_packet_limit_when_it_applies() {
        let sim = ar_sim(|s| s.topology.buffer_packets = 10); // 40,960 B, not buffer_bytes
        assert_eq!(sim.link.ar_thresholds[..3], [2048, 4096, 8192]);
        let sim = ar_sim(|_| {});
        assert_eq!(sim.link.ar_thresholds[..3], [40_960, 81_920, 163_840]);
    }

    #[test]
    fn acks_are_hashed_whatever_their_size_and_data_is_routed_adaptively() {
        let mut sim = ar_sim(|s| s.topology.ack_bytes = 1024);
        let tor = sim.topo.port_to(sim.topo.nic_port(HostId(0)));
        let dst = 15; // another pod: the ToR chooses among its up-ports
        let key = 3 | ACK_HASH_BIT;
        let hashed = sim.hashed_route(tor, key, ADAPTIVE, dst);
        // fill the hashed port's queue past AR's last level
        let filler = Packet::data(FlowId(0), 0, 4096, ADAPTIVE, 0);
        for _ in 0..64 {
            sim.ports[hashed.index()]
                .data
                .push(&mut sim.slab, queue::SPRAYED, filler);
        }
        let ack = sim.route(tor, PacketKind::Ack, key, ADAPTIVE, dst);
        assert_eq!(ack, hashed);
        let data = sim.route(
            tor,
            PacketKind::Data { ack_request: false },
            3,
            ADAPTIVE,
            dst,
        );
        assert_ne!(data, hashed);
    }
}
