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
//!
//! Switches are numbered across the whole fabric (ToRs and aggregation switches k/2 to a pod,
//! pod by pod; cores 0 to k²/4 − 1). A link has a port at each end, so two names:
//! `tor3.up0` and `agg2.down1` are one link when ToR 3 and aggregation switch 2 share a pod.
//! A timed event may use either.

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
    /// Core `.0`'s port to pod `.1` (0 to k − 1).
    CorePod(u32, u32),
}

/// The allowed shapes of a name, for error messages.
pub const NAME_SHAPES: &str = "host5.nic, tor3.down1, tor3.up0, agg2.down1, agg2.up1 or core4.pod2";

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
            "core" => PortName::CorePod(index, side_of("pod")?),
            _ => return None,
        })
    }

    /// The port at the other end of the link, in a k-ary fat-tree (a name checked against k).
    pub fn peer(self, k: u32) -> PortName {
        let half = k / 2;
        match self {
            PortName::HostNic(h) => PortName::TorDown(h / half, h % half),
            PortName::TorDown(t, i) => PortName::HostNic(t * half + i),
            // ToR t's up-port i leads to aggregation switch i of its pod, whose down-port
            // t mod k/2 leads back
            PortName::TorUp(t, i) => PortName::AggDown(t / half * half + i, t % half),
            PortName::AggDown(a, i) => PortName::TorUp(a / half * half + i, a % half),
            // aggregation switch a's up-port i leads to core (a mod k/2)·k/2 + i, whose port to
            // a's pod leads back
            PortName::AggUp(a, i) => PortName::CorePod(a % half * half + i, a / half),
            PortName::CorePod(c, pod) => PortName::AggUp(pod * half + c / half, c % half),
        }
    }

    /// Whether the port exists in a k-ary fat-tree; `Err` says which number is out of range.
    pub fn check(self, k: u32) -> Result<(), String> {
        let half = k / 2;
        let (hosts, tors, cores) = (k * k * k / 4, k * half, half * half);
        let within = |what: &str, v: u32, n: u32| {
            if v < n {
                Ok(())
            } else {
                Err(format!(
                    "{self}: the {what} must be from 0 to {} when k = {k}, got {v}",
                    n - 1
                ))
            }
        };
        match self {
            PortName::HostNic(h) => within("host", h, hosts),
            PortName::TorDown(t, i) => within("ToR", t, tors).and(within("down-port", i, half)),
            PortName::TorUp(t, i) => within("ToR", t, tors).and(within("up-port", i, half)),
            PortName::AggDown(a, i) => {
                within("aggregation switch", a, tors).and(within("down-port", i, half))
            }
            PortName::AggUp(a, i) => {
                within("aggregation switch", a, tors).and(within("up-port", i, half))
            }
            PortName::CorePod(c, p) => within("core", c, cores).and(within("pod", p, k)),
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
            PortName::CorePod(c, p) => write!(f, "core{c}.pod{p}"),
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
            "agg99999999999.up1",
        ] {
            assert_eq!(PortName::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_name_fits_a_fat_tree_or_says_which_number_is_out_of_range() {
        let k = 8; // 128 hosts, 32 ToRs and aggregation switches, 16 cores, 8 pods
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
}
