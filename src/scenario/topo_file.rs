//! htsim's topology files (`-topo FILE`), read as far as SprayLab's fabric can build them.
//!
//! A file names the hosts (`Nodes N`), the tiers (`Tiers 2|3`), the hosts under one pod
//! (`Podsize P`), then one block per tier (`Tier T`) with its downlinks' rate and latency
//! (`Downlink_speed_Gbps`, `Downlink_Latency_ns`), the switches' latency (`Switch_Latency_ns`),
//! their ports down and up (`Radix_Down`, `Radix_Up`), the ratio of down to up capacity
//! (`Oversubscribed`) and the links per switch pair (`Bundle`). Lines starting `#` are comments.
//!
//! SprayLab builds the fabrics [`super::Fabric`] describes, and reads a file as one of them:
//! - three tiers: ToRs of k/2 hosts (`Radix_Down`, which sets k) and k/(2o) up-links
//!   (`Radix_Up`: o = `topology.oversubscription`); aggregation switches with one port down to
//!   each of the pod's k/2 ToRs and k/(2o₁) up (o₁ = `topology.agg_oversubscription`); cores
//!   with one port to each pod (`Radix_Down` of tier 2 = `topology.pods`); pods of k²/4 hosts;
//! - two tiers: ToRs as above, spines with one port down to each ToR (`Radix_Down` of tier 1 =
//!   the ToRs, `topology.pods`);
//! - a tier's `Downlink_speed_Gbps` is the rate of the links below its switches: tier 0's the
//!   hosts' links (`topology.link_gbps`), tier 1's the ToR–aggregation (spine) links
//!   (`topology.agg_link_gbps`), tier 2's the aggregation–core links (`topology.core_link_gbps`);
//! - tier 2's `Bundle` b: each aggregation switch reaches each of its cores over b links
//!   (`topology.core_bundle`), so its `Radix_Up` counts b per core; ToRs and aggregation
//!   switches are joined by single links (`Bundle 1` in tiers 0 and 1);
//! - one latency on every link (`topology.link_latency_us`), no switch latency.
//!   `Oversubscribed`, where given, must be the ratio of the tier's capacity down (its radix
//!   times its rate) to its capacity up (the radix up times the rate of the tier above), as the
//!   reference checks.
//!
//! Any other is refused naming the line and what SprayLab cannot build, not approximated. All
//! 27 of the reference's shipped files are read: `test.topo` is a tree of 8 hosts whose cores
//! are reached at half the rate over bundles of two.

use std::collections::BTreeMap;

/// The most bytes a topology file may have (htsim's are under 1 KB).
pub const MAX_TOPO_BYTES: usize = 64 * 1024;

/// What a topology file sets: the `topology` fields of the same names.
#[derive(Clone, Debug, PartialEq)]
pub struct TopoFile {
    pub k: u32,
    pub tiers: u32,
    pub oversubscription: u32,
    pub agg_oversubscription: u32,
    /// 0 when the file fills every pod (every ToR a spine has ports for).
    pub pods: u32,
    pub core_bundle: u32,
    pub link_gbps: u32,
    pub agg_link_gbps: u32,
    pub core_link_gbps: u32,
    pub link_latency_us: f64,
}

impl TopoFile {
    /// Sets the fields the file names.
    pub fn apply(&self, t: &mut super::Topology) {
        t.k = self.k;
        t.tiers = self.tiers;
        t.oversubscription = self.oversubscription;
        t.agg_oversubscription = self.agg_oversubscription;
        t.pods = self.pods;
        t.core_bundle = self.core_bundle;
        t.link_gbps = self.link_gbps;
        t.agg_link_gbps = self.agg_link_gbps;
        t.core_link_gbps = self.core_link_gbps;
        t.link_latency_us = self.link_latency_us;
    }
}

/// One tier's block, with the line each key came from.
#[derive(Default, Debug)]
struct TierBlock {
    line: usize,
    keys: BTreeMap<String, (usize, u64)>,
}

fn refuse(line: usize, what: impl std::fmt::Display) -> String {
    format!("line {line}: {what}")
}

/// Reads `text`; the error names its line.
pub fn parse_topo(text: &str) -> Result<TopoFile, String> {
    let mut top: BTreeMap<String, (usize, u64)> = BTreeMap::new();
    let mut tiers: Vec<TierBlock> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut words = l.split_whitespace();
        let (Some(key), Some(value), None) = (words.next(), words.next(), words.next()) else {
            return Err(refuse(
                line,
                format!("expected a key and a number, got {l:?}"),
            ));
        };
        let value: u64 = value
            .parse()
            .map_err(|_| refuse(line, format!("{key} must be a whole number, got {value:?}")))?;
        let key = key.to_ascii_lowercase();
        match key.as_str() {
            "tier" => {
                if value != tiers.len() as u64 {
                    return Err(refuse(
                        line,
                        format!("expected Tier {}, got Tier {value}", tiers.len()),
                    ));
                }
                tiers.push(TierBlock {
                    line,
                    ..TierBlock::default()
                });
            }
            "nodes" | "tiers" | "podsize" if tiers.is_empty() => {
                top.insert(key, (line, value));
            }
            "downlink_speed_gbps"
            | "downlink_latency_ns"
            | "switch_latency_ns"
            | "radix_down"
            | "radix_up"
            | "oversubscribed"
            | "bundle" => {
                let Some(t) = tiers.last_mut() else {
                    return Err(refuse(line, format!("{key} before any Tier")));
                };
                t.keys.insert(key, (line, value));
            }
            _ => return Err(refuse(line, format!("unknown key {key:?}"))),
        }
    }
    fat_tree(&top, &tiers)
}

/// The fabric the file describes, or why SprayLab cannot build it.
fn fat_tree(top: &BTreeMap<String, (usize, u64)>, tiers: &[TierBlock]) -> Result<TopoFile, String> {
    let get = |k: &str| {
        top.get(k)
            .copied()
            .ok_or_else(|| format!("the file sets no {k}"))
    };
    let (tl, n_tiers) = get("tiers")?;
    if !(2..=3).contains(&n_tiers) {
        return Err(refuse(
            tl,
            format!("Tiers {n_tiers}: SprayLab builds two or three tiers"),
        ));
    }
    if tiers.len() as u64 != n_tiers {
        return Err(format!("Tiers {n_tiers} but {} Tier blocks", tiers.len()));
    }
    let latency_ns = same(tiers, "downlink_latency_ns")?;
    for t in tiers {
        if let Some(&(line, v)) = t.keys.get("switch_latency_ns").filter(|v| v.1 != 0) {
            return Err(refuse(
                line,
                format!("switch_latency_ns {v}: SprayLab's switches add no latency"),
            ));
        }
    }
    // the core tier's bundle only: ToRs and aggregation switches are joined by single links
    let bundle_of = |t: &TierBlock| t.keys.get("bundle").map_or(1, |v| v.1);
    for (i, t) in tiers.iter().enumerate() {
        let core = n_tiers == 3 && i == 2;
        if let Some(&(line, v)) = t.keys.get("bundle").filter(|v| v.1 != 1 && !core) {
            return Err(refuse(
                line,
                format!("Bundle {v}: SprayLab bundles the links to the cores only (tier 2)"),
            ));
        }
    }
    let bundle = if n_tiers == 3 {
        bundle_of(&tiers[2])
    } else {
        1
    };
    if !(1..=8).contains(&bundle) {
        return Err(refuse(
            tiers[2].keys["bundle"].0,
            format!("Bundle {bundle}: must be from 1 to 8"),
        ));
    }
    let mut rates = [0u32; 3];
    for (i, t) in tiers.iter().enumerate() {
        let Some(&(line, g)) = t.keys.get("downlink_speed_gbps") else {
            return Err(refuse(t.line, "Tier block sets no downlink_speed_gbps"));
        };
        rates[i] = u32::try_from(g)
            .ok()
            .filter(|g| (1..=3200).contains(g))
            .ok_or_else(|| {
                refuse(
                    line,
                    format!("Downlink_speed_Gbps {g}: must be from 1 to 3200"),
                )
            })?;
    }
    let half = radix(&tiers[0], "radix_down")?;
    let k = half.saturating_mul(2);
    let most = if n_tiers == 3 { 32 } else { 128 };
    if !(4..=most).contains(&k) {
        return Err(refuse(
            tiers[0].keys["radix_down"].0,
            format!("Radix_Down {half}: k = {k} must be from 4 to {most} with {n_tiers} tiers"),
        ));
    }
    let over = ratio(&tiers[0], half, 1, [rates[0], rates[1]])?;
    let (agg_over, pods, hosts) = if n_tiers == 3 {
        let down = radix(&tiers[1], "radix_down")?;
        if down != half {
            return Err(refuse(
                tiers[1].keys["radix_down"].0,
                format!("tier 1 radix_down {down}: SprayLab's aggregation switches have one port to each of the pod's {half} ToRs (tier 0's Radix_Down)"),
            ));
        }
        let down = radix(&tiers[2], "radix_down")?;
        if down % bundle != 0 {
            return Err(refuse(
                tiers[2].keys["radix_down"].0,
                format!("Radix_Down {down}: must be a multiple of the bundle, {bundle}"),
            ));
        }
        let pods = down / bundle;
        let agg_over = ratio(&tiers[1], half, bundle, [rates[1], rates[2]])?;
        (agg_over, pods, pods * half * half)
    } else {
        let tors = radix(&tiers[1], "radix_down")?;
        (1, tors, tors * half)
    };
    if pods == 0 || pods > k {
        let at = tiers[n_tiers as usize - 1].keys["radix_down"].0;
        return Err(refuse(
            at,
            format!("Radix_Down {pods}: must be from 1 to k = {k} (a switch's ports)"),
        ));
    }
    let (nl, nodes) = get("nodes")?;
    if nodes != hosts {
        return Err(refuse(
            nl,
            format!("Nodes {nodes}: the fabric its tiers describe has {hosts} hosts"),
        ));
    }
    let pod_hosts = if n_tiers == 3 { half * half } else { hosts };
    if let Ok((pl, pod)) = get("podsize") {
        if pod != pod_hosts {
            return Err(refuse(
                pl,
                format!("Podsize {pod}: the fabric's pods hold {pod_hosts} hosts"),
            ));
        }
    }
    // a field equal to the hosts' rate is left at 0 (the same rate)
    let own = |g: u32| if g == rates[0] { 0 } else { g };
    Ok(TopoFile {
        k: k as u32,
        tiers: n_tiers as u32,
        oversubscription: over as u32,
        agg_oversubscription: agg_over as u32,
        pods: if pods == k { 0 } else { pods as u32 },
        core_bundle: bundle as u32,
        link_gbps: rates[0],
        agg_link_gbps: own(rates[1]),
        core_link_gbps: if n_tiers == 3 { own(rates[2]) } else { 0 },
        link_latency_us: latency_ns as f64 / 1000.0,
    })
}

/// One value of `key` in every tier: SprayLab gives every link one latency.
fn same(tiers: &[TierBlock], key: &str) -> Result<u64, String> {
    let mut seen: Option<(usize, u64)> = None;
    for t in tiers {
        let Some(&v) = t.keys.get(key) else {
            return Err(refuse(t.line, format!("Tier block sets no {key}")));
        };
        if let Some((_, first)) = seen {
            if first != v.1 {
                return Err(refuse(
                    v.0,
                    format!(
                        "{key} {} differs from {first}: SprayLab gives every link one value",
                        v.1
                    ),
                ));
            }
        }
        seen = Some(v);
    }
    Ok(seen.map_or(0, |v| v.1))
}

fn radix(t: &TierBlock, key: &str) -> Result<u64, String> {
    t.keys
        .get(key)
        .map(|v| v.1)
        .ok_or_else(|| refuse(t.line, format!("Tier block sets no {key}")))
}

/// A tier's oversubscription in SprayLab's terms: its `down` ports (k/2) per switch above it
/// (its `Radix_Up` over the `bundle` to each), a whole divisor. Its `Oversubscribed` line, if
/// any, must give the ratio of capacity down to capacity up at the `rates` below and above it.
fn ratio(t: &TierBlock, down: u64, bundle: u64, rates: [u32; 2]) -> Result<u64, String> {
    let up = radix(t, "radix_up")?;
    let line = t.keys["radix_up"].0;
    let above = up / bundle;
    if up % bundle != 0 || above == 0 || down % above != 0 {
        return Err(refuse(
            line,
            format!(
                "Radix_Up {up}: must be the bundle ({bundle}) times a divisor of the {down} ports down \
                 (SprayLab builds whole oversubscription ratios)"
            ),
        ));
    }
    let (cap_down, cap_up) = (down * rates[0] as u64, up * rates[1] as u64);
    if let Some(&(l, said)) = t
        .keys
        .get("oversubscribed")
        .filter(|v| v.1 * cap_up != cap_down)
    {
        return Err(refuse(
            l,
            format!(
                "Oversubscribed {said}: the tier's radices and rates ({down} down at {} Gb/s, \
                 {up} up at {} Gb/s) make it {}",
                rates[0],
                rates[1],
                cap_down as f64 / cap_up as f64
            ),
        ));
    }
    Ok(down / above)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAT_128: &str = "# 3-tier\nNodes 128\nTiers 3\nPodsize 16\n\nTier 0\nOversubscribed 1\nDownlink_speed_Gbps 100\nRadix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\n\nTier 1\nOversubscribed 1\nDownlink_speed_Gbps 100\nRadix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1\n\nTier 2\nDownlink_speed_Gbps 100\nRadix_Down 8\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1";

    fn file(k: u32, tiers: u32, over: u32, agg_over: u32, pods: u32) -> TopoFile {
        TopoFile {
            k,
            tiers,
            oversubscription: over,
            agg_oversubscription: agg_over,
            pods,
            core_bundle: 1,
            link_gbps: 100,
            agg_link_gbps: 0,
            core_link_gbps: 0,
            link_latency_us: 1.0,
        }
    }

    /// The reference's `test.topo`, as it ships.
    const TEST_TOPO: &str = "Nodes 8\nTiers 3\nPodsize 4\n\nTier 0\nDownlink_speed_Gbps 200\nRadix_Down 2\nRadix_Up 2\nDownlink_Latency_ns 1000\n\nTier 1\nDownlink_speed_Gbps 200\nRadix_Down 2\nRadix_Up 4\nDownlink_Latency_ns 1000\nBundle 1\n\nTier 2\nDownlink_speed_Gbps 100\nRadix_Down 4\nDownlink_Latency_ns 1000\nBundle 2\n";

    #[test]
    fn per_tier_rates_and_bundles_to_the_cores_are_read() {
        let want = TopoFile {
            link_gbps: 200,
            core_link_gbps: 100,
            core_bundle: 2,
            ..file(4, 3, 1, 1, 2)
        };
        assert_eq!(parse_topo(TEST_TOPO), Ok(want.clone()));
        let mut t = crate::scenario::Topology::default();
        want.apply(&mut t);
        let f = t.fabric();
        // two pods; two cores per column, each over two links: full bisection
        assert_eq!((f.hosts(), f.tors(), f.aggs(), f.cores()), (8, 4, 4, 4));
        assert_eq!((f.agg_up, f.cores_per_column(), f.radix()[2]), (4, 2, 4));
        assert_eq!(f.gbps, [200, 200, 100]);
        assert_eq!(f.oversubscription(), 1.0);
        // the same tree with the core links at the hosts' rate is 1:2 undersubscribed
        let fast = TEST_TOPO.replace("Downlink_speed_Gbps 100", "Downlink_speed_Gbps 200");
        let mut t = crate::scenario::Topology::default();
        parse_topo(&fast).unwrap().apply(&mut t);
        assert_eq!(t.fabric().oversubscription(), 0.5);
        // a bundle the up-radix does not hold, or a ToR–aggregation bundle, is refused
        let odd = TEST_TOPO.replace("Radix_Up 4", "Radix_Up 3");
        assert!(parse_topo(&odd)
            .unwrap_err()
            .starts_with("line 14: Radix_Up 3: must be the bundle (2) times a divisor"));
        let tor_bundle = TEST_TOPO.replace("Bundle 1", "Bundle 2");
        assert_eq!(
            parse_topo(&tor_bundle).unwrap_err(),
            "line 16: Bundle 2: SprayLab bundles the links to the cores only (tier 2)"
        );
        let down = TEST_TOPO.replace("Radix_Down 4", "Radix_Down 3");
        assert_eq!(
            parse_topo(&down).unwrap_err(),
            "line 20: Radix_Down 3: must be a multiple of the bundle, 2"
        );
        let said = TEST_TOPO.replace("Radix_Up 4\n", "Radix_Up 4\nOversubscribed 2\n");
        assert!(parse_topo(&said)
            .unwrap_err()
            .starts_with("line 15: Oversubscribed 2: the tier's radices and rates (2 down at 200 Gb/s, 4 up at 100 Gb/s) make it 1"));
    }

    #[test]
    fn a_k_ary_fat_tree_file_is_read_as_k_rate_and_latency() {
        assert_eq!(parse_topo(FAT_128), Ok(file(8, 3, 1, 1, 0)));
    }

    #[test]
    fn oversubscribed_and_two_tier_files_are_read() {
        // the reference's fat_tree_128_4os: one up-link per aggregation switch
        let agg = FAT_128
            .replacen("Tier 1\nOversubscribed 1", "Tier 1\nOversubscribed 4", 1)
            .replacen(
                "Radix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1",
                "Radix_Down 4\nRadix_Up 1\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1",
                1,
            );
        assert_eq!(parse_topo(&agg), Ok(file(8, 3, 1, 4, 0)));
        // leaf_spine_tiny: 4 ToRs of 8 hosts, 2 up-links each
        let tiny = "Nodes 32\nTiers 2\nPodsize 32\n\nTier 0\nDownlink_speed_Gbps 100\nRadix_Down 8\nRadix_Up 2\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nOversubscribed 4\n\nTier 1\nDownlink_speed_Gbps 100\nRadix_Down 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\n";
        assert_eq!(parse_topo(tiny), Ok(file(16, 2, 4, 1, 4)));
        let wrong = tiny.replace("Oversubscribed 4", "Oversubscribed 2");
        assert_eq!(
            parse_topo(&wrong).unwrap_err(),
            "line 11: Oversubscribed 2: the tier's radices and rates (8 down at 100 Gb/s, 2 up at 100 Gb/s) make it 4"
        );
        let odd = tiny.replace("Radix_Up 2", "Radix_Up 3");
        assert!(parse_topo(&odd)
            .unwrap_err()
            .starts_with("line 8: Radix_Up 3: must be the bundle (1) times a divisor"));
        let nodes = tiny.replace("Nodes 32", "Nodes 64");
        assert!(parse_topo(&nodes)
            .unwrap_err()
            .starts_with("line 1: Nodes 64: the fabric"));
    }

    #[test]
    fn what_spraylab_cannot_build_is_refused_naming_its_line() {
        let bundle = FAT_128.replacen("Bundle 1", "Bundle 2", 1);
        assert_eq!(
            parse_topo(&bundle).unwrap_err(),
            "line 21: Bundle 2: SprayLab bundles the links to the cores only (tier 2)"
        );
        let latency = FAT_128.replacen("Switch_Latency_ns 0", "Switch_Latency_ns 500", 1);
        assert_eq!(
            parse_topo(&latency).unwrap_err(),
            "line 12: switch_latency_ns 500: SprayLab's switches add no latency"
        );
        let rate = FAT_128.replacen(
            "Downlink_speed_Gbps 100\nRadix_Down 8",
            "Downlink_speed_Gbps 0\nRadix_Down 8",
            1,
        );
        assert_eq!(
            parse_topo(&rate).unwrap_err(),
            "line 24: Downlink_speed_Gbps 0: must be from 1 to 3200"
        );
        let four = FAT_128.replace("Tiers 3", "Tiers 4");
        assert_eq!(
            parse_topo(&four).unwrap_err(),
            "line 3: Tiers 4: SprayLab builds two or three tiers"
        );
        let two = FAT_128.replace("Tiers 3", "Tiers 2");
        assert_eq!(parse_topo(&two).unwrap_err(), "Tiers 2 but 3 Tier blocks");
        let agg_down = FAT_128.replacen(
            "Radix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1",
            "Radix_Down 2\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1",
            1,
        );
        assert!(
            parse_topo(&agg_down)
                .unwrap_err()
                .starts_with("line 17: tier 1 radix_down 2"),
            "{:?}",
            parse_topo(&agg_down)
        );
        assert!(parse_topo("Nodes x")
            .unwrap_err()
            .starts_with("line 1: Nodes must be a whole number"));
        assert!(parse_topo("Radix_Down 4")
            .unwrap_err()
            .contains("before any Tier"));
        assert!(parse_topo("Colour 3").unwrap_err().contains("unknown key"));
    }
}
