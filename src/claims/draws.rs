//! Which figures share each seed's draws. A run draws its workload from its seed: who sends to
//! whom and which flows are the ECMP elephants. Figures built on one preset's workload (the
//! baseline, and its DRR, 16 MiB, failed-link and percentile variants: another scheduler, size,
//! failed links or CCA, the same flows) draw the same flows at a seed, and so share that seed's
//! luck: their cells are compared seed by seed (paired), as cells of one figure are. Figures
//! whose flows differ at a seed (250 hosts, 8 elephants, HSDP) are compared as independent
//! samples (Welch). The grouping is not listed by hand: each figure's runs are built at seeds 1
//! to [`SEEDS`] and their flows compared.

use crate::repro::{Figure, FIGURES};
use crate::scenario::Scenario;
use crate::sim::Simulation;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The seeds whose flows must agree for two figures to share draws.
const SEEDS: u64 = 3;

/// A figure's flows (source, destination, sprayed), seed by seed.
type Flows = Vec<Vec<(u32, u32, bool)>>;

/// Each run's flows (source, destination, sprayed) at seeds 1 to [`SEEDS`]; `None` for the
/// n-path model, which runs once per q.
fn flows(f: &Figure) -> Option<Flows> {
    if f.over_q() {
        return None;
    }
    (1..=SEEDS)
        .map(|seed| {
            let mut s = Scenario::preset(f.preset)?;
            if let Some(alt) = f.alternative {
                (alt.apply)(&mut s);
            }
            s.seed = seed;
            Some(Simulation::new(&s).ok()?.flow_endpoints())
        })
        .collect()
}

/// Every figure → the first figure, in [`FIGURES`]' order, that draws the same flows.
fn groups() -> &'static BTreeMap<&'static str, &'static str> {
    static GROUPS: OnceLock<BTreeMap<&'static str, &'static str>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut seen: Vec<(Flows, &'static str)> = Vec::new();
        let mut groups = BTreeMap::new();
        for f in FIGURES {
            let first = match flows(f) {
                Some(fl) => match seen.iter().find(|(other, _)| *other == fl) {
                    Some((_, first)) => first,
                    None => {
                        seen.push((fl, f.name));
                        f.name
                    }
                },
                None => f.name,
            };
            groups.insert(f.name, first);
        }
        groups
    })
}

/// The group of figures sharing `figure`'s draws, named by its first figure; a figure the
/// grid does not know is a group of its own.
pub fn group(figure: &str) -> &str {
    groups().get(figure).copied().unwrap_or(figure)
}

/// The paper's figures (not the alternatives) that share draws, by group, for the report.
pub fn shared() -> Vec<Vec<&'static str>> {
    let mut by: BTreeMap<&str, Vec<&'static str>> = BTreeMap::new();
    for f in FIGURES.iter().filter(|f| f.alternative.is_none()) {
        by.entry(group(f.name)).or_default().push(f.name);
    }
    let mut v: Vec<Vec<&'static str>> = by.into_values().filter(|g| g.len() > 1).collect();
    for g in &mut v {
        g.dedup();
    }
    v.retain(|g| g.len() > 1);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_baselines_variants_share_its_draws_and_other_workloads_do_not() {
        for same in ["drr", "size16mib", "failures", "percentiles"] {
            assert_eq!(group(same), "baseline", "{same}");
        }
        for other in ["hosts250", "elephants8", "hsdp", "permutation", "incast"] {
            assert_ne!(group(other), "baseline", "{other}");
        }
        assert_eq!(group("theory"), "theory");
    }
}
