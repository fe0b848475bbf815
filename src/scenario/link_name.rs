//! How a fat-tree's links are named, once, for the network picture, the timelines, the drop logs
//! and timed events.
//!
//! A name is the output port at one end of a link, `switch.side`:
//!
//! | name | port | leads to |
//! |---|---|---|
//! | `host5.nic` | host 5's NIC | its ToR |
//! | `tor3.down1` | ToR 3's port to its host 1 (host 3·k/2 + 1) | a host |
//! | `tor3.up0` | ToR 3's up-port 0 | aggregation switch 0 of its pod |
//! | `agg2.down1` | aggregation switch 2's port to ToR 1 of its pod | a ToR |
//! | `agg2.up1` | aggregation switch 2's up-port 1 | a core |
//! | `core4.pod2` | core 4's port to pod 2 | that pod's aggregation switch |
//! | `core4.pod2.1` | core 4's second link to pod 2, where cores have bundles | the same |
//!
//! Switches are numbered across the whole fabric (ToRs and aggregation switches k/2 to a pod,
//! pod by pod; cores 0 to k²/4 − 1). A link has a port at each end, so two names:
//! `tor3.up0` and `agg2.down1` are one link when ToR 3 and aggregation switch 2 share a pod.
//! A timed event may use either.

use super::Fabric;
use std::fmt;

/// One output port of a k-ary fat-tree, by the switch it leaves and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortName {
    /// A host's NIC.
    HostNic(u32),
    /// ToR `.0`'s port to its host `.1` (0 to k/2 − 1).
    TorDown(u32, u32),
    /// ToR `.0`'s up-port `.1` (0 to k/2 − 1).
    TorUp(u32, u32),
    /// Aggregation switch `.0`'s port to ToR `.1` of its pod (0 to k/2 − 1).
    AggDown(u32, u32),
    /// Aggregation switch `.0`'s up-port `.1` (0 to k/2 − 1).
    AggUp(u32, u32),
    /// Core `.0`'s port to pod `.1` (0 to k − 1) over link `.2` of the bundle (0 without one).
    CorePod(u32, u32, u32),
}

/// The allowed shapes of a name, for error messages.
pub const NAME_SHAPES: &str =
    "host5.nic, tor3.down1, tor3.up0, agg2.down1, agg2.up1, core4.pod2 or core4.pod2.1";

impl PortName {
    /// Reads a name such as `agg3.up1` (lower case, as written by `Display`).
    pub fn parse(s: &str) -> Option<PortName> {
        let (switch, side) = s.split_once('.')?;
        let number = |text: &str, prefix: &str| -> Option<u32> {
            let digits = text.strip_prefix(prefix)?;
            let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            // no sign, no leading zeros: one spelling per port
            (plain && (digits == "0" || !digits.starts_with('0')))
                .then(|| digits.parse().ok())
                .flatten()
        };
        let (kind, index) = ["host", "tor", "agg", "core"]
            .into_iter()
            .find_map(|p| number(switch, p).map(|i| (p, i)))?;
        let side_of = |prefix| number(side, prefix);
        Some(match kind {
            "host" if side == "nic" => PortName::HostNic(index),
            "tor" => match (side_of("down"), side_of("up")) {
                (Some(i), _) => PortName::TorDown(index, i),
                (_, Some(i)) => PortName::TorUp(index, i),
                _ => return None,
            },
            "agg" => match (side_of("down"), side_of("up")) {
                (Some(i), _) => PortName::AggDown(index, i),
                (_, Some(i)) => PortName::AggUp(index, i),
                _ => return None,
            },
            "core" => match side.split_once('.') {
                Some((pod, member)) => {
                    let member = number(member, "")?;
                    (member > 0).then_some(())?;
                    PortName::CorePod(index, number(pod, "pod")?, member)
                }
                None => PortName::CorePod(index, side_of("pod")?, 0),
            },
            _ => return None,
        })
    }

    /// The port at the other end of the link, in `fabric` (a name checked against it).
    pub fn peer(self, fabric: &Fabric) -> PortName {
        let (hpt, tpp, up) = (fabric.hosts_per_tor, fabric.tors_per_pod, fabric.tor_up);
        let (cpc, b) = (fabric.cores_per_column(), fabric.core_bundle.max(1));
        match self {
            PortName::HostNic(h) => PortName::TorDown(h / hpt, h % hpt),
            PortName::TorDown(t, i) => PortName::HostNic(t * hpt + i),
            // ToR t's up-port i leads to aggregation switch i of its pod, whose down-port
            // t mod tors_per_pod leads back
            PortName::TorUp(t, i) => PortName::AggDown(t / tpp * up + i, t % tpp),
            PortName::AggDown(a, i) => PortName::TorUp(a / up * tpp + i, a % up),
            // aggregation switch a's up-port i is link i mod b of the bundle to core
            // (a mod tor_up)·cpc + ⌊i / b⌋, whose port to a's pod over that link leads back
            PortName::AggUp(a, i) => PortName::CorePod(a % up * cpc + i / b, a / up, i % b),
            PortName::CorePod(c, pod, m) => PortName::AggUp(pod * up + c / cpc, c % cpc * b + m),
        }
    }

    /// Whether the port exists in `fabric`; `Err` says which number is out of range.
    pub fn check(self, fabric: &Fabric) -> Result<(), String> {
        let k = 2 * fabric.hosts_per_tor;
        let within = |what: &str, v: u32, n: u32| match n {
            0 => Err(format!(
                "{self}: this fabric ({}) has no {what} there",
                fabric.describe()
            )),
            n if v < n => Ok(()),
            n if fabric.is_full_tree() => Err(format!(
                "{self}: the {what} must be from 0 to {} when k = {k}, got {v}",
                n - 1
            )),
            n => Err(format!(
                "{self}: the {what} must be from 0 to {} in this fabric ({}), got {v}",
                n - 1,
                fabric.describe()
            )),
        };
        let f = fabric;
        let agg = "aggregation switch";
        match self {
            PortName::HostNic(h) => within("host", h, f.hosts()),
            PortName::TorDown(t, i) => {
                within("ToR", t, f.tors()).and(within("down-port", i, f.hosts_per_tor))
            }
            PortName::TorUp(t, i) => within("ToR", t, f.tors()).and(within("up-port", i, f.tor_up)),
            PortName::AggDown(a, i) => {
                within(agg, a, f.aggs()).and(within("down-port", i, f.tors_per_pod))
            }
            PortName::AggUp(a, i) => within(agg, a, f.aggs()).and(within("up-port", i, f.agg_up)),
            PortName::CorePod(c, p, m) => within("core", c, f.cores())
                .and(within("pod", p, f.pods))
                .and(within("bundle link", m, f.core_bundle)),
        }
    }
}

impl fmt::Display for PortName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PortName::HostNic(h) => write!(f, "host{h}.nic"),
            PortName::TorDown(t, i) => write!(f, "tor{t}.down{i}"),
            PortName::TorUp(t, i) => write!(f, "tor{t}.up{i}"),
            PortName::AggDown(a, i) => write!(f, "agg{a}.down{i}"),
            PortName::AggUp(a, i) => write!(f, "agg{a}.up{i}"),
            PortName::CorePod(c, p, 0) => write!(f, "core{c}.pod{p}"),
            PortName::CorePod(c, p, m) => write!(f, "core{c}.pod{p}.{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_odd_spellings_are_refused() {
        for name in [
            "host5.nic",
            "tor3.down1",
            "tor3.up0",
            "agg2.down1",
            "agg12.up3",
            "core4.pod2",
            "core4.pod2.1",
        ] {
            assert_eq!(PortName::parse(name).unwrap().to_string(), name);
        }
        for bad in [
            "",
            "agg",
            "agg3",
            "agg3.",
            "agg3.side1",
            "agg03.up1",
            "agg3.up-1",
            "agg3.up+1",
            "Agg3.up1",
            "host5.up0",
            "core1.up0",
            "tor3.down",
            "spine1.pod0",
            "agg3.up1.x",
            "core4.pod2.0",
            "core4.pod2.01",
            "core4.pod2.1.1",
            "agg99999999999.up1",
        ] {
            assert_eq!(PortName::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_name_fits_a_fat_tree_or_says_which_number_is_out_of_range() {
        let k = &Fabric::fat_tree(8); // 128 hosts, 32 ToRs and aggregation switches, 16 cores
        for ok in ["host127.nic", "tor31.down3", "agg31.up3", "core15.pod7"] {
            assert_eq!(PortName::parse(ok).unwrap().check(k), Ok(()), "{ok}");
        }
        let e = PortName::parse("agg32.up0").unwrap().check(k).unwrap_err();
        assert_eq!(
            e,
            "agg32.up0: the aggregation switch must be from 0 to 31 when k = 8, got 32"
        );
        let e = PortName::parse("core0.pod8").unwrap().check(k).unwrap_err();
        assert!(e.contains("pod must be from 0 to 7"), "{e}");
        let e = PortName::parse("tor0.up4").unwrap().check(k).unwrap_err();
        assert!(e.contains("up-port must be from 0 to 3"), "{e}");
    }

    #[test]
    fn a_name_fits_a_leaf_spine_or_an_oversubscribed_tree_or_says_why_not() {
        // 4 ToRs of 8 hosts, 2 up-links each, 2 spines
        let tiny = &Fabric::new(16, 2, 4, 1, 4);
        for ok in ["host31.nic", "tor3.down7", "tor3.up1", "agg1.down3"] {
            assert_eq!(PortName::parse(ok).unwrap().check(tiny), Ok(()), "{ok}");
        }
        let e = PortName::parse("agg0.up0")
            .unwrap()
            .check(tiny)
            .unwrap_err();
        assert!(e.contains("has no up-port"), "{e}");
        let e = PortName::parse("core0.pod0")
            .unwrap()
            .check(tiny)
            .unwrap_err();
        assert!(e.contains("has no core"), "{e}");
        let e = PortName::parse("tor0.up2")
            .unwrap()
            .check(tiny)
            .unwrap_err();
        assert!(
            e.contains("up-port must be from 0 to 1 in this fabric (leaf-spine"),
            "{e}"
        );
        // htsim's test.topo: two cores per column, each reached over two links
        let bundled = &Fabric::new(4, 3, 1, 1, 0).with_links(2, [200, 200, 100]);
        assert_eq!(
            PortName::parse("core3.pod1.1").unwrap().check(bundled),
            Ok(())
        );
        assert_eq!(
            PortName::parse("core3.pod1.1").unwrap().peer(bundled),
            PortName::AggUp(3, 3)
        );
        let e = PortName::parse("core3.pod1.1")
            .unwrap()
            .check(&Fabric::fat_tree(4))
            .unwrap_err();
        assert!(e.contains("bundle link must be from 0 to 0"), "{e}");
        // every port's peer leads back, in every fabric
        for f in [tiny, &Fabric::new(8, 3, 4, 2, 6), bundled] {
            let names = (0..f.hosts())
                .map(PortName::HostNic)
                .chain((0..f.tors()).flat_map(|t| {
                    (0..f.hosts_per_tor)
                        .map(move |i| PortName::TorDown(t, i))
                        .chain((0..f.tor_up).map(move |i| PortName::TorUp(t, i)))
                }))
                .chain((0..f.aggs()).flat_map(|a| {
                    (0..f.tors_per_pod)
                        .map(move |i| PortName::AggDown(a, i))
                        .chain((0..f.agg_up).map(move |i| PortName::AggUp(a, i)))
                }))
                .chain((0..f.cores()).flat_map(|c| {
                    (0..f.pods).flat_map(move |p| {
                        (0..f.core_bundle).map(move |m| PortName::CorePod(c, p, m))
                    })
                }));
            for n in names {
                assert_eq!(n.check(f), Ok(()), "{n}");
                assert_eq!(n.peer(f).check(f), Ok(()), "{n}");
                assert_eq!(n.peer(f).peer(f), n, "{n}");
            }
        }
    }
}
