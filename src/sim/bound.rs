//! The zero-queueing lower bound: no run can complete a flow, or the collective, sooner
//! (ALGORITHMS.md §13, A19).
//!
//! Links are store-and-forward at line rate `R` with propagation latency `lat`. A flow of `B`
//! wire bytes crosses `out` links to its receiver, and its ACK `back` links home. Where a tier's
//! links run faster than the hosts' (`topology.agg_link_gbps`, `core_link_gbps`), a packet's
//! store-and-forward hop by hop (the last packet on its way out, the ACK on its way back) is
//! taken at the fastest rate, `R⁺` below (`R` where every link has one rate): a bound still, if
//! a looser one; the bytes that share a host's link cross it at `R`. Its last packet
//! (`last` bytes: the flow's remainder, so a partial packet when `B` is not a whole number of
//! packets) cannot leave the sender before every byte before it did, then crosses the remaining
//! links whole, and the ACK returns:
//!
//! ```text
//! after_last = out·lat + (out − 1)·last/R⁺ + back·(lat + ack/R⁺)
//! flow bound = B/R + after_last
//! ```
//!
//! Flows that share a host link share its rate, which bounds the collective completion time
//! (CCT) but not any one flow:
//! - a sender's link carries all its flows' bytes: `Σ B / R + min after_last` over its flows;
//! - a receiver's link carries all bytes to it, and cannot start before the earliest first
//!   packet (`first` bytes) has crossed the links before it:
//!   `min (out − 1)·(lat + first/R⁺) + Σ B / R + lat + min back·(lat + ack/R⁺)`. This holds where
//!   a receiver has one link in (the fat-tree); the n-path model's receiver has one per path, so
//!   there only the sender's link and each flow's own bound apply.
//!
//! The ideal CCT is the largest of these over the sprayed flows. Elephants are long-lived and left
//! out: their bytes only slow the flows down, so leaving them out keeps the bound a bound.

use super::port::LinkConfig;
use super::time::{serialization, SimTime};

/// What the bound needs to know of one flow.
#[derive(Clone, Copy, Debug)]
pub(super) struct FlowShape {
    pub(super) src: u32,
    pub(super) dst: u32,
    /// Payload bytes.
    pub(super) bytes: u64,
    /// Links to the receiver, and back.
    pub(super) out: u32,
    pub(super) back: u32,
}

impl FlowShape {
    fn packets(&self, link: &LinkConfig) -> u64 {
        self.bytes.div_ceil(link.mss as u64).max(1)
    }

    /// Bytes on the wire, headers included.
    fn wire(&self, link: &LinkConfig) -> u64 {
        self.bytes + self.packets(link) * link.header as u64
    }

    /// The first and the last packet's wire size.
    fn first_last(&self, link: &LinkConfig) -> (u32, u32) {
        let mss = link.mss as u64;
        let first = self.bytes.min(mss) as u32 + link.header;
        let last = (self.bytes - (self.packets(link) - 1) * mss) as u32 + link.header;
        (first, last)
    }

    /// From the last byte leaving the sender to its ACK arriving.
    fn after_last(&self, link: &LinkConfig) -> SimTime {
        let (_, last) = self.first_last(link);
        self.out as u64 * link.latency
            + (self.out as u64 - 1) * serialization(last, link.fastest_gbps)
            + self.ack_return(link)
    }

    fn ack_return(&self, link: &LinkConfig) -> SimTime {
        self.back as u64 * (link.latency + serialization(link.ack_bytes, link.fastest_gbps))
    }

    /// From time 0 until the first packet can start on the receiver's link.
    fn first_at_last_link(&self, link: &LinkConfig) -> SimTime {
        let (first, _) = self.first_last(link);
        (self.out as u64 - 1) * (link.latency + serialization(first, link.fastest_gbps))
    }
}

/// Time to send `bytes` at the line rate.
fn at_rate(bytes: u64, link: &LinkConfig) -> SimTime {
    bytes * 8_000 / link.gbps as u64
}

/// The lower bound on one flow's completion time.
pub(super) fn flow_bound(f: &FlowShape, link: &LinkConfig) -> SimTime {
    at_rate(f.wire(link), link) + f.after_last(link)
}

/// The lower bound on the time from a flow's start until its receiver has every byte: its flow
/// bound without the last ACK's return.
pub(super) fn received_bound(f: &FlowShape, link: &LinkConfig) -> SimTime {
    flow_bound(f, link) - f.ack_return(link)
}

/// The lower bound on the collective completion time of `flows`: the largest of every flow's
/// own bound and every sender's and receiver's link bound.
/// `one_link_in`: every receiver has a single link in (see the module doc).
pub(super) fn cct_bound(
    flows: &[FlowShape],
    hosts: u32,
    link: &LinkConfig,
    one_link_in: bool,
) -> SimTime {
    let n = hosts as usize;
    let (mut sent, mut received) = (vec![0u64; n], vec![0u64; n]);
    let (mut after_last, mut first_in) = (vec![SimTime::MAX; n], vec![SimTime::MAX; n]);
    let mut ack_back = vec![SimTime::MAX; n];
    let mut bound = 0;
    for f in flows {
        let (s, d) = (f.src as usize, f.dst as usize);
        sent[s] += f.wire(link);
        received[d] += f.wire(link);
        after_last[s] = after_last[s].min(f.after_last(link));
        first_in[d] = first_in[d].min(f.first_at_last_link(link));
        ack_back[d] = ack_back[d].min(f.ack_return(link));
        bound = bound.max(flow_bound(f, link));
    }
    for h in 0..n {
        if sent[h] > 0 {
            bound = bound.max(at_rate(sent[h], link) + after_last[h]);
        }
        if received[h] > 0 && one_link_in {
            let last_link = at_rate(received[h], link) + link.latency;
            bound = bound.max(first_in[h] + last_link + ack_back[h]);
        }
    }
    bound
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link() -> LinkConfig {
        LinkConfig {
            gbps: 800,
            fastest_gbps: 800,
            latency: 500_000,
            mss: 4096,
            header: 0,
            ack_bytes: 64,
            ..LinkConfig::default()
        }
    }

    fn flow(src: u32, dst: u32, bytes: u64) -> FlowShape {
        FlowShape {
            src,
            dst,
            bytes,
            out: 6,
            back: 6,
        }
    }

    #[test]
    fn a_whole_number_of_packets_pipelines_through_the_hops() {
        let l = link();
        // 2 packets over 6 links: both leave the sender in 2·ser, the last crosses 5 more
        let b = flow_bound(&flow(0, 1, 8192), &l);
        let ser = serialization(4096, 800);
        let ack = 6 * (l.latency + serialization(64, 800));
        assert_eq!(b, 2 * ser + 6 * l.latency + 5 * ser + ack);
    }

    #[test]
    fn a_partial_last_packet_crosses_the_hops_at_its_own_size() {
        let l = link();
        let one_byte = flow_bound(&flow(0, 1, 1), &l);
        let ack = 6 * (l.latency + serialization(64, 800));
        assert_eq!(one_byte, 6 * serialization(1, 800) + 6 * l.latency + ack);
    }

    #[test]
    fn a_shared_receiver_link_bounds_the_collective() {
        let l = link();
        let near = FlowShape {
            out: 2,
            back: 2,
            ..flow(1, 0, 8 << 20)
        };
        let far = flow(2, 0, 8 << 20);
        let both = cct_bound(&[near, far], 3, &l, true);
        // the receiver's link carries both flows; it starts when the near flow's first packet
        // arrives
        let expected = (l.latency + serialization(4096, 800))
            + 2 * (8 << 20) * 8_000 / 800
            + l.latency
            + 2 * (l.latency + serialization(64, 800));
        assert_eq!(both, expected);
        assert!(both > flow_bound(&far, &l));
    }
}
