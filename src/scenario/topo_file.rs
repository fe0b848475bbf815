//! htsim's topology files (`-topo FILE`), read as far as SprayLab's fabric can build them.
//!
//! A file names the hosts (`Nodes N`), the tiers (`Tiers 2|3`), the hosts under one pod
//! (`Podsize P`), then one block per tier (`Tier T`) with its downlinks' rate and latency
//! (`Downlink_speed_Gbps`, `Downlink_Latency_ns`), the switches' latency (`Switch_Latency_ns`),
//! their ports down and up (`Radix_Down`, `Radix_Up`), the ratio of down to up capacity
//! (`Oversubscribed`) and the links per switch pair (`Bundle`). Lines starting `#` are comments.
//!
//! SprayLab builds the k-ary three-tier fat-tree: a file that describes one (three tiers, each
//! ToR and aggregation switch with k/2 ports down and k/2 up, cores with k ports down, pods of
//! k²/4 hosts, k³/4 hosts, one rate and one latency everywhere, no oversubscription, bundles of
//! one, no switch latency) is read as `topology.k`, `topology.link_gbps` and
//! `topology.link_latency_us`. Any other is refused naming the line and what SprayLab cannot
//! build, not approximated.

use std::collections::BTreeMap;

/// The most bytes a topology file may have (htsim's are under 1 KB).
pub const MAX_TOPO_BYTES: usize = 64 * 1024;

/// What a topology file sets.
#[derive(Clone, Debug, PartialEq)]
pub struct TopoFile {
    pub k: u32,
    pub link_gbps: u32,
    pub link_latency_us: f64,
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

/// The k-ary fat-tree the file describes, or why it is not one.
fn fat_tree(top: &BTreeMap<String, (usize, u64)>, tiers: &[TierBlock]) -> Result<TopoFile, String> {
    let get = |k: &str| {
        top.get(k)
            .copied()
            .ok_or_else(|| format!("the file sets no {k}"))
    };
    let (tl, n_tiers) = get("tiers")?;
    if n_tiers != 3 {
        return Err(refuse(
            tl,
            format!("Tiers {n_tiers}: SprayLab builds three-tier fat-trees only"),
        ));
    }
    if tiers.len() != 3 {
        return Err(format!("Tiers 3 but {} Tier blocks", tiers.len()));
    }
    // one value everywhere for the rate and latency, and none of what SprayLab does not model
    let same = |key: &str| -> Result<u64, String> {
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
    };
    let gbps = same("downlink_speed_gbps")?;
    let latency_ns = same("downlink_latency_ns")?;
    for (key, model) in [
        ("oversubscribed", 1),
        ("bundle", 1),
        ("switch_latency_ns", 0),
    ] {
        for t in tiers {
            if let Some(&(line, v)) = t.keys.get(key).filter(|v| v.1 != model) {
                return Err(refuse(
                    line,
                    format!("{key} {v}: SprayLab builds {key} {model} only"),
                ));
            }
        }
    }
    let radix = |t: &TierBlock, key: &str| -> Result<u64, String> {
        t.keys
            .get(key)
            .map(|v| v.1)
            .ok_or_else(|| refuse(t.line, format!("Tier block sets no {key}")))
    };
    let half = radix(&tiers[0], "radix_down")?;
    let k = half.saturating_mul(2);
    if !(4..=32).contains(&k) {
        return Err(refuse(
            tiers[0].line,
            format!("Radix_Down {half}: k = {k} must be from 4 to 32"),
        ));
    }
    for (t, key, want) in [
        (0, "radix_up", half),
        (1, "radix_down", half),
        (1, "radix_up", half),
        (2, "radix_down", k),
    ] {
        let got = radix(&tiers[t], key)?;
        if got != want {
            let at = tiers[t].keys[key].0;
            return Err(refuse(at, format!(
                "tier {t} {key} {got}: a k-ary fat-tree with {half} ports down at tier 0 has {want} (SprayLab builds those only)"
            )));
        }
    }
    let (nl, nodes) = get("nodes")?;
    if nodes != k * k * k / 4 {
        return Err(refuse(
            nl,
            format!(
                "Nodes {nodes}: the k = {k} fat-tree has {} hosts",
                k * k * k / 4
            ),
        ));
    }
    if let Ok((pl, pod)) = get("podsize") {
        if pod != k * k / 4 {
            return Err(refuse(
                pl,
                format!(
                    "Podsize {pod}: the k = {k} fat-tree's pods hold {}",
                    k * k / 4
                ),
            ));
        }
    }
    let link_gbps =
        u32::try_from(gbps).map_err(|_| format!("Downlink_speed_Gbps {gbps} is too large"))?;
    Ok(TopoFile {
        k: k as u32,
        link_gbps,
        link_latency_us: latency_ns as f64 / 1000.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAT_128: &str = "# 3-tier\nNodes 128\nTiers 3\nPodsize 16\n\nTier 0\nOversubscribed 1\nDownlink_speed_Gbps 100\nRadix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\n\nTier 1\nOversubscribed 1\nDownlink_speed_Gbps 100\nRadix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1\n\nTier 2\nDownlink_speed_Gbps 100\nRadix_Down 8\nDownlink_Latency_ns 1000\nSwitch_Latency_ns 0\nBundle 1";

    #[test]
    fn a_k_ary_fat_tree_file_is_read_as_k_rate_and_latency() {
        assert_eq!(
            parse_topo(FAT_128),
            Ok(TopoFile {
                k: 8,
                link_gbps: 100,
                link_latency_us: 1.0
            })
        );
    }

    #[test]
    fn what_spraylab_cannot_build_is_refused_naming_its_line() {
        let os = FAT_128.replacen("Tier 1\nOversubscribed 1", "Tier 1\nOversubscribed 4", 1);
        assert_eq!(
            parse_topo(&os).unwrap_err(),
            "line 15: oversubscribed 4: SprayLab builds oversubscribed 1 only"
        );
        let two = FAT_128.replace("Tiers 3", "Tiers 2");
        assert_eq!(
            parse_topo(&two).unwrap_err(),
            "line 3: Tiers 2: SprayLab builds three-tier fat-trees only"
        );
        let radix =
            FAT_128
                .replacen("Radix_Up 4", "Radix_Up 1", 2)
                .replacen("Radix_Up 1", "Radix_Up 4", 1);
        assert!(
            parse_topo(&radix)
                .unwrap_err()
                .starts_with("line 18: tier 1 radix_up 1"),
            "{:?}",
            parse_topo(&radix)
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
