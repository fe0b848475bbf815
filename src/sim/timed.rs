//! The scenario's timed events (`scenario::TimedEvent`) in the running network.
//!
//! - **A link goes down** at t: both its ports lose what they queue, data and ACKs; what they
//!   had on the wire (being sent or propagating) is lost when it would have arrived; anything
//!   routed to them while down is lost. Such data packets count in `link_losses` and the drop
//!   log, ACKs in `link_ack_losses`. A host's NIC on a down link sends nothing: its flows wait,
//!   and their retransmission timers run. An inter-switch link leaves routing's up-port masks
//!   from t on, exactly as a link that failed before the run, so ECMP, OPS, REPS and AR (which
//!   all choose among the masks' ports) stop choosing it at once.
//! - **A link comes back** (`link-up`): both ports carry again at the full rate, and routing
//!   uses the link again.
//! - **A link changes rate** (`link-rate`): both ports send at the new rate from their next
//!   packet on (the one on the wire keeps its time); a down link comes back at that rate.
//! - **Elephants stop**: their senders hand the NIC nothing new (what is in flight is still
//!   delivered and acknowledged). **They start**: they send again. An elephant stopped at 0
//!   and started at t starts at t with the initial window.
//!
//! Events of one time apply in the scenario's order; those at 0 before any host sends.

use super::*;
use crate::scenario::{EventKind, TimedEvent};
use std::ops::Range;

/// A timed event resolved to the network's ports and the workload's flows.
#[derive(Clone, Debug)]
pub(super) struct Timed {
    at: SimTime,
    change: Change,
}

#[derive(Clone, Debug)]
enum Change {
    /// Both ports of a link take `state` (at `gbps` when slowed); `link` is its index among
    /// the inter-switch links (routing's), `None` for a host's link.
    Link {
        ports: [PortId; 2],
        link: Option<u32>,
        state: LinkState,
        gbps: u32,
    },
    /// Elephant flows `flows` send again (`run`) or stop.
    Elephants { flows: Range<u32>, run: bool },
}

impl Simulation {
    /// Resolves the scenario's (validated) timed events, applies those at 0 and schedules the
    /// rest.
    pub(super) fn add_timed_events(&mut self, scenario: &Scenario) -> Result<(), ScenarioError> {
        let mut events: Vec<&TimedEvent> = scenario.events.iter().collect();
        events.sort_by(|a, b| a.at_us.total_cmp(&b.at_us)); // stable: one time keeps list order
        for e in events {
            let change = self.resolve(e, scenario)?;
            self.timed.push(Timed {
                at: from_us(e.at_us),
                change,
            });
        }
        let cuts = self
            .timed
            .iter()
            .any(|t| matches!(t.change, Change::Link { state, .. } if state == LinkState::Down));
        if cuts {
            self.lost_until = vec![0; self.ports.len()];
        }
        for i in 0..self.timed.len() as u32 {
            match self.timed[i as usize].at {
                0 => self.apply_timed(i),
                at => self.queue.schedule_at(at, Timer::Timed(i)),
            }
        }
        Ok(())
    }

    fn resolve(&self, e: &TimedEvent, scenario: &Scenario) -> Result<Change, ScenarioError> {
        if !e.kind.on_link() {
            return Ok(Change::Elephants {
                flows: e.elephant_flows(scenario.workload.elephants),
                run: e.kind == EventKind::ElephantsStart,
            });
        }
        let (Network::FatTree(tree), Some(name)) = (&self.topo, e.port()) else {
            return Err(ScenarioError {
                field: "events".into(),
                message: format!("{e}: a link event needs a fat-tree port name"),
            });
        };
        let (ports, link) = tree.link_of(tree.port_of(name));
        let full = tree.port_gbps(ports[0]);
        let (state, gbps) = match (e.kind, e.gbps) {
            (EventKind::LinkDown, _) => (LinkState::Down, full),
            (EventKind::LinkRate, Some(g)) if g < full => (LinkState::OwnRate, g),
            _ => (LinkState::Up, full),
        };
        Ok(Change::Link {
            ports,
            link,
            state,
            gbps,
        })
    }

    /// Timed event `i` happens now.
    pub(super) fn apply_timed(&mut self, i: u32) {
        match self.timed[i as usize].change.clone() {
            Change::Link {
                ports,
                link,
                state,
                gbps,
            } => {
                for p in ports {
                    self.set_link_state(p, state, gbps);
                }
                if let (Some(link), Network::FatTree(tree)) = (link, &mut self.topo) {
                    let down = state == LinkState::Down;
                    if tree.link_failed(link) != down {
                        tree.set_failed(link, down);
                        // what was routed ahead went by the old routes
                        self.routed = [NOT_ROUTED; events::MAX_LANES];
                    }
                }
                if state != LinkState::Down {
                    ports.into_iter().for_each(|p| self.kick(p));
                }
            }
            Change::Elephants { flows, run } => {
                for f in flows {
                    let flow = &mut self.flows[f as usize];
                    flow.paused = !run;
                    let nic = self.topo.nic_port(HostId(flow.src));
                    if run {
                        self.kick(nic);
                    }
                }
            }
        }
    }

    /// Port `p`'s link becomes `state`; going down, it loses what it holds.
    fn set_link_state(&mut self, p: PortId, state: LinkState, gbps: u32) {
        let now = self.now();
        let port = &mut self.ports[p.index()];
        match state {
            LinkState::Down if port.link != LinkState::Down => {
                // the last packet begun before now arrives by then
                self.lost_until[p.index()] = port.busy_until.max(now) + port.wire.latency;
                port.link = LinkState::Down;
                self.flush(p);
            }
            LinkState::Down => {}
            LinkState::OwnRate => self.set_rate(p, gbps),
            LinkState::Up => self.set_rate(p, self.nominal_gbps(p)),
        }
    }

    /// Port `p` runs at `gbps`: the scenario's rate, or its own.
    fn set_rate(&mut self, p: PortId, gbps: u32) {
        if gbps == self.link.gbps {
            self.ports[p.index()].link = LinkState::Up;
            return;
        }
        if self.port_gbps.is_empty() {
            self.port_gbps = vec![self.link.gbps; self.ports.len()];
        }
        self.port_gbps[p.index()] = gbps;
        self.ports[p.index()].link = LinkState::OwnRate;
    }

    /// The rate port `p` runs at while its link is up: its kind of link's in the fabric.
    pub(super) fn nominal_gbps(&self, p: PortId) -> u32 {
        match &self.topo {
            Network::FatTree(tree) => tree.port_gbps(p),
            Network::NPath(_) => self.link.gbps,
        }
    }

    /// Loses every packet port `p` queues.
    fn flush(&mut self, p: PortId) {
        let port = &mut self.ports[p.index()];
        let mut lost = Vec::new();
        while let Some(ack) = self.slab.pop(&mut port.ctrl) {
            lost.push(ack);
        }
        while let Some(data) = port.data.pop_any(&mut self.slab) {
            lost.push(data);
        }
        if let Some(drr) = self.drr.get_mut(p.index()) {
            *drr = DrrState::default();
        }
        for packet in lost {
            self.lose(Some(p), packet);
        }
    }

    /// A packet lost to a link that is down (`port`: where, if known).
    #[cold]
    pub(super) fn lose(&mut self, port: Option<PortId>, packet: Packet) {
        if packet.kind.is_data() {
            self.counters.link_losses += 1;
            self.data_in_network -= 1;
            self.log_drop(port, packet.flow, packet.seq as u64);
        } else {
            self.counters.link_ack_losses += 1;
        }
    }

    /// Whether a packet arriving now over port `via`'s link was on the wire when the link went
    /// down (then it is lost).
    pub(super) fn lost_on_wire(&mut self, via: PortId, packet: &Packet) -> bool {
        // arrivals happen after time 0, so a port whose link never went down (0) loses nothing
        let lost = self.now() <= self.lost_until[via.index()];
        if lost {
            self.lose(Some(via), *packet);
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{LbScheme, PortName};

    /// A k = 4 permutation of 2 MiB flows (no elephants unless asked) with `events`.
    fn sim(lb: LbScheme, elephants: u32, events: &[&str]) -> Simulation {
        sim_of(2 << 20, lb, elephants, events)
    }

    fn sim_of(bytes: u64, lb: LbScheme, elephants: u32, events: &[&str]) -> Simulation {
        let mut s = Scenario::default();
        s.topology.k = 4;
        s.workload.elephants = elephants;
        s.workload.flow_size_bytes = bytes;
        s.lb.scheme = lb;
        s.events = events
            .iter()
            .map(|e| TimedEvent::parse(e).unwrap())
            .collect();
        Simulation::new(&s).unwrap()
    }

    fn ports_of(sim: &Simulation, name: &str) -> [PortId; 2] {
        let Network::FatTree(tree) = &sim.topo else {
            panic!("a fat-tree")
        };
        tree.link_of(tree.port_of(PortName::parse(name).unwrap())).0
    }

    fn lost(sim: &Simulation) -> u64 {
        sim.counters.link_losses + sim.counters.link_ack_losses
    }

    #[test]
    fn a_link_down_loses_what_it_holds_carries_nothing_and_carries_again_once_up() {
        let (down, up) = (from_us(10.0), from_us(20.0));
        let mut sim = sim_of(
            8 << 20,
            LbScheme::Ops,
            0,
            &["10:link-down:tor0.up0", "20:link-up:tor0.up0"],
        );
        let ports = ports_of(&sim, "tor0.up0");
        sim.advance_until(u64::MAX, down - 1);
        let held: u64 = ports
            .iter()
            .map(|p| {
                let port = &sim.ports[p.index()];
                let on_wire = u64::from(port.busy_until > sim.now());
                port.data.total_bytes().div_ceil(4096) + on_wire
            })
            .sum();
        assert!(held > 0, "the link is busy when it goes down");
        assert_eq!(lost(&sim), 0);
        sim.advance_until(u64::MAX, down);
        for p in ports {
            let port = &sim.ports[p.index()];
            assert_eq!(port.link, LinkState::Down);
            assert!(port.ctrl.is_empty() && port.data.is_empty());
        }
        assert!(lost(&sim) > 0, "what the ports queued is lost at once");
        // down, a port begins nothing: its last packet began before the link went down
        let full = sim.link.ser_full;
        sim.advance_until(u64::MAX, up - 1);
        for p in ports {
            assert!(sim.ports[p.index()].busy_until <= down + full);
        }
        assert!(lost(&sim) >= held, "and what was on the wire is lost too");
        sim.run();
        assert!(
            sim.report().finished,
            "the flows recover once the link is back"
        );
        for p in ports {
            assert_eq!(sim.ports[p.index()].link, LinkState::Up);
            assert!(
                sim.ports[p.index()].busy_until > up,
                "the link carries again"
            );
        }
        let c = sim.report().counters;
        assert_eq!(
            c.data_packets,
            c.delivered + c.drops + c.trimmed + c.link_losses + c.in_network_at_end
        );
    }

    #[test]
    fn every_scheme_stops_choosing_a_down_link_and_its_flows_finish_without_it() {
        let down = 10.0;
        for &lb in LbScheme::ALL {
            for link in ["tor1.up0", "agg2.up1", "core3.pod1"] {
                let mut sim = sim(lb, 2, &[&format!("{down}:link-down:{link}")]);
                sim.log_drops();
                let names: Vec<String> = ports_of(&sim, link)
                    .iter()
                    .map(|&p| sim.topo.port_name(p))
                    .collect();
                sim.run();
                let report = sim.report();
                assert!(report.finished, "{lb} {link}");
                // what was routed before the link went down may still reach it within a
                // queue's drain time; nothing routed after does
                let late: Vec<_> = sim
                    .trace
                    .drops
                    .as_ref()
                    .unwrap()
                    .rows
                    .iter()
                    .filter(|d| names.contains(&d.port) && to_us(d.time) > down + 20.0)
                    .collect();
                assert!(late.is_empty(), "{lb} {link}: {late:?}");
            }
        }
    }

    #[test]
    fn a_slowed_link_sends_at_its_rate_and_elephants_start_at_their_time() {
        let host = sim(LbScheme::Ops, 2, &[]).flows[2].src; // a sprayed flow's
        let slow = format!("0:link-rate:host{host}.nic:100");
        let mut sim = sim(
            LbScheme::Ops,
            2,
            &["0:elephants-stop", &slow, "30:elephants-start:flow1"],
        );
        let nic = sim.topo.nic_port(HostId(host));
        assert_eq!(sim.ports[nic.index()].link, LinkState::OwnRate);
        let elephants = [FlowId(0), FlowId(1)];
        sim.advance_until(u64::MAX, from_us(30.0) - 1);
        for f in elephants {
            assert_eq!(sim.flows[f.index()].sender.snd_nxt, 0, "stopped from 0");
        }
        let sent = sim.flows[2].sender.snd_nxt;
        // 30 µs at 100 Gbps carry at most 92 packets of 4 KiB (800 Gbps: 732)
        assert!((1..=92).contains(&sent), "{sent}");
        sim.advance_until(u64::MAX, from_us(31.0));
        assert_eq!(sim.flows[0].sender.snd_nxt, 0, "flow 0 stays stopped");
        assert!(sim.flows[1].sender.snd_nxt > 0, "flow 1 starts at 30 µs");
    }
}
